"""How good was that? The coach panel of a card table: the student's choice measured beside the other options.

:class:`CoachPanel` is a part of :class:`widgets.CardTable` (a mix-in; the table's traits, game and seats are
the table's).  It decides no rule and measures nothing itself: the game's evaluator, found through the
registry of games (:attr:`paternoster.core.registry.GameEntry.evaluator`; its ``find_option(ev, position,
action)`` when it has one, else ``==``, finds the student's row), plays every option of the position out many times, dealing the cards the seat cannot see afresh for each game, and says in one
sentence what the numbers mean.

* The switch (:attr:`coach`, "How good was that?") is off by default.  While it is off nothing is measured.
* When it is on, each action of a person at this table is measured **in the position before it** (so the
  student's own option is among the options), beside the table: the table answers the click at once, the
  measuring runs in a thread of its own (the latest move only; :meth:`CoachPanel.coach_join` waits for it),
  and the panel first says it is measuring, then shows the options as a small bar chart (cards left at the end,
  or the chance of losing, each with its 95 % interval), the student's choice and the computer player's
  choice marked, and the evaluator's sentence.
* What goes to the browser (:attr:`coach_panel`) is labels and numbers: the options in the game's words (the
  student's own cards and the piles), the measures, the sentence — never a card the student cannot see.
* Undo, New deal and switching the coach off clear the panel.  A table with a pass screen (hot seat, hands
  hidden) offers no coach: the next person would see the last person's options.
"""

from __future__ import annotations

import importlib
import inspect
import threading
from dataclasses import dataclass
from typing import Any, Callable

import traitlets

from paternoster.core import registry
from paternoster.core.errors import PaternosterError

__all__ = ["CoachPanel", "evaluator_for", "panel_rows", "MAX_ROWS", "ROLLOUTS", "TABLE_KINDS"]

#: The table's own actions (not a move of the game): never measured.
TABLE_KINDS = frozenset({"step", "reveal", "pause", "new-deal", "undo", "computer"})
#: Rollouts per option for the panel (the evaluator's paired re-deals).
ROLLOUTS = 400
#: The most options the chart shows: the student's, the computer's, the best and the next best ones.
MAX_ROWS = 8
#: What the panel says while it is measuring, with nothing measured yet, or without an evaluator.
MEASURING = "Measuring your choice against the other options ({rollouts} games each) …"
WAITING = "After your next move, this panel compares it with the other options."
NO_EVALUATOR = "The coach has no evaluator for {title} yet."


def evaluator_for(game: Any) -> Any:
    """The evaluator module of ``game``'s entry in the registry (it has ``evaluate`` and ``sentence``), or
    ``None`` when the game registers none or its module is not there."""
    for entry in registry.games():
        if isinstance(game, entry.state):
            if not entry.evaluator:
                return None
            try:
                return importlib.import_module(entry.evaluator)
            except ModuleNotFoundError as e:
                if e.name and entry.evaluator.startswith(e.name):
                    return None
                raise
    return None


def _find(module: Any, ev: Any, position: Any, chosen: Any) -> int | None:
    """The index of the row measuring ``chosen``: the evaluator's own ``find_option(ev, position, action)`` when
    it has one (an option may stand for several actions), else the row whose option equals it."""
    finder = getattr(module, "find_option", None)
    if callable(finder):
        found = finder(ev, position, chosen)
        return None if found is None else int(found)
    return next((i for i, row in enumerate(ev.options) if row.option == chosen), None)


def _title_of(game: Any) -> str:
    return next((e.title for e in registry.games() if isinstance(game, e.state)), "this game")


def _number(x: float, share: bool) -> str:
    return f"{100 * x:.0f} %" if share else f"{x:.1f}"


