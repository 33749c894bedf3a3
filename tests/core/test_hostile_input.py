"""Every hostile input the issue on hostile input lists, one row each: the kit's own error naming the
field (or a clear TypeError/ValueError), never a raw Python or numpy error, never a changed state."""

from __future__ import annotations

import json

import numpy as np
import pytest

from paternoster import (Game, IllegalPlayError, PositionError, RecordError, Rules, RulesError, load_record,
                         make_rules, preset, replay, save_record)
from paternoster.cli import main
from paternoster.core.records import MAX_DEPTH, MAX_RECORD_BYTES
from paternoster.paskahousu import HouseRules, Match, PaskahousuGame, RandomPlayer, make_player

PK = PaskahousuGame.from_position(["3♦ 4♠", "5♥"], draw_pile="").to_record()
PN = Game.new(2, 1).to_record()


def _with(record, path, value):
    r = json.loads(json.dumps(record))
    d = r
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return r


RULES = [
    ("up piles 10**9", lambda: Rules(up_piles=10 ** 9), "'up_piles' must be from 1 to 4"),
    ("down piles 10**9 in a record", lambda: replay(_with(PN, ("rules", "down_piles"), 10 ** 9)), "from 1 to 4"),
    ("setbacks -5", lambda: Rules(setbacks_per_turn=-5), "'setbacks_per_turn' must be from 0 to 8"),
    ("minimum without draw pile", lambda: Rules(minimum_without_draw_pile=10 ** 9), "from 1 to 8"),
    ("hand size 7.9", lambda: Rules(hand_sizes=((2, 7.9),)), "hand size must be a whole number"),
    ("hand size '6'", lambda: Rules(hand_sizes=((2, "6"),)), "hand size must be a whole number"),
    ("hand size '6' in a record", lambda: replay(_with(PN, ("rules", "hand_sizes"), {"2": "6"})), "'2'"),
    ("hand of 60 for 2", lambda: Rules(hand_sizes=((2, 60),)), "from 1 to 20"),
    ("hands beyond the cards", lambda: Rules(decks=1, hand_sizes=((5, 11),)), "players × hand size ≤ cards"),
    ("turn cap 10**9", lambda: HouseRules(turn_cap=10 ** 9), "'turn_cap' must be from 1 to 10000"),
    ("Arabic-Indic player count", lambda: Rules.from_dict({"hand_sizes": {"٢": 7}}), "plain digits"),
]


@pytest.mark.parametrize("make, words", [r[1:] for r in RULES], ids=[r[0] for r in RULES])
def test_rules_are_bounded_and_typed(make, words):
    with pytest.raises((RulesError, RecordError)) as info:
        make()
    assert words in str(info.value)


def test_a_gap_in_the_player_counts_is_named_not_spanned():
    rules = Rules(hand_sizes=((1, 8), (2, 7), (4, 6), (5, 6)))
    with pytest.raises(RulesError, match="1, 2, 4 or 5 players, not 3"):
        rules.check_players(3)


RECORDS = [
    ("opening 'false'", PaskahousuGame.from_record, ("start", "position", "opening"), "false", "'opening'"),
    ("opened 'no'", PaskahousuGame.from_record, ("start", "position", "opened"), "no", "true or false"),
    ("out [0.0]", PaskahousuGame.from_record, ("start", "position", "out"), [0.0], "'out'[0]"),
    ("version true", PaskahousuGame.from_record, ("version",), True, "'version'"),
    ("version true (Paternoster)", Game.from_record, ("version",), True, "'version'"),
    ("an unknown field", Game.from_record, ("colour",), "red", "'colour'"),
    ("an unknown position field", PaskahousuGame.from_record, ("start", "position", "opend"), True, "'opend'"),
    ("format a list", Game.from_record, ("format",), [], "'format'"),
    ("a 10 MB name", Game.from_record, ("names", 0), "x" * 10_000_000, "bytes"),
    ("a long name", Game.from_record, ("names", 0), "x" * 500, "text of 500 characters"),
    ("players wrong", Game.from_record, ("players",), 9, "Field 'players'"),
    ("players and names disagree", Game.from_record, ("players",), 3, "names: 2 names given for 3 players"),
    ("names wrong", Game.from_record, ("names",), ["Anna"], "names: 1 name given for 2 players"),
]


