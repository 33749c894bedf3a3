"""Engine unit tests for the variants (rules §7, §10–§12), edge by edge: Notruf-Marken, Weitergeben, Steil, Kinderfahrt, signals, Sanduhr.

Each test builds a small explicit position with Game.from_position and checks one
rule: what is allowed, what is refused (rule id and wording), and what the state is after.
Shared helpers (refused, TOKENS): variant_helpers.
"""

from __future__ import annotations


import pytest

from paternoster import (BigSetback, EndTurn, Game, Pass, Play, Signal, TimeOut, make_rules)
from paternoster.lift import rule_ids
from paternoster.lift.ladder import BIG_SETBACK

from variant_helpers import c, refused, TOKENS, PASSING


# --------------------------------------------------------------------------- Notruf-Marken

@pytest.mark.parametrize("card, top, direction, ok", [
    ("8♥", "10♥", "up", True), ("7♥", "10♥", "up", True), ("6♥", "10♥", "up", False),
    ("Q♠", "10♠", "down", True), ("K♠", "10♠", "down", True), ("K♠", "9♠", "down", False),
    ("9♥", "10♥", "up", False),  # one rank: an ordinary setback
    ("8♣", "10♥", "up", False),  # other suit
])
def test_big_setback_two_or_three_ranks(card, top, direction, ok):
    piles = [top, "", "", ""] if direction == "up" else ["", "", top, ""]
    g = Game.from_position([f"{card} 2♦"], piles=piles, draw_pile="3♦", rules=TOKENS)
    pile = 0 if direction == "up" else 2
    if ok:
        lp = g.big_setback(card, pile)
        assert lp.kind == BIG_SETBACK and g.tokens == 1 and g.token_used_this_turn and g.setback_used
        assert g.piles[pile].top == c(card)
    else:
        refused(g, BigSetback(card, pile), rule_ids.BIG_SETBACK, "2 or 3 ranks")


def test_big_setback_listed_only_with_a_token_and_free_setback():
    g = Game.from_position(["8♥ 2♦ 9♣"], piles=["10♥", "", "", ""], draw_pile="3♦", rules=TOKENS)
    assert BigSetback(c("8♥"), 0) in g.legal_actions()
    plain = Game.from_position(["8♥ 2♦ 9♣"], piles=["10♥", "", "", ""], draw_pile="3♦")
    assert not any(isinstance(a, BigSetback) for a in plain.legal_actions())
    refused(plain, BigSetback("8♥", 0), rule_ids.NO_TOKENS, "Notruf-Marken")


def test_big_setback_refused_when_setback_used_and_uses_it_up():
    g = Game.from_position(["8♥ 7♠ 2♦"], piles=["10♥", "", "", "6♠"], draw_pile="3♦", rules=TOKENS)
    g.play("7♠", "down 2")  # the turn's setback
    refused(g, BigSetback("8♥", 0), rule_ids.ONE_SETBACK_PER_TURN, "big setback")
    g.undo()
    g.big_setback("8♥", "up 1")
    refused(g, Play("7♠", 3), rule_ids.ONE_SETBACK_PER_TURN)


def test_one_token_per_turn_and_tokens_shared_by_the_team():
    g = Game.from_position(["8♥ 9♥ 2♦ 3♦", "8♠ 7♠ A♣ 3♣"], piles=["10♥", "J♥", "6♠", "5♠"],
                           draw_pile="4♦ 4♥ 4♠ 4♣ 5♦", rules=TOKENS)
    g.big_setback("8♥", 0)
    refused(g, BigSetback("9♥", 1), rule_ids.ONE_TOKEN_PER_TURN)
    refused(g, EndTurn(token=True), rule_ids.ONE_TOKEN_PER_TURN)
    g.play("2♦", 3)
    g.end_turn()
    assert g.tokens == 1 and not g.token_used_this_turn  # the second player sees the team's one token left
    g.big_setback("8♠", 2)
    assert g.tokens == 0
    g.play("A♣", 3)
    g.end_turn()
    refused(g, BigSetback("9♥", 1), rule_ids.NO_TOKENS, "no emergency tokens left")


