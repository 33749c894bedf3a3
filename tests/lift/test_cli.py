"""The command line (python -m paternoster): help a newcomer understands, results, and one-line errors."""

from __future__ import annotations

import subprocess

import numpy as np
import sys
from pathlib import Path

import pytest

from paternoster import STANDARD
from paternoster.cli import main
from paternoster.lift.cli import timing as _timing
from paternoster.lift.levels import LEVELS, claims, difficulty_table
from paternoster.lift.simulation import SimulationResult, simulate
from paternoster.lift.variants import PRESETS

ROOT = Path(__file__).resolve().parents[2]


def test_top_level_help_explains_the_game_the_commands_and_gives_examples(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Paternoster is a cooperative card game" in out
    for words in ("simulate", "levels", "preset", "level", "perfect", "95 % interval", "examples:",
                  "python -m paternoster simulate --rules \"Kurze Fahrt\"", "python -m paternoster levels --claims",
                  "python -m paternoster simulate --list"):
        assert words in out, words


def test_top_level_help_shows_every_command_with_an_example(capsys):
    """A newcomer who types only --help sees each command with a runnable example and its own help."""
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    examples = out.split("examples:", 1)[1]
    listed = out.split("commands:", 1)[1].split("examples:", 1)[0]
    commands = ("simulate", "levels", "campaign", "scorebook", "paskahousu")
    for command in commands:
        assert f"\n    {command} " in listed or f"\n    {command}\n" in listed, command
    for command in commands:
        full = "paskahousu simulate" if command == "paskahousu" else command
        assert f"python -m paternoster {full}" in examples, command
        assert f"python -m paternoster {full} --help" in out, command


RULE_BOOK = 'rule book  the kit\'s rule book, docs/rules/paternoster.md ("rules §N").'
SEED = "seed     a number that fixes the shuffles: the same seed gives the same games."


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["levels", "--help"]])
def test_help_says_rule_book_and_keeps_seed_for_the_random_seed(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert RULE_BOOK in out and SEED in out
    # every other "seed" is the option or the random seed, never the rule book
    rest = " ".join(out.split())
    for allowed in (" ".join(RULE_BOOK.split()), " ".join(SEED.split()), "--seed", "the same seed gives the same games",
                    "random seed:"):
        rest = rest.replace(allowed, "")
    assert "seed" not in rest.lower(), rest
    if argv[0] != "--help":
        assert "the rule book's" in out


def test_no_command_shows_the_help(capsys):
    assert main([]) == 2  # a usage error, like `scorebook` without its command
    assert "commands:" in capsys.readouterr().err


@pytest.mark.parametrize("command,words", [
    ("simulate", ["--rules NAME", "--players N", "--games N", "--seed N", "--player {simple,talking}",
                  "--engine {auto,fast,reference}", "--no-progress", "--list", "Hochhaus 6", "examples:"]),
    ("levels", ["--games N", "--seed N", "--claims", "--no-progress", "difficulty ladder", "examples:"]),
])
def test_command_help(capsys, command, words):
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    for w in words:
        assert w in out, w


def test_list_names_every_preset_and_level(capsys):
    assert main(["simulate", "--list"]) == 0
    out = capsys.readouterr().out
    for name in list(PRESETS) + [lv.name for lv in LEVELS]:
        assert f"  {name} " in out, name
    assert "Hochhaus 4        6 players. Hochhaus with 4 cards each" in out
    assert "Hochhaus 5        6 players. Three decks" in out
    for line in out.splitlines():
        assert line.count("players") <= 1, line


@pytest.mark.parametrize("argv,kwargs", [
    (["simulate", "--games", "6", "--engine", "reference", "--no-progress"], dict(games=6, engine="reference")),
    (["simulate", "--rules", "kurze_fahrt", "--players", "3", "--games", "5", "--seed", "4", "--engine",
      "reference", "--no-progress"], dict(rules="Kurze Fahrt", players=3, games=5, seed=4, engine="reference")),
    (["simulate", "--player", "talking", "--games", "2", "--no-progress"], dict(player="talking", games=2)),
])
def test_simulate_prints_the_summary_with_intervals(capsys, argv, kwargs):
    assert main(argv) == 0
    out, err = capsys.readouterr()
    expected = simulate(**kwargs)
    lines = out.splitlines()
    assert lines[:-1] == expected.summary().splitlines()
    assert "95 % interval" in lines[0]
    assert lines[-1].startswith(f"({expected.engine} engine, ") and "games per second" in lines[-1]
    assert err == ""


def _timed(games, seconds):
    z = np.zeros(games, np.int16)
    return SimulationResult("Normal", 2, games, 0, "simple", "fast", z, z.astype(np.int8), z.astype(np.int8), z,
                            seconds, STANDARD)


@pytest.mark.parametrize("games,seconds,line", [
    (0, 0.0, "(fast engine, 0.00 s)"),
    (0, 0.25, "(fast engine, 0.25 s)"),
    (5, 0.0, "(fast engine, 0.00 s, too fast to time)"),
    (4000, 0.5, "(fast engine, 0.50 s, 8,000 games per second)"),
])
def test_timing_line_never_says_0_games_per_second(games, seconds, line):
    assert _timing(_timed(games, seconds)) == line


def test_simulate_hochhaus_takes_six_players(capsys):
    assert main(["simulate", "--rules", "Hochhaus 5", "--games", "2", "--engine", "reference", "--no-progress"]) == 0
    assert capsys.readouterr().out.startswith("Hochhaus 5, 6 players, simple player, 2 games (seed 0)")


def test_the_progress_bar_never_reaches_stdout(capsys):
    assert main(["simulate", "--games", "3", "--engine", "reference"]) == 0
    out = capsys.readouterr().out
    assert "it/s" not in out and "%|" not in out and out.startswith("Normal, 2 players")


def test_levels_with_one_game_prints_the_table_and_too_few_games(capsys):
    assert main(["levels", "--games", "1", "--claims", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(difficulty_table(1, 0).summary() + "\n") and err == ""
    assert out.count("Verdict: TOO FEW GAMES") == 3


def test_levels_checks_the_claims_arguments_before_the_table_runs(capsys, monkeypatch):
    from paternoster.lift import cli

    def refuse(games, seed, engine):
        raise ValueError("claims refused")

    monkeypatch.setattr(cli, "_claim_plans", refuse)
    assert main(["levels", "--games", "2", "--claims", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "python -m paternoster levels: error: claims refused\n"


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--rules", "Weitergeben", "--engine", "fast"],
     "cannot play Weitergeben with 2 players: a stand-in reason"),
    (["simulate", "--player", "talking", "--rules", "Weitergeben", "--engine", "fast"],
     "--engine fast cannot play Weitergeben with 2 players"),
])
def test_engine_refusals_use_command_line_words(capsys, monkeypatch, argv, words):
    from paternoster.lift import fastsim

    monkeypatch.setattr(fastsim, "unsupported", lambda rules, players: "a stand-in reason." if rules.passing else None)
    assert main(argv + ["--games", "2", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert words in err and "--engine auto or --engine reference." in err
    assert "engine='" not in err and ".." not in err and err.count("\n") == 1


def test_levels_prints_the_table_and_the_claims(capsys):
    assert main(["levels", "--games", "30", "--seed", "2", "--claims", "--no-progress"]) == 0
    out = capsys.readouterr().out
    table = difficulty_table(30, 2).summary()
    assert out.startswith(table + "\n")
    for c in claims(30, 2):
        assert c.summary() in out


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--rules", "Normel"], "No preset called 'Normel' (did you mean 'Normal'?)"),
    (["simulate", "--players", "0"], "Standard Paternoster is for 1 to 5 players, not 0"),
    (["simulate", "--rules", "Zwei Kabinen", "--players", "4"], "Zwei Kabinen is for exactly 2 players, not 4"),
    (["simulate", "--games", "-3"], "error: --games must be from 1 to 1,000,000, not -3."),
    (["simulate", "--games", "0"], "error: --games must be from 1 to 1,000,000, not 0."),
    (["levels", "--games", "0"], "error: --games must be from 1 to 1,000,000, not 0."),
    (["levels", "--games", "0", "--claims"], "error: --games must be from 1 to 1,000,000, not 0."),
    (["simulate", "--seed", "-1"], "--seed must be from 0 to 2**64 - 1, not -1."),
    (["--players", "0"], "--players belongs after a command: python -m paternoster simulate --players N "
                         "(players per game: 1 to 5, or 6 to 8 with Hochhaus; rules §1.2)"),
    (["--players=99"], "--players belongs after a command"),
    (["--games", "0"], "--games belongs after a command: python -m paternoster simulate --games N "
                       "(number of games: 1 to 1,000,000)"),
    (["--seed", "-5", "simulate"], "(random seed: 0 to 2**64 - 1)"),
    (["levels", "--players", "3"], "unrecognized arguments: --players 3; --players is an option of simulate "
                                   "(players per game: 1 to 5, or 6 to 8 with Hochhaus; rules §1.2)"),
    (["simulate", "--workers", "0"], "--workers must be from 1 to 8"),
    (["simulate", "--players", "two"], "argument --players: invalid int value: 'two'"),
    (["simulate", "--player", "clever"], "argument --player: invalid choice: 'clever'"),
    (["simulate", "--engine", "turbo"], "argument --engine: invalid choice: 'turbo'"),
    (["levels", "--games", "-1"], "error: --games must be from 1 to 1,000,000, not -1."),
    (["simulate", "--colour"], "unrecognized arguments: --colour"),
    (["fly"], "argument COMMAND: invalid choice: 'fly'"),
])
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(capsys, argv, words):
    assert main(argv + ["--no-progress"] if argv[0] not in ("fly", "--players", "--players=99", "--games", "--seed")
                else argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and words in err, err
    assert err.startswith("python -m paternoster") and "Traceback" not in err


def test_python_dash_m_runs_the_command_line():
    ok = subprocess.run([sys.executable, "-m", "paternoster", "simulate", "--games", "2", "--engine", "reference",
                         "--no-progress"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith("Normal, 2 players, simple player, 2 games (seed 0)")
    bad = subprocess.run([sys.executable, "-m", "paternoster", "simulate", "--players", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == ("python -m paternoster simulate: error: Standard Paternoster is for 1 to 5 players, "
                                  "not 0 (rules §1.2).")
    top = subprocess.run([sys.executable, "-m", "paternoster", "--players", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert top.returncode == 2 and top.stdout == "" and top.stderr.count("\n") == 1
    assert "1 to 5, or 6 to 8 with Hochhaus" in top.stderr and "simulate --players N" in top.stderr


def test_workers_option(capsys):
    assert main(["simulate", "--games", "30", "--workers", "2", "--no-progress"]) == 0
    assert "perfect" in capsys.readouterr().out
    assert main(["simulate", "--workers", "0"]) == 2
    assert "--workers must be from 1 to 8" in capsys.readouterr().err
