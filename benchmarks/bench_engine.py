"""Benchmark: how fast the reference engine plays whole games, and how fast a record replays.

Run:  .venv/bin/python benchmarks/bench_engine.py [--games 200] [--repeats 5]

Prints medians over the repeats (games per second, milliseconds per replay) and the machine.
A measurement, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine_line

from paternoster import Game
from paternoster.lift.bots import SimplePlayer


def play_games(games: int, players: int) -> list[Game]:
    bot, out = SimplePlayer(), []
    for seed in range(games):
        g = Game.new(players=players, seed=seed)
        while not g.is_terminal():
            bot.play_turn(g)
        out.append(g)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per repeat (default 200)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats; the median is printed (default 5)")
    args = ap.parse_args()
    print(machine_line())
    rates, replays = [], []
    for _ in range(args.repeats):
        t = time.perf_counter()
        games = play_games(args.games, players=2)
        rates.append(args.games / (time.perf_counter() - t))
        record = max(games, key=lambda g: len(g.actions)).to_record()
        t = time.perf_counter()
        Game.from_record(record)
        replays.append((time.perf_counter() - t) * 1000)
    print(f"reference engine, SimplePlayer, 2 players: median {statistics.median(rates):,.0f} games/s "
          f"(min {min(rates):,.0f}, max {max(rates):,.0f}; {args.repeats} × {args.games} games)")
    print(f"replay of the longest record ({len(record['actions'])} actions): median "
          f"{statistics.median(replays):.1f} ms")


if __name__ == "__main__":
    main()
