"""The difficulty lessons' exercise kinds: reading simulations of the simple player (rules §14.2–§14.3).

Each answer is the engine's: the figures come from :func:`paternoster.lift.simulation.simulate` and
:func:`paternoster.lift.levels.talking_vs_silent` (the fast kernel, which plays the reference engine's
games), the intervals from :mod:`paternoster.core.stats` — a Wilson interval for a share; for a
difference, a paired interval when both sides played the same deals and Newcombe's interval when two
levels use different decks (the kit's rule in its difficulty lessons).

Kinds:

* ``"harder-level"`` — which of two levels is harder for the simple player, or can these games not tell;
* ``"more-players"`` — is a level harder for 3 (or 4) players than for 2, or can these games not tell;
* ``"talking-helps"`` — does the talking team end perfect more often than the silent player;
* ``"true-share"`` — which true shares of perfect games fit a 95 % interval.

**Decision (kit):** seeded positions simulate 200 or 1000 games with simulation seed 0 (the first
games of the lesson's table, which also uses seed 0), so a question takes well under a second; the
simulations are kept for the session, so a class asking again waits for nothing.

>>> from paternoster.exercises import Exercise
>>> ex = Exercise.harder_level("Große Hand", "Kleine Hand", games=200)
>>> ex.answer
'Kleine Hand'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Self

import numpy as np

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.stats import newcombe, paired_shares, wilson
from ..lift.level_list import LEVELS
from ..lift.levels import TalkingComparison, talking_vs_silent
from ..lift.simulation import SimulationResult, simulate
from .base import ExerciseBase, Kind, Verdict, kind_rng, read_choice, register, split_answer
from .texts import common, difficulty as words

__all__ = ["DifficultyExercises", "SEEDED_GAMES"]

#: Games per simulation of a seeded position (and the simulation seed 0).
SEEDED_GAMES = (200, 1000)
Share = tuple[float, float, float]


@lru_cache(maxsize=256)
def _simulated(rules: str, players: int | None, games: int, seed: int) -> SimulationResult:
    return simulate(rules, players=players, games=games, seed=seed)


@lru_cache(maxsize=64)
def _talking(rules: str, games: int, seed: int) -> TalkingComparison:
    return talking_vs_silent(games=games, seed=seed, rules=rules)


def _result(level: str | SimulationResult, games: int, seed: int) -> SimulationResult:
    """A lesson's result as it is, or a level's simulation (kept for the session)."""
    if isinstance(level, SimulationResult):
        if level.player != "simple":
            raise ArgumentError(f"These exercises read the simple player's games, not the {level.player} player's.")
        return level
    return _simulated(_name(level), None, games, seed)


def _name(level: Any) -> str:
    if not isinstance(level, str):
        raise ArgumentTypeError(f"Give a level or preset name such as 'Normal', or a result the lesson already has, "
                        f"not {type(level).__name__}.")
    return level


def _perfect(r: SimulationResult) -> np.ndarray:
    return (r.outcome == 0).astype(float)


def _count(r: SimulationResult) -> int:
    return int(np.count_nonzero(r.outcome == 0))


class DifficultyExercises(ExerciseBase):
    """The difficulty lessons' constructors (on :class:`paternoster.exercises.Exercise`)."""

    __slots__ = ()

    @classmethod
    def _compared(cls, kind: str, *, question: str, title: str, lines: list[str], d: Share, shares: tuple[Share, Share],
                  names: tuple[str, str], choices: tuple[str, str, str], games: int, conclusion: tuple[str, str],
                  hint_what: str, same_games: bool = False) -> Self:
        """A comparison of two results: ``d`` is the first's share minus the second's with its 95 % interval.

        ``choices``: what to answer when the first is higher (the interval wholly above 0), when it is lower,
        and when the interval includes 0; ``conclusion``: the same two outcomes as the end of a sentence.
        """
        decided = d[1] > 0 or d[2] < 0
        answer = choices[0] if d[1] > 0 else choices[1] if d[2] < 0 else choices[2]
        low_first = shares[0][0] <= shares[1][0]
        lower, higher = (names[0], names[1]) if low_first else (names[1], names[0])
        lo_share, hi_share = (shares[0][0], shares[1][0]) if low_first else (shares[1][0], shares[0][0])
        explanation = words.compare_why(lower, higher, lo_share, hi_share, d, games,
                                        (conclusion[0] if d[1] > 0 else conclusion[1]) if decided else None,
                                        same_games)

        def judge(given: Any) -> Verdict:
            chosen = read_choice(choices, given)
            if chosen == answer:
                return Verdict(True, common.right(explanation))
            return Verdict(False, common.wrong(explanation))

        return cls(kind, question=question, title=title, table=lines, choices=choices, answer=answer,
                   answer_text=answer, explanation=explanation, hint=words.h_compare(games, hint_what), judge=judge)

    @classmethod
    def harder_level(cls, first: str | SimulationResult, second: str | SimulationResult, *, games: int = 1000,
                     seed: int = 0) -> Self:
        """Which of two levels is harder for the simple player, by the share of perfect games?  (mode ``"one"``)

        Args:
            first, second: level (or preset) names, simulated here with ``games`` games each and simulation
                ``seed`` (each with its own number of players) — or results a lesson already has, such as
                ``table.result("Feuer")`` of its difficulty table (then nothing is simulated again).

        The answer: the level with fewer perfect games when the 95 % interval of the difference lies wholly
        on one side of 0, else "These games cannot tell".  The difference is paired when both played the
        same deals (the same deck and seed), else Newcombe's interval.

        Raises:
            RulesError: an unknown level or preset; ValueError: the same level twice, results of different
            numbers of games, or bad ``games``/``seed``.
        """
        a, b = _result(first, games, seed), _result(second, games, seed)
        if a.rules_name == b.rules_name:
            raise ArgumentError(f"A harder-level exercise compares two different levels, not {a.rules_name} twice.")
        if a.games != b.games:
            raise ArgumentError(f"Compare results of the same number of games, not {a.games} and {b.games}.")
        paired = a.rules.cards == b.rules.cards and a.seed == b.seed
        d = paired_shares(_perfect(a), _perfect(b)) if paired else newcombe(_count(a), a.games, _count(b), b.games)
        lines = [words.sim_line(a.rules_name, a.players, a.games, a.perfect()),
                 words.sim_line(b.rules_name, b.players, b.games, b.perfect()),
                 words.diff_line(a.rules_name, b.rules_name, d),
                 words.HOW_PAIRED.format(games=a.games) if paired else words.HOW_NEWCOMBE]
        return cls._compared("harder-level", question=words.q_harder(a.rules_name, b.rules_name),
                             title=words.t_harder(a.rules_name, b.rules_name), lines=lines, d=d,
                             shares=(a.perfect(), b.perfect()), names=(a.rules_name, b.rules_name),
                             choices=(b.rules_name, a.rules_name, words.CANNOT_TELL), games=a.games,
                             conclusion=(words.is_harder(b.rules_name), words.is_harder(a.rules_name)),
                             hint_what=words.H_COMPARE_LEVELS)

    @classmethod
    def more_players(cls, level: str, more: int = 3, *, games: int = 1000, seed: int = 0) -> Self:
        """Is ``level`` harder for ``more`` players than for 2, by the share of perfect games?  (mode ``"one"``)

        The original claims three players find every level a little harder than two (rules §14.3).  Both
        counts play game ``i`` from the same shuffle, so the difference is paired (as in the kit's check
        of that claim).

        Raises:
            RulesError: an unknown level, or one that 2 or ``more`` players cannot play.
        """
        two, many = _simulated(_name(level), 2, games, seed), _simulated(_name(level), more, games, seed)
        d = paired_shares(_perfect(two), _perfect(many))
        name = two.rules_name
        lines = [words.sim_line(name, 2, games, two.perfect()), words.sim_line(name, more, games, many.perfect()),
                 words.diff_line(f"{name} with 2 players", f"with {more}", d), words.HOW_PAIRED.format(games=games)]
        return cls._compared("more-players", question=words.q_players(name, more), title=words.t_players(name, more),
                             lines=lines, d=d, shares=(two.perfect(), many.perfect()),
                             names=(f"{name} with 2 players", f"{name} with {more} players"),
                             choices=(words.players_choice(more, True), words.players_choice(more, False),
                                      words.CANNOT_TELL),
                             games=games, conclusion=(words.players_conclusion(name, more, True),
                                                      words.players_conclusion(name, more, False)),
                             hint_what=words.H_COMPARE_PLAYERS)

    @classmethod
    def talking_helps(cls, level: str | TalkingComparison = "Normal", *, games: int = 1000, seed: int = 0) -> Self:
        """Does the talking team end perfect more often than the silent simple player?  (mode ``"one"``)

        The original warns that a team that talks does better than its silent computer player (rules
        §14.3); :func:`~paternoster.lift.levels.talking_vs_silent` plays both on the same deals.

        Args:
            level: a level or preset name (simulated here: ``games`` deals, simulation ``seed``), or a
                comparison a lesson already has (``talking_vs_silent(...)``; nothing is simulated again).

        Raises:
            RulesError: an unknown level or preset.
        """
        c = level if isinstance(level, TalkingComparison) else _talking(_name(level), games, seed)
        games = c.silent.games
        name = c.silent.rules_name
        d = c.perfect_gain
        lines = [words.team_line("silent simple player", c.silent.perfect()),
                 words.team_line("talking team", c.talking.perfect()),
                 words.diff_line("talking", "silent", d), words.HOW_PAIRED.format(games=games)]
        choices = (words.TALK_MORE, words.TALK_FEWER, words.TALK_SAME)
        same = bool(np.array_equal(c.silent.remaining, c.talking.remaining)
                    and np.array_equal(c.silent.turns, c.talking.turns))  # nobody talks under these rules
        return cls._compared("talking-helps", question=words.q_talking(name), title=words.t_talking(name), lines=lines,
                           d=d, shares=(c.talking.perfect(), c.silent.perfect()), names=("the talking team",
                                                                                        "the silent player"),
                           choices=choices, games=games, conclusion=(words.TALK_MORE_WHY, words.TALK_FEWER_WHY),
                           hint_what=words.H_COMPARE_TALK, same_games=same)

    @classmethod
    def true_share(cls, level: str | SimulationResult = "Normal", *, games: int = 200, seed: int = 0,
                   shares: list[int] | None = None) -> Self:
        """Which true shares of perfect games fit the simulated games?  (mode ``"some"``)

        A share fits when it lies inside the 95 % Wilson interval of the perfect games (rules §14.2).

        Args:
            level: a level or preset (simulated here: ``games`` games, simulation ``seed``), or a result a
                lesson already has (``simulate(...)``, ``table.result("Normal")``).
            shares: the shares offered, whole percent (default: five around the interval, some inside and
                some outside it, none within 0.3 points of an end).

        Raises:
            RulesError: an unknown level; ValueError: a share outside 0–100 or given twice.
        """
        r = _result(level, games, seed)
        k = _count(r)
        p, lo, hi = wilson(k, r.games)
        offered = sorted(shares) if shares is not None else _shares_around(lo, hi, np.random.default_rng([k, games]))
        if any(isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s <= 100 for s in offered) \
                or len(set(offered)) != len(offered):
            raise ArgumentError(f"shares must be different whole percents from 0 to 100, not {offered!r}.")
        labels = tuple(words.share_choice(int(s)) for s in offered)
        fits = tuple(lab for s, lab in zip(offered, labels) if lo <= s / 100 <= hi)
        explanation = words.share_why(lo, hi, fits, [lab for lab in labels if lab not in fits])

        def judge(given: Any) -> Verdict:
            chosen = _chosen_shares(labels, given)
            if chosen == set(fits):
                return Verdict(True, common.right(explanation))
            return Verdict(False, common.wrong(explanation))

        return cls("true-share", question=words.q_true_share(r.rules_name), title=words.t_true_share(r.rules_name),
                   table=[words.share_line(r.rules_name, r.players, r.games, k, (p, lo, hi), r.seed)], choices=labels,
                   prompt=common.PROMPT_SOME_SHARES, answer=fits,
                   answer_text=", ".join(fits) if fits else words.NO_SHARE, explanation=explanation,
                   hint=words.h_true_share(r.games), judge=judge)


