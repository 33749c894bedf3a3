"""Computer players for Paskahousu.

Both players decide on ranks only (suits never matter in the standard rules) through
two small functions, :func:`heuristic_option` and :func:`random_option`, which the
fast simulation calls too — so a simulated game and the same game played with
:class:`~paternoster.paskahousu.PaskahousuGame` are the same game.

**HeuristicPlayer**, exactly (kit; built on the tips of Paskahousu rules §10):

1. The opening lay is forced.
2. Look at the legal plays, always playing *every* card of the chosen rank.
   A play *burns* if the table says so (a 10 on 3–9, an ace on a face card) or it
   makes four of a kind on top.
3. Burn if four of a kind can be completed (it sheds cards for free); burn with a
   10 or an ace when the discard pile is *tempting* — 5 cards or more, or at least
   2 cards from J up (J, Q, K, A, 2) — ('Kippen statt füttern'); the lowest burning rank first.
4. Otherwise play the lowest legal rank that does not burn, except 2s while the
   draw pile lasts ('Heb deine 2er auf').
5. Otherwise burn if it can (it then moves again), else play its 2s once the draw pile is gone.
6. Otherwise try its luck while the draw pile lasts ('Versuch dein Glück'); else pick up.

**RandomPlayer**: a uniformly random legal action (every count of every rank, pick up,
try your luck), from ``numpy.random.default_rng(seed)``.

**Under house rules** (Paskahousu rules §11, §12.1) both choose only among the moves the rules allow
(the game's legal actions), so no house rule needs a special case; what that means for the heuristic player:

* Nur einzeln: where a kind may be laid only one at a time, it lays one card of it.
* Fester Anfang: the opener lays all its 3s; if nobody holds a 3, it opens as on any empty table, and
  where that would be no opening lay (only 2s, kept while the draw pile lasts) it lays its lowest kind.
* 10 und Ass auf dem leeren Tisch: a 10 or an ace that must be picked up is picked up; under option B
  a 10 or an ace on the empty table is a burn like any other.
* Leerer Tisch: holding only cards that may not open the pile, it tries its luck while the draw pile
  lasts, else lays its lowest kind (the ban yields).
* Nur Schwarze zählen: it goes through its kinds from low to high — a red 2 first, red 10s and red aces
  in their places; only black 10s and aces burn, and black 2s are the 2s it keeps.
* Zwei Blätter: four of a kind does not burn, so it no longer completes it on purpose.
* Ruotsalainen: no draw pile, so it never keeps its 2s back and never tries its luck.

The random player draws once among Fester Anfang's opening lays when there are several (a single forced
opening lay takes no draw, so standard games are unchanged).

**Pöytäpaska** (table cards, Paskahousu rules §11.10).  The heuristic player plays its hand as above.
Once hand and draw pile are empty it treats its face-up table cards as its hand: the same steps 2–6
(so the lowest legal rank, burns when worth it, 2s, else it picks up).  With only face-down cards left
it turns the first one over (slot 0) — it never picks up instead, since the blind card may be playable.
*Loop breaker*: once the draw pile is gone, whenever it is about to lay its 2s on a discard pile of at
most :data:`SMALL_PILE` (2) cards, it keeps them and picks the pile up instead with probability
:data:`KEEP_TWOS_CHANCE` (draw, from its own ``rng``).  Without it, hands that can answer each other
only with 2s (the 10s and aces locked on the table) pass the same 2s back and forth until the turn cap
(27 % of 2-player, 12 % of 3-player games); with it about 1 % and 2 %.  Only Pöytäpaska uses it, so the
standard game and the fast simulation are unchanged.
The random player picks uniformly among the legal actions (every face-up play, every face-down slot,
pick up).

**Valepaska** (bluff, Paskahousu rules §11.12).  The heuristic player takes the announced ranks as the
truth and uses a seeded random number generator, ``numpy.random.default_rng(seed)``, drawing exactly one
number per decision below that says "draw":

* *Announcing.*  It works out what steps 2–6 would do on the announced top.  If that is a play, it
  announces it honestly (the same cards, their real rank).  If it would try its luck or pick up, it
  is stuck: it bluffs with probability :data:`BLUFF_CHANCE` (draw) — one card, its lowest card, announced
  as the lowest rank it may announce that does not burn the pile (else the lowest that does), leaving
  out ranks it could not believably have (the cards of that rank it can see — its hand and the pile's
  cards it knows — already make all copies).  Otherwise, or when no rank fits, it does what steps 5–6 say.
* *Checking.*  When another player announces n cards of a rank, it counts the cards of that rank it
  can account for elsewhere: in its hand and among the pile's cards it has seen (laid face up, or laid by
  itself).  If those and the n announced are more than the copies of the rank in the deck, the
  announcement must be a lie and it checks (no draw).  Otherwise it checks with the small probability
  :data:`CHECK_CHANCE` (draw) and else lets it pass.

The random player chooses uniformly among the legal actions: every honest announcement and the kit's
lie for each announced rank and count (:meth:`~paternoster.paskahousu.PaskahousuGame.options`), pick up,
try your luck; in a check window check or let pass, half and half.

>>> from paternoster.paskahousu import PaskahousuGame
>>> g = PaskahousuGame.from_position(["5♠ 5♥ 9♣ 2♦ 10♥", "3♦ 4♦ 4♣"], pile="4♠", draw_pile="7♣")
>>> HeuristicPlayer().choose(g)
PlayCards(cards=(Card('5♥'), Card('5♠')))
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.checks import MAX_SEED, short, whole
from .actions import Action, PickUp, PlayCards, TryYourLuck
from .game import PaskahousuGame
from .options import PICK_UP, PLAY, TRY_YOUR_LUCK, legal_options
from .ranks import BURNS, KIND_LEVEL, KIND_ORDER, NO, SJ, S2, strength
from . import bluff as bluff_rules
from . import table_cards as table_rules

__all__ = ["HeuristicPlayer", "RandomPlayer", "heuristic_option", "heuristic_opening", "random_option", "make_player",
           "TEMPTING_SIZE", "TEMPTING_HIGH", "BLUFF_CHANCE", "CHECK_CHANCE", "SMALL_PILE", "KEEP_TWOS_CHANCE", "heuristic_announcement",
           "heuristic_checks", "stuck_announcement", "tempting"]

#: A pile this big (cards) is tempting: the heuristic player burns it if it can.
TEMPTING_SIZE = 5
#: … or a pile with this many cards from J up.
TEMPTING_HIGH = 2
#: Valepaska: the chance that the heuristic player bluffs when it has no honest play it wants.
BLUFF_CHANCE = 0.5
#: Valepaska: the chance that the heuristic player checks an announcement it cannot prove false.
CHECK_CHANCE = 0.1


def tempting(pile: Sequence[int]) -> bool:
    """Whether the heuristic player burns ``pile`` (its kinds) when it can: 5 cards or more, or 2 from J up."""
    if len(pile) >= TEMPTING_SIZE:
        return True
    high = 0
    for s in pile:
        if KIND_LEVEL[s] >= SJ:
            high += 1
    return high >= TEMPTING_HIGH


_ORDER13 = tuple(range(13))


def _low_to_high(k: int) -> Sequence[int]:
    """The kinds of a hand from the lowest to the highest: strengths 0…12, or under Nur Schwarze zählen
    the red 2 first and the plain red 10 and ace just below the special ones (Paskahousu rules §11.8)."""
    return _ORDER13 if k == 13 else KIND_ORDER


#: Pöytäpaska's loop breaker (Paskahousu rules §12.1): with the draw pile gone, the heuristic player about to lay
#: its 2s on a discard pile of at most SMALL_PILE cards picks the pile up instead with chance KEEP_TWOS_CHANCE.
SMALL_PILE = 2
KEEP_TWOS_CHANCE = 0.5


def heuristic_option(counts: Sequence[int], table: Sequence[Sequence[int]], top: int, run: int,
                     pile: Sequence[int], draw: int, limits: Sequence[int] | None = None,
                     four_burns: bool = True) -> tuple[int, int, int]:
    """The heuristic player's choice as ``(kind, kind of card, count)`` (see the module doc).

    Args:
        counts: the hand's cards per kind (13 numbers; 16 under Nur Schwarze zählen).
        table: acceptance table rows; top: top kind (−1 = empty table); run: cards of the top kind on top.
        pile: kinds of the discard pile; draw: cards in the draw pile.
        limits: the most cards of each kind one play may lay (Nur einzeln; ``None``: no limit).
        four_burns: four of a kind burns (``False`` under Zwei Blätter).
    """
    row = table[top + 1]
    ordinary = burn = four = -1
    for s in (_ORDER13 if len(counts) == 13 else KIND_ORDER):  # _low_to_high, inlined: called every turn
        n = counts[s]
        if not n or not row[s]:
            continue
        if limits is not None and n > limits[s]:
            n = limits[s]
        if row[s] == BURNS:
            if burn < 0:
                burn = s
        elif four_burns and (run + n if s == top else n) >= 4:
            if four < 0:
                four = s
        elif s == S2 and draw:
            continue
        elif ordinary < 0:
            ordinary = s
    pick = four  # completing four of a kind first
    if pick < 0 and burn >= 0 and (ordinary < 0 or tempting(pile)):
        pick = burn
    if pick < 0:
        pick = ordinary
    if pick >= 0:
        n = counts[pick]
        return PLAY, pick, (n if limits is None or n <= limits[pick] else limits[pick])
    if draw and (not pile or any(row)):  # a 10 or an ace that must be picked up: no luck to try (§11.6)
        return TRY_YOUR_LUCK, -1, 0
    if row[S2] and counts[S2]:
        n = counts[S2]
        return PLAY, S2, (n if limits is None or n <= limits[S2] else limits[S2])
    if pile:
        return PICK_UP, -1, 0
    # The empty table and only cards Leerer Tisch bans: the ban yields (Paskahousu rules §11.7), lowest first.
    for s in _low_to_high(len(counts)):
        if counts[s]:
            n = counts[s]
            return PLAY, s, (n if limits is None or n <= limits[s] else limits[s])
    return PICK_UP, -1, 0  # no cards: never asked (a player without cards does not move)


def heuristic_opening(options: Sequence[tuple[int, int, int]], counts: Sequence[int],
                      table: Sequence[Sequence[int]], draw: int, limits: Sequence[int] | None = None,
                      four_burns: bool = True) -> tuple[int, int, int]:
    """The heuristic player's opening lay among ``options`` (``(PLAY, kind, count)`` each).

    One option (the standard opening, Paskahousu rules §4.4): that one.  Under Fester Anfang (Paskahousu
    rules §11.3): all its 3s; if nobody held a 3, it opens as on any empty table (:func:`heuristic_option`),
    and where that is no opening lay (it would try its luck to keep its 2s) it lays its lowest kind, all of it.
    """
    if len(options) == 1:
        return options[0]
    kinds = {s for _, s, _ in options}
    if len(kinds) == 1:
        return max(options, key=lambda o: o[2])
    choice = heuristic_option(counts, table, -1, 0, (), draw, limits, four_burns)
    if choice in options:
        return choice
    low = next(s for s in _low_to_high(len(counts)) if s in kinds)
    return max((o for o in options if o[1] == low), key=lambda o: o[2])


def heuristic_announcement(rng: np.random.Generator, counts: Sequence[int], table: Sequence[Sequence[int]], top: int,
                           run: int, pile: Sequence[int], draw: int, seen: Sequence[int],
                           most: int) -> tuple[int, int, int]:
    """The heuristic player's Valepaska move as an option ``(kind, strength, count)`` (see the module doc).

    Args:
        rng: the player's generator (one ``rng.random()`` draw only when it is stuck and may bluff).
        counts: the hand's cards per strength; table: acceptance rows; top, run: the *announced* top and run.
        pile: the announced strengths of the pile's cards (for "tempting"); draw: cards in the draw pile.
        seen: per strength, the cards the player can see — its hand and the pile's cards it knows.
        most: copies of a rank in the deck (the most one announcement may name).

    Returns:
        ``(ANNOUNCE, s, n)`` (honest), ``(LIE, s, 1)`` (a bluff laying its lowest card),
        ``(TRY_YOUR_LUCK, -1, 0)`` or ``(PICK_UP, -1, 0)``.
    """
    kind, s, n = heuristic_option(counts, table, top, run, pile, draw)
    if kind == PLAY:
        return bluff_rules.ANNOUNCE, s, n
    return stuck_announcement(rng, counts, table, top, run, seen, most, (kind, s, n))


def stuck_announcement(rng: np.random.Generator, counts: Sequence[int], table: Sequence[Sequence[int]], top: int,
                       run: int, seen: Sequence[int], most: int, honest: tuple[int, int, int]) -> tuple[int, int, int]:
    """:func:`heuristic_announcement` when the honest choice ``honest`` lays nothing (try your luck or pick up):
    that, or a bluff (one ``rng.random()`` draw when a bluff is possible)."""
    kind, s, n = honest
    row = table[top + 1]
    total = sum(counts)
    fits = [r for r in range(13) if row[r] != NO and total - counts[r] >= 1 and seen[r] + 1 <= most]
    if not fits or rng.random() >= BLUFF_CHANCE:
        return kind, s, n
    calm = [r for r in fits if row[r] != BURNS and not (r == top and run + 1 >= 4 and most == 4)]
    return bluff_rules.LIE, (calm or fits)[0], 1


def heuristic_checks(rng: np.random.Generator, announced: int, count: int, seen: int, most: int) -> bool:
    """Whether the heuristic player checks an announcement of ``count`` cards of strength ``announced``
    (Valepaska; see the module doc).

    Args:
        rng: the player's generator (one ``rng.random()`` draw unless the announcement is surely a lie).
        seen: cards of the announced rank the player can account for elsewhere (hand, known pile cards).
        most: copies of a rank in the deck.
    """
    if seen + count > most:
        return True
    return bool(rng.random() < CHECK_CHANCE)


def random_option(rng: np.random.Generator, counts: Sequence[int], row: Sequence[int], pile: int,
                  draw: int, limits: Sequence[int] | None = None) -> tuple[int, int, int]:
    """A uniformly random entry of :func:`~paternoster.paskahousu.legal_options` (one ``rng.random()`` draw)."""
    opts = legal_options(counts, row, pile, draw, limits)
    return opts[int(rng.random() * len(opts))]


def _state(game: PaskahousuGame) -> tuple[list[int], int, int, list[int]]:
    counts = [0] * len(game.play_limits)
    for c in game.hand:
        counts[game.kind(c)] += 1
    pile = [game.kind(c) for c in game.pile]
    top, run = game.top_run()
    return counts, top, run, pile


def _to_action(game: PaskahousuGame, option: tuple[int, int, int]) -> Action:
    kind, s, n = option
    if kind == PICK_UP:
        return PickUp()
    if kind == TRY_YOUR_LUCK:
        return TryYourLuck()
    return PlayCards(tuple(sorted(c for c in game.hand if game.kind(c) == s)[:n]))


def _opening_options(game: PaskahousuGame) -> list[tuple[int, int, int]]:
    return [(PLAY, game.kind(a.cards[0]), len(a.cards)) for a in game.opening_choices]


def _check_game(game: Any) -> None:
    if not isinstance(game, PaskahousuGame):
        raise ArgumentTypeError(f"A Paskahousu player needs a PaskahousuGame, not {type(game).__name__}.")
    if game.is_terminal():
        raise ArgumentError("The game is over: a computer player has nothing to choose.")


class HeuristicPlayer:
    """Plays low, keeps its 2s while the draw pile lasts, burns tempting piles, tries its luck rather than
    picking up (exact policy in the module doc).

    Args:
        seed: seeds ``numpy.random.default_rng`` for Valepaska's bluffs and checks and Pöytäpaska's loop
            breaker (the only random decisions; every other game is played without it), so the same seed and
            game give the same moves.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ArgumentError)
        self.rng = np.random.default_rng(self.seed)

    def choose(self, game: PaskahousuGame) -> Action:
        """The action this player takes now for the player to move in ``game`` (always legal).

        Raises:
            TypeError: not a PaskahousuGame; ValueError: the game is over.
        """
        _check_game(game)
        four = game.rules.decks == 1
        if game.opening is not None:
            choices = game.opening_choices
            if len(choices) == 1:
                return choices[0]
            counts, _, _, _ = _state(game)
            opts = _opening_options(game)
            return choices[opts.index(heuristic_opening(opts, counts, game.acceptance_rows, len(game.draw_pile),
                                                        game.play_limits, four))]
        if game.bluff:
            return self._bluff(game)
        if game.table_cards and game.phase() != table_rules.HAND:
            return self._table(game)
        counts, top, run, pile = _state(game)
        option = heuristic_option(counts, game.acceptance_rows, top, run, pile, len(game.draw_pile),
                                  game.play_limits, four)
        if game.table_cards:
            option = self._break_loop(option, len(pile), len(game.draw_pile))
        return _to_action(game, option)

    def _break_loop(self, option: tuple[int, int, int], pile: int, draw: int) -> tuple[int, int, int]:
        """Pöytäpaska's loop breaker (Paskahousu rules §12.1): with the draw pile gone, 2s about to be laid on a
        discard pile of at most :data:`SMALL_PILE` cards are kept, and the pile picked up instead, with
        probability :data:`KEEP_TWOS_CHANCE` (one ``rng.random()`` draw, only in that case)."""
        if (option[0] == PLAY and option[1] == S2 and not draw and 0 < pile <= SMALL_PILE
                and self.rng.random() < KEEP_TWOS_CHANCE):
            return PICK_UP, -1, 0
        return option

    @staticmethod
    def _fit(game: PaskahousuGame, option: tuple[int, int, int]) -> Action:
        """The action of ``option``, kept legal under the other house rules: a play or an honest announcement of
        more cards than Nur einzeln allows lays fewer; a move those rules refuse (try your luck on a 10 or an ace
        that must be picked up) becomes picking up."""
        options = game.options()
        if option in options:
            return game.option_action(option)
        kind, s, n = option
        fewer = [o for o in options if o[0] == kind and o[1] == s and o[2] < n]
        if kind in (PLAY, bluff_rules.ANNOUNCE) and fewer:
            return game.option_action(fewer[-1])
        return game.option_action((PICK_UP, -1, 0) if (PICK_UP, -1, 0) in options else options[0])

    def _table(self, game: PaskahousuGame) -> Action:
        """Pöytäpaska once hand and draw pile are empty: face-up cards as a hand, then the first face-down card."""
        seat = game.to_move
        if game.phase() == table_rules.FACE_DOWN:
            return self._fit(game, (table_rules.TURN, 0, 0))
        counts = [0] * len(game.acceptance_rows[0])
        for c in game.face_up[seat]:
            counts[game.kind(c)] += 1
        top, run = game.top_run()
        pile = [game.kind(c) for c in game.pile]
        option = heuristic_option(counts, game.acceptance_rows, top, run, pile, 0, game.play_limits,
                                  game.rules.decks == 1)
        return self._fit(game, self._break_loop(option, len(pile), 0))

    def _bluff(self, game: PaskahousuGame) -> Action:
        """Valepaska: check or let pass in a check window, else announce (honestly, or a bluff when stuck)."""
        seat, st = game.to_move, game.bluff_state
        most = bluff_rules.copies_per_rank(game.rules.decks)
        seen = table_rules.counts_of([strength(c) for c in game.hand]
                                     + bluff_rules.visible_strengths(game.pile, st.announced, seat))
        pending = st.pending
        if pending is not None:
            s = strength(pending.rank)
            checks = heuristic_checks(self.rng, s, pending.count, seen[s], most)
            return game.option_action((bluff_rules.CHECK if checks else bluff_rules.LET_PASS, seat, 0))
        counts = table_rules.counts_of([strength(c) for c in game.hand])
        top, run = game.top_run()
        pile = [strength(a.rank) for a in st.announced for _ in range(a.count)]
        return self._fit(game, heuristic_announcement(self.rng, counts, game.acceptance_rows, top, run, pile,
                                                      len(game.draw_pile), seen, most))

    def __repr__(self) -> str:
        return f"HeuristicPlayer(seed={self.seed})"


