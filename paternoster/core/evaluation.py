"""How good was that? The shared shape of a game's evaluator: every option of the player to move, played
out many times, each with its measure and 95 % interval, and its paired difference from the best option.

A game's evaluator (one module per game) deals the cards the seat cannot see afresh for each rollout,
plays every option on the SAME re-deals (paired rollouts), lets its computer player finish each game, and
hands this module a table ``values[option, rollout]`` of one number per game — remaining cards, or 1 if
the seat lost and 0 if not.  :func:`score_options` turns that table into :class:`OptionScore` rows:

* ``mean`` with its 95 % interval (:func:`~paternoster.core.stats.mean_interval`, or Wilson's interval
  for a share);
* ``diff``: how much worse than the best option, on average over the same re-deals, with the paired
  interval of the per-rollout differences; ``too_close`` where that interval holds 0 — the rollouts
  cannot tell the two options apart.

Lower is better for every measure the kit uses (cards left, the chance of losing).

>>> import numpy as np
>>> rows = score_options(np.array([[3, 5, 4, 4], [1, 2, 2, 3]]), labels=["A", "B"], share=False)
>>> [(r.label, r.mean, r.diff, r.best) for r in rows]
[('B', 2.0, 0.0, True), ('A', 4.0, 2.0, False)]
>>> rows[1].too_close
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from .checks import MAX_SEED, check_bool, short, whole
from .errors import RulesError
from .stats import mean_interval, paired_shares, wilson

__all__ = ["MAX_ROLLOUTS", "MAX_OPTIONS", "OptionScore", "Evaluation", "score_options", "check_rollouts",
           "check_seed", "check_only", "option_rows"]

#: The most rollouts per option one evaluation plays (bounded work).
MAX_ROLLOUTS = 10_000
#: The most options one evaluation measures (a position with more is refused, not cut silently).
MAX_OPTIONS = 60


@dataclass(frozen=True)
class OptionScore:
    """One option of the player to move, measured.

    Attributes:
        option: the game's action (or sequence of actions) this row measures.
        label: the option in the game's words ("9♠ on down pile 2", "pick up the pile").
        mean, low, high: the measure over the rollouts with its 95 % interval.
        diff, diff_low, diff_high: ``mean`` minus the best option's mean, over the same re-deals, with the
            paired 95 % interval (0, 0, 0 for the best option itself).
        too_close: the paired interval holds 0 (the rollouts cannot tell this option from the best).
        best: this is the option with the lowest mean (the first such).
        extra: other figures the game reports per option (e.g. ``"perfect"``: (share, low, high)).
    """

    option: Any
    label: str
    mean: float
    low: float
    high: float
    diff: float
    diff_low: float
    diff_high: float
    too_close: bool
    best: bool
    extra: dict[str, tuple[float, float, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Evaluation:
    """Every option of the seat to move, measured on the same re-deals, best first.

    Attributes:
        seat: the seat whose options were measured.
        measure: what ``mean`` counts, in words ("cards left at the end", "chance of losing").
        share: ``mean`` is a share (0–1), shown as a percentage.
        rollouts: games played per option.
        seed: the seed of the re-deals (the same seed gives the same answer).
        options: the rows, best first.
        computer_choice: the index in ``options`` of the option the game's computer player would take,
            or ``None``.
    """

    seat: int
    measure: str
    share: bool
    rollouts: int
    seed: int
    options: tuple[OptionScore, ...]
    computer_choice: int | None = None

    def find(self, option: Any) -> OptionScore | None:
        """The row of ``option`` (compared with ``==``), or ``None``."""
        return next((row for row in self.options if row.option == option), None)


def check_rollouts(rollouts: Any, name: str = "rollouts") -> int:
    """``rollouts`` as a whole number from 1 to :data:`MAX_ROLLOUTS`, else the kit's error.

    >>> check_rollouts(400)
    400
    >>> check_rollouts(0)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: rollouts must be from 1 to 10000, not 0.
    """
    return whole(rollouts, name, 1, MAX_ROLLOUTS, RulesError)


def check_seed(seed: Any) -> int:
    """``seed`` as a whole number from 0 to the kit's largest seed, else the kit's error."""
    return whole(seed, "seed", 0, MAX_SEED, RulesError)


def check_only(only: Any) -> list[Any]:
    """An evaluator's ``only=``: a list (or tuple) of 1 to :data:`MAX_OPTIONS` actions, else the kit's error
    naming ``only`` — so a long list costs no time before it is refused.

    >>> check_only([1] * 61)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: only: an evaluation measures at most 60 options, not 61.
    """
    if isinstance(only, (str, bytes)) or not isinstance(only, Sequence) or not only:
        raise RulesError(f"only must be a non-empty list of options of the player to move, not {short(only)}.")
    if len(only) > MAX_OPTIONS:
        raise RulesError(f"only: an evaluation measures at most {MAX_OPTIONS} options, not {len(only)}.")
    return list(only)


def option_rows(rows: Any) -> tuple[OptionScore, ...]:
    """The rows of ``rows`` (an :class:`Evaluation` or its ``options``), else the kit's error naming ``rows``."""
    if isinstance(rows, Evaluation):
        return rows.options
    if isinstance(rows, (list, tuple)) and all(isinstance(r, OptionScore) for r in rows):
        return tuple(rows)
    raise RulesError(f"rows must be an Evaluation (from evaluate) or its options, not {short(rows)}.")


