"""The one place where Paternoster's numbers and switches live: decks, piles, hand size, minimum play, variants.

Every variant (rules §10–§13) is a switch on this one frozen object;
:mod:`paternoster.lift.variants` combines them by name (``make_rules("steil", "feuer")``).
Nothing else in the engine hard-codes these numbers.

>>> STANDARD.hand_size(1), STANDARD.hand_size(2), STANDARD.hand_size(5)
(8, 7, 6)
>>> STANDARD.hand_size(6)
Traceback (most recent call last):
...
paternoster.core.errors.RulesError: Standard Paternoster is for 1 to 5 players, not 6 (rules §1.2; 6 to 8 players play the Hochhaus variant).
>>> STANDARD.hand_size(0)
Traceback (most recent call last):
...
paternoster.core.errors.RulesError: Standard Paternoster is for 1 to 5 players, not 0 (rules §1.2).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields
from typing import Any, Callable

from ..core.checks import MAX_RULES_NAME_LENGTH, check_bool, check_name, plural, short, whole
from ..core.errors import RulesError

__all__ = ["Rules", "STANDARD", "HOURGLASS_SECONDS", "SIGNAL_MODES", "COMMAND_MODES", "RULES_RANGES", "MAX_PLAYERS",
           "MAX_HAND_SIZE"]

HOURGLASS_SECONDS = 30
"""Sanduhr: seconds per turn (rules §11.6).  The user interface owns the clock."""

SIGNAL_MODES = ("all", "mover", "none")
"""Who may post pile signals: everyone (standard), only the player to move (Liftführer), nobody (Stille Fahrt)."""

COMMAND_MODES = ("none", "light", "full")
"""Befehle: off, light (Jacks and Queens carry commands), full (Jacks, Queens and Kings)."""

#: The most players any Paternoster rules allow (Hochhaus: 8).
MAX_PLAYERS = 8
#: The largest hand size a rules object may give.
MAX_HAND_SIZE = 20

#: The range of every whole-number field of :class:`Rules` (inclusive); outside it, RulesError.
RULES_RANGES: dict[str, tuple[int, int]] = {
    "decks": (1, 3),
    "up_piles": (1, 4),
    "down_piles": (1, 4),
    "minimum": (1, 8),
    "minimum_without_draw_pile": (1, 8),
    "setbacks_per_turn": (0, 8),
    "tokens": (0, 4),
    "passengers": (0, 5),
}


def check_rules_name(name: object, what: str, error: type[Exception]) -> str:
    """The ``name`` field of a rules object: text of 1 to 80 characters, no control or invisible characters."""
    return check_name(name, f"{what} field 'name'", error, MAX_RULES_NAME_LENGTH)


#: The variant catalogue: :mod:`paternoster.lift.variants` builds on :class:`Rules` and registers its variant
#: keys and ``make_rules`` here when it is imported (importing ``paternoster`` does that), so this module
#: needs no import of it.
_CATALOGUE: dict[str, Any] = {"variants": {}, "make_rules": None}


def register_variants(variants: dict[str, Any], make_rules: Callable[..., "Rules"]) -> None:
    """Called once by :mod:`paternoster.lift.variants`: the known variant keys (``{key: Variant}``) and the
    function that combines them (used to say whether Hochhaus would combine with a set of variants)."""
    _CATALOGUE["variants"] = variants
    _CATALOGUE["make_rules"] = make_rules


@dataclass(frozen=True)
class Rules:
    """Numbers and switches of a Paternoster rule set (rules §3–§12).

    The defaults are the standard game.  Build variants with
    :func:`paternoster.lift.variants.make_rules` rather than by hand.

    Attributes:
        name: shown in lessons and records.
        decks: 52-card decks shuffled together (standard 2 → 104 cards, twins;
            Kurze Fahrt, Kinderfahrt, Zwei Kabinen 1; Hochhaus 3, triplets equal).
        up_piles, down_piles: number of piles of each direction (standard 2 + 2;
            Kinderfahrt and Zwei Kabinen 1 + 1; Hochhaus 3 + 3).
        hand_sizes: cards per hand by player count, as ``((players, cards), …)``;
            standard solo 8, two 7, three to five 6 (rules §3.2).
        minimum: cards to play per turn while the draw pile lasts (standard 2;
            Steil 3; Kinderfahrt 1).
        minimum_without_draw_pile: cards per turn once the draw pile is empty at
            the start of the turn (standard 1; rules §6.3).  Steil's 3 falls
            to this 1 as well (rules §11.2: only while there is a draw pile).
        setbacks_per_turn: setbacks allowed in one turn (standard 1).
        variants: the variant keys applied (see :data:`paternoster.lift.variants.VARIANTS`),
            for display and records.
        same_suit_fits: Kinderfahrt (rules §10.3): a card of the
            top card's suit always fits, any rank, on either pile.  **Decision:** such
            a same-suit play never counts as the turn's setback (a setback is always
            same suit, so under Kinderfahrt it simply fits).
        tokens: Notruf-Marken (rules §10.5): emergency tokens the
            team starts with, 0 (off) or 1–4.
        passing: Weitergeben (rules §10.6): once per turn a hand
            card may be given to another player instead of one required card.
            Not solo.  **Decision (kit)** (rules §10.6): a pass counts toward the minimum only
            while the minimum is 2 or more.
        signals: who may post pile signals (rules §7.4):
            ``"all"`` (standard), ``"mover"`` (Liftführer), ``"none"`` (Stille Fahrt).
        hourglass: Sanduhr (rules §11.6): the ``TimeOut`` action ends a
            turn at once; below the minimum the game is over.  The UI owns the
            :data:`HOURGLASS_SECONDS` clock.
        passengers: Fahrgäste (rules §11.7): 0 (off) or 3–5 passengers
            revealed before the deal.  Needs twins (2 or 3 decks).
        fire: Feuer (rules §11.8): 3♥ 6♥ 9♥ Q♥ of every deck burn.
        commands: Befehle (rules §12; the commands themselves are the
            kit's design, rules §12.1, **Decision (kit)**): ``"none"``, ``"light"``
            (Jacks and Queens), ``"full"`` (Jacks, Queens and Kings).

    Bounds and types (**Decision**, kit; checked here, so Python, records and the command line
    all get the same :class:`RulesError` naming the field, the value and the range):
    ``name`` text of 1–80 characters without control or invisible characters; ``decks`` 1–3;
    ``up_piles`` and ``down_piles`` 1–4 each; ``minimum`` and ``minimum_without_draw_pile`` 1–8;
    ``setbacks_per_turn`` 0–8; ``tokens`` 0–4; ``passengers`` 0 or 3–5; ``hand_sizes`` at most 8
    pairs, players 1–8, hand size 1–20 and at least ``minimum``, each player count once, and
    players × hand size (+ passengers) at most the cards in the game (rules §2).  Whole numbers
    must be ``int`` (numpy integer scalars are accepted and stored as ``int``; ``bool``, floats
    such as ``7.0`` and text such as ``"6"`` are refused, never truncated); switches must be
    ``bool`` (``np.bool_`` is stored as ``bool``).

    Raises:
        RulesError: a field of the wrong type or outside its range (see :data:`RULES_RANGES`).
    """

    name: str = "Standard"
    decks: int = 2
    up_piles: int = 2
    down_piles: int = 2
    hand_sizes: tuple[tuple[int, int], ...] = ((1, 8), (2, 7), (3, 6), (4, 6), (5, 6))
    minimum: int = 2
    minimum_without_draw_pile: int = 1
    setbacks_per_turn: int = 1
    variants: tuple[str, ...] = ()
    same_suit_fits: bool = False
    tokens: int = 0
    passing: bool = False
    signals: str = "all"
    hourglass: bool = False
    passengers: int = 0
    fire: bool = False
    commands: str = "none"

    def __post_init__(self) -> None:
        check_rules_name(self.name, "Rules", RulesError)
        for f, (lo, hi) in RULES_RANGES.items():
            object.__setattr__(self, f, whole(getattr(self, f), f"Rules field {short(f)}", lo, hi, error=RulesError))
        for f in _SWITCHES:
            object.__setattr__(self, f, check_bool(getattr(self, f), f"Rules field {short(f)}", error=RulesError))
        if isinstance(self.variants, str) or not isinstance(self.variants, (tuple, list)) \
                or len(self.variants) > 20 or not all(isinstance(v, str) for v in self.variants):
            raise RulesError(f"Rules field 'variants' must be a list of variant keys such as ['steil'], "
                             f"not {short(self.variants)}.")
        object.__setattr__(self, "variants", tuple(self.variants))
        if self.variants:
            known = _CATALOGUE["variants"]
            unknown = [v for v in self.variants if v not in known]
            if unknown:
                raise RulesError(f"Rules field 'variants': unknown key(s) {', '.join(short(v) for v in unknown[:5])}; "
                                 f"known: {', '.join(known)}.")
        if not isinstance(self.signals, str) or self.signals not in SIGNAL_MODES:
            raise RulesError(f"Rules field 'signals' must be one of {', '.join(map(repr, SIGNAL_MODES))} "
                             f"(Liftführer: 'mover', Stille Fahrt: 'none'), not {short(self.signals)}.")
        if not isinstance(self.commands, str) or self.commands not in COMMAND_MODES:
            raise RulesError(f"Rules field 'commands' must be one of {', '.join(map(repr, COMMAND_MODES))} "
                             f"(Befehle light: 'light', Befehle: 'full'), not {short(self.commands)}.")
        hs_in = self.hand_sizes
        if isinstance(hs_in, (str, bytes)) or not isinstance(hs_in, (tuple, list)) or len(hs_in) > MAX_PLAYERS:
            raise RulesError(f"Rules field 'hand_sizes' must list at most {MAX_PLAYERS} (players, cards) pairs, "
                             f"e.g. ((2, 7), (3, 6)), not {short(hs_in)}.")
        pairs = []
        for pair in hs_in:
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise RulesError(f"Rules field 'hand_sizes' must list (players, cards) pairs, e.g. ((2, 7), (3, 6)); "
                                 f"{short(pair)} is no pair.")
            pairs.append((whole(pair[0], "Rules field 'hand_sizes': a player count", 1, MAX_PLAYERS, error=RulesError),
                          whole(pair[1], "Rules field 'hand_sizes': a hand size", 1, MAX_HAND_SIZE, error=RulesError)))
        hs = tuple(pairs)
        object.__setattr__(self, "hand_sizes", hs)
        problems = []
        counts = [p for p, _ in hs]
        if len(set(counts)) != len(counts):
            problems.append("hand_sizes names a player count twice")
        if not self.hand_sizes:
            problems.append("hand_sizes must list at least one player count")
        elif self.passing and counts == [1]:
            problems.append("Weitergeben (passing) needs at least 2 players, but hand_sizes lists only solo")
        for players, size in self.hand_sizes:
            if size < self.minimum:
                problems.append(f"a hand of {size} cards ({players} players) cannot reach the minimum "
                                f"play of {self.minimum}")
            elif players * size + self.passengers > 52 * self.decks:
                problems.append(f"{players} players with hands of {size} need {players * size} cards"
                                + (f" besides {self.passengers} passengers" if self.passengers else "")
                                + f", but {self.decks * 52} cards are in the game (players × hand size ≤ cards)")
        if self.passengers and not 3 <= self.passengers <= 5:
            problems.append(f"passengers (Fahrgäste) must be 0 (off) or 3 to 5, not {self.passengers}")
        if self.passengers and self.decks == 1:
            problems.append("Fahrgäste (passengers) need twins, but with one deck there are none "
                            "(rules §11.7); use 2 or 3 decks")
        if problems:
            raise RulesError(f"Rules {short(self.name)}: " + "; ".join(problems) + ".")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts these rules allow, e.g. ``(1, 2, 3, 4, 5)`` (Weitergeben: no solo)."""
        return tuple(p for p, _ in self.hand_sizes if not (self.passing and p == 1))

    @property
    def piles(self) -> int:
        """Number of piles on the table (up + down)."""
        return self.up_piles + self.down_piles

    @property
    def cards(self) -> int:
        """Cards in the game: ``52 * decks``."""
        return 52 * self.decks

    @property
    def command_ranks(self) -> tuple[int, ...]:
        """Ranks that carry commands: () off, (11, 12) Befehle light, (11, 12, 13) Befehle."""
        return {"none": (), "light": (11, 12), "full": (11, 12, 13)}[self.commands]

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless ``players`` is allowed by these rules.

        The message names the variant that restricts the player count
        (Zwei Kabinen: 2; Hochhaus: 6–8; Weitergeben: not solo) and points to
        Hochhaus only for 6–8 players, when Hochhaus combines with these rules.

        Raises:
            RulesError: ``players`` not a whole number, or not allowed by these rules.

        >>> from paternoster.lift.variants import make_rules
        >>> make_rules("zwei-kabinen").check_players(3)
        Traceback (most recent call last):
        ...
        paternoster.core.errors.RulesError: Zwei Kabinen is for exactly 2 players, not 3 (rules §11.3).
        """
        whole(players, "players", error=RulesError)
        if self.passing and players == 1 and 1 in dict(self.hand_sizes):
            raise RulesError("Weitergeben (passing) needs at least 2 players — solo there is nobody "
                             "to pass a card to (rules §10.6). Leave out Weitergeben for a solo game.")
        if players not in self.player_counts:
            counts = tuple(sorted(self.player_counts))
            lo, hi = min(counts), max(counts)
            if lo == hi:
                span = f"exactly {plural(lo, 'player')}"
            elif list(counts) == list(range(lo, hi + 1)):
                span = f"{lo} to {hi} players"
            else:  # a gap (e.g. rules without the 3-player hand size): name every count
                span = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players"
            who = "Standard Paternoster" if self.name == "Standard" else self.name
            notes = []
            if self.name == "Standard":
                notes.append("rules §1.2")
            elif "zwei-kabinen" in self.variants:
                notes.append("rules §11.3")
            elif "hochhaus" in self.variants:
                notes.append("rules §13.1")
                if 1 <= players <= 5:
                    notes.append("1 to 5 players play without Hochhaus")
            if 6 <= players <= 8 and "hochhaus" not in self.variants and self._hochhaus_fits():
                notes.append("6 to 8 players play the Hochhaus variant")
            extra = f" ({'; '.join(notes)})" if notes else ""
            raise RulesError(f"{who} is for {span}, not {players}{extra}.")

    def _hochhaus_fits(self) -> bool:
        """Whether Hochhaus combines with these rules' variants (so suggesting it makes sense)."""
        try:
            _CATALOGUE["make_rules"](*self.variants, "hochhaus")
        except RulesError:
            return False
        return True

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
        d["variants"] = list(self.variants)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Rules":
        """Rebuild rules from :meth:`to_dict` output (missing switches take their standard value).

        Raises:
            RulesError: unknown field names or values of the wrong type (the message names the field).
        """
        if not isinstance(data, dict):
            raise RulesError(f"Rules must be a JSON object, not {type(data).__name__}.")
        known = {f.name for f in fields(cls)}
        unknown = sorted((k for k in data if k not in known), key=str)
        if unknown:
            raise RulesError(f"Unknown rules field(s) {', '.join(short(k) for k in unknown[:5])}; "
                             f"known fields: {', '.join(sorted(known))}.")
        d = dict(data)
        if "hand_sizes" in d:
            hs = d["hand_sizes"]
            if isinstance(hs, dict):
                if len(hs) > MAX_PLAYERS:
                    raise RulesError(f"Rules field 'hand_sizes' lists {len(hs)} player counts; at most {MAX_PLAYERS}.")
                pairs = []
                for p, size in hs.items():
                    if not isinstance(p, str) or not re.fullmatch(r"[1-9][0-9]?", p):
                        raise RulesError(f"Rules field 'hand_sizes': key {short(p)} is no player count; write the "
                                         "count as text of plain digits 1 to 8, e.g. {\"2\": 7, \"3\": 6}.")
                    pairs.append((int(p), size))
                d["hand_sizes"] = tuple(sorted(pairs, key=lambda ps: ps[0]))
            elif not isinstance(hs, (list, tuple)):
                raise RulesError(f"Rules field 'hand_sizes' must map player counts to hand sizes, e.g. "
                                 f"{{\"2\": 7, \"3\": 6}}, not {short(hs)}.")
        return cls(**d)


#: The switches of :class:`Rules` (its ``bool`` fields) and its whole-number fields, read off the dataclass.
_SWITCHES = tuple(f.name for f in fields(Rules) if f.type == "bool")
_NUMBERS = tuple(f.name for f in fields(Rules) if f.type == "int")
# every whole-number field has its range (a new field without one fails here, at import)
assert set(_NUMBERS) == set(RULES_RANGES), set(_NUMBERS) ^ set(RULES_RANGES)

STANDARD = Rules()
