"""Computer players.

:class:`CheapestPlayer` is a stand-in until the seed's simple computer player
(spec section 11) arrives: it is deterministic and easy to predict, so a class
can guess its next play.

Its policy, in words:

1. While below the minimum, play the legal play with the lowest cost in
   skipped rungs (a setback, −4, is the cheapest of all; then a twin, 0; …).
   Ties go to the lower pile number, then the lower card.
2. Once the minimum is met, keep playing only plays that cost nothing or win
   rungs back (skipped ≤ 0: twins, the next rung, setbacks); then end the turn.

>>> from paternoster import examples
>>> g = examples.anna_turn()
>>> CheapestPlayer().choose(g)
Play(card=Card('4♦'), pile=0)
"""

from __future__ import annotations

from .game import Action, EndTurn, Game

__all__ = ["CheapestPlayer"]


class CheapestPlayer:
    """Plays the cheapest legal play until the minimum is met, then only free plays (see module doc)."""

    name = "cheapest"

    def choose(self, game: Game) -> Action:
        """The action this player takes in ``game`` now.

        Raises:
            ValueError: the game is over (there is nothing to choose).
        """
        if game.is_terminal():
            raise ValueError("The game is over: a computer player has nothing to choose.")
        plays = sorted(game.legal_plays(), key=lambda p: (p.skipped, p.pile, p.card.rung))
        if plays and (not game.minimum_met or plays[0].skipped <= 0):
            return plays[0].action
        return EndTurn()

    def play_turn(self, game: Game) -> list[Action]:
        """Take a whole turn (until this player ends it or the game ends); returns the actions taken."""
        taken: list[Action] = []
        mover, turn = game.to_move, game.turn
        while not game.is_terminal() and game.to_move == mover and game.turn == turn:
            action = self.choose(game)
            game.apply_action(action)
            taken.append(action)
        return taken

    def __repr__(self) -> str:
        return "CheapestPlayer()"