@pytest.mark.parametrize("reader, path, value, words", [r[1:] for r in RECORDS], ids=[r[0] for r in RECORDS])
def test_records_are_strict_and_name_the_field(reader, path, value, words):
    base = PK if reader == PaskahousuGame.from_record else PN
    bad = _with(base, path, value)
    with pytest.raises(RecordError) as info:
        reader(bad)
    assert words in str(info.value)
    assert len(str(info.value)) < 1500
    assert "Field 'rules': The record field" not in str(info.value)


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, f"nested more than {MAX_DEPTH} levels"),
    ('{"format": 1' + "0" * 5000 + "}", "characters long"),
    (" " * (MAX_RECORD_BYTES + 1), "more than"),
    ('{"format": "paternoster-record", "version": 1, "names": ["\\ud800"]}', "lone surrogate"),
    ('{"format": "paternoster-record", "format": "paternoster-record"}', "twice"),
    ('{"format": NaN}', "not JSON"),
], ids=["deep", "digits", "size", "surrogate", "duplicate key", "NaN"])
def test_limits_come_before_parsing(text, words):
    with pytest.raises(RecordError, match=words):
        Game.from_record(text)


def test_a_deep_dict_and_a_foreign_object_give_the_record_error():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    for bad in ({**PN, "names": deep}, {**PN, "names": [object()]}):
        with pytest.raises(RecordError):
            Game.from_record(bad)


def test_load_record_refuses_non_utf8_and_save_refuses_nothing_it_wrote(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match="not UTF-8"):
        load_record(path)
    good = tmp_path / "good.json"
    save_record(Game.new(2, 3, names=["Anna", "Ben"]), good)
    assert load_record(good) == Game.new(2, 3, names=["Anna", "Ben"])


def test_a_byte_order_mark_is_read_past(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(PN, ensure_ascii=False).encode("utf-8"))
    assert load_record(path) == Game.from_record(PN)


def test_a_loaded_record_round_trips_and_ignores_a_result_summary():
    rec = dict(PN, result={"outcome": "perfect", "remaining": 0})
    g = Game.from_record(rec)
    assert "result" not in g.to_record() and Game.from_record(g.to_json()) == g


ARGUMENTS = [
    ("signals a list", lambda: Game.from_position(["4♦", "5♦"], signals=[(0, "hold")]), PositionError, "dict"),
    ("burning 5", lambda: Game.from_position(["4♦", "5♦"], burning=5), PositionError, "burning must be a list"),
    ("numpy flag", lambda: Game.from_position(["4♦", "5♦"], setback_used=np.array([True, False])), PositionError,
     "setback_used must be True or False"),
    ("numpy flag (Paskahousu)", lambda: PaskahousuGame.from_position(["3♦", "4♦"], opened=np.array([1, 2])),
     PositionError, "opened must be True or False"),
    ("Match names text", lambda: Match(4, names="Anna"), ValueError, "names must be a list"),
    ("make_player float", lambda: make_player(np.float64(2.0)), TypeError, "choose(game)"),
    ("RandomPlayer -1", lambda: RandomPlayer(-1), ValueError, "seed must be at least 0"),
    ("a name with NUL", lambda: Game.new(2, names=["A\x00", "B"]), PositionError, "U+0000"),
    ("a 2 MB name", lambda: Game.new(2, names=["x" * 2_000_000, "B"]), PositionError, "at most 40"),
    ("a lone surrogate name", lambda: Game.new(2, names=["\ud800", "B"]), PositionError, "U+D800"),
    ("preset zero-width", lambda: preset("Kurze\u200bFahrt"), RulesError, "U+200B"),
    ("preset bidi", lambda: preset("\u202eKurze Fahrt"), RulesError, "U+202E"),
    ("preset NUL", lambda: preset("Kurze Fahrt\x00"), RulesError, "U+0000"),
    ("make_rules tokens array", lambda: make_rules("notruf-marken", tokens=np.array([1, 2])), RulesError, "tokens"),
    ("turn minimum too deep", lambda: Game.from_position(["4♦"], turn_minimum=20), PositionError, "from 1 to 9"),
    ("a teaching hand of 30", lambda: Game.from_position(["4♦ " * 30] + [""] * 5, hand_size_check=False,
                                                         rules=make_rules("hochhaus")), PositionError, "at most 20 cards"),
]


