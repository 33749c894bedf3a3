"""The small things of issue 23 on the card tables and steppers, kernel side (no browser).

Undo that cannot act is off and changes nothing; New deal on one-seat tables (the next seed, shown, with
what a reload does); End turn asks twice before a Feuer loss; a record without actions shows no step
controls; every symbol the tables draw is in the fonts the kit installs.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

from paternoster import Game, examples, preset
from paternoster.lift.bots import SimplePlayer
from paternoster.paskahousu import PaskahousuGame
from paternoster.paskahousu.rules import house_rules
from widgets import CardTable, HandPilesTable, PaskahousuCardTable, TurnStepper

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

NAMES = ["Anna", "Ben", "Carla"]


def _enabled(t, action: str) -> bool:
    return any(b["enabled"] for b in t.view["buttons"] if b["action"] == action)


def test_the_issues_valepaska_undo_after_a_check_changes_nothing():
    g = PaskahousuGame.new(players=3, seed=7, rules=house_rules("Valepaska"))
    t = PaskahousuCardTable(g, seat=0)
    assert not _enabled(t, "undo")                       # before the student moved: nothing of theirs
    r = t.undo()
    assert not r.ok and r.rule == "nothing-to-undo" and "every action so far was the computer's" in r.message
    assert "Undone" not in r.message and len(g.actions) == 2
    t.check()
    record, view = g.to_json(), dict(t.view)
    assert not _enabled(t, "undo")
    r = t.undo()
    assert not r.ok and r.rule == "undo-shown" and "Nothing was undone" in r.message and "§11.12" in r.message
    assert g.to_json() == record and t.view == view and len(g.actions) == 5
    assert "▶" not in t.view["status"] and not any(b["action"] == "computer" for b in t.view["buttons"])


def test_undo_in_one_seat_paternoster_takes_back_my_turn_and_the_computers_all_at_once():
    g = Game.new(3, seed=7, names=NAMES)
    t = CardTable(g, seat=1)                            # Anna (computer) played first
    assert len(g.actions) > 0 and not _enabled(t, "undo")
    start = g.to_json()
    assert not t.undo().ok and g.to_json() == start
    while True:                                          # Ben's turn, through the widget, up to its end
        choice = SimplePlayer().choose(g)
        if not hasattr(choice, "card"):
            assert t.end_turn().ok
            break
        assert t.play(choice.card.label("en"), choice.pile).ok
    assert g.to_move == 1 and _enabled(t, "undo")
    r = t.undo()
    assert r.ok and "the computer's" in r.message and g.to_move == 1 and g.to_json() != start


def test_new_deal_on_a_one_seat_table_deals_the_next_seed_and_says_what_a_reload_does():
    g = PaskahousuGame.new(players=3, seed=5, names=NAMES)
    t = PaskahousuCardTable(g, seat=0)
    assert t.can_deal and t.deal == t.first_deal == 5
    assert t.view["note"] == ("Deal number 5. Reloading the page loses this game: the table starts again with "
                              "deal 5.")
    r = t.new_deal()
    assert r.ok and r.message.startswith("Deal number 6: a new game.")
    assert t.game is not g
    fresh = PaskahousuGame.new(players=3, seed=6, names=NAMES)
    assert t.game.to_record()["start"] == fresh.to_record()["start"] and t.game.names == NAMES
    assert t.deal == 6 and "Deal number 6." in t.view["note"] and "again with deal 5" in t.view["note"]
    assert t.game.to_move == 0 and not _enabled(t, "undo")


def test_new_deal_is_only_where_it_makes_sense():
    assert not CardTable(Game.new(2, seed=1)).can_deal                  # a shared table: no
    assert CardTable(Game.new(2, seed=1), new_deal=True).can_deal
    assert not CardTable(Game.new(2, seed=1), seat=0, new_deal=False).can_deal
    assert not CardTable(examples.anna_turn(), seat=0).can_deal       # a position has no next deal
    with pytest.raises(ValueError, match="dealt from a seed"):
        CardTable(examples.anna_turn(), new_deal=True)
    t = CardTable(Game.new(2, seed=1))
    r = t.new_deal()
    assert not r.ok and r.rule == "bad-action" and "note" not in t.view


def _feuer_game_with_a_burning_card() -> Game:
    for seed in range(60):
        g = Game.new(2, seed=seed, names=NAMES[:2], rules=preset("Feuer"))
        while not g.is_terminal() and not g.fire_duty:
            SimplePlayer().play_turn(g)
        if g.fire_duty and g.end_turn_warning():
            return g
    raise AssertionError("no Feuer game with a burning card to cover")


def test_end_turn_that_loses_a_feuer_game_asks_twice_on_the_card_table():
    g = _feuer_game_with_a_burning_card()
    while not g.minimum_met:                             # play to the minimum without covering the fire
        lp = next(lp for lp in g.legal_plays() if lp.pile != g.fire_duty[0][0] and g.loses(lp.action) is None)
        g.play(lp.card, lp.pile)
    t = CardTable(g)
    record = g.to_json()
    r = t.end_turn()
    assert not r.ok and r.rule == "confirm-end" and r.message.startswith("Ending the turn now loses the game")
    assert "End turn anyway" in r.message and g.to_json() == record and t.confirm_end
    assert [b["label"] for b in t.view["buttons"] if b["action"] == "end"] == ["End turn anyway (the game is lost)"]
    assert t.end_turn().ok and g.result.reason == "fire"


def test_the_confirmation_holds_for_the_next_click_only():
    g = _feuer_game_with_a_burning_card()
    while not g.minimum_met:
        lp = next(lp for lp in g.legal_plays() if lp.pile != g.fire_duty[0][0] and g.loses(lp.action) is None)
        g.play(lp.card, lp.pile)
    t = CardTable(g)
    assert t.end_turn().rule == "confirm-end"
    t.play("X♠", 0)                                      # any other click (here refused) ends the question
    assert not t.confirm_end and t.end_turn().rule == "confirm-end" and g.result is None


def test_hand_piles_undo_is_off_when_the_engine_would_refuse():
    t = HandPilesTable(Game.new(2, seed=3))
    assert t.undo_button.disabled and not t.undo()
    t.play(*next((lp.card, lp.pile) for lp in t.game.legal_plays()))
    assert not t.undo_button.disabled and t.undo() and t.undo_button.disabled


def test_a_record_without_actions_shows_no_step_controls():
    s = TurnStepper(examples.anna_turn())
    assert s.steps == 0 and s.children[0].layout.display == "none"
    assert TurnStepper(_one_turn()).children[0].layout.display is None
    c = CardTable(examples.anna_turn(), mode="step")
    assert c.steps == 0 and c.explanation.startswith("The position shown: Anna to move.")


def _one_turn() -> Game:
    g = Game.new(2, seed=1)
    SimplePlayer().play_turn(g)
    return g


SYMBOL_FILES = ["card_table.py", "card_table_seats.py", "card_table_steps.py", "card_table.js", "card_table.css",
                "coach_panel.py", "coach_panel.js", "coach_panel.css",
                "paskahousu_table.py", "classroom.py", "classroom.css", "hand_piles.py", "stepper.py"]


def test_every_symbol_the_tables_draw_is_in_the_fonts_the_kit_installs():
    """fonts-dejavu-core and fonts-liberation (the kit's fonts): no symbol drawn as an empty box."""
    if shutil.which("fc-list") is None or "DejaVu Sans" not in subprocess.run(
            ["fc-list"], capture_output=True, text=True).stdout:
        pytest.skip("fontconfig or DejaVu Sans is not installed here")
    root = pathlib.Path(__file__).resolve().parents[2]
    text = "".join((root / "widgets" / f).read_text(encoding="utf-8") for f in SYMBOL_FILES)
    text += "".join((root / "paternoster" / part / "table.py").read_text(encoding="utf-8")
                    for part in ("lift", "paskahousu"))
    symbols = sorted({ch for ch in text if ord(ch) > 0x2000})
    missing = [ch for ch in symbols if "DejaVu Sans" not in subprocess.run(
        ["fc-list", f":charset={ord(ch):x}", "family"], capture_output=True, text=True).stdout]
    assert missing == [], f"not in DejaVu Sans: {missing}"


def test_a_used_card_button_of_an_order_exercise_is_off_until_cleared():
    from paternoster.exercises import Exercise
    from widgets import ExerciseWidget

    w = ExerciseWidget(Exercise.ladder_order("K♦ 7♠ 8♦"))
    row = w.answer_box.children[1].children
    by_name = {b.description: b for b in row if b.description != "Clear"}
    by_name["K♦"].click()
    assert by_name["K♦"].disabled and not by_name["7♠"].disabled
    by_name["K♦"].click()                                # a click on a switched-off button: nothing
    assert w.answer == "K♦"
    next(b for b in row if b.description == "Clear").click()
    assert w.answer == "" and not any(b.disabled for b in by_name.values())


def test_a_watch_request_timed_for_an_older_table_does_nothing():
    g = PaskahousuGame.new(players=3, seed=3, names=NAMES)
    t = PaskahousuCardTable(g, computer_seats=[0, 1, 2], pace="watch")
    assert t.view["autoplay"] > 0 and not g.actions
    message, revision = t.message, t.revision
    r = t.act({"type": "computer", "revision": revision - 1})
    assert not r.ok and r.rule == "stale" and not g.actions and t.message == message and t.revision == revision
    assert t.act({"type": "computer", "revision": revision}).ok and len(g.actions) == 1