def panel_rows(ev: Any, chosen: int | None, limit: int = MAX_ROWS) -> tuple[list[dict[str, Any]], int]:
    """The chart's rows for an :class:`~paternoster.core.evaluation.Evaluation` (best first): the student's
    choice (index ``chosen``), the computer's, the best, then the next best up to ``limit`` rows; and how
    many options were left out.  Each row is labels and numbers only."""
    keep = [i for i in (0, chosen, ev.computer_choice) if i is not None]
    for i in range(len(ev.options)):
        if len(set(keep)) >= limit:
            break
        keep.append(i)
    shown = sorted(set(keep))
    rows = []
    for i in shown:
        r = ev.options[i]
        low, high = _number(r.low, ev.share), _number(r.high, ev.share)
        value = f"{_number(r.mean, ev.share)} ({low.removesuffix(' %')} to {high})"
        if r.best:
            verdict = "best"
        elif r.too_close:
            verdict = "too close to call"
        else:
            verdict = f"{100 * r.diff:.0f} points more" if ev.share else f"{r.diff:.1f} cards more"
        rows.append({"label": str(r.label), "mean": float(r.mean), "low": float(r.low), "high": float(r.high),
                     "diff": float(r.diff), "diff_low": float(r.diff_low), "diff_high": float(r.diff_high),
                     "best": bool(r.best), "too_close": bool(r.too_close), "yours": i == chosen,
                     "computer": i == ev.computer_choice, "value": value, "verdict": verdict,
                     "text": f"{value}, {verdict}"})
    return rows, len(ev.options) - len(shown)


@dataclass(frozen=True)
class _Before:
    """The position before a person's action, kept to measure it once the action is done."""

    position: Any   # an independent copy of the game
    game: Any       # the table's game object (a New deal puts another one there)
    seat: int
    actions: int    # how many actions the game had


