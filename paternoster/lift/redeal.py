"""The cards a seat cannot see, and their re-deals: what the evaluator (:mod:`paternoster.lift.evaluation`) and
the fast start (:mod:`paternoster.lift.fastsim_start`) both deal afresh for every rollout (rules §16.5)."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.cards import Card
from .codec import position_kwargs
from .game import Game

__all__ = ["hidden_cards", "own_game", "redeals", "redealt"]


def hidden_cards(game: Game, seat: int) -> tuple[list[Card], list[int]]:
    """The cards ``seat`` cannot see (the other hands and the draw pile), sorted, and how many each place
    holds: the other seats in seat order, then the draw pile."""
    others = [s for s in range(game.players) if s != seat]
    pool = sorted([c for s in others for c in game.hands[s]] + list(game.draw_pile))
    return pool, [len(game.hands[s]) for s in others] + [len(game.draw_pile)]


def redeals(n_cards: int, rollouts: int, seed: int) -> np.ndarray:
    """``rollouts`` shuffles of the hidden cards (row ``i``: rollout ``i``'s order of the sorted pool),
    from ``numpy.random.default_rng(seed)``."""
    rng = np.random.default_rng(seed)
    return rng.permuted(np.tile(np.arange(n_cards, dtype=np.intp), (rollouts, 1)), axis=1)


def redealt(game: Game, seat: int, pool: Sequence[Card], sizes: Sequence[int], order: Sequence[int]) -> Game:
    """``game`` with the hidden cards dealt in ``order`` (indices into ``pool``): the other hands in seat
    order, then the draw pile (top first); everything else as it is."""
    cards = [pool[j] for j in order]
    hands = [list(h) for h in game.hands]
    k = 0
    for s, size in zip([s for s in range(game.players) if s != seat], sizes):
        hands[s] = cards[k:k + size]
        k += size
    pos = game.to_position()
    return Game(game.rules, game.players, hands, cards[k:], [list(p.cards) for p in game.piles], game.to_move,
                names=game.names, setbacks_this_turn=game.setbacks_this_turn,
                played_this_turn=game.played_this_turn, turn=game.turn, turn_minimum=game.turn_minimum,
                **position_kwargs(pos))


def own_game(game: Game, seat: int, deal: int) -> Game:
    """``game`` as ``seat`` sees it, with the cards ``seat`` cannot see (the other hands and the draw pile)
    dealt afresh by deal number ``deal``: a student's own game that starts from a worked example's
    position without the hands the example showed (the same hand, piles and turn).

    >>> from paternoster import examples
    >>> g = own_game(examples.ben_setback(), 1, deal=5)
    >>> g.hands[1] == examples.ben_setback().hands[1], g.hands[0] == examples.ben_setback().hands[0]
    (True, False)

    Raises:
        PositionError: ``seat`` is not a seat of the game.
        RulesError: ``deal`` is not a deal number.
    """
    from ..core.checks import whole
    from ..core.evaluation import check_seed

    seat = whole(seat, "seat", lo=0, hi=game.players - 1)
    deal = check_seed(deal)
    pool, sizes = hidden_cards(game, seat)
    order = np.random.default_rng(deal).permutation(len(pool))
    return redealt(game, seat, pool, sizes, [int(j) for j in order])

