"""The variants, written from the rules (not from the engine): Notruf-Marken, Weitergeben and Kinderfahrt (rules §10).

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden'; rules §3–§12.
Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
Shared positions and helpers: ``variant_helpers``.
"""

from __future__ import annotations

import pytest

from paternoster import STANDARD, Game, IllegalPlayError, RulesError
from paternoster.lift.game import BigSetback, EndTurn, Pass, Play
from paternoster.lift.variants import make_rules
from paternoster.lift import rule_ids

from variant_helpers import (c, UP1, UP2, DOWN1, DOWN2, UP, DOWN, pos, act, rule_of, state, names_variant, tok_rules, tok_game,
                             W, w_game, K)


# =========================================================================== Notruf-Marken


# (top, pile, card, expected refusal or None)
BIG_SETBACKS = [
    ("10♥", UP1, "8♥", None), ("10♥", UP1, "7♥", None), ("10♥", UP1, "6♥", rule_ids.BIG_SETBACK),
    ("10♥", UP1, "9♥", rule_ids.BIG_SETBACK), ("10♥", UP1, "8♠", rule_ids.BIG_SETBACK), ("10♥", UP1, "J♥", rule_ids.BIG_SETBACK),
    ("J♠", UP1, "9♠", None), ("J♠", UP1, "8♠", None), ("3♦", UP1, "A♦", None), ("2♦", UP1, "A♦", rule_ids.BIG_SETBACK),
    ("4♣", DOWN1, "6♣", None), ("4♣", DOWN1, "7♣", None), ("4♣", DOWN1, "8♣", rule_ids.BIG_SETBACK),
    ("4♣", DOWN1, "6♠", rule_ids.BIG_SETBACK), ("4♣", DOWN1, "5♣", rule_ids.BIG_SETBACK), ("4♣", DOWN1, "3♣", rule_ids.BIG_SETBACK),
    ("10♥", DOWN1, "Q♥", None), ("10♥", DOWN1, "K♥", None), ("J♦", DOWN1, "K♦", None),
    ("Q♦", DOWN1, "A♦", rule_ids.BIG_SETBACK),
    ("", UP1, "5♥", rule_ids.BIG_SETBACK),
]


