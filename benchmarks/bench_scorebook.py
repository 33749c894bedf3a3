"""Benchmark: a score book with 10,000 rides — open it and read everything the score-book tab draws.

Run:  .venv/bin/python benchmarks/bench_scorebook.py [--rides 10000] [--groups 8] [--records 0.1] [--repeats 7]
      .venv/bin/python benchmarks/bench_scorebook.py --journals [--saves 40] [--folder DIR]

Builds a score book in a temporary folder (one import transaction; ``--records`` is the share of rides
that carry a game record of a finished game, the rest are typed in by hand), then times, over the
repeats, "open + read the tab": ``ScoreBook.open`` (with its read-only inspection and quick_check),
``groups()``, ``board()`` (each group's best stars per floor), the totals and ``rides()`` (every ride,
for the list and the plot of stars over time).  Prints the machine, the file size and the median and
slowest times; also the time to add one ride, to export and to import the book.
A measurement, not a test: nothing here fails on timing (the issue's aim: under 200 ms).

``--journals`` compares what keeping the score book in **one file** costs (paternoster/campaign/store.py): for
each journal choice — the kit's rollback journal with full flushes, the same with fewer flushes or a truncated
journal, the write-ahead log without a checkpoint (kits before the one-file rule: the main file alone could
lack every ride), and the write-ahead log with a checkpoint after each change — it prints the median time to
save one ride (``--saves`` rides, each its own transaction), to import the whole book (one transaction) and
to open and read the score-book tab, and whether a copy of the main file alone, taken with the book still
open, holds every ride.  Run it in a folder on the disk the class uses (``--folder``): a saved ride waits for
that disk.
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
from paternoster.campaign import store
from paternoster.campaign.book import BookContents, ScoreBook, check_ride
from paternoster.lift.bots import SimplePlayer

#: The choices ``--journals`` compares: (what, journal mode, synchronous, checkpoint after each change).
JOURNALS = (
    ("one file: rollback journal, synchronous FULL (the kit)", "DELETE", "FULL", ""),
    ("rollback journal, synchronous NORMAL", "DELETE", "NORMAL", ""),
    ("truncated rollback journal, synchronous FULL", "TRUNCATE", "FULL", ""),
    ("write-ahead log, NORMAL, no checkpoint (kits before)", "WAL", "NORMAL", ""),
    ("write-ahead log, NORMAL, checkpoint PASSIVE", "WAL", "NORMAL", "PASSIVE"),
    ("write-ahead log, NORMAL, checkpoint TRUNCATE", "WAL", "NORMAL", "TRUNCATE"),
)


def build(rides: int, groups: int, records: float) -> BookContents:
    """``rides`` rides spread over ``groups`` groups and every floor; a share ``records`` played in the kit."""
    names = tuple(f"Gruppe {i + 1}" for i in range(groups))
    games = {}
    out = []
    with_record = int(rides * records)
    first = date.today() - timedelta(days=rides // 100 + 1)  # 100 rides a day, the last one yesterday
    for i in range(rides):
        fl = campaign.floor(1 + i % campaign.FLOOR_COUNT)
        day = first + timedelta(days=i // 100)
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


def _load() -> str:
    return open("/proc/loadavg").read().split()[0] if Path("/proc/loadavg").exists() else "?"


def journals(contents: BookContents, saves: int, repeats: int, folder: Path) -> None:
    """One line per journal choice: median save, import, open + read, and whether the main file alone holds all."""
    print(f"{'journal choice':<56} {'save 1 ride':>12} {'import':>8} {'open+read':>10}  main file alone")
    kit = (store.JOURNAL_MODE, store.SYNCHRONOUS, store.CHECKPOINT)
    try:
        for what, mode, sync, checkpoint in JOURNALS:
            store.JOURNAL_MODE, store.SYNCHRONOUS, store.CHECKPOINT = mode, sync, checkpoint
            with tempfile.TemporaryDirectory(dir=folder) as tmp:
                path = Path(tmp) / "class.sqlite"
                book = ScoreBook.open(path)
                t = time.perf_counter()
                book.add_contents(contents)
                imported = time.perf_counter() - t
                times = []
                for i in range(saves):
                    t = time.perf_counter()
                    book.add_ride(contents.groups[0], 1 + i % campaign.FLOOR_COUNT, players=2, remaining=i % 5)
                    times.append((time.perf_counter() - t) * 1000)
                copy = Path(tmp) / "copy"
                copy.mkdir()
                (copy / "class.sqlite").write_bytes(path.read_bytes())  # the book still open, as on a running page
                store.JOURNAL_MODE, store.SYNCHRONOUS, store.CHECKPOINT = kit
                with ScoreBook.open(copy / "class.sqlite") as alone:
                    held = len(alone.rides())
                store.JOURNAL_MODE, store.SYNCHRONOUS, store.CHECKPOINT = mode, sync, checkpoint
                want = len(contents.rides) + saves
                book.close()
                reads = []
                for _ in range(repeats):
                    t = time.perf_counter()
                    read_tab(path)
                    reads.append((time.perf_counter() - t) * 1000)
            print(f"{what:<56} {statistics.median(times):9.2f} ms {imported:6.2f} s {statistics.median(reads):7.0f} ms  "
                  f"{held:,} of {want:,} rides (load {_load()})")
    finally:
        store.JOURNAL_MODE, store.SYNCHRONOUS, store.CHECKPOINT = kit
    print(f"save: median of {saves} rides, each its own transaction; open+read: median of {repeats}; "
          f"folder {folder} ({'on a tmpfs: no flush is real' if _tmpfs(folder) else 'on disk'})")


def _tmpfs(folder: Path) -> bool:
    try:
        mounts = [line.split() for line in open("/proc/mounts", encoding="utf-8")]
    except OSError:
        return False
    best = max((m for m in mounts if str(folder.resolve()).startswith(m[1])), key=lambda m: len(m[1]), default=None)
    return best is not None and best[2] == "tmpfs"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rides", type=int, default=10_000, help="rides in the book (default 10000)")
    ap.add_argument("--groups", type=int, default=8, help="groups (default 8)")
    ap.add_argument("--records", type=float, default=0.1,
                    help="share of rides with a game record, 0-1 (default 0.1)")
    ap.add_argument("--repeats", type=int, default=7, help="repeats; the median is printed (default 7)")
    ap.add_argument("--journals", action="store_true",
                    help="compare the journal choices (what one file costs) instead of the usual figures")
    ap.add_argument("--saves", type=int, default=40, help="--journals: rides saved one by one per choice (default 40)")
    ap.add_argument("--folder", type=Path, default=None,
                    help="--journals: the folder to write in (default: the system's temporary folder)")
    args = ap.parse_args()
    print(machine_line())
    print(f"sqlite {__import__('sqlite3').sqlite_version}")
    if args.journals:
        contents = build(args.rides, args.groups, args.records)
        print(f"book: {args.rides:,} rides, {args.groups} groups, {args.records:.0%} with a game record")
        journals(contents, args.saves, args.repeats, args.folder or Path(tempfile.gettempdir()))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "punkte.sqlite"
        t = time.perf_counter()
        contents = build(args.rides, args.groups, args.records)
        made = time.perf_counter() - t
        with ScoreBook.open(path) as book:
            t = time.perf_counter()
            book.add_contents(contents)
            filled = time.perf_counter() - t
            saves = []
            for i in range(20):
                t = time.perf_counter()
                book.add_ride(contents.groups[0], 1, players=2, remaining=i % 5)
                saves.append(time.perf_counter() - t)
            one = statistics.median(saves)
            t = time.perf_counter()
            book.export_json(Path(folder) / "punkte.json")
            exported = time.perf_counter() - t
            book.export_csv(Path(folder) / "punkte.csv")
        size = path.stat().st_size + sum(p.stat().st_size for p in Path(folder).glob("punkte.sqlite-*"))
        print(f"book: {args.rides + 20:,} rides, {args.groups} groups, {args.records:.0%} with a game record; "
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
              f"{args.repeats} runs (runs: {', '.join(f'{x:.0f}' for x in times)}; load average {_load()})")
        print(f"add one ride (one transaction, written into the file): median {one * 1000:.1f} ms of 20")
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
