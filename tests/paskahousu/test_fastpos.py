"""The position loop (paternoster/paskahousu/fastpos.py, fastrun.py) against PaskahousuGame with the kit's players,
game for game: whole simulated games under Pöytäpaska and Valepaska (alone and with other switches), and games
started from positions sampled out of reference games — same loser, same turns, same end state."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from paternoster.paskahousu import HeuristicPlayer, PaskahousuGame, RandomPlayer, simulate
from paternoster.paskahousu.evaluation import coach_options, evaluate
from paternoster.paskahousu.fastpos import HEURISTIC, RANDOM
from paternoster.paskahousu.fastrun import bot_seeds, fast_option, from_game, position_game
from paternoster.paskahousu.knowledge import knowledge
from paternoster.paskahousu.reference import game_seed, play_game, players_for, replay_game
from paternoster.paskahousu.rules import house_rules

#: Rule sets the count loop does not play, alone and with other switches: (names, players).
POSITION_RULES = [("Pöytäpaska", 2), ("Pöytäpaska", 3), ("Valepaska", 2), ("Valepaska", 4), ("Valepaska", 6),
                  ("Pöytäpaska, Nur Schwarze zählen", 3), ("Pöytäpaska, Fester Anfang, Sechs Karten", 3),
                  ("Pöytäpaska, 10 und Ass auf dem leeren Tisch (A nochmal)", 2),
                  ("Pöytäpaska, Bildkarten erst später (nur auf 9), Nur einzeln", 3),
                  ("Valepaska, Nur einzeln", 3), ("Valepaska, Bildkarten erst später (nur auf 9)", 4),
                  ("Valepaska, 10 und Ass auf dem leeren Tisch (B), Fester Anfang", 4),
                  ("Valepaska, Leerer Tisch (auch Bildkarten)", 3), ("Valepaska, Ruotsalainen", 3),
                  ("Valepaska, Zwei Blätter", 6)]
IDS = [f"{n}-{p}" for n, p in POSITION_RULES]


def _end(g: PaskahousuGame) -> tuple[list[list[int]], list[int], int]:
    k = len(g.play_limits)
    counts = [[0] * k for _ in g.hands]
    for p, hand in enumerate(g.hands):
        for card in hand:
            counts[p][g.kind(card)] += 1
    return counts, [g.kind(c) for c in g.pile], len(g.draw_pile)


@pytest.mark.parametrize("name,players", POSITION_RULES, ids=IDS)
def test_whole_games_agree_with_the_reference_game(name, players):
    """Heuristic players, and a heuristic player among random ones: loser, turns, opener and the end state (every
    hand, the discard pile, the draw pile) are the game's, game for game."""
    rules = house_rules(name, players=players)
    few = players >= 6  # six-player games are long on the reference side
    for strategies, games in ((["heuristic"] * players, 5 if few else 12),
                              (["heuristic"] + ["random"] * (players - 1), 3 if few else 8)):
        kinds = [HEURISTIC if s == "heuristic" else RANDOM for s in strategies]
        for i in range(games):
            gs = game_seed(5, i)
            final: list = []
            fast = position_game(players, gs, i % players, kinds, rules, final)
            g = replay_game(5, i, players, strategies, rules=rules)
            opener = PaskahousuGame.new(players, gs, rules=rules, dealer=i % players).to_move
            assert fast == (-1 if g.result.loser is None else g.result.loser, g.result.turn, opener), (strategies, i)
            assert (final[0], final[1], final[2]) == _end(g), (strategies, i)


def _positions(rules, players: int, games: int, every: int):
    """Positions sampled from reference games of heuristic players: every ``every``-th action."""
    for i in range(games):
        g = PaskahousuGame.new(players, game_seed(9, i), rules=rules, dealer=i % players)
        bots = [HeuristicPlayer(s) for s in bot_seeds(9, i, players)]
        while not g.is_terminal():
            if len(g.actions) % every == every - 1:
                yield g
            g.apply_action(bots[g.to_move].choose(g), record_undo=False)


@pytest.mark.parametrize("name,players", POSITION_RULES[:10], ids=IDS[:10])
def test_games_started_from_a_position_agree_with_the_reference_game(name, players):
    """From positions in the middle of games (check windows, face-up and face-down phases included), every
    option of the player to move played out by seeded heuristic players: the same loser after the same turns."""
    rules = house_rules(name, players=players)
    checked = 0
    for g in itertools.islice(_positions(rules, players, 3, 7), 10):
        for seat in range(players):  # what a seat follows into another hand is there (knowledge reads no hand)
            know = knowledge(g, seat)
            for p in range(players):
                assert not Counter(know.known[p]) - Counter(g.hands[p])
        for j, action in enumerate(g.legal_actions()[:6]):
            seeds = bot_seeds(3, j, players)
            ref = g.rearranged(g.hands, g.draw_pile, g.pile, g.burned, g.face_down)
            ref.apply_action(action, record_undo=False)
            play_game(ref, [HeuristicPlayer(s) for s in seeds])
            p = from_game(g)
            p.rngs = [np.random.default_rng(s) for s in seeds]
            p.apply(fast_option(g, action))
            loser = p.play_out()
            assert (loser, p.turn - 1) == (-1 if ref.result.loser is None else ref.result.loser, ref.result.turn)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("name,players", [("Standard", 4), ("Pöytäpaska", 3), ("Valepaska", 4),
                                          ("Valepaska, Nur einzeln", 3), ("Sechs Karten, Fester Anfang", 3)])
def test_the_evaluator_gives_the_same_answer_on_both_engines(name, players):
    rules = house_rules([] if name == "Standard" else name, players=players)
    for g in itertools.islice(_positions(rules, players, 2, 19), 3):  # evaluated while its game is paused
        seat = g.to_move
        a = evaluate(g, seat, rollouts=12, seed=4)
        b = evaluate(g, seat, rollouts=12, seed=4, engine="reference")
        assert a == b
        assert len(a.options) == len(coach_options(g))


def test_simulate_plays_valepaska_and_poytapaska_on_the_position_loop():
    r = simulate(3, 30, seed=2, rules=house_rules("Pöytäpaska", players=3))
    assert r.engine == "fast" and sum(r.losses) + r.stalemates == 30
    assert r.losses == simulate(3, 30, seed=2, rules=house_rules("Pöytäpaska", players=3)).losses


def test_a_random_player_draws_like_the_reference_one():
    """A random player's generator in the loop is RandomPlayer's (players_for): the same choices."""
    rules = house_rules("Valepaska", players=3)
    gs = game_seed(1, 0)
    assert isinstance(players_for(["random"] * 3, gs)[1], RandomPlayer)
    fast = position_game(3, gs, 0, [RANDOM] * 3, rules)
    g = replay_game(1, 0, 3, "random", rules=rules)
    assert fast[:2] == (-1 if g.result.loser is None else g.result.loser, g.result.turn)
