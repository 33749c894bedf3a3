"""Kernel-side tests of the house-rule widgets (Paskahousu rules §11): the acceptance table's
"differs from the standard game" marks, the card table under every switch (table cards, face-down
plays with an announced rank and "Check!", no draw pile) and the classroom's house-rule chooser.
Every expectation is read from the engine, never typed in."""

from __future__ import annotations

import html
import json
import re

import pytest

from paternoster.core.cards import Card, Suit
from paternoster.paskahousu import RANK_ORDER, STANDARD_HOUSE_RULES, HouseRules, acceptance
from paternoster.paskahousu.ranks import K_RED2, K_RED10, K_REDA, KIND_ORDER, kind_count
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules
from paternoster.paskahousu import PaskahousuGame
from widgets import AcceptanceTable, Classroom, HouseRulesAcceptance, HouseRulesTable, PaskahousuCardTable
from widgets.acceptance import CHANGED, VERDICT_SYMBOL, rank_label
from widgets.classroom import house_rule_choices

LABELS = [rank_label(r) for r in RANK_ORDER]
VERDICTS = ("no", "allowed", "burns")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _kind_cards(rules) -> list[Card]:
    """A card of every kind of the rules' acceptance table, low to high (the red 2, 10 and ace are kinds of
    their own under Nur Schwarze zählen; every other card is black, so it is the special one)."""
    if kind_count(rules) == 13:
        return [Card(r, Suit.SPADES) for r in RANK_ORDER]
    red = {K_RED2: 2, K_RED10: 10, K_REDA: 1}
    return [Card(red[k], Suit.HEARTS) if k in red else Card(RANK_ORDER[k], Suit.SPADES) for k in KIND_ORDER]


def _engine_changes(rules) -> list[tuple[int, int, str, str]]:
    """(row, column, standard verdict, verdict) of every cell where the engine answers differently under
    ``rules`` than in the standard game; row 0 is the empty table."""
    cards = _kind_cards(rules)
    out = []
    for i, top in enumerate([None, *cards]):
        for j, card in enumerate(cards):
            was, now = acceptance(top, card).verdict, acceptance(top, card, rules).verdict
            if was != now:
                out.append((i, j, was, now))
    return out


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
    expected = _engine_changes(rules)
    marked = [(i, j, was) for i, row in enumerate(t.grid.standard) for j, was in enumerate(row) if was]
    assert marked == [(i, j, was) for i, j, was, _ in expected]
    assert [(t.grid.rows.index(top), t.grid.cols.index(played), was, now)
            for top, played, was, now in t.differences] == expected
    # the grid's cells are the engine's verdicts under these rules
    cards = _kind_cards(rules)
    assert t.grid.cells == [[acceptance(top, c, rules).verdict for c in cards] for top in [None, *cards]]
    titles = re.findall(r'title="([^"]*)"', t.grid_html.value)
    assert len([x for x in titles if "standard game says" in html.unescape(x)]) == len(expected)
    if expected:
        assert f"{len(expected)} cell" in t.caption and CHANGED in t.caption
        top, played, was, now = t.differences[0]
        assert t.choose(top=top, played=played)
        assert t.differs(top, played) and t.verdict == now
        assert f"the standard game says {VERDICT_SYMBOL[was]} {was}" in t.result_text


def test_nur_schwarze_has_a_row_and_column_for_the_red_2_10_and_ace():
    rules = house_rules("Nur Schwarze zählen")
    t = AcceptanceTable("3", "2♥", rules=rules)
    assert len(t.grid.cols) == kind_count(rules) == 16 and len(t.grid.rows) == 17
    assert t.played.value.endswith("♥♦") and t.verdict == acceptance("3♣", "2♥", rules).verdict == "no"
    assert t.differs("3", t.played.value)
    t.set_rules(STANDARD_HOUSE_RULES)                        # the red 2 is a 2 again
    assert t.played.value == "2" and len(t.grid.cols) == 13 and t.verdict == "allowed"


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


# --------------------------------------------------------------------------- card table under house rules

