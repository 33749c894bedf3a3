"""The shared scoring of an evaluation (paternoster.core.evaluation): paired differences, best first,
"too close to call", shares with Wilson's interval, and the bounds."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from paternoster.core.errors import RulesError
from paternoster.core.evaluation import MAX_OPTIONS, check_rollouts, check_seed, score_options


def test_paired_rollouts_tell_apart_options_that_independent_ones_could_not():
    rng = np.random.default_rng(1)
    deal = rng.integers(0, 40, 400)            # each re-deal's own difficulty, shared by both options
    a, b = deal + 1, deal.copy()               # option A always leaves exactly one card more
    rows = score_options(np.vstack([a, b]), labels=["A", "B"], share=False)
    assert [r.label for r in rows] == ["B", "A"]
    worse = rows[1]
    assert worse.diff == 1.0 and worse.diff_low == 1.0 and worse.diff_high == 1.0 and not worse.too_close
    assert worse.low < rows[0].high            # the plain intervals overlap: only the pairing separates them


def test_equal_options_are_too_close_to_call_and_the_first_best_wins_ties():
    rows = score_options(np.array([[2, 3, 4], [2, 3, 4]]), labels=["x", "y"], share=False)
    assert [(r.label, r.best, r.too_close) for r in rows] == [("x", True, False), ("y", False, True)]


def test_shares_use_wilson_and_the_paired_share_difference():
    lost = np.array([[1, 1, 1, 0] * 25, [0, 0, 1, 0] * 25])
    rows = score_options(lost, labels=["keep", "play"], share=True)
    assert rows[0].label == "play" and rows[0].mean == 0.25 and 0.17 < rows[0].low < rows[0].high < 0.35
    assert rows[1].diff == pytest.approx(0.5) and rows[1].diff_low > 0.38 and not rows[1].too_close


def test_one_rollout_cannot_tell_options_apart():
    rows = score_options(np.array([[5], [3]]), labels=["a", "b"], share=False)
    assert rows[1].too_close and math.isnan(rows[1].diff_low)


@pytest.mark.parametrize("values, message", [
    (np.zeros((0, 3)), "at least one option"),
    (np.zeros((2, 0)), "at least one option"),
    (np.zeros((MAX_OPTIONS + 1, 2)), f"at most {MAX_OPTIONS}"),
])
def test_bad_tables_get_the_kits_error(values, message):
    with pytest.raises(RulesError, match=message):
        score_options(values, labels=["o"] * len(values), share=False)


@pytest.mark.parametrize("bad", [0, -1, 10_001, 2.5, "400", True, None])
def test_rollouts_are_bounded(bad):
    with pytest.raises(RulesError, match="rollouts"):
        check_rollouts(bad)


def test_seed_is_checked():
    assert check_seed(0) == 0
    with pytest.raises(RulesError, match="seed"):
        check_seed(-1)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(2, 30), st.integers(0, 2**32 - 1))
def test_rows_are_best_first_and_differences_match_the_means(options, rollouts, seed):
    values = np.random.default_rng(seed).integers(0, 20, (options, rollouts))
    rows = score_options(values, labels=[str(i) for i in range(options)], share=False)
    means = [r.mean for r in rows]
    assert means == sorted(means) and rows[0].best and sum(r.best for r in rows) == 1
    for r in rows:
        assert r.diff == pytest.approx(r.mean - rows[0].mean)
        assert r.too_close == (not r.best and not r.diff_low > 0)


@pytest.mark.parametrize("values, share, message", [
    (np.array([[np.nan, 1.0], [2.0, 3.0]]), False, "finite"),
    (np.array([[np.inf, 1.0], [2.0, 3.0]]), False, "finite"),
    (np.array([[0.5, 1.0], [0.0, 1.0]]), True, "0 or 1"),
    (np.array([[7, 1], [0, 1]]), True, "0 or 1"),
    (np.array([[-1, 1], [0, 1]]), True, "0 or 1"),
    ([["x", 1], [0, 1]], False, "table of numbers"),
    (np.zeros((1, 10_001)), False, "at most 10000 rollouts"),
    (np.zeros((2, 2)), "yes", "share must be True or False"),
])
def test_nan_infinity_unchecked_shares_and_huge_tables_are_refused(values, share, message):
    with pytest.raises(RulesError, match=message):
        score_options(values, labels=["a", "b"][:len(values)], share=share)


@pytest.mark.parametrize("labels", [None, "ab", ["only one"], 3])
def test_labels_must_be_one_per_row(labels):
    with pytest.raises(RulesError, match="one label"):
        score_options(np.zeros((2, 2)), labels=labels, share=False)
