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

Under the variants it stays simple but never breaks a rule: it never signals,
never passes and never times out; it avoids plays that lose at once (a
passenger's twin too early) while it has another; with Feuer it covers a
burning card from an earlier turn (cheapest play onto that pile) before ending
its turn; it spends an emergency token only when otherwise stuck (a big
setback, or ending the turn after one card).

>>> from paternoster import examples
>>> g = examples.anna_turn()
>>> CheapestPlayer().choose(g)
Play(card=Card('4♦'), pile=0)
"""

from __future__ import annotations

from .game import Action, EndTurn, Game
from .ladder import BIG_SETBACK

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
        key = lambda p: (p.skipped, p.pile, p.card.rung)  # noqa: E731
        every = sorted(game.legal_plays(), key=key)
        safe = [p for p in every if game.loses(p.action) is None]
        plays = [p for p in safe if p.kind != BIG_SETBACK]
        if game.fire_duty:
            # Feuer: cover first, or the turn end loses.
            duty = {b[0] for b in game.fire_duty}
            cover = [p for p in plays if p.pile in duty] or [p for p in safe if p.pile in duty]
            if cover:
                return cover[0].action
        if plays and (not game.minimum_met or plays[0].skipped <= 0):
            return plays[0].action
        if game.minimum_met:
            return EndTurn()
        # Below the minimum with no ordinary play: a token, then any legal action (the game may be lost).
        if game.token_free and game.played_this_turn >= 1:
            return EndTurn(token=True)
        big = [p for p in safe if p.kind == BIG_SETBACK]
        if big:
            return big[0].action
        if every:
            return every[0].action
        acts = game.legal_actions()
        if acts:
            return acts[0]
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
