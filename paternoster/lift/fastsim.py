"""Many games of the simple computer player, or of the talking team, at once, with numpy.

The reference engine (:class:`~paternoster.lift.game.Game` + :class:`~paternoster.lift.bots.SimplePlayer`
or :class:`~paternoster.lift.talking.TalkingTeam`) plays one game, one action at a time, in Python.
This module plays thousands of games side by side: every array has one row per game, and each
step of the loop lets every unfinished game take its next action (a card onto a pile, or the end
of the turn).  It reproduces the reference engine game for game — the same deal
(:func:`~paternoster.lift.game.deal_orders`), the same choices, the same remaining cards, outcome and
turn — which the tests check for every level, for the silent player and for the talking team.

Where a card may go is not restated here: the tables of costs are built once per
rule set by calling the engine's :func:`~paternoster.lift.ladder.placement` and
:func:`~paternoster.lift.game.command_block` for every (pile direction, top card, card).
What the loop itself spells out in arrays is the turn (minimum, drawing, who is
next), Feuer, Fahrgäste, the red commands and the simple player's choice.

The talking team (``player="talking"``) adds what :mod:`paternoster.lift.talking` does, in arrays:
which piles each player wants a ``help``, ``hold`` or ``passenger`` signal on (``jump`` changes
no cost), who may talk when (everyone at the start of each turn; under Liftführer the mover just
before it ends its turn; nobody under Stille Fahrt, alone, or during a Schweigen), how long a
signal stands, and the listening penalty :data:`~paternoster.lift.talking.PENALTY` on a play that
moves the top of a pile a team-mate signals on.

It plays every rule set of the catalogue, Weitergeben included (the simple player's counting pass of its
highest card to the next seat); :func:`unsupported` names a rule set it cannot play, and
:func:`paternoster.lift.simulation.simulate` then uses the reference engine.  Any number of setbacks per turn
(``Rules.setbacks_per_turn``) is played.  :mod:`paternoster.lift.fastsim_start` starts the same loop from a
given position.

Three modules: this one (the calls, the blocks and the pool of worker processes),
:mod:`paternoster.lift.fastsim_tables` (the tables read off the engine) and
:mod:`paternoster.lift.fastsim_kernel` (the loop).

>>> from paternoster import STANDARD, Game
>>> from paternoster.lift.bots import SimplePlayer
>>> batch = run(STANDARD, players=2, seed=5, first_game=0, games=3)
>>> g = SimplePlayer().play_game(Game.new(2, 5, game=2))
>>> int(batch.remaining[2]) == g.result.remaining, OUTCOMES[batch.outcome[2]] == g.result.outcome
(True, True)
"""

from __future__ import annotations

import atexit
import multiprocessing
import signal
from typing import Any, Iterator, Sequence

import numpy as np

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, short, whole, worker_limit
from .fastsim_kernel import OUTCOMES, REASONS, FastBatch, play_block
from .rules import Rules

__all__ = ["OUTCOMES", "REASONS", "PLAYERS", "FastBatch", "unsupported", "run", "run_many", "parallel_workers", "close_pools",
           "PARALLEL_MIN", "BLOCK"]

#: The teams :func:`run` plays: the silent simple player and the talking team.
PLAYERS = ("simple", "talking")
#: Games played side by side in one block (see :func:`run`).  Measured (benchmarks/bench_simulation.py
#: --blocks, a loaded 2-core machine): the rate per CPU-second flattens from about 10,000 games on, and one
#: block of 20,000 peaks at 33 MB (50,000: 84 MB), so a call of any size stays well under 100 MB.
BLOCK = 20_000


def unsupported(rules: Rules, players: int) -> str | None:
    """Why :func:`run` cannot play these rules, or ``None`` when it can.

    Every rule set of the catalogue is supported, for both players (today this always answers ``None``;
    :func:`~paternoster.lift.simulation.simulate` still asks).  Signals, Stille Fahrt, Liftführer and Sanduhr
    change nothing for the silent simple player; the talking team obeys Stille Fahrt and Liftführer
    (Sanduhr changes nothing for either: neither calls TimeOut).  Weitergeben: a pass goes into a free slot
    of the receiver's hand (the loop keeps two slots beyond the hand size for it).
    """
    rules.check_players(players)
    return None


PARALLEL_MIN = 10_000


def parallel_workers(workers: int | None) -> int:
    """How many processes :func:`run` may use: ``None`` means one per core; never more than the cores and
    :data:`~paternoster.core.checks.MAX_WORKERS` (8) (:func:`~paternoster.core.checks.worker_limit`);
    1 without ``forkserver``.

    Worker processes start from a fork server (Linux, macOS; not in Jupyter notebooks, where the
    kit keeps ``workers=1``): a clean process, so workers inherit none of the caller's open files,
    threads or sockets (a browser driver's pipes, a notebook kernel's channels).
    """
    if workers is None:
        workers = worker_limit()
    if workers > 1 and "forkserver" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(int(workers), worker_limit()))


