"""Paskahousu's computer players, the simulation agreeing with PaskahousuGame game for game, several rounds
(Match), and the defects testers found in ranks, simulate and records.

Rule sources: Paskahousu rules §9, §10, §12; expectations written from the rule book, not copied from the
engine's output.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster import CardParseError, PositionError, RecordError, RulesError, full_deck, parse_card
from paternoster.paskahousu import (STANDARD_HOUSE_RULES, HeuristicPlayer, Match, PaskahousuGame, PickUp, PlayCards, RandomPlayer, TryYourLuck, acceptance,
                                    game_seed, play_game, replay_game, simulate, strength,
                                    wilson)
from paternoster.paskahousu.fastsim import fast_game, plan  # the lean loop under test
from paternoster.paskahousu import rule_ids as ids

c = parse_card
ANNA, BEN, CARLA, DAN = 0, 1, 2, 3
NAMES4 = ["Anna", "Ben", "Carla", "Dan"]
NAMES3 = ["Anna", "Ben", "Carla"]


def all_cards(g: PaskahousuGame) -> Counter:
    return Counter([x for h in g.hands for x in h] + g.draw_pile + g.pile + g.burned)



# --------------------------------------------------------------------------- computer players

@pytest.mark.parametrize("strategy", ["heuristic", "random"])
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_computer_players_only_choose_legal_actions(strategy, players):
    for i in range(4):
        g = PaskahousuGame.new(players, seed=100 + i, dealer=i % players)
        bots = [HeuristicPlayer() if strategy == "heuristic" else RandomPlayer([i, k]) for k in range(players)]
        while not g.is_terminal():
            a = bots[g.to_move].choose(g)
            assert a in g.legal_actions()
            g.apply_action(a, record_undo=False)
        assert all_cards(g) == Counter(full_deck(1))
        if g.result.outcome == "loser":
            assert [len(h) > 0 for h in g.hands].count(True) == 1 and g.hands[g.result.loser]


@pytest.mark.parametrize("hand,pile,draw,expected", [
    ("5♠ 5♥ 9♣ 2♦ 10♥", "4♠", "7♣", PlayCards("5♠ 5♥")),              # lowest legal rank, all copies
    ("2♦ 2♥ 3♣ 4♣ 5♣", "9♠", "7♣", TryYourLuck()),                     # keeps 2s while the draw pile lasts
    ("2♦ 2♥ 3♣ 4♣ 5♣", "9♠", "", PlayCards("2♦ 2♥")),                  # … uses them once it is gone
    ("10♥ 5♣ 6♣ 7♣ 8♣", "4♠ 5♥", "7♦", PlayCards("5♣")),              # small plain pile: no burn
    ("10♥ 7♣ 8♣ 9♣ 6♣", "3♠ 4♥ 4♠ 5♥ 6♥", "7♦", PlayCards("10♥")),    # tempting (5 cards): burn
    ("10♥ 7♣ 8♣ 9♣ 6♣", "7♠ Q♠ K♠ A♠ 6♥", "7♦", PlayCards("10♥")),    # tempting (high cards): burn
    ("10♥ 3♣ 3♦ 3♠ 8♣", "3♥", "7♦", PlayCards("3♦ 3♠ 3♣")),            # completes four of a kind: burn
    ("5♣ 6♣", "2♠", "", PickUp()),
])
def test_heuristic_policy(hand, pile, draw, expected):
    g = PaskahousuGame.from_position([hand, "K♦ K♥"], pile=pile, draw_pile=draw)
    assert HeuristicPlayer().choose(g) == expected


def test_random_player_is_reproducible():
    def run(seed):
        g = PaskahousuGame.new(3, seed=9)
        return play_game(g, [RandomPlayer([seed, k]) for k in range(3)]).actions
    assert run(1) == run(1)
    assert run(1) != run(2)


# --------------------------------------------------------------------------- simulation

AGREE = [("heuristic", 4), (["heuristic", "random", "random", "random"], 4), ("random", 3), ("heuristic", 6),
         (["random", "heuristic"], 2)]


@pytest.mark.parametrize("strategies,players", AGREE, ids=["h4", "h+3r", "r3", "h6", "r+h"])
def test_simulation_agrees_with_the_game_game_for_game(strategies, players):
    """The lean simulation loop and PaskahousuGame give the same loser after the same number of turns."""
    n = 120 if strategies != "random" else 60
    sim = simulate(players, n, seed=7, strategies=strategies)
    losses = [0] * players
    stalemates = 0
    for i in range(n):
        g = replay_game(7, i, players, strategies)
        assert g.result.turn == sim.turns[i], f"game {i}"
        if g.result.loser is None:
            stalemates += 1
        else:
            losses[g.result.loser] += 1
    assert tuple(losses) == sim.losses and stalemates == sim.stalemates


def test_simulation_agreement_loser_per_game():
    import numpy as np
    lean = plan(STANDARD_HOUSE_RULES)
    for i in range(200):
        gs = game_seed(5, i)
        kinds = [0, 1, 0, 1]
        rngs = [np.random.default_rng([gs, k]) if kinds[k] else None for k in range(4)]
        loser, turns, _ = fast_game(4, gs, i % 4, kinds, rngs, lean)
        g = replay_game(5, i, 4, ["heuristic", "random", "heuristic", "random"])
        assert (loser, turns) == (-1 if g.result.loser is None else g.result.loser, g.result.turn), f"game {i}"


def test_simulation_result_and_progress():
    calls = []

    class Bar:
        def __init__(self, total):
            calls.append(("total", total))

        def update(self, n):
            calls.append(("update", n))

        def close(self):
            calls.append(("close",))

    r = simulate(3, 230, seed=2, progress=Bar)
    assert calls[0] == ("total", 230) and calls[-1] == ("close",)
    assert sum(n for k, *n in calls if k == "update" for n in n) == 230
    assert sum(r.losses) + r.stalemates == r.games == 230 and len(r.turns) == 230
    rate, lo, hi = r.loss_rate(0)
    assert lo <= rate <= hi and rate == r.losses[0] / 230
    assert 0 <= r.stalemate_share()[0] <= 1 and r.mean_turns > 0 and r.games_per_second > 0
    assert "0x" not in repr(r) and "<table>" in r._repr_html_()
    with pytest.raises(ValueError, match="strateg"):
        simulate(3, 10, strategies=["heuristic"])
    with pytest.raises(ValueError, match="clever"):
        simulate(3, 10, strategies="clever")


@pytest.mark.parametrize("k,n,low,high", [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0)])
def test_wilson_interval_textbook_values(k, n, low, high):
    # Wilson score intervals for n = 10 (Newcombe 1998, method 3)
    share, lo, hi = wilson(k, n)
    assert share == k / n and lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_match_tallies_and_rotating_dealer():
    m = Match(3, seed=4, strategies=["heuristic", "random", "heuristic"], names=NAMES3)
    dealers = []
    for _ in range(5):
        dealers.append(m.dealer)
        m.play_round()
    assert dealers == [0, 1, 2, 0, 1]
    assert sum(m.tallies) + m.stalemates == 5 == len(m.results)
    assert [t for _, t in m.standings()] == sorted(m.tallies)
    assert set(m.leaders()) == {n for n, t in zip(NAMES3, m.tallies) if t == min(m.tallies)}
    with pytest.raises(ValueError):
        Match(3, strategies=None).play_round()


# --------------------------------------------------------------------------- tester's defects (ranks, simulate, records)

# suits do not matter in Paskahousu ('Rangfolge der Karten'): a rank alone is read like any card of it
@pytest.mark.parametrize("text,card", [("3", "3♦"), ("10", "10♠"), ("T", "10♥"), ("J", "J♣"), ("B", "J♦"),
                                       ("Q", "Q♠"), ("D", "Q♥"), ("K", "K♣"), ("A", "A♦"), ("2", "2♠"),
                                       (" k ", "K♦"), ("q", "Q♣")])
def test_strength_reads_rank_text_without_a_suit(text, card):
    assert strength(text) == strength(c(card))


def test_acceptance_takes_ranks_as_its_docstring_says():
    assert acceptance("K", "A") == acceptance("K♣", "A♠")
    assert acceptance("6", "J").rule == ids.FACE_CARD_ON_LOW and acceptance(None, "10").rule == ids.EMPTY_TABLE


@pytest.mark.parametrize("bad,words", [("X", ["not a rank or a card", "'K'", "'10♥'"]),
                                       ("11", ["not a rank or a card", "J or B"]),
                                       ("", ["not a rank or a card"]),
                                       ("Z♠", ["“Z” is not a rank"]),                # meant as a card: parse_card says why
                                       ("Dd", ["Dame", "D♦"])])
def test_strength_unreadable_text_says_rank_or_card(bad, words):
    with pytest.raises(CardParseError) as info:
        strength(bad)
    assert all(w in str(info.value) for w in words), str(info.value)
    assert "is not a suit" not in str(info.value)


@pytest.mark.parametrize("call,error,words", [
    (lambda: replay_game(0, 0, players=0), RulesError, "players"),
    (lambda: replay_game(0, -1, 3), ValueError, "i (the game's number"),
    (lambda: replay_game(0, "a", 3), ValueError, "i (the game's number"),
    (lambda: replay_game(0, 1.5, 3), ValueError, "whole number"),
    (lambda: replay_game(-2, 0, 3), ValueError, "seed"),
    (lambda: replay_game("s", 0, 3), ValueError, "seed"),
    (lambda: replay_game(0, 0, 3, rules="standard"), RulesError, "HouseRules"),
    (lambda: simulate(0, 5), RulesError, "players"),
    (lambda: simulate(3, 5, seed=-1), ValueError, "seed"),
])
def test_replay_game_checks_its_arguments_like_simulate(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)


@pytest.mark.parametrize("progress", [True, 1, "tqdm"])
def test_simulate_progress_must_be_a_tqdm_like_class(progress):
    with pytest.raises(TypeError, match="progress takes a tqdm-like class such as tqdm.auto.tqdm, or None"):
        simulate(3, games=20, progress=progress)


def test_simulate_progress_false_means_no_bar():
    assert simulate(3, games=5, seed=1, progress=False).losses == simulate(3, games=5, seed=1).losses


def test_simulate_takes_a_heuristic_player_object_as_its_name():
    by_object = simulate(2, games=30, seed=5, strategies=[HeuristicPlayer(), "random"])
    by_name = simulate(2, games=30, seed=5, strategies=["heuristic", "random"])
    assert (by_object.losses, by_object.turns.tolist(), by_object.strategies) == \
        (by_name.losses, by_name.turns.tolist(), by_name.strategies)
    assert simulate(2, games=3, strategies=HeuristicPlayer()).strategies == ("heuristic", "heuristic")
    # the object is played exactly: replaying game 3 with it gives the simulation's loser
    g = replay_game(5, 3, 2, strategies=[HeuristicPlayer(), "random"])
    assert g.result.turn == int(by_name.turns[3])


class _Own:
    def choose(self, game):
        return game.legal_actions()[0]


@pytest.mark.parametrize("player,words", [(RandomPlayer(3), ["'random'", "seed cannot be honoured"]),
                                          (_Own(), ["strategy names", "'heuristic'", "play_game"])])
def test_simulate_refuses_player_objects_it_cannot_reproduce(player, words):
    with pytest.raises(ValueError) as info:
        simulate(2, games=3, strategies=[player, "heuristic"])
    assert all(w in str(info.value) for w in words), str(info.value)
    assert "seat 1" in str(info.value)


def _position_record():
    g = PaskahousuGame.from_position(["9♦ 5♥", "5♠ 6♠"], pile="4♣", draw_pile="7♥")
    g.play("5♥")
    return g.to_record()


@pytest.mark.parametrize("lose,named", [(lambda b: b.clear(), "46 cards"),
                                        (lambda b: b.remove("K♣"), "K♣")])
def test_record_position_missing_cards_is_refused_naming_them(lose, named):
    rec = _position_record()
    lose(rec["start"]["position"]["burned"])
    with pytest.raises(RecordError) as info:
        PaskahousuGame.from_record(rec)
    assert named in str(info.value) and "52" in str(info.value) and "burned" in str(info.value)


def test_record_from_position_keeps_all_52_cards():
    again = PaskahousuGame.from_record(_position_record())
    assert sorted(all_cards(again).elements()) == sorted(full_deck(1))


def test_record_without_rules_names_the_field_once():
    rec = _position_record()
    del rec["rules"]
    with pytest.raises(RecordError) as info:
        PaskahousuGame.from_record(rec)
    assert str(info.value).count("'rules'") == 1


def test_the_opening_sentence_names_a_tie_and_the_rule_that_breaks_it():
    # Seed 24, dealer Player 1: Player 1 and Player 4 hold one 5 each and nobody a 3 or 4;
    # clockwise from the dealer's left Player 4 comes before the dealer.
    g = PaskahousuGame.new(players=4, seed=24)
    assert [sum(c.rank == 5 for c in h) for h in g.hands] == [1, 0, 0, 1]
    assert g.log[0].startswith("Player 4 and Player 1 hold the most 5s (1 each); Player 4 comes first clockwise "
                               "from the dealer's left")
    no_tie = PaskahousuGame.new(players=4, seed=9)
    assert "each" not in no_tie.log[0] and no_tie.log[0].startswith("Player 4 holds the most 4s (1)")


@pytest.mark.parametrize("hands, pile", [
    (["3♦", "", "4♠ 5♠"], "8♥"),                                      # seat 1 already out
    ([" ".join(c.label("en") for c in full_deck(1)), ""], ""),        # one player holds every card: over at once
])
def test_a_position_with_a_player_out_replays_from_its_record(hands, pile):
    g = PaskahousuGame.from_position(hands, pile=pile)
    assert PaskahousuGame.from_record(g.to_json()) == g


def test_an_opening_without_cards_is_a_position_error():
    with pytest.raises(PositionError, match="nobody holds a card"):
        PaskahousuGame.from_position(["", ""], draw_pile="3♣", opening=True)
