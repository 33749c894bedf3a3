"""Undo after an action that showed hidden cards, and New deal, on one-seat tables in a real chromium.

A notebook written for the test holds two Paskahousu tables where you are Anna and the computer plays
the others:

* Valepaska (3 players, seed 7): Ben has announced; Anna presses Check! — the check shows the cards
  and the computer moves on.  Undo cannot take that back: its button is off (it was off at the start
  too, before Anna had moved); a press on it changes nothing, and every control still works: the game goes on.
* Pöytäpaska (2 players, a position where Anna holds only face-down table cards): Anna turns one
  over; the same.

Then New deal on the Valepaska table: the next deal number, shown with what a reload does.
Screenshots go to test-output/browser/undo-*.png.
"""

from __future__ import annotations

import json

import pytest

from conftest import open_notebook, run_all_cells, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

NOTEBOOK = "undo_test.ipynb"
CELLS = [
    "from paternoster.paskahousu import PaskahousuGame\nfrom paternoster.paskahousu.rules import house_rules\n"
    "from widgets import PaskahousuCardTable",
    'bluff = PaskahousuGame.new(players=3, seed=7, names=["Anna", "Ben", "Carla"], rules=house_rules("Valepaska"))\n'
    "PaskahousuCardTable(bluff, seat=0)",
    'turned = PaskahousuGame.from_position(["", "4♣ 8♥ J♦"], pile="7♠", face_up=["", "Q♣"],\n'
    '    face_down=["9♦ 5♣ K♥", "6♦ 10♠ A♥"], names=["Anna", "Ben"], rules=house_rules("Pöytäpaska"))\n'
    "PaskahousuCardTable(turned, seat=0)",
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


def _click(table, selector: str) -> None:
    before = table.get_attribute("data-revision")
    table.locator(selector).first.click()
    table.page.wait_for_function("([t, r]) => t.dataset.revision !== r",
                                 arg=[table.element_handle(), before], timeout=20_000)


def _enabled_actions(table) -> list[str]:
    return table.locator("button[data-action]:enabled").evaluate_all("bs => bs.map(b => b.dataset.action)")


def _seen(table) -> list:
    """What the table shows: its revision, status, message, every count, the hand and the enabled controls."""
    return table.evaluate(
        "t => [t.dataset.revision, t.querySelector('.pn-status').textContent, t.querySelector('.pn-message').textContent,"
        " [...t.querySelectorAll('[data-count]')].map(e => e.dataset.count).join(','),"
        " [...t.querySelectorAll('button.pn-card')].map(c => c.dataset.card).join(' '),"
        " [...t.querySelectorAll('button[data-action]:enabled')].map(b => b.dataset.action).join(' ')]")


def _off_undo_changes_nothing(table) -> None:
    """A press on the off Undo (a click, then Enter on it) sends nothing: the table stays as it was."""
    before = _seen(table)
    undo = table.locator('button[data-action="undo"]')
    undo.click(force=True)
    undo.press("Enter")
    table.page.wait_for_timeout(1000)  # a kernel answer would have come by now (never a timing assertion)
    assert _seen(table) == before


def _game_goes_on(table) -> None:
    """No control points at a missing "… ▶" button; the person to move has something to press."""
    assert table.locator('button[data-action="computer"]').count() == 0
    assert "press the ▶" not in table.locator(".pn-status").text_content()
    assert table.locator(".pn-status").text_content().startswith("Your turn.")
    assert set(_enabled_actions(table)) - {"undo", "new-deal"} or table.locator("button.pn-card").count()


def test_undo_after_a_check_is_off_and_the_game_goes_on(tables, output_dir):
    table, _ = tables
    undo = table.locator('button[data-action="undo"]')
    assert undo.is_disabled()                                   # nothing of Anna's to take back yet
    assert "check it, or let it pass" in table.locator(".pn-status").text_content()
    _click(table, 'button[data-action="check"]')
    message = table.locator(".pn-message").text_content()
    assert "Anna checks Ben" in message or "Anna checks Carla" in message
    assert undo.is_disabled()                                   # the check showed cards: no Undo
    _off_undo_changes_nothing(table)
    _game_goes_on(table)
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(output_dir / "undo-after-check.png"))
    # the game goes on: let the next announcement pass, or lay a card, whichever is offered
    if table.locator('button[data-action="let-pass"]:enabled').count():
        _click(table, 'button[data-action="let-pass"]')
    else:
        table.locator("button.pn-card").first.click()
        _click(table, 'button.pn-pile[data-pile="discard"]')
    assert table.locator(".pn-message").get_attribute("data-ok") == "true"
    assert undo.is_enabled()                                    # a move that showed nothing: Undo again


