"""The variants, written from the rules (not from the engine): Befehle, signals, Sanduhr and Hochhaus (rules §7, §11.6, §12, §13).

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden'; rules §3–§12.
Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
Shared positions and helpers: ``variant_helpers``.
"""

from __future__ import annotations

import pytest

from paternoster import Game, PositionError, RulesError
from paternoster.lift.game import BigSetback, EndTurn, Play, Signal, TimeOut
from paternoster.lift.variants import make_rules
from paternoster.lift import rule_ids

from variant_helpers import (c, UP1, UP2, DOWN1, DOWN2, pos, act, rule_of, signals_on, names_variant, B, BL, RULESETS, S, H)


# =========================================================================== Befehle (rules §12)


class TestBefehle:
    @pytest.mark.parametrize("card,rules,halts", [
        ("J♥", "full", True), ("J♦", "full", True), ("J♥", "light", True), ("J♦", "light", True),
        ("J♠", "full", False), ("J♣", "light", False), ("J♥", "none", False)])
    def test_halt_red_jack_ends_the_turn(self, card, rules, halts):
        g = pos([f"{card} 5♣ 6♣", "2♠ 3♠"], rules=RULESETS[rules])
        act(g, Play(c(card), UP1))
        if halts:
            assert (g.to_move, g.turn) == (1, 2)
            assert len(g.hands[0]) == 7          # the turn ended normally: drew back up
        else:
            assert (g.to_move, g.turn) == (0, 1)

    def test_halt_as_second_card(self):
        g = act(pos(["5♣ J♦ 6♣", "2♠ 3♠"], rules=B), Play(c("5♣"), UP1), Play(c("J♦"), UP1))
        assert (g.to_move, g.turn) == (1, 2)

    @pytest.mark.parametrize("rules", ["full", "light"])
    def test_schweigen_red_queen_silences_until_that_players_next_turn(self, rules):
        g = pos(["Q♥ 5♣ 6♣", "2♠ 3♠ 4♠"], rules=RULESETS[rules])
        assert rule_of(g, Signal(1, UP2, "hold")) is None
        act(g, Play(c("Q♥"), UP1))
        assert rule_of(g, Signal(1, UP2, "hold")) == rule_ids.SILENCE
        assert rule_of(g, Signal(0, UP2, "help")) == rule_ids.SILENCE
        act(g, Play(c("5♣"), DOWN1), EndTurn())
        assert g.to_move == 1
        assert rule_of(g, Signal(1, UP2, "hold")) == rule_ids.SILENCE
        act(g, Play(c("4♠"), DOWN2), Play(c("3♠"), DOWN2), EndTurn())
        assert g.to_move == 0
        assert rule_of(g, Signal(1, UP2, "hold")) is None

    def test_no_schweigen_without_commands(self):
        g = act(pos(["Q♥ 5♣ 6♣", "2♠"]), Play(c("Q♥"), UP1))
        assert rule_of(g, Signal(1, UP2, "hold")) is None

    @pytest.mark.parametrize("card,rules,next_min,after", [
        ("K♦", "full", 3, 2), ("K♥", "full", 3, 2), ("K♦", "light", 2, 2), ("K♥", "none", 2, 2),
        ("K♠", "full", 3, 3), ("K♣", "full", 3, 3), ("K♠", "light", 2, 2), ("K♣", "none", 2, 2)])
    def test_kings_express_and_last(self, card, rules, next_min, after):
        """Red K Express: next player +1 once.  Black K Last: +1 for everyone while on top."""
        g = pos([f"{card} 5♣ 6♣", "2♠ 3♠ 4♠ 7♠"], rules=RULESETS[rules])
        act(g, Play(c(card), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert g.turn_minimum == next_min
        act(g, *[Play(c(x), UP2) for x in ("2♠", "3♠", "4♠")[:next_min]], EndTurn())   # the king stays on top
        assert g.to_move == 0 and g.turn_minimum == after

    def test_express_with_an_empty_draw_pile(self):
        g = act(pos(["K♥ 5♣", "2♠ 3♠ 4♠"], draw_pile="", rules=B), Play(c("K♥"), UP1), EndTurn())
        assert g.turn_minimum == 2

    def test_express_goes_to_the_next_player_with_cards(self):
        g = act(pos(["K♥ 5♣", "", "2♠ 3♠ 4♠"], draw_pile="", rules=B), Play(c("K♥"), UP1), EndTurn())
        assert g.to_move == 2 and g.turn_minimum == 2

    def test_last_is_fixed_at_turn_start(self):
        g = act(pos(["K♠ 5♣ 6♣", "5♦ 4♦ 3♦ 9♠"], rules=B), Play(c("K♠"), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert g.turn_minimum == 3
        act(g, Play(c("5♦"), DOWN1), Play(c("4♦"), DOWN1))      # the black king is covered ...
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY          # ... but this turn's minimum stays 3
        act(g, Play(c("3♦"), DOWN1), EndTurn())
        assert g.turn_minimum == 2

    def test_last_adds_to_steil(self):
        g = pos(["5♣ 6♣ 7♣ 8♣", "2♠"], ["", "", "K♠", ""], rules=make_rules("steil", "befehle"))
        assert g.turn_minimum == 4

    def test_last_only_while_the_draw_pile_exists(self):
        g = act(pos(["K♠ 5♣", "2♠ 3♠"], draw_pile="", rules=B), Play(c("K♠"), DOWN1), EndTurn())
        assert g.turn_minimum == 1

    def test_last_from_a_position(self):
        assert pos(["5♣ 6♣ 7♣", "2♠"], ["", "", "K♠", ""], rules=B).turn_minimum == 3
        assert pos(["5♣ 6♣ 7♣", "2♠"], ["", "", "K♠", ""], rules=BL).turn_minimum == 2

    @pytest.mark.parametrize("rules", ["full", "light"])
    @pytest.mark.parametrize("piles,jack,pile,setback,other", [
        (["9♠", "", "Q♥", ""], "J♠", UP1, "10♠", ("K♥", DOWN1)),
        (["", "5♥", "Q♣", ""], "J♣", DOWN1, "Q♣", ("4♥", UP2)),
    ])
    def test_sperre_black_jack_blocks_setbacks_while_on_top(self, rules, piles, jack, pile, setback, other):
        r = make_rules("befehle" if rules == "full" else "befehle-light", "notruf-marken", tokens=2)
        big = {"J♠": "9♠", "J♣": "K♣"}[jack]
        g = pos([f"{jack} {setback} {big} {other[0]} Q♦ 2♦", "7♠"], piles, rules=r)
        act(g, Play(c(jack), pile))
        assert rule_of(g, Play(c(setback), pile)) == rule_ids.SETBACK_BLOCKED
        assert rule_of(g, BigSetback(c(big), pile)) == rule_ids.SETBACK_BLOCKED
        assert rule_of(g, Play(c(other[0]), other[1])) is None      # other piles keep their setbacks

    def test_sperre_ends_when_covered_and_lasts_across_turns(self):
        g = pos(["J♠ Q♥ 5♣", "10♠ J♥ 2♦"], ["9♠", "", "", ""], rules=B)
        act(g, Play(c("J♠"), UP1), Play(c("5♣"), DOWN1), EndTurn())
        assert rule_of(g, Play(c("10♠"), UP1)) == rule_ids.SETBACK_BLOCKED
        g2 = pos(["J♠ Q♥ J♥ 5♣", "2♦"], ["9♠", "", "", ""], rules=B)
        act(g2, Play(c("J♠"), UP1), Play(c("Q♥"), UP1))
        assert rule_of(g2, Play(c("J♥"), UP1)) is None            # setback onto Q♥ is free again

    def test_no_sperre_without_commands(self):
        g = act(pos(["J♠ 10♠ 5♣", "2♦"], ["9♠", "", "", ""]), Play(c("J♠"), UP1))
        assert rule_of(g, Play(c("10♠"), UP1)) is None

    ENGPASS = [("10♣", rule_ids.NARROW_PASS), ("5♦", rule_ids.NARROW_PASS), ("10♦", rule_ids.NARROW_PASS), ("J♣", None), ("J♦", None),
               ("Q♦", None), ("Q♥", None), ("Q♠", None), ("K♠", None), ("K♣", rule_ids.DOWN_PILE_ORDER)]

    @pytest.mark.parametrize("rules", ["full", "light"])
    @pytest.mark.parametrize("card,expected", ENGPASS)
    def test_engpass_black_queen(self, rules, card, expected):
        g = pos(["Q♠ " + card, "2♦"], rules=RULESETS[rules])
        act(g, Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c(card), DOWN1)) == expected

    def test_engpass_ends_when_covered(self):
        g = act(pos(["Q♠ Q♥ 10♣", "2♦"], rules=B), Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) == rule_ids.NARROW_PASS
        act(g, Play(c("Q♥"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) is None

    def test_engpass_lasts_across_turns(self):
        g = act(pos(["Q♠ 5♣", "10♣ 2♦"], rules=B), Play(c("Q♠"), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert rule_of(g, Play(c("10♣"), DOWN1)) == rule_ids.NARROW_PASS

    def test_no_engpass_without_commands(self):
        g = act(pos(["Q♠ 10♣", "2♦"]), Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) is None

    def test_command_cards_follow_the_placement_rules(self):
        g = pos(["J♥ 5♣", "2♦"], ["K♣", "", "", ""], rules=B)
        assert rule_of(g, Play(c("J♥"), UP1)) == rule_ids.UP_PILE_ORDER


# =========================================================================== signals (rules §7; rules §7)

class TestSignals:
    @pytest.mark.parametrize("seat,pile,kind", [(1, UP1, "hold"), (0, DOWN1, "help"), (1, DOWN2, "jump")])
    def test_signals_are_visible(self, seat, pile, kind):
        g = pos(["5♣ 6♣", "7♦"])
        before = g.to_position()
        act(g, Signal(seat, pile, kind))
        assert (seat, kind) in signals_on(g, pile)
        assert g.to_position()["hands"] == before["hands"] and g.to_position()["piles"] == before["piles"]
        assert (g.to_move, g.turn, g.played_this_turn) == (0, 1, 0)

    def test_withdraw(self):
        g = act(pos(["5♣ 6♣", "7♦"]), Signal(1, UP1, "hold"), Signal(1, UP1, None))
        assert (1, "hold") not in signals_on(g, UP1)

    @pytest.mark.parametrize("kind", ["passenger", "shout", "9♥"])
    def test_signal_kind(self, kind):
        assert rule_of(pos(["5♣ 6♣", "7♦"]), Signal(1, UP1, kind)) == rule_ids.SIGNAL_KIND

    @pytest.mark.parametrize("seat", [0, 1])
    def test_stille_fahrt(self, seat):
        g = pos(["5♣ 6♣", "7♦"], rules=make_rules("stille-fahrt"))
        assert rule_of(g, Signal(seat, UP1, "help")) == rule_ids.SIGNALS_OFF
        assert not any(isinstance(a, Signal) for a in g.legal_actions())

    def test_liftfuehrer(self):
        g = pos(["5♣ 6♣", "7♦ 8♦"], rules=make_rules("liftfuehrer"))
        assert rule_of(g, Signal(1, UP1, "hold")) == rule_ids.SIGNAL_MOVER_ONLY
        assert rule_of(g, Signal(0, UP1, "hold")) is None
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), EndTurn())
        assert rule_of(g, Signal(1, UP1, "hold")) is None
        assert rule_of(g, Signal(0, UP1, "hold")) == rule_ids.SIGNAL_MOVER_ONLY

    def test_signal_on_a_missing_pile(self):
        assert rule_of(pos(["5♣ 6♣", "7♦"]), Signal(1, 9, "hold")) == rule_ids.NO_SUCH_PILE


# =========================================================================== Sanduhr


class TestSanduhr:
    def test_thirty_seconds(self):
        from paternoster.lift import variants
        from paternoster.lift import rules as rules_mod
        assert getattr(variants, "HOURGLASS_SECONDS", getattr(rules_mod, "HOURGLASS_SECONDS", None)) == 30

    def test_time_out_ends_the_turn_at_once(self):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"], rules=S)
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1))
        assert TimeOut() in g.legal_actions()
        act(g, TimeOut())
        assert g.result is None and (g.to_move, g.turn) == (1, 2) and len(g.hands[0]) == 7

    @pytest.mark.parametrize("played", [0, 1])
    def test_time_out_below_the_minimum_ends_the_game(self, played):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"], rules=S)
        draw = len(g.draw_pile)
        act(g, *[Play(c(x), UP1) for x in ("5♣", "6♣")[:played]], TimeOut())
        r = g.result
        assert r is not None and (r.outcome, r.reason, r.player) == ("stuck", "time-out", 0)
        assert r.remaining == g.remaining == 3 - played + 2 + draw

    def test_no_hourglass(self):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"])
        assert rule_of(g, TimeOut()) == rule_ids.NO_HOURGLASS
        assert TimeOut() not in g.legal_actions()


# =========================================================================== Hochhaus


class TestHochhaus:
    def test_player_counts(self):
        assert H.player_counts == (6, 7, 8)

    @pytest.mark.parametrize("players", [5, 9, 2])
    def test_other_player_counts_refused(self, players):
        with pytest.raises(RulesError) as info:
            Game.new(players=players, seed=0, rules=H)
        assert names_variant(str(info.value), "hochhaus")

    def test_six_players_need_hochhaus(self):
        with pytest.raises(RulesError):
            Game.new(players=6, seed=0)

    def test_triplets_are_equal(self):
        g = pos(["7♥ 7♥ 6♥", "", "", "", "", "2♠"], ["7♥", "", "", "", "", ""], rules=H)
        lp = g.play("7♥", 0)
        assert (lp.kind, lp.skipped) == ("normal", 0)      # twin on twin
        lp = g.play("7♥", 0)
        assert (lp.kind, lp.skipped) == ("normal", 0)      # the third copy on two twins
        assert not g.setback_used
        assert rule_of(g, Play(c("6♥"), 0)) is None          # the setback is still free

    def test_four_copies_refused(self):
        with pytest.raises(PositionError):
            pos(["7♥ 7♥", "7♥ 7♥", "", "", "", ""], rules=H)
