"""Write the exercise answers of every lesson into docs/teachers.md (the generated section).

The answers are never typed by hand: this script runs each lesson's exercise cells (each sets up
its own position; a lesson whose exercise cells need the cells above them runs up to its last
exercise), collects every :class:`paternoster.exercises.Exercise` the lesson creates, in order,
and prints them with :func:`paternoster.exercises.answer_sheet` — the engine's own answers
and explanations, the same ones the lesson's *Reveal* button shows.

Usage (from the repository's folder, with the kit's environment)::

    .venv/bin/python docs/make_teachers_answers.py           # rewrite the generated section
    .venv/bin/python docs/make_teachers_answers.py --check   # exit 1 if the section is out of date
    .venv/bin/python docs/make_teachers_answers.py --full    # run every cell up to the last exercise

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


def _run_cells(path: Path, cells: list[dict[str, Any]]) -> tuple[list[Any], list[str]]:
    """Run code cells in order in one fresh namespace (in notebooks/, output swallowed).

    Returns every Exercise created while they ran (in order) and one line per cell that raised.
    """
    from paternoster.exercises import Exercise

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
        for i, cell in enumerate(cells):
            try:
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    exec(compile(_code(cell), f"{path.name}[code cell {i + 1}]", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 - a lesson cell may raise on purpose; note it and go on
                problems.append(f"{path.name}, code cell {i + 1}: {type(e).__name__}: {e}")
    finally:
        Exercise.__init__ = original  # type: ignore[method-assign]
        os.chdir(here)
    return made, problems


def _mentions_exercise(cell: dict[str, Any]) -> bool:
    return "Exercise" in "".join(cell.get("source", ""))


def exercises_of(path: Path, full: bool = False) -> tuple[str, list[Any], list[str]]:
    """The exercises a lesson creates, in order, from its own code.

    Only the code cells that mention an exercise run (in order, in one namespace): a student runs
    an exercise cell alone (Shift+Enter), so it sets up its own position, and the lesson's other
    cells (simulations, tables) need not run again. If one of them raises (a cell that needs the
    cells above it), or with ``full``, every code cell up to the last exercise runs instead.

    Returns:
        ``(title, exercises, problems)``: the lesson title, every Exercise created (in order,
        repeats removed) and one line per cell that raised in the run that counts.
    """
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"
             and "nbval-skip" not in c.get("metadata", {}).get("tags", [])]
    last = max((i for i, c in enumerate(cells) if _mentions_exercise(c)), default=-1)
    made: list[Any] = []
    problems: list[str] = ["not run"]
    if not full:
        made, problems = _run_cells(path, [c for c in cells if _mentions_exercise(c)])
    if problems:
        made, problems = _run_cells(path, cells[:last + 1])
    unique: list[Any] = []
    for ex in made:
        if ex not in unique:
            unique.append(ex)
    return title_of(nb, path), unique, problems


def generated_section(full: bool = False) -> tuple[str, list[str]]:
    """The Markdown between the markers, and the problems met while running the lessons."""
    from paternoster.exercises import answer_sheet

    parts = [BEGIN, ""]
    problems: list[str] = []
    for path in lesson_notebooks():
        title, found, trouble = exercises_of(path, full)
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
    parser.add_argument("--full", action="store_true",
                        help="run every code cell up to each lesson's last exercise, not only the exercise cells")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("MPLBACKEND", "Agg")
    guide = GUIDE.read_text(encoding="utf-8")
    if BEGIN not in guide or END not in guide:
        print(f"{GUIDE}: the marker lines are missing; put them back where the answers belong:\n{BEGIN}\n{END}",
              file=sys.stderr)
        return 2
    section, problems = generated_section(args.full)
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
