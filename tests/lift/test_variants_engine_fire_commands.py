"""Engine unit tests for the variants (rules §7, §10–§12), edge by edge: Fahrgäste, Feuer, Befehle and what review found.

Each test builds a small explicit position with Game.from_position and checks one
rule: what is allowed, what is refused (rule id and wording), and what the state is after.
Shared helpers (refused, TOKENS): variant_helpers.
"""

from __future__ import annotations


import pytest

from paternoster import (BigSetback, EndTurn, Game, Pass, Play, PositionError,
                         Signal, make_rules)
from paternoster.lift.game import is_burning
from paternoster.lift import rule_ids

from variant_helpers import c, refused, FIRE


# --------------------------------------------------------------------------- Fahrgäste

PASS3 = make_rules("fahrgaeste")


def test_passengers_revealed_before_the_deal_with_a_seed():
    g = Game.new(2, 5, rules=PASS3)
    again = Game.new(2, 5, rules=PASS3)
    assert g.passengers == again.passengers and len(g.passengers) == 3 and len(set(g.passengers)) == 3
    assert len(g.draw_pile) + 14 == 104 - 3
    assert g.hands == again.hands


def test_duplicate_passenger_is_shuffled_back():
    # find a seed whose shuffled deck reveals a twin among the first cards
    import numpy as np
    from paternoster import full_deck
    deck = full_deck(2)
    for seed in range(2000):
        top = [deck[i] for i in np.random.default_rng(seed).permutation(104)[:5]]
        if top[1] == top[0] or top[2] in top[:2]:
            break
    else:
        pytest.skip("no seed with an early twin")
    g = Game.new(2, seed, rules=PASS3)
    assert len(set(g.passengers)) == 3
    assert g.passengers[0] == top[0]
    total = [*g.passengers, *g.draw_pile, *(x for h in g.hands for x in h)]
    assert len(total) == 104 and all(total.count(x) <= 2 for x in total)


def test_passengers_delivered_in_order_on_any_pile():
    g = Game.from_position(["7♥ 2♣ K♠ 5♦", "3♦"], piles=["6♥", "", "", ""], draw_pile="4♦ 4♥",
                           rules=PASS3, passengers="7♥ K♠ 2♣")
    g.play("7♥", 0)
    assert g.delivered == 1 and g.next_passenger == c("K♠")
    g.play("K♠", "down 1")
    assert g.delivered == 2


def test_twin_too_early_loses_at_once():
    g = Game.from_position(["7♥ 2♣ K♠ 5♦", "3♦"], piles=["6♥", "", "", ""], draw_pile="4♦ 4♥",
                           rules=PASS3, passengers="7♥ K♠ 2♣")
    assert g.loses(Play(c("2♣"), 2)) == "passenger-order"
    g.play("2♣", "down 1")
    r = g.result
    assert (r.outcome, r.reason, r.card, r.turn) == ("lost", "passenger-order", c("2♣"), 1)


def test_undelivered_passenger_loses_at_the_end():
    g = Game.from_position(["5♦", "3♦"], piles=["6♥", "K♠", "2♠", "A♠"], draw_pile="4♦",
                           rules=PASS3, passengers="7♥ K♣ 2♣")
    r = g.result
    assert (r.outcome, r.reason, r.card) == ("lost", "passenger-undelivered", c("7♥"))


def test_passenger_signal_only_with_passengers():
    g = Game.from_position(["7♥ 2♣", "3♦"], draw_pile="4♦", rules=PASS3, passengers="7♥ K♠ 2♣")
    g.signal(1, 0, "passenger")
    assert g.signals[0] == [(1, "passenger")]


def test_passengers_position_checks():
    with pytest.raises(PositionError, match="twice"):
        Game.from_position(["7♥"], rules=PASS3, passengers="7♥ 7♥ 2♣")
    with pytest.raises(PositionError, match="3 passengers"):
        Game.from_position(["7♥"], rules=PASS3, passengers="7♥ 2♣")
    with pytest.raises(PositionError, match="too many copies"):
        Game.from_position(["7♥ 7♥"], rules=PASS3, passengers="7♥ K♠ 2♣")
    with pytest.raises(PositionError, match="Fahrgäste"):
        Game.from_position(["7♥"], passengers="7♥ K♠ 2♣")


