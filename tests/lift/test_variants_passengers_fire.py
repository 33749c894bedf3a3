"""The variants, written from the rules (not from the engine): Fahrgäste and Feuer (rules §11.7, §11.8).

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden'; rules §3–§12.
Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
Shared positions and helpers: ``variant_helpers``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster import (Game, RulesError, full_deck,
                         parse_card)
from paternoster.lift.game import EndTurn, Play, Signal, TimeOut
from paternoster.lift.variants import make_rules
from paternoster.lift import rule_ids

from variant_helpers import (c, UP1, UP2, DOWN1, FILL, pos, act, rule_of, burning, names_variant, accounted, fg_rules, F,
                             BURNING, fire_game)


# =========================================================================== Fahrgäste


class TestFahrgaeste:
    """Rules §11.7 (Decision (kit): a revealed twin of an earlier passenger is re-drawn)."""

    @pytest.mark.parametrize("n", [3, 4, 5])
    def test_passengers_revealed_before_the_deal(self, n):
        r = fg_rules(n)
        assert r.passengers == n
        for seed in range(150):
            g = Game.new(players=2, seed=seed, rules=r)
            ps = [parse_card(p) for p in g.passengers]
            assert len(ps) == n
            assert len(set(ps)) == n, f"seed {seed}: a passenger is the twin of an earlier one: {ps}"
            assert g.delivered == 0
            assert accounted(g) == Counter(full_deck(2))
            in_play = Counter([x for h in g.hands for x in h] + list(g.draw_pile))
            assert all(in_play[p] == 1 for p in ps)      # each passenger's twin is still in the game
            assert [len(h) for h in g.hands] == [7, 7]
            assert len(g.draw_pile) == 104 - n - 14
            assert g.remaining == 104 - n                 # passengers are not counted
        assert Game.new(players=2, seed=5, rules=r).passengers == Game.new(players=2, seed=5, rules=r).passengers

    @pytest.mark.parametrize("players", [1, 3, 5])
    def test_passengers_for_other_player_counts(self, players):
        g = Game.new(players=players, seed=3, rules=fg_rules(4))
        assert len(g.passengers) == 4 and accounted(g) == Counter(full_deck(2))

    def fg(self, order="7♥ 9♠ 2♦", delivered=0, p0="7♥ 9♠ 2♦ K♣", p1="Q♣", piles=None, draw=FILL):
        return pos([p0, p1], piles, draw_pile=draw, rules=fg_rules(3), passengers=order, delivered=delivered)

    def test_delivery_in_order_on_any_pile(self):
        g = self.fg()
        assert [parse_card(p) for p in g.passengers] == [c("7♥"), c("9♠"), c("2♦")]
        act(g, Play(c("7♥"), UP1))
        assert g.delivered == 1 and g.result is None
        act(g, Play(c("9♠"), DOWN1))
        assert g.delivered == 2 and g.result is None
        act(g, Play(c("2♦"), UP2))
        assert g.delivered == 3 and g.result is None

    @pytest.mark.parametrize("card", ["9♠", "2♦"])
    def test_twin_out_of_order_loses(self, card):
        g = self.fg()
        assert rule_of(g, Play(c(card), DOWN1)) is None       # a legal play: it loses, it is not refused
        act(g, Play(c(card), DOWN1))
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "passenger-order"
        assert parse_card(r.card) == c(card) and r.turn == 1

    def test_delivery_follows_the_normal_rules(self):
        g = self.fg(piles=["K♦", "K♦", "A♦", "A♦"])
        assert rule_of(g, Play(c("7♥"), UP1)) == rule_ids.UP_PILE_ORDER
        assert rule_of(g, Play(c("7♥"), DOWN1)) == rule_ids.DOWN_PILE_ORDER

    def test_undelivered_at_the_end_loses(self):
        g = self.fg(p0="5♠ 7♥", piles=["K♣", "K♣", "A♦", "A♦"])
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "passenger-undelivered"
        assert parse_card(r.card) in [c("7♥"), c("9♠"), c("2♦")]

    def test_stuck_with_all_delivered_is_an_ordinary_end(self):
        g = self.fg(delivered=3, p0="5♠ 6♠", piles=["K♣", "K♣", "A♦", "A♦"])
        assert g.result is not None and g.result.outcome == "stuck"

    def test_last_passenger_with_the_last_card_is_perfect(self):
        g = self.fg(order="7♥ 2♦ 9♠", delivered=2, p0="9♠", p1="", draw="")
        act(g, Play(c("9♠"), UP1))
        assert g.result is not None and g.result.outcome == "perfect"

    def test_passenger_signal_only_with_fahrgaeste(self):
        assert rule_of(self.fg(), Signal(1, UP1, "passenger")) is None
        g = pos(["7♥", "9♠"])
        assert rule_of(g, Signal(1, UP1, "passenger")) == rule_ids.SIGNAL_KIND

    @pytest.mark.parametrize("one_deck", ["kurze-fahrt", "kinderfahrt", "zwei-kabinen"])
    def test_one_deck_has_no_twins(self, one_deck):
        with pytest.raises(RulesError) as info:
            make_rules("fahrgaeste", one_deck)
        msg = str(info.value)
        assert names_variant(msg, "fahrgaeste") and names_variant(msg, one_deck)
        assert "twin" in msg.lower() or "zwilling" in msg.lower()


# =========================================================================== Feuer


class TestFeuer:
    """rules §11.8; rules §10–§11 (Decision: stuck with an uncovered earlier burning card is a fire loss)."""

    @pytest.mark.parametrize("card", full_deck(1), ids=str)
    def test_which_cards_burn(self, card):
        g = pos([[card, c("K♣")], []], draw_pile="", rules=F)
        act(g, Play(card, UP1))
        expected = [(UP1, card, 1)] if card in BURNING else []
        assert burning(g) == expected

    def test_uncovered_loses_at_the_end_of_the_next_turn(self):
        g = fire_game()
        assert burning(g) == [(UP1, c("6♥"), 1)]
        act(g, Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1))
        assert g.result is None
        assert rule_of(g, EndTurn()) is None
        act(g, EndTurn())
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "fire"
        assert parse_card(r.card) == c("6♥") and r.turn == 2

    def test_covered_by_the_next_player(self):
        g = act(fire_game(), Play(c("8♣"), UP1), Play(c("K♦"), DOWN1), EndTurn())
        assert g.result is None and burning(g) == []

    def test_covered_by_a_burning_card_moves_the_duty_on(self):
        g = act(fire_game(), Play(c("9♥"), UP1), Play(c("K♦"), DOWN1), EndTurn())
        assert g.result is None
        assert burning(g) == [(UP1, c("9♥"), 2)]
        act(g, Play(c("9♦"), DOWN1), Play(c("2♠"), DOWN1), EndTurn())
        r = g.result
        assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("9♥"), 3)

    def test_burning_card_of_the_current_turn_does_not_lose_at_its_end(self):
        g = pos(["6♥ 7♦ 9♦", "8♣ K♦"], rules=F)
        act(g, Play(c("7♦"), UP2), Play(c("6♥"), UP1), EndTurn())
        assert g.result is None and burning(g) == [(UP1, c("6♥"), 1)]

    def test_covered_in_the_same_turn(self):
        g = pos(["6♥ 7♦ 9♦", "K♦ Q♦"], rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP1))
        assert burning(g) == []
        act(g, EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1), EndTurn())
        assert g.result is None

    @pytest.mark.parametrize("cover", [True, False])
    def test_duty_skips_a_player_without_cards(self, cover):
        g = pos(["6♥ 7♦", "", "K♦ 8♣"], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1), EndTurn())
        assert g.to_move == 2
        act(g, Play(c("8♣") if cover else c("K♦"), UP1 if cover else DOWN1), EndTurn())
        if cover:
            assert g.result is None
        else:
            assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    @pytest.mark.parametrize("cover", [True, False])
    def test_solo_covers_in_the_own_next_turn(self, cover):
        g = pos(["6♥ 7♦ K♦ Q♦"], draw_pile="2♣ 3♣ 4♣ 2♣", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        assert g.to_move == 0 and g.turn == 2 and g.result is None
        act(g, Play(c("K♦"), UP1 if cover else DOWN1), Play(c("Q♦"), DOWN1), EndTurn())
        if cover:
            assert g.result is None
        else:
            r = g.result
            assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("6♥"), 2)

    def test_the_last_card_of_the_game_may_stay_burning(self):
        g = pos(["6♥", ""], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1))
        assert g.result is not None and g.result.outcome == "perfect"

    def test_only_the_last_card_may_stay_burning(self):
        # seed: "Nur die allerletzte Karte des Spiels darf brennen bleiben" — an earlier burning card
        # left uncovered when the last card goes elsewhere still loses
        g = pos(["6♥ 7♦", "K♦"], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        act(g, Play(c("K♦"), DOWN1))
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_stuck_with_an_uncovered_burning_card_is_a_fire_loss(self):
        g = pos(["6♥ K♣", "2♠ 3♠"], ["", "", "A♦", "A♦"], draw_pile="4♣ 4♣", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("K♣"), UP2), EndTurn())
        r = g.result
        assert r is not None and (r.outcome, r.reason, parse_card(r.card)) == ("lost", "fire", c("6♥"))

    @pytest.mark.parametrize("cover", [True, False])
    def test_halt_ends_the_turn_and_the_fire_check_runs(self, cover):
        r = make_rules("feuer", "befehle")
        g = pos(["6♥ 7♦ 9♦ 2♠", "J♥ K♦ Q♦"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        act(g, Play(c("J♥"), UP1 if cover else DOWN1))           # Halt: the turn ends at once
        if cover:
            assert g.result is None and g.to_move == 0 and g.turn == 3
        else:
            r = g.result
            assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("6♥"), 2)

    def test_token_end_runs_the_fire_check(self):
        r = make_rules("feuer", "notruf-marken", tokens=1)
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), EndTurn(token=True))
        assert g.result is not None and (g.result.outcome, g.result.reason, g.result.turn) == ("lost", "fire", 2)

    def test_time_out_runs_the_fire_check(self):
        r = make_rules("feuer", "sanduhr")
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦ 5♠"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1),
            TimeOut())
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_burning_from_a_position(self):
        g = pos(["9♦ 2♠", "K♦ Q♦"], ["6♥", "", "", ""], rules=F, burning=[(UP1, "6♥", 1)], turn=2)
        act(g, Play(c("9♦"), DOWN1), Play(c("2♠"), DOWN1), EndTurn())
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_no_fire_without_the_variant(self):
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦"])
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1),
            EndTurn())
        assert g.result is None and list(getattr(g, "burning", [])) == []
