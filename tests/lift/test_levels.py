"""paternoster.lift.levels: the ladder, the difficulty table, the seed's claims and their verdict rules."""

from __future__ import annotations

import re

import numpy as np
import pytest

from paternoster import STANDARD, RulesError, make_rules, preset
from paternoster.core.stats import mean_interval, paired_shares, wilson
from paternoster.lift.levels import (LEVELS, VERDICT_GAMES, VERDICTS, Claim, DifficultyTable, Level, TalkingComparison,
                                _hard_claim, _players_claim, _tokens_claim, claims, difficulty_table, find_level,
                                level, talking_vs_silent)
from paternoster.lift.simulation import SimulationResult, simulate

from kit_helpers import Recorder

ORDER = ["Kinderfahrt", "Kurze Fahrt", "Große Hand", "Normal", "Kleine Hand", "Steil", "Fahrgäste", "Feuer",
         "Befehle light", "Befehle", "Zwei Kabinen", "Hochhaus 5", "Hochhaus 4"]


@pytest.fixture(autouse=True)
def _fresh_recorder():
    Recorder.made = []
    yield


# --------------------------------------------------------------------------- the ladder
def test_levels_are_spec_9_in_ladder_order():
    assert [lv.name for lv in LEVELS] == ORDER


@pytest.mark.parametrize("lv", LEVELS, ids=lambda lv: lv.name)
def test_each_level_is_its_preset_with_two_players_or_hochhaus_six(lv):
    assert lv.rules == preset(lv.name)
    assert lv.players == (6 if lv.name.startswith("Hochhaus") else 2)
    lv.rules.check_players(lv.players)
    assert "\n" not in lv.description and 20 < len(lv.description) <= 110 and lv.description.endswith(".")
    # the player count is shown beside the description (`--list`, lesson 6), so it is not repeated in it
    assert not re.search(r"\d+ players", lv.description), lv.description


@pytest.mark.parametrize("name,hand", [("Kinderfahrt", 3), ("Kurze Fahrt", 6), ("Große Hand", 8), ("Normal", 7),
                                       ("Kleine Hand", 6), ("Zwei Kabinen", 8), ("Hochhaus 5", 5), ("Hochhaus 4", 4)])
def test_descriptions_give_the_right_hand_size(name, hand):
    # hand sizes from the seed's 'Varianten' (two players; Hochhaus: 6)
    assert f"{hand} cards each" in level(name).description or f"({hand} each)" in level(name).description


@pytest.mark.parametrize("spelling,name", [("grosse_hand", "Große Hand"), ("HOCHHAUS 4", "Hochhaus 4"),
                                           ("fahrgaeste", "Fahrgäste"), ("befehle-light", "Befehle light")])
def test_level_names_are_forgiving(spelling, name):
    assert level(spelling).name == name and find_level(spelling).name == name


@pytest.mark.parametrize("name,words", [
    ("Hochhaus", r"No level called 'Hochhaus' \(did you mean"),
    ("Feur", r"No level called 'Feur' \(did you mean 'Feuer'\?\)"),
    ("Notruf-Marken 2", "No level called 'Notruf-Marken 2'; the levels are: Kinderfahrt"),
    (3, "No level called 3"),
])
def test_unknown_level(name, words):
    with pytest.raises(RulesError, match=words):
        level(name)
    assert find_level(name) is None


def test_simulate_takes_a_level_name():
    r = simulate("hochhaus_5", games=0)
    assert (r.rules_name, r.players, r.rules) == ("Hochhaus 5", 6, preset("Hochhaus 5"))


def test_level_html_says_player_or_players():
    one = Level("X", STANDARD, 1, "Y.")
    assert "(1 player)" in one._repr_html_() and "(6 players)" in level("Hochhaus 4")._repr_html_()


# --------------------------------------------------------------------------- the table
def test_table_is_one_simulation_per_level_under_one_bar():
    names = ["Hochhaus 4", "Kurze Fahrt", "Normal"]            # any order in, ladder order out
    t = difficulty_table(games=3, seed=2, progress=Recorder, engine="reference", levels=names)
    assert isinstance(t, DifficultyTable) and (t.games, t.seed) == (3, 2)
    assert [r.rules_name for r in t.results] == ["Kurze Fahrt", "Normal", "Hochhaus 4"]
    (bar,) = Recorder.made
    assert (bar.total, sum(bar.updates), bar.closed) == (9, 9, True)
    assert bar.descriptions == ["Kurze Fahrt", "Normal", "Hochhaus 4"]
    for r in t.results:
        alone = simulate(r.rules_name, games=3, seed=2, engine="reference")
        assert r.remaining.tolist() == alone.remaining.tolist() and r.players == alone.players
    assert t.result("normal") is t.results[1]
    with pytest.raises(RulesError, match="not in this table"):
        t.result("Steil")


