"""Paskahousu rules: the acceptance table cell by cell, its edge cases, and the game following it
(Paskahousu rules §5.2, §6).

Written from the rule book, independent of the engine: see ``pk_rulebook.py``.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from paternoster.paskahousu import (RANK_ORDER, PlayCards,
                                    acceptance, acceptance_table, strength)
from paternoster.paskahousu import rule_ids as ids

from pk_rulebook import ANNA, BEN, CELLS, CODE, EXPECTED, LABELS, RANK, opened_top, c, documented_rule_ids, pos, refused


# =============================================================================================================
# 1. The acceptance table
# =============================================================================================================

def test_rank_order_and_strength():
    # Paskahousu rules §2: 3 lowest … 10 J Q K A, 2 highest
    assert tuple(RANK_ORDER) == tuple(RANK[x] for x in LABELS)
    for i, label in enumerate(LABELS):
        assert strength(RANK[label]) == i
        assert strength(c(label + "♥")) == i


@pytest.mark.parametrize("top,played", CELLS, ids=[f"{t or 'empty'}<-{p}" for t, p in CELLS])
def test_acceptance_cell(top, played):
    want = EXPECTED[(top, played)]
    kw = {"opened": True} if opened_top(top) else {}
    a = acceptance(None if top is None else RANK[top], RANK[played], **kw)
    assert a.verdict == want, (top, played, a)
    # cards instead of ranks give the same answer (suits do not matter: Paskahousu rules §2)
    b = acceptance(None if top is None else c(top + "♣"), c(played + "♦"), **kw)
    assert b.verdict == want
    assert a.rule in documented_rule_ids(), a.rule
    assert a.reason and a.reason.endswith((".", ")")) and len(a.reason) > 15


def test_acceptance_table_matches_hand_written_table_cell_by_cell():
    t = acceptance_table()
    assert isinstance(t, np.ndarray) and t.dtype == np.int8 and t.shape == (14, 13)
    wrong = []
    for row, top in enumerate([None] + LABELS):
        for col, played in enumerate(LABELS):
            if t[row, col] != CODE[EXPECTED[(top, played)]]:
                wrong.append(f"top {top or 'empty'} / played {played}: table {t[row, col]}, "
                             f"seed says {EXPECTED[(top, played)]}")
    assert not wrong, "\n".join(wrong)


def test_acceptance_table_agrees_with_acceptance():
    t = acceptance_table()
    for row, top in enumerate([None] + LABELS):
        for col, played in enumerate(LABELS):
            kw = {"opened": True} if opened_top(top) else {}
            a = acceptance(None if top is None else RANK[top], RANK[played], **kw)
            assert t[row, col] == CODE[a.verdict], (top, played)


def test_documented_rule_ids_include_the_contract_names():
    documented = documented_rule_ids()
    for rule in (ids.LOWER_THAN_TOP, ids.FACE_CARD_ON_LOW, ids.TEN_ON_HIGH, ids.ACE_ONLY_ON_FACE, ids.TWO_ON_ACE_OR_TEN,
                 ids.ONLY_TWO_ON_TWO, ids.ONLY_SAME_RANK):
        assert rule in documented


EDGE_CASES = [
    # (top, played, verdict, refusal rule or None, reason from the seed)
    ("3", "J", "no", ids.FACE_CARD_ON_LOW, "face cards never on 3-6"),
    ("4", "Q", "no", ids.FACE_CARD_ON_LOW, "face cards never on 3-6"),
    ("5", "K", "no", ids.FACE_CARD_ON_LOW, "face cards never on 3-6"),
    ("6", "J", "no", ids.FACE_CARD_ON_LOW, "face cards never on 3-6 (6 is not higher than 6)"),
    ("7", "J", "allowed", None, "face card on 7: top higher than 6"),
    ("8", "Q", "allowed", None, "face card on 8"),
    ("9", "K", "allowed", None, "face card on 9"),
    ("J", "J", "allowed", None, "face card on an equal face card"),
    ("J", "K", "allowed", None, "face card on a lower face card"),
    ("K", "Q", "no", ids.LOWER_THAN_TOP, "queen is lower than king"),
    ("Q", "J", "no", ids.LOWER_THAN_TOP, "jack is lower than queen"),
    *[(t, "10", "burns", None, f"10 on {t} burns (3-9)") for t in "3 4 5 6 7 8 9".split()],
    *[(t, "10", "no", ids.TEN_ON_HIGH, f"10 never on {t}") for t in "J Q K A".split()],
    ("2", "10", "no", None, "on a 2 only a 2 (and 10 never on a 2)"),
    ("10", "10", "allowed", None, "10 on a 10 that opened the table: same rank follows, no self-burn"),
    ("10", "J", "no", ids.ONLY_SAME_RANK, "only 10s on an opened 10"),
    ("10", "9", "no", None, "only 10s on an opened 10"),
    ("10", "A", "no", None, "only 10s on an opened 10; ace only on face cards"),
    *[(t, "A", "burns", None, f"ace on {t} burns") for t in "J Q K".split()],
    *[(t, "A", "no", ids.ACE_ONLY_ON_FACE, f"ace only on face cards, not on {t}") for t in "3 6 7 9".split()],
    ("A", "A", "allowed", None, "on an ace only an ace"),
    ("A", "K", "no", ids.ONLY_SAME_RANK, "on an ace only an ace"),
    ("A", "2", "no", None, "2 on anything but ace and 10; on an ace only an ace"),
    ("10", "2", "no", None, "2 on anything but ace and 10"),
    *[(t, "2", "allowed", None, f"2 on {t}") for t in "3 6 7 9 J Q K".split()],
    ("2", "2", "allowed", None, "only a 2 on a 2"),
    ("2", "A", "no", None, "only a 2 on a 2"),
    ("2", "3", "no", None, "only a 2 on a 2"),
    ("2", "K", "no", None, "only a 2 on a 2"),
    (None, "10", "allowed", None, "10 on the empty table stays, no burn"),
    (None, "A", "allowed", None, "ace on the empty table stays, no burn"),
    (None, "3", "allowed", None, "empty table takes any rank"),
    (None, "2", "allowed", None, "empty table takes any rank"),
    ("9", "8", "no", ids.LOWER_THAN_TOP, "must be at least as high as the top"),
    ("5", "5", "allowed", None, "equal rank is allowed"),
]


@pytest.mark.parametrize("top,played,verdict,rule,reason", EDGE_CASES,
                         ids=[f"{t or 'empty'}<-{p}:{why}" for t, p, _, _, why in EDGE_CASES])
def test_acceptance_edge_cases(top, played, verdict, rule, reason):
    a = acceptance(None if top is None else c(top + "♠"), c(played + "♥"), opened=opened_top(top))
    assert a.verdict == verdict, reason
    if rule is not None:
        assert a.rule == rule, (a.rule, reason)


@pytest.mark.parametrize("top,played", CELLS, ids=[f"{t or 'empty'}<-{p}" for t, p in CELLS])
def test_game_follows_the_table(top, played):
    """Every cell, played in a game: refused with acceptance()'s rule, laid, or laid and burned."""
    want = EXPECTED[(top, played)]
    top_card = None if top is None else c(top + "♣")
    card = c(played + "♥")
    filler = c(next(r for r in ("5", "6", "4") if r not in (top, played)) + "♦")
    # Draw pile empty; three players so nobody going out ends the game.
    g = pos([[card, filler], "3♠ 4♠", "7♠ 8♠"], pile=[top_card] if top_card else [], opened=opened_top(top))
    action = PlayCards((card,))
    if want == "no":
        kw = {"opened": True} if opened_top(top) else {}
        refused(g, action, acceptance(RANK[top], RANK[played], **kw).rule)
        return
    assert g.check(action) is None
    assert action in g.legal_actions()
    g.apply_action(action)
    if want == "burns":
        assert g.pile == [] and Counter(g.burned) >= Counter([top_card, card])
        assert g.to_move == ANNA, "the burner moves again (Paskahousu rules §7)"
    else:
        assert g.pile == ([top_card] if top_card else []) + [card]
        assert g.to_move == BEN


