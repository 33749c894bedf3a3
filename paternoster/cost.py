"""The cost of a play: how many rungs a pile's top card moves along the ladder (rules §5).

One number for one play, the one the lessons teach and the simple computer player
(:mod:`paternoster.bots`) starts from before its own adjustments:

* a **twin** (the same card as the top) costs 0 — the top stays on its rung;
* the **next rung** costs 1;
* a **jump** over *k* rungs costs *k* + 1 (the top moves *k* + 1 rungs);
* **opening** an empty pile counts from just outside the ladder: an up pile from below
  the lowest rung (A♦ costs 1, K♣ costs 52), a down pile from above the highest
  (K♣ costs 1, A♦ costs 52);
* a **setback** moves the top one rank (4 rungs) back and costs −4; a Notruf-Marken
  big setback −8 or −12; a Kinderfahrt same-suit card the wrong way minus the rungs
  it moves back.

The engine's :class:`paternoster.ladder.Placement` counts *skipped* rungs instead (the rungs
strictly between top and card); for a jump the cost is that count plus one.

>>> from paternoster.cards import parse_card as c
>>> play_cost(c("6♥"), "up", c("6♥")), play_cost(c("6♠"), "up", c("6♥")), play_cost(c("9♠"), "up", c("6♥"))
(0, 1, 13)
>>> play_cost(c("9♥"), "up", c("10♥")), play_cost(c("5♦"), "up", None), play_cost(c("K♣"), "down", None)
(-4, 17, 1)
>>> play_cost(c("8♥"), "up", c("10♥")) is None
True
"""

from __future__ import annotations

from .cards import Card, parse_card
from .ladder import Direction, placement

__all__ = ["play_cost", "RUNGS"]

RUNGS = 52
"""Rungs on the ladder (two decks put two cards, twins, on each rung)."""


def play_cost(card: Card | str, direction: Direction, top: Card | str | None, same_suit: bool = False) -> int | None:
    """The cost of laying ``card`` on a pile: the rungs its top card moves (rules §5).

    Args:
        card: the card to play, or its text (``"9♠"``, German or English notation).
        direction: ``"up"`` or ``"down"``.
        top: the pile's top card (or its text); ``None`` for an empty pile.
        same_suit: Kinderfahrt: a card of the top card's suit always fits.

    Returns:
        The cost in rungs (an int: 0 for a twin, 1 for the next rung, negative for a
        setback), or ``None`` when the card does not fit the pile at all. Whether this
        turn's setback is still free is not checked here (the game checks it).

    Raises:
        CardParseError: a card given as text cannot be read.
        ValueError: ``direction`` is neither ``"up"`` nor ``"down"``.
    """
    card = card if type(card) is Card else parse_card(card)
    if top is not None and type(top) is not Card:
        top = parse_card(top)
    if placement(card, direction, top, same_suit) is None:
        return None
    if top is None:
        return card.rung + 1 if direction == "up" else RUNGS - card.rung
    return card.rung - top.rung if direction == "up" else top.rung - card.rung
