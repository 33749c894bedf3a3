"""Paskahousu's house rules in a real chromium (Paskahousu rules §11): the card table's new modes and
the acceptance table's "differs from the standard game" marks, as a student clicks them.

A notebook written for the test holds (you are Anna in every table; the computer plays the others):

* the acceptance table with a house-rule menu, starting with *Bildkarten erst später*;
* a Pöytäpaska table (2 players): table cards in a face-up row and a face-down row of card backs —
  no face-down card's face is anywhere in the page;
* a Valepaska table (3 players): cards chosen, a rank announced, the discard pile shows a card back
  and what was said; when a computer announces, "Check!" is clicked;
* a Ruotsalainen table (4 players): no draw pile counter, no "Try your luck".

Screenshots go to test-output/browser/house-rules-*.png.
"""

from __future__ import annotations

import json

import pytest

from conftest import open_notebook, run_all_cells, wait_for_widgets, widget_errors

pytestmark = pytest.mark.browser

NOTEBOOK = "house_rules_test.ipynb"
NAMES = '["Anna", "Ben", "Carla", "Dan"]'
CELLS = [
    "from paternoster.paskahousu import PaskahousuGame\nfrom paternoster.paskahousu.rules import house_rules\n"
    "from widgets import HouseRulesAcceptance, PaskahousuCardTable\n"
    f"names = {NAMES}",
    'HouseRulesAcceptance("Bildkarten erst später", top="7", played="J")',
    'table_cards = PaskahousuGame.new(players=2, seed=4, names=names[:2], rules=house_rules("Pöytäpaska"))\n'
    "PaskahousuCardTable(table_cards, seat=0)",
    'bluff = PaskahousuGame.new(players=3, seed=7, names=names[:3], rules=house_rules("Valepaska"))\n'
    "PaskahousuCardTable(bluff, seat=0)",
    'PaskahousuCardTable(PaskahousuGame.new(players=4, seed=11, names=names, rules=house_rules("Ruotsalainen")), seat=0)',
]


