"""The exercise widget (kernel side): Check, Hint, Reveal, New position and First position.

What a student sees after each click is checked on the widget's own HTML: a wrong answer says it is
wrong and never the answer (however many tries), Hint shows the hint once and something new, Reveal is
the only way to the answer, and the heading follows the position.
"""

from __future__ import annotations

import html
import re

import pytest

from paternoster.exercises import KINDS, Exercise

from exercise_helpers import wrong_answers
from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

widgets_mod = pytest.importorskip("widgets")
ExerciseWidget = widgets_mod.ExerciseWidget
SIMULATING = {"harder-level", "more-players", "talking-helps", "true-share"}
QUICK_KINDS = [k for k in KINDS if k not in SIMULATING]


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _shown(w) -> str:
    """Everything the widget shows: heading, question, position, verdict, hint."""
    return _text(w.question_html.value + w.feedback_html.value + w.hint_html.value)


@pytest.mark.parametrize("kind", list(KINDS))
def test_widget_right_answer_by_clicking(kind):
    w = ExerciseWidget(kind, seed=5)
    assert w.feedback == "" and w.feedback_html.value == "" and w.hint_html.value == ""   # fresh: nothing said
    assert w.exercise.question in _text(w.question_html.value)
    w.set_answer(w.exercise.answer)
    w.check_button.click()
    assert w.tone == "right" and w.verdict.correct and "✓" in _text(w.feedback_html.value)
    assert w.exercise.explanation in _text(w.feedback_html.value)


@pytest.mark.parametrize("kind", QUICK_KINDS)
def test_wrong_answers_never_show_the_answer_only_reveal_does(kind):
    """Item 7 of the student's path: a wrong answer said the hint, and the second one the answer. Now a wrong
    answer says it is wrong and where to go next, for any number of tries; only Reveal shows the answer."""
    w = ExerciseWidget(kind, seed=6)
    ex = w.exercise
    for tries in (1, 2, 3):
        for wrong in wrong_answers(ex)[:1]:
            w.set_answer(wrong)
            w.check_button.click()
            shown = _text(w.feedback_html.value)
            assert w.tone == "wrong" and w.wrong_tries == tries and shown.startswith("✗ Not quite")
            assert ex.explanation not in _shown(w) and "Answer:" not in _shown(w)
            assert ex.hint not in _shown(w)                         # no hint until it is asked for
            assert ("Hint" in shown) and (tries == 1 or "Reveal" in shown)
    w.reveal_button.click()
    assert w.tone == "reveal" and ex.reveal() in _text(w.feedback_html.value)


@pytest.mark.parametrize("kind", QUICK_KINDS)
def test_hint_shows_something_new_once_and_stays(kind):
    w = ExerciseWidget(kind, seed=6)
    before = _shown(w)
    assert w.exercise.hint not in before
    w.hint_button.click()
    assert w.tone == "hint" and w.hint_shown and w.hint_button.disabled
    assert _text(w.hint_html.value) == f"Hint: {w.exercise.hint}" and "💡" not in w.hint_html.value
    wrong = wrong_answers(w.exercise)
    if wrong:
        w.set_answer(wrong[0])
        w.check()
        shown = _shown(w)
        assert shown.count(w.exercise.hint) == 1                   # the hint once, not again with the verdict
        assert "with the hint below" in _text(w.feedback_html.value)
    w.show_hint()                                                  # pressing again adds nothing
    assert _shown(w).count(w.exercise.hint) == 1


def test_hint_after_a_wrong_answer_updates_the_advice():
    w = ExerciseWidget(Exercise.may_play("K♣", "8♣"))
    w.set_answer("yes")
    w.check()
    assert "press Hint for a nudge" in w.feedback
    w.show_hint()
    assert "with the hint below" in w.feedback and "press Hint" not in w.feedback and w.feedback.startswith("Not quite")


def test_yes_no_exercise_keeps_the_answer_back_after_two_wrong_tries():
    w = ExerciseWidget(Exercise.may_play("K♣", "3♦"))
    ex = w.exercise
    for _ in range(2):
        w.set_answer("yes")
        v = w.check()
        assert not v.correct and not re.search(r"\bno\b", _text(w.feedback_html.value))
        assert ex.explanation not in _shown(w) and "Answer:" not in _shown(w)
    assert w.wrong_tries == 2
    assert w.reveal().startswith("Answer: no.")


