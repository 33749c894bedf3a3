"""The fast simulation against the reference engine, game for game: which games differ?

:func:`differences` plays games with :func:`paternoster.lift.fastsim.run` and again one by one with
:class:`~paternoster.lift.game.Game` and the same computer player (the simple player or the talking
team); a game agrees when its remaining cards, outcome, reason and final turn are the same.  The tests
check a sample of each rule set; ``benchmarks/check_fastsim_agreement.py`` and
``benchmarks/check_talking_agreement.py`` check hundreds of games per level the long way.

>>> from paternoster import STANDARD
>>> differences(STANDARD, 2, seed=3, first=0, games=3)
[]
"""

from __future__ import annotations

from typing import Sequence

from .bots import SimplePlayer
from .fastsim import OUTCOMES, REASONS, FastBatch, run
from .game import Game
from .rules import Rules
from .talking import TalkingTeam

__all__ = ["Outcome", "differences", "fast_outcome", "reference_outcome"]

#: What is compared per game: (remaining cards, outcome, reason or ``None``, final turn).
Outcome = tuple[int, str, str | None, int]


def fast_outcome(batch: FastBatch, k: int) -> Outcome:
    """Game ``k`` of a fast batch as an :data:`Outcome`."""
    return int(batch.remaining[k]), OUTCOMES[batch.outcome[k]], REASONS[batch.reason[k]], int(batch.turns[k])


def reference_outcome(rules: Rules, players: int, seed: int, game: int, player: str = "simple") -> Outcome:
    """Game ``game`` of a simulation with ``seed``, played on the reference engine, as an :data:`Outcome`."""
    team = TalkingTeam() if player == "talking" else SimplePlayer()
    r = team.play_game(Game.new(players, seed, rules=rules, game=game)).result
    assert r is not None, "a computer player always plays a game to its end"
    return r.remaining, r.outcome, r.reason, r.turn


def differences(rules: Rules, players: int, seed: int, first: int, games: int, player: str = "simple",
                only: Sequence[int] | None = None) -> list[tuple[int, Outcome, Outcome]]:
    """The games ``(index, fast, reference)`` among ``first … first + games - 1`` whose results differ
    (``only``: just these indices of that range, e.g. the games where talking changed the result)."""
    batch = run(rules, players, seed, first, games, player=player)
    indices = range(first, first + games) if only is None else only
    out = []
    for i in indices:
        fast = fast_outcome(batch, i - first)
        ref = reference_outcome(rules, players, seed, i, player)
        if fast != ref:
            out.append((i, fast, ref))
    return out
