"""TurnStepper: step back and forth through a recorded game, action by action.

The table at step ``k`` is :meth:`paternoster.Game.from_record` ``(record, upto=k)``
and the words for step ``k`` are the engine's own sentences for the ``k``-th
action, :meth:`paternoster.Game.sentences`.  Under variants the table is
followed by the variant state the engine holds at that step (tokens,
passengers, burning cards, commands, signals; see :mod:`widgets._variant_state`).
Optional ``notes`` add one plain-text line per action under the engine's words —
lesson 4 shows the simple computer player's reason for each play there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw
import traitlets
from IPython.core.formatters import HTMLFormatter

from paternoster import Game

from .fallback import TextFallback
from ._common import text_block
from ._variant_state import variant_state, variant_state_html

__all__ = ["TurnStepper"]

#: The game's table as HTML, the way a notebook shows a game (IPython's display protocol, not a private call).
_HTML = HTMLFormatter()


class TurnStepper(TextFallback, ipw.VBox):
    """Back / forward through a game record, with the table and the engine's explanation.

    Args:
        source: a :class:`paternoster.Game` (its :meth:`~paternoster.Game.to_record` is used;
            the game itself is not changed) or a record as a dict or JSON text.
        step: the step to show first (0 = before the first action).
        notes: optional, one text per action of the record (``notes[k - 1]`` is shown at
            step ``k``, nothing at step 0), e.g. the reasons of
            :func:`paternoster.lift.bots.play_with_reasons`. Shown as plain text (escaped, never HTML).

    Drive from code::

        s = TurnStepper(game)
        s.step = 3                 # or s.forward(), s.back(); the slider follows
        s.game                     # == Game.from_record(s.record, upto=3)
        s.sentences                # the engine's log sentences for action 3
        s.variant_state            # tokens, passengers, burning cards … at step 3 ([] standard)
        s.note                     # notes[2] when notes were given, else ""

    Attributes:
        step (trait): the step shown, 0 … :attr:`steps`; observe it or set it.
        steps: the number of actions in the record.
        record: the record (dict or JSON text, as given; from a Game its dict).
        slider: the :class:`ipywidgets.IntSlider` linked to ``step`` (arrow keys move it).
        back_button, forward_button: the buttons.
        position_label: plain-text :class:`ipywidgets.Label` "Step k of n" (a record without actions
            shows no step controls at all).
        explanation_html, table_html: :class:`ipywidgets.HTML` parts (``table_html`` is the game's
            table, followed under variants by the variant state; a standard game shows the table only).
        notes: the notes as a tuple of strings (``None`` without notes).
        note_html: :class:`ipywidgets.HTML` with the note for this step, between the explanation
            and the table; only among the children when notes were given.

    Raises:
        RecordError: the record cannot be read or does not replay (the engine's message).
        ValueError: ``notes`` is not a list of strings with exactly one per action; nothing is built.
        traitlets.TraitError: setting ``step`` outside 0 … ``steps``; nothing changes.
    """

    fallback_text = 'Turn stepper: run this cell (Shift+Enter) to step through the game.'

    step = traitlets.Int(0)

    def __init__(self, source: Game | dict[str, Any] | str, *, step: int = 0,
                 notes: Sequence[str] | None = None) -> None:
        self.record = source.to_record() if isinstance(source, Game) else source
        full = Game.from_record(self.record)
        self.steps = len(full.actions)
        self.notes = None if notes is None else self._check_notes(notes, self.steps)
        self._game = full
        self.slider = ipw.IntSlider(value=0, min=0, max=self.steps, description="Step",
                                        continuous_update=True)
        self.back_button = ipw.Button(description="Back", icon="arrow-left", tooltip="One action back")
        self.forward_button = ipw.Button(description="Forward", icon="arrow-right",
                                             tooltip="One action forward")
        self.position_label = ipw.Label()
        self.explanation_html = ipw.HTML()
        self.note_html = ipw.HTML()
        self.table_html = ipw.HTML()
        self.back_button.on_click(lambda _: self.back())
        self.forward_button.on_click(lambda _: self.forward())
        parts = [self.explanation_html] + ([self.note_html] if self.notes is not None else []) + [self.table_html]
        # a record without actions has nothing to step through: no buttons, no "Step 0 of 0"
        nav = ipw.HBox([self.back_button, self.slider, self.forward_button, self.position_label],
                       layout=ipw.Layout(display="none" if not self.steps else None))
        super().__init__([nav, *parts])
        traitlets.link((self, "step"), (self.slider, "value"))
        self.observe(lambda _: self._render(), names="step")
        self.step = step
        self._render()

    @staticmethod
    def _check_notes(notes: Any, steps: int) -> tuple[str, ...]:
        if isinstance(notes, str) or not isinstance(notes, Sequence):
            raise ValueError(f"notes must be a list with one text per action ({steps} here), "
                             f"not {type(notes).__name__}.")
        bad = [i for i, n in enumerate(notes) if not isinstance(n, str)]
        if bad:
            raise ValueError(f"notes[{bad[0]}] is {notes[bad[0]]!r}; every note must be a string "
                             f"(use \"\" for an action without a note).")
        if len(notes) != steps:
            raise ValueError(f"notes has {len(notes)} entries but the record has {steps} actions; "
                             f"give exactly one note per action (notes[k - 1] is shown at step k).")
        return tuple(notes)

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        k = proposal["value"]
        if not 0 <= k <= self.steps:
            raise traitlets.TraitError(
                f"step must be 0 (before the first action) to {self.steps} (the record has "
                f"{self.steps} actions), not {k}.")
        return k

    # ------------------------------------------------------------------ navigation
    def forward(self) -> None:
        """One action forward (stays at the last step)."""
        self.step = min(self.steps, self.step + 1)

    def back(self) -> None:
        """One action back (stays at step 0)."""
        self.step = max(0, self.step - 1)

    # ------------------------------------------------------------------ what is shown
    @property
    def game(self) -> Game:
        """The game after the first ``step`` actions (a replay; changing it changes nothing here)."""
        return self._game

    @property
    def sentences(self) -> list[str]:
        """The engine's log sentences the ``step``-th action added (``[]`` at step 0)."""
        return list(self._sentences)

    @property
    def variant_state(self) -> list[str]:
        """The variant state at this step as plain-text lines (``[]`` for a standard game)."""
        return variant_state(self._game)

    @property
    def note(self) -> str:
        """The note for this step as plain text (``""`` at step 0 or without notes)."""
        k = self.step
        return self.notes[k - 1] if self.notes is not None and k else ""

    @property
    def explanation(self) -> str:
        """The words shown for this step, as plain text."""
        return self._explanation

    def _render(self) -> None:
        k = self.step
        self._game = Game.from_record(self.record, upto=k)
        if k == 0:
            g = self._game
            self._sentences = list(g.log)  # normally empty; a record may start in a finished position
            who = g.names[g.to_move]
            self._explanation = " ".join([f"The start of the game, before any action: {who} to move."]
                                         + self._sentences)
        else:
            self._sentences = self._game.sentences(k)
            self._explanation = " ".join(self._sentences)
        self.position_label.value = f"Step {k} of {self.steps}"
        self.explanation_html.value = text_block(self._explanation, live=True)
        self.note_html.value = text_block(self.note, live=True) if self.note else ""
        self.table_html.value = _HTML(self._game) + variant_state_html(self._game)
        self.back_button.disabled = k == 0
        self.forward_button.disabled = k == self.steps

    def __repr__(self) -> str:
        return f"TurnStepper(step={self.step}, steps={self.steps})"
