"""Paternoster's exercise kinds: where a card may go, ladder order, what plays cost, a turn, the score.

Every answer comes from the engine's public queries: :meth:`Game.why_not
<paternoster.lift.game.Game.why_not>` and :meth:`Game.legal_plays`, the cost of rules §5
(:func:`paternoster.lift.bots.base_cost`), :meth:`SimplePlayer.scored
<paternoster.lift.bots.SimplePlayer.scored>` and :meth:`SimplePlayer.choose`, and the game's own
log.  Seeded positions come from :mod:`.lift_positions`; the words from :mod:`.texts.lift`.

Kinds: ``"piles-for-card"``, ``"ladder-order"``, ``"cheapest-play"``, ``"play-cost"``,
``"turn-cost"``, ``"remaining-cards"``, ``"simple-turn"``.

>>> from paternoster import Game
>>> from paternoster.exercises import Exercise
>>> g = Game.from_position(["9♥ 8♥ 3♣ 7♥"], piles=["7♣", "", "K♠", ""], players=1)
>>> ex = Exercise.piles_for_card(g, "8♥")
>>> ex.choices
('up pile 1 (top 7♣)', 'up pile 2 (empty)', 'down pile 1 (top K♠)', 'down pile 2 (empty)')
>>> ex.check("up 1, up 2, down 1, down 2").correct
True
"""

from __future__ import annotations

from typing import Any, Iterable, Self, Sequence

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.cards import Card, parse_card, parse_cards
from ..core.errors import PositionError
from ..lift.actions import BigSetback, Play
from ..lift.bots import EXTRA_LIMIT, SimplePlayer
from ..lift.game import Game
from ..lift.ladder import compare
from ..lift.rules import STANDARD
from ..lift.simulation import rules_name
from . import lift_positions as pos
from .base import ExerciseBase, Kind, Verdict, read_number, register
from .texts import common, lift as words

__all__ = ["LiftExercises"]


