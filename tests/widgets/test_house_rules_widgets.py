"""Kernel-side tests of the house-rule widgets (Paskahousu rules §11): the acceptance table's
"differs from the standard game" marks, the card table under every switch (table cards, face-down
plays with an announced rank and "Check!", no draw pile) and the classroom's house-rule chooser.
Every expectation is read from the engine, never typed in."""

from __future__ import annotations

import html
import json
import re

import pytest

from paternoster.paskahousu import RANK_ORDER, STANDARD_HOUSE_RULES, acceptance, acceptance_table
from widgets import AcceptanceTable
from widgets.acceptance import CHANGED, EMPTY, VERDICT_SYMBOL, rank_label

LABELS = [rank_label(r) for r in RANK_ORDER]
VERDICTS = ("no", "allowed", "burns")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _engine_differences(rules) -> list[tuple[str, str, str, str]]:
    new, std = acceptance_table(rules), acceptance_table(STANDARD_HOUSE_RULES)
    rows = [EMPTY, *LABELS]
    return [(rows[i], LABELS[j], VERDICTS[std[i, j]], VERDICTS[new[i, j]])
            for i in range(len(rows)) for j in range(len(LABELS)) if new[i, j] != std[i, j]]


# --------------------------------------------------------------------------- acceptance table

def test_the_standard_game_marks_no_cell():
    t = AcceptanceTable()
    assert t.differences == []
    assert all(not any(row) for row in t.grid.standard)
    assert CHANGED not in t.grid_html.value and CHANGED not in t.caption
