"""The coach's exercises (lessons 4b and 10b): the answer is the evaluator's, the position shows only what
the player to move sees, and a question without a clear best is refused."""

from __future__ import annotations

import re

import pytest

from paternoster.core.cards import parse_card
from paternoster.exercises import KINDS, Exercise
from paternoster.lift import coach_examples as lift_examples
from paternoster.lift.actions import EndTurn, Play
from paternoster.lift.evaluation import evaluate as lift_evaluate
from paternoster.paskahousu import coach_examples as pask_examples
from paternoster.paskahousu.evaluation import evaluate as pask_evaluate

CARD = re.compile(r"(?:10|[2-9AJQK])[♦♥♠♣]")


def _cards(text: str) -> set[str]:
    return set(CARD.findall(text))


def test_both_kinds_are_registered_for_their_games():
    assert KINDS["fewer-cards"].game == "Paternoster" and KINDS["fewer-cards"].mode == "one"
    assert KINDS["lose-least"].game == "Paskahousu" and KINDS["lose-least"].mode == "one"


def test_fewer_cards_answer_is_the_evaluators_best_and_the_game_is_unchanged():
    game = lift_examples.first_turn()
    before = game.to_record()
    ex = Exercise.fewer_cards(game, lift_examples.QUESTION)
    assert game.to_record() == before
    ev = lift_evaluate(game, game.to_move, rollouts=400, seed=0, only=lift_examples.QUESTION)
    assert ex.answer == ev.options[0].label == "K♠ on down pile 1"
    assert lift_examples.answer() == Play(parse_card("K♠"), 2)
    assert ex.choices == ("6♠ on up pile 1", "K♠ on down pile 1", "9♥ on down pile 1")   # the order given
    assert ex.check("K♠ on down pile 1").correct and not ex.check("6♠ on up pile 1").correct
    assert "400" in ex.explanation and "rules §16.5" in ex.explanation


def test_lose_least_answer_is_the_evaluators_best():
    three = pask_examples.LESSON_10
    ex = Exercise.lose_least(three.position.game(), three.actions())
    index, _ = three.answer(rollouts=400, seed=0)
    assert ex.answer == three.choices()[index][0] == "play 6♣"
    assert [c for c in ex.choices] == [label for label, _ in three.choices()]
    assert ex.check("play 6♣").correct and not ex.check("try your luck").correct


def test_a_question_without_a_clear_best_is_refused():
    game = lift_examples.first_turn()      # K♠ on either empty down pile is the same play: too close to call
    same = [Play(parse_card("K♠"), 2), Play(parse_card("K♠"), 3), Play(parse_card("9♥"), 2)]
    with pytest.raises(ValueError, match="too close to call"):
        Exercise.fewer_cards(game, same)
    faces = pask_examples.PICK_UP_FACES.game()  # only two choices there
    with pytest.raises(ValueError, match="three different"):
        Exercise.lose_least(faces, [r.option for r in pask_evaluate(faces, 0, rollouts=10, seed=0).options])
    with pytest.raises(ValueError, match="three different"):
        Exercise.fewer_cards(game, [EndTurn(), EndTurn(), Play(parse_card("K♠"), 2)])


@pytest.mark.parametrize("seed", range(4))
def test_a_seeded_paternoster_position_shows_only_what_the_player_sees(seed):
    ex = Exercise.from_seed("fewer-cards", seed)
    rebuilt = Exercise.from_seed("fewer-cards", seed)
    assert ex == rebuilt
    shown = "\n".join([ex.text(), ex.explanation, ex.hint])
    hand_line = next(line for line in ex.table if line.startswith("Hand of"))
    tops = [line for line in ex.table if "pile" in line and "top" in line]
    assert _cards(shown) <= _cards(hand_line) | _cards("\n".join(tops))


@pytest.mark.parametrize("seed", range(3))
def test_a_seeded_paskahousu_position_shows_only_what_the_player_sees(seed):
    ex = Exercise.from_seed("lose-least", seed)
    shown = "\n".join([ex.text(), ex.explanation, ex.hint])
    seen = "\n".join(line for line in ex.table if line.startswith(("Hand of", "Discard pile")))
    assert _cards(shown) <= _cards(seen)
    assert len(ex.choices) == 3 and ex.answer in ex.choices
