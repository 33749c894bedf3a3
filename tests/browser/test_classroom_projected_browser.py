"""The classroom pages as a class sees them on the projector: Voilà at 1024×768 in a real chromium.

* No teacher instructions, shell commands or file paths on the page (they are JupyterLab-only passages).
* With *Large cards* (the classroom's default) every text on the panel and the table — panel labels and
  messages, the game log, the other hands, the table's message — is at least 18 px.
* A deal number that is not digits ("3.5", "1e3") is refused right under its box, and nothing changes.
* With every seat the computer's, its turns come one at a time (never the whole game at once) and
  *Pause* stops them.

Screenshots go to test-output/browser/projected-*.png (the viewport as projected, and the whole page).
"""

from __future__ import annotations

import re

import pytest

from conftest import screenshot_whole, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1024, "height": 768}
MIN_PX = 18

SIZES_JS = """
root => {
  const out = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('[hidden], .pn-sr-only, option, style')) continue;
    const st = getComputedStyle(el);
    if (st.display === 'none' || st.visibility === 'hidden' || el.getClientRects().length === 0) continue;
    out.push({px: parseFloat(st.fontSize), text: el.textContent.trim().slice(0, 40),
              cls: String(el.className).slice(0, 50)});
  }
  return out;
}
"""


def _open(page, start_voila, name):
    page.set_viewport_size(PROJECTOR)
    server = start_voila(name)
    page.goto(server.url_for(), wait_until="domcontentloaded", timeout=180_000)
    wait_for_widgets(page, minimum=2, timeout=180_000)
    page.locator('.pn-classroom .pn-table[data-mode="play"]').wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(500)
    assert widget_errors(page) == []
    return page.locator(".pn-classroom").first


def _deal_box(page):
    return page.locator(".pn-classroom .widget-text", has=page.locator("label", has_text="Deal number")).locator("input")


@pytest.mark.parametrize("name", ["classroom.ipynb", "classroom_paskahousu.ipynb"])
def test_the_projected_page_has_no_instructions_and_reads_from_the_back(page, start_voila, output_dir, name):
    panel = _open(page, start_voila, name)
    text = page.evaluate("() => document.body.innerText")
    for word in ("kit.py", "python3", ".ipynb", "notebooks/", "Shift+Enter", "For the teacher", "Binder"):
        assert word not in text, f"{name}: the projected page says {word!r}"
    small = [s for s in panel.evaluate(SIZES_JS) if s["px"] < MIN_PX]
    assert small == [], f"{name}: text under {MIN_PX} px on the projected panel and table: {small[:8]}"
    stem = name.removesuffix(".ipynb")
    page.screenshot(path=str(output_dir / f"projected-{stem}-1024x768.png"))
    screenshot_whole(page, output_dir / f"projected-{stem}-whole.png")


@pytest.mark.parametrize("typed", ["3.5", "1e3"])
def test_a_deal_number_that_is_not_digits_is_refused_under_its_box(page, start_voila, output_dir, typed):
    _open(page, start_voila, "classroom.ipynb")
    box = _deal_box(page)
    assert box.input_value() == "7"
    cards = lambda: page.locator('.pn-table[data-mode="play"] button.pn-card').evaluate_all(  # noqa: E731
        "cs => cs.map(c => c.dataset.card)")
    before = cards()
    box.fill(typed)
    box.press("Enter")
    page.get_by_role("button", name="Deal with these settings").click()
    refusal = page.locator(".pn-classroom [role=status]", has_text="digits only").first
    refusal.wait_for(state="visible", timeout=30_000)
    assert re.search(r"Not dealt: Deal number: a whole number .* not '" + re.escape(typed), refusal.text_content())
    assert refusal.text_content().count("⚠") == 1
    under = refusal.bounding_box()["y"] - (box.bounding_box()["y"] + box.bounding_box()["height"])
    assert 0 <= under < 60, f"the refusal stands {under:.0f} px below the deal number box"
    assert cards() == before and widget_errors(page) == []
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"projected-refused-{typed}.png"))


def test_every_seat_computer_plays_one_turn_at_a_time(page, start_voila, output_dir):
    _open(page, start_voila, "classroom_paskahousu.ipynb")
    page.locator(".pn-classroom label", has_text="Group A").first.click()   # now every seat is the computer's
    page.get_by_role("button", name="Deal with these settings").click()
    page.wait_for_function("() => document.body.textContent.includes('one turn at a time')", timeout=30_000)
    table = page.locator('.pn-classroom .pn-table[data-mode="play"]').first
    turn = lambda: int(re.search(r"Turn (\d+)", table.locator(".pn-status").text_content()).group(1))  # noqa: E731
    first = turn()
    assert table.locator(".pn-message").text_content().count("Turn ") <= 1   # no dump of every turn
    page.wait_for_timeout(5_000)
    later = turn()
    assert 2 <= later - first <= 6, f"turn {first} → {later} in 5 s: not one at a time"
    assert not table.evaluate("t => t.classList.contains('pn-over')")
    page.screenshot(path=str(output_dir / "projected-all-computer.png"))
    before = table.get_attribute("data-revision")
    table.locator('button[data-action="pause"]').click()
    page.wait_for_function("([t, r]) => t.dataset.revision !== r", arg=[table.element_handle(), before])
    paused = turn()
    page.wait_for_timeout(3_500)
    assert turn() == paused and table.locator('button[data-action="pause"]').text_content() == "Go on ▶"
