"""The difficulty ladder's levels: :class:`Level`, :data:`LEVELS`, :func:`level`, :func:`find_level`,
and the player count a simulation uses when none is given (:func:`default_players`).

:mod:`paternoster.lift.levels` re-exports these beside the studies that simulate them.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..core.checks import MAX_RULES_NAME_LENGTH, check_name, plural, short
from ..core.errors import RulesError
from .rules import Rules
from .variants import name_spellings as _spellings
from .variants import normalize_name as _norm
from .variants import preset
from .variants import suggest_name as _suggest

__all__ = ["Level", "LEVELS", "level", "find_level", "default_players"]


def default_players(rules: Rules) -> int:
    """The player count used when none is given: 2 (the levels are measured with two players, rules §14.2), or the fewest
    the rules allow when 2 is not allowed.  **Decision** (kit): Hochhaus is played with 6, its fewest.

    >>> from paternoster.lift.variants import preset
    >>> default_players(preset("Normal")), default_players(preset("Hochhaus 4"))
    (2, 6)
    """
    counts = rules.player_counts
    return 2 if 2 in counts else min(counts)


@dataclass(frozen=True)
class Level:
    """One rung of the difficulty ladder.

    Attributes:
        name: the German name, which is also the preset's (``"Kurze Fahrt"``).
        rules: the :class:`Rules` it plays.
        players: players per game (2; Hochhaus 6).
        description: one line a student understands: what is different from the standard game
            (the number of players is shown beside it, not in it).
    """

    name: str
    rules: Rules = field(repr=False)
    players: int
    description: str = field(repr=False)

    def _repr_html_(self) -> str:
        return (f"<b>{html.escape(self.name)}</b> ({plural(self.players, 'player')}): "
                f"{html.escape(self.description)}")


def _level(name: str, description: str) -> Level:
    rules = preset(name)
    return Level(name, rules, default_players(rules), description)


def _hand(name: str) -> int:
    r = preset(name)
    return r.hand_size(default_players(r))


LEVELS: tuple[Level, ...] = (
    _level("Kinderfahrt", f"One deck, one up and one down pile, {_hand('Kinderfahrt')} cards each, "
                          "at least 1 card a turn; the same suit always fits."),
    _level("Kurze Fahrt", f"One deck (no twins), {_hand('Kurze Fahrt')} cards each: a short game for beginners."),
    _level("Große Hand", f"The standard game with one card more in each hand ({_hand('Große Hand')} each)."),
    _level("Normal", f"The standard game: two decks, two up and two down piles, {_hand('Normal')} cards each, "
                     "at least 2 cards a turn."),
    _level("Kleine Hand", f"The standard game with one card less in each hand ({_hand('Kleine Hand')} each)."),
    _level("Steil", "At least 3 cards a turn while the draw pile lasts."),
    _level("Fahrgäste", "Three cards are turned up first; their twins must reach the piles in that order."),
    _level("Feuer", "3♥ 6♥ 9♥ Q♥ burn: the next player must cover a burning card in their turn."),
    _level("Befehle light", "Jacks and Queens carry commands (Halt, Schweigen, Sperre, Engpass)."),
    _level("Befehle", "Jacks, Queens and Kings carry commands; Kings add Express and Last."),
    _level("Zwei Kabinen", f"One deck, only one up and one down pile, {_hand('Zwei Kabinen')} cards each."),
    _level("Hochhaus 5", f"Three decks, three up and three down piles, {_hand('Hochhaus 5')} cards each."),
    _level("Hochhaus 4", f"Hochhaus with {_hand('Hochhaus 4')} cards each instead of {_hand('Hochhaus 5')}."),
)
"""The difficulty ladder of rules §14.2, easiest first (the kit's order)."""

_BY_NAME = {k: lv for lv in LEVELS for k in _spellings(lv.name)}


def find_level(name: str) -> Level | None:
    """The level called ``name`` (spelling forgiven as in :func:`paternoster.lift.variants.preset`), or ``None``.

    Raises:
        RulesError: a name with control or invisible characters (NUL, zero-width, bidi) or over 80
            characters: such characters are refused, not silently dropped (kit Decision).
    """
    if not isinstance(name, str):
        return None
    check_name(name, "A level name", RulesError, MAX_RULES_NAME_LENGTH)
    return _BY_NAME.get(_norm(name))


def level(name: str) -> Level:
    """The level called ``name``; spelling is forgiven (``"grosse_hand"``, ``"HOCHHAUS 4"``).

    Raises:
        RulesError: no level has that name (the message gives the closest names and every level).

    >>> level("Zwei Kabinen").players
    2
    >>> level("Hochhaus")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: No level called 'Hochhaus' (did you mean 'Hochhaus 5' or 'Hochhaus 4'?); the levels are: Kinderfahrt, Kurze Fahrt, Große Hand, Normal, Kleine Hand, Steil, Fahrgäste, Feuer, Befehle light, Befehle, Zwei Kabinen, Hochhaus 5, Hochhaus 4.
    """
    lv = find_level(name)
    if lv is None:
        hint = _suggest(name, {k: v.name for k, v in _BY_NAME.items()}) if isinstance(name, str) else ""
        raise RulesError(f"No level called {short(name)}{hint}; the levels are: {', '.join(lv.name for lv in LEVELS)}.")
    return lv
