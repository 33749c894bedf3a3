"""Every worked example of the seed (rules §2–§11), one test function each, with the seed's numbers.

Positions come from paternoster/lift/examples.py where they exist.  Numbers are worked by hand
from the seed (German text wins over the English spec).  Example 8 (fire cards) belongs to
a later variant and is not tested here.
"""

from __future__ import annotations

import pytest

from paternoster import (NORMAL, SETBACK, Game, IllegalPlayError, Placement, Suit, compare, full_deck,
                         parse_card, placement)
from paternoster.lift.examples import anna_turn, ben_setback, carla_end, jump_with_setback
from paternoster.lift import rule_ids

c = parse_card
UP1, UP2, DOWN1, DOWN2 = 0, 1, 2, 3


def hand_labels(g: Game, seat: int) -> list[str]:
    return sorted(x.label("en") for x in g.hands[seat])


# --------------------------------------------------------------------------- example 1

def test_example_1_which_card_is_higher():
    """7♠ < 8♣; 8♦ < 8♥ < 8♠; both 8♥ equal."""
    assert compare(c("7♠"), c("8♣"))[0] == -1
    assert c("7♠").rung < c("8♣").rung
    assert compare(c("8♦"), c("8♥"))[0] == -1
    assert compare(c("8♥"), c("8♠"))[0] == -1
    assert c("8♦").rung < c("8♥").rung < c("8♠").rung
    assert compare(c("8♥"), c("8♥"))[0] == 0
    assert c("8♥").rung == c("8♥").rung == 29


# --------------------------------------------------------------------------- example 2

def test_example_2_up_pile_on_6h():
    """Fits the other 6♥, 6♠, 6♣ and every 7..K; not 6♦; nothing ≤5 except the setback 5♥."""
    top = c("6♥")
    for card in full_deck(1):
        p = placement(card, "up", top)
        if card.rank >= 7 or (card.rank == 6 and card.suit != Suit.DIAMONDS):
            assert p is not None and p.kind == NORMAL, card
        elif card == c("5♥"):
            assert p == Placement(SETBACK, -4)
        else:
            assert p is None, card
    assert placement(c("6♥"), "up", top) == Placement(NORMAL, 0)   # the other 6♥: twin, free
    assert placement(c("6♠"), "up", top) == Placement(NORMAL, 0)   # next rung
    assert placement(c("6♣"), "up", top) == Placement(NORMAL, 1)   # skips 6♠


# --------------------------------------------------------------------------- example 3

def test_example_3_ben_setback_then_8h_waits_for_carla():
    g = ben_setback()
    assert g.names[g.to_move] == "Ben"
    assert g.piles[UP1].direction == "up" and g.piles[UP1].top == c("10♥")

    made = g.play("9♥", UP1)
    assert (made.kind, made.skipped) == (SETBACK, -4)
    assert g.setback_used

    before = g.to_position()
    with pytest.raises(IllegalPlayError) as info:
        g.play("8♥", UP1)
    assert info.value.rule == rule_ids.ONE_SETBACK_PER_TURN
    assert g.to_position() == before
    assert c("8♥") not in [lp.card for lp in g.legal_plays() if lp.pile == UP1]

    # Ben plays a second card somewhere legal (J♠ on up pile 2, top 3♠) and ends his turn.
    made = g.play("J♠", UP2)
    assert made.kind == NORMAL
    g.end_turn()
    assert g.names[g.to_move] == "Carla"
    assert not g.setback_used
    assert c("8♥") in g.hand

    made = g.play("8♥", UP1)
    assert (made.kind, made.skipped) == (SETBACK, -4)
    assert g.piles[UP1].top == c("8♥")
    assert [x.label("en") for x in g.piles[UP1].cards] == ["10♥", "9♥", "8♥"]


def test_example_3_down_pile_on_4c_5c_is_a_setback():
    g = ben_setback()
    assert g.piles[DOWN2].direction == "down" and g.piles[DOWN2].top == c("4♣")
    assert placement(c("5♣"), "down", c("4♣")) == Placement(SETBACK, -4)
    setbacks = {(lp.card, lp.pile) for lp in g.legal_plays() if lp.kind == SETBACK}
    assert (c("5♣"), DOWN2) in setbacks
    assert (c("9♥"), UP1) in setbacks
    made = g.play("5♣", DOWN2)
    assert (made.kind, made.skipped) == (SETBACK, -4)
    # that was Ben's setback: 9♥ on 10♥ must now wait
    with pytest.raises(IllegalPlayError) as info:
        g.play("9♥", UP1)
    assert info.value.rule == rule_ids.ONE_SETBACK_PER_TURN


# --------------------------------------------------------------------------- example 4

def test_example_4_setbacks_across_faces_and_the_ends():
    assert placement(c("10♠"), "up", c("J♠")) == Placement(SETBACK, -4)
    assert placement(c("J♥"), "down", c("10♥")) == Placement(SETBACK, -4)
    # no setback from an Ace on an up pile, nor from a King on a down pile
    for card in full_deck(1):
        for ace in ("A♦", "A♥", "A♠", "A♣"):
            p = placement(card, "up", c(ace))
            assert p is None or p.kind == NORMAL
        for king in ("K♦", "K♥", "K♠", "K♣"):
            p = placement(card, "down", c(king))
            assert p is None or p.kind == NORMAL
    # 7♥ on 7♥: a normal "equally high" play, skipped 0
    assert placement(c("7♥"), "up", c("7♥")) == Placement(NORMAL, 0)
    assert placement(c("7♥"), "down", c("7♥")) == Placement(NORMAL, 0)


