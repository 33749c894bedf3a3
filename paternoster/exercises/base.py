"""The exercises' shared base: the verdict, the registry of kinds, what every exercise does, the answer sheet.

An exercise **kind** is declared once (:class:`Kind`: its name, its game, how it is answered, what it
asks, its stream of seeded positions and the function that builds a seeded position) and registered
with :func:`register`; :data:`KINDS` is the registry.  The kinds live one module per game
(:mod:`.lift`, :mod:`.paskahousu`, :mod:`.campaign`, :mod:`.difficulty`, and :mod:`.coach` for the
coach's kinds of both games); each is a small hook on
:class:`ExerciseBase`: a constructor that computes the question, the answer (with the engine's public
queries, never typed in by hand), the explanation, a hint for this question and a judge.  Their
sentences live in :mod:`.texts`.

Adding a kind: a constructor and a seeded builder in its game's module, and one :func:`register`
call with a new ``stream`` number (a stream number never changes: it seeds the lessons' saved
positions).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Self, Sequence

import numpy as np

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.checks import short
from ..core.errors import PaternosterError
from .texts import common as words

__all__ = ["MODES", "Verdict", "Kind", "KINDS", "register", "kind_rng", "ExerciseBase", "fresh_seed",
           "answer_sheet", "read_number", "read_yes_no", "read_name", "read_choice", "split_answer"]

#: How an answer is given: ``"one"`` choice (at least two offered), ``"some"`` choices (a set, maybe empty),
#: ``"order"`` (all the choices, arranged), ``"number"`` (a whole number).
MODES = ("one", "some", "order", "number")


@dataclass(frozen=True)
class Verdict:
    """What :meth:`ExerciseBase.check` says about an answer.

    Attributes:
        correct: the answer is right.
        message: one paragraph of plain text — "Right." and why, or "Not quite." with the right answer
            and why (shown for a right answer; for a wrong one only when the student asks for the
            answer); for an answer that cannot be read, the kit's error saying what to write.
        readable: ``False`` when the answer could not be read (then ``correct`` is ``False`` too).
        nudge: what a wrong answer is told: that it is wrong, and at most a detail that does not give
            the answer away (e.g. that a chosen play is not allowed, with the rule); ``""`` for a right
            or unreadable answer.
    """

    correct: bool
    message: str
    readable: bool = True
    nudge: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        extra = "" if self.readable else ", readable=False"
        return f"Verdict(correct={self.correct}, message={self.message!r}{extra})"


@dataclass(frozen=True)
class Kind:
    """One declared exercise kind.

    Attributes:
        name: the kind's name (``"piles-for-card"``), as :meth:`ExerciseBase.from_seed` takes it.
        game: ``"Paternoster"`` or ``"Paskahousu"``.
        mode: how it is answered (one of :data:`MODES`).
        asks: what it asks, in a few words (for lists of kinds).
        stream: the number of its stream of seeded positions (with the seed it seeds the position's
            random generator, :func:`kind_rng`); fixed forever, unique among the kinds.
        seeded: ``seeded(exercise_class, seed)`` builds the kind's position for ``seed``.
    """

    name: str
    game: str
    mode: str
    asks: str
    stream: int
    seeded: Callable[[Any, int], Any] = field(repr=False, compare=False)


#: Every registered kind, ``name → Kind``, in the order of their stream numbers.
KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    """Add ``kind`` to :data:`KINDS`.

    Raises:
        ValueError: an unknown mode, or a name or stream number already taken.
    """
    if kind.mode not in MODES:
        raise ArgumentError(f"Exercise kind {kind.name!r}: mode must be one of {MODES}, not {short(kind.mode)}.")
    if kind.name in KINDS:
        raise ArgumentError(f"The exercise kind {kind.name!r} is registered twice.")
    taken = next((k.name for k in KINDS.values() if k.stream == kind.stream), None)
    if taken is not None:
        raise ArgumentError(f"Exercise kind {kind.name!r}: stream {kind.stream} is taken by {taken!r}.")
    KINDS[kind.name] = kind
    ordered = sorted(KINDS.values(), key=lambda k: k.stream)
    KINDS.clear()
    KINDS.update((k.name, k) for k in ordered)
    return kind


def kind_rng(seed: int, kind: str) -> np.random.Generator:
    """The random generator of a seeded exercise: one stream per (seed, kind), so kinds differ for one seed."""
    return np.random.default_rng([seed, KINDS[kind].stream])


def fresh_seed() -> int:
    """A new random seed (0 … 999 999) for "a fresh random position"; show it so the position can be had again."""
    return secrets.randbelow(1_000_000)


class ExerciseBase:
    """What every exercise is and does; the kinds' constructors live on the game modules' classes.

    Attributes:
        kind: one of :data:`KINDS`.
        game_name: ``"Paternoster"`` or ``"Paskahousu"`` (the kind's game).
        mode: how the answer is given (the kind's mode, one of :data:`MODES`).
        question: the question in plain words.
        title: a short heading for this position (``"Who opens? Ben deals."``); it follows the position.
        table: the position, one line of plain text each (piles, hands, …).
        choices: the choices shown (labels); empty for ``mode == "number"``.
        prompt: how to answer, in words (the widget shows it above the inputs).
        answer: the right answer in the form :meth:`check` takes: a choice label (``"one"``), a tuple of
            labels (``"some"``, ``"order"``) or an int (``"number"``).
        answer_text: the answer in words.
        explanation: why, in the engine's words (shown by :meth:`reveal`).
        hint: a nudge about this question that does not give the answer away.
        seed: the seed of a seeded position, ``None`` for a hand-picked one.
    """

    __slots__ = ("kind", "game_name", "mode", "question", "title", "table", "choices", "prompt", "answer",
                 "answer_text", "explanation", "hint", "seed", "_judge")
    kind: str
    game_name: str
    mode: str
    question: str
    title: str
    table: tuple[str, ...]
    choices: tuple[str, ...]
    prompt: str
    answer: Any
    answer_text: str
    explanation: str
    hint: str
    seed: int | None
    _judge: Callable[[Any], Verdict]

    def __init__(self, kind: str, *, question: str, title: str, table: Sequence[str], answer: Any,
                 answer_text: str, explanation: str, hint: str, judge: Callable[[Any], Verdict],
                 choices: Sequence[str] = (), prompt: str | None = None) -> None:
        spec = KINDS.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise ArgumentError(words.UNKNOWN_KIND.format(kind=short(kind), kinds=", ".join(KINDS)))
        choices = tuple(choices)
        if spec.mode == "one" and len(choices) < 2:
            raise ArgumentError(words.TOO_FEW_CHOICES.format(n=len(choices), kind=kind))
        if prompt is None:
            prompt = {"one": words.PROMPT_ONE, "some": words.PROMPT_SOME_PILES, "order": words.PROMPT_ORDER,
                      "number": words.PROMPT_NUMBER}[spec.mode]
        for name, value in (("kind", kind), ("game_name", spec.game), ("mode", spec.mode), ("question", question),
                            ("title", title), ("table", tuple(table)), ("choices", choices), ("prompt", prompt),
                            ("answer", answer), ("answer_text", answer_text), ("explanation", explanation),
                            ("hint", hint), ("seed", None), ("_judge", judge)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(words.FROZEN)

    # ------------------------------------------------------------------ use
    def check(self, answer: Any) -> Verdict:
        """Judge ``answer``; never raises for a bad answer.

        Args:
            answer: ``"one"``: a choice label (or text the kind reads, e.g. ``"9♥ on up 1"``);
                ``"some"``: a list of labels or one text with commas (``"up 1, down 2"``; ``""`` for none);
                ``"order"``: a list of cards or one text (``"7♠ 8♦ 8♥"``); ``"number"``: an int or its text.

        Returns:
            a :class:`Verdict`; an answer that cannot be read (a misspelt card, an unknown
            pile, a word that is no number) gets ``readable=False`` and the kit's error as message.

        **Decision (kit):** a wrong answer is told only that it is wrong (:attr:`Verdict.nudge`); the
        answer and why come only when the student asks for them (:meth:`reveal`), however many wrong
        tries there were.  The same for every kind.

        >>> from paternoster.exercises import Exercise
        >>> v = Exercise.may_play("K♣", "3♦").check("yes")
        >>> v.correct, v.nudge
        (False, 'Not quite: that is not the answer.')
        """
        try:
            v = self._judge(answer)
        except PaternosterError as e:
            return Verdict(False, str(e), readable=False)
        except (ValueError, TypeError) as e:
            return Verdict(False, words.UNREADABLE.format(error=e), readable=False)
        if not v.correct and v.readable and not v.nudge:
            v = Verdict(False, v.message, True, words.NUDGE)
        return v

    def reveal(self) -> str:
        """The answer and why, in the engine's words: ``"Answer: … . <explanation>"``."""
        return words.answer_line(self.answer_text, self.explanation)

    def new_position(self, seed: int | None = None) -> Self:
        """An exercise of the same kind on a seeded random position (``seed=None``: a fresh seed)."""
        return self.from_seed(self.kind, fresh_seed() if seed is None else seed)

    def text(self) -> str:
        """The question with its position as plain text (for printing)."""
        lines = [self.question, *self.table]
        if self.choices and self.mode != "number":
            lines.append("Choices: " + " · ".join(self.choices))
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = f"seed={self.seed}" if self.seed is not None else "hand-picked"
        return f"Exercise({self.kind!r}, {where}: {self.question!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ExerciseBase):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in
                   ("kind", "question", "table", "choices", "mode", "answer", "explanation", "seed"))

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_seed(cls, kind: str, seed: int) -> Self:
        """A seeded exercise: the same ``kind`` and ``seed`` give the same position every time.

        Args:
            kind: one of :data:`KINDS` (``"piles-for-card"``, ``"cheapest-play"``, …).
            seed: a whole number ≥ 0.

        Raises:
            ValueError: an unknown kind (the message lists the kinds) or a bad seed.

        >>> from paternoster.exercises import Exercise
        >>> Exercise.from_seed("ladder-order", 5) == Exercise.from_seed("ladder-order", 5)
        True
        """
        spec = KINDS.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise ArgumentError(words.UNKNOWN_KIND.format(kind=short(kind), kinds=", ".join(KINDS)))
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ArgumentError(words.BAD_SEED.format(seed=short(seed)))
        ex = spec.seeded(cls, int(seed))
        object.__setattr__(ex, "seed", int(seed))
        return ex

    @classmethod
    def fresh(cls, kind: str) -> Self:
        """A fresh random position of ``kind`` (a new seed each call; ``ex.seed`` tells which)."""
        return cls.from_seed(kind, fresh_seed())


# --------------------------------------------------------------------------- reading answers

def split_answer(text: str) -> list[str]:
    """One text with several items (``"up 1, down 2"``, ``"20 % and 25 %"``) as its items."""
    return [t.strip() for t in re.split(r"[,;\n]|\band\b", text) if t.strip()]


def read_number(given: Any) -> int:
    """A whole number from an int or its text (the real minus sign too).

    Raises:
        ValueError: yes/no, or text that is no whole number (the message says what to write).
    """
    if isinstance(given, bool):
        raise ArgumentError(words.WHOLE_NUMBER_NOT_YES_NO)
    if isinstance(given, (int, np.integer)):
        return int(given)
    text = str(given).strip().replace("−", "-").replace("–", "-")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ArgumentError(words.NOT_A_WHOLE_NUMBER.format(given=short(str(given))))
    return int(text)


_YES = {"yes", "y", "true", "ja", "j", "1", "allowed", "burns", "it burns", "yes, it burns"}
_NO = {"no", "n", "false", "nein", "0", "not allowed"}


def read_yes_no(given: Any) -> bool:
    """Yes (``True``) or no (``False``) from a bool or a word (``"yes"``, ``"no"``, ``"ja"``, …).

    Raises:
        ValueError: anything else.
    """
    if isinstance(given, bool):
        return given
    text = str(given).strip().lower().rstrip(".!")
    if text in _YES or text.startswith("yes"):
        return True
    if text in _NO or text.startswith("no"):
        return False
    raise ArgumentError(words.YES_OR_NO.format(given=short(str(given))))


def read_name(names: Sequence[str], given: Any) -> str:
    """One of ``names`` from its text (any case) or its 0-based seat number.

    Raises:
        ValueError: not a player here (the message lists them).
    """
    if isinstance(given, (int, np.integer)) and not isinstance(given, bool) and 0 <= given < len(names):
        return names[int(given)]
    text = str(given).strip()
    for n in names:
        if n.lower() == text.lower():
            return n
    raise ArgumentError(words.NOT_A_PLAYER.format(given=short(text), names=", ".join(names)))


def read_choice(choices: Sequence[str], given: Any) -> str:
    """One of ``choices`` from its text (any case, spaces and a final full stop forgiven).

    Raises:
        ValueError: not one of the choices (the message lists them).
    """
    def norm(s: str) -> str:
        return re.sub(r"\s+", " ", s).strip().rstrip(".").lower()

    text = norm(str(given))
    for c in choices:
        if norm(c) == text:
            return c
    raise ArgumentError(words.NOT_A_CHOICE.format(given=short(str(given)), choices="; ".join(choices)))


# --------------------------------------------------------------------------- answer sheet

def answer_sheet(exercises: Iterable[ExerciseBase], *, title: str | None = None) -> str:
    """Each exercise's question, position, answer and hint as Markdown — the teacher's guide prints this.

    Returns:
        a numbered list, one item per exercise: the game, the question, the answer and the engine's
        explanation, then the position (if any) and the hint a student gets on request; with ``title``
        a ``###`` heading first.

    >>> from paternoster.exercises import Exercise
    >>> print(answer_sheet([Exercise.ladder_order("9♣ 9♦")], title="Lesson 1"))  # doctest: +NORMALIZE_WHITESPACE
    ### Lesson 1
    <BLANKLINE>
    1. **Paternoster.** Put these cards in ladder order, lowest first: 9♣ 9♦. — **Answer: 9♦ 9♣.**
    9♦ is lower than 9♣: same rank, so the suit decides (♦ < ♥ < ♠ < ♣).
       - *Hint:* Sort by rank first: A is the lowest rank, then 2, 3 … 10, J, Q, and K is the highest. Cards of
       one rank here (9♣ and 9♦): for them the suit decides, ♦ < ♥ < ♠ < ♣. (rules §2.1–§2.3)
    """
    if title is not None and not isinstance(title, str):
        raise ArgumentTypeError(f"title must be text or None, not {short(title)} ({type(title).__name__}).")
    if isinstance(exercises, (str, bytes)) or not hasattr(exercises, "__iter__"):
        raise ArgumentTypeError(f"exercises must be a list of exercises, not {short(exercises)} "
                                f"({type(exercises).__name__}).")
    out = [f"### {title}", ""] if title else []
    for i, ex in enumerate(exercises, 1):
        if not isinstance(ex, ExerciseBase):
            raise ArgumentTypeError(words.NOT_AN_EXERCISE.format(type=type(ex).__name__, i=i))
        where = "".join(f"\n   - {_md(line)}" for line in ex.table)
        out.append(f"{i}. **{ex.game_name}.** {_md(ex.question)} — **Answer: {_md(ex.answer_text)}.** "
                   f"{_md(ex.explanation)}{where}\n   - *Hint:* {_md(ex.hint)}")
    return "\n".join(out)


def _md(text: str) -> str:
    """Plain text for Markdown: escape the characters that would start emphasis, a link or an HTML tag."""
    text = re.sub(r"([\\`*_\[\]])", r"\\\1", text)
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", text)