class TestNotrufMarken:
    """rules §10.5; rules §10–§11."""

    @pytest.mark.parametrize("top,pile,card,expected", BIG_SETBACKS,
                             ids=[f"{t[2]}-on-{t[0] or 'empty'}-{'up' if t[1] == UP1 else 'down'}" for t in BIG_SETBACKS])
    def test_big_setback_table(self, top, pile, card, expected):
        piles = ["", "", "", ""]
        piles[pile] = top
        g = pos([f"{card} 9♣", "K♣"], piles, draw_pile="2♠ 2♠", rules=tok_rules(2))
        before = state(g)
        assert rule_of(g, BigSetback(c(card), pile)) == expected
        if expected is None:
            assert BigSetback(c(card), pile) in g.legal_actions()
            act(g, BigSetback(c(card), pile))
            assert g.piles[pile].top == c(card)
            assert g.tokens == 1 and g.token_used_this_turn
            assert g.setback_used and g.played_this_turn == 1
            assert c(card) not in g.hand
        else:
            assert BigSetback(c(card), pile) not in g.legal_actions()
            with pytest.raises(IllegalPlayError) as info:
                g.apply_action(BigSetback(c(card), pile))
            assert info.value.rule == expected
            assert state(g) == before

    def test_big_setback_is_the_turns_setback(self):
        g = act(tok_game(), BigSetback(c("8♥"), UP1))
        assert rule_of(g, Play(c("6♠"), DOWN2)) == rule_ids.ONE_SETBACK_PER_TURN

    def test_big_setback_after_normal_setback_refused(self):
        g = act(tok_game(), Play(c("6♠"), DOWN2))
        assert rule_of(g, BigSetback(c("8♥"), UP1)) == rule_ids.ONE_SETBACK_PER_TURN
        assert g.tokens == 2

    def test_one_token_per_turn(self):
        g = act(tok_game(), BigSetback(c("8♥"), UP1))
        assert g.played_this_turn < g.turn_minimum
        assert rule_of(g, EndTurn(token=True)) == rule_ids.ONE_TOKEN_PER_TURN
        assert EndTurn(token=True) not in g.legal_actions()

    def test_token_ends_turn_after_one_card(self):
        g = tok_game()
        act(g, Play(c("J♥"), UP1))
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        assert EndTurn(token=True) in g.legal_actions()
        drawn_from = len(g.draw_pile)
        act(g, EndTurn(token=True))
        assert g.tokens == 1 and g.to_move == 1 and g.turn == 2
        assert len(g.hands[0]) == 7 and len(g.draw_pile) == drawn_from - 1
        assert not g.token_used_this_turn   # a new turn: the next player may spend one

    def test_token_cannot_end_a_turn_after_zero_cards(self):
        g = tok_game()
        before = state(g)
        assert g.check(EndTurn(token=True)) is not None
        with pytest.raises(IllegalPlayError):
            g.apply_action(EndTurn(token=True))
        assert state(g) == before

    def test_tokens_belong_to_the_team(self):
        g = act(tok_game(), Play(c("J♥"), UP1), EndTurn(token=True))
        assert g.tokens == 1
        act(g, BigSetback(c("9♥"), UP1), Play(c("K♣"), UP2))   # 9♥ two ranks under J♥
        assert g.tokens == 0
        act(g, EndTurn())
        assert g.to_move == 0 and g.tokens == 0
        assert rule_of(g, BigSetback(c("7♥"), UP1)) == rule_ids.NO_TOKENS
        act(g, Play(c("6♠"), DOWN2))                            # a normal setback: one card played
        assert rule_of(g, EndTurn(token=True)) == rule_ids.NO_TOKENS

    def test_no_tokens_without_the_variant(self):
        g = pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""])
        assert rule_of(g, BigSetback(c("8♥"), UP1)) == rule_ids.NO_TOKENS
        act(g, Play(c("J♥"), UP1))
        assert rule_of(g, EndTurn(token=True)) == rule_ids.NO_TOKENS

    @pytest.mark.parametrize("tokens", [1, 2, 3, 4])
    def test_token_counts(self, tokens):
        assert tok_rules(tokens).tokens == tokens
        assert Game.new(players=2, seed=1, rules=tok_rules(tokens)).tokens == tokens

    # the end is judged move by move, "no token/pass that helps" (rules §8)
    DEAD = ["K♣", "K♣", "A♦", "A♦"]

    def test_token_end_keeps_a_stuck_looking_turn_alive(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1), played_this_turn=1)
        assert not g.is_terminal()
        assert EndTurn(token=True) in g.legal_actions()
        act(g, EndTurn(token=True))
        assert g.tokens == 0 and g.to_move == 1

    def test_same_position_without_tokens_is_stuck(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", played_this_turn=1)
        assert g.is_terminal() and g.result.outcome == "stuck"

    def test_big_setback_keeps_a_turn_alive(self):
        g = pos(["J♣ 5♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1))
        assert not g.is_terminal()
        assert BigSetback(c("J♣"), UP1) in g.legal_actions()

    def test_token_does_not_help_with_no_card_to_play(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1))
        assert g.is_terminal() and g.result.outcome == "stuck"


# =========================================================================== Weitergeben


class TestWeitergeben:
    """rules §10.6; rules §10–§11 (Decision: a pass counts only while the minimum is 2 or more)."""

    def test_pass_moves_the_card_and_counts_toward_the_minimum(self):
        g = w_game()
        assert Pass(c("5♣"), 1) in g.legal_actions()
        act(g, Pass(c("5♣"), 1))
        assert c("5♣") not in g.hands[0] and c("5♣") in g.hands[1]
        assert len(g.hands[0]) == 6 and len(g.hands[1]) == 8
        assert g.passed_this_turn
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        act(g, Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_receiver_keeps_extra_cards_and_draws_only_below_hand_size(self):
        g = act(w_game(), Pass(c("5♣"), 1), Play(c("6♣"), UP1), EndTurn())
        assert len(g.hands[0]) == 7              # passer drew back up
        assert len(g.hands[1]) == 8              # receiver above the hand size of 7
        left = len(g.draw_pile)
        act(g, Play(c("5♦"), UP2), Play(c("6♦"), UP2), EndTurn())
        assert len(g.hands[1]) == 7 and len(g.draw_pile) == left - 1

    def test_receiver_above_hand_size_after_playing_draws_nothing(self):
        g = pos(["5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 2♠", "3♠"], rules=W)   # e.g. after receiving passes
        left = len(g.draw_pile)
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), EndTurn())
        assert len(g.hands[0]) == 8 and len(g.draw_pile) == left

    def test_once_per_turn(self):
        g = act(w_game(), Pass(c("5♣"), 1))
        assert rule_of(g, Pass(c("6♣"), 1)) == rule_ids.ONE_PASS_PER_TURN
        act(g, Play(c("6♣"), UP1), EndTurn())
        assert rule_of(g, Pass(c("5♣"), 0)) is None   # the next turn may pass again

    def test_pass_does_not_count_with_minimum_one(self):
        g = w_game(draw="")
        assert g.turn_minimum == 1
        act(g, Pass(c("5♣"), 1))
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        act(g, Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_pass_counts_once_toward_steil(self):
        g = w_game(rules=make_rules("weitergeben", "steil"))
        assert g.turn_minimum == 3
        act(g, Pass(c("5♣"), 1), Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        act(g, Play(c("7♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    @pytest.mark.parametrize("to", [0, 2, -1])
    def test_pass_target(self, to):
        assert rule_of(w_game(), Pass(c("5♣"), to)) == rule_ids.PASS_TARGET

    def test_pass_to_any_other_player(self):
        g = pos(["5♣ 6♣", "7♦", "8♦"], rules=W)
        act(g, Pass(c("5♣"), 2))
        assert c("5♣") in g.hands[2]

    def test_pass_a_card_not_in_hand(self):
        assert rule_of(w_game(), Pass(c("5♦"), 1)) == rule_ids.NOT_IN_HAND

    def test_no_passing_without_the_variant(self):
        g = w_game(rules=STANDARD)
        assert rule_of(g, Pass(c("5♣"), 1)) == rule_ids.NO_PASSING
        assert not any(isinstance(a, Pass) for a in g.legal_actions())

    def test_no_passing_solo(self):
        with pytest.raises(RulesError) as info:
            Game.new(players=1, seed=0, rules=W)
        assert names_variant(str(info.value), "weitergeben")
        with pytest.raises(RulesError):
            pos(["5♣"], rules=W)
        with pytest.raises(RulesError):
            W.check_players(1)

    DEAD = ["K♣", "K♣", "A♦", "A♦"]

    def test_a_pass_keeps_a_turn_alive(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=W, played_this_turn=1)
        assert not g.is_terminal()
        act(g, Pass(c("5♠"), 1), EndTurn())
        assert g.to_move == 1

    def test_a_pass_alone_cannot_reach_a_minimum_of_two(self):
        # no legal play at all: a pass would make 1 of 2, so nothing helps (rules §8)
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=W)
        assert g.is_terminal() and g.result.outcome == "stuck"

    @pytest.mark.parametrize("p1", ["", "K♦"])
    def test_passing_the_last_card_does_not_end_a_minimum_one_turn(self, p1):
        # rules §10–§11 Decision: with minimum 1 a pass does not count, "so at least one card always reaches a
        # pile; this prevents endless passing once the draw pile is empty"
        g = pos(["5♣", p1], draw_pile="", rules=W)
        if g.check(Pass(c("5♣"), 1)) is None:
            act(g, Pass(c("5♣"), 1))
            assert g.played_this_turn == 0
            assert g.is_terminal() or g.check(EndTurn()) is not None, \
                "a turn ended with no card on a pile: passing a single card back and forth never ends"

    def test_a_pass_does_not_save_a_minimum_one_turn(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="", rules=W)
        assert g.is_terminal() and g.result.outcome == "stuck"


# =========================================================================== Kinderfahrt


KINDER = [
    ("10♥", UP, "2♥", None), ("10♥", UP, "A♥", None), ("10♥", UP, "9♥", None), ("10♥", UP, "K♥", None),
    ("10♥", UP, "J♠", None), ("10♥", UP, "5♠", rule_ids.UP_PILE_ORDER), ("10♥", UP, "10♦", rule_ids.UP_PILE_ORDER),
    ("4♣", DOWN, "K♣", None), ("4♣", DOWN, "5♣", None), ("4♣", DOWN, "2♣", None), ("4♣", DOWN, "3♦", None),
    ("4♣", DOWN, "9♦", rule_ids.DOWN_PILE_ORDER), ("4♣", DOWN, "4♦", None), ("4♦", DOWN, "4♣", rule_ids.DOWN_PILE_ORDER),
    ("4♦", DOWN, "5♣", rule_ids.DOWN_PILE_ORDER),
]


class TestKinderfahrt:
    """rules §10.3: same suit always fits, any rank (rules §10–§11)."""

    @pytest.mark.parametrize("top,pile,card,expected", KINDER,
                             ids=[f"{t[2]}-on-{t[0]}-{'up' if t[1] == UP else 'down'}" for t in KINDER])
    def test_placement(self, top, pile, card, expected):
        piles = ["", ""]
        piles[pile] = top
        g = pos([card, "Q♠"], piles, draw_pile="7♦ 8♦", rules=K)
        assert rule_of(g, Play(c(card), pile)) == expected

    def test_same_suit_is_not_a_setback(self):
        g = pos(["5♥ 2♥ Q♥", "Q♠"], ["10♥", "A♥"], draw_pile="7♦", rules=K)
        act(g, Play(c("5♥"), UP), Play(c("2♥"), UP))            # two same-suit "steps back" in one turn
        act(g, Play(c("Q♥"), DOWN))                              # K.. on a down pile with A♥: same suit fits
        assert [p.top for p in g.piles] == [c("2♥"), c("Q♥")]

    def test_minimum_one(self):
        g = pos(["5♥ 2♥ Q♥", "Q♠"], ["", ""], draw_pile="7♦ 8♦", rules=K)
        assert g.turn_minimum == 1
        act(g, Play(c("5♥"), UP), EndTurn())
        assert g.to_move == 1 and len(g.hands[0]) == 3

    def test_standard_rules_do_not_let_same_suit_fit(self):
        g = pos(["2♥", "Q♠"], ["10♥", "", "", ""])
        assert rule_of(g, Play(c("2♥"), UP1)) == rule_ids.UP_PILE_ORDER
