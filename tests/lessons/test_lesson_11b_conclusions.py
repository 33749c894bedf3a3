"""Lesson 11b's conclusions without a number of their own, checked against its saved comparison table.

The numbers of the conclusions are claims (prose_claims_lessons_8_11.py); these are the sentences that
compare rows ("a few turns only", "every interval overlaps", "the widest intervals"). Strict nbval
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


def test_no_rule_gives_the_dealers_left_or_the_opener_a_clear_advantage():
    assert "every interval overlaps the standard game's" in markdown()
    rows = table()
    dealer_left, opener = 2, 3          # columns: mean turns, stalemates %, dealer left %, opener %
    for column in (dealer_left, opener):
        _, lo, hi = rows["Standard"][column]
        for name, row in rows.items():
            _, rlo, rhi = row[column]
            assert rlo <= hi and lo <= rhi, f"{name}: column {column} does not overlap the standard game's"


def test_every_rule_set_played_the_same_number_of_games():
    assert "the same number for every rule set, Valepaska included" in markdown()
    games = {name: int(row[-1][2]) for name, row in table().items()}
    assert len(set(games.values())) == 1, games
