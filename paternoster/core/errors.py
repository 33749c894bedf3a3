"""The errors the engine raises.  Each message names the rule or field and says what to do.

Parsing errors (:class:`CardParseError`) are kept apart from illegal plays
(:class:`IllegalPlayError`), as in python-chess: one is a typing mistake, the
other a rule of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Refusal", "PaternosterError", "CardParseError", "RulesError", "PositionError",
           "IllegalPlayError", "RecordError"]


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action.

    Attributes:
        rule: a short id — ``game-over``, ``not-in-hand``, ``no-such-pile``,
            ``up-pile-order``, ``down-pile-order``, ``one-setback-per-turn``,
            ``minimum-play``, ``nothing-to-undo``, ``unknown-action``; with variants
            also ``no-tokens``, ``one-token-per-turn``, ``token-not-needed``,
            ``big-setback``, ``setback-blocked`` (Sperre), ``narrow-pass`` (Engpass),
            ``one-pass-per-turn``, ``no-passing``, ``pass-target``, ``pass-not-needed``, ``pass-last-card``,
            ``signals-off`` (Stille Fahrt), ``signal-mover-only`` (Liftführer),
            ``silence`` (Schweigen), ``signal-kind``, ``no-signal``, ``no-such-seat``,
            ``no-hourglass``, ``too-many-signals`` (more than 100 signal actions in one turn).
        message: a sentence naming the rule and what the player can do.
    """

    rule: str
    message: str


class PaternosterError(Exception):
    """Base class of every error the kit raises on purpose."""


class CardParseError(PaternosterError, ValueError):
    """Text that is not a card (a misspelt rank or suit)."""


class RulesError(PaternosterError, ValueError):
    """An impossible rules set-up, e.g. a player count the rules do not allow."""


class PositionError(PaternosterError, ValueError):
    """An explicit position that cannot occur (too many copies of a card, hand over size, …)."""


class RecordError(PaternosterError, ValueError):
    """A game record that cannot be read or does not replay."""


class IllegalPlayError(PaternosterError):
    """A play or turn end the rules refuse.  ``refusal`` holds the rule id and message.

    The game state is unchanged when this is raised.
    """

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @property
    def rule(self) -> str:
        """The id of the rule that refused, e.g. ``"one-setback-per-turn"``."""
        return self.refusal.rule
