"""Paskahousu's simulation under house rules (Paskahousu rules §11, §12.2): the lean loop agrees with
PaskahousuGame game for game under every switch and some combinations; seeded determinism; the
comparison of lesson 11; the command line ``python -m paternoster paskahousu simulate``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from paternoster.cli import main as kit_main
from paternoster.core.errors import RulesError
from paternoster.paskahousu import (HeuristicPlayer, HouseRules, PaskahousuGame, PickUp, RandomPlayer, TryYourLuck, game_seed,
                                    replay_game, simulate)
from paternoster.paskahousu.cli import main
from paternoster.paskahousu.compare import compare_house_rules
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules
from paternoster.paskahousu.fastsim import fast_game, fast_loop_plays, plan  # the lean loop under test

ROOT = Path(__file__).resolve().parents[2]


def every_option() -> list[tuple[str, int]]:
    """Every switch and option of the catalogue by name, with a player count it allows (4 where it can)."""
    out = []
    for sw in HOUSE_RULE_SWITCHES:
        lo, hi = sw.players
        players = 4 if lo <= 4 <= hi else (3 if hi < 4 else lo)
        labels = [label for label, _ in sw.options]
        out.append((sw.name, players))
        out += [(f"{sw.name} ({label})", players) for label in labels[1:]]
    return out


OPTIONS = every_option()


def random_combinations(k: int, seed: int = 3) -> list[tuple[str, int]]:
    """``k`` random combinations of two or three switches that go together, 4 players."""
    rng = random.Random(seed)
    names = [n for n, p in OPTIONS if p == 4]
    out: list[tuple[str, int]] = []
    while len(out) < k:
        pick = rng.sample(names, rng.choice((2, 3)))
        if len({n.split(" (")[0] for n in pick}) < len(pick):
            continue
        try:
            house_rules(pick, players=4)
        except RulesError:
            continue
        out.append((", ".join(pick), 4))
    return out


COMBOS = random_combinations(6)


def _outcome(g) -> tuple[int, int]:
    return (-1 if g.result.loser is None else g.result.loser), g.result.turn


# --------------------------------------------------------------------------- agreement, game for game

def _end_state(g: PaskahousuGame) -> tuple[list[list[int]], list[int], int]:
    """The reference game's end: each hand as counts per kind, the discard pile's kinds, the draw pile's size."""
    k = len(g.play_limits)
    counts = [[0] * k for _ in g.hands]
    for p, hand in enumerate(g.hands):
        for card in hand:
            counts[p][g.kind(card)] += 1
    return counts, [g.kind(card) for card in g.pile], len(g.draw_pile)


#: Games compared per rule set: (strategies, games, seed). The count loop's rule sets get more games than the
#: position loop's (Pöytäpaska, Valepaska: their reference games are long; tests/paskahousu/test_fastpos.py
#: checks the position loop on more games and positions). test_a_lean_loop_that_drops_a_switch_is_caught shows these counts still catch a
#: loop that ignores any one switch or option.
FAST_GAMES = (("heuristic", 40, 11), ("mixed", 20, 12))
REFERENCE_GAMES = (("heuristic", 8, 11), ("mixed", 4, 12))


def _disagreements(name: str, players: int, rules, lean) -> list[str]:
    """Where simulate / the lean loop (with the plan ``lean``) and PaskahousuGame with the kit's players differ,
    game for game: turns, loser, opener, end state; per-seat losses and the engine used."""
    out: list[str] = []
    for strategies, n, seed in (FAST_GAMES if fast_loop_plays(rules) else REFERENCE_GAMES):
        if strategies == "mixed":
            strategies = ["heuristic"] + ["random"] * (players - 1)
        sim = simulate(players, n, seed=seed, strategies=strategies, rules=rules)
        kinds = [0] * players if strategies == "heuristic" else [0] + [1] * (players - 1)
        losses = [0] * players
        for i in range(n):
            g = replay_game(seed, i, players, strategies, rules=rules)
            loser, turns = _outcome(g)
            if turns != sim.turns[i]:
                out.append(f"{name}, {strategies}, game {i}: turns")
            if loser >= 0:
                losses[loser] += 1
            if lean is None:
                continue
            gs = game_seed(seed, i)
            rngs = [np.random.default_rng([gs, k]) if kinds[k] else None for k in range(players)]
            final: list = []
            try:
                fast = fast_game(players, gs, i % players, kinds, rngs, lean, final)
            except Exception as e:  # a broken loop may crash instead of disagreeing
                out.append(f"{name}, {strategies}, game {i}: {type(e).__name__}")
                continue
            opener = PaskahousuGame.new(players, gs, rules=rules, dealer=i % players).to_move
            if fast != (loser, turns, opener):
                out.append(f"{name}, {strategies}, game {i}: {fast} != {(loser, turns, opener)}")
            elif (final[0], final[1], final[2]) != _end_state(g):
                out.append(f"{name}, {strategies}, game {i}: end state")
        if tuple(losses) != sim.losses:
            out.append(f"{name}: losses {sim.losses} != {tuple(losses)}")
        if sum(losses) + sim.stalemates != n:
            out.append(f"{name}: stalemates")
        if sim.engine != "fast":  # every rule set runs on a lean loop (Pöytäpaska, Valepaska: the position loop)
            out.append(f"{name}: engine {sim.engine}")
    return out


