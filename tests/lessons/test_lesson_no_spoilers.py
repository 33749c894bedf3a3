"""No card of a student's own game shows anywhere else on its lesson page (every page), nor on
another Paskahousu page.

A one-seat card table (``seat=0``) shows the student only their own hand. Any other cell of the same
page that deals the same deal number, or starts from the same worked example, could print the other
hands or the draw pile, so no other code cell of that page may use a seat game's deal number or
example at all (a demo uses another deal; a seat game from a worked example deals the cards the
student cannot see afresh, ``examples.own_game``).
"""

from __future__ import annotations

import re

import pytest
from lesson_cells import NOTEBOOKS, load, source

#: Cells of a page that share a seat game's deal or example and print no card of it (checked by eye, each
#: with its reason): (page, deal number or example) -> why it is harmless.
KNOWN_IN_PAGE: dict[tuple[str, str], str] = {
    ("04_a_whole_game.ipynb", "2027"): "prints only how many cards the simple player leaves on the deal",
    ("04b_is_the_simple_player_right.ipynb", "first_turn"): "a scripted demo of the coach panel, not the "
                                                             "student's game; the measurements print no hidden card",
    ("07_campaign.ipynb", "6"): "prints only the last log line (the remaining cards) of the computer's ride",
}

#: Seat games of another page that share a deal number with a page and are known to (none).
KNOWN_ACROSS: set[tuple[str, str, str]] = set()

LESSONS = ["08_paskahousu_ranks.ipynb", "09_paskahousu_burns.ipynb", "10_paskahousu_game.ipynb",
           "10b_is_the_computer_right.ipynb", "11a_house_rules.ipynb", "11b_house_rules_games.ipynb", "classroom_paskahousu.ipynb"]
SEED = re.compile(r"seed=(\d+)")
EXAMPLE = re.compile(r"examples\.(\w+)\(\)")
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def clashes(code: list[str]) -> list[tuple[int, str, int]]:
    """(seat cell, deal number, other cell) for every other code cell that deals a seat game's deal number."""
    found = []
    for i, text in enumerate(code):
        if "seat=" not in text:
            continue
        for seed in SEED.findall(text):
            found += [(i, seed, j) for j, other in enumerate(code) if j != i and seed in SEED.findall(other)]
        if "own_game" not in text:
            for name in EXAMPLE.findall(text):
                found += [(i, name, j) for j, other in enumerate(code) if j != i and name in EXAMPLE.findall(other)]
    return found


@pytest.mark.parametrize("lesson", PAGES)
def test_no_other_cell_deals_a_seat_games_deal(lesson):
    code = [source(c) for c in load(NOTEBOOKS / lesson)["cells"] if c.get("cell_type") == "code"]
    assert [c for c in clashes(code) if (lesson, c[1]) not in KNOWN_IN_PAGE] == []


def test_the_check_can_fail():
    """Lesson 10 once had a demo under "Your turn" dealt from the student's deal number 8."""
    code = ['PaskahousuCardTable(PaskahousuGame.new(players=4, seed=8, names=names), seat=0)',
            'demo = PaskahousuCardTable(PaskahousuGame.new(players=4, seed=8, names=names))']
    assert clashes(code) == [(0, "8", 1)]


def test_the_check_sees_a_worked_example_shared_with_a_seat_game():
    """Lesson 2 once let the student play Ben's seat of the example whose every hand it had shown."""
    code = ['CardTable(examples.ben_setback(), mode="step", open_hands=True)',
            'CardTable(examples.ben_setback(), seat=1)',
            'CardTable(examples.own_game(examples.ben_setback(), seat=1, deal=512), seat=1)']
    assert clashes(code) == [(1, "ben_setback", 0), (1, "ben_setback", 2)]


def _texts(cell: dict) -> str:
    """What a student may see of a cell: its markdown, or its saved text outputs."""
    if cell.get("cell_type") == "markdown":
        return source(cell)
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for o in cell.get("outputs", []))


def across(pages: dict[str, list[dict]]) -> set[tuple[str, str, str]]:
    """(seat page, deal number, other page) where another page deals that number or prints "deal number N"."""
    found = set()
    for page, cells in pages.items():
        seeds = {seed for c in cells if c.get("cell_type") == "code" and "seat=" in source(c)
                 for seed in SEED.findall(source(c))}
        for other, other_cells in pages.items():
            if other == page:
                continue
            for seed in seeds:
                shown = re.compile(rf"\b[Dd]eal number {seed}\b")
                if any(c.get("cell_type") == "code" and "PaskahousuGame" in source(c) and seed in SEED.findall(source(c))
                       or shown.search(_texts(c)) for c in other_cells):
                    found.add((page, seed, other))
    return found


def test_no_other_page_deals_or_prints_a_seat_games_deal():
    """Lesson 10b's own game once used deal number 9, which lesson 8 prints (who holds the most 4s)."""
    pages = {lesson: load(NOTEBOOKS / lesson)["cells"] for lesson in LESSONS}
    assert across(pages) <= KNOWN_ACROSS


def test_the_check_across_pages_can_fail():
    seat = {"cell_type": "code", "source": "PaskahousuCardTable(PaskahousuGame.new(players=4, seed=9), seat=0)"}
    shown = {"cell_type": "code", "source": "for seed in (14, 9): ...",
             "outputs": [{"text": "Deal number 9: Player 4 holds the most 4s (1) and opens the game."}]}
    assert across({"10b": [seat], "08": [shown]}) == {("10b", "9", "08")}
