"""No card of a student's own game shows anywhere else on its lesson page (lessons 8 to 11b).

A one-seat card table (``seat=0``) shows the student only their own hand. Any other cell of the same
page that deals the same deal number could print the other hands or the draw pile, so no other code
cell of that page may use a seat game's deal number at all (a demo uses another deal).
"""

from __future__ import annotations

import re

import pytest
from lesson_cells import NOTEBOOKS, load, source

LESSONS = ["08_paskahousu_ranks.ipynb", "09_paskahousu_burns.ipynb", "10_paskahousu_game.ipynb",
           "11a_house_rules.ipynb", "11b_house_rules_games.ipynb", "classroom_paskahousu.ipynb"]
SEED = re.compile(r"seed=(\d+)")


def clashes(code: list[str]) -> list[tuple[int, str, int]]:
    """(seat cell, deal number, other cell) for every other code cell that deals a seat game's deal number."""
    found = []
    for i, text in enumerate(code):
        if "seat=" not in text:
            continue
        for seed in SEED.findall(text):
            found += [(i, seed, j) for j, other in enumerate(code) if j != i and seed in SEED.findall(other)]
    return found


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_other_cell_deals_a_seat_games_deal(lesson):
    code = [source(c) for c in load(NOTEBOOKS / lesson)["cells"] if c.get("cell_type") == "code"]
    assert clashes(code) == []


def test_the_check_can_fail():
    """Lesson 10 once had a demo under "Your turn" dealt from the student's deal number 8."""
    code = ['PaskahousuCardTable(PaskahousuGame.new(players=4, seed=8, names=names), seat=0)',
            'demo = PaskahousuCardTable(PaskahousuGame.new(players=4, seed=8, names=names))']
    assert clashes(code) == [(0, "8", 1)]
