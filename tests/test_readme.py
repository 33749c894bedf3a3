"""The README's Python examples run as a newcomer would paste them, each block in a fresh namespace."""

import re
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_the_readme_has_python_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i + 1}" for i in range(len(BLOCKS))])
def test_readme_example_runs(code):
    exec(compile(code, "README.md", "exec"), {})


# ------------------------------------------------------------------ the teacher's guide --

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
GUIDE_BY_LESSON = GUIDE.split("## Exercise answers", 1)[0]   # the generated answers follow it
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))


@pytest.mark.parametrize("name", LESSONS)
def test_the_teachers_guide_has_one_section_per_lesson_ready_for_plan_and_answers(name):
    sections = re.split(r"(?m)^(?=### )", GUIDE_BY_LESSON)
    mine = [s for s in sections if s.startswith("### Lesson ") and f"(`notebooks/{name}`)" in s.splitlines()[0]]
    assert len(mine) == 1, f"{name}: {len(mine)} sections in docs/teachers.md"
    for part in ("**Goal:**", "**Time:**", "**Plan, minute by minute:**", "**Try it — answers:**"):
        assert part in mine[0], f"{name}: no {part} in its section"


def test_the_teachers_guide_names_only_files_that_exist():
    named = set(re.findall(r"`((?:notebooks|docs|scorebooks)/[^`\s]+)`", GUIDE))
    assert named, "no paths found"
    made_by_the_kit = ("scorebooks/class.sqlite",)   # the default score book, created on first use
    missing = sorted(p for p in named if "<" not in p and p not in made_by_the_kit and not list(ROOT.glob(p)))
    assert missing == []


def test_the_teachers_guide_describes_every_page_and_the_panels_real_switches():
    for page in ("classroom.ipynb", "classroom_paskahousu.ipynb", "classroom_campaign.ipynb"):
        assert f"notebooks/{page}" in GUIDE
    assert "python3 kit.py page 3" in GUIDE and "voila/render/notebooks/" in GUIDE
    panel = (ROOT / "widgets" / "classroom.py").read_text(encoding="utf-8")
    switches = re.findall(r"\*([A-Z][^*]+?)\*", GUIDE.split("## The classroom pages", 1)[1].split("\n### ", 1)[0])
    switches = [s.rstrip(".") for s in switches if not s.startswith(("Preset", "House rules"))]
    assert len(switches) >= 5, switches
    unknown = [s for s in switches if s not in panel]
    assert unknown == [], f"switches the classroom panel does not have: {unknown}"
    from widgets.campaign import TABS
    for tab in TABS:
        assert f"**{tab}**" in GUIDE, f"the campaign page's tab {tab!r} is not described"


def test_the_readme_states_no_speed_outside_the_printed_speed_table():
    """Speeds are measured, not asserted: every figure of games per second, seconds or milliseconds is in
    the Speed section, which is benchmarks/speed_table.py's output."""
    speed = README.split("## Speed (measured, not asserted)", 1)
    assert len(speed) == 2 and "benchmarks/speed_table.py" in speed[1].split("\n## ", 1)[0]
    elsewhere = speed[0] + speed[1].split("\n## ", 1)[1]
    claims = re.findall(r"\d[\d,.]*(?:\s*games/s\b|\s*games per second|\s*ms\b|\s+s\b|\s+seconds?\b)", elsewhere)
    assert claims == []
