"""The one place where Paternoster's numbers live: decks, piles, hand size, minimum play.

Variants (a later step) are switches on this object; nothing else in the
engine hard-codes these numbers.

>>> STANDARD.hand_size(1), STANDARD.hand_size(2), STANDARD.hand_size(5)
(8, 7, 6)
>>> STANDARD.hand_size(6)
Traceback (most recent call last):
...
paternoster.errors.RulesError: Standard Paternoster is for 1 to 5 players, not 6 (seed, 'Überblick'; 6–8 players is the Hochhaus variant).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ._check import whole
from .errors import RulesError

__all__ = ["Rules", "STANDARD"]


@dataclass(frozen=True)
class Rules:
    """Numbers of a Paternoster rule set (spec sections 2–4).

    Attributes:
        name: shown in lessons and records.
        decks: 52-card decks shuffled together (standard 2 → 104 cards, twins).
        up_piles, down_piles: number of piles of each direction (standard 2 + 2).
        hand_sizes: cards per hand by player count, as ``((players, cards), …)``;
            standard solo 8, two 7, three to five 6 (seed, 'Vorbereitung').
        minimum: cards to play per turn while the draw pile lasts (standard 2).
        minimum_without_draw_pile: cards per turn once the draw pile is empty at
            the start of the turn (standard 1; seed, 'Ein Zug').
        setbacks_per_turn: setbacks allowed in one turn (standard 1).
    """

    name: str = "Standard"
    decks: int = 2
    up_piles: int = 2
    down_piles: int = 2
    hand_sizes: tuple[tuple[int, int], ...] = ((1, 8), (2, 7), (3, 6), (4, 6), (5, 6))
    minimum: int = 2
    minimum_without_draw_pile: int = 1
    setbacks_per_turn: int = 1

    def __post_init__(self) -> None:
        for f in ("decks", "up_piles", "down_piles", "minimum", "minimum_without_draw_pile", "setbacks_per_turn"):
            whole(getattr(self, f), f"Rules field {f!r}", error=RulesError)
        if not isinstance(self.name, str):
            raise RulesError(f"Rules field 'name' must be text, not {self.name!r}.")
        try:
            hs = tuple((whole(p, "hand_sizes players", error=RulesError), whole(s, "hand_sizes cards", error=RulesError))
                       for p, s in self.hand_sizes)
        except (TypeError, ValueError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError("Rules field 'hand_sizes' must list (players, cards) pairs, e.g. ((2, 7), (3, 6)).") from None
        object.__setattr__(self, "hand_sizes", hs)
        problems = []
        if not 1 <= self.decks <= 3:
            problems.append(f"decks must be 1 to 3, not {self.decks}")
        if self.up_piles < 1 or self.down_piles < 1:
            problems.append("there must be at least one up pile and one down pile")
        if self.minimum < 1 or self.minimum_without_draw_pile < 1:
            problems.append("the minimum play must be at least 1 card")
        if not self.hand_sizes:
            problems.append("hand_sizes must list at least one player count")
        for players, size in self.hand_sizes:
            if players < 1 or size < 1:
                problems.append(f"hand size {size} for {players} players is impossible")
            elif size < self.minimum:
                problems.append(f"a hand of {size} cards ({players} players) cannot reach the minimum "
                                f"play of {self.minimum}")
        if problems:
            raise RulesError(f"Rules {self.name!r}: " + "; ".join(problems) + ".")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts these rules allow, e.g. ``(1, 2, 3, 4, 5)``."""
        return tuple(p for p, _ in self.hand_sizes)

    @property
    def piles(self) -> int:
        """Number of piles on the table (up + down)."""
        return self.up_piles + self.down_piles

    @property
    def cards(self) -> int:
        """Cards in the game: ``52 * decks``."""
        return 52 * self.decks

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless ``players`` is allowed by these rules."""
        whole(players, "players", error=RulesError)
        if players not in self.player_counts:
            lo, hi = min(self.player_counts), max(self.player_counts)
            extra = " (seed, 'Überblick'; 6–8 players is the Hochhaus variant)" if self.name == "Standard" else ""
            raise RulesError(f"{self.name} Paternoster is for {lo} to {hi} players, not {players}{extra}.")

    def hand_size(self, players: int) -> int:
        """Cards each player holds (and draws back up to) with ``players`` players.

        Raises:
            RulesError: if the rules do not allow that many players.
        """
        self.check_players(players)
        return dict(self.hand_sizes)[players]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_dict` reads it back."""
        d = asdict(self)
        d["hand_sizes"] = {str(p): s for p, s in self.hand_sizes}
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Rebuild rules from :meth:`to_dict` output.

        Raises:
            RulesError: unknown field names or values of the wrong type.
        """
        if not isinstance(data, dict):
            raise RulesError(f"Rules must be a JSON object, not {type(data).__name__}.")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"Unknown rules field(s) {', '.join(unknown)}; known fields: {', '.join(sorted(known))}.")
        d = dict(data)
        try:
            if "hand_sizes" in d:
                hs = d["hand_sizes"]
                items = hs.items() if isinstance(hs, dict) else hs
                d["hand_sizes"] = tuple(sorted((int(p), int(s)) for p, s in items))
            return cls(**d)
        except (TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError("Rules field 'hand_sizes' must map player counts to hand sizes, "
                             "e.g. {\"2\": 7, \"3\": 6}.") from None


STANDARD = Rules()