class LiftExercises(ExerciseBase):
    """The Paternoster kinds' constructors (on :class:`paternoster.exercises.Exercise`)."""

    __slots__ = ()

    @classmethod
    def piles_for_card(cls, game: Game, card: str | Card) -> Self:
        """Which piles may ``card`` (in the hand of the player to move) go on now?  (mode ``"some"``)

        The answer is every pile where :meth:`Game.why_not` has no objection; the
        explanation gives, per pile, the cost words of the play or the refusal.

        Raises:
            CardParseError: ``card`` cannot be read; PositionError: the game is over or
            ``card`` is not in the hand of the player to move.
        """
        g = pos.live_game(game)
        c = parse_card(card)
        if c not in g.hand:
            raise PositionError(f"{c} is not in the hand of {g.names[g.to_move]} (to move): a piles-for-card "
                                f"exercise asks about a card of that hand ({common.cards_text(sorted(g.hand))}).")
        scored = {s.play.pile: s for s in pos.costs(g, adjusted=False) if s.play.card == c}
        labels = pos.pile_labels(g)
        fits: list[int] = []
        why: dict[int, str] = {}
        for p in g.piles:
            refusal = g.why_not(c, p.index)
            if refusal is None:
                fits.append(p.index)
                s = scored.get(p.index)
                why[p.index] = words.piles_yes(p.name, s.why if s is not None else "allowed")
            else:
                why[p.index] = words.piles_no(p.name, refusal)
        explanation = " ".join(why[p.index] for p in g.piles)

        def judge(given: Any) -> Verdict:
            chosen = pos.pile_set(g, labels, given)
            if chosen == set(fits):
                return Verdict(True, common.right(explanation))
            missing = [i for i in fits if i not in chosen]
            extra = sorted(chosen - set(fits))
            parts = []
            if missing:
                parts.append(words.piles_missed([g.piles[i].name for i in missing]))
            if extra:
                parts.append(words.piles_extra([g.piles[i].name for i in extra], c))
            return Verdict(False, common.wrong(" ".join(parts + [why[i] for i in missing + extra])))

        up_top, down_top = pos.setback_tops(c)
        hint = words.h_piles(c, not g.setback_used, up_top, down_top) + pos.variant_note(g)
        return cls("piles-for-card", question=words.q_piles(c), title=words.t_piles(c),
                   table=pos.table_lines(g), choices=labels, prompt=common.PROMPT_SOME_PILES,
                   answer=tuple(labels[i] for i in fits),
                   answer_text=", ".join(g.piles[i].name for i in fits) if fits else words.NO_PILE,
                   explanation=explanation, hint=hint, judge=judge)

    @classmethod
    def ladder_order(cls, cards: str | Iterable[str | Card]) -> Self:
        """Put ``cards`` in ladder order, lowest first (mode ``"order"``); twins may come in either order.

        Raises:
            CardParseError: a card cannot be read; ValueError: fewer than two cards.
        """
        given = parse_cards(cards)
        if len(given) < 2:
            raise ArgumentError(f"A ladder-order exercise needs at least two cards, not {len(given)}.")
        right = sorted(given)  # Card order is the ladder's (rung)
        explanation = " ".join(compare(a, b)[1] for a, b in zip(right, right[1:]))

        def judge(answer: Any) -> Verdict:
            order = pos.cards_answer(answer)
            if sorted(order) != right:
                return Verdict(False, words.ORDER_THESE.format(cards=common.cards_text(given),
                                                               given=common.cards_text(order) or words.NO_CARDS),
                               readable=False)
            for a, b in zip(order, order[1:]):
                sign, reason = compare(a, b)
                if sign > 0:
                    return Verdict(False, words.LADDER_WRONG.format(a=a, b=b, reason=reason), nudge=words.LADDER_NUDGE)
            return Verdict(True, common.right(explanation))

        ranks: dict[int, list[Card]] = {}
        for c in given:
            if c not in ranks.setdefault(c.rank, []):
                ranks[c.rank].append(c)
        same_rank = [g for g in ranks.values() if len(g) > 1]
        twins = [c for c in dict.fromkeys(given) if given.count(c) > 1]
        return cls("ladder-order", question=words.q_ladder(given), title=words.t_ladder(len(given)), table=(),
                   choices=tuple(str(c) for c in given), answer=tuple(str(c) for c in right),
                   answer_text=common.cards_text(right), explanation=explanation,
                   hint=words.h_ladder(same_rank, twins), judge=judge)

    @classmethod
    def cheapest_play(cls, game: Game, *, adjusted: bool = False) -> Self:
        """Which legal play is the cheapest now?  (mode ``"one"``; any play of the lowest cost is right)

        Costs are :func:`paternoster.lift.bots.base_cost` (rungs the pile moves: a twin 0, the next
        rung 1, a jump over *k* rungs *k* + 1, opening a pile from its end, a setback −4);
        with ``adjusted=True`` :meth:`SimplePlayer.scored`'s, the simple player's two
        adjustments included and spelled out in its words.  With only one legal play, the choices are
        every card of the hand on every pile, so that the question still offers a choice (the
        refused ones are wrong, with the rule that refuses them).

        Raises:
            PositionError: the game is over or has no legal play now.
        """
        g = pos.live_game(game)
        scored = pos.costs(g, adjusted)
        if not scored:
            raise PositionError(words.NO_LEGAL_PLAY.format(who=g.names[g.to_move]))
        labels = {pos.play_label(g, s): s for s in scored}
        choices = sorted(labels, key=lambda k: (labels[k].play.pile, labels[k].play.card.rung))
        refused = len(labels) < 2
        if refused:
            choices = [words.play_label(c, p.name) for p in g.piles for c in sorted(set(g.hand))]
        best = scored[0]
        ties = [s for s in scored if s.cost == best.cost]
        explanation = pos.cost_words(g, best)
        if len(ties) > 1:
            explanation += words.just_as_cheap([pos.cost_words(g, s)[:-1] for s in ties[1:]])

        def judge(given: Any) -> Verdict:
            s = pos.chosen_play(g, labels, given)
            if isinstance(s, Verdict):
                return s
            if s.cost == best.cost:
                return Verdict(True, common.right(pos.cost_words(g, s)))
            return Verdict(False, common.wrong(f"{pos.cost_words(g, s)} {words.the_cheapest(pos.cost_words(g, best))}"))

        who = g.names[g.to_move]
        setbacks = sum(1 for s in scored if s.play.kind == "setback")
        twins = sum(1 for s in scored if s.play.card == g.piles[s.play.pile].top)
        hint = words.h_cheapest(len(scored), refused, not g.setback_used, len(ties), adjusted,
                                setbacks, twins) + pos.variant_note(g)
        return cls("cheapest-play", question=words.q_cheapest(who, refused), title=words.t_cheapest(who),
                   table=pos.table_lines(g), choices=choices, answer=pos.play_label(g, best),
                   answer_text=words.play_text(pos.play_label(g, best), pos.adjusted(g, best), best.score),
                   explanation=explanation, hint=hint, judge=judge)

    @classmethod
    def play_cost(cls, game: Game, card: str | Card, pile: int | str, *, adjusted: bool = False) -> Self:
        """What does playing ``card`` on ``pile`` cost now?  (mode ``"number"``)

        The cost is :func:`paternoster.lift.bots.base_cost`; with ``adjusted=True``
        :meth:`SimplePlayer.scored`'s (the simple player's adjustments included).

        Raises:
            CardParseError: ``card`` cannot be read; IllegalPlayError: no such pile;
            PositionError: the play is not legal now (the message gives the rule).
        """
        g = pos.live_game(game)
        c, p = parse_card(card), g.pile(pile)
        refusal = g.why_not(c, p.index)
        if refusal is not None:
            raise PositionError(words.NEED_LEGAL_PLAY.format(refusal=refusal))
        s = next(s for s in pos.costs(g, adjusted) if s.play.card == c and s.play.pile == p.index)
        explanation = pos.cost_words(g, s)

        def judge(given: Any) -> Verdict:
            n = read_number(given)
            if n == s.cost:
                return Verdict(True, common.right(explanation))
            return Verdict(False, words.not_this(n, explanation))

        return cls("play-cost", question=words.q_play_cost(c, p.name, p.top), title=words.t_play_cost(c, p.name),
                   table=pos.table_lines(g), answer=s.cost, answer_text=common.signed(s.cost),
                   explanation=explanation, hint=words.h_play_cost(c, p.direction, p.top) + pos.variant_note(g),
                   judge=judge)

    @classmethod
    def turn_cost(cls, game: Game, plays: Sequence[tuple[str | Card, int | str]]) -> Self:
        """What do these plays cost together, one after the other in this turn?  (mode ``"number"``)

        Args:
            game: a game in progress (it is not changed: the plays are made on a copy).
            plays: ``[(card, pile), …]`` in order, e.g. ``[("9♥", "up 1"), ("8♥", "up 1")]``.

        Each play's cost is :func:`paternoster.lift.bots.base_cost` on the table as it is then (a
        setback after a jump wins back part of the jump: rules §9.4); the answer is the sum.

        Raises:
            CardParseError: a card cannot be read; IllegalPlayError: a play is refused (its
            message gives the rule); ValueError: no plays given.
        """
        g = pos.live_game(game)
        if not plays:
            raise ArgumentError(words.NEED_PLAYS)
        start = pos.table_lines(g)
        who = g.names[g.to_move]
        note = pos.variant_note(g)
        steps: list[str] = []
        names: list[str] = []
        costs: list[int] = []
        for card, pile in plays:
            p = g.pile(pile)
            top = p.top
            lp = g.play(card, p.index)  # IllegalPlayError names the rule if the play is refused
            cost, why = pos.cost_of(lp, top)
            costs.append(cost)
            names.append(words.play_label(lp.card, p.name))
            steps.append(words.step_words(names[-1], top, why))
        total = sum(costs)
        together = " + ".join(common.signed(c) for c in costs).replace("+ −", "− ")
        explanation = " ".join(steps) + (words.together(together, total) if len(steps) > 1 else "")

        def judge(given: Any) -> Verdict:
            n = read_number(given)
            if n == total:
                return Verdict(True, common.right(explanation))
            return Verdict(False, words.not_this(n, explanation))

        return cls("turn-cost", question=words.q_turn_cost(who, names), title=words.t_turn_cost(who, len(names)),
                   table=start, answer=total, answer_text=common.signed(total), explanation=explanation,
                   hint=words.h_turn_cost(names) + note, judge=judge)

    @classmethod
    def remaining_cards(cls, game: Game) -> Self:
        """A finished game: how many remaining cards does the team score?  (mode ``"number"``)

        The answer is the game's :attr:`Game.remaining` (all hands + draw pile); the
        explanation is the game's own closing sentence.

        Raises:
            PositionError: the game is not over yet.
        """
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"Give a paternoster.Game, not {type(game).__name__}.")
        if not game.is_terminal():
            raise PositionError(words.GAME_NOT_OVER)
        right = game.remaining
        end = next((s for s in reversed(game.log) if "emaining cards" in s), words.REMAINING_FALLBACK.format(n=right))
        lines = [words.holds_line(n, sorted(h)) for n, h in zip(game.names, game.hands)]
        lines.append(words.draw_pile_line(len(game.draw_pile)))

        def judge(given: Any) -> Verdict:
            n = read_number(given)
            if n == right:
                return Verdict(True, common.right(end))
            return Verdict(False, words.not_this(n, end))

        return cls("remaining-cards", question=words.Q_REMAINING, title=words.T_REMAINING, table=lines,
                   answer=right, answer_text=str(right), explanation=end, hint=words.h_remaining(game.names),
                   judge=judge)

    @classmethod
    def simple_turn(cls, game: Game) -> Self:
        """How many cards does the player to move lay this turn, playing like the simple player?  (``"number"``)

        The answer is what :class:`~paternoster.lift.bots.SimplePlayer` does on a copy of ``game`` until
        the turn ends (rules §16.2); the explanation is its reason for every action, in its words, so a
        student can follow the whole turn.

        Raises:
            PositionError: the game is over.
        """
        g = pos.live_game(game)
        who, start = g.names[g.to_move], pos.table_lines(g)
        player = SimplePlayer()
        mover, turn = g.to_move, g.turn
        reasons: list[str] = []
        laid = 0
        first: str | None = None
        while not g.is_terminal() and g.to_move == mover and g.turn == turn:
            action, reason = player.choose(g), player.explain(g)
            if not reasons and isinstance(action, (Play, BigSetback)):
                first = words.play_label(action.card, g.piles[action.pile].name)
            g.apply_action(action)
            reasons.append(words.simple_step(len(reasons) + 1, reason))
            laid += isinstance(action, (Play, BigSetback))
        if g.is_terminal() and g.log:
            reasons.append(g.log[-1])
        explanation = " ".join(reasons)

        def judge(given: Any) -> Verdict:
            n = read_number(given)
            if n == laid:
                return Verdict(True, common.right(explanation))
            return Verdict(False, words.not_this(n, explanation))

        variant = None if g.rules == STANDARD else rules_name(g.rules)
        return cls("simple-turn", question=words.q_simple_turn(who), title=words.t_simple_turn(who), table=start,
                   answer=laid, answer_text=str(laid), explanation=explanation,
                   hint=words.h_simple_turn(EXTRA_LIMIT, first, variant), judge=judge)


# --------------------------------------------------------------------------- the kinds

_P = "Paternoster"
register(Kind("piles-for-card", _P, "some", "choose the piles a card may go on", 0, pos.seed_piles))
register(Kind("ladder-order", _P, "order", "order cards on the ladder", 1, pos.seed_ladder))
register(Kind("cheapest-play", _P, "one", "pick the cheapest play", 2, pos.seed_cheapest))
register(Kind("play-cost", _P, "number", "say what a play costs", 3, pos.seed_play_cost))
register(Kind("remaining-cards", _P, "number", "count the remaining cards of a finished game", 4,
              pos.seed_remaining))
register(Kind("turn-cost", _P, "number", "say what several plays of one turn cost together", 8,
              pos.seed_turn_cost))
register(Kind("simple-turn", _P, "number", "say how many cards the simple player lays this turn", 10,
              pos.seed_simple_turn))
