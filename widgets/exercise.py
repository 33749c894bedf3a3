"""ExerciseWidget: an exercise with Check, Hint, Reveal and New position.

Thin: the question, the position, the choices, the verdict, the hint and the explanation all come
from :class:`paternoster.exercises.Exercise`, and every sentence from
:mod:`paternoster.exercises.texts`; this module only lays them out and reads what the student chose.
Nothing the student types is rendered as HTML (every text goes through :func:`html.escape`).

How it answers (**Decision (kit)**, the same for every kind):

* **Check** says right (with why) or wrong.  A wrong answer is told only that it is wrong — never
  the answer, however many tries — and where to go next (Hint, or Reveal).
* **Hint** shows this question's hint once, below the buttons, where it stays; then the button is
  done (pressing it again would show nothing new).
* **Reveal** shows the answer and why, only when the student asks for it.
* **New position** draws the same kind of question on a fresh position; the heading (``label`` and
  the exercise's title), the question and the answer all follow it, and a note says that the
  lesson's text around the exercise is about the first position, which **First position** brings back.

In a lesson::

    from paternoster.exercises import Exercise
    from widgets import ExerciseWidget
    ExerciseWidget("piles-for-card", seed=7)                              # a seeded position: the same on every run
    ExerciseWidget(Exercise.who_starts(hands, dealer=1), label="Exercise 6")   # heading "Exercise 6: Who opens? Ben deals."
    ExerciseList([("may-play", 1), ("burns", 2), Exercise.may_play("K♣", "A♠")])   # a lesson's closing set

Not live (opened as shipped, or saved and reopened), the cell shows stable text instead:
``Exercise: <question>`` (or ``<label>: <question>``), the position one indented line each, then how to
run it (:attr:`ExerciseWidget.fallback_text`).

Drive from code (a notebook cell or a test)::

    w = ExerciseWidget("cheapest-play", seed=3)
    w.set_answer(w.exercise.answer)     # what a click would choose
    w.check().correct                   # True; w.feedback holds the message shown
    w.show_hint(); w.reveal(); w.new_position(seed=12); w.back_to_first()
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import ipywidgets as widgets

from paternoster.exercises import Exercise, Verdict, answer_sheet, fresh_seed
from paternoster.core import theme
from paternoster.exercises.texts import common as words

from ._common import FG, esc

__all__ = ["ExerciseWidget", "ExerciseList"]

#: More choices than this are offered in a drop-down list instead of radio buttons.
RADIO_LIMIT = 6

# Signs in the fonts the kit installs (no emoji): the words carry the meaning, the sign only adds to it.
_MARK = {"right": "✓ ", "wrong": "✗ ", "error": "⚠ ", "hint": "", "reveal": "", "": ""}
_EDGE = {"right": theme.inline("right"), "wrong": theme.inline("wrong"), "error": theme.inline("warn"),
         "hint": theme.inline("accent"), "reveal": theme.inline("accent"), "": "transparent"}
_HIDDEN, _SHOWN = "none", ""


def _position_lines(ex: Exercise) -> list[str]:
    """The exercise's position for a text fallback: its table lines, indented (none for a question
    that holds its cards, such as ladder order)."""
    return [f"   {line}" for line in ex.table]


def _box(text: str, tone: str) -> str:
    """One message as safe HTML: the theme's own font colour (≥ 4.5:1 in light and dark), a coloured edge
    and a sign that only add to the words."""
    if not text:
        return ""
    role = ' role="alert"' if tone in ("wrong", "error") else ' role="status"'
    return (f'<div{role} style="color:{FG};border-left:4px solid {_EDGE[tone]};padding:2px 8px;'
            f'white-space:pre-wrap;max-width:60em">{esc(_MARK[tone] + text)}</div>')


class ExerciseWidget(widgets.VBox):
    """One exercise, checked by the engine.

    Args:
        exercise: an :class:`~paternoster.exercises.Exercise`, or a kind name
            (see :data:`paternoster.exercises.KINDS`) together with ``seed``.
        seed: the seed of a kind's position (default 0, so a lesson's output is stable).
        label: a heading such as ``"Exercise 6"``; the widget shows ``"<label>: <title>"`` with the
            exercise's title, which follows the position (a lesson puts its exercise number here
            rather than in a Markdown heading that names the position).

    Attributes:
        exercise: the exercise shown now (changes with :meth:`new_position`).
        first: the exercise it started with (:meth:`back_to_first` shows it again).
        question_html: the heading, the question and its position (plain text, escaped).
        answer_box: the input: radio buttons or a drop-down (one choice), toggle buttons
            (several), a text box with card buttons (order) or a text box (a number).
        check_button, hint_button, reveal_button, new_button, first_button: the buttons (First position
            shows only while another position is shown).
        feedback_html: the verdict or the revealed answer (plain text, escaped; a ✓ ✗ ⚠ sign, not colour alone).
        hint_html: the hint, once asked for (it stays until the position changes).
        wrong_tries: wrong answers checked on this position so far.
        hint_shown: the hint of this position is shown.

    Raises:
        ValueError: an unknown kind or a bad seed (the message lists the kinds).
    """

    def __init__(self, exercise: Exercise | str, seed: int = 0, *, label: str | None = None) -> None:
        self.exercise = exercise if isinstance(exercise, Exercise) else Exercise.from_seed(exercise, seed)
        self.first = self.exercise
        self.label = label
        self.verdict: Verdict | None = None
        self.wrong_tries = 0
        self.hint_shown = False
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
        self.first_button = widgets.Button(description="First position", tooltip="Back to the position the "
                                                                                 "lesson's text is about",
                                           layout=widgets.Layout(display=_HIDDEN))
        self.check_button.on_click(lambda _b: self.check())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.new_button.on_click(lambda _b: self.new_position())
        self.first_button.on_click(lambda _b: self.back_to_first())
        self.feedback_html = widgets.HTML()
        self.hint_html = widgets.HTML()
        buttons = widgets.HBox([self.check_button, self.hint_button, self.reveal_button, self.new_button,
                                self.first_button], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.question_html, self.answer_box, buttons, self.feedback_html, self.hint_html])
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
        """Set the inputs as a student would (a choice, a list of choices, or text); clears the verdict.

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

        A right answer shows "Right." and why; a wrong one only that it is wrong (the engine's
        :attr:`Verdict.nudge <paternoster.exercises.Verdict.nudge>`) and where to go next — never the
        answer; an unreadable one the kit's error.

        Returns:
            the engine's :class:`~paternoster.exercises.Verdict` (its ``message`` holds the full answer).
        """
        given = self.answer
        if given is None or given == "":
            self.verdict = None
            self._say(words.W_CHOOSE_FIRST if self.exercise.mode == "one" else words.W_GIVE_FIRST, "error")
            return Verdict(False, self.feedback, readable=False)
        v = self.exercise.check(given)
        self.verdict = v
        if v.correct or not v.readable:
            self._say(v.message, "right" if v.correct else "error")
            return v
        self.wrong_tries += 1
        self._say_wrong(v.nudge)
        return v

    def _say_wrong(self, nudge: str) -> None:
        """A wrong answer's message: that it is wrong (the engine's nudge), which try, and where to go next."""
        parts = [nudge]
        if self.wrong_tries > 1:
            parts.append(words.W_STILL_WRONG.format(n=self.wrong_tries))
        if self.hint_shown:
            parts.append(words.W_TRY_AGAIN_HINTED)
        else:
            parts.append(words.W_TRY_AGAIN if self.wrong_tries == 1 else words.W_TRY_OR_REVEAL)
        self._say(" ".join(parts), "wrong")

    def show_hint(self) -> str:
        """Show this question's hint below the buttons, once (the Hint button); returns it."""
        if not self.hint_shown:
            self.hint_shown = True
            self.hint_button.disabled = True
            self.hint_button.tooltip = "The hint is shown below"
            self.hint_html.value = _box(words.W_HINT.format(hint=self.exercise.hint), "hint")
            if self._tone == "wrong" and self.verdict is not None:  # the advice under the verdict now points below
                self._say_wrong(self.verdict.nudge)
        self._tone = "hint"
        return self.exercise.hint

    def reveal(self) -> str:
        """Show the answer and the engine's explanation (the Reveal button); returns it."""
        text = self.exercise.reveal()
        self._say(text, "reveal")
        return text

    def new_position(self, seed: int | None = None) -> Exercise:
        """The same kind of exercise on a fresh random position (the New position button).

        Args:
            seed: the position's seed (default: a fresh one; shown in the note under the question).
        """
        self.exercise = self.exercise.new_position(fresh_seed() if seed is None else seed)
        self._build()
        return self.exercise

    def back_to_first(self) -> Exercise:
        """The position the widget started with, which the lesson's text is about (the First position button)."""
        self.exercise = self.first
        self._build()
        return self.exercise

    # ------------------------------------------------------------------ display
    def _build(self) -> None:
        ex = self.exercise
        self.verdict, self.wrong_tries, self.hint_shown = None, 0, False
        self.hint_button.disabled = False
        self.hint_button.tooltip = "A nudge that does not give the answer away"
        self.hint_html.value = ""
        away = ex is not self.first
        self.first_button.layout.display = _SHOWN if away else _HIDDEN
        lines = "".join(f"<div>{esc(line)}</div>" for line in ex.table)
        if self.label:
            head = (f'<div style="font-weight:bold">{esc(self.label)}: {esc(ex.title)}</div>'
                    f"<div>{esc(ex.question)}</div>")
        else:
            head = f'<div style="font-weight:bold">{esc(ex.game_name)} exercise: {esc(ex.question)}</div>'
        note = (f'<div style="font-style:italic;max-width:60em">{esc(words.W_NEW_POSITION.format(seed=ex.seed))}</div>'
                if away else "")
        self.question_html.value = (
            f'<div style="color:{FG}">{head}<div style="font-family:var(--jp-code-font-family, monospace);'
            f'margin:4px 0 4px 1em;white-space:pre-wrap">{lines}</div>{note}</div>')
        prompt = widgets.Label(ex.prompt)
        if ex.mode == "one":
            if len(ex.choices) <= RADIO_LIMIT:
                self._one = widgets.RadioButtons(options=list(ex.choices), value=None,
                                                 layout=widgets.Layout(width="max-content"))
            else:
                self._one = widgets.Dropdown(options=[(words.W_CHOOSE, "")] + [(c, c) for c in ex.choices],
                                             value="", description="Answer:")
            self._one.observe(lambda _c: self._say("", ""), names="value")
            self.answer_box.children = [prompt, self._one]
        elif ex.mode == "some":
            self._toggles = [widgets.ToggleButton(description=c, value=False, tooltip=f"choose {c}",
                                                  layout=widgets.Layout(width="auto")) for c in ex.choices]
            for b in self._toggles:
                b.observe(lambda _c: self._say("", ""), names="value")
            self.answer_box.children = [prompt, widgets.HBox(self._toggles, layout=widgets.Layout(flex_flow="row wrap"))]
        elif ex.mode == "order":
            self._text = widgets.Text(value="", placeholder=words.W_ORDER_PLACEHOLDER.format(
                cards=" ".join(reversed(ex.choices))), description="Low → high:", continuous_update=False,
                layout=widgets.Layout(width="32em"))
            cards = [widgets.Button(description=c, tooltip=f"add {c} to the end", layout=widgets.Layout(width="auto"))
                     for c in ex.choices]
            for b in cards:
                b.on_click(lambda b: None if b.disabled else self._append(b.description))
            clear = widgets.Button(description="Clear", tooltip="start the order again")
            clear.on_click(lambda _b: self.set_answer(""))
            self.answer_box.children = [prompt, widgets.HBox(cards + [clear]), self._text]
            # a card already in the answer (as often as the question has it) cannot be added again
            self._text.observe(lambda _c: self._mark_used(cards), names="value")
        else:
            self._text = widgets.Text(value="", placeholder=words.W_NUMBER_PLACEHOLDER, description="Answer:",
                                      continuous_update=False)
            self.answer_box.children = [prompt, self._text]
        if ex.mode in ("order", "number"):
            self._text.observe(lambda _c: self._say("", ""), names="value")
        self._say("", "")

    def _append(self, card: str) -> None:
        self._text.value = (self._text.value + " " + card).strip()

    def _mark_used(self, buttons: list[Any]) -> None:
        """Order mode: switch off the card buttons whose cards the answer already holds."""
        used, given = Counter(self._text.value.split()), Counter(b.description for b in buttons)
        for b in buttons:
            b.disabled = used[b.description] >= given[b.description]

    def _say(self, text: str, tone: str) -> None:
        self.feedback, self._tone = text, tone
        self.feedback_html.value = _box(text, tone)

    @property
    def tone(self) -> str:
        """What was said last: ``"right"``, ``"wrong"``, ``"error"`` (unreadable), ``"hint"``, ``"reveal"``
        or ``""`` (nothing)."""
        return self._tone

    @property
    def fallback_text(self) -> str:
        """What a notebook shows when the widget is not live (its ``text/plain``; nbval compares it): the
        question, then its position one indented line each (so two exercises with the same question read
        differently on a page shown un-run), then how to answer it."""
        lead = f"{self.label}: " if self.label else "Exercise: "
        return "\n".join([f"{lead}{self.first.question}", *_position_lines(self.first), words.W_FALLBACK_ONE])

    def __repr__(self) -> str:
        where = f"seed={self.exercise.seed}" if self.exercise.seed is not None else "hand-picked"
        return f"ExerciseWidget({self.exercise.kind!r}, {where})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = self.fallback_text  # a friendly, stable line (not a repr, not cut short)
        return data


