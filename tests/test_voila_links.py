"""The README links every lesson and both classroom pages as a Voilà page on Binder, and each link
names a notebook that exists (issue 11: a live page without code per lesson)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"urlpath=voila/render/notebooks/([\w.-]+\.ipynb)")


def test_every_lesson_and_classroom_page_has_a_voila_link_that_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(LINK.findall(readme))
    pages = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")
             if re.match(r"\d\d", p.name) or p.name.startswith("classroom")}
    assert pages, "no lessons found"
    assert sorted(pages - linked) == [], "lessons without a Voilà link in the README"
    assert sorted(linked - pages) == [], "README Voilà links to notebooks that do not exist"


def test_every_lesson_row_opens_the_same_lesson_on_this_machine():
    """Each row of the README's lesson table names the lesson's Binder page and the `kit.py page`
    command that opens the same notebook locally (kit.py's own lesson finder resolves it)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_kit_for_links", ROOT / "kit.py")
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\|[^|\n]+\| <[^>]*urlpath=voila/render/notebooks/([\w.-]+\.ipynb)> \| `python3 kit\.py page "
                      r"(\w+)` \|$", readme, flags=re.M)
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb")}
    assert {name for name, _ in rows} == lessons, "lessons without a row (Binder link and kit.py page) in the README"
    assert [(name, f"notebooks/{name}") for name, _ in rows] == [(name, kit.find_page(n)) for name, n in rows]
