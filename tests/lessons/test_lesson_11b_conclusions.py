"""Lesson 11b's conclusions without a number of their own, checked against its saved comparison table.

The numbers of the conclusions are claims (prose_claims_lessons_8_11.py); these are the sentences that
compare rows ("a few turns only", "every interval overlaps", "wholly below 25 %"). Strict nbval
keeps the saved table equal to a fresh run, so a change to the comparison shows up here.
"""

from __future__ import annotations

import re

from lesson_cells import NOTEBOOKS, load, source
from prose_claims import loose

LESSON = "11b_house_rules_games.ipynb"
RULE_SETS = 10  # the standard game and the nine switches that allow four players


def markdown() -> str:
    return loose("\n".join(source(c) for c in load(NOTEBOOKS / LESSON)["cells"] if c.get("cell_type") == "markdown"))


def table() -> dict[str, list[tuple[float, float, float]]]:
    """Rule set → its columns with an interval (value, low, high), in the table's order, and its games."""
    cell = next(c for c in load(NOTEBOOKS / LESSON)["cells"]
                if c.get("cell_type") == "code" and "compare_house_rules(None" in source(c))
    text = "".join("".join(o.get("text", "")) for o in cell["outputs"] if o.get("output_type") == "stream")
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^(\S.*?)\s{2,}(\d+)\s+(.*)$", line)
        if m and "[" in line:
            cols = [(float(v), float(lo), float(hi)) for v, lo, hi in re.findall(r"([\d.]+) \[([\d.]+)–([\d.]+)\]", m.group(3))]
            median = float(m.group(3).split("]")[1].split()[0])
            rows[m.group(1).strip()] = cols + [(median, median, float(m.group(2)))]
    assert len(rows) == RULE_SETS, sorted(rows)
    return rows


def test_the_other_rules_change_the_length_by_a_few_turns_only():
    assert "The other rules change the length by a few turns only." in markdown()
    rows = table()
    named = {"Standard", "Nur einzeln", "Nur Schwarze zählen", "Ruotsalainen", "Valepaska"}   # the bullets above it
    standard = rows["Standard"][-1][0]
    others = {name: row[-1][0] for name, row in rows.items() if name not in named}
    assert others and all(abs(median - standard) <= 5 for median in others.values()), others


DEALER_LEFT, OPENER = 2, 3          # columns: mean turns, stalemates %, dealer left %, opener %


def test_every_seat_interval_overlaps_the_standard_games():
    assert "Every interval of these two columns overlaps the standard game's" in markdown()
    rows = table()
    for column in (DEALER_LEFT, OPENER):
        _, lo, hi = rows["Standard"][column]
        for name, row in rows.items():
            _, rlo, rhi = row[column]
            assert rlo <= hi and lo <= rhi, f"{name}: column {column} does not overlap the standard game's"


def test_the_intervals_wholly_below_a_quarter_are_the_ones_named():
    assert ("Some intervals lie wholly below 25 %: the dealer's left neighbour in the standard game, under Fester "
            "Anfang and under Leerer Tisch, and the opener under Ruotsalainen") in markdown()
    rows = table()
    below = {(name, column) for name, row in rows.items() for column in (DEALER_LEFT, OPENER) if row[column][2] < 25}
    assert below == {("Standard", DEALER_LEFT), ("Fester Anfang", DEALER_LEFT), ("Leerer Tisch", DEALER_LEFT),
                     ("Ruotsalainen", OPENER)}, below
    above = {(name, column) for name, row in rows.items() for column in (DEALER_LEFT, OPENER) if row[column][1] > 25}
    assert not above, above


def test_the_openers_under_ruotsalainen_and_valepaska_do_not_overlap():
    assert "the opener's interval under Ruotsalainen lies wholly below the opener's interval under Valepaska" in markdown()
    rows = table()
    assert rows["Ruotsalainen"][OPENER][2] < rows["Valepaska"][OPENER][1]


def test_the_longer_rules_do_not_overlap_the_standard_game():
    assert "their intervals do not overlap the standard game's" in markdown()
    rows = table()
    mean, share = 0, 1
    for name in ("Nur einzeln", "Nur Schwarze zählen"):
        for column in (mean, share):
            assert rows[name][column][1] > rows["Standard"][column][2], (name, column)


def test_valepaska_lies_between_nur_schwarze_and_nur_einzeln():
    assert ("longer than under Nur Schwarze zählen and shorter than under Nur einzeln, and the intervals of the "
            "means do not overlap") in markdown()
    rows = table()
    assert rows["Nur Schwarze zählen"][0][2] < rows["Valepaska"][0][1]
    assert rows["Valepaska"][0][2] < rows["Nur einzeln"][0][1]


def test_every_rule_set_played_the_same_number_of_games():
    assert "the same number for every rule set, Valepaska included" in markdown()
    games = {name: int(row[-1][2]) for name, row in table().items()}
    assert len(set(games.values())) == 1, games
