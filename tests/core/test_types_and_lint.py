"""The type checker and the linter run with the tests: mypy and ruff, as pinned in the ``test`` extra and
configured in pyproject.toml ([tool.mypy], [tool.ruff]), must be clean on paternoster/ and widgets/."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tool(name: str) -> str:
    """The tool installed beside this interpreter (the kit's .venv), else the one on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run `python3 kit.py test` (it installs the test extra).")
    return found


def run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    r = run(tool("ruff"), "check", "--no-cache", "paternoster", "widgets")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_finds_nothing():
    r = run(tool("mypy"), "--no-incremental", "--cache-dir", "/dev/null")
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_package_ships_its_type_marker():
    assert (ROOT / "paternoster" / "py.typed").is_file()
