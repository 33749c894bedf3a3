"""A Paskahousu position: construction (``new``, ``from_position``), validation, the opening, and the state
queries the rest of the game reads (the top of the pile, where a player's cards come from, the kinds)."""

from __future__ import annotations

from typing import Any, Iterable, Self, Sequence

from ..core.base import GameBase
from ..core.cards import Card, full_deck
from ..core.checks import MAX_SEED, check_bool, check_names, plural, short, whole
from ..core.errors import PositionError, RulesError
from ..core.refusal import cards_field
from . import bluff as bluff_rules
from . import table_cards as table_rules
from . import texts
from .actions import Action, PaskahousuResult, PlayCards
from .bluff import Announcement, BluffState
from .deal import deal, fixed_opening, standard_opening, tied_with
from .options import PLAY
from .order import turn_order
from .ranks import (KIND_LEVEL, S9, STRENGTH_OF_RUNG, acceptance_lists, kind_count, kind_of_rung, play_limits,
                    plural_word, rank_word, strength)
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["PaskahousuState", "counts_of", "by_strength", "check_cards", "table_row", "bluff_start"]


def counts_of(hand: Iterable[Card], kinds: Sequence[int] = STRENGTH_OF_RUNG, k: int = 13) -> list[int]:
    """Cards of each kind in ``hand`` (``kinds``: the kind of every rung, :func:`~.ranks.kind_of_rung`)."""
    c = [0] * k
    for card in hand:
        c[kinds[card.rung]] += 1
    return c


def by_strength(cards: Iterable[Card], kinds: Sequence[int] = STRENGTH_OF_RUNG) -> list[Card]:
    """Cards in Paskahousu's order, 3 … 2 (suits ♦ ♥ ♠ ♣ within a rank) — how hands are shown (under Nur
    Schwarze zählen a red 2 first, red 10s and aces before the black ones)."""
    return sorted(cards, key=lambda c: (KIND_LEVEL[kinds[c.rung]], kinds[c.rung], c.suit))


def _check_rules(rules: Any) -> HouseRules:
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
    return rules


def check_cards(cards: Iterable[Card], decks: int) -> None:
    """Every card of the deck(s) is in exactly one place: ``cards`` are all the position's cards (Paskahousu rules
    §1.2, §11.9).

    Raises:
        PositionError: a card more often than the decks have it, or missing (the cards are named).
    """
    seen: dict[Card, int] = {}
    for c in cards:
        seen[c] = seen.get(c, 0) + 1
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


def table_row(rows: Sequence[Sequence[Card]] | None, field: str, table_cards: bool, players: int) -> list[list[Card]]:
    """Pöytäpaska's face-up or face-down cards per seat, checked against the house rules."""
    if rows is None or (not table_cards and not any(rows)):
        return [[] for _ in range(players)]
    if not table_cards:
        raise PositionError(f"{field}: table cards belong to the house rule Pöytäpaska (Paskahousu rules §11.10), "
                            "which these house rules do not play; give no table cards or switch table_cards on.")
    if len(rows) != players:
        raise PositionError(f"{field}: {plural(len(rows), 'row')} of table cards given for "
                            f"{plural(players, 'player')}; give one per player.")
    out = [list(r) for r in rows]
    for i, r in enumerate(out):
        if len(r) > table_rules.FACE_UP_CARDS:
            raise PositionError(f"{field}[{i}]: {plural(len(r), 'card')}, but a player has at most "
                                f"{table_rules.FACE_UP_CARDS} (Paskahousu rules §11.10).")
    return out


def bluff_start(bluff: bool, players: int, pile: list[Card], announced: Sequence[Announcement] | None,
                deciders: Sequence[int] | None, to_move: int) -> BluffState:
    """Valepaska's announcements for the discard pile and the open check window, checked."""
    if not bluff:
        if announced or deciders:
            raise PositionError("announced/deciders belong to the house rule Valepaska (Paskahousu rules "
                                "§11.12), which these house rules do not play.")
        return BluffState()
    if announced is None:
        # a hand-written position: the pile's cards lie face up, in groups of one rank, laid by the seat before
        groups: list[Announcement] = []
        seat = (to_move - 1) % players if isinstance(to_move, int) else 0
        for c in pile:
            if groups and groups[-1].rank == c.rank:
                groups[-1] = Announcement(seat, c.rank, groups[-1].count + 1, True)
            else:
                groups.append(Announcement(seat, c.rank, 1, True))
        announced = groups
    announced = list(announced)
    if any(not isinstance(a, Announcement) for a in announced):
        raise PositionError("announced: give Announcement(seat, rank, count, face_up) entries.")
    if sum(a.count for a in announced) != len(pile):
        raise PositionError(f"announced: the announcements name {sum(a.count for a in announced)} cards, but "
                            f"the discard pile holds {len(pile)}; every card on the pile belongs to one "
                            "announcement (Paskahousu rules §11.12).")
    k = 0
    for a in announced:
        if not 0 <= a.seat < players:
            raise PositionError(f"announced: seat {a.seat} is not at this table.")
        if a.face_up and not bluff_rules.is_true(pile[k:k + a.count], a.rank):
            raise PositionError(f"announced: {a.words()} lie face up, but the cards are "
                                f"{texts.labels(pile[k:k + a.count])}.")
        k += a.count
    deciders = [whole(d, "deciders (seats)", 0, players - 1) for d in (deciders or [])]
    if deciders:
        last = announced[-1] if announced else None
        if last is None or last.face_up or last.seat in deciders or len(set(deciders)) != len(deciders):
            raise PositionError("deciders: a check window needs a face-down announcement on top, and the "
                                "deciders are other players, each once.")
    return BluffState(announced, deciders)


