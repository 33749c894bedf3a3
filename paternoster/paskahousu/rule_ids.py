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

# Pöytäpaska, table cards (Paskahousu rules §11.10)
TABLE_CARDS_OFF = "table-cards-off"
HAND_FIRST = "hand-first"
FACE_UP_FIRST = "face-up-first"
FACE_DOWN_BLIND = "face-down-blind"
NO_SUCH_SLOT = "no-such-slot"
# Valepaska, bluff (Paskahousu rules §11.12)
BLUFF_OFF = "bluff-off"
ANNOUNCE_REQUIRED = "announce-required"
CHECK_WINDOW = "check-window"
NO_ANNOUNCEMENT = "no-announcement"
NOT_YOUR_CHECK = "not-your-check"
ANNOUNCE_COUNT = "announce-count"

__all__ += ["TABLE_CARDS_OFF", "HAND_FIRST", "FACE_UP_FIRST", "FACE_DOWN_BLIND", "NO_SUCH_SLOT", "BLUFF_OFF",
            "ANNOUNCE_REQUIRED", "CHECK_WINDOW", "NO_ANNOUNCEMENT", "NOT_YOUR_CHECK", "ANNOUNCE_COUNT"]
#: The house-rule ids above (Pöytäpaska, Valepaska), part of :data:`RULE_IDS`.
TABLE_AND_BLUFF_IDS: tuple[str, ...] = (TABLE_CARDS_OFF, HAND_FIRST, FACE_UP_FIRST, FACE_DOWN_BLIND, NO_SUCH_SLOT,
                                   BLUFF_OFF, ANNOUNCE_REQUIRED, CHECK_WINDOW, NO_ANNOUNCEMENT, NOT_YOUR_CHECK,
                                   ANNOUNCE_COUNT)
RULE_IDS = RULE_IDS + TABLE_AND_BLUFF_IDS
MUST_PICK_UP = "must-pick-up"
SINGLES_ONLY = "singles-only"

#: The house-rule ids (Paskahousu rules §11), after the standard ones.
RULE_IDS = RULE_IDS + (MUST_PICK_UP, SINGLES_ONLY)
#: Undo refused after hidden cards were shown (a Valepaska check §11.12, a turned Pöytäpaska card §11.10).
UNDO_SHOWN = "undo-shown"
__all__ += ["UNDO_SHOWN"]
RULE_IDS = RULE_IDS + (UNDO_SHOWN,)
