"""Paskahousu rules, written from the seed and the spec, independent of the engine.

Rule sources: seed /work/shared/seeds/004_d3b716bb4b69b1ff.txt (German) sections 'Rangfolge der Karten',
'Vorbereitung', 'Wer fängt an?', 'So läuft ein Zug', 'Sonderkarten', 'Den Stapel kippen', 'Spielende';
spec paskahousu.md sections 2–6 and 8.  Every expectation below is written by hand from those texts —
nothing is computed by the engine and copied back.

Seats in the worked examples: Anna 0, Ben 1, Carla 2, Dan 3 (clockwise), which fits all three seed
examples (Anna → Ben; Carla → Dan → Anna; Ben → Carla).
"""

from __future__ import annotations

import json
import re
from collections import Counter

import numpy as np
import pytest

from paternoster import (CardParseError, IllegalPlayError, PositionError, RecordError, RulesError, full_deck,
                         parse_card, parse_cards)
from paternoster.paskahousu import (RANK_ORDER, STANDARD_HOUSE_RULES, PaskahousuGame, PickUp, PlayCards,
                                    TryYourLuck, acceptance, acceptance_table, strength)

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


def _opened(top: str | None) -> bool:
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
    kw = {"opened": True} if _opened(top) else {}
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
            kw = {"opened": True} if _opened(top) else {}
            a = acceptance(None if top is None else RANK[top], RANK[played], **kw)
            assert t[row, col] == CODE[a.verdict], (top, played)


def test_documented_rule_ids_include_the_contract_names():
    ids = documented_rule_ids()
    for rule in ("lower-than-top", "face-card-on-low", "ten-on-high", "ace-only-on-face", "two-on-ace-or-ten",
                 "only-two-on-two", "only-same-rank"):
        assert rule in ids


EDGE_CASES = [
    # (top, played, verdict, refusal rule or None, reason from the seed)
    ("3", "J", "no", "face-card-on-low", "face cards never on 3-6"),
    ("4", "Q", "no", "face-card-on-low", "face cards never on 3-6"),
    ("5", "K", "no", "face-card-on-low", "face cards never on 3-6"),
    ("6", "J", "no", "face-card-on-low", "face cards never on 3-6 (6 is not higher than 6)"),
    ("7", "J", "allowed", None, "face card on 7: top higher than 6"),
    ("8", "Q", "allowed", None, "face card on 8"),
    ("9", "K", "allowed", None, "face card on 9"),
    ("J", "J", "allowed", None, "face card on an equal face card"),
    ("J", "K", "allowed", None, "face card on a lower face card"),
    ("K", "Q", "no", "lower-than-top", "queen is lower than king"),
    ("Q", "J", "no", "lower-than-top", "jack is lower than queen"),
    *[(t, "10", "burns", None, f"10 on {t} burns (3-9)") for t in "3 4 5 6 7 8 9".split()],
    *[(t, "10", "no", "ten-on-high", f"10 never on {t}") for t in "J Q K A".split()],
    ("2", "10", "no", None, "on a 2 only a 2 (and 10 never on a 2)"),
    ("10", "10", "allowed", None, "10 on a 10 that opened the table: same rank follows, no self-burn"),
    ("10", "J", "no", "only-same-rank", "only 10s on an opened 10"),
    ("10", "9", "no", None, "only 10s on an opened 10"),
    ("10", "A", "no", None, "only 10s on an opened 10; ace only on face cards"),
    *[(t, "A", "burns", None, f"ace on {t} burns") for t in "J Q K".split()],
    *[(t, "A", "no", "ace-only-on-face", f"ace only on face cards, not on {t}") for t in "3 6 7 9".split()],
    ("A", "A", "allowed", None, "on an ace only an ace"),
    ("A", "K", "no", "only-same-rank", "on an ace only an ace"),
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
    ("9", "8", "no", "lower-than-top", "must be at least as high as the top"),
    ("5", "5", "allowed", None, "equal rank is allowed"),
]


@pytest.mark.parametrize("top,played,verdict,rule,reason", EDGE_CASES,
                         ids=[f"{t or 'empty'}<-{p}:{why}" for t, p, _, _, why in EDGE_CASES])
def test_acceptance_edge_cases(top, played, verdict, rule, reason):
    a = acceptance(None if top is None else c(top + "♠"), c(played + "♥"), opened=_opened(top))
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
    g = pos([[card, filler], "3♠ 4♠", "7♠ 8♠"], pile=[top_card] if top_card else [], opened=_opened(top))
    action = PlayCards((card,))
    if want == "no":
        kw = {"opened": True} if _opened(top) else {}
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


# =============================================================================================================
# 2. The seed's worked examples (Paskahousu rules §4–§7)
# =============================================================================================================

