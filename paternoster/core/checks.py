"""Argument checks shared by the engine: one wording for 'this field needs a whole number'."""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import PositionError

__all__ = ["whole", "plural"]


def whole(value: Any, field: str, lo: int | None = None, hi: int | None = None,
          error: type[Exception] = PositionError) -> int:
    """Return ``value`` as an int if it is a whole number in ``lo..hi``, else raise ``error`` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise error(f"{field} must be a whole number, not {value!r} ({type(value).__name__}).")
    v = int(value)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        span = f"from {lo} to {hi}" if lo is not None and hi is not None else (f"at least {lo}" if lo is not None else f"at most {hi}")
        raise error(f"{field} must be {span}, not {v}.")
    return v


def plural(n: int, word: str, words: str | None = None) -> str:
    """``'1 card'``, ``'2 cards'``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"
