"""A game of Paskahousu: deal, who starts, the three moves, burns, going out, the loser.

The state follows OpenSpiel's shape — :meth:`PaskahousuGame.legal_actions`,
:meth:`~PaskahousuGame.apply_action`, :meth:`~PaskahousuGame.is_terminal`,
:meth:`~PaskahousuGame.returns` — with friendlier names for lessons
(:meth:`~PaskahousuGame.play`, :meth:`~PaskahousuGame.pick_up`,
:meth:`~PaskahousuGame.try_your_luck`, :meth:`~PaskahousuGame.why_not`).

The rule book's first worked example (Paskahousu rules §5.6): on 6♣ Anna plays two 8s; Ben
cannot beat them and tries his luck::

    >>> g = PaskahousuGame.from_position(["8♥ 8♠ J♦ Q♦ K♦", "3♦ 4♠ 5♥ 5♣ 7♥", "6♦ 6♥ 7♠ 7♦ 9♥"],
    ...                                  pile="6♣", draw_pile="J♣ 3♠ 9♦ 4♥ 5♦", names=["Anna", "Ben", "Carla"])
    >>> g.play("8♥ 8♠")
    ['Turn 1: Anna plays 8♥ 8♠ on 6♣.', 'Anna draws 2 cards (3 left in the draw pile).']
    >>> g.legal_actions()      # Ben: nothing reaches the 8s
    [PickUp(), TryYourLuck()]
    >>> g.try_your_luck()
    ['Turn 2: Ben chooses try your luck and turns over 9♦ from the draw pile: it may go on 8♠, so it is played.']
    >>> len(g.hands[1]), g.pile[-1], g.names[g.to_move]
    (5, Card('9♦'), 'Carla')

Turns: every action is one turn, so a burner's extra move is the next turn
(**Decision**, kit).  ``turn`` is the number of the turn about to be played.
"""

from __future__ import annotations

import copy
import html
from collections import Counter
from typing import Any, Iterable, Sequence

import numpy as np

from ..core.checks import MAX_SEED, MAX_TURN, check_bool, check_names, plural, short, whole
from ..core.base import GameBase
from ..core.cards import Card, cards_html, full_deck
from ..core.errors import CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError, RulesError
from ..core.records import parse_record
from ..core.refusal import Refusal, cards_field
from .actions import (Action, Announce, CheckAnnouncement, LegalPlay, LetPass, PaskahousuResult, PickUp, PlayCards,
                      TryYourLuck, TurnTableCard, action_from_json, rank_label, record_cards)
from . import bluff as bluff_rules
from . import table_cards as table_rules
from .bluff import Announcement, BluffState
from .ranks import (BURNS, KIND_LEVEL, NO, RANK_ORDER, S3, S9, STRENGTH_OF_RUNG, accept_verdict,
                    acceptance_lists, kind_count, kind_of_rung, kind_word, play_limits, play_verdict, rank_word, strength,
                    who_starts)
from .rules import STANDARD_HOUSE_RULES, HouseRules
from . import rule_ids

__all__ = ["PlayCards", "PickUp", "TryYourLuck", "TurnTableCard", "Announce", "CheckAnnouncement", "LetPass", "Action", "PaskahousuResult", "PaskahousuGame", "Refusal",
           "action_from_json", "deal", "legal_options", "next_holder", "PLAY", "PICK_UP", "TRY_YOUR_LUCK"]

#: Kinds of :func:`legal_options` entries (the computer players' and the simulation's action code).
PLAY, PICK_UP, TRY_YOUR_LUCK = 0, 1, 2


# --------------------------------------------------------------------------- shared rule functions
# The game below and the simulation's lean loop (simulation.py) both call these, so each rule lives once.

def deal(players: int, seed: int, dealer: int, hand_size: int, *, decks: int = 1,
         deal_all: bool = False) -> tuple[list[list[int]], list[int]]:
    """Shuffle one 52-card deck (two under Zwei Blätter) with ``seed`` and deal (Paskahousu rules §3.2, §11).

    Cards are dealt 2, 2, 1 (for hands of five; larger hands: more rounds of 2, then the
    rest) to each player clockwise from the dealer's left; the rest is the draw pile.
    **Decision** (kit): the deck in rung order (A♦ … K♣) is shuffled with
    ``numpy.random.default_rng(seed).permutation(52)``; two decks (Paskahousu rules §11.9) with
    ``permutation(104)``, position ``i`` holding the card on rung ``i % 52``.  Ruotsalainen
    (``deal_all``, Paskahousu rules §11.11): every card is dealt, one at a time clockwise from the
    dealer's left, so the first hands may hold one card more; the draw pile is empty.

    Returns:
        ``(hands, draw_pile)`` as rungs (``Card.from_rung``), the draw pile's top first.

    >>> hands, draw = deal(4, seed=0, dealer=0, hand_size=5)
    >>> [len(h) for h in hands], len(draw)
    ([5, 5, 5, 5], 32)
    >>> [len(h) for h in deal(3, seed=0, dealer=0, hand_size=5, deal_all=True)[0]]
    [17, 18, 17]
    """
    if decks == 1:
        order = np.random.default_rng(seed).permutation(52).tolist()
    else:
        order = [x % 52 for x in np.random.default_rng(seed).permutation(52 * decks).tolist()]
    hands: list[list[int]] = [[] for _ in range(players)]
    if deal_all:
        for i, rung in enumerate(order):
            hands[(dealer + 1 + i) % players].append(rung)
        return hands, []
    k, left = 0, hand_size
    while left:
        take = 2 if left >= 2 else 1
        for i in range(1, players + 1):
            hands[(dealer + i) % players].extend(order[k:k + take])
            k += take
        left -= take
    return hands, order[k:]


def next_holder(sizes: Sequence[int], seat: int) -> int:
    """The next seat clockwise after ``seat`` whose hand size is not 0 (``seat`` itself if none)."""
    players = len(sizes)
    for k in range(1, players):
        p = (seat + k) % players
        if sizes[p]:
            return p
    return seat


def legal_options(counts: Sequence[int], row: Sequence[int], pile: int, draw: int,
                  limits: Sequence[int] | None = None) -> list[tuple[int, int, int]]:
    """Every legal action as ``(kind, strength, count)`` — the order every player and the game use.

    Args:
        counts: cards of each kind in the hand (13 numbers; 16 under Nur Schwarze zählen).
        row: the acceptance-table row of the top card (row 0 = empty table).
        pile, draw: cards in the discard pile and in the draw pile.
        limits: the most cards of each kind one play may lay (:func:`~paternoster.paskahousu.ranks.play_limits`;
            ``None``: no limit).

    Returns:
        plays ``(PLAY, s, n)`` by kind, then count 1 … held (at most the limit); then ``(PICK_UP, -1, 0)``
        if the pile has cards; then ``(TRY_YOUR_LUCK, -1, 0)`` if the draw pile has cards and something
        may be played on the top card.  Two house-rule cases read only this data (Paskahousu rules §11.6,
        §11.7): when nothing at all may go on the top card (a 10 or an ace that must be picked up), the
        only move is to pick up; **Decision (kit):** when a player on the empty table holds only cards
        Leerer Tisch bans, the ban yields and any of them may open.
    """
    k = len(counts)
    if limits is None:
        out = [(PLAY, s, n) for s in range(k) if counts[s] and row[s] for n in range(1, counts[s] + 1)]
    else:
        out = [(PLAY, s, n) for s in range(k) if counts[s] and row[s] for n in range(1, min(counts[s], limits[s]) + 1)]
    if not pile and not out:  # the empty table: a Leerer Tisch ban yields when nothing else is held
        out = [(PLAY, s, n) for s in range(k) if counts[s]
               for n in range(1, (counts[s] if limits is None else min(counts[s], limits[s])) + 1)]
    if pile:
        out.append((PICK_UP, -1, 0))
    if draw and (not pile or any(row)):
        out.append((TRY_YOUR_LUCK, -1, 0))
    return out


def _counts(hand: Iterable[Card], kinds: Sequence[int] = STRENGTH_OF_RUNG, k: int = 13) -> list[int]:
    c = [0] * k
    for card in hand:
        c[kinds[card.rung]] += 1
    return c


def _by_strength(cards: Iterable[Card], kinds: Sequence[int] = STRENGTH_OF_RUNG) -> list[Card]:
    """Cards in Paskahousu's order, 3 … 2 (suits ♦ ♥ ♠ ♣ within a rank) — how hands are shown (under Nur
    Schwarze zählen a red 2 first, red 10s and aces before the black ones)."""
    return sorted(cards, key=lambda c: (KIND_LEVEL[kinds[c.rung]], kinds[c.rung], c.suit))