def test_rows_summary_and_html():
    t = difficulty_table(games=4, seed=1, engine="reference", levels=["Feuer", "Kinderfahrt"])
    rows = t.rows
    assert [r["level"] for r in rows] == ["Kinderfahrt", "Feuer"]
    for row, r in zip(rows, t.results):
        assert (row["perfect"], row["perfect_low"], row["perfect_high"]) == r.perfect()
        assert (row["remaining"], row["remaining_low"], row["remaining_high"]) == r.mean_remaining()
        assert row["lost"] == r.outcomes()["lost"][0] and row["players"] == 2 and row["games"] == 4
    lines = t.summary().splitlines()
    assert lines[0] == "Difficulty levels: simple player, 4 games per level (seed 1), 95 % intervals"
    assert len(lines) == 4 and lines[2].startswith("Kinderfahrt") and lines[3].startswith("Feuer")
    p = rows[1]["perfect"]
    assert f"{100 * p:.1f}" in lines[3]
    assert repr(t) == "DifficultyTable(levels=['Kinderfahrt', 'Feuer'], games=4, seed=1)"
    assert t._repr_html_().count("<tr>") == 3 and "0x" not in t._repr_html_()


@pytest.mark.parametrize("kwargs,error,words", [
    (dict(levels=["Nope"]), RulesError, "No level called 'Nope'"),
    (dict(levels=[]), RulesError, "give at least one level name"),
    (dict(games=-1), ValueError, "games must be at least 0"),
    (dict(engine="warp"), ValueError, "engine must be one of"),
    (dict(progress=True), TypeError, r"then difficulty_table\(\.\.\., progress=tqdm\)"),
])
def test_table_refuses_bad_arguments_before_any_game(kwargs, error, words):
    with pytest.raises(error, match=words):
        difficulty_table(**{"games": 2, "progress": Recorder, **kwargs})
    assert Recorder.made == []


def test_a_table_without_games_shows_dashes_not_shares():
    t = difficulty_table(games=0, levels=["Normal", "Feuer"])
    lines = t.summary().splitlines()
    assert lines[0] == "Difficulty levels: simple player, 0 games per level (seed 0), 95 % intervals"
    for line, name in zip(lines[2:], ["Normal", "Feuer"]):
        assert line.split() == [name, "2", "—", "(—)", "—", "(—)", "—"]
    page = t._repr_html_()
    assert "100.0" not in page and "0.0" not in page and page.count("<td>—</td>") == 10


def test_a_table_of_one_game_says_game_and_shows_one_dash_for_the_unknown_spread():
    t = difficulty_table(games=1, levels=["Kurze Fahrt"], engine="reference")
    lines = t.summary().splitlines()
    assert lines[0].startswith("Difficulty levels: simple player, 1 game per level")
    assert "(—)" in lines[2] and "—–—" not in lines[2] and "—–—" not in t._repr_html_()


def test_whole_table_on_the_fast_engine():
    t = difficulty_table(games=40, seed=3)
    assert [r.rules_name for r in t.results] == ORDER
    assert all(r.engine == "fast" for r in t.results)
    assert [r.players for r in t.results] == [lv.players for lv in LEVELS]


# --------------------------------------------------------------------------- verdict rules on made-up results
def _made(perfect: int, games: int = 100, players: int = 2, name: str = "Normal", rules=STANDARD) -> SimulationResult:
    """A result whose first ``perfect`` games are perfect (so runs are nested: paired differences are exact);
    the others leave 5 cards each."""
    outcome = np.ones(games, np.int8)
    outcome[:perfect] = 0
    remaining = np.where(outcome == 0, 0, 5).astype(np.int16)
    return SimulationResult(name, players, games, 0, "simple", "reference", remaining, outcome,
                            np.zeros(games, np.int8), np.ones(games, np.int16), 0.0, rules)


