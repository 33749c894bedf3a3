"""Many games of Paskahousu between computer players: who tends to lose, and how long do games last?

:func:`simulate` plays games with the lean loop over rank counts (:mod:`.fastsim`: no Card objects, no log,
no undo), which calls the same rule functions as :class:`~paternoster.paskahousu.PaskahousuGame` — the deal,
the openings, the acceptance table, who moves next — and the same player policies (:mod:`.bots`);
``tests/paskahousu/test_simulation_house_rules.py`` checks game for game that both give the same loser after
the same number of turns, under every house rule.  Pöytäpaska and Valepaska (table cards, hidden announced
plays and checks) are played by the position loop instead (:mod:`.fastpos`, :func:`~.fastrun.position_game`):
kinds too, with the table cards, announcements and checks — the same games as :class:`PaskahousuGame` with
the kit's players (:mod:`.reference`), checked game for game by ``tests/paskahousu/test_fastpos.py``;
:func:`fast_loop_plays` says which loop plays a set of house rules.

Game ``i`` of ``simulate(seed=s)`` uses the seed ``game_seed(s, i)`` (numpy ``SeedSequence``), so it can be
replayed alone with :func:`replay_game`; the dealer rotates (see :mod:`.reference`).

**Game length.**  A game stopped at the turn cap is a stalemate (Paskahousu rules §8.4): it has no loser and
no length of its own.  :class:`SimulationResult` reports the finished games' mean and median turns and the
stalemates apart (``mean_turns`` alone counts a stalemate as the cap).

>>> r = simulate(players=3, games=60, seed=1)
>>> r.games, sum(r.losses) + r.stalemates, r.finished_games + r.stalemates
(60, 60, 60)
>>> replay_game(1, 0, players=3).result.loser == simulate(players=3, games=1, seed=1).losses.index(1)
True
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, whole
from ..core.stats import check_progress, progress_bar, wilson
from .fastsim import fast_game, fast_loop_plays, plan
from .fastrun import position_game
from .reference import STRATEGIES, check_arguments, game_seed, play_game, replay_game
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["simulate", "SimulationResult", "game_seed", "replay_game", "play_game", "wilson", "STRATEGIES",
           "fast_loop_plays"]


@dataclass
class SimulationResult:
    """What :func:`simulate` found.

    Attributes:
        players: seats per game; games: games played; seed: the simulation seed.
        strategies: strategy name per seat.
        losses: games lost per seat (tuple of ints).
        stalemates: games stopped at the turn cap (no loser; Paskahousu rules §8.4).
        turns: turns per game (numpy int array, shape (games,); a stalemate counts the cap).
        seconds: wall-clock time of the simulation.
        rules: the house rules played (Paskahousu rules §11); ``rules.name`` names them.
        engine: ``"fast"``: every rule set is played by a lean loop (the count loop of :mod:`.fastsim`, or the
            position loop of :mod:`.fastpos` for Pöytäpaska and Valepaska), the same games as
            :class:`PaskahousuGame` game by game (``"reference"`` is kept for results saved before).
        from_dealer: games lost by the seat ``k`` places to the dealer's left, ``k = 0 … players − 1``
            (``k = 0`` is the dealer, ``k = 1`` the dealer's left neighbour).
        from_opener: games lost by the seat ``k`` places to the left of the player who opened
            (``k = 0`` is the opener).
        finished: per game, whether it finished with a loser (numpy bool array, shape (games,)); the others
            are the stalemates.  Left out, it is taken from the turn cap.

    The length of a game is that of the finished games (:attr:`finished_mean_turns`,
    :attr:`finished_median_turns`): a stalemate was stopped, it did not end, so it is counted apart.

    >>> r = simulate(players=3, games=60, seed=1)
    >>> sum(r.from_dealer) == sum(r.from_opener) == sum(r.losses) == 60 - r.stalemates
    True
    """

    players: int
    games: int
    seed: int
    strategies: tuple[str, ...]
    losses: tuple[int, ...]
    stalemates: int
    turns: np.ndarray = field(repr=False)
    seconds: float
    rules: HouseRules = STANDARD_HOUSE_RULES
    engine: str = "fast"
    from_dealer: tuple[int, ...] = ()
    from_opener: tuple[int, ...] = ()
    finished: np.ndarray | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.finished is None:
            self.finished = np.asarray(self.turns) < self.rules.turn_cap

    def loss_rate(self, seat: int) -> tuple[float, float, float]:
        """Share of all games seat ``seat`` lost, with its 95 % Wilson interval: ``(rate, low, high)``.

        Raises:
            ValueError: ``seat`` is not a seat.
        """
        seat = whole(seat, "seat", 0, self.players - 1, error=ArgumentError)
        return wilson(self.losses[seat], self.games)

    def loss_rate_from_dealer(self, k: int) -> tuple[float, float, float]:
        """Share of all games lost by the seat ``k`` places left of that game's dealer (0 = the dealer,
        1 = the dealer's left neighbour, who deals first and opens under Fester Anfang), with its 95 %
        Wilson interval.  Paskahousu rules §3.1, §11.3.

        Raises:
            ValueError: ``k`` is not 0 … players − 1.
        """
        k = whole(k, "k (places left of the dealer)", 0, self.players - 1, error=ArgumentError)
        return wilson(self.from_dealer[k], self.games)

    def loss_rate_from_opener(self, k: int) -> tuple[float, float, float]:
        """Share of all games lost by the seat ``k`` places left of the player who opened (0 = the opener),
        with its 95 % Wilson interval.  Paskahousu rules §4.

        Raises:
            ValueError: ``k`` is not 0 … players − 1.
        """
        k = whole(k, "k (places left of the opener)", 0, self.players - 1, error=ArgumentError)
        return wilson(self.from_opener[k], self.games)

    def stalemate_share(self) -> tuple[float, float, float]:
        """Share of games that ended as a stalemate (turn cap), with its 95 % Wilson interval."""
        return wilson(self.stalemates, self.games)

    @property
    def mean_turns(self) -> float:
        """Mean turns per game over *all* games, a stalemate counting the turn cap (see :attr:`finished_mean_turns`
        for the length of a game)."""
        return float(self.turns.mean()) if self.games else 0.0

    def mean_turns_interval(self) -> tuple[float, float, float]:
        """:attr:`mean_turns` (all games, a stalemate counting the cap) with its 95 % interval: see
        :meth:`finished_turns_interval` for the length of the finished games."""
        return _mean_interval(self.turns)

    @property
    def finished_games(self) -> int:
        """Games that finished with a loser (``games − stalemates``)."""
        return int(np.count_nonzero(np.asarray(self.finished, dtype=bool)))

    @property
    def finished_turns(self) -> np.ndarray:
        """Turns of each finished game (the stalemates left out)."""
        return self.turns[np.asarray(self.finished, dtype=bool)]

    @property
    def finished_mean_turns(self) -> float:
        """Mean turns of the finished games (stalemates left out); 0.0 if no game finished."""
        return _mean_interval(self.finished_turns)[0]

    @property
    def finished_median_turns(self) -> float:
        """Median turns of the finished games (stalemates left out); 0.0 if no game finished."""
        t = self.finished_turns
        return float(np.median(t)) if len(t) else 0.0

    def finished_turns_interval(self) -> tuple[float, float, float]:
        """Mean turns of the finished games with its 95 % interval (normal approximation: mean ± 1.96 standard
        errors): ``(mean, low, high)``; ``(0.0, 0.0, 0.0)`` if no game finished."""
        return _mean_interval(self.finished_turns)

    def turns_words(self) -> str:
        """The game length in words: ``'finished games: mean 41.3 turns, median 40'``, and the stalemates apart
        when there are any."""
        if not self.finished_games:
            text = "no game finished"
        else:
            text = (f"finished games: mean {self.finished_mean_turns:.1f} turns, median "
                    f"{self.finished_median_turns:g}")
        if self.stalemates:
            text += f"; {self.stalemates} stopped at the turn cap of {self.rules.turn_cap} (stalemates)"
        return text

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (no per-game turns): the counts, the house rules, the finished games' mean (with
        its interval) and median turns, and every share with its 95 % interval as ``{"mean": rate, "low": …,
        "high": …}`` (loss rates also name their ``"seat"``), rounded to 6 decimals, never below 0.0.
        ``mean_turns`` counts every game, a stalemate as the turn cap."""
        def labelled(x: Any) -> dict[str, float]:
            # rounded to 6 decimals and clamped to 0.0 from below: no float noise such as 5.55e-17
            return {k: max(0.0, round(float(v), 6)) + 0.0 for k, v in zip(("mean", "low", "high"), x)}

        return {"players": self.players, "games": self.games, "seed": self.seed, "strategies": list(self.strategies),
                "house_rules": self.rules.name, "losses": list(self.losses), "stalemates": self.stalemates,
                "finished_games": self.finished_games,
                "finished_mean_turns": labelled(self.finished_turns_interval()),
                "finished_median_turns": self.finished_median_turns,
                "mean_turns": self.mean_turns, "mean_turns_interval": labelled(self.mean_turns_interval()),
                "loss_rates": [{"seat": k, **labelled(self.loss_rate(k))} for k in range(self.players)],
                "stalemate_share": labelled(self.stalemate_share()),
                "losses_from_dealer": list(self.from_dealer), "losses_from_opener": list(self.from_opener),
                "engine": self.engine, "seconds": self.seconds, "rules": self.rules.to_dict()}

    def __repr__(self) -> str:
        rates = ", ".join(f"{r:.3f}" for r, _, _ in (self.loss_rate(k) for k in range(self.players)))
        return (f"SimulationResult(players={self.players}, games={self.games}, house_rules={self.rules.name!r}, "
                f"strategies={list(self.strategies)}, loss_rates=[{rates}], stalemates={self.stalemates}, "
                f"finished_mean_turns={self.finished_mean_turns:.1f}, "
                f"finished_median_turns={self.finished_median_turns:g})")

    def summary(self) -> str:
        """The result as a plain-text table: the finished games' mean and median turns, games lost and loss
        rate per seat with its 95 % Wilson interval, and the stalemates; the header names the house rules
        unless the game is the standard one.  Deterministic for a seed (no timings), so lessons print it.

        >>> print(simulate(players=3, games=200, seed=1).summary())  # doctest: +NORMALIZE_WHITESPACE
        200 games, 3 players; finished games: mean ... turns, median ...
        seat  player       lost  loss rate   95 % interval
        ...
        """
        named = f", house rules: {self.rules.name}" if self.rules.switches() else ""
        lines = [f"{self.games} games, {self.players} players{named}; {self.turns_words()}",
                 f"{'seat':6}{'player':11}{'lost':>6}{'loss rate':>11}   95 % interval"]
        for k in range(self.players):
            r, lo, hi = self.loss_rate(k)
            lines.append(f"{k + 1:<6}{self.strategies[k]:11}{self.losses[k]:>6}{100 * r:>10.1f} %"
                         f"   {100 * lo:.1f} – {100 * hi:.1f} %")
        r, lo, hi = self.stalemate_share()
        lines.append(f"{'stalemate (turn cap)':17}{self.stalemates:>6}{100 * r:>10.1f} %   {100 * lo:.1f} – {100 * hi:.1f} %")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        # No timing here: notebooks show this table, and strict nbval compares it run to run.
        rows = []
        for k in range(self.players):
            r, lo, hi = self.loss_rate(k)
            rows.append(f"<tr><td>seat {k + 1}</td><td>{html.escape(self.strategies[k])}</td><td>{self.losses[k]}</td>"
                        f"<td>{100 * r:.1f} %</td><td>{100 * lo:.1f} – {100 * hi:.1f} %</td></tr>")
        r, lo, hi = self.stalemate_share()
        rows.append(f"<tr><td colspan=2>stalemate (turn cap {self.rules.turn_cap})</td><td>{self.stalemates}</td>"
                    f"<td>{100 * r:.1f} %</td><td>{100 * lo:.1f} – {100 * hi:.1f} %</td></tr>")
        named = f" · house rules: {html.escape(self.rules.name)}" if self.rules.switches() else ""
        return (f'<div class="pk-sim"><b>{self.games} games, {self.players} players</b>{named} · '
                f"{html.escape(self.turns_words())}"
                f"<table><tr><th>seat</th><th>player</th><th>lost</th><th>loss rate</th>"
                f"<th>95 % interval (Wilson)</th></tr>{''.join(rows)}</table></div>")


def _mean_interval(turns: np.ndarray) -> tuple[float, float, float]:
    """Mean with its 95 % interval (normal approximation: mean ± 1.96 standard errors); ``(0.0, 0.0, 0.0)``
    without games."""
    n = len(turns)
    if not n:
        return 0.0, 0.0, 0.0
    m = float(turns.mean())
    if n < 2:
        return m, m, m
    half = 1.959963984540054 * float(turns.std(ddof=1)) / n ** 0.5
    return m, m - half, m + half


def simulate(players: int = 4, games: int = 10_000, seed: int = 0, *, strategies: Any = "heuristic",
             rules: HouseRules = STANDARD_HOUSE_RULES, progress: Any = None) -> SimulationResult:
    """Play ``games`` games between computer players and count who loses.

    Args:
        players: seats per game (2–6, or what the house rules allow).
        games: number of games, 0 to :data:`~paternoster.core.checks.MAX_GAMES` (1,000,000).
        seed: simulation seed; game ``i`` is dealt from :func:`game_seed` ``(seed, i)``.
        strategies: ``"heuristic"``, ``"random"`` or a list with one per seat,
            e.g. ``["heuristic", "random", "random", "random"]``.  A :class:`HeuristicPlayer`
            object may stand for ``"heuristic"`` (it is deterministic).  **Decision** (kit):
            a :class:`RandomPlayer` object is refused — random players are seeded per game and
            seat (see the module doc), so its own seed could not be honoured; other player
            objects are refused too (play them with :func:`play_game` or ``Match``).
        rules: house rules (Paskahousu rules §11; the turn cap ends endless games as stalemates).
            Every rule set is played by a lean loop (:func:`fast_loop_plays`: the count loop, else the
            position loop for Pöytäpaska and Valepaska) — the same games as :class:`PaskahousuGame`.
        progress: ``None`` (or ``False``) for no progress bar, or a tqdm-like class such as
            ``tqdm.auto.tqdm``: called as ``progress(total=games)``; the object's ``update(n)``
            and ``close()`` are used.

    Returns:
        :class:`SimulationResult` (losses per seat and relative to dealer and opener, stalemates, the
        finished games' turns, games per second).

    Raises:
        RulesError: player count not allowed; ValueError: bad ``games``, ``seed`` or ``strategies``;
        TypeError: ``progress`` is not callable (e.g. ``progress=True``).

    >>> simulate(2, games=5, progress=True)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.ArgumentTypeError: progress takes a tqdm-like class such as tqdm.auto.tqdm, or None for no progress bar; not True. Write: from tqdm.auto import tqdm, then simulate(..., progress=tqdm).
    """
    players, seed, strat = check_arguments(players, seed, strategies, rules)
    games = whole(games, "games", lo=0, hi=MAX_GAMES, error=ArgumentError)
    check_progress(progress)
    kinds = [0 if s == "heuristic" else 1 for s in strat]
    fast = fast_loop_plays(rules)
    lean = plan(rules) if fast else None
    losses = [0] * players
    from_dealer = [0] * players
    from_opener = [0] * players
    stalemates = 0
    turns = np.zeros(games, dtype=np.int64)
    finished = np.zeros(games, dtype=bool)
    bar = progress_bar(progress, games)
    step = max(1, min(250, games // 100))
    start = time.perf_counter()
    try:
        for i in range(games):
            gseed = game_seed(seed, i)
            dealer = i % players
            if lean is not None:
                rngs = [np.random.default_rng([gseed, k]) if kinds[k] else None for k in range(players)]
                loser, t, opener = fast_game(players, gseed, dealer, kinds, rngs, lean)
            else:
                loser, t, opener = position_game(players, gseed, dealer, kinds, rules)
            turns[i] = t
            if loser < 0:
                stalemates += 1
            else:
                finished[i] = True
                losses[loser] += 1
                from_dealer[(loser - dealer) % players] += 1
                from_opener[(loser - opener) % players] += 1
            if (i + 1) % step == 0:
                bar.update(step)
        if games % step:
            bar.update(games % step)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    return SimulationResult(players, games, seed, tuple(strat), tuple(losses), stalemates, turns, seconds, rules,
                            "fast", tuple(from_dealer), tuple(from_opener), finished)
