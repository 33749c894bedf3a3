"""Every link from a lesson to another notebook (or a file of the repository) points to one that exists,
and the numbered lessons form one chain: each lesson's "next" is the following lesson's "previous"."""

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LESSONS = sorted(p for p in NOTEBOOKS if re.match(r"\d\d[a-z]?_", p.name))  # 05a_…, 06b_…: a lesson in parts
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


def markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_local_links_resolve(path):
    local = [t for t in LINK.findall(markdown(path)) if "://" not in t and not t.startswith("mailto:")]
    missing = [t for t in local if not (path.parent / t).exists()]
    assert missing == [], f"{path.name} links to missing files: {missing}"


def test_lessons_form_one_chain_of_previous_and_next():
    assert len(LESSONS) >= 2
    for a, b in zip(LESSONS, LESSONS[1:]):
        head_a = markdown(a).split("\n\n")[1]
        head_b = markdown(b).split("\n\n")[1]
        assert f"[next: " in head_a and f"]({b.name})" in head_a, f"{a.name}'s header does not link on to {b.name}"
        assert f"[previous: " in head_b and f"]({a.name})" in head_b, f"{b.name}'s header does not link back to {a.name}"
