"""The fast talking team agrees with TalkingTeam on the reference engine, game for game.

The reference engine plays only some talking games per second, so each rule set is checked on a few
games from its start and on the games (of its first few hundred) where talking changed the result
for the fast kernel — the games that show whether the signals and the listening are the same.
benchmarks/check_talking_agreement.py checks hundreds of games per level the long way.
"""

from __future__ import annotations

import numpy as np
import pytest

from paternoster import STANDARD, make_rules
from paternoster.lift import fastsim
from paternoster.lift.agreement import differences
from paternoster.lift.fastsim import run
from paternoster.lift.levels import LEVELS
from paternoster.lift.variants import preset

FIRST = 2        # games from the start of each rule set
CHANGED = 4      # games where talking changed the fast kernel's result
SCAN = 300       # ... looked for among this many games


def _agree(rules, players, seed):
    talk = run(rules, players, seed, 0, SCAN, player="talking")
    silent = run(rules, players, seed, 0, SCAN)
    changed = np.nonzero((talk.remaining != silent.remaining) | (talk.turns != silent.turns))[0]
    games = sorted(set(range(FIRST)) | set(changed[:CHANGED].tolist()))
    bad = differences(rules, players, seed, 0, SCAN, player="talking", only=games)
    assert not bad, f"{len(bad)} games of seed {seed} differ; first (game, fast, reference): {bad[0]}"
    return len(changed)


@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.name)
def test_every_level_agrees_with_the_talking_team(lv):
    changed = _agree(lv.rules, lv.players, 100 + LEVELS.index(lv))
    assert changed > 0, "talking changed no game: the sample says nothing about the signals"


@pytest.mark.parametrize("rules, players", [
    (preset("Liftführer"), 2), (preset("Liftführer"), 3), (make_rules("liftfuehrer", "befehle"), 3),
    (make_rules("befehle"), 3), (make_rules("liftfuehrer", "fahrgaeste", "feuer"), 2),
    (make_rules("befehle-light", "fahrgaeste", "feuer", tokens=2), 3), (STANDARD, 4),
], ids=lambda x: getattr(x, "name", str(x)))
def test_talking_variants_and_player_counts_agree(rules, players):
    _agree(rules, players, 7)


@pytest.mark.parametrize("rules, players", [(preset("Stille Fahrt"), 2), (STANDARD, 1)])
def test_nobody_talks_under_stille_fahrt_or_alone(rules, players):
    talk = run(rules, players, 3, 0, 200, player="talking")
    silent = run(rules, players, 3, 0, 200)
    for f in ("remaining", "outcome", "reason", "turns"):
        assert np.array_equal(getattr(talk, f), getattr(silent, f))


def test_talking_changes_games_on_the_standard_rules():
    talk = run(STANDARD, 2, 0, 0, 500, player="talking")
    silent = run(STANDARD, 2, 0, 0, 500)
    assert (talk.remaining != silent.remaining).sum() > 20


def test_an_unknown_player_is_refused():
    with pytest.raises(ValueError, match="player must be one of 'simple', 'talking'"):
        run(STANDARD, 2, 0, 0, 5, player="chatty")


@pytest.mark.parametrize("player", ["simple", "talking"])
def test_blocks_change_no_result(monkeypatch, player):
    whole = run(preset("Befehle"), 2, 5, 3, 230, player=player)      # one block
    monkeypatch.setattr(fastsim, "BLOCK", 50)
    parts = run(preset("Befehle"), 2, 5, 3, 230, player=player)
    for f in ("remaining", "outcome", "reason", "turns"):
        assert np.array_equal(getattr(whole, f), getattr(parts, f))


def test_the_worker_pool_is_reused_and_gives_the_same_games(monkeypatch):
    if fastsim.parallel_workers(2) < 2:
        pytest.skip("no fork on this system: workers run in one process")
    monkeypatch.setattr(fastsim, "PARALLEL_MIN", 100)
    one = run(STANDARD, 2, 9, 0, 300, player="talking")
    two = run(STANDARD, 2, 9, 0, 300, workers=2, player="talking")
    pool = fastsim._POOLS[2]
    again = run(STANDARD, 2, 9, 0, 300, workers=2, player="talking")
    assert fastsim._POOLS[2] is pool
    for f in ("remaining", "outcome", "reason", "turns"):
        assert np.array_equal(getattr(one, f), getattr(two, f)) and np.array_equal(getattr(one, f), getattr(again, f))
