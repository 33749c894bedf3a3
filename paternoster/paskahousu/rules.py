"""Paskahousu's rule set: the numbers and switches a group agrees on before it plays.

:class:`HouseRules` is to Paskahousu what :class:`paternoster.rules.Rules` is to Paternoster:
one object the game, the acceptance table (:mod:`.ranks`), the computer players, the simulation
and the records read.  The house rules of Paskahousu rules §11 will be switches here.

>>> HouseRules(hand_size=6).hand_size
6
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ..core.checks import MAX_RULES_NAME_LENGTH, check_name, short, whole
from ..core.errors import RulesError

__all__ = ["HouseRules", "HOUSE_RULES_RANGES", "STANDARD_HOUSE_RULES"]


#: The range of every whole-number field of :class:`HouseRules` (inclusive; ``max_players`` starts at
#: ``min_players``).
HOUSE_RULES_RANGES: dict[str, tuple[int, int]] = {
    "hand_size": (1, 20),
    "min_players": (2, 10),
    "max_players": (2, 10),
    "turn_cap": (1, 10_000),
}


@dataclass(frozen=True)
class HouseRules:
    """The numbers and switches of a Paskahousu rule set (Paskahousu rules §2–§9).

    Attributes:
        name: shown in lessons and records.
        hand_size: cards a hand is refilled to while the draw pile lasts (5; Paskahousu rules §5.5).
        min_players, max_players: allowed table size (2–6; Paskahousu rules §1.2).
        turn_cap: turns (actions) after which an unfinished game ends as a
            ``"stalemate"`` (Paskahousu rules §8, **Decision**; default 1000 — computer games
            end long before, see ``benchmarks/bench_paskahousu.py``).

    The house rules (Paskahousu rules §11) come later as more fields here
    (e.g. a face-card threshold, single cards only, what a 10 or an ace on the empty
    table does, four of a kind burning); :func:`acceptance` and :func:`play_verdict`
    read the rules object, so the table and every user of it follow without rewrites.

    Bounds and types (**Decision**, kit; the same check for Python, records and the command line):
    ``name`` text of 1–80 characters without control or invisible characters; ``hand_size`` 1–20;
    ``min_players`` 2–10; ``max_players`` ``min_players``–10; ``turn_cap`` 1–10,000; and
    ``max_players × hand_size ≤ 52`` (one deck, Paskahousu rules §1).  Whole numbers must be
    ``int`` (numpy integer scalars are stored as ``int``; ``bool``, floats and text are refused).
    The ranges are :data:`HOUSE_RULES_RANGES`.

    Raises:
        RulesError: a field that is not a whole number or is out of range (the field, the value and
            the range are named).

    >>> STANDARD_HOUSE_RULES.to_dict()
    {'name': 'Standard', 'hand_size': 5, 'min_players': 2, 'max_players': 6, 'turn_cap': 1000, 'table_cards': False, 'bluff': False}
    >>> HouseRules(hand_size=11, max_players=6)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: HouseRules: 6 players with hands of 11 need 66 cards, but the deck has 52; lower hand_size or max_players.
    """

    name: str = "Standard"
    hand_size: int = 5
    min_players: int = 2
    max_players: int = 6
    turn_cap: int = 1000
    table_cards: bool = False
    bluff: bool = False

    def __post_init__(self) -> None:
        check_name(self.name, "HouseRules field 'name'", RulesError, MAX_RULES_NAME_LENGTH)
        for f, (lo, hi) in HOUSE_RULES_RANGES.items():
            lo = self.min_players if f == "max_players" else lo  # min_players is checked first
            object.__setattr__(self, f, whole(getattr(self, f), f"HouseRules field {short(f)}", lo, hi, error=RulesError))
        if self.hand_size * self.max_players > 52:
            raise RulesError(f"HouseRules: {self.max_players} players with hands of {self.hand_size} need "
                             f"{self.hand_size * self.max_players} cards, but the deck has 52; lower "
                             f"hand_size or max_players.")

    def check_players(self, players: Any) -> int:
        """Return ``players`` as an int, or raise RulesError naming the allowed range (Paskahousu rules §1.2)."""
        return whole(players, "players", self.min_players, self.max_players, error=RulesError)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of every field."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "HouseRules":
        """Inverse of :meth:`to_dict`.

        Raises:
            RulesError: not a dict, an unknown field (named), or a bad value.
        """
        if not isinstance(d, dict):
            raise RulesError(f"House rules must be a dict such as {STANDARD_HOUSE_RULES.to_dict()}, not {short(d)}.")
        known = {f.name for f in fields(cls)}
        unknown = sorted((k for k in d if k not in known), key=str)
        if unknown:
            raise RulesError(f"Unknown house-rules field(s) {', '.join(short(k) for k in unknown[:5])}; known: "
                             f"{', '.join(sorted(known))}.")
        return cls(**d)


STANDARD_HOUSE_RULES = HouseRules()
