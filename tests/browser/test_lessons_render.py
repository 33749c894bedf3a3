"""Every lesson runs in a real JupyterLab in chromium and its widgets show;
the classroom notebook renders in Voila. Screenshots: test-output/browser/."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import (
    CLASSROOM, NOTEBOOKS, open_notebook, run_all_cells, screenshot_whole, set_theme,
    wait_for_widgets, widget_errors,
)

pytestmark = pytest.mark.browser

# Numbered lessons: 01_… to 11_… (the classroom notebook has its own test below).
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]*_*.ipynb"))


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_and_shows_its_widgets(page, lab_server, output_dir, name):
    open_notebook(page, lab_server, name)
    set_theme(page, dark=False)
    run_all_cells(page)
    count = wait_for_widgets(page)

    assert widget_errors(page) == [], f"{name}: rendering errors in JupyterLab"
    assert count >= 1, f"{name}: no widget rendered"
    if "CardTable(" in (NOTEBOOKS / name).read_text(encoding="utf-8"):
        assert page.locator(".pn-table").count() >= 1, f"{name}: its card table did not render"
    traceback = page.locator(".jp-Notebook .jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    assert traceback.count() == 0, f"{name}: a cell raised: {traceback.first.text_content()[:2000]}"

    # The whole lesson as a student sees it; the first one in the dark theme too.
    screenshot_whole(page, output_dir / f"{Path(name).stem}-light.png")
    if name == LESSONS[0]:
        set_theme(page, dark=True)
        assert widget_errors(page) == [], f"{name}: rendering errors after switching to the dark theme"
        screenshot_whole(page, output_dir / f"{Path(name).stem}-dark.png")
        set_theme(page, dark=False)


def _render_in_voila(page, server, name: str, output_dir: Path) -> None:
    page.goto(server.url_for(), wait_until="domcontentloaded", timeout=180_000)
    count = wait_for_widgets(page, timeout=180_000)
    assert widget_errors(page) == [], f"{name}: rendering errors in Voila"
    assert count >= 1, f"{name}: no widget rendered in Voila"
    if "CardTable(" in (NOTEBOOKS / name).read_text(encoding="utf-8"):
        assert page.locator(".pn-table").count() >= 1, f"{name}: its card table did not render in Voila"
    screenshot_whole(page, output_dir / f"{Path(name).stem}-voila.png")


def test_classroom_renders_in_voila(page, voila_server, output_dir):
    _render_in_voila(page, voila_server, CLASSROOM, output_dir)


def test_voila_renders_the_first_lesson(page, start_voila, output_dir):
    """The Voila set-up itself (kit.py classroom), checked on a lesson until and
    besides the classroom notebook."""
    _render_in_voila(page, start_voila(LESSONS[0]), LESSONS[0], output_dir)
