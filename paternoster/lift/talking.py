"""A talking team: the simple computer player plus pile signals (rules §7).

:class:`TalkingTeam` plays every seat like :class:`~paternoster.lift.bots.SimplePlayer`
and in addition *talks* — only with the pile signals the rules allow (rules
§7.1–§7.4: about piles, never about values, suits or counts).
The plays differ from the silent player's only where a signal changed a cost,
so comparing the two measures what talking is worth.  Under Stille Fahrt, or
alone at the table, it plays exactly the simple player's game.

**Its talk, in words** (a Decision of the kit, rules §16.4: the rule book gives the ideas — the
talking rule, rules §7, and the tip to keep setbacks free, rules §9.3 — not a procedure).

*What a player signals* — at most one signal per pile (the engine's rule), read
from its own hand and the pile tops; the first that applies wins:

1. ``help`` — it holds the setback card for the pile's top ("I can help this
   pile", rules §7.3; none under Kinderfahrt, or while a Sperre forbids setbacks there);
2. ``hold`` — it holds the top's twin or the next rung (a play of cost 0 or 1):
   "please don't play here";
3. ``passenger`` (Fahrgäste) — it holds the next passenger's twin and this is the
   pile where that twin fits most cheaply (ties: the lower pile): "I can deliver
   the next passenger";
4. ``jump`` — its cheapest ordinary play on this pile is a big jump (cost
   :data:`JUMP_COST` = 10 or more): "I would have to make a big jump here".

Empty piles get only a ``passenger`` signal.  A standing signal that no longer
applies is withdrawn; a different kind replaces it.

*When it talks* — always asking the game who may talk (:meth:`Game.check
<paternoster.lift.game.Game.check>`), so Stille Fahrt (nobody), Liftführer (only the
mover) and a Schweigen command (nobody until that player's next turn) are obeyed:

- Everyone may talk (standard rules): at the start of every turn, before the
  mover's first card, each *other* player brings its signals up to date, in seat
  order after the mover.  (The mover's own signals serve only its team-mates,
  who act after it; they are updated, cards drawn, at the start of the next turn.)
- Liftführer: the mover brings its own signals up to date just before it ends
  its turn — the piles as it leaves them are what its team-mates will find; a
  signal that still applies is posted again there, because the engine ends a
  signal with its poster's next turn (Decision (kit), rules §7.4).  A Halt
  (Befehle) ends a turn at once, leaving no time to talk.
- Alone at the table nobody listens, so nobody talks.

A signal is posted only when it changes something (new, different, withdrawn,
or kept alive), and the wanted signals depend only on hands and pile tops,
which signals do not change: the talk before a turn is at most one signal per
pile and player.  A player never signals values — the engine has no way to.

*How the mover listens* — the simple player's scores (module doc of
:mod:`paternoster.lift.bots`, rules §16.2) with one change: an ordinary play that moves a pile's
top (not a twin: a twin leaves the top's rung, so a setback or next rung
still fits) scores :data:`PENALTY` = 4 more when a team-mate signals ``help``,
``hold`` or ``passenger`` on that pile (the others then leave that pile alone,
rules §7.1).  Delivering the next passenger is never put off (nothing added).
``jump`` changes no score: it warns, and the jump is the signaller's own cost.
Everything else — the minimum, extra cards only at score ≤ 1, tie-breaks, tokens,
passes, fire — is the simple player's, so a signalled pile is still played when
it is the cheapest way to make the minimum.

**Many games at once.** :func:`paternoster.lift.fastsim.run` with ``player="talking"`` plays this
policy for thousands of games side by side (what :func:`~paternoster.lift.simulation.simulate` and
:func:`~paternoster.lift.levels.talking_vs_silent` use); the tests replay its games with this class on
the reference engine and get the same results, game for game.

>>> from paternoster import Game
>>> g = Game.from_position(["8♦ 6♦ Q♣", "6♣ 2♥ 4♠"], piles=["7♣", "5♦", "K♠", "K♦"],
...                        draw_pile="2♣ 2♦ 3♣", names=["Anna", "Ben"], hand_size_check=False)
>>> team = TalkingTeam()
>>> while g.turn == 1:
...     print(team.explain(g))
...     g.apply_action(team.choose(g))
Ben signals help on up pile 1 (top 7♣): Ben holds the setback card for its top.
Ben signals jump on down pile 1 (top K♠): Ben would have to make a big jump here.
Ben signals jump on down pile 2 (top K♦): Ben would have to make a big jump here.
Q♣ on down pile 2 (top K♦): score 1 — the next rung, cost 1.
6♦ on up pile 2 (top 5♦): score 4 — a jump over 3 rungs, cost 4.
End the turn: the minimum is met; the best play left would score 5.

The silent simple player would have played 8♦ on up pile 1 (the next rung, cost 1)
and buried Ben's setback; with Ben's ``help`` that play scores 1 + 4 = 5.
"""

