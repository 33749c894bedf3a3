"""Computer players for Paternoster.

:class:`SimplePlayer` is the kit's simple computer player (rules §16):
the player that measures the difficulty levels.  It never signals and is fully
determined by the position, so a student can predict every play, and a
simulated game is fixed by its random seed and rules.

**Its policy, in words** (a Decision of the kit, rules §16.2: the rule book's tips, §9,
give only the ideas).

*Cost of a play* (rules §5, :mod:`paternoster.lift.cost`) — how far the pile's top moves
along the ladder, in rungs:

- a twin costs 0, the next rung 1, a jump over *k* rungs *k* + 1;
- opening an empty pile: an up pile counts from below the lowest rung
  (A♦ costs 1, K♣ costs 52), a down pile from above the highest (K♣ costs 1):
  up piles start low, down piles high (rules §9.6);
- a setback costs −4 (it wins one rank back); a big setback (token) −8 or −12;
  a Kinderfahrt same-suit card the wrong way: minus the rungs it wins back.

*Score of a play* — the cost with two adjustments to ordinary plays on a pile (the
player's own judgement, not the cost of rules §5):

- *jump with a setback* (rules §9.4): −4 when the turn's setback is
  still free and the hand holds the card that would then be a setback onto the
  played card (9♥ on 7♣ costs 6 and scores 6 − 4 = 2 with 8♥ in hand; 8♥ follows as the setback);
- *keep setbacks free* (rules §9.3): +4 when the turn's setback is used
  and the hand holds the setback card for this pile: playing here would bury it
  (a twin buries nothing: the same card stays on top).

With Fahrgäste the next passenger's twin scores at most 0 wherever it fits.
Ties go to a jump with its setback (it sheds two cards), then the lower card
(rung), then the lower pile number (rules §16.3).

*Choice*, one action at a time:

1. Feuer: a burning card from an earlier turn must be covered — the best-scoring
   play onto its pile comes first (a big setback there only if nothing else fits).
2. Below the minimum, the best-scoring play; once the minimum is met, more cards only
   while the best score is at most 1 (twin, next rung, setback: rules §9.5 — an extra
   card only when it is a tiny step).
   Plays that would lose at once (a later passenger's twin) are left out.
3. Minimum met: end the turn.
4. Stuck below the minimum: an emergency token ends the turn (after at least one
   card), else a token's big setback; with Weitergeben a counting pass of the
   highest card to the next seat; only then a play that loses.

>>> from paternoster import examples
>>> SimplePlayer().choose(examples.anna_turn())
Play(card=Card('4♦'), pile=0)
>>> g = examples.jump_with_setback()
>>> SimplePlayer().explain(g)
'9♥ on up pile 1 (top 7♣): score 2 — a jump over 5 rungs, cost 6; − 4 to the score: 8♥ can follow as the setback.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.checks import short
from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.cards import Card
from .game import Action, EndTurn, Game, LegalPlay, Pass, Pile, command_block
from .ladder import BIG_SETBACK, NORMAL, SETBACK, setback_card
from . import texts
from .texts import Why

__all__ = ["SimplePlayer", "Scored", "Why", "EXTRA_LIMIT", "play_with_reasons", "base_cost"]

#: Once the minimum is met, a play is still taken when its score is at most this (twin 0, next rung 1, setback −4).
EXTRA_LIMIT = 1


@dataclass(frozen=True)
class Scored:
    """One legal play with the simple player's score and why (rules §16.2).

    Attributes:
        play: the :class:`~paternoster.lift.game.LegalPlay`.
        score: the play's cost (rules §5) with the simple player's adjustments (see the
            module doc); without adjustments it equals the cost.
        why: the cost as data (:class:`~paternoster.lift.texts.CostWords`) and the adjustments, a
            :class:`~paternoster.lift.texts.Why`; ``str(why)`` reads e.g.
            ``"a jump over 5 rungs, cost 6; − 4 to the score: 8♥ can follow as the setback"``.
        pair: a jump whose setback card is in hand (it comes first on a tie).
    """

    play: LegalPlay
    score: int
    why: Why
    pair: bool = False

    @property
    def cost(self) -> int:
        """The old name of :attr:`score` (kept so older code keeps working)."""
        return self.score

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Sort key: score, then a jump with its setback first, then card rung, then pile (the documented tie-break)."""
        return (self.score, 0 if self.pair else 1, self.play.card.rung, self.play.pile)