# --------------------------------------------------------------------------- Feuer


def test_seed_example_8_fire_cards_both_decks():
    from paternoster import full_deck
    burning = [x for x in full_deck(2) if is_burning(x)]
    assert [str(x) for x in burning] == ["3♥", "3♥", "6♥", "6♥", "9♥", "9♥", "Q♥", "Q♥"]


def _fire_game(**kw):
    return Game.from_position(["9♥ 2♦ 3♦", "K♣ 4♦ 5♦ J♦"], piles=["8♣", "", "", ""], draw_pile="A♣ A♠ A♥ 10♣",
                              rules=FIRE, hand_size_check=False, **kw)


def test_burning_card_must_be_covered_by_the_next_player():
    g = _fire_game()
    g.play("9♥", 0)
    assert g.burning == [(0, c("9♥"), 1)] and g.fire_duty == []
    g.play("2♦", 1); g.end_turn()  # it is the next player's problem
    assert g.fire_duty == [(0, c("9♥"), 1)]
    g.play("K♣", 0)
    assert g.burning == [] and "covers the burning" in " ".join(g.log)


def test_uncovered_at_the_end_of_that_turn_loses():
    g = _fire_game()
    g.play("9♥", 0); g.play("2♦", 1); g.end_turn()
    g.play("4♦", 1); g.play("5♦", 1)
    assert g.loses(EndTurn()) == "fire"
    g.end_turn()
    r = g.result
    assert (r.outcome, r.reason, r.card, r.turn, r.player) == ("lost", "fire", c("9♥"), 2, 1)


def test_covering_with_a_burning_card_moves_the_duty_on():
    g = Game.from_position(["9♥ 2♦", "Q♥ 4♦ 5♦", "K♣ 6♦"], piles=["8♣", "", "", ""], draw_pile="A♣ A♠ A♥ 10♣ 10♠",
                           rules=FIRE, hand_size_check=False)
    g.play("9♥", 0); g.play("2♦", 1); g.end_turn()
    g.play("Q♥", 0); g.play("4♦", 1); g.end_turn()
    assert g.fire_duty == [(0, c("Q♥"), 2)]
    g.play("K♣", 0)
    assert g.burning == []


def test_solo_fire_is_your_own_next_turn():
    g = Game.from_position(["9♥ 2♦ 3♦ 4♦ 5♦"], piles=["8♣", "", "", ""], draw_pile="K♣ A♠", rules=FIRE)
    g.play("9♥", 0); g.play("2♦", 1); g.end_turn()
    assert g.to_move == 0 and g.fire_duty
    g.play("3♦", 1); g.play("4♦", 1)
    g.end_turn()
    assert g.result.reason == "fire"


def test_the_last_card_of_the_game_may_stay_burning():
    g = Game.from_position(["9♥", ""], piles=["8♣", "", "", ""], rules=FIRE)
    g.play("9♥", 0)
    assert g.result.outcome == "perfect"


def test_stuck_with_an_uncovered_burning_card_is_a_fire_loss():
    g = Game.from_position(["2♣ 3♣", "5♦"], piles=["9♥", "K♣", "A♦", "A♥"], draw_pile="4♦",
                           rules=FIRE, burning=["up 1"], turn=2)
    r = g.result
    assert (r.outcome, r.reason, r.card) == ("lost", "fire", c("9♥"))


def test_burning_position_checks():
    with pytest.raises(PositionError, match="does not burn"):
        Game.from_position(["2♣"], piles=["8♥", "", "", ""], rules=FIRE, burning=[0])
    with pytest.raises(PositionError, match="top card"):
        Game.from_position(["2♣"], piles=["9♥ 10♣", "", "", ""], rules=FIRE, burning=[(0, "9♥", 0)])
    with pytest.raises(PositionError, match="Feuer"):
        Game.from_position(["2♣"], piles=["9♥", "", "", ""], burning=[0])


