"""Reading the shipped lesson notebooks as a student meets them (shared by tests/lessons/).

A notebook opened as shipped shows each widget as its saved text line (``kit.py refresh`` drops the
live-widget part of an output and keeps its ``text/plain``: widgets/fallback.py), e.g. "Card table:
run this cell (Shift+Enter) to bring the card table to life." Such a cell is a *placeholder*: its
text tells the student what to do. Everything else a student sees is the markdown cells and the
saved outputs (code cells are Python and may be folded away; Voilà does not show them at all).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

#: What a placeholder's saved text says to do: "Shift+Enter" / "run this cell" (the cell alone), or
#: "Run All" (every cell above it, then it). A text that names Run All is run the Run All way.
ADVICE = re.compile(r"shift\s*\+\s*enter|run this cell|run all", re.IGNORECASE)
RUN_ALL = re.compile(r"run\s+all", re.IGNORECASE)

#: Set (to anything but "" or "0") to check the lessons a NOT_YET set leaves out too:
#: ``KIT_LESSONS_ALL=1 .venv/bin/python -m pytest tests/lessons -k 08_`` while you fix lesson 8.
ALL_ENV = "KIT_LESSONS_ALL"


def notebook_paths() -> list[Path]:
    """Every page the kit ships: the lessons and the classroom pages, in file order."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def output_texts(output: dict[str, Any]) -> list[tuple[str, str]]:
    """The texts of one saved output as (kind, text): kind is the MIME type, "stream:stdout" /
    "stream:stderr", or "error" (the traceback a student would see). Images are left out."""
    kind = output.get("output_type")
    if kind == "stream":
        return [(f"stream:{output.get('name', 'stdout')}", _text(output.get("text", "")))]
    if kind == "error":
        return [("error", f"{output.get('ename')}: {output.get('evalue')}")]
    data = output.get("data", {}) or {}
    return [(mime, _text(value)) for mime, value in data.items()
            if mime.startswith("text/") or mime in ("application/json",)]


def shown_text(output: dict[str, Any]) -> str:
    """What JupyterLab shows of a saved output as text: the HTML if there is one, else the plain text."""
    kinds = dict(output_texts(output))
    for mime in ("text/html", "text/markdown", "text/plain", "stream:stdout", "stream:stderr", "error"):
        if mime in kinds:
            return kinds[mime]
    return ""


def tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []) or [])


@dataclass(frozen=True)
class Placeholder:
    """A code cell whose saved output is a widget's text line with advice on how to bring it to life."""

    notebook: str          # file name, e.g. "08_paskahousu_ranks.ipynb"
    index: int             # the cell's index among all the notebook's cells
    advice: str            # the saved text line that holds the advice
    run_all: bool          # the advice says Run All: every cell above runs first

    @property
    def id(self) -> str:
        return f"{self.notebook.removesuffix('.ipynb')}:cell{self.index}"


def placeholders(path: Path) -> list[Placeholder]:
    """Every placeholder cell of a notebook, in order."""
    nb = load(path)
    found = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs", []) or []:
            if output.get("output_type") not in ("display_data", "execute_result"):
                continue
            plain = _text((output.get("data") or {}).get("text/plain", ""))
            if ADVICE.search(plain):
                line = next((ln for ln in plain.splitlines() if ADVICE.search(ln)), plain)
                found.append(Placeholder(path.name, index, line.strip(), bool(RUN_ALL.search(plain))))
                break
    return found


def check_all() -> bool:
    """True when the NOT_YET sets are to be ignored (``KIT_LESSONS_ALL=1``)."""
    return os.environ.get(ALL_ENV, "") not in ("", "0")