def test_token_ends_the_turn_after_one_card_only():
    g = Game.from_position(["5♦ 9♣ K♦", "2♦ 3♦ 4♦"], piles=["4♦", "", "", ""], draw_pile="A♣ A♠ A♥",
                           rules=make_rules("notruf-marken", tokens=1))
    refused(g, EndTurn(token=True), rule_ids.MINIMUM_PLAY, "at least one card")
    assert EndTurn(token=True) not in g.legal_actions()
    g.play("5♦", 0)
    assert EndTurn(token=True) in g.legal_actions() and EndTurn() not in g.legal_actions()
    g.end_turn(token=True)
    assert g.tokens == 0 and g.to_move == 1 and len(g.hands[0]) == 5 and not g.draw_pile
    assert "emergency token" in g.log[-1]


def test_token_not_needed_once_minimum_met():
    g = Game.from_position(["5♦ 6♦ K♦"], piles=["4♦", "", "", ""], draw_pile="A♣", rules=TOKENS)
    g.play("5♦", 0)
    g.play("6♦", 0)
    refused(g, EndTurn(token=True), rule_ids.TOKEN_NOT_NEEDED)


def test_tokens_keep_the_game_alive_and_reach_minimum():
    # one card fits, nothing else: without a token the player is doomed, with one they may end after it.
    hands, piles = ["5♦ 2♣ 3♣", "7♦ 8♦ 9♦"], ["4♦", "K♠", "A♠", "2♠"]
    plain = Game.from_position(hands, piles=piles, draw_pile="A♦ A♥")
    assert not plain.can_reach_minimum()
    g = Game.from_position(hands, piles=piles, draw_pile="A♦ A♥", rules=TOKENS)
    assert g.can_reach_minimum()
    g.play("5♦", 0)
    assert not g.is_terminal()  # a token still helps
    plain.play("5♦", 0)
    assert plain.is_terminal() and plain.result.outcome == "stuck"


def test_big_setback_counts_in_can_reach_minimum():
    hands = ["8♥ 7♥ 2♣", "3♦"]
    piles = ["10♥", "K♠", "A♠", "A♦"]
    assert not Game.from_position(hands, piles=piles, draw_pile="4♦").can_reach_minimum()
    g = Game.from_position(hands, piles=piles, draw_pile="4♦", rules=TOKENS)
    assert g.can_reach_minimum()


# --------------------------------------------------------------------------- Weitergeben


def test_pass_counts_toward_minimum_two_once_per_turn():
    g = Game.from_position(["5♦ 9♣ K♦", "2♦ 3♦ 4♦"], piles=["4♦", "", "", ""], draw_pile="A♣ A♠", rules=PASSING)
    assert Pass(c("K♦"), 1) in g.legal_actions()
    g.pass_card("K♦", 1)
    assert g.passed_this_turn and g.still_to_play == 1 and len(g.hands[1]) == 4
    refused(g, Pass("9♣", 1), rule_ids.ONE_PASS_PER_TURN)
    g.play("5♦", 0)
    assert g.minimum_met
    g.end_turn()
    assert len(g.hands[0]) == 3 and len(g.hands[1]) == 4  # over hand size: the receiver keeps it all


def test_receiver_draws_only_when_below_hand_size():
    g = Game.from_position(["5♦ 6♦ K♦", "2♦ 3♦ 4♦"], piles=["4♦", "", "", ""], draw_pile="A♣ A♠ A♥ 2♥ 2♠",
                           rules=PASSING, hand_size_check=False)
    size = g.rules.hand_size(2)
    g.pass_card("K♦", 1)
    g.play("5♦", 0)
    g.end_turn()
    n = len(g.hands[1])
    g.play("2♦", 1)
    g.play("3♦", 1)
    g.end_turn()
    assert len(g.hands[1]) == max(n - 2, size) or len(g.draw_pile) == 0


def test_pass_does_not_count_when_minimum_is_one():
    g = Game.from_position(["5♦ K♦", "2♦"], piles=["4♦", "", "", ""], rules=PASSING)
    assert g.turn_minimum == 1
    g.pass_card("K♦", 1)
    assert not g.minimum_met and g.still_to_play == 1
    refused(g, EndTurn(), rule_ids.MINIMUM_PLAY)


