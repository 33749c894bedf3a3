"""The campaign (rules §15): floors, stars, unlocking, rides, the calibration and the command line."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paternoster import Game, RulesError
from paternoster.lift.bots import SimplePlayer
from paternoster.campaign import (FLOOR_COUNT, FLOORS, MAX_STARS, MAX_TOTAL_STARS, MIDDLE_BAND, TARGET_SLACK,
                                  CampaignError, Floor, FloorRate, calibrate, floor, new_ride, stars, stars_array,
                                  stars_of_game, total_stars, unlocked)
from paternoster.campaign import locked_text, unpassed_below
from paternoster.cli import main
from paternoster.lift import fastsim

ALL = list(range(1, FLOOR_COUNT + 1))


def goal(n: int) -> Floor:
    """Floor 1 with another goal: stars depend only on the goal (and passengers)."""
    return dataclasses.replace(FLOORS[0], goal=n)


# --------------------------------------------------------------------------- the floors

def test_twelve_floors_from_the_trial_ride_to_the_penthouse():
    assert FLOOR_COUNT == len(FLOORS) == 12 and MAX_STARS == 3 and MAX_TOTAL_STARS == 36
    assert [f.number for f in FLOORS] == list(range(1, 13))
    assert FLOORS[0].name == "Probefahrt" and FLOORS[-1].name == "Penthouse"
    assert len({f.name for f in FLOORS}) == 12 and len({f.english for f in FLOORS}) == 12
    assert sum(f.name == "Präzisionsfahrt" for f in FLOORS) == 1
    assert sum("liftfuehrer" in f.rules.variants for f in FLOORS) == 1
    assert len({f.rules for f in FLOORS}) == 12           # every floor plays its own rules


@pytest.mark.parametrize("f", FLOORS, ids=lambda f: f.name)
def test_every_floor_is_for_one_to_five_players_with_a_goal_tokens_and_a_reason(f):
    assert f.player_counts == (1, 2, 3, 4, 5)
    for players in range(1, 6):
        assert f.rules.hand_size(players) >= f.rules.minimum
    assert 0 <= f.goal <= 20 and 0 <= f.tokens <= 4 and f.tokens == f.rules.tokens
    assert f.passengers == f.rules.passengers and f.passengers in (0, 3, 4, 5)
    assert f.why and "\n" not in f.why and len(f.why) <= 100 and f.why.endswith(".")
    assert "Notruf" not in f.rules_name                    # tokens have a column of their own
    assert ("passenger" in f.goal_text()) == bool(f.passengers)
    d = f.to_dict()
    assert json.loads(json.dumps(d))["goal"] == f.goal and d["tokens"] == f.tokens


def test_the_liftfuehrer_floor_alone_is_an_ordinary_ride():
    """Solo, only the player to move talks anyway: the floor's rules change nothing about who may signal."""
    lift = next(f for f in FLOORS if "liftfuehrer" in f.rules.variants)
    g = new_ride(lift, 1, seed=3)
    assert g.players == 1 and g.rules.signals == "mover"
    assert "alone" in lift.why


@pytest.mark.parametrize("key, number", [
    (1, 1), (12, 12), (np.int64(5), 5), ("3", 3), (" 11 ", 11), ("Probefahrt", 1), ("PENTHOUSE", 12),
    ("praezisionsfahrt", 11), ("Präzisionsfahrt", 11), ("precision ride", 11), ("Grossraumkabine", 3),
    ("Stosszeit", 9), ("night ride", 10),
])
def test_floor_by_number_or_name(key, number):
    assert floor(key).number == number
    assert floor(floor(key)) is floor(key)


