"""Many games of Paternoster by a computer team: how often is a game perfect, how many cards remain?

:func:`simulate` plays ``games`` games of one rule set and returns a
:class:`SimulationResult` with the share of perfect games and the mean remaining
cards, each with its 95 % confidence interval (:mod:`paternoster.core.stats`), and the
distribution of remaining cards.  This is how the kit measures the difficulty
levels (rules §14.2: a simple computer player, two players, 4000 games per level).

Game ``i`` of ``simulate(rules, players, seed=s)`` is ``Game.new(players, s, rules=rules, game=i)``
(see :func:`paternoster.lift.game.deal_orders`), so any simulated game can be opened with
:meth:`SimulationResult.game` and replayed with :meth:`SimulationResult.replay`.

Two engines play the same games:

* ``"reference"`` — the full :class:`~paternoster.lift.game.Game` with the player object, game by
  game (every rule, about 20–30 games per second);
* ``"fast"`` — :mod:`paternoster.lift.fastsim`, many games at once with numpy, for the simple
  player and the talking team (the tests check that it agrees with the reference engine game for game).
  ``"auto"`` (the default) takes the fast kernel whenever it can play the rules.

>>> r = simulate("Normal", 2, games=20, seed=0, engine="reference")
>>> r.games, len(r.remaining), int(r.distribution().sum())
(20, 20, 20)
>>> bool(r.replay(3).result.remaining == r.remaining[3])
True
"""

from __future__ import annotations

import html
import math
import time
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

import numpy as np

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, MAX_SEED, MAX_WORKERS, plural, short, whole
from ..core.stats import check_progress, describe, mean_interval, progress_bar, wilson
from ..core.errors import RulesError
from .actions import FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED, TIME_OUT
from .game import Game
from .rules import Rules
from .level_list import Level, default_players, find_level
from .variants import PRESETS, VARIANTS, preset

__all__ = ["simulate", "SimulationResult", "PLAYERS", "ENGINES", "OUTCOMES", "REASONS", "CHUNK",
           "resolve_rules", "default_players", "rules_name", "unchanged_for_simple"]

#: Player names :func:`simulate` knows: the kit's silent simple player (rules §16), and a team that posts pile signals.
PLAYERS = ("simple", "talking")
#: Engine names :func:`simulate` knows.
ENGINES = ("auto", "fast", "reference")
#: ``SimulationResult.outcome`` holds an index into this tuple (the same as ``fastsim.OUTCOMES``).
OUTCOMES = ("perfect", "stuck", "lost")
#: ``SimulationResult.reason`` holds an index into this tuple (``fastsim.REASONS`` is its start; the
#: last one, a Sanduhr time-out, never happens to a computer player, which does not call TimeOut).
REASONS = (None, FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED, TIME_OUT)
#: Games the fast kernel is asked for per call (times the worker processes); the progress bar moves once
#: per call.  The kernel itself plays in blocks of ``fastsim.BLOCK`` games, so the size of a call changes
#: neither the results nor (from about 10,000 games on) the rate; see benchmarks/bench_simulation.py.
CHUNK = 20_000


# --------------------------------------------------------------------------- arguments
def rules_name(rules: Rules) -> str:
    """The name to show for ``rules``: the preset's name when a preset has exactly these rules
    (``"Normal"`` for the standard rules), else ``rules.name`` (``"Steil + Feuer"``).

    >>> from paternoster.lift.variants import make_rules
    >>> rules_name(make_rules()), rules_name(make_rules("notruf-marken", tokens=3))
    ('Normal', 'Notruf-Marken 3')
    >>> rules_name(make_rules("steil", "feuer"))
    'Steil + Feuer'

    """
    for p in PRESETS.values():
        if p.rules == rules:
            return p.name
    return rules.name