def test_example_4_in_a_game_twin_does_not_use_the_setback():
    g = Game.from_position(hands=["7♥ 10♠"], piles=["7♥", "J♠", "", ""], draw_pile="2♦ 3♦")
    assert g.play("7♥", UP1).kind == NORMAL
    assert not g.setback_used
    assert g.play("10♠", UP2).kind == SETBACK
    assert g.setback_used


# --------------------------------------------------------------------------- example 5

def test_example_5_anna_turn():
    g = anna_turn()
    assert g.players == 3 and g.names[g.to_move] == "Anna"
    assert hand_labels(g, 0) == sorted(["4♦", "5♣", "8♥", "10♣", "Q♠", "3♥"])
    assert g.piles[UP1].top == c("4♦") and g.piles[DOWN1].top == c("6♠")
    assert g.turn_minimum == 2
    draw_before = len(g.draw_pile)
    top_two = list(g.draw_pile[:2])

    # 4♦ on its twin: normal, free
    made = g.play("4♦", UP1)
    assert (made.kind, made.skipped) == (NORMAL, 0)
    # 5♣ on 4♦: 5 is higher than 4 (skips 4♥ 4♠ 4♣ 5♦ 5♥ 5♠ = 6 rungs)
    made = g.play("5♣", UP1)
    assert (made.kind, made.skipped) == (NORMAL, 6)
    assert g.piles[UP1].top == c("5♣")
    assert g.minimum_met

    # 3♥ still fits down pile 1 (6♠) but skips 12 rungs: 3♠ 3♣, all of 4 and 5, 6♦ 6♥
    assert g.why_not("3♥", DOWN1) is None
    lp = [p for p in g.legal_plays() if p.card == c("3♥") and p.pile == DOWN1]
    assert len(lp) == 1 and lp[0].kind == NORMAL
    assert lp[0].skipped == 12 == len([x for x in full_deck(1) if c("3♥") < x < c("6♠")])

    # she keeps it and ends the turn: draws two, back to 6
    g.end_turn()
    assert len(g.hands[0]) == 6
    assert hand_labels(g, 0) == sorted(["8♥", "10♣", "Q♠", "3♥"] + [x.label("en") for x in top_two])
    assert len(g.draw_pile) == draw_before - 2
    assert g.names[g.to_move] == "Ben"
    assert g.turn == 2 and g.played_this_turn == 0 and g.turn_minimum == 2


# --------------------------------------------------------------------------- example 6

def test_example_6_carla_stuck_28_remaining():
    g = carla_end()
    assert g.names[g.to_move] == "Carla" and g.turn_minimum == 2
    assert g.result is None
    plays = g.legal_plays()
    assert [(p.card, p.pile, p.kind) for p in plays] == [(c("3♥"), DOWN1, SETBACK)]
    assert g.can_reach_minimum() is False

    g.play("3♥", DOWN1)
    assert g.is_terminal()
    r = g.result
    assert r.outcome == "stuck" and not r.perfect
    # Carla 5 + Ben 6 + Anna 6 + draw pile 11 = 28
    assert r.hands == (6, 6, 5)     # seats: Anna, Ben, Carla
    assert r.draw_pile == 11
    assert r.remaining == 28 == 5 + 6 + 6 + 11
    assert r.player == 2
    assert g.remaining == 28
    assert g.returns() == [-28.0] * 3
    assert g.legal_plays() == [] and g.legal_actions() == []


# --------------------------------------------------------------------------- example 7

def test_example_7_jump_with_setback():
    g = jump_with_setback()
    assert g.piles[UP1].top == c("7♣")
    made = g.play("9♥", UP1)
    assert made.kind == NORMAL
    # 9♥ on 7♣ skips 8♦ 8♥ 8♠ 8♣ 9♦ = 5 rungs
    assert made.skipped == 5
    made = g.play("8♥", UP1)
    assert (made.kind, made.skipped) == (SETBACK, -4)
    assert g.piles[UP1].top == c("8♥")
    assert [x.label("en") for x in g.piles[UP1].cards] == ["7♣", "9♥", "8♥"]

# Example 8 (fire cards 3♥ 6♥ 9♥ Q♥) belongs to the Feuer variant, which arrives with the variants issue.


def test_own_game_keeps_what_the_seat_sees_and_deals_the_rest_afresh():
    """A student's own game beside a worked example: the same hand, piles and turn; the other hands and
    the draw pile are the same cards in other places, by deal number (the example's hands never reused)."""
    from paternoster import examples
    from paternoster.core.errors import PaternosterError
    example = examples.ben_setback()
    mine = examples.own_game(example, 1, deal=5)
    assert mine.hands[1] == example.hands[1] and mine.to_move == example.to_move
    assert [p.cards for p in mine.piles] == [p.cards for p in example.piles]
    unseen = sorted(example.hands[0] + example.hands[2] + list(example.draw_pile))
    assert sorted(mine.hands[0] + mine.hands[2] + list(mine.draw_pile)) == unseen
    assert mine.hands[0] != example.hands[0] and mine.hands[2] != example.hands[2]
    assert [len(h) for h in mine.hands] == [len(h) for h in example.hands]
    assert examples.own_game(example, 1, deal=5).hands == mine.hands          # the same deal number, the same cards
    for seat, deal in ((3, 5), (1, -1), (1, 2.5)):
        with pytest.raises(PaternosterError):
            examples.own_game(example, seat, deal)