@pytest.mark.parametrize("key, words", [
    (0, "no floor 0"), (FLOOR_COUNT + 1, f"no floor {FLOOR_COUNT + 1}"), (-1, "no floor -1"),
    (str(FLOOR_COUNT + 1), f"no floor {FLOOR_COUNT + 1}"), ("Keller", "no floor called"),
    ("", "no floor called"), ("x" * 500, "no floor called"), (True, f"number (1 to {FLOOR_COUNT}) or its name"),
    (2.0, f"number (1 to {FLOOR_COUNT}) or its name"), (None, f"number (1 to {FLOOR_COUNT}) or its name"),
    ([1], f"number (1 to {FLOOR_COUNT})"),
])
def test_a_bad_floor_key_is_a_campaign_error_listing_the_floors(key, words):
    with pytest.raises(CampaignError, match="floor") as e:
        floor(key)
    assert words in str(e.value) and len(str(e.value)) < 600
    assert isinstance(e.value, RulesError) and isinstance(e.value, ValueError)


# --------------------------------------------------------------------------- stars (rules §15.2, §15.5)

@pytest.mark.parametrize("g, remaining, expected", [
    # goal 0: meeting it is three stars at once
    (0, 0, 3), (0, 1, 0),
    # goal 1: half of 1 rounds down to 0, so two stars cannot be had apart from three
    (1, 0, 3), (1, 1, 1), (1, 2, 0),
    # goal 2: half is 1
    (2, 0, 3), (2, 1, 2), (2, 2, 1), (2, 3, 0),
    # odd goals: half rounded down
    (3, 1, 2), (3, 2, 1), (3, 3, 1), (3, 4, 0),
    (5, 2, 2), (5, 3, 1), (5, 5, 1), (5, 6, 0),
    (7, 3, 2), (7, 4, 1),
    (11, 5, 2), (11, 6, 1), (11, 11, 1), (11, 12, 0),
    # even goals: exactly half still gives two
    (6, 3, 2), (6, 4, 1), (10, 5, 2), (10, 6, 1),
    # far off
    (6, 104, 0), (0, 104, 0),
])
def test_stars_table(g, remaining, expected):
    assert stars(goal(g), remaining) == expected


@pytest.mark.parametrize("g, remaining", [(0, 0), (6, 0), (6, 1), (6, 6), (10, 2)])
def test_a_lost_game_gives_no_star_however_few_cards_are_left(g, remaining):
    assert stars(goal(g), remaining, lost=True) == 0


def test_a_passenger_left_behind_gives_no_star():
    f = floor("Besuchertag")
    assert f.passengers == 3
    assert stars(f, 0, delivered=False) == 0 and stars(f, 0) == 3
    with pytest.raises(CampaignError, match="no passengers"):
        stars("Probefahrt", 0, delivered=False)


@pytest.mark.parametrize("f", FLOORS, ids=lambda f: f.name)
def test_stars_of_every_floor_match_the_rule(f):
    for r in range(0, 30):
        s = stars(f, r)
        want = 0 if r > f.goal else 3 if r == 0 else 2 if 2 * r <= f.goal else 1
        assert s == want, (f.name, r)


@pytest.mark.parametrize("remaining, kw, words", [
    (-1, {}, "from 0 to 104"), (105, {}, "from 0 to 104"), (1.0, {}, "whole number"), ("2", {}, "whole number"),
    (True, {}, "whole number"), (0, {"lost": 1}, "lost must be True or False"),
    (0, {"delivered": "yes"}, "delivered must be True or False"),
])
def test_stars_refuses_results_that_cannot_be(remaining, kw, words):
    with pytest.raises(CampaignError, match=words):
        stars(1, remaining, **kw)


def test_stars_with_passengers_counts_only_the_cards_in_play():
    f = floor("Besuchertag")
    assert stars(f, 104 - 3) == 0
    with pytest.raises(CampaignError, match="from 0 to 101"):
        stars(f, 102)


def test_stars_array_is_stars_for_every_goal_and_result():
    remaining = np.arange(0, 40)
    for g in range(0, 16):
        f = goal(g)
        for lost in (False, True):
            got = stars_array(f, remaining, np.full(remaining.shape, lost))
            assert got.tolist() == [stars(f, int(r), lost=lost) for r in remaining]
    with pytest.raises(CampaignError, match="same shape"):
        stars_array(1, [1, 2], [False])
    with pytest.raises(CampaignError, match="whole numbers"):
        stars_array(1, [-1], [False])


# --------------------------------------------------------------------------- unlocking and totals

