"""The contract both games keep, and the one place that applies an action: check → snapshot → apply →
record, and undo.  A game writes only its hooks (``check``, ``_normalize``, ``_apply``, ``_after_action``,
``_snapshot``, ``_restore``) and its queries (``legal_actions``, ``is_terminal``, ``returns``)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from .errors import IllegalPlayError, Refusal
from .history import GameCommon
from . import rule_ids

__all__ = ["GameBase"]

A = TypeVar("A")


class GameBase(GameCommon, Generic[A]):
    """Base of :class:`paternoster.Game` and :class:`paternoster.paskahousu.PaskahousuGame` (``A``: the
    game's action type).

    The public contract (OpenSpiel names): :meth:`legal_actions`, :meth:`check`, :meth:`apply_action`,
    :meth:`undo`, :meth:`is_terminal`, :meth:`returns`, ``to_record``/``from_record``.
    """

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

    def undo(self) -> A:
        """Take back the last action and return it.

        Raises:
            IllegalPlayError: rule ``nothing-to-undo`` (also after actions applied with ``record_undo=False``).
        """
        if not self._undo or len(self._undo) != len(self.actions):
            raise IllegalPlayError(Refusal(rule_ids.NOTHING_TO_UNDO, self.NOTHING_TO_UNDO))
        self._restore(self._undo.pop())
        self._marks.pop()
        action: A = self.actions.pop()
        return action
