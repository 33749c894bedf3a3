"""The kit's colours and marks, in one place: every colour the kit draws with and the burn mark.

Who takes what (nothing else in the kit writes a colour):

* **The engine's HTML** (card spans, :func:`paternoster.core.cards.cards_html`) and the widgets' inline
  styles take :func:`inline` — a CSS value that works on any page: the kit's custom property when the
  page has the kit's stylesheet, else the same colour from JupyterLab's own variables.
* **The widgets' stylesheets** (``widgets/*.css``) write only ``var(--kit-NAME)``; the values come from
  :func:`css`, which each widget puts in front of its stylesheet (``widgets/_common.py``,
  ``widget_css``): the light values on the page, the dark ones under JupyterLab's dark theme
  (``body[data-jp-theme-light="false"]``).
* **The printable sheets** (``docs/rules/*-sheet.html``) are written by ``docs/make_sheets.py`` from a
  template and :func:`sheet_css` (the light values: paper is white).
* **Plots** (matplotlib) take :data:`PLOT_COLOURS`.

Colour is never the only sign: red suits keep their symbol, a verdict its mark (✓, :data:`BURN`, ✗).

>>> css().splitlines()[0]
':root {'
>>> COLOURS["red-card"].light, COLOURS["red-card"].dark
('#c62828', '#ff9e97')
>>> inline("fg")
'var(--kit-fg, var(--jp-ui-font-color1, #000))'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Colour", "COLOURS", "BURN", "PLOT_COLOURS", "PLOT_INK", "css", "inline", "prop", "sheet_css"]


@dataclass(frozen=True)
class Colour:
    """One colour of the kit.

    Attributes:
        light: the CSS value on a light page and on paper (a JupyterLab variable with a fallback where
            the colour follows JupyterLab's theme).
        dark: the value under JupyterLab's dark theme, when it is not ``light``.
        anywhere: for inline styles on a page that may lack the kit's stylesheet, the value used there
            when it is not ``light`` (it must read in both themes).
        why: what it colours (one line).
    """

    light: str
    dark: str | None = None
    anywhere: str | None = None
    why: str = ""


_RED = "#c62828"  # the red of red cards: 5.6:1 on white, 4.9:1 on JupyterLab's light grey cells (#eee)

#: Every colour of the kit, by name (the custom property is ``--kit-NAME``).
COLOURS: dict[str, Colour] = {
    # the red of red cards (♦ ♥): light theme and paper; a lighter red on the dark theme (8.1:1 on its
    # card faces #212121, 5.1:1 on its grey cells #424242).  Inline, without the kit's stylesheet: the
    # theme's error red mixed with its text colour (4.5:1 or more on both themes).
    "red-card": Colour(_RED, "#ff9e97", f"color-mix(in srgb, var(--jp-error-color1, {_RED}) 45%, "
                                        "var(--jp-ui-font-color1, #000))", "the text of red cards"),
    # text, lines and backgrounds follow JupyterLab's theme (the fallback: a page without it)
    "fg": Colour("var(--jp-ui-font-color1, #000)", why="text"),
    "fg-muted": Colour("var(--jp-ui-font-color2, #555)", why="secondary text"),
    "bg": Colour("var(--jp-layout-color1, #fff)", why="a card face, a panel"),
    "bg-alt": Colour("var(--jp-layout-color2, #eee)", why="table heads, the log"),
    "border": Colour("var(--jp-border-color1, #999)", why="lines and cell borders"),
    "accent": Colour("var(--jp-brand-color1, #1976d2)", why="the chosen card, a legal pile's ring"),
    "back": Colour("var(--jp-layout-color3, #bdbdbd)", why="the grey of the card back's pattern"),
    "shadow": Colour("rgba(0, 0, 0, 0.25)", why="a card's shadow"),
    "shadow-raised": Colour("rgba(0, 0, 0, 0.35)", why="the shadow of a chosen (raised) card"),
    "link": Colour("var(--jp-content-link-color, #1a62c0)", why="links drawn as buttons"),
    # the marks of a verdict (a tint behind the mark ✓ / BURN / ✗, never colour alone)
    "mark-allowed": Colour("color-mix(in srgb, var(--jp-success-color1, #388e3c) 22%, transparent)",
                           why="behind ✓ allowed"),
    "mark-burns": Colour("color-mix(in srgb, var(--jp-warn-color1, #f57c00) 22%, transparent)",
                         why="behind the burn mark"),
    "mark-no": Colour("color-mix(in srgb, var(--jp-error-color1, #d32f2f) 22%, transparent)", why="behind ✗ no"),
    # an exercise answer's edge (beside its words: right, wrong, …)
    "right": Colour("var(--jp-success-color1, #2e7d32)", why="a right answer's edge"),
    "wrong": Colour(f"var(--jp-error-color1, {_RED})", why="a wrong answer's edge"),
    "warn": Colour("var(--jp-warn-color1, #ef6c00)", why="an answer that could not be read"),
    # the printed sheets (paper)
    "ink": Colour("#111", why="the sheets' text"),
    "ink-muted": Colour("#444", why="the sheets' notes"),
    "rule-line": Colour("#999", why="the sheets' lines"),
    "heading": Colour("#1f4e79", why="the sheets' headings and boxes"),
    "head-bg": Colour("#eef2f7", why="the sheets' table heads"),
    "paper": Colour("#fff", why="the sheets' page"),
}

#: The mark of a play that burns the pile (a game's rule book says when): U+2668, drawn by DejaVu Sans (the
#: fonts the kit installs) — in the rule book, the printable sheet, the acceptance tables and the card tables.
BURN = "\u2668"

#: Plot colours, in order: Paul Tol's colour-blind-safe "bright" set (each also drawn with its own marker,
#: dash or hatch: never colour alone).
PLOT_COLOURS = ("#4477aa", "#ee7733", "#228833", "#aa3377", "#66ccee", "#ccbb44", "#bbbbbb", "#000000")
#: The plots' lines and bar edges.
PLOT_INK = "#000000"


def prop(name: str) -> str:
    """The custom property of colour ``name``: ``var(--kit-NAME)`` (for the widgets' stylesheets).

    Raises:
        KeyError: no such colour.
    """
    COLOURS[name]
    return f"var(--kit-{name})"


def inline(name: str) -> str:
    """Colour ``name`` for an inline style on any page: the kit's custom property, falling back to the
    colour itself when the page has no kit stylesheet (engine HTML in a plain notebook output).

    Raises:
        KeyError: no such colour.
    """
    c = COLOURS[name]
    return f"var(--kit-{name}, {c.anywhere or c.light})"


def css() -> str:
    """The custom properties of every colour, as CSS: the light values for the page, the dark ones
    under JupyterLab's dark theme.  Each widget's stylesheet is this text followed by its own file."""
    light = "".join(f"  --kit-{name}: {c.light};\n" for name, c in COLOURS.items())
    dark = "".join(f"  --kit-{name}: {c.dark};\n" for name, c in COLOURS.items() if c.dark)
    return f':root {{\n{light}}}\nbody[data-jp-theme-light="false"] {{\n{dark}}}\n'


def sheet_css() -> str:
    """The custom properties for the printable sheets: the light value of every colour (a sheet is
    read on paper or in a plain browser, where JupyterLab's variables fall back to their light value)."""
    return "".join(f"    --kit-{name}: {c.light};\n" for name, c in COLOURS.items())