class CoachPanel(traitlets.HasTraits):
    """The "How good was that?" switch and panel of a :class:`widgets.CardTable`."""

    #: the switch: measure each of your actions (off by default)
    coach = traitlets.Bool(False).tag(sync=True)
    #: the table offers the switch (play mode, a game with an evaluator, no pass screen)
    coach_offered = traitlets.Bool(False).tag(sync=True)
    #: the panel: ``{"state": "waiting" | "measuring" | "done" | "none", "note", "measure", "share",
    #: "rollouts", "rows", "more", "sentence"}`` — labels and numbers only ({} when the coach is off)
    coach_panel = traitlets.Dict().tag(sync=True)

    #: games per option (a class attribute: tests and slow machines may take fewer)
    coach_rollouts: int = ROLLOUTS
    #: the seed of the evaluator's re-deals (the same position gives the same panel)
    coach_seed: int = 0

    game: Any
    mode: str
    hot_seat: bool
    open_hands: bool
    _may_act: Callable[[], bool]
    _coach_lock: threading.RLock

    def _coach_setup(self, coach: Any) -> None:
        """At the end of the table's construction: whether it offers the coach, and the switch."""
        if not isinstance(coach, bool):
            raise traitlets.TraitError(f"coach must be True or False, not {coach!r}.")
        offered = (self.mode == "play" and self.game is not None and not (self.hot_seat and not self.open_hands)
                   and any(isinstance(self.game, e.state) and e.evaluator for e in registry.games()))
        if coach and not offered:
            raise ValueError("coach=True needs a table in play mode of a game with an evaluator, without a pass "
                             "screen (the next person would see the last person's options).")
        # guards the panel, the request and the worker; the table holds it while it answers a click, so the
        # thread never sets the panel in the middle of the table's one held message
        self._coach_lock = threading.RLock()
        self._coach_generation = 0
        self._coach_request: tuple[int, Any, int, Any] | None = None
        self._coach_worker: threading.Thread | None = None
        self.coach_offered = offered
        self.coach = coach

    @traitlets.validate("coach")
    def _valid_coach(self, proposal: dict[str, Any]) -> bool:
        if proposal["value"] and not getattr(self, "coach_offered", False):
            raise traitlets.TraitError("This table offers no coach (a recorded game, a game without an "
                                       "evaluator, or a pass screen).")
        return bool(proposal["value"])

    @traitlets.observe("coach")
    def _coach_switched(self, change: dict[str, Any]) -> None:
        self.coach_clear()

    def coach_clear(self) -> None:
        """Empty the panel (Undo, New deal, the switch): it waits for the next move; a measurement still
        running is dropped when it ends."""
        with self._coach_lock:
            self._coach_generation += 1
            self._coach_request = None
            self.coach_panel = {"state": "waiting", "note": WAITING} if self.coach else {}

    def coach_join(self, timeout: float | None = None) -> bool:
        """Wait until the panel has measured every move made so far (or ``timeout`` seconds); returns
        whether it has.  (The table never waits: the measurement runs beside it.)"""
        while True:
            with self._coach_lock:
                worker = self._coach_worker
            if worker is None:
                return True
            worker.join(timeout)
            if worker.is_alive():
                return False

    # ------------------------------------------------------------------ around an action
    def _coach_before(self, kind: Any) -> _Before | None:
        """The position before a person's action, when the coach is on (else ``None``: nothing is measured)."""
        g = self.game
        if not self.coach or self.mode != "play" or kind in TABLE_KINDS or g is None or g.is_terminal():
            return None
        if not self._may_act():
            return None
        return _Before(position=g.copy(), game=g, seat=int(g.to_move), actions=len(g.actions))

    def _coach_after(self, before: _Before | None, kind: Any, result: dict[str, Any]) -> None:
        """After the table has answered: clear the panel (Undo, New deal) or measure the action just made."""
        if not result.get("ok"):
            return
        if kind in ("undo", "new-deal"):
            self.coach_clear()
            return
        g = self.game
        if before is None or g is not before.game or len(g.actions) <= before.actions:
            return
        with self._coach_lock:
            self._coach_generation += 1
            self._coach_request = (self._coach_generation, before.position, before.seat, g.actions[before.actions])
            self.coach_panel = {"state": "measuring", "note": MEASURING.format(rollouts=self.coach_rollouts)}
            if self._coach_worker is None:
                self._coach_worker = threading.Thread(target=self._coach_work, name="coach panel", daemon=True)
                self._coach_worker.start()

    def _coach_work(self) -> None:
        """The measuring thread: the latest move asked for, one at a time; a result for a move that is no
        longer the latest (another move, Undo, New deal, the switch) is dropped."""
        while True:
            with self._coach_lock:
                request = self._coach_request
                self._coach_request = None
                if request is None:
                    self._coach_worker = None
                    return
            generation, position, seat, chosen = request
            try:
                panel = self.coach_measure(position, seat, chosen)
            except Exception as e:  # noqa: BLE001 — said in the panel, never lost in a thread
                panel = {"state": "none", "note": f"Internal error: {type(e).__name__}: {e}"}
            with self._coach_lock:
                if generation == self._coach_generation:
                    self.coach_panel = panel

    def coach_measure(self, position: Any, seat: int, chosen: Any) -> dict[str, Any]:
        """The panel for ``chosen`` (an action of ``seat``) in ``position`` (the game before it): the
        evaluator's options, the chart's rows and its sentence; labels and numbers only."""
        module = evaluator_for(position)
        if module is None:
            return {"state": "none", "note": NO_EVALUATOR.format(title=_title_of(position))}
        kwargs = {"rollouts": self.coach_rollouts, "seed": self.coach_seed}
        try:
            ev = module.evaluate(position, seat, **kwargs)
            index = _find(module, ev, position, chosen)
            if index is None and "also" in inspect.signature(module.evaluate).parameters:
                # an action the evaluator measures by a representative (e.g. a Valepaska lie with other
                # cards): measured as an extra row, on the same re-deals
                ev = module.evaluate(position, seat, also=chosen, **kwargs)
                index = _find(module, ev, position, chosen)
        except PaternosterError as e:  # e.g. more options than an evaluation measures: said, never hidden
            return {"state": "none", "note": f"This move was not measured: {e}"}
        if index is None:
            return {"state": "none", "note": "Your move is not among the options the coach measured."}
        rows, more = panel_rows(ev, index)
        return {"state": "done", "measure": str(ev.measure), "share": bool(ev.share), "rollouts": int(ev.rollouts),
                "rows": rows, "more": more, "sentence": str(module.sentence(ev, index)),
                "note": (f"Each option played out {ev.rollouts} times; the other hands and the hidden cards "
                         "dealt afresh each time from what you have seen.")}

    def coach_text(self) -> str:
        """The panel as plain text (what the browser draws), ``""`` when the coach is off."""
        p = self.coach_panel
        if not p:
            return ""
        if p.get("state") != "done":
            return str(p.get("note", ""))
        lines = [f"How good was that? ({p['measure']})"]
        for r in p["rows"]:
            marks = [m for m, on in (("your choice", r["yours"]), ("computer's choice", r["computer"])) if on]
            lines.append(f"  {r['label']}: {r['text']}" + (f"  ◀ {', '.join(marks)}" if marks else ""))
        if p["more"]:
            lines.append(f"  … and {p['more']} more option{'s' if p['more'] != 1 else ''}")
        lines.append(str(p["sentence"]))
        return "\n".join(lines)
