"""A pytest plugin (loaded with ``-p kit_rerun`` from pyproject.toml): every lesson's code cells run a
second time, in the kernel nbval already used for the notebook.

A student runs all cells, then any cell again; a cell must not fail the second time, when every object
it touches has already been used once.  nbval (strict) runs each notebook once and compares the outputs;
this plugin adds one more item at the end of each notebook, "every cell again", which runs every code
cell again, top to bottom, in nbval's still-running kernel and fails naming each cell that shows an
error.  So a lesson is executed once in a fresh kernel and run once more in the same kernel — no third
execution.  Cells tagged ``nbval-skip`` are skipped here as well.  A lesson that shows a refusal prints
it (``try: … except …: print(error)``); a cell that raises fails here even if nbval was told to expect
the error.
"""

from __future__ import annotations

import re
from queue import Empty
from typing import Any

import pytest

#: Seconds one cell may take in the second pass (a lesson cell that needs longer is broken anyway).
CELL_TIMEOUT = 600
NAME = "every cell again"


def _is_nbval_file(node: Any) -> bool:
    return type(node).__name__ == "IPyNbFile" and type(node).__module__.startswith("nbval")


def _first_line(source: str) -> str:
    lines = [line for line in source.splitlines() if line.strip()]
    return lines[0] if lines else "(empty cell)"


class SecondPass(pytest.Item):
    """Run every code cell of the parent notebook again in nbval's kernel; fail on any error output."""

    def __init__(self, *, cells: list[Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells = cells

    def runtest(self) -> None:
        kernel = getattr(self.parent, "kernel", None)
        if kernel is None or not kernel.is_alive():
            pytest.fail("nbval's kernel for this notebook is not running (did its cells run?)", pytrace=False)
        problems: list[str] = []
        for item in self.cells:
            if item.options.get("skip"):
                continue
            source = item.cell.source
            msg_id = kernel.execute_cell_input(source, allow_stdin=False)
            try:
                kernel.await_reply(msg_id, timeout=CELL_TIMEOUT)
                while True:
                    msg = kernel.get_message(stream="iopub", timeout=CELL_TIMEOUT)
                    if msg["parent_header"].get("msg_id") != msg_id:
                        continue
                    if msg["msg_type"] == "error":
                        text = re.sub(r"\x1b\[[0-9;]*m", "", f"{msg['content']['ename']}: {msg['content']['evalue']}")
                        problems.append(f"cell {item.cell_num} ({_first_line(source)!r}): {text}")
                    if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                        break
            except Empty:
                problems.append(f"cell {item.cell_num} ({_first_line(source)!r}): no answer within {CELL_TIMEOUT} s")
                break
        if problems:
            pytest.fail("run a second time, these cells raise:\n" + "\n".join(problems), pytrace=False)

    def reportinfo(self) -> tuple[Any, int, str]:
        return self.path, 0, f"{self.parent.name}::{NAME}"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """After the last cell of each notebook, add its second pass (same parent, so the same kernel)."""
    out: list[pytest.Item] = []
    pending: tuple[Any, list[Any]] | None = None

    def flush() -> None:
        if pending is not None and pending[1]:
            out.append(SecondPass.from_parent(pending[0], name=NAME, cells=pending[1]))

    for item in items:
        parent = item.parent
        if _is_nbval_file(parent):
            if pending is None or pending[0] is not parent:
                flush()
                pending = (parent, [])
            pending[1].append(item)
        else:
            flush()
            pending = None
        out.append(item)
    flush()
    items[:] = out
