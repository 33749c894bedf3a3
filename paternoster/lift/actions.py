"""Paternoster's value types: piles, the actions a player takes, a legal play and the result of a game."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Union


from ..core.errors import ArgumentTypeError
from ..core.cards import Card, cards_html, parse_card
from .ladder import (BIG_SETBACK, Direction, Placement, placement)
from ..core.checks import short

__all__ = ['Pile', 'Play', 'EndTurn', 'BigSetback', 'Pass', 'Signal', 'TimeOut', 'Action', 'LegalPlay', 'Result', 'SIGNAL_KINDS',
           'PLAY_TYPE', 'END_TYPE', 'BIG_SETBACK_TYPE', 'PASS_CARD_TYPE', 'SIGNAL_TYPE', 'TIMEOUT_TYPE',
           'FIRE', 'PASSENGER_ORDER', 'PASSENGER_UNDELIVERED', 'TIME_OUT']


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

# The ``type`` of each action's JSON dict (records, the card table); :mod:`paternoster.lift.codec` reads them.
PLAY_TYPE = "play"
END_TYPE = "end"
BIG_SETBACK_TYPE = "big-setback"
PASS_CARD_TYPE = "pass-card"
SIGNAL_TYPE = "signal"
TIMEOUT_TYPE = "timeout"


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

    _record_type = PLAY_TYPE


@dataclass(frozen=True)
class EndTurn:
    """Action: end the turn (draw back up to hand size; next player).

    ``EndTurn(token=True)`` spends one of the team's emergency tokens to end the
    turn after at least one card, below the minimum (Notruf-Marken; rules §10.5).
    """

    token: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.token, bool):
            raise ArgumentTypeError(f"EndTurn(token=...) must be True or False, not {short(self.token)}.")

    def to_json(self) -> dict[str, Any]:
        return {"type": END_TYPE, "token": True} if self.token else {"type": END_TYPE}


@dataclass(frozen=True)
class BigSetback(_CardOnPile):
    """Action (Notruf-Marken): spend a token to play ``card`` on ``pile`` as a big setback.

    Same suit as the top card, 2 or 3 ranks in the wrong direction; it is the
    turn's setback (rules §10.5).
    """

    _record_type = BIG_SETBACK_TYPE


@dataclass(frozen=True)
class Pass:
    """Action (Weitergeben): give ``card`` face down to seat ``to`` instead of one required card.

    Once per turn; the receiver may go above the hand size (rules §10.6).
    """

    card: Card
    to: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", parse_card(self.card))

    def to_json(self) -> dict[str, Any]:
        return {"type": PASS_CARD_TYPE, "card": self.card.label("en"), "to": self.to}


SIGNAL_KINDS = ("hold", "help", "jump", "passenger")
"""Pile signals (rules §7.4): ``hold`` please don't play here, ``help`` I have a setback here,
``jump`` I'd have to make a big jump here, ``passenger`` I can deliver the next passenger (Fahrgäste only)."""


@dataclass(frozen=True)
class Signal:
    """Action: seat ``seat`` posts a pile signal of ``kind`` on ``pile`` (``kind=None`` withdraws it).

    Any seat may signal at any time (rules §7.4), except under Stille Fahrt
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
        return {"type": SIGNAL_TYPE, "seat": self.seat, "pile": self.pile, "kind": self.kind}


@dataclass(frozen=True)
class TimeOut:
    """Action (Sanduhr): the turn's time is up — the turn ends at once; below the minimum the game is over."""

    def to_json(self) -> dict[str, Any]:
        return {"type": TIMEOUT_TYPE}


Action = Union[Play, EndTurn, BigSetback, Pass, Signal, TimeOut]


@dataclass(frozen=True)
class LegalPlay:
    """A play the rules allow now.

    Attributes:
        card: the card.
        pile: pile index (0-based).
        kind: ``"normal"``, ``"setback"``, ``"big-setback"`` (spends a token) or
            ``"same-suit"`` (Kinderfahrt).
        skipped: rungs skipped, not the cost (see :class:`paternoster.lift.ladder.Placement`;
            the cost of rules §5 is :func:`paternoster.lift.cost.cost_of`).
    """

    card: Card
    pile: int
    kind: str
    skipped: int

    @property
    def action(self) -> Play | BigSetback:
        """The action that makes this play (:class:`BigSetback` for a big setback)."""
        return BigSetback(self.card, self.pile) if self.kind == BIG_SETBACK else Play(self.card, self.pile)


# The ``reason`` of a :class:`Result`: how a lost game was lost, or a Sanduhr time-out.
FIRE = "fire"
PASSENGER_ORDER = "passenger-order"
PASSENGER_UNDELIVERED = "passenger-undelivered"
TIME_OUT = "time-out"


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
