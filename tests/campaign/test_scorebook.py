"""The score book's API (rules §15.3): stars and totals per group, groups and their names, rides and their
records, and what it refuses.  The file: test_scorebook_store.py; export and import: test_scorebook_files.py;
the command line: test_scorebook_cli.py."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import date, datetime

import pytest

from paternoster import Game, campaign
from paternoster.campaign import FLOOR_COUNT, files
from paternoster.campaign.book import Group, ScoreBook, ScoreBookError
from paternoster.cli import main
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.rules import Rules
from scorebook_helpers import DAY, HTML, fill, finished_game


def test_stars_best_and_total_per_group(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        fill(book)
        a, b = book.group(HTML), book.group("Füchse")
        expect = {1: campaign.stars(campaign.floor(1), 0), 3: campaign.stars(campaign.floor(3), 0),
                  2: campaign.stars(campaign.floor(2), 9)}
        best = book.best_stars(a)
        assert set(best) == set(range(1, FLOOR_COUNT + 1))
        assert {k: v for k, v in best.items() if k in expect} == expect
        assert best[4] == 0 and book.best_stars(b)[4] == campaign.stars(campaign.floor(4), 7)
        assert book.total(a) == sum(expect.values()) and book.total("Füchse") == sum(book.best_stars(b).values())
        assert book.board() == {HTML: best, "Füchse": book.best_stars(b), "=SUM(A1)": dict.fromkeys(range(1, FLOOR_COUNT + 1), 0)}
        rides = book.rides(a)
        assert [r.id for r in rides] == [1, 2, 4, 6] and all(r.group == HTML for r in rides)
        assert [r.stars for r in rides] == [campaign.stars(campaign.floor(r.floor), r.remaining) for r in rides]
        assert len(book.rides()) == 6


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
    (dict(floor_number=0), f"floor must be from 1 to {FLOOR_COUNT}"),
    (dict(floor_number=FLOOR_COUNT + 1), f"floor must be from 1 to {FLOOR_COUNT}"),
    (dict(floor_number="nowhere"), "floor: "), (dict(floor_number=True), "floor must be a whole number"),
    (dict(players=0), "players must be from 1 to 5"), (dict(players=6), "players must be from 1 to 5"),
    (dict(remaining=-1), "remaining cards must be from 0"), (dict(remaining=10**6), "remaining cards must be from 0"),
    (dict(remaining=2.0), "remaining cards must be a whole number"), (dict(lost="no"), "lost must be True or False"),
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


@pytest.mark.parametrize("ride_id", [2**63, 10**30, -(2**63) - 1])
def test_a_ride_number_sqlite_cannot_hold_is_a_kit_error_with_the_range(tmp_path, ride_id):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match=r"ride_id must be (at least 1|at most 9,?223,?372,?036,?854,?775,?807)"):
            book.ride(ride_id)
        g = book.add_group("Füchse")
        with pytest.raises(ScoreBookError, match="not a group of this score book"):
            book.add_ride(Group(2**70, g.name), 1, players=2, remaining=0)
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
    assert [r.floor for r in files.read_json(tmp_path / "n.json").rides] == [2, 2]


# ------------------------------------------------------------------------------ renaming and deleting
def test_a_group_is_renamed_with_its_rides_and_a_taken_name_is_refused(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        fill(book)
        foxes = book.group("Füchse")
        rides = [r.id for r in book.rides(foxes)]
        best = book.best_stars(foxes)
        before = book.contents()
        for taken in (HTML, " =sum(a1) ", "=SUM(A1)"):
            with pytest.raises(ScoreBookError, match="has a group .* already"):
                book.rename_group(foxes, taken)
        for bad, words in (("", "empty"), ("x" * 81, "at most 80"), ("a\u200bb", "U+200B")):
            with pytest.raises(ScoreBookError, match=re.escape(words)):
                book.rename_group("Füchse", bad)
        with pytest.raises(ScoreBookError, match="no group 'Eulen'"):
            book.rename_group("Eulen", "Uhus")
        with pytest.raises(ScoreBookError, match="not a group of this score book"):
            book.rename_group(Group(foxes.id, "Füchse (old)"), "Uhus")
        assert book.contents() == before
        renamed = book.rename_group(foxes, "Füchse 7b")
        assert renamed == Group(foxes.id, "Füchse 7b") and book.group("füchse 7B") == renamed
        assert [r.id for r in book.rides(renamed)] == rides and book.best_stars(renamed) == best
        assert all(r.group == "Füchse 7b" for r in book.rides(renamed))
        with pytest.raises(ScoreBookError, match="no group 'Füchse'"):
            book.group("Füchse")
        assert book.rename_group(renamed, "FÜCHSE 7B").name == "FÜCHSE 7B"   # a new spelling of its own name
        assert [g.name for g in book.groups()] == [HTML, "FÜCHSE 7B", "=SUM(A1)"]   # its place stays


def test_a_group_is_deleted_with_its_rides_only_when_its_name_confirms_it(tmp_path):
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        fill(book)
        before = book.contents()
        for confirm in (None, "", "Eulen", True, HTML):
            with pytest.raises(ScoreBookError, match="deletes its 2 rides for good") as e:
                book.delete_group("Füchse", confirm=confirm)
            assert "Nothing was deleted" in str(e.value)
        with pytest.raises(ScoreBookError, match="no group 'Eulen'"):
            book.delete_group("Eulen", confirm="Eulen")
        assert book.contents() == before
        assert book.delete_group("Füchse", confirm=" füchse ") == 2
        assert [g.name for g in book.groups()] == [HTML, "=SUM(A1)"]
        assert [r.group for r in book.rides()] == [HTML] * 4 and book.total(HTML) == before_total(before, HTML)
        assert book.delete_group("=SUM(A1)", confirm="=SUM(A1)") == 0
        again = book.add_group("Füchse")                               # the name is free again, a new group
        assert again.id not in (1, 3) and book.rides(again) == []


def before_total(contents, name: str) -> int:
    best: dict[int, int] = {}
    for r in contents.rides:
        if r.group == name:
            best[r.floor] = max(best.get(r.floor, 0), r.stars)
    return sum(best.values())


def test_rides_typed_in_on_any_floor_are_kept_but_open_floors_follow_the_order(tmp_path):
    """Rules §15.1/§15.5: a hand-entered ride on floor 5 is kept and counts; floors 5 and 6 stay locked until
    floors 2 to 4 have a star."""
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        book.add_group("Füchse")
        book.add_ride("Füchse", 1, players=2, remaining=0, played_on=DAY)
        ride = book.add_ride("Füchse", 5, players=2, remaining=0, played_on=DAY)
        assert ride.stars == 3 and book.best_stars("Füchse")[5] == 3 and book.total("Füchse") == 6
        assert campaign.unlocked(book.best_stars("Füchse")) == [1, 2]
        for fl in (2, 3, 4):
            book.add_ride("Füchse", fl, players=2, remaining=0, played_on=DAY)
        assert campaign.unlocked(book.best_stars("Füchse")) == [1, 2, 3, 4, 5, 6]