@pytest.mark.parametrize("kind", QUICK_KINDS)
def test_new_position_then_first_position(kind):
    w = ExerciseWidget(kind, seed=6, label="Exercise 6")
    first = w.exercise
    assert _text(w.question_html.value).startswith(f"Exercise 6: {first.title}")
    assert w.first_button.layout.display == "none"
    w.hint_button.click()
    w.new_button.click()
    assert w.exercise.kind == kind and isinstance(w.exercise.seed, int) and w.feedback == ""
    assert not w.hint_shown and not w.hint_button.disabled and w.hint_html.value == "" and w.wrong_tries == 0
    w.new_position(seed=9)
    ex = w.exercise
    assert ex == Exercise.from_seed(kind, 9)
    head = _text(w.question_html.value)
    assert head.startswith(f"Exercise 6: {ex.title}") and "A new position (deal number 9)" in head
    assert w.first_button.layout.display != "none"
    w.reveal()
    assert ex.reveal() in _text(w.feedback_html.value)                # the answer of the position shown
    w.first_button.click()
    assert w.exercise is first and "A new position" not in _text(w.question_html.value)
    assert w.first_button.layout.display == "none"


def test_heading_follows_the_position_who_starts():
    """The lesson's heading said "Ben deals" after New position showed "Dealer: Anna"; the widget's own
    heading names the dealer of the position shown."""
    hands = ["3♦ 8♥ 9♣ K♠ 2♦", "3♣ 4♥ 5♦ 8♠ J♥", "4♠ 6♦ 10♣ Q♣ A♥"]
    w = ExerciseWidget(Exercise.who_starts(hands, dealer=1), label="Exercise 6")
    assert _text(w.question_html.value).startswith("Exercise 6: Who opens? Ben deals.")
    for seed in range(5):
        ex = w.new_position(seed=seed)
        dealer = next(line for line in ex.table if line.startswith("Dealer: ")).split(": ")[1]
        assert _text(w.question_html.value).startswith(f"Exercise 6: Who opens? {dealer} deals.")


def test_widget_typed_text_is_never_html():
    w = ExerciseWidget("play-cost", seed=1)
    w.set_answer("<b>bold</b><script>x</script>")
    w.check()
    assert w.tone == "error" and "<b>" not in w.feedback_html.value and "<script>" not in w.feedback_html.value
    assert "&lt;b&gt;bold" in w.feedback_html.value
    w = ExerciseWidget("ladder-order", seed=1)
    w.set_answer("<img src=x onerror=alert(1)>")
    w.check()
    assert "<img" not in w.feedback_html.value and w.tone == "error"
    w = ExerciseWidget(Exercise.ladder_order("8♥ 7♠"), label="<i>Exercise</i>")
    assert "<i>" not in w.question_html.value and "&lt;i&gt;" in w.question_html.value


def test_widget_order_buttons_append_cards():
    w = ExerciseWidget(Exercise.ladder_order("8♥ 7♠ 8♦"))
    buttons = [b for b in w.answer_box.children[1].children if b.description != "Clear"]
    by_name = {b.description: b for b in buttons}
    for c in ("7♠", "8♦", "8♥"):
        by_name[c].click()
    assert w.answer == "7♠ 8♦ 8♥" and w.check().correct
    next(b for b in w.answer_box.children[1].children if b.description == "Clear").click()
    assert w.answer == ""


def test_widget_check_without_an_answer_asks_for_one():
    w = ExerciseWidget("who-starts", seed=1)
    v = w.check()
    assert not v.correct and w.tone == "error" and "first" in w.feedback and w.wrong_tries == 0


def test_widget_many_choices_use_a_drop_down():
    w = ExerciseWidget("cheapest-play", seed=0)
    assert len(w.exercise.choices) > 6
    import ipywidgets
    assert isinstance(w.answer_box.children[1], ipywidgets.Dropdown) and w.answer is None


def test_prompts_come_from_the_exercise():
    """The 'some' prompt named piles for every kind; a share question says shares."""
    assert ExerciseWidget("piles-for-card", seed=1).answer_box.children[0].value.startswith("Click every pile")
    shares = Exercise.true_share("Normal", games=200, shares=[10, 20, 25, 40])
    assert ExerciseWidget(shares).answer_box.children[0].value.startswith("Click every share")


