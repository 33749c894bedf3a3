"""Shared display helpers for the widgets: styles only, no rules.

Colours come from the kit's theme (:mod:`paternoster.core.theme`, the one place for colours): the
theme's values follow JupyterLab's ``--jp-*`` variables, so the widgets read well in the light and
the dark theme.  A
highlighted cell is marked by a thick border, bold text *and* a text marker,
never by colour alone.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from paternoster.core import theme

FG = theme.inline("fg")
FG_MUTED = theme.inline("fg-muted")
BORDER = theme.inline("border")
BG_ALT = theme.inline("bg-alt")
#: The red of red cards, as the engine's HTML writes it (the theme's ``red-card``).
RED = theme.inline("red-card")
#: Error text uses the red of red cards: 4.5:1 or more in JupyterLab's light and dark themes.
FG_ERROR = RED

TABLE = f"border-collapse:collapse;color:{FG};font-size:var(--jp-ui-font-size1, 13px)"
CELL = f"border:1px solid {BORDER};padding:2px 6px;text-align:center;vertical-align:middle"
HEAD = CELL + f";background:{BG_ALT};font-weight:bold"
MARKED = f"border:3px solid {FG};font-weight:bold"


def widget_css(path: Path) -> str:
    """A widget's stylesheet: the theme's custom properties (:func:`paternoster.core.theme.css`), then the
    widget's own CSS file, which names colours only as ``var(--kit-…)``."""
    return theme.css() + path.read_text(encoding="utf-8")


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
