"""Soak run of the hostile-input fuzzer: many mutated records of both games and many hostile argument lists.

Run:  .venv/bin/python benchmarks/fuzz_soak.py [--records 10000] [--calls 10000] [--seed 0]

Uses the same harness as the property tests (``tests/fuzzing.py``) and prints, for each kind:
how many inputs were refused with the kit's error, how many were accepted (and passed their checks),
the raw exceptions (goal 0), the accepted-but-wrong inputs (goal 0), with the first few of each,
and the slowest single call.  Case ``i`` of a run is reproducible from ``--seed`` and ``i``.
A measurement, not a test: nothing here fails on timing (the exit code is 1 if raw or wrong > 0).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from _machine import machine_line  # noqa: E402

import fuzzing  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=10_000, help="mutated records (default 10000)")
    ap.add_argument("--calls", type=int, default=10_000, help="hostile argument lists (default 10000)")
    ap.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    args = ap.parse_args()
    print(machine_line())
    records = fuzzing.valid_records()
    counts: collections.Counter[str] = collections.Counter()
    problems: list[tuple[str, fuzzing.Outcome]] = []
    slowest: tuple[float, str] = (0.0, "")
    start = time.perf_counter()
    for i in range(args.records):
        o = fuzzing.record_case(random.Random(f"{args.seed}-record-{i}"), records)
        counts[f"records {o.kind}"] += 1
        if o.kind in ("raw", "wrong"):
            problems.append((f"record {i}", o))
        if o.seconds > slowest[0]:
            slowest = (o.seconds, f"record case {i} ({o.what}, {o.kind})")
    for i in range(args.calls):
        o = fuzzing.check_call(*fuzzing.bad_call(random.Random(f"{args.seed}-call-{i}")))
        counts[f"calls {o.kind}"] += 1
        if o.kind in ("raw", "wrong"):
            problems.append((f"call {i}", o))
        if o.seconds > slowest[0]:
            slowest = (o.seconds, f"call case {i}: {o.what[:100]} ({o.kind})")
    total = time.perf_counter() - start
    for kind in ("records", "calls"):
        n = sum(v for k, v in counts.items() if k.startswith(kind))
        print(f"{kind}: {n:,} cases — refused {counts[kind + ' refused']:,}, accepted {counts[kind + ' accepted']:,}, "
              f"raw exceptions {counts[kind + ' raw']}, accepted-but-wrong {counts[kind + ' wrong']}")
    raw = counts["records raw"] + counts["calls raw"]
    wrong = counts["records wrong"] + counts["calls wrong"]
    print(f"raw exceptions: {raw} (goal 0); accepted-but-wrong: {wrong} (goal 0)")
    print(f"slowest single call: {slowest[0] * 1000:.1f} ms — {slowest[1]}")
    print(f"total: {total:.1f} s for {args.records + args.calls:,} cases")
    for where, o in problems[:20]:
        print(f"  {where}: {o.kind}: {o.what[:150]} — {o.detail[:200]}")
    return 1 if raw or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
