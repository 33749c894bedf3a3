"""Paskahousu rules: the actions (§5), the end of the game (§8), undo, views, records and reprs.

Written from the rule book, independent of the engine: see ``pk_rulebook.py``.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from paternoster import (CardParseError, IllegalPlayError, RecordError, full_deck)
from paternoster.paskahousu import (STANDARD_HOUSE_RULES, PaskahousuGame, PickUp, PlayCards,
                                    TryYourLuck, acceptance)
from paternoster.paskahousu import rule_ids as ids
from paternoster.core import rule_ids as core_ids

from pk_rulebook import ANNA, BEN, c, CARLA, cs, example_1, example_2, example_3, pos, RANK, refused, snapshot


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
    refused(g, PickUp(), ids.PICK_UP_EMPTY)
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
    refused(g, PickUp(), ids.PICK_UP_EMPTY)
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
    refused(g, TryYourLuck(), ids.DRAW_PILE_EMPTY)
    with pytest.raises(IllegalPlayError):
        g.try_your_luck()


@pytest.mark.parametrize("cards,rule", [
    ("8♥ 9♥", ids.ONE_RANK), ("8♥ 8♠ 9♥", ids.ONE_RANK), ("2♠", ids.NOT_IN_HAND), ("8♥ 8♦", ids.NOT_IN_HAND),
    ("8♥ 8♥", ids.NOT_IN_HAND), ((), ids.EMPTY_PLAY), ("", ids.EMPTY_PLAY), ("3♣", ids.LOWER_THAN_TOP),
    ("J♥", ids.FACE_CARD_ON_LOW), ("A♥", ids.ACE_ONLY_ON_FACE),
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
    refused(g, "play 8♥", ids.UNKNOWN_ACTION)


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
    refused(g, PickUp(), ids.GAME_OVER)
    refused(g, PlayCards("3♦"), ids.GAME_OVER)
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
    assert info.value.rule == core_ids.NOTHING_TO_UNDO
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