def _ids(node) -> set[str]:
    """Every card id anywhere in a view (recursively)."""
    found: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("id"), str):
            found.add(node["id"])
        for v in node.values():
            found |= _ids(v)
    elif isinstance(node, list):
        for v in node:
            found |= _ids(v)
    return found


def _labels(cards) -> set[str]:
    return {c.label("en") for c in cards}


@pytest.mark.parametrize("seat_mode", [{}, {"seat": 0}, {"open_hands": True}])
def test_table_cards_face_up_shown_face_down_never_sent(seat_mode):
    g = PaskahousuGame.new(players=2, seed=4, names=["Anna", "Ben"], rules=house_rules("Pöytäpaska"))
    t = PaskahousuCardTable(g, **seat_mode)
    for h in t.view["hands"]:
        assert {c["id"] for c in h["table"]["up"]} == _labels(g.face_up[h["seat"]])
        assert h["table"]["down"] == len(g.face_down[h["seat"]]) == 4
    hidden = _labels(c for row in g.face_down for c in row)
    assert not (_ids(t.view) & hidden)
    assert "face down 4" in t.describe()


def test_a_face_down_table_card_is_turned_through_the_table():
    g = PaskahousuGame.from_position(["", "5♣ 6♣ 7♣"], pile="8♥", names=["Anna", "Ben"],
                                     rules=house_rules("Pöytäpaska"), face_up=["", ""], face_down=["3♦ Q♠", ""])
    t = PaskahousuCardTable(g)
    anna = t.view["hands"][0]
    assert anna["table"]["down_enabled"] and anna["table"]["down"] == 2
    assert not (_ids(t.view) & {"3♦", "Q♠"})
    refused = t.play("Q♠")  # a face-down card cannot be played by name
    assert not refused["ok"] and len(g.actions) == 0
    answer = t.turn_table_card(0)
    assert answer["ok"] and len(g.actions) == 1 and answer["message"] == " ".join(g.sentences(1))
    assert len(g.face_down[0]) == 1


def test_face_up_table_cards_are_targets_once_hand_and_draw_pile_are_empty():
    g = PaskahousuGame.from_position(["", "5♣ 6♣ 7♣"], pile="8♥", names=["Anna", "Ben"],
                                     rules=house_rules("Pöytäpaska"), face_up=["9♠ 4♦", ""], face_down=["3♦", ""])
    t = PaskahousuCardTable(g)
    assert set(t.view["targets"]) == {c for c in ("9♠", "4♦") if g.why_not(c) is None} == {"9♠"}
    assert not t.view["hands"][0]["table"]["down_enabled"]  # face-up cards first
    assert t.play("9♠")["ok"] and _labels(g.face_up[0]) == {"4♦"}


def _bluff_game() -> PaskahousuGame:
    return PaskahousuGame.from_position(["4♠ 9♦ K♣", "5♣ 6♣ 8♣", "7♥ J♦ Q♦"], pile="6♥",
                                        names=["Anna", "Ben", "Carla"], rules=house_rules("Valepaska"))


def test_an_announcement_hides_the_cards_and_offers_check_to_the_decider():
    g = _bluff_game()
    t = PaskahousuCardTable(g)
    ranks = [o["id"] for o in t.view["announce"]["options"]]
    legal = {a.to_json()["rank"] for a in g.legal_actions() if a.to_json()["type"] == "announce"}
    assert set(ranks) == legal and t.view["multi"]
    assert set(t.view["targets"]) == _labels(g.hand)       # any card may be laid face down
    answer = t.announce("4♠ 9♦", "8")
    assert answer["ok"] and "4♠" not in answer["message"] and "9♦" not in answer["message"]
    v = t.view
    discard = v["piles"][0]
    assert discard["top"]["id"] == "" and "two 8s" in discard["said"]
    assert not (_ids({"piles": v["piles"], "counters": v["counters"]}) & {"4♠", "9♦"})
    assert "4♠" not in json.dumps(v["counters"], ensure_ascii=False) + v["status"] + " ".join(v["log"])
    buttons = {b["action"]: b for b in v["buttons"]}
    decider = g.bluff_state.deciders[0]
    assert buttons["check"]["seat"] == buttons["let-pass"]["seat"] == decider == 1
    assert "announce" not in v and "pick-up" not in buttons   # only the decision is open
    wrong = t.act({"type": "check", "seat": 2})            # Carla is not the first to decide
    assert not wrong["ok"] and len(g.actions) == 1
    checked = t.check()
    assert checked["ok"] and "lied" in checked["message"]
    assert "4♠" in checked["message"]                        # a check turns the cards face up for everyone


