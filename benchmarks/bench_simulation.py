"""Benchmark: the fast simulation (silent and talking) against the reference engine, blocks and memory.

Run:  .venv/bin/python benchmarks/bench_simulation.py [--games 20000] [--reference 100] [--repeats 3]
      .venv/bin/python benchmarks/bench_simulation.py --blocks 2500,5000,10000,20000,50000   # block sizes

Measures in one run, on the same deals (standard rules, 2 players), interleaved over the repeats
so that every figure sees the same machine load:

1. the reference engine (``Game`` + ``SimplePlayer`` / ``TalkingTeam``, one game at a time), games/s;
2. the fast simulation (``paternoster.lift.fastsim.run``), silent and talking, in one process and in
   two (``workers=2``, a reused pool of forked processes), games/s, and the ratios;
3. the whole difficulty table (every level × 4000 games, ``difficulty_table()``) in seconds;
4. games/s at 1,000, 10,000 and 100,000 games per call (silent, one process) and the peak memory
   of one call (tracemalloc: numpy's arrays included), to show that blocks keep both flat;
5. with ``--blocks``: games/s of 100,000 silent and talking games for each block size (how
   ``fastsim.BLOCK`` was chosen).

Prints medians (min–max) and the machine.  A measurement, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

from _machine import machine_line

from paternoster import STANDARD, Game
from paternoster.lift import fastsim
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.levels import LEVELS, difficulty_table
from paternoster.lift.talking import TalkingTeam


def reference_rate(games: int, seed: int, team) -> float:
    """Games per second of the reference engine on games 0..games-1 of the simulation ``seed``."""
    t = time.perf_counter()
    for i in range(games):
        team.play_game(Game.new(2, seed, game=i))
    return games / (time.perf_counter() - t)


def fast_rate(games: int, seed: int, player: str = "simple", workers: int = 1) -> float:
    """Games per second of the fast simulation on the same kind of games."""
    t = time.perf_counter()
    fastsim.run(STANDARD, 2, seed, 0, games, workers=workers, player=player)
    return games / (time.perf_counter() - t)


def peak_mb(games: int, player: str = "simple") -> float:
    """Peak memory (MB, tracemalloc) of one call of ``games`` games in this process."""
    tracemalloc.start()
    fastsim.run(STANDARD, 2, 0, 0, games, player=player)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def table_seconds(games: int, seed: int) -> float:
    t = time.perf_counter()
    difficulty_table(games=games, seed=seed)
    return time.perf_counter() - t


def _fmt(xs: list[float], unit: str = "games/s", digits: int = 0) -> str:
    m = statistics.median(xs)
    return f"{m:,.{digits}f} {unit} ({min(xs):,.{digits}f}–{max(xs):,.{digits}f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000, help="games per fast run (default 20000)")
    ap.add_argument("--reference", type=int, default=100, help="games per reference run (default 100)")
    ap.add_argument("--table-games", type=int, default=4000, help="games per level in the table (default 4000)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats; medians are printed (default 3)")
    ap.add_argument("--blocks", default="", help="comma-separated block sizes to compare (default: none)")
    args = ap.parse_args()
    print(machine_line())
    print(f"fastsim.BLOCK = {fastsim.BLOCK:,} games; reference games: {args.reference}, fast games: {args.games:,}, "
          f"repeats: {args.repeats} (medians, min–max)")
    fastsim.run(STANDARD, 2, 0, 0, 10)        # build the rule tables once, outside the timings
    difficulty_table(games=10)
    fastsim.run(STANDARD, 2, 0, 0, fastsim.PARALLEL_MIN, workers=2)   # start the pool outside the timings
    rows: dict[str, list[float]] = {k: [] for k in ("ref", "reft", "f1", "f2", "t1", "t2", "table",
                                                    "c1k", "c10k", "c100k", "t100k")}
    for k in range(args.repeats):     # interleaved, so all see the same machine load
        rows["ref"].append(reference_rate(args.reference, k, SimplePlayer()))
        rows["reft"].append(reference_rate(args.reference, k, TalkingTeam()))
        rows["f1"].append(fast_rate(args.games, k))
        rows["f2"].append(fast_rate(args.games, k, workers=2))
        rows["t1"].append(fast_rate(args.games, k, "talking"))
        rows["t2"].append(fast_rate(args.games, k, "talking", workers=2))
        rows["table"].append(table_seconds(args.table_games, k))
        rows["c1k"].append(fast_rate(1_000, k))
        rows["c10k"].append(fast_rate(10_000, k))
        rows["c100k"].append(fast_rate(100_000, k))
        rows["t100k"].append(fast_rate(100_000, k, "talking"))
    med = {k: statistics.median(v) for k, v in rows.items()}
    print(f"reference engine, silent (Game + SimplePlayer):    {_fmt(rows['ref'])}")
    print(f"reference engine, talking (Game + TalkingTeam):    {_fmt(rows['reft'])}")
    print(f"fast, silent, 1 process:                           {_fmt(rows['f1'])}")
    print(f"fast, silent, 2 processes:                         {_fmt(rows['f2'])}")
    print(f"fast, talking, 1 process:                          {_fmt(rows['t1'])}")
    print(f"fast, talking, 2 processes:                        {_fmt(rows['t2'])}")
    print(f"ratios: fast silent / reference silent {med['f1'] / med['ref']:,.0f}× (1 process), "
          f"{med['f2'] / med['ref']:,.0f}× (2); fast talking / reference talking {med['t1'] / med['reft']:,.0f}× (1), "
          f"{med['t2'] / med['reft']:,.0f}× (2); talking / silent, fast: {med['t1'] / med['f1']:.2f}")
    print(f"difficulty table ({len(LEVELS)} levels × {args.table_games:,} games): {_fmt(rows['table'], 's', 2)}")
    print(f"games per call, silent, 1 process: 1,000: {_fmt(rows['c1k'])}; 10,000: {_fmt(rows['c10k'])}; "
          f"100,000: {_fmt(rows['c100k'])}; talking 100,000: {_fmt(rows['t100k'])}")
    print(f"peak memory of one call (tracemalloc): silent 10,000 games {peak_mb(10_000):.0f} MB, 100,000 "
          f"{peak_mb(100_000):.0f} MB, 1,000,000 {peak_mb(1_000_000):.0f} MB; talking 100,000 "
          f"{peak_mb(100_000, 'talking'):.0f} MB")
    if args.blocks:
        block = fastsim.BLOCK
        for size in [int(x) for x in args.blocks.split(",")]:
            fastsim.BLOCK = size
            s = [fast_rate(100_000, k) for k in range(args.repeats)]
            t = [fast_rate(100_000, k, "talking") for k in range(args.repeats)]
            print(f"block {size:>7,}: 100,000 games silent {_fmt(s)}, talking {_fmt(t)}")
        fastsim.BLOCK = block
    fastsim.close_pools()


if __name__ == "__main__":
    main()
