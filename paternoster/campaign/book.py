"""The score book (Punkte, rules §15.3): every group's campaign rides in one SQLite file.

A score book keeps, for several groups side by side, every ride of the campaign (rules §15): the
group, the floor (1–12), the date, the players (1–5), the remaining cards, whether the passengers
were all delivered and whether the game was lost, the stars it earned (rules §15.2, computed by
:func:`paternoster.campaign.stars`) and — for a ride played in the kit — its game record, so the
ride replays in the stepper.  Rides typed in by hand for games with real cards have no record.
From the rides it answers each floor's best stars per group and each group's total (at most 36).

>>> import tempfile, pathlib, datetime
>>> folder = tempfile.TemporaryDirectory()
>>> path = pathlib.Path(folder.name) / "punkte.sqlite"
>>> with ScoreBook.open(path) as book:
...     foxes = book.add_group("Füchse")
...     ride = book.add_ride(foxes, 1, players=2, remaining=0, played_on=datetime.date(2026, 12, 1))
...     book.total(foxes), ride.stars
(3, 3)
>>> folder.cleanup()

**The file** is an ordinary SQLite database (the standard library's :mod:`sqlite3`; no server):

- it carries the score book's mark (``PRAGMA application_id`` = :data:`APPLICATION_ID`) and its
  schema version (``PRAGMA user_version`` = :data:`SCHEMA_VERSION`);
- it runs in write-ahead-log mode (``PRAGMA journal_mode=WAL``), every change is one transaction
  (``BEGIN IMMEDIATE`` … ``COMMIT``), and a writer that finds the file busy waits up to
  :data:`BUSY_TIMEOUT_S` seconds (the sqlite3 busy timeout, 10 s), so two notebooks writing at once
  both get their rides in, and a kernel killed mid-ride loses only the ride it had not committed;
- ``PRAGMA synchronous=NORMAL`` (SQLite's advice for WAL): a committed ride survives the process being
  killed; a power cut may lose the last commits but never damages the file;
- foreign keys are on (a ride always belongs to a group of the book).

**Opening** (:meth:`ScoreBook.open`): a path with no file, or an empty (0-byte) file, becomes a new
score book.  Any other file is first inspected — its size, that it is SQLite, the mark, that it is not
cut short, then through a *read-only* connection the schema version, ``PRAGMA quick_check`` (files up
to :data:`QUICK_CHECK_BYTES`) and the tables — and refused with a
:class:`ScoreBookError` naming the file and what to do when it is not a score book, is damaged, is
too large, or was written by a newer kit; a refused file is left byte-identical.  A file of an older
schema version is copied to ``<name>.v<N>-backup`` and then brought up to date in one transaction
(:data:`MIGRATIONS`).

**Export and import** (a Binder user takes the book home and brings it back): JSON
(:data:`EXPORT_FORMAT`, version :data:`EXPORT_VERSION`) and CSV, both documented in
:meth:`ScoreBook.export_json` and :meth:`ScoreBook.export_csv`.  An import reads and checks the
whole file first and changes nothing if anything is wrong; exporting a book and importing the file
into a new book gives the same book (the same groups in the same order, the same rides in the same
order, byte-identical records).

Group names are any text of 1 to 80 characters without control or invisible characters; they are
kept exactly as typed and are only ever shown as text (never as HTML).

**Decisions (kit)** where the rule book is silent:

- Two names that differ only in case, outer spaces or Unicode composition ("Füchse", " füchse") name
  the same group: :meth:`ScoreBook.add_group` then returns the existing group (so a lesson cell can
  run twice).
- A ride's stars are computed when it is stored and computed again from its result on every read (the
  stored ``stars`` column is never trusted); an import checks that a ride's stars are those it earns
  (rules §15.2), so a file edited by hand cannot award stars.
- A ride played in the kit keeps its record only if the record replays to a finished game of that
  floor's rules that agrees with the ride (players, remaining cards, lost).  An import checks records
  with the strict record parser and the floor's rules but does not replay them (0.1–0.2 s each).
- An import adds what the book lacks: groups by name, rides compared on every field, so importing
  the same file twice adds it once; a ride the file holds twice is held twice.
- An empty (0-byte) file is taken as a new score book (a temporary file made by ``tempfile`` is empty).

Limits (the kit's own, so that a huge or hostile file is refused in bounded time and memory):

==============================  ============  =========================================================
name                            value         what it bounds
==============================  ============  =========================================================
``MAX_GROUP_NAME``              80            characters in a group name
``MAX_GROUPS``                  1,000         groups in one score book (or one import file)
``MAX_RIDES``                   100,000       rides in one score book (or one import file)
``MAX_RIDE_RECORD_BYTES``       500,000       bytes of one ride's game record (UTF-8 JSON)
``MAX_BOOK_BYTES``              1 GiB         size of a score-book file (and of its write-ahead log)
``MAX_IMPORT_BYTES``            256 MiB       size of a JSON or CSV file to import
==============================  ============  =========================================================
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import re
import sqlite3
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable, Sequence

from . import floors as campaign
from ..core.checks import check_bool, check_name, plural, short, whole
from ..core.errors import PaternosterError, RecordError
from ..core.records import parse_record
from ..lift.game import Game
from ..lift.rules import Rules

__all__ = ["ScoreBook", "ScoreBookError", "Group", "Ride", "BookContents", "Imported", "check_ride",
           "read_json", "read_csv", "SCHEMA_VERSION", "APPLICATION_ID", "BUSY_TIMEOUT_S", "MIGRATIONS",
           "EXPORT_FORMAT", "EXPORT_VERSION", "CSV_VERSION", "CSV_COLUMNS", "MAX_GROUP_NAME", "MAX_GROUPS", "MAX_RIDES",
           "MAX_RIDE_RECORD_BYTES", "MAX_BOOK_BYTES", "MAX_IMPORT_BYTES", "MAX_PLAYERS", "QUICK_CHECK_BYTES"]

#: The schema version this kit writes (``PRAGMA user_version``); older files are migrated, newer refused.
SCHEMA_VERSION = 1
#: The score book's mark in the SQLite header (``PRAGMA application_id``): the bytes ``"PtSb"``.
APPLICATION_ID = 0x50745362
#: Seconds a connection waits for another writer before giving up (the sqlite3 busy timeout).
BUSY_TIMEOUT_S = 10.0
#: The export files' ``format`` field (JSON) and first line (CSV), and their version.
EXPORT_FORMAT = "paternoster-scorebook"
EXPORT_VERSION = 1
CSV_VERSION = 2  # 2: the file ends in an end line with its row counts (version 1, shipped one day, had none)
CSV_END = "end of score book"
#: The CSV header line (the second line of a CSV export).
CSV_COLUMNS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "record")

MAX_GROUP_NAME = 80
MAX_GROUPS = 1_000
MAX_RIDES = 100_000
MAX_RIDE_RECORD_BYTES = 500_000
MAX_BOOK_BYTES = 1 << 30
MAX_IMPORT_BYTES = 256 << 20
#: Files up to this size get SQLite's ``PRAGMA quick_check`` (every page read) each time they are opened;
#: larger ones (thousands of rides with game records) only the header and size checks, so opening stays fast.
QUICK_CHECK_BYTES = 16 << 20
#: Players of one ride: the floors are played by 1 to 5 players (rules §15.1).
MAX_PLAYERS = 5
MAX_ID = (1 << 63) - 1  # the largest id SQLite stores

_SQLITE_MAGIC = b"SQLite format 3\x00"
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DIGITS = re.compile(r"[0-9]{1,9}")
_FORMULA_START = ("=", "+", "-", "@", "'")  # a CSV cell starting so is written with one leading "'"


class ScoreBookError(PaternosterError, ValueError):
    """A score book that cannot be opened, read or changed, or a ride, group or import file the score
    book refuses.  The message names the file or field and says what to do; nothing was changed."""


# ----------------------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Group:
    """A group (a team of a class) in a score book: ``id`` (1, 2, … in order of creation) and ``name``
    (text as typed; show it as text, never as HTML)."""

    id: int
    name: str


@dataclass(frozen=True, repr=False)
class Ride:
    """One ride of the campaign (rules §15.1) as the score book keeps it.

    Attributes:
        group: the group's name.
        floor: the floor's number, 1–12 (:func:`paternoster.campaign.floor` gives its name and rules).
        played_on: the day it was played (:class:`datetime.date`).
        players: 1–5.
        remaining: cards left in hands and draw pile at the end (0 = every card played).
        delivered: every passenger delivered (``True`` on floors without passengers).
        lost: the game was lost at once (Fahrgäste, Feuer).
        stars: 0–3 (rules §15.2).
        record: the game record as JSON text (a ride played in the kit; :meth:`game` replays it), or
            ``None`` for a ride typed in by hand.
        id: the ride's number in its score book (1, 2, … in order of entry), ``None`` for a ride read
            from an export file or made by :func:`check_ride`.
    """

    group: str
    floor: int
    played_on: date
    players: int
    remaining: int
    delivered: bool
    lost: bool
    stars: int
    record: str | None = None
    id: int | None = None

    def __repr__(self) -> str:
        record = "yes" if self.record is not None else "no"
        return (f"Ride(id={self.id}, group={self.group!r}, floor={self.floor}, played_on={self.played_on.isoformat()}, "
                f"players={self.players}, remaining={self.remaining}, delivered={self.delivered}, lost={self.lost}, "
                f"stars={self.stars}, record={record})")

    @property
    def floor_name(self) -> str:
        """The floor's name, e.g. ``"Probefahrt"`` (from :mod:`paternoster.campaign`)."""
        return campaign.floor(self.floor).name

    def game(self, upto: int | None = None) -> Game:
        """The ride's game replayed from its record (its first ``upto`` actions; all by default).

        Raises:
            ScoreBookError: the ride has no record (typed in by hand).
            RecordError: the record does not replay (it did when it was stored).
        """
        if self.record is None:
            raise ScoreBookError(f"Ride {self.id} was typed in by hand and has no game record to replay.")
        return Game.from_record(self.record, upto)

    def key(self) -> tuple[Any, ...]:
        """What makes two rides the same ride for an import (every field but ``id``; the group's name
        compared as :meth:`ScoreBook.add_group` compares names)."""
        return (_name_key(self.group), self.floor, self.played_on, self.players, self.remaining, self.delivered,
                self.lost, self.stars, self.record)


