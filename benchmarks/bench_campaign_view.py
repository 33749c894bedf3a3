"""How fast the campaign view draws a big score book (issue 15: 10,000 rides, under 200 ms).

Builds a score book of ``--rides`` hand-entered rides for ``--groups`` groups in a temporary file
(in one transaction: the view's own saves, one ride each, wait for the disk), then times, ``--repeat`` times each:

* opening the file and building :class:`widgets.CampaignView` (the building tab drawn);
* drawing the score book tab ("Punkte": groups side by side, the latest rides, the stars plot),
  as a click on the tab does.

Run: ``.venv/bin/python benchmarks/bench_campaign_view.py [--rides 10000] [--groups 6] [--repeat 5]``.
Prints the machine line, then the median and the worst time of each step (ms).  Timing is measured
here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _machine import machine_line  # noqa: E402

from paternoster.campaign import FLOORS  # noqa: E402
from paternoster.campaign.book import BookContents, ScoreBook, check_ride  # noqa: E402
from widgets import CampaignView  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rides", type=int, default=10_000)
    ap.add_argument("--groups", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    print(machine_line())
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.sqlite"
        t0 = time.perf_counter()
        first = date.today() - timedelta(days=a.rides // 50 + 1)  # 50 rides a day, the last one yesterday
        with ScoreBook.open(path) as book:
            names = tuple(f"Group {chr(65 + k)}" for k in range(a.groups))
            book.add_contents(BookContents(names, tuple(
                check_ride(names[i % a.groups], FLOORS[i % len(FLOORS)].number, players=2,
                           remaining=(i * 7) % (FLOORS[i % len(FLOORS)].goal + 4),
                           played_on=first + timedelta(days=i // 50)) for i in range(a.rides))))
        print(f"score book of {a.rides:,} rides, {a.groups} groups written in {time.perf_counter() - t0:.1f} s")
        opened, tab, plot = [], [], []  # type: ignore[var-annotated]
        for _ in range(a.repeat):
            t = time.perf_counter()
            book = ScoreBook.open(path)
            view = CampaignView(book)
            opened.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            view.tabs.selected_index = 2
            tab.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            view.points.plot_key = None  # draw the plot alone once more, to time it by itself
            view.points.draw_plot(book.rides())
            plot.append(1000 * (time.perf_counter() - t))
            book.close()
        for label, ms in (("open + building tab", opened), ("score book tab (table, rides, plot)", tab),
                          ("  of which the plot (rides read again)", plot)):
            print(f"{label:38} median {statistics.median(ms):7.1f} ms   worst {max(ms):7.1f} ms")


if __name__ == "__main__":
    main()