def example_1() -> PaskahousuGame:
    # My table: 4♦ under the 6♣; Anna holds the two 8s (8♥ 8♠) and three others; the draw pile's top two
    # cards (J♥ 6♦) refill Anna, so the card Ben turns over is the 9♦ of the seed.
    return pos(["8♥ 8♠ K♦ Q♠ 3♣", "3♦ 4♠ 5♥ 5♣ 7♥", "J♣ J♦ 6♥ 7♠ 10♣", "2♣ A♥ 9♣ 5♠ 3♥"],
               pile="4♦ 6♣", draw_pile="J♥ 6♦ 9♦ 4♣ K♠ Q♥", to_move=ANNA)


def test_seed_example_1_try_your_luck_turns_a_playable_9():
    g = example_1()
    g.play("8♥ 8♠")                       # Anna plays two 8s on the 6♣
    assert g.pile == cs("4♦ 6♣ 8♥ 8♠")
    assert Counter(g.hands[ANNA]) == Counter(cs("K♦ Q♠ 3♣ J♥ 6♦")), "Anna refills to five"
    assert g.to_move == BEN
    # Ben's 3♦ 4♠ 5♥ 5♣ 7♥: nothing reaches the 8s
    for card in cs("3♦ 4♠ 5♥ 5♣ 7♥"):
        assert acceptance(c("8♠"), card).verdict == "no"
    assert not any(isinstance(a, PlayCards) for a in g.legal_actions())
    assert set(g.legal_actions()) == {PickUp(), TryYourLuck()}
    g.try_your_luck()
    assert g.pile == cs("4♦ 6♣ 8♥ 8♠ 9♦"), "the 9♦ is higher than the 8s and is played"
    assert Counter(g.hands[BEN]) == Counter(cs("3♦ 4♠ 5♥ 5♣ 7♥")), "Ben keeps his five cards"
    assert g.draw_pile == cs("4♣ K♠ Q♥")
    assert g.to_move == CARLA
    assert g.result is None


def example_2() -> PaskahousuGame:
    # My table: 5♠ under the 8♠; Carla (to move) holds 10♥ and 4♣, Dan 4♦, Anna 4♥ 4♠.
    # Refills come from the draw pile in order: Carla K♥ (after the burn) and Q♣, Dan J♦, Anna 5♣ 6♥.
    return pos(["4♥ 4♠ A♣ 2♦ 5♦", "3♦ 6♦ 7♣ 8♣ 9♠", "10♥ 4♣ K♣ 9♥ 6♠", "4♦ J♠ Q♦ 7♦ 3♠"],
               pile="5♠ 8♠", draw_pile="K♥ Q♣ J♦ 5♣ 6♥ 7♥ 9♣", to_move=CARLA)


def test_seed_example_2_ten_burns_then_four_fours_burn():
    g = example_2()
    burned0 = Counter(g.burned)
    g.play("10♥")                           # Carla: 10 on the 8♠ burns
    assert g.pile == []
    assert Counter(g.burned) - burned0 == Counter(cs("5♠ 8♠ 10♥"))
    assert g.to_move == CARLA, "Carla moves again"
    assert Counter(g.hands[CARLA]) == Counter(cs("4♣ K♣ 9♥ 6♠ K♥")), "refill before the extra move (Decision)"
    g.play("4♣")                            # she opens a new pile with her 4♣
    assert g.pile == cs("4♣") and g.to_move == DAN
    g.play("4♦")                            # Dan
    assert g.pile == cs("4♣ 4♦") and g.to_move == ANNA
    g.play("4♥ 4♠")                         # Anna: four 4s on top -> burn
    assert g.pile == []
    assert Counter(g.burned) - burned0 == Counter(cs("5♠ 8♠ 10♥ 4♣ 4♦ 4♥ 4♠"))
    assert g.to_move == ANNA, "Anna moves again"
    assert Counter(g.hands[ANNA]) == Counter(cs("A♣ 2♦ 5♦ 5♣ 6♥"))
    assert g.draw_pile == cs("7♥ 9♣")


def example_3() -> PaskahousuGame:
    # My table: 7♦ 9♠ under the K♣, draw pile empty; Ben holds A♠ 2♥ 5♦; Carla has no 2.
    return pos(["6♣ 10♦", "A♠ 2♥ 5♦", "3♣ 8♥ Q♥", "4♠ J♦"], pile="7♦ 9♠ K♣", to_move=BEN)


def test_seed_example_3_ben_may_burn_with_an_ace_or_play_a_two():
    g = example_3()
    legal = g.legal_actions()
    assert PlayCards((c("A♠"),)) in legal and PlayCards((c("2♥"),)) in legal
    assert PlayCards((c("5♦"),)) not in legal
    assert TryYourLuck() not in legal, "no try your luck without a draw pile"
    assert acceptance(c("K♣"), c("A♠")).verdict == "burns"
    assert acceptance(c("K♣"), c("2♥")).verdict == "allowed"
    # the ace: burns, Ben moves again
    g.play("A♠")
    assert g.pile == [] and g.to_move == BEN
    assert Counter(cs("7♦ 9♠ K♣ A♠")) <= Counter(g.burned)


