"""The difficulty lessons' exercise kinds (lessons 6a and 6b): every answer is the engine's figures.

Each answer is recomputed here from :func:`paternoster.simulate`, :func:`paternoster.talking_vs_silent`
and the kit's interval functions, and the lesson's own printed numbers (4000 games, seed 0) come back.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paternoster import LEVELS, simulate, talking_vs_silent
from paternoster.core.errors import RulesError
from paternoster.core.stats import newcombe, paired_shares, wilson
from paternoster.exercises import Exercise

from exercise_helpers import wrong_answers


def _perfect(r):
    return (r.outcome == 0).astype(float)


def _decide(d, first_higher, second_higher, neither):
    return first_higher if d[1] > 0 else second_higher if d[2] < 0 else neither


def test_the_lessons_table_comes_back_with_4000_games():
    """Lesson 6a prints Befehle light 19.8 % and Feuer 13.2 % perfect games (4000 games, seed 0)."""
    ex = Exercise.harder_level("Befehle light", "Feuer", games=4000)
    assert "perfect games 19.8 %" in ex.table[0] and "perfect games 13.2 %" in ex.table[1]
    assert ex.answer == "Feuer" and ex.check("feuer").correct and not ex.check("Befehle light").correct
    assert "lies wholly above 0" in ex.explanation and "Feuer is harder" in ex.explanation


@pytest.mark.parametrize("seed", range(8))
def test_harder_level_is_the_engines_comparison(seed):
    ex = Exercise.from_seed("harder-level", seed)
    first, second = ex.choices[1], ex.choices[0]
    games = int(ex.table[0].split(", ")[1].split()[0])
    a, b = simulate(first, games=games, seed=0), simulate(second, games=games, seed=0)
    if a.rules.cards == b.rules.cards:
        d = paired_shares(_perfect(a), _perfect(b))
        assert "same" in ex.table[3]
    else:
        d = newcombe(int(_perfect(a).sum()), games, int(_perfect(b).sum()), games)
        assert "Newcombe" in ex.table[3]
    assert ex.answer == _decide(d, second, first, "These games cannot tell")
    for wrong in wrong_answers(ex):
        assert not ex.check(wrong).correct


def test_a_seeded_position_is_the_first_games_of_the_lessons_run():
    """Game i is the same deal in every run of a seed, so 200 games are the first 200 of the table's 4000."""
    short, long = simulate("Steil", games=200, seed=0), simulate("Steil", games=4000, seed=0)
    assert np.array_equal(short.outcome, long.outcome[:200])


@pytest.mark.parametrize("seed", range(6))
def test_more_players_is_the_paired_difference(seed):
    ex = Exercise.from_seed("more-players", seed)
    name = ex.table[0].split(" (")[0]
    more = int(ex.choices[0].split()[2])
    games = int(ex.table[0].split(", ")[1].split()[0])
    two, many = simulate(name, players=2, games=games, seed=0), simulate(name, players=more, games=games, seed=0)
    d = paired_shares(_perfect(two), _perfect(many))
    assert ex.answer == _decide(d, f"Harder for {more} players", f"Easier for {more} players",
                                "These games cannot tell")


def test_more_players_refuses_counts_the_rules_do_not_allow():
    with pytest.raises(RulesError, match="Zwei Kabinen is for exactly 2 players"):
        Exercise.more_players("Zwei Kabinen", 3, games=50)


@pytest.mark.parametrize("seed", range(6))
def test_talking_helps_agrees_with_the_engines_verdict(seed):
    ex = Exercise.from_seed("talking-helps", seed)
    name = ex.question.split(" play ")[1].split(" on the same")[0]
    games = int(ex.table[3].split("same ")[1].split()[0])
    verdict = talking_vs_silent(games=games, seed=0, rules=name).verdict()
    expected = ("Talking gives more perfect games" if "talking gives more perfect games" in verdict else
                "Talking gives fewer perfect games" if "talking gives fewer perfect games" in verdict else
                "These deals cannot tell")
    assert ex.answer == expected, verdict


def test_talking_under_stille_fahrt_plays_the_same_games():
    ex = Exercise.talking_helps("Stille Fahrt", games=200)
    assert ex.answer == "These deals cannot tell" and "nobody talks" in ex.explanation


