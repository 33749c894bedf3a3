"""Kernel-side tests of "who plays which seat" on both card tables (no browser).

One seat (``seat=N``): only your hand is face up, the computer's turns run by themselves and are
told in words, Undo takes back your last action with the computer's turns after it; ``pace="step"``
runs one computer turn per press.  Hot seat (``hot_seat=True``): the next person's hand stays
behind a "pass to <name>" screen.  Hidden cards never reach the front end (the synced view).
"""

from __future__ import annotations

import json

import pytest
import traitlets

from paternoster import Game
from paternoster.lift.bots import SimplePlayer
from paternoster.paskahousu import HeuristicPlayer, PaskahousuGame
from widgets import CardTable, PaskahousuCardTable
from widgets.fallback import WIDGET_VIEW, strip_widget_views

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

NAMES = ["Anna", "Ben", "Carla"]


def _hands(t) -> dict[str, list[str] | None]:
    return {h["name"]: None if h["cards"] is None else [c["id"] for c in h["cards"]] for h in t.view["hands"]}


def _play_my_paternoster_turn(t: CardTable) -> None:
    """Play the turn of the person to move as the simple player would, through the widget."""
    g = t.game
    seat = g.to_move
    while not g.is_terminal() and g.to_move == seat:
        choice = SimplePlayer().choose(g)
        before = len(g.actions)
        action = type(choice).__name__
        if action == "EndTurn":
            r = t.end_turn()
        else:
            r = t.play(choice.card.label("en"), choice.pile)
        assert r["ok"], r
        assert len(g.actions) > before or g.is_terminal()
        if action == "EndTurn":
            break


def _cards_in_view(t) -> set[str]:
    text = json.dumps(t.view, ensure_ascii=False)
    return {c.label("en") for hand in t.game.hands for c in hand if f'"{c.label("en")}"' in text}


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_one_seat_paternoster_shows_only_my_hand_and_waits_for_me(seat):
    g = Game.new(3, seed=7, names=NAMES)
    t = CardTable(g, seat=seat)
    assert t.computer_seats == [s for s in range(3) if s != seat]
    assert g.to_move == seat and not g.is_terminal()          # the computer played up to my turn
    assert len(g.actions) > 0 if seat else len(g.actions) == 0
    hands = _hands(t)
    assert [n for n, cards in hands.items() if cards is not None] == [NAMES[seat]]
    mine = next(h for h in t.view["hands"] if h["seat"] == seat)
    assert mine["you"] and mine["main"] and mine["to_move"]
    assert set(t.view["targets"]) <= {c.label("en") for c in g.hands[seat]}
    assert "computer" not in {b["action"] for b in t.view["buttons"]}
    # the others' cards are not in the synced view at all (only cards on piles / mine may be)
    others = {c.label("en") for s, hand in enumerate(g.hands) if s != seat for c in hand}
    public = {p.top.label("en") for p in g.piles if p.top} | {c.label("en") for c in g.hands[seat]}
    assert not (_cards_in_view(t) & (others - public))
    if seat:
        assert t.message.count("\n") == seat - 1 and t.message_ok  # one line per computer turn, in words
        assert "Anna" in t.message and "ends the turn" in t.message


def test_one_seat_paternoster_computer_answers_my_turn_and_undo_takes_it_all_back():
    g = Game.new(3, seed=7, names=NAMES)
    t = CardTable(g, seat=0)
    start = g.to_json()
    _play_my_paternoster_turn(t)
    assert g.to_move == 0 and g.turn == 4                      # Ben and Carla played by themselves
    lines = t.message.split("\n")
    assert len(lines) == 3 and lines[1].startswith("Turn 2: Ben") and lines[2].startswith("Turn 3: Carla")
    mid = len(g.actions)
    r = t.undo()
    assert r["ok"] and "computer" in r["message"]
    assert g.to_move == 0 and len(g.actions) < mid and g.turn == 1
    t.undo(), t.undo(), t.undo(), t.undo()
    assert g.to_json() == start


def test_one_seat_refuses_moves_out_of_turn_and_step_pace_waits_for_the_button():
    g = Game.new(3, seed=7, names=NAMES)
    t = CardTable(g, seat=1, pace="step")
    assert g.to_move == 0 and not g.actions                    # nothing ran: step pace
    assert t.view["targets"] == {} and [b["label"] for b in t.view["buttons"] if b["enabled"]] == ["Anna's turn ▶", "New deal"]
    card = g.hands[1][0].label("en")
    r = t.play(card, 0)
    assert not r["ok"] and r["rule"] == "not-your-turn" and "Anna" in r["message"] and not g.actions
    r = t.computer_turn()
    assert r["ok"] and r["message"].startswith("Turn 1: Anna") and g.to_move == 1
    assert t.view["targets"]                                   # my turn now
    r = t.computer_turn()
    assert not r["ok"] and r["rule"] == "not-computer-turn"


def test_one_seat_paskahousu_plays_others_hides_their_cards_and_the_burned_pile_is_no_target():
    g = PaskahousuGame.new(players=3, seed=1, names=NAMES)
    t = PaskahousuCardTable(g, seat=0)
    assert g.to_move == 0 and "Carla opens" in t.message
    assert [n for n, c in _hands(t).items() if c is not None] == ["Anna"]
    burned = next(p for p in t.view["piles"] if p["id"] == "burned")
    assert burned["static"] is True
    moves = 0
    while not g.is_terminal() and moves < 60:
        assert g.to_move == 0
        r = t.act(_paskahousu_action(g))
        assert r["ok"], r
        moves += 1
        assert g.is_terminal() or g.to_move == 0
        if not g.is_terminal():
            assert [n for n, c in _hands(t).items() if c is not None] == ["Anna"]
    assert moves >= 5


