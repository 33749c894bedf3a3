"""The registry of games (paternoster/core/registry.py): one entry per game, read by every list of games.

Each entry is checked against the game it names (table adapter, record format, rules schema derived from
the rules dataclass, player range, classroom page, rule book, command line, computer players); the
kit's own lists (the classroom's games, ``kit.py``'s classroom pages, the command line) are the registry's;
a new rules field reaches the record schema by itself; and mypy refuses a state class that breaks the
written contract.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from paternoster import RecordError, RulesError
from paternoster.core import registry, schema
from paternoster.core.records import parse_record, read_record

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.games()


def load_kit():
    spec = importlib.util.spec_from_file_location("kit_for_registry", ROOT / "kit.py")
    assert spec is not None and spec.loader is not None
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    return kit


def test_the_registry_holds_every_game_once_in_a_fixed_order():
    names = [e.name for e in GAMES]
    assert {"paternoster", "paskahousu"} <= set(names) and len(set(names)) == len(names)
    assert len({e.record.name for e in GAMES}) == len(GAMES) and registry.games() == GAMES
    assert registry.game("paskahousu").title == "Paskahousu" and registry.by_format("paternoster-record").name == "paternoster"
    assert registry.by_format("no-such-record") is None
    with pytest.raises(ValueError, match=f"No game is called 'nosuchgame'; the kit's games: {', '.join(names)}."):
        registry.game("nosuchgame")


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_each_entry_agrees_with_the_game_it_names(entry: registry.GameEntry):
    lo = entry.players[0]
    g = entry.state.new(lo, 1)
    assert entry.table.game_name == entry.name and entry.table.game_type is entry.state
    assert entry.table(g).view()["game"] == entry.name
    assert g.to_record()["format"] == entry.record.name and g.rules.__class__ is entry.rules
    assert (ROOT / entry.classroom_page).is_file() and (ROOT / entry.rule_book).is_file()
    module = importlib.import_module(entry.command_line or "")
    assert hasattr(module, "add_commands") or hasattr(module, "main")
    for make in entry.bots.values():
        assert callable(make().choose)
    assert all(entry.rules is type(make()) for make in entry.sample_rules.values())
    with pytest.raises(RulesError):
        entry.state.new(lo - 1, 1)  # the fewest players are the game's fewest


def test_the_classroom_lists_the_registrys_games():
    """Every registered game with its title and at least the standard rules' player counts (Paternoster's
    presets add 6 to 8 players: Hochhaus)."""
    from widgets.classroom import GAMES as CLASSROOM_GAMES
    assert {name: g["title"] for name, g in CLASSROOM_GAMES.items()} == {e.name: e.title for e in GAMES}
    for e in GAMES:
        assert set(range(e.players[0], e.players[1] + 1)) <= set(CLASSROOM_GAMES[e.name]["players"])
    assert CLASSROOM_GAMES["paternoster"]["players"] == (1, 2, 3, 4, 5, 6, 7, 8)


def test_kit_py_finds_the_registrys_classroom_pages_by_their_file_names():
    """kit.py runs outside the kit's environment and cannot import the engine: it finds the pages by
    file name. Both must agree (the campaign's page is the kit's own, not a game's)."""
    kit = load_kit()
    assert kit.CLASSROOMS == {**{e.name: e.classroom_page for e in GAMES}, "campaign": "notebooks/classroom_campaign.ipynb"}
    assert kit.CLASSROOM == registry.game("paternoster").classroom_page  # the default page


def test_the_command_line_has_each_games_commands():
    from paternoster.cli import parser
    text = parser().format_help()
    for e in GAMES:
        module = importlib.import_module(e.command_line or "")
        names = [e.name] if not hasattr(module, "add_commands") else ["simulate", "levels"]
        assert all(f"\n    {n} " in text or f"\n    {n}\n" in text for n in names), names


def test_a_record_of_any_game_loads_by_its_format_and_a_wrong_reader_names_the_right_one():
    records = [e.state.new(e.players[0] + 1, 2).to_record() for e in GAMES]
    for e, rec in zip(GAMES, records):
        assert read_record(rec) == e.state.from_record(rec) == read_record(json.dumps(rec, ensure_ascii=False))
    pn, pk = registry.game("paternoster"), registry.game("paskahousu")
    with pytest.raises(RecordError, match="That is a Paskahousu record: read it with "
                                          "paternoster.paskahousu.PaskahousuGame.from_record"):
        pn.state.from_record(pk.state.new(3, 2).to_record())
    with pytest.raises(RecordError, match="the kit reads records of the formats .*'paternoster-record'"):
        read_record({**records[0], "format": "no-such-record"})
    with pytest.raises(ValueError, match="fmt must be a game's record format"):
        parse_record(records[0], "no-such-record")


def test_a_new_rules_field_is_in_the_record_schema_without_a_second_list():
    """The change "a Paskahousu house rule: an 8 skips the next player" adds one field to HouseRules; the
    record schema follows from the dataclass (and an unknown field is still refused)."""
    rules_class = registry.game("paskahousu").rules

    @dataclasses.dataclass(frozen=True)
    class WithEights(rules_class):  # type: ignore[misc, valid-type]
        eight_skips: bool = False

    spec = schema.fields_schema(WithEights)
    assert spec[1]["eight_skips"] == (schema.BOOL, False)
    schema.check({"eight_skips": True, "hand_size": 6}, spec, [], "The rules")
    with pytest.raises(RecordError, match="Field 'eight_skips' has the wrong type"):
        schema.check({"eight_skips": "yes"}, spec, [], "The rules")
    with pytest.raises(RecordError, match="unknown field"):
        schema.check({"eights": True}, spec, [], "The rules")


def test_a_rules_field_without_a_record_form_is_named():
    @dataclasses.dataclass
    class Odd:
        weights: dict[str, float] = dataclasses.field(default_factory=dict)

    with pytest.raises(TypeError, match="Odd.weights: no record form"):
        schema.fields_schema(Odd)
    assert schema.fields_schema(Odd, {"weights": schema.map_of("[a-z]+", schema.INT, 4)})[1]["weights"][1] is False
    with pytest.raises(TypeError, match="no field"):
        schema.fields_schema(Odd, {"nothing": schema.INT})


def test_the_registry_refuses_a_second_game_with_the_same_name_or_format():
    e = registry.game("paskahousu")
    with pytest.raises(ValueError, match="already"):
        registry.register(dataclasses.replace(e, title="Copy"))
    with pytest.raises(ValueError, match="already"):
        registry.register(dataclasses.replace(e, name="copy", title="Copy"))
    with pytest.raises(ValueError, match="lower-case"):
        dataclasses.replace(e, name="Bad Name")
    with pytest.raises(ValueError, match="players"):
        dataclasses.replace(e, players=(3, 2))
    assert registry.games() == GAMES


def test_mypy_refuses_a_state_class_that_breaks_the_written_contract(tmp_path):
    """The contract is a Protocol mypy checks where a game registers: a state without ``returns`` (or with
    another ``check``) is a type error there, not a failing lesson."""
    source = textwrap.dedent("""
        from typing import Any
        from paternoster.core.base import GameContract
        from paternoster.lift.game import Game

        class Broken(Game):
            returns = None  # no longer a method

        good: type[GameContract] = Game
        bad: type[GameContract] = Broken
    """)
    path = tmp_path / "contract_check.py"
    path.write_text(source, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "c"),
                          "--follow-imports=silent", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    lines = [line for line in out.stdout.splitlines() if "error:" in line]
    assert len(lines) >= 1 and all(":10:" in line or ":7:" in line for line in lines), out.stdout
    assert any(":10:" in line and "GameContract" in line for line in lines), out.stdout
