"""Benchmark: Paskahousu simulation speed — 4-player games of the heuristic computer player.

Run:  .venv/bin/python benchmarks/bench_paskahousu.py [--games 3000] [--repeats 3] [--full 10000]

Prints the machine, the median games per second of ``simulate`` (the lean loop) over the
repeats, the wall-clock time of one ``simulate`` call with ``--full`` games (the issue's
"10,000 4-player games in a notebook cell"), and for comparison the games per second of the
full :class:`PaskahousuGame` (log, undo, Card objects) playing the same games.
A measurement, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine_line

from paternoster.paskahousu import replay_game, simulate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000, help="games per repeat (default 3000)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats; the median is printed (default 3)")
    ap.add_argument("--full", type=int, default=10_000, help="games in the one timed full run (default 10000)")
    ap.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    args = ap.parse_args()
    print(machine_line())
    rates = []
    for r in range(args.repeats):
        res = simulate(args.players, args.games, seed=r)
        rates.append(res.games_per_second)
    print(f"simulate, {args.players} heuristic players: median {statistics.median(rates):,.0f} games/s "
          f"over {args.repeats} runs of {args.games} games (runs: {', '.join(f'{x:,.0f}' for x in rates)})")
    t = time.perf_counter()
    res = simulate(args.players, args.full, seed=0)
    wall = time.perf_counter() - t
    share, lo, hi = res.stalemate_share()
    print(f"simulate({args.players}, {args.full:,}): {wall:.2f} s wall clock, mean {res.mean_turns:.1f} turns, "
          f"stalemates {res.stalemates} ({100 * share:.2f} %, 95 % {100 * lo:.2f}–{100 * hi:.2f} %)")
    print("  loss rate per seat: " + ", ".join(
        f"seat {k + 1} {100 * res.loss_rate(k)[0]:.1f} %" for k in range(args.players)))
    n = max(1, args.games // 10)
    full_rates = []
    for r in range(args.repeats):
        t = time.perf_counter()
        for i in range(n):
            replay_game(r, i, args.players)
        full_rates.append(n / (time.perf_counter() - t))
    print(f"PaskahousuGame (log, undo, cards), same games: median {statistics.median(full_rates):,.0f} games/s "
          f"over {args.repeats} runs of {n} games")


if __name__ == "__main__":
    main()
