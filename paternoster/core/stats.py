"""Statistics the simulations share: 95 % intervals and the progress-bar argument.

One place for both games (Paternoster's :mod:`paternoster.lift.simulation` and
:mod:`paternoster.paskahousu.simulation`):

* :func:`wilson` — a share ``k / n`` with its Wilson score interval;
* :func:`newcombe` — the difference of two shares from *independent* samples
  (Newcombe's hybrid score interval, built from the two Wilson intervals);
* :func:`mean_interval` — a mean with its normal-approximation interval
  ``mean ± z · sd / √n`` (sample standard deviation, ``n − 1`` in the denominator).
  Used for mean remaining cards and for *paired* differences (the same deals played
  two ways: the per-game differences are one sample);
* :func:`paired_shares` — the difference of two shares on the same games (paired), its
  interval clipped to −1 … 1;
* :func:`progress_bar` — checks a ``progress`` argument (a tqdm-like class or ``None``)
  and opens the bar.

>>> tuple(round(x, 4) for x in wilson(5, 10))
(0.5, 0.2366, 0.7634)
>>> tuple(round(x, 3) for x in mean_interval([1, 2, 3, 4]))
(2.5, 1.235, 3.765)
"""

from __future__ import annotations
from .errors import ArgumentError, ArgumentTypeError
from .checks import short, whole

import math
from typing import Any, Iterable

import numpy as np

__all__ = ["Z95", "wilson", "newcombe", "mean_interval", "paired_shares", "check_progress", "progress_bar",
           "describe"]

