"""The campaign in a real chromium: lesson 7 and the campaign view (widgets.CampaignView).

* Lesson 7 opened as shipped shows its text lines (no widget error), then runs without error, and
  the campaign view's four tabs render and can be clicked through (a screenshot of each).
* A notebook written for the test keeps a score book with a group called
  ``<img src=x onerror=alert(1)>``: the name is shown as text on every tab, no image element is
  made and no script runs; a ride typed in on the Hand entry tab is refused with the score book's
  message (nothing added) and then accepted; another book's JSON export is imported with the upload button.
* The campaign's classroom page renders in Voilà on a score book chosen through
  ``PATERNOSTER_SCORE_BOOK`` (as ``kit.py classroom campaign --score-book PATH`` sets it), at 1024×768 as
  a projector shows it: the file's path is nowhere on the page; each refusal stands right under the button
  that caused it; the ride's table names the group's seat after the group (not "Player 1"); a group is
  renamed, and deleted only after "Delete group…" asked and "Yes, delete" answered.
Screenshots go to test-output/browser/.
"""

from __future__ import annotations

import json
import os

import pytest

from conftest import open_notebook, run_all_cells, screenshot_whole, wait_for_idle, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

LESSON = "07_campaign.ipynb"
CLASSROOM = "classroom_campaign.ipynb"
TABS = ("Building", "Ride", "Punkte (score book)", "Hand entry")
EVIL = "<img src=x onerror=alert(1)>"
VIEW = ".pn-campaign"


def _tab(view, title: str):
    return view.locator(".lm-TabBar-tab", has_text=title).first


PROJECTOR = {"width": 1024, "height": 768}


def _right_under(control, message, most: float = 130) -> None:
    """``message`` is drawn just below ``control`` (a few px to one row of controls), not at the foot of the page."""
    c, m = control.bounding_box(), message.bounding_box()
    assert c is not None and m is not None
    gap = m["y"] - (c["y"] + c["height"])
    assert 0 <= gap <= most, (c, m)


def _click_tabs(view, output_dir, stem: str) -> None:
    """Click every tab; each shows its panel (screenshot of each)."""
    for title in TABS:
        _tab(view, title).click()
        view.page.wait_for_function(
            "([v, t]) => [...v.querySelectorAll('.lm-TabBar-tab.lm-mod-current')].some(e => e.textContent.includes(t))",
            arg=[view.element_handle(), title], timeout=15_000)
        view.page.wait_for_timeout(400)
        view.screenshot(path=str(output_dir / f"{stem}-{title.split()[0].lower()}.png"))


