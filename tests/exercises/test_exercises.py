"""Exercises that check the answer: the engine side (the widget: tests/widgets/test_exercise_widget.py).

Edge cases are hand-checked against the rule book; the property tests check, for random
seeds, that the revealed answer is always judged right and a wrong choice always wrong.
The hints: test_exercise_hints.py; the difficulty lessons' kinds: test_exercise_difficulty.py.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paternoster import Game, SimplePlayer, examples
from paternoster.core.errors import CardParseError, IllegalPlayError, PositionError
from paternoster.exercises import KINDS, MODES, Exercise, Verdict, answer_sheet
from paternoster.paskahousu import PaskahousuGame

from exercise_helpers import wrong_answers as _wrong_answers
from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

SETTINGS = settings(max_examples=40, deadline=None, database=None)
#: The kinds that simulate (lessons 6a, 6b): fewer examples in the property tests (each takes a fraction of a second).
SIMULATING = {"harder-level", "more-players", "talking-helps", "true-share", "fewer-cards", "lose-least"}
QUICK_KINDS = [k for k in KINDS if k not in SIMULATING]


# --------------------------------------------------------------------------- every kind, seeded

@pytest.mark.parametrize("kind", list(KINDS))
def test_seeded_exercise_is_the_same_every_time(kind):
    a, b = Exercise.from_seed(kind, 11), Exercise.from_seed(kind, 11)
    assert a == b and repr(a) == repr(b) and a.reveal() == b.reveal()
    assert repr(a) == f"Exercise({kind!r}, seed=11: {a.question!r})"
    assert a.mode in MODES and a.question and a.hint and a.explanation and a.title and a.prompt
    assert a.game_name == KINDS[kind].game and a.mode == KINDS[kind].mode


@pytest.mark.parametrize("kind", list(KINDS))
def test_other_seeds_give_other_positions(kind):
    seen = {Exercise.from_seed(kind, s).text() for s in range(8)}
    assert len(seen) >= 3


@pytest.mark.parametrize("kind", list(KINDS))
def test_revealed_answer_is_right_and_wrong_choices_are_wrong(kind):
    for seed in range(6):
        ex = Exercise.from_seed(kind, seed)
        v = ex.check(ex.answer)
        assert v.correct and v.readable and v.message.startswith("Right"), (seed, v)
        assert ex.reveal().startswith(f"Answer: {ex.answer_text}.")
        for wrong in _wrong_answers(ex):
            w = ex.check(wrong)
            assert not w.correct and w.readable and w.message.startswith("Not quite"), (seed, wrong, w)


@SETTINGS
@given(kind=st.sampled_from(QUICK_KINDS), seed=st.integers(0, 10**6))
def test_property_reveal_is_judged_right_a_wrong_choice_wrong(kind, seed):
    ex = Exercise.from_seed(kind, seed)
    assert ex.check(ex.answer).correct
    for wrong in _wrong_answers(ex):
        assert not ex.check(wrong).correct


def test_fresh_takes_a_new_seed_and_new_position_keeps_the_kind():
    ex = Exercise.fresh("ladder-order")
    assert isinstance(ex.seed, int) and 0 <= ex.seed < 10**6
    other = Exercise.ladder_order("8♥ 7♠").new_position(seed=4)
    assert other.kind == "ladder-order" and other == Exercise.from_seed("ladder-order", 4)


def test_wrong_answers_are_told_only_that_they_are_wrong():
    """The answer and why come only with Reveal: a wrong answer's nudge never holds them."""
    for kind in QUICK_KINDS:
        ex = Exercise.from_seed(kind, 2)
        for wrong in _wrong_answers(ex):
            v = ex.check(wrong)
            assert v.nudge.startswith("Not quite") and ex.explanation not in v.nudge, (kind, wrong, v.nudge)
        assert ex.check(ex.answer).nudge == ""


def test_unknown_kind_and_bad_seed_are_clear_errors():
    with pytest.raises(ValueError, match="kinds are: piles-for-card, ladder-order"):
        Exercise.from_seed("pile-for-card", 1)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Exercise.from_seed("burns", -1)


