"""Paskahousu's rule ids: the ``rule`` of every refusal the game gives, one named constant each (the
acceptance table's ids are :data:`~paternoster.paskahousu.ranks.ACCEPTANCE_RULES`)."""

from __future__ import annotations

__all__ = ['RULE_IDS', 'MUST_PICK_UP', 'SINGLES_ONLY', 'GAME_OVER', 'UNKNOWN_ACTION', 'OPENING_LAY', 'PICK_UP_EMPTY', 'DRAW_PILE_EMPTY', 'EMPTY_PLAY', 'ONE_RANK', 'NOT_IN_HAND']

GAME_OVER = "game-over"
UNKNOWN_ACTION = "unknown-action"
OPENING_LAY = "opening-lay"
PICK_UP_EMPTY = "pick-up-empty"
DRAW_PILE_EMPTY = "draw-pile-empty"
EMPTY_PLAY = "empty-play"
ONE_RANK = "one-rank"
NOT_IN_HAND = "not-in-hand"

#: Every id above, in the order the checks meet them.
RULE_IDS: tuple[str, ...] = (GAME_OVER, UNKNOWN_ACTION, OPENING_LAY, PICK_UP_EMPTY, DRAW_PILE_EMPTY, EMPTY_PLAY, ONE_RANK, NOT_IN_HAND)
MUST_PICK_UP = "must-pick-up"
SINGLES_ONLY = "singles-only"

#: The house-rule ids (Paskahousu rules §11), after the standard ones.
RULE_IDS = RULE_IDS + (MUST_PICK_UP, SINGLES_ONLY)