class PaskahousuState(GameBase[Action]):
    """The position of a game of Paskahousu, checked when it is built (see :class:`~paternoster.paskahousu.PaskahousuGame`)."""

    #: The sentence of the kernel's ``nothing-to-undo`` refusal, as Paskahousu words it.
    NOTHING_TO_UNDO = texts.NOTHING_TO_UNDO

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: HouseRules, players: int, hands: list[list[Card]], draw_pile: list[Card],
                 pile: list[Card], burned: list[Card], to_move: int, *, dealer: int = 0,
                 names: Sequence[str] | None = None, opening: bool = False, opened: bool = False,
                 start: dict[str, Any] | None = None, face_up: Sequence[Sequence[Card]] | None = None,
                 face_down: Sequence[Sequence[Card]] | None = None,
                 announced: Sequence[Announcement] | None = None, deciders: Sequence[int] | None = None) -> None:
        self.rules = _check_rules(rules)
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
        self.face_up: list[list[Card]] = table_row(face_up, "face_up", self.table_cards, self.players)
        self.face_down: list[list[Card]] = table_row(face_down, "face_down", self.table_cards, self.players)
        #: Valepaska's announcements and check window (Paskahousu rules §11.12).
        self.bluff_state = bluff_start(self.bluff, self.players, self.pile, announced, deciders, to_move)
        check_cards([c for h in self.hands for c in h] + self.draw_pile + self.pile + self.burned
                    + [c for row in self.face_up + self.face_down for c in row], rules.decks)
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
        self._order = turn_order(rules)
        self._layer: int | None = None  # who laid the bottom of the pile (10 und Ass auf dem leeren Tisch, A nochmal)
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
            self._start_opening()
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

    def _end(self, loser: int) -> None:
        self.result = PaskahousuResult("loser", loser, max(self.turn - 1, 0), tuple(self.out))
        self.log.append(texts.loser(self.names[loser], self.holds(loser)))

    def _start_opening(self) -> None:
        """Who opens and the lays they may make (Paskahousu rules §4: the most 3s lay all of them, Nur einzeln
        capping the lay, §11.5; Fester Anfang §11.3: the first from the dealer's left with a 3 lays one or
        more 3s, nobody: the dealer's left any lay).  Writes the opening's sentence."""
        counts = [counts_of(h, self._kinds, self._k) for h in self.hands]
        if self.rules.fixed_start:
            seat, opts, passed = fixed_opening(counts, self.dealer, self._base_table[0], self._limits)
            if passed < 0:
                self.log.append(texts.opening_fixed_no_three(self.names[seat]))
            else:
                left = self.dealer + 1
                self.log.append(texts.opening_fixed(self.names[seat], [self.names[(left + i) % self.players]
                                                                       for i in range(passed)]))
        else:
            seat, s, n = standard_opening(counts, self.dealer, self._limits)
            opts = [(PLAY, s, n)]
            self.log.append(texts.opening_most([self.names[p] for p in [seat, *tied_with(counts, seat, s)]],
                                               plural_word(s), counts[seat][s], n < counts[seat][s]))
        self.to_move = seat
        by_kind = self._by_kind(self.hands[seat])
        self._opening = [PlayCards(tuple(by_kind[s][:n])) for _, s, n in opts]

    def _by_kind(self, hand: Iterable[Card]) -> list[list[Card]]:
        out: list[list[Card]] = [[] for _ in range(self._k)]
        for c in sorted(hand):
            out[self._kinds[c.rung]].append(c)
        return out

    @classmethod
    def new(cls, players: int = 4, seed: int = 0, *, rules: HouseRules = STANDARD_HOUSE_RULES, dealer: int = 0,
            names: Sequence[str] | None = None) -> Self:
        """A freshly shuffled and dealt game; the opener is to move (Paskahousu rules §3–§4).

        Args:
            players: 2–6 (Paskahousu rules §1.2).
            seed: any non-negative int; the same seed, dealer and player count give the same deal (see
                :func:`~paternoster.paskahousu.deal`).
            rules: house rules.
            dealer: the dealer's seat; dealing and the tie-break for the opener start at the seat to the dealer's left.
            names: player names (default "Player 1" …).

        The first action must be the opening lay — all of the opener's 3s (or 4s, …);
        :meth:`legal_actions` offers only that.

        Raises:
            RulesError: player count not allowed; PositionError: ``dealer`` or ``names`` wrong;
            PositionError: ``seed`` not a whole number ≥ 0.

        >>> from paternoster.paskahousu import PaskahousuGame
        >>> g = PaskahousuGame.new(players=4, seed=1)
        >>> [len(h) for h in g.hands], len(g.draw_pile), g.legal_actions() == [g.opening]
        ([5, 5, 5, 5], 32, True)
        """
        rules = _check_rules(rules)
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
                      deciders: Sequence[int] | None = None) -> Self:
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

        >>> from paternoster.paskahousu import PaskahousuGame
        >>> g = PaskahousuGame.from_position(["3♦ 3♠ 7♥", "3♣ 3♥ 9♦", "4♠"], dealer=2, opening=True)
        >>> g.names[g.to_move], g.opening
        ('Player 1', PlayCards(cards=(Card('3♦'), Card('3♠'))))
        """
        if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
            raise PositionError(f"hands must be a list with one hand per player, e.g. ['3♦ 4♠', '9♥ K♠'], not {short(hands)}.")
        rules = _check_rules(rules)
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

    def rearranged(self, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card], pile: Sequence[Card],
                   burned: Sequence[Card], face_down: Sequence[Sequence[Card]]) -> Self:
        """This position with other cards in its places — what the evaluator's re-deals build (the cards a
        seat cannot see dealt afresh): every count, the face-up table cards, the announcements, the open
        check window, the turn, who is out, the opening and who laid the pile's bottom card stay as they are.
        No log, no actions, no undo.

        Raises:
            PositionError: the cards are not the deck's cards, each in one place (:func:`check_cards`), or a
                count differs from this position's.
        """
        sizes = lambda rows: [len(r) for r in rows]  # noqa: E731
        if (sizes(hands) != sizes(self.hands) or len(draw_pile) != len(self.draw_pile) or len(pile) != len(self.pile)
                or len(burned) != len(self.burned) or sizes(face_down) != sizes(self.face_down)):
            raise PositionError("rearranged: every hand, pile and row keeps its number of cards.")
        g = type(self)(self.rules, self.players, [list(h) for h in hands], list(draw_pile), list(pile), list(burned),
                       self.to_move, dealer=self.dealer, names=self.names, opened=self.opened,
                       start={}, face_up=self.face_up if self.table_cards else None,
                       face_down=[list(r) for r in face_down] if self.table_cards else None,
                       announced=self.bluff_state.announced if self.bluff else None,
                       deciders=self.bluff_state.deciders if self.bluff else None)
        g.turn, g.out, g._layer = self.turn, list(self.out), self._layer
        if self._opening is not None:
            g._opening, g.to_move = list(self._opening), self.to_move
        g._start = {"position": g.to_position()}
        return g

    # ------------------------------------------------------------------ positions
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
        if not isinstance(other, PaskahousuState):
            return NotImplemented
        return self.rules == other.rules and self.to_position() == other.to_position() and self.result == other.result

    # ------------------------------------------------------------------ state queries
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

    @property
    def layer(self) -> int | None:
        """Who laid the bottom card of the discard pile (10 und Ass auf dem leeren Tisch, "A nochmal", Paskahousu
        rules §11.6), ``None`` before anyone did."""
        return self._layer

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
        game; one or more 3s, or any card, under Fester Anfang, Paskahousu rules §11.3), else ``[]``.
        Each lay takes the lowest suits; any other cards of the same rank and count open just as well
        (suits do not matter, Paskahousu rules §2)."""
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

    @property
    def acceptance_rows(self) -> tuple[tuple[int, ...], ...]:
        """The acceptance table of these house rules as rows, as it stands now: ``rows[top + 1][s]`` is the
        verdict for a card of kind ``s`` on a top of kind ``top`` (``top = -1``: empty table); see
        :func:`~paternoster.paskahousu.ranks.acceptance_lists` (under Bildkarten erst später ``"nine"`` it
        changes once every 9 is burned)."""
        return self._table

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

    def _source(self) -> list[Card]:
        """The cards the player to move plays from: the hand, or in Pöytäpaska the face-up table cards once hand
        and draw pile are empty (Paskahousu rules §11.10)."""
        if self.phase() == table_rules.FACE_UP:
            return self.face_up[self.to_move]
        return self.hand

    def _top_text(self) -> str:
        """The top card for sentences: ``'6♣'``, or in Valepaska the announced rank when the top cards lie face
        down (cards laid face up — the opening lay, a lucky card — are named as they are)."""
        if self.bluff and self.bluff_state.announced and not self.bluff_state.announced[-1].face_up:
            w = rank_word(strength(self.bluff_state.announced[-1].rank))
            return texts.announced_top(w[w.index(' ') + 1:])
        return str(self.top)

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

    def _result_words(self) -> str:
        r = self.result
        if r is None:
            return texts.result_words(None)
        return texts.result_words(r.outcome, "" if r.loser is None else self.names[r.loser], r.turn)
