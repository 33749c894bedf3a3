"""The score book's file (rules §15.3): one SQLite file that alone holds every committed ride (after a save,
after the writer is stopped or killed), damaged and foreign files refused and left byte-identical,
schema migrations, a crash and two writers at once."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from paternoster.campaign import FLOOR_COUNT, store
from paternoster.campaign.book import BookContents, ScoreBook, ScoreBookError, check_ride
from paternoster.campaign.store import APPLICATION_ID, SCHEMA_VERSION
from paternoster.cli import main
from scorebook_helpers import DAY, fill, finished_game, integrity, writer


def test_the_file_is_marked_versioned_one_file_with_foreign_keys(tmp_path):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["b.sqlite"]   # no log beside it, even while open
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.sqlite"]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("PRAGMA foreign_key_list(rides)").fetchone()[2] == "groups"
    conn.close()


def _book_bytes(tmp_path: Path) -> bytes:
    path = tmp_path / "good.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)  # and a few pages of rides, in one transaction
        book.add_contents(BookContents(("Füchse",), tuple(
            check_ride("Füchse", 1 + i % FLOOR_COUNT, players=2, remaining=i % 7, played_on=DAY) for i in range(300))))
    return path.read_bytes()


def _damaged(kind: str, tmp_path: Path) -> bytes:
    good = _book_bytes(tmp_path)
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "random bytes":
        return random.Random(15).randbytes(len(good))
    if kind == "text":
        return "Gruppe;Etage;Sterne\nFüchse;1;3\n".encode()
    if kind == "overwritten page":
        page = int.from_bytes(good[16:18], "big")
        return good[: 2 * page] + random.Random(7).randbytes(page) + good[3 * page:]
    conn = sqlite3.connect(tmp_path / "other.sqlite")
    if kind == "another SQLite database":
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('hello')")
    elif kind == "another program's mark":
        conn.execute("PRAGMA application_id = 1234")
        conn.execute("CREATE TABLE rides (x)")
    conn.commit()
    conn.close()
    if kind == "newer schema":
        (tmp_path / "other.sqlite").write_bytes(good)
        conn = sqlite3.connect(tmp_path / "other.sqlite")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        conn.commit()
        conn.close()
    return (tmp_path / "other.sqlite").read_bytes()


DAMAGE = {"truncated": "damaged", "random bytes": "not an SQLite database", "text": "not an SQLite database",
          "overwritten page": "damaged", "another SQLite database": "another program",
          "another program's mark": "another program", "newer schema": "newer kit"}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_or_foreign_file_is_refused_and_left_byte_identical(tmp_path, kind):
    data = _damaged(kind, tmp_path)
    path = tmp_path / "book.sqlite"
    path.write_bytes(data)
    for _ in range(2):  # twice: the first refusal left nothing behind that changes the second
        with pytest.raises(ScoreBookError, match=re.escape(DAMAGE[kind])) as e:
            ScoreBook.open(path)
        assert "book.sqlite" in str(e.value) and "left unchanged" in str(e.value) and "\n" not in str(e.value)
        assert main(["scorebook", "add", "--db", str(path), "--group", "A", "--floor", "1", "--players", "2",
                     "--remaining", "0"]) == 2
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("book")) == ["book.sqlite"]


def test_an_empty_file_becomes_a_book_and_a_missing_one_is_not_made_by_show(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    with ScoreBook.open(empty) as book:
        book.add_group("Eulen")
    with ScoreBook.open(empty) as book:
        assert [g.name for g in book.groups()] == ["Eulen"]
    with pytest.raises(ScoreBookError, match="There is no score book"):
        ScoreBook.open(tmp_path / "missing.sqlite", create=False)
    assert main(["scorebook", "show", "--db", str(tmp_path / "missing.sqlite")]) == 2
    assert "no score book" in capsys.readouterr().err
    assert not (tmp_path / "missing.sqlite").exists()
    with pytest.raises(ScoreBookError, match="folder"):
        ScoreBook.open(tmp_path)
    with pytest.raises(ScoreBookError, match="does not exist"):
        ScoreBook.open(tmp_path / "no" / "b.sqlite")


def _add_note_column(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE rides ADD COLUMN note TEXT NOT NULL DEFAULT ''")


def test_an_older_file_is_backed_up_and_migrated(tmp_path, monkeypatch):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        before = book.contents()
    monkeypatch.setattr(store, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(store.MIGRATIONS, SCHEMA_VERSION, _add_note_column)
    with ScoreBook.open(path) as book:
        assert book.contents() == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert "note" in {row[1] for row in conn.execute("PRAGMA table_info(rides)")}
    conn.close()
    backup = sqlite3.connect(tmp_path / f"b.sqlite.v{SCHEMA_VERSION}-backup")
    assert backup.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert backup.execute("SELECT count(*) FROM rides").fetchone()[0] == 6
    backup.close()
    with ScoreBook.open(tmp_path / "new.sqlite") as book:  # a new book is made at the newest version
        pass
    conn = sqlite3.connect(tmp_path / "new.sqlite")
    assert "note" in {row[1] for row in conn.execute("PRAGMA table_info(rides)")}
    conn.close()


def test_a_failing_migration_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        before = book.contents()

    def broken(conn: sqlite3.Connection) -> None:
        _add_note_column(conn)
        raise ScoreBookError("step failed")

    monkeypatch.setattr(store, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(store.MIGRATIONS, SCHEMA_VERSION, broken)
    with pytest.raises(ScoreBookError, match="step failed"):
        ScoreBook.open(path)
    monkeypatch.undo()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "note" not in {row[1] for row in conn.execute("PRAGMA table_info(rides)")}
    conn.close()
    with ScoreBook.open(path) as book:
        assert book.contents() == before


def test_rides_committed_before_a_sigkill_are_all_there(tmp_path):
    path = tmp_path / "b.sqlite"
    proc = writer(path, "Füchse", 100_000)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
    seen = [int(proc.stdout.readline()) for _ in range(150)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    seen += [int(line) for line in proc.stdout.read().split()]  # ids printed after commit, still in the pipe
    proc.stdout.close()
    proc.stderr.close()  # type: ignore[union-attr]
    assert proc.returncode == -signal.SIGKILL
    assert integrity(path) == "ok"
    with ScoreBook.open(path) as book:
        ids = [r.id for r in book.rides()]
    # every ride reported as committed is there; at most the one being committed when killed is extra
    assert ids[: len(seen)] == seen == list(range(1, len(seen) + 1))
    assert len(ids) - len(seen) in (0, 1)
    assert integrity(path) == "ok"


def test_two_processes_writing_200_rides_each_at_once_give_400(tmp_path):
    path = tmp_path / "b.sqlite"  # both also race to make the new file
    procs = [writer(path, name, 200) for name in ("Füchse", "Eulen")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1][-500:] for o in outs]
    with ScoreBook.open(path) as book:
        rides = book.rides()
        assert len(rides) == 400 and len({r.id for r in rides}) == 400
        assert {g.name: len(book.rides(g)) for g in book.groups()} == {"Füchse": 200, "Eulen": 200}
        assert sorted(p.name for p in path.parent.iterdir()) == ["b.sqlite"]
    assert integrity(path) == "ok"


def test_a_fifo_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ScoreBookError, match="not a regular file"):
        ScoreBook.open(fifo)


# ------------------------------------------------------------------------- one file (issue: the -wal file)
def _copy_main_file_alone(path: Path, folder: Path) -> Path:
    """What a teacher does: copy "the score book file", and only it, somewhere else."""
    folder.mkdir()
    copy = folder / path.name
    copy.write_bytes(path.read_bytes())
    return copy


def test_a_copy_of_the_main_file_alone_holds_every_saved_ride(tmp_path):
    path = tmp_path / "class.sqlite"
    game = finished_game()
    book = ScoreBook.open(path)
    fill(book)
    book.add_ride("Füchse", 1, players=2, remaining=game.result.remaining, played_on=DAY, record=game)
    copy = _copy_main_file_alone(path, tmp_path / "usb-stick")      # the book is still open: nothing waits to be closed
    with ScoreBook.open(copy) as copied:
        assert copied.contents() == book.contents() and len(copied.rides()) == 7
        assert copied.rides()[-1].game() == game
    book.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.sqlite", "usb-stick"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_after_the_writer_is_stopped_the_main_file_alone_holds_every_saved_ride(tmp_path, sig):
    """The campaign page's kernel stopped (SIGTERM) or killed (SIGKILL) between two rides, as a page is."""
    path = tmp_path / "class.sqlite"
    proc = writer(path, "Füchse", 1000, wait=True)
    assert proc.stdin is not None and proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
    saved = []
    for _ in range(12):
        proc.stdin.write("\n")
        proc.stdin.flush()
        saved.append(int(proc.stdout.readline()))
    os.kill(proc.pid, sig)
    proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        stream.close()  # type: ignore[union-attr]
    assert proc.returncode == -sig
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.sqlite"]     # nothing beside it
    copy = _copy_main_file_alone(path, tmp_path / "backup")
    assert integrity(copy) == "ok"
    with ScoreBook.open(copy) as book:
        assert [g.name for g in book.groups()] == ["Füchse"]
        assert [r.id for r in book.rides()] == saved == list(range(1, 13))


