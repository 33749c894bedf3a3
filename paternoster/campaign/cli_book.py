"""``python -m paternoster scorebook show|add|export|import --db PATH …``: the score book (rules §15.3)
on the command line.

:func:`register` adds the command to the kit's parser (:mod:`paternoster.cli`), :func:`run` runs it and
returns the exit code: 0 done, 2 bad input (one line on stderr, never a traceback).  Every argument —
and for ``import`` the whole file — is checked before the score book is opened, so bad input changes
nothing and makes no new file.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from datetime import date
from pathlib import Path
from typing import Any

from . import floors as campaign
from ..core.checks import plural, short
from ..core.errors import PaternosterError
from ..core.terminal import one_line, quiet_stdout
from ..core.records import read_record_file
from .book import ScoreBook
from .files import read_csv, read_json
from .floors import FLOOR_COUNT, MAX_TOTAL_STARS, count_words, floor_range
from .rides import ScoreBookError, check_ride

__all__ = ["register", "run"]

PROG = "python -m paternoster scorebook"

ABOUT = f"""\
The score book (rules §15.3) keeps every group's campaign rides in one SQLite
file: floor, date, players, remaining cards and stars, and for a ride played in
the kit its game record. It shows each floor's best stars per group and each
group's total (at most {MAX_TOTAL_STARS}). Add rides played with real cards by hand, and
export the book (JSON or CSV) to take it home; import brings it back."""

EXAMPLES = """\
examples:
  python -m paternoster scorebook show --db punkte.sqlite
  python -m paternoster scorebook show --db punkte.sqlite --rides --group "Füchse"
  python -m paternoster scorebook add --db punkte.sqlite --group "Füchse" --floor 1 --players 3 --remaining 4
  python -m paternoster scorebook add --db punkte.sqlite --group "Füchse" --floor 2 --players 2 \\
      --remaining 0 --date 2026-12-01 --record ride.json
  python -m paternoster scorebook export --db punkte.sqlite punkte.json
  python -m paternoster scorebook import --db punkte.sqlite punkte.csv"""

TERMS = f"""\
terms:
  rule book  the kit's rule book, docs/rules/paternoster.md ("rules §N").
  score book one file (--db PATH) with every group's rides; a new file name
             starts a new score book when a ride is added or a file imported.
  floor      one of the campaign's {count_words(FLOOR_COUNT)} floors, by number ({floor_range("-")}) or name.
  remaining  the cards left in hands and draw pile when the game ended.
  stars      0-3 per ride (rules §15.2); a floor's stars are its best ride's."""


def _whole(text: str) -> int:
    """A whole number written in plain digits 0-9 (perhaps with a minus); its range is checked with the
    ride, so the message can give the floor's range (``--remaining must be from 0 to 104``)."""
    if not re.fullmatch(r"-?[0-9]{1,40}", text.strip()):
        raise argparse.ArgumentTypeError(f"invalid number: {short(text)} (write a whole number in plain digits 0-9)")
    return int(text)


def _day(text: str) -> date:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
        raise argparse.ArgumentTypeError(f"invalid date: {short(text)} (write it as 2026-12-01)")
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid date: {short(text)} is no day of the calendar") from None


def _examples(command: str) -> str:
    """The examples lines (with any continuation line) for one sub-command."""
    lines = EXAMPLES.splitlines()[1:]
    out = ["examples:"]
    for i, line in enumerate(lines):
        if line.strip().startswith(f"python -m paternoster scorebook {command} "):
            out.append(line)
            j = i
            while lines[j].endswith("\\") and j + 1 < len(lines):
                j += 1
                out.append(lines[j])
    return "\n".join(out)


