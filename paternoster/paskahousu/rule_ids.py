"""Paskahousu's rule ids: the ``rule`` of every refusal the game, the acceptance table and the card-table
adapter give, one named constant each.  Code and tests name an id by its constant, never by its text.
The kernel's own ids (``nothing-to-undo``): :mod:`paternoster.core.rule_ids`."""

from __future__ import annotations

__all__ = ["RULE_IDS", "ACCEPTANCE_IDS", "TABLE_IDS", "GAME_OVER", "UNKNOWN_ACTION", "OPENING_LAY", "PICK_UP_EMPTY",
           "DRAW_PILE_EMPTY", "EMPTY_PLAY", "ONE_RANK", "NOT_IN_HAND", "TABLE_CARDS_OFF", "HAND_FIRST",
           "FACE_UP_FIRST", "FACE_DOWN_BLIND", "NO_SUCH_SLOT", "BLUFF_OFF", "ANNOUNCE_REQUIRED", "CHECK_WINDOW",
           "NO_ANNOUNCEMENT", "NOT_YOUR_CHECK", "ANNOUNCE_COUNT", "MUST_PICK_UP", "SINGLES_ONLY", "UNDO_SHOWN",
           "EMPTY_TABLE", "EMPTY_TABLE_BURNS", "EMPTY_TABLE_BAN", "SAME_RANK", "TWO_HIGH", "HIGHER_OR_EQUAL",
           "TEN_BURNS", "ACE_BURNS", "ONLY_TWO_ON_TWO", "TWO_ON_ACE_OR_TEN", "TEN_ON_HIGH", "ACE_ONLY_ON_FACE",
           "ONLY_SAME_RANK", "FACE_CARD_ON_LOW", "LOWER_THAN_TOP", "BAD_PILE", "BAD_ACTION"]

# --------------------------------------------------------------------------- the game's checks
GAME_OVER = "game-over"
UNKNOWN_ACTION = "unknown-action"
OPENING_LAY = "opening-lay"
PICK_UP_EMPTY = "pick-up-empty"
DRAW_PILE_EMPTY = "draw-pile-empty"
EMPTY_PLAY = "empty-play"
ONE_RANK = "one-rank"
NOT_IN_HAND = "not-in-hand"
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
# 10 und Ass auf dem leeren Tisch (§11.6; also an acceptance id) and Nur einzeln (§11.5)
MUST_PICK_UP = "must-pick-up"
SINGLES_ONLY = "singles-only"
#: Undo refused after hidden cards were shown (a Valepaska check §11.12, a turned Pöytäpaska card §11.10).
UNDO_SHOWN = "undo-shown"

#: Every id of the game's own checks, in the order the checks meet them.
RULE_IDS: tuple[str, ...] = (GAME_OVER, UNKNOWN_ACTION, OPENING_LAY, PICK_UP_EMPTY, DRAW_PILE_EMPTY, EMPTY_PLAY,
                             ONE_RANK, NOT_IN_HAND, TABLE_CARDS_OFF, HAND_FIRST, FACE_UP_FIRST, FACE_DOWN_BLIND,
                             NO_SUCH_SLOT, BLUFF_OFF, ANNOUNCE_REQUIRED, CHECK_WINDOW, NO_ANNOUNCEMENT,
                             NOT_YOUR_CHECK, ANNOUNCE_COUNT, MUST_PICK_UP, SINGLES_ONLY, UNDO_SHOWN)

# --------------------------------------------------------------------------- the acceptance table (Paskahousu rules §5.2, §6, §11)
EMPTY_TABLE = "empty-table"
EMPTY_TABLE_BURNS = "empty-table-burns"
EMPTY_TABLE_BAN = "empty-table-ban"
SAME_RANK = "same-rank"
TWO_HIGH = "two-high"
HIGHER_OR_EQUAL = "higher-or-equal"
TEN_BURNS = "ten-burns"
ACE_BURNS = "ace-burns"
ONLY_TWO_ON_TWO = "only-two-on-two"
TWO_ON_ACE_OR_TEN = "two-on-ace-or-ten"
TEN_ON_HIGH = "ten-on-high"
ACE_ONLY_ON_FACE = "ace-only-on-face"
ONLY_SAME_RANK = "only-same-rank"
FACE_CARD_ON_LOW = "face-card-on-low"
LOWER_THAN_TOP = "lower-than-top"

#: Every id :func:`~paternoster.paskahousu.acceptance` gives (with its verdict: :data:`~paternoster.paskahousu.ACCEPTANCE_RULES`).
ACCEPTANCE_IDS: tuple[str, ...] = (EMPTY_TABLE, EMPTY_TABLE_BURNS, EMPTY_TABLE_BAN, MUST_PICK_UP, SAME_RANK, TWO_HIGH,
                                   HIGHER_OR_EQUAL, TEN_BURNS, ACE_BURNS, ONLY_TWO_ON_TWO, TWO_ON_ACE_OR_TEN,
                                   TEN_ON_HIGH, ACE_ONLY_ON_FACE, ONLY_SAME_RANK, FACE_CARD_ON_LOW, LOWER_THAN_TOP)

# --------------------------------------------------------------------------- the card-table adapter
#: A play on any pile but the discard pile.
BAD_PILE = "bad-pile"
#: An action dict the table does not know (the same id the kernel's table adapter gives for bad input).
BAD_ACTION = "bad-action"
TABLE_IDS: tuple[str, ...] = (BAD_PILE, BAD_ACTION)