# --------------------------------------------------------------------------- Befehle

CMD = make_rules("befehle")


def test_halt_ends_the_turn_at_once_minimum_met_draws():
    g = Game.from_position(["J♥ 2♦ 3♦", "4♦ 5♦ 6♦"], piles=["10♣", "", "", ""], draw_pile="A♣ A♠ A♥",
                           rules=CMD)
    g.play("J♥", 0)
    assert g.to_move == 1 and g.turn == 2 and len(g.hands[0]) == 5 and "Halt" in " ".join(g.log)


def test_halt_only_with_befehle():
    g = Game.from_position(["J♥ 2♦ 3♦", "4♦"], piles=["10♣", "", "", ""], draw_pile="A♣")
    g.play("J♥", 0)
    assert g.to_move == 0


def test_schweigen_silences_until_that_players_next_turn():
    g = Game.from_position(["Q♦ 2♦ 3♦ 4♦", "5♦ 6♦ 7♦", "8♦ 9♦ 10♦"], piles=["J♣", "", "", ""],
                           draw_pile="A♣ A♠ A♥ 2♣ 2♠ 2♥", rules=CMD, hand_size_check=False)
    g.signal(2, 1, "hold")
    g.play("Q♦", 0)
    assert g.signals == {} and g.silence_until == 0
    refused(g, Signal(1, 1, "hold"), rule_ids.SILENCE, "Schweigen")
    g.play("2♦", 1); g.end_turn()
    refused(g, Signal(0, 1, "hold"), rule_ids.SILENCE)
    g.play("5♦", 1); g.play("6♦", 1); g.end_turn()
    g.play("8♦", 1); g.play("9♦", 1); g.end_turn()
    assert g.silence_until is None
    g.signal(1, 1, "hold")


def test_express_next_player_one_more():
    g = Game.from_position(["K♥ 2♦ 3♦", "4♦ 5♦ 6♦ 7♦"], piles=["Q♣", "", "", ""],
                           draw_pile="A♣ A♠ A♥ A♦ 2♣ 2♠ 2♥ 3♣ 3♠ 3♥ 4♣ 4♠ 4♥ 5♣ 5♠ 5♥ 6♣ 6♠", rules=CMD)
    g.play("K♥", 0); g.play("2♦", 1); g.end_turn()
    assert g.turn_minimum == 3
    refused(g, EndTurn(), rule_ids.MINIMUM_PLAY)
    g.play("4♦", 1); g.play("5♦", 1); g.play("6♦", 1); g.end_turn()
    assert g.turn_minimum == 2


def test_express_is_plain_under_befehle_light():
    g = Game.from_position(["K♥ 2♦ 3♦", "4♦ 5♦ 6♦"], piles=["Q♣", "", "", ""],
                           draw_pile="A♣ A♠ A♥ A♦ 2♣ 2♠ 2♥ 3♣ 3♠ 3♥", rules=make_rules("befehle-light"))
    g.play("K♥", 0); g.play("2♦", 1); g.end_turn()
    assert g.turn_minimum == 2


def test_sperre_blocks_setbacks_and_big_setbacks_while_on_top():
    rules = make_rules("befehle", "notruf-marken", tokens=2)
    g = Game.from_position(["10♠ 9♠ Q♠ 2♦"], piles=["J♠", "", "", ""], draw_pile="A♣", rules=rules)
    msg = refused(g, Play("10♠", 0), rule_ids.SETBACK_BLOCKED, "Sperre", "black Jack", "J♠")
    assert "up pile 1" in msg
    refused(g, BigSetback("9♠", 0), rule_ids.SETBACK_BLOCKED)
    g.play("Q♠", 0)  # covered: the Sperre ends
    assert g.check(BigSetback(c("10♠"), 0)) is None  # the Sperre ended (Engpass allows setbacks)


