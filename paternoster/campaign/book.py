"""The score book (Punkte, rules §15.3): every group's campaign rides in one SQLite file — the API.

A score book keeps, for several groups side by side, every ride of the campaign (rules §15): the
group, the floor, the date, the players (1–5), the remaining cards, whether the passengers were all
delivered and whether the game was lost, the stars it earned (rules §15.2, computed by
:func:`paternoster.campaign.stars`) and — for a ride played in the kit — its game record, so the
ride replays in the stepper.  Rides typed in by hand for games with real cards have no record.
From the rides it answers each floor's best stars per group and each group's total (at most
:data:`~paternoster.campaign.MAX_TOTAL_STARS`).  Groups can be renamed and deleted (a deletion takes
the group's rides with it and asks for the group's name as confirmation).

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> path = pathlib.Path(folder.name) / "punkte.sqlite"
>>> with ScoreBook.open(path) as book:
...     foxes = book.add_group("Füchse")
...     ride = book.add_ride(foxes, 1, players=2, remaining=0, played_on=date(2026, 12, 1))
...     book.total(foxes), ride.stars, book.rename_group(foxes, "Füchse 7b").name
(3, 3, 'Füchse 7b')
>>> folder.cleanup()

Where the parts live: the values and their checks (:class:`Group`, :class:`Ride`, :func:`check_ride`)
in :mod:`paternoster.campaign.rides`; the file — SQLite, its schema, migrations, pragmas, and why it is
**one file** (every committed ride is in it, no write-ahead log beside it) — in
:mod:`paternoster.campaign.store`; the JSON and CSV export and import in :mod:`paternoster.campaign.files`.

**Decisions (kit)** where the rule book is silent:

- Two names that differ only in case, outer spaces or Unicode composition ("Füchse", " füchse") name
  the same group: :meth:`ScoreBook.add_group` then returns the existing group (so a lesson cell can
  run twice), and :meth:`ScoreBook.rename_group` refuses a name another group has.
- A ride's stars are computed when it is stored and computed again from its result on every read (the
  stored ``stars`` column is never trusted); an import checks that a ride's stars are those it earns
  (rules §15.2), so a file edited by hand cannot award stars.
- A ride played in the kit keeps its record only if the record replays to a finished game of that
  floor's rules that agrees with the ride (players, remaining cards, lost).  An import checks records
  with the strict record parser and the floor's rules but does not replay them (0.1–0.2 s each).
- An import adds what the book lacks: groups by name, rides compared on every field, so importing
  the same file twice adds it once; a ride the file holds twice is held twice.
- An empty (0-byte) file is taken as a new score book (a temporary file made by ``tempfile`` is empty).
- Rides on any floor may be typed in (a group may have played a floor with real cards); which floors
  a group may ride in the kit follows from its stars (:func:`paternoster.campaign.unlocked`).
"""

from __future__ import annotations

import os
import sqlite3
from collections import Counter
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.errors import ArgumentTypeError
from ..core.checks import short, whole
from . import files, store
from .floors import FLOOR_COUNT, MAX_TOTAL_STARS
from .rides import (MAX_ID, MAX_RIDES, BookContents, Group, Imported, Ride, ScoreBookError, check_group_name,
                    check_ride, earned_stars, group_key, stored_ride)

__all__ = ["ScoreBook", "ScoreBookError", "Group", "Ride", "BookContents", "Imported", "check_ride"]


