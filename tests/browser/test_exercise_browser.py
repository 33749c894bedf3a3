"""The exercise widget in a real chromium: choose, Check, Hint, Reveal, New position, First position;
contrast in both themes.

A small test notebook is written into the lab server's copy of notebooks/ (no lesson is
touched).  Contrast ratios are measured (WCAG: text colour against the first opaque
background behind it) and printed; each must be at least 4.5:1.  Screenshots go to
test-output/browser/.
"""

from __future__ import annotations

import json

import pytest

from conftest import open_notebook, run_all_cells, set_theme, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

NAME = "exercise_widget_test.ipynb"
CELLS = [
    "from widgets import ExerciseWidget\nExerciseWidget('may-play', seed=1, label='Exercise 1')",
    "ExerciseWidget('piles-for-card', seed=2)",
]

CONTRAST_JS = """el => {
    const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
        const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const fg = rgb(getComputedStyle(el).color);
    let node = el, bg = null;
    while (node && node.nodeType === 1) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) { bg = c; break; }
        node = node.parentElement;
    }
    bg = bg || [255, 255, 255];
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def _notebook() -> str:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
             for src in CELLS]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def exercise(page, lab_server):
    (lab_server.root / NAME).write_text(_notebook(), encoding="utf-8")
    open_notebook(page, lab_server, NAME)
    set_theme(page, dark=False)
    run_all_cells(page)
    wait_for_widgets(page)
    box = page.locator(".pn-exercise").first
    box.wait_for(state="visible", timeout=30_000)
    assert widget_errors(page) == []
    return box


def _texts(box) -> list:
    """Every element with its own visible text inside the widget."""
    return box.locator("xpath=.//*[normalize-space(text()) != '']").all()


def _ratios(page, box) -> list[float]:
    return [page.evaluate(CONTRAST_JS, el.element_handle()) for el in _texts(box) if el.is_visible()]


def _feedback(box) -> str:
    return " ".join(t.inner_text() for t in box.locator("[role=status], [role=alert]").all() if t.is_visible())


def test_check_hint_reveal_and_contrast_in_both_themes(exercise, output_dir):
    page, box = exercise.page, exercise
    assert "Exercise 1: " in box.inner_text() and "May " in box.inner_text()
    answer = page.evaluate("b => b.innerText", box.element_handle())
    # a wrong answer: the widget says so, shows neither the answer nor the hint, however many tries
    for option in ("yes", "no"):
        box.get_by_text(option, exact=True).first.click()
        box.get_by_role("button", name="Check").click()
        page.wait_for_function("b => /[✓✗]/.test(b.innerText)", arg=box.element_handle(), timeout=15_000)
        if "✗" in _feedback(box):
            break
    wrong = _feedback(box)
    assert wrong.startswith("✗ Not quite") and "Answer:" not in box.inner_text() and "Hint:" not in box.inner_text()
    box.get_by_role("button", name="Check").click()                    # a second wrong try: still no answer
    page.wait_for_function("b => b.innerText.includes('try 2')", arg=box.element_handle(), timeout=15_000)
    assert "Answer:" not in box.inner_text()
    box.get_by_role("button", name="Hint").click()
    page.wait_for_function("b => b.innerText.includes('Hint:')", arg=box.element_handle(), timeout=15_000)
    assert box.get_by_role("button", name="Hint").is_disabled()         # the hint once: nothing new to show
    results = {}
    for dark in (False, True):
        set_theme(page, dark=dark)
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(output_dir / f"exercise-{'dark' if dark else 'light'}.png"))
        ratios = _ratios(page, box)
        results["dark" if dark else "light"] = round(min(ratios), 2)
        for r in ratios:
            assert r >= 4.5, f"text below 4.5:1 in the {'dark' if dark else 'light'} theme ({r:.2f}:1)"
    print(f"\nexercise widget, lowest text contrast: {results}")
    set_theme(page, dark=False)
    box.get_by_role("button", name="Reveal").click()
    page.wait_for_function("b => b.innerText.includes('Answer:')", arg=box.element_handle(), timeout=15_000)
    before = box.inner_text()
    box.get_by_role("button", name="New position").click()
    # nothing of the old position stays: no answer, no hint
    page.wait_for_function("([b, t]) => b.innerText !== t && b.innerText.includes('A new position (deal number') "
                           "&& !b.innerText.includes('Answer:') && !b.innerText.includes('Hint:')",
                           arg=[box.element_handle(), before], timeout=15_000)
    assert not box.get_by_role("button", name="Hint").is_disabled()
    for dark in (False, True):                                           # the note is readable too
        set_theme(page, dark=dark)
        assert min(_ratios(page, box)) >= 4.5
    set_theme(page, dark=False)
    box.get_by_role("button", name="First position").click()
    page.wait_for_function("b => !b.innerText.includes('A new position')", arg=box.element_handle(), timeout=15_000)
    assert box.inner_text().split("Check")[0] == answer.split("Check")[0]    # the lesson's position again
    assert not box.get_by_role("button", name="First position").is_visible()
    assert widget_errors(page) == []
