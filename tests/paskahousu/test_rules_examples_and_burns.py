"""Paskahousu rules: the rule book's worked examples (§4–§7) and burns (§7, §8.2).

Written from the rule book, independent of the engine: see ``pk_rulebook.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster.paskahousu import (PaskahousuGame, PickUp, PlayCards,
                                    TryYourLuck, acceptance)
from paternoster.paskahousu import rule_ids as ids

from pk_rulebook import ANNA, BEN, c, CARLA, cs, DAN, example_1, example_2, example_3, pos, refused


# =============================================================================================================
# 2. The seed's worked examples (Paskahousu rules §4–§7)
# =============================================================================================================

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
        refused(g, PlayCards((card,)), ids.ONLY_TWO_ON_TWO)
    refused(g, TryYourLuck(), ids.DRAW_PILE_EMPTY)
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


