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


def _valepaska_after_a_face_down_lay():
    """Valepaska, three players: Player 1 has laid 4♠ face down (announced as a 4); Player 2 is to move."""
    from paternoster.paskahousu import HeuristicPlayer, PaskahousuGame
    from paternoster.paskahousu.actions import Announce
    from paternoster.paskahousu.rules import HouseRules
    g = PaskahousuGame.new(3, 1, rules=HouseRules(bluff=True))
    player = HeuristicPlayer(1)
    for _ in range(4):
        g.apply_action(player.choose(g))
    three = [Announce("7♦ 7♣", 7), Announce("6♠", 6), Announce("6♠", 2)]
    return g, three


def test_a_valepaska_position_never_shows_a_card_laid_face_down_by_another_player():
    g, three = _valepaska_after_a_face_down_lay()
    from paternoster.paskahousu.knowledge import visible
    unseen = {str(c) for c, seen in zip(g.pile, visible(g, g.to_move)) if not seen}
    assert unseen == {"4♠"}
    ex = Exercise.lose_least(g, three)
    shown = "\n".join([ex.text(), ex.explanation, ex.hint])
    assert not _cards(shown) & unseen
    assert "face down" in "\n".join(ex.table)


@pytest.mark.parametrize("kind", ["fewer-cards", "lose-least"])
def test_the_largest_seeds_give_a_position(kind):
    """Seeds up to the kit's largest (2**64 - 1) are accepted; the retries never step past it."""
    for seed in (2**64 - 1, 2**64 - 2):
        ex = Exercise.from_seed(kind, seed)
        assert ex.seed == seed and len(ex.choices) == 3


def test_bad_choices_and_games_get_the_kits_error_naming_the_field():
    from paternoster.core.errors import PaternosterError as RulesError
    game, pask = lift_examples.first_turn(), pask_examples.LESSON_10
    for bad in (None, 5, iter(lift_examples.QUESTION)):
        with pytest.raises(RulesError, match="plays"):
            Exercise.fewer_cards(game, bad)
    with pytest.raises(RulesError, match="three different"):
        Exercise.fewer_cards(game, list(lift_examples.QUESTION) * 1000)
    for bad in (None, 5, game):
        with pytest.raises(RulesError, match="game"):
            Exercise.lose_least(bad, pask.actions())
