"""A stand-in for paternoster.campaign (helper c1's module) used by the score-book tests only until it exists."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from types import ModuleType

from paternoster.rules import Rules


@dataclass(frozen=True)
class Floor:
    number: int
    name: str
    rules: Rules
    goal: int
    tokens: int
    passengers: int
    why: str


FLOOR_COUNT = 12
MAX_STARS = 3
FLOORS = tuple(Floor(n, f"Floor {n}", Rules(passengers=3) if n == 5 else Rules(), [10, 8, 0, 7, 6, 5, 5, 4, 3, 3, 2, 1][n - 1],
                     0, 3 if n == 5 else 0, "test") for n in range(1, 13))


def floor(key):
    return FLOORS[key - 1]


def stars(floor, remaining, *, delivered=True, lost=False):
    if lost or not delivered or remaining > floor.goal:
        return 0
    if remaining == 0:
        return 3
    return 2 if remaining <= floor.goal // 2 else 1


def install() -> None:
    try:
        import paternoster.campaign  # noqa: F401
    except ImportError:
        mod = ModuleType("paternoster.campaign")
        mod.__dict__.update(Floor=Floor, FLOOR_COUNT=FLOOR_COUNT, MAX_STARS=MAX_STARS, FLOORS=FLOORS, floor=floor,
                            stars=stars)
        sys.modules["paternoster.campaign"] = mod
        import paternoster
        paternoster.campaign = mod  # type: ignore[attr-defined]
