"""Who moves next in Paskahousu — the one place of the order of play (Paskahousu rules §5.1, §7.3, §8.2,
§11.6, §11.12).

After every move :class:`~paternoster.paskahousu.PaskahousuGame` and the simulation's lean loop
(:func:`~paternoster.paskahousu.fastsim.fast_game`) both ask :func:`next_seat` who moves next, telling it
what the move did: the kind of the cards it left on the pile, :data:`BURNED` if it burned the pile, or
:data:`NOTHING`; the seat that laid the 10 or ace the mover just had to pick up; a seat that may not open
the next pile.  The rules of the order live here once:

* clockwise to the next player who still holds cards (§5.1, §8.1);
* a burner moves again on the empty table, unless the burn took their last cards (§7.3, §8.2);
* 10 und Ass auf dem leeren Tisch, option "A nochmal": after the forced pick-up the player who laid the
  10 or ace moves again (§11.6);
* Valepaska: the player who just picked the pile up after a check does not open the next pile (§11.12).

The house rules that change the order are read once into a :class:`TurnOrder` (:func:`turn_order`).
What the game writes in its log for each answer: :func:`~paternoster.paskahousu.texts.who_moves_next`.

>>> standard = turn_order(STANDARD_HOUSE_RULES)
>>> next_seat(standard, [5, 0, 4], 0, 3)            # seat 1 is out: seat 2 moves
(2, 'next')
>>> next_seat(standard, [5, 0, 4], 0, BURNED)       # a burn: the burner again
(0, 'again')
>>> next_seat(turn_order(HouseRules(ten_ace_empty="pick_up_again")), [5, 2, 4], 1, NOTHING, forced_layer=0)
(0, 'layer-again')
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["TurnOrder", "turn_order", "next_seat", "NOTHING", "BURNED", "NEXT", "AGAIN",
           "LAST_BURN", "LAYER_AGAIN"]

#: ``landed`` of a move that left no card on the pile (a pick-up, a card taken with the pile, a check).
NOTHING = -1
#: ``landed`` of a move that burned the discard pile.
BURNED = -2

#: Why the seat :func:`next_seat` names moves next: the next player clockwise who holds cards; the
#: burner again; the next player after a burn with the burner's last cards; the layer of a 10 or ace
#: that had to be picked up (A nochmal).
NEXT, AGAIN, LAST_BURN, LAYER_AGAIN = "next", "again", "last-burn", "layer-again"


class TurnOrder(NamedTuple):
    """The house rules that change who moves next, read once from a :class:`HouseRules`.

    Attributes:
        layer_again: 10 und Ass auf dem leeren Tisch, "A nochmal" (Paskahousu rules §11.6): after the forced
            pick-up the player who laid the 10 or ace moves again.
    """

    layer_again: bool


def turn_order(rules: HouseRules = STANDARD_HOUSE_RULES) -> TurnOrder:
    """The :class:`TurnOrder` of ``rules``."""
    return TurnOrder(rules.ten_ace_empty == "pick_up_again")


def next_seat(order: TurnOrder, sizes: Sequence[int], mover: int, landed: int, forced_layer: int = -1,
              skip: int = -1) -> tuple[int, str]:
    """Who moves after ``mover``'s move, and why (see the module doc).

    Args:
        order: the house rules' :class:`TurnOrder`.
        sizes: the cards each seat still holds (0: out, or no cards left), after the move.
        mover: the seat that just moved.
        landed: the kind of the cards the move left on the discard pile, :data:`BURNED` if it burned the
            pile, :data:`NOTHING` if it left none.
        forced_layer: after a forced pick-up (a 10 or an ace that opened the empty table, §11.6), the seat
            that laid it; else −1.
        skip: a seat that may not move next (Valepaska: who picked the pile up after a check), else −1.

    Returns:
        ``(seat, why)``, ``why`` one of :data:`NEXT`, :data:`AGAIN`, :data:`LAST_BURN`, :data:`LAYER_AGAIN`.
    """
    if forced_layer >= 0 and order.layer_again and sizes[forced_layer]:
        return forced_layer, LAYER_AGAIN
    why = NEXT
    if landed == BURNED:
        if sizes[mover]:
            return mover, AGAIN
        why = LAST_BURN
    seat = mover  # clockwise, the next player who still holds cards (the mover if nobody else does)
    for p in range(mover + 1, len(sizes)):
        if sizes[p]:
            seat = p
            break
    else:
        for p in range(mover):
            if sizes[p]:
                seat = p
                break
    if seat == skip:
        seat = next_seat(order, sizes, skip, NOTHING)[0]
    return seat, why
