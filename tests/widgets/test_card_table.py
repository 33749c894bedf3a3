"""Kernel-side tests of the card-table widget (anywidget; no browser).

The widget is driven exactly as its front end drives it: custom messages go
through ipywidgets' own entry point (``_handle_custom_msg(content, buffers)``,
which is what ``Widget._handle_msg`` calls for a ``method: "custom"`` comm
message), and the Python API (``play``, ``end_turn`` …) takes the same path.
Run with ``-s`` to see the measured view size and step times.
"""

from __future__ import annotations

import json
import pathlib
import re
import time

import anywidget
import pytest
import traitlets

from paternoster import Game, examples
from paternoster.lift.bots import SimplePlayer
from paternoster.core import theme
from paternoster.lift.table import PaternosterTable
from paternoster.lift import rule_ids
from widgets import CardTable

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

WIDGETS = pathlib.Path(__file__).resolve().parents[2] / "widgets"


def _bot_game(actions: int, seed: int = 3, players: int = 2) -> Game:
    """A seeded game played whole turns by the simple computer player until ``actions`` or the end."""
    g = Game.new(players, seed=seed)
    bot = SimplePlayer()
    while not g.is_terminal() and len(g.actions) < actions:
        bot.play_turn(g)
    return g


def _front_end(w: CardTable, content: dict) -> None:
    """Deliver a message as the front end's model.send(content) arrives in the kernel."""
    w._handle_custom_msg(content, [])


def _pile(view: dict, name: str) -> dict:
    return next(p for p in view["piles"] if p["name"] == name)


# --------------------------------------------------------------------------- construction

def test_view_describes_piles_hands_targets_and_buttons():
    g = examples.anna_turn()
    w = CardTable(g)
    v = w.view
    assert isinstance(w, anywidget.AnyWidget)
    assert v == PaternosterTable(g).view()
    assert v["game"] == "paternoster" and w.mode == "play"
    assert [p["name"] for p in v["piles"]] == ["up pile 1", "up pile 2", "down pile 1", "down pile 2"]
    assert _pile(v, "up pile 1")["top"]["id"] == "4♦" and _pile(v, "up pile 1")["count"] == 1
    assert [h["name"] for h in v["hands"]] == ["Anna", "Ben", "Carla"]
    assert [c["id"] for c in v["hands"][0]["cards"]] == ["3♥", "4♦", "5♣", "8♥", "10♣", "Q♠"]
    assert [t["pile"] for t in v["targets"]["4♦"]] == [0, 2]
    assert {b["action"] for b in v["buttons"]} == {"end", "undo", "computer"}
    assert w.message == "" and w.message_ok and w.revision == 0 and w.selected == ""
    json.dumps(v)  # JSON only


def test_widget_files_exist_and_are_the_esm_and_css():
    js, css = WIDGETS / "card_table.js", WIDGETS / "card_table.css"
    assert js.is_file() and css.is_file()
    w = CardTable(examples.anna_turn())
    # the front end is the table's module followed by the coach panel's (widgets/coach_panel.js); the
    # stylesheet is the theme's colours (custom properties), the table's own CSS file, then the coach panel's
    coach_js, coach_css = (WIDGETS / "coach_panel.js").read_text(encoding="utf-8"), (WIDGETS / "coach_panel.css")
    assert w._esm == js.read_text(encoding="utf-8") + "\n" + coach_js
    assert w._css == theme.css() + css.read_text(encoding="utf-8") + coach_css.read_text(encoding="utf-8")
    source = js.read_text(encoding="utf-8")
    assert "export default" in source and "render" in source
    assert "innerHTML" not in source and "outerHTML" not in source and "insertAdjacentHTML" not in source
    assert "import " not in source and "fetch(" not in source  # no network, no build step
    assert ".pn-table" in css.read_text(encoding="utf-8")


def test_repr_is_stable_and_has_no_address():
    w = CardTable(examples.anna_turn())
    assert repr(w) == "CardTable(mode='play', turn=1, to_move='Anna')"
    s = CardTable(_bot_game(10), mode="step", step=4)
    assert repr(s).startswith("CardTable(mode='step', step=4, steps=")
    for r in (repr(w), repr(s)):
        assert "0x" not in r and not re.search(r"at 0x|object at", r)
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    # the notebook's text fallback is a friendly line, not the repr (widgets/fallback.py)
    assert data["text/plain"] == CardTable.fallback_text and "run this cell" in data["text/plain"].lower()