@pytest.mark.parametrize("best, open_floors", [
    ({}, [1]),
    ({1: 0}, [1]),
    ({1: 1}, [1, 2]),
    ({1: 3, 2: 2}, [1, 2, 3]),
    ({1: 3, 2: 0}, [1, 2]),                                  # floor 2 played but not passed: 3 stays shut
    ({1: 1, 2: 1, 3: 1}, [1, 2, 3, 4]),
    ({k: 1 for k in range(1, FLOOR_COUNT)}, ALL),            # passing the floor below opens the top floor
    ({k: 3 for k in range(1, FLOOR_COUNT + 1)}, ALL),        # nothing beyond the top
    ({5: 2}, [1]),                                           # a result typed in for floor 5 opens nothing
    ({1: 1, 5: 2}, [1, 2]),                                  # nor with floor 1 passed: floors 2-4 have no star
    ({1: 1, 2: 2, 3: 1, 4: 3, 5: 2}, [1, 2, 3, 4, 5, 6]),    # once 2-4 are passed, 5's star counts: 6 opens
    ({1: 2, 2: 0, 3: 3}, [1, 2]),                            # a gap at floor 2 keeps 3 and above shut
    ({12: 1}, [1]),
    ({np.int64(1): np.int64(2)}, [1, 2]),
])
def test_unlocking_table(best, open_floors):
    assert unlocked(best) == open_floors


@settings(max_examples=300, deadline=None, database=None)
@given(best=st.dictionaries(st.integers(1, FLOOR_COUNT), st.integers(0, MAX_STARS), max_size=FLOOR_COUNT))
def test_a_floor_is_open_exactly_when_every_floor_below_has_a_star(best):
    """Rules §15.1/§15.5: the floors are played in order; stars typed in above a gap open nothing."""
    want = [n for n in range(1, FLOOR_COUNT + 1) if all(best.get(k, 0) > 0 for k in range(1, n))]
    assert unlocked(best) == want
    for n in range(1, FLOOR_COUNT + 1):
        missing = unpassed_below(best, n)
        assert missing == [k for k in range(1, n) if best.get(k, 0) == 0]
        assert (locked_text(best, n) == "") == (n in want) == (missing == [])
    assert total_stars(best) == sum(best.values())           # kept rides count in the total, open or not


def test_the_locked_text_names_every_floor_below_without_a_star():
    text = locked_text({1: 1, 5: 2}, 6, "Reds")
    assert text.startswith("Floor 6 (Enge Kabine) is locked for Reds: floors 2, 3 and 4 have no star yet.")
    assert "Pass floor 2 (Regelbetrieb) first" in text and "rules §15.1" in text
    assert locked_text({}, 2) == ("Floor 2 (Regelbetrieb) is locked: floor 1 has no star yet. Pass floor 1 "
                                  "(Probefahrt) first: a floor opens when every floor below it has a star (rules §15.1).")
    assert locked_text({1: 1}, 2) == locked_text({}, 1) == ""


@pytest.mark.parametrize("best, words", [
    ({0: 1}, "no floor 0"), ({FLOOR_COUNT + 1: 1}, f"no floor {FLOOR_COUNT + 1}"), ({"1": 1}, "no floor number"), ({True: 1}, "no floor number"),
    ({1: 4}, "from 0 to 3"), ({1: -1}, "from 0 to 3"), ({1: 1.0}, "whole number"), ([(1, 1)], "must map"),
    (None, "must map"),
])
def test_unlocking_refuses_bad_star_books(best, words):
    with pytest.raises(CampaignError, match=words):
        unlocked(best)
    with pytest.raises(CampaignError):
        total_stars(best)


def test_total_stars_is_the_sum_of_best_stars_up_to_the_campaigns_stars():
    assert total_stars({}) == 0
    assert total_stars({1: 3, 2: 1, 12: 2}) == 6
    assert total_stars({k: 3 for k in ALL}) == MAX_TOTAL_STARS == FLOOR_COUNT * 3


def test_a_floors_stars_are_the_best_of_its_rides():
    """Replays never lower a floor's stars: the best of the rides counts (rules §15.2)."""
    f = floor("Probefahrt")
    rides = [stars(f, r) for r in (9, 4, 0, 5)]
    assert rides == [0, 1, 3, 1] and max(rides) == 3


