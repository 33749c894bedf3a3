"""Engine unit tests for the variants (rules §7, §10–§12), edge by edge.

Each test builds a small explicit position with ``Game.from_position`` and checks one
rule: what is allowed, what is refused (rule id and wording), and what the state is after.
"""

from __future__ import annotations

import json
import random

import pytest

from paternoster import (STANDARD, BigSetback, Card, EndTurn, Game, IllegalPlayError, Pass, Play, PositionError,
                         RecordError, RulesError, Signal, TimeOut, VARIANTS, make_rules, parse_card, preset,
                         presets, replay)
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.game import is_burning

c = parse_card


def refused(g: Game, action, rule: str, *words: str) -> str:
    before = g.to_position()
    r = g.check(action)
    assert r is not None and r.rule == rule, r
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule
    assert g.to_position() == before
    for w in words:
        assert w in r.message, (w, r.message)
    return r.message


TOKENS = make_rules("notruf-marken", tokens=2)


# --------------------------------------------------------------------------- rules, variants, presets

def test_standard_rules_unchanged():
    assert make_rules() is STANDARD
    assert STANDARD.to_dict()["variants"] == [] and STANDARD.tokens == 0 and STANDARD.commands == "none"


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variant_makes_rules_that_round_trip(key):
    r = make_rules(key)
    assert r.variants == (key,)
    assert type(r).from_dict(json.loads(json.dumps(r.to_dict()))) == r


@pytest.mark.parametrize("keys, kw, words", [
    (("fahrgaeste", "kurze-fahrt"), {}, ("Fahrgäste", "Kurze Fahrt", "twins")),
    (("fahrgaeste", "kinderfahrt"), {}, ("Fahrgäste", "Kinderfahrt")),
    (("fahrgaeste", "zwei-kabinen"), {}, ("Fahrgäste", "Zwei Kabinen")),
    (("stille-fahrt", "liftfuehrer"), {}, ("Stille Fahrt", "Liftführer")),
    (("befehle", "befehle-light"), {}, ("Befehle", "Befehle light")),
    (("grosse-hand", "kleine-hand"), {}, ("Große Hand", "Kleine Hand")),
    (("kinderfahrt", "steil"), {}, ("Kinderfahrt", "Steil")),
    # a token could never be spent: no big setback (same suit fits), no early end (minimum 1)
    (("kinderfahrt", "notruf-marken"), {}, ("Kinderfahrt", "Notruf-Marken", "never be spent", "minimum of 1")),
    (("kinderfahrt",), {"tokens": 2}, ("Kinderfahrt", "Notruf-Marken", "never be spent")),
    (("Notruf-Marken 3", "Kinderfahrt"), {}, ("Kinderfahrt", "Notruf-Marken")),
    # a pass counts only while the minimum is 2 or more (rules §10–§11 Decision); Kinderfahrt's is 1
    (("kinderfahrt", "weitergeben"), {}, ("Kinderfahrt", "Weitergeben", "never count", "minimum is 1")),
    (("weitergeben", "kinderfahrt", "feuer"), {}, ("Kinderfahrt", "Weitergeben")),
    (("hochhaus", "kurze-fahrt"), {}, ("Hochhaus", "Kurze Fahrt")),
    (("notruf-marken",), {"tokens": 5}, ("1 to 4",)),
    (("notruf-marken",), {"tokens": 0}, ("1 to 4",)),
    (("fahrgaeste",), {"passengers": 2}, ("3",)),
    (("fahrgaeste",), {"passengers": 6}, ("3",)),
    (("steil",), {"hochhaus_cards": 5}, ("hochhaus",)),
    (("hochhaus",), {"hochhaus_cards": 6}, ("4",)),
    (("turbo",), {}, ("Unknown variant", "kurze-fahrt")),
])
def test_impossible_combinations_refused(keys, kw, words):
    with pytest.raises(RulesError) as info:
        make_rules(*keys, **kw)
    for w in words:
        assert w in str(info.value)


