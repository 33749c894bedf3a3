"""Exercises that check the answer: "your turn" questions on both games, answered by the engine."""

from .base import KINDS, MODES, Exercise, Verdict, answer_sheet, fresh_seed

__all__ = ["Exercise", "Verdict", "KINDS", "MODES", "answer_sheet", "fresh_seed"]
