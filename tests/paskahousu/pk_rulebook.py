"""Shared helpers of the Paskahousu rule tests (``test_rules_*.py``): the acceptance table written by hand
from Paskahousu rules §5–§7, the worked examples' seats, and checks that a refused action changes nothing.

Every expectation is written by hand from the rule book — nothing is computed by the engine and copied back.
Seats in the worked examples: Anna 0, Ben 1, Carla 2, Dan 3 (clockwise).
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from paternoster import (IllegalPlayError, parse_card, parse_cards)
from paternoster.paskahousu import (PaskahousuGame, acceptance)


c = parse_card
cs = parse_cards
NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)

# Rank labels low -> high (Paskahousu rules §2: 2 (höchste) – A – K – D – B – 10 – … – 3) and Card ranks.
LABELS = "3 4 5 6 7 8 9 10 J Q K A 2".split()
RANK = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 1, "2": 2}

# ---------------------------------------------------------------------------------------------------------------
# The acceptance table, by hand from Paskahousu rules §5 / 'Sonderkarten' / 'Den Stapel kippen' (Paskahousu rules §6, 5).
#   . = no    + = allowed    B = burns (10 on 3–9, ace on J/Q/K).
#   A top 10 or ace is always one that opened the empty table (anywhere else it burns): only its rank follows.
#   Four of a kind is a pile rule, not a cell of this table (tested with games below).
# played:       3 4 5 6 7 8 9 10 J Q K A 2
EXPECTED_TABLE_TEXT = """
empty           + + + + + + + +  + + + + +
3               + + + + + + + B  . . . . +
4               . + + + + + + B  . . . . +
5               . . + + + + + B  . . . . +
6               . . . + + + + B  . . . . +
7               . . . . + + + B  + + + . +
8               . . . . . + + B  + + + . +
9               . . . . . . + B  + + + . +
10              . . . . . . . +  . . . . .
J               . . . . . . . .  + + + B +
Q               . . . . . . . .  . + + B +
K               . . . . . . . .  . . + B +
A               . . . . . . . .  . . . + .
2               . . . . . . . .  . . . . +
"""
SYMBOL = {".": "no", "+": "allowed", "B": "burns"}
CODE = {"no": 0, "allowed": 1, "burns": 2}


def _expected_table() -> dict[tuple[str | None, str], str]:
    rows = [line.split() for line in EXPECTED_TABLE_TEXT.strip().splitlines()]
    assert [r[0] for r in rows] == ["empty"] + LABELS
    table = {}
    for r in rows:
        assert len(r) == 14, r
        top = None if r[0] == "empty" else r[0]
        for played, sym in zip(LABELS, r[1:]):
            table[(top, played)] = SYMBOL[sym]
    return table


EXPECTED = _expected_table()
CELLS = [(top, played) for top in [None] + LABELS for played in LABELS]


def opened_top(top: str | None) -> bool:
    return top in ("10", "A")


def documented_rule_ids() -> set[str]:
    """The rule ids listed in acceptance's docstring (the contract: tests read them from there)."""
    return set(re.findall(r"``([a-z0-9]+(?:-[a-z0-9]+)+)``", acceptance.__doc__ or ""))


def snapshot(g: PaskahousuGame):
    """Everything observable about a game, to compare before/after a refused action or an undo."""
    return (json.dumps(g.to_record(), sort_keys=True, ensure_ascii=False),
            [json.dumps(g.view(p), sort_keys=True, ensure_ascii=False) for p in range(g.players)],
            [list(h) for h in g.hands], list(g.draw_pile), list(g.pile), list(g.burned),
            g.to_move, g.turn, list(g.out), g.result, list(g.log), list(g.actions))


def everything(g: PaskahousuGame) -> Counter:
    return Counter([x for h in g.hands for x in h] + list(g.draw_pile) + list(g.pile) + list(g.burned))


def refused(g: PaskahousuGame, action, rule: str) -> None:
    """The action is refused with ``rule`` by check() and apply_action(), and nothing changes."""
    before = snapshot(g)
    r = g.check(action)
    assert r is not None, f"{action} should be refused ({rule})"
    assert r.rule == rule, (r.rule, r.message)
    assert isinstance(r.message, str) and len(r.message) > 15
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule
    assert snapshot(g) == before


def pos(hands, pile="", draw_pile="", **kw) -> PaskahousuGame:
    names = kw.pop("names", NAMES[:len(hands)] if len(hands) <= 4 else None)
    return PaskahousuGame.from_position(hands, pile=pile, draw_pile=draw_pile, names=names, **kw)


# The rule book's worked examples (Paskahousu rules §5.6, §7.4) as positions.

def example_1() -> PaskahousuGame:
    # My table: 4♦ under the 6♣; Anna holds the two 8s (8♥ 8♠) and three others; the draw pile's top two
    # cards (J♥ 6♦) refill Anna, so the card Ben turns over is the 9♦ of the seed.
    return pos(["8♥ 8♠ K♦ Q♠ 3♣", "3♦ 4♠ 5♥ 5♣ 7♥", "J♣ J♦ 6♥ 7♠ 10♣", "2♣ A♥ 9♣ 5♠ 3♥"],
               pile="4♦ 6♣", draw_pile="J♥ 6♦ 9♦ 4♣ K♠ Q♥", to_move=ANNA)


def example_2() -> PaskahousuGame:
    # My table: 5♠ under the 8♠; Carla (to move) holds 10♥ and 4♣, Dan 4♦, Anna 4♥ 4♠.
    # Refills come from the draw pile in order: Carla K♥ (after the burn) and Q♣, Dan J♦, Anna 5♣ 6♥.
    return pos(["4♥ 4♠ A♣ 2♦ 5♦", "3♦ 6♦ 7♣ 8♣ 9♠", "10♥ 4♣ K♣ 9♥ 6♠", "4♦ J♠ Q♦ 7♦ 3♠"],
               pile="5♠ 8♠", draw_pile="K♥ Q♣ J♦ 5♣ 6♥ 7♥ 9♣", to_move=CARLA)


def example_3() -> PaskahousuGame:
    # My table: 7♦ 9♠ under the K♣, draw pile empty; Ben holds A♠ 2♥ 5♦; Carla has no 2.
    return pos(["6♣ 10♦", "A♠ 2♥ 5♦", "3♣ 8♥ Q♥", "4♠ J♦"], pile="7♦ 9♠ K♣", to_move=BEN)