@pytest.mark.parametrize("name,players", OPTIONS + COMBOS, ids=[n for n, _ in OPTIONS + COMBOS])
def test_simulation_agrees_with_the_reference_game_under_every_house_rule(name, players):
    """simulate (the count loop, or the position loop for Pöytäpaska and Valepaska) and PaskahousuGame with
    the kit's players give the same loser after the same number of turns, game for game — heuristic players,
    and a random player in every seat but one (FAST_GAMES / REFERENCE_GAMES); where the lean loop plays the
    rules, its opener and its end state (every hand, the discard pile, the draw pile) are the game's too."""
    rules = house_rules(name, players=players)
    lean = plan(rules) if fast_loop_plays(rules) else None
    assert _disagreements(name, players, rules, lean) == []


def _dropped(name: str, players: int):
    """The rules with ``name``'s switch (or option) dropped: the switch's first option, or the standard game."""
    base = name.split(" (")[0]
    return house_rules(base, players=players) if base != name else house_rules([], players=players)


@pytest.mark.parametrize("name,players", [(n, p) for n, p in OPTIONS if fast_loop_plays(house_rules(n, players=p))],
                         ids=[n for n, p in OPTIONS if fast_loop_plays(house_rules(n, players=p))])
def test_a_lean_loop_that_drops_a_switch_is_caught(name, players):
    """A deliberately broken lean loop — one that plays the rules without this switch or option — must fail
    the agreement check with the game counts above (mutation check of the test itself)."""
    rules = house_rules(name, players=players)
    broken = plan(_dropped(name, players))
    assert plan(rules) != broken
    assert _disagreements(name, players, rules, broken), f"dropping {name} went unnoticed"


def test_the_lean_loop_plays_every_simple_switch():
    """Every house rule but Pöytäpaska and Valepaska runs on the lean loop (Paskahousu rules §11)."""
    for name, players in OPTIONS:
        rules = house_rules(name, players=players)
        assert fast_loop_plays(rules) == (not rules.table_cards and not rules.bluff), name


def test_simulation_is_seeded_under_house_rules():
    rules = house_rules("Sechs Karten, Nur einzeln")
    a = simulate(4, 150, seed=5, rules=rules, strategies=["heuristic", "random", "random", "heuristic"])
    b = simulate(4, 150, seed=5, rules=rules, strategies=["heuristic", "random", "random", "heuristic"])
    c = simulate(4, 150, seed=6, rules=rules, strategies=["heuristic", "random", "random", "heuristic"])
    assert a.losses == b.losses and (a.turns == b.turns).all()
    assert not (a.turns == c.turns).all()


