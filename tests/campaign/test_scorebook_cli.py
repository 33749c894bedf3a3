"""The score book on the command line (``python -m paternoster scorebook …``): add, show, export, import,
help, and bad input answered in one line that changes nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from paternoster.campaign import FLOOR_COUNT, FLOORS, MAX_TOTAL_STARS
from paternoster.campaign.book import BookContents, ScoreBook, check_ride
from paternoster.cli import main
from scorebook_helpers import HTML, fill, finished_game


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
    assert HTML in out and "Füchse" in out and f"3/{MAX_TOTAL_STARS}" in out
    assert main(["scorebook", "export", "--db", db, str(tmp_path / "e.csv")]) == 0
    assert main(["scorebook", "export", "--db", db, str(tmp_path / "e.json")]) == 0
    assert main(["scorebook", "import", "--db", str(tmp_path / "c.sqlite"), str(tmp_path / "e.csv")]) == 0
    assert main(["scorebook", "import", "--db", str(tmp_path / "j.sqlite"), str(tmp_path / "e.json")]) == 0
    capsys.readouterr()
    with ScoreBook.open(db) as a, ScoreBook.open(tmp_path / "c.sqlite") as c, ScoreBook.open(tmp_path / "j.sqlite") as j:
        assert a.contents() == c.contents() == j.contents() and len(a.rides()) == 2
        assert a.rides()[1].game() == game


@pytest.mark.parametrize("argv,words", [
    (["add", "--group", "A", "--floor", str(FLOOR_COUNT + 1), "--players", "2", "--remaining", "0"], "floor"),
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
        book.add_contents(BookContents(("A",), tuple(check_ride("A", 1, players=2, remaining=0) for _ in range(300))))
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


@pytest.mark.parametrize("argv, words", [
    (["--floor", "1", "--players", "2", "--remaining", "-1"], "--remaining must be from 0 to"),
    (["--floor", "1", "--players", "2", "--remaining", "1000000000000000000000"], "--remaining must be from 0 to"),
    (["--floor", "1", "--players", "2", "--remaining", "0", "--not-delivered"],
     "--not-delivered applies only on floors with passengers (" + ", ".join(str(f.number) for f in FLOORS if f.passengers) + ")"),
])
def test_add_messages_use_command_line_words(tmp_path, capsys, argv, words):
    db = tmp_path / "b.sqlite"
    assert main(["scorebook", "add", "--db", str(db), "--group", "A", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "delivered as True" not in err and "plain digits" not in err
    assert not db.exists()


@pytest.mark.parametrize("name", ["pipe.json", "pipe.csv", "/dev/zero", "/dev/null", "folder.json"])
def test_import_refuses_a_pipe_a_device_or_a_folder_at_once(tmp_path, name):
    """`scorebook import` of a named pipe waited forever; of /dev/zero it read 256 MB first: both are refused
    at once, in one line, and no score book is made."""
    import os
    if name.startswith("pipe"):
        os.mkfifo(tmp_path / name)
    elif name == "folder.json":
        (tmp_path / name).mkdir()
    path = name if name.startswith("/") else str(tmp_path / name)
    db = tmp_path / "b.sqlite"
    done = subprocess.run([sys.executable, "-m", "paternoster", "scorebook", "import", path, "--format", "json",
                           "--db", str(db)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 2, done
    assert "is not a regular file" in done.stderr and "Nothing was imported" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not db.exists()
