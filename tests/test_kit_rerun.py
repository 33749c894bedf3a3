"""The second pass over every lesson (tests/kit_rerun.py) finds a cell that fails when run again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def notebook(path: Path, sources: list[str]) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
             for i, s in enumerate(sources)]
    path.write_text(json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                "display_name": "Python 3 (ipykernel)"}}, "nbformat": 4, "nbformat_minor": 5}))


def run(tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(HERE))
    return subprocess.run([sys.executable, "-m", "pytest", "-c", os.devnull, "--rootdir", str(tmp_path), "--nbval",
                           "--nbval-current-env", "-p", "kit_rerun", "-p", "no:cacheprovider", "-q", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_a_cell_that_fails_only_when_run_again_is_named(tmp_path):
    notebook(tmp_path / "lesson.ipynb", ["x = 1", 'assert "done" not in globals()\ndone = True'])
    r = run(tmp_path)
    assert "1 failed, 2 passed" in r.stdout, r.stdout + r.stderr
    assert "every cell again" in r.stdout and "cell 1 ('assert \"done\" not in globals()'): AssertionError" in r.stdout


def test_cells_that_run_again_cleanly_pass_and_skipped_cells_stay_skipped(tmp_path):
    notebook(tmp_path / "lesson.ipynb", ["x = 1", "y = x + 1"])
    nb = json.loads((tmp_path / "lesson.ipynb").read_text())
    nb["cells"].append({"cell_type": "code", "execution_count": None, "id": "c9", "outputs": [],
                        "metadata": {"tags": ["nbval-skip"]}, "source": "raise SystemExit('not run')"})
    (tmp_path / "lesson.ipynb").write_text(json.dumps(nb))
    r = run(tmp_path)
    assert "3 passed, 1 skipped" in r.stdout, r.stdout + r.stderr
