"""The score book's file: an SQLite database — schema, migrations, pragmas, opening and one transaction per change.

:class:`~paternoster.campaign.book.ScoreBook` asks this module for a connection (:func:`connect`) and runs
every change through :func:`write`; the SQL of the changes is here too.

**The file** is an ordinary SQLite database (the standard library's :mod:`sqlite3`; no server):

- it carries the score book's mark (``PRAGMA application_id`` = :data:`APPLICATION_ID`) and its
  schema version (``PRAGMA user_version`` = :data:`SCHEMA_VERSION`);
- **one file** (**Decision (kit)**, rules §15.3): it runs with SQLite's rollback journal
  (``PRAGMA journal_mode=DELETE``), so every committed change is in the score-book file itself by the
  time the method that made it returns; the journal ``<name>-journal`` exists only while a change is
  being written.  A teacher who copies or backs up the one file has every group and ride.  (Until
  this kit the book ran in write-ahead-log mode, where committed rides could sit in ``<name>-wal`` until
  the last connection closed: a page that was stopped left the main file without them.)  A book still
  in write-ahead-log mode is switched when it is opened; if another program holds it open in that mode,
  the switch waits for a later opening and every change is checkpointed into the main file at once
  (``PRAGMA wal_checkpoint(TRUNCATE)``) meanwhile;
- every change is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``), and a writer that finds the file
  busy waits up to :data:`BUSY_TIMEOUT_S` seconds (the sqlite3 busy timeout), so two notebooks writing
  at once both get their rides in, and a kernel killed mid-ride loses only the ride it had not
  committed (the journal beside the file then holds what is needed to undo the half-written ride;
  the next opening does so);
- ``PRAGMA synchronous=FULL`` (the safe setting for the rollback journal): a committed ride survives the
  process being killed or the power being cut, and the file is never damaged by either;
  ``PRAGMA cache_spill=OFF``: a large change (an import) writes the main file only when it commits;
- foreign keys are on (a ride always belongs to a group of the book).

The cost of the one file: a saved ride waits until the disk has it (the write-ahead log without a
checkpoint did not); reading is unchanged.  ``benchmarks/bench_scorebook.py --journals`` measures every
choice (this one, the write-ahead log with and without a checkpoint after each change) on the machine
at hand.

**Opening** (:func:`connect`): a path with no file, or an empty (0-byte) file, becomes a new score book.
Any other file is first inspected — its size, that it is SQLite, the mark, that it is not cut short,
then through a *read-only* connection the schema version, ``PRAGMA quick_check`` (files up to
:data:`QUICK_CHECK_BYTES`) and the tables — and refused with a
:class:`~paternoster.campaign.rides.ScoreBookError` naming the file and what to do when it is not a
score book, is damaged, is too large, or was written by a newer kit; a refused file is left
byte-identical.  A file of an older schema version is copied to ``<name>.v<N>-backup`` and then brought
up to date in one transaction (:data:`MIGRATIONS`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote

from ..core.checks import short
from .rides import MAX_EXPORT_BYTES, MAX_GROUPS, MAX_RIDES, Group, Ride, ScoreBookError, check_export_bound, group_key

__all__ = ["SCHEMA_VERSION", "APPLICATION_ID", "BUSY_TIMEOUT_S", "MIGRATIONS", "SCHEMA_V1", "MAX_BOOK_BYTES",
           "QUICK_CHECK_BYTES", "JOURNAL_MODE", "SYNCHRONOUS", "CHECKPOINT", "SQLITE_MAGIC", "connect", "write", "failure",
           "label", "sidecars", "add_group", "insert_ride", "rename_group", "delete_group", "check_size"]

#: The schema version this kit writes (``PRAGMA user_version``); older files are migrated, newer refused.
SCHEMA_VERSION = 1
#: The score book's mark in the SQLite header (``PRAGMA application_id``): the bytes ``"PtSb"``.
APPLICATION_ID = 0x50745362
#: Seconds a connection waits for another writer before giving up (the sqlite3 busy timeout).
BUSY_TIMEOUT_S = 10.0
#: The largest score-book file (and journal) the kit opens: far more than the file of any book within
#: :data:`~paternoster.campaign.rides.MAX_EXPORT_BYTES` (records are stored as their export writes them).
MAX_BOOK_BYTES = 8 * MAX_EXPORT_BYTES
#: Files up to this size get SQLite's ``PRAGMA quick_check`` (every page read) each time they are opened;
#: larger ones (thousands of rides with game records) only the header and size checks, so opening stays fast.
QUICK_CHECK_BYTES = 16 << 20
#: The journal and flush settings every connection gets, and the checkpoint a book still in write-ahead-log
#: mode gets after each change (see the module's text).  ``benchmarks/bench_scorebook.py --journals`` changes
#: them to measure the other choices; the kit never does.
JOURNAL_MODE = "DELETE"
SYNCHRONOUS = "FULL"
CHECKPOINT = "TRUNCATE"
#: The first 16 bytes of every SQLite database.
SQLITE_MAGIC = b"SQLite format 3\x00"

# The floor CHECK bounds the floors the file can hold: a floor added to the campaign's floor table needs a
# migration that widens it (tests/campaign/test_store.py fails until the two agree).
SCHEMA_V1 = """
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
"""The first schema (version 1): groups and rides."""

