"""Golden playthroughs: the simple computer player's whole games, stored and replayed.

Each file in ``tests/lift/golden/`` is a game record (``paternoster.load_record`` reads it) of a
seeded game that :class:`paternoster.lift.bots.SimplePlayer` played in every seat, plus its
``result``.  The test deals the same game again (the record's seed, rules, players and
names), lets the simple player play it, and asks for exactly the stored actions and
result — a regression guard for the player's policy (rules §16): any change to a
cost, a tie-break or a choice shows up here as the first action that differs.

The games (:data:`GOLDEN`):

* ``simple_normal_seed2026.json`` — Normal, 2 players (Anna, Ben), seed 2026: lesson 4's
  whole game (twins, setbacks, jumps with setback, extra cards; stuck with 9 remaining cards);
* ``simple_feuer_seed10.json`` — Feuer, 2 players, seed 10: burning cards covered three
  times, then a fire loss;
* ``simple_notruf-marken-2_seed5.json`` — Notruf-Marken 2, 2 players, seed 5: one emergency
  token ends a turn, one token pays for a big setback.

To (re)write the files — only after a deliberate change of the policy, reviewing the diff —
run from the repository root::

    .venv/bin/python tests/lift/test_playthrough.py --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from paternoster import Game, preset, replay
from paternoster.lift.bots import SimplePlayer, play_with_reasons
from paternoster.lift.rules import Rules
from paternoster.lift.actions import BIG_SETBACK_TYPE

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"

#: (file name, preset, seed): 2 players named Anna and Ben, Anna first.
GOLDEN = [
    ("simple_normal_seed2026.json", "Normal", 2026),
    ("simple_feuer_seed10.json", "Feuer", 10),
    ("simple_notruf-marken-2_seed5.json", "Notruf-Marken 2", 5),
]
NAMES = ["Anna", "Ben"]


def result_dict(game: Game) -> dict:
    """The game's :class:`~paternoster.lift.game.Result` as JSON-ready data (cards as text)."""
    r = dataclasses.asdict(game.result)
    r["hands"] = list(r["hands"])
    r["card"] = None if game.result.card is None else str(game.result.card)
    return r


def dumps(record: dict) -> str:
    """JSON with one action per line, so a changed policy shows as a readable diff."""
    head = {k: v for k, v in record.items() if k != "actions"}
    lines = [json.dumps(a, ensure_ascii=False) for a in record["actions"]]
    text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return text + ',\n "actions": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def deal_again(golden: dict) -> Game:
    """A fresh game with the golden record's seed, rules, players, names and first seat."""
    start = golden["start"]
    return Game.new(golden["players"], start["seed"], rules=Rules.from_dict(golden["rules"]),
                    first=start.get("first", 0), names=golden["names"], game=start.get("game"))


def load(name: str) -> dict:
    return json.loads((GOLDEN_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, preset_name, seed", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_simple_player_replays_the_golden_game(name, preset_name, seed):
    golden = load(name)
    assert golden["start"] == {"seed": seed, "first": 0} and golden["names"] == NAMES
    assert golden["rules"] == preset(preset_name).to_dict(), f"{name}: stored rules are not {preset_name}'s"

    game = SimplePlayer().play_game(deal_again(golden))
    actions = game.to_record()["actions"]
    first_diff = next((i for i, (a, b) in enumerate(zip(actions, golden["actions"])) if a != b), None)
    assert first_diff is None, (f"{name}: action {first_diff + 1} is now {actions[first_diff]}, "
                                f"the golden game has {golden['actions'][first_diff]}")
    assert len(actions) == len(golden["actions"])
    assert result_dict(game) == golden["result"]


@pytest.mark.parametrize("name", [g[0] for g in GOLDEN])
def test_golden_record_replays_to_its_result(name):
    """The stored record itself still replays (paternoster.replay) to the stored result, and
    the reasons of play_with_reasons go with exactly the same actions."""
    golden = load(name)
    game = replay(golden)
    assert game.is_terminal() and result_dict(game) == golden["result"]
    steps = play_with_reasons(deal_again(golden))
    assert [a for a, _ in steps] == game.actions
    assert all(isinstance(why, str) and why.endswith(".") for _, why in steps)


def test_the_lessons_game_is_the_first_golden_game():
    """Lesson 4 plays Normal, 2 players, seed 2026 — stuck in turn 39 with 4 + 5 = 9 remaining cards."""
    golden = load("simple_normal_seed2026.json")
    assert len(golden["actions"]) == 133
    assert golden["result"] == {"outcome": "stuck", "remaining": 9, "hands": [4, 5], "draw_pile": 0,
                                "turn": 39, "player": 0, "reason": None, "card": None}
    assert golden["actions"][:3] == [{"type": "play", "card": "2♠", "pile": 0},
                                     {"type": "play", "card": "3♦", "pile": 0}, {"type": "end"}]


def test_the_variant_games_show_what_they_are_kept_for():
    fire = replay(load("simple_feuer_seed10.json"))
    assert (fire.result.outcome, fire.result.reason) == ("lost", "fire")
    tokens = load("simple_notruf-marken-2_seed5.json")["actions"]
    assert sum(a == {"type": "end", "token": True} for a in tokens) == 1
    assert sum(a["type"] == BIG_SETBACK_TYPE for a in tokens) == 1


def write() -> None:
    """Play every golden game with the simple player and write its file."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, preset_name, seed in GOLDEN:
        game = SimplePlayer().play_game(Game.new(2, seed, rules=preset(preset_name), names=NAMES))
        record = game.to_record()
        record["result"] = result_dict(game)
        (GOLDEN_DIR / name).write_text(dumps(record), encoding="utf-8")
        print(f"{name}: {len(record['actions'])} actions, {game.result}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    write()
