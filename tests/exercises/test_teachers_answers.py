"""The teacher's guide's exercise answers are the engine's, and up to date with the lessons.

``docs/make_teachers_answers.py --check`` runs every lesson up to its last exercise and compares the
generated section of docs/teachers.md; it executes the lessons' code, so it is marked slow (the full
run has it, ``kit.py test --quick`` leaves it out).
"""

from __future__ import annotations

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
