"""The card tables' coach panel, "How good was that?" (kernel side, no browser).

Off by default: nothing is measured.  On: after a person's action the panel holds the options of the
position BEFORE it (the student's own option among them, marked), the computer's choice marked, and the
evaluator's sentence; labels and numbers only, never a card the student cannot see.  Undo and New deal
clear it.  Most tests use a small test double of an evaluator (the shared shape of
:mod:`paternoster.core.evaluation`), installed where the registry says the game's evaluator is; the last
ones use the games' own evaluators when they are there.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
import sys
import types
from typing import Any

import numpy as np
import pytest
import traitlets

from paternoster import Game
from paternoster.core import registry
from paternoster.core.evaluation import Evaluation, score_options
from paternoster.paskahousu import PaskahousuGame
from paternoster.paskahousu.rules import house_rules
from widgets import CardTable, Classroom, PaskahousuCardTable
from widgets import coach_panel

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

NAMES = ["Anna", "Ben", "Carla"]
CARD = re.compile(r"(?:10|[2-9JQKABD])[♠♥♦♣]")


class Double:
    """An evaluator of the shared shape: every legal action, numbers from a seeded generator; it records
    the positions it was asked about."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, int, list[Any]]] = []

    def module(self) -> types.ModuleType:
        m = types.ModuleType("double")
        m.evaluate = self.evaluate  # type: ignore[attr-defined]
        m.sentence = lambda ev, chosen: f"Your {ev.options[chosen].label} <b>measured</b>."  # type: ignore[attr-defined]
        return m

    def evaluate(self, game: Any, seat: int, *, rollouts: int = 400, seed: int = 0) -> Evaluation:
        options = game.legal_actions()[:60]
        self.calls.append((game, seat, list(options)))
        values = np.random.default_rng(seed).integers(0, 12, size=(len(options), 40))
        rows = score_options(values, labels=[f"option {i + 1}" for i in range(len(options))], options=options,
                             share=False)
        return Evaluation(seat=seat, measure="cards left at the end", share=False, rollouts=40, seed=seed,
                          options=rows, computer_choice=len(rows) - 1)


@pytest.fixture
def double(monkeypatch) -> Double:
    d = Double()
    for entry in registry.games():
        assert entry.evaluator, entry.name
        monkeypatch.setitem(sys.modules, entry.evaluator, d.module())
    return d


def _first_play(t: CardTable) -> Any:
    card, targets = next(iter(t.view["targets"].items()))
    answer = t.play(card, targets[0]["pile"])
    assert t.coach_join(timeout=600)  # the measuring runs beside the table
    return answer


def test_the_registry_names_an_evaluator_for_every_game():
    for entry in registry.games():
        assert entry.evaluator and entry.evaluator.startswith(f"paternoster.{entry.state.__module__.split('.')[1]}.")
        if importlib.util.find_spec(entry.evaluator) is not None:
            module = importlib.import_module(entry.evaluator)
            assert callable(module.evaluate) and callable(module.sentence)
            assert coach_panel.evaluator_for(entry.state.new(seed=1)) is module


def test_off_by_default_nothing_is_measured(double):
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=0)
    assert t.coach is False and t.coach_offered and t.coach_panel == {}
    assert _first_play(t).ok
    assert double.calls == [] and t.coach_panel == {} and t.coach_text() == ""


def test_on_the_panel_measures_the_position_before_the_action_and_marks_the_students_choice(double):
    g = Game.new(3, seed=7, names=NAMES)
    t = CardTable(g, seat=0, coach=True)
    assert t.coach_panel["state"] == "waiting"
    before = len(g.actions)
    assert _first_play(t).ok
    [(position, seat, options)] = double.calls
    assert seat == 0 and len(position.actions) == before      # the position before the play
    assert g.actions[before] in options                         # the student's option is among them
    p = t.coach_panel
    assert p["state"] == "done" and p["measure"] == "cards left at the end"
    yours = [r for r in p["rows"] if r["yours"]]
    assert len(yours) == 1 and sum(r["computer"] for r in p["rows"]) == 1
    assert p["rows"][0]["best"] and len(p["rows"]) <= coach_panel.MAX_ROWS
    assert p["more"] == max(0, len(options) - len(p["rows"]))
    assert p["sentence"].startswith(f"Your {yours[0]['label']}")
    # labels and numbers only: JSON of strings, numbers and booleans
    for r in p["rows"]:
        assert {type(v) for v in r.values()} <= {str, float, bool}
    assert "your choice" in t.coach_text() and "computer's choice" in t.coach_text()
    json.dumps(p)


