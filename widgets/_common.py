"""Shared display helpers for the widgets: styles only, no rules.

Colours come from JupyterLab's ``--jp-*`` CSS variables (with a fallback that
inherits), so the widgets read well in the light and the dark theme.  A
highlighted cell is marked by a thick border, bold text *and* a text marker,
never by colour alone.
"""

from __future__ import annotations

import html
from typing import Any

from paternoster.core.cards import RED

FG = "var(--jp-ui-font-color1, inherit)"
FG_MUTED = "var(--jp-ui-font-color2, inherit)"
BORDER = "var(--jp-border-color1, #888)"
BG_ALT = "var(--jp-layout-color2, transparent)"
#: Error text uses the engine's red (:data:`paternoster.core.cards.RED`, the colour of red cards):
#: 4.5:1 or more in JupyterLab's light and dark themes.  One colour, defined once, in the engine.
FG_ERROR = RED

TABLE = f"border-collapse:collapse;color:{FG};font-size:var(--jp-ui-font-size1, 13px)"
CELL = f"border:1px solid {BORDER};padding:2px 6px;text-align:center;vertical-align:middle"
HEAD = CELL + f";background:{BG_ALT};font-weight:bold"
MARKED = f"border:3px solid {FG};font-weight:bold"


def esc(text: object) -> str:
    """Escape any text (engine sentences, player names) before it goes into HTML."""
    return html.escape(str(text), quote=True)


def text_block(text: str, *, error: bool = False, live: bool = False) -> str:
    """One paragraph of plain text as safe HTML (wraps, keeps line breaks).

    ``error`` adds a ⚠ sign (not colour alone); ``live`` makes it a status region that
    screen readers announce when it changes.
    """
    colour = FG_ERROR if error else FG
    mark = "⚠ " if error and text else ""
    role = ' role="status"' if live else ""
    return (f'<div{role} style="white-space:pre-wrap;color:{colour}">'
            f"{esc(mark + text)}</div>")


def wrapping(label: Any, *, error: bool = True) -> Any:
    """A wrapping copy of ``label`` (a plain-text :class:`ipywidgets.Label`, which never wraps): the
    label stays the value to read and is hidden; the copy shows its text on as many lines as needed."""
    import ipywidgets as ipw

    shown = ipw.HTML(value=text_block(label.value, error=error, live=True))
    label.layout.display = "none"
    label.observe(lambda change: setattr(shown, "value", text_block(change["new"], error=error, live=True)),
                  names="value")
    return shown
