"""The fast simulation started from a given position: the rest of a game, many times at once.

:func:`paternoster.lift.fastsim.run` starts every game from a fresh deal.  This module starts the same loop
(:func:`paternoster.lift.fastsim_kernel.play_start`) from positions of :class:`~paternoster.lift.game.Game`:
the hands, piles, draw pile, the player to move, the cards played and setbacks made this turn, the turn's
minimum, and the variant state the loop knows (tokens, a pass made this turn, passengers delivered, burning
cards, Express waiting) — optionally with a first action given (the option an evaluator measures), after
which the simple player or the talking team plays every seat.  For the talking team the signals standing on
the table are read in (and a Schweigen in force); when nothing is played or passed yet this turn and no first
action is given, the team talks first, as at the start of every turn.  The results are the reference
engine's, game for game (:func:`reference_rest`; the tests check sampled positions of every rule set).

>>> from paternoster import examples
>>> g = examples.anna_turn()
>>> fast_rest([g]) == [reference_rest(g)]
True
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.checks import short
from .actions import Action, BigSetback, EndTurn, Pass, Play
from .agreement import Outcome
from .bots import SimplePlayer
from .fastsim import BLOCK
from .fastsim_kernel import FastBatch, play_start
from .fastsim_state import FORCE_BIG, FORCE_END, FORCE_PASS, FORCE_PLAY, FORCE_TOKEN, Start
from .game import Game
from .redeal import hidden_cards
from .talking import LISTENED, TalkingTeam
from .rules import Rules

__all__ = ["unsupported", "play_from", "start_of", "option_values", "reference_rest", "fast_rest"]

_GONE = -200


def unsupported(rules: Rules, players: int, player: str = "simple") -> str | None:
    """Why :func:`play_from` cannot play these rules with ``player``, or ``None`` when it can (every rule
    set, for the simple player and the talking team)."""
    if player not in ("simple", "talking"):
        return f"the fast loop plays the simple player and the talking team, not {short(player)}."
    return None


def _force(action: Action | None) -> tuple[int, int, int]:
    """An action as the loop's (kind, card rung, pile or seat)."""
    if action is None:
        return 0, 0, 0
    if isinstance(action, BigSetback):
        return FORCE_BIG, action.card.rung, action.pile
    if isinstance(action, Play):
        return FORCE_PLAY, action.card.rung, action.pile
    if isinstance(action, Pass):
        return FORCE_PASS, action.card.rung, action.to
    if isinstance(action, EndTurn):
        return (FORCE_TOKEN if action.token else FORCE_END), 0, 0
    raise ValueError(f"The fast simulation starts with a play, a pass or the end of a turn, not {short(action)}.")


def start_of(games: Sequence[Game], first: Sequence[Action | None] | None = None) -> Start:
    """The loop's arrays for ``games`` (one column each; same rules and player count), each optionally with
    its first action."""
    g0 = games[0]
    rules, P, n = g0.rules, g0.players, len(games)
    H = rules.hand_size(P)
    S = max([H] + [len(h) for g in games for h in g.hands]) + (2 if rules.passing else 0)
    L = max(len(g.draw_pile) for g in games)
    hands = np.full((P, S, n), _GONE, dtype=np.int16)
    deck = np.zeros((max(L, 1), n), dtype=np.int16)
    tops = np.zeros((rules.piles, n), dtype=np.int16)
    burn = np.full((rules.piles, n), -1, dtype=np.int16)
    pas = np.zeros((max(rules.passengers, 1), n), dtype=np.int16)
    forced = np.zeros((3, n), dtype=np.int64)
    mates = np.zeros((rules.piles, n), dtype=bool)                 # the talking team's standing signals
    said = np.zeros((P, rules.piles, n), dtype=bool)
    for k, g in enumerate(games):
        for s, h in enumerate(g.hands):
            hands[s, :len(h), k] = [c.rung for c in h]
        deck[max(L, 1) - len(g.draw_pile):, k] = [c.rung for c in g.draw_pile]
        for p in g.piles:
            tops[p.index, k] = p.top.rung if p.top is not None else (-1 if p.direction == "up" else 52)
        for b, _card, t in g.burning:
            burn[b, k] = t
        pas[:len(g.passengers), k] = [c.rung for c in g.passengers]
        if first is not None:
            forced[:, k] = _force(first[k])
        for pile, posted in g.signals.items():
            for seat, kind in posted:
                said[seat, pile, k] = kind in LISTENED
                mates[pile, k] |= kind in LISTENED and seat != g.to_move
    col = lambda f, dt: np.array([f(g) for g in games], dtype=dt)  # noqa: E731
    return Start(hands=hands, count=np.array([[len(h) for h in g.hands] for g in games], dtype=np.int16).T.copy(),
                 deck=deck, ptr=max(L, 1) - col(lambda g: len(g.draw_pile), np.int16),
                 tops=tops, cur=col(lambda g: g.to_move, np.intp), turn=col(lambda g: g.turn, np.int16),
                 played=col(lambda g: g.played_this_turn, np.int16),
                 sb_left=col(lambda g: g.setbacks_left, np.int16), tok=col(lambda g: g.tokens, np.int16),
                 tok_used=col(lambda g: g.token_used_this_turn, bool), passed=col(lambda g: g.passed_this_turn, bool),
                 express=col(lambda g: len(g.express), np.int16), burn=burn,
                 delivered=col(lambda g: g.delivered, np.int16), minimum=col(lambda g: g.turn_minimum, np.int16),
                 pas=pas, forced=(forced[0].astype(np.int8), forced[1].astype(np.int16), forced[2])
                 if first is not None else None, mates=mates, said=said,
                 hush=col(lambda g: -1 if g.silence_until is None else g.silence_until, np.intp),
                 talk_now=(col(lambda g: g.played_this_turn == 0 and not g.passed_this_turn, bool) & (forced[0] == 0)))