def test_an_exercise_does_not_change():
    ex = Exercise.from_seed("burns", 1)
    with pytest.raises(AttributeError, match="does not change"):
        ex.answer = "yes"


# --------------------------------------------------------------------------- Paternoster edge cases

def _game(hand: str, piles: list[str], **kw) -> Game:
    return Game.from_position([hand], piles=piles, players=1, hand_size_check=False, **kw)


@pytest.mark.parametrize("card, setback_used, piles", [
    # rule book example: up pile on 6♥ takes the twin 6♥, 6♠, any 7; 5♥ only as the setback; never 6♦
    ("6♥", False, {"up pile 1", "up pile 2", "down pile 1", "down pile 2"}),
    ("6♠", False, {"up pile 1", "up pile 2", "down pile 1", "down pile 2"}),
    ("6♦", False, {"up pile 2", "down pile 1", "down pile 2"}),
    ("5♥", False, {"up pile 1", "up pile 2", "down pile 1", "down pile 2"}),
    ("5♥", True, {"up pile 2", "down pile 1", "down pile 2"}),   # one setback per turn
    ("K♣", False, {"up pile 1", "up pile 2", "down pile 2"}),      # down pile on 7♣: K♣ is above it
    ("8♣", False, {"up pile 1", "up pile 2", "down pile 1", "down pile 2"}),  # 8♣ on down 7♣: setback
])
def test_piles_for_card_edge_cases(card, setback_used, piles):
    g = _game("6♥ 6♠ 6♦ 5♥ K♣ 8♣", ["6♥", "", "7♣", ""], setback_used=setback_used)
    ex = Exercise.piles_for_card(g, card)
    assert {a.split(" (")[0] for a in ex.answer} == piles
    assert ex.check([a.split(" (")[0] for a in ex.answer]).correct
    short = [p for p in ("up 1", "up 2", "down 1", "down 2") if p.replace(" ", " pile ") in piles]
    assert ex.check(", ".join(short)).correct          # short names in one text work too


def test_piles_for_card_explains_refusals_in_the_engines_words():
    g = _game("6♦", ["6♥", "", "", ""])
    ex = Exercise.piles_for_card(g, "6♦")
    assert g.why_not("6♦", 0) in ex.explanation
    v = ex.check("up 1, up 2, down 1, down 2")
    assert not v.correct and "up pile 1 cannot take 6♦" in v.message and g.why_not("6♦", 0) in v.message


def test_piles_for_card_needs_a_card_of_the_hand():
    with pytest.raises(PositionError, match="not in the hand of Player 1"):
        Exercise.piles_for_card(_game("6♦", ["6♥", "", "", ""]), "9♣")


def test_ladder_order_twins_either_way_and_suits():
    ex = Exercise.ladder_order(["8♥", "7♠", "8♦", "8♥"])
    assert ex.answer == ("7♠", "8♦", "8♥", "8♥")
    assert ex.check("7s 8d 8h 8h").correct               # any notation the kit reads
    v = ex.check("7♠ 8♥ 8♦ 8♥")
    assert not v.correct and "same rank, so the suit decides" in v.message


def test_cheapest_play_cost_words_and_ties():
    g = examples.jump_with_setback()           # 9♥ 8♥ on up pile 1 (7♣), other piles empty
    ex = Exercise.cheapest_play(g)
    assert ex.answer == "8♥ on up pile 1" and "(top 7♣): a jump over 1 rung, cost 2." in ex.explanation
    adj = Exercise.cheapest_play(g, adjusted=True)  # the simple player's view: the jump with its setback
    assert adj.answer == "9♥ on up pile 1" and "score 2 — a jump over 5 rungs, cost 6; − 4 to the score: 8♥ can follow as the setback" in adj.explanation
    near = Exercise.cheapest_play(_game("5♦ 5♥", ["4♣", "", "", ""]))   # 5♦ the next rung (cost 1), 5♥ a jump over one (cost 2)
    costs = {c: near.check(c).correct for c in near.choices}
    assert costs["5♦ on up pile 1"] and not costs["5♥ on up pile 1"]