@pytest.mark.parametrize("make, error, words", [a[1:] for a in ARGUMENTS], ids=[a[0] for a in ARGUMENTS])
def test_arguments_get_the_kits_error(make, error, words):
    with pytest.raises(error) as info:
        make()
    assert words in str(info.value)


@pytest.mark.parametrize("pile", ["up " + "9" * 5000, "up ١", "up １", "up 1" + "\u200b"])
def test_pile_names_take_plain_digits_and_change_nothing(pile):
    g = Game.new(2, 1)
    before = g.to_position()
    assert "There is no pile" in g.why_not(g.hand[0], pile)
    with pytest.raises(IllegalPlayError):
        g.play(g.hand[0], pile)
    assert g.to_position() == before


def test_signals_per_turn_are_bounded():
    g = Game.new(2, 1)
    for i in range(100):
        g.signal(0, 0, "help" if i % 2 == 0 else None)
    with pytest.raises(IllegalPlayError) as info:
        g.signal(0, 0, "help")
    assert info.value.rule == "too-many-signals"


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", "1000000000000"], "--games must be from 1 to 1,000,000"),
    (["simulate", "--games", "1" + "0" * 30], "plain digits"),
    (["simulate", "--workers", "1000"], "--workers must be from 1 to 8"),
    (["simulate", "--players", "٣"], "plain digits"),
    (["simulate", "--rules", "Normal\x00"], "U+0000"),
    (["levels", "--games", "99999999999"], "--games must be from 1 to"),
    (["simulate", "--seed", "-1"], "--seed"),
])
def test_the_command_line_answers_bad_arguments_in_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def _record_file_cases(tmp_path):
    import os
    folder = tmp_path / "records"
    folder.mkdir()
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # a sparse file: large on paper, nothing read
        f.truncate(MAX_RECORD_BYTES * 50)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    return [
        (tmp_path / "missing.json", ["No record file at", "missing.json", "check the folder and the file name"]),
        (folder, ["is a folder, not a record file", "records"]),
        (big, ["100,000,000 bytes", f"more than {MAX_RECORD_BYTES:,}", "check that this is a record"]),
        (fifo, ["not a plain file", "pipe.json"]),   # never opened: the call cannot hang
        (str(tmp_path / ("x" * 5000)), ["cannot be read", "check the path"]),
        ("a\x00b.json", ["cannot be read", "check the path"]),
    ]


@pytest.mark.parametrize("game", ["paternoster", "paskahousu"])
def test_load_record_names_the_path_and_what_to_do(tmp_path, game):
    """A missing file, a folder, a pipe, a huge or unreadable path: the kit's RecordError, never a bare OSError."""
    from paternoster.paskahousu import load_record as load_paskahousu
    load, writer = ((load_record, "paternoster.save_record") if game == "paternoster"
                    else (load_paskahousu, "paternoster.paskahousu.save_record"))
    for path, words in _record_file_cases(tmp_path):
        with pytest.raises(RecordError) as info:
            load(path)
        message = str(info.value)
        assert all(w in message for w in words), (path, message)
        assert not isinstance(info.value, OSError)
    with pytest.raises(RecordError, match=writer.replace(".", r"\.")):
        load(tmp_path / "missing.json")


def test_paskahousu_records_save_and_load(tmp_path):
    from paternoster.paskahousu import load_record as load_paskahousu, save_record as save_paskahousu
    g = PaskahousuGame.new(3, seed=5, names=["Anna", "Ben", "Carla"])
    for _ in range(6):
        g.apply_action(g.legal_actions()[0])
    save_paskahousu(g, tmp_path / "p.json")
    assert load_paskahousu(tmp_path / "p.json") == g
    assert load_paskahousu(tmp_path / "p.json", upto=2) == PaskahousuGame.from_record(g.to_record(), upto=2)
    with pytest.raises(TypeError, match="PaskahousuGame"):
        save_paskahousu(Game.new(2, 1), tmp_path / "q.json")


