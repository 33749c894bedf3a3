"""Positions where the evaluator (:mod:`paternoster.lift.evaluation`) tests the rule book's tips, and the
lesson-4 question "which of these three plays leaves fewer cards on average?".

Each position is a dealt game (three players, Anna, Ben and Carla), so the cards Anna cannot see are
real cards of a real deal; the evaluator never reads them.  The answers are measured, not stated: a
lesson prints them from :func:`measure` and a test replays them.

* :func:`first_turn` — Anna's first turn (seed 1): every pile is empty.  Tip §9.6 *start up piles low
  and down piles high*: :data:`OPEN_TIP` compares 3♦ on up pile 1 (low, on an up pile) with 3♦ on down
  pile 1 (the same card on a down pile), and K♠ on down pile 1 with K♠ on up pile 1.
* :func:`minimum_met` — turn 3 of the same deal (after two turns of the simple player): Carla has
  played her two cards.  Tip §9.5 *do not play more than you must*: :data:`EXTRA_TIP` compares ending the turn with
  an extra card of cost 5 (8♣ on down pile 1).
* :data:`QUESTION` — the three plays of the lesson-4 question on :func:`first_turn`; :func:`answer` is the
  one that leaves the fewest cards on average (K♠ on down pile 1 with the default rollouts and seed).

>>> ev = measure(first_turn(), QUESTION)
>>> [row.label for row in ev.options]
['K♠ on down pile 1', '9♥ on down pile 1', '6♠ on up pile 1']
"""

from __future__ import annotations

from typing import Sequence

from ..core.cards import parse_card
from ..core.evaluation import Evaluation
from .actions import Action, EndTurn, Play
from .bots import SimplePlayer
from .evaluation import evaluate
from .game import Game
from .examples import NAMES

__all__ = ["first_turn", "minimum_met", "OPEN_TIP", "EXTRA_TIP", "QUESTION", "measure", "answer"]

#: Tip §9.6 on :func:`first_turn`: (3♦ up, 3♦ down) and (K♠ down, K♠ up), the tip's choice first in each pair.
OPEN_TIP: tuple[tuple[Action, Action], ...] = ((Play(parse_card("3♦"), 0), Play(parse_card("3♦"), 2)),
                                               (Play(parse_card("K♠"), 2), Play(parse_card("K♠"), 0)))
#: Tip §9.5 on :func:`minimum_met`: ending the turn (the tip's choice) against an extra card of cost 5.
EXTRA_TIP: tuple[Action, Action] = (EndTurn(), Play(parse_card("8♣"), 2))
#: The lesson-4 question on :func:`first_turn`: three plays, in the order a lesson shows them.
QUESTION: tuple[Action, Action, Action] = (Play(parse_card("6♠"), 0), Play(parse_card("K♠"), 2),
                                          Play(parse_card("9♥"), 2))


def first_turn() -> Game:
    """Anna's first turn of ``Game.new(3, seed=1)``: 3♦ 6♠ 7♦ 9♥ Q♦ K♠ in hand, every pile empty."""
    return Game.new(3, 1, names=NAMES)


def minimum_met() -> Game:
    """``Game.new(3, seed=1)`` after two turns of the simple player, Carla's turn (turn 3) after her two
    cards: 5♥ 6♥ 8♠ 8♣ in hand, up pile 1 on 3♦, down pile 1 on 10♦."""
    g = Game.new(3, 1, names=NAMES)
    player = SimplePlayer()
    player.play_turn(g)
    player.play_turn(g)
    while not g.minimum_met:
        g.apply_action(player.choose(g))
    return g


def measure(game: Game, actions: Sequence[Action], *, rollouts: int = 400, seed: int = 0) -> Evaluation:
    """Just ``actions`` of the player to move in ``game``, measured on the same re-deals, best first."""
    return evaluate(game, game.to_move, rollouts=rollouts, seed=seed, only=actions)


def answer(*, rollouts: int = 400, seed: int = 0) -> Action:
    """The play of :data:`QUESTION` that leaves the fewest cards on average, as the evaluator measures it."""
    return measure(first_turn(), QUESTION, rollouts=rollouts, seed=seed).options[0].option