@pytest.mark.parametrize("seed", range(8))
def test_true_share_is_the_wilson_interval(seed):
    ex = Exercise.from_seed("true-share", seed)
    name = ex.table[0].split(",")[0]
    games = int(ex.table[0].split(", ")[2].split()[0])
    r = simulate(name, games=games, seed=0)
    _, lo, hi = wilson(int(_perfect(r).sum()), games)
    offered = [int(c.split()[0]) for c in ex.choices]
    assert set(ex.answer) == {f"{s} %" for s in offered if lo <= s / 100 <= hi}
    assert 1 <= len(ex.answer) <= 3 and len(ex.choices) == 5
    assert all(abs(s - 100 * lo) >= 0.3 and abs(s - 100 * hi) >= 0.3 for s in offered)  # never on the edge
    numbers = ", ".join(c.split()[0] for c in ex.answer)
    assert ex.check(numbers).correct and ex.check(list(ex.answer)).correct


def test_true_share_hand_picked_and_bad_shares():
    ex = Exercise.true_share("Normal", games=100, shares=[10, 20, 25, 30, 40])   # lesson 6a: 15.8–32.2 %
    assert "95 % interval 15.8–32.2 %" in ex.table[0]
    assert ex.answer == ("20 %", "25 %", "30 %") and ex.check("20 %, 25 %, 30 %").correct
    assert not ex.check("25").correct and ex.check("none").correct is False
    assert not ex.check("33").readable
    with pytest.raises(ValueError, match="whole percents from 0 to 100"):
        Exercise.true_share("Normal", games=100, shares=[10, 10])


def test_the_same_level_twice_and_unknown_levels_are_clear_errors():
    with pytest.raises(ValueError, match="two different levels"):
        Exercise.harder_level("Normal", "normal", games=50)
    with pytest.raises(RulesError):
        Exercise.harder_level("Normal", "Nowhere", games=50)


def test_every_level_can_be_drawn():
    names = {n for s in range(40) for n in Exercise.from_seed("harder-level", s).choices[:2]}
    assert len(names) >= 10 and names <= {lv.name for lv in LEVELS}


def test_a_lessons_own_results_are_read_without_simulating_again():
    """Lesson 6a has its table and lesson 6b its comparison: the exercises read them as they are."""
    from paternoster import difficulty_table

    table = difficulty_table(games=300, levels=["Feuer", "Fahrgäste", "Hochhaus 4"])
    feuer, fahrgaeste = table.result("Feuer"), table.result("Fahrgäste")
    ex = Exercise.harder_level(feuer, fahrgaeste)
    assert ex == Exercise.harder_level("Feuer", "Fahrgäste", games=300)          # the same figures
    assert "Newcombe" in Exercise.harder_level(feuer, table.result("Hochhaus 4")).table[3]   # 104 against 156 cards
    talk = talking_vs_silent(games=300, rules="Steil")
    assert Exercise.talking_helps(talk) == Exercise.talking_helps("Steil", games=300)
    assert Exercise.true_share(feuer).table == Exercise.true_share("Feuer", games=300).table
    with pytest.raises(ValueError, match="same number of games"):
        Exercise.harder_level(feuer, simulate("Steil", games=100))
    with pytest.raises(TypeError, match="level or preset name"):
        Exercise.true_share(LEVELS[3])
    with pytest.raises(ValueError, match="simple player's games"):
        Exercise.true_share(simulate("Normal", games=50, player="talking"))


_BUILT = {}


@settings(max_examples=60, deadline=None, database=None)
@given(kind=st.sampled_from(["harder-level", "more-players", "talking-helps", "true-share"]), seed=st.integers(0, 2),
       answer=st.one_of(st.text(max_size=30), st.integers(-100, 100), st.none(), st.booleans(), st.floats(),
                        st.lists(st.one_of(st.text(max_size=8), st.integers()), max_size=4)))
def test_property_any_answer_gets_a_verdict_never_a_traceback(kind, seed, answer):
    ex = _BUILT.setdefault((kind, seed), Exercise.from_seed(kind, seed))
    v = ex.check(answer)
    assert v.message and (v.readable or not v.correct)
