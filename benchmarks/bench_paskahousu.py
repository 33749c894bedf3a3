"""Benchmark: Paskahousu simulation speed — heuristic computer players, standard game and every house rule.

Run:  .venv/bin/python benchmarks/bench_paskahousu.py [--games 10000] [--repeats 3] [--compare-games 2000]

Prints the machine, then

* the standard game: the median games per second of ``simulate`` (the lean loop) over the repeats,
  and for comparison the full :class:`PaskahousuGame` (log, undo, Card objects) on the same games;
* every house rule and option of Paskahousu rules §11 alone (4 players; Pöytäpaska 3, Zwei Blätter 6):
  the wall-clock time of ``--games`` heuristic games, the games per second, and which loop played them
  (``count`` = the count loop of fastsim, ``position`` = the position loop of fastpos, for Pöytäpaska and
  Valepaska);
* lesson 11's comparison (``compare_house_rules`` with every switch, 4 players, ``--compare-games`` each).

A measurement, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine_line

from paternoster.paskahousu import replay_game, simulate
from paternoster.paskahousu.compare import compare_house_rules
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules
from paternoster.paskahousu.fastsim import fast_loop_plays


def rule_sets() -> list[tuple[str, int]]:
    """Every switch and option as ``(name as house_rules reads it, players)``."""
    out = []
    for sw in HOUSE_RULE_SWITCHES:
        lo, hi = sw.players
        players = 4 if lo <= 4 <= hi else (3 if hi < 4 else lo)
        labels = [label for label, _ in sw.options]
        out.append((sw.name, players))
        out += [(f"{sw.name} ({label})", players) for label in labels[1:]]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per house rule (default 10000)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of the standard game; the median is printed")
    ap.add_argument("--compare-games", type=int, default=2000, help="games per row of the lesson-11 comparison")
    ap.add_argument("--no-compare", action="store_true", help="skip the lesson-11 comparison")
    ap.add_argument("--compare-only", action="store_true", help="only the lesson-11 comparison")
    ap.add_argument("--only", default="", help="only house rules whose name contains this text")
    args = ap.parse_args()
    print(machine_line())
    if args.compare_only:
        compare(args.compare_games)
        return
    rates = []
    for r in range(args.repeats):
        res = simulate(4, 3000, seed=r)
        rates.append(res.games_per_second)
    print(f"standard game, simulate 4 heuristic players: median {statistics.median(rates):,.0f} games/s over "
          f"{args.repeats} runs of 3000 games (runs: {', '.join(f'{x:,.0f}' for x in rates)})")
    n = 100
    t = time.perf_counter()
    for i in range(n):
        replay_game(0, i, 4)
    print(f"standard game, PaskahousuGame (log, undo, cards), same games: {n / (time.perf_counter() - t):,.0f} games/s")
    print()
    print("'vs std': the median over three rounds of (500 games of the house rule) / (500 standard games at the")
    print("same table size, played just before) in games/s, so that it stays readable when the machine is shared.")
    print("'turns': the mean and median of the finished games; a game stopped at the turn cap is a stalemate.")
    print(f"{'house rule':48} {'players':>7} {'games':>7} {'seconds':>8} {'games/s':>9} {'vs std':>7}  loop       "
          f"turns (mean, median)  stalemates")
    for name, players in rule_sets():
        if args.only and args.only.casefold() not in name.casefold():
            continue
        rules = house_rules(name, players=players)
        games = args.games
        small = 500
        ratio = statistics.median(simulate(players, small, seed=r + 1, rules=rules).games_per_second
                                  / simulate(players, small, seed=r + 1).games_per_second for r in range(3))
        t = time.perf_counter()
        res = simulate(players, games, seed=0, rules=rules)
        wall = time.perf_counter() - t
        print(f"{name:48} {players:>7} {games:>7,} {wall:>8.2f} {games / wall:>9,.0f} {ratio:>7.2f}  "
              f"{'count' if fast_loop_plays(rules) else 'position':9}  "
              f"{res.finished_mean_turns:>12.1f}, {res.finished_median_turns:>6g}  "
              f"{100 * res.stalemate_share()[0]:.2f} %", flush=True)
    if args.no_compare:
        return
    print()
    compare(args.compare_games)


def compare(games: int) -> None:
    """Time lesson 11's comparison: every switch that allows 4 players against the standard game."""
    t = time.perf_counter()
    comp = compare_house_rules(None, players=4, games=games, seed=0)
    wall = time.perf_counter() - t
    print(f"lesson 11 comparison, compare_house_rules(None, players=4, games={games}): {wall:.2f} s wall clock "
          f"for {len(comp.rows)} rule sets ({', '.join(f'{r.name}: {r.result.engine}' for r in comp.rows)})")
    print("  seconds per row: " + ", ".join(f"{r.name} {r.result.seconds:.2f}" for r in comp.rows))
    print(comp.summary())


if __name__ == "__main__":
    main()
