"""paternoster.lift.simulation and paternoster.core.stats: intervals, arguments, and that a simulation plays the real games.

The statistics helpers are checked against published values (Newcombe 1998) and hand
computations, and their coverage against seeded random samples; ``simulate`` against games
played directly with Game + SimplePlayer.  The fast kernel's game-for-game agreement over
many seeds is tested with the kernel; here only that ``simulate`` passes it through unchanged.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from paternoster import STANDARD, Game, RulesError, make_rules, preset
from paternoster.core import stats as _stats
from paternoster.core.stats import check_progress, mean_interval, newcombe, paired_shares, progress_bar, wilson
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.levels import LEVELS, level
from paternoster.lift.simulation import (OUTCOMES, REASONS, SimulationResult, default_players, resolve_rules, rules_name,
                                    simulate)

from kit_helpers import Recorder


@pytest.fixture(autouse=True)
def _fresh_recorder():
    Recorder.made = []
    yield


# --------------------------------------------------------------------------- statistics helpers
@pytest.mark.parametrize("k,n,low,high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, Wilson score
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # by hand: p = 1/4, z² = 3.8415, centre 0.37247, half-width 0.32688
    (1, 4, 0.0456, 0.6994),
])
def test_wilson_published_values(k, n, low, high):
    share, lo, hi = wilson(k, n)
    assert share == k / n
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_without_games_knows_nothing():
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


@pytest.mark.parametrize("k1,n1,k2,n2,low,high", [
    # Newcombe (1998), "Interval estimation for the difference between independent proportions",
    # Table II, method 10 (hybrid score)
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (10, 10, 0, 20, 0.6791, 1.0),
])
def test_newcombe_published_values(k1, n1, k2, n2, low, high):
    d, lo, hi = newcombe(k1, n1, k2, n2)
    assert d == pytest.approx(k1 / n1 - k2 / n2)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


@pytest.mark.parametrize("values,expected", [
    # mean 2.5, sd = √(5/3) = 1.29099, half-width 1.95996 · 1.29099 / 2 = 1.26513
    ([1, 2, 3, 4], (2.5, 1.23487, 3.76513)),
    # mean 1, squared deviations 1 + 1 + 1 + 9 = 12, sd = √(12 / 3) = 2, half-width 1.95996 · 2 / √4
    ([0, 0, 0, 4], (1.0, 1 - 1.959964, 1 + 1.959964)),
    ([7, 7, 7], (7.0, 7.0, 7.0)),
    (np.array([3], dtype=np.int16), (3.0, math.nan, math.nan)),
    ([], (math.nan, math.nan, math.nan)),
])
def test_mean_interval_hand_computed(values, expected):
    got = mean_interval(values)
    for g, e in zip(got, expected):
        assert (math.isnan(g) and math.isnan(e)) or g == pytest.approx(e, abs=1e-4)


@pytest.mark.parametrize("a,b,expected", [
    # 3 games, differences −1, −1, 0: mean −2/3, sd = √((2 · (1/3)² + (2/3)²) / 2) = √(1/3),
    # half-width 1.959964 · √(1/3) / √3 = 0.653321: −1.3200 (clipped to −1) to −0.0133
    ([0, 0, 0], [1, 1, 0], (-2 / 3, -1.0, -2 / 3 + 0.653321)),
    ([1, 1, 0], [0, 0, 0], (2 / 3, 2 / 3 - 0.653321, 1.0)),
    # within −1 … 1 nothing is clipped: the paired mean interval of 1, 0, 0, 0 (see above: 0.25 ± 0.49)
    ([1, 0, 0, 0], [0, 0, 0, 0], (0.25, 0.25 - 1.959964 * 0.5 / 2, 0.25 + 1.959964 * 0.5 / 2)),
    ([1], [0], (1.0, math.nan, math.nan)),
    ([], [], (math.nan, math.nan, math.nan)),
])
def test_paired_shares_are_clipped_to_minus_one_to_one(a, b, expected):
    got = paired_shares(a, b)
    for g, e in zip(got, expected):
        assert (math.isnan(g) and math.isnan(e)) or g == pytest.approx(e, abs=1e-5)


def test_paired_shares_need_the_same_games():
    with pytest.raises(ValueError, match="the same games on both sides: 2 against 3 games"):
        paired_shares([1, 0], [1, 0, 0])


def test_wilson_interval_covers_the_true_share_95_percent_of_the_time():
    # 2000 seeded samples of 400 games with a true perfect share of 0.2: a right interval covers
    # 0.2 in about 95 % of them (a 1-sd interval would cover 68 %, a 99 % one 99 %).
    rng = np.random.default_rng(12345)
    ks = rng.binomial(400, 0.2, size=2000)
    covered = sum(lo <= 0.2 <= hi for _, lo, hi in (wilson(int(k), 400) for k in ks))
    assert 0.93 <= covered / 2000 <= 0.97


def test_mean_interval_covers_the_true_mean_95_percent_of_the_time():
    # remaining cards are skewed; the mean of 400 games is close to normal all the same
    rng = np.random.default_rng(54321)
    samples = rng.geometric(0.2, size=(2000, 400)) - 1          # true mean (1 − p) / p = 4
    covered = sum(lo <= 4 <= hi for _, lo, hi in (mean_interval(s) for s in samples))
    assert 0.93 <= covered / 2000 <= 0.97


def test_paskahousu_uses_the_one_wilson_and_progress_check():
    from paternoster.paskahousu import simulate as pk_simulate
    from paternoster.paskahousu.simulation import wilson as pk_wilson

    assert pk_wilson is _stats.wilson
    with pytest.raises(TypeError, match="progress takes a tqdm-like class"):
        pk_simulate(3, games=2, progress=True)


@pytest.mark.parametrize("progress", [True, 1, "tqdm", 2.5])
def test_progress_must_be_a_class_or_none(progress):
    with pytest.raises(TypeError, match=r"progress takes a tqdm-like class such as tqdm.auto.tqdm, or None for no "
                                        r"progress bar; not .*\. Write: from tqdm.auto import tqdm, then "
                                        r"simulate\(\.\.\., progress=tqdm\)\."):
        check_progress(progress)


@pytest.mark.parametrize("off", [None, False])
def test_no_progress_gives_a_silent_bar(off):
    bar = progress_bar(off, 10)
    bar.update(3)
    bar.set_description("x")
    bar.close()
    assert check_progress(off) is None


def test_progress_bar_opens_the_class_with_the_total():
    bar = progress_bar(Recorder, 17)
    assert isinstance(bar, Recorder) and bar.total == 17


class _NoClose:
    def __init__(self, total):
        pass

    def update(self, n=1):
        pass


@pytest.mark.parametrize("progress,name,why", [
    (print, "print", "'total' is an invalid keyword argument for print()"),
    (lambda: None, "<lambda>", "got an unexpected keyword argument 'total'"),
    (lambda total: None, "<lambda>", "it gave NoneType, which has no update() and no close()"),
    (_NoClose, "_NoClose", "it gave _NoClose, which has no close()"),
])
def test_a_progress_that_is_not_tqdm_like_is_explained(progress, name, why):
    with pytest.raises(TypeError) as e:
        simulate(games=3, progress=progress)
    text = str(e.value)
    assert text.startswith("progress must be a tqdm-like class such as tqdm.auto.tqdm: it is called as "
                           "progress(total=n) and gives a bar with update(k) and close(). "
                           f"{name} cannot be used so (")
    assert why in text and text.endswith("Write: from tqdm.auto import tqdm, then simulate(..., progress=tqdm).")
    assert "0x" not in text


# --------------------------------------------------------------------------- arguments
BAD = [
    (dict(games=-1), ValueError, "games must be at least 0, not -1"),
    (dict(games=2.5), ValueError, "games must be a whole number"),
    (dict(games=True), ValueError, "games must be a whole number"),
    (dict(seed=-3), ValueError, "seed must be at least 0"),
    (dict(player="clever"), ValueError, "player must be one of 'simple', 'talking'"),
    (dict(engine="turbo"), ValueError, "engine must be one of 'auto', 'fast', 'reference'"),
    (dict(rules="Normel"), RulesError, r"No preset called 'Normel' \(did you mean 'Normal'\?\)"),
    (dict(rules=5), RulesError, r"rules must be a preset or level name such as 'Normal', a level "
                                r"\(paternoster.LEVELS\[k\], paternoster.level\(name\)\) or a Rules object"),
    (dict(players=0), RulesError, "Standard Paternoster is for 1 to 5 players, not 0"),
    (dict(players=6), RulesError, "not 6"),
    (dict(players="2"), RulesError, "players must be a whole number"),
    (dict(rules="Zwei Kabinen", players=3), RulesError, "Zwei Kabinen is for exactly 2 players, not 3"),
    (dict(rules="Hochhaus 4", players=2), RulesError, "Hochhaus 4 is for 6 to 8 players, not 2"),
    (dict(rules="Weitergeben", players=1), RulesError, "Weitergeben"),
    (dict(rules=level("Zwei Kabinen"), players=3), RulesError, "Zwei Kabinen is for exactly 2 players, not 3"),
]


@pytest.mark.parametrize("kwargs,error,words", BAD)
def test_bad_arguments_are_refused_before_any_game(kwargs, error, words):
    with pytest.raises(error, match=words):
        simulate(**{"games": 5, **kwargs}, progress=Recorder)
    assert Recorder.made == []           # no bar opened: nothing ran


def test_bad_progress_is_refused():
    with pytest.raises(TypeError, match="progress takes a tqdm-like class"):
        simulate(games=3, progress=True)


def test_fast_engine_names_why_it_cannot_play(monkeypatch):
    from paternoster.lift import fastsim

    why = "the kernel cannot play this (a stand-in reason)."
    monkeypatch.setattr(fastsim, "unsupported", lambda rules, players: why if rules.passing else None)
    with pytest.raises(ValueError) as e:
        simulate("Weitergeben", 2, games=3, engine="fast", progress=Recorder)
    assert str(e.value) == (f"engine='fast' cannot play Weitergeben with 2 players: {why} "
                            f"Use engine='auto' or engine='reference'.")
    assert ".." not in str(e.value)
    assert Recorder.made == []
    assert simulate("Weitergeben", 2, games=3, engine="auto").engine == "reference"


@pytest.mark.parametrize("name,rules,shown", [
    ("Normal", STANDARD, "Normal"),
    ("standard", STANDARD, "Normal"),
    ("kurze_fahrt", preset("Kurze Fahrt"), "Kurze Fahrt"),
    ("GROSSE HAND", preset("Große Hand"), "Große Hand"),
    ("hochhaus-5", preset("Hochhaus 5"), "Hochhaus 5"),
    ("Notruf-Marken 3", make_rules("notruf-marken", tokens=3), "Notruf-Marken 3"),
])
def test_rules_by_name(name, rules, shown):
    assert resolve_rules(name) == (rules, shown)


@pytest.mark.parametrize("k", range(len(LEVELS)))
def test_a_level_object_is_accepted_wherever_a_rules_name_is(k):
    lv = LEVELS[k]
    assert resolve_rules(lv) == (lv.rules, lv.name)
    got = simulate(lv, games=3, seed=2)
    named = simulate(lv.name, games=3, seed=2)
    assert (got.rules_name, got.players, got.rules) == (lv.name, lv.players, lv.rules)
    assert got.remaining.tolist() == named.remaining.tolist()


def test_a_level_takes_its_own_players_unless_players_are_given():
    assert simulate(level("Hochhaus 5"), games=0).players == 6
    assert simulate(level("Normal"), 3, games=0).players == 3


def test_rules_objects_keep_their_name_unless_a_preset_has_them():
    assert rules_name(make_rules("steil", "feuer")) == "Steil + Feuer"
    assert rules_name(make_rules("feuer")) == "Feuer"
    assert resolve_rules(make_rules()) == (STANDARD, "Normal")


@pytest.mark.parametrize("name,players", [("Normal", 2), ("Zwei Kabinen", 2), ("Hochhaus 4", 6), ("Hochhaus 5", 6)])
def test_default_players_two_else_the_fewest_allowed(name, players):
    assert default_players(preset(name)) == players
    assert simulate(name, games=0).players == players


# --------------------------------------------------------------------------- the reference path plays the real games
def _direct(rules, players, seed, games):
    out = []
    for i in range(games):
        g = SimplePlayer().play_game(Game.new(players, seed, rules=rules, game=i))
        r = g.result
        out.append((r.remaining, r.outcome, r.reason, r.turn))
    return out


@pytest.mark.parametrize("name,players,seed,games", [
    ("Normal", 2, 3, 6),
    ("Normal", 3, 1, 4),
    ("Feuer", 2, 0, 6),           # games 1–3 are lost to fire
    ("Fahrgäste", 2, 2, 6),
    ("Kinderfahrt", 1, 4, 6),
    ("Zwei Kabinen", 2, 5, 4),
])
def test_reference_result_is_the_games_played_directly(name, players, seed, games):
    rules = preset(name)
    r = simulate(name, players, games, seed, engine="reference")
    assert r.engine == "reference" and r.games == games and r.rules == rules
    got = [(int(r.remaining[i]), OUTCOMES[r.outcome[i]], REASONS[r.reason[i]], int(r.turns[i])) for i in range(games)]
    assert got == _direct(rules, players, seed, games)


def test_feuer_losses_are_counted_by_reason():
    r = simulate("Feuer", 2, 6, 0, engine="reference")
    direct = _direct(preset("Feuer"), 2, 0, 6)
    fire = sum(1 for _, o, why, _ in direct if o == "lost" and why == "fire")
    assert fire >= 1                                  # the seed was chosen so that there are some
    assert r.lost() == {"fire": wilson(fire, 6)}
    assert r.outcomes()["lost"] == wilson(fire, 6)
    assert "lost" in r.summary().splitlines()[1] and "fire" in r.summary()


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_replay_and_game_agree_with_the_stored_arrays(engine):
    r = simulate("Feuer", 2, 8, 1, engine=engine)
    for i in range(8):
        fresh, direct = r.game(i), Game.new(2, 1, rules=preset("Feuer"), game=i)
        assert not fresh.is_terminal() and fresh.turn == direct.turn == 1
        assert fresh.hands == direct.hands and fresh.draw_pile == direct.draw_pile
        res = r.replay(i).result
        assert (res.remaining, res.outcome, res.reason, res.turn) == (
            r.remaining[i], OUTCOMES[r.outcome[i]], REASONS[r.reason[i]], r.turns[i])


@pytest.mark.parametrize("i", [-1, 8, 2.0, "1"])
def test_game_index_must_be_a_game_of_the_simulation(i):
    r = simulate(games=8, engine="reference")
    with pytest.raises(ValueError, match="i \\(the game's number in the simulation, from 0\\)"):
        r.game(i)


def test_no_games_no_game_to_open():
    r = simulate(games=0)
    assert r.summary() == "Normal, 2 players, simple player, 0 games (seed 0): no games played."
    assert r.distribution().tolist() == [0] and math.isnan(r.mean_remaining()[0]) and r.perfect() == (0, 0, 1)
    with pytest.raises(ValueError, match="no games"):
        r.game(0)


@pytest.mark.parametrize("engine", ["auto", "reference"])
def test_talking_player_plays_on_both_engines(engine):
    from paternoster.lift.talking import TalkingTeam

    r = simulate("Normal", 2, 3, 2, player="talking", engine=engine)
    assert (r.player, r.engine) == ("talking", "fast" if engine == "auto" else "reference")
    for i in range(3):
        g = TalkingTeam().play_game(Game.new(2, 2, game=i))
        assert (g.result.remaining, g.result.turn) == (r.remaining[i], r.turns[i])
        assert r.replay(i).result.remaining == r.remaining[i]


def test_passing_is_played_by_the_fast_engine_for_both_players():
    for player in ("simple", "talking"):
        r = simulate("Weitergeben", 2, 3, 0, player=player)
        assert (r.player, r.engine) == (player, "fast")
        ref = simulate("Weitergeben", 2, 3, 0, player=player, engine="reference")
        assert r.remaining.tolist() == ref.remaining.tolist() and r.turns.tolist() == ref.turns.tolist()


@pytest.mark.parametrize("name,players", [("Normal", 2), ("Fahrgäste", 3), ("Hochhaus 5", 6)])
def test_fast_and_reference_engines_give_the_same_arrays(name, players):
    fast = simulate(name, players, 12, 4, engine="fast")
    ref = simulate(name, players, 12, 4, engine="reference")
    assert fast.engine == "fast"
    for a in ("remaining", "outcome", "reason", "turns"):
        assert getattr(fast, a).tolist() == getattr(ref, a).tolist(), a
        assert getattr(fast, a).dtype == getattr(ref, a).dtype, a


def test_fast_engine_runs_in_chunks_and_the_bar_counts_games(monkeypatch):
    from paternoster.lift import simulation

    whole = simulate("Normal", 2, 20, 6, engine="fast")
    monkeypatch.setattr(simulation, "CHUNK", 7)
    r = simulate("Normal", 2, 20, 6, engine="fast", progress=Recorder)
    (bar,) = Recorder.made
    assert (bar.total, bar.updates, bar.closed, bar.descriptions) == (20, [7, 7, 6], True, ["Normal"])
    assert r.remaining.tolist() == whole.remaining.tolist() and r.turns.tolist() == whole.turns.tolist()


def test_reference_bar_moves_once_per_game_and_closes():
    simulate("Kurze Fahrt", 2, 4, engine="reference", progress=Recorder)
    (bar,) = Recorder.made
    assert (bar.total, bar.updates, bar.closed) == (4, [1, 1, 1, 1], True)


# --------------------------------------------------------------------------- the result's statistics
def _result(remaining, outcome, reason=None, name="Normal"):
    n = len(remaining)
    return SimulationResult(name, 2, n, 0, "simple", "reference", np.array(remaining, np.int16),
                            np.array(outcome, np.int8), np.array(reason or [0] * n, np.int8),
                            np.ones(n, np.int16), 0.0, STANDARD)


def test_result_statistics_by_hand():
    # 5 games: remaining 0, 0, 3, 3, 9 -> 2 perfect; mean 3, sd = √(((−3)²·2 + 0 + 0 + 6²)/4) = √13.5
    r = _result([0, 0, 3, 3, 9], [0, 0, 1, 1, 2], [0, 0, 0, 0, 1])
    assert r.perfect() == wilson(2, 5)
    half = 1.959963984540054 * math.sqrt(13.5) / math.sqrt(5)          # 3.22 cards
    assert mean_interval(r.remaining) == pytest.approx((3.0, 3 - half, 3 + half))
    assert r.mean_remaining() == pytest.approx((3.0, 0.0, 3 + half))     # no game leaves fewer than 0 cards
    assert r.distribution().tolist() == [2, 0, 0, 2, 0, 0, 0, 0, 0, 1]
    assert r.outcomes() == {"perfect": wilson(2, 5), "stuck": wilson(2, 5), "lost": wilson(1, 5)}
    assert r.lost() == {"fire": wilson(1, 5)}
    assert r.games_per_second == float("inf")


def test_mean_remaining_never_reaches_below_zero_cards():
    r = _result([0, 0, 0, 0, 0, 0, 0, 8], [0] * 7 + [1])
    m, lo, hi = r.mean_remaining()
    assert m == 1.0 and mean_interval(r.remaining)[1] < 0 and lo == 0.0 and hi == mean_interval(r.remaining)[2]


def test_summary_repr_and_html():
    r = _result([0, 0, 3, 3, 9], [0, 0, 1, 1, 2], [0, 0, 0, 0, 1])
    p, plo, phi = wilson(2, 5)
    line1, line2 = r.summary().splitlines()
    assert line1 == (f"Normal, 2 players, simple player, 5 games (seed 0): perfect 40.0 % (95 % interval "
                     f"{100 * plo:.1f}–{100 * phi:.1f} %), on average 3.00 cards left (95 % interval "
                     f"{r.mean_remaining()[1]:.2f}–{r.mean_remaining()[2]:.2f})")
    assert line2.startswith("  lost 20.0 %") and "fire 20.0 %" in line2
    assert repr(r) == ("SimulationResult(rules='Normal', players=2, games=5, seed=0, player='simple', "
                       "engine='reference', perfect=0.400, mean_remaining=3.00)")
    page = r._repr_html_()
    assert "<table>" in page and "lost: fire" in page and "0x" not in page


def test_one_game_one_player_and_an_unknown_interval():
    r = dataclasses.replace(_result([4], [1]), players=1)
    p, plo, phi = wilson(0, 1)
    assert r.summary() == (f"Normal, 1 player, simple player, 1 game (seed 0): perfect 0.0 % (95 % interval "
                           f"0.0–{100 * phi:.1f} %), on average 4.00 cards left (95 % interval —)")
    assert "1 player ·" in r._repr_html_() and "1 game " in r._repr_html_() and "—–" not in r._repr_html_()


@pytest.mark.parametrize("rules,note", [
    (preset("Stille Fahrt"), "Stille Fahrt changes nothing for it"),
    (preset("Liftführer"), "Liftführer changes nothing for it"),
    (preset("Sanduhr"), "Sanduhr changes nothing for it"),
    (make_rules("steil", "sanduhr", "stille-fahrt"), "Stille Fahrt and Sanduhr change nothing for it"),
    (STANDARD, None),
    (preset("Steil"), None),
    (preset("Notruf-Marken 2"), None),
])
def test_rules_the_simple_player_never_notices_are_named_in_one_line(rules, note):
    r = dataclasses.replace(_result([0, 3], [0, 1]), rules=rules)
    lines = r.summary().splitlines()
    if note is None:
        assert len(lines) == 1 and "never signals" not in r._repr_html_()
    else:
        assert lines[1:] == [f"  the simple player never signals or runs out of time: {note}"]
        assert "The simple player never signals or runs out of time" in r._repr_html_()
    talking = dataclasses.replace(r, player="talking")
    assert len(talking.summary().splitlines()) == 1           # the talking team does signal


def test_html_escapes_the_rules_name():
    odd = dataclasses.replace(STANDARD, name="A<b>&")
    r = simulate(odd, 2, 0)
    assert r.rules_name == "A<b>&" and "A&lt;b&gt;&amp;" in r._repr_html_() and "<b>&" not in r._repr_html_()


def test_same_seed_same_result_text():
    a = simulate("Kinderfahrt", 2, 5, 9, engine="reference")
    b = simulate("Kinderfahrt", 2, 5, 9, engine="reference")
    assert a.summary() == b.summary() and repr(a) == repr(b) and a._repr_html_() == b._repr_html_()
    assert int(a.distribution().sum()) == 5 and int(a.distribution()[0]) == int((a.outcome == 0).sum())


# --------------------------------------------------------------------------- seeded statistics
def test_two_seeds_agree_within_their_intervals():
    # The same rules at two seeds are two samples of one distribution: the difference's 95 %
    # interval contains 0, and each mean lies in the other's interval (fixed seeds: deterministic).
    a = simulate("Normal", 2, 2000, seed=0, engine="fast")
    b = simulate("Normal", 2, 2000, seed=1, engine="fast")
    ka, kb = int((a.outcome == 0).sum()), int((b.outcome == 0).sum())
    d, lo, hi = newcombe(ka, 2000, kb, 2000)
    assert lo <= 0 <= hi
    assert b.perfect()[1] <= a.perfect()[0] <= b.perfect()[2]
    assert b.mean_remaining()[1] <= a.mean_remaining()[0] <= b.mean_remaining()[2]


def test_a_small_reference_run_contains_the_large_runs_share():
    big = simulate("Normal", 2, 4000, seed=0, engine="fast")
    small = simulate("Normal", 2, 40, seed=11, engine="reference")
    assert small.perfect()[1] <= big.perfect()[0] <= small.perfect()[2]
    assert small.mean_remaining()[1] <= big.mean_remaining()[0] <= small.mean_remaining()[2]


def test_workers_are_checked_and_change_nothing():
    with pytest.raises(ValueError, match="workers"):
        simulate("Normal", games=5, workers=0)
    a = simulate("Normal", games=40, seed=3, workers=2)
    b = simulate("Normal", games=40, seed=3)
    assert np.array_equal(a.remaining, b.remaining)