# --------------------------------------------------------------------------- rides

def test_new_ride_deals_the_floors_rules_from_the_seed():
    f = floor("Penthouse")
    a, b, c = new_ride(f, 2, 5), new_ride(12, 2, 5), new_ride(f, 2, 6)
    assert a.rules == f.rules and a.tokens == f.tokens == 4 and len(a.passengers) == 3
    assert a.hands == b.hands and a.hands != c.hands


@pytest.mark.parametrize("players, seed, words", [
    (0, 1, "1 to 5 players, not 0"), (6, 1, "1 to 5 players, not 6"), ("2", 1, "not '2'"), (True, 1, "not True"),
    (2, -1, "seed must be"), (2, 2 ** 64, "seed must be"), (2, "1", "seed must be a whole number"),
])
def test_new_ride_refuses_bad_players_and_seeds(players, seed, words):
    with pytest.raises(CampaignError, match=words):
        new_ride(1, players, seed)


def _finished(f: Floor, seed: int, game: int) -> Game:
    return SimplePlayer().play_game(Game.new(2, seed, rules=f.rules, game=game))


def test_stars_of_a_finished_game():
    f = floor("Probefahrt")
    for i in range(5):
        g = _finished(f, 0, i)
        assert stars_of_game(f, g) == stars(f, g.result.remaining)


def test_a_lost_ride_with_few_cards_left_gets_no_star():
    """Find a Penthouse ride the computer lost with at most the goal's cards left: 0 stars."""
    f = floor("Penthouse")
    b = fastsim.run(f.rules, 2, 0, 0, 300)
    lost_close = [i for i in range(300) if b.outcome[i] == 2 and b.remaining[i] <= f.goal]
    assert lost_close, "the sample holds a lost ride with few cards left"
    g = _finished(f, 0, lost_close[0])
    assert g.result.outcome == "lost" and g.result.remaining <= f.goal
    assert stars_of_game(f, g) == 0


def test_stars_of_game_refuses_other_rules_unfinished_games_and_non_games():
    f = floor("Probefahrt")
    with pytest.raises(CampaignError, match="not over yet"):
        stars_of_game(f, new_ride(f, 2, 1))
    with pytest.raises(CampaignError, match="plays Normal, 0 tokens, but floor 1 \\(Probefahrt\\) plays Normal, 2 tokens"):
        stars_of_game(f, Game.new(2, 1))
    with pytest.raises(CampaignError, match="needs a Game"):
        stars_of_game(f, "a game")


# --------------------------------------------------------------------------- calibration (rules §15.6)

@pytest.fixture(scope="module")
def table() -> list[FloorRate]:
    return calibrate(players=2, games=4000, seed=0)


def test_calibration_two_players_4000_games_meets_the_rule_books_figures(table):
    assert [r.floor for r in table] == list(FLOORS)
    for r in table:
        assert r.games == 4000 and r.players == 2 and r.low <= r.rate <= r.high
        if r.floor.target is not None:
            assert r.low <= r.floor.target <= r.high or abs(r.rate - r.floor.target) <= TARGET_SLACK, r
        else:
            assert MIDDLE_BAND[0] <= r.rate <= MIDDLE_BAND[1], r
        assert r.on_target
    by_name = {r.floor.name: r for r in table}
    assert by_name["Probefahrt"].floor.target == 79 and by_name["Präzisionsfahrt"].floor.target == 25
    assert by_name["Penthouse"].floor.target == 19


def test_the_campaign_gets_harder_floor_by_floor(table):
    rates = [r.rate for r in table]
    assert rates == sorted(rates, reverse=True), rates
    assert rates[0] - max(rates[1:10]) > 10 and min(rates[1:10]) - rates[10] > 10