# --------------------------------------------------------------------------- helpers

def _shares_around(lo: float, hi: float, rng: np.random.Generator) -> list[int]:
    """Five whole percents: one to three inside [lo, hi], the rest outside; none within 0.3 points of an end."""
    width = max(2.0, 100 * (hi - lo))
    span = range(max(0, int(100 * lo - 2 * width)), min(100, int(100 * hi + 2 * width)) + 1)
    clear = [s for s in span if abs(s - 100 * lo) >= 0.3 and abs(s - 100 * hi) >= 0.3]
    inside = [s for s in clear if lo * 100 < s < hi * 100]
    outside = [s for s in clear if not lo * 100 < s < hi * 100]
    n_in = min(len(inside), int(rng.integers(1, 4)))
    picked = list(rng.choice(inside, size=n_in, replace=False)) if n_in else []
    picked += list(rng.choice(outside, size=min(len(outside), 5 - n_in), replace=False))
    return sorted(int(s) for s in picked)


def _chosen_shares(labels: tuple[str, ...], given: Any) -> set[str]:
    """The shares an answer names: labels (``"25 %"``) or numbers, in a list or one text with commas."""
    if given is None:
        return set()
    items = split_answer(given) if isinstance(given, str) else list(given)
    out = set()
    for item in items:
        text = str(item).strip()
        if text.lower() in common.NONE_WORDS:
            continue
        number = text.rstrip("%").strip()
        out.add(read_choice(labels, words.share_choice(int(number)) if number.isdigit() else text))
    return out


