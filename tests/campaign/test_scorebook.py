"""The score book (rules §15.3): stars and totals, hostile names, a crash, two writers, damaged files,
schema versions, export/import round trips, bad imports, and the command line."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import date, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paternoster import Game, campaign
from paternoster.campaign import book as scorebook
from paternoster.lift.bots import SimplePlayer
from paternoster.cli import main
from paternoster.lift.rules import Rules
from paternoster.campaign.book import APPLICATION_ID, SCHEMA_VERSION, BookContents, ScoreBook, ScoreBookError

ROOT = Path(__file__).resolve().parents[2]
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


# ------------------------------------------------------------------------------------ the contract
def test_stars_best_and_total_per_group(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        fill(book)
        a, b = book.group(HTML), book.group("Füchse")
        expect = {1: campaign.stars(campaign.floor(1), 0), 3: campaign.stars(campaign.floor(3), 0),
                  2: campaign.stars(campaign.floor(2), 9)}
        best = book.best_stars(a)
        assert set(best) == set(range(1, 13))
        assert {k: v for k, v in best.items() if k in expect} == expect
        assert best[4] == 0 and book.best_stars(b)[4] == campaign.stars(campaign.floor(4), 7)
        assert book.total(a) == sum(expect.values()) and book.total("Füchse") == sum(book.best_stars(b).values())
        assert book.board() == {HTML: best, "Füchse": book.best_stars(b), "=SUM(A1)": dict.fromkeys(range(1, 13), 0)}
        rides = book.rides(a)
        assert [r.id for r in rides] == [1, 2, 4, 6] and all(r.group == HTML for r in rides)
        assert [r.stars for r in rides] == [campaign.stars(campaign.floor(r.floor), r.remaining) for r in rides]
        assert len(book.rides()) == 6


def test_the_file_is_marked_versioned_in_wal_mode_with_foreign_keys(tmp_path):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_key_list(rides)").fetchone()[2] == "groups"
    conn.close()


def test_add_group_returns_the_existing_group_for_the_same_name(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        g = book.add_group("Füchse")
        assert book.add_group(" füchse") == g and book.add_group("Fu\u0308chse") == g
        assert book.groups() == [g] and repr(g) == "Group(id=1, name='Füchse')"


@pytest.mark.parametrize("name,words", [
    ("", "empty"), ("   ", "empty"), ("x" * 81, "at most 80"), ("a\x00b", "U+0000"), ("a\u200bb", "U+200B"),
    ("a\nb", "U+000A"), (7, "must be text"), (None, "must be text"),
])
def test_bad_group_names_are_refused_and_nothing_is_added(tmp_path, name, words):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match=re.escape(words)):
            book.add_group(name)
        assert book.groups() == []
        assert book.add_group("x" * 80).name == "x" * 80


@pytest.mark.parametrize("kwargs,words", [
    (dict(floor_number=0), "floor must be from 1 to 12"), (dict(floor_number=13), "floor must be from 1 to 12"),
    (dict(floor_number="nowhere"), "floor: "), (dict(floor_number=True), "floor must be a whole number"),
    (dict(players=0), "players must be from 1 to 5"), (dict(players=6), "players must be from 1 to 5"),
    (dict(remaining=-1), "remaining must be from 0"), (dict(remaining=10**6), "remaining must be from 0"),
    (dict(remaining=2.0), "remaining must be a whole number"), (dict(lost="no"), "lost must be True or False"),
    (dict(delivered=False), "has no passengers"), (dict(played_on="2026-12-01"), "played_on must be a date"),
    (dict(played_on=datetime(2026, 12, 1, 9)), "not a datetime"), (dict(group="Eulen"), "no group 'Eulen'"),
    (dict(group=3), "group must be a Group"), (dict(record=42), "record must be a finished Game"),
    (dict(record="{}"), "record:"),
])
def test_bad_rides_are_refused_and_nothing_is_added(tmp_path, kwargs, words):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("Füchse")
        args = dict(group="Füchse", floor_number=1, players=2, remaining=3, played_on=DAY) | kwargs
        with pytest.raises(ScoreBookError, match=re.escape(words)):
            book.add_ride(args.pop("group"), args.pop("floor_number"), **args)
        assert book.rides() == []


def test_a_group_of_another_book_is_refused(tmp_path):
    with ScoreBook.open(tmp_path / "a.sqlite") as a, ScoreBook.open(tmp_path / "b.sqlite") as b:
        a.add_group("Eulen")
        foxes = a.add_group("Füchse")
        b.add_group("Eulen")
        with pytest.raises(ScoreBookError, match="not a group of this score book"):
            b.add_ride(foxes, 1, players=2, remaining=0)
        assert b.rides() == []


def test_a_played_ride_keeps_its_record_and_replays(tmp_path):
    game = finished_game()
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("Füchse")
        ride = book.add_ride("Füchse", 1, players=2, remaining=game.result.remaining, played_on=DAY, record=game)
        again = book.rides()[0]
        assert again == ride == book.ride(ride.id) and again.game() == game and again.game().actions == game.actions
        with pytest.raises(ScoreBookError, match="no ride 99"):
            book.ride(99)
        assert book.add_ride("Füchse", 1, players=2, remaining=game.result.remaining, record=game.to_json()).record \
            == ride.record
        assert "record=yes" in repr(ride) and ride.floor_name == campaign.floor(1).name
        with pytest.raises(ScoreBookError, match="typed in by hand"):
            book.add_ride("Füchse", 1, players=2, remaining=0).game()


@pytest.mark.parametrize("change,words", [
    ("unfinished", "not over yet"), ("remaining", "ended with"), ("players", "the game has 2 players"),
    ("rules", "not played with the rules of floor 1"), ("lost", "was not lost"),
])
def test_a_record_that_disagrees_with_its_ride_is_refused(tmp_path, change, words):
    game = finished_game()
    kwargs = dict(players=2, remaining=game.result.remaining, record=game)
    if change == "unfinished":
        kwargs["record"] = Game.new(2, 5, rules=campaign.floor(1).rules)
    elif change == "remaining":
        kwargs["remaining"] = game.result.remaining - 1
    elif change == "players":
        kwargs["players"] = 3
    elif change == "rules":
        other = Rules(name="Other", tokens=2)
        kwargs["record"] = SimplePlayer().play_game(Game.new(2, 5, rules=other))
        kwargs["remaining"] = kwargs["record"].result.remaining
    else:
        kwargs["lost"] = True
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("Füchse")
        with pytest.raises(ScoreBookError, match=re.escape(words)):
            book.add_ride("Füchse", 1, **kwargs)
        assert book.rides() == []


def test_reprs_are_stable(tmp_path):
    path = tmp_path / "b.sqlite"
    book = ScoreBook.open(path)
    fill(book)
    assert repr(book) == "ScoreBook('b.sqlite', groups=3, rides=6)"
    assert repr(book.rides()[0]) == ("Ride(id=1, group='<img src=x onerror=alert(1)>', floor=1, played_on=2026-11-01, "
                                     "players=1, remaining=5, delivered=True, lost=False, stars="
                                     f"{campaign.stars(campaign.floor(1), 5)}, record=no)")
    assert repr(book.contents()) == "BookContents(groups=3, rides=6)"
    book.close()
    book.close()
    assert repr(book) == "ScoreBook('b.sqlite', closed)" and book.closed
    with pytest.raises(ScoreBookError, match="is closed"):
        book.groups()


# ---------------------------------------------------------------------------------- hostile names
def test_html_group_names_come_back_as_the_same_text_everywhere(tmp_path, capsys):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        assert book.groups()[0].name == HTML and book.rides()[0].group == HTML
        assert HTML in book.board() and HTML in book.summary()
        assert "&lt;" not in book.summary()
        book.export_json(tmp_path / "e.json")
        book.export_csv(tmp_path / "e.csv")
    for fmt in ("json", "csv"):
        with ScoreBook.open(tmp_path / f"{fmt}.sqlite") as other:
            getattr(other, f"import_{fmt}")(tmp_path / f"e.{fmt}")
            assert other.groups()[0].name == HTML and other.group("=SUM(A1)").name == "=SUM(A1)"
    assert main(["scorebook", "show", "--db", str(path), "--rides"]) == 0
    out = capsys.readouterr().out
    assert HTML in out and "&lt;" not in out


def test_csv_cells_that_look_like_formulas_get_one_apostrophe_and_lose_it_on_import(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        for name in ("=SUM(A1)", "+1", "-x", "@cmd", "'quoted", "plain"):
            book.add_group(name)
        book.export_csv(tmp_path / "e.csv")
        rows = (tmp_path / "e.csv").read_text(encoding="utf-8-sig").splitlines()[2:-1]
        assert [r.split(",")[0] for r in rows] == ["'=SUM(A1)", "'+1", "'-x", "'@cmd", "''quoted", "plain"]
        assert scorebook.read_csv(tmp_path / "e.csv").groups == tuple(g.name for g in book.groups())


# -------------------------------------------------------------------------------- export / import
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_import_round_trip_is_exact(tmp_path, fmt):
    game = finished_game()
    with ScoreBook.open(tmp_path / "a.sqlite") as book:
        fill(book)
        book.add_ride("Füchse", 1, players=2, remaining=game.result.remaining, played_on=DAY, record=game)
        getattr(book, f"export_{fmt}")(tmp_path / f"a.{fmt}")
        with ScoreBook.open(tmp_path / "b.sqlite") as copy:
            assert getattr(copy, f"import_{fmt}")(tmp_path / f"a.{fmt}") == scorebook.Imported(3, 7, 0)
            assert copy.contents() == book.contents()
            assert copy.rides() == book.rides()  # also the ride numbers
            assert copy.rides()[-1].game() == game
            getattr(copy, f"export_{fmt}")(tmp_path / f"b.{fmt}")
            assert (tmp_path / f"b.{fmt}").read_bytes() == (tmp_path / f"a.{fmt}").read_bytes()
            # importing the same file again doubles nothing
            assert getattr(copy, f"import_{fmt}")(tmp_path / f"a.{fmt}") == scorebook.Imported(0, 0, 7)
            assert copy.contents() == book.contents()


def test_an_import_adds_only_what_the_book_lacks(tmp_path):
    with ScoreBook.open(tmp_path / "a.sqlite") as book:
        fill(book)
        book.export_json(tmp_path / "a.json")
        book.add_ride("Füchse", 5, players=3, remaining=1, played_on=DAY)
        book.add_group("Eulen")
        book.export_json(tmp_path / "a2.json")
    with ScoreBook.open(tmp_path / "b.sqlite") as other:
        other.add_group("Eulen")
        other.import_json(tmp_path / "a.json")
        assert other.import_json(tmp_path / "a2.json") == scorebook.Imported(0, 1, 6)
        assert [g.name for g in other.groups()] == ["Eulen", HTML, "Füchse", "=SUM(A1)"]
        assert len(other.rides()) == 7


def _export(tmp_path) -> tuple[dict, Path]:
    with ScoreBook.open(tmp_path / "src.sqlite") as book:
        fill(book)
        game = finished_game()
        book.add_ride("Füchse", 1, players=2, remaining=game.result.remaining, played_on=DAY, record=game)
        book.export_json(tmp_path / "good.json")
    return json.loads((tmp_path / "good.json").read_text(encoding="utf-8")), tmp_path / "good.json"


JSON_DAMAGE = {
    "format": (lambda d: d.update(format="paternoster-record"), "no score-book export"),
    "version": (lambda d: d.update(version=2), "version 2"),
    "version true": (lambda d: d.update(version=True), "version True"),
    "extra field": (lambda d: d.update(note="hi"), "unknown fields"),
    "no rides": (lambda d: d.pop("rides"), "no \"groups\" or no \"rides\""),
    "stars": (lambda d: d["rides"][1].update(stars=(d["rides"][1]["stars"] + 1) % 4), "ride 2: stars"),
    "floor 13": (lambda d: d["rides"][0].update(floor=13), "ride 1: floor must be from 1 to 12"),
    "floor text": (lambda d: d["rides"][0].update(floor="nowhere"), "ride 1: floor: "),
    "players float": (lambda d: d["rides"][0].update(players=2.0), "players must be a whole number"),
    "delivered 1": (lambda d: d["rides"][2].update(delivered=1), "ride 3: delivered must be True or False"),
    "unlisted group": (lambda d: d["rides"][0].update(group="Eulen"), "not in \"groups\""),
    "twice listed": (lambda d: d["groups"].append("füchse"), "listed twice"),
    "bad name": (lambda d: d["groups"].append("a\u202eb"), "U+202E"),
    "bad date": (lambda d: d["rides"][0].update(played_on="2026-02-30"), "no day of the calendar"),
    "date format": (lambda d: d["rides"][0].update(played_on="1.12.2026"), "written as 2026-12-01"),
    "missing field": (lambda d: d["rides"][0].pop("lost"), "exactly the fields"),
    "record text": (lambda d: d["rides"][-1].update(record="{}"), "game record object or null"),
    "record broken": (lambda d: d["rides"][-1]["record"].pop("actions"), "record:"),
    "record players": (lambda d: d["rides"][-1]["record"].update(players=3), "record:"),
}


@pytest.mark.parametrize("damage", sorted(JSON_DAMAGE))
def test_a_bad_json_import_changes_nothing(tmp_path, damage):
    data, _ = _export(tmp_path)
    change, words = JSON_DAMAGE[damage]
    change(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    _refused_and_unchanged(tmp_path, bad, "json", words)


@pytest.mark.parametrize("text,words", [
    (b"{\"format\": \"paternoster-scorebook\", \"version\": 1, \"version\": 1}", "appears twice"),
    (b"{\"format\": \"paternoster-scorebook\", \"version\": NaN}", "NaN is no JSON number"),
    (b"{\"format\": \"paternoster-scorebook\", ", "is not JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"SQLite format 3\x00" + bytes(200), "is an SQLite database"),
    (b"[1, 2]", "no score-book export"),
])
def test_a_file_that_is_no_export_changes_nothing(tmp_path, text, words):
    bad = tmp_path / "bad.json"
    bad.write_bytes(text)
    _refused_and_unchanged(tmp_path, bad, "json", words)


def _csv_lines(tmp_path) -> list[str]:
    with ScoreBook.open(tmp_path / "src.sqlite") as book:
        fill(book)
        book.export_csv(tmp_path / "good.csv")
    return (tmp_path / "good.csv").read_bytes().decode("utf-8-sig").split("\r\n")


CSV_DAMAGE = {
    "first line": (lambda ls: ls.__setitem__(0, "scores,1"), "first line must be"),
    "version": (lambda ls: ls.__setitem__(0, "paternoster-scorebook,3"), "version 3; this kit reads version 2"),
    "header": (lambda ls: ls.__setitem__(1, ls[1].replace("stars", "points")), "line 2 must be the header"),
    "cells": (lambda ls: ls.__setitem__(5, ls[5] + ",x"), "line 6 has 10 cells"),
    "bool": (lambda ls: ls.__setitem__(5, ls[5].replace("true", "yes", 1)), "line 6: delivered must be true or false"),
    "number": (lambda ls: ls.__setitem__(5, ls[5].replace(",1,", ",one,", 1)), "line 6: floor must be a whole number"),
    "stars": (lambda ls: ls.__setitem__(6, ls[6][:-2] + ("0," if ls[6][-2] != "0" else "1,")), "line 7: stars"),
    "group twice": (lambda ls: ls.insert(3, "füchse,,,,,,,,"), "listed twice"),
}


@pytest.mark.parametrize("damage", sorted(CSV_DAMAGE))
def test_a_bad_csv_import_changes_nothing(tmp_path, damage):
    lines = _csv_lines(tmp_path)
    change, words = CSV_DAMAGE[damage]
    change(lines)
    bad = tmp_path / "bad.csv"
    bad.write_text("\r\n".join(lines), encoding="utf-8")
    _refused_and_unchanged(tmp_path, bad, "csv", words)


def _refused_and_unchanged(tmp_path: Path, bad: Path, fmt: str, words: str) -> None:
    path = tmp_path / "target.sqlite"
    with ScoreBook.open(path) as book:
        book.add_group("Eulen")
        book.add_ride("Eulen", 2, players=2, remaining=1, played_on=DAY)
        before = book.contents()
        with pytest.raises(ScoreBookError, match=re.escape(words)) as e:
            getattr(book, f"import_{fmt}")(bad)
        assert "\n" not in str(e.value)
        assert book.contents() == before
    # the command line refuses it in one line, exit 2, before opening (or making) a book
    fresh = tmp_path / "fresh.sqlite"
    assert main(["scorebook", "import", "--db", str(fresh), str(bad)]) == 2
    assert not fresh.exists()


def test_export_never_writes_over_a_score_book(tmp_path):
    with ScoreBook.open(tmp_path / "a.sqlite") as a, ScoreBook.open(tmp_path / "b.sqlite") as b:
        fill(a)
        b.add_group("Eulen")
        before = (tmp_path / "b.sqlite").read_bytes()
        with pytest.raises(ScoreBookError, match="is the score book itself"):
            a.export_json(tmp_path / "a.sqlite")
        with pytest.raises(ScoreBookError, match="is an SQLite database"):
            a.export_csv(tmp_path / "b.sqlite")
        assert (tmp_path / "b.sqlite").read_bytes() == before
        assert len(a.rides()) == 6


def test_limits_refuse_absurd_files_and_books(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    monkeypatch.setattr(scorebook, "MAX_IMPORT_BYTES", 1000)
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match="more than 1,000 bytes"):
            book.import_json(big)
        fill(book)
        monkeypatch.setattr(scorebook, "MAX_RIDES", 6)
        with pytest.raises(ScoreBookError, match="already holds 6 rides"):
            book.add_ride("Füchse", 1, players=2, remaining=0)
        monkeypatch.setattr(scorebook, "MAX_GROUPS", 3)
        with pytest.raises(ScoreBookError, match="already holds 3 groups"):
            book.add_group("Eulen")
    monkeypatch.setattr(scorebook, "MAX_RIDES", 5)
    before = (tmp_path / "b.sqlite").read_bytes()
    with pytest.raises(ScoreBookError, match="at most 3 groups and 5 rides"):
        ScoreBook.open(tmp_path / "b.sqlite")
    assert (tmp_path / "b.sqlite").read_bytes() == before


# --------------------------------------------------------------------------- damaged and foreign files
def _book_bytes(tmp_path: Path) -> bytes:
    path = tmp_path / "good.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        for i in range(300):  # a few pages of rides
            book.add_ride("Füchse", 1 + i % 12, players=2, remaining=i % 7, played_on=DAY)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
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


# --------------------------------------------------------------------------------------- migrations
def _add_note_column(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE rides ADD COLUMN note TEXT NOT NULL DEFAULT ''")


def test_an_older_file_is_backed_up_and_migrated(tmp_path, monkeypatch):
    path = tmp_path / "b.sqlite"
    with ScoreBook.open(path) as book:
        fill(book)
        before = book.contents()
    monkeypatch.setattr(scorebook, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(scorebook.MIGRATIONS, SCHEMA_VERSION, _add_note_column)
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

    monkeypatch.setattr(scorebook, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(scorebook.MIGRATIONS, SCHEMA_VERSION, broken)
    with pytest.raises(ScoreBookError, match="step failed"):
        ScoreBook.open(path)
    monkeypatch.undo()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "note" not in {row[1] for row in conn.execute("PRAGMA table_info(rides)")}
    conn.close()
    with ScoreBook.open(path) as book:
        assert book.contents() == before


# ------------------------------------------------------------------------------ crashes and two writers
WRITER = textwrap.dedent("""
    import sys, datetime
    from paternoster.campaign.book import ScoreBook
    path, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with ScoreBook.open(path) as book:
        group = book.add_group(name)
        print("ready", flush=True)
        for i in range(n):
            ride = book.add_ride(group, 1 + i % 12, players=1 + i % 5, remaining=i % 9,
                                 played_on=datetime.date(2026, 12, 1))
            print(ride.id, flush=True)
