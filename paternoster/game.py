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
    paternoster.core.errors.IllegalPlayError: 7♥ on up pile 1 (top 8♥) would be a setback, but this turn's setback is already used: at most one setback per turn (seed, 'Ein Rückschritt pro Zug'). It may wait for the next turn.
"""

from __future__ import annotations

import copy
import html
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence, Union

import numpy as np

from .core.cards import Card, Suit, cards_html, full_deck, parse_card, parse_cards
from .core.checks import plural, whole
from .core.history import GameCommon
from .core.errors import CardParseError, IllegalPlayError, PositionError, RecordError, RulesError
from .core.refusal import Refusal, cards_field
from .ladder import (BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, Direction, Placement, big_setback_ranks, placement,
                     setback_card)
from .rules import STANDARD, Rules

__all__ = ["command_block", "deal_orders", "reveal_passengers", "Pile", "Play", "EndTurn", "BigSetback", "Pass", "Signal", "TimeOut", "LegalPlay", "Refusal", "Result",
           "Game", "Action", "SIGNAL_KINDS", "COMMAND_NAMES", "is_burning"]


# --------------------------------------------------------------------------- piles

@dataclass
class Pile:
    """One pile on the table.

    Attributes:
        index: 0-based position on the table (up piles first, then down piles).
        direction: ``"up"`` or ``"down"``.
        number: 1-based number among piles of its direction ("up pile 2").
        cards: bottom → top.
        same_suit: Kinderfahrt — a card of the top card's suit always fits (set by the game's rules).
    """

    index: int
    direction: Direction
    number: int
    cards: list[Card] = field(default_factory=list)
    same_suit: bool = False

    @property
    def name(self) -> str:
        """``'up pile 1'``, ``'down pile 2'`` …"""
        return f"{self.direction} pile {self.number}"

    @property
    def top(self) -> Card | None:
        """The top card, or ``None`` when the pile is empty."""
        return self.cards[-1] if self.cards else None

    def fits(self, card: Card) -> Placement | None:
        """How ``card`` fits this pile, ignoring the turn's setback allowance and commands."""
        return placement(card, self.direction, self.top, self.same_suit)

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, top={self.top.label('en') if self.top else None!r}, cards={len(self.cards)})"

    def _repr_html_(self) -> str:
        arrow = "↑" if self.direction == "up" else "↓"
        top = cards_html([self.top]) if self.top else "<i>empty</i>"
        return f"<b>{arrow} {html.escape(self.name)}</b>: {top} <small>({len(self.cards)} cards)</small>"


# --------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class _CardOnPile:
    """A card from the hand of the player to move onto pile ``pile`` (0-based); text cards are read."""

    card: Card
    pile: int
    _record_type = ""  # the record's "type" field

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", parse_card(self.card))

    def to_json(self) -> dict[str, Any]:
        return {"type": self._record_type, "card": self.card.label("en"), "pile": self.pile}


@dataclass(frozen=True)
class Play(_CardOnPile):
    """Action: play ``card`` from the hand of the player to move onto pile ``pile`` (0-based)."""

    _record_type = "play"


@dataclass(frozen=True)
class EndTurn:
    """Action: end the turn (draw back up to hand size; next player).

    ``EndTurn(token=True)`` spends one of the team's emergency tokens to end the
    turn after at least one card, below the minimum (Notruf-Marken; seed
    'Varianten: Notruf-Marken').
    """

    token: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.token, bool):
            raise TypeError(f"EndTurn(token=...) must be True or False, not {self.token!r}.")

    def to_json(self) -> dict[str, Any]:
        return {"type": "end", "token": True} if self.token else {"type": "end"}


@dataclass(frozen=True)
class BigSetback(_CardOnPile):
    """Action (Notruf-Marken): spend a token to play ``card`` on ``pile`` as a big setback.

    Same suit as the top card, 2 or 3 ranks in the wrong direction; it is the
    turn's setback (seed 'Varianten: Notruf-Marken').
    """

    _record_type = "big-setback"


@dataclass(frozen=True)
class Pass:
    """Action (Weitergeben): give ``card`` face down to seat ``to`` instead of one required card.

    Once per turn; the receiver may go above the hand size (seed 'Varianten: Weitergeben').
    """

    card: Card
    to: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", parse_card(self.card))

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass-card", "card": self.card.label("en"), "to": self.to}


SIGNAL_KINDS = ("hold", "help", "jump", "passenger")
"""Pile signals (spec section 6): ``hold`` please don't play here, ``help`` I have a setback here,
``jump`` I'd have to make a big jump here, ``passenger`` I can deliver the next passenger (Fahrgäste only)."""


@dataclass(frozen=True)
class Signal:
    """Action: seat ``seat`` posts a pile signal of ``kind`` on ``pile`` (``kind=None`` withdraws it).

    Any seat may signal at any time (seed 'Reden'), except under Stille Fahrt
    (nobody), Liftführer (only the player to move) and after a Schweigen command.
    **Decision:** one signal per seat and pile; it stays until its poster withdraws or
    changes it, or until the end of the poster's next turn (one that started after it
    was posted).  Withdrawing is always allowed.  Signals are talk, not moves: they are
    listed by :meth:`Game.legal_signals`, not :meth:`Game.legal_actions`.
    """

    seat: int
    pile: int
    kind: str | None

    def to_json(self) -> dict[str, Any]:
        return {"type": "signal", "seat": self.seat, "pile": self.pile, "kind": self.kind}


@dataclass(frozen=True)
class TimeOut:
    """Action (Sanduhr): the turn's time is up — the turn ends at once; below the minimum the game is over."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "timeout"}


Action = Union[Play, EndTurn, BigSetback, Pass, Signal, TimeOut]


@dataclass(frozen=True)
class LegalPlay:
    """A play the rules allow now.

    Attributes:
        card: the card.
        pile: pile index (0-based).
        kind: ``"normal"``, ``"setback"``, ``"big-setback"`` (spends a token) or
            ``"same-suit"`` (Kinderfahrt).
        skipped: cost in rungs (see :class:`paternoster.ladder.Placement`).
    """

    card: Card
    pile: int
    kind: str
    skipped: int

    @property
    def action(self) -> Play | BigSetback:
        """The action that makes this play (:class:`BigSetback` for a big setback)."""
        return BigSetback(self.card, self.pile) if self.kind == BIG_SETBACK else Play(self.card, self.pile)


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    Attributes:
        outcome: ``"perfect"`` (every card played), ``"stuck"`` (the player to
            move could not reach the minimum, or ran out of time under Sanduhr) or
            ``"lost"`` (Fahrgäste or Feuer: the team lost at once).
        remaining: remaining cards = all hands + draw pile (lower is better).
        hands: remaining cards per player.
        draw_pile: cards left in the draw pile.
        turn: the turn in which the game ended (1-based).
        player: seat of the player who was stuck, timed out or whose turn lost (``None`` when perfect).
        reason: ``None``, ``"time-out"`` (stuck by Sanduhr), or for ``"lost"``:
            ``"passenger-order"``, ``"passenger-undelivered"``, ``"fire"``.
        card: the card that caused a loss (the passenger played too early, the
            passenger not delivered, the burning card left uncovered).
    """

    outcome: str
    remaining: int
    hands: tuple[int, ...]
    draw_pile: int
    turn: int
    player: int | None = None
    reason: str | None = None
    card: Card | None = None

    @property
    def perfect(self) -> bool:
        return self.outcome == "perfect"


COMMAND_NAMES = {("red", 11): "Halt", ("red", 12): "Schweigen", ("red", 13): "Express",
                 ("black", 11): "Sperre", ("black", 12): "Engpass", ("black", 13): "Last"}
"""Befehle (spec section 8, the kit's design): command name by colour and rank."""

COMMAND_EFFECTS = {
    "Halt": "the turn ends right after this card; the minimum counts as met",
    "Schweigen": "no signals from anyone until this player's next turn",
    "Express": "the next player who has cards plays one card more than their minimum",
    "Sperre": "no setback (and no big setback) onto this pile while it is on top",
    "Engpass": "the next card onto this pile must be the same or the next rank, or a setback",
    "Last": "every minimum is one higher while it is on top and the draw pile lasts",
}
"""Befehle: what each command does, in words (spec section 8) — for lessons and widgets."""

_RANK_WORD = {11: "Jack", 12: "Queen", 13: "King"}


def _colour(card: Card) -> str:
    return "red" if card.suit.is_red else "black"


