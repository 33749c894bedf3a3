"""Who moves next (Paskahousu rules §5.1, §7.3, §8.2, §11.6, §11.12): one function, ``order.next_seat``, that
the game and the simulation's lean loop both call — an edge table written from the rule book, and the game
following it."""

from __future__ import annotations

import pytest

from paternoster.paskahousu import HouseRules, PaskahousuGame, fastsim, order, transitions
from paternoster.paskahousu.order import AGAIN, BURNED, LAST_BURN, LAYER_AGAIN, NEXT, NOTHING, next_seat, turn_order

STANDARD = turn_order(HouseRules())
A_NOCHMAL = turn_order(HouseRules(ten_ace_empty="pick_up_again"))
OPTION_A = turn_order(HouseRules(ten_ace_empty="pick_up"))

# (order, cards each seat holds after the move, mover, what landed, forced layer, skip) -> (seat, why)
EDGES = [
    # §5.1: clockwise to the next player; §8.1: a player without cards is out and is passed over
    (STANDARD, [5, 5, 5], 0, 3, -1, -1, (1, NEXT)),
    (STANDARD, [5, 5, 5], 2, 3, -1, -1, (0, NEXT)),
    (STANDARD, [5, 0, 5], 0, 3, -1, -1, (2, NEXT)),
    (STANDARD, [5, 5, 5], 0, NOTHING, -1, -1, (1, NEXT)),        # a pick-up: the next player
    # §7.3: the burner moves again; §8.2: a burn with the last cards passes to the next player
    (STANDARD, [5, 5, 5], 1, BURNED, -1, -1, (1, AGAIN)),
    (STANDARD, [5, 0, 5], 1, BURNED, -1, -1, (2, LAST_BURN)),
    (STANDARD, [0, 0, 5], 1, BURNED, -1, -1, (2, LAST_BURN)),
    # §11.6 A nochmal: after the forced pick-up the layer of the 10 or ace moves again, if they hold cards
    (A_NOCHMAL, [5, 7, 5], 1, NOTHING, 0, -1, (0, LAYER_AGAIN)),
    (A_NOCHMAL, [5, 7, 5, 5], 1, NOTHING, 3, -1, (3, LAYER_AGAIN)),
    (A_NOCHMAL, [0, 7, 5], 1, NOTHING, 0, -1, (2, NEXT)),          # the layer is out: the next player
    (OPTION_A, [5, 7, 5], 1, NOTHING, 0, -1, (2, NEXT)),           # option A without "nochmal"
    (STANDARD, [5, 7, 5], 1, NOTHING, 0, -1, (2, NEXT)),
    # §11.12: who picked the pile up after a check does not open the next pile
    (STANDARD, [5, 5, 5], 0, NOTHING, -1, 1, (2, NEXT)),
    (STANDARD, [5, 5, 5], 0, NOTHING, -1, 2, (1, NEXT)),
    (STANDARD, [5, 5, 0], 0, NOTHING, -1, 1, (0, NEXT)),           # only the mover is left to open
    (STANDARD, [0, 5, 0], 0, NOTHING, -1, 1, (1, NEXT)),           # nobody else holds cards
]


@pytest.mark.parametrize("turn,sizes,mover,landed,layer,skip,expected", EDGES,
                         ids=[f"{i}-{e[6][1]}" for i, e in enumerate(EDGES)])
def test_next_seat_edge_table(turn, sizes, mover, landed, layer, skip, expected):
    assert next_seat(turn, sizes, mover, landed, layer, skip) == expected


def test_the_game_and_the_lean_loop_call_the_same_function():
    assert transitions.next_seat is fastsim.next_seat is order.next_seat


def test_a_nochmal_the_layer_with_only_table_cards_moves_again():
    """Pöytäpaska with A nochmal: Anna lays a face-up 10 on the empty table, Ben must pick it up, and Anna —
    whose hand is empty but who still holds table cards — moves again (Paskahousu rules §11.6, §11.10)."""
    rules = HouseRules(table_cards=True, ten_ace_empty="pick_up_again")
    g = PaskahousuGame.from_position(["", "4♣ 5♣", "6♣ 7♣"], face_up=["10♦ 8♦", "", ""], face_down=["3♦", "", ""],
                                     names=["Anna", "Ben", "Carla"], rules=rules)
    g.play("10♦")
    assert g.to_move == 1 and [type(a).__name__ for a in g.legal_actions()] == ["PickUp"]
    g.pick_up()
    assert g.to_move == 0, g.log
    assert g.log[-1].startswith("Anna laid the card that had to be picked up and moves again")


def test_a_nochmal_in_the_game_follows_the_edge_table():
    """A nochmal in a plain game: Anna opens the empty table with a 10, Ben must pick it up, Anna moves again."""
    rules = HouseRules(ten_ace_empty="pick_up_again")
    g = PaskahousuGame.from_position(["10♦ 4♠", "4♣ 5♣", "6♣ 7♣"], draw_pile="", names=["Anna", "Ben", "Carla"],
                                     rules=rules)
    g.play("10♦")
    g.pick_up()
    assert g.to_move == 0 and g.pile == [] and len(g.hands[1]) == 3