def test_cheapest_play_accepts_every_play_of_the_lowest_cost():
    # 7♦ on up 6♥ jumps over 6♠ 6♣ (cost 3); 7♥ on down 8♦ over 7♣ 7♠ (cost 3): a tie, both right
    ex = Exercise.cheapest_play(_game("7♥ 7♦", ["6♥", "", "8♦", ""]))
    right = [c for c in ex.choices if ex.check(c).correct]
    assert sorted(right) == ["7♥ on down pile 1", "7♦ on up pile 1"] and ex.answer in right
    assert "Just as cheap" in ex.explanation
    assert all(ex.check(c).message.startswith("Not quite") for c in ex.choices if c not in right)


def test_cheapest_play_with_one_legal_play_still_offers_a_choice():
    """Lesson 4's last exercise had one legal play and a multiple choice of one: now every card of the hand
    on every pile is offered, the refused ones wrong with the rule that refuses them."""
    g = _game("5♦ 9♠", ["K♦", "Q♣", "2♣", "6♦"])        # only 5♦ on down pile 2 (6♦) is allowed
    assert len(g.legal_plays()) == 1
    ex = Exercise.cheapest_play(g)
    assert len(ex.choices) == 2 * 4 and ex.answer == "5♦ on down pile 2" and ex.answer in ex.choices
    assert "Not every play offered is allowed" in ex.question
    refused = ex.check("9♠ on up pile 1")
    assert not refused.correct and refused.readable and "not allowed now" in refused.nudge
    assert g.why_not("9♠", 0) in refused.nudge
    assert [c for c in ex.choices if ex.check(c).correct] == ["5♦ on down pile 2"]


def test_a_multiple_choice_of_one_is_refused():
    with pytest.raises(ValueError, match="at least two choices"):
        Exercise("who-starts", question="Who?", title="Who?", table=(), choices=("Anna",), answer="Anna",
                 answer_text="Anna", explanation="", hint="", judge=lambda a: Verdict(True, ""))


@pytest.mark.parametrize("kind", QUICK_KINDS)
def test_every_multiple_choice_offers_two_choices_or_more(kind):
    for seed in range(30):
        ex = Exercise.from_seed(kind, seed)
        assert ex.mode != "one" or len(ex.choices) >= 2, (seed, ex.choices)


def test_cheapest_play_reads_typed_plays_and_refuses_clearly():
    ex = Exercise.cheapest_play(examples.jump_with_setback())
    assert ex.check("8h on up 1").correct
    v = ex.check("8♥ down 1")
    assert v.readable and not v.correct
    bad = ex.check("8x on up 1")
    assert not bad.readable and "8x" in bad.message
    nowhere = ex.check("8♥ on up 9")
    assert not nowhere.readable and "There is no pile" in nowhere.message


@pytest.mark.parametrize("hand, piles, card, pile, cost", [
    ("6♥", ["6♥", "", "", ""], "6♥", "up 1", 0),           # a twin
    ("6♠", ["6♥", "", "", ""], "6♠", "up 1", 1),           # the next rung
    ("7♦", ["6♥", "", "", ""], "7♦", "up 1", 3),           # a jump over 6♠ 6♣
    ("5♥", ["6♥", "", "", ""], "5♥", "up 1", -4),          # a setback
    ("A♦", ["", "", "", ""], "A♦", "up 1", 1),             # opening an up pile from below
    ("K♣", ["", "", "", ""], "K♣", "down 1", 1),           # opening a down pile from above
    ("K♣", ["", "", "", ""], "K♣", "up 1", 52),
])
def test_play_cost_edge_cases(hand, piles, card, pile, cost):
    ex = Exercise.play_cost(_game(hand, piles), card, pile)
    assert ex.answer == cost and ex.check(str(cost)).correct
    assert ex.check(str(cost).replace("-", "−")).correct      # the real minus sign as the lessons write it
    assert not ex.check(cost + 1).correct


