"""Write the exercise answers of every lesson into docs/teachers.md (the generated section).

The answers are never typed by hand: this script runs each lesson's code up to its last
exercise, collects every :class:`paternoster.exercises.Exercise` the lesson creates, in order,
and prints them with :func:`paternoster.exercises.answer_sheet` — the engine's own answers
and explanations, the same ones the lesson's *Reveal* button shows.

Usage (from the repository's folder, with the kit's environment)::

    .venv/bin/python docs/make_teachers_answers.py           # rewrite the generated section
    .venv/bin/python docs/make_teachers_answers.py --check   # exit 1 if the section is out of date

Only the part of docs/teachers.md between the two marker lines is replaced.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teachers.md"
NOTEBOOKS = ROOT / "notebooks"
BEGIN = "<!-- BEGIN GENERATED ANSWERS: docs/make_teachers_answers.py writes this part; do not edit by hand -->"
END = "<!-- END GENERATED ANSWERS -->"
LESSON = re.compile(r"^(\d\d)[a-z]?_.*\.ipynb$")  # 05a_, 05b_, 05c_: the parts of lesson 5


def lesson_notebooks() -> list[Path]:
    """The lesson notebooks (``notebooks/NN_*.ipynb``, parts as ``NNa_*.ipynb``), in lesson order."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if LESSON.match(p.name))


def title_of(nb: dict[str, Any], path: Path) -> str:
    """The notebook's first level-one heading without its markdown, e.g. ``Lesson 1 — The ladder``."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("# "):
                    return re.sub(r"[*_`]", "", line[2:]).strip()
    return path.stem


def _code(cell: dict[str, Any]) -> str:
    """A code cell's Python, without IPython magics and shell lines."""
    lines = "".join(cell.get("source", "")).splitlines()
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)


def exercises_of(path: Path) -> tuple[str, list[Any], list[str]]:
    """Run the lesson's code cells up to the last one that mentions an exercise.

    Returns:
        ``(title, exercises, problems)``: the lesson title, every Exercise created (in order,
        repeats removed) and one line per cell that raised (the run goes on after it).
    """
    from paternoster.exercises import Exercise

    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"
             and "nbval-skip" not in c.get("metadata", {}).get("tags", [])]
    last = max((i for i, c in enumerate(cells) if "Exercise" in "".join(c.get("source", ""))), default=-1)
    made: list[Any] = []
    original = Exercise.__init__

    def recording(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    problems: list[str] = []
    namespace: dict[str, Any] = {"__name__": "__main__"}
    here = Path.cwd()
    Exercise.__init__ = recording  # type: ignore[method-assign]
    try:
        os.chdir(path.parent)
        for i, cell in enumerate(cells[:last + 1]):
            try:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    exec(compile(_code(cell), f"{path.name}[code cell {i + 1}]", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 - a lesson cell may raise on purpose; note it and go on
                problems.append(f"{path.name}, code cell {i + 1}: {type(e).__name__}: {e}")
    finally:
        Exercise.__init__ = original  # type: ignore[method-assign]
        os.chdir(here)
    unique: list[Any] = []
    for ex in made:
        if ex not in unique:
            unique.append(ex)
    return title_of(nb, path), unique, problems


def generated_section() -> tuple[str, list[str]]:
    """The Markdown between the markers, and the problems met while running the lessons."""
    from paternoster.exercises import answer_sheet

    parts = [BEGIN, ""]
    problems: list[str] = []
    for path in lesson_notebooks():
        title, found, trouble = exercises_of(path)
        problems += trouble
        if found:
            parts += [answer_sheet(found, title=f"{title} (`notebooks/{path.name}`)"), ""]
        else:
            parts += [f"### {title} (`notebooks/{path.name}`)", "", "No exercises in this lesson yet.", ""]
    parts.append(END)
    return "\n".join(parts), problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that docs/teachers.md is up to date")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("MPLBACKEND", "Agg")
    guide = GUIDE.read_text(encoding="utf-8")
    if BEGIN not in guide or END not in guide:
        print(f"{GUIDE}: the marker lines are missing; put them back where the answers belong:\n{BEGIN}\n{END}",
              file=sys.stderr)
        return 2
    section, problems = generated_section()
    for line in problems:
        print(f"warning: {line}", file=sys.stderr)
    head, rest = guide.split(BEGIN, 1)
    new = head + section + rest.split(END, 1)[1]
    if args.check:
        if new != guide:
            print("docs/teachers.md: the exercise answers are out of date; run docs/make_teachers_answers.py",
                  file=sys.stderr)
            return 1
        print("docs/teachers.md: the exercise answers are up to date.")
        return 0
    GUIDE.write_text(new, encoding="utf-8")
    print(f"Wrote the exercise answers of {len(lesson_notebooks())} lesson notebooks into {GUIDE.relative_to(ROOT)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