def test_star_shares_add_up_and_match_the_pass_rate(table):
    for r in table:
        assert sum(r.star_shares) == pytest.approx(100)
        assert 100 - r.star_shares[0] == pytest.approx(100 * r.passed / r.games)
        assert r.rate == pytest.approx(100 * r.passed / r.games)
        if r.floor.goal == 0:
            assert r.star_shares[1] == r.star_shares[2] == 0
        if r.floor.goal == 1:
            assert r.star_shares[2] == 0
        assert r.lost == 0 or r.floor.passengers or r.floor.rules.fire


def test_calibration_agrees_with_the_reference_engine_on_the_same_games():
    """The fast simulation plays each floor's rules (variant combinations included) as the engine does."""
    games = 12
    for f in FLOORS:
        r = calibrate(2, games, seed=4, floors=[f])[0]
        ref = [stars_of_game(f, _finished(f, 4, i)) for i in range(games)]
        assert [100 * ref.count(k) / games for k in range(4)] == pytest.approx(list(r.star_shares)), f.name


@pytest.mark.parametrize("players", [1, 3, 4, 5])
def test_calibration_for_other_player_counts(players):
    rates = calibrate(players, games=25, seed=1)
    assert len(rates) == FLOOR_COUNT and all(r.players == players for r in rates)
    assert all(r.to_dict()["on_target"] is None for r in rates)   # the figures are for two players


def test_worker_processes_give_the_same_table():
    kw = dict(players=2, games=3400, seed=2, floors=[1, 11, 12])
    one, two = calibrate(**kw, workers=1), calibrate(**kw, workers=2)
    assert [(r.passed, r.star_shares) for r in one] == [(r.passed, r.star_shares) for r in two]


def test_the_progress_bar_counts_every_game_floor_by_floor():
    seen = {}

    class Bar:
        def __init__(self, total):
            seen["total"], seen["steps"], seen["names"] = total, [], []

        def update(self, n=1):
            seen["steps"].append(n)

        def set_description(self, text):
            seen["names"].append(text)

        def close(self):
            seen["closed"] = True

    calibrate(games=7, progress=Bar)
    assert seen["total"] == 7 * FLOOR_COUNT and seen["steps"] == [7] * FLOOR_COUNT and seen["closed"]
    assert seen["names"][0] == "1 Probefahrt" and seen["names"][-1] == FLOORS[-1].label


@pytest.mark.parametrize("kw, error, words", [
    ({"players": 0}, CampaignError, "1 to 5 players, not 0"), ({"players": 6}, CampaignError, "not 6"),
    ({"games": 0}, CampaignError, "games \\(per floor\\) must be at least 1"), ({"games": 10 ** 7}, CampaignError, "at most"),
    ({"seed": -1}, CampaignError, "seed"), ({"workers": 0}, CampaignError, "workers"),
    ({"workers": 9}, CampaignError, "workers"), ({"floors": ["Keller"]}, CampaignError, "no floor called"),
    ({"progress": True}, TypeError, "tqdm"),
])
def test_calibrate_refuses_bad_arguments_before_playing(kw, error, words):
    with pytest.raises(error, match=words):
        calibrate(**{"games": 5, **kw})


def test_run_many_is_run_job_by_job():
    f = floor("Nachtfahrt")
    jobs = [(f.rules, 2, 3, 0, 30), (floor(1).rules, 3, 3, 5, 20)]
    got = list(fastsim.run_many(jobs))
    for (rules, players, seed, first, games), b in zip(jobs, got):
        want = fastsim.run(rules, players, seed, first, games)
        assert b.remaining.tolist() == want.remaining.tolist() and b.outcome.tolist() == want.outcome.tolist()
    with pytest.raises(RulesError):
        fastsim.run_many([(f.rules, 6, 0, 0, 1)])


# --------------------------------------------------------------------------- command line

