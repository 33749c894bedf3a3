"""The coach's positions (paternoster.lift.coach_examples): the rule book's tips measured, and the lesson-4
question's answer replayed by the evaluator."""

from __future__ import annotations

import pytest

from paternoster.core.errors import RulesError
from paternoster.lift import coach_examples as ce
from paternoster.lift.actions import EndTurn, Play
from paternoster.lift.evaluation import evaluate, options, sentence


def test_the_positions_are_as_their_words_say():
    g = ce.first_turn()
    assert sorted(str(c) for c in g.hand) == sorted("3♦ 6♠ 7♦ 9♥ Q♦ K♠".split()) and all(not p.cards for p in g.piles)
    h = ce.minimum_met()
    assert sorted(str(c) for c in h.hand) == sorted("5♥ 6♥ 8♠ 8♣".split()) and h.minimum_met and h.names[h.to_move] == "Carla"
    assert [str(h.piles[0].top), h.piles[1].top, str(h.piles[2].top)] == ["3♦", None, "10♦"]
    for game, acts in ((g, ce.QUESTION), (g, [a for pair in ce.OPEN_TIP for a in pair]), (h, ce.EXTRA_TIP)):
        assert all(a in options(game) for a in acts)


def test_open_up_piles_low_and_down_piles_high():
    """Rule book §9.6, measured: the tip's choice leaves clearly fewer cards."""
    for tip, other in ce.OPEN_TIP:
        ev = ce.measure(ce.first_turn(), (tip, other))
        assert ev.options[0].option == tip and not ev.options[1].too_close and ev.options[1].diff > 10


def test_no_extra_card_beyond_the_minimum():
    """Rule book §9.5, measured: ending the turn beats an extra card of cost 5."""
    ev = ce.measure(ce.minimum_met(), ce.EXTRA_TIP)
    assert ev.options[0].option == EndTurn() and ev.options[1].diff_low > 0
    assert sentence(ev, 1).startswith("Your 8♣ on down pile 1 (cost 5) left ") and "ending the turn would" in sentence(ev, 1)


def test_the_question_has_one_clear_answer():
    ev = ce.measure(ce.first_turn(), ce.QUESTION)
    assert [r.option for r in ev.options] == [Play("K♠", 2), Play("9♥", 2), Play("6♠", 0)]
    assert not any(r.too_close for r in ev.options)
    assert ce.answer() == Play("K♠", 2) == ce.answer(seed=1)
    assert ev.options[ev.computer_choice].option == Play("K♠", 2)


def test_only_measures_the_same_games_as_the_full_evaluation():
    g = ce.first_turn()
    full = {r.option: r.mean for r in evaluate(g, 0, rollouts=100, seed=4).options}
    part = ce.measure(g, ce.QUESTION, rollouts=100, seed=4)
    assert all(r.mean == full[r.option] for r in part.options)


@pytest.mark.parametrize("only", [[], "K♠", [Play("K♠", 0), Play("2♣", 0)], 5])
def test_only_refuses_what_is_no_option(only):
    with pytest.raises(RulesError, match="only"):
        evaluate(ce.first_turn(), 0, rollouts=5, only=only)