def resolve_rules(rules: Any) -> tuple[Rules, str]:
    """``rules`` as a :class:`Rules` object and its name.

    Args:
        rules: a :class:`Rules` object, a :class:`~paternoster.lift.levels.Level` (``LEVELS[3]``,
            ``level("Normal")``), a level name (:data:`paternoster.lift.levels.LEVELS`) or a preset
            name (:func:`paternoster.lift.variants.preset`: spelling is forgiven, ``"grosse_hand"``).

    Raises:
        RulesError: an unknown name (with the closest names), or none of these.

    >>> resolve_rules("kurze_fahrt")[1]
    'Kurze Fahrt'
    >>> from paternoster.lift.levels import LEVELS
    >>> resolve_rules(LEVELS[-1])[1]
    'Hochhaus 4'
    """
    if isinstance(rules, Rules):
        return rules, rules_name(rules)
    if isinstance(rules, Level):
        return rules.rules, rules.name
    if not isinstance(rules, str):
        raise RulesError(f"rules must be a preset or level name such as 'Normal', a level "
                         f"(paternoster.LEVELS[k], paternoster.level(name)) or a Rules object "
                         f"(paternoster.make_rules(...)); not {short(rules)}.")

    lv = find_level(rules)
    if lv is not None:
        return lv.rules, lv.name
    r = preset(rules)
    return r, rules_name(r)


def _player_object(player: str) -> Any:
    if player == "simple":
        from .bots import SimplePlayer

        return SimplePlayer()
    from .talking import TalkingTeam  # late: the talking team is optional for the simple simulation

    return TalkingTeam()


def _fastsim() -> ModuleType | None:
    """The fast kernel module, or ``None`` while it does not exist."""
    try:
        from . import fastsim
    except ModuleNotFoundError as e:
        if e.name != f"{__package__}.fastsim":
            raise
        return None
    return fastsim


@dataclass(frozen=True)
class _Plan:
    """Checked arguments of one simulation (nothing has run yet)."""

    rules: Rules
    name: str
    players: int
    games: int
    seed: int
    player: str
    engine: str  # "fast" or "reference": the engine that will run
    workers: int = 1  # processes for the fast kernel (see fastsim.run)


def _plan(rules: Any, players: Any, games: Any, seed: Any, player: Any, engine: Any) -> _Plan:
    """Every argument check of :func:`simulate`, before any game is played."""
    r, name = resolve_rules(rules)
    if players is None:
        players = rules.players if isinstance(rules, Level) else default_players(r)
    r.check_players(players)
    players = int(players)
    games = whole(games, "games", lo=0, hi=MAX_GAMES, error=ArgumentError)
    seed = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ArgumentError)
    if not isinstance(player, str) or player not in PLAYERS:
        raise ArgumentError(f"player must be one of {', '.join(map(repr, PLAYERS))} (the silent simple player or a "
                         f"team that talks with pile signals), not {short(player)}.")
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ArgumentError(f"engine must be one of {', '.join(map(repr, ENGINES))}, not {short(engine)}. 'auto' takes "
                         f"the fast kernel when it can play the rules, else the reference engine.")
    if player == "talking":
        try:
            _player_object("talking")
        except ModuleNotFoundError as e:
            raise ArgumentError(f"player='talking' needs paternoster.lift.talking, which is not available ({e}).") from None
    if engine == "reference":
        return _Plan(r, name, players, games, seed, player, "reference")
    fs = _fastsim()
    why = "paternoster.lift.fastsim is not installed" if fs is None else fs.unsupported(r, players)
    if why is None:
        return _Plan(r, name, players, games, seed, player, "fast")
    if engine == "fast":
        raise ArgumentError(f"engine='fast' cannot play {name} with {plural(players, 'player')}: "
                         f"{why.rstrip('.')}. Use engine='auto' or engine='reference'.")
    return _Plan(r, name, players, games, seed, player, "reference")


# --------------------------------------------------------------------------- running
def _play(game: Game, player: Any) -> Game:
    if hasattr(player, "play_game"):
        return player.play_game(game)
    while not game.is_terminal():
        game.apply_action(player.choose(game))
    return game


