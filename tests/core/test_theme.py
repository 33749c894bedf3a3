"""One theme (paternoster/core/theme.py): every colour and the burn mark are written there and nowhere else.

The engine's HTML, the widgets' inline styles and stylesheets, and the printable sheets all take their
colours from it; the sheets are generated from it (docs/make_sheets.py) and must equal what the script
writes now; the burn mark is one glyph in the rule book, the sheet and the tables, and the kit's fonts
draw it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from paternoster import cards_html, parse_card
from paternoster.core import theme

ROOT = Path(__file__).resolve().parents[2]
THEME = ROOT / "paternoster" / "core" / "theme.py"

#: A colour written out: #rgb / #rrggbb / #rrggbbaa (not an HTML entity &#…; or an issue number such as
#: jupyterlab#15361), rgb()/rgba()/hsl(), a colour mix, or a named colour given to a plot.
COLOUR = re.compile(r"(?<![\w&])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b|\b(?:rgba?|hsla?)\(|color-mix\("
                    r"|\b(?:edge)?colou?r\s*=\s*[\"'](?:black|white|red|green|blue|grey|gray|orange)[\"']")


def _load_make_sheets():
    spec = importlib.util.spec_from_file_location("make_sheets", ROOT / "docs" / "make_sheets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def colour_places() -> dict[str, list[str]]:
    """Every file of the kit's code, styles and sheet sources with the colours written in it."""
    files = [p for p in (ROOT / "paternoster").rglob("*.py") if p != THEME]
    files += [p for ext in ("py", "js", "css") for p in (ROOT / "widgets").glob(f"*.{ext}")]
    files += sorted((ROOT / "docs" / "sheets").glob("*.html")) + [ROOT / "docs" / "make_sheets.py"]
    found = {}
    for p in files:
        hits = COLOUR.findall(p.read_text(encoding="utf-8"))
        if hits:
            found[str(p.relative_to(ROOT))] = hits
    return found


def test_the_checker_finds_a_colour_written_out():
    assert COLOUR.findall('color:#b71c1c; x: rgb(1,2,3); color-mix(in srgb, red 5%, blue)') == ["#b71c1c", "rgb(",
                                                                                              "color-mix("]
    assert COLOUR.findall('edgecolor="black"') and not COLOUR.findall("jupyterlab#15361 &#9829; #x")


def test_no_colour_is_written_outside_the_theme():
    assert colour_places() == {}


def test_the_red_of_red_cards_is_defined_once_and_every_place_takes_it():
    red = theme.COLOURS["red-card"]
    # written once: the theme module is the only file of code, styles or sheets naming the red
    assert colour_places() == {} and THEME.read_text(encoding="utf-8").count(f'"{red.light}"') == 1
    # the engine's HTML: the theme's red (its custom property, else the theme-following mix), a plain value first
    html = cards_html([parse_card("8♥"), parse_card("8♠")])
    assert html.count(f"color:{red.light};color:{theme.inline('red-card')}") == 1
    assert theme.inline("red-card") == f"var(--kit-red-card, {red.anywhere})" and "color:inherit" in html
    # the widgets' stylesheets: only the custom property, defined (light and dark) by the injected theme CSS
    css = theme.css()
    assert f"--kit-red-card: {red.light};" in css.split("body[")[0] and f"--kit-red-card: {red.dark};" in css.split("body[")[1]
    table_css = (ROOT / "widgets" / "card_table.css").read_text(encoding="utf-8")
    assert "--pn-red: var(--kit-red-card);" in table_css and "data-jp-theme-light" not in table_css
    from widgets._common import FG_ERROR, RED
    from widgets.card_table import CardTable
    assert RED == FG_ERROR == theme.inline("red-card") and CardTable._css.startswith(css)
    # the printable sheets: generated with the light red
    for name in ("paternoster", "paskahousu"):
        sheet = (ROOT / "docs" / "rules" / f"{name}-sheet.html").read_text(encoding="utf-8")
        assert f"--kit-red-card: {red.light};" in sheet and ".r { color: var(--kit-red-card); }" in sheet


def test_the_shipped_sheets_are_what_the_script_writes():
    make_sheets = _load_make_sheets()
    assert make_sheets.sheet_names() == ["paskahousu", "paternoster"]
    for name in make_sheets.sheet_names():
        shipped = (ROOT / "docs" / "rules" / f"{name}-sheet.html").read_text(encoding="utf-8")
        assert shipped == make_sheets.render(name), f"run docs/make_sheets.py: {name}-sheet.html is out of date"
    assert make_sheets.main(["--check"]) == 0


def test_the_burn_mark_is_one_glyph_in_the_rule_book_the_sheet_and_the_tables():
    from widgets.acceptance import VERDICT_SYMBOL
    from widgets.acceptance_grid import AcceptanceGrid
    book = (ROOT / "docs" / "rules" / "paskahousu.md").read_text(encoding="utf-8")
    sheet = (ROOT / "docs" / "rules" / "paskahousu-sheet.html").read_text(encoding="utf-8")
    assert book.count(theme.BURN) == 11 and "🔥" not in book
    assert sheet.count(f'<td class="burns">{theme.BURN}</td>') == 10 and "<b>B</b>" not in sheet
    assert VERDICT_SYMBOL["burns"] == AcceptanceGrid().marks["burns"] == theme.BURN
    assert "♨" not in (ROOT / "widgets" / "acceptance_grid.js").read_text(encoding="utf-8")  # the marks come from Python


def test_the_kits_fonts_draw_the_burn_mark():
    """DejaVu Sans (fonts-dejavu-core, which the kit installs for chromium) has the glyph; an emoji such as
    🔥 it has not (it would show as an empty box)."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not font.exists():
        pytest.skip("DejaVu Sans is not installed here (the browser tests install it: fonts-dejavu-core)")
    cmap = ttlib.TTFont(font).getBestCmap()
    assert ord(theme.BURN) in cmap and ord("🔥") not in cmap


@pytest.mark.parametrize("name", sorted(theme.COLOURS))
def test_every_colour_has_a_use_and_an_inline_form(name):
    c = theme.COLOURS[name]
    assert c.why and theme.prop(name) == f"var(--kit-{name})" and theme.inline(name).startswith(f"var(--kit-{name}, ")