def is_burning(card: Card) -> bool:
    """Feuer: 3♥, 6♥, 9♥ and Q♥ burn (hearts whose rank divides by 3; seed 'Varianten: Feuer').

    >>> [str(c) for c in full_deck(1) if is_burning(c)]
    ['3♥', '6♥', '9♥', 'Q♥']
    """
    return card.suit == Suit.HEARTS and card.rank % 3 == 0


# --------------------------------------------------------------------------- the game

def command_block(card: Card, direction: Direction, kind: str, top: Card | None,
                  command_ranks: tuple[int, ...]) -> str | None:
    """Befehle: the rule id a black command on ``top`` refuses this play with, or ``None`` (spec section 8).

    Args:
        card: the card played; direction: ``"up"`` or ``"down"``; kind: its placement kind
        (:data:`~paternoster.ladder.NORMAL`, ``SETBACK``, ``BIG_SETBACK``, ``SAME_SUIT``);
        top: the pile's top card (``None``: empty); command_ranks: ``Rules.command_ranks``.

    Returns:
        ``"setback-blocked"`` (Sperre, black Jack: nothing the wrong way), ``"narrow-pass"``
        (Engpass, black Queen: same or next rank only, setbacks allowed) or ``None``.
    """
    if top is None or top.suit.is_red or top.rank not in command_ranks:
        return None
    wrong_way = kind in (SETBACK, BIG_SETBACK, SAME_SUIT)
    if top.rank == 11 and wrong_way:
        return "setback-blocked"
    if top.rank == 12:
        step = card.rank - top.rank if direction == "up" else top.rank - card.rank
        if kind == NORMAL and step > 1:
            return "narrow-pass"
        if kind == SAME_SUIT and step < -1:
            return "narrow-pass"
    return None


def deal_orders(seed: int, cards: int, first_game: int = 0, games: int = 1) -> np.ndarray:
    """Shuffled deck orders for games ``first_game …`` of a simulation with ``seed``.

    Args:
        seed: the simulation seed (int ≥ 0).
        cards: cards in the deck (52 per deck: 52, 104 or 156).
        first_game: index of the first game wanted (≥ 0).
        games: how many consecutive games (≥ 0).

    Returns:
        int array ``(games, cards)``: row ``k`` lists indices into :func:`full_deck`, top card first.

    **Decision** (kit): game ``i`` is ordered by ``cards`` uniform keys from one
    ``numpy`` PCG64 stream seeded with ``seed``, at positions ``i * cards …`` (jumped to
    with ``PCG64.advance``).  So thousands of games are shuffled in one numpy call,
    and any single game is rebuilt without the ones before it.

    >>> a = deal_orders(7, 52, 0, 3)
    >>> bool((deal_orders(7, 52, 2)[0] == a[2]).all()), sorted(a[0].tolist()) == list(range(52))
    (True, True)
    """
    seed = whole(seed, "seed", lo=0)
    bits = np.random.PCG64(seed)
    bits.advance(whole(first_game, "first_game", lo=0) * whole(cards, "cards", lo=1))
    keys = np.random.Generator(bits).random((whole(games, "games", lo=0), cards))
    return np.argsort(keys, axis=1)


def reveal_passengers(shuffled: list, count: int, rng) -> list:
    """Fahrgäste: take ``count`` passengers off the top of ``shuffled`` (a list, changed in place).

    **Decision** (spec 7): a card equal to an earlier passenger (its twin) goes back into
    the rest of the deck at ``rng().integers(1, len + 1)`` (``rng`` is called only then)
    and the next card is revealed instead.

    Returns:
        the passengers, in delivery order.
    """
    passengers: list = []
    gen = None
    while len(passengers) < count:
        card = shuffled.pop(0)
        if card in passengers:
            gen = gen if gen is not None else rng()
            shuffled.insert(int(gen.integers(1, len(shuffled) + 1)), card)
        else:
            passengers.append(card)
    return passengers


