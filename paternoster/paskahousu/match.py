"""Several rounds of Paskahousu with tally marks (Paskahousu rules §9.1).

Each round has one loser, the Paskahousu, who gets a tally mark (Strich); after
the rounds you play, the fewest marks win.  **Decision** (kit): the deal rotates
clockwise — round 1 is dealt by seat 0, round 2 by seat 1, and so on; round ``r``
(0-based) is shuffled with ``game_seed(seed, r)``.  A stalemate (turn cap) gives no mark.

>>> m = Match(3, seed=2, strategies="heuristic")
>>> m.play(4)
>>> sum(m.tallies) + m.stalemates, len(m.results), m.dealer
(4, 4, 1)
"""

from __future__ import annotations

import html
from typing import Any, Sequence

from ..core.errors import ArgumentError
from ..core.checks import MAX_SEED, check_names, short, whole
from ..core.errors import RulesError
from .bots import HeuristicPlayer, RandomPlayer, is_player
from .game import PaskahousuGame, PaskahousuResult
from .rules import STANDARD_HOUSE_RULES, HouseRules
from .reference import game_seed

#: The most rounds one call of :meth:`Match.play` plays.
MAX_ROUNDS = 10_000

__all__ = ["Match"]


class Match:
    """Rounds of Paskahousu between the same players; the loser of each round gets a tally mark.

    Args:
        players: 2–6.
        seed: the match seed (round ``r`` uses ``game_seed(seed, r)``).
        rules: house rules.
        names: player names (default "Player 1" …).
        strategies: per seat ``"heuristic"``, ``"random"``, a player object with ``choose(game)``,
            or ``None`` for a person (who moves through :attr:`game`); one value for every seat,
            or a list.  Default: every seat a person.

    Attributes:
        tallies: marks per seat; results: :class:`PaskahousuResult` per finished round;
        stalemates: rounds without a loser; dealer: the dealer of the next round; game: the round in play.

    Raises:
        RulesError: player count; ValueError: a bad strategy list.
    """

    def __init__(self, players: int = 4, seed: int = 0, *, rules: HouseRules = STANDARD_HOUSE_RULES,
                 names: Sequence[str] | None = None, strategies: Any = None) -> None:
        if not isinstance(rules, HouseRules):
            raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
        self.players = rules.check_players(players)
        self.seed = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ArgumentError)
        self.rules = rules
        self.names = check_names(names, self.players, ArgumentError) if names is not None else [
            f"Player {i + 1}" for i in range(self.players)]
        if strategies is None or isinstance(strategies, str) or is_player(strategies):
            strategies = [strategies] * self.players
        if not isinstance(strategies, (list, tuple)):
            raise ArgumentError(f"strategies must be one strategy or a list with one per seat, not {short(strategies)}.")
        self.strategies = list(strategies)
        if len(self.strategies) != self.players:
            raise ArgumentError(f"strategies: {len(self.strategies)} given for {self.players} players; give one per seat.")
        for s in self.strategies:
            ok = s is None or (isinstance(s, str) and s in ("heuristic", "random")) or is_player(s)
            if not ok:
                raise ArgumentError(f"Unknown strategy {short(s)}: use 'heuristic', 'random', a player object or None "
                                 "(a person).")
        self.tallies = [0] * self.players
        self.results: list[PaskahousuResult] = []
        self.stalemates = 0
        self.dealer = 0
        self.game: PaskahousuGame | None = None
        self._bots: list[Any] = []
        self._scored: PaskahousuGame | None = None  # the finished round already counted

    def new_round(self) -> PaskahousuGame:
        """Deal the next round (dealer :attr:`dealer`) and return it; it is also :attr:`game`.

        Raises:
            ValueError: the current round is not finished yet.
        """
        if self.game is not None and not self.game.is_terminal():
            raise ArgumentError("The current round is still being played; finish it (or play_round()) first.")
        if self.game is not None:
            self._score()
        r = len(self.results)
        gseed = game_seed(self.seed, r)
        self.game = PaskahousuGame.new(self.players, gseed, rules=self.rules, dealer=self.dealer, names=self.names)
        self._bots = [HeuristicPlayer() if s == "heuristic" else RandomPlayer([gseed, k]) if s == "random" else s
                      for k, s in enumerate(self.strategies)]
        return self.game

    def _score(self) -> None:
        g = self.game
        if g is None or not g.is_terminal() or self._scored is g:
            return
        self._scored = g
        result = g.result
        assert result is not None  # a finished game has its result
        self.results.append(result)
        if result.loser is None:
            self.stalemates += 1
        else:
            self.tallies[result.loser] += 1
        self.dealer = (self.dealer + 1) % self.players

    def play_round(self) -> PaskahousuResult:
        """Deal a round and let the computer players play it to the end; returns its result.

        Raises:
            ValueError: a seat is a person (strategy ``None``): play that round through :attr:`game`.
        """
        if None in self.strategies:
            raise ArgumentError("play_round() needs a computer player on every seat; a person's seat (None) plays "
                             "through match.new_round() and match.game.")
        game = self.new_round()
        while not game.is_terminal():
            game.apply_action(self._bots[game.to_move].choose(game), record_undo=False)
        self._score()
        assert game.result is not None  # the loop ends with the game
        return game.result

    def play(self, rounds: int) -> None:
        """Play ``rounds`` rounds (0 to :data:`MAX_ROUNDS`, 10,000) with the computer players (see :meth:`play_round`).

        Raises:
            ValueError: ``rounds`` not a whole number in that range, or a seat is a person.
        """
        for _ in range(whole(rounds, "rounds", lo=0, hi=MAX_ROUNDS, error=ArgumentError)):
            self.play_round()

    def standings(self) -> list[tuple[str, int]]:
        """``(name, marks)`` from the fewest marks to the most (ties in seat order); scores a finished round first."""
        self._score()
        order = sorted(range(self.players), key=lambda k: (self.tallies[k], k))
        return [(self.names[k], self.tallies[k]) for k in order]

    def leaders(self) -> list[str]:
        """The names with the fewest marks (the match's winners so far; Paskahousu rules §9.1)."""
        self._score()
        low = min(self.tallies)
        return [n for n, t in zip(self.names, self.tallies) if t == low]

    def __repr__(self) -> str:
        return (f"Match(players={self.players}, rounds={len(self.results)}, tallies={self.tallies}, "
                f"stalemates={self.stalemates}, dealer={self.names[self.dealer]!r})")

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(n)}</td><td>{'|' * t or '–'}</td><td>{t}</td></tr>"
                       for n, t in zip(self.names, self.tallies))
        return (f'<div class="pk-match"><b>{len(self.results)} rounds</b> (fewest marks win)'
                f"<table><tr><th>player</th><th>marks</th><th>count</th></tr>{rows}</table></div>")