def test_an_unreadable_record_file_says_permission_denied(tmp_path, monkeypatch):
    """A file without read access (simulated: the tests may run as root, who reads every file)."""
    import os

    path = tmp_path / "locked.json"
    save_record(Game.new(2, 1), path)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(RecordError, match=r"locked\.json' cannot be read \(permission denied\): copy it"):
        load_record(path)


@pytest.mark.parametrize("game", ["paternoster", "paskahousu"])
def test_save_record_refuses_a_pipe_a_device_and_a_folder_without_hanging(tmp_path, game):
    """save_record onto a named pipe (no reader: opening it for writing would wait forever), /dev/zero,
    /dev/null or a folder: the kit's RecordError naming the path, nothing written; a missing folder too."""
    import os
    import threading

    from paternoster.paskahousu import save_record as save_paskahousu
    save, g = ((save_record, Game.new(2, 3)) if game == "paternoster"
               else (save_paskahousu, PaskahousuGame.new(3, seed=5)))
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    cases = [(fifo, "not a plain file"), ("/dev/zero", "not a plain file"), ("/dev/null", "not a plain file"),
             (tmp_path, "is a folder"), (tmp_path / "no" / "such" / "game.json", "cannot be written"),
             ("a\x00b.json", "cannot be written")]
    for path, words in cases:
        said: list = []
        worker = threading.Thread(target=lambda p=path: said.append(_raised(save, g, p)), daemon=True)
        worker.start()
        worker.join(30)
        if worker.is_alive():  # it waits on the pipe: open it for reading once, so the writer returns
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
            pytest.fail(f"save_record({path!r}) waited on a pipe")
        assert isinstance(said[0], RecordError) and words in str(said[0]), (path, said)
    good = tmp_path / "game.json"
    save(g, good)
    assert good.read_text(encoding="utf-8").startswith("{")
    save(g, good)  # written over whole, never appended
    assert good.read_text(encoding="utf-8").count('"format"') == 1


def _raised(call, *args):
    try:
        call(*args)
    except Exception as e:  # noqa: BLE001 — the test looks at what was raised
        return e
    return None


_INVISIBLE_NAMES = ["\u3164", "\u3164\u3164", "Ben\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u034f", "\u0301",
                    "\u17b4", "Anna\u2028Ben", "\ufe0fA", "\u200b", "A\u200bB", " \u0301 "]


@pytest.mark.parametrize("name", _INVISIBLE_NAMES)
def test_invisible_names_are_refused_for_players_and_groups(name, tmp_path):
    """F6: a Hangul filler (U+3164), a blank Braille pattern, a lone accent … looked like no name at all and were
    accepted as a player's or a group's name; now each is refused naming the character."""
    from paternoster.campaign.book import ScoreBook, ScoreBookError
    with pytest.raises(PositionError, match=r"invisible or control character U\+|shows no letter|empty"):
        Game.new(2, 1, names=[name, "Ben2"])
    with pytest.raises(PositionError, match=r"invisible or control character U\+|shows no letter|empty"):
        PaskahousuGame.new(3, seed=1, names=["Anna", name, "Carla"])
    with ScoreBook.open(tmp_path / "b.sqlite") as book:
        with pytest.raises(ScoreBookError, match=r"invisible or control character U\+|shows no letter|empty"):
            book.add_group(name)
        assert book.groups() == []


@pytest.mark.parametrize("name", ["Zoë", "José", "Anna\u0301", "❤\ufe0f", "👩\u200d👧", "Team 👨\u200d💻",
                                  "می\u200cخواهم", "Ὀδυσσεύς", "ㅎㅎ", "한국", "A. B."])
def test_visible_names_of_every_script_are_kept(name):
    assert Game.new(2, 1, names=[name, "Ben"]).names[0] == name
