"""The ladder and where a card may go: the placement rule of one pile (rules §4.1–§4.4).

**The ladder** (rules §2.2–§2.4): rank first, A lowest and K highest; within a rank the suits
♦ < ♥ < ♠ < ♣.  That is the kernel's deck order, so a card's rung (0 = A♦ … 51 = K♣) is its
:attr:`~paternoster.core.cards.Card.index`, read as ``card.rung``, and cards compare by it.

This module is pure: it looks at a card, a pile's direction and its top card
and answers with a :class:`Placement` (normal or setback, and the rungs
skipped) or ``None``; :mod:`paternoster.lift.cost` turns it into the cost (rules §5).  The one-setback-per-turn rule is applied by the
game, which knows the turn.

>>> from paternoster.core.cards import parse_card as c
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

from ..core.errors import ArgumentError
from ..core.cards import Card, as_card, parse_card
from ..core.checks import short

__all__ = ["Direction", "Placement", "placement", "setback_card", "big_setback_ranks", "compare",
           "NORMAL", "SETBACK", "BIG_SETBACK", "SAME_SUIT"]

Direction = Literal["up", "down"]
NORMAL = "normal"
SETBACK = "setback"
BIG_SETBACK = "big-setback"
"""Kind of a Notruf-Marken big setback: same suit, 2 or 3 ranks the wrong way (costs a token)."""
SAME_SUIT = "same-suit"
"""Kind of a Kinderfahrt play the wrong way that fits only because it has the top card's suit."""


@dataclass(frozen=True, slots=True)
class Placement:
    """How a card fits a pile.

    Attributes:
        kind: ``"normal"`` (in the pile's direction, twins included),
            ``"setback"`` (same suit, one rank the wrong way), ``"big-setback"``
            (Notruf-Marken: same suit, 2 or 3 ranks the wrong way) or
            ``"same-suit"`` (Kinderfahrt: the top card's suit, any rank the wrong way).
        skipped: rungs, *not* the cost (the cost is :func:`paternoster.lift.cost.cost_of`,
            rules §5).  Normal play on a pile: the rungs strictly between top and card
            (0 for a twin and for the next rung; a jump over *k* rungs has *k*, cost *k* + 1).
            Opening an empty pile: the rungs before the card (up: rungs below it; down:
            rungs above it; cost one more).  Setback: minus the rungs won back, which
            is the cost (−4 for one rank; big setback −8 or −12; same-suit the rung difference).
    """

    kind: str
    skipped: int


def placement(card: Card, direction: Direction, top: Card | None, same_suit: bool = False) -> Placement | None:
    """Whether ``card`` may go on a pile of ``direction`` whose top card is ``top``.

    Args:
        card: the card to play.
        direction: ``"up"`` or ``"down"``.
        top: the pile's top card, ``None`` for an empty pile.
        same_suit: Kinderfahrt (rules §10.3): a card of the top
            card's suit always fits.  **Decision:** a same-suit card the wrong way is
            kind ``"same-suit"``, never a setback (it does not use the turn's setback).

    Returns:
        A :class:`Placement`, or ``None`` when the card does not fit at all.
        The turn's setback allowance is *not* checked here.

    Raises:
        CardParseError: a card given as text cannot be read.
        ValueError: ``direction`` is neither ``"up"`` nor ``"down"``.

    Rule source: rules §4.1–§4.4.

    >>> from paternoster.core.cards import parse_card as c
    >>> placement(c("2♥"), "up", c("K♥"), same_suit=True)
    Placement(kind='same-suit', skipped=-44)
    """
    if type(card) is not Card:  # the engine passes Card objects; text is read here
        card = parse_card(card)
    if top is not None and type(top) is not Card:
        top = parse_card(top)
    if direction not in ("up", "down"):
        raise ArgumentError(f"A pile's direction is 'up' or 'down', not {short(direction)}.")
    if top is None:
        return Placement(NORMAL, card.rung if direction == "up" else 51 - card.rung)
    diff = card.rung - top.rung if direction == "up" else top.rung - card.rung
    if diff >= 0:
        return Placement(NORMAL, max(0, diff - 1))
    if same_suit and card.suit == top.suit:
        return Placement(SAME_SUIT, diff)
    if card == setback_card(direction, top):
        return Placement(SETBACK, diff)
    return None


def setback_card(direction: Direction, top: Card | None) -> Card | None:
    """The one card that is a setback on this pile, or ``None``.

    Up pile: same suit, rank one lower (none below an Ace).
    Down pile: same suit, rank one higher (none above a King).

    >>> from paternoster.core.cards import parse_card as c
    >>> setback_card("up", c("J♠")), setback_card("down", c("10♥")), setback_card("up", c("A♣"))
    (Card('10♠'), Card('J♥'), None)
    """
    _check_direction(direction)
    if top is None:
        return None
    top = as_card(top, "top")
    rank = top.rank - 1 if direction == "up" else top.rank + 1
    return Card.from_rung(top.rung + (4 if direction == "down" else -4)) if 1 <= rank <= 13 else None


def _check_direction(direction: object) -> None:
    if direction not in ("up", "down"):
        raise ArgumentError(f"direction must be 'up' or 'down', not {short(direction)}.")


def big_setback_ranks(card: Card, direction: Direction, top: Card | None) -> int | None:
    """Ranks ``card`` goes the wrong way on this pile if it has the top card's suit, else ``None``.

    A Notruf-Marken big setback needs 2 or 3 (rules §10.5).

    >>> from paternoster.core.cards import parse_card as c
    >>> big_setback_ranks(c("7♥"), "up", c("10♥")), big_setback_ranks(c("K♠"), "down", c("J♠"))
    (3, 2)
    >>> big_setback_ranks(c("7♣"), "up", c("10♥")) is None
    True
    """
    card = as_card(card)
    _check_direction(direction)
    if top is None:
        return None
    top = as_card(top, "top")
    if card.suit != top.suit:
        return None
    d = top.rank - card.rank if direction == "up" else card.rank - top.rank
    return d if d > 0 else None


def compare(a: Card, b: Card) -> tuple[int, str]:
    """Which of two cards is higher on the ladder, and why, in words.

    Args:
        a, b: cards, or their text (``"7♠"``).

    Returns:
        ``(sign, reason)`` where sign is −1 (a lower), 0 (equal: twins), 1 (a higher).

    Raises:
        CardParseError: a card given as text cannot be read.

    >>> from paternoster.core.cards import parse_card as c
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
