"""The campaign's exercise kind: how many stars does a ride earn (rules §15.2)?

The answer is :func:`paternoster.campaign.stars`, the one rule for stars; the words are in
:mod:`.texts.lift`.

>>> from paternoster.exercises import Exercise
>>> ex = Exercise.ride_stars(2, 1)
>>> ex.answer, ex.check("2").correct
(2, True)
"""

from __future__ import annotations

from typing import Any, Self

from ..campaign import FLOORS, MAX_STARS, Floor, can_be_lost, floor, stars
from .base import ExerciseBase, Kind, Verdict, kind_rng, read_number, register
from .texts import common, lift as words

__all__ = ["CampaignExercises"]


class CampaignExercises(ExerciseBase):
    """The campaign kind's constructor (on :class:`paternoster.exercises.Exercise`)."""

    __slots__ = ()

    @classmethod
    def ride_stars(cls, floor_key: Any, remaining: int, *, delivered: bool = True, lost: bool = False) -> Self:
        """A campaign ride's result: how many stars does it earn?  (mode ``"number"``, rules §15.2)

        Args:
            floor_key: a :class:`paternoster.campaign.Floor`, or its number or name.
            remaining: the ride's remaining cards (a whole number ≥ 0).
            delivered: every passenger delivered (floors with passengers).
            lost: the game was lost at once (a passenger or a fire).

        The answer is :func:`paternoster.campaign.stars`.

        Raises:
            CampaignError (a kit error): an unknown floor or a bad value (the campaign's message).
        """
        f = floor_key if isinstance(floor_key, Floor) else floor(floor_key)
        right = stars(f, remaining, delivered=delivered, lost=lost)
        half = f.goal // 2
        if lost:
            why = words.RIDE_LOST
        elif not delivered:
            why = words.RIDE_UNDELIVERED
        elif remaining > f.goal:
            why = words.RIDE_OVER.format(remaining=remaining, goal=f.goal)
        elif remaining == 0:
            why = words.RIDE_ALL
        elif right == 2:
            why = words.RIDE_HALF.format(remaining=remaining, goal=f.goal, half=half)
        else:
            why = words.RIDE_MET.format(remaining=remaining, goal=f.goal, half=half)
        lines = [words.ride_floor_line(f.number, f.name, f.goal_text()), words.ride_line(remaining, lost, delivered)]
        explanation = f"{why} (rules §15.2)"

        def judge(given: Any) -> Verdict:
            n = read_number(given)
            if not 0 <= n <= MAX_STARS:
                return Verdict(False, words.RIDE_RANGE.format(most=MAX_STARS, n=n, explanation=explanation),
                               nudge=words.RIDE_RANGE.format(most=MAX_STARS, n=n, explanation="").strip())
            if n == right:
                return Verdict(True, common.right(explanation))
            return Verdict(False, words.not_this(n, explanation))

        return cls("ride-stars", question=words.Q_RIDE, title=words.t_ride(f.number), table=lines, answer=right,
                   answer_text=str(right), explanation=explanation,
                   hint=words.h_ride(can_be_lost(f), bool(f.passengers), f.goal == 0), judge=judge)


def _seed_ride_stars(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "ride-stars")
    f = FLOORS[int(rng.integers(0, len(FLOORS)))]
    remaining = int(rng.integers(0, f.goal + 3))
    lost = bool(rng.random() < 0.1) and can_be_lost(f)  # only fire and passengers lose a ride at once
    delivered = not (f.passengers and rng.random() < 0.2)
    return cls.ride_stars(f, remaining, delivered=delivered, lost=lost)


register(Kind("ride-stars", "Paternoster", "number", "say how many stars a campaign ride earns", 9, _seed_ride_stars))
