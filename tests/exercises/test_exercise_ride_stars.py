"""The "ride-stars" exercise (lesson 7): its answer is always the campaign's stars (rules §15.2)."""

from __future__ import annotations

import pytest

from paternoster.campaign import FLOORS, stars
from paternoster.exercises import KINDS, Exercise


@pytest.mark.parametrize("f", FLOORS, ids=lambda f: f.name)
def test_answer_is_the_campaigns_stars_for_every_remaining_count(f):
    for left in range(0, f.goal + 3):
        for lost in (False, True):
            ex = Exercise.ride_stars(f, left, lost=lost)
            assert ex.answer == stars(f, left, lost=lost)
            assert ex.check(str(ex.answer)).correct
            wrong = (ex.answer + 1) % 4
            verdict = ex.check(wrong)
            assert not verdict.correct and verdict.readable


def test_answers_out_of_range_are_wrong_and_words_unreadable():
    ex = Exercise.ride_stars(1, 0)
    for given in ("7", "-1"):
        v = ex.check(given)
        assert not v.correct and v.readable and "0 to 3" in v.message
    for given in ("three", True):
        assert ex.check(given).readable is False


def test_seeded_positions_are_stable_and_checked():
    assert "ride-stars" in KINDS
    for seed in range(30):
        a, b = Exercise.from_seed("ride-stars", seed), Exercise.from_seed("ride-stars", seed)
        assert a == b and a.check(a.answer).correct
