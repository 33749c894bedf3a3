"""The errors the engine raises.  Each message names the rule or field and says what to do.

Parsing errors (:class:`CardParseError`) are kept apart from illegal plays
(:class:`IllegalPlayError`), as in python-chess: one is a typing mistake, the
other a rule of the game.

**Decision** (kit): the base of every error is :class:`PaternosterError`, named after the **package**
``paternoster`` (every game of the kit lives in it), not after its first game.  It is a public name
(the package's face exports it; code that catches "any error of the kit" uses it), so it keeps its name
rather than gaining a second one; the kernel's test that no game is named in its code allows exactly
this name.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Refusal", "PaternosterError", "CardParseError", "RulesError", "PositionError",
           "IllegalPlayError", "RecordError"]


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action.

    Attributes:
        rule: a short id, the kernel's (``nothing-to-undo``, in
            :mod:`paternoster.core.rule_ids`) or of the game's own ``rule_ids`` module (e.g.
            ``up-pile-order``).
        message: a sentence naming the rule and what the player can do.
    """

    rule: str
    message: str


class PaternosterError(Exception):
    """Base class of every error the kit raises on purpose (the package's error, for every game)."""


class ArgumentError(PaternosterError, ValueError):
    """A value the kit's functions cannot use: out of range, or not one of the values an argument takes
    (a seed of -1, ``engine="turbo"``, a notation other than ``"en"``/``"de"``).  The message names the
    argument and what it takes.  A ``ValueError`` too, as such errors were before."""


class ArgumentTypeError(PaternosterError, TypeError):
    """A value of the wrong kind for an argument (not a game, not a path, not a card).  The message names
    the argument and what it takes.  A ``TypeError`` too, as such errors were before."""


class ArgumentIndexError(PaternosterError, IndexError):
    """A number that points past the end of something (``sentences(k)`` with no action ``k``).  The
    message names the argument and the numbers it takes.  An ``IndexError`` too, as it was before."""


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