def test_engpass_same_or_next_rank_or_setback():
    g = Game.from_position(["Q♣ K♦ A♣ J♠ 2♦"], piles=["Q♠", "", "Q♠", ""], draw_pile="A♥", rules=CMD)
    assert g.check(Play(c("K♦"), 0)) is None and g.check(Play(c("Q♣"), 0)) is None
    assert g.check(Play(c("J♠"), 0)) is None  # the setback
    refused(g, Play("A♣", 2), rule_ids.NARROW_PASS)
    g2 = Game.from_position(["2♦ J♦"], piles=["", "", "Q♣", ""], draw_pile="A♥", rules=CMD)
    refused(g2, Play("2♦", 2), rule_ids.NARROW_PASS, "Engpass")
    assert g2.check(Play(c("J♦"), 2)) is None


def test_last_raises_every_minimum_while_draw_pile_exists_fixed_at_turn_start():
    g = Game.from_position(["K♠ 2♦ 3♦", "4♦ 5♦ 6♦ 7♦"], piles=["Q♣", "", "", ""],
                           draw_pile="A♣ A♠ A♥ A♦ 2♣ 2♠ 2♥ 3♣ 3♠ 3♥", rules=CMD)
    g.play("K♠", 0)
    assert g.turn_minimum == 2  # fixed at the turn's start
    g.play("2♦", 1); g.end_turn()
    assert g.turn_minimum == 3 and (0, "Last", c("K♠")) in g.active_commands
    no_draw = Game.from_position(["2♦", "3♦"], piles=["K♠", "", "", ""], rules=CMD)
    assert no_draw.turn_minimum == 1


# --------------------------------------------------------------------------- found by review (edge cases)

def test_a_pass_to_a_numpy_seat_is_recorded_as_a_plain_seat():
    import numpy as np
    g = Game.from_position(["2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"], draw_pile="K♣ K♠ K♦",
                           rules=make_rules("weitergeben"))
    g.apply_action(Pass("2♣", np.int64(1)))
    assert Game.from_record(g.to_json()) == g


def test_loses_sees_a_halt_by_big_setback_leaving_fire_uncovered():
    g = Game.from_position(["J♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣", "2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"], piles=["K♥", "", "6♥", ""],
                           draw_pile="K♣ K♠ K♦", rules=make_rules("feuer", "befehle", "notruf-marken"),
                           burning=["down 1"])
    assert g.loses(BigSetback("J♥", 0)) == "fire"
    g.apply_action(BigSetback("J♥", 0))
    assert g.result.outcome == "lost" and g.result.reason == "fire"


def test_loses_sees_the_last_card_leaving_another_card_burning():
    g = Game.from_position(["6♥ 7♣"], piles=["5♣", "2♦", "", ""], rules=make_rules("feuer"))
    g.play("6♥", 1)
    assert g.loses(Play("7♣", 0)) == "fire"          # the 6♥ stays burning on up pile 2
    assert g.loses(Play("7♣", 1)) is None             # covering it with the last card is fine
    g.play("7♣", 0)
    assert g.result.reason == "fire"


def test_schweigen_ends_when_its_player_without_cards_is_skipped():
    g = Game.from_position(["Q♦", "2♣ 3♣", "4♦ 5♦"], piles=["J♦", "", "", ""], rules=make_rules("befehle"))
    g.play("Q♦", 0)
    g.end_turn()                                      # seat 0 is out of cards, the draw pile empty
    assert g.check(Signal(1, 0, "hold")).rule == rule_ids.SILENCE
    for _ in range(2):
        lp = g.legal_plays()[0]
        g.play(lp.card, lp.pile)
        g.end_turn()                                  # seat 2's turn ends: seat 0 is passed over
    assert g.silence_until is None and g.check(Signal(1, 0, "hold")) is None


def test_a_signal_of_a_player_without_cards_ends_when_their_turn_is_skipped():
    g = Game.from_position(["2♣", "3♣ 4♣ 5♣ 6♣", "K♦ Q♦ J♦ 10♦"])
    g.signal(0, 0, "hold")
    g.play("2♣", 0)
    g.end_turn()
    assert g.signals == {0: [(0, "hold")]}           # still up during the others' turns
    for _ in range(2):
        lp = g.legal_plays()[0]
        g.play(lp.card, lp.pile)
        g.end_turn()
    assert g.signals == {}
