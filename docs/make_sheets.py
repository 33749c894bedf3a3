"""Write the printable rule sheets (docs/rules/*-sheet.html) from their sources and the kit's theme.

A sheet is never edited by hand: ``docs/sheets/template.html`` holds the page and its style (colours
only as ``var(--kit-…)``), ``docs/sheets/NAME.html`` the sheet's content (an optional ``<style>`` block
first, then the body; ``$burn`` is the theme's burn mark), and :mod:`paternoster.core.theme` the colours
(:func:`~paternoster.core.theme.sheet_css`) and the burn mark.  The title is the text of the body's
``<h1>``.

Usage (from the repository's folder, with the kit's environment)::

    .venv/bin/python docs/make_sheets.py           # rewrite docs/rules/*-sheet.html
    .venv/bin/python docs/make_sheets.py --check   # exit 1 if a sheet is out of date
    .venv/bin/python docs/make_sheets.py --pdf     # also print each sheet to its PDF (headless chromium)
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "docs" / "sheets"
OUT = ROOT / "docs" / "rules"
sys.path.insert(0, str(ROOT))

from paternoster.core import theme  # noqa: E402  (the repository's package, also without installing it)

STYLE = re.compile(r"\A<style>\n(.*?)</style>\n", re.DOTALL)
H1 = re.compile(r"<h1>(.*?)</h1>", re.DOTALL)


def sheet_names() -> list[str]:
    """The sheets: one per content file in docs/sheets/ (all but the template)."""
    return sorted(p.stem for p in SOURCES.glob("*.html") if p.name != "template.html")


def render(name: str) -> str:
    """The HTML of sheet ``name`` (e.g. ``"paskahousu"``), as written to docs/rules/NAME-sheet.html."""
    text = (SOURCES / f"{name}.html").read_text(encoding="utf-8")
    style = STYLE.match(text)
    extra, body = (style.group(1), text[style.end():]) if style else ("", text)
    title = H1.search(body)
    if title is None:
        raise ValueError(f"docs/sheets/{name}.html has no <h1> title.")
    page = Template((SOURCES / "template.html").read_text(encoding="utf-8"))
    return page.substitute(title=html.escape(html.unescape(title.group(1)), quote=False),
                           theme=theme.sheet_css(), extra_css=extra,
                           body=Template(body).substitute(burn=theme.BURN))


def chromium() -> str | None:
    """The system's chromium (``KIT_CHROMIUM`` overrides the search, as for the browser tests)."""
    chosen = os.environ.get("KIT_CHROMIUM")
    if chosen:
        return chosen
    return next((found for n in ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")
                 if (found := shutil.which(n))), None)


def print_pdf(name: str) -> Path:
    """Print docs/rules/NAME-sheet.html to docs/rules/NAME-sheet.pdf with headless chromium (A4, no header)."""
    browser = chromium()
    if browser is None:
        raise SystemExit("make_sheets: no chromium found (set KIT_CHROMIUM=/path/to/chromium); the PDFs are unchanged.")
    page, pdf = OUT / f"{name}-sheet.html", OUT / f"{name}-sheet.pdf"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], check=True, capture_output=True, timeout=120)
    return pdf


def main(argv: list[str] | None = None) -> int:
    """Write (or, with ``--check``, compare) every sheet; ``--pdf`` also prints them.  Returns the exit code."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="only compare; exit 1 if a sheet is out of date")
    p.add_argument("--pdf", action="store_true", help="also print each sheet to PDF with headless chromium")
    args = p.parse_args(argv)
    stale = []
    for name in sheet_names():
        path = OUT / f"{name}-sheet.html"
        text = render(name)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
            continue
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
        if args.pdf:
            print(f"printed {print_pdf(name).relative_to(ROOT)}")
    if stale:
        print(f"out of date (run docs/make_sheets.py): {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