def _run(plan: _Plan, bar: Any) -> "SimulationResult":
    """Play the planned games, moving ``bar`` (an open progress bar) by one step per game."""
    n = plan.games
    start = time.perf_counter()
    if plan.engine == "fast":
        fs = _fastsim()
        assert fs is not None, "a plan for the fast kernel is made only when the kernel is there"
        parts = []
        chunk = CHUNK * max(1, plan.workers)
        for first in range(0, n, chunk):
            k = min(chunk, n - first)
            parts.append(fs.run(plan.rules, plan.players, plan.seed, first, k, workers=plan.workers,
                                player=plan.player))
            bar.update(k)
        remaining = np.concatenate([p.remaining for p in parts]).astype(np.int16) if parts else np.zeros(0, np.int16)
        outcome = np.concatenate([p.outcome for p in parts]).astype(np.int8) if parts else np.zeros(0, np.int8)
        reason = np.concatenate([p.reason for p in parts]).astype(np.int8) if parts else np.zeros(0, np.int8)
        turns = np.concatenate([p.turns for p in parts]).astype(np.int16) if parts else np.zeros(0, np.int16)
    else:
        who = _player_object(plan.player)
        remaining = np.zeros(n, np.int16)
        outcome = np.zeros(n, np.int8)
        reason = np.zeros(n, np.int8)
        turns = np.zeros(n, np.int16)
        for i in range(n):
            res = _play(Game.new(plan.players, plan.seed, rules=plan.rules, game=i), who).result
            assert res is not None, "a game played to its end has a result"
            remaining[i], outcome[i] = res.remaining, OUTCOMES.index(res.outcome)
            reason[i], turns[i] = REASONS.index(res.reason), res.turn
            bar.update(1)
    seconds = time.perf_counter() - start
    return SimulationResult(plan.name, plan.players, n, plan.seed, plan.player, plan.engine,
                            remaining, outcome, reason, turns, seconds, plan.rules)


def simulate(rules: Any = "Normal", players: int | None = None, games: int = 4000, seed: int = 0, *,
             player: str = "simple", progress: Any = None, engine: str = "auto",
             workers: int | None = 1) -> "SimulationResult":
    """Play ``games`` games of ``rules`` and measure them.

    Args:
        rules: a preset or level name (``"Normal"``, ``"Kurze Fahrt"``, ``"Hochhaus 5"``; spelling is
            forgiven), a :class:`~paternoster.lift.levels.Level` (``LEVELS[0]``, ``level("Steil")``) or a
            :class:`Rules` object (:func:`paternoster.make_rules`).
        players: players per game; ``None`` (default): a level's own players, else 2, or the fewest the
            rules allow when 2 is not allowed (**Decision**: Hochhaus with 6).
        games: number of games (≥ 0); the level table uses 4000 per level (rules §14.2).
        seed: simulation seed (≥ 0); game ``i`` is ``Game.new(players, seed, rules=rules, game=i)``.
        player: ``"simple"`` — the kit's simple computer player, silent
            (:class:`~paternoster.lift.bots.SimplePlayer`, rules §16); ``"talking"`` — a team that
            posts pile signals (:class:`paternoster.lift.talking.TalkingTeam`).
        progress: ``None`` for no progress bar, or a tqdm-like class (``tqdm.auto.tqdm``), called as
            ``progress(total=games)``; the bar counts games (its ``update(k)`` and ``close()`` are used).
        engine: ``"auto"`` (the fast kernel when it can play these rules, else the reference engine),
            ``"fast"`` or ``"reference"``.  Both engines give the same games, for either player.
        workers: processes for the fast kernel: 1 (default; what the lessons use), a number from 1 to
            :data:`~paternoster.core.checks.MAX_WORKERS` (8), or ``None`` for one per core; never more
            processes than the machine has cores are started (a larger number is lowered to the cores).  Runs of at least ``fastsim.PARALLEL_MIN`` games per call are shared out
            (worker processes from a fork server, Linux and macOS); the results are the same game for game.

    Returns:
        :class:`SimulationResult`.

    Raises:
        RulesError: unknown rules name; a player count the rules do not allow.
        ValueError: ``games`` not a whole number from 0 to :data:`~paternoster.core.checks.MAX_GAMES`
        (1,000,000); ``seed`` not a whole number ≥ 0; ``workers`` not 1 to 8 or ``None``;
        unknown ``player`` or ``engine``;
        ``engine="fast"`` for rules or a player the fast kernel cannot play (the message says why).
        TypeError: ``progress`` is not a tqdm-like class (``True``, ``print``, ``lambda: None``).
        All are raised before any game is played.

    >>> simulate("Normal", 0)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: Standard Paternoster is for 1 to 5 players, not 0 (rules §1.2).
    >>> simulate(games=-1)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.ArgumentError: games must be at least 0, not -1.
    >>> from paternoster.lift.levels import level
    >>> simulate(level("Hochhaus 5"), games=0).players
    6
    """
    plan = _plan(rules, players, games, seed, player, engine)
    if workers is not None:
        workers = whole(workers, "workers (processes)", lo=1, hi=MAX_WORKERS, error=ArgumentError)
    fs = _fastsim()
    assert fs is not None, "paternoster.lift.fastsim is part of the package"
    plan = replace(plan, workers=fs.parallel_workers(workers))
    check_progress(progress)
    bar = progress_bar(progress, plan.games)
    try:
        describe(bar, plan.name)
        return _run(plan, bar)
    finally:
        bar.close()


