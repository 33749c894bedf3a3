"""Every citation of the kit's rule books points to a section that exists.

The kit cites its own rule books (``docs/rules/paternoster.md``, ``docs/rules/paskahousu.md``)
as "rules §5.2" (Paternoster) and "Paskahousu rules §3.1"; see ``docs/rules/README.md``.
These tests read the numbered headings of both rule books and check every citation found in
the engine, the widgets, the lessons, the README and the docs — and that no product file
still cites the original source documents.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
BOOKS = {"paternoster": RULES / "paternoster.md", "paskahousu": RULES / "paskahousu.md"}
SCANNED = ("paternoster", "widgets", "notebooks", "docs", "README.md")
SUFFIXES = {".py", ".md", ".ipynb", ".js", ".html", ".txt", ".css"}

_HEADING = re.compile(r"^(#{2,3})\s+(\d+)(?:\.(\d+))?\.?\s+\S", re.M)
_SECTION = r"§\s?\d+(?:\.\d+)?"
# "rules §4.4", "Paskahousu rules §7.1", "rules §4.1–§4.5", "rules §6.1, §6.3 and §7.2"
_CITATION = re.compile(rf"(Paskahousu\s+)?rules\s+({_SECTION}(?:\s*(?:,|–|-|and|or|to)\s*{_SECTION})*)",
                       re.IGNORECASE)
_NUMBER = re.compile(r"§\s?(\d+(?:\.\d+)?)")
_BARE = re.compile(r"(?<![\w§])" + _SECTION)


def sections(path: Path) -> set[str]:
    """The section numbers a rule book defines: ``{"1", "1.1", "1.2", "2", …}``.

    Chapters are ``## N. Title``, sections ``### N.M Title``.
    """
    text = path.read_text(encoding="utf-8")
    found = set()
    for level, major, minor in _HEADING.findall(text):
        if level == "##" and not minor:
            found.add(major)
        elif level == "###" and minor:
            found.add(f"{major}.{minor}")
    return found


def citations(text: str) -> list[tuple[str, str]]:
    """Every rule-book citation in ``text`` as ``(book, number)``; book is "paternoster" or "paskahousu"."""
    out = []
    for m in _CITATION.finditer(text):
        book = "paskahousu" if m.group(1) else "paternoster"
        out += [(book, n) for n in _NUMBER.findall(m.group(2))]
    return out


def product_files() -> list[Path]:
    files = []
    for name in SCANNED:
        p = ROOT / name
        if p.is_file():
            files.append(p)
        elif p.is_dir():
            files += [f for f in sorted(p.rglob("*")) if f.is_file() and f.suffix in SUFFIXES
                      and ".ipynb_checkpoints" not in f.parts and "__pycache__" not in f.parts]
    return files


def readable_text(path: Path) -> str:
    """A file's text; for a notebook its cells' sources and text outputs (the JSON escapes nothing then)."""
    raw = path.read_text(encoding="utf-8")
    if path.suffix != ".ipynb":
        return raw
    parts = []
    for cell in json.loads(raw).get("cells", []):
        parts.append("".join(cell.get("source", "")))
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            for value in out.get("data", {}).values():
                if isinstance(value, (str, list)):
                    parts.append("".join(value))
    return "\n".join(parts)


def missing_citations(text: str, known: dict[str, set[str]]) -> list[str]:
    """The citations in ``text`` whose section does not exist, as readable strings."""
    bad = []
    for book, number in citations(text):
        if number not in known[book]:
            prefix = "Paskahousu rules" if book == "paskahousu" else "rules"
            bad.append(f"{prefix} §{number}")
    return bad


@pytest.fixture(scope="module")
def known() -> dict[str, set[str]]:
    return {book: sections(path) for book, path in BOOKS.items()}


def test_rule_books_have_numbered_sections(known):
    for book, secs in known.items():
        chapters = sorted(int(s) for s in secs if "." not in s)
        assert chapters == list(range(1, len(chapters) + 1)), f"{book}: chapters not numbered 1, 2, 3 …"
        for c in chapters:
            minors = sorted(int(s.split(".")[1]) for s in secs if s.startswith(f"{c}."))
            assert minors == list(range(1, len(minors) + 1)), f"{book} chapter {c}: sections not 1, 2, 3 …"
        assert len(secs) > 40, f"{book}: only {len(secs)} sections found — did the heading format change?"


def test_checker_finds_citations_and_missing_sections(known):
    text = ("See rules §4.4 and rules §4.1–§4.5; Paskahousu rules §7.1, §99.2. "
            "Rules §99 is no chapter.")
    assert citations(text) == [("paternoster", "4.4"), ("paternoster", "4.1"), ("paternoster", "4.5"),
                               ("paskahousu", "7.1"), ("paskahousu", "99.2"), ("paternoster", "99")]
    assert missing_citations(text, known) == ["Paskahousu rules §99.2", "rules §99"]


def test_every_citation_points_to_an_existing_section(known):
    bad = []
    seen = 0
    for path in product_files():
        text = readable_text(path)
        seen += len(citations(text))
        bad += [f"{path.relative_to(ROOT)}: {c}" for c in missing_citations(text, known)]
    assert not bad, "Citations of sections that do not exist:\n" + "\n".join(bad)
    assert seen > 0, "no citation found at all — is the search pattern still right?"


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_rule_books_cross_references_exist(book, known):
    """Inside a rule book a bare "§4.5" means that book's own section."""
    text = BOOKS[book].read_text(encoding="utf-8")
    text = _CITATION.sub("", text)  # explicit citations are checked above
    bad = sorted({m.group(0) for m in _BARE.finditer(text)
                  if m.group(0).replace("§", "").strip() not in known[book]})
    assert not bad, f"{book} rule book refers to missing sections: {', '.join(bad)}"


_SOURCE_CITATION = re.compile(r"spec section|\(seed, '|seed '")


def test_no_product_file_cites_the_source_documents():
    found = []
    for path in product_files():
        for n, line in enumerate(readable_text(path).splitlines(), 1):
            if _SOURCE_CITATION.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not found, f"{len(found)} lines still cite the seed or the spec:\n" + "\n".join(found[:40])


SHEETS = {"paternoster": RULES / "paternoster-sheet.html", "paskahousu": RULES / "paskahousu-sheet.html"}


@pytest.mark.parametrize("book", sorted(SHEETS))
def test_printable_sheet_is_self_contained_and_cites_existing_sections(book, known):
    """A sheet's bare "§6.1" means its own game's rule book; it loads nothing from elsewhere."""
    html = SHEETS[book].read_text(encoding="utf-8")
    assert "@page" in html and "A4" in html, f"{SHEETS[book].name}: no A4 print rule"
    external = re.findall(r"(?:src|href)\s*=\s*[\"']?(?:https?:)?//[^\s\"'>]+|@import|url\(\s*[\"']?https?:", html)
    assert not external, f"{SHEETS[book].name} loads something from elsewhere: {external}"
    text = re.sub(r"<[^>]+>", " ", html)
    cited = {n for m in _BARE.finditer(text) for n in _NUMBER.findall(m.group(0))}
    for m in re.finditer(r"§(\d+)–§(\d+)", text):  # a range of chapters
        cited |= {m.group(1), m.group(2)}
    assert cited, f"{SHEETS[book].name} cites no section of its rule book"
    missing = sorted(cited - known[book])
    assert not missing, f"{SHEETS[book].name} cites sections its rule book does not have: {missing}"