def play_from(games: Sequence[Game], first: Sequence[Action | None] | None = None, player: str = "simple") -> FastBatch:
    """Play every game of ``games`` (same rules and player count; none over) to its end with the simple
    player (or the talking team: ``player="talking"``) on every seat, game ``k`` optionally starting with the action ``first[k]`` (a legal option of its
    player to move).  The games themselves are not changed.

    Raises:
        ValueError: no games, mixed rules or player counts, a game already over, or ``player`` not supported.
    """
    if not games:
        raise ValueError("play_from needs at least one game.")
    g0 = games[0]
    if any(g.rules != g0.rules or g.players != g0.players for g in games):
        raise ValueError("play_from plays games of one rule set and one player count at a time.")
    if any(g.is_terminal() for g in games):
        raise ValueError("play_from plays games that are not over.")
    why = unsupported(g0.rules, g0.players, player)
    if why:
        raise ValueError(f"The vectorised simulation cannot start from a position here: {why}")
    return play_start(g0.rules, g0.players, start_of(games, first), player)


def option_values(game: Game, seat: int, opts: Sequence[Action], deals: np.ndarray,
                  player: str = "simple") -> tuple[np.ndarray, np.ndarray]:
    """The evaluator's rollouts (:mod:`paternoster.lift.evaluation`) on the loop: remaining cards and perfect
    (0/1) per option and re-deal, the hidden cards dealt as :func:`~paternoster.lift.redeal.redealt`
    deals them (the other hands in seat order, then the draw pile); the rest played by ``player``."""
    pool, sizes = hidden_cards(game, seat)
    base = start_of([game])
    R, n_opts = len(deals), len(opts)
    rungs = np.array([c.rung for c in pool], dtype=np.int16)[deals] if len(pool) else np.zeros((R, 0), np.int16)
    hands = np.repeat(base.hands, R, axis=2)                    # (P, S, R): the re-dealt hands
    k = 0
    for s, size in zip([s for s in range(game.players) if s != seat], sizes):
        hands[s, :, :] = _GONE
        hands[s, :size, :] = rungs[:, k:k + size].T
        k += size
    L = base.deck.shape[0]
    deck = np.zeros((L, R), dtype=np.int16)
    deck[L - sizes[-1]:, :] = rungs[:, k:].T
    remaining = np.zeros((n_opts, R), dtype=np.int16)
    perfect = np.zeros((n_opts, R), dtype=np.int8)
    step = max(1, BLOCK // max(R, 1))                # options per block: at most BLOCK games at once (memory)
    for o0 in range(0, n_opts, step):
        group = opts[o0:o0 + step]
        batch = play_start(game.rules, game.players, _tiled(base, hands, deck, group), player)
        remaining[o0:o0 + len(group)] = batch.remaining.reshape(len(group), R)
        perfect[o0:o0 + len(group)] = (batch.outcome == 0).reshape(len(group), R)
    return remaining, perfect


def _tiled(base: Start, hands: np.ndarray, deck: np.ndarray, opts: Sequence[Action]) -> Start:
    """``base`` (one game) with the re-dealt ``hands`` and ``deck`` (R columns), once per option: columns
    ``o * R … o * R + R - 1`` start with option ``o``."""
    R, k = hands.shape[2], len(opts)
    n = R * k
    tile = lambda a: np.tile(a, (1,) * (a.ndim - 1) + (k,))  # noqa: E731
    wide = lambda a: np.repeat(a, n, axis=-1)  # noqa: E731
    forced = np.array([_force(a) for a in opts], dtype=np.int64)   # (options, 3)
    return Start(hands=tile(hands), count=wide(base.count), deck=tile(deck), ptr=wide(base.ptr), tops=wide(base.tops),
                 cur=wide(base.cur), turn=wide(base.turn), played=wide(base.played), sb_left=wide(base.sb_left),
                 tok=wide(base.tok), tok_used=wide(base.tok_used), passed=wide(base.passed),
                 express=wide(base.express), burn=wide(base.burn), delivered=wide(base.delivered),
                 minimum=wide(base.minimum), pas=wide(base.pas),
                 forced=(np.repeat(forced[:, 0], R).astype(np.int8), np.repeat(forced[:, 1], R).astype(np.int16),
                         np.repeat(forced[:, 2], R)),
                 mates=None if base.mates is None else wide(base.mates), said=None if base.said is None else wide(base.said),
                 hush=None if base.hush is None else wide(base.hush), talk_now=np.zeros(n, dtype=bool))


# --------------------------------------------------------------------------- agreement with the reference engine

def reference_rest(game: Game, first: Action | None = None, player: str = "simple") -> Outcome:
    """The rest of ``game`` (a copy) on the reference engine with the simple player (or the talking team), as
    an :data:`~paternoster.lift.agreement.Outcome`."""
    g = Game.from_record(game.to_record())
    if first is not None:
        g.apply_action(first)
    r = (TalkingTeam() if player == "talking" else SimplePlayer()).play_game(g).result
    assert r is not None
    return r.remaining, r.outcome, r.reason, r.turn


def fast_rest(games: Sequence[Game], first: Sequence[Action | None] | None = None,
              player: str = "simple") -> list[Outcome]:
    """The rest of every game on the fast loop, as :data:`~paternoster.lift.agreement.Outcome` values."""
    from .agreement import fast_outcome
    batch = play_from(games, first, player)
    return [fast_outcome(batch, k) for k in range(len(games))]