#: The columns each table must have (a file without them is damaged, or no score book).
_COLUMNS = {"groups": {"id", "name", "key"},
            "rides": {"id", "group_id", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars",
                      "record"}}

#: Migrations: ``MIGRATIONS[n]`` brings a file of schema version ``n`` to version ``n + 1`` (it runs inside
#: the migration's one transaction and must not commit).  Version 1 is the first, so there are none yet;
#: a version 2 adds ``MIGRATIONS[1]`` and raises :data:`SCHEMA_VERSION`.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {}


def label(path: Path) -> str:
    """The file as messages name it (quoted, shortened)."""
    return short(str(path))


def sidecars(path: Path) -> list[Path]:
    """The files SQLite may keep beside ``path``: the write-ahead log, its index, the rollback journal."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]


def _damaged(where: str, what: str) -> ScoreBookError:
    return ScoreBookError(f"{where} is damaged ({what}) and was left unchanged. Open a backup or an export of the "
                          "score book.")


def _header(path: Path) -> bytes:
    """The file's first 100 bytes, after the checks that need no SQLite: size, SQLite, the score book's mark."""
    where = label(path)
    wal, _, journal = sidecars(path)
    for p in (path, wal, journal):
        if p.exists() and p.stat().st_size > MAX_BOOK_BYTES:
            raise ScoreBookError(f"{short(str(p))} has more than {MAX_BOOK_BYTES:,} bytes; a score book is far smaller. "
                                 "Is it a score book at all? Open another file.")
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(SQLITE_MAGIC) or len(head) < 100:
        raise ScoreBookError(f"{where} is not a score book (not an SQLite database); it was left unchanged. "
                             "Give the path of a score book, or a new file name to start one.")
    if int.from_bytes(head[68:72], "big") != APPLICATION_ID:
        raise ScoreBookError(f"{where} is an SQLite database of another program, not a score book; it was left "
                             "unchanged. Give the path of a score book, or a new file name to start one.")
    return head


def _undo_half_written(path: Path) -> None:
    """A writer killed in the middle of a change leaves a hot journal: a read-write connection's first read
    puts the last committed state back (SQLite's own recovery).  Only for a file with the score book's mark."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    finally:
        conn.close()


def _inspect(path: Path) -> int:
    """Check an existing, non-empty file through a read-only connection; return its schema version.

    Raises:
        ScoreBookError: too large, not SQLite, not a score book, damaged, newer, or over a limit.
    """
    where = label(path)
    head = _header(path)
    journal = sidecars(path)[2]
    try:
        if journal.exists() and journal.stat().st_size > 0:
            _undo_half_written(path)
            head = _header(path)
    except sqlite3.DatabaseError as e:
        raise _damaged(where, f"its journal cannot be rolled back: {short(str(e))}") from None
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    size = path.stat().st_size
    if head[24:28] == head[92:96] and (pages * page > size or size % page):
        raise _damaged(where, f"cut short: {size:,} bytes of {pages * page:,}")
    existed = [p.exists() for p in sidecars(path)]
    conn = None
    refused = True
    try:
        conn = sqlite3.connect("file:" + quote(str(path.absolute()), safe="/") + "?mode=ro", uri=True,
                               timeout=BUSY_TIMEOUT_S, isolation_level=None)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise ScoreBookError(f"{where} was written by a newer kit (score-book schema version {version}; this kit "
                                 f"reads up to {SCHEMA_VERSION}). It was left unchanged: update the kit to open it.")
        if version < 1:
            raise _damaged(where, "it carries the score book's mark but no schema version")
        check = [row[0] for row in conn.execute("PRAGMA quick_check(5)")] if size <= QUICK_CHECK_BYTES else ["ok"]
        if check != ["ok"]:
            raise _damaged(where, short("; ".join(check)))
        for table, columns in _COLUMNS.items():
            found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if not columns <= found:
                raise _damaged(where, f"table {table} lacks {', '.join(sorted(columns - found))}")
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
        for p, was in zip(sidecars(path)[:2], existed):
            if refused and not was and p.exists() and (p.name.endswith("-shm") or p.stat().st_size == 0):
                try:
                    p.unlink()
                except OSError:
                    pass


def connect(path: Path, *, create: bool) -> tuple[sqlite3.Connection, bool]:
    """Open (or with ``create``, make) the score book at ``path``: a connection in autocommit mode with the
    kit's pragmas, and whether every change must be checkpointed (a book another program still holds in
    write-ahead-log mode).

    Raises:
        ScoreBookError: as :meth:`paternoster.campaign.book.ScoreBook.open` says.
    """
    where = label(path)
    try:
        exists = path.exists()
        if exists and not path.is_file():
            raise ScoreBookError(f"{where} is not a regular file (a folder, device or pipe), so no score book; give a file name.")
        size = path.stat().st_size if exists else 0
        if not path.parent.is_dir():
            raise ScoreBookError(f"The folder of {where} does not exist; create it first or give another path.")
    except OSError as e:
        raise ScoreBookError(f"{where} cannot be opened: {short(str(e))}.") from None
    wal = sidecars(path)[0]
    if size == 0:
        if not create:
            raise ScoreBookError(f"There is no score book at {where}; check the path (a new score book is made "
                                 "by adding a group or a ride, or by an import).")
        if wal.exists() and wal.stat().st_size > 0:
            raise ScoreBookError(f"{where} is empty but its write-ahead log {short(str(wal))} is not: the pair is "
                                 "damaged and was left unchanged. Open a backup or an export of the score book.")
        version = 0
    else:
        version = _inspect(path)
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except sqlite3.Error as e:
        raise ScoreBookError(f"{where} cannot be opened: {short(str(e))}.") from None
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
        conn.execute("PRAGMA cache_spill = OFF")
        if version == 0:
            _create(conn, path)
        elif version < SCHEMA_VERSION:
            _migrate(conn, path)
        checkpoint = _journal(conn)
    except ScoreBookError:
        conn.close()
        raise
    except sqlite3.Error as e:
        conn.close()
        raise ScoreBookError(f"{where} cannot be opened as a score book: {short(str(e))}.") from None
    return conn, checkpoint


def _journal(conn: sqlite3.Connection) -> bool:
    """Set :data:`JOURNAL_MODE`; ``True`` when the book must stay in write-ahead-log mode for now (another
    connection holds it open in that mode, so SQLite refuses the switch at once) and every change is to
    be checkpointed into the main file."""
    try:
        mode = conn.execute(f"PRAGMA journal_mode = {JOURNAL_MODE}").fetchone()[0]
    except sqlite3.OperationalError:
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    return str(mode).lower() == "wal"


def failure(path: Path, e: sqlite3.Error) -> ScoreBookError:
    """The kit's message for an SQLite error while reading or changing the book at ``path``."""
    where = label(path)
    if isinstance(e, sqlite3.OperationalError) and "locked" in str(e):
        return ScoreBookError(f"The score book {where} is busy: another program kept it locked for more than "
                              f"{BUSY_TIMEOUT_S:g} s. Nothing was changed; try again.")
    return ScoreBookError(f"The score book {where} failed: {short(str(e))}. Nothing was changed; if this "
                          "repeats, the file is damaged: open a backup or an export.")


def write(conn: sqlite3.Connection, path: Path, work: Callable[[sqlite3.Connection], Any], *,
          checkpoint: bool = False) -> Any:
    """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction: committed if it returns, rolled back if it raises
    (nothing changed then).  With ``checkpoint`` (a book still in write-ahead-log mode) the committed
    change is copied into the main file before this returns.

    Raises:
        ScoreBookError: the book is busy or fails (:func:`failure`), or what ``work`` raised.
    """
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as e:
        raise failure(path, e) from None
    try:
        out = work(conn)
        conn.execute("COMMIT")
    except BaseException as e:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        if isinstance(e, sqlite3.Error):
            raise failure(path, e) from None
        raise
    if checkpoint and CHECKPOINT:
        try:
            conn.execute(f"PRAGMA wal_checkpoint({CHECKPOINT})").fetchall()
        except sqlite3.Error:
            pass  # committed all the same: the log keeps it, and the next change's checkpoint copies it
    return out


# ------------------------------------------------------------------------------------ changes (SQL)
def add_group(conn: sqlite3.Connection, name: str) -> tuple[Group, bool]:
    """The group named ``name`` (added if new) and whether it was added; inside a write transaction."""
    key = group_key(name)
    row = conn.execute("SELECT id, name FROM groups WHERE key = ?", (key,)).fetchone()
    if row is not None:
        return Group(row[0], row[1]), False
    if conn.execute("SELECT count(*) FROM groups").fetchone()[0] >= MAX_GROUPS:
        raise ScoreBookError(f"The score book already holds {MAX_GROUPS:,} groups, the most it keeps; nothing was added.")
    cur = conn.execute("INSERT INTO groups (name, key) VALUES (?, ?)", (name, key))
    check_size(conn)
    return Group(int(cur.lastrowid or 0), name), True


def check_size(conn: sqlite3.Connection) -> None:
    """Inside a write transaction, after its changes: refuse (and so roll back) a book whose export could
    pass :data:`~paternoster.campaign.rides.MAX_EXPORT_BYTES` (:func:`~paternoster.campaign.rides.check_export_bound`)."""
    groups = conn.execute("SELECT count(*) FROM groups").fetchone()[0]
    rides, record_bytes = conn.execute("SELECT count(*), coalesce(sum(length(CAST(record AS BLOB))), 0) "
                                       "FROM rides").fetchone()
    check_export_bound(groups, rides, int(record_bytes))


def insert_ride(conn: sqlite3.Connection, gid: int, r: Ride) -> int:
    """Store a checked ride for the group numbered ``gid``; its new id.  Inside a write transaction."""
    cur = conn.execute("INSERT INTO rides (group_id, floor, played_on, players, remaining, delivered, lost, stars, record) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, r.floor, r.played_on.isoformat(), r.players, r.remaining, int(r.delivered), int(r.lost),
                        r.stars, r.record))
    return int(cur.lastrowid or 0)


