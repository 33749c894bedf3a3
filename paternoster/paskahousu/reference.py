"""The simulation's reference loop: games of Paskahousu played by :class:`PaskahousuGame` with the kit's
computer players (full log, record and undo).

:func:`replay_game` replays game ``i`` of a simulation alone; :func:`play_game` lets any players play a game to
its end; :func:`reference_game` is how :func:`~paternoster.paskahousu.simulate` plays the house rules its
lean loop (:mod:`.fastsim`) does not play (Pöytäpaska, Valepaska) — and what the lean loop is checked against.

Game ``i`` of ``simulate(seed=s)`` uses the seed ``game_seed(s, i)`` (numpy ``SeedSequence``).
**Decision** (kit): the dealer rotates, game ``i`` is dealt by seat ``i % players``, so that seats differ by
strategy, not by who deals; random players at seat ``k`` draw from ``numpy.random.default_rng([game_seed(s, i),
k])``, and a heuristic player (whose only random choices are Valepaska's bluffs and checks) is seeded with
``SeedSequence([game_seed(s, i), k])``'s first word.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.checks import MAX_SEED, short, whole
from ..core.errors import RulesError
from .bots import HeuristicPlayer, RandomPlayer, is_player
from .game import PaskahousuGame
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["game_seed", "play_game", "replay_game", "reference_game", "players_for", "check_arguments",
           "check_strategies", "STRATEGIES"]

#: Strategy names :func:`~paternoster.paskahousu.simulate` knows.
STRATEGIES = ("heuristic", "random")


def game_seed(seed: int, i: int) -> int:
    """The deal seed of game ``i`` (0-based) of a simulation with ``seed``: ``SeedSequence([seed, i])``'s first word.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    seed = whole(seed, "seed", 0, MAX_SEED, error=ArgumentError)
    i = whole(i, "i (the game's index)", 0, MAX_SEED, error=ArgumentError)
    return int(np.random.SeedSequence([int(seed), int(i)]).generate_state(1, np.uint64)[0])


def check_strategies(strategies: Any, players: int) -> list[str]:
    """One strategy name per seat.  **Decision** (kit): a :class:`HeuristicPlayer` object stands for
    ``"heuristic"`` (it is deterministic, so the lean loop plays it exactly); a :class:`RandomPlayer`
    object is refused, because the simulation seeds random players per game and seat (see the module
    doc), so the object's own seed could not be honoured; other player objects are refused too (the
    lean loop knows only the kit's policies: play them with :func:`play_game` or ``Match``)."""
    if isinstance(strategies, str) or type(strategies) is HeuristicPlayer:
        strategies = [strategies] * players
    if not isinstance(strategies, (list, tuple)):
        raise ArgumentError(f"strategies must be 'heuristic', 'random' or a list with one per seat, "
                         f"not {short(strategies)}.")
    out = list(strategies)
    if len(out) != players:
        raise ArgumentError(f"strategies: {len(out)} given for {players} players; give one per seat, "
                         f"e.g. ['heuristic'] + ['random'] * {players - 1}.")
    out = ["heuristic" if type(s) is HeuristicPlayer else s for s in out]
    for seat, s in enumerate(out, 1):
        if isinstance(s, RandomPlayer):
            raise ArgumentError(f"strategies (seat {seat}): write 'random' instead of {short(s)}. The simulation seeds "
                             f"each random player from the game's seed and the seat, so that every game can be "
                             f"replayed alone; a RandomPlayer's own seed cannot be honoured.")
        if isinstance(s, str) and s in STRATEGIES:
            continue
        if is_player(s):
            raise ArgumentError(f"strategies (seat {seat}): simulate takes strategy names ({', '.join(map(repr, STRATEGIES))}), "
                             f"not the player {short(s)}: its lean loop plays only the kit's own policies. Play your "
                             f"own player with play_game() or Match.")
        raise ArgumentError(f"Unknown strategy {short(s)}: choose from {', '.join(STRATEGIES)}.")
    return out


def check_arguments(players: Any, seed: Any, strategies: Any, rules: Any) -> tuple[int, int, list[str]]:
    """The arguments :func:`~paternoster.paskahousu.simulate` and :func:`replay_game` share, checked in one
    place: ``(players, seed, one strategy name per seat)``."""
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
    players = rules.check_players(players)
    seed = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ArgumentError)
    return players, seed, check_strategies(strategies, players)


def players_for(strategies: Sequence[str], gseed: int) -> list[Any]:
    """One player per seat for the game dealt from ``gseed``: a random player draws from
    ``default_rng([gseed, seat])``; a heuristic player gets the seed ``SeedSequence([gseed, seat])``'s first word
    (it draws only for Valepaska's bluffs and checks, Paskahousu rules §12.1)."""
    return [HeuristicPlayer(int(np.random.SeedSequence([gseed, k]).generate_state(1, np.uint64)[0]))
            if s == "heuristic" else RandomPlayer([gseed, k]) for k, s in enumerate(strategies)]


def play_game(game: PaskahousuGame, players: Sequence[Any], *, record_undo: bool = False) -> PaskahousuGame:
    """Let ``players`` (one per seat, each with ``choose(game)``) play ``game`` to its end; returns the game.

    Raises:
        ValueError: not one player per seat; TypeError: ``game`` is not a PaskahousuGame.
    """
    if not isinstance(game, PaskahousuGame):
        raise ArgumentTypeError(f"play_game needs a PaskahousuGame, not {short(game)} ({type(game).__name__}).")
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ArgumentError(f"players must be a list with one player per seat, not {short(players)}.")
    if len(players) != game.players:
        raise ArgumentError(f"players: {len(players)} given for {game.players} seats; give one per seat.")
    while not game.is_terminal():
        game.apply_action(players[game.to_move].choose(game), record_undo=record_undo)
    return game


def replay_game(seed: int, i: int, players: int = 4, strategies: Any = "heuristic", *,
                rules: HouseRules = STANDARD_HOUSE_RULES, names: Sequence[str] | None = None) -> PaskahousuGame:
    """Game ``i`` of ``simulate(players, seed=seed, strategies=...)``, played out with :class:`PaskahousuGame`
    (full log, record and undo) — to read, show or check one simulated game.

    Args:
        seed, players, strategies, rules: as given to :func:`~paternoster.paskahousu.simulate`.
        i: the game's number in that simulation, 0-based (any whole number ≥ 0).
        names: player names (default "Player 1" …).

    Raises:
        RulesError: player count not allowed; ValueError: bad ``seed``, ``i`` or ``strategies``
        (the same checks as :func:`~paternoster.paskahousu.simulate`).
    """
    players, seed, strat = check_arguments(players, seed, strategies, rules)
    i = whole(i, "i (the game's number in the simulation, from 0)", lo=0, hi=MAX_SEED, error=ArgumentError)
    gseed = game_seed(seed, i)
    game = PaskahousuGame.new(players, gseed, rules=rules, dealer=i % players, names=names)
    return play_game(game, players_for(strat, gseed), record_undo=True)


def reference_game(players: int, gseed: int, dealer: int, strategies: Sequence[str],
                   rules: HouseRules) -> tuple[int, int, int]:
    """One game with :class:`PaskahousuGame` and the kit's players, as :func:`replay_game` plays it:
    ``(loser or -1, turns, opener's seat)``."""
    game = PaskahousuGame.new(players, gseed, rules=rules, dealer=dealer)
    opener = game.to_move
    play_game(game, players_for(strategies, gseed))
    r = game.result
    assert r is not None  # play_game plays to the end
    return (-1 if r.loser is None else r.loser), r.turn, opener
