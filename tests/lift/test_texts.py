"""The game's sentences come from one module (paternoster.lift.texts) and the cost of a play is data.

The worked examples keep the rule book's numbers (rules §5, §6.7); every other wording is read from
the texts module, so a reworded sentence changes one place and these tests still hold.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from paternoster import STANDARD, Game, examples, make_rules, parse_card
from paternoster.lift import texts
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.cost import cost_of
from paternoster.lift.ladder import NORMAL, SETBACK
from paternoster.lift.rules import Rules
from paternoster.lift.table import PaternosterTable
from paternoster.lift.texts import CostWords
from paternoster.lift.variants import PRESETS

c = parse_card


def test_worked_example_costs_as_data():
    """Rules §6.7: Anna's 4♦ on 4♦ is a twin (cost 0), 5♣ then jumps over 6 rungs (cost 7); 3♥ on down
    pile 1 (6♠) would jump over 12 rungs (cost 13)."""
    assert texts.cost_words(NORMAL, 0, c("4♦"), c("4♦")) == CostWords("a twin", 0)
    assert texts.cost_words(NORMAL, 6, c("5♣"), c("4♦")) == CostWords("a jump over 6 rungs", 7)
    assert texts.cost_words(NORMAL, 12, c("3♥"), c("6♠")) == CostWords("a jump over 12 rungs", 13)
    assert texts.cost_words(SETBACK, -4, c("9♥"), c("10♥")) == CostWords("a setback", -4)
    assert str(CostWords("a jump over 6 rungs", 7)) == "a jump over 6 rungs, cost 7"
    assert str(CostWords("a setback", -4)) == "a setback, cost −4"        # a real minus sign


@pytest.mark.parametrize("example", [examples.anna_turn, examples.ben_setback, examples.token_turn,
                                     examples.fire_turn, examples.passenger_ride, examples.commands_table])
def test_every_wording_of_a_cost_starts_from_the_data(example):
    """The card table, the grid cells, the simple player and the log all word the same CostWords."""
    g = example()
    view = PaternosterTable(g).view()
    for lp in g.legal_plays():
        top = g.piles[lp.pile].top
        words = texts.cost_words(lp.kind, lp.skipped, lp.card, top)
        assert words.cost == cost_of(lp.kind, lp.skipped, lp.card, top)
        target = next(t for t in view["targets"][lp.card.label("en")] if t["pile"] == lp.pile and t["kind"] == lp.kind)
        assert target["text"] == texts.target_text(lp.kind, words)
        assert texts.cost_phrase(words.cost) in texts.cell_text(lp.kind, words.cost, top is None)
    for s in SimplePlayer().scored(g):
        assert s.why.cost == texts.cost_words(s.play.kind, s.play.skipped, s.play.card, g.piles[s.play.pile].top)
    lp = g.legal_plays()[0]
    words = texts.cost_words(lp.kind, lp.skipped, lp.card, g.piles[lp.pile].top)
    g.apply_action(lp.action)
    assert texts.cost_phrase(words.cost) in g.sentences(len(g.actions))[0]


def test_every_rules_field_has_its_words():
    """A new Rules field is either counted in a rule set's own words or needs a switch word (texts.SWITCH_WORDS)."""
    for f in fields(Rules):
        assert f.name in texts.COUNTED_FIELDS or f.name in texts.SWITCH_WORDS, f.name
    assert texts.rule_switches(STANDARD) == []
    assert texts.rule_switches(replace(STANDARD, setbacks_per_turn=2)) == ["2 setbacks per turn"]
    assert texts.rule_switches(make_rules("feuer", tokens=2)) == ["2 emergency tokens", "fire"]
    assert all(len(texts.rule_switches(p.rules)) <= 1 for p in PRESETS.values())


@pytest.mark.parametrize("used, allowed, state, allowance", [
    (0, 1, "free", "at most one setback per turn"),
    (1, 1, "used", "at most one setback per turn"),
    (1, 2, "1 of 2 left", "at most two setbacks per turn"),
    (2, 2, "0 of 2 left", "at most two setbacks per turn"),
    (0, 0, "none allowed", "no setback at all"),
])
def test_setbacks_are_counted_in_words(used, allowed, state, allowance):
    assert texts.setbacks_state(used, allowed) == state
    assert texts.setback_allowance(allowed) == allowance


def test_the_refusal_of_a_third_setback_names_the_count():
    g = Game.from_position(["9♥ 8♥ 7♥"], piles=["10♥", "K♣", "A♦", "A♦"], draw_pile="2♣ 3♣",
                           rules=replace(STANDARD, setbacks_per_turn=2))
    g.play("9♥", 0)
    g.play("8♥", 0)
    message = g.why_not("7♥", 0)
    assert message == texts.setbacks_used_up(c("7♥"), "up pile 1", c("8♥"), 2)
    assert "two setbacks per turn" in message
    assert PaternosterTable(g).view()["counters"][1] == {"label": "Setback this turn", "value": "0 of 2 left"}
