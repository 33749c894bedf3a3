"""Kernel-side tests of the Paskahousu widgets and card-table adapter (no browser): drive each
widget from code as a notebook cell would and check what it shows against the engine."""

from __future__ import annotations

import html
import json
import pathlib
import re

import pytest
import traitlets

from paternoster.core.cards import CardParseError
from paternoster.core.errors import RecordError
from paternoster.paskahousu import (RANK_ORDER, HeuristicPlayer, PaskahousuGame, PickUp, PlayCards, acceptance,
                                    acceptance_table, play_game)
from paternoster.paskahousu.table import BURNED, DISCARD, PaskahousuTable
from paternoster.lift.table import PaternosterTable
from paternoster import examples
from paternoster.paskahousu import rule_ids as ids
from paternoster.core import rule_ids as core_ids
from widgets import AcceptanceTable, PaskahousuCardTable
from widgets.acceptance import EMPTY, VERDICT_SYMBOL, rank_label

LABELS = [rank_label(r) for r in RANK_ORDER]
NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _text(fragment: str) -> str:
    """Visible text of an HTML fragment (tags dropped, entities decoded)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _rank(label: str) -> int | None:
    return None if label == EMPTY else RANK_ORDER[LABELS.index(label)]


def _seeded_game(seed: int = 3, players: int = 4, names: list[str] | None = None) -> PaskahousuGame:
    g = PaskahousuGame.new(players, seed=seed, names=names)
    return play_game(g, [HeuristicPlayer()] * players, record_undo=True)


def _seed_example_2() -> PaskahousuGame:
    """Top 8♠; Carla to move with 10♥ and 4♣, Dan 4♦, Anna 4♥ 4♠ (the lesson's table for the seed's example 2)."""
    return PaskahousuGame.from_position(
        ["4♥ 4♠ 9♣ J♣ Q♣", "5♦ 6♦ 7♦ 8♦ 9♦", "10♥ 4♣ K♦ K♥ K♠", "4♦ 5♠ 6♠ 7♠ 9♠"], pile="6♥ 8♠",
        draw_pile="2♣ 2♦ 2♥ 2♠ A♦ A♥", to_move=2, names=NAMES)


# --------------------------------------------------------------------------- AcceptanceTable

@pytest.mark.parametrize("top", [EMPTY, *LABELS])
def test_acceptance_grid_row_matches_engine(top):
    t = AcceptanceTable()
    for played in LABELS:
        assert t.cell(top, played) == VERDICT_SYMBOL[acceptance(_rank(top), _rank(played)).verdict]


def test_acceptance_grid_shows_every_cell_with_a_symbol():
    t = AcceptanceTable()
    cells = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", t.grid_html.value)]
    assert len(cells) == acceptance_table().size == 14 * 13
    assert set(cells) <= set(VERDICT_SYMBOL.values())
    # the row for a 6, read from the HTML, is the engine's table row
    rows = re.findall(r"<tr>(.*?)</tr>", t.grid_html.value)
    six = [_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", rows[1 + 1 + LABELS.index("6")])]
    verdicts = ("no", "allowed", "burns")
    assert six == [VERDICT_SYMBOL[verdicts[v]] for v in acceptance_table()[1 + LABELS.index("6")]]


@pytest.mark.parametrize("top, played", [("K", "A"), ("8", "10"), ("6", "J"), ("2", "2"), ("A", "2"),
                                         (EMPTY, "10"), ("10", "10"), ("10", "J"), ("5", "4")])
def test_acceptance_dropdowns_drive_verdict_and_reason(top, played):
    t = AcceptanceTable("3", "3")
    t.top.value = top
    t.played.value = played
    a = acceptance(_rank(top), _rank(played))
    assert (t.verdict, t.rule, t.reason) == tuple(a)
    shown = _text(t.result_html.value)
    assert a.reason in shown and a.rule in shown and f"{VERDICT_SYMBOL[a.verdict]} {a.verdict}" in shown
    assert t.error == ""


def test_acceptance_marks_the_chosen_cell_not_by_colour_alone():
    t = AcceptanceTable("K", "A")
    grid = t.grid_html.value
    assert "▶ K" in _text(grid) and "A ▼" in _text(grid)
    marked = re.findall(r'<td style="[^"]*border:3px[^"]*" title="([^"]*)">', grid)
    assert marked == ["A on K: burns"]


def test_acceptance_colours_come_from_theme_variables():
    grid = AcceptanceTable().grid_html.value
    colours = re.findall(r"#[0-9a-fA-F]{3,6}\b", grid)
    # only fallbacks inside var(--jp-…, #…) may name a colour
    assert all(f", {c})" in grid for c in colours)
    assert "var(--jp-success-color1" in grid and "var(--jp-ui-font-color1" in grid


@pytest.mark.parametrize("field, text", [("top", "X"), ("played", "11"), ("played", "K♯"), ("top", "")])
def test_acceptance_unreadable_text_gives_engine_message_and_changes_nothing(field, text):
    t = AcceptanceTable("8", "10")
    before = (t.top.value, t.played.value, t.grid_html.value, t.result_html.value)
    assert t.choose(**{field: text}) is False
    with pytest.raises((CardParseError, ValueError)) as info:
        acceptance(text, 3) if field == "top" else acceptance(None, text)
    assert str(info.value) in t.error and t.error.startswith(f"{field}:")
    assert (t.top.value, t.played.value, t.grid_html.value, t.result_html.value) == before


def test_acceptance_choose_reads_ranks_cards_and_the_empty_table():
    t = AcceptanceTable()
    assert t.choose(top="8♠", played="10♥") and (t.top.value, t.played.value) == ("8", "10")
    assert t.verdict == acceptance("8♠", "10♥").verdict
    assert t.choose(top="empty", played="q") and (t.top.value, t.played.value) == (EMPTY, "Q")
    assert t.choose(top="B♣") and t.top.value == "J"        # German notation in a card is read too
    t.choose(top="X")
    assert t.error and t.choose(played="2") and t.error == ""


def test_acceptance_dropdown_refuses_unknown_value_and_changes_nothing():
    t = AcceptanceTable("K", "A")
    with pytest.raises(traitlets.TraitError):
        t.top.value = "X"
    assert (t.top.value, t.verdict) == ("K", "burns")


def test_acceptance_german_labels():
    t = AcceptanceTable("D", "B", notation="de")
    assert t.top.options[-5:] == ("B", "D", "K", "A", "2")
    assert t.verdict == acceptance(12, 11).verdict and t.cell("K", "A") == VERDICT_SYMBOL["burns"]


def test_acceptance_table_repr_is_stable():
    assert repr(AcceptanceTable("K", "A")) == "AcceptanceTable(top='K', played='A', verdict='burns')"


# --------------------------------------------------------------------------- the adapter

def test_adapter_view_has_the_card_table_keys():
    pk = PaskahousuTable(_seed_example_2()).view()
    pn = PaternosterTable(examples.anna_turn()).view()
    drawn = {"game", "status", "over", "piles", "hands", "counters", "targets", "buttons", "log"}  # what the JS reads
    assert drawn <= set(pn) and drawn <= set(pk)
    assert [p["id"] for p in pk["piles"]] == [DISCARD, BURNED]
    json.dumps(pk)  # JSON-ready
    assert PaskahousuTable(PaskahousuGame.new(4, seed=0)).view()["piles"][1]["top"] is None   # nothing burned yet


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_adapter_targets_are_the_engine_legal_single_cards(seed):
    g = PaskahousuGame.new(4, seed=seed)
    g.apply_action(g.opening)
    for _ in range(6):
        view = PaskahousuTable(g).view()
        legal = {c.label("en") for c in g.hand if g.check(PlayCards(c)) is None}
        assert set(view["targets"]) == legal
        for card, [target] in view["targets"].items():
            assert target["pile"] == DISCARD and target["kind"] in ("allowed", "burns")
        g.apply_action(HeuristicPlayer().choose(g))


def test_adapter_counts_and_face_down_hands():
    g = _seed_example_2()
    view = PaskahousuTable(g).view()
    counters = {c["label"]: c["value"] for c in view["counters"]}
    assert counters["Draw pile"] == len(g.draw_pile) and counters["Burned"] == len(g.burned)
    assert counters["Top of the discard pile"] == "6♥ 8♠"
    assert view["piles"][0]["top"]["id"] == "8♠" and view["piles"][0]["count"] == 2
    assert [h["cards"] is None for h in view["hands"]] == [True, True, False, True]
    assert all(h["cards"] is not None for h in PaskahousuTable(g, open_hands=True).view()["hands"])
    assert view["targets"]["10♥"][0]["kind"] == "burns"
    assert view["piles"][1]["count"] == len(g.burned) and view["piles"][1]["top"]["words"] == "face down"


@pytest.mark.parametrize("action, rule", [
    ({"type": "play", "card": "K♦", "pile": DISCARD}, ids.FACE_CARD_ON_LOW),     # in its own position below
    ({"type": "play", "card": "2♣", "pile": DISCARD}, ids.NOT_IN_HAND),
    ({"type": "play", "card": "10♥ K♦", "pile": DISCARD}, ids.ONE_RANK),
    ({"type": "play", "card": "Zz", "pile": DISCARD}, "card-notation"),
    ({"type": "play", "card": "4♣", "pile": BURNED}, ids.BAD_PILE),
    ({"type": "undo"}, core_ids.NOTHING_TO_UNDO),
    ({"type": "fly"}, ids.BAD_ACTION),
    ("nonsense", ids.BAD_ACTION),
])
def test_adapter_refusals_change_nothing(action, rule):
    g = _seed_example_2()
    if rule == ids.FACE_CARD_ON_LOW:  # the lesson's own case: a king on a 6
        g = PaskahousuGame.from_position(["K♦ 4♣", "5♦"], pile="6♥", draw_pile="9♣", names=["Anna", "Ben"])
    before = g.to_position()
    answer = PaskahousuTable(g).act(action)
    assert answer["ok"] is False and answer["rule"] == rule and answer["message"]
    assert g.to_position() == before and not g.actions
    if rule in (ids.FACE_CARD_ON_LOW, ids.NOT_IN_HAND, ids.ONE_RANK):
        assert answer["message"] == g.check(PlayCards(action["card"])).message


def test_adapter_pick_up_empty_table_is_the_engine_decision():
    g = PaskahousuGame.from_position(["5♦ 6♦", "7♣"], draw_pile="9♣")
    answer = PaskahousuTable(g).act({"type": "pick-up"})
    assert answer["rule"] == ids.PICK_UP_EMPTY and answer["message"] == g.check(PickUp()).message


def test_adapter_plays_the_seed_example_and_says_the_engine_sentences():
    g = _seed_example_2()
    t = PaskahousuTable(g)
    for cards in ("10♥", "4♣", "4♦", "4♥ 4♠"):
        answer = t.act({"type": "play", "card": cards, "pile": DISCARD})
        assert answer["ok"] and answer["message"] == " ".join(g.sentences(len(g.actions)))
    assert g.pile == [] and g.names[g.to_move] == "Anna"
    assert t.act({"type": "undo"})["message"] == "Undone: the play of 4♥ 4♠."


def test_adapter_computer_and_opening():
    g = PaskahousuGame.new(4, seed=11)
    expected = g.copy()
    t = PaskahousuTable(g)
    assert [b["action"] for b in t.view()["buttons"]][0] == "opening"
    assert t.act({"type": "opening"})["ok"]
    expected.apply_action(expected.opening)
    assert g == expected
    choice = HeuristicPlayer().choose(g)
    assert t.act({"type": "computer"})["ok"]
    expected.apply_action(choice)
    assert g == expected


# --------------------------------------------------------------------------- the card table (step mode)

def test_step_table_matches_replays_and_sentences():
    g = _seeded_game()
    s = PaskahousuCardTable(g, mode="step", open_hands=True)
    assert s.steps == len(g.actions)
    for k in (1, 2, 5, s.steps // 2, s.steps):
        s.step = k
        assert s.explanation == " ".join(g.sentences(k))
        replay = PaskahousuGame.from_record(g.to_record(), upto=k)
        assert s.game == replay
        assert s.view == PaskahousuTable(replay, open_hands=True).view()
        counters = {c["label"]: c["value"] for c in s.view["counters"]}
        assert counters["Draw pile"] == len(replay.draw_pile) and counters["Burned"] == len(replay.burned)


def test_step_table_start_explains_the_opening():
    g = _seeded_game()
    s = PaskahousuCardTable(g, mode="step")
    assert s.step == 0 and g.log[0] in s.explanation
    assert "opens the game" in s.explanation


def test_step_table_from_json_and_back_forward():
    g = _seeded_game(seed=4, players=3)
    s = PaskahousuCardTable(g.to_json(), mode="step", step=3)
    s.forward()
    assert s.step == 4
    s.back(); s.back()
    assert s.step == 2 and s.explanation == " ".join(g.sentences(2))


@pytest.mark.parametrize("bad", [-1, 10_000])
def test_step_out_of_range_changes_nothing(bad):
    s = PaskahousuCardTable(_seeded_game(), mode="step", step=2)
    view, text = s.view, s.explanation
    with pytest.raises(traitlets.TraitError):
        s.step = bad
    assert (s.step, s.view, s.explanation) == (2, view, text)
    answer = s.act({"type": "step", "to": bad})
    assert answer["rule"] == "bad-step" and s.step == 2


def test_step_table_refuses_plays():
    s = PaskahousuCardTable(_seeded_game(), mode="step")
    answer = s.play("3♦")
    assert answer["rule"] == "step-mode" and s.message_ok is False


def test_step_table_corrupt_record_gives_engine_message():
    record = _seeded_game().to_record()
    record["actions"][3] = {"type": "fly"}
    with pytest.raises(RecordError) as info:
        PaskahousuCardTable(record, mode="step")
    with pytest.raises(RecordError) as engine:
        PaskahousuGame.from_record(record)
    assert str(info.value) == str(engine.value)


@pytest.mark.parametrize("source, mode", [(examples.anna_turn(), "step"), ("not json", "step"), (None, "play"),
                                          (examples.anna_turn(), "play")])
def test_card_table_needs_a_paskahousu_source(source, mode):
    with pytest.raises((TypeError, RecordError)):
        PaskahousuCardTable(source, mode=mode)


# --------------------------------------------------------------------------- the card table (play mode)

def test_play_table_multi_card_play_and_refusal():
    g = _seed_example_2()
    t = PaskahousuCardTable(g)
    before = g.to_position()
    answer = t.play("4♣")       # Carla holds it, but 4 is lower than the 8 on top
    assert answer["rule"] == ids.LOWER_THAN_TOP and t.message == g.check(PlayCards("4♣")).message
    assert g.to_position() == before and t.message_ok is False
    for cards in ("10♥", "4♣", "4♦", "4♥ 4♠"):
        assert t.play(cards)["ok"], t.message
    assert t.message == " ".join(g.sentences(4)) and "four 4s" in t.message
    # the adapter's view, with the burned cards marked as no target (static) for the front end
    assert [p["id"] for p in t.view["piles"] if p.get("static")] == ["burned"]
    # cards the example left out are "out of play", not burned: the engine keeps them with the burned ones
    engine = PaskahousuTable(g).view()
    out = len(PaskahousuGame.from_record(g.to_record(), upto=0).burned)
    counters = {c["label"]: c["value"] for c in t.view["counters"]}
    assert out > 0 and counters["Out of play"] == out
    assert counters["Burned"] == len(g.burned) - out == 7           # the 4s and what lay under them
    assert next(p for p in t.view["piles"] if p["id"] == "burned")["count"] == 7
    assert {k: v for k, v in t.view.items() if k not in ("piles", "counters")} == \
        {k: v for k, v in engine.items() if k not in ("piles", "counters")}


def test_play_table_buttons_from_code():
    g = PaskahousuGame.new(3, seed=3, names=["Anna", "Ben", "Carla"])
    t = PaskahousuCardTable(g)
    assert not g.actions                       # building the widget plays nothing
    assert t.opening_lay()["ok"] and len(g.actions) == 1
    assert t.try_your_luck()["ok"] and t.undo()["ok"] and len(g.actions) == 1
    assert t.computer_move()["ok"] and len(g.actions) == 2


# --------------------------------------------------------------------------- user text

def test_player_names_stay_text():
    names = ["<b>Anna</b>", "Ben & co", "<script>x</script>", "Dan"]
    g = _seeded_game(names=names)
    s = PaskahousuCardTable(g, mode="step", open_hands=True, step=len(g.actions))
    assert [h["name"] for h in s.view["hands"]] == names     # raw text in the view …
    assert "<b>Anna</b>" in s.describe()                     # … and in plain text
    js = (pathlib.Path(__file__).parents[2] / "widgets" / "card_table.js").read_text()
    assert "innerHTML" not in js                             # … which the front end sets as textContent
    assert "<b>Anna</b>" not in g._repr_html_() and "&lt;b&gt;Anna&lt;/b&gt;" in g._repr_html_()


# --------------------------------------------------------------------------- Paskahousu-specific refusals

def test_adapter_end_turn_says_paskahousu_has_none():
    g = _seed_example_2()
    before = g.to_position()
    answer = PaskahousuTable(g).act({"type": "end"})
    assert answer["ok"] is False and answer["rule"] == ids.BAD_ACTION
    assert "no end-turn" in answer["message"] and "pick up" in answer["message"] and "try your luck" in answer["message"]
    assert "Unknown action" not in answer["message"] and g.to_position() == before


@pytest.mark.parametrize("pile,burned_named", [("up 1", False), (1, False), (BURNED, True)])
def test_table_bad_pile_names_the_one_discard_pile(pile, burned_named):
    g = _seed_example_2()
    before = g.to_position()
    answer = PaskahousuCardTable(g).play(g.hand[0].label("en"), pile=pile)
    assert answer["ok"] is False and answer["rule"] == ids.BAD_PILE
    assert "discard pile" in answer["message"]
    if burned_named:  # a click on the burned cards: say what they are, not an internal pile id
        assert answer["message"] == "The burned cards are out of the game: cards are played on the discard pile."
    else:
        assert "one pile" in answer["message"] and repr(pile) in answer["message"]
    assert g.to_position() == before


def test_card_table_play_mode_names_the_paskahousu_game_class():
    with pytest.raises(TypeError) as info:
        PaskahousuCardTable(None, mode="play")
    assert "paternoster.paskahousu.PaskahousuGame" in str(info.value)
