"""ExerciseWidget: a "your turn" exercise with Check, Hint, Reveal and New position.

Thin: the question, the position, the choices, the verdict, the hint and the
explanation all come from :class:`paternoster.exercises.Exercise`; this module
only lays them out and reads what the student chose.  Nothing the student types
is rendered as HTML (every text goes through :func:`html.escape`).

In a lesson::

    from paternoster.exercises import Exercise
    from widgets import ExerciseWidget
    ExerciseWidget("piles-for-card", seed=7)            # a seeded position: the same on every run
    ExerciseWidget(Exercise.ladder_order("8♥ 7♠ 8♦"))   # a hand-picked one
    ExerciseList([("may-play", 1), ("burns", 2), Exercise.may_play("K♣", "A♠")])   # a lesson's closing set

Not live (opened as shipped, or saved and reopened), the cell shows stable text instead:
``Exercise: <question>``, the position one indented line each, then ``Run this cell (Shift+Enter) to answer
it.`` (:attr:`ExerciseWidget.fallback_text`).

Drive from code (a notebook cell or a test)::

    w = ExerciseWidget("cheapest-play", seed=3)
    w.set_answer(w.exercise.answer)     # what a click would choose
    w.check().correct                   # True; w.feedback holds the message shown
    w.show_hint(); w.reveal(); w.new_position(seed=12)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from paternoster.exercises import Exercise, Verdict, answer_sheet, fresh_seed

from paternoster.core import theme

from ._common import FG, esc

__all__ = ["ExerciseWidget", "ExerciseList"]

#: More choices than this are offered in a drop-down list instead of radio buttons.
RADIO_LIMIT = 6

_MARK = {"right": "✓ ", "wrong": "✗ ", "error": "⚠ ", "hint": "💡 Hint: ", "reveal": "👁 ", "": ""}
_EDGE = {"right": theme.inline("right"), "wrong": theme.inline("wrong"), "error": theme.inline("warn"),
         "hint": theme.inline("accent"), "reveal": theme.inline("accent"), "": "transparent"}


def _position_lines(ex: Exercise) -> list[str]:
    """The exercise's position for a text fallback: its table lines, indented (none for a question
    that holds its cards, such as ladder order)."""
    return [f"   {line}" for line in ex.table]


class ExerciseWidget(widgets.VBox):
    """One exercise, checked by the engine.

    Args:
        exercise: an :class:`~paternoster.exercises.Exercise`, or a kind name
            (see :data:`paternoster.exercises.KINDS`) together with ``seed``.
        seed: the seed of a kind's position (default 0, so a lesson's output is stable).

    Attributes:
        exercise: the exercise shown now (changes with :meth:`new_position`).
        question_html: the question and its position (plain text, escaped).
        answer_box: the input: radio buttons or a drop-down (one choice), toggle buttons
            (several), a text box with card buttons (order) or a text box (a number).
        check_button, hint_button, reveal_button, new_button: the four buttons.
        feedback_html: the verdict, hint or reveal (plain text, escaped; a ✓ ✗ ⚠ sign, not colour alone).
        wrong_tries: wrong answers checked on this position so far (the first gets a hint, not the answer).

    Raises:
        ValueError: an unknown kind or a bad seed (the message lists the kinds).
    """

    def __init__(self, exercise: Exercise | str, seed: int = 0) -> None:
        self.exercise = exercise if isinstance(exercise, Exercise) else Exercise.from_seed(exercise, seed)
        self.verdict: Verdict | None = None
        self.wrong_tries = 0
        self.feedback = ""
        self._tone = ""
        self.question_html = widgets.HTML()
        self.answer_box = widgets.VBox()
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Ask the engine whether your answer is right")
        self.hint_button = widgets.Button(description="Hint", tooltip="A nudge that does not give the answer away")
        self.reveal_button = widgets.Button(description="Reveal", tooltip="Show the answer and why")
        self.new_button = widgets.Button(description="New position", tooltip="The same kind of question on a "
                                                                              "fresh random position")
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.new_button.on_click(lambda _b: self.new_position())
        self.feedback_html = widgets.HTML()
        buttons = widgets.HBox([self.check_button, self.hint_button, self.reveal_button, self.new_button])
        super().__init__([self.question_html, self.answer_box, buttons, self.feedback_html])
        self.add_class("pn-exercise")
        self._build()

    # ------------------------------------------------------------------ the student's answer
    @property
    def answer(self) -> Any:
        """What the inputs say now, in the form :meth:`Exercise.check` takes (``None``: nothing chosen)."""
        mode = self.exercise.mode
        if mode == "one":
            return self._one.value or None
        if mode == "some":
            return [b.description for b in self._toggles if b.value]
        return self._text.value

    def set_answer(self, value: Any) -> None:
        """Set the inputs as a student would (a choice, a list of choices, or text); clears the feedback.

        Raises:
            ValueError: a choice that is not offered (``"one"`` and ``"some"`` modes).
        """
        mode = self.exercise.mode
        if mode == "one":
            if value not in self.exercise.choices:
                raise ValueError(f"{value!r} is not one of the choices: {', '.join(self.exercise.choices)}.")
            self._one.value = value
        elif mode == "some":
            chosen = list(value) if not isinstance(value, str) else [value]
            unknown = [v for v in chosen if v not in self.exercise.choices]
            if unknown:
                raise ValueError(f"{unknown[0]!r} is not one of the choices: {', '.join(self.exercise.choices)}.")
            for b in self._toggles:
                b.value = b.description in chosen
        else:
            if isinstance(value, str):
                self._text.value = value
            elif isinstance(value, int):
                self._text.value = str(value)
            else:
                self._text.value = " ".join(str(v) for v in value)
        self._say("", "")

    # ------------------------------------------------------------------ the buttons
    def check(self) -> Verdict:
        """Check the current answer with the engine and show the verdict (the Check button).

        A first wrong try shows :attr:`Verdict.nudge <paternoster.exercises.Verdict.nudge>` ("Not quite",
        the hint, try again); a second wrong try, or Reveal, shows the answer and why.

        Returns:
            the engine's :class:`~paternoster.exercises.Verdict` (its ``message`` holds the full answer).
        """
        given = self.answer
        if given is None or given == "":
            self.verdict = None
            if self.exercise.mode in ("one",):
                self._say("Choose an answer first, then press Check.", "error")
            else:
                self._say("Give an answer first, then press Check.", "error")
            return Verdict(False, self.feedback, readable=False)
        v = self.exercise.check(given)
        self.verdict = v
        if v.correct or not v.readable:
            self._say(v.message, "right" if v.correct else "error")
        else:
            self.wrong_tries += 1
            # the first wrong try gets a nudge (not right + the hint), the second the answer and why
            self._say(v.nudge if self.wrong_tries == 1 and v.nudge else v.message, "wrong")
        return v

    def show_hint(self) -> str:
        """Show the exercise's hint (the Hint button); returns it."""
        self._say(self.exercise.hint, "hint")
        return self.exercise.hint

    def reveal(self) -> str:
        """Show the answer and the engine's explanation (the Reveal button); returns it."""
        text = self.exercise.reveal()
        self._say(text, "reveal")
        return text

    def new_position(self, seed: int | None = None) -> Exercise:
        """The same kind of exercise on a fresh random position (the New position button).

        Args:
            seed: the position's seed (default: a fresh one; shown under the question).
        """
        self.exercise = self.exercise.new_position(fresh_seed() if seed is None else seed)
        self.verdict = None
        self.wrong_tries = 0
        self._build()
        return self.exercise

    # ------------------------------------------------------------------ display
    def _build(self) -> None:
        ex = self.exercise
        lines = "".join(f"<div>{esc(line)}</div>" for line in ex.table)
        seed = (f'<div style="color:{FG};font-size:0.9em">Position #{ex.seed}</div>'
                if ex.seed is not None else "")
        self.question_html.value = (
            f'<div style="color:{FG}"><div style="font-weight:bold">{esc(ex.game_name)} exercise: '
            f'{esc(ex.question)}</div><div style="font-family:var(--jp-code-font-family, monospace);'
            f'margin:4px 0 4px 1em;white-space:pre-wrap">{lines}</div>{seed}</div>')
        if ex.mode == "one":
            if len(ex.choices) <= RADIO_LIMIT:
                self._one = widgets.RadioButtons(options=list(ex.choices), value=None,
                                                 layout=widgets.Layout(width="max-content"))
            else:
                self._one = widgets.Dropdown(options=[("— choose —", "")] + [(c, c) for c in ex.choices],
                                             value="", description="Answer:")
            self._one.observe(lambda _c: self._say("", ""), names="value")
            self.answer_box.children = [self._one]
        elif ex.mode == "some":
            self._toggles = [widgets.ToggleButton(description=c, value=False, tooltip=f"choose {c}",
                                                  layout=widgets.Layout(width="auto")) for c in ex.choices]
            for b in self._toggles:
                b.observe(lambda _c: self._say("", ""), names="value")
            self.answer_box.children = [widgets.Label("Click every pile that is right (none is an answer too):"),
                                        widgets.HBox(self._toggles, layout=widgets.Layout(flex_flow="row wrap"))]
        elif ex.mode == "order":
            self._text = widgets.Text(value="", placeholder="e.g. " + " ".join(reversed(ex.choices)),
                                      description="Low → high:", continuous_update=False,
                                      layout=widgets.Layout(width="32em"))
            cards = [widgets.Button(description=c, tooltip=f"add {c} to the end", layout=widgets.Layout(width="auto"))
                     for c in ex.choices]
            for b in cards:
                b.on_click(lambda b: self._append(b.description))
            clear = widgets.Button(description="Clear", tooltip="start the order again")
            clear.on_click(lambda _b: self.set_answer(""))
            self.answer_box.children = [widgets.Label("Type the cards lowest first, or click them in order:"),
                                        widgets.HBox(cards + [clear]), self._text]
        else:
            self._text = widgets.Text(value="", placeholder="a whole number, e.g. 3 or −4", description="Answer:",
                                      continuous_update=False)
            self.answer_box.children = [self._text]
        if ex.mode in ("order", "number"):
            self._text.observe(lambda _c: self._say("", ""), names="value")
        self._say("", "")

    def _append(self, card: str) -> None:
        self._text.value = (self._text.value + " " + card).strip()

    def _say(self, text: str, tone: str) -> None:
        self.feedback, self._tone = text, tone
        if not text:
            self.feedback_html.value = ""
            return
        role = ' role="alert"' if tone in ("wrong", "error") else ' role="status"'
        # Text in the theme's own font colour (≥ 4.5:1 in light and dark); the coloured edge and
        # the sign only add to the words, never replace them.
        self.feedback_html.value = (
            f'<div{role} style="color:{FG};border-left:4px solid {_EDGE[tone]};padding:2px 8px;'
            f'white-space:pre-wrap;max-width:60em">{esc(_MARK[tone] + text)}</div>')

    @property
    def tone(self) -> str:
        """What the feedback shows: ``"right"``, ``"wrong"``, ``"error"`` (unreadable), ``"hint"``, ``"reveal"``
        or ``""`` (nothing)."""
        return self._tone

    @property
    def fallback_text(self) -> str:
        """What a notebook shows when the widget is not live (its ``text/plain``; nbval compares it): the
        question, then its position one indented line each (so two exercises with the same question read
        differently on a page shown un-run), then how to answer it."""
        return "\n".join([f"Exercise: {self.exercise.question}", *_position_lines(self.exercise),
                          "Run this cell (Shift+Enter) to answer it."])

    def __repr__(self) -> str:
        where = f"seed={self.exercise.seed}" if self.exercise.seed is not None else "hand-picked"
        return f"ExerciseWidget({self.exercise.kind!r}, {where})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = self.fallback_text  # a friendly, stable line (not a repr, not cut short)
        return data