""")


def _writer(path: Path, name: str, n: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(n)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def _integrity(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return "; ".join(r[0] for r in conn.execute("PRAGMA integrity_check"))
    finally:
        conn.close()


def test_rides_committed_before_a_sigkill_are_all_there(tmp_path):
    path = tmp_path / "b.sqlite"
    proc = _writer(path, "Füchse", 100_000)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read() if proc.stderr else ""
    seen = [int(proc.stdout.readline()) for _ in range(150)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    seen += [int(line) for line in proc.stdout.read().split()]  # ids printed after commit, still in the pipe
    proc.stdout.close()
    proc.stderr.close()  # type: ignore[union-attr]
    assert proc.returncode == -signal.SIGKILL
    assert _integrity(path) == "ok"
    with ScoreBook.open(path) as book:
        ids = [r.id for r in book.rides()]
    # every ride reported as committed is there; at most the one being committed when killed is extra
    assert ids[: len(seen)] == seen == list(range(1, len(seen) + 1))
    assert len(ids) - len(seen) in (0, 1)
    assert _integrity(path) == "ok"


def test_two_processes_writing_500_rides_each_at_once_give_1000(tmp_path):
    path = tmp_path / "b.sqlite"  # both also race to make the new file
    procs = [_writer(path, name, 500) for name in ("Füchse", "Eulen")]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1][-500:] for o in outs]
    with ScoreBook.open(path) as book:
        rides = book.rides()
        assert len(rides) == 1000 and len({r.id for r in rides}) == 1000
        assert {g.name: len(book.rides(g)) for g in book.groups()} == {"Füchse": 500, "Eulen": 500}
    assert _integrity(path) == "ok"


# ------------------------------------------------------------------------------------------- property
RIDES = st.lists(st.tuples(st.sampled_from(["A", HTML, "Füchse", "=1", "日本語", " x y "]),
                           st.integers(1, 12), st.integers(1, 5), st.integers(0, 104),
                           st.booleans(), st.booleans(), st.dates(date(2000, 1, 1), date.today())),
                 max_size=10)


@settings(max_examples=12, deadline=None, database=None)
@given(rides=RIDES, extra_groups=st.lists(st.text(min_size=1, max_size=80), max_size=3))
def test_any_valid_adds_export_and_import_to_the_same_book(tmp_path_factory, rides, extra_groups):
    folder = tmp_path_factory.mktemp("prop")
    with ScoreBook.open(folder / "a.sqlite") as book:
        for name in extra_groups:
            try:
                book.add_group(name)
            except ScoreBookError:
                pass  # hypothesis also draws names the book refuses
        for group, fl, players, remaining, delivered, lost, day in rides:
            floor = campaign.floor(fl)
            remaining = min(remaining, floor.rules.cards - floor.passengers)
            delivered = delivered or not floor.rules.passengers
            g = book.add_group(group)
            book.add_ride(g, fl, players=players, remaining=remaining, delivered=delivered, lost=lost, played_on=day)
        want = book.contents()
        book.export_json(folder / "a.json")
        book.export_csv(folder / "a.csv")
    for fmt in ("json", "csv"):
        got = getattr(scorebook, f"read_{fmt}")(folder / f"a.{fmt}")
        assert isinstance(got, BookContents) and got == want
        with ScoreBook.open(folder / f"{fmt}.sqlite") as copy:
            getattr(copy, f"import_{fmt}")(folder / f"a.{fmt}")
            assert copy.contents() == want


# ---------------------------------------------------------------------------------------- command line
def test_the_command_line_adds_shows_exports_and_imports(tmp_path, capsys):
    db = str(tmp_path / "b.sqlite")
    assert main(["scorebook", "add", "--db", db, "--group", HTML, "--floor", "1", "--players", "2",
                 "--remaining", "0", "--date", "2026-12-01"]) == 0
    out = capsys.readouterr().out
    assert HTML in out and "ride 1" in out and "3 stars" in out
    game = finished_game()
    (tmp_path / "r.json").write_text(game.to_json(), encoding="utf-8")
    assert main(["scorebook", "add", "--db", db, "--group", "Füchse", "--floor", "1", "--players", "2", "--remaining",
                 str(game.result.remaining), "--record", str(tmp_path / "r.json")]) == 0
    assert main(["scorebook", "show", "--db", db]) == 0
    out = capsys.readouterr().out
    assert HTML in out and "Füchse" in out and "3/36" in out
    assert main(["scorebook", "export", "--db", db, str(tmp_path / "e.csv")]) == 0
    assert main(["scorebook", "export", "--db", db, str(tmp_path / "e.json")]) == 0
    assert main(["scorebook", "import", "--db", str(tmp_path / "c.sqlite"), str(tmp_path / "e.csv")]) == 0
    assert main(["scorebook", "import", "--db", str(tmp_path / "j.sqlite"), str(tmp_path / "e.json")]) == 0
    capsys.readouterr()
    with ScoreBook.open(db) as a, ScoreBook.open(tmp_path / "c.sqlite") as c, ScoreBook.open(tmp_path / "j.sqlite") as j:
        assert a.contents() == c.contents() == j.contents() and len(a.rides()) == 2
        assert a.rides()[1].game() == game


@pytest.mark.parametrize("argv,words", [
    (["add", "--group", "A", "--floor", "13", "--players", "2", "--remaining", "0"], "floor"),
    (["add", "--group", "A", "--floor", "1", "--players", "9", "--remaining", "0"], "players must be from 1 to 5"),
    (["add", "--group", "A", "--floor", "1", "--players", "2", "--remaining", "x"], "invalid"),
    (["add", "--group", "", "--floor", "1", "--players", "2", "--remaining", "0"], "empty"),
    (["add", "--group", "A", "--floor", "1", "--players", "2", "--remaining", "0", "--date", "1.12.2026"], "2026-12-01"),
    (["add", "--group", "A", "--floor", "1", "--players", "2", "--remaining", "0", "--record", "/no/such"], "No record file"),
    (["export", "out.txt"], "json or csv"),
    (["import", "missing.json"], "cannot be read"),
    (["show", "--group", "Nobody"], "no group"),
])
def test_bad_command_lines_answer_in_one_line_and_change_nothing(tmp_path, capsys, monkeypatch, argv, words):
    db = tmp_path / "b.sqlite"
    with ScoreBook.open(db) as book:
        fill(book)
    before = db.read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["scorebook", argv[0], "--db", str(db), *argv[1:]]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
    assert db.read_bytes() == before
    assert not (tmp_path / "out.txt").exists()
    if argv[0] == "add":  # the same on a path with no book: none is made
        assert main(["scorebook", "add", "--db", str(tmp_path / "new.sqlite"), *argv[1:]]) == 2
        assert not (tmp_path / "new.sqlite").exists()


def test_the_score_book_help_explains_each_command(capsys):
    assert main(["scorebook"]) == 2  # no score-book command: a usage error, its help on stderr
    assert "score-book commands" in capsys.readouterr().err
    assert main([]) == 2  # the same for the kit's command line without a command
    assert "scorebook" in capsys.readouterr().err
    for command, other in (("add", "export"), ("export", "add"), ("show", "import")):
        assert main(["scorebook", command, "--help"]) == 0
        out = capsys.readouterr().out
        assert f"scorebook {command} " in out and f"scorebook {other} " not in out
    assert main(["scorebook", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("show", "add", "export", "import", "--db PATH", "rules §15.3", "examples:"):
        assert words in out, words
    assert main(["scorebook", "add", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("--group NAME", "--floor N", "--players N", "--remaining N", "--lost", "--not-delivered", "--date",
                  "--record FILE"):
        assert words in out, words


# ------------------------------------------------------------------ tester C's findings (branch sb)
@pytest.mark.parametrize("ride_id", [2**63, 10**30, -(2**63) - 1])
def test_a_ride_number_sqlite_cannot_hold_is_a_kit_error_with_the_range(tmp_path, ride_id):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match=r"ride_id must be (at least 1|at most 9,?223,?372,?036,?854,?775,?807)"):
            book.ride(ride_id)
        g = book.add_group("Füchse")
        with pytest.raises(ScoreBookError, match="not a group of this score book"):
            book.add_ride(scorebook.Group(2**70, g.name), 1, players=2, remaining=0)
        assert book.rides() == []


def test_a_played_date_in_the_future_is_refused(tmp_path):
    from datetime import timedelta
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("Füchse")
        for day in (date(9999, 1, 1), date.today() + timedelta(days=2)):
            with pytest.raises(ScoreBookError, match="in the future"):
                book.add_ride("Füchse", 1, players=2, remaining=0, played_on=day)
        book.add_ride("Füchse", 1, players=2, remaining=0, played_on=date.today() + timedelta(days=1))
        assert len(book.rides()) == 1
    db = tmp_path / "c.sqlite"
    assert main(["scorebook", "add", "--db", str(db), "--group", "A", "--floor", "1", "--players", "2",
                 "--remaining", "0", "--date", "3026-12-01"]) == 2
    assert not db.exists()


def test_one_star_is_singular(tmp_path, capsys):
    db = str(tmp_path / "b.sqlite")
    assert main(["scorebook", "add", "--db", db, "--group", "A", "--floor", "1", "--players", "2",
                 "--remaining", "4"]) == 0
    out = capsys.readouterr().out
    assert "1 star;" in out and "1 stars" not in out
    assert main(["scorebook", "show", "--db", db, "--rides"]) == 0
    out = capsys.readouterr().out
    assert "1 star" in out and "1 stars" not in out


@pytest.mark.parametrize("command", [["scorebook", "show", "--rides"], ["campaign", "--list"]])
def test_a_closed_pipe_ends_quietly(tmp_path, command):
    db = tmp_path / "b.sqlite"
    with ScoreBook.open(db) as book:
        book.add_group("A")
        for _ in range(300):
            book.add_ride("A", 1, players=2, remaining=0)
    if command[0] == "scorebook":
        command = command[:2] + ["--db", str(db)] + command[2:]
    script = ("import subprocess, sys\n"
              f"p = subprocess.Popen([sys.executable, '-m', 'paternoster', *{command!r}], stdout=subprocess.PIPE, "
              "stderr=subprocess.PIPE)\n"
              "p.stdout.readline(); p.stdout.close()\n"
              "err = p.stderr.read(); print(p.wait()); sys.stdout.write(err.decode())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120).stdout
    assert out.splitlines()[0] == "0", out
    assert "Broken pipe" not in out and "Traceback" not in out and "error" not in out


@pytest.mark.parametrize("name", ["Team 👩\u200d👩\u200d👧", "👨\u200d💻", "🏳\ufe0f\u200d🌈", "می\u200cخواهم"])
def test_names_with_joiners_between_visible_characters_are_accepted(tmp_path, name):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        assert book.add_group(name).name == name
        assert [g.name for g in book.groups()] == [name]


@pytest.mark.parametrize("name", ["\u200dAnna", "Anna\u200c", "An\u200d\u200dna", "An \u200d na", "An\u200bna"])
def test_joiners_at_the_ends_or_beside_spaces_are_still_refused(tmp_path, name):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match="invisible or control character"):
            book.add_group(name)
        assert book.groups() == []


def test_a_csv_export_cut_at_a_line_break_is_refused(tmp_path):
    src = tmp_path / "b.sqlite"
    with ScoreBook.open(src) as book:
        fill(book)
        book.export_csv(tmp_path / "e.csv")
    lines = (tmp_path / "e.csv").read_bytes().split(b"\r\n")
    assert lines[-2].startswith(b"end of score book,")
    for keep in (len(lines) - 2, 5, 3):
        cut = tmp_path / f"cut{keep}.csv"
        cut.write_bytes(b"\r\n".join(lines[:keep]) + b"\r\n")
        with ScoreBook.open(tmp_path / f"n{keep}.sqlite") as new:
            with pytest.raises(ScoreBookError, match="cut short|rows are missing"):
                new.import_csv(cut)
            assert new.rides() == [] and new.groups() == []
    dropped = tmp_path / "dropped.csv"  # a row taken out in the middle: the end line's counts disagree
    dropped.write_bytes(b"\r\n".join(lines[:4] + lines[5:]))
    with pytest.raises(ScoreBookError, match="rows are missing"):
        scorebook.read_csv(dropped)
    v1 = tmp_path / "v1.csv"  # the version without an end line
    v1.write_bytes(b"\r\n".join([b"paternoster-scorebook,1"] + lines[1:-2]) + b"\r\n")
    with pytest.raises(ScoreBookError, match=r"version 1; this kit reads version 2") as e:
        scorebook.read_csv(v1)
    assert "[" not in str(e.value)


def test_group_names_differing_only_in_spacing_are_one_group(tmp_path, capsys):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        a = book.add_group("a b")
        for other in ("a\u00a0b", "a  b", " A\u2003b "):
            assert book.add_group(other) == a
            assert book.group(other) == a
        assert [g.name for g in book.groups()] == ["a b"]
    db = str(tmp_path / "b.sqlite")
    assert main(["scorebook", "add", "--db", db, "--group", "A\u00a0B", "--floor", "1", "--players", "2",
                 "--remaining", "0"]) == 0
    out = capsys.readouterr().out
    assert "existing group 'a b'" in out and "ignore case and spacing" in out
    assert main(["scorebook", "show", "--db", db, "--group", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "scorebook add --group" in err and "add_group" not in err


def test_stars_edited_by_hand_in_the_file_are_not_trusted(tmp_path, capsys):
    db = tmp_path / "b.sqlite"
    with ScoreBook.open(db) as book:
        book.add_group("A")
        ride = book.add_ride("A", 1, players=2, remaining=4, played_on=DAY)
        earned = ride.stars
    assert earned < 3
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE rides SET stars = 3 WHERE id = ?", (ride.id,))
    conn.close()
    with ScoreBook.open(db) as book:
        assert book.ride(ride.id).stars == earned
        assert [r.stars for r in book.rides()] == [earned]
        assert book.best_stars("A")[1] == earned and book.total("A") == earned
        assert book.board()["A"][1] == earned
    assert main(["scorebook", "show", "--db", str(db), "--rides"]) == 0
    assert "3 stars" not in capsys.readouterr().out


def test_floors_by_name_in_add_ride_and_json_import(tmp_path):
    name = campaign.floor(2).name
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("A")
        assert book.add_ride("A", name, players=2, remaining=0, played_on=DAY).floor == 2
        assert book.add_ride("A", name.upper(), players=2, remaining=0, played_on=DAY).floor == 2
        with pytest.raises(ScoreBookError, match="floor"):
            book.add_ride("A", "no such floor", players=2, remaining=0)
        book.export_json(tmp_path / "e.json")
    data = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    data["rides"][0]["floor"] = name
    (tmp_path / "n.json").write_text(json.dumps(data), encoding="utf-8")
    assert [r.floor for r in scorebook.read_json(tmp_path / "n.json").rides] == [2, 2]


@pytest.mark.parametrize("argv, words", [
    (["--floor", "1", "--players", "2", "--remaining", "-1"], "--remaining must be from 0 to"),
    (["--floor", "1", "--players", "2", "--remaining", "1000000000000000000000"], "--remaining must be from 0 to"),
    (["--floor", "1", "--players", "2", "--remaining", "0", "--not-delivered"],
     "--not-delivered applies only on floors with passengers (7, 10, 12)"),
])
def test_add_messages_use_command_line_words(tmp_path, capsys, argv, words):
    db = tmp_path / "b.sqlite"
    assert main(["scorebook", "add", "--db", str(db), "--group", "A", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "delivered as True" not in err and "plain digits" not in err
    assert not db.exists()


def test_a_fifo_is_not_a_regular_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ScoreBookError, match="not a regular file"):
        ScoreBook.open(fifo)