# --------------------------------------------------------------------------- the result
def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f}"


def _num(x: float) -> str:
    return "—" if math.isnan(x) else f"{x:.2f}"


def _span(lo: float, hi: float, fmt: Any = _num, sep: str = "–") -> str:
    """``"5.62–6.08"``; ``"—"`` once when the interval is unknown (one game: no spread)."""
    return "—" if math.isnan(lo) or math.isnan(hi) else f"{fmt(lo)}{sep}{fmt(hi)}"


def _perfect_text(r: "SimulationResult") -> str:
    """``"perfect 23.5 % (95 % interval 22.2–24.9 %)"``; ``"perfect —"`` without games."""
    if not r.games:
        return "perfect —"
    p, lo, hi = r.perfect()
    return f"perfect {_pct(p)} % (95 % interval {_span(lo, hi, _pct)} %)"


def _remaining_text(r: "SimulationResult") -> str:
    """``"on average 5.85 cards left (95 % interval 5.62–6.08)"``; ``"cards left —"`` without games."""
    m, lo, hi = r.mean_remaining()
    if math.isnan(m):
        return "cards left —"
    return f"on average {_num(m)} cards left (95 % interval {_span(lo, hi)})"


#: Rules that change nothing for the silent simple player, and how to tell them from the rules.
#: Rules fields the simple player never meets: it posts no pile signal and never calls ``TimeOut`` (rules §16.1).
_UNSEEN_BY_SIMPLE = frozenset({"signals", "hourglass"})


def unchanged_for_simple(rules: Rules) -> list[str]:
    """The variants among ``rules`` that change nothing for the simple player: Stille Fahrt and
    Liftführer limit pile signals, which it never posts; Sanduhr ends a turn by ``TimeOut``, which it
    never calls (rules §11.4–§11.6, §16.1; :class:`~paternoster.lift.bots.SimplePlayer`).

    >>> from paternoster.lift.variants import make_rules
    >>> unchanged_for_simple(make_rules("steil", "sanduhr", "stille-fahrt"))
    ['Stille Fahrt', 'Sanduhr']
    >>> unchanged_for_simple(make_rules())
    []
    """
    return [v.german for v in VARIANTS.values()
            if v.sets and set(v.sets) <= _UNSEEN_BY_SIMPLE and all(getattr(rules, f) == x for f, x in v.sets.items())]