def rename_group(conn: sqlite3.Connection, gid: int, name: str) -> Group:
    """Give the group numbered ``gid`` the checked name ``name``; inside a write transaction.

    Raises:
        ScoreBookError: another group has that name already (names compared as :func:`group_key` does).
    """
    key = group_key(name)
    row = conn.execute("SELECT id, name FROM groups WHERE key = ? AND id != ?", (key, gid)).fetchone()
    if row is not None:
        raise ScoreBookError(f"The score book has a group {short(row[1])} already; give another name. Nothing was "
                             "changed.")
    conn.execute("UPDATE groups SET name = ?, key = ? WHERE id = ?", (name, key, gid))
    return Group(gid, name)


def delete_group(conn: sqlite3.Connection, gid: int) -> int:
    """Delete the group numbered ``gid`` and every ride of it; the number of rides deleted.  Inside a write
    transaction."""
    rides = conn.execute("DELETE FROM rides WHERE group_id = ?", (gid,)).rowcount
    conn.execute("DELETE FROM groups WHERE id = ?", (gid,))
    return int(rides)


# ------------------------------------------------------------------------------------ schema
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
            raise ScoreBookError(f"{label(path)} was changed by another program while it was opened; it is no score "
                                 "book and was left unchanged.")
        # statement by statement: executescript would commit in the middle of this transaction
        for statement in SCHEMA_V1.split(";"):
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
                raise ScoreBookError(f"{label(path)} has schema version {v}, which this kit cannot migrate; it was "
                                     "left unchanged. Open it with the kit that wrote it and export it.")
            MIGRATIONS[v](conn)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