@pytest.mark.parametrize("key, players, words", [
    ("zwei-kabinen", 3, ("Zwei Kabinen", "exactly 2")),
    ("zwei-kabinen", 1, ("Zwei Kabinen",)),
    ("weitergeben", 1, ("Weitergeben", "solo")),
    ("hochhaus", 5, ("Hochhaus", "6 to 8")),
    ("hochhaus", 9, ("Hochhaus",)),
    ("steil", 6, ("Hochhaus",)),
])
def test_player_count_conflicts_name_the_variant(key, players, words):
    with pytest.raises(RulesError) as info:
        Game.new(players, 0, rules=make_rules(key))
    for w in words:
        assert w in str(info.value)


@pytest.mark.parametrize("key, players, hand, decks, piles, minimum", [
    ("kurze-fahrt", 1, 6, 1, 4, 2), ("kurze-fahrt", 2, 6, 1, 4, 2), ("kurze-fahrt", 3, 5, 1, 4, 2),
    ("kinderfahrt", 4, 3, 1, 2, 1), ("grosse-hand", 1, 9, 2, 4, 2), ("grosse-hand", 2, 8, 2, 4, 2),
    ("grosse-hand", 5, 7, 2, 4, 2), ("kleine-hand", 1, 7, 2, 4, 2), ("kleine-hand", 2, 6, 2, 4, 2),
    ("kleine-hand", 4, 5, 2, 4, 2), ("steil", 2, 7, 2, 4, 3), ("zwei-kabinen", 2, 8, 1, 2, 2),
    ("hochhaus", 6, 4, 3, 6, 2), ("hochhaus", 8, 4, 3, 6, 2),
])
def test_variant_numbers(key, players, hand, decks, piles, minimum):
    g = Game.new(players, 3, rules=make_rules(key))
    assert [len(h) for h in g.hands] == [hand] * players
    assert g.rules.decks == decks and len(g.piles) == piles and g.turn_minimum == minimum
    assert len(g.draw_pile) == 52 * decks - hand * players


def test_hochhaus_5_cards_and_triplets_equal():
    g = Game.new(7, 1, rules=preset("Hochhaus 5"))
    assert [len(h) for h in g.hands] == [5] * 7
    three = Game.from_position([["7♥"], ["7♥"], [], [], [], []], piles=["7♥", "", "", "", "", ""],
                               rules=make_rules("hochhaus"), hand_size_check=False)
    assert three.legal_plays()[0].skipped == 0  # a triplet on its triplet costs nothing
    with pytest.raises(PositionError):
        Game.from_position([["7♥"], ["7♥"], ["7♥"], ["7♥"], [], []], rules=make_rules("hochhaus"))


def test_presets_cover_every_variant_and_filter_by_players():
    keys = {k for p in presets() for k in p.rules.variants}
    assert keys == set(VARIANTS)
    assert [p.name for p in presets(7)] == ["Hochhaus 4", "Hochhaus 5"]
    assert "Weitergeben" not in [p.name for p in presets(1)] and "Zwei Kabinen" in [p.name for p in presets(2)]
    assert preset("notruf-marken  3").tokens == 3
    with pytest.raises(RulesError, match="known presets"):
        preset("Turbo")


@pytest.mark.parametrize("field, value", [("tokens", "2"), ("tokens", 7), ("passengers", 2), ("fire", 1),
                                          ("signals", "some"), ("commands", "all"), ("variants", "steil"),
                                          ("variants", ["turbo"]), ("hourglass", "yes")])
def test_corrupt_rules_fields_in_records_name_the_field(field, value):
    rec = Game.new(2, 1, rules=make_rules("feuer")).to_record()
    rec["rules"][field] = value
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert field in str(info.value)


def test_passengers_need_two_decks_rules_field():
    with pytest.raises(RulesError, match="one deck"):
        type(STANDARD)(decks=1, passengers=3)


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
        assert lp.kind == "big-setback" and g.tokens == 1 and g.token_used_this_turn and g.setback_used
        assert g.piles[pile].top == c(card)
    else:
        refused(g, BigSetback(card, pile), "big-setback", "2 or 3 ranks")


