"""Long check: the fast talking team agrees with the reference engine, game for game, on many seeds.

Run:  .venv/bin/python benchmarks/check_talking_agreement.py [--games 200] [--extra 100]

For every difficulty level, ``--games`` games (seed 100 + the level's place), and for rule sets
where talking works differently (Liftführer, Stille Fahrt, Befehle with Schweigen, 3–6 players)
``--extra`` games, each game is played by :func:`paternoster.lift.fastsim.run` with ``player="talking"``
and again by :class:`~paternoster.lift.talking.TalkingTeam` on the reference engine; the remaining
cards, outcome, reason and final turn must be the same.  The test suite checks fewer games per rule
set (tests/lift/test_fastsim_talking.py), because the reference engine plays only about 10–20 talking
games per second; this script is the long version.  Exits with status 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
import time

from _machine import machine_line

from paternoster import make_rules
from paternoster.lift.agreement import differences
from paternoster.lift.levels import LEVELS
from paternoster.lift.variants import preset

EXTRA = [(preset("Liftführer"), 2), (preset("Liftführer"), 3), (make_rules("liftfuehrer", "befehle"), 3),
         (make_rules("liftfuehrer", "fahrgaeste", "feuer"), 2), (make_rules("stille-fahrt"), 2),
         (make_rules("befehle"), 3), (make_rules("befehle-light", "fahrgaeste", "feuer", tokens=2), 3),
         (make_rules("kinderfahrt", "befehle"), 2), (preset("Normal"), 4), (preset("Normal"), 5)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    ap.add_argument("--extra", type=int, default=100, help="games per extra rule set (default 100)")
    args = ap.parse_args()
    print(machine_line())
    failed = total = 0
    cases = [(lv.rules, lv.players, 100 + k, 0, args.games, lv.name) for k, lv in enumerate(LEVELS)]
    cases += [(r, p, 7, 1000, args.extra, f"{r.name} ({p} players)") for r, p in EXTRA]
    for rules, players, seed, first, games, name in cases:
        t = time.perf_counter()
        bad = differences(rules, players, seed, first, games, player="talking")
        total += games
        failed += len(bad)
        print(f"{name:60} {games:4} games, {len(bad)} differ  ({time.perf_counter() - t:.0f} s)"
              + (f"  first: {bad[0]}" if bad else ""), flush=True)
    print(f"{total} games, {failed} differ")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
