"""Every lesson can be run again: a student runs all cells, then any cell a second time.

For each notebook in `notebooks/` (the numbered lessons and the classroom page) this test

1. runs every code cell from top to bottom in a fresh kernel (as "Run All" does), then
2. runs every code cell a second time, top to bottom, in the same kernel,

and asserts that no cell produced an error in either pass. A failure names the notebook, the pass,
the cell's index (counting all cells, as JupyterLab's cell numbers do) with its first line, and the
error. Cells that raise on purpose are not allowed: a lesson shows a refusal by printing it
(`try: … except …: print(error)`), so the check reads the outputs and does not trust the
`raises-exception` tag. Cells tagged `nbval-skip` are skipped here as well (nbval does not run them either).

nbval (strict) checks the first pass against the saved outputs; this test only checks that the
second pass, where every object a cell touches has already been used once, raises nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
CELL_TIMEOUT = 600  # seconds for one cell; a lesson that needs longer is broken anyway


def skipped(cell: nbformat.NotebookNode) -> bool:
    return "nbval-skip" in cell.get("metadata", {}).get("tags", [])


def errors_of(cell: nbformat.NotebookNode) -> list[str]:
    """The errors a cell's outputs show, as 'Name: message' lines (ANSI colours removed)."""
    found = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            found.append(re.sub(r"\x1b\[[0-9;]*m", "", f"{output['ename']}: {output['evalue']}"))
    return found


def first_line(cell: nbformat.NotebookNode) -> str:
    lines = [line for line in cell.source.splitlines() if line.strip()]
    return lines[0] if lines else "(empty cell)"


def run_twice(path: Path) -> list[str]:
    """Run all code cells, then all code cells again, in one kernel; return one line per error."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",  # jupyter_client starts it with this interpreter (the kit's .venv)
        allow_errors=True,  # record errors in the outputs and go on, so every failing cell is named
        resources={"metadata": {"path": str(path.parent)}},
    )
    problems: list[str] = []
    code_cells = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code" and not skipped(c)]
    assert code_cells, f"{path.name} has no code cells to run"
    with client.setup_kernel():
        for run in ("first run", "second run"):
            for index, cell in code_cells:
                try:
                    client.execute_cell(cell, index)
                except CellExecutionError as error:  # not expected with allow_errors, but name it if so
                    problems.append(f"{path.name}, {run}, cell {index} ({first_line(cell)!r}): {error}")
                    continue
                for error in errors_of(cell):
                    problems.append(f"{path.name}, {run}, cell {index} ({first_line(cell)!r}): {error}")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_code_cell_runs_twice_without_error(path: Path) -> None:
    problems = run_twice(path)
    assert problems == [], "cells that raise:\n" + "\n".join(problems)