#: The normal quantile of a two-sided 95 % interval (1.96, to more places).
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Share ``k / n`` with its Wilson score interval (95 % by default).

    Args:
        k: successes (0 ≤ k ≤ n), e.g. perfect games.
        n: trials, e.g. games.
        z: normal quantile (1.96 for 95 %).

    Returns:
        ``(share, low, high)`` as fractions of 1; ``(0.0, 0.0, 1.0)`` when ``n`` is 0
        (nothing is known).

    >>> tuple(round(x, 3) for x in wilson(25, 100))
    (0.25, 0.175, 0.343)
    >>> wilson(0, 0)
    (0.0, 0.0, 1.0)
    """
    n = whole(n, "n (trials)", 0, None, error=ArgumentError)
    k = whole(k, "k (successes)", 0, max(n, 0), error=ArgumentError)
    if isinstance(z, bool) or not isinstance(z, (int, float, np.integer, np.floating)) or not 0 < z < 100:
        raise ArgumentError(f"z must be a number above 0 such as 1.96, not {short(z)}.")
    if n <= 0:
        return 0.0, 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """Difference of two shares ``k1/n1 − k2/n2`` from independent samples, with its 95 % interval.

    Newcombe's hybrid score interval (Newcombe 1998, method 10): with Wilson intervals
    ``(l1, u1)`` and ``(l2, u2)`` and ``d = p1 − p2``, the interval is
    ``d − √((p1 − l1)² + (u2 − p2)²)`` to ``d + √((u1 − p1)² + (p2 − l2)²)``.
    Use it when the two samples are different games (e.g. two rule sets with different
    decks); for the same deals played two ways use :func:`mean_interval` on the per-game
    differences instead (paired).

    Returns:
        ``(difference, low, high)`` as fractions of 1 (−1 … 1).

    >>> tuple(round(x, 4) for x in newcombe(56, 70, 48, 80))
    (0.2, 0.0524, 0.3339)
    """
    p1, l1, u1 = wilson(k1, n1, z)
    p2, l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def mean_interval(values: Iterable[float] | np.ndarray, z: float = Z95) -> tuple[float, float, float]:
    """Mean of ``values`` with its 95 % interval by the normal approximation.

    The interval is ``mean ± z · sd / √n`` with the sample standard deviation ``sd``
    (``n − 1`` in the denominator).  Good for the mean of many games (hundreds or more):
    the mean of remaining cards is then close to normal even though one game's remaining
    cards are not.

    Args:
        values: numbers (a list or numpy array), e.g. remaining cards per game.

    Returns:
        ``(mean, low, high)``.  ``n == 0``: all three are ``nan`` (no games, no mean);
        ``n == 1``: the mean, and ``nan`` for both ends (one game says nothing about the spread).

    >>> mean_interval([2, 2, 2])
    (2.0, 2.0, 2.0)
    >>> mean_interval([])
    (nan, nan, nan)
    """
    a = np.asarray(values, dtype=float).ravel()
    n = a.size
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = float(a.mean())
    if n == 1:
        return mean, math.nan, math.nan
    half = z * float(a.std(ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


def paired_shares(a: Iterable[float] | np.ndarray, b: Iterable[float] | np.ndarray,
                  z: float = Z95) -> tuple[float, float, float]:
    """Share of ``a`` minus share of ``b`` measured on the *same* games, with its paired 95 % interval.

    ``a`` and ``b`` hold one 0/1 per game (1: e.g. a perfect game), game ``i`` the same deal in both.
    The per-game differences (−1, 0 or 1) are one sample: :func:`mean_interval`.  A difference of
    two shares lies between −1 and 1, so the interval is clipped to that range (the normal
    approximation reaches beyond it for a few games).

    Returns:
        ``(difference, low, high)`` as fractions of 1 (−1 … 1); ``nan`` as :func:`mean_interval`
        (no games; both ends for 1 game).

    Raises:
        ValueError: ``a`` and ``b`` differ in length.

    >>> d, lo, hi = paired_shares([0, 0, 0], [1, 1, 0])      # unclipped low end: −1.32
    >>> round(d, 4), lo, round(hi, 4)
    (-0.6667, -1.0, -0.0133)
    """
    x, y = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    if x.size != y.size:
        raise ArgumentError(f"paired shares need the same games on both sides: {x.size} against {y.size} games.")
    m, lo, hi = mean_interval(x - y, z)
    return m, (lo if math.isnan(lo) else max(-1.0, lo)), (hi if math.isnan(hi) else min(1.0, hi))


class _NoBar:
    """What :func:`progress_bar` gives for ``progress=None``: a bar that shows nothing."""

    def update(self, n: int = 1) -> None:
        pass

    def set_description(self, text: str) -> None:
        pass

    def close(self) -> None:
        pass


def check_progress(progress: Any, call: str = "simulate") -> Any:
    """The ``progress`` argument checked: a tqdm-like class, or ``None`` (``False`` means ``None``).

    Args:
        progress: ``None``/``False``, or a class such as ``tqdm.auto.tqdm`` called as
            ``progress(total=n)``; its objects' ``update(k)`` and ``close()`` are used (and
            ``set_description(text)`` when they have it).
        call: the function named in the message (``"simulate"``).

    Raises:
        TypeError: ``progress`` is not callable (e.g. ``True``).

    >>> check_progress(True)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.ArgumentTypeError: progress takes a tqdm-like class such as tqdm.auto.tqdm, or None for no progress bar; not True. Write: from tqdm.auto import tqdm, then simulate(..., progress=tqdm).
    """
    if progress is None or progress is False:
        return None
    if not callable(progress):
        raise ArgumentTypeError(f"progress takes a tqdm-like class such as tqdm.auto.tqdm, or None for no progress bar; "
                        f"not {short(progress)}. Write: from tqdm.auto import tqdm, then {call}(..., progress=tqdm).")
    return progress


def progress_bar(progress: Any, total: int, call: str = "simulate") -> Any:
    """Open a progress bar of ``total`` steps (games).

    Args:
        progress: as in :func:`check_progress`.
        total: steps the bar counts to.
        call: the function named in the error message.

    Returns:
        ``progress(total=total)``, or for ``None`` a silent bar with the same
        ``update``, ``set_description`` and ``close``.  Close it when done.

    Raises:
        TypeError: ``progress`` is not callable (the message of :func:`check_progress`), cannot be
        called as ``progress(total=n)`` (e.g. ``print``, ``lambda: None``), or gives an object without
        ``update()`` and ``close()``: the message says what a progress argument must be.

    >>> bar = progress_bar(None, 10); bar.update(10); bar.close()
    >>> progress_bar(print, 10)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.ArgumentTypeError: progress must be a tqdm-like class such as tqdm.auto.tqdm: it is called as progress(total=n) and gives a bar with update(k) and close(). print cannot be used so ('total' is an invalid keyword argument for print()). Write: from tqdm.auto import tqdm, then simulate(..., progress=tqdm).
    """
    progress = check_progress(progress, call)
    if progress is None:
        return _NoBar()
    name = getattr(progress, "__name__", type(progress).__name__)
    try:
        bar = progress(total=total)
    except TypeError as e:
        raise ArgumentTypeError(_bar_message(name, str(e), call)) from None
    missing = [m for m in ("update", "close") if not callable(getattr(bar, m, None))]
    if missing:
        raise ArgumentTypeError(_bar_message(name, f"it gave {type(bar).__name__}, which has no "
                                           f"{' and no '.join(m + '()' for m in missing)}", call))
    return bar


def _bar_message(name: str, why: str, call: str) -> str:
    return (f"progress must be a tqdm-like class such as tqdm.auto.tqdm: it is called as progress(total=n) and "
            f"gives a bar with update(k) and close(). {name} cannot be used so ({why}). "
            f"Write: from tqdm.auto import tqdm, then {call}(..., progress=tqdm).")


def describe(bar: Any, text: str) -> None:
    """Show ``text`` on ``bar`` when the bar can (tqdm's ``set_description``); otherwise nothing."""
    if hasattr(bar, "set_description"):
        bar.set_description(text)
