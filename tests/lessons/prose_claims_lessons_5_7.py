"""The numbers in the prose of lessons 5a–7 (variants, difficulty, campaign), replayed on the engine.

See prose_claims.py for how a claim works.  The difficulty lessons' numbers come from the same seeded
simulations the lessons run (4000 games per level, seed 0); each is computed once per test session.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
from prose_claims import claim

from paternoster import LEVELS, claims, difficulty_table, preset, simulate, talking_vs_silent
from paternoster.campaign import FLOORS, floor
from paternoster.campaign.calibration import MIDDLE_BAND
from paternoster.lift.rules import HOURGLASS_SECONDS


def pct(x: float) -> float:
    """A fraction as a percent with one decimal, as the lessons print it."""
    return round(100 * x, 1)


@lru_cache(maxsize=1)
def table() -> Any:
    return difficulty_table(games=4000, seed=0)


@lru_cache(maxsize=1)
def the_claims() -> Any:
    return claims(games=4000, seed=0)


@lru_cache(maxsize=4)
def talk(rules: str = "Normal", games: int = 4000) -> Any:
    return talking_vs_silent(games=games, seed=0, rules=rules)


def perfect(name: str) -> float:
    return pct(table().result(name).perfect()[0])


def mean_left(name: str, digits: int = 1) -> float:
    return round(float(table().result(name).mean_remaining()[0]), digits)


# ---------------------------------------------------------------- lessons 5a–5c: the variants

@claim("05a_easier_variants.ipynb", "**Kurze Fahrt** (short ride) plays one deck — 52 cards", says=52)
def kurze_fahrt_cards() -> int:
    return preset("Kurze Fahrt").cards


@claim("05a_easier_variants.ipynb", "One deck, one up and one down pile, hands of 3, at least one card per turn",
       says=3)
def kinderfahrt_hands() -> int:
    return preset("Kinderfahrt").hand_size(2)


@claim("05b_harder_variants.ipynb", "one deck, one up and one down pile, hands of 8 (rules §11.3)", says=8)
def zwei_kabinen_hands() -> int:
    return preset("Zwei Kabinen").hand_size(2)


@claim("05b_harder_variants.ipynb", "A turn may last at most 30 seconds", says=30)
def sanduhr_seconds() -> int:
    return HOURGLASS_SECONDS


@claim("05b_harder_variants.ipynb", "3 cards (4 or 5: harder) are revealed as **passengers**", says=(3, 4, 5))
def passenger_counts() -> tuple[int, ...]:
    return tuple(preset(name).passengers for name in ("Fahrgäste", "Fahrgäste 4", "Fahrgäste 5"))


@claim("05c_fire_commands_hochhaus.ipynb", "six piles; hands of 4 (or 5, clearly easier)", says=(4, 5))
def hochhaus_hands() -> tuple[int, int]:
    return preset("Hochhaus 4").hand_size(6), preset("Hochhaus 5").hand_size(6)


# ---------------------------------------------------------------- lesson 6a: the difficulty table

@claim("06_difficulty.ipynb", "With 100 games the interval is 16 points wide", says=(100, 16))
def width_with_100_games() -> tuple[int, int]:
    _, low, high = simulate("Normal", games=100, seed=0).perfect()
    return 100, round(100 * (high - low))


@claim("06_difficulty.ipynb", "a class\ncould not tell Normal from a level with 30 % perfect games", says=30)
def thirty_percent_fits_100_games() -> int:
    _, low, high = simulate("Normal", games=100, seed=0).perfect()
    assert low <= 0.30 <= high, "30 % lies outside the 100-game interval"
    return 30

@claim("06_difficulty.ipynb", "With 4000 games it is under 3 points wide", says=(4000, 3))
def width_with_4000_games() -> tuple[int, int]:
    _, low, high = simulate("Normal", games=4000, seed=0).perfect()
    return 4000, 3 if 100 * (high - low) < 3 else round(100 * (high - low), 1)


@claim("06_difficulty.ipynb", "That makes 13 levels × 4000 games = 52,000 games", says=(13, 4000, 52000))
def levels_times_games() -> tuple[int, int, int]:
    return len(LEVELS), 4000, len(LEVELS) * 4000


@claim("06_difficulty.ipynb", "from 23.5 % to 51.6 %. One card less (Kleine Hand) cuts it to 4.9 %",
       says=(23.5, 51.6, 4.9))
def hand_size_matters() -> tuple[float, ...]:
    return perfect("Normal"), perfect("Große Hand"), perfect("Kleine Hand")


@claim("06_difficulty.ipynb", "end perfect almost 9 times in 10", says=(9, 10))
def first_games_almost_always_perfect() -> tuple[int, int]:
    both = [perfect("Kinderfahrt"), perfect("Kurze Fahrt")]
    return (9, 10) if all(85 <= s < 90 for s in both) else (round(min(both)), 100)


@claim("06_difficulty.ipynb", "has the fewest perfect games of all levels but one (2.8 %), and it leaves\n  the most "
       "remaining cards of the two-player levels (18.7)", says=(2.8, 18.7))
def steil_is_nearly_the_hardest() -> tuple[float, float]:
    shares = sorted(perfect(lv.name) for lv in LEVELS)
    assert shares[1] == perfect("Steil"), "Steil is not the second-fewest perfect games"
    two = [lv.name for lv in LEVELS if lv.players == 2]
    assert mean_left("Steil", 2) == max(mean_left(name, 2) for name in two), "Steil leaves not the most cards"
    return perfect("Steil"), mean_left("Steil")


@claim("06_difficulty.ipynb", "almost never ends perfect (1.9 %). It has only 52 cards, and about 9 of them stay",
       says=(1.9, 52, 9))
def zwei_kabinen_in_the_table() -> tuple[Any, ...]:
    return perfect("Zwei Kabinen"), preset("Zwei Kabinen").cards, round(mean_left("Zwei Kabinen", 2))


@claim("06_difficulty.ipynb", "**Hochhaus 5** is easy (72.1 %). **Hochhaus 4** ends perfect in 16.2 % of games, "
       "but leaves 18.6 cards", says=(5, 72.1, 4, 16.2, 18.6))
def hochhaus_in_the_table() -> tuple[Any, ...]:
    return 5, perfect("Hochhaus 5"), 4, perfect("Hochhaus 4"), mean_left("Hochhaus 4")


@claim("06_difficulty.ipynb", "Befehle light (19.8 %) is easier than Feuer (13.2 %) and\n  Fahrgäste (8.4 %)",
       says=(19.8, 13.2, 8.4))
def our_order_is_not_the_measured_order() -> tuple[float, ...]:
    return perfect("Befehle light"), perfect("Feuer"), perfect("Fahrgäste")


# ---------------------------------------------------------------- lesson 6b: the claims and talking

@claim("06b_claims_and_talking.ipynb", "The kit tests them with 10 simulations of 4000 games each",
       says=(10, 4000))
def simulations_behind_the_claims() -> tuple[int, int]:
    runs = {(r.rules_name, r.players, r.rules.tokens) for c in the_claims() for r in c.results}
    return len(runs), the_claims()[0].results[0].games


@claim("06b_claims_and_talking.ipynb", "The first token adds 6.6 points and the second 2.2", says=(6.6, 2.2))
def first_two_tokens() -> tuple[float, float]:
    n = the_claims()[0].numbers
    return pct(n["gain of token 1"][0]), pct(n["gain of token 2"][0])


@claim("06b_claims_and_talking.ipynb", "That is 2.6 points per token on average", says=2.6)
def mean_gain_per_token() -> float:
    return pct(the_claims()[0].numbers["mean gain per token"][0])


@claim("06b_claims_and_talking.ipynb", "fall too (5.85 → 3.82)", says=(5.85, 3.82))
def tokens_and_cards_left() -> tuple[float, float]:
    results = the_claims()[0].results
    return (round(float(results[0].mean_remaining()[0]), 2), round(float(results[-1].mean_remaining()[0]), 2))


@claim("06b_claims_and_talking.ipynb", "Three players are 8.5 points worse than two. The interval, 6.8 to 10.1 "
       "points", says=(8.5, 6.8, 10.1))
def three_players() -> tuple[float, ...]:
    return tuple(pct(x) for x in the_claims()[1].numbers["2 minus 3 players"])


@claim("06b_claims_and_talking.ipynb", "Four players are within 1.2 points of two", says=1.2)
def four_players() -> float:
    return pct(the_claims()[1].numbers["2 minus 4 players"][0])


@claim("06b_claims_and_talking.ipynb", "1.9 % perfect games against Normal's 23.5 %. Hochhaus 5 is clearly easier\n"
       "than Hochhaus 4 (+55.9 points). But Hochhaus 4 ends perfect in 16.2 % of games",
       says=(1.9, 23.5, 55.9, 16.2))
def hard_levels() -> tuple[float, ...]:
    n = the_claims()[2].numbers
    return (pct(n["perfect, Zwei Kabinen"][0]), pct(n["perfect, Normal"][0]),
            pct(n["Hochhaus 5 minus Hochhaus 4"][0]), pct(n["perfect, Hochhaus 4"][0]))


@claim("06b_claims_and_talking.ipynb", "18.6 cards against Normal's 5.85. It has 156 cards instead of 104, and still "
       "leaves about 12 % of them\nagainst Normal's 6 %", says=(18.6, 5.85, 156, 104, 12, 6))
def hochhaus_cards_left() -> tuple[Any, ...]:
    n = the_claims()[2].numbers
    return (round(n["cards left, Hochhaus 4"][0], 1), round(n["cards left, Normal"][0], 2),
            preset("Hochhaus 4").cards, preset("Normal").cards,
            round(100 * n["share of the deck left, Hochhaus 4"][0]), round(100 * n["share of the deck left, Normal"][0]))


@claim("06b_claims_and_talking.ipynb", "16 % of its games are perfect, and many others end with only a few cards. "
       "But\nabout one game in ten breaks down early, with 50 cards or more", says=(16, 50))
def hochhaus_4_breaks_down() -> tuple[int, int]:
    r = the_claims()[2].result("Hochhaus 4")
    share_50 = 100 * float(np.mean(r.remaining >= 50))
    assert 8 <= share_50 <= 12, f"{share_50:.1f} % of games leave 50 cards or more: not about one in ten"
    return round(pct(r.perfect()[0])), 50


@claim("06b_claims_and_talking.ipynb", "perfect in 31.5 % of games, the silent player in 23.5 %: 8.0 points more, "
       "and the whole interval (6.2 to\n9.7 points) lies above 0. It also leaves 1.36 cards fewer per game (interval "
       "1.12 to 1.59 fewer)", says=(31.5, 23.5, 8.0, 6.2, 9.7, 0, 1.36, 1.12, 1.59))
def talking_helps_on_normal() -> tuple[Any, ...]:
    c = talk()
    gain, low, high = (pct(x) for x in c.perfect_gain)
    fewer = -c.talking.remaining.astype(float) + c.silent.remaining
    mean, half = float(fewer.mean()), 1.96 * float(fewer.std(ddof=1)) / np.sqrt(len(fewer))
    return (pct(c.talking.perfect()[0]), pct(c.silent.perfect()[0]), gain, low, high, 0 if low > 0 else low,
            round(mean, 2), round(mean - half, 2), round(mean + half, 2))


@claim("06b_claims_and_talking.ipynb", "With 300\ndeals the gain in perfect games had an interval from about −1 to +12 "
       "points", says=(300, -1, 12))
def talking_with_300_deals() -> tuple[int, int, int]:
    _, low, high = talk("Normal", 300).perfect_gain
    return 300, round(100 * low), round(100 * high)


@claim("06b_claims_and_talking.ipynb", "4000 deals shrink it to under 4 points wide", says=(4000, 4))
def talking_interval_width() -> tuple[int, int]:
    _, low, high = talk().perfect_gain
    return 4000, 4 if 100 * (high - low) < 4 else round(100 * (high - low), 1)


@claim("06b_claims_and_talking.ipynb", "Under Liftführer a little is left, 1.9 points more perfect games (0.9 to\n"
       "2.9), against 8.0 points when everyone may talk", says=(1.9, 0.9, 2.9, 8.0))
def liftfuehrer_gain() -> tuple[float, ...]:
    gain, low, high = (pct(x) for x in talk("Liftführer").perfect_gain)
    return gain, low, high, pct(talk().perfect_gain[0])


@claim("06b_claims_and_talking.ipynb", "(31.5 % perfect games, then 25.4 % under Liftführer, then 23.5 % in silence)",
       says=(31.5, 25.4, 23.5))
def talking_team_under_the_variants() -> tuple[float, ...]:
    return (pct(talk().talking.perfect()[0]), pct(talk("Liftführer").talking.perfect()[0]),
            pct(talk("Stille Fahrt").talking.perfect()[0]))


# ---------------------------------------------------------------- lesson 7: the campaign

@claim("07_campaign.ipynb", "ride, about **79 %** of games, the precision ride, about **25 %**, and the Penthouse, about "
       "**19 %**; and for every\nmiddle floor the kit's own band, **40–62 %**", says=(79, 25, 19, 40, 62))
def the_originals_figures() -> tuple[float, ...]:
    return (FLOORS[0].target, floor(11).target, floor(12).target, MIDDLE_BAND[0], MIDDLE_BAND[1])


@claim("07_campaign.ipynb", "A bar shows the progress while the 48,000 games run", says=48000)
def calibration_games() -> int:
    return len(FLOORS) * 4000


@claim("07_campaign.ipynb", "so twelve floors give at most 36 stars", says=36)
def most_stars() -> int:
    return 3 * len(FLOORS)


@claim("07_campaign.ipynb", "With an odd goal such as 3, half is 1", says=(3, 1))
def half_of_an_odd_goal() -> tuple[int, int]:
    return floor(2).goal, floor(2).half