from __future__ import annotations

from ..core.errors import ArgumentError
from .bots import Scored, SimplePlayer
from .cost import cost_of
from .game import Action, EndTurn, Game, Signal, command_block
from .ladder import NORMAL, SAME_SUIT, SETBACK, placement
from ..core.checks import short
from . import texts

__all__ = ["TalkingTeam", "PENALTY", "JUMP_COST", "LISTENED"]

#: Added to the score (rules §16.4) of an ordinary play that moves the top of a pile a team-mate signals on.
PENALTY = 4
#: A player signals ``jump`` on a pile when its cheapest ordinary play there costs at least this.
JUMP_COST = 10
#: Signal kinds the mover respects (``jump`` only informs).
LISTENED = ("help", "hold", "passenger")


class TalkingTeam(SimplePlayer):
    """The simple player with pile signals: one object plays every seat (the whole team).

    The policy is in the module doc.  Like :class:`SimplePlayer` it keeps no state:
    :meth:`choose` depends only on the game, so a game is fixed by its seed and rules.

    Args:
        penalty: added to the score of moving a pile a team-mate signals on (default :data:`PENALTY`).
        jump_cost: the cost from which a player signals ``jump`` (default :data:`JUMP_COST`).

    Raises:
        ValueError: ``penalty`` or ``jump_cost`` is not a whole number ≥ 0 (the message names it).
    """

    name = "talking"

    def __init__(self, penalty: int = PENALTY, jump_cost: int = JUMP_COST) -> None:
        for field, value in (("penalty", penalty), ("jump_cost", jump_cost)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ArgumentError(f"TalkingTeam: {field} must be a whole number of rungs, 0 or more, not {short(value)}.")
        self.penalty = penalty
        self.jump_cost = jump_cost

    # ------------------------------------------------------------------ talking
    def wanted(self, game: Game, seat: int) -> dict[int, str]:
        """The signals seat ``seat`` wants now, from its hand and the pile tops (module doc, 1–4).

        Returns:
            pile index → kind (``"help"``, ``"hold"``, ``"passenger"``, ``"jump"``);
            piles without a wanted signal are left out.  Whether the seat may talk
            now is not considered here.
        """
        hand = game.hands[seat]
        if not hand:
            return {}
        rules = game.rules
        cards = sorted(set(hand))
        out: dict[int, str] = {}
        ferry = self._passenger_pile(game, cards)
        for pile in game.piles:
            top = pile.top
            if top is None:
                if pile.index == ferry:
                    out[pile.index] = "passenger"
                continue
            sb = self._setback_on(game, top, pile)
            if sb is not None and sb in hand:
                out[pile.index] = "help"
                continue
            costs = []
            for c in cards:
                fit = placement(c, pile.direction, top, rules.same_suit_fits)
                if fit is None or fit.kind != NORMAL:
                    continue
                if rules.command_ranks and command_block(c, pile.direction, NORMAL, top, rules.command_ranks):
                    continue
                costs.append(cost_of(NORMAL, fit.skipped, c, top))
            if costs and min(costs) <= 1:
                out[pile.index] = "hold"
            elif pile.index == ferry:
                out[pile.index] = "passenger"
            elif costs and min(costs) >= self.jump_cost:
                out[pile.index] = "jump"
        return out

    @staticmethod
    def _passenger_pile(game: Game, cards: list) -> int | None:
        """The pile where the next passenger's twin (if in ``cards``) fits most cheaply, or ``None``."""
        nxt = game.next_passenger
        if nxt is None or nxt not in cards:
            return None
        rules = game.rules
        best = None
        for pile in game.piles:
            fit = placement(nxt, pile.direction, pile.top, rules.same_suit_fits)
            if fit is None or fit.kind not in (NORMAL, SETBACK, SAME_SUIT):
                continue
            if rules.command_ranks and command_block(nxt, pile.direction, fit.kind, pile.top, rules.command_ranks):
                continue
            cost = cost_of(fit.kind, fit.skipped, nxt, pile.top)
            if best is None or cost < best[0]:
                best = (cost, pile.index)
        return None if best is None else best[1]

    def pending(self, game: Game, seat: int) -> list[tuple[Signal, str]]:
        """The signal changes seat ``seat`` would make now, each with its reason; only legal ones.

        A change is: posting a wanted signal that is not standing (or of another
        kind), withdrawing a standing one that is no longer wanted, and — for the
        player to move — posting again a wanted one that would otherwise end with
        this turn (the engine ends a signal with its poster's next turn).

        Returns:
            ``[(Signal, reason), ...]`` in pile order; empty when nothing changes or
            the seat may not talk (every signal is checked with ``game.check``).
        """
        want = self.wanted(game, seat)
        have = {p: k for p, lst in game.signals.items() for s, k in lst if s == seat}
        who = game.names[seat]
        out = []
        for pile in game.piles:
            p = pile.index
            new, old = want.get(p), have.get(p)
            if new == old and (new is None or not game.signal_ends_with_this_turn(seat, p)):
                continue
            sig = Signal(seat, p, new)
            if game.check(sig) is None:
                out.append((sig, texts.signal_reason(who, pile.name, pile.top, new, old)))
        return out

    def _talk(self, game: Game) -> tuple[Action, str] | None:
        """The next signal change due now, or ``None`` (then the simple player acts)."""
        if game.players < 2 or game.rules.signals == "none":
            return None
        if game.rules.signals == "mover":
            base = SimplePlayer._decide(self, game)
            if isinstance(base[0], EndTurn):
                todo = self.pending(game, game.to_move)
                return todo[0] if todo else base
            return base
        if game.played_this_turn == 0 and not game.passed_this_turn:
            for step in range(1, game.players):
                todo = self.pending(game, (game.to_move + step) % game.players)
                if todo:
                    return todo[0]
        return None

    # ------------------------------------------------------------------ listening
    def scored(self, game: Game) -> list[Scored]:
        """The simple player's scores (:meth:`SimplePlayer.scored`, rules §16.2), plus the listening penalty (rules §16.4).

        An ordinary play that moves the top of a pile (not a twin, not the next
        passenger's delivery) scores ``penalty`` more when a team-mate of the mover
        signals ``help``, ``hold`` or ``passenger`` there.  Sorted by the same key.
        """
        out = super().scored(game)
        if not game.signals or game.players < 2:
            return out
        mover, nxt = game.to_move, game.next_passenger
        adjusted = []
        for s in out:
            lp = s.play
            if lp.kind == NORMAL and lp.card != game.piles[lp.pile].top and lp.card != nxt:
                mates = [(seat, kind) for seat, kind in game.signals.get(lp.pile, [])
                         if seat != mover and kind in LISTENED]
                if mates:
                    seat, kind = mates[0]
                    s = Scored(lp, s.score + self.penalty, s.why.noted(texts.listening_note(self.penalty, game.names[seat], kind)),
                               s.pair)
            adjusted.append(s)
        adjusted.sort(key=lambda s: s.key)
        return adjusted

    # ------------------------------------------------------------------ choice
    def choose(self, game: Game) -> Action:
        """The team's next action in ``game`` (see the module doc).

        Returns:
            a :class:`~paternoster.lift.game.Signal` (any seat; apply it with
            ``game.apply_action``) or the mover's :class:`Play`, :class:`BigSetback`,
            :class:`EndTurn` or :class:`Pass`.

        Raises:
            ValueError: the game is over (there is nothing to choose).
        """
        return self._decide(game)[0]

    def _decide(self, game: Game) -> tuple[Action, str]:
        if game.is_terminal():
            raise ArgumentError("The game is over: a computer player has nothing to choose.")
        return self._talk(game) or super()._decide(game)

    def play_turn(self, game: Game) -> list[Action]:
        """Take the mover's whole turn, the team's signals included; returns the actions taken."""
        return super().play_turn(game)

    def play_game(self, game: Game) -> Game:
        """Play ``game`` to its end (every seat, signals included) and return it."""
        return super().play_game(game)

    def __repr__(self) -> str:
        args = []
        if self.penalty != PENALTY:
            args.append(f"penalty={self.penalty}")
        if self.jump_cost != JUMP_COST:
            args.append(f"jump_cost={self.jump_cost}")
        return f"TalkingTeam({', '.join(args)})"
