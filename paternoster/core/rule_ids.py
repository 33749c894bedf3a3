"""The rule ids every game shares (undo)."""

from __future__ import annotations

__all__ = ['RULE_IDS', 'NOTHING_TO_UNDO']

NOTHING_TO_UNDO = "nothing-to-undo"

#: Every id above, in the order the checks meet them.
RULE_IDS: tuple[str, ...] = (NOTHING_TO_UNDO,)
