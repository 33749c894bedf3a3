"""Step mode of a card table: a recorded game shown action by action.

:class:`StepMode` is a part of :class:`widgets.CardTable` (a mix-in).  Step ``k`` is the record's start
with its first ``k`` actions applied (what ``game_class.from_record(record, upto=k)`` gives) and its
explanation is the engine's sentences for action ``k``.  A record without actions shows its start and no
step controls (there is nothing to step through).
"""

from __future__ import annotations

from typing import Any, Callable

import traitlets

__all__ = ["StepMode"]


class StepMode(traitlets.HasTraits):
    """Step mode of a :class:`widgets.CardTable` (``mode="step"``)."""

    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)

    mode: str
    game_class: Any
    adapter_class: Callable[..., Any]
    open_hands: bool
    notation: str

    def _init_steps(self) -> None:
        self._record: dict[str, Any] | None = None
        self._full: Any = None
        self._games: dict[int, Any] = {}
        self._views: list[dict[str, Any]] = []
        self._views_key: tuple[bool, str] | None = None
        self._pass_game: Any = None

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        k = proposal["value"]
        if self.mode != "step":
            if k != 0:
                raise traitlets.TraitError("step can be set only in step mode (CardTable(record, mode='step')).")
            return k
        if not 0 <= k <= self.steps:
            raise traitlets.TraitError(
                f"step must be 0 (before the first action) to {self.steps} (the record has "
                f"{self.steps} actions), not {k}.")
        return k

    @property
    def record(self) -> dict[str, Any] | None:
        """Step mode: the record shown (a dict); play mode: ``None``."""
        return self._record

    def _replay(self, k: int) -> Any:
        """The game after the first ``k`` actions of the record (``game_class.from_record(record, upto=k)``, cached)."""
        g = self._games.get(k)
        if g is None:
            g = self._games[k] = self.game_class.from_record(self._record, upto=k)
        return g

    def _step_view(self, k: int) -> dict[str, Any]:
        """The view at step ``k``, from one replay pass that goes forward as far as needed
        (so every step change is a look-up once the pass has passed it).

        Step ``k`` is the record's start with its first ``k`` actions applied one after the
        other — what ``from_record(record, upto=k)`` does, without starting again for each ``k``.
        The pass starts again when ``open_hands`` or ``notation`` change.
        """
        key = (self.open_hands, self.notation)
        if self._views_key != key:
            self._pass_game = self.game_class.from_record(self._record, upto=0)
            self._views, self._views_key = [], key
        g = self._pass_game
        while len(self._views) <= k:
            n = len(self._views)
            if n:
                g.apply_action(self._full.actions[n - 1])
            self._views.append(self.adapter_class(g, open_hands=self.open_hands, notation=self.notation).view())
        return self._views[k]

    def _explain(self, k: int) -> str:
        if k == 0:
            g = self._full if not self._full.actions else self._replay(0)
            start = (f"The start of the game, before any action: {g.names[g.to_move]} to move."
                     if not g.is_terminal() else "The start of the game, before any action.")
            if not self.steps:
                start = start.replace("The start of the game, before any action", "The position shown")
            return " ".join([start] + list(g.log))
        return " ".join(self._full.sentences(k))

    def forward(self) -> None:
        """Step mode: one action forward (stays at the last step)."""
        self._need_step_mode("forward()")
        self.step = min(self.steps, self.step + 1)

    def back(self) -> None:
        """Step mode: one action back (stays at step 0)."""
        self._need_step_mode("back()")
        self.step = max(0, self.step - 1)

    def _need_step_mode(self, what: str) -> None:
        if self.mode != "step":
            raise RuntimeError(f"{what} works in step mode only (CardTable(record, mode='step')).")

    def _act_step(self, to: Any) -> dict[str, Any]:
        if self.mode != "step":
            return {"ok": False, "rule": "bad-action",
                    "message": "Stepping works only on a recorded game (CardTable(record, mode='step'))."}
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= self.steps:
            return {"ok": False, "rule": "bad-step",
                    "message": f"There is no step {to!r}: steps go from 0 to {self.steps}."}
        self.step = to
        return {"ok": True, "rule": None, "message": ""}