def test_bad_construction_raises():
    with pytest.raises(TypeError):
        CardTable("not a game")
    with pytest.raises(TypeError):
        CardTable(examples.anna_turn(), mode="step", adapter=PaternosterTable(examples.anna_turn()))
    with pytest.raises(traitlets.TraitError):
        CardTable(examples.anna_turn(), mode="replay")
    with pytest.raises(traitlets.TraitError):
        CardTable(examples.anna_turn(), notation="fr")
    with pytest.raises(TypeError):
        CardTable(adapter=object())


# --------------------------------------------------------------------------- play mode

def test_play_changes_game_and_view():
    g = examples.anna_turn()
    w = CardTable(g)
    result = w.play("4♦", "up 1")
    assert result["ok"] and result["rule"] is None
    top = _pile(w.view, "up pile 1")
    assert top["top"]["id"] == "4♦" and top["count"] == 2
    assert g.piles[0].top.label("en") == "4♦" and len(g.piles[0].cards) == 2
    assert "4♦" in w.message and "up pile 1" in w.message and w.message_ok
    assert w.message == " ".join(g.sentences(1))
    assert len(w.view["hands"][0]["cards"]) == 5
    assert w.revision == 1


def test_an_answer_typed_as_a_cells_last_line_reads_as_text_not_a_dict():
    """t.play(...) as a cell's last line shows the engine's sentence (✓) or the refusal (⚠), never
    {'ok': ..., 'message': ...}; the answer is still the dict code reads."""
    from IPython.lib.pretty import pretty

    from paternoster.paskahousu import PaskahousuGame
    from widgets import PaskahousuCardTable

    w = CardTable(examples.anna_turn())
    done = w.play("4♦", "up 1")
    assert isinstance(done, dict) and done["ok"] and done.ok and done.rule is None
    assert repr(done) == pretty(done) == "✓ " + w.message and "{" not in repr(done)
    refused = w.play("3♥", "up 1")
    assert refused == {"ok": False, "message": w.message, "rule": rule_ids.UP_PILE_ORDER}
    assert repr(refused) == pretty(refused) == "⚠ " + w.message and "rules §4.2" in repr(refused)
    assert "⚠" in refused._repr_html_() and "'ok'" not in refused._repr_html_()
    evil = CardTable(Game.from_position(["4♦ 5♦", "6♦"], names=["<b>x</b>", "Ben"]))
    shown = evil.end_turn()._repr_html_()
    assert "<b>x</b>" not in shown and "&lt;b&gt;x&lt;/b&gt; has played 0 cards" in shown  # names are escaped
    assert PaskahousuCardTable(PaskahousuGame.new(3, seed=1)).play("2♣").__repr__().startswith(("✓ ", "⚠ "))


def test_illegal_play_shows_engine_reason_and_changes_nothing():
    g = examples.anna_turn()
    w = CardTable(g)
    before_pos, before_view = g.to_position(), json.dumps(w.view, sort_keys=True)
    w.selected = "3♥"
    result = w.play("3♥", "up 1")
    assert not result["ok"] and result["rule"] == rule_ids.UP_PILE_ORDER
    assert not w.message_ok
    assert w.message == PaternosterTable(examples.anna_turn()).act(
        {"type": "play", "card": "3♥", "pile": 0})["message"]
    assert "3♥ does not fit up pile 1" in w.message
    assert g.to_position() == before_pos and not g.actions
    assert json.dumps(w.view, sort_keys=True) == before_view
    assert w.selected == "3♥"  # a refusal keeps the choice so another pile can be tried
    assert w.revision == 1


def test_front_end_messages_go_the_same_path_and_bump_revision():
    g = examples.anna_turn()
    w = CardTable(g)
    seen = []
    w.observe(lambda ch: seen.append(ch["new"]), names="revision")
    w.selected = "4♦"  # what the front end's click on a card does (model.set + save_changes)
    _front_end(w, {"type": "play", "card": "4♦", "pile": 0})
    assert w.revision == 1 and seen == [1] and w.message_ok and w.selected == ""
    assert _pile(w.view, "up pile 1")["count"] == 2
    _front_end(w, {"type": "play", "card": "3♥", "pile": 0})
    assert w.revision == 2 and not w.message_ok and "up pile" in w.message
    _front_end(w, {"type": "bogus"})
    assert w.revision == 3 and not w.message_ok and "Unknown action" in w.message
    _front_end(w, {"type": "play", "card": "Zz", "pile": 0})
    assert w.revision == 4 and not w.message_ok
    _front_end(w, {"type": "step", "to": 1})  # no stepping in play mode
    assert w.revision == 5 and not w.message_ok and "recorded game" in w.message
    _front_end(w, ["not", "a", "dict"])
    assert w.revision == 6 and not w.message_ok
    assert len(g.actions) == 1