def base_cost(play: LegalPlay, top: Card | None) -> tuple[int, Why]:
    """The cost of one play (rules §5) before the simple player's adjustments, and the words for it.

    Args:
        play: a :class:`~paternoster.lift.game.LegalPlay` (e.g. from :meth:`Game.legal_plays`).
        top: the top card of its pile before the play (``None``: an empty pile).

    Returns:
        ``(cost, why)``: the cost (:func:`paternoster.lift.cost.cost_of`, the one definition: a twin 0,
        the next rung 1, a jump over *k* rungs *k* + 1, opening an empty pile from its end (up: A♦
        costs 1; down: K♣ costs 1), a setback −4) and a :class:`~paternoster.lift.texts.Why` without
        adjustments, whose :class:`~paternoster.lift.texts.CostWords` say it in words.

    >>> from paternoster import Game
    >>> g = Game.from_position(["9♥ 8♥"], piles=["7♣", "", "", ""], players=1)
    >>> [(n, why.cost) for n, why in (base_cost(lp, g.piles[lp.pile].top) for lp in g.legal_plays()[:2])]
    [(2, CostWords(what='a jump over 1 rung', cost=2)), (6, CostWords(what='a jump over 5 rungs', cost=6))]
    """
    words = texts.cost_words(play.kind, play.skipped, play.card, top)
    return words.cost, Why(words)


