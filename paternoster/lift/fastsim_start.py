"""The fast simulation started from a given position (stub: filled in below)."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .actions import Action
from .game import Game
from .rules import Rules

__all__ = ["unsupported", "option_values"]


def unsupported(rules: Rules, players: int, player: str = "simple") -> str | None:
    return "not yet"


def option_values(game: Game, seat: int, opts: Sequence[Action], deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    raise NotImplementedError
