"""Benchmark: a score book with 10,000 rides — open it and read everything the score-book tab draws.

Run:  .venv/bin/python benchmarks/bench_scorebook.py [--rides 10000] [--groups 8] [--records 0.1] [--repeats 7]

Builds a score book in a temporary folder (one import transaction; ``--records`` is the share of rides
that carry a game record of a finished game, the rest are typed in by hand), then times, over the
repeats, "open + read the tab": ``ScoreBook.open`` (with its read-only inspection and quick_check),
``groups()``, ``board()`` (each group's best stars per floor), the totals and ``rides()`` (every ride,
for the list and the plot of stars over time).  Prints the machine, the file size and the median and
slowest times; also the time to add one ride, to export and to import the book.
A measurement, not a test: nothing here fails on timing (the issue's aim: under 200 ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from _machine import machine_line

from paternoster import Game, campaign
from paternoster.lift.bots import SimplePlayer
from paternoster.campaign.book import BookContents, ScoreBook, check_ride


def build(rides: int, groups: int, records: float) -> BookContents:
    """``rides`` rides spread over ``groups`` groups and the twelve floors; a share ``records`` played in the kit."""
    names = tuple(f"Gruppe {i + 1}" for i in range(groups))
    games = {}
    out = []
    with_record = int(rides * records)
    for i in range(rides):
        fl = campaign.floor(1 + i % campaign.FLOOR_COUNT)
        day = date(2026, 9, 1) + timedelta(days=i // 100)
        if i < with_record:
            key = (fl.number, i % 5)  # a few distinct games per floor, reused (a record's size is what counts)
            if key not in games:
                games[key] = SimplePlayer().play_game(campaign.new_ride(fl, 2, seed=key[1]))
            g: Game = games[key]
            assert g.result is not None
            out.append(check_ride(names[i % groups], fl.number, players=2, remaining=g.result.remaining,
                                  lost=g.result.outcome == "lost", played_on=day, record=g))
        else:
            remaining = (i * 7) % 11
            out.append(check_ride(names[i % groups], fl.number, players=1 + i % 5,
                                  remaining=min(remaining, fl.rules.cards - fl.passengers), played_on=day))
    return BookContents(names, tuple(out))


def read_tab(path: Path) -> int:
    """Open the book and read what the score-book tab shows; returns the rides read."""
    with ScoreBook.open(path, create=False) as book:
        groups = book.groups()
        board = book.board()
        totals = {name: sum(best.values()) for name, best in board.items()}
        rides = book.rides()
        assert len(groups) == len(totals)
        return len(rides)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rides", type=int, default=10_000, help="rides in the book (default 10000)")
    ap.add_argument("--groups", type=int, default=8, help="groups (default 8)")
    ap.add_argument("--records", type=float, default=0.1,
                    help="share of rides with a game record, 0-1 (default 0.1)")
    ap.add_argument("--repeats", type=int, default=7, help="repeats; the median is printed (default 7)")
    args = ap.parse_args()
    print(machine_line())
    print(f"sqlite {__import__('sqlite3').sqlite_version}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "punkte.sqlite"
        t = time.perf_counter()
        contents = build(args.rides, args.groups, args.records)
        made = time.perf_counter() - t
        with ScoreBook.open(path) as book:
            t = time.perf_counter()
            book.add_contents(contents)
            filled = time.perf_counter() - t
            t = time.perf_counter()
            book.add_ride(contents.groups[0], 1, players=2, remaining=3)
            one = time.perf_counter() - t
            t = time.perf_counter()
            book.export_json(Path(folder) / "punkte.json")
            exported = time.perf_counter() - t
            book.export_csv(Path(folder) / "punkte.csv")
        size = path.stat().st_size + sum(p.stat().st_size for p in Path(folder).glob("punkte.sqlite-*"))
        print(f"book: {args.rides + 1:,} rides, {args.groups} groups, {args.records:.0%} with a game record; "
              f"{size / 1e6:.1f} MB on disk (checked and built in {made:.1f} s, stored in one transaction in "
              f"{filled:.2f} s)")
        times, cpu = [], []
        for _ in range(args.repeats):
            t, c = time.perf_counter(), time.process_time()
            n = read_tab(path)
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        print(f"open + read the score-book tab ({n:,} rides): median {statistics.median(times):.0f} ms wall clock "
              f"(fastest {min(times):.0f}, slowest {max(times):.0f}; {statistics.median(cpu):.0f} ms CPU) over "
              f"{args.repeats} runs (runs: {', '.join(f'{x:.0f}' for x in times)}; load average "
              f"{open('/proc/loadavg').read().split()[0] if Path('/proc/loadavg').exists() else '?'})")
        print(f"add one ride (one transaction): {one * 1000:.1f} ms")
        print(f"export JSON: {exported:.2f} s ({(Path(folder) / 'punkte.json').stat().st_size / 1e6:.1f} MB)")
        for kind in ("json", "csv"):
            target = Path(folder) / f"import_{kind}.sqlite"
            t = time.perf_counter()
            with ScoreBook.open(target) as other:
                getattr(other, f"import_{kind}")(Path(folder) / f"punkte.{kind}")
            print(f"import {kind.upper()} into a new book (read, check every ride, store): "
                  f"{time.perf_counter() - t:.2f} s")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