def _ride(*values: Any) -> Ride:
    """A Ride from values read back from the file (already checked when stored): without the frozen
    dataclass's field-by-field ``__init__``, five times faster for the 10,000 rides of a big book."""
    ride = object.__new__(Ride)
    ride.__dict__.update(zip(_RIDE_ATTRS, values))
    return ride


@functools.lru_cache(maxsize=4096)
def _earned(floor: Any, remaining: Any, delivered: Any, lost: Any) -> int | None:
    """The stars a stored ride earns (rules §15.2, :func:`paternoster.campaign.stars`), ``None`` if the
    stored values make no ride.  **Decision (kit):** stars are never read back from the file: the
    ``stars`` column is written for people reading the file with other tools, and every read computes the
    stars again from the ride's result, so a file edited by hand cannot award stars."""
    if type(floor) is not int or type(remaining) is not int or delivered not in (0, 1) or lost not in (0, 1):
        return None
    try:
        return int(campaign.stars(floor, remaining, delivered=bool(delivered), lost=bool(lost)))
    except (PaternosterError, ValueError, TypeError):
        return None


_RIDE_ATTRS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "record", "id")


@dataclass(frozen=True)
class BookContents:
    """Everything in a score book, without row numbers: ``groups`` (names, in order of creation) and
    ``rides`` (in order of entry, each with ``id=None``).  Two books with equal contents are the same
    book; an export file read by :func:`read_json` or :func:`read_csv` gives one."""

    groups: tuple[str, ...]
    rides: tuple[Ride, ...]

    def __repr__(self) -> str:
        return f"BookContents(groups={len(self.groups)}, rides={len(self.rides)})"


@dataclass(frozen=True)
class Imported:
    """What an import did: ``groups`` and ``rides`` added; ``already`` rides of the file that the
    book already held (an import never doubles a ride, so importing the same file twice adds it once)."""

    groups: int
    rides: int
    already: int