def test_big_setback_listed_only_with_a_token_and_free_setback():
    g = Game.from_position(["8♥ 2♦ 9♣"], piles=["10♥", "", "", ""], draw_pile="3♦", rules=TOKENS)
    assert BigSetback(c("8♥"), 0) in g.legal_actions()
    plain = Game.from_position(["8♥ 2♦ 9♣"], piles=["10♥", "", "", ""], draw_pile="3♦")
    assert not any(isinstance(a, BigSetback) for a in plain.legal_actions())
    refused(plain, BigSetback("8♥", 0), "no-tokens", "Notruf-Marken")


def test_big_setback_refused_when_setback_used_and_uses_it_up():
    g = Game.from_position(["8♥ 7♠ 2♦"], piles=["10♥", "", "", "6♠"], draw_pile="3♦", rules=TOKENS)
    g.play("7♠", "down 2")  # the turn's setback
    refused(g, BigSetback("8♥", 0), "one-setback-per-turn", "big setback")
    g.undo()
    g.big_setback("8♥", "up 1")
    refused(g, Play("7♠", 3), "one-setback-per-turn")


def test_one_token_per_turn_and_tokens_shared_by_the_team():
    g = Game.from_position(["8♥ 9♥ 2♦ 3♦", "8♠ 7♠ A♣ 3♣"], piles=["10♥", "J♥", "6♠", "5♠"],
                           draw_pile="4♦ 4♥ 4♠ 4♣ 5♦", rules=TOKENS)
    g.big_setback("8♥", 0)
    refused(g, BigSetback("9♥", 1), "one-token-per-turn")
    refused(g, EndTurn(token=True), "one-token-per-turn")
    g.play("2♦", 3)
    g.end_turn()
    assert g.tokens == 1 and not g.token_used_this_turn  # the second player sees the team's one token left
    g.big_setback("8♠", 2)
    assert g.tokens == 0
    g.play("A♣", 3)
    g.end_turn()
    refused(g, BigSetback("9♥", 1), "no-tokens", "no emergency tokens left")


def test_token_ends_the_turn_after_one_card_only():
    g = Game.from_position(["5♦ 9♣ K♦", "2♦ 3♦ 4♦"], piles=["4♦", "", "", ""], draw_pile="A♣ A♠ A♥",
                           rules=make_rules("notruf-marken", tokens=1))
    refused(g, EndTurn(token=True), "minimum-play", "at least one card")
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
    refused(g, EndTurn(token=True), "token-not-needed")


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

PASSING = make_rules("weitergeben")


def test_pass_counts_toward_minimum_two_once_per_turn():
    g = Game.from_position(["5♦ 9♣ K♦", "2♦ 3♦ 4♦"], piles=["4♦", "", "", ""], draw_pile="A♣ A♠", rules=PASSING)
    assert Pass(c("K♦"), 1) in g.legal_actions()
    g.pass_card("K♦", 1)
    assert g.passed_this_turn and g.still_to_play == 1 and len(g.hands[1]) == 4
    refused(g, Pass("9♣", 1), "one-pass-per-turn")
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
    refused(g, EndTurn(), "minimum-play")