# --------------------------------------------------------------------------- seeded positions

def _two_player_levels() -> list[str]:
    return [lv.name for lv in LEVELS if lv.players == 2]


def _seed_harder(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "harder-level")
    first, second = (LEVELS[int(i)].name for i in rng.choice(len(LEVELS), size=2, replace=False))
    return cls.harder_level(first, second, games=SEEDED_GAMES[int(rng.integers(len(SEEDED_GAMES)))])


def _seed_players(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "more-players")
    names = [lv.name for lv in LEVELS if {2, 3, 4} <= set(lv.rules.player_counts)]
    name = names[int(rng.integers(len(names)))]
    return cls.more_players(name, int(rng.integers(3, 5)), games=SEEDED_GAMES[int(rng.integers(len(SEEDED_GAMES)))])


def _seed_talking(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "talking-helps")
    names = _two_player_levels()
    return cls.talking_helps(names[int(rng.integers(len(names)))],
                             games=SEEDED_GAMES[int(rng.integers(len(SEEDED_GAMES)))])


def _seed_true_share(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "true-share")
    name = LEVELS[int(rng.integers(len(LEVELS)))].name
    r = _simulated(name, None, SEEDED_GAMES[int(rng.integers(len(SEEDED_GAMES)))], 0)
    _, lo, hi = wilson(_count(r), r.games)
    return cls.true_share(r, shares=_shares_around(lo, hi, rng))


_P = "Paternoster"
register(Kind("harder-level", _P, "one", "read two levels' simulations: which is harder", 11, _seed_harder))
register(Kind("more-players", _P, "one", "read a level's simulations with 2 and more players", 12, _seed_players))
register(Kind("talking-helps", _P, "one", "read the talking team against the silent player", 13, _seed_talking))
register(Kind("true-share", _P, "some", "which true shares a 95 % interval allows", 14, _seed_true_share))
