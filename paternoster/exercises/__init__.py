"""Exercises that check the answer: questions on both games, the campaign and the simulations, answered by the engine.

Every correct answer is computed by the engine's public queries, never typed in by hand.  Pure
Python; imports nothing from Jupyter (the widget is ``widgets.ExerciseWidget``).

    base            the verdict, the registry of kinds (:data:`KINDS`), what every exercise does, the answer sheet
    exercise        :class:`Exercise`: the base with every kind's constructor
    lift            Paternoster's kinds (lift_positions: their positions and seeded positions)
    paskahousu      Paskahousu's kinds
    campaign        the campaign's ride stars
    difficulty      the difficulty lessons' kinds: simulations compared, what a 95 % interval says
    coach           which of three choices is best, measured by playing on (both games)
    texts           every sentence the exercises show

In a lesson: ``Exercise.from_seed("piles-for-card", 7)`` (seeded, nbval-stable), or a position of the
lesson: ``Exercise.piles_for_card(game, "7♥")``, ``Exercise.ladder_order("8♥ 7♠ 8♦")``,
``Exercise.may_play("K♣", "A♠")``, ``Exercise.harder_level("Feuer", "Fahrgäste")``, …; then
``widgets.ExerciseWidget(ex)`` shows it (or ``ExerciseWidget("piles-for-card", seed=7)``; a lesson's
closing set in one cell: ``widgets.ExerciseList([("may-play", 1), ("burns", 2), ex])``).  Seeded
positions are part of the lessons' saved output (nbval strict): a change to how a kind draws its
position changes lessons.

>>> from paternoster.exercises import Exercise, KINDS
>>> ex = Exercise.from_seed("burns", 4)
>>> ex.check(ex.answer).correct, ex.game_name == KINDS["burns"].game
(True, True)
"""

from .base import KINDS, MODES, Kind, Verdict, answer_sheet, fresh_seed, register
from .exercise import Exercise

__all__ = ["Exercise", "Verdict", "Kind", "KINDS", "MODES", "register", "answer_sheet", "fresh_seed"]