def test_undo_after_a_turned_table_card_is_off_and_the_game_goes_on(tables, output_dir):
    _, table = tables
    undo = table.locator('button[data-action="undo"]')
    assert undo.is_disabled()
    backs = table.locator('.pn-hand-main button.pn-table-back')
    assert backs.count() == 3
    assert table.locator('[data-card="9♦"], [data-card="5♣"], [data-card="K♥"]').count() == 0  # faces stay hidden
    _click(table, '.pn-hand-main button.pn-table-back')
    message = table.locator(".pn-message").text_content()
    assert "Anna turns over a face-down table card" in message and "Ben" in message
    assert undo.is_disabled() and backs.count() == 2
    _off_undo_changes_nothing(table)
    _game_goes_on(table)
    table.scroll_into_view_if_needed()
    table.screenshot(path=str(output_dir / "undo-after-turned-card.png"))


def test_new_deal_on_a_one_seat_table_says_its_number_and_what_a_reload_does(tables, output_dir):
    table, _ = tables
    note = table.locator(".pn-note")
    assert note.text_content() == ("Deal number 7. Reloading the page loses this game: the table starts again "
                                   "with deal 7.")
    _click(table, 'button[data-action="new-deal"]')
    assert table.locator(".pn-message").text_content().startswith("Deal number 8: a new game.")
    assert "Deal number 8." in note.text_content() and "again with deal 7" in note.text_content()
    assert table.locator('button[data-action="undo"]').is_disabled()
    # each computer turn is told once: in the message, not again in the log under it
    message = table.locator(".pn-message").text_content()
    log = table.locator(".pn-log li").evaluate_all("ls => ls.map(l => l.textContent)")
    assert not [line for line in log if line in message]
    table.screenshot(path=str(output_dir / "undo-new-deal.png"))


def test_the_announce_chooser_starts_each_play_from_the_lowest_rank(tables, output_dir):
    """Valepaska: the rank chooser shows the lowest rank the engine allows at every new play; a rank the
    player picked for one play (or a default shown earlier) does not carry over into the next turn,
    where the player would announce it without having chosen it."""
    table, _ = tables
    select = table.locator("select.pn-announce-select")
    chosen = None
    for _ in range(12):
        if table.locator('button[data-action="let-pass"]:enabled').count():
            _click(table, 'button[data-action="let-pass"]')
        elif select.count() and chosen is None:
            options = select.locator("option")
            assert select.input_value() == options.first.get_attribute("value")
            select.select_option(index=options.count() - 1)             # the highest rank allowed
            chosen = select.input_value()
            table.locator("button.pn-card").first.click()
            _click(table, 'button.pn-pile[data-pile="discard"]')
            assert "announces" in table.locator(".pn-message").text_content()
        elif select.count():
            first = select.locator("option").first.get_attribute("value")
            table.scroll_into_view_if_needed()
            table.screenshot(path=str(output_dir / "undo-announce-next-turn.png"))
            assert select.input_value() == first, (chosen, first)
            return
        elif table.locator('button[data-action="pick-up"]:enabled').count():
            _click(table, 'button[data-action="pick-up"]')
        else:
            break
    pytest.fail("the Valepaska table never came back to an announce chooser for Anna")
