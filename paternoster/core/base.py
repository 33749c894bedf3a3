"""The game contract, written down, and the one place that applies an action: check → snapshot → apply →
record, and undo.

:class:`GameContract` is the contract as a ``typing.Protocol``: every attribute and hook a game's state
class must provide.  mypy checks it where a game registers (:class:`~paternoster.core.registry.GameEntry`
takes ``state: type[GameContract]``), so a game that misses a hook or gives it another signature fails
the type check, not a lesson.  :class:`GameBase` is the base that keeps most of it: a game writes only its
hooks (``check``, ``_normalize``, ``_apply``, ``_after_action``, ``_snapshot``, ``_restore``), its queries
(``legal_actions``, ``is_terminal``, ``returns``), its construction (``new``, ``to_position``) and its record
(``to_record``, ``from_record``).  :class:`Bot` is what a computer player provides.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, Self, Sequence, TypeVar

from .errors import ArgumentError
from .errors import IllegalPlayError, Refusal
from .history import GameCommon
from . import rule_ids

__all__ = ["GameBase", "GameContract", "Bot"]

A = TypeVar("A")


class GameContract(Protocol):
    """Every attribute and hook a game's state must provide (the OpenSpiel names where there are some).

    State (read by the card tables, the records and the tests): ``rules`` (the rules dataclass),
    ``players``, ``names``, ``hands`` (one list of cards per seat), ``to_move`` (the seat to move),
    ``log`` (sentences, oldest first), ``actions`` (taken, oldest first), ``result`` (``None`` until the end).
    """

    rules: Any
    players: int
    names: list[str]
    hands: list[list[Any]]
    to_move: int
    log: list[str]
    actions: list[Any]
    result: Any
    #: the sentence of the ``nothing-to-undo`` refusal
    NOTHING_TO_UNDO: str

    # ------------------------------------------------------------------ construction and records
    @classmethod
    def new(cls, players: int = ..., seed: int = ..., *, rules: Any = ..., names: Sequence[str] | None = ...) -> Self:
        """A freshly shuffled and dealt game with the standard rules (``rules=`` chooses others)."""
        ...

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes, upto: int | None = None) -> Self:
        """The game a record replays to (its first ``upto`` actions)."""
        ...

    def to_record(self) -> dict[str, Any]:
        """The record (JSON-ready dict) that replays to this game."""
        ...

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_record` as JSON text."""
        ...

    def to_position(self) -> dict[str, Any]:
        """The position now, as a JSON-ready dict (a record's ``start.position``)."""
        ...

    def copy(self) -> Any:
        """An independent copy."""
        ...

    # ------------------------------------------------------------------ queries
    @property
    def hand(self) -> list[Any]:
        """The hand of the player to move."""
        ...

    def legal_actions(self) -> list[Any]:
        """Every action the rules allow now."""
        ...

    def check(self, action: Any) -> Refusal | None:
        """``None`` if ``action`` is legal now, else why not."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        ...

    def returns(self) -> list[float]:
        """Each player's score at the end."""
        ...

    def sentences(self, k: int) -> list[str]:
        """The log sentences the ``k``-th action added."""
        ...

    # ------------------------------------------------------------------ the one way to change a game
    def apply_action(self, action: Any, *, record_undo: bool = True) -> None:
        """Apply a legal action, or raise ``IllegalPlayError`` and change nothing."""
        ...

    def undo(self) -> Any:
        """Take back the last action and return it."""
        ...

    def undo_refusal(self, steps: int = 1) -> Refusal | None:
        """Why taking back the last ``steps`` actions now would be refused, or ``None``."""
        ...

    def can_undo(self, steps: int = 1) -> bool:
        """Whether :meth:`undo` may take back the last ``steps`` actions now."""
        ...

    def to_move_before(self, k: int) -> int:
        """The seat that was to move just before the ``k``-th action."""
        ...

    # ------------------------------------------------------------------ the hooks apply_action and undo call
    def _normalize(self, action: Any) -> Any: ...

    def _apply(self, action: Any) -> Any: ...

    def _after_action(self, applied: Any) -> None: ...

    def _snapshot(self) -> dict[str, Any]: ...

    def _restore(self, s: dict[str, Any]) -> None: ...

    def _undo_blocked(self, action: Any) -> Refusal | None: ...


class Bot(Protocol):
    """A computer player: it chooses one of the legal actions of the game it is given."""

    def choose(self, game: Any) -> Any:
        """One legal action of ``game`` (whose ``to_move`` it plays)."""
        ...


