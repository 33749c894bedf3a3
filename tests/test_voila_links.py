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
