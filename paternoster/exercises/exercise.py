"""The :class:`Exercise` class: the shared base with every kind's constructor (one class, one import).

Importing this module imports every kind module, which registers its kinds in :data:`.base.KINDS`.
"""

from __future__ import annotations

from .campaign import CampaignExercises
from .coach import CoachExercises
from .difficulty import DifficultyExercises
from .lift import LiftExercises
from .paskahousu import PaskahousuExercises

__all__ = ["Exercise"]


class Exercise(LiftExercises, PaskahousuExercises, CampaignExercises, DifficultyExercises, CoachExercises):
    """One exercise: a question, its position, the choices, and an answer the engine computed.

    Build one with :meth:`from_seed` (a seeded random position of a kind, :data:`KINDS`) or a
    hand-picked constructor: Paternoster :meth:`piles_for_card`, :meth:`ladder_order`,
    :meth:`cheapest_play`, :meth:`play_cost`, :meth:`turn_cost`, :meth:`remaining_cards`,
    :meth:`simple_turn`; the campaign :meth:`ride_stars`; Paskahousu :meth:`may_play`, :meth:`burns`,
    :meth:`who_starts`; the difficulty lessons :meth:`harder_level`, :meth:`more_players`,
    :meth:`talking_helps`, :meth:`true_share`; the coach's
    :meth:`fewer_cards` and :meth:`lose_least` (which of three choices is best, measured by playing on).  An exercise never changes; :meth:`new_position` gives
    another one of the same kind.  What every exercise holds and does: :class:`.base.ExerciseBase`.

    >>> ex = Exercise.from_seed("cheapest-play", 3)     # same position for seed 3, every run
    >>> ex.check(ex.answer).correct                      # the revealed answer is always right
    True
    >>> print(Exercise.ladder_order("8♥ 7♠ 8♦").reveal())
    Answer: 7♠ 8♦ 8♥. 7♠ is lower than 8♦: the rank decides first (7 < 8). 8♦ is lower than 8♥: same rank, so the suit decides (♦ < ♥ < ♠ < ♣).
    """

    __slots__ = ()