def _labels(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


# --------------------------------------------------------------------------- the game

def _lower_first(text: str) -> str:
    """A reason that starts a sentence, continued after a colon: "Under X …" becomes "under X …"."""
    return text[:1].lower() + text[1:] if text.startswith(("Under ", "On ", "A ", "The ")) else text


class PaskahousuGame(GameBase[Action]):
    """A game of Paskahousu in progress (Paskahousu rules §2–§9, and the house rules of §11 its
    :class:`HouseRules` switch on; 2–6 players, as the house rules allow).

    Build one with :meth:`new` (shuffled from a seed), :meth:`from_position` (an explicit
    table, as the lessons do) or :meth:`from_record`.

    Every one of the 52 cards (104 under Zwei Blätter, §11.9) is in exactly one place — a hand, the draw pile, the discard
    pile or burned (Paskahousu rules §1.2); the constructor refuses a position that breaks this
    with a PositionError naming the cards (:meth:`from_position` puts unplaced cards into
    ``burned`` for you; a record's position is refused, see :func:`~paternoster.paskahousu.record.replay`).

    Public attributes (read them; change the game only through actions):
        rules (:class:`HouseRules`), players, names, dealer, hands (card lists),
        draw_pile (list, [0] = top), pile (the discard pile, bottom → top), burned
        (cards set aside), to_move (seat), turn (1-based, the turn about to be played),
        out (seats in the order they went out), result (:class:`PaskahousuResult` or
        ``None``), log (sentences), actions.
    """

    NOTHING_TO_UNDO = "There is nothing to undo: no action was taken in this game (or it was applied without undo)."

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: HouseRules, players: int, hands: list[list[Card]], draw_pile: list[Card],
                 pile: list[Card], burned: list[Card], to_move: int, *, dealer: int = 0,
                 names: Sequence[str] | None = None, opening: bool = False, opened: bool = False,
                 start: dict[str, Any] | None = None, face_up: Sequence[Sequence[Card]] | None = None,
                 face_down: Sequence[Sequence[Card]] | None = None,
                 announced: Sequence[Announcement] | None = None, deciders: Sequence[int] | None = None) -> None:
        if not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
        self.rules = rules
        self.players = rules.check_players(players)
        #: Pöytäpaska (Paskahousu rules §11.10) and Valepaska (§11.12) are played (HouseRules switches).
        self.table_cards = rules.table_cards
        self.bluff = rules.bluff
        if names is None:
            names = [f"Player {i + 1}" for i in range(self.players)]
        self.names = check_names(names, self.players)
        self.dealer = whole(dealer, "dealer (the dealer's seat)", 0, self.players - 1)
        if len(hands) != self.players:
            raise PositionError(f"hands: {plural(len(hands), 'hand')} given for {plural(self.players, 'player')}; "
                                "give one per player.")
        self.hands = [list(h) for h in hands]
        self.draw_pile = list(draw_pile)
        self.pile = list(pile)
        self.burned = list(burned)
        #: Pöytäpaska's table cards per seat (empty lists when the house rule is off; Paskahousu rules §11.10).
        self.face_up: list[list[Card]] = self._table_row(face_up, "face_up")
        self.face_down: list[list[Card]] = self._table_row(face_down, "face_down")
        #: Valepaska's announcements and check window (Paskahousu rules §11.12).
        self.bluff_state = self._bluff_start(announced, deciders, to_move)
        seen: dict[Card, int] = {}
        for c in ([c for h in self.hands for c in h] + self.draw_pile + self.pile + self.burned
                  + [c for row in self.face_up + self.face_down for c in row]):
            seen[c] = seen.get(c, 0) + 1
        decks = rules.decks
        twice = sorted(c for c, n in seen.items() if n > decks)
        if twice:
            if decks == 1:
                raise PositionError("Paskahousu uses one deck, so each card exists once, but the position has "
                                    + ", ".join(f"{c} ×{seen[c]}" for c in twice) + " (Paskahousu rules §1.2).")
            raise PositionError("Zwei Blätter uses two decks, so each card exists twice, but the position has "
                                + ", ".join(f"{c} ×{seen[c]}" for c in twice) + " (Paskahousu rules §11.9).")
        missing = [c for c in full_deck(1) for _ in range(decks - seen.get(c, 0))]
        if missing:
            # a record or position that loses cards would replay to a game of fewer than 52 cards
            shown = ", ".join(c.label("en") for c in missing[:12]) + (f" and {len(missing) - 12} more"
                                                                     if len(missing) > 12 else "")
            total = "all 52 cards (Paskahousu rules §1.2)" if decks == 1 else \
                "all 104 cards of two decks (Paskahousu rules §11.9)"
            raise PositionError(f"Paskahousu is played with {total}, but "
                                f"{plural(len(missing), 'card is', 'cards are')} in no hand, draw pile, discard "
                                f"pile or burned pile: {shown}. List the cards that are out of the game under burned.")
        self.to_move = whole(to_move, "to_move (the seat of the player to move)", 0, self.players - 1)
        if self.bluff_state.deciders and self.to_move != self.bluff_state.deciders[0]:
            raise PositionError(f"to_move: a check window is open, so the player to move is the first of deciders "
                                f"({self.bluff_state.deciders[0]}), not {self.to_move}.")
        self.opened = check_bool(opened, "opened")
        self._kinds = kind_of_rung(rules)
        self._k = kind_count(rules)
        self._base_table = acceptance_lists(rules)
        self._late_table = acceptance_lists(rules, True) if rules.face_cards_late == "nine" else self._base_table
        self._limits = play_limits(rules)
        self._four = rules.decks == 1
        self._layer: int | None = None  # who laid the bottom of the pile (10 und Ass auf dem leeren Tisch, A)
        self._next: int | None = None  # a seat that moves next whatever the order (set by a forced pick-up)
        self.turn = 1
        self.out: list[int] = []
        self.result: PaskahousuResult | None = None
        self.log: list[str] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []
        self._undo: list[dict[str, Any]] = []
        self._opening: list[PlayCards] | None = None
        if check_bool(opening, "opening"):
            if not any(self.hands):
                raise PositionError("opening=True, but nobody holds a card, so nobody can open the game "
                                    "(Paskahousu rules §4): give the players their hands.")
            if self.bluff_state.deciders:
                raise PositionError("opening=True, but a check window is open: the opening lay comes first.")
            if rules.fixed_start:
                self._fixed_opening()
            else:
                self._standard_opening()
        pending = self.bluff_state.pending
        if not self.draw_pile:  # before the start position is kept: a replay checks who is out
            self.out = [p for p in range(self.players) if not self.holds(p) and (pending is None or p != pending.seat)]
        self._start = start if start is not None else {"position": self.to_position()}
        if not self.draw_pile and pending is None:
            holders = [p for p in range(self.players) if self.holds(p)]
            if not holders:
                raise PositionError("No player holds cards and the draw pile is empty: there is no game to play.")
            if len(holders) == 1:
                self._end(holders[0])
        if self.result is None and not self.holds(self.to_move) and not self.draw_pile:
            raise PositionError(f"to_move: {self.names[self.to_move]} holds no cards and the draw pile is empty, "
                                "so they are out; let a player with cards move.")


    def _standard_opening(self) -> None:
        """Most 3s open, laying all of them (Paskahousu rules §4); Nur einzeln caps the lay (§11.5)."""
        counts = [_counts(h, self._kinds, self._k) for h in self.hands]
        seat, s = who_starts(counts, self.dealer)
        self.to_move = seat
        cards = tuple(c for c in sorted(self.hands[seat]) if self._kinds[c.rung] == s)
        self._opening = [PlayCards(cards[:self._limits[s]])]
        n = len(cards)
        tied = [p for p in range(self.players) if p != seat and counts[p][s] == n]
        ranks = kind_word(s, 2).split(' ', 1)[1]
        lay = f"opens the game by laying {'it' if n == 1 else 'them all'}"
        if tied:  # the tie rule decides, so say so: a student would otherwise look for a mistake
            who = " and ".join(self.names[p] for p in [seat, *tied])
            self.log.append(f"{who} hold the most {ranks} ({n} each); {self.names[seat]} comes first clockwise "
                        f"from the dealer's left and {lay} (Paskahousu rules §4).")
        else:
            self.log.append(f"{self.names[seat]} holds the most {ranks} ({n}) and {lay} (Paskahousu rules §4).")

    def _fixed_opening(self) -> None:
        """Fester Anfang (Paskahousu rules §11.3): from the dealer's left, the first player holding a 3 opens
        with one or more 3s; nobody holds a 3: the dealer's left opens with any card it may lay."""
        left = (self.dealer + 1) % self.players
        for k in range(self.players):
            seat = (left + k) % self.players
            threes = sorted(c for c in self.hands[seat] if self._kinds[c.rung] == S3)
            if threes:
                self.to_move = seat
                self._opening = [PlayCards(tuple(threes[:n])) for n in range(1, len(threes) + 1)]
                skipped = f" ({', '.join(self.names[(left + i) % self.players] for i in range(k))} " \
                    f"{'has' if k == 1 else 'have'} none)" if k else ""
                self.log.append(f"Fester Anfang: {self.names[seat]} is the first from the dealer's left holding a 3"
                                f"{skipped} and opens with one or more 3s (Paskahousu rules §11.3).")
                return
        self.to_move = left
        counts = _counts(self.hands[left], self._kinds, self._k)
        by_kind = self._by_kind(self.hands[left])
        self._opening = [PlayCards(tuple(by_kind[s][:n]))
                         for _, s, n in legal_options(counts, self._base_table[0], 0, 0, self._limits)]
        self.log.append(f"Fester Anfang: nobody holds a 3, so {self.names[left]}, on the dealer's left, opens with "
                        f"any card (Paskahousu rules §11.3).")

    def _by_kind(self, hand: Iterable[Card]) -> list[list[Card]]:
        out: list[list[Card]] = [[] for _ in range(self._k)]
        for c in sorted(hand):
            out[self._kinds[c.rung]].append(c)
        return out

    def _table_row(self, rows: Sequence[Sequence[Card]] | None, field: str) -> list[list[Card]]:
        """Pöytäpaska's face-up or face-down cards per seat, checked against the house rules."""
        if rows is None or (not self.table_cards and not any(rows)):
            return [[] for _ in range(self.players)]
        if not self.table_cards:
            raise PositionError(f"{field}: table cards belong to the house rule Pöytäpaska (Paskahousu rules §11.10), "
                                "which these house rules do not play; give no table cards or switch table_cards on.")
        if len(rows) != self.players:
            raise PositionError(f"{field}: {plural(len(rows), 'row')} of table cards given for "
                                f"{plural(self.players, 'player')}; give one per player.")
        out = [list(r) for r in rows]
        for i, r in enumerate(out):
            if len(r) > table_rules.FACE_UP_CARDS:
                raise PositionError(f"{field}[{i}]: {plural(len(r), 'card')}, but a player has at most "
                                    f"{table_rules.FACE_UP_CARDS} (Paskahousu rules §11.10).")
        return out

    def _bluff_start(self, announced: Sequence[Announcement] | None, deciders: Sequence[int] | None,
                     to_move: int) -> BluffState:
        """Valepaska's announcements for the discard pile and the open check window, checked."""
        if not self.bluff:
            if announced or deciders:
                raise PositionError("announced/deciders belong to the house rule Valepaska (Paskahousu rules "
                                    "§11.12), which these house rules do not play.")
            return BluffState()
        if announced is None:
            # a hand-written position: the pile's cards lie face up, in groups of one rank, laid by the seat before
            groups: list[Announcement] = []
            seat = (to_move - 1) % self.players if isinstance(to_move, int) else 0
            for c in self.pile:
                if groups and groups[-1].rank == c.rank:
                    groups[-1] = Announcement(seat, c.rank, groups[-1].count + 1, True)
                else:
                    groups.append(Announcement(seat, c.rank, 1, True))
            announced = groups
        announced = list(announced)
        if any(not isinstance(a, Announcement) for a in announced):
            raise PositionError("announced: give Announcement(seat, rank, count, face_up) entries.")
        if sum(a.count for a in announced) != len(self.pile):
            raise PositionError(f"announced: the announcements name {sum(a.count for a in announced)} cards, but "
                                f"the discard pile holds {len(self.pile)}; every card on the pile belongs to one "
                                "announcement (Paskahousu rules §11.12).")
        k = 0
        for a in announced:
            if not 0 <= a.seat < self.players:
                raise PositionError(f"announced: seat {a.seat} is not at this table.")
            if a.face_up and not bluff_rules.is_true(self.pile[k:k + a.count], a.rank):
                raise PositionError(f"announced: {a.words()} lie face up, but the cards are "
                                    f"{_labels(self.pile[k:k + a.count])}.")
            k += a.count
        deciders = [whole(d, "deciders (seats)", 0, self.players - 1) for d in (deciders or [])]
        if deciders:
            last = announced[-1] if announced else None
            if last is None or last.face_up or last.seat in deciders or len(set(deciders)) != len(deciders):
                raise PositionError("deciders: a check window needs a face-down announcement on top, and the "
                                    "deciders are other players, each once.")
        return BluffState(announced, deciders)

    def holds(self, seat: int) -> int:
        """How many cards ``seat`` still has: the hand, and in Pöytäpaska the table cards (Paskahousu rules §8.1,
        §11.10).  A player with none once the draw pile is empty is out."""
        return len(self.hands[seat]) + len(self.face_up[seat]) + len(self.face_down[seat])

    def phase(self, seat: int | None = None) -> str:
        """Where ``seat``'s (default: the player to move) next cards come from: ``"hand"``, ``"face-up"``,
        ``"face-down"`` or ``"none"`` (Pöytäpaska, Paskahousu rules §11.10; without table cards ``"hand"``
        or ``"none"``)."""
        p = self.to_move if seat is None else seat
        return table_rules.phase(len(self.hands[p]), len(self.draw_pile), len(self.face_up[p]),
                                 len(self.face_down[p]))

    @classmethod
    def new(cls, players: int = 4, seed: int = 0, *, rules: HouseRules = STANDARD_HOUSE_RULES, dealer: int = 0,
            names: Sequence[str] | None = None) -> "PaskahousuGame":
        """A freshly shuffled and dealt game; the opener is to move (Paskahousu rules §3–§4).

        Args:
            players: 2–6 (Paskahousu rules §1.2).
            seed: any non-negative int; the same seed, dealer and player count give the same deal (see :func:`deal`).
            rules: house rules.
            dealer: the dealer's seat; dealing and the tie-break for the opener start at the seat to the dealer's left.
            names: player names (default "Player 1" …).

        The first action must be the opening lay — all of the opener's 3s (or 4s, …);
        :meth:`legal_actions` offers only that.

        Raises:
            RulesError: player count not allowed; PositionError: ``dealer`` or ``names`` wrong;
            PositionError: ``seed`` not a whole number ≥ 0.

        >>> g = PaskahousuGame.new(players=4, seed=1)
        >>> [len(h) for h in g.hands], len(g.draw_pile), g.legal_actions() == [g.opening]
        ([5, 5, 5, 5], 32, True)
        """
        if not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
        players = rules.check_players(players)
        seed = whole(seed, "seed", lo=0, hi=MAX_SEED)
        dealer = whole(dealer, "dealer (the dealer's seat)", 0, players - 1)
        if rules.table_cards:
            hands, down, up, draw = table_rules.deal_with_table_cards(players, seed, dealer, rules.hand_size)
            cards = lambda rows: [[Card.from_rung(r) for r in row] for row in rows]  # noqa: E731
            return cls(rules, players, cards(hands), [Card.from_rung(r) for r in draw], [], [], 0, dealer=dealer,
                       names=names, opening=True, start={"seed": seed}, face_up=cards(up), face_down=cards(down))
        hands, draw = deal(players, seed, dealer, rules.hand_size, decks=rules.decks, deal_all=rules.deal_all)
        return cls(rules, players, [[Card.from_rung(r) for r in h] for h in hands],
                   [Card.from_rung(r) for r in draw], [], [], 0, dealer=dealer, names=names, opening=True,
                   start={"seed": seed})

    @classmethod
    def from_position(cls, hands: Sequence[Any], pile: Any = "", draw_pile: Any = "", burned: Any = "", *,
                      to_move: int = 0, dealer: int = 0, names: Sequence[str] | None = None,
                      rules: HouseRules = STANDARD_HOUSE_RULES, opened: bool = False,
                      opening: bool = False, face_up: Sequence[Any] | None = None,
                      face_down: Sequence[Any] | None = None, announced: Sequence[Any] | None = None,
                      deciders: Sequence[int] | None = None) -> "PaskahousuGame":
        """A game from an explicit table — the lessons' worked examples.

        Args:
            hands: one entry per player, each card text (``"3♦ 4♠"``) or a list of cards; any size.
            pile: the discard pile, bottom → top.
            draw_pile: top card first.
            burned: cards already set aside.  Cards in none of these places count as
                burned too (out of the game) and are added to ``burned``.
            to_move: seat of the player to move.
            dealer: the dealer's seat.
            opened: the top 10 or ace opened the empty table (changes nothing in the standard rules).
            opening: start with the opening lay (Paskahousu rules §4): the opener is found from the
                hands and ``dealer`` (``to_move`` is then ignored).
            face_up, face_down: Pöytäpaska's table cards, one entry per player (Paskahousu rules §11.10).
            announced: Valepaska's announcements on the pile, bottom first, as
                :class:`~paternoster.paskahousu.bluff.Announcement` or ``[seat, rank, count, face_up]``
                (default: the pile's cards lie face up, laid by the seat before ``to_move``).
            deciders: the seats still to decide on the last announcement (an open check window).

        Raises:
            CardParseError: a card cannot be read (the field is named).
            PositionError: a card twice (one deck), wrong number of hands or names, a bad seat,
                nobody holding cards.
            RulesError: the player count is outside 2–6.

        >>> g = PaskahousuGame.from_position(["3♦ 3♠ 7♥", "3♣ 3♥ 9♦", "4♠"], dealer=2, opening=True)
        >>> g.names[g.to_move], g.opening
        ('Player 1', PlayCards(cards=(Card('3♦'), Card('3♠'))))
        """
        if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
            raise PositionError(f"hands must be a list with one hand per player, e.g. ['3♦ 4♠', '9♥ K♠'], not {short(hands)}.")
        if not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
        rules.check_players(len(hands))
        hs = [cards_field(h, f"hands[{i}]") for i, h in enumerate(hands)]
        p = cards_field(pile, "pile")
        d = cards_field(draw_pile, "draw_pile")
        b = cards_field(burned, "burned")
        up = None if face_up is None else [cards_field(r, f"face_up[{i}]") for i, r in enumerate(face_up)]
        down = None if face_down is None else [cards_field(r, f"face_down[{i}]") for i, r in enumerate(face_down)]
        placed: dict[Card, int] = {}
        for c in [c for h in hs for c in h] + p + d + b + [c for row in (up or []) + (down or []) for c in row]:
            placed[c] = placed.get(c, 0) + 1
        b += [c for c in full_deck(1) for _ in range(rules.decks - placed.get(c, 0))]
        ann = None
        if announced is not None:
            try:
                ann = [a if isinstance(a, Announcement) else bluff_rules.announcement_from_json(a) for a in announced]
            except ValueError as e:
                raise PositionError(f"announced: {e}.") from None
        return cls(rules, len(hs), hs, d, p, b, to_move, dealer=dealer, names=names, opening=opening,
                   opened=opened, face_up=up, face_down=down, announced=ann, deciders=deciders)

    # ------------------------------------------------------------------ positions and copies
    def to_position(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict (cards in English notation); equal games have equal positions."""
        lab = lambda cs: [c.label("en") for c in cs]  # noqa: E731
        pos = {"players": self.players, "names": list(self.names), "dealer": self.dealer,
               "hands": [lab(h) for h in self.hands], "draw_pile": lab(self.draw_pile), "pile": lab(self.pile),
               "burned": lab(self.burned), "to_move": self.to_move, "turn": self.turn, "out": list(self.out),
               "opened": self.opened, "opening": self._opening is not None,
               **({"layer": self._layer} if self.rules.ten_ace_empty == "pick_up_again" else {})}
        if self.table_cards:
            pos["face_up"] = [lab(r) for r in self.face_up]
            pos["face_down"] = [lab(r) for r in self.face_down]
        if self.bluff:
            pos["announced"] = [a.to_json() for a in self.bluff_state.announced]
            pos["deciders"] = list(self.bluff_state.deciders)
        return pos

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PaskahousuGame):
            return NotImplemented
        return self.rules == other.rules and self.to_position() == other.to_position() and self.result == other.result


    # ------------------------------------------------------------------ queries
    @property
    def top(self) -> Card | None:
        """The top card of the discard pile, ``None`` on the empty table."""
        return self.pile[-1] if self.pile else None

    @property
    def opening(self) -> PlayCards | None:
        """The forced opening lay while it is still to be made, else ``None`` (Paskahousu rules §4); under
        Fester Anfang, where the opener chooses, the first of :attr:`opening_choices`."""
        return self._opening[0] if self._opening else None

    @property
    def opening_choices(self) -> list[PlayCards]:
        """Every opening lay the rules allow while the opening is still to be made (one in the standard
        game; one or more 3s, or any card, under Fester Anfang, Paskahousu rules §11.3), else ``[]``."""
        return list(self._opening or [])

    def kind(self, card: Card) -> int:
        """The card's kind in the acceptance table: its strength (:func:`~paternoster.paskahousu.ranks.strength`),
        or 13/14/15 for a red 2/10/ace under Nur Schwarze zählen (Paskahousu rules §11.8)."""
        return self._kinds[card.rung]

    @property
    def play_limits(self) -> tuple[int, ...]:
        """The most cards of each kind one play may lay (Nur einzeln, Paskahousu rules §11.5)."""
        return self._limits

    @property
    def _table(self) -> tuple[tuple[int, ...], ...]:
        if self._late_table is not self._base_table:
            nines = sum(1 for c in self.burned if self._kinds[c.rung] == S9)
            if nines >= 4 * self.rules.decks:
                return self._late_table
        return self._base_table

    def top_run(self) -> tuple[int, int]:
        """``(kind of the top card, how many cards of that kind lie on top in a row)``; ``(-1, 0)`` for an
        empty discard pile.  Kinds as :meth:`kind` (strengths in the standard game).  In Valepaska the
        *announced* ranks count (Paskahousu rules §11.12): the cards lie face down."""
        if self.bluff:
            return bluff_rules.announced_top_run(self.bluff_state.announced)
        if not self.pile:
            return -1, 0
        kinds = self._kinds
        top = kinds[self.pile[-1].rung]
        run = 0
        for c in reversed(self.pile):
            if kinds[c.rung] != top:
                break
            run += 1
        return top, run

    @property
    def acceptance_rows(self) -> tuple[tuple[int, ...], ...]:
        """The acceptance table of these house rules as rows, as it stands now: ``rows[top + 1][s]`` is the
        verdict for a card of kind ``s`` on a top of kind ``top`` (``top = -1``: empty table); see
        :func:`~paternoster.paskahousu.ranks.acceptance_lists` (under Bildkarten erst später ``"nine"`` it
        changes once every 9 is burned)."""
        return self._table

    def is_terminal(self) -> bool:
        """Whether the game has ended (OpenSpiel name)."""
        return self.result is not None

    is_over = is_terminal

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: −1 for the loser, 0 for everyone else (all 0 in a stalemate or while playing)."""
        r = [0.0] * self.players
        if self.result is not None and self.result.loser is not None:
            r[self.result.loser] = -1.0
        return r

    def current_player(self) -> int:
        """Seat of the player to move (OpenSpiel name)."""
        return self.to_move

    def legal_actions(self) -> list[Action]:
        """Every action allowed now.

        Returns:
            during the opening only the opening lay; else every legal :class:`PlayCards`
            (by rank from low to high, each with 1 … all the cards of that rank held — the
            lowest suits first), then :class:`PickUp` if the discard pile has cards, then
            :class:`TryYourLuck` if the draw pile has cards.  Empty when the game is over.
        """
        if self.result is not None:
            return []
        if self._opening is not None:
            return list(self._opening)
        return [self.option_action(o) for o in self.options()]

    def options(self) -> list[tuple[int, int, int]]:
        """:meth:`legal_actions` as entries ``(kind, value, count)``, in the same order — what the computer
        players and the fast simulation choose from.

        Kinds: ``PLAY`` (0; value = the cards' kind, see :meth:`kind`; count = cards), ``PICK_UP`` (1),
        ``TRY_YOUR_LUCK`` (2); Pöytäpaska's ``TURN`` (3; value = face-down slot); Valepaska's ``ANNOUNCE``
        (4, honest; value = strength), ``LIE`` (5, the kit's lie, see
        :func:`~paternoster.paskahousu.bluff.lie_cards`), ``CHECK`` (6) and ``LET_PASS`` (7; value = the
        deciding seat).  :meth:`option_action` turns an entry into its action.

        The standard game: every legal play by kind, then count 1 … held (at most the Nur einzeln limit);
        pick up if the pile has cards; try your luck if the draw pile has cards (see
        :func:`legal_options`).  Pöytäpaska: the same with the face-up table cards once hand and draw pile
        are empty; then every face-down slot and pick up.  Valepaska: during a check window the decider's
        check and let-pass; otherwise every announcement the rules allow by strength and count (honest if the
        hand holds the cards, and the kit's lie if it holds that many other cards), pick up, try your luck.
        (Any other choice of cards for an announcement is legal too: :meth:`check` accepts any cards of the
        hand.)  During the opening: the opening lay(s).
        """
        if self.result is not None:
            return []
        if self._opening is not None:
            return [(PLAY, self._kinds[a.cards[0].rung], len(a.cards)) for a in self._opening]
        top, run = self.top_run()
        row = self._table[top + 1]
        if self.bluff:
            st = self.bluff_state
            if st.deciders:
                return [(bluff_rules.CHECK, st.deciders[0], 0), (bluff_rules.LET_PASS, st.deciders[0], 0)]
            allowed = [row[s] != NO for s in range(13)]
            out = bluff_rules.announce_options(_counts(self.hand), allowed, self.announce_limits())
            if self.pile:
                out.append((PICK_UP, -1, 0))
            if self.draw_pile and (not self.pile or any(row)):
                out.append((TRY_YOUR_LUCK, -1, 0))
            return out
        where = self.phase()
        if where == table_rules.FACE_DOWN:
            return table_rules.turn_options(len(self.face_down[self.to_move]), len(self.pile))
        return legal_options(_counts(self._source(), self._kinds, self._k), row, len(self.pile),
                             len(self.draw_pile), self._limits)

    def option_action(self, option: tuple[int, int, int]) -> Action:
        """The action of an :meth:`options` entry for the player to move (a play takes the lowest suits first)."""
        kind, s, n = option
        if kind == PICK_UP:
            return PickUp()
        if kind == TRY_YOUR_LUCK:
            return TryYourLuck()
        if kind == table_rules.TURN:
            return TurnTableCard(s)
        if kind == bluff_rules.CHECK:
            return CheckAnnouncement(s)
        if kind == bluff_rules.LET_PASS:
            return LetPass(s)
        if kind == bluff_rules.LIE:
            cards = bluff_rules.lie_cards(self.hand, s, n)
            assert cards is not None  # options() lists a lie only when the hand has the cards
            return Announce(cards, RANK_ORDER[s])
        if kind == bluff_rules.ANNOUNCE:
            return Announce(tuple(self._by_kind(self.hand)[s][:n]), RANK_ORDER[s])
        return PlayCards(tuple(self._by_kind(self._source())[s][:n]))

    def announce_limits(self) -> list[int]:
        """Valepaska: the most cards one announcement may name, per strength — the copies of a rank in the
        deck(s), or 1 where Nur einzeln allows single cards only (Paskahousu rules §11.5, §11.12)."""
        most = bluff_rules.copies_per_rank(self.rules.decks)
        return [min(most, self._limits[s]) for s in range(13)]

    def _source(self) -> list[Card]:
        """The cards the player to move plays from: the hand, or in Pöytäpaska the face-up table cards once hand
        and draw pile are empty (Paskahousu rules §11.10)."""
        if self.phase() == table_rules.FACE_UP:
            return self.face_up[self.to_move]
        return self.hand

    def legal_plays(self) -> list[LegalPlay]:
        """The card plays among :meth:`legal_actions`, each with its verdict (does it burn the pile?).

        Pöytäpaska's face-up table cards are plays too; turning a face-down card over is listed with
        ``burns=None`` (nobody knows the card).  Valepaska: the announcements, ``burns`` if unchecked.

        >>> g = PaskahousuGame.from_position(["4♦ 9♥", "K♠"], pile="4♥ 4♠ 4♣")
        >>> [(" ".join(map(str, lp.action.cards)), lp.burns) for lp in g.legal_plays()]
        [('4♦', True), ('9♥', False)]
        """
        top, run = self.top_run()
        out = []
        for a in self.legal_actions():
            if isinstance(a, PlayCards):
                verdict, _ = play_verdict(self._table, top, run, self._kinds[a.cards[0].rung], len(a.cards),
                                          self._four)
                out.append(LegalPlay(a, verdict == BURNS))
            elif isinstance(a, Announce):
                verdict, _ = play_verdict(self._table, top, run, strength(a.rank), len(a.cards), self._four)
                out.append(LegalPlay(a, verdict == BURNS))
            elif isinstance(a, TurnTableCard):
                out.append(LegalPlay(a, None))  # blind: nobody knows the card before it is turned
        return out

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` (rule id and message).

        Rule ids: ``game-over``, ``unknown-action``, ``opening-lay``, ``empty-play``, ``one-rank``,
        ``not-in-hand``, ``pick-up-empty`` (**Decision**: picking up an empty table is not a
        move), ``draw-pile-empty``, and the refusing ids of :func:`~paternoster.paskahousu.acceptance`.
        """
        if self.result is not None:
            todo = "Start a new game or undo." if self._undo else "Start a new game."
            return Refusal(rule_ids.GAME_OVER, f"The game is over ({self._result_words()}); no more moves. {todo}")
        if not isinstance(action, (PlayCards, PickUp, TryYourLuck, TurnTableCard, Announce, CheckAnnouncement,
                                   LetPass)):
            return Refusal(rule_ids.UNKNOWN_ACTION, f"{short(action)} is not a Paskahousu action: use PlayCards('8♣ 8♦'), "
                                             "PickUp() or TryYourLuck() (Pöytäpaska also TurnTableCard(0); Valepaska "
                                             "Announce('4♠', '8'), CheckAnnouncement(seat), LetPass(seat)).")
        who = self.names[self.to_move]
        if isinstance(action, TurnTableCard) and not self.table_cards:
            return table_rules.turn_refusal(False, self.phase(), who, action.slot, 0)
        if isinstance(action, Announce) and not self.bluff:
            return self._announce_refusal(action)
        if isinstance(action, (CheckAnnouncement, LetPass)):
            return bluff_rules.decision_refusal(self.bluff, self.bluff_state, action.seat, self.names,
                                                isinstance(action, CheckAnnouncement))
        window = bluff_rules.window_refusal(self.bluff_state.pending, who)
        if window is not None:
            return window
        if self._opening is not None and action not in self._opening:
            if self.rules.fixed_start:
                choices = "; ".join(_labels(a.cards) for a in self._opening[:6]) + (
                    " …" if len(self._opening) > 6 else "")
                return Refusal(rule_ids.OPENING_LAY, f"Under Fester Anfang the game opens with {who} laying one of: "
                                                     f"{choices} (Paskahousu rules §11.3). Play one of these first.")
            first = self._opening[0]
            s = self._kinds[first.cards[0].rung]
            return Refusal(rule_ids.OPENING_LAY, f"The game opens with {who} laying all their "
                                          f"{kind_word(s, 2).split(' ', 1)[1]}: {_labels(first.cards)} "
                                          f"(Paskahousu rules §4). Play exactly these cards first.")
        if isinstance(action, PickUp):
            if not self.pile:
                return Refusal(rule_ids.PICK_UP_EMPTY, f"The discard pile is empty, so there is nothing to pick up "
                                                f"(kit Decision: picking up an empty table is not a move). "
                                                f"{who} plays any card or cards of one rank instead.")
            return None
        if isinstance(action, TryYourLuck):
            if not self.draw_pile:
                if self.rules.deal_all:
                    return Refusal(rule_ids.DRAW_PILE_EMPTY, "Under Ruotsalainen every card is dealt at the start, "
                                   "so there is no draw pile and no luck to try (Paskahousu rules §11.11). Play or "
                                   "pick up the discard pile.")
                return Refusal(rule_ids.DRAW_PILE_EMPTY, "The draw pile is empty, so there is no luck to try (Paskahousu rules "
                                                  "§5.4: only while the draw pile lasts). Play or "
                                                  "pick up the discard pile.")
            top_kind, _ = self.top_run()
            if self.pile and not any(self._table[top_kind + 1]):
                opener = self._top_text()
                return Refusal(rule_ids.MUST_PICK_UP, f"{opener[0].upper() + opener[1:]} opened the empty table, so under 10 und Ass auf "
                                                      f"dem leeren Tisch {who} must pick it up at once (Paskahousu "
                                                      f"rules §11.6); trying your luck is not allowed.")
            return None
        if isinstance(action, TurnTableCard):
            return table_rules.turn_refusal(self.table_cards, self.phase(), who, action.slot,
                                            len(self.face_down[self.to_move]))
        if isinstance(action, Announce):
            return self._announce_refusal(action)
        if self.bluff and self._opening is None:
            return Refusal(rule_ids.ANNOUNCE_REQUIRED, "In Valepaska cards are laid face down with an announced rank "
                                                       "(Paskahousu rules §11.12): use Announce(cards, rank), e.g. "
                                                       "Announce('8♥ 8♠', '8').")
        cards = action.cards
        source = self.hand
        if self.table_cards:
            where = self.phase()
            mine = Counter(cards)
            source_refusal = table_rules.play_source_refusal(
                where, who, not mine - Counter(self.hand), not mine - Counter(self.face_up[self.to_move]))
            if source_refusal is not None:
                return source_refusal
            source = self._source()
        if not cards:
            return Refusal(rule_ids.EMPTY_PLAY, f"A play needs at least one card; {who} names none. Give cards such as "
                                         "'8♣' or '8♣ 8♦'.")
        if len({c.rank for c in cards}) > 1:
            return Refusal(rule_ids.ONE_RANK, f"{_labels(cards)} are not all of one rank: a play is one card or several "
                                       f"of the same rank (Paskahousu rules §5.2).")
        if len({self._kinds[c.rung] for c in cards}) > 1:
            return Refusal(rule_ids.ONE_RANK, f"{_labels(cards)} mix red and black cards of a rank that Nur Schwarze "
                                              f"zählen tells apart: play the red ones and the black ones separately "
                                              f"(Paskahousu rules §11.8).")
        twice = [c for c in dict.fromkeys(cards) if cards.count(c) > self.rules.decks]
        if twice:
            if self.rules.decks == 1:
                return Refusal(rule_ids.NOT_IN_HAND, f"The play names {_labels(twice)} more than once, but Paskahousu "
                                                     f"uses one deck, so each card exists once (Paskahousu rules §1.2).")
            return Refusal(rule_ids.NOT_IN_HAND, f"The play names {_labels(twice)} more than twice, but Zwei Blätter "
                                                 f"has two decks, so each card exists twice (Paskahousu rules §11.9).")
        missing = [c for c in dict.fromkeys(cards) if source.count(c) < cards.count(c)]
        if missing:
            have = _labels(_by_strength(source, self._kinds)) or "no cards"
            if source is not self.hand:
                return Refusal(rule_ids.NOT_IN_HAND, f"{who} (to move) has no face-up table card {_labels(missing)}; "
                                                     f"the face-up table cards are: {have}.")
            return Refusal(rule_ids.NOT_IN_HAND, f"{who} (to move) does not hold {_labels(missing)}"
                                                 f"{' that often' if all(c in self.hand for c in missing) else ''}; "
                                                 f"the hand is: {have}.")
        s = self._kinds[cards[0].rung]
        top = self.top
        s_top = -1 if top is None else self._kinds[top.rung]
        if self._table[s_top + 1][s] == NO:
            if top is None:
                counts = _counts(source, self._kinds, self._k)
                if any(counts[x] and self._table[0][x] for x in range(self._k)):
                    _, rule, reason = accept_verdict(None, s, self.rules, self.opened)
                    return Refusal(rule, f"{_labels(cards)} may not open the empty table: {_lower_first(reason)} "
                                         f"{who} holds other cards to open with.")
                # Decision (kit): the ban yields when nothing else is held (Paskahousu rules §11.7)
            else:
                _, rule, reason = accept_verdict(s_top, s, self.rules, self.opened,
                                                 self._table is not self._base_table)
                return Refusal(rule, f"{_labels(cards)} may not go on {top}: {_lower_first(reason)}")
        # the rank may go here; now Nur einzeln (§11.5), so a refusal names the first rule that fails
        if len(cards) > self._limits[s]:
            what = "face cards, aces and 2s" if self.rules.singles_only == "high" else "2s"
            return Refusal(rule_ids.SINGLES_ONLY, f"Under Nur einzeln {what} are played one at a time, so "
                                                  f"{_labels(cards)} may not be laid together (Paskahousu rules "
                                                  f"§11.5). Lay one of them.")
        return None

    def _announce_refusal(self, action: Announce) -> Refusal | None:
        """Valepaska: may the player to move lay ``action.cards`` face down announcing ``action.rank`` now?"""
        who = self.names[self.to_move]
        if not self.bluff:
            return Refusal(rule_ids.BLUFF_OFF, "Announcing a rank with cards laid face down belongs to the house rule "
                                               "Valepaska (Paskahousu rules §11.12), which this game does not play: "
                                               "play the cards face up with PlayCards.")
        cards, n = action.cards, len(action.cards)
        if not cards:
            return Refusal(rule_ids.EMPTY_PLAY, f"An announcement lays at least one card; {who} names none.")
        short_of = Counter(cards) - Counter(self.hand)
        if short_of:
            have = _labels(_by_strength(self.hand)) or "no cards"
            return Refusal(rule_ids.NOT_IN_HAND, f"{who} (to move) does not hold {_labels(sorted(short_of.elements()))}"
                                                 f"; the hand is: {have}.")
        s = strength(action.rank)
        most = self.announce_limits()[s]
        if n > most:
            if most < bluff_rules.copies_per_rank(self.rules.decks):
                return Refusal(rule_ids.SINGLES_ONLY, f"Under Nur einzeln {rank_word(s, 2).split(' ', 1)[1]} are "
                                                      f"announced one at a time (Paskahousu rules §11.5); {who} lays "
                                                      f"{n}.")
            return Refusal(rule_ids.ANNOUNCE_COUNT, f"An announcement names at most {most} cards, the copies of one rank "
                                                    f"in the deck (Paskahousu rules §11.12, Decision (kit)); {who} "
                                                    f"lays {n}.")
        top, _ = self.top_run()
        if self._table[top + 1][s] == NO:
            _, rule, reason = accept_verdict(None if top < 0 else top, s, self.rules, self.opened,
                                             self._table is not self._base_table)
            if top < 0:
                return Refusal(rule, f"{who} may not open the empty table announcing {rank_word(s, n)}: the "
                                     f"announcement must be a legal play (Paskahousu rules §11.12). {reason}")
            return Refusal(rule, f"{who} may not announce {rank_word(s, n)} on the announced "
                                 f"{rank_word(top)[rank_word(top).index(' ') + 1:]}: the announcement must be a legal play "
                                 f"(Paskahousu rules §11.12). {reason}")
        return None

    def why_not(self, cards: Any) -> str | None:
        """The refusal message for playing ``cards`` (text or list) now, or ``None`` if the play is legal.

        Raises:
            CardParseError: ``cards`` cannot be read.
        """
        r = self.check(PlayCards(cards))
        return None if r is None else r.message

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, JSON-ready: their hand, the others' hand counts, the draw pile's count.

        Returns:
            dict with ``player``, ``names``, ``hand`` (card labels, from 3 up to 2), ``hand_counts`` (cards per seat),
            ``draw_pile`` (count), ``pile`` (labels, bottom → top), ``top``, ``burned`` (count),
            ``to_move``, ``turn``, ``out``, ``legal`` (action dicts, only for the player to move) and
            ``result`` (``None`` or a dict).

            Pöytäpaska (Paskahousu rules §11.10) adds ``face_up`` (every seat's face-up table cards: everyone
            sees them) and ``face_down`` (only how many each seat has — nobody sees these cards, their owner
            neither) and ``phase`` (where ``player``'s next cards come from).

            Valepaska (Paskahousu rules §11.12) hides the face-down cards: ``pile`` lists a label only for the
            cards ``player`` knows (laid face up, or laid by ``player``) and ``None`` for the others; ``top``
            is the announced rank of the top (``'8'``; ``None`` on the empty table); ``announced`` lists
            every announcement on the pile, bottom first, as ``{seat, rank, count, face_up}``; ``deciders``
            the seats still to decide whether to check the last one (empty: no check window).

        Raises:
            PositionError: ``player`` is not a seat.
        """
        p = whole(player, "player (a seat)", 0, self.players - 1)
        r = self.result
        v: dict[str, Any] = {
            "player": p, "names": list(self.names), "hand": [c.label("en") for c in _by_strength(self.hands[p], self._kinds)],
            "hand_counts": [len(h) for h in self.hands], "draw_pile": len(self.draw_pile),
            "pile": [c.label("en") for c in self.pile], "top": self.top.label("en") if self.top else None,
            "burned": len(self.burned), "to_move": self.to_move, "turn": self.turn, "out": list(self.out),
            "legal": [a.to_json() for a in self.legal_actions()] if p == self.to_move else [],
            "result": None if r is None else {"outcome": r.outcome, "loser": r.loser, "turn": r.turn,
                                              "out": list(r.out)}}
        if self.table_cards:
            v["face_up"] = [[c.label("en") for c in _by_strength(row, self._kinds)] for row in self.face_up]
            v["face_down"] = [len(row) for row in self.face_down]
            v["phase"] = self.phase(p)
        if self.bluff:
            st, shown, k = self.bluff_state, [], 0
            for a in st.announced:
                known = a.face_up or a.seat == p
                shown += [c.label("en") if known else None for c in self.pile[k:k + a.count]]
                k += a.count
            v["pile"] = shown
            v["top"] = rank_label(st.announced[-1].rank) if st.announced else None
            v["announced"] = [{"seat": a.seat, "rank": rank_label(a.rank), "count": a.count,
                               "face_up": a.face_up} for a in st.announced]
            v["deciders"] = list(st.deciders)
        return v

    # ------------------------------------------------------------------ actions
    def _apply(self, action: Action) -> tuple[int, bool, int] | None:
        """Apply a checked action; returns ``(mover, moves again, seat that may not open next)`` for
        :meth:`_after`, or ``None`` while a Valepaska check window stays open (Paskahousu rules §11.12)."""
        mover = self.to_move
        if isinstance(action, PlayCards):
            again = self._do_play(action)
        elif isinstance(action, PickUp):
            again = self._do_pick_up()
        elif isinstance(action, TryYourLuck):
            again = self._do_luck()
        elif isinstance(action, TurnTableCard):
            again = self._do_turn(action.slot)
        elif isinstance(action, Announce):
            return self._do_announce(action)
        elif isinstance(action, CheckAnnouncement):
            return self._do_check(action.seat)
        else:
            return self._do_let_pass(action.seat)
        return mover, again, -1

    def _after_action(self, applied: tuple[int, bool, int] | None) -> None:
        if applied is not None:
            self._after(*applied)


    def play(self, cards: Any) -> list[str]:
        """Play ``cards`` (text such as ``"8♣ 8♦"``, a list or a Card) for the player to move.

        Returns:
            the sentences the move added to the log.

        Raises:
            CardParseError: a card cannot be read.
            IllegalPlayError: the play is refused (``.rule`` names the rule); nothing changes.
        """
        self.apply_action(PlayCards(cards))
        return self.sentences(len(self.actions))

    def pick_up(self) -> list[str]:
        """Pick up the discard pile (Paskahousu rules §5.3).  Returns the move's log sentences.

        Raises:
            IllegalPlayError: rule ``pick-up-empty``, ``opening-lay`` or ``game-over``.
        """
        self.apply_action(PickUp())
        return self.sentences(len(self.actions))

    def try_your_luck(self) -> list[str]:
        """Try your luck with the draw pile (Paskahousu rules §5.4).  Returns the move's log sentences.

        Raises:
            IllegalPlayError: rule ``draw-pile-empty``, ``opening-lay`` or ``game-over``.
        """
        self.apply_action(TryYourLuck())
        return self.sentences(len(self.actions))

    def turn_table_card(self, slot: int = 0) -> list[str]:
        """Pöytäpaska: turn face-down table card ``slot`` over (Paskahousu rules §11.10).  Returns the log sentences.

        Raises:
            IllegalPlayError: rule ``table-cards-off``, ``hand-first``, ``face-up-first``, ``no-such-slot``, ….
        """
        self.apply_action(TurnTableCard(slot))
        return self.sentences(len(self.actions))

    def announce(self, cards: Any, rank: Any) -> list[str]:
        """Valepaska: lay ``cards`` face down announcing ``rank`` (Paskahousu rules §11.12).  Returns the log sentences.

        Raises:
            CardParseError / ValueError: unreadable cards or rank; IllegalPlayError: refused (``.rule``).
        """
        self.apply_action(Announce(cards, rank))
        return self.sentences(len(self.actions))

    def check_announcement(self, seat: int | None = None) -> list[str]:
        """Valepaska: ``seat`` (default: the player whose decision is due) checks the open announcement.

        Raises:
            IllegalPlayError: rule ``bluff-off``, ``no-announcement`` or ``not-your-check``.
        """
        self.apply_action(CheckAnnouncement(self.to_move if seat is None else seat))
        return self.sentences(len(self.actions))

    def let_pass(self, seat: int | None = None) -> list[str]:
        """Valepaska: ``seat`` (default: the player whose decision is due) lets the open announcement pass.

        Raises:
            IllegalPlayError: rule ``bluff-off``, ``no-announcement`` or ``not-your-check``.
        """
        self.apply_action(LetPass(self.to_move if seat is None else seat))
        return self.sentences(len(self.actions))

    # ------------------------------------------------------------------ the moves
    def _place(self, cards: Sequence[Card], top: int, run: int) -> tuple[int, str]:
        """Lay ``cards`` on the pile; return the verdict and the burn's reason (if it burns)."""
        table = self._table  # before the cards land: the verdict is the table's of now
        s, n = self._kinds[cards[0].rung], len(cards)
        v, _ = play_verdict(table, top, run, s, n, self._four)
        self.pile.extend(cards)
        if self.bluff:  # laid face up (the opening, a card from the draw pile): known to all
            self.bluff_state.announced.append(Announcement(self.to_move, cards[0].rank, n, True))
        return v, self._burn_reason(v, top, s, table)

    def _burn_reason(self, v: int, top: int, s: int, table: Sequence[Sequence[int]]) -> str:
        if v != BURNS:
            return ""
        if table[top + 1][s] == BURNS:
            if top < 0:
                why = (f"{kind_word(s)} on the empty table burns itself (10 und Ass auf dem leeren Tisch, "
                       f"Paskahousu rules §11.6)")
            elif top >= 13:
                why = f"{kind_word(s)} on {kind_word(top)} burns the pile (Paskahousu rules §11.8)"
            else:
                why = "a 10 on a card from 3 to 9" if RANK_ORDER[s] == 10 else "an ace on a face card"
                why += " burns the pile"
        else:
            why = f"four {kind_word(s, 2).split(' ', 1)[1]} on top burn the pile"
        return why

    def _burn(self) -> int:
        k = len(self.pile)
        self.burned.extend(self.pile)
        self.pile = []
        self.bluff_state.announced = []
        return k

    def _top_text(self) -> str:
        """The top card for sentences: ``'6♣'``, or in Valepaska the announced rank (the cards lie face down)."""
        if self.bluff and self.bluff_state.announced:
            w = rank_word(strength(self.bluff_state.announced[-1].rank))
            return f"the announced {w[w.index(' ') + 1:]}"
        return str(self.top)

    def _refill(self, seat: int) -> None:
        # Paskahousu rules §5.5: refill after playing, while the draw pile lasts (before a burner's extra move).
        hand, drawn = self.hands[seat], 0
        while len(hand) < self.rules.hand_size and self.draw_pile:
            hand.append(self.draw_pile.pop(0))
            drawn += 1
        if drawn:
            left = len(self.draw_pile)
            tail = "the draw pile is now empty" if not left else f"{left} left in the draw pile"
            self.log.append(f"{self.names[seat]} draws {plural(drawn, 'card')} ({tail}).")

    def _do_play(self, action: PlayCards) -> bool:
        who, t = self.names[self.to_move], self.turn
        top_card = self.top
        top, run = self.top_run()
        cards = action.cards
        source = self._source()
        for c in cards:
            source.remove(c)
        if top_card is None:
            self._layer = self.to_move
        v, why = self._place(cards, top, run)
        on = f"on {top_card}" if top_card is not None else "on the empty table"
        if self._opening is not None:
            self._opening = None
            head = f"Turn {t}: {who} opens with {_labels(cards)}"
        elif source is not self.hand:
            head = f"Turn {t}: {who} plays face-up table {'card' if len(cards) == 1 else 'cards'} {_labels(cards)} {on}"
        else:
            head = f"Turn {t}: {who} plays {_labels(cards)} {on}"
        if v == BURNS:
            self.log.append(f"{head} — {why} ({plural(self._burn(), 'card')} set aside).")
        else:
            self.log.append(head + ".")
        self._refill(self.to_move)
        return v == BURNS

    def _do_pick_up(self) -> bool:
        who, t, k = self.names[self.to_move], self.turn, len(self.pile)
        top, _ = self.top_run()
        forced = not any(self._table[top + 1])  # a 10 or an ace that had to be picked up (§11.6)
        self.hand.extend(self.pile)
        self.pile = []
        self.bluff_state.announced = []
        self.log.append(f"Turn {t}: {who} picks up the discard pile ({plural(k, 'card')}) and now holds "
                        f"{plural(len(self.hand), 'card')}.")
        layer = self._layer
        if forced and self.rules.ten_ace_empty == "pick_up_again" and layer is not None and self.hands[layer]:
            self._next = layer
        return False

    def _do_luck(self) -> bool:
        who, t = self.names[self.to_move], self.turn
        card = self.draw_pile.pop(0)
        return self._reveal(card, f"Turn {t}: {who} chooses try your luck and turns over {card} from the draw pile")

    def _do_turn(self, slot: int) -> bool:
        """Pöytäpaska: turn face-down table card ``slot`` over; played if legal, else taken with the pile (§11.10)."""
        who, t = self.names[self.to_move], self.turn
        card = self.face_down[self.to_move].pop(slot)
        return self._reveal(card, f"Turn {t}: {who} turns over a face-down table card, {card}")

    def _reveal(self, card: Card, head: str) -> bool:
        """A card turned face up for all (try your luck, a face-down table card): played if it may go on the
        pile, else taken into the hand with the pile (Paskahousu rules §5.4, §11.10).  Returns: it burned."""
        who = self.names[self.to_move]
        top_card = self._top_text() if self.pile else None
        top, run = self.top_run()
        s = self._kinds[card.rung]
        v, _ = play_verdict(self._table, top, run, s, 1, self._four)
        if v == NO:
            _, _, reason = accept_verdict(None if top < 0 else top, s, self.rules, self.opened,
                                          self._table is not self._base_table)
            k = len(self.pile)
            self.hand.extend(self.pile)
            self.hand.append(card)
            self.pile = []
            self.bluff_state.announced = []
            if top_card is None:  # Leerer Tisch: the card may not open the empty table
                self.log.append(f"{head}: it may not open the empty table, so {who} takes {card} into their hand "
                                f"and now holds {plural(len(self.hand), 'card')}.")
            else:
                self.log.append(f"{head}: it may not go on {top_card}, so {who} picks up {card} and the discard pile "
                                f"({plural(k, 'card')}) and now holds {plural(len(self.hand), 'card')}.")
            self.log.append(reason)
            return False
        if not self.pile:
            self._layer = self.to_move
        on = f"on {top_card}" if top_card is not None else "on the empty table"
        v, why = self._place([card], top, run)
        if v == BURNS:
            self.log.append(f"{head}: it may go {on} and is played — {why} ({plural(self._burn(), 'card')} set aside).")
        else:
            self.log.append(f"{head}: it may go {on}, so it is played.")
        self._refill(self.to_move)
        return v == BURNS

    def _do_announce(self, action: Announce) -> tuple[int, bool, int] | None:
        """Valepaska: lay the cards face down with the announcement, refill, open the check window (§11.12)."""
        mover, t = self.to_move, self.turn
        who, st = self.names[mover], self.bluff_state
        on = f"on {self._top_text()}" if self.pile else "on the empty table"
        if not self.pile:
            self._layer = mover
        for c in action.cards:
            self.hand.remove(c)
        self.pile.extend(action.cards)
        a = Announcement(mover, action.rank, len(action.cards), False)
        st.announced.append(a)
        self.log.append(f"Turn {t}: {who} lays {plural(a.count, 'card')} face down {on} and announces {a.words()}.")
        self._refill(mover)
        st.deciders = bluff_rules.deciders_for(mover, self.players, self.out)
        if st.deciders:
            self.to_move = st.deciders[0]
            return None
        return self._settle()

    def _do_let_pass(self, seat: int) -> tuple[int, bool, int] | None:
        st = self.bluff_state
        st.deciders.pop(0)
        self.log.append(f"Turn {self.turn}: {self.names[seat]} lets the announcement pass.")
        if st.deciders:
            self.to_move = st.deciders[0]
            return None
        return self._settle()

    def _settle(self) -> tuple[int, bool, int]:
        """Nobody checked: the announcement counts as true — it may burn the pile (Paskahousu rules §11.12)."""
        st = self.bluff_state
        a = st.announced[-1]
        top, run = bluff_rules.announced_top_run(st.announced[:-1])
        s = strength(a.rank)
        table = self._table
        v, _ = play_verdict(table, top, run, s, a.count, self._four)
        self.to_move = a.seat
        if v == BURNS:
            why = self._burn_reason(v, top, s, table)
            self.log.append(f"Nobody checked {self.names[a.seat]}'s announcement of {a.words()}, so it counts as true: {why} "
                            f"({plural(self._burn(), 'card')} set aside unseen).")
        return a.seat, v == BURNS, -1

    def _do_check(self, seat: int) -> tuple[int, bool, int]:
        """Valepaska: turn the announced cards up; the liar or the wrong checker picks up the pile (§11.12)."""
        st = self.bluff_state
        a = st.announced[-1]
        cards = self.pile[len(self.pile) - a.count:]
        true = bluff_rules.is_true(cards, a.rank)
        picker = seat if true else a.seat
        checker, announcer = self.names[seat], self.names[a.seat]
        k = len(self.pile)
        self.hands[picker].extend(self.pile)
        self.pile = []
        st.announced, st.deciders = [], []
        verdict = (f"the announcement was true, so {checker} picks up" if true
                   else f"{announcer} lied, so {announcer} picks up")
        self.log.append(f"Turn {self.turn}: {checker} checks {announcer}'s announcement of {a.words()}: the cards are {_labels(cards)} "
                        f"— {verdict} the discard pile ({plural(k, 'card')}) and now holds "
                        f"{plural(len(self.hands[picker]), 'card')}.")
        return a.seat, False, picker

    def _after(self, mover: int, again: bool, skip: int = -1) -> None:
        """Going out, the loser, whose move is next, the turn cap (Paskahousu rules §8.1–§8.4).

        ``skip``: a seat that may not open the next pile (Valepaska: who just picked the pile up after a check).
        """
        who = self.names[mover]
        nxt, self._next = self._next, None  # set by a forced pick-up under "A nochmal" (§11.6)
        if not self.draw_pile:
            for p in [mover] + [q for q in range(self.players) if q != mover]:
                if not self.holds(p) and p not in self.out:
                    self.out.append(p)
                    pile = "and there is no draw pile" if self.rules.deal_all else "while the draw pile is empty"
                    self.log.append(f"{self.names[p]} has no cards left {pile}: out and safe.")
            holders = [p for p in range(self.players) if self.holds(p)]
            if len(holders) == 1:
                self.turn += 1
                self._end(holders[0])
                return
        sizes = [self.holds(p) for p in range(self.players)]
        if nxt is not None:
            self.to_move = nxt
            self.log.append(f"{self.names[nxt]} laid the card that had to be picked up and moves again on the empty "
                            f"table (10 und Ass auf dem leeren Tisch, Paskahousu rules §11.6).")
        elif again and sizes[mover]:
            self.to_move = mover
            self.log.append(f"{who} moves again on the empty table.")
        else:
            self.to_move = next_holder(sizes, mover)
            if self.to_move == skip:
                self.to_move = next_holder(sizes, skip)
            if again:
                self.log.append(f"{who} burned with their last cards, so {self.names[self.to_move]} starts on the "
                                f"empty table.")
            elif not self.pile:
                self.log.append(f"{self.names[self.to_move]} starts on the empty table.")
        self.turn += 1
        if self.turn - 1 >= self.rules.turn_cap:
            self.result = PaskahousuResult("stalemate", None, self.turn - 1, tuple(self.out))
            self.log.append(f"The game reached the turn cap of {self.rules.turn_cap} turns and ends as a stalemate "
                            f"with no loser (Paskahousu rules §8.4, Decision (kit)).")

    def _end(self, loser: int) -> None:
        self.result = PaskahousuResult("loser", loser, max(self.turn - 1, 0), tuple(self.out))
        self.log.append(f"{self.names[loser]} alone still holds cards ({self.holds(loser)}) and is the "
                        f"Paskahousu: {self.names[loser]} loses the game (Paskahousu rules §8.3).")

    def _result_words(self) -> str:
        r = self.result
        if r is None:
            return "in progress"
        if r.outcome == "stalemate":
            return f"stalemate after {r.turn} turns"
        assert r.loser is not None  # only a stalemate has no loser
        return f"{self.names[r.loser]} is the Paskahousu after {r.turn} turns"

    UNDO_SHOWN_CHECK = ("A check showed the face-down cards to everyone, so it cannot be taken back "
                        "(Paskahousu rules §11.12). Play on from here or start a new game.")
    UNDO_SHOWN_TURN = ("A face-down table card, once turned over, has been seen by everyone, so turning it cannot be "
                       "taken back (Paskahousu rules §11.10). Play on from here or start a new game.")

    def _undo_blocked(self, action: Action) -> Refusal | None:
        """Undo is refused after an action that showed hidden cards — a Valepaska check (Paskahousu rules
        §11.12) or a turned face-down table card (Pöytäpaska, §11.10): taking it back would let the player
        choose again knowing those cards (rule ``"undo-shown"``; see :meth:`undo_refusal`)."""
        if isinstance(action, CheckAnnouncement):
            return Refusal(rule_ids.UNDO_SHOWN, self.UNDO_SHOWN_CHECK)
        if isinstance(action, TurnTableCard):
            return Refusal(rule_ids.UNDO_SHOWN, self.UNDO_SHOWN_TURN)
        return None

    def _snapshot(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "draw": list(self.draw_pile), "pile": list(self.pile),
                "burned": list(self.burned), "to_move": self.to_move, "turn": self.turn, "out": list(self.out),
                "result": self.result, "log": len(self.log), "opening": self._opening, "layer": self._layer,
                "face_up": [list(r) for r in self.face_up], "face_down": [list(r) for r in self.face_down],
                "bluff": self.bluff_state.copy()}

    def _restore(self, s: dict[str, Any]) -> None:
        self.hands, self.draw_pile, self.pile, self.burned = s["hands"], s["draw"], s["pile"], s["burned"]
        self.to_move, self.turn, self.out, self.result = s["to_move"], s["turn"], s["out"], s["result"]
        self._opening = s["opening"]
        self._layer = s["layer"]
        self.face_up, self.face_down, self.bluff_state = s["face_up"], s["face_down"], s["bluff"]
        del self.log[s["log"]:]

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game record, JSON-ready: format, version, rules, players, names, dealer, start (seed or
        position) and every action.  :meth:`from_record` replays it to an identical game."""
        return {"format": "paskahousu-record", "version": 1, "rules": self.rules.to_dict(),
                "players": self.players, "names": list(self.names), "dealer": self.dealer,
                "start": copy.deepcopy(self._start), "actions": [a.to_json() for a in self.actions]}

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes, upto: int | None = None) -> PaskahousuGame:
        """Replay a record (dict or JSON text), optionally only its first ``upto`` actions.

        Raises:
            RecordError: not JSON, not a Paskahousu record, a missing or malformed field (named), or an
                action that does not replay (its 1-based number and the rule are named).

        >>> g = PaskahousuGame.new(3, seed=5)
        >>> for _ in range(6): g.apply_action(g.legal_actions()[0])
        >>> PaskahousuGame.from_record(g.to_json()) == g
        True
        """
        rec = parse_record(record, "paskahousu-record")  # limits and schema: every field has its JSON type
        try:
            rules = HouseRules.from_dict(rec["rules"])
        except PaternosterError as e:
            raise RecordError(f"Field 'rules': {e}") from None
        players, names, dealer, start, actions = (rec["players"], rec["names"], rec["dealer"], rec["start"],
                                                  rec["actions"])
        try:
            rules.check_players(players)
        except RulesError as e:
            raise RecordError(f"Field 'players': {e}") from None
        check_names(names, players, RecordError)
        whole(dealer, "Field 'dealer' (the dealer's seat)", 0, players - 1, error=RecordError)
        try:
            if "seed" in start:
                game = cls.new(players, start["seed"], rules=rules, dealer=dealer, names=names)
            else:
                pos = start["position"]
                game = cls(rules, players, [record_cards(h, f"start.position.hands[{i}]") for i, h in enumerate(pos["hands"])],
                           record_cards(pos["draw_pile"], "start.position.draw_pile"),
                           record_cards(pos["pile"], "start.position.pile"),
                           record_cards(pos["burned"], "start.position.burned"),
                           pos["to_move"], dealer=dealer, names=names,
                           opening=pos.get("opening", False), opened=pos.get("opened", False), start=start,
                           face_up=None if "face_up" not in pos else [
                               record_cards(r, f"start.position.face_up[{i}]") for i, r in enumerate(pos["face_up"])],
                           face_down=None if "face_down" not in pos else [
                               record_cards(r, f"start.position.face_down[{i}]")
                               for i, r in enumerate(pos["face_down"])],
                           announced=cls._record_announcements(pos.get("announced")),
                           deciders=pos.get("deciders"))
                game.turn = whole(pos.get("turn", 1), "start.position.turn", 1, MAX_TURN, error=RecordError)
                out = pos.get("out", game.out)
                if sorted(out) != sorted(game.out) or len(set(out)) != len(out):
                    raise RecordError(f"Field 'out' (in start.position) is {short(out)}, but the players without "
                                      f"cards are {game.out}.")
                game.out = list(out)
                if "layer" in pos:
                    game._layer = whole(pos["layer"], "start.position.layer", 0, players - 1, error=RecordError) \
                        if pos["layer"] is not None else None
        except RecordError:
            raise
        except PaternosterError as e:
            raise RecordError(f"Field 'start' describes no valid game: {e}") from None
        game._start = start
        n = len(actions) if upto is None else whole(upto, "upto (actions to replay)", 0, len(actions), error=RecordError)
        for i, a in enumerate(actions[:n], 1):
            try:
                game.apply_action(action_from_json(a))
            except RecordError as e:
                raise RecordError(f"Action {i} of {len(actions)}: {e}") from None
            except (IllegalPlayError, CardParseError) as e:
                rule = f" (rule {e.rule})" if isinstance(e, IllegalPlayError) else ""
                raise RecordError(f"Action {i} of {len(actions)} does not replay{rule}: {e}") from None
        return game

    @staticmethod
    def _record_announcements(value: Any) -> list[Announcement] | None:
        if value is None:
            return None
        try:
            return [bluff_rules.announcement_from_json(a) for a in value]
        except ValueError as e:
            raise RecordError(f"Field 'announced' (in start.position): {e}.") from None

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        state = (f"over={self._result_words()!r}" if self.result else f"to_move={self.names[self.to_move]!r}")
        top = self.top.label("en") if self.top else None
        if self.bluff and self.pile:  # Valepaska: the face-down top is shown as announced, not as it is
            top = "announced " + rank_label(self.bluff_state.announced[-1].rank)
        return (f"PaskahousuGame(players={self.players}, turn={self.turn}, {state}, top={top!r}, "
                f"pile={len(self.pile)}, draw_pile={len(self.draw_pile)}, "
                f"hands={[len(h) for h in self.hands]}, burned={len(self.burned)})")

    def _repr_html_(self) -> str:
        status = html.escape(self._result_words()) if self.result else (
            f"Turn {self.turn}: {html.escape(self.names[self.to_move])} to move")
        rows = []
        for i, (n, h) in enumerate(zip(self.names, self.hands)):
            mark = " ◀ to move" if i == self.to_move and self.result is None else ""
            mark += " (out)" if i in self.out else ""
            mark += " (Paskahousu)" if self.result and self.result.loser == i else ""
            rows.append(f"<tr><td>{html.escape(n)}{mark}</td><td>{cards_html(_by_strength(h))}</td>"
                        f"<td>{len(h)}</td></tr>")
        top = cards_html(self.pile[-4:]) if self.pile else "<i>empty table</i>"
        return (f'<div class="pk-game"><div><b>{status}</b></div>'
                f"<div>Discard pile ({len(self.pile)}; top last): {top}</div>"
                f"<table><tr><th>player</th><th>hand</th><th>cards</th></tr>{''.join(rows)}</table>"
                f"<div>Draw pile: {len(self.draw_pile)} cards · burned: {len(self.burned)} cards</div></div>")