@pytest.mark.parametrize("to, rule", [(0, "pass-target"), (5, "pass-target"), ("1", "pass-target")])
def test_pass_target_refused(to, rule):
    g = Game.from_position(["5♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣", rules=PASSING)
    refused(g, Pass("K♦", to), rule)


def test_passing_off_and_after_minimum():
    g = Game.from_position(["5♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣")
    refused(g, Pass("K♦", 1), "no-passing", "Weitergeben")
    g = Game.from_position(["5♦ 6♦ K♦", "2♦"], piles=["4♦", "", "", ""], draw_pile="A♣", rules=PASSING)
    g.play("5♦", 0)
    g.play("6♦", 0)
    refused(g, Pass("K♦", 1), "pass-not-needed")


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
    refused(g, Play("8♣", 0), "up-pile-order")


# --------------------------------------------------------------------------- signals

@pytest.mark.parametrize("key, seat, rule", [("stille-fahrt", 0, "signals-off"), ("liftfuehrer", 1, "signal-mover-only")])
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
    refused(g, Signal(1, 0, "passenger"), "signal-kind", "Fahrgäste")
    refused(g, Signal(1, 0, "nine of hearts"), "signal-kind")
    refused(g, Signal(1, 0, None), "no-signal")
    refused(g, Signal(3, 0, "hold"), "no-such-seat")
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
    refused(g, TimeOut(), "no-hourglass", "Sanduhr")
    assert TimeOut() not in g.legal_actions()


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

FIRE = make_rules("feuer")


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
    refused(g, Signal(1, 1, "hold"), "silence", "Schweigen")
    g.play("2♦", 1); g.end_turn()
    refused(g, Signal(0, 1, "hold"), "silence")
    g.play("5♦", 1); g.play("6♦", 1); g.end_turn()
    g.play("8♦", 1); g.play("9♦", 1); g.end_turn()
    assert g.silence_until is None
    g.signal(1, 1, "hold")


def test_express_next_player_one_more():
    g = Game.from_position(["K♥ 2♦ 3♦", "4♦ 5♦ 6♦ 7♦"], piles=["Q♣", "", "", ""],
                           draw_pile="A♣ A♠ A♥ A♦ 2♣ 2♠ 2♥ 3♣ 3♠ 3♥ 4♣ 4♠ 4♥ 5♣ 5♠ 5♥ 6♣ 6♠", rules=CMD)
    g.play("K♥", 0); g.play("2♦", 1); g.end_turn()
    assert g.turn_minimum == 3
    refused(g, EndTurn(), "minimum-play")
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
    msg = refused(g, Play("10♠", 0), "setback-blocked", "Sperre", "black Jack", "J♠")
    assert "up pile 1" in msg
    refused(g, BigSetback("9♠", 0), "setback-blocked")
    g.play("Q♠", 0)  # covered: the Sperre ends
    assert g.check(BigSetback(c("10♠"), 0)) is None  # the Sperre ended (Engpass allows setbacks)


def test_engpass_same_or_next_rank_or_setback():
    g = Game.from_position(["Q♣ K♦ A♣ J♠ 2♦"], piles=["Q♠", "", "Q♠", ""], draw_pile="A♥", rules=CMD)
    assert g.check(Play(c("K♦"), 0)) is None and g.check(Play(c("Q♣"), 0)) is None
    assert g.check(Play(c("J♠"), 0)) is None  # the setback
    refused(g, Play("A♣", 2), "narrow-pass")
    g2 = Game.from_position(["2♦ J♦"], piles=["", "", "Q♣", ""], draw_pile="A♥", rules=CMD)
    refused(g2, Play("2♦", 2), "narrow-pass", "Engpass")
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


# --------------------------------------------------------------------------- records, positions, bot

@pytest.mark.parametrize("action, json_", [
    (EndTurn(token=True), {"type": "end", "token": True}), (EndTurn(), {"type": "end"}),
    (BigSetback(c("8♥"), 0), {"type": "big-setback", "card": "8♥", "pile": 0}),
    (Pass(c("4♦"), 1), {"type": "pass-card", "card": "4♦", "to": 1}),
    (Signal(1, 0, "help"), {"type": "signal", "seat": 1, "pile": 0, "kind": "help"}),
    (TimeOut(), {"type": "timeout"}),
])
def test_action_json(action, json_):
    assert action.to_json() == json_


@pytest.mark.parametrize("bad, field", [({"type": "end", "token": "yes"}, "token"),
                                        ({"type": "pass-card", "card": "4♦"}, "to"),
                                        ({"type": "signal", "seat": 0, "pile": 0, "kind": 3}, "kind")])
def test_corrupt_new_action_fields(bad, field):
    rec = Game.new(2, 1, rules=make_rules("weitergeben", "notruf-marken")).to_record()
    rec["actions"] = [bad]
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert repr(field) in str(info.value)


@pytest.mark.parametrize("field, value", [("tokens", "x"), ("passengers", "7♥"), ("burning", [[0, "9♥"]]),
                                          ("signals", [1]), ("delivered", 9)])
def test_corrupt_position_fields(field, value):
    rules = make_rules("feuer", "fahrgaeste", "notruf-marken")
    g = Game.from_position(["2♦ 3♦", "4♦"], piles=["9♥", "", "", ""], draw_pile="5♦", rules=rules,
                           passengers="7♥ K♠ 2♣", burning=[0])
    rec = g.to_record()
    rec["start"]["position"][field] = value
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert field in str(info.value)


def test_position_round_trip_with_variant_state():
    rules = make_rules("feuer", "fahrgaeste", "notruf-marken", "befehle", "weitergeben", tokens=3)
    g = Game.from_position(["2♦ 3♦ 7♥", "4♦"], piles=["9♥", "", "", ""], draw_pile="5♦", rules=rules,
                           passengers="7♥ K♠ 2♣", burning=[0], tokens=1, signals={"up 2": [(1, "help")]},
                           silence_until=None, express="K♥", turn=4)
    pos = g.to_position()
    assert pos["tokens"] == 1 and pos["passengers"] == ["7♥", "K♠", "2♣"] and pos["burning"] == [[0, "9♥", 3]]
    assert pos["express"] == ["K♥"]
    again = replay(g.to_json())
    assert again == g


def _random_game(rules, players, seed):
    g = Game.new(players, seed, rules=rules)
    rnd = random.Random(seed)
    while not g.is_terminal() and len(g.actions) < 600:
        a = rnd.choice(g.legal_actions())
        if rnd.random() < 0.05:
            sig = g.legal_signals(rnd.randrange(players))
            a = rnd.choice(sig) if sig else a
        g.apply_action(a)
    return g


@pytest.mark.parametrize("p", presets(), ids=lambda p: p.name)
def test_every_preset_replays_and_undoes(p):
    players = p.player_counts[min(1, len(p.player_counts) - 1)]
    g = _random_game(p.rules, players, 11)
    assert g.is_terminal()
    assert replay(g.to_json()) == g
    while g.actions:
        g.undo()
    assert g == Game.new(players, 11, rules=p.rules)


def test_standard_logs_unchanged_by_the_variant_machinery():
    g = Game.new(3, 4)
    SimplePlayer().play_turn(g)
    assert g.log[-1].startswith("Turn 1: Player 1 ends the turn after")
    assert "token" not in " ".join(g.log)


@pytest.mark.parametrize("hands, plays, outcome", [
    (["9♥"], [("9♥", 0)], "perfect"),                       # the very last card may stay burning
    (["9♥ 10♦"], [("9♥", 0), ("10♦", 1)], "lost"),          # an earlier card of the last turn may not
])
def test_only_the_very_last_card_may_stay_burning(hands, plays, outcome):
    g = Game.from_position(hands + [""], piles=["8♣", "2♦", "", ""], rules=FIRE, turn_minimum=len(plays))
    for card, pile in plays:
        g.play(card, pile)
    assert g.result.outcome == outcome
    if outcome == "lost":
        assert (g.result.reason, g.result.card) == ("fire", c("9♥"))


def test_passing_the_last_card_before_playing_is_refused():
    g = Game.from_position(["5♣", "K♦"], rules=PASSING)
    refused(g, Pass("5♣", 1), "pass-last-card")
    assert not any(isinstance(a, Pass) for a in g.legal_actions())


# --------------------------------------------------------------------------- tester's findings: combinations, names, players

@pytest.mark.parametrize("keys", [("kinderfahrt", "notruf-marken"), ("kinderfahrt", "weitergeben")])
def test_useless_kinderfahrt_combinations_refused_in_any_order(keys):
    for order in (keys, keys[::-1]):
        with pytest.raises(RulesError, match="Kinderfahrt cannot be combined with"):
            make_rules(*order)


def test_useful_neighbours_of_the_refused_combinations_still_work():
    assert make_rules("kinderfahrt", "feuer").same_suit_fits
    assert make_rules("weitergeben", "steil").passing and make_rules("notruf-marken", "kurze-fahrt").tokens == 2


@pytest.mark.parametrize("players, words", [
    (0, ("players", "from 1 to 8", "not 0")), (9, ("players", "from 1 to 8", "not 9")), (-1, ("from 1 to 8",)),
    ("2", ("players", "whole number", "'2'", "1 to 8")), (2.0, ("players", "whole number", "1 to 8")),
    (True, ("players", "whole number", "1 to 8")),
])
def test_presets_refuse_bad_player_counts(players, words):
    with pytest.raises(RulesError) as info:
        presets(players=players)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


@pytest.mark.parametrize("players", [1, 5, 6, 8])
def test_presets_accept_every_count_from_1_to_8(players):
    import numpy as np
    chosen = presets(players)
    assert chosen and all(players in p.player_counts for p in chosen)
    assert [p.name for p in presets(np.int64(players))] == [p.name for p in chosen]


@pytest.mark.parametrize("rules, players, want, unwanted", [
    (make_rules("zwei-kabinen"), 3, "Zwei Kabinen is for exactly 2 players, not 3 (rules §11.3).",
     ("Paternoster is", "is a game for two")),
    (STANDARD, 0, "Standard Paternoster is for 1 to 5 players, not 0 (rules §1.2).", ("Hochhaus",)),
    (STANDARD, 9, "Standard Paternoster is for 1 to 5 players, not 9 (rules §1.2).", ("Hochhaus",)),
    (STANDARD, 6, "not 6 (rules §1.2; 6 to 8 players play the Hochhaus variant).", ()),
    (make_rules("steil"), 8, "Steil is for 1 to 5 players, not 8 (6 to 8 players play the Hochhaus variant).", ()),
    (make_rules("kurze-fahrt"), 7, "Kurze Fahrt is for 1 to 5 players, not 7.", ("Hochhaus",)),  # one deck: no Hochhaus
    (make_rules("hochhaus"), 5, "Hochhaus 4 is for 6 to 8 players, not 5 (rules §13.1; "
                                "1 to 5 players play without Hochhaus).", ("Paternoster is",)),
    (make_rules("hochhaus"), 0, "Hochhaus 4 is for 6 to 8 players, not 0 (rules §13.1).", ("1 to 5",)),
    (STANDARD.__class__(name="Solo", hand_sizes=((1, 8),)), 2, "Solo is for exactly 1 player, not 2.", ("1 players",)),
])
def test_player_count_messages_read_well(rules, players, want, unwanted):
    with pytest.raises(RulesError) as info:
        rules.check_players(players)
    msg = str(info.value)
    assert want in msg, msg
    for w in unwanted:
        assert w not in msg, (w, msg)


@pytest.mark.parametrize("name, want", [
    ("kurze fahrt", "Kurze Fahrt"), ("kurze-fahrt", "Kurze Fahrt"), ("KURZE_FAHRT", "Kurze Fahrt"),
    ("Grosse Hand", "Große Hand"), ("grosse-hand", "Große Hand"), ("Fahrgaeste", "Fahrgäste"),
    ("fahrgäste 4", "Fahrgäste 4"), ("Liftfuehrer", "Liftführer"), ("notruf_marken_3", "Notruf-Marken 3"),
    ("Notruf-Marken3", "Notruf-Marken 3"), ("befehle-light", "Befehle light"), ("hochhaus-5", "Hochhaus 5"),
    ("Normal", "Normal"),
])
def test_preset_names_are_forgiven(name, want):
    assert preset(name) == [p for p in presets() if p.name == want][0].rules


@pytest.mark.parametrize("name, key, kw", [
    ("Kurze Fahrt", "kurze-fahrt", {}), ("kurze fahrt", "kurze-fahrt", {}), ("KURZE_FAHRT", "kurze-fahrt", {}),
    ("Große Hand", "grosse-hand", {}), ("Fahrgäste", "fahrgaeste", {}), ("Liftführer", "liftfuehrer", {}),
    ("Befehle light", "befehle-light", {}), ("Zwei Kabinen", "zwei-kabinen", {}),
    # a preset name brings its numbers
    ("Notruf-Marken 3", "notruf-marken", {"tokens": 3}), ("Fahrgäste 5", "fahrgaeste", {"passengers": 5}),
    ("Hochhaus 5", "hochhaus", {"hochhaus_cards": 5}), ("Hochhaus", "hochhaus", {}),
])
def test_make_rules_names_are_forgiven(name, key, kw):
    assert make_rules(name) == make_rules(key, **kw)
    assert make_rules(name, "feuer") == make_rules(key, "feuer", **kw)


def test_make_rules_preset_number_must_agree_with_the_argument():
    assert make_rules("Notruf-Marken 3", tokens=3).tokens == 3
    with pytest.raises(RulesError, match="'Notruf-Marken 3' means tokens=3, but tokens=2"):
        make_rules("Notruf-Marken 3", tokens=2)


@pytest.mark.parametrize("name, fits", [("Hochhaus", ["Hochhaus 4", "Hochhaus 5"]),
                                        ("notruf marken", [f"Notruf-Marken {t}" for t in (1, 2, 3, 4)])])
def test_ambiguous_preset_names_list_every_fit(name, fits):
    with pytest.raises(RulesError) as info:
        preset(name)
    msg = str(info.value)
    assert "several presets" in msg and all(repr(f) in msg for f in fits), msg


@pytest.mark.parametrize("call, name, close", [
    (preset, "kurze fart", "'Kurze Fahrt'"), (preset, "Liftfurer", "'Liftführer'"), (preset, "Hochaus 5", "'Hochhaus 5'"),
    (make_rules, "kinderfart", "'kinderfahrt'"), (make_rules, "Kurze Fart", "'kurze-fahrt'"),
    (make_rules, "stile fahrt", "'stille-fahrt'"),
    (make_rules, "feur", "'feuer'"), (preset, "Feur", "'Feuer'"), (make_rules, "Liftfurer", "'liftfuehrer'"),
    (make_rules, "fahrgste", "'fahrgaeste'"), (preset, "Befele", "'Befehle'"),
])
def test_unknown_names_suggest_the_closest_and_list_all(call, name, close):
    with pytest.raises(RulesError) as info:
        call(name)
    msg = str(info.value)
    assert f"did you mean {close}" in msg, msg
    everything = [p.name for p in presets()] if call is preset else list(VARIANTS)
    assert all(n in msg for n in everything), msg


@pytest.mark.parametrize("call, name", [(preset, "Turbo"), (preset, 7), (make_rules, "turbo"), (make_rules, 7)])
def test_hopeless_names_list_every_name(call, name):
    with pytest.raises(RulesError) as info:
        call(name)
    msg = str(info.value)
    assert "did you mean" not in msg
    assert ("known presets: " + ", ".join(p.name for p in presets())) in msg if call is preset \
        else ("known variants: " + ", ".join(VARIANTS)) in msg


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
    assert g.check(Signal(1, 0, "hold")).rule == "silence"
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


@pytest.mark.parametrize("bare, name", [("Liftfuhrer", "Liftführer"), ("Fahrgaste", "Fahrgäste"),
                                        ("fahrgaeste", "Fahrgäste"), ("GROSSE HAND", "Große Hand")])
def test_umlauts_may_be_written_out_or_left_bare(bare, name):
    assert preset(bare) == preset(name)


@pytest.mark.parametrize("name", ["feur", "Feur", "FEUR", "Befele", "Stell", "Sanduh", "Kinderfahrtt", "Befehle lite",
                                  "Fahrgastee", "Steiul", "Stile Fahrt"])
def test_a_misspelt_name_is_never_forgiven(name):
    """Only case, spaces, hyphens and written-out or bare umlauts are forgiven: 'feur' once
    silently meant Feuer, because 'ue' was read as a written-out ü."""
    for call in (make_rules, preset):
        with pytest.raises(RulesError, match="did you mean|known"):
            call(name)


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