def test_end_turn_undo_and_buttons():
    g = examples.anna_turn()
    w = CardTable(g)
    enabled = {b["action"]: b["enabled"] for b in w.view["buttons"]}
    assert enabled == {"end": False, "undo": False, "computer": True}
    r = w.end_turn()
    assert not r["ok"] and not w.message_ok and g.to_move == 0
    w.play("4♦", 0)
    w.play("5♣", 0)
    assert {b["action"]: b["enabled"] for b in w.view["buttons"]}["end"]
    assert w.end_turn()["ok"] and g.to_move == 1 and w.view["hands"][1]["to_move"]
    assert w.view["hands"][0]["cards"] is None and w.view["hands"][1]["cards"] is not None
    assert w.undo()["ok"] and g.to_move == 0 and w.message.startswith("Undone")
    w.undo()
    w.undo()
    assert g.to_position() == examples.anna_turn().to_position()
    assert w.view == PaternosterTable(examples.anna_turn()).view() | {"log": w.view["log"]}
    assert not w.undo()["ok"]  # nothing left to undo: the engine says so


def test_computer_turn_plays_a_turn():
    g = examples.anna_turn()
    w = CardTable(g)
    r = w.computer_turn()
    assert r["ok"] and w.message_ok
    assert g.to_move == 1 and g.turn == 2 and g.actions
    assert w.view["hands"][1]["to_move"] and "Anna" in w.message
    assert w.view == PaternosterTable(g).view()
    assert repr(w) == "CardTable(mode='play', turn=2, to_move='Ben')"


def test_act_returns_the_adapter_answer():
    w = CardTable(examples.anna_turn())
    assert w.act({"type": "play", "card": "4♦", "pile": 0}) == {
        "ok": True, "rule": None, "message": "Turn 1: Anna plays 4♦ on up pile 1 — a twin of 4♦, cost 0."}


def test_hidden_hands_and_open_hands_and_notation_rerender():
    w = CardTable(examples.anna_turn())
    assert [h["cards"] is None for h in w.view["hands"]] == [False, True, True]
    assert [h["count"] for h in w.view["hands"]] == [6, 6, 6]
    w.open_hands = True
    assert all(h["cards"] is not None for h in w.view["hands"])
    w.notation = "de"
    assert "D♠" in [c["label"] for c in w.view["hands"][0]["cards"]]
    assert "Q♠" in [c["id"] for c in w.view["hands"][0]["cards"]]  # ids stay English: what actions send
    with pytest.raises(traitlets.TraitError):
        w.notation = "xx"
    assert w.notation == "de"
    w2 = CardTable(examples.anna_turn(), open_hands=True, notation="de", large=True)
    assert w2.view == w.view and w2.large


def test_user_text_is_only_data():
    evil = "<img src=x onerror=alert(1)>"
    g = Game.from_position(hands=["4♦ 5♣", "7♠ 9♣"], piles=["3♦", "", "", ""], draw_pile="2♦ 3♣",
                           names=[evil, "Ben"])
    w = CardTable(g)
    assert w.view["hands"][0]["name"] == evil  # the view carries it as a string ...
    assert evil in w.view["status"]
    source = (WIDGETS / "card_table.js").read_text(encoding="utf-8")
    assert "innerHTML" not in source  # ... and the front end only ever sets it as text
    assert "textContent" in source


def test_custom_adapter_is_used_generically():
    class Fake:
        def __init__(self):
            self.calls = []

        def view(self):
            return {"game": "fake", "status": f"{len(self.calls)} calls", "over": False, "piles": [],
                    "hands": [], "counters": [], "targets": {}, "buttons": [
                        {"action": "pick up", "label": "Pick up", "enabled": True}], "log": []}

        def act(self, action):
            self.calls.append(action)
            return {"ok": True, "message": f"did {action['type']}", "rule": None}

    a = Fake()
    w = CardTable(adapter=a)
    assert w.view["game"] == "fake"
    _front_end(w, {"type": "pick up"})
    assert a.calls == [{"type": "pick up"}] and w.message == "did pick up" and w.view["status"] == "1 calls"
    assert repr(w) == "CardTable(mode='play', game='fake')"