class SimplePlayer:
    """The kit's simple computer player (rules §16); the policy is in the module doc.

    It keeps no state between calls: ``choose`` depends only on the game, so one
    object may play every seat (the silent team) and a game is fixed by its seed.
    """

    name = "simple"

    # ------------------------------------------------------------------ costs
    def scored(self, game: Game) -> list[Scored]:
        """Every legal play with its score, best (lowest) first (see :attr:`Scored.key`).

        Returns:
            list of :class:`Scored`; empty when the game is over.
        """
        hand = set(game.hand)
        sb_free = game.setbacks_left > 0
        nxt = game.next_passenger
        out = []
        for lp in game.legal_plays():
            pile = game.piles[lp.pile]
            score, why = base_cost(lp, pile.top)
            pair = False
            if lp.kind == NORMAL:
                if sb_free:
                    follow = self._setback_on(game, lp.card, pile)
                    if follow is not None and follow in hand:
                        score, pair = score - 4, True
                        why = why.noted(texts.pair_note(follow))
                elif pile.top is not None and lp.card != pile.top:  # a twin leaves the same top: nothing buried
                    mine = self._setback_on(game, pile.top, pile)
                    if mine is not None and mine in hand:
                        score += 4
                        why = why.noted(texts.bury_note(mine))
            if nxt is not None and lp.card == nxt and score > 0 and lp.kind != BIG_SETBACK:
                score, why = 0, why.noted(texts.PASSENGER_NOTE)
            out.append(Scored(lp, score, why, pair))
        out.sort(key=lambda s: s.key)
        return out

    @staticmethod
    def _setback_on(game: Game, top: Card, pile: Pile) -> Card | None:
        """The card that would be a setback onto ``top`` on ``pile`` (commands respected), or ``None``."""
        sb = setback_card(pile.direction, top)
        if sb is None or game.rules.same_suit_fits:
            return None
        if command_block(sb, pile.direction, SETBACK, top, game.rules.command_ranks) is not None:
            return None
        return sb

    # ------------------------------------------------------------------ choice
    def choose(self, game: Game) -> Action:
        """The action this player takes in ``game`` now (see the module doc).

        Returns:
            a :class:`Play`, :class:`BigSetback`, :class:`EndTurn` or :class:`Pass`.

        Raises:
            TypeError: ``game`` is not a :class:`Game`; ValueError: the game is over (nothing to choose).
        """
        return self._decide(game)[0]

    def explain(self, game: Game) -> str:
        """The action :meth:`choose` takes now, with its reason in one sentence."""
        return self._decide(game)[1]

    def _decide(self, game: Game) -> tuple[Action, str]:
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"{type(self).__name__} plays a paternoster.Game, not {type(game).__name__}; "
                            "make one with Game.new(...) or Game.from_position(...).")
        if game.is_terminal():
            raise ArgumentError("The game is over: a computer player has nothing to choose.")
        every = self.scored(game)
        safe = [s for s in every if game.loses(s.play.action) is None]
        plays = [s for s in safe if s.play.kind != BIG_SETBACK]
        bigs = [s for s in safe if s.play.kind == BIG_SETBACK]
        if game.fire_duty:
            duty = {b[0] for b in game.fire_duty}
            cover = [s for s in plays if s.play.pile in duty] or [s for s in bigs if s.play.pile in duty]
            if cover:
                return cover[0].play.action, self._words(game, cover[0], texts.COVERS_FIRE)
        if plays and not game.minimum_met:
            return plays[0].play.action, self._words(game, plays[0])
        if plays and plays[0].score <= EXTRA_LIMIT:
            return plays[0].play.action, self._words(game, plays[0], texts.EXTRA_CARD)
        if game.minimum_met:
            if not game.hand:
                return EndTurn(), texts.END_EMPTY_HAND
            return EndTurn(), texts.end_reason(plays[0].score if plays else None)
        if game.token_free and game.played_this_turn >= 1:
            return EndTurn(token=True), texts.TOKEN_END
        if bigs:
            return bigs[0].play.action, self._words(game, bigs[0], texts.NO_ORDINARY_PLAY)
        if game.can_pass() and game.pass_counts:
            card = max(game.hand)
            to = (game.to_move + 1) % game.players
            return Pass(card, to), texts.pass_reason(card, game.names[to])
        if every:
            return every[0].play.action, self._words(game, every[0], texts.ONLY_LOSING)
        acts = game.legal_actions()
        return acts[0], texts.ONLY_ACTION

    @staticmethod
    def _words(game: Game, s: Scored, note: str = "") -> str:
        pile = game.piles[s.play.pile]
        return texts.play_reason(s.play.card, pile.name, pile.top, s.score, s.why, note)

    def play_turn(self, game: Game) -> list[Action]:
        """Take a whole turn (until this player ends it or the game ends); returns the actions taken."""
        taken: list[Action] = []
        mover, turn = game.to_move, game.turn
        while not game.is_terminal() and game.to_move == mover and game.turn == turn:
            action = self.choose(game)
            game.apply_action(action)
            taken.append(action)
        return taken

    def play_game(self, game: Game) -> Game:
        """Play ``game`` to its end (every seat) and return it."""
        while not game.is_terminal():
            game.apply_action(self.choose(game))
        return game

    def __repr__(self) -> str:
        return "SimplePlayer()"


def play_with_reasons(game: Game, player: SimplePlayer | None = None) -> list[tuple[Action, str]]:
    """Play ``game`` to its end with ``player`` (default :class:`SimplePlayer`), noting each reason.

    Returns:
        one ``(action, reason)`` per action applied, in order; ``reason`` is the
        player's :meth:`SimplePlayer.explain` sentence before the action.

    >>> from paternoster import Game
    >>> steps = play_with_reasons(Game.new(2, seed=3))
    >>> steps[0][1]
    'A♦ on up pile 1 (empty): score 1 — opens the pile, cost 1.'
    """
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"play_with_reasons needs a paternoster Game, not {short(game)} ({type(game).__name__}).")
    player = player if player is not None else SimplePlayer()
    if not callable(getattr(player, "_decide", None)):
        raise ArgumentTypeError(f"player must be a SimplePlayer (or None for one), not {short(player)} "
                                f"({type(player).__name__}).")
    out = []
    while not game.is_terminal():
        action, why = player._decide(game)
        game.apply_action(action)
        out.append((action, why))
    return out
