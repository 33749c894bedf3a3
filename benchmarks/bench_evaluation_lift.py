"""Benchmark: the Paternoster evaluator ("How good was that?") on the fast start against the reference engine.

Run:  .venv/bin/python benchmarks/bench_evaluation_lift.py [--rollouts 400] [--reference 10] [--repeats 3]
      .venv/bin/python benchmarks/bench_evaluation_lift.py --exact 100     # the brute-force endgame check

Measures in one run, on the same positions (the first turn and a later turn of dealt games: standard rules
3 players, Weitergeben + Notruf-Marken 2 players, Feuer + Befehle 3 players):

1. the time of one turn's evaluation, ``evaluate(game, seat, rollouts=400)`` (every option × 400 paired
   rollouts on the fast start, :mod:`paternoster.lift.fastsim_start`), and its options × rollouts per second;
2. the reference engine's options × rollouts per second on the same positions and re-deals
   (:func:`paternoster.lift.evaluation.reference_values`, ``--reference`` rollouts per option), and the ratio;
   the same turn with the talking team finishing the games (``player="talking"``), fast, in seconds;
3. with ``--exact N``: N small endgames (3 cards in hand, 2 in the other hand, 2 in the draw pile) solved
   exactly by playing out every order of the 4 hidden cards, and how often the evaluator's 400 rollouts rank
   two options the same way (all pairs, and pairs a card or more apart) and pick an exactly best option.

Prints medians (min–max), the machine, and CPU seconds (one process, one core).  A measurement, not a test.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

import numpy as np
from _machine import machine_line

from paternoster import STANDARD, Game, make_rules
from paternoster.core.cards import full_deck
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.evaluation import evaluate, hidden_cards, options, redeals, reference_values


def positions() -> list[tuple[str, Game]]:
    out = []
    for name, rules, players in (("standard, 3 players", STANDARD, 3),
                                 ("Weitergeben + Notruf-Marken, 2 players", make_rules("weitergeben", "notruf-marken"), 2),
                                 ("Feuer + Befehle, 3 players", make_rules("feuer", "befehle"), 3)):
        for seed, steps in ((1, 0), (2, 25)):
            g = Game.new(players, seed, rules=rules)
            for _ in range(steps):
                g.apply_action(SimplePlayer().choose(g))
            out.append((f"{name}, turn {g.turn}", g))
    return out


def spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3g} ({min(xs):.3g}–{max(xs):.3g})"


def speed(rollouts: int, reference: int, repeats: int) -> None:
    print(f"{'position':48} {'options':>7} {'one turn × %d (s)' % rollouts:>18} {'fast opt×roll/s':>16} "
          f"{'reference opt×roll/s':>21} {'ratio':>6} {'talking (s)':>12}")
    turns, talks = [], []
    for name, g in positions():
        n_opts = len(options(g))
        pool, _ = hidden_cards(g, g.to_move)
        deals = redeals(len(pool), reference, 0)
        fast_t, cpu_t, ref_rates, talk_t = [], [], [], []
        for _ in range(repeats):
            t, c = time.perf_counter(), time.process_time()
            evaluate(g, g.to_move, rollouts=rollouts, seed=0)
            fast_t.append(time.perf_counter() - t)
            cpu_t.append(time.process_time() - c)
            t = time.perf_counter()
            reference_values(g, g.to_move, options(g), deals)
            ref_rates.append(n_opts * reference / (time.perf_counter() - t))
            t = time.perf_counter()
            evaluate(g, g.to_move, rollouts=rollouts, seed=0, player="talking")
            talk_t.append(time.perf_counter() - t)
        turns.extend(fast_t)
        talks.extend(talk_t)
        fast_rate = n_opts * rollouts / statistics.median(fast_t)
        print(f"{name:48} {n_opts:7d} {spread(fast_t):>18} {fast_rate:16,.0f} {statistics.median(ref_rates):21,.0f} "
              f"{fast_rate / statistics.median(ref_rates):6.0f} {statistics.median(talk_t):12.3f}   "
              f"(CPU {statistics.median(cpu_t):.3f} s)")
    print(f"one turn's options × {rollouts} rollouts: median {statistics.median(turns):.3f} s, "
          f"slowest {max(turns):.3f} s (wall clock); talking team: median {statistics.median(talks):.3f} s")


def endgame(seed: int) -> Game | None:
    rnd = random.Random(seed)
    deck = full_deck(2)
    rnd.shuffle(deck)
    piles = [[deck.pop()] if rnd.random() < 0.7 else [] for _ in range(4)]
    hands = [[deck.pop() for _ in range(3)], [deck.pop() for _ in range(2)]]
    g = Game.from_position(hands, piles=piles, draw_pile=[deck.pop(), deck.pop()], players=2, hand_size_check=False)
    return g if not g.is_terminal() and len(options(g)) >= 2 else None


def exact(count: int) -> None:
    positions_ = pairs = agree = clear = clear_agree = best_ok = too_close_wrong = 0
    seed = 0
    while positions_ < count:
        g = endgame(seed)
        seed += 1
        if g is None:
            continue
        pool, _ = hidden_cards(g, g.to_move)
        every = np.array(list(itertools.permutations(range(len(pool)))))
        truth = reference_values(g, g.to_move, options(g), every)[0].mean(axis=1)
        ev = evaluate(g, g.to_move, rollouts=400, seed=seed)
        rows = {row.option: row for row in ev.options}
        est = np.array([rows[a].mean for a in options(g)])
        positions_ += 1
        best_ok += bool(truth[int(np.argmin(est))] <= truth.min() + 0.25)
        best = options(g)[int(np.argmin(est))]
        for i, j in itertools.combinations(range(len(truth)), 2):
            if truth[i] == truth[j]:
                continue
            pairs += 1
            same = (truth[i] < truth[j]) == (est[i] < est[j])
            agree += same
            if abs(truth[i] - truth[j]) >= 1:
                clear += 1
                clear_agree += same
        for k, a in enumerate(options(g)):   # a row called clearly worse than the best must be worse exactly
            row = rows[a]
            if not row.best and not row.too_close and truth[k] <= truth[options(g).index(best)]:
                too_close_wrong += 1
    print(f"exact check: {positions_} endgames (4 hidden cards, 24 orders each); pairs of options ranked as the exact "
          f"answer: {agree} of {pairs}; pairs a card or more apart: {clear_agree} of {clear}; best option exactly "
          f"best (within 0.25 cards): {best_ok} of {positions_}; rows called clearly worse that are not: "
          f"{too_close_wrong}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rollouts", type=int, default=400)
    ap.add_argument("--reference", type=int, default=10, help="rollouts per option on the reference engine")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--exact", type=int, default=0, help="endgames for the brute-force check (0: none)")
    a = ap.parse_args()
    print(machine_line())
    speed(a.rollouts, a.reference, a.repeats)
    if a.exact:
        exact(a.exact)


if __name__ == "__main__":
    main()
