"""AcceptanceGrid: the acceptance table's grid as cells to click (anywidget).

Shows rows (top card), columns (card to play) and one verdict per cell (:data:`MARKS`: ✓ allowed, the
theme's burn mark ♨ burns, ✗ no); a click on a cell sets :attr:`chosen` to ``[row, column]``.  Under house rules a cell whose
verdict differs from the standard game's is marked ``≠`` (and a dashed border), and its label says
what the standard game answers there (:attr:`standard`), so the difference never rests on colour.  It decides nothing: the
verdicts are given to it (by :class:`widgets.AcceptanceTable`, from the engine's
:func:`~paternoster.paskahousu.acceptance_table`).
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from paternoster.core import theme

from ._common import widget_css
from .fallback import TextFallback

__all__ = ["AcceptanceGrid", "MARKS"]

#: The mark of each verdict (the burn mark is the theme's, :data:`paternoster.core.theme.BURN`).
MARKS = {"allowed": "✓", "burns": theme.BURN, "no": "✗"}

_HERE = pathlib.Path(__file__).parent


class AcceptanceGrid(TextFallback, anywidget.AnyWidget):
    """A grid of verdicts to click: ``rows`` × ``cols`` labels, ``cells[i][j]`` in
    ``"allowed"``, ``"burns"``, ``"no"``; ``chosen`` is the chosen ``[row, column]``; ``standard[i][j]``
    the standard game's verdict where a house rule changed the cell (``""`` elsewhere, or no rows at all)."""

    fallback_text = "Acceptance grid: run this cell (Shift+Enter) to click a pair in the table."
    _esm = _HERE / "acceptance_grid.js"
    _css = widget_css(_HERE / "acceptance_grid.css")  # the theme's colours, then the grid's CSS

    rows = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cols = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cells = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    chosen = traitlets.List(traitlets.Int(), default_value=[0, 0], minlen=2, maxlen=2).tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    #: the mark drawn for each verdict (:data:`MARKS`)
    marks = traitlets.Dict(default_value=MARKS).tag(sync=True)
    #: per cell the standard game's verdict where it differs from ``cells`` ("" where it is the same)
    standard = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)

    @traitlets.validate("chosen")
    def _valid_chosen(self, proposal: dict[str, Any]) -> list[int]:
        i, j = proposal["value"]
        if self.rows and not (0 <= i < len(self.rows) and 0 <= j < len(self.cols)):
            raise traitlets.TraitError(f"chosen must be a [row, column] inside the {len(self.rows)} × "
                                       f"{len(self.cols)} grid, not {proposal['value']!r}.")
        return [i, j]

    def choose(self, row: int, col: int) -> None:
        """Choose a cell, as a click does."""
        self.chosen = [row, col]