def test_same_questions_on_other_positions_read_differently_un_run():
    """Lesson 4 asks 'Which play is the cheapest now?' four times: shown un-run, each text names its position."""
    from paternoster import Game
    from paternoster.lift.bots import SimplePlayer

    game = Game.new(2, seed=11)
    SimplePlayer().play_game(game)
    texts = [ExerciseWidget(Exercise.cheapest_play(Game.from_record(game.to_record(), upto=k))).fallback_text
             for k in (9, 30, 60)] + [ExerciseWidget("cheapest-play", seed=3).fallback_text]
    assert len(set(texts)) == len(texts)
    assert all(t.startswith("Exercise: ") and "Which play is the cheapest now?" in t for t in texts)


def test_widget_text_fallback_is_stable_and_names_the_question_and_position():
    w = ExerciseWidget("cheapest-play", seed=3)
    text = "\n".join([f"Exercise: {w.exercise.question}", *(f"   {t}" for t in w.exercise.table),
                      "Run this cell (Shift+Enter) to answer it."])
    assert w.fallback_text == text and w._repr_mimebundle_()["text/plain"] == text
    assert ExerciseWidget("cheapest-play", seed=3)._repr_mimebundle_()["text/plain"] == text
    assert "   Hand of Ben (to move): 3♦ 4♥ 6♠ 8♥ 10♣" in text.splitlines()
    assert ExerciseWidget(Exercise.ladder_order("7♠ 8♣")).fallback_text == (
        "Exercise: Put these cards in ladder order, lowest first: 7♠ 8♣.\nRun this cell (Shift+Enter) to answer it.")
    labelled = ExerciseWidget(Exercise.ladder_order("7♠ 8♣"), label="Exercise 2")
    assert labelled.fallback_text.startswith("Exercise 2: Put these cards")
    w.new_position(seed=40)
    assert w.fallback_text == text                                       # the saved output is the first position's
    assert repr(w) == "ExerciseWidget('cheapest-play', seed=40)"
    assert repr(ExerciseWidget(Exercise.ladder_order("7♠ 8♣"))) == "ExerciseWidget('ladder-order', hand-picked)"


def test_widget_colours_come_from_the_theme_and_signs_are_in_the_fonts():
    w = ExerciseWidget("burns", seed=2)
    w.set_answer("yes")
    w.check()
    w.show_hint()
    html_ = w.feedback_html.value + w.question_html.value + w.hint_html.value
    # text colour only the theme's text colours, which follow JupyterLab's font-colour variables (≥ 4.5:1 in
    # light and dark themes)
    for colour in re.findall(r"(?<![-\w])color:([^;\"]+)", html_):
        assert colour.startswith(("var(--kit-fg, var(--jp-ui-font-color", "var(--kit-fg-muted, var(--jp-ui-font-color")), colour
    w.reveal()
    html_ += w.feedback_html.value
    assert not re.search("[\U0001F300-\U0001FAFF]", html_)                 # no emoji (💡, 👁): empty boxes in the kit's fonts


def test_widget_is_exported():
    assert "ExerciseWidget" in widgets_mod.__all__ and "ExerciseList" in widgets_mod.__all__


def test_exercise_list_for_a_lesson():
    lst = widgets_mod.ExerciseList([("may-play", 1), ("burns", 2), Exercise.ladder_order("8♥ 7♠")])
    assert [w.exercise.kind for w in lst.items] == ["may-play", "burns", "ladder-order"]
    assert _text(lst.items[1].question_html.value).startswith(f"Exercise 2 of 3: {lst.items[1].exercise.title}")
    questions = [line for i, w in enumerate(lst.items, 1)
                 for line in (f"{i}. {w.exercise.question}", *(f"   {t}" for t in w.exercise.table))]
    assert lst._repr_mimebundle_()["text/plain"] == "\n".join(
        ["Exercises — run this cell (Shift+Enter) to answer them:", *questions])
    lst.items[0].set_answer(lst.items[0].exercise.answer)
    assert lst.items[0].check().correct and lst.items[1].feedback == ""      # each exercise on its own
    sheet = lst.answer_sheet(title="Lesson 8")
    assert sheet.startswith("### Lesson 8") and sheet.count("**Answer:") == 3 and sheet.count("*Hint:*") == 3
    with pytest.raises(TypeError, match=r"Entry 1: give an Exercise or a \(kind, seed\) pair"):
        widgets_mod.ExerciseList(["burns"])