def _paskahousu_action(g: PaskahousuGame) -> dict:
    """The heuristic player's choice for the person to move, as the front end would send it."""
    a = HeuristicPlayer().choose(g)
    name = type(a).__name__
    if name == "PlayCards":
        return {"type": "play", "cards": [c.label("en") for c in a.cards]}
    return {"type": {"PickUp": "pick-up", "TryYourLuck": "try-your-luck"}[name]}


def test_hot_seat_hides_the_next_hand_behind_a_pass_screen():
    g = PaskahousuGame.new(players=3, seed=1, names=NAMES)
    t = PaskahousuCardTable(g, computer_seats=[2], hot_seat=True)
    assert g.to_move == 0                                      # Carla (computer) opened
    assert t.view["pass_to"] == "Anna" and all(c is None for c in _hands(t).values())
    assert t.view["targets"] == {}
    r = t.act(_paskahousu_action(g))
    assert not r["ok"] and r["rule"] == "not-your-turn" and "Show my cards" in r["message"]
    assert t.reveal()["ok"] and t.view["pass_to"] == ""
    assert [n for n, c in _hands(t).items() if c is not None] == ["Anna"]
    assert t.act(_paskahousu_action(g))["ok"]
    if g.to_move == 1:
        assert t.view["pass_to"] == "Ben" and _hands(t)["Anna"] is None


def test_seat_arguments_are_checked():
    g = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        CardTable(g, seat=2)
    with pytest.raises(ValueError, match="not both"):
        CardTable(g, seat=0, computer_seats=[1])
    with pytest.raises(ValueError, match="pace"):
        CardTable(g, seat=0, pace="fast")
    with pytest.raises(ValueError, match="play mode"):
        CardTable(g, mode="step", seat=0)
    assert g.actions == []


def test_everyone_computer_plays_a_whole_game_by_itself():
    g = Game.new(2, seed=5)
    t = CardTable(g, computer_seats=[0, 1])
    assert g.is_terminal() and t.message_ok and t.message.count("\n") >= 5


def test_text_fallback_is_a_friendly_stable_line_and_saving_strips_widget_views():
    t = CardTable(Game.new(2, seed=1), seat=0)
    data = t._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["text/plain"] == "Card table: run this cell (Shift+Enter) to bring the card table to life."
    assert WIDGET_VIEW in data
    nb = {"type": "notebook", "content": {"metadata": {"widgets": {"x": 1}}, "cells": [
        {"cell_type": "code", "outputs": [{"output_type": "execute_result", "data": dict(data)},
                                          {"output_type": "display_data", "data": {WIDGET_VIEW: {}}}]},
        {"cell_type": "markdown", "source": "x"}]}}
    strip_widget_views(nb, "x.ipynb")
    outs = nb["content"]["cells"][0]["outputs"]
    assert outs[0]["data"] == {"text/plain": data["text/plain"]}
    assert outs[1]["data"] == {WIDGET_VIEW: {}}               # nothing else to show: kept
    assert "widgets" not in nb["content"]["metadata"]


def test_front_end_module_parses():
    """The ES module is valid JavaScript (a syntax error shows only as a broken widget in the browser)."""
    import pathlib
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the browser tests check the front end instead")
    js = pathlib.Path(__file__).resolve().parents[2] / "widgets" / "card_table.js"
    done = subprocess.run([node, "--input-type=module", "--check"], input=js.read_text(encoding="utf-8"),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_acceptance_grid_click_chooses_that_pair_and_matches_the_engine():
    from paternoster.paskahousu import acceptance_table
    from widgets import AcceptanceTable

    t = AcceptanceTable()
    table = acceptance_table(t.rules)
    codes = {"no": 0, "allowed": 1, "burns": 2}
    assert [[codes[v] for v in row] for row in t.grid.cells] == table.tolist()
    assert t.grid.rows[0] == "empty table" and tuple(t.grid.cols) == tuple(t.played.options)
    t.grid.choose(0, 7)                                        # a click: the empty table, a 10
    assert (t.top.value, t.played.value) == ("empty table", "10") and t.reason
    assert t.verdict == ["no", "allowed", "burns"][table[0, 7]]
    t.choose(top="K", played="A")                              # the dropdowns move the grid's mark too
    assert t.grid.chosen == [t.grid.rows.index("K"), t.grid.cols.index("A")]
    with pytest.raises(traitlets.TraitError):
        t.grid.choose(99, 0)
    assert (t.top.value, t.played.value) == ("K", "A")


@pytest.mark.parametrize("module", ["card_table.js", "coach_panel.js", "acceptance_grid.js"])
def test_every_front_end_module_parses(module):
    import pathlib
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the browser tests check the front end instead")
    js = pathlib.Path(__file__).resolve().parents[2] / "widgets" / module
    source = js.read_text(encoding="utf-8")
    assert "innerHTML" not in source and "fetch(" not in source and "import " not in source
    done = subprocess.run([node, "--input-type=module", "--check"], input=source,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