@dataclass
class SimulationResult:
    """What :func:`simulate` measured.

    Attributes:
        rules_name: the rules' name (``"Normal"``, ``"Hochhaus 5"``, ``"Steil + Feuer"``).
        players: players per game; games: games played; seed: the simulation seed.
        player: ``"simple"`` or ``"talking"``; engine: ``"fast"`` or ``"reference"`` (the one that ran).
        remaining: remaining cards per game (numpy int16, shape ``(games,)``; hands + draw pile).
        outcome: per game an index into :data:`OUTCOMES` (0 perfect, 1 stuck, 2 lost).
        reason: per game an index into :data:`REASONS` (0 none; for lost games fire or a passenger).
        turns: the turn in which each game ended (1-based).
        seconds: wall-clock time of the run (not shown in text or HTML: they must be the same run to run).
        rules: the :class:`Rules` played.
    """

    rules_name: str
    players: int
    games: int
    seed: int
    player: str
    engine: str
    remaining: np.ndarray = field(repr=False)
    outcome: np.ndarray = field(repr=False)
    reason: np.ndarray = field(repr=False)
    turns: np.ndarray = field(repr=False)
    seconds: float = field(repr=False)
    rules: Rules = field(repr=False)

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time (``inf`` when too fast to time)."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def perfect(self) -> tuple[float, float, float]:
        """Share of perfect games (every card played) with its 95 % Wilson interval: ``(share, low, high)``,
        fractions of 1."""
        return wilson(int(np.count_nonzero(self.outcome == 0)), self.games)

    def mean_remaining(self) -> tuple[float, float, float]:
        """Mean remaining cards per game with its 95 % interval (normal approximation, see
        :func:`paternoster.core.stats.mean_interval`): ``(mean, low, high)`` in cards.  Every game counts,
        lost games with the cards left when they were lost.  The low end is at least 0 (the normal
        approximation can reach below 0 for a few games; no game leaves fewer than 0 cards).
        ``nan`` for 0 games, and for both ends with 1 game."""
        m, lo, hi = mean_interval(self.remaining)
        return m, (lo if math.isnan(lo) else max(0.0, lo)), hi

    def distribution(self) -> np.ndarray:
        """Games per number of remaining cards: entry ``k`` counts the games that ended with ``k`` cards
        left (``np.bincount``; entry 0 is the perfect games).  Sums to ``games``."""
        return np.bincount(self.remaining.astype(np.int64), minlength=1)

    def outcomes(self) -> dict[str, tuple[float, float, float]]:
        """Share of each outcome (``"perfect"``, ``"stuck"``, ``"lost"``) with its 95 % Wilson interval."""
        return {o: wilson(int(np.count_nonzero(self.outcome == k)), self.games) for k, o in enumerate(OUTCOMES)}

    def lost(self) -> dict[str, tuple[float, float, float]]:
        """Share of games lost for each reason (``"fire"``, ``"passenger-order"``,
        ``"passenger-undelivered"``) with its 95 % Wilson interval; only reasons that occurred."""
        out = {}
        for k, why in enumerate(REASONS):
            count = int(np.count_nonzero(self.reason == k))
            if why is not None and count:
                out[why] = wilson(count, self.games)
        return out

    def _head(self) -> str:
        return (f"{self.rules_name}, {plural(self.players, 'player')}, {self.player} player, "
                f"{plural(self.games, 'game')} (seed {self.seed})")

    def _unchanged_note(self) -> str | None:
        """One line when the rules hold variants that change nothing for the simple player."""
        names = unchanged_for_simple(self.rules) if self.player == "simple" else []
        if not names:
            return None
        these = names[0] if len(names) == 1 else " and ".join([", ".join(names[:-1]), names[-1]])
        return (f"the simple player never signals or runs out of time: {these} "
                f"change{'s' if len(names) == 1 else ''} nothing for it")

    def summary(self) -> str:
        """The result in one line with 95 % intervals, and a line each for lost games and for rules that
        change nothing for the simple player; the same for a seed every run (no timing).

        >>> print(simulate("Normal", 2, games=10, seed=0, engine="reference").summary())
        Normal, 2 players, simple player, 10 games (seed 0): perfect ... % (95 % interval ...–... %), on average ... cards left (95 % interval ...–...)
        >>> print(simulate("Stille Fahrt", 1, games=1, seed=0).summary())
        Stille Fahrt, 1 player, simple player, 1 game (seed 0): perfect ... % (95 % interval ...–... %), on average ... cards left (95 % interval —)
          the simple player never signals or runs out of time: Stille Fahrt changes nothing for it
        """
        if not self.games:
            return self._head() + ": no games played."
        text = f"{self._head()}: {_perfect_text(self)}, {_remaining_text(self)}"
        lost = self.outcomes()["lost"]
        if lost[0] > 0:
            why = ", ".join(f"{w} {_pct(s)} %" for w, (s, _, _) in self.lost().items())
            text += f"\n  lost {_pct(lost[0])} % ({_span(lost[1], lost[2], _pct)} %): {why}"
        note = self._unchanged_note()
        if note:
            text += f"\n  {note}"
        return text

    def __repr__(self) -> str:
        if not self.games:
            return (f"SimulationResult(rules={self.rules_name!r}, players={self.players}, games=0, "
                    f"seed={self.seed}, player={self.player!r}, engine={self.engine!r})")
        return (f"SimulationResult(rules={self.rules_name!r}, players={self.players}, games={self.games}, "
                f"seed={self.seed}, player={self.player!r}, engine={self.engine!r}, "
                f"perfect={self.perfect()[0]:.3f}, mean_remaining={self.mean_remaining()[0]:.2f})")

    def _repr_html_(self) -> str:
        # No timing: notebooks show this, and strict nbval compares it run to run.
        head = (f"<b>{html.escape(self.rules_name)}</b> · {plural(self.players, 'player')} · "
                f"{html.escape(self.player)} player · {plural(self.games, 'game')} (seed {self.seed})")
        if not self.games:
            return f'<div class="pn-sim">{head}: no games played.</div>'
        p, plo, phi = self.perfect()
        m, mlo, mhi = self.mean_remaining()
        rows = [f"<tr><td>perfect games</td><td>{_pct(p)} %</td><td>{_span(plo, phi, _pct, ' – ')} %</td></tr>",
                f"<tr><td>mean cards left</td><td>{_num(m)}</td><td>{_span(mlo, mhi, _num, ' – ')}</td></tr>"]
        for why, (s, lo, hi) in self.lost().items():
            rows.append(f"<tr><td>lost: {html.escape(why)}</td><td>{_pct(s)} %</td>"
                        f"<td>{_span(lo, hi, _pct, ' – ')} %</td></tr>")
        note = self._unchanged_note()
        note = f"<p>{html.escape(note[0].upper() + note[1:])}.</p>" if note else ""
        return (f'<div class="pn-sim">{head}<table><tr><th></th><th>measured</th><th>95 % interval</th></tr>'
                f"{''.join(rows)}</table>{note}</div>")

    # ------------------------------------------------------------------ single games
    def game(self, i: int) -> Game:
        """Game ``i`` (0 … games − 1) as dealt, before any play: ``Game.new(players, seed, rules=rules, game=i)``.

        Raises:
            ValueError: ``i`` is not a game of this simulation.
        """
        if not self.games:
            raise ArgumentError("This simulation played no games, so there is no game to open; simulate with games ≥ 1.")
        i = whole(i, "i (the game's number in the simulation, from 0)", lo=0, hi=self.games - 1, error=ArgumentError)
        return Game.new(self.players, self.seed, rules=self.rules, game=i)

    def replay(self, i: int) -> Game:
        """Game ``i`` played to its end by the same player with the reference engine (full log, undo):
        its ``result`` agrees with ``remaining[i]``, ``outcome[i]``, ``reason[i]`` and ``turns[i]``.

        Raises:
            ValueError: ``i`` is not a game of this simulation.
        """
        return _play(self.game(i), _player_object(self.player))


# Public names for paternoster.lift.levels, which plans, runs and describes simulations the same way.
Plan = _Plan
plan, run_plan = _plan, _run
pct, num, span, perfect_text, remaining_text = _pct, _num, _span, _perfect_text, _remaining_text
