"""Kernel-side tests of the notebook widgets (no browser): build each widget,
drive it from code as a notebook cell would, and check what it shows."""

from __future__ import annotations

import html
import json
import re

import ipywidgets
import pytest
import traitlets

import paternoster
from paternoster import Game, IllegalPlayError, Play, compare, examples, parse_card
from paternoster.core.errors import RecordError
from paternoster.lift import rule_ids, texts
from paternoster.lift.cost import cost_of
from paternoster.lift.ladder import NORMAL, SETBACK
from widgets import HandPilesTable, LadderTable, TurnStepper

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)


def _text(fragment: str) -> str:
    """Visible text of an HTML fragment (tags dropped, entities decoded)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _played_game(seed: int = 5, actions: int = 25) -> Game:
    """A seeded game played a little by a trivial driver (first legal play, end turn at the minimum)."""
    g = Game.new(players=2, seed=seed)
    while len(g.actions) < actions and not g.is_over():
        if g.minimum_met:
            g.end_turn()
        else:
            lp = g.legal_plays()[0]
            g.play(lp.card, lp.pile)
    return g


# --------------------------------------------------------------------------- LadderTable

def test_ladder_table_compares_7s_8c():
    t = LadderTable()
    t.a.value, t.b.value = "7♠", "8♣"
    assert t.sign == -1
    assert "7♠ is lower than 8♣" in _text(t.result_html.value)
    assert "rung 26" in _text(t.result_html.value) and "rung 31" in _text(t.result_html.value)
    assert t.result == compare(parse_card("7♠"), parse_card("8♣"))
    assert t.error == ""


def test_ladder_table_reads_any_notation_and_twins():
    t = LadderTable("2d", "3c")
    t.a.value = "D♥"          # German Dame with a symbol
    t.b.value = "qh"
    assert t.card_a == t.card_b == parse_card("Q♥")
    assert t.sign == 0 and "twins" in t.reason
    t.b.value = "Bs"          # German Bube
    assert t.card_b == parse_card("J♠") and t.sign == 1
    assert "Q♥ is higher than J♠" in _text(t.result_html.value)


def test_ladder_table_bad_card_shows_parse_error_and_changes_nothing_else():
    t = LadderTable("7♠", "8♣")
    result, ladder = t.result_html.value, t.ladder_html.value
    t.a.value = "Dd"
    with pytest.raises(paternoster.CardParseError) as info:
        parse_card("Dd")
    assert str(info.value) in t.error_label.value
    assert t.card_a == parse_card("7♠")
    assert t.result_html.value == result and t.ladder_html.value == ladder
    t.a.value = "7s"          # fixed: the error goes away
    assert t.error == ""
    assert t.card_a == parse_card("7♠")


def test_ladder_table_error_text_is_plain_text_not_html():
    t = LadderTable()
    t.b.value = "<b>x</b>"
    assert isinstance(t.error_label, ipywidgets.Label)  # plain text, never HTML
    assert "<b>x</b>" in t.error_label.value
    for part in (t.result_html.value, t.ladder_html.value):
        assert "<b>x</b>" not in part


def test_ladder_table_draws_52_rungs_with_twins_and_marks_both_cards():
    t = LadderTable("7♥", "K♣")
    text = _text(t.ladder_html.value)
    assert len(re.findall(r"rung \d+", re.sub(r'title="[^"]*"', "", t.ladder_html.value))) == 52
    assert "7♥ 7♥" in re.sub(r"\s+", " ", text)          # a rung shows its twin pair
    cells = t.ladder_html.value.split("</caption>")[1]
    assert cells.count("◀ A") == 1 and cells.count("◀ B") == 1
    # the marked cell is the chosen card's cell, marked by text and a thick border (not colour alone)
    cell_a = re.search(r"<td style=\"([^\"]*)\"[^>]*>(?:(?!</td>).)*◀ A", t.ladder_html.value).group(0)
    assert "7♥" in cell_a and "rung 25" in cell_a and "border:3px solid" in cell_a
    t.a.value = "K♣"
    assert "◀ A B" in t.ladder_html.value


def test_ladder_table_one_deck_shows_single_cards():
    t = LadderTable(rules=paternoster.Rules(decks=1))
    assert "7♥ 7♥" not in re.sub(r"\s+", " ", _text(t.ladder_html.value))


def test_ladder_table_follows_german_notation():
    paternoster.set_notation("de")
    t = LadderTable("Qs", "Jc")
    assert "D♠" in t.reason and "B♣" in _text(t.ladder_html.value)
    assert repr(t) == "LadderTable(a='Q♠', b='J♣')"   # repr is English always (stable)


def test_ladder_table_repr():
    t = LadderTable("7♠", "8♣")
    assert repr(t) == "LadderTable(a='7♠', b='8♣')"
    assert t._repr_mimebundle_()["text/plain"] == type(t).fallback_text  # the notebook shows a friendly line


def test_ladder_table_bad_start_card_raises():
    with pytest.raises(paternoster.CardParseError):
        LadderTable("Zz")


# --------------------------------------------------------------------------- HandPilesTable

def test_hand_piles_grid_matches_engine_at_start():
    g = examples.ben_setback()
    t = HandPilesTable(g)
    legal = {(lp.card, lp.pile): lp for lp in g.legal_plays()}
    for card in set(g.hand):
        for p in g.piles:
            text = t.cell(card, p.index)
            lp = legal.get((card, p.index))
            if lp is None:
                assert text == texts.refused_cell(None, 1)
            else:
                assert text == texts.cell_text(lp.kind, cost_of(lp.kind, lp.skipped, lp.card, p.top), p.top is None)
    setback = texts.cell_text(SETBACK, -4, False)    # rules §5: a setback costs −4
    assert t.cell("9♥", "up 1") == setback
    assert t.cell("5♣", "down 2") == setback
    status = _text(t.status_html.value)
    assert f"Setback this turn: {texts.setbacks_state(0, 1)}" in status and "still to play 2" in status
    assert g.setbacks_left == 1
    assert "Ben" in status
    # columns: name, direction arrow, top card
    grid = _text(t.grid_html.value)
    assert "↑ up pile 1" in grid and "↓ down pile 2" in grid and "10♥" in grid


def test_hand_piles_after_9h_shows_8h_as_blocked_setback():
    g = examples.ben_setback()
    t = HandPilesTable(g)
    made = t.play("9♥", "up 1")
    assert made is not None and made.kind == "setback"
    assert t.message == g.log[-1]
    used = texts.refused_cell(rule_ids.ONE_SETBACK_PER_TURN, 1)
    assert t.cell("8♥", 0) == used
    assert used in _text(t.grid_html.value)
    assert g.why_not("8♥", 0) in _text(t.notes_html.value)
    assert t.cell("5♣", "down 2") == used
    status = _text(t.status_html.value)
    assert f"Setback this turn: {texts.setbacks_state(1, 1)}" in status and g.setbacks_left == 0
    assert "still to play 1" in status and "9♥" in status


def test_hand_piles_illegal_play_shows_refusal_and_changes_nothing():
    g = examples.ben_setback()
    t = HandPilesTable(g)
    t.play("9♥", 0)
    before, grid = g.to_position(), t.grid_html.value
    assert t.play("8♥", 0) is None
    assert t.message == g.check(Play(parse_card("8♥"), 0)).message
    assert "one setback per turn" in _text(t.message_html.value)
    assert g.to_position() == before and t.grid_html.value == grid
    # a card not in hand, a pile that does not exist, a misspelt card: refused the same way
    for card, pile in (("A♠", 0), ("K♣", "up 7"), ("Zz", 0)):
        assert t.play(card, pile) is None
        assert t.message and g.to_position() == before


def test_hand_piles_buttons_go_through_the_same_path():
    g = examples.ben_setback()
    t = HandPilesTable(g)
    t.card.value, t.pile.value = parse_card("9♥"), 0
    t.play_button.click()
    assert g.piles[0].top == parse_card("9♥")
    t.end_button.click()                       # below the minimum: refused
    assert "minimum play is 2" in t.message and g.to_move == 1
    t.card.value, t.pile.value = parse_card("K♣"), 0
    t.play_button.click()
    assert g.played_this_turn == 2
    t.end_button.click()
    assert g.to_move == 2 and "Carla" in _text(t.status_html.value)
    assert t.message == g.log[-1]
    t.undo_button.click()
    assert g.to_move == 1 and t.message.startswith("Undone:")
    t.undo_button.click()
    t.undo_button.click()
    assert g == examples.ben_setback()
    assert t.undo_button.disabled


def test_hand_piles_card_dropdown_lists_the_hand():
    g = examples.ben_setback()
    t = HandPilesTable(g)
    assert sorted(v for _, v in t.card.options) == sorted(set(g.hand))
    assert [v for _, v in t.pile.options] == [0, 1, 2, 3]
    t.play("9♥", 0)
    assert parse_card("9♥") not in [v for _, v in t.card.options]


def test_hand_piles_game_can_be_replaced():
    t = HandPilesTable(examples.ben_setback())
    t.play("9♥", 0)
    other = examples.jump_with_setback()
    t.game = other
    assert t.game is other and t.message == ""
    assert t.cell("9♥", 0) == texts.cell_text(NORMAL, 6, False)       # rules §6.8: 9♥ on 7♣ costs 6
    assert t.cell("8♥", 0) == texts.cell_text(NORMAL, 2, False)
    assert t.cell("8♥", 1) == texts.cell_text(NORMAL, cost_of(NORMAL, 29, parse_card("8♥"), None), True)
    t.play("9♥", 0)
    assert t.cell("8♥", 0) == texts.cell_text(SETBACK, -4, False)
    with pytest.raises(TypeError):
        t.game = "not a game"


def test_hand_piles_game_over_disables_play():
    g = examples.carla_end()
    t = HandPilesTable(g)
    t.play("3♥", "down 1")
    assert g.is_over()
    assert "28" in _text(t.status_html.value)
    assert t.play_button.disabled and t.end_button.disabled
    assert t.play("5♠", 0) is None and "game is over" in t.message


def test_hand_piles_escapes_player_names():
    g = Game.from_position(["9♥ 8♥"], piles=["7♣", "", "", ""], names=["<img src=x onerror=alert(1)>"])
    t = HandPilesTable(g)
    everything = t.status_html.value + t.grid_html.value + t.message_html.value
    assert "<img" not in everything and "&lt;img" in everything


def test_hand_piles_refresh_after_changing_the_game_in_code():
    g = examples.jump_with_setback()
    t = HandPilesTable(g)
    g.play("9♥", 0)                 # behind the widget's back
    assert t.cell("8♥", 0) == texts.cell_text(SETBACK, -4, False)   # cell() always asks the game
    t.refresh()
    assert texts.cell_text(SETBACK, -4, False) in _text(t.grid_html.value)


def test_hand_piles_default_game_and_repr():
    t = HandPilesTable()
    assert t.game == Game.new(players=2, seed=0)
    assert repr(t) == "HandPilesTable(turn=1, to_move='Player 1', hand=7, piles=4)"
    assert "0x" not in repr(t) and t._repr_mimebundle_()["text/plain"] == HandPilesTable.fallback_text


# --------------------------------------------------------------------------- TurnStepper

def test_turn_stepper_shows_kth_sentence_and_table():
    g = _played_game()
    record = g.to_record()
    s = TurnStepper(g)
    assert s.steps == len(g.actions) == 25
    for k in (1, 2, 7, 25, 0, 13):
        s.step = k
        at = Game.from_record(record, upto=k)
        assert s.game == at
        assert s.table_html.value == at._repr_html_()  # the engine table as it is (its red is the kit's one red)
        assert s.slider.value == k
        assert s.position_label.value == f"Step {k} of 25"
        if k:
            prev = Game.from_record(record, upto=k - 1)
            assert s.sentences == at.log[len(prev.log):] and s.sentences
            assert s.sentences[0] == at.log[len(prev.log)]
            for sentence in s.sentences:
                assert sentence in _text(s.explanation_html.value)
        else:
            assert s.sentences == [] and "start of the game" in s.explanation


def test_turn_stepper_slider_and_buttons_drive_step():
    s = TurnStepper(_played_game(actions=6))
    assert s.back_button.disabled
    s.forward_button.click()
    assert s.step == 1
    s.slider.value = 4
    assert s.step == 4 and "Step 4 of 6" == s.position_label.value
    s.back_button.click()
    assert s.step == 3
    s.step = 6
    assert s.forward_button.disabled
    s.forward()
    assert s.step == 6


def test_turn_stepper_refuses_out_of_range_step():
    s = TurnStepper(_played_game(actions=6), step=2)
    with pytest.raises(traitlets.TraitError, match="step must be 0"):
        s.step = 7
    assert s.step == 2 and s.slider.value == 2


def test_turn_stepper_takes_record_dict_or_json_and_leaves_game_alone():
    g = _played_game(actions=10)
    before = g.to_position()
    a, b = TurnStepper(g.to_record(), step=10), TurnStepper(g.to_json())
    b.step = 10
    assert a.game == b.game == g and g.to_position() == before
    assert repr(a) == "TurnStepper(step=10, steps=10)" and "0x" not in repr(b)


def test_turn_stepper_from_position_records():
    g = examples.jump_with_setback()
    g.play("9♥", 0)
    g.play("8♥", 0)
    s = TurnStepper(g, step=2)
    assert "setback" in s.explanation and "8♥" in s.explanation


def test_turn_stepper_bad_record_raises_engine_error():
    with pytest.raises(RecordError):
        TurnStepper("{not json")
    rec = _played_game(actions=4).to_record()
    rec["actions"][0] = {"type": "play", "card": "A♠", "pile": 9}
    with pytest.raises(RecordError):
        TurnStepper(json.dumps(rec))


def test_turn_stepper_notes_one_plain_text_line_per_action():
    g = examples.jump_with_setback()
    g.play("9♥", 0)
    g.play("8♥", 0)
    notes = ["9♥ first: <b>jump</b>", "then 8♥ & the setback"]
    s = TurnStepper(g, notes=notes)
    assert s.notes == tuple(notes) and s.children[2] is s.note_html
    assert (s.step, s.note, s.note_html.value) == (0, "", "")
    s.step = 1
    assert s.note == "9♥ first: <b>jump</b>"
    assert "<b>" not in s.note_html.value and "&lt;b&gt;jump&lt;/b&gt;" in s.note_html.value
    assert _text(s.note_html.value) == "9♥ first: <b>jump</b>"
    s.forward()
    assert s.note == "then 8♥ & the setback" and "&amp; the setback" in s.note_html.value
    assert "setback" in s.explanation  # the engine's words stay as they were
    s.back(); s.back()
    assert s.note_html.value == ""
    # Without notes: the same three children as before, and no note.
    plain = TurnStepper(g, step=1)
    assert plain.notes is None and plain.note == "" and len(plain.children) == 3
    assert plain.note_html not in plain.children
    # Bad notes: a clear message, nothing built.
    for bad, words in [(["only one"], "notes has 1 entries but the record has 2 actions"),
                       (["a", "b", "c"], "notes has 3 entries"),
                       ("ab", "notes must be a list"),
                       (["a", 7], "notes[1] is 7; every note must be a string")]:
        with pytest.raises(ValueError, match=re.escape(words)):
            TurnStepper(g, notes=bad)


def test_no_repr_has_memory_address():
    for w in (LadderTable(), HandPilesTable(examples.anna_turn()), TurnStepper(_played_game(actions=3))):
        assert "0x" not in repr(w) and "at 0x" not in str(w)
        assert len(repr(w)) < 110


def test_the_ladder_reads_a_card_in_words_and_answers_several_in_plain_words():
    """Lesson 1's card box: "queen of hearts" is the Q♥; two cards get advice, never a function name."""
    t = LadderTable()
    t.a.value = "queen of hearts"
    assert str(t.card_a) == "Q♥" and t.error == ""
    t.b.value = "Q♠ K♠"
    assert str(t.card_b) == "8♣" and "Write one card" in t.error
    assert "parse_cards" not in t.error and "()" not in t.error


def test_folded_is_closed_escaped_and_readable_as_text():
    """A lesson's answer stays folded on every run: a <details> without `open`, its text escaped."""
    from widgets import Folded
    bundle = Folded("Answer (click to open)", ["5♦ on up pile 2 <cost 5>"])._repr_mimebundle_()
    assert bundle["text/html"].startswith("<details><summary>") and "<details " not in bundle["text/html"]
    assert "&lt;cost 5&gt;" in bundle["text/html"]
    assert bundle["text/plain"] == "Answer (click to open)\n5♦ on up pile 2 <cost 5>"
    table = Folded("Game", rows=[(1, "Anna", "2♠")], header=("Turn", "Player", "Plays"))._repr_mimebundle_()
    assert "<th" in table["text/html"] and table["text/plain"] == "Game\n1  Anna  2♠"