def _hard_runs(normal, kab, h4, h5, games=1000):
    return {"tokens 0": _made(normal, games), "Zwei Kabinen": _made(kab, games, name="Zwei Kabinen"),
            "Hochhaus 4": _made(h4, games, 6, "Hochhaus 4", preset("Hochhaus 4")),
            "Hochhaus 5": _made(h5, games, 6, "Hochhaus 5", preset("Hochhaus 5"))}


@pytest.mark.parametrize("counts,verdict", [
    ((20, 30, 40, 50, 60), "agrees"),           # every token +10 points
    ((20, 26, 32, 38, 44), "agrees"),           # every token +6
    ((20, 40, 42, 44, 60), "partly"),           # +20, +2, +2, +16: mean +10 but not each
    ((20, 24, 28, 32, 36), "does not agree"),   # every token +4: mean 4 < 5
    ((20, 40, 60, 80, 100), "does not agree"),  # every token +20
])
def test_tokens_verdict_rule(counts, verdict):
    runs = {f"tokens {k}": _made(c) for k, c in enumerate(counts)}
    c = _tokens_claim(runs)
    assert c.verdict == verdict and c.key == "tokens"
    assert c.numbers["mean gain per token"][0] == pytest.approx((counts[4] - counts[0]) / 400)
    assert c.numbers["gain of token 2"][0] == pytest.approx((counts[2] - counts[1]) / 100)
    assert c.numbers["perfect, 3 tokens"] == wilson(counts[3], 100)


@pytest.mark.parametrize("two,three,four,verdict", [
    (300, 250, 280, "agrees"),           # 3 players −5 points (clearly below), 4 players −2
    (300, 250, 380, "partly"),           # 4 players +8: not about as hard
    (300, 150, 300, "partly"),           # 3 players −15: not slightly
    (300, 298, 300, "partly"),           # 3 players −0.2: interval reaches 0, not clearly harder
    (300, 330, 200, "does not agree"),   # 3 players easier, 4 players −10
])
def test_players_verdict_rule(two, three, four, verdict):
    runs = {"tokens 0": _made(two, 1000), "players 3": _made(three, 1000, 3), "players 4": _made(four, 1000, 4)}
    c = _players_claim(runs)
    assert c.verdict == verdict
    d = mean_interval((runs["tokens 0"].outcome == 0).astype(float) - (runs["players 3"].outcome == 0))
    assert c.numbers["2 minus 3 players"] == d


@pytest.mark.parametrize("normal,kab,h4,h5,verdict", [
    (300, 50, 100, 300, "agrees"),        # both ≤ half of Normal's 30 %, Hochhaus 5 +20 points
    (300, 50, 200, 300, "partly"),        # Hochhaus 4 at 20 % is more than half of 30 %
    (300, 50, 100, 120, "partly"),        # Hochhaus 5 only +2 points
    (300, 250, 250, 255, "does not agree"),
])
def test_hard_levels_verdict_rule(normal, kab, h4, h5, verdict):
    c = _hard_claim(_hard_runs(normal, kab, h4, h5))
    assert c.verdict == verdict and c.key == "hard-levels"
    assert c.numbers["Hochhaus 5 minus Hochhaus 4"][0] == pytest.approx((h5 - h4) / 1000)


def test_hard_levels_findings_name_each_test_and_the_share_of_the_deck_left():
    # Hochhaus 4 at 20 % is more than half of Normal's 30 %: that test fails, the other two pass.
    c = _hard_claim(_hard_runs(300, 50, 200, 300))
    assert c.verdict == "partly"
    tests = [f for f in c.findings if " — " in f]
    assert [t.split(" — ")[1] for t in tests] == ["Zwei Kabinen is hard: yes",
                                                   "Hochhaus 4 is hard: no",
                                                   "Hochhaus 5 clearly easier: yes"]
    assert not any("holds" in f for f in c.findings)
    # cards left: Hochhaus 4 800 games × 5 cards / 1000 = 4.00 of 156 = 2.56 %; Normal 700 × 5 / 1000 = 3.50
    # of 104 = 3.37 %: fewer cards, but a larger share of Normal's smaller deck
    deck = c.findings[-1]
    assert deck.startswith("Hochhaus 4 leaves on average 4.00 cards, 2.6 % of its 156 (95 % interval ")
    assert "; Normal on average 3.50 cards, 3.4 % of its 104 (95 % interval " in deck
    assert deck.endswith("with 156 cards instead of 104 the scale differs, so compare the shares "
                         "(not part of the verdict)")
    assert c.numbers["share of the deck left, Hochhaus 4"][0] == pytest.approx(4.0 / 156)
    assert c.numbers["share of the deck left, Normal"][0] == pytest.approx(3.5 / 104)
    m, lo, hi = c.numbers["cards left, Hochhaus 4"]
    assert c.numbers["share of the deck left, Hochhaus 4"] == pytest.approx((m / 156, lo / 156, hi / 156))


