"""How hard each floor is: the simple computer player rides every floor on the fast simulation (rules §15.6).

:func:`calibrate` plays many games of each floor and gives each floor's pass rate with its 95 %
interval (Wilson) and the share of rides with 0, 1, 2 and 3 stars (:class:`FloorRate`), next to the
rule book's figure: a floor with a target of its own (:attr:`~paternoster.campaign.floors.Floor.target`)
should land on it, every other floor inside :data:`MIDDLE_BAND` (rules §15.6).

>>> r = calibrate(games=50, floors=[1])[0]
>>> r.floor.name, r.games, r.target_text
('Probefahrt', 50, '79 %')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from ..core.checks import MAX_GAMES, MAX_SEED, MAX_WORKERS, whole
from ..core.stats import check_progress, describe, progress_bar, wilson
from .floors import FLOORS, MAX_STARS, CampaignError, Floor, check_players, floor
from .scoring import stars_array

__all__ = ["FloorRate", "calibrate", "MIDDLE_BAND", "TARGET_SLACK", "TUNED_PLAYERS"]

#: The band of pass rates (percent, two players) for every floor without a target of its own (rules §15.6).
MIDDLE_BAND = (40.0, 62.0)
#: The player count the floors are tuned for (rules §15.6).
TUNED_PLAYERS = 2
#: How far (percentage points) a floor with a target may miss it when its 95 % interval does not hold it.
TARGET_SLACK = 2.0


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
    # the pass rate as the star shares are computed (100 × count / games), so a floor that only gives three
    # stars shows the same figure for both (60.175 would round one way as 100 × 0.60175, the other as 240700 / 4000)
    rate = 100.0 * passed / games if games else math.nan
    return FloorRate(f, players, games, seed, passed, rate, 100 * lo, 100 * hi,
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
        floors: the floors to play (default: every floor, in order).
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
        players = check_players(f, players)
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