# --------------------------------------------------------------------------- step mode

def test_step_mode_matches_replays_and_sentences():
    g = _bot_game(40)
    rec = g.to_record()
    n = len(g.actions)
    s = CardTable(g, mode="step")
    assert s.steps == n and s.step == 0 and s.mode == "step"
    assert "start of the game" in s.explanation
    for k in [0, 1, 2, 7, n // 2, n]:
        s.step = k
        replay = Game.from_record(rec, upto=k)
        assert s.view == PaternosterTable(replay).view()
        if k:
            assert s.explanation == " ".join(g.sentences(k))
    assert g.to_record() == rec  # the source game is untouched


def test_step_mode_accepts_record_dict_and_json_and_open_hands():
    g = _bot_game(20)
    a = CardTable(g.to_record(), mode="step", step=5)
    b = CardTable(g.to_json(), mode="step", step=5, open_hands=True)
    assert a.view["piles"] == b.view["piles"]
    assert b.view == PaternosterTable(Game.from_record(g.to_record(), upto=5), open_hands=True).view()
    assert any(h["cards"] is None for h in a.view["hands"])


def test_step_out_of_range_raises_and_changes_nothing():
    s = CardTable(_bot_game(12), mode="step", step=3)
    view, expl = s.view, s.explanation
    for bad in (-1, s.steps + 1):
        with pytest.raises(traitlets.TraitError):
            s.step = bad
    assert s.step == 3 and s.view == view and s.explanation == expl
    with pytest.raises(traitlets.TraitError):
        CardTable(_bot_game(12), mode="step", step=999)
    # The same from the front end: a message, not an exception.
    rev = s.revision
    _front_end(s, {"type": "step", "to": 999})
    assert s.step == 3 and not s.message_ok and s.revision == rev + 1 and "no step" in s.message


def test_step_navigation_and_refusals():
    s = CardTable(_bot_game(12), mode="step")
    s.forward()
    s.forward()
    assert s.step == 2
    s.back()
    assert s.step == 1
    s.back()
    s.back()
    assert s.step == 0
    s.step = s.steps
    s.forward()
    assert s.step == s.steps
    _front_end(s, {"type": "step", "to": 4})
    assert s.step == 4 and s.message_ok and s.revision == 1
    before = s.view
    r = s.play("4♦", 0)
    assert not r["ok"] and r["rule"] == "step-mode" and not s.message_ok and s.view == before
    for t in ("end", "undo", "computer"):
        _front_end(s, {"type": t})
        assert not s.message_ok and s.step == 4 and s.view == before
    with pytest.raises(RuntimeError):
        CardTable(examples.anna_turn()).forward()


def test_step_change_is_fast_and_view_size(capsys):
    g = _bot_game(150, seed=11)  # seed 11, 2 players: the simple player plays all 104 cards in 154 actions
    assert len(g.actions) >= 150
    s = CardTable(g, mode="step")
    t0 = time.perf_counter()
    s.step = 150
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    for k in range(149, -1, -1):
        s.step = k
    back = (time.perf_counter() - t0) / 150
    s.notation = "de"  # a display change starts the replay pass again
    t0 = time.perf_counter()
    for _ in range(150):
        s.forward()
    forward = (time.perf_counter() - t0) / 150
    mid = CardTable(_bot_game(60, seed=4, players=3))
    size = len(json.dumps(mid.view, ensure_ascii=False).encode("utf-8"))
    size_open = len(json.dumps(CardTable(_bot_game(60, seed=4, players=3), open_hands=True).view,
                               ensure_ascii=False).encode("utf-8"))
    with capsys.disabled():
        print(f"\n[card table] view JSON, mid-game 3 players: {size} bytes ({size_open} with open hands); "
              f"step change on a {len(g.actions)}-action record: first jump 0→150 {first * 1000:.1f} ms "
              f"(one replay pass), then back one at a time {back * 1000:.2f} ms per step, "
              f"forward after a notation change {forward * 1000:.2f} ms per step")
    for k in (0, 75, 150):
        s.step = k
        assert s.view == PaternosterTable(Game.from_record(g.to_record(), upto=k), notation="de").view()