@pytest.fixture(scope="module")
def notebook_page(browser, lab_server):
    """One page for the module: the test notebook opened and run once (the tables are then driven)."""
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "cells": [{"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None,
                     "id": f"c{i}"} for i, src in enumerate(CELLS)]}
    (lab_server.root / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    from conftest import UI_TIMEOUT, VIEWPORT
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.set_default_timeout(UI_TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_notebook(page, lab_server, NOTEBOOK)
    run_all_cells(page)
    wait_for_widgets(page, minimum=4)
    assert widget_errors(page) == []
    page.kit_errors = errors
    yield page
    context.close()


def _table(page, rules: str):
    t = page.locator(f'.pn-table[data-rules="{rules}"]').first
    t.wait_for(state="visible", timeout=30_000)
    t.scroll_into_view_if_needed()
    return t


def _wait(table, before) -> None:
    table.page.wait_for_function("([t, r]) => t.dataset.revision !== r",
                                 arg=[table.element_handle(), before], timeout=20_000)


def test_acceptance_marks_the_cells_a_house_rule_changes(notebook_page, output_dir):
    from paternoster.paskahousu.rules import house_rules
    from widgets import AcceptanceTable

    page = notebook_page
    grid = page.locator(".pk-grid").first
    grid.scroll_into_view_if_needed()
    expected = AcceptanceTable(rules=house_rules("Bildkarten erst später")).differences
    changed = grid.locator(".pk-cell.pk-changed")
    assert expected and changed.count() == len(expected)
    label = changed.first.get_attribute("aria-label")
    top, played, was, now = expected[0]
    assert label == f"{played} on {top}: {now} (changed: the standard game says {was})"
    assert changed.first.locator(".pk-changed-mark").text_content() == "≠"   # a mark, not colour alone
    assert grid.locator(".pk-cell:not(.pk-changed) .pk-changed-mark").count() == 0
    assert "≠ marks the" in grid.locator("caption").text_content()
    grid.screenshot(path=str(output_dir / "house-rules-acceptance.png"))
    # the standard game from the menu: no cell is marked any more
    menu = page.locator(".widget-select-multiple select").first
    menu.select_option([])
    page.wait_for_function("g => g.querySelectorAll('.pk-cell.pk-changed').length === 0",
                           arg=grid.element_handle(), timeout=15_000)


def test_poytapaska_table_cards_face_up_and_face_down(notebook_page, output_dir):
    table = _table(notebook_page, "Pöytäpaska")
    hands = table.locator(".pn-hand")
    assert hands.count() == 2
    for i in range(2):
        hand = hands.nth(i)
        assert hand.locator(".pn-table-up .pn-card").count() == 4
        assert hand.locator(".pn-table-down .pn-table-back").count() == 4
        assert hand.locator(".pn-table-down [data-card]").count() == 0   # no face in the page
    # face-up table cards are shown by name for both players (public), with their words
    up = table.locator(".pn-table-up .pn-card").first.get_attribute("aria-label")
    assert up.endswith("face-up table card")
    # the face-down cards are nowhere in the page's text or attributes
    from paternoster.paskahousu import PaskahousuGame
    from paternoster.paskahousu.rules import house_rules

    game = PaskahousuGame.new(players=2, seed=4, names=["Anna", "Ben"], rules=house_rules("Pöytäpaska"))
    hidden = [c.label("en") for row in game.face_down for c in row]
    ids = table.evaluate("t => [...t.querySelectorAll('[data-card]')].map(n => n.dataset.card)")
    assert not set(ids) & set(hidden)
    table.screenshot(path=str(output_dir / "house-rules-poytapaska.png"))


def test_valepaska_announce_and_check(notebook_page, output_dir):
    table = _table(notebook_page, "Valepaska")
    page = notebook_page
    announced = checked = False
    for _ in range(30):
        if announced and checked:
            break
        before = table.get_attribute("data-revision")
        check = table.locator('button[data-action="check"]:enabled')
        opening = table.locator('button[data-action="opening"]:enabled')
        if check.count():
            assert "Check!" in check.first.text_content()
            assert table.locator('.pn-pile[data-pile="discard"] .pn-pile-top').text_content() == "🂠"
            said = table.locator(".pn-pile-said").text_content()
            assert "said:" in said and "(face down)" in said
            if not checked:
                table.screenshot(path=str(output_dir / "house-rules-valepaska-check.png"))
            check.first.click()
            _wait(table, before)
            assert "checks" in table.locator(".pn-message").text_content()
            checked = True
        elif opening.count():
            opening.first.click()
            _wait(table, before)
        elif table.locator("select.pn-announce-select").count():
            cards = table.locator(".pn-hand-main button.pn-card")
            cards.nth(0).click()
            if cards.count() > 1:
                cards.nth(1).click()                                         # two cards, face down
            assert table.locator(".pn-hand-main button.pn-card[aria-pressed=true]").count() == min(2, cards.count())
            select = table.locator("select.pn-announce-select")
            options = select.locator("option")
            select.select_option(index=options.count() - 1)                  # the highest rank allowed
            rank = select.input_value()
            if not announced:
                table.screenshot(path=str(output_dir / "house-rules-valepaska-announce.png"))
            table.locator('.pn-pile[data-pile="discard"]').click()
            _wait(table, before)
            message = table.locator(".pn-message").text_content()
            assert "announces" in message and "⚠" not in message, message
            assert rank in message or rank in {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(rank, rank)
            announced = True
        elif table.locator('button[data-action="let-pass"]:enabled').count():
            table.locator('button[data-action="let-pass"]').click()
            _wait(table, before)
        elif table.locator('button[data-action="pick-up"]:enabled').count():
            table.locator('button[data-action="pick-up"]').click()
            _wait(table, before)
        else:
            break
    assert announced, "no announcement was made from the card table"
    assert checked, "no computer announcement came up for Anna to check"
    # nobody's face-down cards are in the page: other hands are card backs
    assert table.locator(".pn-hand-other .pn-card").count() == 0
    assert page.kit_errors == []


def test_ruotsalainen_has_no_draw_pile(notebook_page, output_dir):
    table = _table(notebook_page, "Ruotsalainen")
    labels = table.evaluate("t => [...t.querySelectorAll('.pn-counter')].map(c => c.dataset.label)")
    assert "Draw pile" not in labels and "Top of the discard pile" in labels
    assert table.locator('button[data-action="try-your-luck"]').count() == 0
    assert "draw pile" not in table.locator(".pn-status").text_content()
    table.screenshot(path=str(output_dir / "house-rules-ruotsalainen.png"))
