"""The Paskahousu card table in a real chromium: several cards of one rank in one play.

Lesson 10's "Your turn" table (seed 8), as a student meets it after running the lesson:
Undo takes back Dan's pair of 4s; a click on the 4♥ offers "Play 4♥ 4♣"; a click on that
plays both. Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import pytest

from conftest import open_notebook, run_all_cells, set_theme, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

LESSON = "10_paskahousu_game.ipynb"
LIVE = '.pn-table[data-mode="play"]'


def answered(table, before: str | None) -> None:
    table.page.wait_for_function("([t, r]) => t.dataset.revision !== r",
                                 arg=[table.element_handle(), before], timeout=15_000)


def test_a_pair_is_played_with_one_choice(page, lab_server, output_dir):
    open_notebook(page, lab_server, LESSON)
    set_theme(page, dark=False)
    run_all_cells(page)
    wait_for_widgets(page)
    table = page.locator(LIVE).first
    table.wait_for(state="visible", timeout=30_000)
    assert widget_errors(page) == []
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