def _write_the_old_way(path: Path, rides: int) -> None:
    """A book written as kits before the one-file rule wrote it (write-ahead log), by a process that then stopped
    without closing the book: the log beside the file holds the rides."""
    script = ("import os, sqlite3, sys\n"
              "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "conn.execute('PRAGMA journal_mode=WAL')\n"
              "conn.execute(\"INSERT INTO groups (name, key) VALUES ('Füchse', 'füchse')\")\n"
              f"for i in range({rides}):\n"
              "    conn.execute(\"INSERT INTO rides (group_id, floor, played_on, players, remaining, delivered, lost, \"\n"
              "                 \"stars, record) VALUES (1, 1, '2026-12-01', 2, 0, 1, 0, 3, NULL)\")\n"
              "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)


def test_a_book_a_stopped_page_left_in_its_log_becomes_one_file_when_opened(tmp_path):
    path = tmp_path / "class.sqlite"
    ScoreBook.open(path).close()
    _write_the_old_way(path, 5)
    assert (tmp_path / "class.sqlite-wal").stat().st_size > 0
    alone = _copy_main_file_alone(path, tmp_path / "before")
    with ScoreBook.open(alone) as book:
        assert book.groups() == [] and book.rides() == []          # the old way: the main file alone had nothing
    with ScoreBook.open(path) as book:
        assert len(book.rides()) == 5
    assert sorted(p.name for p in tmp_path.iterdir()) == ["before", "class.sqlite"]
    with ScoreBook.open(_copy_main_file_alone(path, tmp_path / "after")) as book:
        assert len(book.rides("Füchse")) == 5


def test_while_another_program_keeps_the_log_every_change_still_reaches_the_main_file(tmp_path):
    path = tmp_path / "class.sqlite"
    ScoreBook.open(path).close()
    other = sqlite3.connect(path, isolation_level=None)             # an older kit, open in write-ahead-log mode
    try:
        assert other.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
        with ScoreBook.open(path) as book:
            book.add_group("Füchse")
            book.add_ride("Füchse", 1, players=2, remaining=0, played_on=DAY)
            with ScoreBook.open(_copy_main_file_alone(path, tmp_path / "copy")) as copy:
                assert [r.stars for r in copy.rides("Füchse")] == [3]
    finally:
        other.close()


def test_a_change_half_written_by_a_killed_program_is_undone_when_the_book_is_opened(tmp_path):
    path = tmp_path / "class.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        before = book.contents()
    script = ("import os, sqlite3, sys\n"
              "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
              "conn.execute('PRAGMA cache_size=1')\n"                 # the pages go into the file before the commit
              "conn.execute('BEGIN IMMEDIATE')\n"
              "for i in range(2000):\n"
              "    conn.execute(\"INSERT INTO rides (group_id, floor, played_on, players, remaining, delivered, lost, \"\n"
              "                 \"stars, record) VALUES (2, 1, '2026-12-01', 2, 0, 1, 0, 3, ?)\", ('x' * 200,))\n"
              "os._exit(0)\n")
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, timeout=60)
    assert (tmp_path / "class.sqlite-journal").stat().st_size > 0    # a hot journal: the change was half-written
    with ScoreBook.open(path) as book:
        assert book.contents() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.sqlite"]
    assert integrity(path) == "ok"


def test_the_schema_holds_every_floor_of_the_campaign(tmp_path):
    """A floor added to the floor table needs a migration that widens the file's floor CHECK: this says so."""
    path = tmp_path / "b.sqlite"
    ScoreBook.open(path).close()
    conn = sqlite3.connect(path)
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'rides'").fetchone()[0]
    conn.close()
    bound = re.search(r"floor BETWEEN 1 AND (\d+)", sql)
    assert bound is not None and int(bound[1]) == FLOOR_COUNT, (
        f"the score book's floor CHECK allows floors 1 to {bound and bound[1]}, the campaign has {FLOOR_COUNT}: "
        "add a migration (paternoster/campaign/store.py, MIGRATIONS) that widens it")
    with ScoreBook.open(path) as book:
        book.add_group("A")
        last = book.add_ride("A", FLOOR_COUNT, players=2, remaining=0, played_on=DAY)
        assert last.floor == FLOOR_COUNT
