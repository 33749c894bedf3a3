"""Benchmark: the vectorised simulation against the reference engine, and the whole difficulty table.

Run:  .venv/bin/python benchmarks/bench_simulation.py [--games 25000] [--reference 300] [--repeats 5]

Measures, in the same run and on the same deals (standard rules, 2 players, the simple player):

1. the reference engine (``Game`` + ``SimplePlayer``, one game at a time) in games per second;
2. the vectorised simulation (``paternoster.fastsim.run``) in games per second, in one process
   and shared out over one process per core (``workers``; forked, Linux);
3. their ratios;
4. the whole difficulty table (every level × 4000 games, ``difficulty_table()``) in seconds.

Prints medians over the repeats and the machine.  A measurement, not a test: nothing here
fails on timing (issue 5 asks for ≥ 25,000 games/s, ≥ 50× the reference engine, table < 5 s).
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine_line

from paternoster import STANDARD, Game
from paternoster.bots import SimplePlayer
from paternoster.fastsim import parallel_workers, run
from paternoster.levels import LEVELS, difficulty_table


def reference_rate(games: int, seed: int) -> float:
    """Games per second of the reference engine on games 0..games-1 of the simulation ``seed``."""
    player = SimplePlayer()
    t = time.perf_counter()
    for i in range(games):
        player.play_game(Game.new(2, seed, game=i))
    return games / (time.perf_counter() - t)


def fast_rate(games: int, seed: int, workers: int = 1) -> float:
    """Games per second of the vectorised simulation on the same kind of games."""
    t = time.perf_counter()
    run(STANDARD, 2, seed, 0, games, workers=workers)
    return games / (time.perf_counter() - t)


def table_seconds(games: int, seed: int) -> float:
    t = time.perf_counter()
    difficulty_table(games=games, seed=seed)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=25_000, help="games per fast run (default 25000)")
    ap.add_argument("--reference", type=int, default=300, help="games per reference run (default 300)")
    ap.add_argument("--table-games", type=int, default=4000, help="games per level in the table (default 4000)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats; medians are printed (default 5)")
    args = ap.parse_args()
    print(machine_line())
    run(STANDARD, 2, 0, 0, 10)        # build the rule tables once, outside the timings
    difficulty_table(games=10)
    cores = parallel_workers(None)
    ref, fast, many, table = [], [], [], []
    for k in range(args.repeats):     # interleaved, so all see the same machine load
        ref.append(reference_rate(args.reference, seed=k))
        fast.append(fast_rate(args.games, seed=k))
        many.append(fast_rate(args.games, seed=k, workers=cores))
        table.append(table_seconds(args.table_games, seed=k))
    r, f, m = statistics.median(ref), statistics.median(fast), statistics.median(many)
    print(f"reference engine (Game + SimplePlayer), Normal, 2 players: median {r:,.0f} games/s "
          f"(min {min(ref):,.0f}, max {max(ref):,.0f}; {args.repeats} × {args.reference} games)")
    print(f"vectorised simulation (fastsim.run), Normal, 2 players:   median {f:,.0f} games/s "
          f"(min {min(fast):,.0f}, max {max(fast):,.0f}; {args.repeats} × {args.games:,} games)")
    print(f"vectorised simulation, {cores} processes (workers={cores}):      median {m:,.0f} games/s "
          f"(min {min(many):,.0f}, max {max(many):,.0f})")
    print(f"ratio: {f / r:,.0f}× the reference engine in one process, {m / r:,.0f}× with {cores} "
          f"(medians of the same run)")
    print(f"difficulty table ({len(LEVELS)} levels × {args.table_games:,} games = "
          f"{len(LEVELS) * args.table_games:,} games): median {statistics.median(table):.2f} s "
          f"(min {min(table):.2f}, max {max(table):.2f})")


if __name__ == "__main__":
    main()