@pytest.mark.parametrize("to, rule", [(0, rule_ids.PASS_TARGET), (5, rule_ids.PASS_TARGET), ("1", rule_ids.PASS_TARGET)])
def test_pass_target_refused(to, rule):
    g = Game.from_position(["5♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣", rules=PASSING)
    refused(g, Pass("K♦", to), rule)


def test_passing_off_and_after_minimum():
    g = Game.from_position(["5♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣")
    refused(g, Pass("K♦", 1), rule_ids.NO_PASSING, "Weitergeben")
    g = Game.from_position(["5♦ 6♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣", rules=PASSING)
    g.play("5♦", 0)
    g.play("6♦", 0)
    refused(g, Pass("K♦", 1), rule_ids.PASS_NOT_NEEDED)


def test_a_pass_that_completes_the_minimum_keeps_the_game_alive():
    g = Game.from_position(["5♦ K♣", "2♦"], piles=["4♦", "Q♠", "A♠", "A♥"], draw_pile="A♣", rules=PASSING)
    g.play("5♦", 0)
    assert not g.is_terminal() and g.can_reach_minimum()
    g.pass_card("K♣", 1)
    assert g.minimum_met


# --------------------------------------------------------------------------- Steil, Kinderfahrt

def test_steil_minimum_three_falls_to_one_without_draw_pile():
    r = make_rules("steil")
    assert Game.from_position(["2♦ 3♦ 4♦"], draw_pile="5♦", rules=r).turn_minimum == 3
    assert Game.from_position(["2♦ 3♦ 4♦"], rules=r).turn_minimum == 1
    g = Game.from_position(["2♦ 3♦ 4♦", "6♦"], draw_pile="5♦", rules=r)
    for card in ("2♦", "3♦", "4♦"):
        g.play(card, 0)
    g.end_turn()  # the last card leaves the draw pile: the next turn starts without one
    assert g.turn_minimum == 1


KIDS = make_rules("kinderfahrt")


@pytest.mark.parametrize("card, pile, kind", [
    ("2♥", 0, "same-suit"), ("K♥", 1, "same-suit"), ("K♠", 0, "normal"), ("2♠", 1, "normal"),
])
def test_kinderfahrt_same_suit_fits_on_both_piles(card, pile, kind):
    g = Game.from_position([f"{card} 5♣"], piles=["9♥", "8♥"], draw_pile="A♦", rules=KIDS)
    assert g.play(card, pile).kind == kind


def test_kinderfahrt_same_suit_is_never_the_turns_setback():
    g = Game.from_position(["8♥ 7♥ 6♥"], piles=["9♥", "2♠"], rules=KIDS, turn_minimum=3)
    for card in ("8♥", "7♥", "6♥"):  # three one-rank steps back, all same suit
        assert g.play(card, 0).kind == "same-suit"
    assert not g.setback_used


def test_kinderfahrt_other_suit_still_follows_the_ladder():
    g = Game.from_position(["8♣ 5♣"], piles=["9♥", "K♠"], draw_pile="A♦", rules=KIDS)
    refused(g, Play("8♣", 0), rule_ids.UP_PILE_ORDER)


# --------------------------------------------------------------------------- signals

@pytest.mark.parametrize("key, seat, rule", [("stille-fahrt", 0, rule_ids.SIGNALS_OFF), ("liftfuehrer", 1, rule_ids.SIGNAL_MOVER_ONLY)])
def test_signals_refused_by_variant(key, seat, rule):
    g = Game.from_position(["2♦ 3♦", "4♦"], draw_pile="5♦", rules=make_rules(key))
    refused(g, Signal(seat, 0, "hold"), rule)
    assert g.legal_signals(seat) == []


def test_liftfuehrer_mover_may_signal_and_signals_are_visible():
    g = Game.from_position(["2♦ 3♦", "4♦"], draw_pile="5♦", rules=make_rules("liftfuehrer"))
    g.signal(0, "up 2", "help")
    assert g.signals == {1: [(0, "help")]}
    assert "signals" in g.to_position()


def test_signal_kinds():
    g = Game.from_position(["2♦ 3♦", "4♦"], draw_pile="5♦")
    refused(g, Signal(1, 0, "passenger"), rule_ids.SIGNAL_KIND, "Fahrgäste")
    refused(g, Signal(1, 0, "nine of hearts"), rule_ids.SIGNAL_KIND)
    refused(g, Signal(1, 0, None), rule_ids.NO_SIGNAL)
    refused(g, Signal(3, 0, "hold"), rule_ids.NO_SUCH_SEAT)
    assert Signal(1, 0, "passenger") not in g.legal_signals(1)
    assert Signal(1, 0, "jump") in g.legal_signals(1)


def test_signal_lasts_until_the_end_of_the_posters_next_turn_or_withdrawal():
    g = Game.from_position(["2♦ 3♦ 4♦ 5♦", "6♦ 7♦ 8♦ 9♦"], draw_pile="J♣ Q♣ K♣ J♠", hand_size_check=False)
    g.signal(1, 0, "hold")     # Player 2 posts during Player 1's turn
    g.signal(0, 1, "help")     # Player 1 posts during own turn
    g.play("2♦", 0); g.play("3♦", 0); g.end_turn()
    assert g.signals == {0: [(1, "hold")], 1: [(0, "help")]}  # Player 1's own-turn signal survives its turn
    g.play("6♦", 0); g.end_turn()
    assert g.signals == {1: [(0, "help")]}  # Player 2's signal ends with Player 2's next turn
    g.signal(1, 0, "jump")
    g.signal(1, 0, "help")     # changing replaces (one signal per seat and pile)
    assert g.signals[0] == [(1, "help")]
    g.play("J♣", 0); g.end_turn()
    assert g.signals == {0: [(1, "help")]}  # Player 1's signal ended with Player 1's next turn
    g.signal(1, 0, None)
    assert g.signals == {}


# --------------------------------------------------------------------------- Sanduhr

def test_timeout_below_minimum_ends_the_game():
    g = Game.from_position(["2♦ 3♦ 4♦", "5♦"], draw_pile="6♦", rules=make_rules("sanduhr"))
    assert TimeOut() in g.legal_actions()
    g.play("2♦", 0)
    g.time_out()
    r = g.result
    assert (r.outcome, r.reason, r.player, r.turn) == ("stuck", "time-out", 0, 1)
    assert g.undo() == TimeOut() and not g.is_terminal()


def test_timeout_after_minimum_ends_the_turn():
    g = Game.from_position(["2♦ 3♦ 4♦", "5♦"], draw_pile="6♦", rules=make_rules("sanduhr"))
    g.play("2♦", 0); g.play("3♦", 0)
    g.time_out()
    assert not g.is_terminal() and g.to_move == 1 and len(g.hands[0]) == 2


def test_timeout_without_hourglass():
    g = Game.from_position(["2♦ 3♦ 4♦", "5♦"], draw_pile="6♦")
    refused(g, TimeOut(), rule_ids.NO_HOURGLASS, "Sanduhr")
    assert TimeOut() not in g.legal_actions()


def test_signal_ends_with_the_posters_next_turn():
    g = Game.from_position(["4♦ 5♣", "6♠ 7♥"], piles=["", "", "", ""], draw_pile="K♣ K♠ Q♣ Q♠")
    assert not g.signal_ends_with_this_turn(0, 1)          # no signal
    g.signal(1, 0, "hold")                                  # Ben posts during Anna's turn
    assert not g.signal_ends_with_this_turn(1, 0)          # Ben is not to move
    g.play("4♦", 0); g.play("5♣", 0); g.end_turn()
    assert g.to_move == 1 and g.signal_ends_with_this_turn(1, 0)   # Ben's next turn: it ends with it
    g.play("7♥", 0); g.play("6♠", 2); g.end_turn()
    assert 0 not in g.signals


def test_can_pass_only_below_the_minimum_under_weitergeben():
    rules = make_rules("weitergeben")
    g = Game.from_position(["4♦ 5♣ 6♠", "7♥ 8♥"], piles=["", "", "", ""], draw_pile="K♣ K♠ Q♣ Q♠", rules=rules)
    assert g.can_pass()
    g.pass_card("6♠", to=1)
    assert not g.can_pass()                                  # once per turn
    assert not Game.from_position(["4♦ 5♣", "7♥"], piles=["", "", "", ""], draw_pile="K♣ K♠").can_pass()