def test_result_names_the_house_rules_and_counts_from_dealer_and_opener():
    rules = house_rules("Fester Anfang")
    r = simulate(4, 200, seed=2, rules=rules)
    assert "Fester Anfang" in repr(r) and "Fester Anfang" in r.summary()
    d = r.to_dict()
    assert d["house_rules"] == rules.name and d["rules"]["fixed_start"] is True
    assert json.loads(json.dumps(d)) == d
    assert sum(r.from_dealer) == sum(r.from_opener) == sum(r.losses) == 200 - r.stalemates
    # game i is dealt by seat i % 4: the losses by seat and by place from the dealer are the same games
    by_game = [(replay_game(2, i, 4, rules=rules), i % 4) for i in range(40)]
    small = simulate(4, 40, seed=2, rules=rules)
    counts = [0] * 4
    for g, dealer in by_game:
        if g.result.loser is not None:
            counts[(g.result.loser - dealer) % 4] += 1
    assert tuple(counts) == small.from_dealer
    rate, lo, hi = r.loss_rate_from_dealer(1)
    assert lo <= rate <= hi and rate == r.from_dealer[1] / 200
    m, lo, hi = r.mean_turns_interval()
    assert lo < m < hi and m == pytest.approx(float(np.mean(r.turns)))


# --------------------------------------------------------------------------- game length: finished games apart

def _by_hand(seed: int, games: int, rules) -> tuple[list[int], int]:
    """The finished games' turns and the stalemates, counted game by game from PaskahousuGame."""
    finished, stalled = [], 0
    for i in range(games):
        r = replay_game(seed, i, 4, rules=rules).result
        if r.outcome == "stalemate":
            stalled += 1
        else:
            finished.append(r.turn)
    return finished, stalled


def test_the_length_of_a_game_is_that_of_the_finished_games():
    """A game stopped at the turn cap has no length of its own (Paskahousu rules §8.4): the result reports the
    finished games' mean and median turns and the stalemates apart (a low cap makes many stalemates: 24 of 60 here)."""
    rules = HouseRules(turn_cap=60)
    r = simulate(4, 60, seed=3, rules=rules)
    finished, stalled = _by_hand(3, 60, rules)
    assert 0 < stalled < 60 and r.stalemates == stalled and r.finished_games == len(finished) == 60 - stalled
    assert sorted(r.finished_turns.tolist()) == sorted(finished)
    assert r.finished_mean_turns == pytest.approx(sum(finished) / len(finished))
    assert r.finished_median_turns == pytest.approx(float(np.median(finished)))
    assert r.mean_turns == pytest.approx((sum(finished) + 60 * stalled) / 60)   # all games: a stalemate counts 60
    m, lo, hi = r.finished_turns_interval()
    assert lo < m < hi and m == r.finished_mean_turns
    words = f"finished games: mean {r.finished_mean_turns:.1f} turns, median {r.finished_median_turns:g}"
    assert r.summary().splitlines()[0] == (f"60 games, 4 players; {words}; "   # a turn cap is not a house rule
                                          f"{stalled} stopped at the turn cap of 60 (stalemates)")
    d = r.to_dict()
    assert d["finished_games"] == len(finished) and d["stalemates"] == stalled
    assert d["finished_mean_turns"]["mean"] == pytest.approx(r.finished_mean_turns, abs=1e-6)
    assert d["finished_median_turns"] == r.finished_median_turns
    assert "finished_mean_turns=" in repr(r) and words in r._repr_html_()


def test_without_stalemates_the_header_names_none_and_no_game_finished_is_said():
    r = simulate(3, 20, seed=1)
    assert r.stalemates == 0 and "stopped at the turn cap" not in r.summary()
    stuck = simulate(4, 5, seed=1, rules=HouseRules(turn_cap=3))
    assert stuck.stalemates == 5 and stuck.finished_games == 0 and stuck.finished_mean_turns == 0.0
    assert "no game finished; 5 stopped at the turn cap of 3 (stalemates)" in stuck.summary()


