"""What both games share about their history: the log sentences each action added."""

from __future__ import annotations

from typing import Any

__all__ = ["ActionLog"]


class ActionLog:
    """Mixin for a game with ``log`` (sentences), ``actions`` (taken) and ``_marks``
    (``len(log)`` before each action)."""

    log: list[str]
    actions: list[Any]
    _marks: list[int]

    def sentences(self, k: int) -> list[str]:
        """The log sentences the ``k``-th action (1-based) added; ``k = 0``: those before any action.

        Raises:
            IndexError: ``k`` outside 0 … ``len(actions)``.
        """
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"k must be 0 to {len(self.actions)} (actions taken), not {k}.")
        marks = self._marks + [len(self.log)]
        return self.log[(marks[k - 1] if k else 0):marks[k]]