class RandomPlayer:
    """Chooses a uniformly random legal action (every count of every legal rank, pick up, try your luck).

    Args:
        seed: a whole number ≥ 0 (a numpy integer scalar too), or a list of 1–8 of them; seeds ``numpy.random.default_rng``; the
            same seed and game give the same choices.

    Raises:
        ValueError: ``seed`` is not a whole number ≥ 0 (the kit's message, not numpy's).
    """

    name = "random"

    def __init__(self, seed: int | Sequence[int] = 0) -> None:
        if isinstance(seed, (list, tuple)) and 1 <= len(seed) <= 8:
            entropy: Any = [whole(s, "seed (each number of a seed list)", lo=0, hi=MAX_SEED, error=ArgumentError) for s in seed]
        else:
            entropy = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ArgumentError)
        self.seed = seed
        self.rng = np.random.default_rng(entropy)

    def choose(self, game: PaskahousuGame) -> Action:
        """A random legal action for the player to move (the opening lay needs no draw).

        Raises:
            TypeError: not a PaskahousuGame; ValueError: the game is over.
        """
        _check_game(game)
        if game.opening is not None:
            choices = game.opening_choices  # one forced lay needs no draw; Fester Anfang's choice does
            return choices[0] if len(choices) == 1 else choices[int(self.rng.random() * len(choices))]
        if game.bluff or (game.table_cards and game.phase() != table_rules.HAND):
            opts = game.options()
            return game.option_action(opts[int(self.rng.random() * len(opts))])
        counts, top, _, _ = _state(game)
        return _to_action(game, random_option(self.rng, counts, game.acceptance_rows[top + 1], len(game.pile),
                                              len(game.draw_pile), game.play_limits))

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"


def is_player(obj: Any) -> bool:
    """Whether ``obj`` is a player object: an instance with a callable ``choose`` — not text, not a
    class, and not a numpy value (numpy scalars and arrays have an unrelated ``choose`` method)."""
    return (not isinstance(obj, (str, bytes, type, np.generic, np.ndarray))
            and callable(getattr(obj, "choose", None)))


def make_player(strategy: Any, seed: Any = 0) -> Any:
    """A player from a name (``"heuristic"`` or ``"random"``) or an object with ``choose(game)`` (returned as is).

    Raises:
        ValueError: an unknown strategy name; TypeError: neither a name nor a player (a number, a
            numpy value, a class instead of an instance without a callable ``choose``).
    """
    if not isinstance(strategy, str):
        if not is_player(strategy):
            raise ArgumentTypeError(f"A strategy is 'heuristic', 'random' or a player object with a choose(game) method, "
                            f"not {short(strategy)} ({type(strategy).__name__}).")
        return strategy
    if strategy == "heuristic":
        return HeuristicPlayer()
    if strategy == "random":
        return RandomPlayer(seed)
    raise ArgumentError(f"Unknown strategy {short(strategy)}: use 'heuristic', 'random' or a player with a choose(game) method.")
