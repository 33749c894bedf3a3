"""The Hochhaus campaign: twelve floors, their goals and tokens, stars, unlocking and calibration (rules §15).

A floor is one game with its own rules (presets and variant switches the engine already has), a
goal — at most so many remaining cards, and every passenger delivered where there are any — and a
few emergency tokens (Notruf-Marken, rules §10.5), which live inside the floor's rules.  The kit
designed the twelve floors itself and tuned them with its simple computer player on the fast
simulation (rules §15.4, §15.6).

>>> FLOOR_COUNT, MAX_STARS, FLOOR_COUNT * MAX_STARS
(12, 3, 36)
>>> floor(1).name, floor("Penthouse").number
('Probefahrt', 12)
>>> f = floor("Probefahrt")
>>> [stars(f, r) for r in range(f.goal + 2)]  # doctest: +ELLIPSIS
[3, 2, 2, 2, 1, 1, 1, 0]
>>> stars(f, 0, lost=True)
0
>>> unlocked({}), unlocked({1: 1, 2: 0})
([1], [1, 2])
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import numpy as np

from ..core.checks import MAX_GAMES, MAX_SEED, MAX_WORKERS, check_bool, short, whole
from ..core.errors import RulesError
from ..core.stats import check_progress, describe, progress_bar, wilson
from ..lift.game import Game
from ..lift.rules import Rules
from ..lift.variants import VARIANTS, make_rules, normalize_name

__all__ = ["CampaignError", "Floor", "FLOORS", "FLOOR_COUNT", "MAX_STARS", "MAX_TOTAL_STARS", "FloorRate",
           "floor", "stars", "stars_array", "stars_of_game", "unlocked", "total_stars", "new_ride", "calibrate",
           "MIDDLE_BAND", "TARGET_SLACK", "TUNED_PLAYERS", "can_be_lost"]

#: Floors in the building (rules §15.1).
FLOOR_COUNT = 12
#: Stars a floor can give (rules §15.2).
MAX_STARS = 3
#: Stars in the whole campaign: 12 floors × 3 = 36 (rules §15.2).
MAX_TOTAL_STARS = FLOOR_COUNT * MAX_STARS
#: The band of pass rates (percent, two players) for every floor without a target of its own (rules §15.6).
MIDDLE_BAND = (40.0, 62.0)
#: The player count the floors are tuned for (rules §15.6).
TUNED_PLAYERS = 2
#: How far (percentage points) a floor with a target may miss it when its 95 % interval does not hold it.
TARGET_SLACK = 2.0


class CampaignError(RulesError):
    """A campaign question the kit cannot answer: an unknown floor, a result that cannot be, a bad player count.

    A :class:`~paternoster.core.errors.RulesError` (and so a ``ValueError``): the message names the field
    and what to do.
    """


@dataclass(frozen=True)
class Floor:
    """One floor (Etage) of the campaign (rules §15.1, the kit's floors rules §15.4).

    Attributes:
        number: 1 (the trial ride, Probefahrt) to 12 (the Penthouse).
        name: the German name (``"Probefahrt"``).
        english: the name in English (``"trial ride"``).
        rules: the :class:`~paternoster.lift.rules.Rules` the floor plays; its ``tokens`` are the floor's
            emergency tokens and its ``passengers`` its passengers.
        goal: the most remaining cards (hands + draw pile, rules §8.3) that still pass the floor; 0 means
            every card must be played.
        why: one line: what makes the floor hard.
        target: the pass rate (percent, two players, simple player) the floor is tuned to, or ``None``
            for a middle floor, which is tuned into :data:`MIDDLE_BAND` (rules §15.6).
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


def _rules_words(rules: Rules) -> str:
    """A rule set in floor words: ``"Normal, 2 tokens"``."""
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
"""The twelve floors, from the trial ride (1) to the Penthouse (12) (rules §15.4)."""

assert len(FLOORS) == FLOOR_COUNT and [f.number for f in FLOORS] == list(range(1, FLOOR_COUNT + 1))

_BY_NAME = {normalize_name(f.name): f for f in FLOORS} | {normalize_name(f.english): f for f in FLOORS}


def _names() -> str:
    return ", ".join(f"{f.number} {f.name}" for f in FLOORS)


def floor(key: "int | str | Floor") -> Floor:
    """The floor with this number (1–12) or name (German or English; spelling forgiven as for presets).

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
    >>> floor(13)
    Traceback (most recent call last):
    ...
    paternoster.campaign.floors.CampaignError: There is no floor 13: the campaign has floors 1 to 12 (rules §15.1): 1 Probefahrt, 2 Regelbetrieb, 3 Großraumkabine, 4 Lastenaufzug, 5 Brandschutzübung, 6 Enge Kabine, 7 Besuchertag, 8 Chefetage, 9 Stoßzeit, 10 Nachtfahrt, 11 Präzisionsfahrt, 12 Penthouse.
    """
    if isinstance(key, Floor):
        return key
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit() and len(key.strip()) <= 3:
        key = int(key.strip())
    if isinstance(key, (int, np.integer)) and not isinstance(key, bool):
        if 1 <= int(key) <= FLOOR_COUNT:
            return FLOORS[int(key) - 1]
        raise CampaignError(f"There is no floor {short(int(key))}: the campaign has floors 1 to {FLOOR_COUNT} "
                            f"(rules §15.1): {_names()}.")
    if isinstance(key, str):
        if len(key) <= 80:
            found = _BY_NAME.get(normalize_name(key))
            if found is not None:
                return found
        raise CampaignError(f"There is no floor called {short(key)}; give a number from 1 to {FLOOR_COUNT} or a "
                            f"name: {_names()}.")
    raise CampaignError(f"A floor is given by its number (1 to {FLOOR_COUNT}) or its name, not {short(key)} "
                        f"({type(key).__name__}).")


def stars(floor_key: "int | str | Floor", remaining: int, *, delivered: bool = True, lost: bool = False) -> int:
    """Stars for one ride of a floor (rules §15.2; the rounding, rules §15.5).

    Args:
        floor_key: the floor (number, name or :class:`Floor`).
        remaining: cards left in hands and draw pile at the end (0 to the cards dealt).
        delivered: every passenger delivered (only floors with passengers may say ``False``).
        lost: the ride was lost at once (fire, a passenger too early or left behind).

    Returns:
        0 (goal missed, or lost, or a passenger not delivered), 1 (goal met), 2 (at most half the goal,
        rounded down: goal 5 → at most 2 cards) or 3 (every card played).  On a floor whose goal is 0,
        meeting it gives 3 at once.

    Raises:
        CampaignError: an unknown floor; ``remaining`` not a whole number from 0 to the floor's cards;
        ``delivered``/``lost`` not True or False; ``delivered=False`` on a floor without passengers.

    >>> f = floor("Penthouse")
    >>> f.goal, [stars(f, r) for r in (0, 1, 4, 5, 9, 10)]
    (9, [3, 2, 2, 1, 1, 0])
    >>> stars(f, 2, delivered=False)
    0
    >>> stars(3, 0)
    3
    >>> stars(1, -1)
    Traceback (most recent call last):
    ...
    paternoster.campaign.floors.CampaignError: remaining (cards left in hands and draw pile) must be from 0 to 104, not -1.
    """
    f = floor(floor_key)
    most = f.rules.cards - f.passengers
    remaining = whole(remaining, "remaining (cards left in hands and draw pile)", 0, most, error=CampaignError)
    delivered = check_bool(delivered, "delivered", error=CampaignError)
    lost = check_bool(lost, "lost", error=CampaignError)
    if not delivered and not f.passengers:
        raise CampaignError(f"Floor {f.number} ({f.name}) has no passengers, so delivered=False cannot be; "
                            f"leave delivered out.")
    if lost or not delivered or remaining > f.goal:
        return 0
    if remaining == 0:
        return 3
    return 2 if remaining <= f.half else 1


def stars_array(floor_key: "int | str | Floor", remaining: Any, lost: Any) -> np.ndarray:
    """:func:`stars` for many rides at once (rules §15.2, §15.5).

    Args:
        floor_key: the floor.
        remaining: whole numbers ≥ 0 (cards left), any shape.
        lost: booleans of the same shape (a lost ride, a passenger left behind).

    Returns:
        an int8 array of stars (0–3), the shape of ``remaining``.

    Raises:
        CampaignError: an unknown floor, shapes that differ, a negative or non-whole remaining count.

    >>> stars_array("Probefahrt", [0, 3, 4, 7, 1], [False, False, False, False, True]).tolist()
    [3, 2, 1, 0, 0]
    """
    f = floor(floor_key)
    rem, lst = np.asarray(remaining), np.asarray(lost)
    if rem.shape != lst.shape or (rem.size and (rem.dtype.kind not in "iu" or rem.min() < 0)) \
            or (lst.size and lst.dtype != bool):
        raise CampaignError("stars_array needs whole numbers ≥ 0 (remaining cards) and True/False (lost) of the "
                            f"same shape, not {short(remaining)} and {short(lost)}.")
    s = np.where(rem <= f.half, 2, 1).astype(np.int8)
    s[rem == 0] = 3
    s[(rem > f.goal) | lst] = 0
    return s


def stars_of_game(floor_key: "int | str | Floor", game: Game) -> int:
    """Stars for a finished game of the floor (rules §15.2): its remaining cards, a loss giving 0.

    Raises:
        CampaignError: an unknown floor; ``game`` is not a :class:`~paternoster.lift.game.Game`, is not over yet,
        or plays other rules than the floor's.
    """
    f = floor(floor_key)
    if not isinstance(game, Game):
        raise CampaignError(f"stars_of_game needs a Game of floor {f.number}, not {short(game)}.")
    if game.rules != f.rules:
        raise CampaignError(f"This game plays {_rules_words(game.rules)}, but floor {f.number} ({f.name}) plays "
                            f"{_rules_words(f.rules)}; start rides with new_ride(floor, players, seed).")
    if game.result is None:
        raise CampaignError(f"The ride on floor {f.number} ({f.name}) is not over yet: stars count at the end.")
    r = game.result
    return stars(f, r.remaining, lost=r.outcome == "lost")


def _check_best(best: Mapping[int, int]) -> dict[int, int]:
    if not isinstance(best, Mapping):
        raise CampaignError(f"best must map floor numbers to stars, e.g. {{1: 3, 2: 1}}, not {short(best)}.")
    out = {}
    for k, v in best.items():
        n = floor(k).number if isinstance(k, (int, np.integer)) and not isinstance(k, bool) else None
        if n is None:
            raise CampaignError(f"best must map floor numbers (1 to {FLOOR_COUNT}) to stars; {short(k)} is no "
                                f"floor number.")
        out[n] = whole(v, f"best stars of floor {n}", 0, MAX_STARS, error=CampaignError)
    return out


def unlocked(best: Mapping[int, int]) -> list[int]:
    """The floors a group may play, given its best stars per floor (rules §15.1; Decision, rules §15.5).

    Floor 1 is always open; floor n + 1 opens when floor n has been passed (at least one star); a
    floor with stars of its own stays open (replays are allowed, and a result typed in by hand for a
    floor played with real cards counts).

    Args:
        best: ``{floor number: best stars}``; missing floors have 0.

    Returns:
        the open floor numbers, ascending.

    Raises:
        CampaignError: a key that is not a floor number 1–12, or stars outside 0–3.

    >>> unlocked({1: 3, 2: 2, 3: 0})
    [1, 2, 3]
    >>> unlocked({1: 1, 5: 2})
    [1, 2, 5, 6]
    >>> unlocked({12: 3})[-1]
    12
    """
    b = _check_best(best)
    return [n for n in range(1, FLOOR_COUNT + 1) if n == 1 or b.get(n, 0) > 0 or b.get(n - 1, 0) > 0]


def total_stars(best: Mapping[int, int]) -> int:
    """The group's stars: the sum of every floor's best stars (0 to 36, rules §15.2).

    Raises:
        CampaignError: as :func:`unlocked`.

    >>> total_stars({1: 3, 2: 1})
    4
    """
    return sum(_check_best(best).values())


def new_ride(floor_key: "int | str | Floor", players: int, seed: int) -> Game:
    """A new, shuffled game of the floor for ``players`` players (1–5), from ``seed``.

    The team starts with the floor's tokens (inside its rules).  Play it with the card table or a computer
    player; :func:`stars_of_game` scores it at the end.

    Raises:
        CampaignError: an unknown floor, a player count the floor does not allow, a seed that is not a
        whole number from 0 to 2**64 - 1.

    >>> g = new_ride("Probefahrt", 2, seed=7)
    >>> g.players, g.tokens, len(g.hands[0])
    (2, 2, 7)
    """
    f = floor(floor_key)
    players = _check_players(f, players)
    seed = whole(seed, "seed", 0, MAX_SEED, error=CampaignError)
    return Game.new(players, seed, rules=f.rules)


def _check_players(f: Floor, players: Any) -> int:
    try:
        players = whole(players, "players", error=CampaignError)
        f.rules.check_players(players)
    except RulesError:
        counts = f.player_counts
        raise CampaignError(f"Floor {f.number} ({f.name}) is for {min(counts)} to {max(counts)} players, "
                            f"not {short(players)} (rules §15.1).") from None
    return players


@dataclass(frozen=True)
class FloorRate:
    """How the simple computer player did on one floor (rules §15.6).

    Attributes:
        floor: the :class:`Floor`.
        players, games, seed: what was simulated (game ``i`` is ``Game.new(players, seed, rules=floor.rules,
            game=i)``).
        passed: games that met the goal.
        rate, low, high: pass rate in percent with its 95 % interval (Wilson).
        star_shares: percent of games with 0, 1, 2 and 3 stars (sums to 100).
        lost: percent of games lost at once (fire, passengers).
    """

    floor: Floor
    players: int
    games: int
    seed: int
    passed: int
    rate: float
    low: float
    high: float
    star_shares: tuple[float, float, float, float]
    lost: float

    @property
    def target_text(self) -> str:
        """The rule book's figure for this floor: ``"79 %"`` or ``"40–62 %"`` (two players, rules §15.6)."""
        if self.floor.target is not None:
            return f"{self.floor.target:.0f} %"
        return f"{MIDDLE_BAND[0]:.0f}–{MIDDLE_BAND[1]:.0f} %"

    @property
    def on_target(self) -> bool:
        """Whether the rate matches the rule book's figure: a floor with a target has it inside its 95 %
        interval or misses by at most :data:`TARGET_SLACK` points; a middle floor's rate lies in
        :data:`MIDDLE_BAND` (rules §15.6).  Meant for two players (the floors are tuned for two)."""
        if self.floor.target is not None:
            t = self.floor.target
            return self.low <= t <= self.high or abs(self.rate - t) <= TARGET_SLACK
        return MIDDLE_BAND[0] <= self.rate <= MIDDLE_BAND[1]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: floor number, name, rules, goal, tokens, passengers, players, games, seed,
        pass rate and interval (percent), star shares (percent, keys "0" to "3"), lost, target."""
        f = self.floor
        return {"floor": f.number, "name": f.name, "rules": f.rules_name, "goal": f.goal, "tokens": f.tokens,
                "passengers": f.passengers, "players": self.players, "games": self.games, "seed": self.seed,
                "pass_rate": round(self.rate, 2), "interval": [round(self.low, 2), round(self.high, 2)],
                "stars": {str(k): round(v, 2) for k, v in enumerate(self.star_shares)},
                "lost": round(self.lost, 2), "target": self.target_text,
                "on_target": self.on_target if self.players == TUNED_PLAYERS else None}


def _rate(f: Floor, players: int, games: int, seed: int, remaining: np.ndarray, lost: np.ndarray) -> FloorRate:
    s = stars_array(f, remaining, lost)
    passed = int((s > 0).sum())
    p, lo, hi = wilson(passed, games) if games else (math.nan, math.nan, math.nan)
    shares = tuple(100.0 * float((s == k).sum()) / games if games else math.nan for k in range(MAX_STARS + 1))
    return FloorRate(f, players, games, seed, passed, 100 * p, 100 * lo, 100 * hi,
                     shares,  # type: ignore[arg-type]
                     100.0 * float(lost.sum()) / games if games else math.nan)


def calibrate(players: int = 2, games: int = 4000, seed: int = 0, *, progress: Any = None,
              floors: Sequence["int | str | Floor"] | None = None, workers: int | None = 1) -> list[FloorRate]:
    """Play ``games`` games of every floor with the simple computer player on the fast simulation (rules §15.6).

    Args:
        players: players per game, 1 to 5 (the floors are tuned for 2).
        games: games per floor, 1 to 1,000,000 (the rule book's figures: 4000).
        seed: simulation seed; game ``i`` of a floor is ``Game.new(players, seed, rules=floor.rules, game=i)``.
        progress: ``None`` or a tqdm-like class (``tqdm.auto.tqdm``); the bar counts games over all floors
            and moves floor by floor.
        floors: the floors to play (default: all twelve, in order).
        workers: processes: 1 (default; what lessons use), 2 to 8, or ``None`` for one per core (never more
            than the cores); with 2 or more the floors are shared out over worker processes
            (:func:`paternoster.lift.fastsim.run_many`).  The results are the same.

    Returns:
        one :class:`FloorRate` per floor, in order.

    Raises:
        CampaignError: players not 1–5, games not 1–1,000,000, seed not 0 to 2**64 - 1, workers not 1–8 or
        ``None``, an unknown floor.
        TypeError: ``progress`` is not a tqdm-like class.
        All are raised before any game is played.

    >>> r = calibrate(games=50, floors=[1])[0]
    >>> r.floor.name, r.games, 0 <= r.low <= r.rate <= r.high <= 100, round(sum(r.star_shares))
    ('Probefahrt', 50, True, 100)
    >>> calibrate(players=6)
    Traceback (most recent call last):
    ...
    paternoster.campaign.floors.CampaignError: Floor 1 (Probefahrt) is for 1 to 5 players, not 6 (rules §15.1).
    """
    from ..lift import fastsim

    chosen = list(FLOORS) if floors is None else [floor(k) for k in floors]
    for f in chosen:
        players = _check_players(f, players)
    games = whole(games, "games (per floor)", 1, MAX_GAMES, error=CampaignError)
    seed = whole(seed, "seed", 0, MAX_SEED, error=CampaignError)
    if workers is not None:
        workers = whole(workers, "workers (processes)", 1, MAX_WORKERS, error=CampaignError)
    check_progress(progress, "calibrate")
    batches = fastsim.run_many([(f.rules, players, seed, 0, games) for f in chosen],
                               workers=fastsim.parallel_workers(workers))
    bar = progress_bar(progress, games * len(chosen), "calibrate")
    out = []
    try:
        describe(bar, f"{chosen[0].number} {chosen[0].name}" if chosen else "")
        for f, b in zip(chosen, batches):
            out.append(_rate(f, players, games, seed, b.remaining.astype(np.int64), b.outcome == 2))
            bar.update(games)
            nxt = len(out)
            if nxt < len(chosen):
                describe(bar, f"{chosen[nxt].number} {chosen[nxt].name}")
    finally:
        bar.close()
    return out


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
