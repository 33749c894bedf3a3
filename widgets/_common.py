"""Shared display helpers for the widgets: styles only, no rules.

Colours come from JupyterLab's ``--jp-*`` CSS variables (with a fallback that
inherits), so the widgets read well in the light and the dark theme.  A
highlighted cell is marked by a thick border, bold text *and* a text marker,
never by colour alone.
"""

from __future__ import annotations

import html
from typing import Any

FG = "var(--jp-ui-font-color1, inherit)"
FG_MUTED = "var(--jp-ui-font-color2, inherit)"
BORDER = "var(--jp-border-color1, #888)"
BG_ALT = "var(--jp-layout-color2, transparent)"
#: A red that keeps 4.5:1 contrast in JupyterLab's light and dark themes: the theme's red mixed with
#: its text colour (darker on a light page, lighter on a dark one).  A plain --jp-error-color1 is
#: 2.7:1 on the dark theme's grey cells.
RED = "color-mix(in srgb, var(--jp-error-color1, #c62828) 45%, var(--jp-ui-font-color1, #000))"
FG_ERROR = RED
#: what the engine's card HTML (paternoster.cards_html) writes for a red card's colour
_ENGINE_RED = "var(--jp-error-color1, #c62828)"

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


def readable(html_text: str) -> str:
    """Engine HTML (cards, game tables) with its red cards in :data:`RED` (readable in both themes)."""
    return html_text.replace(f"color:{_ENGINE_RED}", f"color:#b71c1c;color:{RED}")


def wrapping(label: Any, *, error: bool = True) -> Any:
    """A wrapping copy of ``label`` (a plain-text :class:`ipywidgets.Label`, which never wraps): the
    label stays the value to read and is hidden; the copy shows its text on as many lines as needed."""
    import ipywidgets as ipw

    shown = ipw.HTML(value=text_block(label.value, error=error, live=True))
    label.layout.display = "none"
    label.observe(lambda change: setattr(shown, "value", text_block(change["new"], error=error, live=True)),
                  names="value")
    return shown