def score_options(values: np.ndarray, *, labels: Sequence[str], options: Sequence[Any] | None = None,
                  share: bool, extras: Sequence[dict[str, tuple[float, float, float]]] | None = None
                  ) -> tuple[OptionScore, ...]:
    """Rows for a table ``values[option, rollout]`` of paired rollouts (lower is better), best first.

    Args:
        values: one row per option, one column per re-deal; the same column is the same re-deal.
        labels: each option in words.
        options: each option's action (default: its label).
        share: the values are 0/1 (the seat lost or not): ``mean`` is a share with Wilson's interval and the
            differences use the paired interval of two shares.
        extras: per option, other figures to carry along.

    Raises:
        RulesError: no options, more than :data:`MAX_OPTIONS`, no rollouts or more than
            :data:`MAX_ROLLOUTS`, a value that is not a finite number (NaN, infinity, text), a share
            other than 0 or 1, ``share`` not True/False, or not one label (and option) per row.
    """
    share = check_bool(share, "share", RulesError)
    try:
        table = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise RulesError(f"An evaluation's values must be a table of numbers (one row per option), not "
                         f"{short(values)}.") from None
    if table.ndim != 2 or table.shape[0] == 0 or table.shape[1] == 0:
        raise RulesError("An evaluation needs at least one option and one rollout.")
    n_options, n = table.shape
    if n_options > MAX_OPTIONS:
        raise RulesError(f"This position has {n_options} options; an evaluation measures at most {MAX_OPTIONS}.")
    if n > MAX_ROLLOUTS:
        raise RulesError(f"An evaluation plays at most {MAX_ROLLOUTS} rollouts per option, not {n}.")
    if not np.isfinite(table).all():
        raise RulesError("An evaluation's values must be finite numbers; this table holds NaN or infinity.")
    if share and not np.isin(table, (0.0, 1.0)).all():
        raise RulesError("With share=True every value must be 0 or 1 (the seat lost or not).")
    if not _rows(labels, n_options) or (options is not None and not _rows(options, n_options)):
        raise RulesError("An evaluation needs one label (and one option) per row of values.")
    if extras is not None and not _rows(extras, n_options):
        raise RulesError("An evaluation needs one extras entry per row of values (or none).")
    labels = [str(label) for label in labels]
    means = table.mean(axis=1)
    best = int(np.argmin(means))
    rows = []
    for i in range(n_options):
        if share:
            mean, low, high = wilson(int(table[i].sum()), n)
        else:
            mean, low, high = mean_interval(table[i])
        if i == best:
            diff = diff_low = diff_high = 0.0
        elif share:
            diff, diff_low, diff_high = paired_shares(table[i], table[best])
        else:
            diff, diff_low, diff_high = mean_interval(table[i] - table[best])
        rows.append(OptionScore(option=options[i] if options is not None else labels[i], label=labels[i],
                                mean=float(mean), low=float(low), high=float(high), diff=float(diff),
                                diff_low=float(diff_low), diff_high=float(diff_high),
                                too_close=i != best and not diff_low > 0.0, best=i == best,
                                extra=dict(extras[i]) if extras is not None else {}))
    order = sorted(range(n_options), key=lambda i: (means[i], i))
    return tuple(rows[i] for i in order)


def _rows(items: Any, n: int) -> bool:
    """``items`` is a sequence (a list, tuple or array; not text or a mapping) of ``n`` entries."""
    if isinstance(items, (str, bytes, dict)):
        return False
    try:
        return len(items) == n
    except TypeError:
        return False
