"""Benchmark: the campaign's live calibration — every floor × 4000 games (issue 15: under 3 s on 2 cores).

Run:  .venv/bin/python benchmarks/bench_campaign.py [--games 4000] [--players 2] [--repeats 5]

Measures, interleaved over the repeats so that every figure sees the same machine load:

1. ``calibrate()`` in one process (``workers=1``, what the lessons use): wall seconds and the CPU
   seconds of this process (the CPU time shows the work itself when other programs share the machine);
2. ``calibrate(workers=2)``: the floors shared over two worker processes (``fastsim.run_many``), wall
   seconds (the pool is started once, outside the timings, as the command line reuses it);
3. the command line ``python -m paternoster campaign`` as a new process (start-up included), wall seconds;
4. the seconds of each floor (one process), to show which floors cost most.

Prints the machine, the load average before and after, and medians (min–max).  A measurement, not a
test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _machine import machine_line

from paternoster.lift import fastsim
from paternoster.campaign import FLOORS, calibrate

ROOT = Path(__file__).resolve().parents[1]


def _fmt(xs: list[float], unit: str = "s", digits: int = 2) -> str:
    return f"{statistics.median(xs):,.{digits}f} {unit} ({min(xs):,.{digits}f}–{max(xs):,.{digits}f})"


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def one_process(players: int, games: int, seed: int) -> tuple[float, float]:
    """(wall s, CPU s of this process) of ``calibrate`` in one process."""
    w, c = time.perf_counter(), time.process_time()
    calibrate(players, games, seed, workers=1)
    return time.perf_counter() - w, time.process_time() - c


def two_processes(players: int, games: int, seed: int) -> float:
    w = time.perf_counter()
    calibrate(players, games, seed, workers=2)
    return time.perf_counter() - w


def command_line(players: int, games: int, seed: int) -> float:
    w = time.perf_counter()
    subprocess.run([sys.executable, "-m", "paternoster", "campaign", "--players", str(players), "--games", str(games),
                    "--seed", str(seed), "--no-progress"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000, help="games per floor (default 4000)")
    ap.add_argument("--players", type=int, default=2, help="players (default 2)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats; medians are printed (default 5)")
    args = ap.parse_args()
    print(machine_line())
    print(f"load average before: {_load()}")
    print(f"{len(FLOORS)} floors × {args.games:,} games, {args.players} players, repeats: {args.repeats} "
          f"(medians, min–max; seed = repeat number)")
    calibrate(args.players, 10, 0)                               # build the rule tables once, outside the timings
    calibrate(args.players, fastsim.PARALLEL_MIN, 0, workers=2, floors=[1, 2])   # start the pool outside them
    rows: dict[str, list[float]] = {"w1": [], "c1": [], "w2": [], "cli": []}
    per_floor: dict[int, list[float]] = {f.number: [] for f in FLOORS}
    for k in range(args.repeats):
        w, c = one_process(args.players, args.games, k)
        rows["w1"].append(w)
        rows["c1"].append(c)
        rows["w2"].append(two_processes(args.players, args.games, k))
        rows["cli"].append(command_line(args.players, args.games, k))
        for f in FLOORS:
            t = time.perf_counter()
            calibrate(args.players, args.games, k, floors=[f])
            per_floor[f.number].append(time.perf_counter() - t)
    total = len(FLOORS) * args.games
    print(f"calibrate, 1 process:            {_fmt(rows['w1'])} wall, {_fmt(rows['c1'])} CPU "
          f"({total / statistics.median(rows['c1']):,.0f} games per CPU second)")
    print(f"calibrate, 2 worker processes:   {_fmt(rows['w2'])} wall")
    print(f"python -m paternoster campaign:  {_fmt(rows['cli'])} wall (new process, start-up and both cores)")
    print("per floor, 1 process (s): " + ", ".join(f"{f.number} {f.name} {statistics.median(per_floor[f.number]):.2f}"
                                                   for f in FLOORS))
    print(f"load average after: {_load()}")
    fastsim.close_pools()


if __name__ == "__main__":
    main()
