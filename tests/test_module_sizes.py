"""No module over 600 lines and no class over 400 (the engine, the widgets with their ES modules and CSS,
the kit's command and its Jupyter helpers): a module that grows past it is split by topic."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODULE_LINES = 600
CLASS_LINES = 400
MODULES = sorted([*ROOT.glob("paternoster/**/*.py"), *ROOT.glob("widgets/*.py"), *ROOT.glob("widgets/*.js"),
                  *ROOT.glob("widgets/*.css"), *ROOT.glob("jupyter/*.py"), ROOT / "kit.py"])


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_fits_600_lines_and_a_class_400(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MODULE_LINES, f"{path.name}: {len(text.splitlines())} lines"
    if path.suffix == ".py":
        big = [(n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(ast.parse(text))
               if isinstance(n, ast.ClassDef) and n.end_lineno is not None and n.end_lineno - n.lineno + 1 > CLASS_LINES]
        assert big == []


def test_the_check_sees_the_modules():
    names = {p.name for p in MODULES}
    assert {"kit.py", "card_table.js", "game.py", "cards.py"} <= names and len(MODULES) > 100