def test_turn_cost_jump_then_setback_is_the_simple_players_pair_cost():
    g = examples.jump_with_setback()
    ex = Exercise.turn_cost(g, [("9♥", "up 1"), ("8♥", "up 1")])
    assert ex.answer == 6 - 4 and "Together: 6 − 4 = 2." in ex.explanation
    pair = next(s for s in SimplePlayer().scored(g) if str(s.play.card) == "9♥" and s.play.pile == 0)
    assert pair.pair and pair.cost == ex.answer        # rules §9.4: the jump with its setback
    assert g.hand == examples.jump_with_setback().hand  # the game given is not changed
    with pytest.raises(IllegalPlayError, match="one setback per turn|setback"):
        Exercise.turn_cost(_game("9♥ 8♥ 7♥", ["10♥", "", "", ""]), [("9♥", "up 1"), ("8♥", "up 1")])


def test_play_cost_needs_a_legal_play():
    with pytest.raises(PositionError, match="needs a legal play"):
        Exercise.play_cost(_game("6♦", ["6♥", "", "", ""]), "6♦", "up 1")


def test_remaining_cards_is_the_games_score():
    g = SimplePlayer().play_game(Game.new(3, seed=4))
    ex = Exercise.remaining_cards(g)
    assert ex.answer == g.remaining == g.result.remaining and str(g.remaining) in ex.explanation
    with pytest.raises(PositionError, match="finished game"):
        Exercise.remaining_cards(Game.new(2, seed=1))


# --------------------------------------------------------------------------- Paskahousu edge cases

@pytest.mark.parametrize("top, cards, answer", [
    ("K♣", "A♠", "yes, and it burns the pile"),
    ("8♠", "10♥", "yes, and it burns the pile"),
    ("6♣", "8♦ 8♥", "yes"),
    ("2♥", "A♠", "no"),               # on a 2 only a 2
    ("A♠", "2♥", "no"),               # a 2 not on an ace
    ("5♠", "K♥", "no"),               # face cards only on cards higher than 6
    ("J♦", "10♣", "no"),              # a 10 not on face cards
    (None, "10♦", "yes"),             # any rank on the empty table
    ("7♣", "9♦ 9♥", "yes"),
    ("7♣", "9♦ 10♥", "no"),           # not one rank
])
def test_may_play_edge_cases(top, cards, answer):
    ex = Exercise.may_play(top, cards)
    assert ex.answer_text == answer
    assert ex.check(answer.split(",")[0]).correct
    assert not ex.check("no" if ex.answer == "yes" else "yes").correct


def test_may_play_four_of_a_kind_burns_and_says_so():
    ex = Exercise.may_play("4♠", "4♥ 4♣", pile="4♦ 4♠")
    assert ex.answer_text == "yes, and it burns the pile" and "four 4s" in ex.explanation


@pytest.mark.parametrize("pile, cards, burns", [
    ("8♠", "10♥", "yes"),
    ("4♦ 4♠", "4♥ 4♣", "yes"),        # four of a kind, by two players
    ("4♦", "4♥ 4♣", "no"),            # only three
    ("K♣", "2♥", "no"),
    ("K♣", "A♠", "yes"),
    ("", "3♦ 3♥ 3♠ 3♣", "yes"),       # an opening of four 3s burns
    ("", "10♦", "no"),                # a 10 on the empty table does not burn itself
])
def test_burns_edge_cases(pile, cards, burns):
    ex = Exercise.burns(pile, cards)
    assert ex.answer == burns and ex.check(burns).correct
    assert not ex.check("no" if burns == "yes" else "yes").correct


def test_burns_needs_a_legal_play():
    with pytest.raises(PositionError, match="needs a legal play"):
        Exercise.burns("K♣", "10♥")


def test_who_starts_edge_cases():
    tie = Exercise.who_starts(["3♦ 3♠ 7♥", "3♣ 3♥ 9♦", "4♠"], dealer=2)   # a tie: first from the dealer's left
    assert tie.answer == "Anna" and tie.check("anna").correct and not tie.check("Ben").correct
    no_threes = Exercise.who_starts(["5♦ 6♠", "4♣ 9♦", "4♠ 4♥ K♣"], dealer=0)
    assert no_threes.answer == "Carla"
    g = PaskahousuGame.new(4, seed=2, names=["A", "B", "C", "D"])
    assert Exercise.who_starts(g).answer == g.names[g.to_move]


