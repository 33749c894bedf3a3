"""Golden Paskahousu playthroughs: whole games played by the computer players, stored as records with
their result and every log sentence, must come out identical.

Each file in ``tests/paskahousu/golden/`` holds ``{"game": [seed, i, players, strategies], "record": …,
"result": …, "log": […]}``: game ``i`` of ``simulate(players, seed=seed, strategies=…)`` as
:func:`paternoster.paskahousu.replay_game` plays it.  A change to the rules, the computer players, the
deal or a log sentence shows here as the first differing action or sentence.  When a change is meant,
write the files again from the repository root::

    .venv/bin/python tests/paskahousu/test_paskahousu_playthrough.py --write
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from paternoster.paskahousu import PaskahousuGame, replay_game

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"

#: (file name, seed, game index, players, strategies)
GOLDEN = [
    ("heuristic_4p_seed7_game0.json", 7, 0, 4, "heuristic"),
    ("random_3p_seed11_game2.json", 11, 2, 3, "random"),
    ("mixed_5p_seed3_game1.json", 3, 1, 5, ["heuristic", "random", "heuristic", "random", "heuristic"]),
    ("heuristic_2p_seed2026_game4.json", 2026, 4, 2, "heuristic"),
]


def result_dict(game: PaskahousuGame) -> dict:
    assert game.result is not None
    return json.loads(json.dumps(dataclasses.asdict(game.result), default=str))


def play(seed: int, i: int, players: int, strategies) -> PaskahousuGame:
    return replay_game(seed, i, players, strategies)


def load(name: str) -> dict:
    return json.loads((GOLDEN_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, seed, i, players, strategies", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_the_computer_players_play_the_golden_game_again(name, seed, i, players, strategies):
    golden = load(name)
    assert golden["game"] == [seed, i, players, strategies]
    game = play(seed, i, players, strategies)
    actions = game.to_record()["actions"]
    first_diff = next((k for k, (a, b) in enumerate(zip(actions, golden["record"]["actions"])) if a != b), None)
    assert first_diff is None, (f"{name}: action {first_diff + 1} is now {actions[first_diff]}, "
                                f"the golden game has {golden['record']['actions'][first_diff]}")
    assert game.to_record() == golden["record"]
    assert result_dict(game) == golden["result"]
    assert game.log == golden["log"]


@pytest.mark.parametrize("name", [g[0] for g in GOLDEN])
def test_the_golden_record_replays_to_its_result_and_log(name):
    golden = load(name)
    game = PaskahousuGame.from_record(golden["record"])
    assert game.is_terminal() and result_dict(game) == golden["result"]
    assert game.log == golden["log"]
    assert game.to_record() == golden["record"]


def write() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, seed, i, players, strategies in GOLDEN:
        game = play(seed, i, players, strategies)
        data = {"game": [seed, i, players, strategies], "record": game.to_record(), "result": result_dict(game),
                "log": game.log}
        (GOLDEN_DIR / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {name}: {len(game.actions)} actions, {result_dict(game)}")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write()
