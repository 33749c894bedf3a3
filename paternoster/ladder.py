"""Where a card may go: the placement rule of one pile (spec section 3).

This module is pure: it looks at a card, a pile's direction and its top card
and answers with a :class:`Placement` (normal or setback, and the cost in
skipped rungs) or ``None``.  The one-setback-per-turn rule is applied by the
game, which knows the turn.

>>> from paternoster.cards import parse_card as c
>>> placement(c("5♣"), "up", c("4♦"))
Placement(kind='normal', skipped=6)
>>> placement(c("9♥"), "up", c("10♥"))
Placement(kind='setback', skipped=-4)
>>> placement(c("8♥"), "up", c("10♥")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import Card, parse_card

__all__ = ["Direction", "Placement", "placement", "setback_card", "compare", "NORMAL", "SETBACK"]

Direction = Literal["up", "down"]
NORMAL = "normal"
SETBACK = "setback"


@dataclass(frozen=True, slots=True)
class Placement:
    """How a card fits a pile.

    Attributes:
        kind: ``"normal"`` (in the pile's direction, twins included) or
            ``"setback"`` (same suit, one rank the wrong way).
        skipped: cost in rungs.  Normal play on a pile: the rungs strictly
            between top and card (a twin or the next rung costs 0).  Opening an
            empty pile: the rungs the pile gives up for good (up: rungs below
            the card; down: rungs above it).  Setback: minus the rungs won
            back (−4 for one rank).
    """

    kind: str
    skipped: int


def placement(card: Card, direction: Direction, top: Card | None) -> Placement | None:
    """Whether ``card`` may go on a pile of ``direction`` whose top card is ``top``.

    Args:
        card: the card to play.
        direction: ``"up"`` or ``"down"``.
        top: the pile's top card, ``None`` for an empty pile.

    Returns:
        A :class:`Placement`, or ``None`` when the card does not fit at all.
        The turn's setback allowance is *not* checked here.

    Raises:
        CardParseError: a card given as text cannot be read.
        ValueError: ``direction`` is neither ``"up"`` nor ``"down"``.

    Rule source: seed 'Wohin darf eine Karte?'; spec section 3.
    """
    card = parse_card(card)
    top = None if top is None else parse_card(top)
    if direction not in ("up", "down"):
        raise ValueError(f"A pile's direction is 'up' or 'down', not {direction!r}.")
    if top is None:
        return Placement(NORMAL, card.rung if direction == "up" else 51 - card.rung)
    diff = card.rung - top.rung if direction == "up" else top.rung - card.rung
    if diff >= 0:
        return Placement(NORMAL, max(0, diff - 1))
    if card == setback_card(direction, top):
        return Placement(SETBACK, diff)
    return None


def setback_card(direction: Direction, top: Card | None) -> Card | None:
    """The one card that is a setback on this pile, or ``None``.

    Up pile: same suit, rank one lower (none below an Ace).
    Down pile: same suit, rank one higher (none above a King).

    >>> from paternoster.cards import parse_card as c
    >>> setback_card("up", c("J♠")), setback_card("down", c("10♥")), setback_card("up", c("A♣"))
    (Card('10♠'), Card('J♥'), None)
    """
    if top is None:
        return None
    rank = top.rank - 1 if direction == "up" else top.rank + 1
    return Card(rank, top.suit) if 1 <= rank <= 13 else None


def compare(a: Card, b: Card) -> tuple[int, str]:
    """Which of two cards is higher on the ladder, and why, in words.

    Args:
        a, b: cards, or their text (``"7♠"``).

    Returns:
        ``(sign, reason)`` where sign is −1 (a lower), 0 (equal: twins), 1 (a higher).

    Raises:
        CardParseError: a card given as text cannot be read.

    >>> from paternoster.cards import parse_card as c
    >>> compare(c("7♠"), c("8♣"))
    (-1, '7♠ is lower than 8♣: the rank decides first (7 < 8).')
    >>> compare(c("8♠"), c("8♥"))[1]
    '8♠ is higher than 8♥: same rank, so the suit decides (♦ < ♥ < ♠ < ♣).'
    >>> compare(c("8♥"), c("8♥"))[1]
    '8♥ and 8♥ are twins: the two copies of one card are equally high (rung 29).'
    """
    a, b = parse_card(a), parse_card(b)
    if a.rung == b.rung:
        return 0, f"{a} and {b} are twins: the two copies of one card are equally high (rung {a.rung})."
    sign = 1 if a.rung > b.rung else -1
    word = "higher" if sign > 0 else "lower"
    if a.rank != b.rank:
        rel = ">" if a.rank > b.rank else "<"
        return sign, f"{a} is {word} than {b}: the rank decides first ({_rank_name(a)} {rel} {_rank_name(b)})."
    return sign, f"{a} is {word} than {b}: same rank, so the suit decides (♦ < ♥ < ♠ < ♣)."


def _rank_name(card: Card) -> str:
    return card.label()[:-1]
