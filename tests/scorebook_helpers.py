"""What the score-book tests (tests/campaign/test_scorebook*.py) share: a book with hostile names, a
finished ride, a writer process, and SQLite's own integrity check."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

from paternoster import Game, campaign
from paternoster.campaign.book import ScoreBook
from paternoster.lift.bots import SimplePlayer

ROOT = Path(__file__).resolve().parents[1]
HTML = "<img src=x onerror=alert(1)>"
DAY = date(2026, 12, 1)


def fill(book: ScoreBook) -> None:
    """Two groups (one with a hostile name), rides by hand on several floors."""
    a = book.add_group(HTML)
    b = book.add_group("Füchse")
    book.add_group("=SUM(A1)")  # a group without rides, named like a spreadsheet formula
    for i, (g, fl, rem) in enumerate([(a, 1, 5), (a, 1, 0), (b, 2, 3), (a, 3, 0), (b, 4, 7), (a, 2, 9)]):
        book.add_ride(g, fl, players=1 + i % 5, remaining=rem, played_on=date(2026, 11, 1 + i))


def finished_game(floor_number: int = 1, players: int = 2, seed: int = 5) -> Game:
    return SimplePlayer().play_game(campaign.new_ride(floor_number, players, seed))


#: A writer process: opens the book, adds a group, prints "ready", then adds ``n`` rides, printing each ride's
#: id once it is saved.  With ``wait`` it reads a line from stdin before each ride (a page waiting for a click).
WRITER = textwrap.dedent("""
    import sys, datetime
    from paternoster.campaign.book import ScoreBook
    path, name, n, wait = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "wait"
    with ScoreBook.open(path) as book:
        group = book.add_group(name)
        print("ready", flush=True)
        for i in range(n):
            if wait and not sys.stdin.readline():
                break
            ride = book.add_ride(group, 1 + i % 12, players=1 + i % 5, remaining=i % 9,
                                 played_on=datetime.date(2026, 12, 1))
            print(ride.id, flush=True)
""")


def writer(path: Path, name: str, n: int, *, wait: bool = False) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(n), "wait" if wait else "go"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def integrity(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()