# --------------------------------------------------------------------------- bad answers, never a traceback

@pytest.mark.parametrize("kind, answer, words", [
    ("ladder-order", "7♠ Xx", "Xx"),
    ("ladder-order", "7♠", "Order exactly these cards"),
    ("piles-for-card", "up 9", "There is no pile"),
    ("play-cost", "three", "not a whole number"),
    ("play-cost", True, "whole number"),
    ("may-play", "maybe", "answer yes or no"),
    ("who-starts", "Zed", "not a player here"),
    ("cheapest-play", "on", "card and a pile"),
])
def test_bad_answers_get_the_kits_error(kind, answer, words):
    v = Exercise.from_seed(kind, 1).check(answer)
    assert isinstance(v, Verdict) and not v.correct and not v.readable and words in v.message


def test_card_parse_errors_are_the_kits():
    ex = Exercise.from_seed("ladder-order", 2)
    with pytest.raises(CardParseError) as e:
        from paternoster import parse_card
        parse_card("Dd")
    assert str(e.value) in ex.check("Dd").message


# --------------------------------------------------------------------------- answer sheet

def test_answer_sheet_lists_every_question_and_answer():
    exs = [Exercise.from_seed(k, 3) for k in KINDS]
    sheet = answer_sheet(exs, title="All kinds")
    assert sheet.startswith("### All kinds\n")
    items = re.findall(r"^(\d+)\. \*\*(\w+)\.\*\*", sheet, flags=re.M)
    assert [int(n) for n, _ in items] == list(range(1, len(exs) + 1))
    for ex in exs:
        assert f"**Answer: {ex.answer_text}.**" in sheet.replace("\\", "")
    with pytest.raises(TypeError, match="Exercise objects"):
        answer_sheet(["not an exercise"])


def test_engine_module_imports_nothing_from_jupyter():
    code = ("import sys, paternoster.exercises as e; e.Exercise.from_seed('burns', 1); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'anywidget', 'widgets')]; "
            "print(bad); assert not bad")
    subprocess.run([sys.executable, "-c", code], check=True)


@SETTINGS
@given(seed=st.integers(0, 10**6))
def test_costs_agree_with_the_lessons_cost_module(seed):
    """paternoster.lift.cost.play_cost (the lessons' one number, rules §5) and the exercises' costs agree."""
    cost = pytest.importorskip("paternoster.lift.cost")
    ex = Exercise.from_seed("play-cost", seed)
    card, pile = re.match(r"What does (\S+) on (\w+ pile \d+)", ex.question).groups()
    g_line = {line.split(":")[0]: line for line in ex.table}[pile]
    top = None if g_line.endswith("empty") else g_line.split("top ")[1]
    assert cost.play_cost(card, pile.split()[0], top) == ex.answer


@SETTINGS
@given(kind=st.sampled_from(QUICK_KINDS), seed=st.integers(0, 50),
       answer=st.one_of(st.text(max_size=30), st.integers(-100, 100), st.none(), st.booleans(), st.floats(),
                        st.lists(st.text(max_size=8), max_size=4)))
def test_property_any_answer_gets_a_verdict_never_a_traceback(kind, seed, answer):
    v = Exercise.from_seed(kind, seed).check(answer)
    assert isinstance(v, Verdict) and v.message
    assert v.readable or not v.correct


def test_german_notation_labels_are_judged_right_too():
    import paternoster
    paternoster.set_notation("de")      # the autouse fixture restores the notation afterwards
    ex = Exercise.ladder_order("Q♠ J♦ K♣")
    assert ex.answer == ("B♦", "D♠", "K♣") and ex.check(ex.answer).correct
    assert ex.check("J♦ Q♠ K♣").correct  # English typed in a German session is read as well
    for kind in QUICK_KINDS:
        e = Exercise.from_seed(kind, 7)
        assert e.check(e.answer).correct