def register(sub: Any) -> None:
    """Add the ``scorebook`` command to the subparsers ``sub`` of the kit's parser."""
    fmt = argparse.RawDescriptionHelpFormatter
    sb = sub.add_parser("scorebook", formatter_class=fmt, description=ABOUT, epilog=f"{TERMS}\n\n{EXAMPLES}",
                        help="the campaign's score book: show it, add a ride typed in by hand, export, import")
    sb.set_defaults(scorebook_help=sb.format_help)
    cmds = sb.add_subparsers(dest="scorebook_command", title="score-book commands", metavar="COMMAND",
                             parser_class=type(sb))

    def db(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", required=True, metavar="PATH", help="the score-book file (SQLite)")

    show = cmds.add_parser("show", formatter_class=fmt, epilog=_examples("show"),
                           help="each group's best stars per floor and total; --rides lists every ride",
                           description="Print each group's best stars on every floor and its total (rules §15.2).")
    db(show)
    show.add_argument("--group", metavar="NAME", help="only this group (names ignore case and spacing)")
    show.add_argument("--rides", action="store_true", help="also list every ride (number, date, floor, result, stars)")

    add = cmds.add_parser("add", formatter_class=fmt, epilog=_examples("add"),
                          help="add one ride typed in by hand (a game played with real cards)",
                          description=textwrap.fill("Add one ride to the score book; its stars are computed from "
                                                    "the floor's goal (rules §15.2). The group is added if it is new.",
                                                    78))
    db(add)
    add.add_argument("--group", required=True, metavar="NAME", help="the group's name (1-80 characters); names ignore case and spacing, so "
                     "'Füchse' and ' füchse ' are one group")
    add.add_argument("--floor", required=True, metavar="N", help=f"the floor: its number {floor_range('-')} or its name")
    add.add_argument("--players", required=True, type=_whole, metavar="N", help="players, 1-5")
    add.add_argument("--remaining", required=True, type=_whole, metavar="N",
                     help="cards left in hands and draw pile at the end (0 = every card played)")
    add.add_argument("--lost", action="store_true", help="the game was lost at once (Fahrgäste, Feuer)")
    add.add_argument("--not-delivered", action="store_true",
                     help="not every passenger was delivered (only on a floor with passengers)")
    add.add_argument("--date", type=_day, metavar="YYYY-MM-DD", help="the day it was played (default: today)")
    add.add_argument("--record", metavar="FILE", help="the game record (JSON) of a ride played in the kit")

    exp = cmds.add_parser("export", formatter_class=fmt, epilog=_examples("export"),
                          help="write the whole score book to a JSON or CSV file",
                          description="Write the whole score book to FILE (JSON or CSV, by its ending or --format).")
    db(exp)
    exp.add_argument("file", metavar="FILE", help="the file to write (.json or .csv)")
    exp.add_argument("--format", choices=("json", "csv"), help="json or csv (default: from the file's ending)")

    imp = cmds.add_parser("import", formatter_class=fmt, epilog=_examples("import"),
                          help="add the groups and rides of an export file (checked whole first)",
                          description=textwrap.fill("Add the groups and rides of an export FILE that the score "
                                                    "book lacks. The whole file is checked first; if anything is "
                                                    "wrong, nothing is changed.", 78))
    db(imp)
    imp.add_argument("file", metavar="FILE", help="the export to read (.json or .csv)")
    imp.add_argument("--format", choices=("json", "csv"), help="json or csv (default: from the file's ending)")


def _format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    suffix = Path(args.file).suffix.lower()
    if suffix in (".json", ".csv"):
        return suffix[1:]
    raise ScoreBookError(f"{short(args.file)}: say json or csv with --format, or end the file name in .json or .csv.")


def _floor_number(text: str) -> int:
    if re.fullmatch(r"[0-9]{1,9}", text.strip()):
        return int(text)
    return int(campaign.floor(text).number)


def _show(args: argparse.Namespace) -> None:
    with ScoreBook.open(args.db, create=False) as book:
        if args.group is None:
            print(book.summary())
            rides = book.rides() if args.rides else []
        else:
            try:
                g = book.group(args.group)
            except ScoreBookError as e:
                if "has no group" not in str(e):
                    raise
                raise ScoreBookError(f"the score book {short(str(args.db))} has no group {short(args.group)}; "
                                     f"add the group first with: scorebook add --group NAME --floor N "
                                     "--players P --remaining R") from None
            best = book.best_stars(g)
            print(f"{g.name}: {book.total(g)} of {MAX_TOTAL_STARS} stars")
            print("  " + ", ".join(f"floor {n}: {s}" for n, s in best.items()))
            rides = book.rides(g) if args.rides else []
        for r in rides:
            result = "lost" if r.lost else f"{r.remaining} remaining"
            print(f"ride {r.id}: {r.played_on.isoformat()}  {r.group}  floor {r.floor}  {r.players} players  {result}"
                  f"{'' if r.delivered else ', passengers not delivered'}  {plural(r.stars, 'star')}"
                  f"{'  (record)' if r.record is not None else ''}")


def _add(args: argparse.Namespace) -> None:
    try:
        record = None if args.record is None else read_record_file(args.record)
    except OSError as e:
        raise ScoreBookError(f"--record {short(args.record)} cannot be read: {e.strerror or e}.") from None
    floor = campaign.floor(_floor_number(args.floor))
    if args.not_delivered and not floor.passengers:
        with_passengers = ", ".join(str(f.number) for f in campaign.FLOORS if f.passengers)
        raise ScoreBookError(f"--not-delivered applies only on floors with passengers ({with_passengers}); floor "
                             f"{floor.number} ({floor.name}) has none, so leave out --not-delivered.")
    ride = check_ride(args.group, _floor_number(args.floor), players=args.players, remaining=args.remaining,
                      delivered=not args.not_delivered, lost=args.lost, played_on=args.date, record=record)
    with ScoreBook.open(args.db) as book:
        group = book.add_group(ride.group)
        if group.name != ride.group:
            print(f"Note: filed under the existing group {short(group.name)} (group names ignore case and "
                  "spacing).")
        added = book.add_ride(group, ride.floor, players=ride.players, remaining=ride.remaining,
                              delivered=ride.delivered, lost=ride.lost, played_on=ride.played_on, record=record)
        print(f"Added ride {added.id} for {added.group}: floor {added.floor} ({added.floor_name}), "
              f"{plural(added.remaining, 'remaining card')}: {plural(added.stars, 'star')}; total {book.total(group)} of "
              f"{MAX_TOTAL_STARS}.")


def _export(args: argparse.Namespace) -> None:
    kind = _format(args)
    with ScoreBook.open(args.db, create=False) as book:
        (book.export_json if kind == "json" else book.export_csv)(args.file)
        print(f"Exported {plural(len(book.groups()), 'group')} and {plural(len(book.rides()), 'ride')} to {args.file}.")


def _import(args: argparse.Namespace) -> None:
    kind = _format(args)
    contents = (read_json if kind == "json" else read_csv)(args.file)  # checked whole before the book is opened
    with ScoreBook.open(args.db) as book:
        done = book.add_contents(contents)
    print(f"Imported from {args.file}: {plural(done.groups, 'new group')}, {plural(done.rides, 'new ride')} "
          f"({done.already} already in the score book).")


_OPTIONS = {"remaining cards": "--remaining", "remaining": "--remaining", "players": "--players", "floor": "--floor", "group": "--group",
            "played_on": "--date"}


def _cli_words(message: str) -> str:
    """A message about a ride's field in command-line words: ``remaining cards must be ...`` -> ``--remaining ...``."""
    return re.sub(r"^(remaining cards|remaining|players|floor|group|played_on)\b(?=[ :])", lambda m: _OPTIONS[m[1]], message)


def run(args: argparse.Namespace) -> int:
    """Run a parsed ``scorebook`` command line; returns 0 (done) or 2 (bad input, one line on stderr)."""
    command = getattr(args, "scorebook_command", None)
    if command is None:  # no score-book command: a usage error, with the help (as `python -m paternoster`)
        print(args.scorebook_help(), file=sys.stderr)
        return 2
    try:
        {"show": _show, "add": _add, "export": _export, "import": _import}[command](args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try
    except BrokenPipeError:
        # The reader went away (e.g. `| head -1`): stop quietly, as command line tools do.
        quiet_stdout()
        return 0
    except (PaternosterError, ValueError, TypeError, OSError) as e:
        print(f"{PROG} {command}: error: {one_line(_cli_words(str(e)))}", file=sys.stderr)
        return 2
    return 0
