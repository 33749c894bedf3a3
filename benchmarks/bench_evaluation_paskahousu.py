"""Benchmark: the Paskahousu evaluator ("How good was that?") and the position loop behind it.

Run:  .venv/bin/python benchmarks/bench_evaluation_paskahousu.py [--rollouts 400] [--reference-rollouts 40]
      [--games 10000]

Prints the machine, then

* for a position in the middle of a game of the standard rules (4 players), Pöytäpaska (3) and Valepaska (4):
  the options, the time of one turn's evaluation with ``--rollouts`` paired rollouts on the position loop
  (``engine="fast"``) and options × rollouts per second, beside the same evaluation on the reference game
  (``engine="reference"``, ``--reference-rollouts``) in the same run — both give the same answer;
* the wall-clock time of ``--games`` simulated Pöytäpaska (3 players) and Valepaska (4 players) games of
  heuristic players (``simulate``, the position loop).

Each time is given as wall clock and as the process's CPU time (``time.process_time``): on a shared machine the
CPU time is close to what one free core takes.  A measurement, not a test: nothing here fails on timing.
"""

from __future__ import annotations

import argparse
import time

from _machine import machine_line

from paternoster.paskahousu import HeuristicPlayer, HouseRules, PaskahousuGame, simulate
from paternoster.paskahousu.evaluation import evaluate

CASES = (("standard", HouseRules(), 4, 1, 27), ("Pöytäpaska", HouseRules(table_cards=True), 3, 2, 30),
         ("Valepaska", HouseRules(bluff=True), 4, 3, 33))


def position(rules: HouseRules, players: int, seed: int, moves: int) -> PaskahousuGame:
    """Game ``seed`` after ``moves`` actions of heuristic players."""
    g = PaskahousuGame.new(players, seed, rules=rules)
    bots = [HeuristicPlayer(k) for k in range(players)]
    for _ in range(moves):
        g.apply_action(bots[g.to_move].choose(g))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rollouts", type=int, default=400, help="rollouts per option on the position loop")
    ap.add_argument("--reference-rollouts", type=int, default=40, help="rollouts per option on the reference game")
    ap.add_argument("--games", type=int, default=10_000, help="simulated Pöytäpaska and Valepaska games")
    args = ap.parse_args()
    print(machine_line())
    print(f"{'rules':12} {'players':>7} {'options':>7} {'fast: wall s':>12} {'cpu s':>6} {'opt×roll/s (cpu)':>16} "
          f"{'reference: cpu s':>16} {'opt×roll/s (cpu)':>16} {'× faster':>8}")
    for name, rules, players, seed, moves in CASES:
        g = position(rules, players, seed, moves)
        t, c = time.perf_counter(), time.process_time()
        ev = evaluate(g, g.to_move, rollouts=args.rollouts, seed=1)
        wall, fast = time.perf_counter() - t, time.process_time() - c
        c = time.process_time()
        evaluate(g, g.to_move, rollouts=args.reference_rollouts, seed=1, engine="reference")
        ref = time.process_time() - c
        n = len(ev.options)
        fast_rate, ref_rate = n * args.rollouts / fast, n * args.reference_rollouts / ref
        print(f"{name:12} {players:>7} {n:>7} {wall:>12.2f} {fast:>6.2f} {fast_rate:>16,.0f} {ref:>16.2f} "
              f"{ref_rate:>16,.0f} {fast_rate / ref_rate:>8.1f}", flush=True)
    print()
    for name, rules, players in (("Pöytäpaska", HouseRules(table_cards=True), 3),
                                 ("Valepaska", HouseRules(bluff=True), 4)):
        t, c = time.perf_counter(), time.process_time()
        r = simulate(players, args.games, seed=0, rules=rules)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        print(f"{name}: {args.games:,} games of {players} heuristic players in {wall:.2f} s wall, {cpu:.2f} s CPU "
              f"({args.games / cpu:,.0f} games/s CPU, engine {r.engine}; {r.turns_words()})", flush=True)


if __name__ == "__main__":
    main()