class ScoreBook:
    """A score book file, open (rules §15.3).  Make one with :meth:`open`; use it as a context manager
    (``with ScoreBook.open(path) as book: ...``) or call :meth:`close`.

    Every change is one transaction, committed into the file before the method returns.  Methods raise
    :class:`ScoreBookError` for a closed book, bad values, or a file another program keeps busy for
    more than :data:`~paternoster.campaign.store.BUSY_TIMEOUT_S` seconds; nothing is changed then.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection, checkpoint: bool = False) -> None:
        """Use :meth:`open`."""
        self.path = path
        self._conn: sqlite3.Connection | None = conn
        self._checkpoint = checkpoint

    # ------------------------------------------------------------------ open / close
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, create: bool = True) -> ScoreBook:
        """Open the score book at ``path``; a missing or empty (0-byte) file becomes a new score book
        (unless ``create`` is False).  A half-written change a killed program left behind is undone
        first (SQLite's own recovery); a book of an older kit is brought up to date
        (:mod:`paternoster.campaign.store`).

        Raises:
            ScoreBookError: the file is not a score book, is damaged, too large, or of a newer kit (it
                is left byte-identical); no file and ``create`` False; the folder does not exist; or
                the file cannot be opened for writing.
            TypeError: ``path`` is not a path.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise ArgumentTypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
        if isinstance(path, str) and ("\x00" in path or not path.strip()):
            raise ScoreBookError(f"path {short(path)} is no file name; give a path such as 'punkte.sqlite'.")
        p = Path(path)
        conn, checkpoint = store.connect(p, create=create)
        return cls(p, conn, checkpoint)

    def close(self) -> None:
        """Close the file (every change is already committed).  Closing twice is harmless."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> ScoreBook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._conn is None

    def __repr__(self) -> str:
        if self._conn is None:
            return f"ScoreBook({self.path.name!r}, closed)"
        groups, rides = self._one("SELECT (SELECT count(*) FROM groups), (SELECT count(*) FROM rides)")
        return f"ScoreBook({self.path.name!r}, groups={groups}, rides={rides})"

    # ------------------------------------------------------------------ low level
    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise ScoreBookError(f"The score book {store.label(self.path)} is closed; open it again with ScoreBook.open.")
        return self._conn

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        try:
            return self._db().execute(sql, args).fetchone()
        except sqlite3.Error as e:
            raise store.failure(self.path, e) from None

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._db().execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise store.failure(self.path, e) from None

    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` in one transaction (:func:`paternoster.campaign.store.write`)."""
        return store.write(self._db(), self.path, work, checkpoint=self._checkpoint)

    # ------------------------------------------------------------------ groups
    def add_group(self, name: str) -> Group:
        """Add a group named ``name`` (1–80 characters, no control characters) and return it; if the book
        already has a group of that name (the same but for case, spacing — outer spaces, runs of spaces,
        no-break spaces — or Unicode composition), return that group under its first spelling — so running a lesson cell twice does not fail.

        Raises:
            ScoreBookError: a name that is not usable (the message says why), or the book already holds
                :data:`~paternoster.campaign.rides.MAX_GROUPS` groups.
        """
        name = check_group_name(name)

        def work(conn: sqlite3.Connection) -> Group:
            return store.add_group(conn, name)[0]

        return self._write(work)

    def group(self, name: str) -> Group:
        """The group named ``name`` (compared as :meth:`add_group` compares names).

        Raises:
            ScoreBookError: no such group (the message says how to add one).
        """
        name = check_group_name(name)
        row = self._one("SELECT id, name FROM groups WHERE key = ?", (group_key(name),))
        if row is None:
            raise ScoreBookError(f"The score book has no group {short(name)}; add it first with book.add_group(name).")
        return Group(row[0], row[1])

    def groups(self) -> list[Group]:
        """Every group, in order of creation."""
        return [Group(i, n) for i, n in self._all("SELECT id, name FROM groups ORDER BY id")]

    def rename_group(self, group: Group | str, name: str) -> Group:
        """Give a group a new name (the rides stay with it) and return the group under its new name.

        The new name is checked as :meth:`add_group` checks names; a new spelling of the same name
        ("reds" → "Reds") is a rename too.

        Raises:
            ScoreBookError: an unknown group, a name that is not usable, or a name another group has
                (names compared as :meth:`add_group` compares them).  Nothing is changed then.
        """
        gid, _ = self._group_id(group)
        name = check_group_name(name, "new group name")
        return self._write(lambda conn: store.rename_group(conn, gid, name))

    def delete_group(self, group: Group | str, *, confirm: str | None = None) -> int:
        """Delete a group and every ride of it, for good; return how many rides went with it.

        Args:
            group: a :class:`Group` of this book or a group's name.
            confirm: the group's name once more (compared as :meth:`add_group` compares names): a
                deletion cannot be undone, so it is done only when the caller says which group it means.

        Raises:
            ScoreBookError: an unknown group, or ``confirm`` is not the group's name (the message says how
                many rides the group has).  Nothing is changed then.
        """
        gid, gname = self._group_id(group)
        if not isinstance(confirm, str) or group_key(confirm) != group_key(gname):
            count = self._one("SELECT count(*) FROM rides WHERE group_id = ?", (gid,))[0]
            raise ScoreBookError(f"Deleting the group {short(gname)} deletes its {count} ride{'' if count == 1 else 's'} "
                                 f"for good; to do it, give the group's name as confirm "
                                 f"(delete_group(name, confirm=name)). Nothing was deleted.")
        return int(self._write(lambda conn: store.delete_group(conn, gid)))

    def _group_id(self, group: Group | str) -> tuple[int, str]:
        if isinstance(group, Group):
            ok = type(group.id) is int and 1 <= group.id <= MAX_ID  # nothing SQLite cannot hold reaches it
            row = self._one("SELECT id, name FROM groups WHERE id = ?", (group.id,)) if ok else None
            if row is None or row[1] != group.name:
                raise ScoreBookError(f"{group!r} is not a group of this score book; use book.group(name) or "
                                     "book.add_group(name).")
            return row[0], row[1]
        if isinstance(group, str):
            g = self.group(group)
            return g.id, g.name
        raise ScoreBookError(f"group must be a Group of this score book or a group's name, not {short(group)} "
                             f"({type(group).__name__}).")

    # ------------------------------------------------------------------ rides
    def add_ride(self, group: Group | str, floor_number: int | str, *, players: int, remaining: int, delivered: bool = True,
                 lost: bool = False, played_on: date | None = None, record: Any = None) -> Ride:
        """Add one ride and return it; its stars come from :func:`paternoster.campaign.stars` (rules §15.2).

        Args:
            group: a :class:`Group` of this book or a group's name (the group must exist: :meth:`add_group`).
            floor_number, players, remaining, delivered, lost, played_on, record: as :func:`check_ride`
                (``record=None`` for a ride typed in by hand; a finished Game for a ride played in the kit).

        Raises:
            ScoreBookError: a value :func:`check_ride` refuses, an unknown group, or the book holds
                :data:`~paternoster.campaign.rides.MAX_RIDES` rides or is full (its export could pass
                :data:`~paternoster.campaign.rides.MAX_EXPORT_BYTES`).  Nothing is added then.
        """
        gid, gname = self._group_id(group)
        ride = check_ride(gname, floor_number, players=players, remaining=remaining, delivered=delivered, lost=lost,
                          played_on=played_on, record=record)

        def work(conn: sqlite3.Connection) -> int:
            if conn.execute("SELECT count(*) FROM rides").fetchone()[0] >= MAX_RIDES:
                raise ScoreBookError(f"The score book already holds {MAX_RIDES:,} rides, the most it keeps; start a "
                                     "new score book.")
            ride_id = store.insert_ride(conn, gid, ride)
            store.check_size(conn)
            return ride_id

        return replace(ride, id=self._write(work))

    def rides(self, group: Group | str | None = None) -> list[Ride]:
        """Every ride (of one group, if given), in order of entry.

        Raises:
            ScoreBookError: an unknown group, or a ride the file holds is damaged.
        """
        names = dict(self._all("SELECT id, name FROM groups"))
        sql = "SELECT id, group_id, floor, played_on, players, remaining, delivered, lost, stars, record FROM rides"
        if group is None:
            rows = self._all(sql + " ORDER BY id")
        else:
            rows = self._all(sql + " WHERE group_id = ? ORDER BY id", (self._group_id(group)[0],))
        days: dict[str, date] = {}
        out = []
        for i, gid, fl, played, players, remaining, delivered, lost, _stored_stars, record in rows:
            day = days.get(played)
            if day is None:
                day = days[played] = self._day(i, played)
            out.append(stored_ride(names[gid], fl, day, players, remaining, bool(delivered), bool(lost),
                                   self._stars(i, fl, remaining, delivered, lost), record, i))
        return out

    def ride(self, ride_id: int) -> Ride:
        """The ride numbered ``ride_id`` (its :attr:`Ride.id`), e.g. to replay it in the stepper.

        Raises:
            ScoreBookError: no ride has that number.
        """
        i = whole(ride_id, "ride_id", 1, MAX_ID, error=ScoreBookError)  # SQLite holds ids up to 2**63 - 1
        row = self._one("SELECT r.id, r.group_id, r.floor, r.played_on, r.players, r.remaining, r.delivered, r.lost, "
                        "r.stars, r.record, g.name FROM rides r JOIN groups g ON g.id = r.group_id WHERE r.id = ?", (i,))
        if row is None:
            raise ScoreBookError(f"The score book has no ride {i}; book.rides() lists every ride with its id.")
        i, _, fl, played, players, remaining, delivered, lost, stars, record, name = row
        return stored_ride(name, fl, self._day(i, played), players, remaining, bool(delivered), bool(lost),
                           self._stars(i, fl, remaining, delivered, lost), record, i)

    def _stars(self, ride: int | None, floor: Any, remaining: Any, delivered: Any, lost: Any) -> int:
        earned = earned_stars(floor, remaining, delivered, lost)
        if earned is None:
            which = f"Ride {ride}" if ride is not None else "A ride"
            raise ScoreBookError(f"{which} in {store.label(self.path)} has values no ride can have (floor {short(floor)}, "
                                 f"{short(remaining)} remaining): the file is damaged. Open a backup or an export of "
                                 "the score book.")
        return earned

    def _day(self, ride: int, played: Any) -> date:
        try:
            return date.fromisoformat(played)
        except (TypeError, ValueError):
            raise ScoreBookError(f"Ride {ride} in {store.label(self.path)} has the date {short(played)}, which is no date: "
                                 "the file is damaged. Open a backup or an export of the score book.") from None

    def best_stars(self, group: Group | str) -> dict[int, int]:
        """Each floor's best stars for ``group`` (rules §15.2: a floor's stars are the best of its rides):
        a dict with every floor number (1 up to :data:`~paternoster.campaign.FLOOR_COUNT`) as key, 0 for a
        floor without rides.

        Raises:
            ScoreBookError: an unknown group.
        """
        gid = self._group_id(group)[0]
        best = dict.fromkeys(range(1, FLOOR_COUNT + 1), 0)
        for fl, remaining, delivered, lost in self._all("SELECT DISTINCT floor, remaining, delivered, lost FROM rides "
                                                        "WHERE group_id = ?", (gid,)):
            best[fl] = max(best.get(fl, 0), self._stars(None, fl, remaining, delivered, lost))
        return best

    def total(self, group: Group | str) -> int:
        """The group's stars in all: the sum of its floors' best stars, 0 up to
        :data:`~paternoster.campaign.MAX_TOTAL_STARS` (rules §15.2)."""
        return sum(self.best_stars(group).values())

    def board(self) -> dict[str, dict[int, int]]:
        """Every group's best stars per floor in one query: ``{name: {floor: stars, ...}, ...}`` in group order,
        every floor present (0 without rides) — the score-book tab's table."""
        out = {name: dict.fromkeys(range(1, FLOOR_COUNT + 1), 0)
               for _, name in self._all("SELECT id, name FROM groups ORDER BY id")}
        for name, fl, remaining, delivered, lost in self._all(
                "SELECT DISTINCT g.name, r.floor, r.remaining, r.delivered, r.lost FROM rides r JOIN groups g "
                "ON g.id = r.group_id"):
            out[name][fl] = max(out[name].get(fl, 0), self._stars(None, fl, remaining, delivered, lost))
        return out

    def summary(self) -> str:
        """A plain-text table: one line per group with its best stars on each floor and its total."""
        board = self.board()
        if not board:
            return "The score book has no groups yet."
        width = max(5, *(len(n) for n in board))
        head = f"{'group':<{width}}  " + " ".join(f"{n:>2}" for n in range(1, FLOOR_COUNT + 1)) + "  total"
        lines = [head]
        for name, best in board.items():
            lines.append(f"{name:<{width}}  " + " ".join(f"{s:>2}" for s in best.values())
                         + f"  {sum(best.values()):>2}/{MAX_TOTAL_STARS}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ export / import
    def contents(self) -> BookContents:
        """Everything in the book (groups and rides, without row numbers): equal contents = the same book."""
        return BookContents(tuple(g.name for g in self.groups()), tuple(r.unnumbered() for r in self.rides()))

    def export_json(self, path: str | os.PathLike[str]) -> None:
        """Write the whole book to ``path`` as JSON (:func:`paternoster.campaign.files.write_json`): the file to
        take home and bring back with :meth:`import_json`.

        Raises:
            ScoreBookError: ``path`` is this book's own file or another SQLite database.
        """
        files.write_json(self.contents(), path, self.path)

    def export_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the whole book to ``path`` as CSV (:func:`paternoster.campaign.files.write_csv`): a table for
        a spreadsheet, one row per group and per ride, the games' records in a section of their own below.

        Raises:
            ScoreBookError: ``path`` is this book's own file or another SQLite database.
        """
        files.write_csv(self.contents(), path, self.path)

    def import_json(self, path: str | os.PathLike[str]) -> Imported:
        """Add the groups and rides of a JSON export (:meth:`export_json`) to this book.

        The whole file is read and checked first (:func:`~paternoster.campaign.files.read_json`); then, in one transaction, every group
        not yet in the book is added (in the file's order) and every ride the book does not already hold
        (rides are compared on every field; a ride the file holds twice is held twice).  Into a new book,
        the import gives exactly the exported book.

        Raises:
            ScoreBookError: anything wrong in the file (the message names the ride or field), or the
                book would pass the most groups or rides it keeps.  Nothing is changed then.
        """
        return self.add_contents(files.read_json(path))

    def import_csv(self, path: str | os.PathLike[str]) -> Imported:
        """As :meth:`import_json`, for a CSV export (:meth:`export_csv`, read by :func:`~paternoster.campaign.files.read_csv`)."""
        return self.add_contents(files.read_csv(path))

    def add_contents(self, contents: BookContents) -> Imported:
        """Add checked contents (from :func:`~paternoster.campaign.files.read_json` or
        :func:`~paternoster.campaign.files.read_csv`) as the imports do, in one transaction."""
        if not isinstance(contents, BookContents):
            raise ScoreBookError(f"contents must be BookContents (from read_json or read_csv), not {short(contents)}.")

        def work(conn: sqlite3.Connection) -> Imported:
            ids: dict[str, int] = {}
            added_groups = 0
            for name in contents.groups:
                g, new = store.add_group(conn, check_group_name(name))
                ids[group_key(name)] = g.id
                added_groups += new
            missing = [r.group for r in contents.rides if group_key(r.group) not in ids]
            if missing:
                raise ScoreBookError(f"contents: the group {short(missing[0])} of a ride is not in contents.groups; "
                                     "nothing was changed.")
            have = Counter(r.key() for r in self.rides())
            new_rides = 0
            for ride in contents.rides:
                k = ride.key()
                if have[k] > 0:
                    have[k] -= 1
                    continue
                store.insert_ride(conn, ids[group_key(ride.group)], ride)
                new_rides += 1
            total = conn.execute("SELECT count(*) FROM rides").fetchone()[0]
            if total > MAX_RIDES:
                raise ScoreBookError(f"The import would give the score book {total:,} rides; it keeps at most "
                                     f"{MAX_RIDES:,}. Nothing was changed.")
            store.check_size(conn)
            return Imported(added_groups, new_rides, len(contents.rides) - new_rides)

        return self._write(work)