class ExerciseList(widgets.VBox):
    """A lesson's closing exercises in one cell: one :class:`ExerciseWidget` each, labelled "Exercise i of N".

    Args:
        exercises: each an :class:`~paternoster.exercises.Exercise` or a ``(kind, seed)`` pair.

    Attributes:
        items: the :class:`ExerciseWidget` of each exercise, in order (each heading
            ``"Exercise i of N: <title>"`` follows its position).

    Raises:
        ValueError: an unknown kind or a bad seed; TypeError: an entry that is neither.
    """

    def __init__(self, exercises: list[Exercise | tuple[str, int]]) -> None:
        self.items: list[ExerciseWidget] = []
        n = len(exercises)
        for i, ex in enumerate(exercises, 1):
            label = f"Exercise {i} of {n}"
            if isinstance(ex, Exercise):
                self.items.append(ExerciseWidget(ex, label=label))
            elif isinstance(ex, tuple) and len(ex) == 2:
                self.items.append(ExerciseWidget(ex[0], seed=ex[1], label=label))
            else:
                raise TypeError(f"Entry {i}: give an Exercise or a (kind, seed) pair such as ('burns', 2), "
                                f"not {ex!r}.")
        for w in self.items[1:]:
            w.layout.margin = "0.8em 0 0 0"
        super().__init__(self.items)
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
                 for line in (f"{i}. {w.first.question}", *_position_lines(w.first))]
        return "\n".join([words.W_FALLBACK_LIST, *lines])

    def __repr__(self) -> str:
        return f"ExerciseList({[repr(w) for w in self.items]})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if isinstance(data, dict):
            data["text/plain"] = self.fallback_text
        return data