class Game(GameCommon):
    """A game of Paternoster in progress (standard rules and every variant of the seed).

    Build one with :meth:`new` (shuffled from a seed) or :meth:`from_position`
    (an explicit table, as the lessons do), or replay a record with
    :meth:`from_record`.

    Public attributes (read them, change the game only through actions):
        rules (:class:`Rules`), players (int), names (list of str),
        hands (list of card lists), draw_pile (list, index 0 is the top card),
        piles (list of :class:`Pile`), to_move (seat), turn (1-based),
        played_this_turn (cards played onto piles), setbacks_this_turn (count),
        turn_minimum (cards, fixed when the turn starts), log (one sentence per action).

    Variant state (spec section 7–8):
        tokens (team's emergency tokens left), token_used_this_turn,
        passed_this_turn, passengers (cards in delivery order), delivered (count),
        burning (list of ``(pile index, card, turn played)`` still to cover),
        signals (dict pile index → list of ``(seat, kind)``), silence_until (the
        seat whose next turn ends a Schweigen, or ``None``), express (red Kings whose
        Express still waits for the next turn), :attr:`active_commands`.
    """

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules, players: int, hands: list[list[Card]], draw_pile: list[Card],
                 piles: list[list[Card]], to_move: int = 0, *, names: Sequence[str] | None = None,
                 setbacks_this_turn: int = 0, played_this_turn: int = 0, turn: int = 1,
                 turn_minimum: int | None = None, start: dict[str, Any] | None = None,
                 tokens: int | None = None, token_used_this_turn: bool = False, passed_this_turn: bool = False,
                 passengers: Sequence[Card] = (), delivered: int = 0,
                 burning: Sequence[tuple[int, Card, int]] = (),
                 signals: dict[int, Sequence[tuple[int, str]]] | None = None,
                 silence_until: int | None = None, express: Sequence[Card] = ()) -> None:
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
        self._set_variant_state(tokens, token_used_this_turn, passed_this_turn, passengers, delivered, burning,
                                signals, silence_until, express, turn)
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

    def _set_variant_state(self, tokens, token_used, passed, passengers, delivered, burning, signals,
                           silence_until, express, turn) -> None:
        """Check and set the variant part of a position; every error names its field and the variant."""
        r = self.rules
        if tokens is None:
            tokens = r.tokens
        self.tokens = whole(tokens, "tokens (Notruf-Marken left)", lo=0, hi=4)
        if self.tokens and not r.tokens:
            raise PositionError(f"tokens={self.tokens}: these rules have no emergency tokens; use "
                                "make_rules('notruf-marken', tokens=...) for Notruf-Marken.")
        for name, v in (("token_used_this_turn", token_used), ("passed_this_turn", passed)):
            if not isinstance(v, bool):
                raise PositionError(f"{name} must be True or False, not {v!r}.")
        self.token_used_this_turn = token_used
        self.passed_this_turn = passed
        self.passengers = cards_field(passengers, "passengers")
        if len(set(self.passengers)) != len(self.passengers):
            raise PositionError("passengers: a card appears twice; each passenger is a different card "
                                "(seed 'Varianten: Fahrgäste').")
        if r.passengers and len(self.passengers) != r.passengers:
            raise PositionError(f"passengers: these rules reveal {r.passengers} passengers (Fahrgäste), "
                                f"but {len(self.passengers)} are given.")
        if self.passengers and not r.passengers:
            raise PositionError("passengers given, but these rules have no Fahrgäste; use make_rules('fahrgaeste').")
        self.delivered = whole(delivered, "delivered (passengers delivered)", lo=0, hi=len(self.passengers))
        if burning and not r.fire:
            raise PositionError("burning given, but these rules have no Feuer; use make_rules('feuer').")
        self.burning: list[tuple[int, Card, int]] = []
        for item in burning or ():
            if isinstance(item, (int, str, np.integer)) and not isinstance(item, bool):
                pile, card, when = item, None, turn - 1
            elif isinstance(item, (list, tuple)) and len(item) == 3:
                pile, card, when = item
            else:
                raise PositionError(f"burning: {item!r} is neither a pile (index or name such as 'up 1') nor "
                                    "(pile, card, turn played).")
            ref = self._pile_ref(pile)
            if isinstance(ref, Refusal):
                raise PositionError(f"burning: {ref.message}")
            top = self.piles[ref].top
            card = top if card is None else cards_field([card], "burning card")[0]
            if top is None or card != top:
                raise PositionError(f"burning: {card} is not the top card of {self.piles[ref].name} "
                                    f"(top: {top or 'empty'}); only a top card can burn.")
            if not is_burning(card):
                raise PositionError(f"burning: {card} does not burn; only 3♥ 6♥ 9♥ Q♥ do (seed 'Varianten: Feuer').")
            when = whole(when, "burning turn played", lo=0)
            if any(b[0] == ref for b in self.burning):
                raise PositionError(f"burning: {self.piles[ref].name} is listed twice.")
            self.burning.append((ref, card, when))
        self.signals: dict[int, list[tuple[int, str]]] = {}
        self._signal_turns: dict[tuple[int, int], int] = {}
        for pile, posted in (signals or {}).items():
            ref = self._pile_ref(int(pile) if isinstance(pile, str) and pile.isdigit() else pile)
            if isinstance(ref, Refusal):
                raise PositionError(f"signals: {ref.message}")
            for item in posted:
                if not isinstance(item, (list, tuple)) or len(item) not in (2, 3):
                    raise PositionError(f"signals: {item!r} is not (seat, kind).")
                seat = whole(item[0], "signals seat", lo=0, hi=self.players - 1)
                kind = item[1]
                if kind not in SIGNAL_KINDS or (kind == "passenger" and not r.passengers):
                    raise PositionError(f"signals: kind {kind!r} is not one of "
                                        f"{', '.join(k for k in SIGNAL_KINDS if k != 'passenger' or r.passengers)}.")
                self.signals.setdefault(ref, []).append((seat, kind))
                self._signal_turns[(ref, seat)] = whole(item[2], "signals turn", lo=0) if len(item) == 3 else turn
        if silence_until is not None:
            if not r.commands in ("light", "full"):
                raise PositionError("silence_until given, but these rules have no Befehle (Schweigen).")
            silence_until = whole(silence_until, "silence_until (seat)", lo=0, hi=self.players - 1)
        self.silence_until = silence_until
        self._silence_card: Card | None = None
        self.express = cards_field(express, "express")
        if self.express and (r.commands != "full" or any(c.rank != 13 or not c.suit.is_red for c in self.express)):
            raise PositionError("express: only red Kings under Befehle (full) carry Express.")

    def _make_piles(self, piles: list[list[Card]]) -> list[Pile]:
        r = self.rules
        if len(piles) != r.piles:
            raise PositionError(f"piles: the rules have {r.up_piles} up and {r.down_piles} down piles, "
                                f"so give {r.piles} piles (up piles first), not {len(piles)}.")
        out = []
        for i, cards in enumerate(piles):
            up = i < r.up_piles
            out.append(Pile(i, "up" if up else "down", i + 1 if up else i + 1 - r.up_piles, list(cards),
                            r.same_suit_fits))
        return out

    def _validate(self, to_move: int) -> None:
        """Refuse tables that cannot occur: wrong number of hands, a card more often than the decks hold, a bad seat."""
        if len(self.hands) != self.players:
            raise PositionError(f"hands: {plural(len(self.hands), 'hand')} given for {plural(self.players, 'player')}; "
                                "give one per player.")
        counts: dict[Card, int] = {}
        for c in ([c for h in self.hands for c in h] + self.draw_pile + [c for p in self.piles for c in p.cards]
                  + self.passengers):
            counts[c] = counts.get(c, 0) + 1
        too_many = sorted(c for c, n in counts.items() if n > self.rules.decks)
        if too_many:
            d = self.rules.decks
            copies = "once" if d == 1 else ("twice" if d == 2 else f"{d} times")
            where = " (passengers included: they are out of the game)" if self.passengers else ""
            raise PositionError(f"The position has too many copies of: "
                                + ", ".join(f"{c} ×{counts[c]}" for c in too_many)
                                + f". With {plural(d, 'deck')} each card exists {copies}{where}.")
        whole(to_move, "to_move (the seat of the player to move)", lo=0, hi=self.players - 1)

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, *, rules: Rules = STANDARD, first: int = 0,
            names: Sequence[str] | None = None, game: int | None = None) -> "Game":
        """A freshly shuffled game.

        Args:
            players: 1–5 (standard rules; Hochhaus 6–8, Zwei Kabinen 2).
            seed: any non-negative int; the same seed, rules and player count give the same deal.
            rules: the rule set (see :func:`paternoster.variants.make_rules`).
            first: seat that starts (the team chooses; spec section 2).
            names: player names (default "Player 1" …).
            game: ``None`` for a single game; an index ``i`` (≥ 0) for game ``i`` of a
                simulation with this ``seed`` (see :func:`deal_orders`): the same deal the
                simulation played, so any simulated game can be opened and stepped through.

        **Decision** (kit): the deck is shuffled with ``numpy.random.default_rng(seed)``
        (with ``game``: by :func:`deal_orders`) and dealt one card at a time, clockwise
        from ``first``; the rest is the draw pile.
        With Fahrgäste the passengers are revealed from the top of the shuffled deck
        before the deal; **Decision** (spec 7): a card equal to an earlier passenger
        (its twin) is shuffled back into the rest of the deck (at a random place
        below the top, same generator; with ``game``: ``default_rng([seed, game])``)
        and the next card is revealed instead.

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
        if game is None:
            rng = np.random.default_rng(int(seed))
            order = rng.permutation(len(deck))
            reinsert = lambda: rng  # noqa: E731
            start: dict[str, Any] = {"seed": int(seed), "first": first}
        else:
            game = whole(game, "game (index in a simulation)", lo=0)
            order = deal_orders(seed, len(deck), game, 1)[0]
            reinsert = lambda: np.random.default_rng([int(seed), int(game)])  # noqa: E731
            start = {"seed": int(seed), "game": int(game), "first": first}
        shuffled = [deck[i] for i in order]
        passengers = reveal_passengers(shuffled, rules.passengers, reinsert)
        size = rules.hand_size(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for k in range(size * players):
            hands[(first + k) % players].append(shuffled[k])
        draw = shuffled[size * players:]
        piles: list[list[Card]] = [[] for _ in range(rules.piles)]
        return cls(rules, players, hands, draw, piles, first, names=names, start=start, passengers=passengers)

    @classmethod
    def from_position(cls, hands: Sequence[str | Iterable[str | Card]], piles: Sequence[str | Iterable[str | Card]] | None = None,
                      draw_pile: str | Iterable[str | Card] = (), *, players: int | None = None,
                      rules: Rules = STANDARD, to_move: int = 0, names: Sequence[str] | None = None,
                      setback_used: bool = False, played_this_turn: int = 0,
                      turn_minimum: int | None = None, hand_size_check: bool = True, turn: int = 1,
                      tokens: int | None = None, token_used: bool = False, passed: bool = False,
                      passengers: str | Iterable[str | Card] = (), delivered: int = 0,
                      burning: Sequence[Any] = (), signals: dict[Any, Sequence[tuple[int, str]]] | None = None,
                      silence_until: int | None = None, express: str | Iterable[str | Card] = ()) -> "Game":
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
            turn: the turn number (1-based).
            tokens: Notruf-Marken: tokens the team has left (default: the rules' number).
            token_used: a token was already spent this turn.
            passed: Weitergeben: the player to move already passed a card this turn.
            passengers: Fahrgäste: the passenger cards in delivery order (as many as the rules reveal).
            delivered: passengers already delivered.
            burning: Feuer: piles whose top card burns, each a pile (index or name; the
                card was played in the previous turn, so it must be covered in this one)
                or ``(pile, card, turn played)``.
            signals: pile (index or name) → list of ``(seat, kind)`` posted this turn.
            silence_until: Befehle: a Schweigen is in force until this seat's next turn.
            express: Befehle: red Kings whose Express applies to the next turn.

        Raises:
            CardParseError: a card cannot be read.
            PositionError: more copies of a card than the decks hold, wrong number
                of hands or piles, a hand over the hand size, a bad seat, variant
                state the rules do not have (the message names the field).

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
        hs = [cards_field(h, f"hands[{i}]") for i, h in enumerate(hands)]
        ps = [cards_field(p, f"piles[{i}]") for i, p in enumerate(piles if piles is not None else [()] * rules.piles)]
        dp = cards_field(draw_pile, "draw_pile")
        if hand_size_check:
            size = rules.hand_size(players)
            for i, h in enumerate(hs):
                if len(h) > size:
                    raise PositionError(f"hands[{i}] holds {len(h)} cards, more than the hand size {size} for "
                                        f"{players} players; remove cards or pass hand_size_check=False.")
        return cls(rules, players, hs, dp, ps, to_move, names=names,
                   setbacks_this_turn=int(bool(setback_used)), played_this_turn=played_this_turn,
                   turn_minimum=turn_minimum, turn=turn, tokens=tokens, token_used_this_turn=token_used,
                   passed_this_turn=passed, passengers=passengers, delivered=delivered, burning=burning,
                   signals=signals, silence_until=silence_until, express=express)

    # ------------------------------------------------------------------ positions and copies
    def to_position(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict (cards in English notation).

        Variant state appears only under rules that have it (``tokens``,
        ``token_used_this_turn``, ``passed_this_turn``, ``passengers``, ``delivered``,
        ``burning``, ``silence_until``, ``express``) and ``signals`` only while any is
        posted, so a standard position looks as it always did.
        Two games are equal (``==``) exactly when their positions are equal.
        """
        pos: dict[str, Any] = {
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
        r = self.rules
        if r.tokens:
            pos["tokens"] = self.tokens
            pos["token_used_this_turn"] = self.token_used_this_turn
        if r.passing:
            pos["passed_this_turn"] = self.passed_this_turn
        if r.passengers:
            pos["passengers"] = [c.label("en") for c in self.passengers]
            pos["delivered"] = self.delivered
        if r.fire:
            pos["burning"] = [[p, c.label("en"), t] for p, c, t in self.burning]
        if r.commands != "none":
            pos["silence_until"] = self.silence_until
            pos["express"] = [c.label("en") for c in self.express]
        if any(self.signals.values()):
            pos["signals"] = {str(p): [[s, k, self._signal_turns[(p, s)]] for s, k in lst]
                              for p, lst in sorted(self.signals.items()) if lst}
        return pos

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.rules == other.rules and self.to_position() == other.to_position()


    # ------------------------------------------------------------------ queries
    @property
    def setback_used(self) -> bool:
        """Whether this turn's setback allowance is used up (one per turn, spec section 3)."""
        return self.setbacks_this_turn >= self.rules.setbacks_per_turn

    @property
    def pass_counts(self) -> bool:
        """Weitergeben: whether a pass counts toward this turn's minimum.

        **Decision** (spec 7): only while the minimum is 2 or more, so at least one
        card of every turn reaches a pile.
        """
        return self.turn_minimum >= 2

    @property
    def counted_this_turn(self) -> int:
        """Cards that count toward the minimum: cards played plus a counting pass."""
        return self.played_this_turn + (1 if self.passed_this_turn and self.pass_counts else 0)

    @property
    def still_to_play(self) -> int:
        """Cards the player to move must still play (or pass) this turn to reach the minimum."""
        return max(0, self.turn_minimum - self.counted_this_turn)

    @property
    def minimum_met(self) -> bool:
        """The player to move may end the turn (minimum reached, or no cards left in hand)."""
        return self.counted_this_turn >= self.turn_minimum or not self.hand

    @property
    def remaining(self) -> int:
        """Remaining cards: all hands + draw pile (spec section 5; passengers out of the game do not count)."""
        return sum(len(h) for h in self.hands) + len(self.draw_pile)

    @property
    def next_passenger(self) -> Card | None:
        """Fahrgäste: the passenger whose twin must be delivered next, or ``None``."""
        return self.passengers[self.delivered] if self.delivered < len(self.passengers) else None

    @property
    def fire_duty(self) -> list[tuple[int, Card, int]]:
        """Feuer: burning cards played in an earlier turn that must be covered in this turn."""
        return [b for b in self.burning if b[2] < self.turn]

    @property
    def active_commands(self) -> list[tuple[int | None, str, Card | None]]:
        """Befehle in force now: ``(pile index or None, command name, card)`` (card ``None``: a
        Schweigen given by a position without its card).

        Black face cards act while on top of their pile (Sperre, Engpass, Last);
        of the red ones, a Schweigen until its player's next turn and an Express
        waiting for the next turn are listed.
        """
        out: list[tuple[int | None, str, Card | None]] = []
        ranks = self.rules.command_ranks
        if not ranks:
            return out
        for p in self.piles:
            t = p.top
            if t is not None and t.rank in ranks and not t.suit.is_red:
                out.append((p.index, COMMAND_NAMES[("black", t.rank)], t))
        if self.silence_until is not None:
            out.append((None, "Schweigen", self._silence_card))  # None: a position gave no card
        for c in self.express:
            out.append((None, "Express", c))
        return out

    def _command(self, card: Card | None) -> str | None:
        if card is None or card.rank not in self.rules.command_ranks:
            return None
        return COMMAND_NAMES[(_colour(card), card.rank)]

    @property
    def last_active(self) -> bool:
        """Befehle: a black King (Last) is on top of a pile."""
        return 13 in self.rules.command_ranks and any(
            p.top is not None and p.top.rank == 13 and not p.top.suit.is_red for p in self.piles)

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
        if isinstance(pile, Pile):
            pile = pile.index
        if isinstance(pile, (int, np.integer)) and not isinstance(pile, bool):
            if 0 <= pile < len(self.piles):
                return int(pile)
            names = ", ".join(p.name for p in self.piles)
            return Refusal("no-such-pile", f"There is no pile {pile}: piles are numbered 0 to "
                                           f"{len(self.piles) - 1} ({names}).")
        if isinstance(pile, str):
            m = re.fullmatch(r"\s*(up|down|u|d)\s*(?:pile)?\s*(\d+)\s*", pile.lower())
            for p in self.piles:
                if m and p.direction.startswith(m.group(1)) and p.number == int(m.group(2)):
                    return p.index
        names = ", ".join(p.name for p in self.piles)
        return Refusal("no-such-pile", f"There is no pile {pile!r}: write a pile index (0 to "
                                       f"{len(self.piles) - 1}) or a name ({names}).")

    def _minimum_now(self) -> int:
        # Spec section 4: once the draw pile is empty at the start of a turn, the minimum is 1.
        if not self.draw_pile:
            return self.rules.minimum_without_draw_pile
        # Befehle, Last (black King): one more while on top of any pile and the draw pile exists.
        # Decision: +1 however many black Kings are on top.
        return self.rules.minimum + (1 if self.last_active else 0)

    def _fit(self, card: Card, pile: Pile, top: Card | None = None, use_top: bool = False) -> Placement | None:
        return placement(card, pile.direction, top if use_top else pile.top, self.rules.same_suit_fits)

    def _command_block(self, card: Card, pile: Pile, kind: str, top: Card | None) -> str | None:
        """Befehle: the rule id that a black command on ``top`` refuses this play with, or ``None``."""
        return command_block(card, pile.direction, kind, top, self.rules.command_ranks)

    def _big_setback(self, card: Card, pile: Pile) -> Placement | None:
        if self.rules.same_suit_fits:
            return None
        d = big_setback_ranks(card, pile.direction, pile.top)
        if d not in (2, 3):
            return None
        return Placement(BIG_SETBACK, -4 * d)

    @property
    def token_free(self) -> bool:
        """Notruf-Marken: the player to move may spend a token now (one left, none spent this turn)."""
        return self.tokens > 0 and not self.token_used_this_turn

    def legal_plays(self) -> list[LegalPlay]:
        """Every play onto a pile allowed now: one entry per distinct hand card and pile.

        Returns:
            list of :class:`LegalPlay` (card, pile, kind, skipped rungs), sorted by pile,
            then rung; big setbacks (Notruf-Marken, they spend a token) come last.
            Plays that lose the game at once (a passenger's twin too early) are legal
            and listed: see :meth:`loses`.  Empty when the game is over.
        """
        if self.result is not None:
            return []
        out = _plays(self.hand, self.piles, not self.setback_used, self.rules.same_suit_fits)
        if self.rules.command_ranks:
            out = [lp for lp in out
                   if self._command_block(lp.card, self.piles[lp.pile], lp.kind, self.piles[lp.pile].top) is None]
        if self.token_free and not self.setback_used and not self.rules.same_suit_fits:
            for p in self.piles:
                for card in sorted(set(self.hand)):
                    fit = self._big_setback(card, p)
                    if fit is not None and self._command_block(card, p, BIG_SETBACK, p.top) is None:
                        out.append(LegalPlay(card, p.index, fit.kind, fit.skipped))
        return out

    def can_pass(self) -> bool:
        """Weitergeben: whether the player to move may pass a card now (to any other seat).

        Once per turn, only below the minimum, never the last hand card before a card of the
        turn reached a pile (**Decision**, so passing never loops); see :meth:`legal_actions`.
        """
        return (self.rules.passing and self.players > 1 and not self.passed_this_turn
                and not self.minimum_met and self.result is None
                and (len(self.hand) > 1 or self.played_this_turn > 0))

    def legal_actions(self) -> list[Action]:
        """Every action allowed now.

        The legal plays (big setbacks included), then with Weitergeben every
        :class:`Pass` (distinct card × other seat), :class:`EndTurn` once the minimum
        is met, ``EndTurn(token=True)`` when a token may end the turn, and
        :class:`TimeOut` under Sanduhr.  **Decision:** signals are not listed here
        (they are talk, not moves): see :meth:`legal_signals`.
        """
        acts: list[Action] = [lp.action for lp in self.legal_plays()]
        if self.result is not None:
            return acts
        if self.can_pass():
            acts += [Pass(c, s) for c in sorted(set(self.hand)) for s in range(self.players) if s != self.to_move]
        if self.minimum_met:
            acts.append(EndTurn())
        elif self.token_free and self.played_this_turn >= 1:
            acts.append(EndTurn(token=True))
        if self.rules.hourglass:
            acts.append(TimeOut())
        return acts

    def signal_ends_with_this_turn(self, seat: int, pile: int) -> bool:
        """Whether ``seat``'s standing signal on ``pile`` ends when the current turn ends.

        **Decision** (spec 6): a signal lasts until the end of its poster's next turn, so it ends
        now when ``seat`` is to move and posted it in an earlier turn.  ``False`` without a signal.
        """
        if (pile, seat) not in self._signal_turns:
            return False
        return seat == self.to_move and self._signal_turns[(pile, seat)] < self.turn

    def legal_signals(self, seat: int) -> list[Signal]:
        """Signals seat ``seat`` may post now: every pile × allowed kind, plus withdrawing its own.

        Empty under Stille Fahrt, for a seat other than the mover under Liftführer,
        during a Schweigen and when the game is over.
        """
        out = []
        for p in self.piles:
            for kind in (*SIGNAL_KINDS, None):
                s = Signal(seat, p.index, kind)
                if self.check(s) is None:
                    out.append(s)
        return out

    def loses(self, action: Action) -> str | None:
        """The reason a legal ``action`` would lose the game at once, or ``None``.

        ``"passenger-order"`` (a later passenger's twin played too early), ``"fire"``
        (ending the turn while an earlier burning card is still on top).
        """
        if isinstance(action, (Play, BigSetback)) and self.passengers:
            card = parse_card(action.card)
            if card in self.passengers[self.delivered + 1:] and card != self.next_passenger:
                return "passenger-order"
        if isinstance(action, (EndTurn, TimeOut)) and self.fire_duty:
            return "fire"
        if isinstance(action, (Play, BigSetback)) and self.burning:
            ref = self._pile_ref(action.pile)
            if isinstance(ref, Refusal):
                return None
            # A Halt ends the turn at once: a due burning card on another pile stays uncovered.
            if self.fire_duty and self._command(parse_card(action.card)) == "Halt" \
                    and any(b[0] != ref for b in self.fire_duty):
                return "fire"
            # The game's very last card: only it may stay burning (seed 'Varianten: Feuer').
            if self.remaining == 1 and any(b[0] != ref for b in self.burning):
                return "fire"
        return None

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` naming the rule."""
        if self.result is not None:
            todo = "Start a new game or undo." if self._undo else "Start a new game."
            return Refusal("game-over", f"The game is over ({self._result_words()}); no more plays. {todo}")
        if isinstance(action, EndTurn):
            return self._check_end(action)
        if isinstance(action, Signal):
            return self._check_signal(action)
        if isinstance(action, Pass):
            return self._check_pass(action)
        if isinstance(action, TimeOut):
            if not self.rules.hourglass:
                return Refusal("no-hourglass", "Time-out belongs to the Sanduhr variant (30 seconds per turn); "
                                               "these rules have no clock. End the turn with EndTurn().")
            return None
        if isinstance(action, BigSetback):
            return self._check_big_setback(action)
        if not isinstance(action, Play):
            return Refusal("unknown-action", f"{action!r} is not an action: use Play(card, pile) or EndTurn().")
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            return self._not_in_hand(card)
        fit = pile.fits(card)
        top = pile.top
        if fit is None:
            assert top is not None
            big = ""
            # Only a hint the player can act on: a token left and none spent this turn.
            if self.tokens and not self.token_used_this_turn and self._big_setback(card, pile) is not None:
                big = " With an emergency token (Notruf-Marke) it may go there as a big setback."
            if pile.direction == "up":
                sb = setback_card("up", top)
                hint = f" The only setback here would be {sb}." if sb else " There is no setback below an Ace."
                return Refusal("up-pile-order",
                               f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and an up pile "
                               f"takes only a card at least as high (rung {top.rung} or more; {card} is rung "
                               f"{card.rung}) — seed, 'Wohin darf eine Karte?'.{hint}{big}")
            sb = setback_card("down", top)
            hint = f" The only setback here would be {sb}." if sb else " There is no setback above a King."
            return Refusal("down-pile-order",
                           f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and a down pile "
                           f"takes only a card at least as low (rung {top.rung} or less; {card} is rung "
                           f"{card.rung}) — seed, 'Wohin darf eine Karte?'.{hint}{big}")
        blocked = self._command_block(card, pile, fit.kind, top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        if fit.kind == SETBACK and self.setback_used:
            return Refusal("one-setback-per-turn",
                           f"{card} on {pile.name} (top {top}) would be a setback, but this turn's setback is "
                           f"already used: at most one setback per turn (seed, 'Ein Rückschritt pro Zug'). "
                           f"It may wait for the next turn.")
        return None

    def _not_in_hand(self, card: Card) -> Refusal:
        who = self.names[self.to_move]
        have = " ".join(str(c) for c in sorted(self.hand)) or "no cards"
        return Refusal("not-in-hand", f"{who} (to move) has no {card} in hand; the hand is: {have}.")

    def _command_refusal(self, rule: str, card: Card, pile: Pile) -> Refusal:
        top = pile.top
        if rule == "setback-blocked":
            return Refusal(rule, f"{card} would go the wrong way onto {pile.name}, but {top} is on top: Sperre "
                                 f"(black Jack, Befehle): no setback onto {pile.name} while the {top} is on top "
                                 "(spec section 8). Cover it first, or play elsewhere.")
        step = "Q or K" if pile.direction == "up" else "Q or J"
        return Refusal(rule, f"{card} would jump onto {pile.name}, but {top} is on top: Engpass (black Queen, "
                             f"Befehle): the next card onto this pile must be the same rank or the next rank in the "
                             f"pile's direction ({step}), or a setback (spec section 8).")

    def _check_end(self, action: EndTurn) -> Refusal | None:
        who = self.names[self.to_move]
        if action.token:
            if not self.tokens:
                return Refusal("no-tokens", self._no_tokens_text())
            if self.token_used_this_turn:
                return Refusal("one-token-per-turn", "An emergency token was already spent this turn: at most one "
                                                     "token per turn (seed 'Varianten: Notruf-Marken').")
            if self.minimum_met:
                return Refusal("token-not-needed", f"{who} has reached the minimum: end the turn with EndTurn() "
                                                   "and keep the token.")
            if self.played_this_turn < 1:
                return Refusal("minimum-play", f"{who} has played no card yet: an emergency token ends the turn "
                                               "only after at least one card (seed 'Varianten: Notruf-Marken'). "
                                               "Play a card first.")
            return None
        if self.minimum_met:
            return None
        why = "the draw pile is empty" if not self.draw_pile and self.turn_minimum == self.rules.minimum_without_draw_pile \
            else "the draw pile still has cards"
        extra = ""
        if self.token_free and self.played_this_turn >= 1:
            extra = " Or spend an emergency token: EndTurn(token=True)."
        elif self.can_pass():
            extra = " A pass (Weitergeben) may count as one of them." if self.pass_counts else ""
        return Refusal("minimum-play", f"{who} has played {plural(self.played_this_turn, 'card')} this turn; the "
                                       f"minimum play is {self.turn_minimum} ({why}; seed, 'Ein Zug'). "
                                       f"Play {self.still_to_play} more before ending the turn.{extra}")

    def _no_tokens_text(self) -> str:
        if not self.rules.tokens:
            return ("These rules have no emergency tokens: Notruf-Marken is a variant "
                    "(make_rules('notruf-marken', tokens=2)).")
        return (f"The team has no emergency tokens left (Notruf-Marken: it started with {self.rules.tokens}); "
                "play on without one.")

    def _check_big_setback(self, action: BigSetback) -> Refusal | None:
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            return self._not_in_hand(card)
        if not self.tokens:
            return Refusal("no-tokens", self._no_tokens_text())
        if self.token_used_this_turn:
            return Refusal("one-token-per-turn", "An emergency token was already spent this turn: at most one "
                                                 "token per turn (seed 'Varianten: Notruf-Marken').")
        fit = self._big_setback(card, pile)
        if fit is None:
            top = pile.top
            if top is None:
                why = f"{pile.name} is empty"
            elif self.rules.same_suit_fits and card.suit == top.suit:
                why = "under Kinderfahrt a card of the top card's suit fits anyway: play it with Play"
            elif card.suit != top.suit:
                why = f"{card} is not of the suit of the top card {top}"
            else:
                d = big_setback_ranks(card, pile.direction, top)
                if d is None:
                    why = f"{card} goes the pile's own direction from {top}: play it with Play"
                elif d == 1:
                    why = f"{card} is one rank back from {top}, an ordinary setback: play it with Play"
                else:
                    why = f"{card} is {d} ranks back from {top}; a big setback goes 2 or 3 ranks"
            return Refusal("big-setback", f"No big setback: {why}. A big setback (Notruf-Marken) is the top card's "
                                          "suit, 2 or 3 ranks in the wrong direction (seed 'Varianten: Notruf-Marken').")
        if self.setback_used:
            return Refusal("one-setback-per-turn",
                           f"{card} on {pile.name} would be a big setback, but this turn's setback is already used: "
                           "a big setback is the turn's setback (seed 'Varianten: Notruf-Marken'). Wait for the next turn.")
        blocked = self._command_block(card, pile, BIG_SETBACK, pile.top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        return None

    def _check_pass(self, action: Pass) -> Refusal | None:
        if not self.rules.passing:
            return Refusal("no-passing", "Passing a card belongs to the Weitergeben variant; these rules "
                                         "have no passing (make_rules('weitergeben')).")
        if self.players < 2:
            return Refusal("no-passing", "Weitergeben: solo there is nobody to pass a card to.")
        to = action.to
        if isinstance(to, bool) or not isinstance(to, (int, np.integer)) or not 0 <= to < self.players:
            return Refusal("pass-target", f"Pass to seat {to!r}: seats are 0 to {self.players - 1} "
                                          f"({', '.join(self.names)}).")
        if to == self.to_move:
            return Refusal("pass-target", f"{self.names[self.to_move]} cannot pass a card to themselves: "
                                          "choose another player's seat.")
        if action.card not in self.hand:
            return self._not_in_hand(action.card)
        if self.passed_this_turn:
            return Refusal("one-pass-per-turn", "A card was already passed this turn: Weitergeben allows one "
                                                "pass per turn (seed 'Varianten: Weitergeben').")
        if self.minimum_met:
            return Refusal("pass-not-needed", "The minimum is already met: a pass replaces one required card "
                                              "(seed 'Varianten: Weitergeben'); end the turn or play on.")
        if len(self.hand) == 1 and self.played_this_turn == 0:
            # Decision (with spec 7's): at least one card of every turn reaches a pile.
            return Refusal("pass-last-card", f"{self.names[self.to_move]} cannot pass the last hand card before "
                                             "playing one: at least one card of every turn must reach a pile "
                                             "(Weitergeben, Decision). Play it instead.")
        return None

    def _check_signal(self, action: Signal) -> Refusal | None:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.players:
            return Refusal("no-such-seat", f"There is no seat {seat!r}: seats are 0 to {self.players - 1} "
                                           f"({', '.join(self.names)}).")
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        kind = action.kind
        if kind is None:
            if not any(s == seat for s, _ in self.signals.get(ref, [])):
                return Refusal("no-signal", f"{self.names[seat]} has no signal on {self.piles[ref].name} "
                                            "to withdraw.")
            return None  # withdrawing is always allowed
        kinds = [k for k in SIGNAL_KINDS if k != "passenger" or self.rules.passengers]
        if kind not in kinds:
            extra = " ('passenger' only with Fahrgäste)" if kind == "passenger" else ""
            return Refusal("signal-kind", f"There is no signal {kind!r}{extra}: use one of "
                                          f"{', '.join(map(repr, kinds))}, or None to withdraw (spec section 6).")
        if self.rules.signals == "none":
            return Refusal("signals-off", "Stille Fahrt: nobody talks during the whole game, so no pile signals "
                                          "(seed 'Varianten: Stille Fahrt').")
        if self.rules.signals == "mover" and seat != self.to_move:
            return Refusal("signal-mover-only", f"Liftführer: only the player to move ({self.names[self.to_move]}) "
                                                f"may talk; {self.names[seat]} waits for their own turn "
                                                "(seed 'Varianten: Liftführer').")
        if self.silence_until is not None:
            return Refusal("silence", f"Schweigen (red Queen, Befehle): no signals from anyone until "
                                      f"{self.names[self.silence_until]}'s next turn (spec section 8).")
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

    def can_reach_minimum(self) -> bool:
        """Look-ahead: can the player to move still play enough cards this turn?

        Searches every order of plays from here (the setback allowance included;
        with variants also big setbacks and turn ends with a token, a counting pass,
        a Halt, the Sperre and Engpass commands; plays that lose at once do not
        count).  True when the minimum is already met.  Spec section 5 (Decision:
        the end is judged move by move; this query shows a doomed turn before it ends).
        """
        if self.result is not None:
            return self.minimum_met and self.result.outcome == "perfect"
        need = self.still_to_play
        if need == 0 or not self.hand:
            return True
        r = self.rules
        dirs = tuple(p.direction for p in self.piles)
        plain = not (r.tokens or r.passing or r.command_ranks or r.same_suit_fits or self.passengers)
        seen: set = set()

        if plain:
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

            return search(tuple(self.hand), tuple(p.top for p in self.piles), not self.setback_used, need)

        passengers = self.passengers

        def search2(hand, tops, setbacks_left, token_left, pass_left, played, nextp, need) -> bool:
            if need == 0 or not hand:
                return True
            if token_left and played:
                return True  # end the turn with a token
            key = (tuple(sorted(hand)), tops, setbacks_left, token_left, pass_left, played, nextp, need)
            if key in seen:
                return False
            seen.add(key)
            if pass_left and (len(hand) > 1 or played):
                for card in set(hand):
                    h = list(hand)
                    h.remove(card)
                    if search2(tuple(h), tops, setbacks_left, token_left, False, played, nextp, need - 1):
                        return True
            for card in set(hand):
                if passengers and card in passengers[nextp + 1:] and (nextp >= len(passengers) or card != passengers[nextp]):
                    continue  # a passenger's twin too early loses
                np_ = nextp + 1 if nextp < len(passengers) and card == passengers[nextp] else nextp
                for i, (pile, top) in enumerate(zip(self.piles, tops)):
                    fit = placement(card, pile.direction, top, r.same_suit_fits)
                    kinds = []
                    if fit is not None and not (fit.kind == SETBACK and not setbacks_left):
                        kinds.append(fit.kind)
                    if fit is None and token_left and setbacks_left and not r.same_suit_fits \
                            and big_setback_ranks(card, pile.direction, top) in (2, 3):
                        kinds.append(BIG_SETBACK)
                    for kind in kinds:
                        if r.command_ranks and self._command_block(card, pile, kind, top):
                            continue
                        if self._command(card) == "Halt":
                            return True  # Halt: the minimum counts as met
                        h = list(hand)
                        h.remove(card)
                        t = tops[:i] + (card,) + tops[i + 1:]
                        sb = setbacks_left and kind not in (SETBACK, BIG_SETBACK)
                        tk = token_left and kind != BIG_SETBACK
                        if search2(tuple(h), t, sb, tk, pass_left, True, np_, need - 1):
                            return True
            return False

        pass_left = self.can_pass() and self.pass_counts
        return search2(tuple(self.hand), tuple(p.top for p in self.piles), not self.setback_used,
                       self.token_free, pass_left, self.played_this_turn >= 1, self.delivered, need)

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
        elif isinstance(action, BigSetback):
            action = BigSetback(action.card, self._pile_ref(action.pile))
        elif isinstance(action, Signal):
            action = Signal(int(action.seat), self._pile_ref(action.pile), action.kind)
        elif isinstance(action, Pass):
            action = Pass(action.card, int(action.to))  # a numpy seat would not go into the JSON record
        self._undo.append(self._snapshot())
        self._marks.append(len(self.log))
        if isinstance(action, Play):
            self._do_play(action)
        elif isinstance(action, BigSetback):
            self._do_play(action, big=True)
        elif isinstance(action, Pass):
            self._do_pass(action)
        elif isinstance(action, Signal):
            self._do_signal(action)
        elif isinstance(action, TimeOut):
            self._do_timeout()
        elif action.token:
            self._do_end_turn("token")
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
        fit = self._fit(c, self.piles[ref])
        self.apply_action(Play(c, ref))
        assert fit is not None
        return LegalPlay(c, ref, fit.kind, fit.skipped)

    def big_setback(self, card: str | Card, pile: int | str) -> LegalPlay:
        """Notruf-Marken: spend a token to play ``card`` on ``pile`` as a big setback (2 or 3 ranks back).

        Raises:
            CardParseError: ``card`` cannot be read.
            IllegalPlayError: rules ``no-tokens``, ``one-token-per-turn``, ``big-setback``,
                ``one-setback-per-turn``, ``setback-blocked`` …; nothing changes.
        """
        c = parse_card(card)
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        self.apply_action(BigSetback(c, ref))
        return LegalPlay(c, ref, BIG_SETBACK, -4 * (big_setback_ranks(c, self.piles[ref].direction,
                                                                      self.piles[ref].cards[-2]) or 0))

    def end_turn(self, token: bool = False) -> None:
        """End the turn: draw back up to hand size, next player with cards.

        Args:
            token: Notruf-Marken: spend a token to end the turn below the minimum (after at least one card).

        Raises:
            IllegalPlayError: rule ``minimum-play`` (below the minimum) or ``game-over``;
                with ``token``: ``no-tokens``, ``one-token-per-turn``, ``token-not-needed``.
        """
        self.apply_action(EndTurn(token=token))

    def pass_card(self, card: str | Card, to: int) -> None:
        """Weitergeben: give ``card`` to seat ``to`` instead of one required card.

        Raises:
            IllegalPlayError: rules ``no-passing``, ``pass-target``, ``one-pass-per-turn``, ``not-in-hand``, ….
        """
        self.apply_action(Pass(parse_card(card), to))

    def signal(self, seat: int, pile: int | str, kind: str | None) -> None:
        """Post (or with ``kind=None`` withdraw) a pile signal; see :class:`Signal`.

        Raises:
            IllegalPlayError: rules ``signals-off``, ``signal-mover-only``, ``silence``, ``signal-kind``, ….
        """
        self.apply_action(Signal(seat, pile, kind))

    def time_out(self) -> None:
        """Sanduhr: the time is up; the turn ends at once (below the minimum the game is over).

        Raises:
            IllegalPlayError: rule ``no-hourglass`` (not Sanduhr) or ``game-over``.
        """
        self.apply_action(TimeOut())

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

    def _do_play(self, action: Play | BigSetback, big: bool = False) -> None:
        pile = self.piles[action.pile]
        fit = self._big_setback(action.card, pile) if big else self._fit(action.card, pile)
        assert fit is not None
        who = self.names[self.to_move]
        top = pile.top
        card = action.card
        self.hand.remove(card)
        pile.cards.append(card)
        self.played_this_turn += 1
        if fit.kind == BIG_SETBACK:
            self.setbacks_this_turn += 1
            self.tokens -= 1
            self.token_used_this_turn = True
            what = (f"a big setback with an emergency token (Notruf-Marke; same suit, {-fit.skipped // 4} ranks "
                    f"back): wins back {-fit.skipped} rungs and is this turn's setback; "
                    f"{plural(self.tokens, 'token')} left")
        elif fit.kind == SETBACK:
            self.setbacks_this_turn += 1
            what = f"a setback (same suit, one rank back): wins back {-fit.skipped} rungs"
        elif fit.kind == SAME_SUIT:
            what = f"same suit as {top} (Kinderfahrt: same suit always fits): wins back {-fit.skipped} rungs"
        elif top is None:
            what = f"opens the empty pile (gives up {fit.skipped} rungs)"
        elif top == card:
            what = f"a twin of {top}: free"
        elif fit.skipped == 0:
            what = f"on {top}, the next rung: no rung skipped"
        else:
            what = f"on {top}, skipping {plural(fit.skipped, 'rung')}"
        self.log.append(f"Turn {self.turn}: {who} plays {card} on {pile.name} — {what}.")
        if self.rules.fire:
            covered = [b for b in self.burning if b[0] == pile.index]
            if covered:
                self.burning = [b for b in self.burning if b[0] != pile.index]
                self.log.append(f"{card} covers the burning {covered[0][1]} (Feuer).")
            if is_burning(card):
                self.burning.append((pile.index, card, self.turn))
                self.log.append(f"{card} burns (Feuer): the next player who has cards must cover it in their turn, "
                                "or the team loses.")
        if self.passengers and self.delivered < len(self.passengers):
            if card == self.passengers[self.delivered]:
                self.delivered += 1
                left = len(self.passengers) - self.delivered
                self.log.append(f"Passenger {self.delivered} ({card}) delivered (Fahrgäste); "
                                + (f"next: {self.passengers[self.delivered]}." if left else "all passengers delivered."))
            elif card in self.passengers[self.delivered + 1:]:
                k = self.passengers.index(card) + 1
                self._lose("passenger-order", card,
                           f"{card} is the twin of passenger {k}, but passenger {self.delivered + 1} "
                           f"({self.passengers[self.delivered]}) has not been delivered yet: a twin too early loses "
                           "at once (seed 'Varianten: Fahrgäste').")
                return
        cmd = self._command(card)
        if cmd == "Schweigen":
            self.silence_until = self.to_move
            self._silence_card = card
            self.signals.clear()
            self._signal_turns.clear()
            self.log.append(f"Schweigen (red Queen, Befehle): no signals from anyone until {who}'s next turn; "
                            "standing signals are withdrawn.")
        elif cmd == "Express":
            self.express.append(card)
            self.log.append(f"Express (red King, Befehle): the next player who has cards must play one card more "
                            "than their minimum in their next turn.")
        elif cmd in ("Sperre", "Engpass", "Last"):
            what = {"Sperre": "no setback onto this pile", "Engpass": "the next card onto this pile must be the "
                    "same or the next rank, or a setback", "Last": "every player's minimum is one higher while the "
                    "draw pile lasts (from the next turn)"}[cmd]
            self.log.append(f"{cmd} ({_RANK_WORD[card.rank]}, black, Befehle) on {pile.name}: while it is on top, "
                            f"{what}.")
        elif cmd == "Halt":
            self.log.append(f"Halt (red Jack, Befehle): {who}'s turn ends at once; the minimum counts as met.")
            if self.remaining:
                self._do_end_turn("halt")

    def _do_pass(self, action: Pass) -> None:
        who, to = self.names[self.to_move], self.names[action.to]
        self.hand.remove(action.card)
        self.hands[action.to].append(action.card)
        self.passed_this_turn = True
        counts = "counts as one required card" if self.pass_counts else \
            "does not count toward the minimum of 1 (Decision: passes count only while the minimum is 2 or more)"
        self.log.append(f"Turn {self.turn}: {who} passes a card face down to {to} (Weitergeben); it {counts}.")

    def _do_signal(self, action: Signal) -> None:
        lst = [(s, k) for s, k in self.signals.get(action.pile, []) if s != action.seat]
        who, pile = self.names[action.seat], self.piles[action.pile].name
        if action.kind is None:
            self._signal_turns.pop((action.pile, action.seat), None)
            self.log.append(f"{who} withdraws the signal on {pile}.")
        else:
            lst.append((action.seat, action.kind))
            self._signal_turns[(action.pile, action.seat)] = self.turn
            words = {"hold": "please don't play here", "help": "I can help this pile",
                     "jump": "I'd have to make a big jump here", "passenger": "I can deliver the next passenger"}
            self.log.append(f"{who} signals on {pile}: {action.kind} — “{words[action.kind]}”.")
        if lst:
            self.signals[action.pile] = lst
        else:
            self.signals.pop(action.pile, None)

    def _do_timeout(self) -> None:
        who = self.names[self.to_move]
        if self.minimum_met:
            self.log.append(f"Turn {self.turn}: time is up for {who} (Sanduhr); the turn ends.")
            self._do_end_turn("timeout")
            return
        self.log.append(f"Turn {self.turn}: time is up for {who} (Sanduhr) after "
                        f"{plural(self.played_this_turn, 'card')} of {self.turn_minimum}: the game is over.")
        self._finish("stuck", reason="time-out")

    def _lose(self, reason: str, card: Card, sentence: str) -> None:
        self.log.append(sentence)
        self._finish("lost", reason=reason, card=card)

    def _finish(self, outcome: str, reason: str | None = None, card: Card | None = None) -> None:
        """End the game now; a fire duty or an undelivered passenger turns a stuck end into a loss."""
        if outcome == "stuck":
            duty = self.fire_duty
            if duty:
                p, c, t = duty[0]
                self.log.append(f"{c} on {self.piles[p].name} (played in turn {t}) is still burning: Feuer — the "
                                "team loses (Decision: stuck with a burning card uncovered is a fire loss).")
                outcome, reason, card = "lost", "fire", c
            elif self.next_passenger is not None:
                self.log.append(f"Passenger {self.delivered + 1} ({self.next_passenger}) is not delivered at the "
                                "end: Fahrgäste — the team loses (seed 'Varianten: Fahrgäste').")
                outcome, reason, card = "lost", "passenger-undelivered", self.next_passenger
        self.result = Result(outcome, self.remaining, tuple(len(h) for h in self.hands), len(self.draw_pile),
                             self.turn, self.to_move, reason, card)
        if outcome != "stuck" or reason == "time-out":
            self.log.append(f"{_sentence_case(self._result_words())} (lower is better; 0 is a perfect game).")

    def _do_end_turn(self, how: str = "end") -> None:
        who = self.names[self.to_move]
        duty = self.fire_duty
        if duty:
            p, c, t = duty[0]
            self._lose("fire", c, f"Turn {self.turn}: {who} ends the turn, but {c} on {self.piles[p].name} "
                                  f"(played in turn {t}) is still burning: Feuer — the team loses at once "
                                  "(seed 'Varianten: Feuer').")
            return
        size = self.rules.hand_size(self.players)
        drawn = 0
        while len(self.hand) < size and self.draw_pile:
            self.hand.append(self.draw_pile.pop(0))
            drawn += 1
        played = self.played_this_turn
        if how == "token":
            self.tokens -= 1
        mover = self.to_move
        # Decision (spec 6): a signal stays until its poster withdraws or changes it, or until the end of
        # the poster's next turn (a turn that started after it was posted).
        if self.signals:
            for pile in list(self.signals):
                keep = [(s, k) for s, k in self.signals[pile]
                        if not (s == mover and self._signal_turns.get((pile, s), 0) < self.turn)]
                for s, k in self.signals[pile]:
                    if (s, k) not in keep:
                        self._signal_turns.pop((pile, s), None)
                if keep:
                    self.signals[pile] = keep
                else:
                    del self.signals[pile]
        nxt = self.to_move
        skipped: list[int] = []  # seats without cards passed over: their "next turn" came and went
        for step in range(1, self.players + 1):
            cand = (self.to_move + step) % self.players
            if self.hands[cand]:
                nxt = cand
                break
            skipped.append(cand)
        if skipped and self.signals:  # their signals end as if their next turn had ended
            for pile in list(self.signals):
                keep = [(s, k) for s, k in self.signals[pile] if s not in skipped]
                for s, _k in self.signals[pile]:
                    if s in skipped:
                        self._signal_turns.pop((pile, s), None)
                if keep:
                    self.signals[pile] = keep
                else:
                    del self.signals[pile]
        self.to_move = nxt
        self.turn += 1
        self.played_this_turn = 0
        self.setbacks_this_turn = 0
        self.token_used_this_turn = False
        self.passed_this_turn = False
        if self.silence_until == nxt or self.silence_until in skipped:  # Schweigen lasts until that player's next turn
            self.silence_until = None
            self._silence_card = None
        self.turn_minimum = self._minimum_now()
        extra = ""
        if self.express:
            self.turn_minimum += len(self.express)
            extra = f" (Express: +{len(self.express)})"
            self.express = []
        if self.last_active and self.draw_pile:
            extra += " (Last: +1)"
        verb = {"end": "ends the turn", "halt": "ends the turn (Halt)", "timeout": "ends the turn (time-out)",
                "token": f"ends the turn with an emergency token (Notruf-Marke; {plural(self.tokens, 'token')} left)"}[how]
        self.log.append(f"Turn {self.turn - 1}: {who} {verb} after {plural(played, 'card')} and draws {drawn} "
                        f"({len(self.draw_pile)} left in the draw pile). Next: {self.names[nxt]}, "
                        f"minimum {self.turn_minimum}{extra}.")

    def _stuck(self) -> bool:
        """No legal play and no token or pass that helps (spec section 5, Decision)."""
        if self.minimum_met or self.legal_plays():
            return False
        if self.token_free and self.played_this_turn >= 1:
            return False
        if self.can_pass() and self.pass_counts and self.still_to_play == 1:
            return False
        return True

    def _check_over(self) -> None:
        if self.result is not None:
            return
        if self.remaining == 0:
            last = self.actions[-1] if self.actions else None
            last_pile = last.pile if isinstance(last, (Play, BigSetback)) else None
            # Seed 'Feuer': "Nur die allerletzte Karte des Spiels darf brennen bleiben" — any other still burns.
            still = [b for b in self.burning if not (b[0] == last_pile and b[2] == self.turn)]
            if still:
                p, card, t = still[0]
                self._lose("fire", card, f"The last card is played, but {card} on {self.piles[p].name} (played in "
                                         f"turn {t}) still burns: only the very last card of the game may stay "
                                         "burning (seed 'Varianten: Feuer') — the team loses.")
                return
            if self.next_passenger is not None:  # cannot happen with twins, kept for odd positions
                self._finish("stuck")
                return
            self.result = Result("perfect", 0, tuple(0 for _ in self.hands), 0, self.turn)
            self.log.append(f"Every card is played: a perfect game in {self.turn} turns.")
        elif self._stuck():
            self.log.append(f"The game ends: {self.names[self.to_move]} must play {self.turn_minimum} but has no legal "
                            f"play after {self.played_this_turn}.")
            self._finish("stuck")
            if self.result is not None and self.result.outcome == "stuck":
                self.log[-1] += (f" {_sentence_case(self._result_words())} "
                                 f"(lower is better; 0 is a perfect game).")

    def _result_words(self) -> str:
        r = self.result
        if r is None:
            return "in progress"
        if r.perfect:
            return "perfect: every card played"
        parts = " + ".join(f"{n} {k}" for n, k in zip(self.names, r.hands))
        words = f"remaining cards: {parts} + draw pile {r.draw_pile} = {r.remaining}"
        if r.outcome == "lost":
            why = {"fire": f"Feuer, {r.card} left burning", "passenger-order": f"Fahrgäste, {r.card} too early",
                   "passenger-undelivered": f"Fahrgäste, {r.card} not delivered"}.get(r.reason or "", r.reason)
            return f"lost ({why}) in turn {r.turn}; {words}"
        if r.reason == "time-out":
            return f"time-out (Sanduhr) in turn {r.turn}; {words}"
        return words

    _VARIANT_STATE = ("tokens", "token_used_this_turn", "passed_this_turn", "delivered", "silence_until",
                      "_silence_card")

    def _snapshot(self) -> dict[str, Any]:
        s = {"hands": [list(h) for h in self.hands], "draw": list(self.draw_pile),
             "piles": [list(p.cards) for p in self.piles], "to_move": self.to_move, "turn": self.turn,
             "played": self.played_this_turn, "setbacks": self.setbacks_this_turn,
             "minimum": self.turn_minimum, "log": len(self.log), "result": self.result,
             "burning": list(self.burning), "signals": {p: list(v) for p, v in self.signals.items()},
             "signal_turns": dict(self._signal_turns), "express": list(self.express)}
        for k in self._VARIANT_STATE:
            s[k] = getattr(self, k)
        return s

    def _restore(self, s: dict[str, Any]) -> None:
        self.hands = s["hands"]
        self.draw_pile = s["draw"]
        for p, cards in zip(self.piles, s["piles"]):
            p.cards = cards
        self.to_move, self.turn = s["to_move"], s["turn"]
        self.played_this_turn, self.setbacks_this_turn = s["played"], s["setbacks"]
        self.turn_minimum, self.result = s["minimum"], s["result"]
        self.burning, self.signals, self._signal_turns = s["burning"], s["signals"], s["signal_turns"]
        self.express = s["express"]
        for k in self._VARIANT_STATE:
            setattr(self, k, s[k])
        del self.log[s["log"]:]

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game record: rules, start (seed or position) and every action, JSON-ready.

        :meth:`from_record` replays it to an identical state.
        """
        return {"format": "paternoster-record", "version": 1, "rules": self.rules.to_dict(),
                "players": self.players, "names": list(self.names), "start": copy.deepcopy(self._start),
                "actions": [a.to_json() for a in self.actions]}

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


def _sentence_case(text: str) -> str:
    """Upper-case the first letter only (``str.capitalize`` would lower-case the players' names)."""
    return text[:1].upper() + text[1:]


def _plays(hand: Sequence[Card], piles: Sequence[Pile], setback_allowed: bool,
           same_suit: bool = False) -> list[LegalPlay]:
    out = []
    for p in piles:
        for card in sorted(set(hand)):
            fit = p.fits(card)
            if fit is None or (fit.kind == SETBACK and not setback_allowed):
                continue
            out.append(LegalPlay(card, p.index, fit.kind, fit.skipped))
    return out