def test_the_switch_clears_undo_and_new_deal_clear_the_panel(double):
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=0, coach=True)
    assert _first_play(t).ok and t.coach_panel["state"] == "done"
    assert t.undo().ok and t.coach_panel == {"state": "waiting", "note": coach_panel.WAITING}
    assert _first_play(t).ok and t.coach_panel["state"] == "done"
    assert t.new_deal().ok and t.coach_panel["state"] == "waiting"
    assert _first_play(t).ok and t.coach_panel["state"] == "done"
    t.coach = False
    assert t.coach_panel == {}
    n = len(double.calls)
    assert _first_play(t).ok and len(double.calls) == n        # off again: nothing measured


def test_a_refused_play_and_the_computers_turns_are_not_measured(double):
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=1, pace="step", coach=True)
    assert t.computer_turn().ok is False or double.calls == []
    assert t.act({"type": "play", "card": "nonsense", "pile": 0}).ok is False
    assert double.calls == [] and t.coach_panel["state"] == "waiting"


def test_no_coach_on_a_recorded_game_or_behind_a_pass_screen(double):
    g = Game.new(3, seed=7, names=NAMES)
    step = CardTable(g, mode="step")
    assert not step.coach_offered
    with pytest.raises(traitlets.TraitError):
        step.coach = True
    hot = CardTable(g, computer_seats=[2], hot_seat=True)
    assert not hot.coach_offered
    with pytest.raises(ValueError, match="pass"):
        CardTable(g, computer_seats=[2], hot_seat=True, coach=True)
    with pytest.raises(traitlets.TraitError):
        CardTable(g, seat=0, coach="yes")  # type: ignore[arg-type]


def test_without_the_games_evaluator_the_panel_says_so(monkeypatch):
    monkeypatch.setattr(coach_panel, "evaluator_for", lambda game: None)
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=0, coach=True)
    assert _first_play(t).ok
    assert t.coach_panel == {"state": "none", "note": "The coach has no evaluator for Paternoster yet."}


def test_an_evaluator_refusal_is_said_in_the_panel(double, monkeypatch):
    from paternoster.core.errors import RulesError

    def refuse(game, seat, *, rollouts, seed):
        raise RulesError("This position has 61 options; an evaluation measures at most 60.")

    monkeypatch.setattr(sys.modules["paternoster.lift.evaluation"], "evaluate", refuse)
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=0, coach=True)
    assert _first_play(t).ok
    assert t.coach_panel["state"] == "none" and "at most 60" in t.coach_panel["note"]


def test_paskahousu_seat_table_and_valepaska_check_are_measured(double):
    g = PaskahousuGame.new(players=3, seed=7, names=NAMES, rules=house_rules("Valepaska"))
    t = PaskahousuCardTable(g, seat=0, coach=True)
    n = len(g.actions)
    assert t.check().ok and t.coach_join(timeout=60)
    [(position, seat, options)] = double.calls
    assert seat == 0 and len(position.actions) == n and g.actions[n] in options
    assert t.coach_panel["state"] == "done" and [r for r in t.coach_panel["rows"] if r["yours"]]


def test_the_classroom_offers_the_coach_and_passes_it_to_the_table(double):
    c = Classroom("paternoster", players=3, seed=7, computer_seats=[1, 2])
    assert c.coach.value is False and c.table.coach is False and c.table.coach_offered
    c.coach.value = True
    assert c.table.coach is True
    _first_play(c.table)
    assert c.table.coach_panel["state"] == "done"
    c.new_deal()
    assert c.table.coach is True and c.table.coach_panel["state"] == "waiting"
    c.coach.value = False
    assert c.table.coach is False and c.table.coach_panel == {}


