"""Kernel-side tests of the house-rule widgets (Paskahousu rules §11): the acceptance table's
"differs from the standard game" marks, the card table under every switch (table cards, face-down
plays with an announced rank and "Check!", no draw pile) and the classroom's house-rule chooser.
Every expectation is read from the engine, never typed in."""

from __future__ import annotations

import html
import json
import re

import pytest

from paternoster.paskahousu import RANK_ORDER, STANDARD_HOUSE_RULES, HouseRules, acceptance, acceptance_table
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules
from widgets import AcceptanceTable, HouseRulesAcceptance, HouseRulesTable
from widgets.acceptance import CHANGED, EMPTY, VERDICT_SYMBOL, rank_label
from widgets.classroom import house_rule_choices

LABELS = [rank_label(r) for r in RANK_ORDER]
VERDICTS = ("no", "allowed", "burns")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _engine_differences(rules) -> list[tuple[str, str, str, str]]:
    new, std = acceptance_table(rules), acceptance_table(STANDARD_HOUSE_RULES)
    rows = [EMPTY, *LABELS]
    return [(rows[i], LABELS[j], VERDICTS[std[i, j]], VERDICTS[new[i, j]])
            for i in range(len(rows)) for j in range(len(LABELS)) if new[i, j] != std[i, j]]


# --------------------------------------------------------------------------- acceptance table

def test_the_standard_game_marks_no_cell():
    t = AcceptanceTable()
    assert t.differences == []
    assert all(not any(row) for row in t.grid.standard)
    assert CHANGED not in t.grid_html.value and CHANGED not in t.caption


@pytest.mark.parametrize("entry", house_rule_choices())
def test_every_house_rule_marks_exactly_the_cells_the_engine_changes(entry):
    rules = house_rules(entry)
    t = AcceptanceTable(rules=rules)
    expected = _engine_differences(rules)
    assert t.differences == expected
    marked = [(t.grid.rows[i], t.grid.cols[j], was) for i, row in enumerate(t.grid.standard)
              for j, was in enumerate(row) if was]
    assert marked == [(top, played, was) for top, played, was, _ in expected]
    # the grid's cells are the engine's verdicts under these rules
    table = acceptance_table(rules)
    assert t.grid.cells == [[VERDICTS[v] for v in row] for row in table.tolist()]
    titles = re.findall(r'title="([^"]*)"', t.grid_html.value)
    changed_titles = [x for x in titles if "standard game says" in html.unescape(x)]
    assert len(changed_titles) == len(expected)
    if expected:
        assert f"{len(expected)} cell" in t.caption and CHANGED in t.caption
        top, played, was, now = expected[0]
        assert t.choose(top=top, played=played)
        assert t.differs(top, played)
        assert f"the standard game says {VERDICT_SYMBOL[was]} {was}" in t.result_text
        assert acceptance(None if top == EMPTY else top, played, rules).verdict == now


def test_some_house_rule_changes_the_acceptance_table():
    """Bildkarten erst später must change cells (a face card on a 7 is no longer allowed)."""
    rules = house_rules("Bildkarten erst später")
    t = AcceptanceTable("7", "J", rules=rules)
    assert t.verdict == acceptance("7", "J", rules).verdict == "no"
    assert ("7", "J", "allowed", "no") in t.differences


def test_set_rules_switches_the_table_and_refuses_what_is_no_rule_set():
    t = AcceptanceTable("7", "J")
    with pytest.raises(TypeError, match="HouseRules"):
        t.set_rules("Nur einzeln")
    assert t.differences == []
    t.set_rules(house_rules("Bildkarten erst später"))
    assert t.differences and (t.top.value, t.played.value) == ("7", "J")


def test_the_menu_shows_a_refused_combination_as_text_and_keeps_the_table():
    a = HouseRulesAcceptance("Bildkarten erst später")
    before = a.table.rules
    assert not a.choose(["Leerer Tisch (10 und Ass)", "10 und Ass auf dem leeren Tisch (B)"])
    assert a.message.startswith("⚠") and "Leerer Tisch" in a.message and "10 und Ass" in a.message
    assert a.table.rules is before
    with pytest.raises(ValueError, match="not in the menu"):
        a.choose("Nur Rote")
    assert a.choose("Standard") and a.table.differences == []


def test_the_catalogue_table_is_the_engines_catalogue():
    t = HouseRulesTable()
    assert [(r[0], r[1], r[4]) for r in t.rows] == [(s.name, s.section, s.what) for s in HOUSE_RULE_SWITCHES]
    shown = _text(t.value)
    for s in HOUSE_RULE_SWITCHES:
        assert s.name in shown and s.section in shown


def test_typed_text_in_house_rules_is_never_html():
    t = AcceptanceTable(rules=HouseRules(name="<b>ours</b>", face_cards_late="eight"))
    assert "<b>ours</b>" not in t.grid_html.value and "&lt;b&gt;ours&lt;/b&gt;" in t.grid_html.value