def run(rules: Rules, players: int, seed: int, first_game: int, games: int, workers: int = 1,
        player: str = "simple") -> FastBatch:
    """Play games ``first_game … first_game + games - 1`` of a simulation with ``seed``.

    Game ``i`` is ``Game.new(players, seed, rules=rules, game=i)`` played on every seat by
    :class:`~paternoster.lift.bots.SimplePlayer` (``player="simple"``) or by the talking team
    :class:`~paternoster.lift.talking.TalkingTeam` (``player="talking"``: the same pile signals and the
    same listening, under the rules' Stille Fahrt or Liftführer); seat 0 starts (rules §3.4, Decision (kit)).

    The games are played in blocks of at most :data:`BLOCK` games, so the rate per game stays
    the same and the memory stays small however many games are asked for; a game depends only
    on ``seed`` and its index, so blocks change no result.

    Args:
        rules: the rule set (must pass :func:`unsupported`).
        players: player count allowed by ``rules``.
        seed: simulation seed (int ≥ 0); first_game, games: which games (≥ 0).
        workers: processes to share the games (``None``: one per core, see :func:`parallel_workers`).
            With 2 or more and at least :data:`PARALLEL_MIN` games, the blocks are shared out over a
            pool of worker processes that is started once and reused by later calls; the
            results are the same as with one process, game for game.
        player: ``"simple"`` (silent) or ``"talking"``.

    Returns:
        a :class:`FastBatch` of ``games`` entries.

    Raises:
        RulesError: player count not allowed; ValueError: rules not supported (see :func:`unsupported`),
        or an unknown ``player``.
    """
    rules.check_players(players)
    why = unsupported(rules, players)
    if why:
        raise ArgumentError(f"The vectorised simulation cannot play {short(rules.name)}: {why}")
    if player not in PLAYERS:
        raise ArgumentError(f"player must be one of {', '.join(map(repr, PLAYERS))}, not {short(player)}.")
    games = whole(games, "games", lo=0, hi=MAX_GAMES, error=ArgumentError)
    first_game = whole(first_game, "first_game", lo=0, error=ArgumentError)
    workers = parallel_workers(workers)
    size = BLOCK
    if workers > 1 and games >= PARALLEL_MIN:
        size = min(BLOCK, -(-games // workers))        # every worker gets a block
    parts = [(rules, players, seed, first_game + a, min(size, games - a), player) for a in range(0, games, size)]
    if workers > 1 and games >= PARALLEL_MIN:
        done = _pool(workers).starmap(play_block, parts, chunksize=1)
    else:
        done = [play_block(*part) for part in parts]
    if len(done) == 1:
        return done[0]
    if not done:
        return play_block(rules, players, seed, first_game, 0, player)
    return FastBatch(*(np.concatenate([getattr(b, f) for b in done])
                       for f in ("remaining", "outcome", "reason", "turns")))


def run_many(jobs: Sequence[tuple[Rules, int, int, int, int]], workers: int = 1,
             player: str = "simple") -> Iterator[FastBatch]:
    """Several runs at once: each job ``(rules, players, seed, first_game, games)`` as in :func:`run`.

    Yields one :class:`FastBatch` per job, in the jobs' order, as soon as it (and every job before it)
    is done, so a caller can move a progress bar job by job.  With ``workers`` of 2 or more the jobs
    are shared out over the same pool of worker processes as :func:`run` (one whole job per worker at a
    time: many small runs, such as the campaign's floors, keep every core busy) once they hold at
    least :data:`PARALLEL_MIN` games together; the results are those of :func:`run`, game for game.

    Raises:
        RulesError, ValueError: as :func:`run`, for the first job that is wrong, when called (before any
        game is played).
    """
    checked = []
    for rules, players, seed, first_game, games in jobs:
        rules.check_players(players)
        why = unsupported(rules, players)
        if why:
            raise ArgumentError(f"The vectorised simulation cannot play {short(rules.name)}: {why}")
        checked.append((rules, int(players), seed, whole(first_game, "first_game", lo=0, error=ArgumentError),
                        whole(games, "games", lo=0, hi=MAX_GAMES, error=ArgumentError), player))
    if player not in PLAYERS:
        raise ArgumentError(f"player must be one of {', '.join(map(repr, PLAYERS))}, not {short(player)}.")
    workers = parallel_workers(workers)
    if workers > 1 and len(checked) > 1 and sum(job[4] for job in checked) >= PARALLEL_MIN:
        return iter(_pool(workers).imap(_run_job, checked, chunksize=1))
    return map(_run_job, checked)


def _run_job(job: tuple[Rules, int, int, int, int, str]) -> FastBatch:
    """One job of :func:`run_many`: :func:`run` in this process (in blocks)."""
    rules, players, seed, first_game, games, player = job
    return run(rules, players, seed, first_game, games, workers=1, player=player)


_POOLS: dict[int, Any] = {}


def _pool(workers: int) -> Any:
    """The pool of ``workers`` processes, started at its first use and reused afterwards.

    The workers come from a fork server, not from a fork of the caller: a forked worker would keep
    copies of every file the caller had open, and a caller that waits for one of them to close
    (a browser driver waiting for its pipe, in the browser tests) would wait for ever. Each
    worker builds its own placement tables (:func:`~paternoster.lift.fastsim_tables.rule_tables`) at its first game.
    """
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        pool = _POOLS[workers] = context.Pool(workers, initializer=_worker_start)
    return pool


def _worker_start() -> None:
    """Each worker ignores Ctrl-C (SIGINT): the calling process alone stops on it (the command line says
    "stopped.") and ends the workers at exit (:func:`close_pools`), so no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@atexit.register
def close_pools() -> None:
    """Stop the worker processes :func:`run` started (they are also stopped when Python exits)."""
    while _POOLS:
        _POOLS.popitem()[1].terminate()