class ExerciseList(widgets.VBox):
    """A lesson's closing exercises in one cell: "Exercise 1 of N" headings, one :class:`ExerciseWidget` each.

    Args:
        exercises: each an :class:`~paternoster.exercises.Exercise` or a ``(kind, seed)`` pair.

    Attributes:
        items: the :class:`ExerciseWidget` of each exercise, in order.

    Raises:
        ValueError: an unknown kind or a bad seed; TypeError: an entry that is neither.
    """

    def __init__(self, exercises: list[Exercise | tuple[str, int]]) -> None:
        self.items: list[ExerciseWidget] = []
        for i, ex in enumerate(exercises, 1):
            if isinstance(ex, Exercise):
                self.items.append(ExerciseWidget(ex))
            elif isinstance(ex, tuple) and len(ex) == 2:
                self.items.append(ExerciseWidget(ex[0], seed=ex[1]))
            else:
                raise TypeError(f"Entry {i}: give an Exercise or a (kind, seed) pair such as ('burns', 2), "
                                f"not {ex!r}.")
        n = len(self.items)
        children: list[widgets.Widget] = []
        for i, w in enumerate(self.items, 1):
            children.append(widgets.HTML(f'<div style="color:{FG};font-weight:bold;margin-top:0.8em">'
                                         f"Exercise {i} of {n}</div>"))
            children.append(w)
        super().__init__(children)
        self.add_class("pn-exercise-list")

    @property
    def exercises(self) -> list[Exercise]:
        """The exercises shown now (each may have moved to a new position)."""
        return [w.exercise for w in self.items]

    def answer_sheet(self, title: str | None = None) -> str:
        """:func:`paternoster.exercises.answer_sheet` of the exercises shown now (Markdown)."""
        return answer_sheet(self.exercises, title=title)

    @property
    def fallback_text(self) -> str:
        """The line a notebook shows when the widgets are not live (``text/plain``; nbval compares it)."""
        lines = [line for i, w in enumerate(self.items, 1)
                 for line in (f"{i}. {w.exercise.question}", *_position_lines(w.exercise))]
        return "\n".join(["Exercises — run this cell (Shift+Enter) to answer them:", *lines])

    def __repr__(self) -> str:
        return f"ExerciseList({[repr(w) for w in self.items]})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = self.fallback_text
        return data
