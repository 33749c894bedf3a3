"""The teacher's guide's exercise answers are the engine's, and up to date with the lessons.

``docs/make_teachers_answers.py --check`` runs every lesson's exercise cells (a lesson whose exercise
cells need the cells above them: up to its last exercise) and compares the generated section of
docs/teachers.md; it executes the lessons' code, so it is marked slow (the full run has it,
``kit.py test --quick`` leaves it out).
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_teachers_answers_are_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "make_teachers_answers.py"), "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr + done.stdout
    assert "warning:" not in done.stderr, done.stderr        # no lesson cell raised on the way


def test_every_hint_is_in_the_guide():
    """The generated answers give each exercise's hint too: what a student sees on request."""
    guide = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    section = guide.split("BEGIN GENERATED ANSWERS", 1)[1]
    assert section.count("**Answer:") == section.count("*Hint:*") > 0


def _notebook(tmp_path: Path, *sources: str) -> Path:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# Lesson 0 — A test"}]
    cells += [{"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None}
              for s in sources]
    path = tmp_path / "00_test.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


@pytest.fixture
def answers():
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        yield importlib.import_module("make_teachers_answers")
    finally:
        sys.path.remove(str(ROOT / "docs"))


def test_only_the_exercise_cells_run(answers, tmp_path):
    """The lesson's other cells (its simulations) do not run again: only the cells that make exercises."""
    path = _notebook(tmp_path, "raise RuntimeError('a long simulation')",
                     "from paternoster import Exercise\nExercise.ladder_order('8♥ 7♠ 8♦')")
    title, found, problems = answers.exercises_of(path)
    assert (title, len(found), problems) == ("Lesson 0 — A test", 1, [])
    assert "RuntimeError" in answers.exercises_of(path, full=True)[2][0]  # --full runs every cell


def test_an_exercise_cell_that_needs_the_cells_above_runs_after_them(answers, tmp_path):
    path = _notebook(tmp_path, "cards = '8♥ 7♠ 8♦'", "from paternoster import Exercise\nExercise.ladder_order(cards)")
    title, found, problems = answers.exercises_of(path)
    assert len(found) == 1 and problems == []
    assert [str(c) for c in found] == [str(c) for c in answers.exercises_of(path, full=True)[1]]
