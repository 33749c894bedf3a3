"""The kit's speed table: every speed the README states, measured in one run, with the machine and its load.

Run:  .venv/bin/python benchmarks/speed_table.py [--repeats 5]

One Markdown table, each row the median (and the range) of ``--repeats`` runs; the rows are measured
interleaved (one of each per round), so every row sees the same machine load.  Printed first: the
machine (processor, cores, Python, numpy) and the load average before and after, since on a shared
machine the absolute figures move with the load.  The README's Speed section is this command's
output, pasted; the other scripts in benchmarks/ look deeper into one part.  A measurement, not a
test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time
from collections.abc import Callable

from _machine import machine_line
from bench_simulation import fast_rate, reference_rate, table_seconds

from paternoster import STANDARD
from paternoster.campaign import FLOORS, calibrate
from paternoster.lift import fastsim
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.levels import LEVELS, difficulty_table
from paternoster.lift import coach_examples
from paternoster.lift import evaluation as lift_coach
from paternoster.paskahousu import PaskahousuGame, replay_game, simulate
from paternoster.paskahousu import evaluation as paskahousu_coach
from paternoster.paskahousu.bots import HeuristicPlayer
from paternoster.paskahousu.rules import HouseRules

FAST_GAMES = 20_000          # Paternoster games per fast-simulation run
REFERENCE_GAMES = 100        # Paternoster games per reference-engine run
LEVEL_GAMES = 4000           # games per level / floor, as lessons 6 and 7 use
PASKAHOUSU_GAMES = 3000      # Paskahousu games per run, 4 heuristic players
PASKAHOUSU_REFERENCE = 100   # the same games on the full PaskahousuGame
HOUSE_RULE_GAMES = 2000      # Pöytäpaska (3 players) and Valepaska (4 players) games per run
ROLLOUTS = 400               # the coach's rollouts per option ("How good was that?")
TABLE_CARDS = HouseRules(table_cards=True)
BLUFF = HouseRules(bluff=True)


def load() -> str:
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 minutes)"
    except OSError:
        return "unknown"


def _calibration_seconds(seed: int) -> float:
    t = time.perf_counter()
    calibrate(2, LEVEL_GAMES, seed, workers=1)
    return time.perf_counter() - t


def _paskahousu_reference_rate(seed: int) -> float:
    t = time.perf_counter()
    for i in range(PASKAHOUSU_REFERENCE):
        replay_game(seed, i, 4)
    return PASKAHOUSU_REFERENCE / (time.perf_counter() - t)


#: (what is measured, unit, how: seed -> the figure)
def _paskahousu_position(rules: HouseRules, players: int, moves: int) -> PaskahousuGame:
    """Deal 3 of ``rules`` after ``moves`` actions of heuristic players (a mid-game turn to measure)."""
    g = PaskahousuGame.new(players, 3, rules=rules)
    bots = [HeuristicPlayer(k) for k in range(players)]
    for _ in range(moves):
        g.apply_action(bots[g.to_move].choose(g))
    return g


def _coach_seconds(evaluate: Callable[..., object], game: object) -> Callable[[int], float]:
    """Seconds for one turn: every option of the player to move × ROLLOUTS paired rollouts."""
    def measure(seed: int) -> float:
        t = time.perf_counter()
        evaluate(game, game.to_move, rollouts=ROLLOUTS, seed=seed)  # type: ignore[attr-defined]
        return time.perf_counter() - t
    return measure


_LIFT_TURN = coach_examples.first_turn()
_PASK_TURNS = {name: _paskahousu_position(rules, players, moves)
               for name, rules, players, moves in (("standard", HouseRules(), 4, 12),
                                                   ("Pöytäpaska", TABLE_CARDS, 3, 30),
                                                   ("Valepaska", BLUFF, 4, 33))}

ROWS: list[tuple[str, str, Callable[[int], float]]] = [
    (f"Paternoster, fast simulation, silent, 1 process ({FAST_GAMES:,} games, 2 players)", "games/s",
     lambda k: fast_rate(FAST_GAMES, k)),
    (f"Paternoster, fast simulation, silent, 2 processes ({FAST_GAMES:,} games)", "games/s",
     lambda k: fast_rate(FAST_GAMES, k, workers=2)),
    (f"Paternoster, fast simulation, talking team, 1 process ({FAST_GAMES:,} games)", "games/s",
     lambda k: fast_rate(FAST_GAMES, k, "talking")),
    (f"Paternoster, reference engine, simple player ({REFERENCE_GAMES} games)", "games/s",
     lambda k: reference_rate(REFERENCE_GAMES, k, SimplePlayer())),
    (f"difficulty table, {len(LEVELS)} levels × {LEVEL_GAMES:,} games, 1 process (lesson 6a)", "s",
     lambda k: table_seconds(LEVEL_GAMES, k)),
    (f"campaign calibration, {len(FLOORS)} floors × {LEVEL_GAMES:,} games, 1 process (lesson 7)", "s",
     _calibration_seconds),
    (f"Paskahousu, simulate, 4 heuristic players ({PASKAHOUSU_GAMES:,} games)", "games/s",
     lambda k: simulate(4, PASKAHOUSU_GAMES, seed=k).games_per_second),
    (f"Paskahousu, full PaskahousuGame, the same games ({PASKAHOUSU_REFERENCE} games)", "games/s",
     _paskahousu_reference_rate),
    (f"Paskahousu, simulate, Pöytäpaska, 3 players ({HOUSE_RULE_GAMES:,} games)", "games/s",
     lambda k: simulate(3, HOUSE_RULE_GAMES, seed=k, rules=TABLE_CARDS).games_per_second),
    (f"Paskahousu, simulate, Valepaska, 4 players ({HOUSE_RULE_GAMES:,} games)", "games/s",
     lambda k: simulate(4, HOUSE_RULE_GAMES, seed=k, rules=BLUFF).games_per_second),
    (f"Paternoster coach, first turn of deal 1 (3 players, {len(lift_coach.options(_LIFT_TURN))} options) "
     f"× {ROLLOUTS} rollouts", "s", _coach_seconds(lift_coach.evaluate, _LIFT_TURN)),
] + [
    (f"Paskahousu coach, {name} turn ({len(paskahousu_coach.coach_options(g))} options) × {ROLLOUTS} rollouts",
     "s", _coach_seconds(paskahousu_coach.evaluate, g)) for name, g in _PASK_TURNS.items()
]


def _cell(x: float, unit: str) -> str:
    return f"{x:,.2f}" if unit == "s" else f"{x:,.0f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5, help="rounds; medians are printed (default 5)")
    args = ap.parse_args()
    print(machine_line())
    print(f"date: {datetime.date.today().isoformat()}; load average before: {load()}")
    fastsim.run(STANDARD, 2, 0, 0, 10)       # rule tables built once, outside the timings
    fastsim.run(STANDARD, 2, 0, 0, fastsim.PARALLEL_MIN, workers=2)   # the worker pool started
    difficulty_table(games=10)
    simulate(4, 10, seed=0)
    runs: list[list[float]] = [[] for _ in ROWS]
    for k in range(args.repeats):                   # interleaved: every row sees the same load
        for row, (_, _, measure) in zip(runs, ROWS):
            row.append(measure(k))
    fastsim.close_pools()
    print(f"load average after: {load()}; {args.repeats} runs per row, interleaved")
    print()
    print("| measured | median | min – max | unit |")
    print("| --- | ---: | ---: | --- |")
    for (what, unit, _), row in zip(ROWS, runs):
        print(f"| {what} | {_cell(statistics.median(row), unit)} | {_cell(min(row), unit)} – "
              f"{_cell(max(row), unit)} | {unit} |")


if __name__ == "__main__":
    main()