def test_lesson_7_as_shipped_then_run(page, lab_server, output_dir):
    open_notebook(page, lab_server, LESSON)
    text = page.locator(".jp-Notebook").inner_text()
    assert "Campaign: run this cell (Shift+Enter)" in text
    assert "Card table: run this cell (Shift+Enter)" in text
    assert widget_errors(page) == []
    screenshot_whole(page, output_dir / "campaign-lesson-as-shipped.png")

    run_all_cells(page)
    wait_for_widgets(page)
    assert widget_errors(page) == []
    traceback = page.locator(".jp-Notebook .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    assert traceback.count() == 0, traceback.first.text_content()[:2000]
    view = page.locator(VIEW).first
    view.wait_for(state="visible", timeout=30_000)
    view.scroll_into_view_if_needed()
    titles = [t.strip() for t in view.locator(".lm-TabBar-tab").all_inner_texts()]
    assert titles == list(TABS)
    building = view.inner_text()
    assert "Probefahrt" in building and "Penthouse" in building and "Reds" in building
    _click_tabs(view, output_dir, "campaign-lesson")
    _tab(view, "Punkte (score book)").click()
    try:  # the stars-over-time plot, drawn when the tab is shown
        page.wait_for_function("v => [...v.querySelectorAll('img')].some(i => i.complete && i.naturalWidth > 100)",
                               arg=view.element_handle(), timeout=15_000)
    except Exception:
        raise AssertionError("no plot on the score book tab: " + view.inner_text()[-600:]) from None
    view.screenshot(path=str(output_dir / "campaign-lesson-punkte.png"))
    points = view.inner_text()
    assert "Blues" in points and "Best stars per floor" in points
    assert page.locator(".pn-table").count() >= 1     # the one-seat ride on floor 1


NOTEBOOK = "campaign_test.ipynb"


def _cells(book: str) -> list[str]:
    return [
        "from datetime import date\nfrom paternoster.campaign.book import ScoreBook\nfrom widgets import CampaignView",
        f"book = ScoreBook.open({book!r})\nbook.add_group({EVIL!r})\n"
        f"book.add_ride({EVIL!r}, 1, players=2, remaining=0, played_on=date(2026, 3, 2))\n"
        f"view = CampaignView(book, group={EVIL!r})\nview",
    ]


def test_a_group_name_is_text_and_hand_entry_refuses_then_adds(page, lab_server, output_dir, tmp_path):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_viewport_size(PROJECTOR)
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "cells": [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None,
                     "id": f"c{i}"} for i, src in enumerate(_cells(str(tmp_path / "evil.sqlite")))]}
    (lab_server.root / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    open_notebook(page, lab_server, NOTEBOOK)
    run_all_cells(page)
    wait_for_widgets(page)
    assert widget_errors(page) == []
    view = page.locator(VIEW).first
    view.wait_for(state="visible", timeout=30_000)
    _click_tabs(view, output_dir, "campaign-evil")
    for title in ("Building", "Punkte (score book)"):
        _tab(view, title).click()
        page.wait_for_timeout(300)
        assert EVIL in view.inner_text(), title           # the name, as text
    assert view.locator('img[src="x"]').count() == 0       # never an image made from the name
    assert dialogs == []                                   # and no script ran

    # Hand entry: refused ("1e3": a number box would have kept 13), then accepted (2 cards left on floor 1)
    _tab(view, "Hand entry").click()
    remaining = view.locator(".widget-inline-hbox", has_text="Remaining cards").locator("input").first
    remaining.fill("1e3")
    remaining.press("Enter")
    add = view.locator("button", has_text="Add this ride")
    add.click()
    page.wait_for_function("v => v.innerText.includes('Not added')", arg=view.element_handle(), timeout=15_000)
    assert "digits" in view.inner_text() and "1e3" in view.inner_text()
    _right_under(add, view.get_by_text("Not added", exact=False).first, most=40)   # under the button it answers
    view.screenshot(path=str(output_dir / "campaign-hand-entry-refused.png"))
    remaining.fill("2")
    remaining.press("Enter")
    wait_for_idle(page)  # ipywidgets may hold a box's new value back while the kernel is busy; a click is not held
    add.click()
    page.wait_for_function("v => v.innerText.includes('Added:')", arg=view.element_handle(), timeout=15_000)
    assert "Not added" not in view.inner_text()
    _tab(view, "Punkte (score book)").click()
    page.wait_for_function("v => v.innerText.includes('2 rides')", arg=view.element_handle(), timeout=15_000)
    assert dialogs == [] and view.locator('img[src="x"]').count() == 0
    assert "Added:" not in view.inner_text()                       # the hand entry's message stays on its tab
    # rides typed in only: no empty replay chooser, a sentence instead
    assert not view.locator("button", has_text="Replay it").is_visible()
    assert "none to replay" in view.inner_text()
    # the download links look like links (underlined, framed, not the text colour)
    view.locator("button", has_text="Prepare downloads").click()
    link = view.locator("a.pn-download", has_text="Download JSON")
    link.wait_for(state="visible", timeout=15_000)
    looks = link.evaluate("a => { const s = getComputedStyle(a), t = getComputedStyle(a.parentElement);"
                          " return [s.textDecorationLine, s.borderTopWidth, s.color, t.color]; }")
    assert "underline" in looks[0] and looks[1] != "0px" and looks[2] != looks[3], looks
    view.screenshot(path=str(output_dir / "campaign-downloads.png"))

    # bring back another book's export (a Binder user's download): the Import button on the score book tab
    from datetime import date

    from paternoster.campaign.book import ScoreBook

    export = tmp_path / "greens.json"
    with ScoreBook.open(tmp_path / "greens.sqlite") as other:
        other.add_group("Greens")
        other.add_ride("Greens", 1, players=3, remaining=1, played_on=date(2026, 3, 3))
        other.export_json(export)
    with page.expect_file_chooser() as chooser:
        view.locator("button", has_text="Choose an export").click()
    chooser.value.set_files(str(export))
    view.locator("button", has_text="Import it into this score book").click()
    page.wait_for_function("v => v.innerText.includes('Imported greens.json')", arg=view.element_handle(),
                           timeout=15_000)
    page.wait_for_function("v => v.innerText.includes('3 rides') && v.innerText.includes('Greens')",
                           arg=view.element_handle(), timeout=15_000)
    view.screenshot(path=str(output_dir / "campaign-imported.png"))


def test_the_campaign_classroom_page_renders_in_voila(page, start_voila, output_dir, tmp_path_factory):
    book = tmp_path_factory.mktemp("scorebook") / "class.sqlite"
    old = os.environ.get("PATERNOSTER_SCORE_BOOK")
    os.environ["PATERNOSTER_SCORE_BOOK"] = str(book)   # read when the Voilà server starts
    try:
        server = start_voila(CLASSROOM)
    finally:
        if old is None:
            os.environ.pop("PATERNOSTER_SCORE_BOOK", None)
        else:
            os.environ["PATERNOSTER_SCORE_BOOK"] = old
    page.set_viewport_size(PROJECTOR)
    page.goto(server.url_for(), wait_until="domcontentloaded", timeout=180_000)
    wait_for_widgets(page, timeout=180_000)
    assert widget_errors(page) == []
    view = page.locator(VIEW).first
    view.wait_for(state="visible", timeout=60_000)
    text = page.locator("body").inner_text()
    assert str(book) not in text and str(book.parent) not in text and "class.sqlite" not in view.inner_text()
    # a refusal stands under the button that caused it: "Ride this floor" before any group exists
    ride_button = view.locator("button", has_text="Ride this floor")
    ride_button.click()
    page.wait_for_function("v => v.innerText.includes('add a group first')", arg=view.element_handle(), timeout=15_000)
    _right_under(ride_button, view.get_by_text("add a group first", exact=False).first, most=40)
    view.screenshot(path=str(output_dir / "campaign-voila-refusal-under-ride-button.png"))
    # a new group, typed in as a teacher would; its message under the group rows
    add = view.locator("button", has_text="Add group")
    view.locator("input[placeholder=\"a new group's name\"]").fill(EVIL)
    add.click()
    page.wait_for_function("v => v.innerText.includes('Group added')", arg=view.element_handle(), timeout=15_000)
    assert EVIL in view.inner_text() and view.locator('img[src="x"]').count() == 0
    _right_under(add, view.get_by_text("Group added", exact=False).first)
    assert "add a group first" not in view.inner_text()             # the ride button's old refusal went
    # a ride on floor 1 for that group: the Ride tab shows the floor's card table, the class's seat named after it
    ride_button.click()
    table = view.locator(".pn-table").first
    table.wait_for(state="visible", timeout=30_000)
    assert "Floor 1" in view.inner_text() and EVIL in table.inner_text()
    assert "Player 1" not in table.inner_text() and "Player 2" in table.inner_text()
    view.screenshot(path=str(output_dir / "campaign-voila-ride-dealt.png"))
    _click_tabs(view, output_dir, "campaign-voila")
    # rename the group, then delete it: first "Keep it", then "Yes, delete"
    _tab(view, "Building").click()
    view.locator("input[placeholder=\"the chosen group's new name\"]").fill("Rote Füchse")
    view.locator("button", has_text="Rename group").click()
    page.wait_for_function("v => v.innerText.includes('is now Rote Füchse')", arg=view.element_handle(),
                           timeout=15_000)
    assert "Rote Füchse: 0 of 36 stars" in view.inner_text()
    delete = view.locator("button", has_text="Delete group")
    yes = view.locator("button", has_text="Yes, delete")
    assert not yes.is_visible()
    delete.click()
    yes.wait_for(state="visible", timeout=15_000)
    assert "Delete Rote Füchse and its 0 rides for good?" in view.inner_text()
    _right_under(delete, yes, most=20)
    view.screenshot(path=str(output_dir / "campaign-voila-delete-asks.png"))
    view.locator("button", has_text="Keep it").click()
    yes.wait_for(state="hidden", timeout=15_000)
    assert "Rote Füchse" in view.inner_text()
    delete.click()
    yes.click()
    page.wait_for_function("v => v.innerText.includes('Deleted: Rote Füchse')", arg=view.element_handle(),
                           timeout=15_000)
    assert "No group yet" in view.inner_text()
    view.screenshot(path=str(output_dir / "campaign-voila-deleted.png"))
    screenshot_whole(page, output_dir / "classroom_campaign-voila.png")
    assert book.exists() and sorted(p.name for p in book.parent.iterdir()) == ["class.sqlite"]
