"""A game of Paternoster: the table, the turn, legal plays, refusals, end and score.

The state follows OpenSpiel's shape — :meth:`Game.legal_actions`,
:meth:`Game.apply_action`, :meth:`Game.is_terminal`, :meth:`Game.returns` —
with friendlier names beside it for lessons (:meth:`Game.play`,
:meth:`Game.end_turn`, :meth:`Game.legal_plays`, :meth:`Game.why_not`).

A small game from an explicit position (seed example 'Sprung mit Rückschritt')::

    >>> g = Game.from_position(hands=["9♥ 8♥ 7♥ 3♣ 4♣ 5♣ 6♣"], piles=["7♣", "", "", ""], players=1,
    ...                        draw_pile="K♣ K♠")
    >>> g.play("9♥", "up 1")
    LegalPlay(card=Card('9♥'), pile=0, kind='normal', skipped=5)
    >>> g.play("8♥", "up 1")
    LegalPlay(card=Card('8♥'), pile=0, kind='setback', skipped=-4)
    >>> g.piles[0].top
    Card('8♥')
    >>> g.play("7♥", "up 1")
    Traceback (most recent call last):
    ...
    paternoster.errors.IllegalPlayError: 7♥ on up pile 1 (top 8♥) would be a setback, but this turn's setback is already used: at most one setback per turn (seed, 'Ein Rückschritt pro Zug'). It may wait for the next turn.
"""

from __future__ import annotations

import copy
import html
import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence, Union

import numpy as np

from .cards import Card, cards_html, full_deck, parse_card, parse_cards
from ._check import plural, whole
from .errors import CardParseError, IllegalPlayError, PositionError, RecordError, RulesError
from .ladder import NORMAL, SETBACK, Direction, Placement, placement, setback_card
from .rules import STANDARD, Rules

__all__ = ["Pile", "Play", "EndTurn", "LegalPlay", "Refusal", "Result", "Game", "Action"]


# --------------------------------------------------------------------------- piles

@dataclass
class Pile:
    """One pile on the table.

    Attributes:
        index: 0-based position on the table (up piles first, then down piles).
        direction: ``"up"`` or ``"down"``.
        number: 1-based number among piles of its direction ("up pile 2").
        cards: bottom → top.
    """

    index: int
    direction: Direction
    number: int
    cards: list[Card] = field(default_factory=list)

    @property
    def name(self) -> str:
        """``'up pile 1'``, ``'down pile 2'`` …"""
        return f"{self.direction} pile {self.number}"

    @property
    def top(self) -> Card | None:
        """The top card, or ``None`` when the pile is empty."""
        return self.cards[-1] if self.cards else None

    def fits(self, card: Card) -> Placement | None:
        """How ``card`` fits this pile, ignoring the turn's setback allowance."""
        return placement(card, self.direction, self.top)

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, top={self.top.label('en') if self.top else None!r}, cards={len(self.cards)})"

    def _repr_html_(self) -> str:
        arrow = "↑" if self.direction == "up" else "↓"
        top = cards_html([self.top]) if self.top else "<i>empty</i>"
        return f"<b>{arrow} {html.escape(self.name)}</b>: {top} <small>({len(self.cards)} cards)</small>"


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Play:
    """Action: play ``card`` from the hand of the player to move onto pile ``pile`` (0-based)."""

    card: Card
    pile: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", parse_card(self.card))

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card.label("en"), "pile": self.pile}