@pytest.mark.parametrize("games", [1, 2, VERDICT_GAMES - 1])
def test_below_100_games_the_verdict_is_too_few_games(games):
    # the same made-up shares that agree at 100 games and more
    assert _tokens_claim({f"tokens {k}": _made(20 + 10 * k) for k in range(5)}).verdict == "agrees"
    few = {f"tokens {k}": _made(min(games, k), games) for k in range(5)}
    made = [_tokens_claim(few),
            _players_claim({"tokens 0": _made(0, games), "players 3": _made(0, games, 3),
                            "players 4": _made(0, games, 4)}),
            _hard_claim(_hard_runs(games // 2, 0, 0, games, games))]
    for c in made:
        assert c.verdict == "too few games" and "TOO FEW GAMES" in c.summary()
        assert "With fewer than 100 games per simulation the verdict is 'too few games' (the numbers are still " \
               "shown)." in c.rule
        assert not any("the test" in f for f in c.findings)          # nothing is decided
        assert any("%" in f for f in c.findings)                     # but the numbers are shown
    assert VERDICTS == ("agrees", "partly", "does not agree", "too few games")


def test_claim_text():
    runs = {f"tokens {k}": _made(20 + 10 * k) for k in range(5)}
    c = _tokens_claim(runs)
    text = c.summary()
    assert "every emergency token adds about ten percentage points" in text and "Verdict: AGREES" in text and "5 to 15 points" in text
    assert "  Rule book: rules §14.3" in text and "Seed:" not in text and "»" not in text
    assert "gain of token 1: +10.0 points" in text
    # 1 token: 30 perfect of 100; the others leave 5 cards: mean 3.50, the same words as SimulationResult.summary
    m, lo, hi = runs["tokens 1"].mean_remaining()
    assert (f"  - 1 token: perfect 30.0 % (95 % interval {100 * wilson(30, 100)[1]:.1f}–"
            f"{100 * wilson(30, 100)[2]:.1f} %), on average 3.50 cards left (95 % interval {lo:.2f}–{hi:.2f})") in text
    assert "  - 0 tokens: " in text and "1 tokens" not in text
    assert repr(c) == "Claim(key='tokens', verdict='agrees')"
    assert "Rule book: rules §14.3" in c._repr_html_() and "<blockquote" not in c._repr_html_()


# --------------------------------------------------------------------------- claims on real simulations
def test_claims_measure_what_they_say():
    made = claims(games=60, seed=1, progress=Recorder)
    assert [c.key for c in made] == ["tokens", "players", "hard-levels"]
    assert all(isinstance(c, Claim) and c.verdict == "too few games" for c in made)     # 60 < 100
    (bar,) = Recorder.made
    assert bar.total == 10 * 60 == sum(bar.updates) and bar.closed
    tokens, players, hard = made
    for k in range(5):
        rules = make_rules("notruf-marken", tokens=k) if k else make_rules()
        assert tokens.numbers[f"perfect, {k} tokens"] == simulate(rules, 2, 60, 1).perfect()
    assert players.numbers["perfect, 3 players"] == simulate("Normal", 3, 60, 1).perfect()
    assert hard.numbers["perfect, Hochhaus 4"] == simulate("Hochhaus 4", 6, 60, 1).perfect()
    assert hard.numbers["perfect, Zwei Kabinen"] == simulate("Zwei Kabinen", 2, 60, 1).perfect()


def test_claims_refuse_bad_arguments_before_any_game():
    with pytest.raises(ValueError, match=r"games \(a claim needs at least 1 game per simulation\) must be at least 1, "
                                         r"not 0"):
        claims(games=0, progress=Recorder)
    with pytest.raises(TypeError, match=r"then claims\(\.\.\., progress=tqdm\)"):
        claims(games=5, progress="yes")
    assert Recorder.made == []


# --------------------------------------------------------------------------- talking vs silent
def test_talking_vs_silent_on_the_same_deals():
    cmp = talking_vs_silent(games=4, seed=3, progress=Recorder)
    (bar,) = Recorder.made
    assert bar.total == 8 == sum(bar.updates)
    silent = simulate("Normal", 2, 4, 3, engine="reference")
    talking = simulate("Normal", 2, 4, 3, player="talking")
    assert cmp.silent.remaining.tolist() == silent.remaining.tolist()
    assert cmp.talking.remaining.tolist() == talking.remaining.tolist() and cmp.talking.player == "talking"
    gain = mean_interval((talking.outcome == 0).astype(float) - (silent.outcome == 0))
    change = mean_interval(talking.remaining.astype(float) - silent.remaining)
    assert cmp.perfect_gain == gain
    assert cmp.remaining_change[0] == pytest.approx(change[0])
    assert "Talking minus silent" in cmp.summary() and "0x" not in repr(cmp)


def test_talking_vs_silent_clips_the_paired_interval_to_100_points():
    # Weitergeben, 3 deals: the silent player makes 2 perfect games, the talking team none (the tester's
    # case); unclipped, the interval's low end is -132 points
    cmp = talking_vs_silent(games=3, rules="Weitergeben")
    perfect = [(r.outcome == 0).astype(float) for r in (cmp.talking, cmp.silent)]
    assert perfect[0].tolist() == [0, 0, 0] and perfect[1].sum() == 2
    assert mean_interval(perfect[0] - perfect[1])[1] < -1
    assert cmp.perfect_gain == paired_shares(*perfect) and cmp.perfect_gain[1] == -1.0
    assert "Talking minus silent: perfect -66.7 points (-100.0 to -1.3); cards left " in cmp.summary()


def test_talking_vs_silent_takes_a_level():
    cmp = talking_vs_silent(games=2, rules=level("Hochhaus 5"))
    assert (cmp.silent.rules_name, cmp.silent.players, cmp.talking.players) == ("Hochhaus 5", 6, 6)


def _comparison(gain, change, games=2):
    r = _made(0, games)
    return TalkingComparison(r, r, gain, change)


@pytest.mark.parametrize("gain,change,line", [
    ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), "perfect +0.0 points (+0.0 to +0.0); cards left +0.00 per game (+0.00 to +0.00)"),
    ((-1e-9, -0.0004, 0.0004), (-1e-9, -0.004, 0.004),
     "perfect +0.0 points (+0.0 to +0.0); cards left +0.00 per game (+0.00 to +0.00)"),
    ((-0.0, float("nan"), float("nan")), (0.0, float("nan"), float("nan")),
     "perfect +0.0 points (—); cards left +0.00 per game (—)"),
    ((float("nan"),) * 3, (float("nan"),) * 3, "perfect —; cards left —"),
    ((0.057, -0.011, 0.124), (-1.07, -1.91, -0.23),
     "perfect +5.7 points (-1.1 to +12.4); cards left -1.07 per game (-1.91 to -0.23)"),
])
def test_differences_print_no_minus_zero_and_one_dash_for_the_unknown(gain, change, line):
    c = _comparison(gain, change)
    assert c.summary().splitlines()[-1] == f"Talking minus silent: {line}"
    assert "-0.0" not in c._repr_html_() and "—–—" not in c._repr_html_()


def test_talking_vs_silent_refuses_bad_arguments():
    with pytest.raises(RulesError, match="Zwei Kabinen is for exactly 2 players"):
        talking_vs_silent(games=2, rules="Zwei Kabinen", players=3, progress=Recorder)
    assert Recorder.made == []


def test_claim_result_finds_a_simulation_by_name_and_players():
    tokens, players, hard = claims(games=5, seed=0)
    assert hard.result("hochhaus_4").players == 6 and hard.result("Zwei Kabinen").rules_name == "Zwei Kabinen"
    assert players.result("Normal", players=3).players == 3
    assert players.result("Normal (4 players)").players == 4
    assert tokens.result("Notruf-Marken 3").rules.tokens == 3
    with pytest.raises(RulesError, match="say which with players="):
        players.result("Normal")
    with pytest.raises(RulesError, match="no simulation of 'Steil'; it has: .*Zwei Kabinen"):
        hard.result("Steil")