def test_the_front_end_sets_every_text_as_text():
    from pathlib import Path

    here = Path(coach_panel.__file__).parent
    js = (here / "coach_panel.js").read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "import " not in js and "fetch(" not in js
    assert CardTable._esm.endswith(js) and "withCoach(ctx, render)" in CardTable._esm
    assert CardTable._css.endswith((here / "coach_panel.css").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the games' own evaluators
def _real(module: str) -> None:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError:
        pytest.skip(f"{module} is not in this branch yet")


@pytest.mark.parametrize("maker", ["paternoster", "paskahousu", "valepaska", "poytapaska"])
def test_no_card_the_student_cannot_see_is_in_any_trait(maker):
    """The real evaluators: every card named in the coach's traits is one the student sees (their hand before
    the move, the table's view for them); a card only in hidden places is never there."""
    if maker == "paternoster":
        _real("paternoster.lift.evaluation")
        g: Any = Game.new(3, seed=7, names=NAMES)
        t: Any = CardTable(g, seat=0, coach=True)
    elif maker == "poytapaska":  # Anna holds only face-down table cards: she turns one over
        _real("paternoster.paskahousu.evaluation")
        g = PaskahousuGame.from_position(["", "4♣ 8♥ J♦"], pile="7♠", face_up=["", "Q♣"],
                                         face_down=["9♦ 5♣ K♥", "6♦ 10♠ A♥"], names=["Anna", "Ben"],
                                         rules=house_rules("Pöytäpaska"))
        t = PaskahousuCardTable(g, seat=0, coach=True)
    else:
        _real("paternoster.paskahousu.evaluation")
        rules = house_rules("Valepaska") if maker == "valepaska" else None
        g = PaskahousuGame.new(players=3, seed=7, names=NAMES, **({"rules": rules} if rules else {}))
        t = PaskahousuCardTable(g, seat=0, coach=True)
    t.coach_rollouts = 10  # the panel's numbers do not matter here, only what it names
    seen = set(CARD.findall(json.dumps(t.view, ensure_ascii=False)))
    if maker == "valepaska":
        assert t.check().ok
    elif maker == "paternoster":
        assert _first_play(t).ok
    elif maker == "poytapaska":
        assert t.turn_table_card(0).ok
    else:
        card = next(iter(t.view["targets"]))
        assert t.play(card).ok or t.pick_up().ok
    assert t.coach_join(timeout=600)
    assert t.coach_panel["state"] == "done", t.coach_panel
    shown = json.dumps({"coach": t.coach, "offered": t.coach_offered, "panel": t.coach_panel}, ensure_ascii=False)
    named = set(CARD.findall(shown))
    assert named <= seen, named - seen
    hidden = {c.label("en") for s, hand in enumerate(g.hands) if s != 0 for c in hand}
    if maker == "poytapaska":  # the face-down table cards: the one turned over is public now, not the others
        hidden |= {"5♣", "K♥", "6♦", "10♠", "A♥"} - {c.label("en") for c in g.hands[0]}
        assert [r for r in t.coach_panel["rows"] if r["yours"]]
    assert not (named & (hidden - seen))


def test_the_table_answers_at_once_and_a_measurement_overtaken_by_undo_is_dropped(double, monkeypatch):
    import threading

    release, entered = threading.Event(), threading.Event()
    slow = sys.modules["paternoster.lift.evaluation"]
    fast = slow.evaluate

    def evaluate(game, seat, **kwargs):
        entered.set()
        assert release.wait(30)
        return fast(game, seat, **kwargs)

    monkeypatch.setattr(slow, "evaluate", evaluate)
    t = CardTable(Game.new(3, seed=7, names=NAMES), seat=0, coach=True)
    card, targets = next(iter(t.view["targets"].items()))
    assert t.play(card, targets[0]["pile"]).ok                # answered while the evaluator still works
    assert t.coach_panel["state"] == "measuring" and "400 games each" in t.coach_panel["note"]
    assert entered.wait(30)
    assert t.undo().ok and t.coach_panel["state"] == "waiting"
    release.set()
    assert t.coach_join(timeout=30)
    assert t.coach_panel["state"] == "waiting" and len(double.calls) == 1   # measured, then dropped


def test_the_classroom_says_why_a_pass_screen_table_has_no_coach(double):
    c = Classroom("paskahousu", players=3, seed=7, computer_seats=[2], hot_seat=True)
    assert not c.table.coach_offered
    c.coach.value = True
    assert c.table.coach is False and c.message.startswith("⚠ This table has no coach")
    c.coach.value = False
    c.hot_seat.value = False
    c.computer_plays(1, 2)
    c.coach.value = True
    assert c.deal() and c.table.coach is True and c.table.coach_offered
