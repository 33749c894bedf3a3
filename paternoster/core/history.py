"""What every game's state shares: the hand of the player to move, copies, JSON records and the
log sentences each action added."""

from __future__ import annotations

import copy
import json
from typing import Any
from .checks import short
from .errors import ArgumentIndexError, ArgumentTypeError

__all__ = ["GameCommon"]


class GameCommon:
    """Mixin for a game state with ``hands``, ``to_move``, ``log`` (sentences), ``actions`` (taken)
    and ``_marks`` (``len(log)`` before each action)."""

    hands: list[list[Any]]
    to_move: int
    log: list[str]
    actions: list[Any]
    _marks: list[int]

    __hash__ = None  # type: ignore[assignment]  # mutable

    @property
    def hand(self) -> list[Any]:
        """The hand of the player to move (list of cards)."""
        return self.hands[self.to_move]

    def copy(self) -> Any:
        """An independent copy (history and undo included)."""
        return copy.deepcopy(self)

    def to_record(self) -> dict[str, Any]:  # each game writes its own record
        raise NotImplementedError

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_record` as JSON text (``json.dumps`` keyword arguments pass through; non-ASCII
        card symbols are kept as they are unless ``ensure_ascii=True``)."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_record(), **kwargs)

    def sentences(self, k: int) -> list[str]:
        """The log sentences the ``k``-th action (1-based) added; ``k = 0``: those before any action.

        Raises:
            IndexError: ``k`` outside 0 … ``len(actions)``; TypeError: ``k`` not an int.
        """
        if isinstance(k, bool) or not isinstance(k, int):
            raise ArgumentTypeError(f"k must be a whole number (an action's 1-based number), not {type(k).__name__}.")
        if not 0 <= k <= len(self.actions):
            raise ArgumentIndexError(f"k must be 0 to {len(self.actions)} (actions taken), not {short(k)}.")
        marks = self._marks + [len(self.log)]
        return self.log[(marks[k - 1] if k else 0):marks[k]]