class GameBase(GameCommon, Generic[A]):
    """Base of every game's state class (``A``: the game's action type): the parts of
    :class:`GameContract` all games share, and the hooks each game fills in."""

    _undo: list[dict[str, Any]]
    #: The sentence of the ``nothing-to-undo`` refusal (each game words its own).
    NOTHING_TO_UNDO = "There is nothing to undo: no action was taken in this game."

    # ------------------------------------------------------------------ the game's hooks
    def legal_actions(self) -> list[A]:
        """Every action the rules allow now (OpenSpiel name)."""
        raise NotImplementedError

    def check(self, action: A) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` (rule id and message)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """Whether the game has ended (OpenSpiel name)."""
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Each player's score at the end (OpenSpiel name)."""
        raise NotImplementedError

    def _normalize(self, action: A) -> A:
        """The action as it is recorded (e.g. a pile name turned into its index); called after the check."""
        return action

    def _apply(self, action: A) -> Any:
        """Change the state for a checked action and write its log sentences; the value goes to
        :meth:`_after_action`."""
        raise NotImplementedError

    def _after_action(self, applied: Any) -> None:
        """What follows every action once it is recorded (the end of the game, the next player)."""

    def _snapshot(self) -> dict[str, Any]:
        """The state :meth:`undo` restores; holds at least ``"to_move"`` (read by :meth:`to_move_before`)."""
        raise NotImplementedError

    def _restore(self, s: dict[str, Any]) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ the one way to change a game
    def apply_action(self, action: A, *, record_undo: bool = True) -> None:
        """Apply a legal action (OpenSpiel name).

        Args:
            action: one of the game's actions.
            record_undo: keep a snapshot for :meth:`undo` (switch off for speed when no undo is needed).

        Raises:
            IllegalPlayError: the action is refused (``.rule`` names the rule); the state is unchanged.
        """
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalPlayError(refusal)
        action = self._normalize(action)
        if record_undo:
            self._undo.append(self._snapshot())
        self._marks.append(len(self.log))
        applied = self._apply(action)
        self.actions.append(action)
        self._after_action(applied)

    def _undo_blocked(self, action: A) -> Refusal | None:
        """Why the recorded ``action`` may never be taken back (e.g. it showed hidden cards), or ``None``."""
        return None

    def undo_refusal(self, steps: int = 1) -> Refusal | None:
        """Why taking back the last ``steps`` actions now (:meth:`undo` that many times) would be refused,
        or ``None`` if it may.  The card tables ask this to switch their Undo button on or off.

        Returns:
            A :class:`Refusal`: rule ``nothing-to-undo`` when fewer than ``steps`` actions are recorded for
            undo (also after actions applied with ``record_undo=False``), or the game's own rule for an
            action among them that may not be taken back; else ``None``.

        Raises:
            ValueError: ``steps`` is not a whole number of at least 1.
        """
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise ArgumentError(f"steps must be a whole number of actions, at least 1, not {steps!r}.")
        if len(self._undo) != len(self.actions) or steps > len(self._undo):
            return Refusal(rule_ids.NOTHING_TO_UNDO, self.NOTHING_TO_UNDO)
        for action in reversed(self.actions[-steps:]):
            blocked = self._undo_blocked(action)
            if blocked is not None:
                return blocked
        return None

    def can_undo(self, steps: int = 1) -> bool:
        """``True`` if :meth:`undo` may take back the last ``steps`` actions now (see :meth:`undo_refusal`)."""
        return self.undo_refusal(steps) is None

    def to_move_before(self, k: int) -> int:
        """The seat that was to move just before the ``k``-th action (1-based): the seat that made it
        (unless the game lets another seat act out of turn, e.g. post a signal).  Read from the undo record.

        Raises:
            IndexError: ``k`` outside 1 … ``len(actions)``, or the action has no undo record.
        """
        n = len(self.actions)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= n or len(self._undo) != n:
            raise IndexError(f"k must be an action recorded for undo, 1 to {len(self._undo)}, not {k!r}.")
        return int(self._undo[k - 1]["to_move"])

    def undo(self) -> A:
        """Take back the last action and return it.

        Raises:
            IllegalPlayError: the :meth:`undo_refusal`: rule ``nothing-to-undo`` (also after actions applied
                with ``record_undo=False``) or the game's rule for an action that may not be taken back;
                the game is then unchanged.
        """
        refusal = self.undo_refusal()
        if refusal is not None:
            raise IllegalPlayError(refusal)
        self._restore(self._undo.pop())
        self._marks.pop()
        action: A = self.actions.pop()
        return action
