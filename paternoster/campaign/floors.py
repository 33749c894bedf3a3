"""The Hochhaus campaign's floors: their rules, goals and tokens, and a new ride on a floor (rules §15.1, §15.4).

A floor is one game with its own rules (presets and variant switches the engine already has), a
goal — at most so many remaining cards, and every passenger delivered where there are any — and a
few emergency tokens (Notruf-Marken, rules §10.5), which live inside the floor's rules.  The kit
designed the floors itself and tuned them with its simple computer player on the fast simulation
(rules §15.4, §15.6; :mod:`paternoster.campaign.calibration`).  Stars and which floors are open:
:mod:`paternoster.campaign.scoring`.

**One place for the floors.**  :data:`FLOORS` is the floor table; the count (:data:`FLOOR_COUNT`), the
stars in all (:data:`MAX_TOTAL_STARS`) and every sentence that names the floors (:func:`floor_range`,
:func:`count_words`, the command lines' help) are derived from it.  A new floor is one more row of
the table, plus the score book's schema, whose ``CHECK`` keeps floor numbers in range
(:mod:`paternoster.campaign.store`; a test fails until a migration widens it), and the rule book.

>>> FLOOR_COUNT == len(FLOORS), MAX_STARS, MAX_TOTAL_STARS == FLOOR_COUNT * MAX_STARS
(True, 3, True)
>>> floor(1).name, floor("Penthouse").number
('Probefahrt', 12)
>>> floor_range() == f"1 to {FLOOR_COUNT}", floor_range("-") == f"1-{FLOOR_COUNT}"
(True, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from ..core.checks import MAX_SEED, short, whole
from ..core.errors import RulesError
from ..lift.game import Game
from ..lift.rules import Rules
from ..lift.variants import VARIANTS, make_rules, normalize_name

__all__ = ["CampaignError", "Floor", "FLOORS", "FLOOR_COUNT", "MAX_STARS", "MAX_TOTAL_STARS", "floor",
           "new_ride", "can_be_lost", "check_players", "rules_words", "floor_range", "count_words"]

#: Stars a floor can give (rules §15.2).
MAX_STARS = 3


class CampaignError(RulesError):
    """A campaign question the kit cannot answer: an unknown floor, a result that cannot be, a bad player count.

    A :class:`~paternoster.core.errors.RulesError` (and so a ``ValueError``): the message names the field
    and what to do.
    """


@dataclass(frozen=True)
class Floor:
    """One floor (Etage) of the campaign (rules §15.1, the kit's floors rules §15.4).

    Attributes:
        number: 1 (the trial ride, Probefahrt) up to :data:`FLOOR_COUNT` (the Penthouse).
        name: the German name (``"Probefahrt"``).
        english: the name in English (``"trial ride"``).
        rules: the :class:`~paternoster.lift.rules.Rules` the floor plays; its ``tokens`` are the floor's
            emergency tokens and its ``passengers`` its passengers.
        goal: the most remaining cards (hands + draw pile, rules §8.3) that still pass the floor; 0 means
            every card must be played.
        why: one line: what makes the floor hard.
        target: the pass rate (percent, two players, simple player) the floor is tuned to, or ``None``
            for a middle floor, which is tuned into the middle band (rules §15.6,
            :data:`paternoster.campaign.calibration.MIDDLE_BAND`).
    """

    number: int
    name: str
    english: str
    rules: Rules = field(repr=False)
    goal: int
    why: str = field(repr=False)
    target: float | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        """``Floor(1, 'Probefahrt', rules='Normal', goal=6, tokens=2)`` (passengers too where there are some)."""
        extra = f", passengers={self.passengers}" if self.passengers else ""
        return (f"Floor({self.number}, {self.name!r}, rules={self.rules_name!r}, goal={self.goal}, "
                f"tokens={self.tokens}{extra})")

    @property
    def tokens(self) -> int:
        """Emergency tokens the team starts the floor with (0–4; rules §10.5)."""
        return self.rules.tokens

    @property
    def passengers(self) -> int:
        """Passengers to deliver (0 = none, else 3–5; rules §11.7)."""
        return self.rules.passengers

    @property
    def half(self) -> int:
        """The most remaining cards that still give two stars: half the goal, rounded down (rules §15.5)."""
        return self.goal // 2

    @property
    def rules_name(self) -> str:
        """The floor's variants by their German names, without the tokens (a column of their own):
        ``"Normal"``, ``"Kleine Hand + Liftführer"``, ``"Fahrgäste 4 + Feuer"``."""
        return _variant_words(self.rules)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts the floor is for: 1 to 5."""
        return self.rules.player_counts

    @property
    def label(self) -> str:
        """The floor's number and name, as lists and drop-downs show it: ``"1 Probefahrt"``."""
        return f"{self.number} {self.name}"

    def goal_text(self) -> str:
        """The goal in words: ``"at most 6 cards left"``, ``"every card played"`` (+ passengers)."""
        text = "every card played" if self.goal == 0 else \
            f"at most {self.goal} card{'s' if self.goal != 1 else ''} left"
        return text + (", every passenger delivered" if self.passengers else "")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: number, name, english, rules (name and full rules), goal, tokens, passengers, why."""
        return {"number": self.number, "name": self.name, "english": self.english, "rules_name": self.rules_name,
                "rules": self.rules.to_dict(), "goal": self.goal, "tokens": self.tokens,
                "passengers": self.passengers, "why": self.why, "target": self.target}

    def _repr_html_(self) -> str:
        return (f"<b>{self.number}. {html.escape(self.name)}</b> ({html.escape(self.english)}): "
                f"{html.escape(self.rules_name)}; goal: {html.escape(self.goal_text())}; "
                f"{self.tokens} token{'s' if self.tokens != 1 else ''}. {html.escape(self.why)}")


def _variant_words(rules: Rules) -> str:
    """A rule set's variants by their German names, tokens left out (``"Normal"`` for none)."""
    names = []
    for key in rules.variants:
        if key == "notruf-marken":
            continue
        name = VARIANTS[key].german
        names.append(f"{name} {rules.passengers}" if key == "fahrgaeste" and rules.passengers != 3 else name)
    return " + ".join(names) or "Normal"


def rules_words(rules: Rules) -> str:
    """A rule set in floor words: ``"Normal, 2 tokens"``.

    >>> rules_words(floor(1).rules)
    'Normal, 2 tokens'
    """
    return f"{_variant_words(rules)}, {rules.tokens} token{'s' if rules.tokens != 1 else ''}"


def _floor(number: int, name: str, english: str, keys: Sequence[str], goal: int, why: str, *,
           tokens: int = 0, passengers: int | None = None, target: float | None = None) -> Floor:
    rules = make_rules(*keys, tokens=tokens or None, passengers=passengers)
    return Floor(number, name, english, rules, goal, why, target)


FLOORS: tuple[Floor, ...] = (
    _floor(1, "Probefahrt", "trial ride", (), 6,
           "The standard game, two tokens in hand, and six cards may stay behind.",
           tokens=2, target=79.0),
    _floor(2, "Regelbetrieb", "regular service", (), 3,
           "The standard game with a single token: only three cards may stay behind.", tokens=1),
    _floor(3, "Großraumkabine", "big cabin", ("grosse-hand",), 0,
           "Big hands make the piles easy to feed, but every single card has to go.", tokens=1),
    _floor(4, "Lastenaufzug", "freight lift", ("grosse-hand", "steil"), 3,
           "Big hands again, but three cards a turn while the draw pile lasts.", tokens=2),
    _floor(5, "Brandschutzübung", "fire drill", ("feuer",), 6,
           "Burning hearts must be covered by the next player, or the ride is lost.", tokens=2),
    _floor(6, "Enge Kabine", "cramped cabin", ("kleine-hand", "liftfuehrer"), 12,
           "Small hands, and only the player to move may talk (alone: an ordinary ride).", tokens=3),
    _floor(7, "Besuchertag", "visitors' day", ("fahrgaeste",), 7,
           "Three passengers must ride in their order; one too early or one left behind loses.", tokens=2),
    _floor(8, "Chefetage", "executive floor", ("befehle",), 5,
           "Every face card gives an order, and black Kings make every turn longer.", tokens=2),
    _floor(9, "Stoßzeit", "rush hour", ("steil",), 11,
           "Three cards a turn while the draw pile lasts eat up the room on the piles.", tokens=3),
    _floor(10, "Nachtfahrt", "night ride", ("stille-fahrt", "fahrgaeste"), 9,
           "Four passengers to deliver in order, and nobody may say a word.", tokens=3, passengers=4),
    _floor(11, "Präzisionsfahrt", "precision ride", ("befehle-light",), 0,
           "Jacks and Queens give orders, one token helps, and every single card must go.",
           tokens=1, target=25.0),
    _floor(12, "Penthouse", "top floor", ("fahrgaeste", "feuer", "befehle"), 9,
           "Passengers, fire and every command at once, with all four tokens.", tokens=4, target=19.0),
)
"""The floors, from the trial ride (1) to the Penthouse at the top (rules §15.4): the one floor table."""

#: Floors in the building (rules §15.1): the rows of :data:`FLOORS`.
FLOOR_COUNT = len(FLOORS)
#: Stars in the whole campaign: every floor's three (rules §15.2).
MAX_TOTAL_STARS = FLOOR_COUNT * MAX_STARS

assert [f.number for f in FLOORS] == list(range(1, FLOOR_COUNT + 1)), "floors are numbered 1, 2, … in order"

_BY_NAME = {normalize_name(f.name): f for f in FLOORS} | {normalize_name(f.english): f for f in FLOORS}

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def count_words(n: int) -> str:
    """A count in words for a sentence (``"twelve"``), digits from 21 on (``"24"``).

    >>> count_words(12), count_words(0), count_words(36)
    ('twelve', 'no', '36')
    """
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def floor_range(sep: str = " to ") -> str:
    """The floor numbers as a range for a sentence, e.g. ``"1 to 12"`` (``sep="-"``: ``"1-12"``)."""
    return f"{FLOORS[0].number}{sep}{FLOORS[-1].number}"


def _names() -> str:
    return ", ".join(f.label for f in FLOORS)


def floor(key: "int | str | Floor") -> Floor:
    """The floor with this number (1 up to :data:`FLOOR_COUNT`) or name (German or English; spelling
    forgiven as for presets).

    Args:
        key: a floor number (``int``, or text of digits such as ``"3"``), a floor name
            (``"Präzisionsfahrt"``, ``"praezisionsfahrt"``, ``"precision ride"``) or a :class:`Floor`
            (returned as it is, so a floor of one's own, e.g. ``dataclasses.replace(floor(1), goal=2)``,
            works everywhere a floor is asked for).

    Returns:
        the :class:`Floor` (rules §15.4).

    Raises:
        CampaignError: no floor has that number or name (the message lists every floor).

    >>> floor("praezisionsfahrt").number, floor("3").name
    (11, 'Großraumkabine')
    >>> floor(99)
    Traceback (most recent call last):
    ...
    paternoster.campaign.floors.CampaignError: There is no floor 99: the campaign has floors 1 to ... (rules §15.1): 1 Probefahrt, 2 Regelbetrieb, 3 Großraumkabine, ...
    """
    if isinstance(key, Floor):
        return key
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit() and len(key.strip()) <= 3:
        key = int(key.strip())
    if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
        if 1 <= int(key) <= FLOOR_COUNT:
            return FLOORS[int(key) - 1]
        raise CampaignError(f"There is no floor {short(int(key))}: the campaign has floors {floor_range()} "
                            f"(rules §15.1): {_names()}.")
    if isinstance(key, str):
        if len(key) <= 80:
            found = _BY_NAME.get(normalize_name(key))
            if found is not None:
                return found
        raise CampaignError(f"There is no floor called {short(key)}; give a number from {floor_range()} or a "
                            f"name: {_names()}.")
    raise CampaignError(f"A floor is given by its number ({floor_range()}) or its name, not {short(key)} "
                        f"({type(key).__name__}).")


def new_ride(floor_key: "int | str | Floor", players: int, seed: int, *, names: Sequence[str] | None = None) -> Game:
    """A new, shuffled game of the floor for ``players`` players (1–5), from ``seed``.

    The team starts with the floor's tokens (inside its rules).  Play it with the card table or a computer
    player; :func:`paternoster.campaign.stars_of_game` scores it at the end.

    Args:
        floor_key: the floor (number, name or :class:`Floor`).
        players: 1–5, a count the floor allows.
        seed: the deal number, 0 to 2**64 - 1.
        names: the players' names (default ``"Player 1"`` …), e.g. the group's name for the seat the
            class plays; checked as :meth:`paternoster.Game.new` checks them.

    Raises:
        CampaignError: an unknown floor, a player count the floor does not allow, a seed that is not a
        whole number from 0 to 2**64 - 1.
        PositionError: names that are not one usable, different name per player.

    >>> g = new_ride("Probefahrt", 2, seed=7)
    >>> g.players, g.tokens, len(g.hands[0])
    (2, 2, 7)
    >>> new_ride(1, 2, seed=7, names=["Reds", "Computer"]).names
    ['Reds', 'Computer']
    """
    f = floor(floor_key)
    players = check_players(f, players)
    seed = whole(seed, "seed", 0, MAX_SEED, error=CampaignError)
    return Game.new(players, seed, rules=f.rules, names=names)


def check_players(floor_key: "int | str | Floor", players: Any) -> int:
    """``players`` if the floor is for that many players (1 to 5, rules §15.1).

    Raises:
        CampaignError: not a whole number the floor allows (the message gives the floor's range).
    """
    f = floor(floor_key)
    try:
        players = whole(players, "players", error=CampaignError)
        f.rules.check_players(players)
    except RulesError:
        counts = f.player_counts
        raise CampaignError(f"Floor {f.number} ({f.name}) is for {min(counts)} to {max(counts)} players, "
                            f"not {short(players)} (rules §15.1).") from None
    return int(players)


def can_be_lost(floor_key: "int | str | Floor") -> bool:
    """Whether a ride on this floor can be lost at once: only with passengers (Fahrgäste) or fire (Feuer),
    rules §15.2.  Floors without either end with remaining cards, never "lost".

    Raises:
        CampaignError: not a floor (see :func:`floor`).

    >>> can_be_lost(1), can_be_lost(5)
    (False, True)
    """
    f = floor(floor_key)
    return bool(f.passengers or f.rules.fire)
