"""The Paskahousu card tables of lesson 10 in a real chromium.

* The step-through table: the arrow keys step (not JupyterLab's cell navigation), Home / End.
* A play table driven from code, in a probe notebook beside the lessons (lesson 10 shows no card of its
  student's deal, so the demo lives here): Undo takes back Dan's pair of 4s; a click on the 4♥ offers
  "Play 4♥ 4♣"; a click on that plays both.
Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import nbformat
import pytest

from conftest import open_notebook, run_all_cells, set_theme, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

LESSON = "10_paskahousu_game.ipynb"
PROBE = "kit_probe_pair.ipynb"
PROBE_CODE = """from paternoster.paskahousu import PaskahousuGame
from widgets import PaskahousuCardTable

demo = PaskahousuCardTable(PaskahousuGame.new(players=4, seed=8, names=["Anna", "Ben", "Carla", "Dan"]))
demo.opening_lay()
for _ in range(3):
    demo.computer_move()
demo.play("4♥ 4♣")
demo"""
LIVE = '.pn-table[data-mode="play"]'
STEPS = '.pn-table[data-mode="step"]'


@pytest.fixture
def lesson(page, lab_server):
    open_notebook(page, lab_server, LESSON)
    set_theme(page, dark=False)
    run_all_cells(page)
    wait_for_widgets(page)
    assert widget_errors(page) == []
    return page


def answered(table, before: str | None) -> None:
    table.page.wait_for_function("([t, r]) => t.dataset.revision !== r",
                                 arg=[table.element_handle(), before], timeout=15_000)


def step_label(table) -> str:
    return table.locator(".pn-step-label").text_content()


def test_arrow_keys_step_through_the_game(lesson):
    table = lesson.locator(STEPS).first
    table.wait_for(state="visible", timeout=30_000)
    table.scroll_into_view_if_needed()
    steps = int(step_label(table).split(" of ")[1])
    # the lesson leaves its step table fresh, on step 0 ("First" is disabled there)
    lesson.wait_for_function("t => t.querySelector('.pn-step-label').textContent.startsWith('Step 0 ')",
                             arg=table.element_handle(), timeout=15_000)
    table.locator('button[data-step="forward"]').click()        # the focus is now inside the table
    lesson.wait_for_function("t => t.querySelector('.pn-step-label').textContent.startsWith('Step 1 ')",
                             arg=table.element_handle(), timeout=15_000)
    for key, expected in [("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2), ("End", steps), ("Home", 0)]:
        lesson.keyboard.press(key)
        lesson.wait_for_function("([t, k]) => t.querySelector('.pn-step-label').textContent.startsWith(`Step ${k} `)",
                                 arg=[table.element_handle(), expected], timeout=15_000)
    for _ in range(3):  # faster than the kernel answers: each press still counts
        lesson.keyboard.press("ArrowRight")
    lesson.wait_for_function("t => t.querySelector('.pn-step-label').textContent.startsWith('Step 3 ')",
                             arg=table.element_handle(), timeout=15_000)
    # JupyterLab did not take the keys: the focus is still in the table
    assert lesson.evaluate("t => t.contains(document.activeElement)", table.element_handle())


@pytest.fixture
def probe(page, lab_server):
    nb = nbformat.v4.new_notebook()
    nb.metadata = nbformat.read(lab_server.root / LESSON, as_version=4).metadata   # its kernel: no kernel chooser
    nb.cells = [nbformat.v4.new_code_cell(PROBE_CODE)]
    nbformat.write(nb, lab_server.root / PROBE)
    open_notebook(page, lab_server, PROBE)
    run_all_cells(page)
    wait_for_widgets(page)
    assert widget_errors(page) == []
    return page


def test_a_pair_is_played_with_one_choice(probe, output_dir):
    lesson = probe
    table = lesson.locator(LIVE).first    # the probe's play table, driven by its cell
    table.wait_for(state="visible", timeout=30_000)
    table.scroll_into_view_if_needed()
    discard = table.locator('.pn-pile[data-pile="discard"]')

    before = table.get_attribute("data-revision")
    table.locator('button[data-action="undo"]').click()          # Dan's 4♥ 4♣ taken back
    answered(table, before)
    count = int(discard.get_attribute("data-count"))
    assert table.locator('button.pn-card[data-card="4♥"]').count() == 1

    table.locator('button.pn-card[data-card="4♥"]').click()
    choice = table.locator("button.pn-choice")
    choice.first.wait_for(state="visible", timeout=10_000)
    assert choice.first.text_content() == "Play 4♥ 4♣"
    assert discard.get_attribute("data-kind") == "allowed"       # the single 4♥ may go there too
    table.screenshot(path=str(output_dir / "paskahousu-choice.png"))

    before = table.get_attribute("data-revision")
    choice.first.click()
    answered(table, before)
    assert int(discard.get_attribute("data-count")) == count + 2
    assert "Dan plays 4♥ 4♣" in table.locator(".pn-message").text_content()
    assert table.locator("button.pn-choice").count() == 0        # the choice went with the cards
