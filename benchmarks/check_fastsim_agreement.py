"""Long check: the fast simulation of the simple player agrees with the reference engine, game for game.

Run:  .venv/bin/python benchmarks/check_fastsim_agreement.py [--games 200] [--extra 60]

For every difficulty level ``--games`` games (seed 100 + the level's place), and for the rule sets of the
rule book's claims and some combinations ``--extra`` games, each game is played by
:func:`paternoster.lift.fastsim.run` and again by :class:`~paternoster.lift.bots.SimplePlayer` on the
reference engine (:func:`paternoster.lift.agreement.differences`); the remaining cards, outcome, reason
and final turn must be the same.  The test suite (tests/lift/test_fastsim.py) checks 40 games per level
and 20 per extra rule set; this script is the long version.  Exits with status 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time

from _machine import machine_line

from paternoster import STANDARD, make_rules
from paternoster.lift.agreement import differences
from paternoster.lift.levels import LEVELS
from paternoster.lift.variants import preset

EXTRA = [*[(make_rules("notruf-marken", tokens=k), 2) for k in (1, 2, 3, 4)],
         (STANDARD, 1), (STANDARD, 3), (STANDARD, 4), (STANDARD, 5),
         (preset("Hochhaus 4"), 8), (preset("Hochhaus 5"), 7),
         (make_rules("feuer", "befehle"), 3), (make_rules("fahrgaeste", "feuer", tokens=2), 2),
         (make_rules("befehle", tokens=3), 2), (preset("Fahrgäste 5"), 2), (make_rules("kinderfahrt", "feuer"), 2),
         (make_rules("kurze-fahrt", "befehle-light", "steil"), 3), (make_rules("sanduhr", "liftfuehrer"), 3),
         (make_rules("weitergeben"), 2), (make_rules("weitergeben"), 4),
         (make_rules("weitergeben", "notruf-marken", "feuer"), 3), (make_rules("weitergeben", "fahrgaeste", "befehle"), 3)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    ap.add_argument("--extra", type=int, default=60, help="games per extra rule set (default 60)")
    args = ap.parse_args()
    print(machine_line())
    failed = total = 0
    cases = [(lv.rules, lv.players, 100 + k, 0, args.games, lv.name) for k, lv in enumerate(LEVELS)]
    cases += [(r, p, 7, 1000, args.extra, f"{r.name} ({p} players)") for r, p in EXTRA]
    for rules, players, seed, first, games, name in cases:
        t = time.perf_counter()
        bad = differences(rules, players, seed, first, games)
        total += games
        failed += len(bad)
        print(f"{name:60} {games:4} games, {len(bad)} differ  ({time.perf_counter() - t:.0f} s)"
              + (f"  first: {bad[0]}" if bad else ""), flush=True)
    print(f"{total} games, {failed} differ")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