def test_cli_table(capsys):
    assert main(["campaign", "--games", "40", "--seed", "3", "--no-progress", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "2 players, 40 games per floor (seed 3)" in out
    for f in FLOORS:
        assert f.name in out
    assert "79 %" in out and "40–62 %" in out


def test_cli_json(capsys):
    assert main(["campaign", "--games", "30", "--players", "3", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["floor"] for d in data] == ALL
    first = data[0]
    assert {"name", "goal", "tokens", "pass_rate", "interval", "stars", "players", "games", "seed"} <= set(first)
    assert first["name"] == "Probefahrt" and first["players"] == 3 and first["games"] == 30
    lo, hi = first["interval"]
    assert lo <= first["pass_rate"] <= hi


def test_cli_list_and_help(capsys):
    assert main(["campaign", "--list"]) == 0
    out = capsys.readouterr().out
    assert all(f.name in out and f.why[:30] in out.replace("\n    ", " ") for f in FLOORS)
    assert main(["campaign", "--help"]) == 0
    out = capsys.readouterr().out
    for words in ("--players", "--games", "--seed", "--json", "goal", "tokens", "stars", "95 % interval", "examples"):
        assert words in out


@pytest.mark.parametrize("argv, words", [
    (["--players", "0"], "--players must be from 1 to 5"), (["--players", "6"], "--players must be from 1 to 5"),
    (["--games", "0"], "--games must be from 1 to"), (["--games", "x"], "invalid int value"),
    (["--seed", "-1"], "--seed must be from 0 to"), (["--workers", "0"], "--workers must be from 1 to"),
    (["--players", "٣"], "plain digits"), (["--colour"], "unrecognized arguments"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    assert main(["campaign", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


# --------------------------------------------------------------------------- the rule book says what the kit does

def _rule_book_rows(heading: str) -> list[list[str]]:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "paternoster.md").read_text(encoding="utf-8")
    section = text[text.index(heading):]
    section = section[:section.index("\n### ", 1) if "\n### " in section[1:] else len(section)]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return [[c.strip() for c in row] for row in rows[1:]]


def test_the_rule_books_floor_table_is_the_kits_floors():
    rows = _rule_book_rows("### 15.4 ")
    assert len(rows) == FLOOR_COUNT                         # the rule book lists every floor of the kit
    for f, (name, rules, goal_text, tokens, why) in zip(FLOORS, rows):
        assert name == f"{f.number}. {f.name} ({f.english})"
        assert (rules, goal_text, int(tokens), why) == (f.rules_name, f.goal_text(), f.tokens, f.why)


def test_the_rule_books_calibration_is_what_the_kit_measures(table):
    rows = _rule_book_rows("### 15.6 ")
    two = [row for row in rows if len(row) == 7]
    assert len(two) == FLOOR_COUNT
    for r, row in zip(table, two):
        assert row[0] == f"{r.floor.number}. {r.floor.name}"
        assert row[1] == f"{r.rate:.1f} % ({r.low:.1f}–{r.high:.1f})"
        assert row[2] == r.target_text
        assert row[3:] == [f"{x:.1f} %" for x in r.star_shares]
    by_players = [row for row in rows if len(row) == 6][1:]  # the second table (after its header): two players = the first
    assert [row[2] for row in by_players] == [f"{r.rate:.1f} %" for r in table]


def test_cli_list_json_gives_the_floors_and_options_that_do_nothing_are_refused(capsys):
    import json

    from paternoster.cli import main
    assert main(["campaign", "--list", "--json"]) == 0
    floors = json.loads(capsys.readouterr().out)
    assert [f["floor"] for f in floors] == [f.number for f in FLOORS]
    assert [(f["name"], f["goal"], f["tokens"]) for f in floors] == [(f.name, f.goal, f.tokens)
                                                                     for f in FLOORS]
    for extra in (["--players", "3"], ["--games", "10"], ["--seed", "4"], ["--workers", "1"]):
        assert main(["campaign", "--list", *extra]) == 2
        captured = capsys.readouterr()
        assert extra[0] in captured.err and "does not apply" in captured.err and captured.out == ""


def test_floor_repr_names_rules_goal_tokens_and_passengers():
    for f in FLOORS:
        text = repr(f)
        assert f"rules={f.rules_name!r}" in text and f"tokens={f.tokens}" in text and f"goal={f.goal}" in text
        assert ("passengers=" in text) == bool(f.passengers)


def test_pool_workers_ignore_ctrl_c_so_only_the_caller_stops():
    import signal

    from paternoster.lift import fastsim
    pool = fastsim._pool(2)
    try:
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN
    finally:
        fastsim.close_pools()
