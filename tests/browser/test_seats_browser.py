"""One seat in a real chromium: "you play seat N, the computer plays the others".

A notebook written for the test holds a Paternoster table (3 players, seed 7, you are Anna)
and a Paskahousu table (3 players, seed 1, you are Anna).  As a student would: only your
hand is face up (the others are card backs, their cards are not in the page at all), you
play by clicking, and the computer's turns run by themselves and are told in words.
Latency (click → the computer's turns → redrawn table) is printed, not asserted.
"""

from __future__ import annotations

import json

import pytest

from conftest import open_notebook, run_all_cells, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

NOTEBOOK = "seats_test.ipynb"
CELLS = [
    "from paternoster import Game\nfrom paternoster.paskahousu import PaskahousuGame\n"
    "from widgets import CardTable, PaskahousuCardTable",
    'CardTable(Game.new(players=3, seed=7, names=["Anna", "Ben", "Carla"]), seat=0)',
    'PaskahousuCardTable(PaskahousuGame.new(players=3, seed=1, names=["Anna", "Ben", "Carla"]), seat=0)',
]


@pytest.fixture
def tables(page, lab_server):
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "cells": [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None,
                     "id": f"c{i}"} for i, src in enumerate(CELLS)]}
    (lab_server.root / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    open_notebook(page, lab_server, NOTEBOOK)
    run_all_cells(page)
    wait_for_widgets(page, minimum=2)
    assert widget_errors(page) == []
    t = page.locator(".pn-table")
    return t.nth(0), t.nth(1)


def _wait(table, before):
    table.page.wait_for_function(
        "([t, r]) => t.dataset.revision !== r", arg=[table.element_handle(), before], timeout=20_000)


def _face_up_hands(table) -> list[str]:
    return table.evaluate(
        "t => [...t.querySelectorAll('.pn-hand')].filter(h => h.querySelector('.pn-card'))"
        ".map(h => h.querySelector('.pn-hand-name').textContent)")


def _play_one_legal(table) -> str:
    """Click the first card that has a legal pile, then that pile; return the card."""
    cards = table.locator("button.pn-card")
    for i in range(cards.count()):
        card = cards.nth(i)
        card.click()
        if table.locator(".pn-pile.pn-legal").count():
            played = card.get_attribute("data-card")
            before = table.get_attribute("data-revision")
            table.locator(".pn-pile.pn-legal").first.click()
            _wait(table, before)
            return played
        card.click()
    raise AssertionError("no card with a legal pile")


def test_one_seat_paternoster_hides_the_others_and_the_computer_answers(tables, output_dir):
    table, _ = tables
    page = table.page
    assert _face_up_hands(table) == ["Anna"]
    assert table.locator(".pn-you-marker").count() == 1
    assert table.locator(".pn-hand-other .pn-card-back").count() == 12   # Ben's and Carla's 6 each
    assert table.locator('button[data-action="computer"]').count() == 0  # no "computer plays" on my turn
    _play_one_legal(table)
    _play_one_legal(table)
    end = table.locator('button[data-action="end"]')
    assert end.is_enabled()
    before = table.get_attribute("data-revision")
    end.click()
    _wait(table, before)
    message = table.locator(".pn-message").text_content()
    assert "Turn 2: Ben" in message and "Turn 3: Carla" in message        # the computer's turns, in words
    assert table.locator(".pn-status").text_content().startswith("Your turn.")
    assert _face_up_hands(table) == ["Anna"]
    print(f"\none seat (Paternoster): end turn → two computer turns → redrawn: "
          f"{table.get_attribute('data-latency-ms')} ms")
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(output_dir / "one-seat-paternoster.png"))
    # Undo takes back my turn end and the computer's turns after it
    before = table.get_attribute("data-revision")
    table.locator('button[data-action="undo"]').click()
    _wait(table, before)
    assert "Undone" in table.locator(".pn-message").text_content()
    assert page.locator(".pn-status").first.text_content().startswith("Your turn. Turn 1")


def test_one_seat_paskahousu_plays_and_the_burned_pile_is_no_button(tables, output_dir):
    _, table = tables
    assert _face_up_hands(table) == ["Anna"]
    assert table.locator('div.pn-pile[data-pile="burned"]').count() == 1
    assert table.locator('button.pn-pile[data-pile="burned"]').count() == 0
    assert "Carla opens" in table.locator(".pn-message").text_content()  # the computer opened by itself
    played = _play_one_legal(table)
    message = table.locator(".pn-message").text_content()
    assert f"Anna plays {played}" in message and "Ben" in message and "Carla" in message
    assert _face_up_hands(table) == ["Anna"]
    print(f"\none seat (Paskahousu): a play → two computer moves → redrawn: "
          f"{table.get_attribute('data-latency-ms')} ms")
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(output_dir / "one-seat-paskahousu.png"))