def test_an_announcement_the_rules_refuse_is_refused_with_the_rule():
    g = _bluff_game()
    t = PaskahousuCardTable(g)
    before = g.to_position()
    answer = t.announce("4♠", "4")                           # a 4 may not go on the announced 6
    assert not answer["ok"] and "§" in answer["message"] and g.to_position() == before


def test_ruotsalainen_has_no_draw_pile_and_no_try_your_luck():
    g = PaskahousuGame.new(players=4, seed=11, rules=house_rules("Ruotsalainen"))
    t = PaskahousuCardTable(g)
    assert g.draw_pile == []
    assert "Draw pile" not in [c["label"] for c in t.view["counters"]]
    assert "try-your-luck" not in [b["action"] for b in t.view["buttons"]]
    assert "draw pile" not in t.view["status"] and "Draw pile" not in t.describe()
    standard = PaskahousuCardTable(PaskahousuGame.new(players=4, seed=11))
    assert "try-your-luck" in [b["action"] for b in standard.view["buttons"]]


# --------------------------------------------------------------------------- classroom

def test_classroom_offers_every_house_rule_and_refuses_as_text():
    c = Classroom("paskahousu", players=4, seed=3)
    assert list(c.rules.options) == house_rule_choices()
    c.choose_house_rules("Nur einzeln (nur Zweien), Sechs Karten")
    assert c.deal() and c.table.game.rules.switches() == house_rules("Nur einzeln (nur Zweien), Sechs Karten").switches()
    shown = c.table
    c.choose_house_rules("Pöytäpaska")                      # 2–3 players only
    assert not c.deal() and c.message.startswith("⚠ Not dealt") and "Pöytäpaska" in c.message
    assert c.table is shown
    c.players.value = 2
    assert c.deal() and c.table.game.face_up[0]
    with pytest.raises(ValueError, match="not a house rule"):
        c.choose_house_rules("Nur Rote")


@pytest.mark.parametrize("typed", ["poytapaska", "  sechs   karten ", "NUR EINZELN (nur zweien)",
                                   "Bildkarten erst spater (nur auf 9), fester anfang", "Standard", ""])
def test_classroom_reads_house_rule_names_as_the_engine_does(typed):
    # Paskahousu rules §11.14: the classroom accepts exactly what house_rules() accepts
    c = Classroom("paskahousu", players=2, seed=3)
    c.choose_house_rules(typed)
    want = house_rules(typed) if typed.strip() and typed != "Standard" else STANDARD_HOUSE_RULES
    assert c.deal(), c.message
    got = c.table.game.rules
    assert got.switches() == want.switches()


# --------------------------------------------------------------------------- comparison plot

def test_comparison_plot_draws_every_row_from_the_engines_numbers():
    from paternoster.paskahousu.compare import compare_house_rules
    from widgets.paskahousu_plots import comparison_plot

    c = compare_house_rules(["Sechs Karten", "Nur einzeln"], players=4, games=60, seed=3)
    fig = comparison_plot(c)
    turns, stalls, losses = fig.axes[:3]
    assert [t.get_text() for t in turns.get_yticklabels()] == [r.name for r in c.rows]
    assert [round(p.get_width(), 6) for p in turns.patches] == [round(r.finished_turns[0], 6) for r in c.rows]
    assert [round(p.get_width(), 6) for p in losses.patches] == (
        [round(100 * r.dealer_loss[1][0], 6) for r in c.rows] + [round(100 * r.opener_loss[0][0], 6) for r in c.rows])
    assert all(p.get_hatch() for ax in (turns, stalls, losses) for p in ax.patches)   # never colour alone
    with pytest.raises(TypeError, match="compare_house_rules"):
        comparison_plot([1, 2])