def test_the_comparison_reports_finished_games_and_stalemates_apart(capsys):
    rules = HouseRules(name="Short", turn_cap=60)
    c = compare_house_rules([rules], players=4, games=60, seed=3)
    row = c.row("Short")
    finished, stalled = _by_hand(3, 60, rules)
    assert row.stalemates == stalled and row.median_turns == pytest.approx(float(np.median(finished)))
    assert row.finished_turns[0] == pytest.approx(sum(finished) / len(finished))
    line = next(x for x in c.summary().splitlines() if x.startswith("Short"))
    assert f" {row.median_turns:g} " in line and f" {stalled} " in line
    assert "of the finished games" in c.summary()
    d = row.to_dict()
    assert d["stalemates"] == stalled and d["median_turns"] == row.median_turns and len(d["finished_turns"]) == 3
    assert main(["simulate", "--games", "20", "--players", "3", "--no-progress", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished_games"] + out["stalemates"] == 20 and "finished_median_turns" in out


# --------------------------------------------------------------------------- compare_house_rules

def test_compare_house_rules_rows_share_the_deals_with_simulate():
    c = compare_house_rules(["Sechs Karten", "Nur einzeln (nur Zweien)"], players=4, games=120, seed=4)
    assert [row.name for row in c.rows] == ["Standard", "Sechs Karten", "Nur einzeln (nur Zweien)"]
    alone = simulate(4, 120, seed=4, rules=house_rules("Sechs Karten"))
    assert c.row("Sechs Karten").result.losses == alone.losses
    assert (c.rows[0].result.turns == simulate(4, 120, seed=4).turns).all()
    row = c.row("Sechs Karten").to_dict()
    assert row["rules"]["hand_size"] == 6 and len(row["seat_loss"]) == 4 and len(row["mean_turns"]) == 3
    assert "Sechs Karten" in c.summary() and "Standard" in c.summary()
    with pytest.raises(KeyError, match="Standard"):
        c.row("Valepasca")


def test_compare_house_rules_without_a_list_takes_every_switch_that_allows_the_players():
    c = compare_house_rules(None, players=4, games=10, seed=0)
    names = [row.name for row in c.rows]
    assert names[0] == "Standard" and len(names) == len(set(names))
    skipped = [s for s, _ in c.skipped]
    for sw in HOUSE_RULE_SWITCHES:
        lo, hi = sw.players
        assert (sw.name in names) == (lo <= 4 <= hi) == (sw.name not in skipped), sw.name


def test_compare_house_rules_refuses_unknown_names_and_forbidden_player_counts():
    with pytest.raises(RulesError, match="Sechs Karten"):
        compare_house_rules(["Sieben Karten"], games=5)
    with pytest.raises(RulesError, match="players"):
        compare_house_rules(["Pöytäpaska"], players=4, games=5)


# --------------------------------------------------------------------------- the command line

def test_help_explains_house_rules_with_an_example(capsys):
    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("house rule", "--house-rules NAMES", "--players N", "--games N", "--seed N", "--list", "--json",
                  'simulate --house-rules "Sechs Karten,Nur einzeln"', "stalemate", "95 % interval"):
        assert words in out, words


def test_kit_command_line_passes_paskahousu_on(capsys):
    assert kit_main(["--help"]) == 0
    assert "paskahousu" in capsys.readouterr().out
    assert kit_main(["paskahousu", "simulate", "--games", "30", "--players", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("30 games, 3 players; finished games: mean ")  # the standard game: no house rules named


def test_list_names_every_switch_with_its_players(capsys):
    assert main(["simulate", "--list"]) == 0
    out = capsys.readouterr().out
    for sw in HOUSE_RULE_SWITCHES:
        lo, hi = sw.players
        assert f"  {sw.name}  ({sw.section}; {lo}–{hi} players)" in out, sw.name
    assert '"Nur einzeln (nur Zweien)"' in out


def test_simulate_with_house_rules_prints_them_and_the_loop(capsys):
    assert main(["simulate", "--house-rules", "Sechs Karten,Nur einzeln", "--games", "40", "--no-progress"]) == 0
    out = capsys.readouterr().out
    rules = house_rules("Sechs Karten,Nur einzeln")
    assert out.startswith(f"40 games, 4 players, house rules: {rules.name}")
    assert simulate(4, 40, rules=rules).summary() in out
    assert "loop," in out.splitlines()[-1]


def test_json_is_the_result_as_json(capsys):
    assert main(["simulate", "--house-rules", "Nur einzeln (nur Zweien)", "--games", "25", "--seed", "3",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    r = simulate(4, 25, seed=3, rules=house_rules("Nur einzeln (nur Zweien)"))
    assert d["losses"] == list(r.losses) and d["rules"]["singles_only"] == "twos" and d["games"] == 25


@pytest.mark.parametrize("argv,words", [
    (["--house-rules", "Sieben Karten"], ["'Sieben Karten' is not a house rule", "Sechs Karten", "Valepaska"]),
    (["--house-rules", "Nur einzeln (nur Asse)"], ["not an option of Nur einzeln", "nur Zweien"]),
    (["--house-rules", "Leerer Tisch,10 und Ass auf dem leeren Tisch"],
     ["Leerer Tisch", "10 und Ass auf dem leeren Tisch", "do not go together"]),
    (["--house-rules", "Pöytäpaska", "--players", "4"], ["players", "Pöytäpaska", "2", "3"]),
    (["--house-rules", "Zwei Blätter", "--players", "4"], ["players", "Zwei Blätter"]),
    (["--players", "7"], ["players", "7"]),
    (["--games", "0"], ["--games must be at least 1"]),
    (["--games", "99999999999"], ["--games must be at most 1,000,000"]),
    (["--seed", "-1"], ["--seed must be at least 0"]),
    (["--games", "ten"], ["invalid int value: 'ten'"]),
    (["--strategies", "clever"], ["Unknown strategy 'clever'"]),
    (["--strategies", "heuristic,random"], ["--strategies: 2 given for 4 players"]),
])
def test_bad_input_is_one_line_and_exit_code_2(capsys, argv, words):
    assert main(["simulate", "--no-progress", *argv]) == 2
    cap = capsys.readouterr()
    assert cap.out == ""
    err = cap.err.strip()
    assert "\n" not in err and "Traceback" not in err and err.startswith("python -m paternoster paskahousu")
    for w in words:
        assert w in err, (w, err)


def test_the_module_runs_as_a_program():
    ok = subprocess.run([sys.executable, "-m", "paternoster", "paskahousu", "simulate", "--games", "5",
                         "--house-rules", "Ruotsalainen", "--json"], cwd=ROOT, capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["rules"]["deal_all"] is True
    bad = subprocess.run([sys.executable, "-m", "paternoster", "paskahousu", "simulate", "--house-rules", "x"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Valid names" in bad.stderr


# --------------------------------------------------------------------------- the computer players under house rules

def _choose(player, game):
    a = player.choose(game)
    assert game.check(a) is None, a  # always a legal move
    return a


def test_heuristic_opens_with_all_its_threes_under_fester_anfang():
    rules = house_rules("Fester Anfang")
    g = PaskahousuGame.from_position(["9♦ K♠", "3♦ 3♠ 7♥", "3♣ 4♦"], draw_pile="5♠", dealer=0, rules=rules,
                                     opening=True)
    assert g.to_move == 1 and len(g.opening_choices) == 2           # the dealer's left holds no 3: the next opens
    assert sorted(map(str, _choose(HeuristicPlayer(), g).cards)) == ["3♠", "3♦"]


def test_heuristic_opens_low_when_nobody_holds_a_three_under_fester_anfang():
    rules = house_rules("Fester Anfang")
    g = PaskahousuGame.from_position(["2♦ 6♠ 6♥ 9♣", "4♦ 8♠", "J♣ Q♦"], draw_pile="5♠", dealer=2, rules=rules,
                                     opening=True)
    assert g.to_move == 0
    assert sorted(map(str, _choose(HeuristicPlayer(), g).cards)) == ["6♠", "6♥"]   # lowest rank, all of it


def test_random_player_picks_among_the_fester_anfang_openings():
    rules = house_rules("Fester Anfang")
    seen = set()
    for seed in range(30):
        g = PaskahousuGame.from_position(["3♦ 3♠ 3♥ 7♥", "4♦ 8♠"], draw_pile="5♠", dealer=1, rules=rules,
                                         opening=True)
        seen.add(len(_choose(RandomPlayer(seed), g).cards))
    assert seen == {1, 2, 3}


def test_heuristic_lays_one_card_where_nur_einzeln_allows_one():
    g = PaskahousuGame.from_position(["K♠ K♥ K♦ 2♣", "4♦ 8♠"], pile="9♣", draw_pile="5♠",
                                     rules=house_rules("Nur einzeln"))
    assert len(_choose(HeuristicPlayer(), g).cards) == 1
    g = PaskahousuGame.from_position(["K♠ K♥ K♦ 2♣", "4♦ 8♠"], pile="9♣", draw_pile="5♠",
                                     rules=house_rules("Nur einzeln (nur Zweien)"))
    assert len(_choose(HeuristicPlayer(), g).cards) == 3


@pytest.mark.parametrize("option", ["A", "A nochmal"])
def test_heuristic_picks_up_a_ten_that_must_be_picked_up(option):
    rules = house_rules(f"10 und Ass auf dem leeren Tisch ({option})")
    g = PaskahousuGame.from_position(["5♠ 7♥", "10♦ 8♠"], pile="10♣", draw_pile="5♦ 6♦", rules=rules)
    assert isinstance(_choose(HeuristicPlayer(), g), PickUp)
    assert isinstance(_choose(RandomPlayer(0), g), PickUp)


def test_heuristic_burns_with_a_ten_on_the_empty_table_under_option_b_only_when_nothing_else():
    rules = house_rules("10 und Ass auf dem leeren Tisch (B)")
    g = PaskahousuGame.from_position(["10♠ 7♥", "4♦ 8♠"], draw_pile="5♦ 6♦", rules=rules)
    assert list(map(str, _choose(HeuristicPlayer(), g).cards)) == ["7♥"]
    g = PaskahousuGame.from_position(["10♠", "4♦ 8♠"], rules=rules)
    assert list(map(str, _choose(HeuristicPlayer(), g).cards)) == ["10♠"]


def test_heuristic_under_leerer_tisch_tries_its_luck_or_lays_a_banned_card_when_it_holds_nothing_else():
    rules = house_rules("Leerer Tisch")
    g = PaskahousuGame.from_position(["10♠ A♥", "4♦ 8♠"], draw_pile="5♦", rules=rules)
    assert isinstance(_choose(HeuristicPlayer(), g), TryYourLuck)
    g = PaskahousuGame.from_position(["10♠ A♥", "4♦ 8♠"], rules=rules)
    assert list(map(str, _choose(HeuristicPlayer(), g).cards)) == ["10♠"]


def test_heuristic_plays_a_red_two_first_under_nur_schwarze_zaehlen():
    rules = house_rules("Nur Schwarze zählen")
    g = PaskahousuGame.from_position(["2♥ 5♠ 2♣", "4♦ 8♠"], draw_pile="5♦", rules=rules)
    assert list(map(str, _choose(HeuristicPlayer(), g).cards)) == ["2♥"]     # the lowest card
    g = PaskahousuGame.from_position(["10♥ 10♠ J♣", "4♦ 8♠"], pile="8♦", draw_pile="5♦", rules=rules)
    assert list(map(str, _choose(HeuristicPlayer(), g).cards)) == ["10♥"]    # a plain 10, not the burn


@pytest.mark.parametrize("names,players", [("", 4), ("Pöytäpaska", 3), ("Zwei Blätter", 6), ("Sechs Karten", 4)])
def test_without_players_the_command_takes_four_or_the_nearest_count_the_rules_allow(capsys, names, players):
    assert main(["simulate", "--house-rules", names, "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == players


def test_compare_plays_every_switch_at_the_same_number_of_games():
    """Every row — Valepaska on the position loop too — plays ``games`` games (``reference_games`` is checked
    but no longer cuts a row)."""
    c = compare_house_rules(["Valepaska", "Sechs Karten"], players=4, games=40, seed=1, reference_games=10)
    assert [r.result.games for r in c.rows] == [40, 40, 40]
    assert {r.result.engine for r in c.rows} == {"fast"}
    assert c.row("Valepaska").result.losses == simulate(4, 40, seed=1, rules=house_rules("Valepaska")).losses
    with pytest.raises(ValueError, match="reference_games"):
        compare_house_rules(["Valepaska"], games=5, reference_games=0)


@pytest.mark.parametrize("players", ["1", "7", "11"])
def test_cli_player_count_refusals_share_one_wording(players, capsys):
    assert main(["simulate", "--players", players, "--games", "5", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.endswith(f"--players must be from 2 to 6 (6 to 10 with Zwei Blätter), not {players}.")


def test_cli_json_labels_intervals_and_has_no_float_noise(capsys):
    assert main(["simulate", "--players", "3", "--games", "40", "--no-progress", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    for iv in [d["mean_turns_interval"], d["stalemate_share"], *d["loss_rates"]]:
        assert set(iv) >= {"mean", "low", "high"} and 0.0 <= iv["low"] <= iv["mean"] <= iv["high"]
        assert all(v == round(v, 6) for v in (iv["mean"], iv["low"], iv["high"]))
    assert [r["seat"] for r in d["loss_rates"]] == [0, 1, 2]
