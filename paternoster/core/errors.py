"""The errors the engine raises.  Each message names the rule or field and says what to do.

Parsing errors (:class:`CardParseError`) are kept apart from illegal plays
(:class:`IllegalPlayError`), as in python-chess: one is a typing mistake, the
other a rule of the game.
"""

from __future__ import annotations

__all__ = ["PaternosterError", "CardParseError", "RulesError", "PositionError",
           "IllegalPlayError", "RecordError"]


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

    def __init__(self, refusal):
        super().__init__(refusal.message)
        self.refusal = refusal

    @property
    def rule(self) -> str:
        """The id of the rule that refused, e.g. ``"one-setback-per-turn"``."""
        return self.refusal.rule
