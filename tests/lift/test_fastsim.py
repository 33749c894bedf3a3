"""The vectorised simulation agrees with the reference engine, game for game.

For every difficulty level (and the rule sets of the rule book's claims) a sample of the
simulated games is replayed one by one with :class:`Game` and :class:`SimplePlayer`
(:func:`paternoster.lift.agreement.differences`): same deal, and the same remaining cards, outcome,
reason and final turn in every game.  benchmarks/check_fastsim_agreement.py is the long version.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from paternoster import STANDARD, Game, make_rules
from paternoster.lift.agreement import differences
from paternoster.lift.fastsim import run, unsupported
from paternoster.lift.fastsim_tables import rule_tables
from paternoster.lift.game import deal_orders
from paternoster.lift.levels import LEVELS
from paternoster.lift.variants import preset

#: Games per level, replayed on the reference engine: enough to see every way a game ends at each level
#: (benchmarks/check_fastsim_agreement.py replays 200 per level, the long way).
LEVEL_GAMES = 40
CLAIM_GAMES = 20      # per extra rule set of the claims


def _agree(rules, players, seed, games, first=0):
    bad = differences(rules, players, seed, first, games)
    assert not bad, f"{len(bad)} of {games} games differ; first (game, fast, reference): {bad[0]}"
    return run(rules, players, seed, first, games)


@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.name)
def test_every_level_agrees_with_the_reference_engine(lv):
    seed = 100 + LEVELS.index(lv)
    fast = _agree(lv.rules, lv.players, seed, LEVEL_GAMES)
    # the sample is not degenerate: games end with different numbers of cards left
    assert len(set(fast.remaining.tolist())) > 1 or lv.name in ("Kurze Fahrt", "Kinderfahrt", "Zwei Kabinen")


@pytest.mark.parametrize("rules, players", [
    *[(make_rules("notruf-marken", tokens=k), 2) for k in (1, 2, 3, 4)],
    (STANDARD, 1), (STANDARD, 3), (STANDARD, 4), (STANDARD, 5),
    (preset("Hochhaus 4"), 8), (preset("Hochhaus 5"), 7),
    (make_rules("feuer", "befehle"), 3), (make_rules("fahrgaeste", "feuer", tokens=2), 2),
    (make_rules("befehle", tokens=3), 2), (preset("Fahrgäste 5"), 2), (make_rules("kinderfahrt", "feuer"), 2),
    (make_rules("kinderfahrt", "befehle"), 2), (make_rules("kurze-fahrt", "befehle-light", "steil"), 3),
    (make_rules("stille-fahrt"), 2), (make_rules("sanduhr", "liftfuehrer"), 3),
], ids=lambda x: getattr(x, "name", str(x)))
def test_claims_and_combinations_agree(rules, players):
    _agree(rules, players, 7, CLAIM_GAMES, first=1000)


@pytest.mark.parametrize("setbacks", [0, 2, 3])
@pytest.mark.parametrize("rules", [STANDARD, make_rules("notruf-marken", tokens=2), make_rules("befehle", "feuer")],
                         ids=lambda r: r.name)
def test_any_number_of_setbacks_per_turn_agrees(rules, setbacks):
    """``Rules.setbacks_per_turn`` is a count in the loop too (rules §4.5; a big setback is one of them)."""
    counted = replace(rules, setbacks_per_turn=setbacks)
    assert unsupported(counted, 2) is None
    _agree(counted, 2, 17, CLAIM_GAMES // 2)


def test_the_deal_is_game_new_with_game_index():
    rules = preset("Hochhaus 4")
    order = deal_orders(3, rules.cards, 40, 2)
    g = Game.new(6, 3, rules=rules, game=41)
    deck = order[1] // rules.decks
    assert [c.rung for c in g.hands[0]] == deck[0:24:6].tolist()
    assert [c.rung for c in g.draw_pile] == deck[24:].tolist()


def test_a_batch_is_independent_of_where_it_starts():
    whole = run(STANDARD, 2, 11, 0, 30)
    part = run(STANDARD, 2, 11, 20, 10)
    for f in ("remaining", "outcome", "reason", "turns"):
        assert np.array_equal(getattr(whole, f)[20:], getattr(part, f))


def test_results_are_the_engines_result_fields():
    b = run(STANDARD, 2, 5, 0, 50)
    assert b.remaining.dtype == np.int16 and b.outcome.dtype == np.int8
    assert set(b.outcome.tolist()) <= {0, 1} and (b.reason == 0).all()
    assert ((b.remaining == 0) == (b.outcome == 0)).all()
    assert len(run(STANDARD, 2, 5, 0, 0).remaining) == 0


@pytest.mark.parametrize("keys, players", [(("weitergeben",), 2), (("weitergeben",), 3),
                                           (("weitergeben", "notruf-marken"), 4),
                                           (("weitergeben", "feuer", "befehle"), 3)])
@pytest.mark.parametrize("player", ["simple", "talking"])
def test_passing_agrees_with_the_reference_engine(keys, players, player):
    rules = make_rules(*keys)
    assert unsupported(rules, players) is None
    assert differences(rules, players, seed=11, first=0, games=30, player=player) == []


def test_every_rule_set_is_played():
    assert unsupported(STANDARD, 2) is None and all(unsupported(lv.rules, lv.players) is None for lv in LEVELS)


@pytest.mark.parametrize("same_suit, ranks", [(False, ()), (True, ()), (False, (11, 12)), (False, (11, 12, 13)),
                                              (True, (11, 12, 13))])
def test_the_arithmetic_is_checked_against_placement(same_suit, ranks):
    """rule_tables raises if the loop's arithmetic ever disagrees with ladder.placement/command_block."""
    q = rule_tables(same_suit, ranks)
    # Sperre (black Jack on top) forbids setbacks; Engpass (black Queen) narrows a down pile to J and Q.
    if 11 in ranks:
        assert not q.sbok[0, 42] and q.sbok[0, 40]
    if 12 in ranks:
        assert q.dmax[1, 46] == 46 - 40
    assert q.follow[0, 4] == (-1 if same_suit else 0)


def test_worker_processes_give_the_same_games():
    from paternoster.lift.fastsim import PARALLEL_MIN, parallel_workers

    one = run(STANDARD, 2, 21, 5, PARALLEL_MIN)
    two = run(STANDARD, 2, 21, 5, PARALLEL_MIN, workers=2)
    for f in ("remaining", "outcome", "reason", "turns"):
        assert np.array_equal(getattr(one, f), getattr(two, f))
    assert parallel_workers(1) == 1 and parallel_workers(None) >= 1


def test_worker_processes_keep_none_of_the_callers_open_files():
    """A forked worker kept a copy of every pipe its caller had open, so a caller waiting for a
    pipe to close (Playwright's driver at the end of the browser tests) waited for ever."""
    import os
    import select

    from paternoster.lift.fastsim import PARALLEL_MIN, close_pools

    close_pools()
    read_end, write_end = os.pipe()
    try:
        run(STANDARD, 2, 3, 0, PARALLEL_MIN, workers=2)   # starts the pool while the pipe is open
        os.close(write_end)
        write_end = -1
        ready, _, _ = select.select([read_end], [], [], 30)
        assert ready and os.read(read_end, 1) == b"", "a worker process still holds the pipe open"
    finally:
        close_pools()
        os.close(read_end)
        if write_end != -1:
            os.close(write_end)
