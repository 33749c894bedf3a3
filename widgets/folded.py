"""Folded: a lesson's answer or long list that stays closed until the student opens it.

JupyterLab's "collapse output" is a per-session view state: Run All opens it again and autosave stores it
open.  A folded output is instead an HTML ``<details>`` element, closed on every run, in JupyterLab and on
a Voilà page alike; its ``text/plain`` (what nbval compares, and what a notebook shows when HTML is not
rendered) is the summary line followed by the lines themselves.

    Folded("The simple player's answer (click to open)", ["K♣ on down pile 1 …", "2♥ on up pile 1 …"])
    Folded("The whole game", rows=[("1", "Anna", "2♠ on up pile 1 (cost 7)")], header=("Turn", "Player", "Plays"))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._common import esc

__all__ = ["Folded"]


class Folded:
    """A closed ``<details>`` with a summary line and either text lines or a table.

    Args:
        summary: the line shown while it is closed (say that a click opens it).
        lines: text lines, shown as they are (monospace, no wrapping of their own).
        rows: instead of lines, table rows (each a sequence of cells), with ``header`` above them.
        header: the table's column names.
    """

    def __init__(self, summary: str, lines: Sequence[str] = (), *, rows: Sequence[Sequence[object]] = (),
                 header: Sequence[str] = ()) -> None:
        self.summary = str(summary)
        self.lines = [str(line) for line in lines]
        self.rows = [[str(c) for c in row] for row in rows]
        self.header = [str(h) for h in header]

    def _html(self) -> str:
        if self.rows:
            head = "".join(f'<th style="text-align:left;padding:1px 8px">{esc(h)}</th>' for h in self.header)
            body = "".join("<tr>" + "".join(f'<td style="text-align:left;padding:1px 8px">{esc(c)}</td>' for c in row)
                           + "</tr>" for row in self.rows)
            inner = f"<table>{f'<tr>{head}</tr>' if head else ''}{body}</table>"
        else:
            inner = f'<pre style="margin:4px 0 0 0;white-space:pre-wrap">{esc(chr(10).join(self.lines))}</pre>'
        return f"<details><summary>{esc(self.summary)}</summary>{inner}</details>"

    def _text(self) -> str:
        body = ["  ".join(row) for row in self.rows] if self.rows else self.lines
        return "\n".join([self.summary, *body])

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/html": self._html(), "text/plain": self._text()}

    def __repr__(self) -> str:
        return f"Folded({self.summary!r}, {len(self.rows) or len(self.lines)} lines)"
