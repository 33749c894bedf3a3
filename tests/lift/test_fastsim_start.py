"""The fast simulation started from a given position agrees with the reference engine, game for game.

Positions are sampled from real games of every rule set (the simple player's moves mixed with random legal
ones), each played on from there — sometimes with a given first action (an option an evaluator measures) —
by :func:`paternoster.lift.fastsim_start.play_from` and again by :class:`Game` with :class:`SimplePlayer`.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from paternoster import STANDARD, Game, examples, make_rules
from paternoster.core.errors import RulesError
from paternoster.lift.actions import Signal
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.talking import TalkingTeam
from paternoster.lift.evaluation import hidden_cards, options, redeals, reference_values
from paternoster.lift.fastsim_start import fast_rest, option_values, play_from, reference_rest, unsupported

RULE_SETS = [((), 3), (("kurze-fahrt",), 3), (("kinderfahrt",), 3), (("grosse-hand",), 2),
             (("notruf-marken",), 3), (("weitergeben",), 3), (("weitergeben",), 2), (("kleine-hand",), 4),
             (("steil",), 3), (("zwei-kabinen",), 2), (("sanduhr",), 3), (("fahrgaeste",), 3), (("feuer",), 3),
             (("befehle",), 3), (("befehle-light",), 2), (("hochhaus",), 6),
             (("weitergeben", "notruf-marken", "feuer", "befehle"), 3), (("weitergeben", "fahrgaeste"), 4)]


def sampled_positions(rules, players, seed, count):
    """Up to ``count`` positions of real games that are not over (0–59 actions in)."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        g = Game.new(players, seed * 1000 + i, rules=rules)
        for _ in range(rnd.randrange(60)):
            if g.is_terminal():
                break
            g.apply_action(SimplePlayer().choose(g) if rnd.random() < 0.7 else rnd.choice(options(g)))
        if not g.is_terminal():
            out.append(g)
    return out


@pytest.mark.parametrize("keys, players", RULE_SETS, ids=lambda x: "+".join(x) if isinstance(x, tuple) else str(x))
def test_the_rest_of_sampled_positions_agrees(keys, players):
    rules = make_rules(*keys) if keys else STANDARD
    games = sampled_positions(rules, players, 7, 24)
    rnd = random.Random(1)
    first = [None if rnd.random() < 0.3 else rnd.choice(options(g)) for g in games]
    before = [g.to_position() for g in games]
    fast = fast_rest(games, first)
    ref = [reference_rest(g, f) for g, f in zip(games, first)]
    bad = [(i, f, r) for i, (f, r) in enumerate(zip(fast, ref)) if f != r]
    assert len(games) >= 10 and not bad, f"{len(bad)} of {len(games)} differ: {bad[:2]}"
    assert [g.to_position() for g in games] == before          # the games themselves are not changed
    assert len({r[0] for r in ref}) >= 2                       # not degenerate


@pytest.mark.parametrize("keys, players", [((), 3), (("weitergeben", "notruf-marken"), 2), (("fahrgaeste",), 3)])
def test_option_values_are_the_reference_engines(keys, players):
    rules = make_rules(*keys) if keys else STANDARD
    g = sampled_positions(rules, players, 3, 4)[1]
    pool, _ = hidden_cards(g, g.to_move)
    deals = redeals(len(pool), 12, 9)
    fast = option_values(g, g.to_move, options(g), deals)
    ref = reference_values(g, g.to_move, options(g), deals)
    assert (fast[0] == ref[0]).all() and (fast[1] == ref[1]).all()


def test_refusals():
    g = examples.anna_turn()
    with pytest.raises(ValueError, match="at least one game"):
        play_from([])
    with pytest.raises(ValueError, match="one rule set"):
        play_from([g, Game.new(3, 1, rules=make_rules("feuer"))])
    with pytest.raises(ValueError, match="talking team"):
        play_from([g], player="clever")
    assert unsupported(STANDARD, 3) is None and unsupported(STANDARD, 3, "talking") is None
    over = SimplePlayer().play_game(Game.new(2, 1))
    with pytest.raises(ValueError, match="not over"):
        play_from([over])
    assert isinstance(RulesError("x"), ValueError)


def test_a_batch_of_one_position_many_times_is_one_game_many_times():
    g = examples.anna_turn()
    b = play_from([g] * 5)
    assert len(set(b.remaining.tolist())) == 1 and b.remaining.dtype == np.int16


def talking_positions(rules, players, seed, count):
    """Positions of talking-team games (its signals included), 30 % of the moves random legal ones."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        g = Game.new(players, seed * 1000 + i, rules=rules)
        for _ in range(rnd.randrange(80)):
            if g.is_terminal():
                break
            a = TalkingTeam().choose(g)
            g.apply_action(rnd.choice(options(g)) if not isinstance(a, Signal) and rnd.random() < 0.3 else a)
        if not g.is_terminal():
            out.append(g)
    return out


@pytest.mark.parametrize("keys, players", [((), 3), ((), 2), (("liftfuehrer",), 3), (("befehle",), 3),
                                           (("fahrgaeste",), 3), (("weitergeben",), 3),
                                           (("feuer", "befehle", "fahrgaeste"), 4), (("liftfuehrer", "befehle"), 3)],
                         ids=lambda x: "+".join(x) if isinstance(x, tuple) else str(x))
def test_the_talking_team_from_sampled_positions_agrees(keys, players):
    """Mid-turn the signals on the table stand; before the first card of a turn the team talks first."""
    rules = make_rules(*keys) if keys else STANDARD
    games = talking_positions(rules, players, 5, 24)
    rnd = random.Random(3)
    first = [None if rnd.random() < 0.4 else rnd.choice(options(g)) for g in games]
    fast = fast_rest(games, first, "talking")
    ref = [reference_rest(g, f, "talking") for g, f in zip(games, first)]
    bad = [(i, f, r) for i, (f, r) in enumerate(zip(fast, ref)) if f != r]
    assert len(games) >= 10 and not bad, f"{len(bad)} of {len(games)} differ: {bad[:2]}"
    if not keys:
        assert any(g.signals for g in games) and any(g.played_this_turn for g in games)


def test_the_talking_teams_option_values_are_the_reference_engines():
    g = talking_positions(STANDARD, 3, 8, 6)[2]
    pool, _ = hidden_cards(g, g.to_move)
    deals = redeals(len(pool), 8, 1)
    fast = option_values(g, g.to_move, options(g), deals, "talking")
    ref = reference_values(g, g.to_move, options(g), deals, "talking")
    assert (fast[0] == ref[0]).all() and (fast[1] == ref[1]).all()