@dataclass(frozen=True)
class EndTurn:
    """Action: end the turn (draw back up to hand size; next player)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "end"}


Action = Union[Play, EndTurn]


@dataclass(frozen=True)
class LegalPlay:
    """A play the rules allow now.

    Attributes:
        card: the card.
        pile: pile index (0-based).
        kind: ``"normal"`` or ``"setback"``.
        skipped: cost in rungs (see :class:`paternoster.ladder.Placement`).
    """

    card: Card
    pile: int
    kind: str
    skipped: int

    @property
    def action(self) -> Play:
        return Play(self.card, self.pile)


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action.

    Attributes:
        rule: a short id — ``game-over``, ``not-in-hand``, ``no-such-pile``,
            ``up-pile-order``, ``down-pile-order``, ``one-setback-per-turn``,
            ``minimum-play``, ``nothing-to-undo``, ``unknown-action``.
        message: a sentence naming the rule and what the player can do.
    """

    rule: str
    message: str


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    Attributes:
        outcome: ``"perfect"`` (every card played) or ``"stuck"`` (the player to
            move could not reach the minimum).
        remaining: remaining cards = all hands + draw pile (lower is better).
        hands: remaining cards per player.
        draw_pile: cards left in the draw pile.
        turn: the turn in which the game ended (1-based).
        player: seat of the player who was stuck (``None`` when perfect).
    """

    outcome: str
    remaining: int
    hands: tuple[int, ...]
    draw_pile: int
    turn: int
    player: int | None = None

    @property
    def perfect(self) -> bool:
        return self.outcome == "perfect"


# --------------------------------------------------------------------------- the game

class Game:
    """A game of Paternoster in progress (standard rules, 1–5 players).

    Build one with :meth:`new` (shuffled from a seed) or :meth:`from_position`
    (an explicit table, as the lessons do), or replay a record with
    :meth:`from_record`.

    Public attributes (read them, change the game only through actions):
        rules (:class:`Rules`), players (int), names (list of str),
        hands (list of card lists), draw_pile (list, index 0 is the top card),
        piles (list of :class:`Pile`), to_move (seat), turn (1-based),
        played_this_turn (cards), setbacks_this_turn (count),
        turn_minimum (cards, fixed when the turn starts), log (one sentence per action).
    """

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules, players: int, hands: list[list[Card]], draw_pile: list[Card],
                 piles: list[list[Card]], to_move: int = 0, *, names: Sequence[str] | None = None,
                 setbacks_this_turn: int = 0, played_this_turn: int = 0, turn: int = 1,
                 turn_minimum: int | None = None, start: dict[str, Any] | None = None) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {rules!r}.")
        rules.check_players(players)
        self.rules = rules
        self.players = players
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            raise PositionError(f"names must be a list of texts, one per player, e.g. ['Anna', 'Ben'], not {names!r}.")
        self.names = list(names)
        if len(self.names) != players:
            raise PositionError(f"names: {plural(len(self.names), 'name')} given for {plural(players, 'player')}; "
                                "give one name per player.")
        turn = whole(turn, "turn", lo=1)
        setbacks_this_turn = whole(setbacks_this_turn, "setbacks_this_turn", lo=0)
        played_this_turn = whole(played_this_turn, "played_this_turn", lo=0)
        if turn_minimum is not None:
            turn_minimum = whole(turn_minimum, "turn_minimum", lo=1, hi=rules.cards)
        self.hands = [list(h) for h in hands]
        self.draw_pile = list(draw_pile)
        self.piles = self._make_piles(piles)
        self._validate(to_move)
        self.to_move = to_move
        self.turn = turn
        self.played_this_turn = played_this_turn
        self.setbacks_this_turn = setbacks_this_turn
        self.turn_minimum = turn_minimum if turn_minimum is not None else self._minimum_now()
        self.log: list[str] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []  # len(log) before each action, to find an action's sentences
        self._undo: list[dict[str, Any]] = []
        self._start = start if start is not None else {"position": self.to_position()}
        self.result: Result | None = None
        self._check_over()

    def _make_piles(self, piles: list[list[Card]]) -> list[Pile]:
        r = self.rules
        if len(piles) != r.piles:
            raise PositionError(f"piles: the rules have {r.up_piles} up and {r.down_piles} down piles, "
                                f"so give {r.piles} piles (up piles first), not {len(piles)}.")
        out = []
        for i, cards in enumerate(piles):
            up = i < r.up_piles
            out.append(Pile(i, "up" if up else "down", i + 1 if up else i + 1 - r.up_piles, list(cards)))
        return out

    def _validate(self, to_move: int) -> None:
        """Refuse tables that cannot occur: wrong number of hands, a card more often than the decks hold, a bad seat."""
        if len(self.hands) != self.players:
            raise PositionError(f"hands: {plural(len(self.hands), 'hand')} given for {plural(self.players, 'player')}; "
                                "give one per player.")
        counts: dict[Card, int] = {}
        for c in [c for h in self.hands for c in h] + self.draw_pile + [c for p in self.piles for c in p.cards]:
            counts[c] = counts.get(c, 0) + 1
        too_many = sorted(c for c, n in counts.items() if n > self.rules.decks)
        if too_many:
            d = self.rules.decks
            copies = "once" if d == 1 else ("twice" if d == 2 else f"{d} times")
            raise PositionError(f"The position has too many copies of: "
                                + ", ".join(f"{c} ×{counts[c]}" for c in too_many)
                                + f". With {plural(d, 'deck')} each card exists {copies}.")
        whole(to_move, "to_move (the seat of the player to move)", lo=0, hi=self.players - 1)

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, *, rules: Rules = STANDARD, first: int = 0,
            names: Sequence[str] | None = None) -> "Game":
        """A freshly shuffled game.

        Args:
            players: 1–5 (standard rules).
            seed: any non-negative int; the same seed, rules and player count give the same deal.
            rules: the rule set.
            first: seat that starts (the team chooses; spec section 2).
            names: player names (default "Player 1" …).

        **Decision** (kit): the deck is shuffled with ``numpy.random.default_rng(seed)``
        and dealt one card at a time, clockwise from ``first``; the rest is the draw pile.

        Raises:
            RulesError: player count not allowed; PositionError: ``first`` is not a seat.

        >>> g = Game.new(players=2, seed=1)
        >>> [len(h) for h in g.hands], len(g.draw_pile)
        ([7, 7], 90)
        """
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {rules!r}.")
        rules.check_players(players)
        seed = whole(seed, "seed", lo=0)
        first = whole(first, "first (the starting seat)", lo=0, hi=players - 1)
        deck = full_deck(rules.decks)
        order = np.random.default_rng(int(seed)).permutation(len(deck))
        shuffled = [deck[i] for i in order]
        size = rules.hand_size(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for k in range(size * players):
            hands[(first + k) % players].append(shuffled[k])
        draw = shuffled[size * players:]
        piles: list[list[Card]] = [[] for _ in range(rules.piles)]
        return cls(rules, players, hands, draw, piles, first, names=names,
                   start={"seed": int(seed), "first": first})

    @classmethod
    def from_position(cls, hands: Sequence[str | Iterable[str | Card]], piles: Sequence[str | Iterable[str | Card]] | None = None,
                      draw_pile: str | Iterable[str | Card] = (), *, players: int | None = None,
                      rules: Rules = STANDARD, to_move: int = 0, names: Sequence[str] | None = None,
                      setback_used: bool = False, played_this_turn: int = 0,
                      turn_minimum: int | None = None, hand_size_check: bool = True) -> "Game":
        """A game from an explicit table — the lessons' worked examples.

        Args:
            hands: one entry per player, each a card string (``"4♦ 5♣ 8♥"``) or a list of cards.
            piles: one entry per pile, up piles first, each bottom → top (``""`` = empty).
                Default: all empty.
            draw_pile: top card first.  Cards of the game that are in none of these
                places count as already played (hidden in the piles).
            players: defaults to ``len(hands)``.
            to_move: seat of the player to move.
            setback_used: the player to move already made this turn's setback.
            played_this_turn: cards the player to move already played this turn.
            turn_minimum: the minimum for this turn (default from the draw pile: spec section 4).
            hand_size_check: refuse hands bigger than the hand size (default on).

        Raises:
            CardParseError: a card cannot be read.
            PositionError: more copies of a card than the decks hold, wrong number
                of hands or piles, a hand over the hand size, a bad seat.

        >>> g = Game.from_position(["4♦ 5♣ 8♥ 10♣ D♠ 3♥", "", ""], piles=["4♦", "", "6♠", ""],
        ...                        draw_pile=["2♣"] * 2, names=["Anna", "Ben", "Carla"], hand_size_check=False)
        >>> g.names[g.to_move], g.turn_minimum
        ('Anna', 2)
        """
        if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
            raise PositionError(f"hands must be a list with one hand per player, e.g. ['4♦ 5♣', '9♥ K♠'], not {hands!r}.")
        if piles is not None and (isinstance(piles, str) or not isinstance(piles, (list, tuple))):
            raise PositionError(f"piles must be a list with one entry per pile (up piles first), e.g. "
                                f"['4♦', '', '6♠', ''], not {piles!r}.")
        players = len(hands) if players is None else players
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {rules!r}.")
        rules.check_players(players)
        if len(hands) != players:
            raise PositionError(f"hands: {plural(len(hands), 'hand')} given for {plural(players, 'player')}; "
                                "give one per player.")
        hs = [_cards_field(h, f"hands[{i}]") for i, h in enumerate(hands)]
        ps = [_cards_field(p, f"piles[{i}]") for i, p in enumerate(piles if piles is not None else [()] * rules.piles)]
        dp = _cards_field(draw_pile, "draw_pile")
        if hand_size_check:
            size = rules.hand_size(players)
            for i, h in enumerate(hs):
                if len(h) > size:
                    raise PositionError(f"hands[{i}] holds {len(h)} cards, more than the hand size {size} for "
                                        f"{players} players; remove cards or pass hand_size_check=False.")
        return cls(rules, players, hs, dp, ps, to_move, names=names,
                   setbacks_this_turn=int(bool(setback_used)), played_this_turn=played_this_turn,
                   turn_minimum=turn_minimum)

    # ------------------------------------------------------------------ positions and copies
    def to_position(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict (cards in English notation).

        Two games are equal (``==``) exactly when their positions are equal.
        """
        return {
            "players": self.players,
            "names": list(self.names),
            "hands": [[c.label("en") for c in h] for h in self.hands],
            "draw_pile": [c.label("en") for c in self.draw_pile],
            "piles": [[c.label("en") for c in p.cards] for p in self.piles],
            "to_move": self.to_move,
            "turn": self.turn,
            "setbacks_this_turn": self.setbacks_this_turn,
            "played_this_turn": self.played_this_turn,
            "turn_minimum": self.turn_minimum,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules == other.rules and self.to_position() == other.to_position()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> "Game":
        """An independent copy (history and undo included)."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ queries
    @property
    def hand(self) -> list[Card]:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    @property
    def setback_used(self) -> bool:
        """Whether this turn's setback allowance is used up (one per turn, spec section 3)."""
        return self.setbacks_this_turn >= self.rules.setbacks_per_turn

    @property
    def still_to_play(self) -> int:
        """Cards the player to move must still play this turn to reach the minimum."""
        return max(0, self.turn_minimum - self.played_this_turn)

    @property
    def minimum_met(self) -> bool:
        """The player to move may end the turn (minimum reached, or no cards left in hand)."""
        return self.played_this_turn >= self.turn_minimum or not self.hand

    @property
    def remaining(self) -> int:
        """Remaining cards: all hands + draw pile (spec section 5)."""
        return sum(len(h) for h in self.hands) + len(self.draw_pile)

    def is_terminal(self) -> bool:
        """Whether the game has ended (OpenSpiel name)."""
        return self.result is not None

    is_over = is_terminal

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: every player of the team gets −remaining cards (0 = perfect)."""
        return [-float(self.remaining)] * self.players

    def current_player(self) -> int:
        """Seat of the player to move (OpenSpiel name)."""
        return self.to_move

    def pile(self, pile: int | str) -> Pile:
        """A pile by index (0-based) or name (``"up 1"``, ``"down2"``, ``"u1"``).

        Raises:
            IllegalPlayError: rule ``no-such-pile``.
        """
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        return self.piles[ref]

    def _pile_ref(self, pile: int | str | Pile) -> int | Refusal:
        names = ", ".join(p.name for p in self.piles)
        if isinstance(pile, Pile):
            pile = pile.index
        if isinstance(pile, (int, np.integer)) and not isinstance(pile, bool):
            if 0 <= pile < len(self.piles):
                return int(pile)
            return Refusal("no-such-pile", f"There is no pile {pile}: piles are numbered 0 to "
                                           f"{len(self.piles) - 1} ({names}).")
        if isinstance(pile, str):
            m = re.fullmatch(r"\s*(up|down|u|d)\s*(?:pile)?\s*(\d+)\s*", pile.lower())
            for p in self.piles:
                if m and p.direction.startswith(m.group(1)) and p.number == int(m.group(2)):
                    return p.index
        return Refusal("no-such-pile", f"There is no pile {pile!r}: write a pile index (0 to "
                                       f"{len(self.piles) - 1}) or a name ({names}).")

    def _minimum_now(self) -> int:
        # Spec section 4: once the draw pile is empty at the start of a turn, the minimum is 1.
        return self.rules.minimum if self.draw_pile else self.rules.minimum_without_draw_pile

    def legal_plays(self) -> list[LegalPlay]:
        """Every play allowed now: one entry per distinct hand card and pile.

        Returns:
            list of :class:`LegalPlay` (card, pile, kind, skipped rungs), sorted by pile, then rung.
            Empty when the game is over.
        """
        if self.result is not None:
            return []
        return _plays(self.hand, self.piles, not self.setback_used)

    def legal_actions(self) -> list[Action]:
        """Every action allowed now: the legal plays, plus :class:`EndTurn` once the minimum is met."""
        acts: list[Action] = [lp.action for lp in self.legal_plays()]
        if self.result is None and self.minimum_met:
            acts.append(EndTurn())
        return acts

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` naming the rule."""
        if self.result is not None:
            todo = "Start a new game or undo." if self._undo else "Start a new game."
            return Refusal("game-over", f"The game is over ({self._result_words()}); no more plays. {todo}")
        if isinstance(action, EndTurn):
            if self.minimum_met:
                return None
            who = self.names[self.to_move]
            why = "the draw pile is empty" if not self.draw_pile and self.turn_minimum == self.rules.minimum_without_draw_pile \
                else "the draw pile still has cards"
            return Refusal("minimum-play", f"{who} has played {plural(self.played_this_turn, 'card')} this turn; the "
                                           f"minimum play is {self.turn_minimum} ({why}; seed, 'Ein Zug'). "
                                           f"Play {self.still_to_play} more before ending the turn.")
        if not isinstance(action, Play):
            return Refusal("unknown-action", f"{action!r} is not an action: use Play(card, pile) or EndTurn().")
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            who = self.names[self.to_move]
            have = " ".join(str(c) for c in sorted(self.hand)) or "no cards"
            return Refusal("not-in-hand", f"{who} (to move) has no {card} in hand; the hand is: {have}.")
        fit = pile.fits(card)
        top = pile.top
        if fit is None:
            assert top is not None
            if pile.direction == "up":
                sb = setback_card("up", top)
                hint = f" The only setback here would be {sb}." if sb else " There is no setback below an Ace."
                return Refusal("up-pile-order",
                               f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and an up pile "
                               f"takes only a card at least as high (rung {top.rung} or more; {card} is rung "
                               f"{card.rung}) — seed, 'Wohin darf eine Karte?'.{hint}")
            sb = setback_card("down", top)
            hint = f" The only setback here would be {sb}." if sb else " There is no setback above a King."
            return Refusal("down-pile-order",
                           f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and a down pile "
                           f"takes only a card at least as low (rung {top.rung} or less; {card} is rung "
                           f"{card.rung}) — seed, 'Wohin darf eine Karte?'.{hint}")
        if fit.kind == SETBACK and self.setback_used:
            return Refusal("one-setback-per-turn",
                           f"{card} on {pile.name} (top {top}) would be a setback, but this turn's setback is "
                           f"already used: at most one setback per turn (seed, 'Ein Rückschritt pro Zug'). "
                           f"It may wait for the next turn.")
        return None

    def why_not(self, card: str | Card, pile: int | str) -> str | None:
        """The refusal message for playing ``card`` on ``pile`` now, or ``None`` if it is legal.

        Raises:
            CardParseError: ``card`` cannot be read.
        """
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            return ref.message
        r = self.check(Play(parse_card(card), ref))
        return None if r is None else r.message

    def sentences(self, k: int) -> list[str]:
        """The log sentences the ``k``-th action (1-based) added; ``k = 0``: those before any action.

        Raises:
            IndexError: ``k`` outside 0 … ``len(actions)``.
        """
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"k must be 0 to {len(self.actions)} (actions taken), not {k}.")
        marks = self._marks + [len(self.log)]
        return self.log[(marks[k - 1] if k else 0):marks[k]]

    def can_reach_minimum(self) -> bool:
        """Look-ahead: can the player to move still play enough cards this turn?

        Searches every order of plays from here (the setback allowance included).
        True when the minimum is already met.  Spec section 5 (Decision: the end is
        judged move by move; this query shows a doomed turn before it ends).
        """
        if self.result is not None:
            return self.minimum_met and self.result.outcome == "perfect"
        need = self.still_to_play
        if need == 0 or not self.hand:
            return True
        tops = tuple(p.top for p in self.piles)
        dirs = tuple(p.direction for p in self.piles)
        seen: set = set()

        def search(hand: tuple[Card, ...], tops: tuple, setbacks_left: bool, need: int) -> bool:
            if need == 0:
                return True
            key = (tuple(sorted(hand)), tops, setbacks_left, need)
            if key in seen:
                return False
            seen.add(key)
            for card in set(hand):
                for i, (d, top) in enumerate(zip(dirs, tops)):
                    fit = placement(card, d, top)
                    if fit is None or (fit.kind == SETBACK and not setbacks_left):
                        continue
                    h = list(hand)
                    h.remove(card)
                    t = tops[:i] + (card,) + tops[i + 1:]
                    if search(tuple(h), t, setbacks_left and fit.kind != SETBACK, need - 1):
                        return True
            return False

        return search(tuple(self.hand), tops, not self.setback_used, need)

    # ------------------------------------------------------------------ actions
    def apply_action(self, action: Action) -> None:
        """Apply a legal action (OpenSpiel name).

        Raises:
            IllegalPlayError: the action is refused; the state is unchanged.
        """
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalPlayError(refusal)
        if isinstance(action, Play):
            action = Play(action.card, self._pile_ref(action.pile))  # pile names → index
        self._undo.append(self._snapshot())
        self._marks.append(len(self.log))
        if isinstance(action, Play):
            self._do_play(action)
        else:
            self._do_end_turn()
        self.actions.append(action)
        self._check_over()

    def play(self, card: str | Card, pile: int | str) -> LegalPlay:
        """Play ``card`` from the hand of the player to move onto ``pile``.

        Args:
            card: a card or its text (``"9♥"``, ``"9h"``).
            pile: pile index (0-based) or name (``"up 1"``, ``"down 2"``).

        Returns:
            The :class:`LegalPlay` made (kind and skipped rungs).

        Raises:
            CardParseError: ``card`` cannot be read.
            IllegalPlayError: the play is refused (``.rule`` names the rule); nothing changes.
        """
        c = parse_card(card)
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        fit = self.piles[ref].fits(c)
        self.apply_action(Play(c, ref))
        assert fit is not None
        return LegalPlay(c, ref, fit.kind, fit.skipped)

    def end_turn(self) -> None:
        """End the turn: draw back up to hand size, next player with cards.

        Raises:
            IllegalPlayError: rule ``minimum-play`` (below the minimum) or ``game-over``.
        """
        self.apply_action(EndTurn())

    def undo(self) -> Action:
        """Take back the last action and return it.

        Raises:
            IllegalPlayError: rule ``nothing-to-undo``.
        """
        if not self._undo:
            raise IllegalPlayError(Refusal("nothing-to-undo", "There is nothing to undo: no action was taken in this game."))
        self._restore(self._undo.pop())
        self._marks.pop()
        return self.actions.pop()

    def _do_play(self, action: Play) -> None:
        pile = self.piles[action.pile]
        fit = pile.fits(action.card)
        assert fit is not None
        who = self.names[self.to_move]
        top = pile.top
        self.hand.remove(action.card)
        pile.cards.append(action.card)
        self.played_this_turn += 1
        if fit.kind == SETBACK:
            self.setbacks_this_turn += 1
            what = f"a setback (same suit, one rank back): wins back {-fit.skipped} rungs"
        elif top is None:
            what = f"opens the empty pile (gives up {fit.skipped} rungs)"
        elif top == action.card:
            what = f"a twin of {top}: free"
        elif fit.skipped == 0:
            what = f"on {top}, the next rung: no rung skipped"
        else:
            what = f"on {top}, skipping {plural(fit.skipped, 'rung')}"
        self.log.append(f"Turn {self.turn}: {who} plays {action.card} on {pile.name} — {what}.")

    def _do_end_turn(self) -> None:
        who = self.names[self.to_move]
        size = self.rules.hand_size(self.players)
        drawn = 0
        while len(self.hand) < size and self.draw_pile:
            self.hand.append(self.draw_pile.pop(0))
            drawn += 1
        played = self.played_this_turn
        nxt = self.to_move
        for step in range(1, self.players + 1):
            cand = (self.to_move + step) % self.players
            if self.hands[cand]:
                nxt = cand
                break
        self.to_move = nxt
        self.turn += 1
        self.played_this_turn = 0
        self.setbacks_this_turn = 0
        self.turn_minimum = self._minimum_now()
        self.log.append(f"Turn {self.turn - 1}: {who} ends the turn after {plural(played, 'card')} and draws {drawn} "
                        f"({len(self.draw_pile)} left in the draw pile). Next: {self.names[nxt]}, "
                        f"minimum {self.turn_minimum}.")

    def _check_over(self) -> None:
        if self.result is not None:
            return
        if self.remaining == 0:
            self.result = Result("perfect", 0, tuple(0 for _ in self.hands), 0, self.turn)
            self.log.append(f"Every card is played: a perfect game in {self.turn} turns.")
        elif not self.minimum_met and not self.legal_plays():
            self.result = Result("stuck", self.remaining, tuple(len(h) for h in self.hands),
                                 len(self.draw_pile), self.turn, self.to_move)
            self.log.append(f"The game ends: {self.names[self.to_move]} must play {self.turn_minimum} but has no legal "
                            f"play after {self.played_this_turn}. {self._result_words().capitalize()} "
                            f"(lower is better; 0 is a perfect game).")

    def _result_words(self) -> str:
        r = self.result
        if r is None:
            return "in progress"
        if r.perfect:
            return "perfect: every card played"
        parts = " + ".join(f"{n} {k}" for n, k in zip(self.names, r.hands))
        return f"remaining cards: {parts} + draw pile {r.draw_pile} = {r.remaining}"

    def _snapshot(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "draw": list(self.draw_pile),
                "piles": [list(p.cards) for p in self.piles], "to_move": self.to_move, "turn": self.turn,
                "played": self.played_this_turn, "setbacks": self.setbacks_this_turn,
                "minimum": self.turn_minimum, "log": len(self.log), "result": self.result}

    def _restore(self, s: dict[str, Any]) -> None:
        self.hands = s["hands"]
        self.draw_pile = s["draw"]
        for p, cards in zip(self.piles, s["piles"]):
            p.cards = cards
        self.to_move, self.turn = s["to_move"], s["turn"]
        self.played_this_turn, self.setbacks_this_turn = s["played"], s["setbacks"]
        self.turn_minimum, self.result = s["minimum"], s["result"]
        del self.log[s["log"]:]

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game record: rules, start (seed or position) and every action, JSON-ready.

        :meth:`from_record` replays it to an identical state.
        """
        return {"format": "paternoster-record", "version": 1, "rules": self.rules.to_dict(),
                "players": self.players, "names": list(self.names), "start": copy.deepcopy(self._start),
                "actions": [a.to_json() for a in self.actions]}

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_record` as a JSON string (``json.dumps`` keyword arguments pass through)."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_record(), **kwargs)

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, upto: int | None = None) -> "Game":
        """Replay a record (dict or JSON text), optionally only its first ``upto`` actions.

        Raises:
            RecordError: the record is not valid JSON, misses a field, or an action
                is refused (the message names the action's number and the rule).
        """
        from .record import replay
        return replay(record, upto)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        piles = ", ".join(f"{p.direction} {p.number}: {p.top.label('en') if p.top else '-'}" for p in self.piles)
        state = f"over={self.result.outcome}" if self.result else f"to_move={self.names[self.to_move]!r}"
        return (f"Game(players={self.players}, turn={self.turn}, {state}, draw_pile={len(self.draw_pile)}, "
                f"piles=[{piles}], remaining={self.remaining})")

    def _repr_html_(self) -> str:
        rows = []
        for p in self.piles:
            arrow = "↑ up" if p.direction == "up" else "↓ down"
            top = cards_html([p.top]) if p.top else "<i>empty</i>"
            rows.append(f"<tr><td>{arrow} {p.number}</td><td>{top}</td><td>{len(p.cards)}</td></tr>")
        hands = []
        for i, (n, h) in enumerate(zip(self.names, self.hands)):
            mark = " ◀ to move" if i == self.to_move and self.result is None else ""
            hands.append(f"<tr><td>{html.escape(n)}{mark}</td><td>{cards_html(sorted(h))}</td><td>{len(h)}</td></tr>")
        status = html.escape(self._result_words()) if self.result else (
            f"Turn {self.turn}: {html.escape(self.names[self.to_move])} to move; played {self.played_this_turn} "
            f"of minimum {self.turn_minimum}; setback {'used' if self.setback_used else 'free'}")
        return (f'<div class="pn-game"><div><b>{status}</b></div>'
                f"<table><tr><th>pile</th><th>top</th><th>cards</th></tr>{''.join(rows)}</table>"
                f"<table><tr><th>player</th><th>hand</th><th>cards</th></tr>{''.join(hands)}</table>"
                f"<div>Draw pile: {len(self.draw_pile)} cards · remaining cards: {self.remaining}</div></div>")


def _cards_field(value: Any, field: str) -> list[Card]:
    """Cards of one position field; an unreadable one names the field."""
    if value is None:
        raise PositionError(f"{field} must be cards (text such as '4♦ 5♣' or a list), not None; use '' for none.")
    try:
        return parse_cards(value)
    except CardParseError as e:
        raise CardParseError(f"{field}: {e}") from None


def _plays(hand: Sequence[Card], piles: Sequence[Pile], setback_allowed: bool) -> list[LegalPlay]:
    out = []
    for p in piles:
        for card in sorted(set(hand)):
            fit = p.fits(card)
            if fit is None or (fit.kind == SETBACK and not setback_allowed):
                continue
            out.append(LegalPlay(card, p.index, fit.kind, fit.skipped))
    return out