# ----------------------------------------------------------------------------------------- checks
def _name_key(name: str) -> str:
    """Names that differ only in Unicode composition, case or spacing (outer spaces, runs of spaces, a
    no-break or other Unicode space instead of a plain one) name the same group."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def _check_group_name(name: Any, field: str = "group name") -> str:
    return check_name(name, field, ScoreBookError, MAX_GROUP_NAME)


def _floor(number: Any, field: str = "floor") -> Any:
    """The campaign floor ``number``: a whole number 1 .. FLOOR_COUNT or a floor's name, as
    :func:`paternoster.campaign.floor` takes it (``"Probefahrt"``, ``"3"``)."""
    if isinstance(number, str):
        try:
            return campaign.floor(number)
        except (PaternosterError, ValueError) as e:
            raise ScoreBookError(f"{field}: {e}") from None
    n = whole(number, field, 1, campaign.FLOOR_COUNT, error=ScoreBookError)
    return campaign.floor(n)


def _record_text(record: Any, floor: Any, players: int, remaining: int, lost: bool, replay: bool) -> str:
    """The canonical JSON text of a ride's record (compact, keys in the record's order).

    With ``replay`` the record is replayed and must be a finished game of this floor that agrees with
    the ride (players, remaining cards, lost); without it (an import) it must pass the strict record
    parser and name this floor's rules and the ride's players.
    """
    if isinstance(record, Game):
        game: Game | None = record
        rec = record.to_record()
    elif isinstance(record, (dict, str, bytes)):
        try:
            rec = parse_record(record, Game.RECORD_FORMAT)
            game = Game.from_record(rec) if replay else None
        except RecordError as e:
            raise ScoreBookError(f"record: {e}") from None
    else:
        raise ScoreBookError(f"record must be a finished Game, its record (dict) or the record's JSON text, or None "
                             f"for a ride typed in by hand; not {short(record)} ({type(record).__name__}).")
    if rec["players"] != players:
        raise ScoreBookError(f"record: the game has {plural(rec['players'], 'player')}, but the ride says {players}.")
    try:
        rules = Rules.from_dict(rec["rules"])
    except PaternosterError as e:
        raise ScoreBookError(f"record: field 'rules': {e}") from None
    if rules != floor.rules:
        raise ScoreBookError(f"record: the game was not played with the rules of floor {floor.number} "
                             f"({floor.name}); a ride's record must be a game of its floor (rules §15.1).")
    if game is not None:
        result = game.result
        if result is None:
            raise ScoreBookError("record: the game is not over yet; store a ride when its game has ended.")
        if result.remaining != remaining:
            raise ScoreBookError(f"record: the game ended with {plural(result.remaining, 'remaining card')}, but the "
                                 f"ride says {remaining}.")
        if (result.outcome == "lost") != lost:
            raise ScoreBookError(f"record: the game was {'' if result.outcome == 'lost' else 'not '}lost, but the ride "
                                 f"says lost={lost}.")
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_RIDE_RECORD_BYTES:
        raise ScoreBookError(f"record: the game record has more than {MAX_RIDE_RECORD_BYTES:,} bytes; a campaign "
                             "ride's record is far smaller.")
    return text


def check_ride(group: str, floor_number: int | str, *, players: int, remaining: int, delivered: bool = True,
               lost: bool = False, played_on: date | None = None, record: Any = None,
               stars: int | None = None, replay: bool = True) -> Ride:
    """Check a ride's values and compute its stars (rules §15.2), without any score book.

    Args:
        group: the group's name (1–80 characters, no control characters).
        floor_number: 1 .. :data:`paternoster.campaign.FLOOR_COUNT`, or a floor's name (as
            :func:`paternoster.campaign.floor` takes it, e.g. ``"Probefahrt"``).
        players: 1–5, and a count the floor's rules allow.
        remaining: cards left at the end, 0 .. the cards of the floor's rules less its passengers.
        delivered: every passenger delivered; must stay ``True`` on a floor without passengers.
        lost: the game was lost at once.
        played_on: a :class:`datetime.date` (not a datetime); ``None`` is today.
        record: ``None`` (typed in by hand) or the ride's finished game: a :class:`~paternoster.lift.game.Game`,
            its record dict or JSON text.  It must replay (rules of the floor, the same players, remaining
            cards and loss); it is stored as canonical JSON text.
        stars: ``None`` to compute them; otherwise (an import) they must equal the computed stars.
        replay: replay the record (a Game is never replayed).  The imports pass ``False``: a record is
            then checked by the strict record parser and must name the floor's rules and the ride's
            players, but is not replayed (a replay takes about 0.1–0.2 s; the record was replayed
            when its ride was first stored, and :meth:`Ride.game` replays it when it is shown).

    Returns:
        a :class:`Ride` with ``id=None``.

    Raises:
        ScoreBookError: naming the first field that is wrong and what it must be.
    """
    name = _check_group_name(group, "group")
    fl = _floor(floor_number)
    players = whole(players, "players", 1, MAX_PLAYERS, error=ScoreBookError)
    try:
        fl.rules.check_players(players)
    except PaternosterError as e:
        raise ScoreBookError(f"players: floor {fl.number} ({fl.name}): {e}") from None
    remaining = whole(remaining, "remaining", 0, fl.rules.cards - fl.passengers, error=ScoreBookError)
    delivered = check_bool(delivered, "delivered", ScoreBookError)
    lost = check_bool(lost, "lost", ScoreBookError)
    if not delivered and not fl.passengers:
        raise ScoreBookError(f"delivered: floor {fl.number} ({fl.name}) has no passengers; leave delivered as True.")
    if played_on is None:
        played_on = date.today()
    if not isinstance(played_on, date) or hasattr(played_on, "hour"):
        raise ScoreBookError(f"played_on must be a date such as datetime.date(2026, 12, 1) (not a datetime), "
                             f"not {short(played_on)} ({type(played_on).__name__}).")
    latest = date.today() + timedelta(days=1)  # one day of grace for a book filled in another time zone
    if played_on > latest:
        raise ScoreBookError(f"played_on {played_on.isoformat()} is in the future; a ride is recorded on or after "
                             f"the day it was played (at the latest {latest.isoformat()}).")
    text = None if record is None else _record_text(record, fl, players, remaining, lost, replay)
    earned = campaign.stars(fl, remaining, delivered=delivered, lost=lost)
    if stars is not None:
        given = whole(stars, "stars", 0, 3, error=ScoreBookError)
        if given != earned:
            raise ScoreBookError(f"stars: {given}, but floor {fl.number} ({fl.name}) with "
                                 f"{plural(remaining, 'remaining card')}{', lost' if lost else ''}"
                                 f"{'' if delivered else ', passengers not delivered'} earns {plural(earned, 'star')} (rules §15.2).")
    return Ride(name, fl.number, played_on, players, remaining, delivered, lost, earned, text)


# ------------------------------------------------------------------------------------------ schema
_SCHEMA_V1 = """
CREATE TABLE groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CHECK (typeof(name) = 'text' AND length(name) BETWEEN 1 AND 80),
    key TEXT NOT NULL UNIQUE
);
CREATE TABLE rides (
    id INTEGER PRIMARY KEY,
    group_id INTEGER NOT NULL REFERENCES groups (id),
    floor INTEGER NOT NULL CHECK (typeof(floor) = 'integer' AND floor BETWEEN 1 AND 12),
    played_on TEXT NOT NULL CHECK (played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    players INTEGER NOT NULL CHECK (typeof(players) = 'integer' AND players BETWEEN 1 AND 5),
    remaining INTEGER NOT NULL CHECK (typeof(remaining) = 'integer' AND remaining >= 0),
    delivered INTEGER NOT NULL CHECK (delivered IN (0, 1)),
    lost INTEGER NOT NULL CHECK (lost IN (0, 1)),
    stars INTEGER NOT NULL CHECK (stars IN (0, 1, 2, 3)),
    record TEXT CHECK (record IS NULL OR typeof(record) = 'text')
);
CREATE INDEX rides_by_group ON rides (group_id, floor, stars);
"""

#: The columns each table must have (a file without them is damaged, or no score book).
_COLUMNS = {"groups": {"id", "name", "key"},
            "rides": {"id", "group_id", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars",
                      "record"}}

#: Migrations: ``MIGRATIONS[n]`` brings a file of schema version ``n`` to version ``n + 1`` (it runs inside
#: the migration's one transaction and must not commit).  Version 1 is the first, so there are none yet;
#: a version 2 adds ``MIGRATIONS[1]`` and raises :data:`SCHEMA_VERSION`.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {}


def _label(path: Path) -> str:
    return short(str(path))


def _sidecars(path: Path) -> list[Path]:
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]


def _inspect(path: Path) -> int:
    """Check an existing, non-empty file through a read-only connection; return its schema version.

    Raises:
        ScoreBookError: too large, not SQLite, not a score book, damaged, newer, or over a limit.
    """
    where = _label(path)
    for p in [path, *_sidecars(path)[:1]]:
        if p.exists() and p.stat().st_size > MAX_BOOK_BYTES:
            raise ScoreBookError(f"{short(str(p))} has more than {MAX_BOOK_BYTES:,} bytes; a score book is far smaller. "
                                 "Is it a score book at all? Open another file.")
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(_SQLITE_MAGIC) or len(head) < 100:
        raise ScoreBookError(f"{where} is not a score book (not an SQLite database); it was left unchanged. "
                             "Give the path of a score book, or a new file name to start one.")
    if int.from_bytes(head[68:72], "big") != APPLICATION_ID:
        raise ScoreBookError(f"{where} is an SQLite database of another program, not a score book; it was left "
                             "unchanged. Give the path of a score book, or a new file name to start one.")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    size = path.stat().st_size
    if head[24:28] == head[92:96] and (pages * page > size or size % page):
        raise ScoreBookError(f"{where} is damaged (cut short: {size:,} bytes of {pages * page:,}) and was left "
                             "unchanged. Open a backup or an export of the score book.")
    existed = [p.exists() for p in _sidecars(path)]
    uri = "file:" + _quote_uri(path) + "?mode=ro"
    conn = None
    refused = True
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ScoreBookError(f"{where} was written by a newer kit (score-book schema version {version}; this kit "
                                 f"reads up to {SCHEMA_VERSION}). It was left unchanged: update the kit to open it.")
        if version < 1:
            raise ScoreBookError(f"{where} carries the score book's mark but no schema version: it is damaged and was "
                                 "left unchanged. Open a backup or an export of the score book.")
        check = [row[0] for row in conn.execute("PRAGMA quick_check(5)")] if size <= QUICK_CHECK_BYTES else ["ok"]
        if check != ["ok"]:
            raise ScoreBookError(f"{where} is damaged ({short('; '.join(check))}) and was left unchanged. Open a "
                                 "backup or an export of the score book.")
        for table, columns in _COLUMNS.items():
            found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if not columns <= found:
                raise ScoreBookError(f"{where} is damaged (table {table} lacks {', '.join(sorted(columns - found))}) "
                                     "and was left unchanged. Open a backup or an export of the score book.")
        groups = conn.execute("SELECT count(*) FROM groups").fetchone()[0]
        rides = conn.execute("SELECT count(*) FROM rides").fetchone()[0]
        if groups > MAX_GROUPS or rides > MAX_RIDES:
            raise ScoreBookError(f"{where} holds {groups:,} groups and {rides:,} rides; a score book holds at most "
                                 f"{MAX_GROUPS:,} groups and {MAX_RIDES:,} rides. It was left unchanged.")
        refused = False
        return int(version)
    except sqlite3.DatabaseError as e:
        raise ScoreBookError(f"{where} cannot be read as a score book ({short(str(e))}): it is damaged or no score "
                             "book, and was left unchanged. Open a backup or an export of the score book.") from None
    finally:
        if conn is not None:
            conn.close()
        # A read-only look at a file in WAL mode may leave empty -wal/-shm files beside a refused file: remove
        # those that were not there before (never beside a good book, where another process may just have made them).
        for p, was in zip(_sidecars(path), existed):
            if refused and not was and p.exists() and (p.name.endswith("-shm") or p.stat().st_size == 0):
                try:
                    p.unlink()
                except OSError:
                    pass


def _quote_uri(path: Path) -> str:
    from urllib.parse import quote
    return quote(str(path.absolute()), safe="/")


# --------------------------------------------------------------------------------------- the book
class ScoreBook:
    """A score book file, open (rules §15.3).  Make one with :meth:`open`; use it as a context manager
    (``with ScoreBook.open(path) as book: ...``) or call :meth:`close`.

    Every change is one transaction, committed before the method returns.  Methods raise
    :class:`ScoreBookError` for a closed book, bad values, or a file another program keeps busy for
    more than :data:`BUSY_TIMEOUT_S` seconds; nothing is changed then.
    """

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        """Use :meth:`open`."""
        self.path = path
        self._conn: sqlite3.Connection | None = conn

    # ------------------------------------------------------------------ open / close
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, create: bool = True) -> ScoreBook:
        """Open the score book at ``path``; a missing or empty (0-byte) file becomes a new score book
        (unless ``create`` is False).

        Raises:
            ScoreBookError: the file is not a score book, is damaged, too large, or of a newer kit (it
                is left byte-identical); no file and ``create`` False; the folder does not exist; or
                the file cannot be opened for writing.
            TypeError: ``path`` is not a path.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
        if isinstance(path, str) and ("\x00" in path or not path.strip()):
            raise ScoreBookError(f"path {short(path)} is no file name; give a path such as 'punkte.sqlite'.")
        p = Path(path)
        where = _label(p)
        try:
            exists = p.exists()
            if exists and not p.is_file():
                raise ScoreBookError(f"{where} is not a regular file (a folder, device or pipe), so no score book; give a file name.")
            size = p.stat().st_size if exists else 0
            if not p.parent.is_dir():
                raise ScoreBookError(f"The folder of {where} does not exist; create it first or give another path.")
        except OSError as e:
            raise ScoreBookError(f"{where} cannot be opened: {short(str(e))}.") from None
        wal = _sidecars(p)[0]
        if size == 0:
            if not create:
                raise ScoreBookError(f"There is no score book at {where}; check the path (a new score book is made "
                                     "by adding a group or a ride, or by an import).")
            if wal.exists() and wal.stat().st_size > 0:
                raise ScoreBookError(f"{where} is empty but its write-ahead log {short(str(wal))} is not: the pair is "
                                     "damaged and was left unchanged. Open a backup or an export of the score book.")
            version = 0
        else:
            version = _inspect(p)
        try:
            conn = sqlite3.connect(p, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as e:
            raise ScoreBookError(f"{where} cannot be opened: {short(str(e))}.") from None
        try:
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")
            if version == 0:
                _create(conn, p)
            elif version < SCHEMA_VERSION:
                _migrate(conn, p)
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode != "wal":  # e.g. a file system without shared memory: the rollback journal is safe, only slower
                conn.execute("PRAGMA journal_mode = DELETE")
        except ScoreBookError:
            conn.close()
            raise
        except sqlite3.Error as e:
            conn.close()
            raise ScoreBookError(f"{where} cannot be opened as a score book: {short(str(e))}.") from None
        return cls(p, conn)

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
            raise ScoreBookError(f"The score book {_label(self.path)} is closed; open it again with ScoreBook.open.")
        return self._conn

    def _fail(self, e: sqlite3.Error) -> ScoreBookError:
        where = _label(self.path)
        if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
            return ScoreBookError(f"The score book {where} is busy: another program kept it locked for more than "
                                  f"{BUSY_TIMEOUT_S:g} s. Nothing was changed; try again.")
        return ScoreBookError(f"The score book {where} failed: {short(str(e))}. Nothing was changed; if this "
                              "repeats, the file is damaged: open a backup or an export.")

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        try:
            return self._db().execute(sql, args).fetchone()
        except sqlite3.Error as e:
            raise self._fail(e) from None

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._db().execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise self._fail(e) from None

    def _write(self, work: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction: committed if it returns, rolled back if it raises."""
        conn = self._db()
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise self._fail(e) from None
        try:
            out = work(conn)
            conn.execute("COMMIT")
            return out
        except BaseException as e:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(e, sqlite3.Error):
                raise self._fail(e) from None
            raise

    # ------------------------------------------------------------------ groups
    def add_group(self, name: str) -> Group:
        """Add a group named ``name`` (1–80 characters, no control characters) and return it; if the book
        already has a group of that name (the same but for case, spacing — outer spaces, runs of spaces,
        no-break spaces — or Unicode composition), return that group under its first spelling — so running a lesson cell twice does not fail.

        Raises:
            ScoreBookError: a name that is not usable (the message says why), or the book already holds
                :data:`MAX_GROUPS` groups.
        """
        name = _check_group_name(name)

        def work(conn: sqlite3.Connection) -> Group:
            return _add_group(conn, name)[0]

        return self._write(work)

    def group(self, name: str) -> Group:
        """The group named ``name`` (compared as :meth:`add_group` compares names).

        Raises:
            ScoreBookError: no such group (the message says how to add one).
        """
        name = _check_group_name(name)
        row = self._one("SELECT id, name FROM groups WHERE key = ?", (_name_key(name),))
        if row is None:
            raise ScoreBookError(f"The score book has no group {short(name)}; add it first with book.add_group(name).")
        return Group(row[0], row[1])

    def groups(self) -> list[Group]:
        """Every group, in order of creation."""
        return [Group(i, n) for i, n in self._all("SELECT id, name FROM groups ORDER BY id")]

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
                :data:`MAX_RIDES` rides.  Nothing is added then.
        """
        gid, gname = self._group_id(group)
        ride = check_ride(gname, floor_number, players=players, remaining=remaining, delivered=delivered, lost=lost,
                          played_on=played_on, record=record)

        def work(conn: sqlite3.Connection) -> int:
            if conn.execute("SELECT count(*) FROM rides").fetchone()[0] >= MAX_RIDES:
                raise ScoreBookError(f"The score book already holds {MAX_RIDES:,} rides, the most it keeps; start a "
                                     "new score book.")
            return _insert_ride(conn, gid, ride)

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
            out.append(_ride(names[gid], fl, day, players, remaining, bool(delivered), bool(lost),
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
        return _ride(name, fl, self._day(i, played), players, remaining, bool(delivered), bool(lost),
                     self._stars(i, fl, remaining, delivered, lost), record, i)

    def _stars(self, ride: int | None, floor: Any, remaining: Any, delivered: Any, lost: Any) -> int:
        earned = _earned(floor, remaining, delivered, lost)
        if earned is None:
            which = f"Ride {ride}" if ride is not None else "A ride"
            raise ScoreBookError(f"{which} in {_label(self.path)} has values no ride can have (floor {short(floor)}, "
                                 f"{short(remaining)} remaining): the file is damaged. Open a backup or an export of "
                                 "the score book.")
        return earned

    def _day(self, ride: int, played: Any) -> date:
        try:
            return date.fromisoformat(played)
        except (TypeError, ValueError):
            raise ScoreBookError(f"Ride {ride} in {_label(self.path)} has the date {short(played)}, which is no date: "
                                 "the file is damaged. Open a backup or an export of the score book.") from None

    def best_stars(self, group: Group | str) -> dict[int, int]:
        """Each floor's best stars for ``group`` (rules §15.2: a floor's stars are the best of its rides):
        a dict with every floor number 1..12 as key, 0 for a floor without rides.

        Raises:
            ScoreBookError: an unknown group.
        """
        gid = self._group_id(group)[0]
        best = dict.fromkeys(range(1, campaign.FLOOR_COUNT + 1), 0)
        for fl, remaining, delivered, lost in self._all("SELECT DISTINCT floor, remaining, delivered, lost FROM rides "
                                                        "WHERE group_id = ?", (gid,)):
            best[fl] = max(best.get(fl, 0), self._stars(None, fl, remaining, delivered, lost))
        return best

    def total(self, group: Group | str) -> int:
        """The group's stars in all: the sum of its floors' best stars, 0..36 (rules §15.2)."""
        return sum(self.best_stars(group).values())

    def board(self) -> dict[str, dict[int, int]]:
        """Every group's best stars per floor in one query: ``{name: {floor: stars, ...}, ...}`` in group order,
        every floor 1..12 present (0 without rides) — the score-book tab's table."""
        out = {name: dict.fromkeys(range(1, campaign.FLOOR_COUNT + 1), 0)
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
        head = f"{'group':<{width}}  " + " ".join(f"{n:>2}" for n in range(1, campaign.FLOOR_COUNT + 1)) + "  total"
        lines = [head]
        for name, best in board.items():
            lines.append(f"{name:<{width}}  " + " ".join(f"{s:>2}" for s in best.values())
                         + f"  {sum(best.values()):>2}/{3 * campaign.FLOOR_COUNT}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ export / import
    def contents(self) -> BookContents:
        """Everything in the book (groups and rides, without row numbers): equal contents = the same book."""
        return BookContents(tuple(g.name for g in self.groups()),
                            tuple(_ride(*(getattr(r, a) for a in _RIDE_ATTRS[:-1]), None) for r in self.rides()))

    def export_json(self, path: str | os.PathLike[str]) -> None:
        """Write the whole book to ``path`` as UTF-8 JSON (replacing the file whole, never half-written)::

            {"format": "paternoster-scorebook", "version": 1,
             "groups": ["Füchse", "Eulen"],
             "rides": [
              {"group": "Füchse", "floor": 1, "played_on": "2026-12-01", "players": 2, "remaining": 0,
               "delivered": true, "lost": false, "stars": 3, "record": null},
              ...]}

        ``groups`` in order of creation, ``rides`` in order of entry (one per line); ``record`` is the
        game record object or ``null`` for a ride typed in by hand.

        Raises:
            ScoreBookError: ``path`` is this book's own file or another SQLite database.
        """
        c = self.contents()
        lines = [f'{{"format": "{EXPORT_FORMAT}", "version": {EXPORT_VERSION},',
                 f' "groups": {json.dumps(list(c.groups), ensure_ascii=False)},', ' "rides": [']
        rides = [json.dumps(_ride_json(r), ensure_ascii=False) for r in c.rides]
        lines.append(",\n".join(" " + r for r in rides))
        lines.append(" ]}\n")
        _write_file(path, "\n".join(lines).encode("utf-8"), self.path)

    def export_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the whole book to ``path`` as CSV (UTF-8 with a byte-order mark, so spreadsheets show
        umlauts; comma-separated, quoted where needed):

        - line 1: ``paternoster-scorebook,2`` (the format and its CSV version, :data:`CSV_VERSION`);
        - line 2: the header ``group,floor,played_on,players,remaining,delivered,lost,stars,record``;
        - one row per group with only ``group`` filled, in order of creation (so groups without rides
          are kept);
        - one row per ride in order of entry: dates as ``2026-12-01``, ``delivered``/``lost`` as
          ``true``/``false``, ``record`` the record's JSON text or empty;
        - last line: ``end of score book,G,R`` with the number of group rows and ride rows above it, so a
          file cut short is refused on import.  (CSV version 1, written only on 2026-12-01, had no end
          line; it is not read — export the book again.)

        A group name starting with ``=``, ``+``, ``-``, ``@`` or ``'`` is written with one more leading
        ``'`` (so a spreadsheet does not run it as a formula); :meth:`import_csv` removes it.

        Raises:
            ScoreBookError: ``path`` is this book's own file or another SQLite database.
        """
        c = self.contents()
        out = io.StringIO(newline="")
        w = csv.writer(out, lineterminator="\r\n")
        w.writerow([EXPORT_FORMAT, CSV_VERSION])
        w.writerow(CSV_COLUMNS)
        for g in c.groups:
            w.writerow([_csv_name(g)] + [""] * (len(CSV_COLUMNS) - 1))
        for r in c.rides:
            w.writerow([_csv_name(r.group), r.floor, r.played_on.isoformat(), r.players, r.remaining,
                        str(r.delivered).lower(), str(r.lost).lower(), r.stars, r.record or ""])
        w.writerow([CSV_END, len(c.groups), len(c.rides)])
        _write_file(path, out.getvalue().encode("utf-8-sig"), self.path)

    def import_json(self, path: str | os.PathLike[str]) -> Imported:
        """Add the groups and rides of a JSON export (:meth:`export_json`) to this book.

        The whole file is read and checked first (:func:`read_json`); then, in one transaction, every group
        not yet in the book is added (in the file's order) and every ride the book does not already hold
        (rides are compared on every field; a ride the file holds twice is held twice).  Into a new book,
        the import gives exactly the exported book.

        Raises:
            ScoreBookError: anything wrong in the file (the message names the ride or field), or the
                book would pass :data:`MAX_GROUPS` / :data:`MAX_RIDES`.  Nothing is changed then.
        """
        return self.add_contents(read_json(path))

    def import_csv(self, path: str | os.PathLike[str]) -> Imported:
        """As :meth:`import_json`, for a CSV export (:meth:`export_csv`, read by :func:`read_csv`)."""
        return self.add_contents(read_csv(path))

    def add_contents(self, contents: BookContents) -> Imported:
        """Add checked contents (from :func:`read_json` or :func:`read_csv`) as the imports do, in one transaction."""
        if not isinstance(contents, BookContents):
            raise ScoreBookError(f"contents must be BookContents (from read_json or read_csv), not {short(contents)}.")

        def work(conn: sqlite3.Connection) -> Imported:
            ids: dict[str, int] = {}
            added_groups = 0
            for name in contents.groups:
                g, new = _add_group(conn, _check_group_name(name))
                ids[_name_key(name)] = g.id
                added_groups += new
            missing = [r.group for r in contents.rides if _name_key(r.group) not in ids]
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
                _insert_ride(conn, ids[_name_key(ride.group)], ride)
                new_rides += 1
            total = conn.execute("SELECT count(*) FROM rides").fetchone()[0]
            if total > MAX_RIDES:
                raise ScoreBookError(f"The import would give the score book {total:,} rides; it keeps at most "
                                     f"{MAX_RIDES:,}. Nothing was changed.")
            return Imported(added_groups, new_rides, len(contents.rides) - new_rides)

        return self._write(work)


def _add_group(conn: sqlite3.Connection, name: str) -> tuple[Group, bool]:
    """The group named ``name`` (added if new) and whether it was added; inside a write transaction."""
    key = _name_key(name)
    row = conn.execute("SELECT id, name FROM groups WHERE key = ?", (key,)).fetchone()
    if row is not None:
        return Group(row[0], row[1]), False
    if conn.execute("SELECT count(*) FROM groups").fetchone()[0] >= MAX_GROUPS:
        raise ScoreBookError(f"The score book already holds {MAX_GROUPS:,} groups, the most it keeps; nothing was added.")
    cur = conn.execute("INSERT INTO groups (name, key) VALUES (?, ?)", (name, key))
    return Group(int(cur.lastrowid or 0), name), True


def _insert_ride(conn: sqlite3.Connection, gid: int, r: Ride) -> int:
    cur = conn.execute("INSERT INTO rides (group_id, floor, played_on, players, remaining, delivered, lost, stars, record) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, r.floor, r.played_on.isoformat(), r.players, r.remaining, int(r.delivered), int(r.lost),
                        r.stars, r.record))
    return int(cur.lastrowid or 0)


def _create(conn: sqlite3.Connection, path: Path) -> None:
    """Make a new score book in an empty file (another process may be doing the same: the exclusive
    transaction lets one of them create it and the other find it made)."""
    conn.execute("BEGIN EXCLUSIVE")
    try:
        app = conn.execute("PRAGMA application_id").fetchone()[0]
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app == APPLICATION_ID and tables:
            conn.execute("ROLLBACK")
            return
        if app or tables:
            raise ScoreBookError(f"{_label(path)} was changed by another program while it was opened; it is no score "
                                 "book and was left unchanged.")
        # statement by statement: executescript would commit in the middle of this transaction
        for statement in _SCHEMA_V1.split(";"):
            if statement.strip():
                conn.execute(statement)
        for version in range(1, SCHEMA_VERSION):
            MIGRATIONS[version](conn)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring a file of an older schema version up to :data:`SCHEMA_VERSION`: first a backup copy
    ``<name>.v<N>-backup`` (SQLite's backup API, a consistent snapshot), then every step of
    :data:`MIGRATIONS` in one exclusive transaction (rolled back whole if a step fails)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version >= SCHEMA_VERSION:
        return
    backup = path.with_name(f"{path.name}.v{version}-backup")
    n = 2
    while backup.exists():
        backup = path.with_name(f"{path.name}.v{version}-backup{n}")
        n += 1
    copy = sqlite3.connect(backup)
    try:
        conn.backup(copy)
    finally:
        copy.close()
    conn.execute("BEGIN EXCLUSIVE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for v in range(version, SCHEMA_VERSION):  # none if another process migrated it meanwhile
            if v not in MIGRATIONS:
                raise ScoreBookError(f"{_label(path)} has schema version {v}, which this kit cannot migrate; it was "
                                     "left unchanged. Open it with the kit that wrote it and export it.")
            MIGRATIONS[v](conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


# ------------------------------------------------------------------------------ export / import files
def _ride_json(r: Ride) -> dict[str, Any]:
    return {"group": r.group, "floor": r.floor, "played_on": r.played_on.isoformat(), "players": r.players,
            "remaining": r.remaining, "delivered": r.delivered, "lost": r.lost, "stars": r.stars,
            "record": None if r.record is None else json.loads(r.record)}


def _csv_name(name: str) -> str:
    return "'" + name if name.startswith(_FORMULA_START) else name


def _write_file(path: str | os.PathLike[str], data: bytes, book: Path) -> None:
    """Write ``data`` to ``path`` whole (a temporary file beside it, then renamed), never onto a score book."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    where = _label(p)
    try:
        if p.exists():
            if any(p.resolve() == q.resolve() for q in [book, *_sidecars(book)]):
                raise ScoreBookError(f"{where} is the score book itself; export to another file name.")
            if p.is_file():
                with p.open("rb") as f:
                    if f.read(16) == _SQLITE_MAGIC:
                        raise ScoreBookError(f"{where} is an SQLite database (perhaps a score book) and was left "
                                             "unchanged; export to another file name.")
            else:
                raise ScoreBookError(f"{where} is not a regular file (a folder, device or pipe); export to a file name.")
        tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, p)
    except OSError as e:
        raise ScoreBookError(f"{where} cannot be written: {short(str(e))}.") from None


def _read_import(path: str | os.PathLike[str]) -> bytes:
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_IMPORT_BYTES + 1)
    except OSError as e:
        raise ScoreBookError(f"{_label(p)} cannot be read: {short(str(e))}.") from None
    if len(data) > MAX_IMPORT_BYTES:
        raise ScoreBookError(f"{_label(p)} has more than {MAX_IMPORT_BYTES:,} bytes; a score-book export is far "
                             "smaller. Nothing was imported.")
    if data.startswith(_SQLITE_MAGIC):
        raise ScoreBookError(f"{_label(p)} is an SQLite database (a score book itself?), not an export; open it with "
                             "ScoreBook.open, or import a .json or .csv export. Nothing was imported.")
    return data


def _text(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ScoreBookError(f"{where} is not UTF-8 text (byte {e.start} cannot be read). Nothing was imported.") from None


def _unique_groups(names: list[str], where: str) -> tuple[str, ...]:
    if len(names) > MAX_GROUPS:
        raise ScoreBookError(f"{where} holds {len(names):,} groups; a score book keeps at most {MAX_GROUPS:,}. "
                             "Nothing was imported.")
    seen: set[str] = set()
    for name in names:
        k = _name_key(name)
        if k in seen:
            raise ScoreBookError(f"{where}: the group {short(name)} is listed twice. Nothing was imported.")
        seen.add(k)
    return tuple(names)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k, v in pairs:
        if k in d:
            raise ScoreBookError(f"the key {short(k)} appears twice in one object")
        d[k] = v
    return d


def _json_constant(text: str) -> Any:
    raise ScoreBookError(f"{text} is no JSON number a score book holds")


def _json_int(text: str) -> int:
    if len(text) > 20:
        raise ScoreBookError(f"the number {short(text)} is too long")
    return int(text)


_RIDE_FIELDS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "record")


def read_json(path: str | os.PathLike[str]) -> BookContents:
    """Read and check a JSON export (format in :meth:`ScoreBook.export_json`) without changing any book.

    Every field is checked with its exact JSON type (whole numbers, true/false, text), unknown or missing
    fields are refused, every ride's stars must be those its floor and result earn (rules §15.2), and
    every record must pass the strict record parser and name its floor's rules (:func:`check_ride` with
    ``replay=False``).  Every ride's group must be in ``groups``.

    Raises:
        ScoreBookError: naming the file, the ride (1-based) and the field; TypeError for a non-path.
    """
    where = _label(Path(path)) if isinstance(path, (str, os.PathLike)) else ""
    text = _text(_read_import(path), where)
    try:
        data = json.loads(text, object_pairs_hook=_json_object, parse_constant=_json_constant, parse_int=_json_int)
    except ScoreBookError as e:
        raise ScoreBookError(f"{where} is not a score-book export: {e}. Nothing was imported.") from None
    except RecursionError:
        raise ScoreBookError(f"{where} is nested too deeply to be a score-book export. Nothing was imported.") from None
    except ValueError as e:
        raise ScoreBookError(f"{where} is not JSON ({short(str(e))}). Nothing was imported.") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ScoreBookError(f"{where} is no score-book export (its \"format\" is not {EXPORT_FORMAT!r}). Nothing was "
                             "imported.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != EXPORT_VERSION:
        raise ScoreBookError(f"{where} is a score-book export of version {short(version)}; this kit reads version "
                             f"{EXPORT_VERSION}. Nothing was imported.")
    extra = set(data) - {"format", "version", "groups", "rides"}
    if extra or not {"groups", "rides"} <= set(data):
        what = f"unknown fields {', '.join(map(repr, sorted(extra)))}" if extra else "no \"groups\" or no \"rides\""
        raise ScoreBookError(f"{where} has {short(what)}; an export holds format, version, groups and rides. "
                             "Nothing was imported.")
    groups, rides = data["groups"], data["rides"]
    if not isinstance(groups, list) or not isinstance(rides, list):
        raise ScoreBookError(f"{where}: \"groups\" and \"rides\" must be lists. Nothing was imported.")
    if len(rides) > MAX_RIDES:
        raise ScoreBookError(f"{where} holds {len(rides):,} rides; a score book keeps at most {MAX_RIDES:,}. Nothing "
                             "was imported.")
    names = _unique_groups([_field_error(where, f"group {i}", _check_group_name, g) for i, g in enumerate(groups, 1)],
                           where)
    listed = {_name_key(n): n for n in names}
    out = []
    for i, r in enumerate(rides, 1):
        if not isinstance(r, dict) or set(r) != set(_RIDE_FIELDS):
            got = sorted(r) if isinstance(r, dict) else type(r).__name__
            raise ScoreBookError(f"{where}: ride {i} must be an object with exactly the fields {', '.join(_RIDE_FIELDS)}"
                                 f" (it has {short(got)}). Nothing was imported.")
        if not isinstance(r["group"], str) or _name_key(r["group"]) not in listed:
            raise ScoreBookError(f"{where}: ride {i}: its group {short(r['group'])} is not in \"groups\". Nothing was "
                                 "imported.")
        if r["record"] is not None and not isinstance(r["record"], dict):
            raise ScoreBookError(f"{where}: ride {i}: \"record\" must be a game record object or null. Nothing was "
                                 "imported.")
        day = _field_error(where, f"ride {i}", _date_text, r["played_on"])
        out.append(_field_error(where, f"ride {i}", _checked, r["group"], r["floor"], r["players"], r["remaining"],
                                r["delivered"], r["lost"], day, r["record"], r["stars"]))
    return BookContents(names, tuple(out))


def _date_text(text: Any) -> date:
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ScoreBookError(f"played_on must be a date written as 2026-12-01, not {short(text)}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ScoreBookError(f"played_on {short(text)} is no day of the calendar") from None


def _checked(group: str, floor: Any, players: Any, remaining: Any, delivered: Any, lost: Any, day: date,
             record: Any, stars: Any) -> Ride:
    return check_ride(group, floor, players=players, remaining=remaining, delivered=delivered, lost=lost,
                      played_on=day, record=record, stars=stars, replay=False)


def _field_error(where: str, what: str, check: Callable[..., Any], *args: Any) -> Any:
    """``check(*args)``, with a ScoreBookError's message prefixed by the file and the item."""
    try:
        return check(*args)
    except ScoreBookError as e:
        raise ScoreBookError(f"{where}: {what}: {str(e).rstrip('.')}. Nothing was imported.") from None


def _csv_number(text: str, field: str) -> int:
    t = text.strip()
    if not _DIGITS.fullmatch(t):
        raise ScoreBookError(f"{field} must be a whole number written in digits 0-9, not {short(text)}")
    return int(t)


def _csv_bool(text: str, field: str) -> bool:
    t = text.strip().lower()
    if t not in ("true", "false"):
        raise ScoreBookError(f"{field} must be true or false, not {short(text)}")
    return t == "true"


def read_csv(path: str | os.PathLike[str]) -> BookContents:
    """Read and check a CSV export (format in :meth:`ScoreBook.export_csv`) without changing any book.

    Numbers, dates and true/false may have spaces around them; group names are taken exactly (less the
    one ``'`` an export puts before a name starting with ``=``, ``+``, ``-``, ``@`` or ``'``).  A ride's
    group need not have its own group row (such groups follow the listed ones, in order of first
    appearance).  Every ride is checked as :func:`check_ride` checks it (stars must be what the ride
    earns, records are read by the strict record parser).

    Raises:
        ScoreBookError: naming the file, the line and the field; TypeError for a non-path.
    """
    where = _label(Path(path)) if isinstance(path, (str, os.PathLike)) else ""
    text = _text(_read_import(path), where)
    old_limit = csv.field_size_limit()
    csv.field_size_limit(MAX_RIDE_RECORD_BYTES * 2)
    try:
        return _parse_csv(text, where)
    except csv.Error as e:
        raise ScoreBookError(f"{where} is not readable CSV ({short(str(e))}). Nothing was imported.") from None
    finally:
        csv.field_size_limit(old_limit)


def _parse_csv(text: str, where: str) -> BookContents:
    reader = csv.reader(io.StringIO(text, newline=""))
    first = next(reader, None)
    if first is None or [c.strip() for c in first if c.strip()] != [EXPORT_FORMAT, str(CSV_VERSION)]:
        if first and first[0].strip() == EXPORT_FORMAT:
            version = ",".join(c.strip() for c in first[1:] if c.strip()) or "(none)"
            raise ScoreBookError(f"{where} is a score-book CSV export of version {version[:20]}; this kit reads "
                                 f"version {CSV_VERSION} (export the book again). Nothing was imported.")
        raise ScoreBookError(f"{where} is no score-book CSV export: its first line must be "
                             f"'{EXPORT_FORMAT},{CSV_VERSION}'. Nothing was imported.")
    header = next(reader, None)
    if header is None or [c.strip() for c in header] != list(CSV_COLUMNS):
        raise ScoreBookError(f"{where}: line 2 must be the header {','.join(CSV_COLUMNS)}. Nothing was imported.")
    names: list[str] = []
    keys: set[str] = set()
    rides: list[Ride] = []
    listed = 0
    end: tuple[int, int] | None = None
    for row in reader:
        line = reader.line_num
        if not any(c.strip() for c in row):
            continue  # an empty line (spreadsheets add them)
        if end is not None:
            raise ScoreBookError(f"{where}: line {line} comes after the end line '{CSV_END}'. Nothing was "
                                 "imported.")
        if row[0].strip() == CSV_END and len(row) < len(CSV_COLUMNS) and all(not c.strip() for c in row[3:]):
            end = (_field_error(where, f"line {line}", _csv_number, (row + [""])[1], "groups"),
                   _field_error(where, f"line {line}", _csv_number, (row + ["", ""])[2], "rides"))
            if end != (listed, len(rides)):
                raise ScoreBookError(f"{where}: the end line counts {plural(end[0], 'group row')} and "
                                     f"{plural(end[1], 'ride row')}, but the file holds {listed} and {len(rides)}: "
                                     "rows are missing or were added. Nothing was imported.")
            continue
        if len(row) != len(CSV_COLUMNS):
            raise ScoreBookError(f"{where}: line {line} has {len(row)} cells; a row has {len(CSV_COLUMNS)}. Nothing "
                                 "was imported.")
        if len(rides) >= MAX_RIDES:
            raise ScoreBookError(f"{where} holds more than {MAX_RIDES:,} rides; a score book keeps at most that many. "
                                 "Nothing was imported.")
        name = row[0][1:] if row[0].startswith("'") else row[0]
        name = _field_error(where, f"line {line}", _check_group_name, name, "group")
        if all(not c.strip() for c in row[1:]):  # a group row
            if _name_key(name) in keys:
                raise ScoreBookError(f"{where}: line {line}: the group {short(name)} is listed twice. Nothing was "
                                     "imported.")
            keys.add(_name_key(name))
            names.append(name)
            listed += 1
            continue
        if _name_key(name) not in keys:
            keys.add(_name_key(name))
            names.append(name)
        rides.append(_field_error(where, f"line {line}", _csv_ride, name, row))
    if end is None:
        raise ScoreBookError(f"{where} has no end line '{CSV_END},G,R': the file was cut short (or is not a "
                             "whole export). Nothing was imported.")
    return BookContents(_unique_groups(names, where), tuple(rides))


def _csv_ride(name: str, row: list[str]) -> Ride:
    _, fl, day, players, remaining, delivered, lost, stars, record = row
    return check_ride(name, _csv_number(fl, "floor"), players=_csv_number(players, "players"),
                      remaining=_csv_number(remaining, "remaining"), delivered=_csv_bool(delivered, "delivered"),
                      lost=_csv_bool(lost, "lost"), played_on=_date_text(day.strip()),
                      record=record if record.strip() else None, stars=_csv_number(stars, "stars"), replay=False)