def test_seed_example_3_two_then_carla_must_pick_up():
    g = example_3()
    g.play("2♥")
    assert g.pile == cs("7♦ 9♠ K♣ 2♥") and g.to_move == CARLA
    assert Counter(g.hands[BEN]) == Counter(cs("A♠ 5♦")), "no refill: the draw pile is empty"
    assert g.legal_actions() == [PickUp()], "only a 2 may follow; Carla has none and cannot try her luck"
    for card in cs("3♣ 8♥ Q♥"):
        refused(g, PlayCards((card,)), "only-two-on-two")
    refused(g, TryYourLuck(), "draw-pile-empty")
    g.pick_up()
    assert Counter(g.hands[CARLA]) == Counter(cs("3♣ 8♥ Q♥ 7♦ 9♠ K♣ 2♥"))
    assert g.pile == [] and g.to_move == DAN, "the next player starts on the empty table"
    assert {a for a in g.legal_actions()} == {PlayCards((c("4♠"),)), PlayCards((c("J♦"),))}


# =============================================================================================================
# 3. Burns (Paskahousu rules §7, Paskahousu rules §7)
# =============================================================================================================

@pytest.mark.parametrize("top", "3 4 5 6 7 8 9".split())
def test_ten_burns_on_each_of_3_to_9(top):
    g = pos(["10♥ K♣ K♦ Q♣ Q♦", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ 9♦ J♦ J♣ 2♦"], pile=f"{'3♠ ' if top != '3' else ''}{top}♥",
            draw_pile="A♣ A♦ 2♣")
    pile = list(g.pile)
    g.play("10♥")
    assert g.pile == [] and g.to_move == ANNA
    assert Counter(pile + [c("10♥")]) <= Counter(g.burned)
    assert len(g.hands[ANNA]) == 5 and g.draw_pile == cs("A♦ 2♣"), "the burner refills before moving again"


@pytest.mark.parametrize("top", "J Q K".split())
def test_ace_burns_on_each_face_card(top):
    g = pos(["A♥ A♠ 3♣ 4♣ 5♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ 9♦ 10♦ 6♣ 2♦"], pile=f"9♠ {top}♥", draw_pile="7♣ 8♣ 9♣")
    g.play("A♥ A♠")                         # several aces at once burn as well
    assert g.pile == [] and g.to_move == ANNA
    assert Counter(cs(f"9♠ {top}♥ A♥ A♠")) <= Counter(g.burned)
    assert len(g.hands[ANNA]) == 5 and g.draw_pile == cs("9♣")


def test_four_of_a_kind_two_plus_one_plus_one_across_players():
    g = pos(["7♥ 7♠ 3♣ 4♣ 5♣", "7♦ 3♦ 4♦ 5♦ 6♦", "7♣ 8♦ 9♦ J♦ Q♦", "K♦ 2♦ A♦ 10♦ 9♣"], pile="5♠",
            draw_pile="2♣ 2♥ K♣ K♥ Q♣ Q♥")
    g.play("7♥ 7♠")
    g.play("7♦")
    assert g.pile == cs("5♠ 7♥ 7♠ 7♦"), "three of a kind does not burn"
    assert g.to_move == CARLA
    g.play("7♣")
    assert g.pile == [] and g.to_move == CARLA
    assert Counter(cs("5♠ 7♥ 7♠ 7♦ 7♣")) <= Counter(g.burned)
    assert len(g.hands[CARLA]) == 5


@pytest.mark.parametrize("on_pile,play", [("9♣", "9♦ 9♥ 9♠"), ("9♣ 9♦", "9♥ 9♠"), ("9♣ 9♦ 9♥", "9♠")],
                         ids=["1+3", "2+2", "3+1"])
def test_four_of_a_kind_completed_by_a_multi_card_play(on_pile, play):
    g = pos([play + " 3♣ 4♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ K♦ 2♦"], pile="6♠ " + on_pile)
    assert g.check(PlayCards(play)) is None
    g.play(play)
    assert g.pile == [] and g.to_move == ANNA
    assert Counter(cs("6♠ 9♣ 9♦ 9♥ 9♠")) <= Counter(g.burned)


@pytest.mark.parametrize("rank,opened", [("2", False), ("10", True), ("A", True)])
def test_four_of_a_kind_of_special_ranks_burns(rank, opened):
    # 2s on 2s, and 10s / aces on a 10 / ace that opened the table: four on top burn too.
    under = "" if opened else "8♠ "
    g = pos([f"{rank}♠ 3♣ 4♣", "3♦ 4♦ 5♦", "6♦ 7♦ 8♦"], pile=f"{under}{rank}♣ {rank}♦ {rank}♥", opened=opened)
    g.play(f"{rank}♠")
    assert g.pile == [] and g.to_move == ANNA


def test_three_of_a_kind_is_not_a_burn():
    g = pos(["5♥ 3♣ 4♣", "3♦ 4♦ 6♦", "6♣ 7♦ 8♦"], pile="4♠ 5♣ 5♦")
    g.play("5♥")
    assert g.pile == cs("4♠ 5♣ 5♦ 5♥") and g.to_move == BEN


def test_four_of_a_kind_not_on_top_in_a_row_is_not_a_burn():
    # Three 7s on the pile, then an 8: the fourth 7 can no longer go on top, and an 8 on them is no burn.
    g = pos(["8♥ 3♣ 4♣", "3♦ 4♦ 6♦", "6♣ 7♠ 8♦"], pile="7♣ 7♦ 7♥")
    g.play("8♥")
    assert g.pile == cs("7♣ 7♦ 7♥ 8♥") and g.to_move == BEN
    # Two 6s picked up, then the other two laid on the empty table: four 6s were played in a row of turns,
    # but only two lie on top.
    g = pos(["6♣ 6♦ 3♣", "K♦ 4♦ 5♦", "6♥ 9♣", "6♠ 9♦"], pile="4♠")
    g.play("6♣ 6♦")
    g.pick_up()
    g.play("6♥")
    g.play("6♠")
    assert g.pile == cs("6♥ 6♠") and g.to_move == ANNA


def test_try_your_luck_card_that_burns():
    g = pos(["3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ 9♦ J♦ Q♦ K♦"], pile="7♠", draw_pile="10♠ 2♣")
    g.try_your_luck()
    assert g.pile == [] and Counter(cs("7♠ 10♠")) <= Counter(g.burned)
    assert g.to_move == ANNA and Counter(g.hands[ANNA]) == Counter(cs("3♣ 4♣ 5♣ 6♣ 8♣"))
    assert g.draw_pile == cs("2♣")


def test_burner_without_cards_next_player_with_cards_starts():
    # Draw pile empty. Ben goes out, Carla picks up, Dan goes out, Eve plays, Anna burns with her last card:
    # the next player clockwise from Anna WITH cards is Carla (Ben is out) — Paskahousu rules §8.
    g = PaskahousuGame.from_position(["9♠ 10♣", "J♥", "3♣ 4♣", "6♦", "7♣ 8♣"], pile="5♦",
                                     names=["Anna", "Ben", "Carla", "Dan", "Eve"])
    g.play("9♠")
    g.play("J♥")
    assert g.out == [BEN]
    g.pick_up()                             # Carla
    g.play("6♦")                            # Dan on the empty table
    assert g.out == [BEN, DAN]
    g.play("7♣")                            # Eve
    g.play("10♣")                           # Anna: 10 on 7 burns, and she has no cards left
    assert g.out == [BEN, DAN, ANNA]
    assert g.pile == []
    assert g.to_move == CARLA
    assert g.result is None


def test_burn_with_the_last_card_leaves_one_player_who_loses():
    g = pos(["10♠", "3♣ 4♦"], pile="5♦")
    g.play("10♠")
    assert g.is_terminal()
    assert g.result.outcome == "loser" and g.result.loser == BEN
    assert g.returns() == [0, -1]


# =============================================================================================================
# 4. Who starts (Paskahousu rules §4, Paskahousu rules §3–§4)
# =============================================================================================================

def expected_opener(hands, dealer):
    """Most 3s; ties -> first clockwise from the dealer's left; nobody has a 3 -> most 4s, and so on."""
    n = len(hands)
    order = [(dealer + 1 + i) % n for i in range(n)]
    for label in LABELS:
        counts = [sum(1 for x in h if x.rank == RANK[label]) for h in hands]
        best = max(counts)
        if best:
            return next(s for s in order if counts[s] == best), RANK[label]
    raise AssertionError("nobody holds a card")


def _counts(hands, rank):
    return [sum(1 for x in h if x.rank == rank) for h in hands]


def _tie_not_lowest(hands, dealer):
    counts = _counts(hands, 3)
    best = max(counts)
    tied = [s for s, k in enumerate(counts) if k == best]
    return best > 0 and len(tied) >= 2 and expected_opener(hands, dealer)[0] != min(tied)


def _more_later(hands, dealer):
    # someone with one 3 sits before (clockwise from the dealer's left) someone with more 3s
    n = len(hands)
    counts = _counts(hands, 3)
    order = [(dealer + 1 + i) % n for i in range(n)]
    first_with = next((s for s in order if counts[s]), None)
    return first_with is not None and counts[first_with] < max(counts)


SCENARIOS = {
    "tie-on-3s-broken-from-dealers-left": _tie_not_lowest,
    "most-3s-not-first-with-a-3": _more_later,
    "nobody-has-a-3": lambda h, d: max(_counts(h, 3)) == 0 and max(_counts(h, 4)) > 0,
    "nobody-has-a-3-or-4": lambda h, d: max(_counts(h, 3)) == 0 and max(_counts(h, 4)) == 0,
    "four-3s-in-one-hand": lambda h, d: max(_counts(h, 3)) == 4,
}
# Seeds that satisfied the scenario when the tests were written; if the engine's shuffle changes the test
# searches again (the hint is only a shortcut, the scenario is checked either way).
SEED_HINTS: dict[tuple[str, int, int], int] = {("four-3s-in-one-hand", 6, 0): 23701}


def find_game(scenario, players, dealer, limit=300_000):
    pred = SCENARIOS[scenario]
    hint = SEED_HINTS.get((scenario, players, dealer))
    seeds = ([hint] if hint is not None else []) + list(range(limit))
    for seed in seeds:
        g = PaskahousuGame.new(players, seed=seed, dealer=dealer)
        if pred(g.hands, dealer):
            return g, seed
    pytest.fail(f"no seed below {limit} gives scenario {scenario} for {players} players")


WHO_STARTS = [("tie-on-3s-broken-from-dealers-left", 4, 2), ("tie-on-3s-broken-from-dealers-left", 3, 0),
              ("tie-on-3s-broken-from-dealers-left", 5, 2), ("most-3s-not-first-with-a-3", 4, 0),
              ("most-3s-not-first-with-a-3", 6, 3), ("nobody-has-a-3", 2, 0), ("nobody-has-a-3", 3, 1),
              ("nobody-has-a-3-or-4", 2, 1)]


@pytest.mark.parametrize("scenario,players,dealer", WHO_STARTS)
def test_who_starts(scenario, players, dealer):
    g, seed = find_game(scenario, players, dealer)
    opener, rank = expected_opener(g.hands, dealer)
    assert g.to_move == opener, f"seed {seed}"
    lay = [x for x in g.hands[opener] if x.rank == rank]
    legal = g.legal_actions()
    assert len(legal) == 1 and isinstance(legal[0], PlayCards), "the opening lay is the only legal action"
    assert sorted(legal[0].cards) == sorted(lay), "…and it is ALL the opener's cards of that rank"
    # anything else is refused
    refused(g, TryYourLuck(), "opening-lay")
    refused(g, PickUp(), "opening-lay")
    other = [x for x in g.hands[opener] if x.rank != rank]
    if other:
        refused(g, PlayCards((other[0],)), "opening-lay")
    if len(lay) >= 2:
        refused(g, PlayCards((lay[0],)), "opening-lay")
    draw0 = list(g.draw_pile)
    g.apply_action(legal[0])
    assert g.pile == list(legal[0].cards)
    assert len(g.hands[opener]) == 5 and g.draw_pile == draw0[len(lay):], "the opener refills to five"
    assert g.to_move == (opener + 1) % players


def test_opening_four_threes_burns_and_opener_moves_again():
    g, seed = find_game("four-3s-in-one-hand", 6, 0)
    opener = next(s for s, h in enumerate(g.hands) if sum(x.rank == 3 for x in h) == 4)
    assert g.to_move == opener
    assert g.legal_actions() == [g.legal_actions()[0]] and sorted(g.legal_actions()[0].cards) == sorted(
        x for x in g.hands[opener] if x.rank == 3)
    g.apply_action(g.legal_actions()[0])
    assert g.pile == [] and sorted(g.burned) == sorted(x for x in full_deck() if x.rank == 3)
    assert g.to_move == opener, "four 3s burn and the opener moves again"
    assert len(g.hands[opener]) == 5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_opener_over_many_seeds(players):
    for seed in range(60):
        dealer = seed % players
        g = PaskahousuGame.new(players, seed=seed, dealer=dealer)
        assert g.to_move == expected_opener(g.hands, dealer)[0], (players, seed, dealer)


# =============================================================================================================
# 5. The deal (Paskahousu rules §3)
# =============================================================================================================

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_five_each_rest_is_draw_pile(players):
    g = PaskahousuGame.new(players, seed=11)
    assert g.players == players
    assert [len(h) for h in g.hands] == [5] * players
    assert len(g.draw_pile) == 52 - 5 * players
    assert g.pile == [] and g.burned == [] and g.out == [] and g.result is None
    assert everything(g) == Counter(full_deck())
    assert g.turn == 1


@pytest.mark.parametrize("players", [3, 4, 6])
def test_deal_starts_left_of_the_dealer(players):
    # The shuffle depends on the seed alone; the dealer only changes who receives which cards:
    # seat dealer+1 gets what seat 1 gets when seat 0 deals.
    base = PaskahousuGame.new(players, seed=5, dealer=0)
    for dealer in range(players):
        g = PaskahousuGame.new(players, seed=5, dealer=dealer)
        assert g.dealer == dealer
        for i in range(players):
            assert g.hands[(dealer + 1 + i) % players] == base.hands[(1 + i) % players]
        assert g.draw_pile == base.draw_pile


@pytest.mark.parametrize("players", [1, 7, 0])
def test_player_count_refused(players):
    with pytest.raises(RulesError) as info:
        PaskahousuGame.new(players, seed=1)
    msg = str(info.value)
    assert "2" in msg and "6" in msg and "player" in msg.lower()


def test_same_seed_same_game():
    assert PaskahousuGame.new(4, seed=9).to_record() == PaskahousuGame.new(4, seed=9).to_record()
    assert PaskahousuGame.new(4, seed=9).hands == PaskahousuGame.new(4, seed=9).hands
    assert PaskahousuGame.new(4, seed=9).hands != PaskahousuGame.new(4, seed=10).hands


def test_from_position_refuses_duplicate_cards():
    with pytest.raises(PositionError) as info:
        PaskahousuGame.from_position(["8♥ 3♣", "8♥ 4♣"])
    assert "8♥" in str(info.value)


# =============================================================================================================
# 6. Actions (Paskahousu rules §5, Paskahousu rules §5)
# =============================================================================================================

def test_pick_up_takes_the_whole_pile_and_next_starts_on_empty_table():
    g = pos(["3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ K♦ 2♦"], pile="5♠ 7♣ 9♠", draw_pile="A♣ A♦")
    g.pick_up()
    assert Counter(g.hands[ANNA]) == Counter(cs("3♣ 4♣ 5♣ 6♣ 8♣ 5♠ 7♣ 9♠"))
    assert g.pile == [] and g.to_move == BEN
    assert g.draw_pile == cs("A♣ A♦"), "no refill after picking up"
    assert PickUp() not in g.legal_actions()
    refused(g, PickUp(), "pick-up-empty")
    with pytest.raises(IllegalPlayError):
        g.pick_up()


def test_pick_up_allowed_even_when_a_play_is_possible():
    g = pos(["10♣ 2♣ 9♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ K♦ 2♦"], pile="5♠", draw_pile="A♣")
    assert PickUp() in g.legal_actions()
    assert any(isinstance(a, PlayCards) for a in g.legal_actions())
    g.pick_up()
    assert c("5♠") in g.hands[ANNA] and g.to_move == BEN


def test_try_your_luck_not_playable_picks_up_card_and_pile():
    g = pos(["3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ 9♦ 2♦"], pile="8♠ K♣", draw_pile="5♥ A♣")
    g.try_your_luck()
    assert Counter(g.hands[ANNA]) == Counter(cs("3♣ 4♣ 5♣ 6♣ 8♣ 5♥ 8♠ K♣"))
    assert g.pile == [] and g.to_move == BEN and g.draw_pile == cs("A♣")


def test_try_your_luck_on_opened_ten_only_ten_follows():
    g = pos(["3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ 9♦ 2♦"], pile="10♠", draw_pile="J♠ A♣",
            opened=True)
    g.try_your_luck()
    assert c("J♠") in g.hands[ANNA] and c("10♠") in g.hands[ANNA]
    assert g.pile == [] and g.to_move == BEN


def test_try_your_luck_on_empty_table_is_always_played():
    g = pos(["3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 7♦", "8♦ J♦ Q♦ 9♦ 2♦"], draw_pile="A♠ K♣")
    refused(g, PickUp(), "pick-up-empty")
    g.try_your_luck()
    assert g.pile == cs("A♠"), "an ace on the empty table stays (no self-burn)"
    assert g.to_move == BEN and len(g.hands[ANNA]) == 5
    g.pick_up()                             # Ben picks it up; Carla starts on the empty table
    assert g.pile == [] and g.to_move == CARLA


def test_ten_on_empty_table_stays_and_only_tens_follow():
    g = pos(["10♣ 3♣ 4♣", "10♦ 2♦ 9♦ J♦", "5♦ 6♦"])
    burned0 = list(g.burned)                # from_position: cards in no place count as burned
    g.play("10♣")
    assert g.pile == cs("10♣") and g.burned == burned0 and g.to_move == BEN
    for card in ("2♦", "9♦", "J♦"):
        refused(g, PlayCards(card), acceptance(10, RANK[card[:-1]], opened=True).rule)
    g.play("10♦")
    assert g.pile == cs("10♣ 10♦") and g.to_move == CARLA, "a 10 on an opened 10 does not burn"


def test_ace_on_empty_table_stays_and_only_aces_follow():
    g = pos(["A♣ 3♣ 4♣", "A♦ 2♦ K♦", "5♦ 6♦"])
    g.play("A♣")
    assert g.pile == cs("A♣") and g.to_move == BEN
    refused(g, PlayCards("2♦"), acceptance(1, 2, opened=True).rule)
    refused(g, PlayCards("K♦"), acceptance(1, 13, opened=True).rule)
    g.play("A♦")
    assert g.pile == cs("A♣ A♦") and g.to_move == CARLA


def test_try_your_luck_without_draw_pile_refused():
    g = pos(["3♣ 4♣", "3♦ 4♦"], pile="5♠")
    assert TryYourLuck() not in g.legal_actions()
    refused(g, TryYourLuck(), "draw-pile-empty")
    with pytest.raises(IllegalPlayError):
        g.try_your_luck()


@pytest.mark.parametrize("cards,rule", [
    ("8♥ 9♥", "one-rank"), ("8♥ 8♠ 9♥", "one-rank"), ("2♠", "not-in-hand"), ("8♥ 8♦", "not-in-hand"),
    ("8♥ 8♥", "not-in-hand"), ((), "empty-play"), ("", "empty-play"), ("3♣", "lower-than-top"),
    ("J♥", "face-card-on-low"), ("A♥", "ace-only-on-face"),
], ids=["two-ranks", "three-cards-two-ranks", "not-held", "one-held-one-not", "same-card-twice", "empty-tuple",
        "empty-text", "lower", "face-on-5", "ace-on-5"])
def test_refused_plays(cards, rule):
    g = pos(["8♥ 8♠ 9♥ 3♣ J♥ A♥", "3♦ 4♦ 5♦ 6♦ 7♦"], pile="5♠", draw_pile="K♣")
    refused(g, PlayCards(cards), rule)


def test_misspelt_card_is_a_parse_error_and_changes_nothing():
    g = pos(["8♥ 8♠ 9♥ 3♣ J♥", "3♦ 4♦ 5♦ 6♦ 7♦"], pile="5♠", draw_pile="K♣")
    before = snapshot(g)
    with pytest.raises(CardParseError):
        g.play("8x")
    with pytest.raises(CardParseError):
        PlayCards("Zz 8♥")
    assert snapshot(g) == before


def test_unknown_action_refused():
    g = pos(["8♥ 3♣", "3♦ 4♦"], pile="5♠")
    refused(g, "play 8♥", "unknown-action")


def test_refill_to_five_after_a_play_and_partial_refill_at_the_end_of_the_draw_pile():
    g = pos(["8♥ 8♠ 9♥ 3♣ J♥", "3♦ 4♦ 5♦ 6♦ 7♦", "9♦ J♦ Q♦ K♦ 2♦"], pile="5♠", draw_pile="A♣ A♦ A♥")
    g.play("8♥ 8♠")
    assert Counter(g.hands[ANNA]) == Counter(cs("9♥ 3♣ J♥ A♣ A♦")) and g.draw_pile == cs("A♥")
    g.pick_up()                             # Ben: 8 cards, draw pile untouched
    assert len(g.hands[BEN]) == 8 and g.draw_pile == cs("A♥")
    g.play("9♦")                            # Carla on the empty table: only one card left to draw
    assert Counter(g.hands[CARLA]) == Counter(cs("J♦ Q♦ K♦ 2♦ A♥")) and g.draw_pile == []
    g.play("J♥")                            # Anna: draw pile empty -> no refill, four cards
    assert len(g.hands[ANNA]) == 4


def test_going_out_only_once_the_draw_pile_is_empty():
    # Anna plays her last card while the draw pile still has cards: she refills and stays in.
    g = pos(["7♠ 7♦", "3♦ 4♦ 5♦ 6♦ 8♦", "9♦ J♦ Q♦ K♦ 2♦"], pile="5♠", draw_pile="A♣ A♦ A♥ 3♣ 4♣ 5♣")
    g.play("7♠ 7♦")
    assert len(g.hands[ANNA]) == 5 and g.out == [] and g.result is None
    # with the draw pile empty, playing the last card means out (and safe)
    g = pos(["K♠", "3♦ 4♦", "9♦ 2♦"], pile="5♠ 9♠")
    g.play("K♠")
    assert g.out == [ANNA] and g.result is None and g.to_move == BEN


def test_last_player_holding_cards_loses():
    g = pos(["K♠", "3♦ 4♦", "J♣ 2♦"], pile="9♠")
    g.play("K♠")                            # Anna out
    g.pick_up()                             # Ben picks up 9♠ K♠
    g.play("J♣")                            # Carla on the empty table
    g.play("K♠")                            # Ben
    g.play("2♦")                            # Carla out -> Ben alone holds cards
    assert g.is_terminal()
    assert g.out == [ANNA, CARLA]
    assert g.result.outcome == "loser" and g.result.loser == BEN
    assert g.returns() == [0, -1, 0]
    refused(g, PickUp(), "game-over")
    refused(g, PlayCards("3♦"), "game-over")
    assert g.legal_actions() == []


def test_stalemate_at_turn_cap():
    from dataclasses import replace
    rules = replace(STANDARD_HOUSE_RULES, turn_cap=3)
    g = PaskahousuGame.from_position(["3♣ 4♣", "3♦ 4♦"], pile="K♠", rules=rules)
    while not g.is_terminal():
        g.pick_up() if g.pile else g.apply_action(g.legal_actions()[0])
    assert g.result.outcome == "stalemate" and g.result.loser is None
    assert g.returns() == [0, 0]


def test_undo_restores_and_nothing_to_undo():
    g = example_2()
    before = snapshot(g)
    with pytest.raises(IllegalPlayError) as info:
        g.undo()
    assert info.value.rule == "nothing-to-undo"
    assert snapshot(g) == before
    g.play("10♥")
    mid = snapshot(g)
    g.play("4♣")
    g.undo()
    assert snapshot(g) == mid
    g.undo()
    assert snapshot(g) == before


# =============================================================================================================
# 7. Views, records, reprs
# =============================================================================================================

def _labels(cards):
    return {x.label("en") for x in cards}


def test_view_hides_other_hands_and_draw_pile():
    g = example_1()
    g.play("8♥ 8♠")
    for p in range(g.players):
        v = g.view(p)
        text = json.dumps(v, ensure_ascii=False)
        tokens = set(re.findall(r"(?:10|[2-9AJQK])[♦♥♠♣]", text))
        assert _labels(g.hands[p]) <= tokens, "a player sees their own hand"
        assert _labels(g.pile) <= tokens, "the discard pile is open"
        hidden = set().union(*(_labels(h) for q, h in enumerate(g.hands) if q != p), _labels(g.draw_pile))
        assert not (hidden & tokens), f"player {p} sees hidden cards {hidden & tokens}"
        # key names are the engine's choice (the contract fixes the contents only)
        assert sorted(v["hand"]) == sorted(x.label("en") for x in g.hands[p])   # the view may sort the hand
        assert v["hand_counts"] == [len(h) for h in g.hands]
        assert v["draw_pile"] == len(g.draw_pile)
        assert v["pile"] == [x.label("en") for x in g.pile]
        assert v["burned"] == len(g.burned) and v["to_move"] == g.to_move and v["result"] is None


def test_view_is_json_ready_and_changes_nothing():
    g = PaskahousuGame.new(4, seed=3)
    before = snapshot(g)
    json.dumps(g.view(0))
    assert snapshot(g) == before


def _play_some(g: PaskahousuGame, n: int) -> PaskahousuGame:
    for _ in range(n):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        plays = [a for a in legal if isinstance(a, PlayCards)]
        g.apply_action(plays[0] if plays else legal[-1])
    return g


@pytest.mark.parametrize("make", [lambda: PaskahousuGame.new(3, seed=21), example_2, example_3],
                         ids=["new", "position-2", "position-3"])
def test_record_replays_exactly(make):
    g = _play_some(make(), 25)
    text = g.to_json()
    rec = json.loads(text)
    assert rec["format"] == "paskahousu-record" and rec["version"] == 1
    again = PaskahousuGame.from_record(text)
    assert snapshot(again) == snapshot(g)
    assert again.log == g.log and again.actions == g.actions
    again = PaskahousuGame.from_record(g.to_record())
    assert snapshot(again) == snapshot(g)
    if len(g.actions) >= 2:
        part = PaskahousuGame.from_record(text, upto=1)
        assert part.actions == g.actions[:1]


def _corrupt_cases():
    """(record, text the message must contain) pairs; the text is the field or the action's number."""
    g = _play_some(PaskahousuGame.new(3, seed=4), 6)
    rec = g.to_record()

    def edit(**changes):
        r = json.loads(json.dumps(rec))
        for k, v in changes.items():
            if v is None:
                del r[k]
            else:
                r[k] = v
        return r

    # action 4 (1-based) replaced by a play of a card the player to move does not hold
    at3 = PaskahousuGame.from_record(rec, upto=3)
    foreign = next(x for x in full_deck() if x not in at3.hands[at3.to_move])
    return [
        ("{not json", "JSON"),
        (json.dumps([1, 2]), "record"),
        (edit(format="paternoster-record"), "format"),
        (edit(version=99), "version"),
        (edit(actions=None), "actions"),
        (edit(players=None), "players"),
        (edit(players=9), "players"),
        (edit(actions=rec["actions"][:2] + [{"type": "fly"}]), "3"),
        (edit(actions=rec["actions"][:3] + [PlayCards((foreign,)).to_json()]), "4"),
    ]


def test_corrupt_records_raise_record_error_with_helpful_message():
    for record, expect in _corrupt_cases():
        with pytest.raises(RecordError) as info:
            PaskahousuGame.from_record(record)
        msg = str(info.value)
        assert len(msg) > 20 and expect in msg, (expect, msg)


def test_stable_repr_and_escaped_html():
    g = PaskahousuGame.new(4, seed=2, names=["<b>Anna</b>", "Ben", "Carla", "Dan"])
    r = repr(g)
    assert "0x" not in r and r == repr(PaskahousuGame.new(4, seed=2, names=["<b>Anna</b>", "Ben", "Carla", "Dan"]))
    for obj in (PlayCards("8♥ 8♠"), PickUp(), TryYourLuck(), acceptance(8, 10)):
        assert "0x" not in repr(obj)
    html_text = g._repr_html_()
    assert "<b>Anna</b>" not in html_text and "&lt;b&gt;Anna&lt;/b&gt;" in html_text
    g2 = pos(["K♠", "3♦ 4♦"], pile="9♠")
    g2.play("K♠")
    assert "0x" not in repr(g2) and "0x" not in repr(g2.result)


def test_actions_round_trip_and_log_sentences():
    g = example_1()
    g.play("8♥ 8♠")
    g.try_your_luck()
    assert g.actions == [PlayCards("8♥ 8♠"), TryYourLuck()]
    for a in g.actions:
        json.dumps(a.to_json())
    assert len(g.log) >= 2 and all(isinstance(s, str) and s for s in g.log)
    text = " ".join(g.log)
    assert "Anna" in text and "Ben" in text and "9♦" in text
