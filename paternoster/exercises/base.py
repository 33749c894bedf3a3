"""Exercises that check the answer: "your turn" questions for both games, answered by the engine.

Every correct answer is computed by the engine's public queries — never typed in
by hand: :meth:`Game.why_not <paternoster.lift.game.Game.why_not>` and
:meth:`SimplePlayer.scored <paternoster.lift.bots.SimplePlayer.scored>` for Paternoster,
:func:`~paternoster.paskahousu.acceptance`, :meth:`PaskahousuGame.check
<paternoster.paskahousu.game.PaskahousuGame.check>` and the game's own log for
Paskahousu.  Pure Python; imports nothing from Jupyter (the widget is
:class:`widgets.Exercise`).

Kinds (:data:`KINDS`): Paternoster ``"piles-for-card"``, ``"ladder-order"``,
``"cheapest-play"``, ``"play-cost"``, ``"turn-cost"``, ``"remaining-cards"``, ``"ride-stars"``; Paskahousu
``"may-play"``, ``"burns"``, ``"who-starts"``.

Usage — a seeded exercise (the same position every time), a hand-picked one, checking::

    >>> from paternoster import Game
    >>> from paternoster.exercises import Exercise, answer_sheet
    >>> ex = Exercise.from_seed("cheapest-play", 3)          # same position for seed 3, every run
    >>> ex.check(ex.answer).correct                           # the revealed answer is always right
    True
    >>> g = Game.from_position(["9♥ 8♥ 3♣ 7♥"], piles=["7♣", "", "K♠", ""], players=1)
    >>> ex = Exercise.piles_for_card(g, "8♥")                 # hand-picked: a position from a lesson
    >>> ex.question
    'Which piles may 8♥ go on now? Choose every pile it fits (or none).'
    >>> ex.choices
    ('up pile 1 (top 7♣)', 'up pile 2 (empty)', 'down pile 1 (top K♠)', 'down pile 2 (empty)')
    >>> ex.check(["up pile 1", "up pile 2"])
    Verdict(correct=False, message='Not quite. You left out down pile 1 and down pile 2.
    down pile 1: yes — a jump over 20 rungs, cost 21. down pile 2: yes — opens the pile, cost 23.')
    >>> ex.check("up 1, up 2, down 1, down 2").correct
    True
    >>> ex.check("up 7").message    # a bad answer gets the kit's error, never a traceback
    "There is no pile 'up 7': write a pile index (0 to 3) or a name (up pile 1, up pile 2, down pile 1, down pile 2)."
    >>> print(Exercise.ladder_order("8♥ 7♠ 8♦").reveal())
    Answer: 7♠ 8♦ 8♥. 7♠ is lower than 8♦: the rank decides first (7 < 8).
    8♦ is lower than 8♥: same rank, so the suit decides (♦ < ♥ < ♠ < ♣).
    >>> print(answer_sheet([Exercise.may_play("K♣", "A♠")]))  # doctest: +ELLIPSIS
    1. **Paskahousu.** May A♠ be played on K♣? — **Answer: yes, and it burns the pile.** An ace on a face card burns ...
       - Discard pile (bottom → top): K♣

In a lesson: ``Exercise.from_seed("piles-for-card", 7)`` (seeded, nbval-stable), or a
position of the lesson: ``Exercise.piles_for_card(game, "7♥")``,
``Exercise.ladder_order("8♥ 7♠ 8♦")``, ``Exercise.cheapest_play(game)``,
``Exercise.play_cost(game, "9♥", "up 1")``, ``Exercise.turn_cost(game, [("9♥", "up 1"), ("8♥", "up 1")])``,
``Exercise.remaining_cards(finished_game)``,
``Exercise.may_play("K♣", "A♠")``, ``Exercise.burns("4♦ 4♠", "4♥ 4♣")``,
``Exercise.who_starts(["3♦ 7♥ …", …], dealer=0)``; then ``widgets.ExerciseWidget(ex)`` shows it
(or ``ExerciseWidget("piles-for-card", seed=7)``; a lesson's closing set in one cell:
``widgets.ExerciseList([("may-play", 1), ("burns", 2), ex])``).  Seeded positions are part of the
lessons' saved output (nbval strict): a change to how a kind draws its position changes lessons.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from ..lift.bots import Scored, SimplePlayer, base_cost
from ..core.cards import Card, full_deck, parse_card, parse_cards
from ..core.errors import PaternosterError, PositionError
from ..lift.game import Game
from ..lift.ladder import compare
from ..paskahousu.game import PaskahousuGame, PlayCards
from ..paskahousu.ranks import acceptance, strength
from ..paskahousu.rules import STANDARD_HOUSE_RULES, HouseRules
from ..core.checks import short

__all__ = ["Exercise", "Verdict", "KINDS", "MODES", "answer_sheet", "fresh_seed"]

#: How an answer is given: ``"one"`` choice, ``"some"`` choices (a set, maybe empty),
#: ``"order"`` (all the choices, arranged), ``"number"`` (a whole number).
MODES = ("one", "some", "order", "number")

#: Player names of seeded positions.
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Frank")

_YES = {"yes", "y", "true", "ja", "j", "1", "allowed", "burns", "it burns", "yes, it burns"}
_NO = {"no", "n", "false", "nein", "0", "not allowed"}


@dataclass(frozen=True)
class Verdict:
    """What :meth:`Exercise.check` says about an answer.

    Attributes:
        correct: the answer is right.
        message: one paragraph of plain text — "Right." or "Not quite." and why, in the
            engine's words; for an answer that cannot be read, the kit's error saying what to write.
        readable: ``False`` when the answer could not be read (then ``correct`` is ``False`` too).
        nudge: for a wrong answer, what a first wrong try is told instead of :attr:`message`: that
            it is not right and the exercise's hint, never the answer or the explanation
            (``""`` for a right or unreadable answer).  See :meth:`Exercise.check`.
    """

    correct: bool
    message: str
    readable: bool = True
    nudge: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        extra = "" if self.readable else ", readable=False"
        return f"Verdict(correct={self.correct}, message={self.message!r}{extra})"


def fresh_seed() -> int:
    """A new random seed (0 … 999 999) for "a fresh random position"; show it so the position can be had again."""
    return secrets.randbelow(1_000_000)


class Exercise:
    """One exercise: a question, its position, the choices, and an answer the engine computed.

    Build one with :meth:`from_seed` (a seeded random position) or one of the
    hand-picked constructors (:meth:`piles_for_card`, :meth:`ladder_order`,
    :meth:`cheapest_play`, :meth:`play_cost`, :meth:`turn_cost`, :meth:`remaining_cards`,
    :meth:`may_play`, :meth:`burns`, :meth:`who_starts`).  An exercise never
    changes; :meth:`new_position` gives another one of the same kind.

    Attributes:
        kind: one of :data:`KINDS`.
        game_name: ``"Paternoster"`` or ``"Paskahousu"``.
        question: the question in plain words.
        table: the position, one line of plain text each (piles, hands, …).
        choices: the choices shown (labels); empty for ``mode == "number"``.
        mode: how the answer is given (see :data:`MODES`).
        answer: the right answer in the form :meth:`check` takes: a choice label
            (``"one"``), a tuple of labels (``"some"``, ``"order"``) or an int (``"number"``).
        answer_text: the answer in words.
        explanation: why, in the engine's words (shown by :meth:`reveal`).
        hint: a nudge that does not give the answer away.
        seed: the seed of a seeded position, ``None`` for a hand-picked one.
    """

    __slots__ = ("kind", "game_name", "question", "table", "choices", "mode", "answer", "answer_text",
                 "explanation", "hint", "seed", "_judge")
    kind: str
    game_name: str
    question: str
    table: tuple[str, ...]
    choices: tuple[str, ...]
    mode: str
    answer: Any
    answer_text: str
    explanation: str
    hint: str
    seed: int | None
    _judge: Callable[[Any], Verdict]

    def __init__(self, kind: str, game_name: str, question: str, table: Sequence[str], choices: Sequence[str],
                 mode: str, answer: Any, answer_text: str, explanation: str, hint: str,
                 judge: Callable[[Any], Verdict], seed: int | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {short(mode)}.")
        for name, value in (("kind", kind), ("game_name", game_name), ("question", question),
                            ("table", tuple(table)), ("choices", tuple(choices)), ("mode", mode),
                            ("answer", answer), ("answer_text", answer_text), ("explanation", explanation),
                            ("hint", hint), ("seed", seed), ("_judge", judge)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("An Exercise does not change; make a new one (e.g. ex.new_position()).")

    # ------------------------------------------------------------------ use
    def check(self, answer: Any) -> Verdict:
        """Judge ``answer``; never raises for a bad answer.

        Args:
            answer: ``"one"``: a choice label (or text the kind reads, e.g. ``"9♥ on up 1"``);
                ``"some"``: a list of labels or one text with commas (``"up 1, down 2"``; ``""`` for none);
                ``"order"``: a list of cards or one text (``"7♠ 8♦ 8♥"``); ``"number"``: an int or its text.

        Returns:
            a :class:`Verdict`; an answer that cannot be read (a misspelt card, an unknown
            pile, a word that is no number) gets ``readable=False`` and the kit's error as message.

        **Decision (kit):** a wrong answer's :attr:`Verdict.message` gives the right answer and why
        (for a yes/no question "Not quite" alone gives the answer away), so a first wrong try is
        shown :attr:`Verdict.nudge` instead: "Not quite", the hint, and "try again"; the widget shows
        the message only after a second wrong try or Reveal.  The same for every kind.

        >>> v = Exercise.may_play("K♣", "3♦").check("yes")
        >>> v.correct, v.nudge
        (False, 'Not quite. Hint: Order, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Face cards only on cards higher than 6; a 10 only on 3 to 9; an ace only on a face card; a 2 on anything but an ace or a 10; on a 2 only a 2 (Paskahousu rules §2.1, §6.1–§6.5). Think again and check once more, or press Reveal to see the answer.')
        """
        try:
            v = self._judge(answer)
            if not v.correct and v.readable and not v.nudge:
                v = Verdict(False, v.message, True, f"Not quite. Hint: {self.hint} Think again and check once "
                                                    "more, or press Reveal to see the answer.")
            return v
        except PaternosterError as e:
            return Verdict(False, str(e), readable=False)
        except (ValueError, TypeError) as e:
            return Verdict(False, f"Your answer could not be read: {e}", readable=False)

    def reveal(self) -> str:
        """The answer and why, in the engine's words: ``"Answer: … . <explanation>"``."""
        return f"Answer: {self.answer_text}. {self.explanation}".strip()

    def new_position(self, seed: int | None = None) -> "Exercise":
        """An exercise of the same kind on a seeded random position (``seed=None``: a fresh seed)."""
        return Exercise.from_seed(self.kind, fresh_seed() if seed is None else seed)

    def text(self) -> str:
        """The question with its position as plain text (for printing)."""
        lines = [self.question, *self.table]
        if self.choices and self.mode != "number":
            lines.append("Choices: " + " · ".join(self.choices))
        return "\n".join(lines)

    def __repr__(self) -> str:
        where = f"seed={self.seed}" if self.seed is not None else "hand-picked"
        return f"Exercise({self.kind!r}, {where}: {self.question!r})"

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_seed(cls, kind: str, seed: int) -> "Exercise":
        """A seeded exercise: the same ``kind`` and ``seed`` give the same position every time.

        Args:
            kind: one of :data:`KINDS` (``"piles-for-card"``, ``"cheapest-play"``, …).
            seed: a whole number ≥ 0.

        Raises:
            ValueError: an unknown kind (the message lists the kinds) or a bad seed.

        >>> Exercise.from_seed("ladder-order", 5) == Exercise.from_seed("ladder-order", 5)
        True
        """
        if kind not in KINDS:
            raise ValueError(f"There is no exercise kind {short(kind)}; the kinds are: {', '.join(KINDS)}.")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
            raise ValueError(f"seed must be a whole number 0 or more, not {short(seed)}.")
        ex = KINDS[kind][0](int(seed))
        object.__setattr__(ex, "seed", int(seed))
        return ex

    @classmethod
    def fresh(cls, kind: str) -> "Exercise":
        """A fresh random position of ``kind`` (a new seed each call; ``ex.seed`` tells which)."""
        return cls.from_seed(kind, fresh_seed())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Exercise):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in
                   ("kind", "question", "table", "choices", "mode", "answer", "explanation", "seed"))

    __hash__ = None  # type: ignore[assignment]

    # ---------------------------------------------------------------- Paternoster
    @classmethod
    def piles_for_card(cls, game: Game, card: str | Card) -> "Exercise":
        """Which piles may ``card`` (in the hand of the player to move) go on now?  (mode ``"some"``)

        The answer is every pile where :meth:`Game.why_not` has no objection; the
        explanation gives, per pile, the cost words of :meth:`SimplePlayer.scored` or the refusal.

        Raises:
            CardParseError: ``card`` cannot be read; PositionError: the game is over or
            ``card`` is not in the hand of the player to move.
        """
        g = _live_game(game)
        c = parse_card(card)
        if c not in g.hand:
            raise PositionError(f"{c} is not in the hand of {g.names[g.to_move]} (to move): a piles-for-card "
                                f"exercise asks about a card of that hand ({_cards(sorted(g.hand))}).")
        scored = {s.play.pile: s for s in _costs(g, adjusted=False) if s.play.card == c}
        labels = _pile_labels(g)
        fits: list[int] = []
        why: dict[int, str] = {}
        for p in g.piles:
            refusal = g.why_not(c, p.index)
            if refusal is None:
                fits.append(p.index)
                s = scored.get(p.index)
                why[p.index] = f"{p.name}: yes — {s.why if s is not None else 'allowed'}."
            else:
                why[p.index] = f"{p.name}: no — {refusal}"
        answer = tuple(labels[i] for i in fits)
        answer_text = ", ".join(g.piles[i].name for i in fits) if fits else "no pile"
        explanation = " ".join(why[p.index] for p in g.piles)

        def judge(given: Any) -> Verdict:
            chosen = _pile_set(g, labels, given)
            if chosen == set(fits):
                return Verdict(True, f"Right. {explanation}")
            parts = []
            missing = [i for i in fits if i not in chosen]
            extra = sorted(chosen - set(fits))
            if missing:
                parts.append(f"You left out {_and(g.piles[i].name for i in missing)}.")
            if extra:
                parts.append(f"{_and(g.piles[i].name for i in extra)} cannot take {c}.")
            return Verdict(False, "Not quite. " + " ".join(parts + [why[i] for i in missing + extra]))

        hint = ("On an up pile a card must be at least as high as the top card, on a down pile at most as high; "
                "an empty pile takes any card; one card of the same suit one rank the wrong way is a setback "
                f"(one per turn — this turn's setback is {'already used' if g.setback_used else 'still free'}; "
                "rules §4.1–§4.5).")
        return cls("piles-for-card", "Paternoster",
                   f"Which piles may {c} go on now? Choose every pile it fits (or none).",
                   _table_lines(g, hand=True), labels, "some", answer, answer_text, explanation, hint, judge)

    @classmethod
    def ladder_order(cls, cards: str | Iterable[str | Card]) -> "Exercise":
        """Put ``cards`` in ladder order, lowest first (mode ``"order"``); twins may come in either order.

        Raises:
            CardParseError: a card cannot be read; ValueError: fewer than two cards.
        """
        given = parse_cards(cards)
        if len(given) < 2:
            raise ValueError(f"A ladder-order exercise needs at least two cards, not {len(given)}.")
        right = sorted(given)  # Card order is the ladder's (rung)
        explanation = " ".join(compare(a, b)[1] for a, b in zip(right, right[1:]))
        choices = tuple(str(c) for c in given)

        def judge(answer: Any) -> Verdict:
            order = _cards_answer(answer)
            if sorted(order) != right:
                return Verdict(False, f"Order exactly these cards, each once: {_cards(given)} "
                                      f"(your answer has {_cards(order) or 'no cards'}).", readable=False)
            for a, b in zip(order, order[1:]):
                sign, reason = compare(a, b)
                if sign > 0:
                    return Verdict(False, f"Not quite: {a} comes before {b}, but {reason}")
            return Verdict(True, f"Right. {explanation}")

        return cls("ladder-order", "Paternoster",
                   f"Put these cards in ladder order, lowest first: {_cards(given)}.", (), choices, "order",
                   tuple(str(c) for c in right), _cards(right), explanation,
                   "The rank decides first (A lowest, K highest); for the same rank the suit decides: "
                   "♦ < ♥ < ♠ < ♣. Twins are equally high (rules §2.1–§2.3).", judge)

    @classmethod
    def cheapest_play(cls, game: Game, *, adjusted: bool = False) -> "Exercise":
        """Which legal play is the cheapest now?  (mode ``"one"``; any play of the lowest cost is right)

        Costs are :func:`paternoster.lift.bots.base_cost` (rungs the pile moves: a twin 0, the next
        rung 1, a jump over *k* rungs *k* + 1, opening a pile from its end, a setback −4);
        with ``adjusted=True`` :meth:`SimplePlayer.scored`'s, the simple player's two
        adjustments included and spelled out in its words.

        Raises:
            PositionError: the game is over or has no legal play now.
        """
        g = _live_game(game)
        scored = _costs(g, adjusted)
        if not scored:
            raise PositionError("No legal play now, so there is no cheapest play: choose a position where "
                                f"{g.names[g.to_move]} can play a card.")
        labels = {_play_label(g, s): s for s in scored}
        choices = tuple(sorted(labels, key=lambda k: (labels[k].play.pile, labels[k].play.card.rung)))
        best = scored[0]
        ties = [s for s in scored if s.cost == best.cost]
        explanation = _cost_words(g, best)
        if len(ties) > 1:
            explanation += " Just as cheap: " + "; ".join(_cost_words(g, s)[:-1] for s in ties[1:]) + "."

        def judge(given: Any) -> Verdict:
            s = _chosen_play(g, labels, given)
            if isinstance(s, Verdict):
                return s
            if s.cost == best.cost:
                return Verdict(True, f"Right. {_cost_words(g, s)}")
            return Verdict(False, f"Not quite. {_cost_words(g, s)} The cheapest: {_cost_words(g, best)}")

        return cls("cheapest-play", "Paternoster",
                   f"{g.names[g.to_move]} is to move. Which play is the cheapest now?",
                   _table_lines(g, hand=True), choices, "one", _play_label(g, best), _play_text(g, best),
                   explanation, "Cost counts the rungs a pile's top moves: a twin 0, the next rung 1, a jump over k "
                               "rungs k + 1, a setback −4 (it wins a rank back). Check every card on every pile "
                               "(rules §5.1–§5.4" + ("; the computer player's adjustments: rules §16.2)."
                                                     if adjusted else ")."),
                   judge)

    @classmethod
    def play_cost(cls, game: Game, card: str | Card, pile: int | str, *, adjusted: bool = False) -> "Exercise":
        """What does playing ``card`` on ``pile`` cost now?  (mode ``"number"``)

        The cost is :func:`paternoster.lift.bots.base_cost`; with ``adjusted=True``
        :meth:`SimplePlayer.scored`'s (the simple player's adjustments included).

        Raises:
            CardParseError: ``card`` cannot be read; IllegalPlayError: no such pile;
            PositionError: the play is not legal now (the message gives the rule).
        """
        g = _live_game(game)
        c, p = parse_card(card), g.pile(pile)
        refusal = g.why_not(c, p.index)
        if refusal is not None:
            raise PositionError(f"A play-cost exercise needs a legal play, but: {refusal}")
        s = next(s for s in _costs(g, adjusted) if s.play.card == c and s.play.pile == p.index)
        explanation = _cost_words(g, s)

        def judge(given: Any) -> Verdict:
            n = _number(given)
            if n == s.cost:
                return Verdict(True, f"Right. {explanation}")
            return Verdict(False, f"Not quite: not {_num(n)}. {explanation}")

        top = f"top {p.top}" if p.top is not None else "empty"
        return cls("play-cost", "Paternoster", f"What does {c} on {p.name} ({top}) cost now? Give a whole number.",
                   _table_lines(g, hand=True), (), "number", s.cost, _num(s.cost), explanation,
                   "A twin costs 0, the next rung 1, a jump over k rungs k + 1; opening an up pile counts "
                   "from below A♦ (A♦ costs 1), a down pile from above K♣ (K♣ costs 1); a setback costs −4 "
                   "(rules §5.2–§5.4).",
                   judge)

    @classmethod
    def remaining_cards(cls, game: Game) -> "Exercise":
        """A finished game: how many remaining cards does the team score?  (mode ``"number"``)

        The answer is the game's :attr:`Game.remaining` (all hands + draw pile); the
        explanation is the game's own closing sentence.

        Raises:
            PositionError: the game is not over yet.
        """
        if not isinstance(game, Game):
            raise TypeError(f"Give a paternoster.Game, not {type(game).__name__}.")
        if not game.is_terminal():
            raise PositionError("A remaining-cards exercise needs a finished game: play it to its end first "
                                "(e.g. SimplePlayer().play_game(game)).")
        right = game.remaining
        end = next((s for s in reversed(game.log) if "emaining cards" in s), f"Remaining cards: {right}.")
        lines = [f"{n} holds {len(h)} card{'s' if len(h) != 1 else ''}" + (f": {_cards(sorted(h))}" if h else "")
                 for n, h in zip(game.names, game.hands)]
        lines.append(f"Draw pile: {len(game.draw_pile)} card{'s' if len(game.draw_pile) != 1 else ''}")

        def judge(given: Any) -> Verdict:
            n = _number(given)
            if n == right:
                return Verdict(True, f"Right. {end}")
            return Verdict(False, f"Not quite: not {n}. {end}")

        return cls("remaining-cards", "Paternoster",
                   "The game is over. How many remaining cards does the team score (lower is better)?",
                   lines, (), "number", right, str(right), end,
                   "Count every card not played onto a pile: all the hands and the draw pile (rules §8.3).", judge)

    @classmethod
    def ride_stars(cls, floor: Any, remaining: int, *, delivered: bool = True, lost: bool = False) -> "Exercise":
        """A campaign ride's result: how many stars does it earn?  (mode ``"number"``, rules §15.2)

        Args:
            floor: a :class:`paternoster.campaign.Floor`, or its number or name.
            remaining: the ride's remaining cards (a whole number ≥ 0).
            delivered: every passenger delivered (floors with passengers).
            lost: the game was lost at once (a passenger or a fire).

        The answer is :func:`paternoster.campaign.stars`.

        Raises:
            CampaignError (a kit error): an unknown floor or a bad value (the campaign's message).
        """
        from .. import campaign

        f = campaign.floor(floor) if not isinstance(floor, campaign.Floor) else floor
        right = campaign.stars(f, remaining, delivered=delivered, lost=lost)
        half = f.goal // 2
        if lost:
            why = "A lost game earns no star, however few cards were left."
        elif not delivered:
            why = "The goal includes delivering every passenger, so this ride earns no star."
        elif remaining > f.goal:
            why = f"{remaining} is more than the goal's {f.goal} remaining cards: no star."
        elif remaining == 0:
            why = "Every card was played: all three stars."
        elif right == 2:
            why = f"{remaining} is at most half the goal (half of {f.goal}, rounded down: {half}): two stars."
        else:
            why = (f"The goal ({f.goal}) is met, but {remaining} is more than half of it (rounded down: {half}): "
                   "one star.")
        lines = [f"Floor {f.number}, {f.name}: goal {f.goal_text()}",
                 f"The ride: {remaining} remaining card{'s' if remaining != 1 else ''}"
                 + ("; lost at once" if lost else "") + ("; a passenger was not delivered" if not delivered else "")]
        explanation = f"{why} (rules §15.2)"

        def judge(given: Any) -> Verdict:
            n = _number(given)
            if not 0 <= n <= campaign.MAX_STARS:
                return Verdict(False, f"Not quite: a ride earns 0 to {campaign.MAX_STARS} stars, not {n}. {explanation}")
            if n == right:
                return Verdict(True, f"Right. {explanation}")
            return Verdict(False, f"Not quite: not {n}. {explanation}")

        return cls("ride-stars", "Paternoster", "How many stars (0 to 3) does this campaign ride earn?",
                   lines, (), "number", right, str(right), explanation,
                   "One star for the goal, two for at most half the goal (rounded down), three for every "
                   "card played; a lost ride earns none (rules §15.2).", judge)

    @classmethod
    def turn_cost(cls, game: Game, plays: Sequence[tuple[str | Card, int | str]]) -> "Exercise":
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
        g = _live_game(game)
        if not plays:
            raise ValueError("A turn-cost exercise needs at least one play, e.g. [('9♥', 'up 1'), ('8♥', 'up 1')].")
        start = _table_lines(g, hand=True)
        who = g.names[g.to_move]
        steps: list[str] = []
        names: list[str] = []
        costs: list[int] = []
        for card, pile in plays:
            p = g.pile(pile)
            top = p.top
            lp = g.play(card, p.index)  # IllegalPlayError names the rule if the play is refused
            cost, why = base_cost(lp, top)
            costs.append(cost)
            names.append(f"{lp.card} on {p.name}")
            steps.append(f"{lp.card} on {p.name} ({'top ' + str(top) if top is not None else 'empty'}): {why}.")
        total = sum(costs)
        together = " + ".join(_num(c) for c in costs).replace("+ −", "− ")
        explanation = " ".join(steps) + (f" Together: {together} = {_num(total)}." if len(steps) > 1 else "")

        def judge(given: Any) -> Verdict:
            n = _number(given)
            if n == total:
                return Verdict(True, f"Right. {explanation}")
            return Verdict(False, f"Not quite: not {_num(n)}. {explanation}")

        return cls("turn-cost", "Paternoster",
                   f"{who} plays {_and(names)}, in this order. What do these plays cost together? "
                   "Give a whole number.", start, (), "number", total, _num(total), explanation,
                   "Cost each play on the table as it is then: a twin 0, the next rung 1, a jump over k rungs "
                   "k + 1, a setback −4; then add them up (rules §5.1–§5.4).", judge)

    # ---------------------------------------------------------------- Paskahousu
    @classmethod
    def may_play(cls, top: str | Card | None, cards: str | Iterable[str | Card], *,
                 pile: str | Iterable[str | Card] | None = None,
                 rules: HouseRules | None = None) -> "Exercise":
        """Paskahousu: may ``cards`` (one card, or several) be played on ``top``?  (mode ``"one"``: yes / no)

        Args:
            top: the top card of the discard pile, ``None`` or ``""`` for the empty table.
            cards: the card or cards to play.
            pile: the whole discard pile, bottom → top (default: just ``top``); it matters
                for four of a kind.
            rules: house rules (Paskahousu rules §11; default the standard game); the question then
                names them.

        The answer comes from :meth:`PaskahousuGame.check` (refusal in its words) and,
        for a legal play, :func:`~paternoster.paskahousu.acceptance` and the game's log sentence.

        Raises:
            CardParseError: a card cannot be read; PositionError: a card given twice.
        """
        pile_cards = _pask_pile(top, pile)
        play = parse_cards(cards)
        house = STANDARD_HOUSE_RULES if rules is None else rules
        g = _pask_game(pile_cards, play, house)
        refusal = g.check(PlayCards(tuple(play)))
        on = f"on {pile_cards[-1]}" if pile_cards else "on the empty table"
        if refusal is None:
            burned, said = _pask_apply(g, play)
            acc = acceptance(pile_cards[-1] if pile_cards else None, play[0], house)
            answer, answer_text = "yes", "yes, and it burns the pile" if burned else "yes"
            explanation = acc.reason + (f" {said}" if burned and acc.verdict != "burns" else "")
            if acc.verdict == "no":  # a house rule that looks at more than the top card allowed it: the game's words
                explanation = said
        else:
            answer, answer_text, explanation = "no", "no", refusal.message

        def judge(given: Any) -> Verdict:
            yes = _yes_no(given)
            if ("yes" if yes else "no") == answer:
                return Verdict(True, f"Right: {answer_text}. {explanation}")
            return Verdict(False, f"Not quite: {answer_text}. {explanation}")

        what = _cards(play)
        verb = "be played" if len(play) == 1 else "be played together"
        under = f"Under the house rules {house.name}: m" if house != STANDARD_HOUSE_RULES else "M"
        return cls("may-play", "Paskahousu", f"{under}ay {what} {verb} {on}?",
                   _pask_lines(pile_cards), ("yes", "no"), "one", answer, answer_text, explanation,
                   "Order, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Face cards only on cards higher than 6; a 10 "
                   "only on 3 to 9; an ace only on a face card; a 2 on anything but an ace or a 10; on a 2 only a 2 "
                   "(Paskahousu rules §2.1, §6.1–§6.5).",
                   judge)

    @classmethod
    def burns(cls, pile: str | Iterable[str | Card], cards: str | Iterable[str | Card]) -> "Exercise":
        """Paskahousu: does playing ``cards`` on the discard ``pile`` (bottom → top) burn it?  (yes / no)

        The answer is what the engine does: the play is made on a copy of the position and
        the discard pile is burned or not; the explanation is the game's log sentence.

        Raises:
            CardParseError: a card cannot be read; PositionError: the play is not legal here
            (the message gives the rule; use :meth:`may_play` to ask that).
        """
        pile_cards = parse_cards(pile)
        play = parse_cards(cards)
        g = _pask_game(pile_cards, play)
        refusal = g.check(PlayCards(tuple(play)))
        if refusal is not None:
            raise PositionError(f"A burns exercise needs a legal play, but: {refusal.message} "
                                f"(Exercise.may_play asks whether a play is allowed.)")
        burned, said = _pask_apply(g, play)
        answer = "yes" if burned else "no"
        explanation = said if burned else f"{said} {_no_burn_words(pile_cards, play)}"

        def judge(given: Any) -> Verdict:
            yes = _yes_no(given)
            if ("yes" if yes else "no") == answer:
                return Verdict(True, f"Right: {answer}. {explanation}")
            return Verdict(False, f"Not quite: {answer}. {explanation}")

        on = f"on {pile_cards[-1]}" if pile_cards else "on the empty table"
        return cls("burns", "Paskahousu", f"Does playing {_cards(play)} {on} burn the discard pile?",
                   _pask_lines(pile_cards), ("yes", "no"), "one", answer, answer, explanation,
                   "A pile burns when a 10 goes on a card from 3 to 9, when an ace goes on a face card, or when "
                   "the top four cards then have one rank (one player's or several players' cards; "
                   "Paskahousu rules §7.1–§7.2).", judge)

    @classmethod
    def who_starts(cls, hands: Sequence[str | Iterable[str | Card]] | PaskahousuGame, *, dealer: int = 0,
                   names: Sequence[str] | None = None) -> "Exercise":
        """Paskahousu: who opens the game, given the dealt hands and the dealer?  (mode ``"one"``: a name)

        Args:
            hands: one entry per player (card text or lists), or a :class:`PaskahousuGame`
                still at its opening lay (``PaskahousuGame.new(...)``).
            dealer: the dealer's seat (ties go to the first clockwise from the dealer's left).
            names: player names (default Anna, Ben, …).

        The answer and its explanation are the engine's (``PaskahousuGame(..., opening=True)``).

        Raises:
            CardParseError / PositionError / RulesError: as :meth:`PaskahousuGame.from_position`.
        """
        if isinstance(hands, PaskahousuGame):
            g = hands
            if g.opening is None:
                raise PositionError("This game is past its opening lay; give the dealt hands (or a new game).")
        else:
            names = list(names) if names is not None else list(NAMES[:len(hands)])
            g = PaskahousuGame.from_position(list(hands), draw_pile="", dealer=dealer, names=names, opening=True)
        opener = g.names[g.to_move]
        explanation = g.log[0] if g.log else f"{opener} opens."
        lines = [f"Dealer: {g.names[g.dealer]}"] + [
            f"{n}: {_cards(sorted(h, key=lambda c: (strength(c), c.suit)))}" for n, h in zip(g.names, g.hands)]

        def judge(given: Any) -> Verdict:
            name = _name_answer(g.names, given)
            if name == opener:
                return Verdict(True, f"Right. {explanation}")
            return Verdict(False, f"Not quite: {opener} opens, not {name}. {explanation}")

        return cls("who-starts", "Paskahousu", "Who opens the game?", lines, tuple(g.names), "one", opener, opener,
                   explanation, "Count each player's 3s: the most 3s opens; a tie goes to the first of them "
                                "clockwise from the dealer's left; nobody has a 3: count the 4s, and so on "
                                "(Paskahousu rules §4.1–§4.3).", judge)


# --------------------------------------------------------------------------- seeded positions

def _rng(seed: int, kind: str) -> np.random.Generator:
    """The generator of a seeded exercise: one stream per (seed, kind), so kinds differ for one seed."""
    return np.random.default_rng([seed, list(KINDS).index(kind)])


def _step(g: Game, rng: np.random.Generator) -> None:
    """One action of the seeded positions' driver: one of the three cheapest plays (rules §5), or the turn's end.

    It reads only the rules (legal plays, their cost, whether the minimum is met), not the
    computer player's policy, so a seeded position stays the same when that policy changes.
    """
    plays = _costs(g, adjusted=False)[:3]
    if g.minimum_met and (not plays or rng.random() < 0.6):
        g.end_turn()
    elif plays:
        s = plays[int(rng.integers(len(plays)))]
        g.apply_action(s.play.action)
    else:  # below the minimum without a play: the game is over already
        raise RuntimeError("no action")  # pragma: no cover - a stuck game is terminal


def _seeded_game(seed: int, rng: np.random.Generator, ok: Callable[[Game], bool]) -> Game:
    """A standard game from ``seed`` played some steps by :func:`_step`, at a position where ``ok`` holds."""
    players = int(rng.integers(1, 4))
    g = Game.new(players, seed=seed, names=list(NAMES[:players]))
    steps = int(rng.integers(4, 60))
    good = 0  # actions taken up to the last position where ok(g) held (the start always has plays)
    for _ in range(steps):
        _step(g, rng)
        if g.is_terminal():
            break
        if ok(g):
            good = len(g.actions)
    while len(g.actions) > good:
        g.undo()
    return g


def _seed_piles(seed: int) -> Exercise:
    rng = _rng(seed, "piles-for-card")
    g = _seeded_game(seed, rng, lambda g: not g.is_terminal() and bool(g.hand))
    hand = sorted(set(g.hand))
    # a card that fits some piles but not all makes a better question; any card if none does
    mixed = [c for c in hand if 0 < sum(g.why_not(c, p.index) is None for p in g.piles) < len(g.piles)]
    pool = mixed or hand
    return Exercise.piles_for_card(g, pool[int(rng.integers(len(pool)))])


def _seed_ladder(seed: int) -> Exercise:
    rng = _rng(seed, "ladder-order")
    k = int(rng.integers(3, 6))
    rank = int(rng.integers(0, 13))
    suits = rng.choice(4, size=2, replace=False)
    rungs = {rank * 4 + int(s) for s in suits}  # two suits of one rank: the suit order is asked too
    while len(rungs) < k:
        rungs.add(int(rng.integers(0, 52)))
    order = [int(r) for r in rng.permutation(sorted(rungs))]
    if order == sorted(order):
        order.reverse()
    return Exercise.ladder_order([Card.from_rung(r) for r in order])


def _seed_cheapest(seed: int) -> Exercise:
    rng = _rng(seed, "cheapest-play")
    return Exercise.cheapest_play(_seeded_game(seed, rng, lambda g: len(g.legal_plays()) >= 2))


def _seed_cost(seed: int) -> Exercise:
    rng = _rng(seed, "play-cost")
    g = _seeded_game(seed, rng, lambda g: bool(g.legal_plays()))
    plays = g.legal_plays()
    lp = plays[int(rng.integers(len(plays)))]
    return Exercise.play_cost(g, lp.card, lp.pile)


def _seed_remaining(seed: int) -> Exercise:
    rng = _rng(seed, "remaining-cards")
    players = int(rng.integers(1, 4))
    g = Game.new(players, seed=seed, names=list(NAMES[:players]))
    while not g.is_terminal():
        _step(g, rng)
    return Exercise.remaining_cards(g)


def _seed_may_play(seed: int) -> Exercise:
    rng = _rng(seed, "may-play")
    deck = [Card.from_rung(int(r)) for r in rng.permutation(52)]
    top = None if rng.random() < 0.1 else deck.pop()
    first = deck.pop()
    play = [first]
    if rng.random() < 0.3:
        play += [c for c in deck if c.rank == first.rank][:int(rng.integers(1, 3))]
    return Exercise.may_play(top, play)


def _seed_burns(seed: int) -> Exercise:
    rng = _rng(seed, "burns")
    deck = [Card.from_rung(int(r)) for r in rng.permutation(52)]
    top = deck[0]
    same = [c for c in deck[1:] if c.rank == top.rank]
    run = int(rng.integers(1, 4))
    pile = [top] + same[:run - 1]
    if top.rank not in (1, 10) and strength(top) > 0 and rng.random() < 0.5:  # a lower card below the run
        lower = next((c for c in deck if strength(c) < strength(top) and c.rank not in (1, 10)), None)
        if lower is not None:
            pile.insert(0, lower)
    rest = [c for c in deck if c not in pile]
    candidates: list[list[Card]] = []
    for r in sorted({c.rank for c in rest}):
        of_rank = [c for c in rest if c.rank == r]
        for n in range(1, min(3, len(of_rank)) + 1):
            candidates.append(of_rank[:n])
    legal = []
    for play in candidates:
        if _pask_game(pile, play).check(PlayCards(tuple(play))) is None:
            legal.append(play)
    burning = [p for p in legal if _pask_apply(_pask_game(pile, p), p)[0]]
    pool = burning if burning and rng.random() < 0.5 else legal
    return Exercise.burns(pile, pool[int(rng.integers(len(pool)))])


def _seed_turn_cost(seed: int) -> Exercise:
    rng = _rng(seed, "turn-cost")
    g = _seeded_game(seed, rng, lambda g: len(g.legal_plays()) >= 2 and len(g.hand) >= 2)
    start, trial, plays = g.copy(), g.copy(), []
    for _ in range(int(rng.integers(2, 4))):
        options = _costs(trial, adjusted=False)[:4]
        if not options or trial.is_terminal():
            break
        s = options[int(rng.integers(len(options)))]
        plays.append((s.play.card, s.play.pile))
        trial.apply_action(s.play.action)
        if trial.is_terminal() or trial.to_move != start.to_move:
            break
    return Exercise.turn_cost(start, plays)


def _seed_who_starts(seed: int) -> Exercise:
    rng = _rng(seed, "who-starts")
    players = int(rng.integers(3, 6))
    dealer = int(rng.integers(players))
    g = PaskahousuGame.new(players, seed=seed, dealer=dealer, names=list(NAMES[:players]))
    return Exercise.who_starts(g)


def _seed_ride_stars(seed: int) -> Exercise:
    from .. import campaign

    rng = _rng(seed, "ride-stars")
    f = campaign.FLOORS[int(rng.integers(0, len(campaign.FLOORS)))]
    remaining = int(rng.integers(0, f.goal + 3))
    lost = bool(rng.random() < 0.1)
    delivered = not (f.passengers and rng.random() < 0.2)
    return Exercise.ride_stars(f, remaining, delivered=delivered, lost=lost)


#: Every exercise kind: ``kind → (seeded builder, game, what it asks)``.
KINDS: dict[str, tuple[Callable[[int], Exercise], str, str]] = {
    "piles-for-card": (_seed_piles, "Paternoster", "choose the piles a card may go on"),
    "ladder-order": (_seed_ladder, "Paternoster", "order cards on the ladder"),
    "cheapest-play": (_seed_cheapest, "Paternoster", "pick the cheapest play"),
    "play-cost": (_seed_cost, "Paternoster", "say what a play costs"),
    "remaining-cards": (_seed_remaining, "Paternoster", "count the remaining cards of a finished game"),
    "may-play": (_seed_may_play, "Paskahousu", "may this card (or these cards) go on this top"),
    "burns": (_seed_burns, "Paskahousu", "does this play burn the discard pile"),
    "who-starts": (_seed_who_starts, "Paskahousu", "who opens the game"),
    # new kinds go at the end: a kind's place in this dict seeds its positions
    "turn-cost": (_seed_turn_cost, "Paternoster", "say what several plays of one turn cost together"),
    "ride-stars": (_seed_ride_stars, "Paternoster", "say how many stars a campaign ride earns"),
}


# --------------------------------------------------------------------------- answer sheet

def answer_sheet(exercises: Iterable[Exercise], *, title: str | None = None) -> str:
    """Each exercise's question and answer as Markdown — the teacher's guide prints this.

    Returns:
        a numbered list, one item per exercise: the game, the question, the position (if any),
        the answer and the engine's explanation; with ``title`` a ``###`` heading first.

    >>> print(answer_sheet([Exercise.ladder_order("9♣ 9♦")], title="Lesson 1"))
    ### Lesson 1
    <BLANKLINE>
    1. **Paternoster.** Put these cards in ladder order, lowest first: 9♣ 9♦. — **Answer: 9♦ 9♣.**
    9♦ is lower than 9♣: same rank, so the suit decides (♦ < ♥ < ♠ < ♣).
    """
    out = [f"### {title}", ""] if title else []
    for i, ex in enumerate(exercises, 1):
        if not isinstance(ex, Exercise):
            raise TypeError(f"answer_sheet takes Exercise objects, not {type(ex).__name__} (item {i}).")
        where = "".join(f"\n   - {_md(line)}" for line in ex.table)
        out.append(f"{i}. **{ex.game_name}.** {_md(ex.question)} — **Answer: {_md(ex.answer_text)}.** "
                   f"{_md(ex.explanation)}{where}")
    return "\n".join(out)


def _md(text: str) -> str:
    """Plain text for Markdown: escape the characters that would start emphasis, a link or an HTML tag."""
    text = re.sub(r"([\\`*_\[\]])", r"\\\1", text)
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", text)


# --------------------------------------------------------------------------- helpers (Paternoster)

def _live_game(game: Any) -> Game:
    if not isinstance(game, Game):
        raise TypeError(f"Give a paternoster.Game (Game.new(...) or Game.from_position(...)), "
                        f"not {type(game).__name__}.")
    if game.is_terminal():
        raise PositionError("The game is over, so there is no play to ask about; give a game in progress.")
    return game.copy()


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _and(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else ", ".join(w[:-1]) + " and " + w[-1]


def _num(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _pile_labels(g: Game) -> tuple[str, ...]:
    return tuple(f"{p.name} ({'top ' + str(p.top) if p.top is not None else 'empty'})" for p in g.piles)


def _table_lines(g: Game, hand: bool) -> list[str]:
    lines = [f"{p.name}: {'top ' + str(p.top) if p.top is not None else 'empty'}" for p in g.piles]
    if hand:
        lines.append(f"Hand of {g.names[g.to_move]} (to move): {_cards(sorted(g.hand))}")
    lines.append(f"This turn: {g.played_this_turn} of minimum {g.turn_minimum} played; setback "
                 f"{'already used' if g.setback_used else 'still free'}")
    return lines


def _split(text: str) -> list[str]:
    return [t.strip() for t in re.split(r"[,;\n]|\band\b", text) if t.strip()]


def _pile_set(g: Game, labels: Sequence[str], given: Any) -> set[int]:
    if given is None:
        return set()
    items = _split(given) if isinstance(given, str) else list(given)
    out = set()
    for item in items:
        if isinstance(item, str) and item.strip().lower() in ("none", "no pile", "nothing", "-"):
            continue
        if item in labels:
            out.add(labels.index(item))
        else:
            out.add(g.pile(item).index)  # IllegalPlayError (no-such-pile) names the piles
    return out


def _cards_answer(given: Any) -> list[Card]:
    if isinstance(given, str):
        return parse_cards(given.replace(",", " ").replace("<", " "))
    return [parse_card(c) for c in given]


def _number(given: Any) -> int:
    if isinstance(given, bool):
        raise ValueError("write a whole number such as 3 or −4, not yes/no.")
    if isinstance(given, (int, np.integer)):
        return int(given)
    text = str(given).strip().replace("−", "-").replace("–", "-")
    if not re.fullmatch(r"[+-]?\d+", text):
        raise ValueError(f"{str(given)!r} is not a whole number; write one such as 3 or −4.")
    return int(text)


def _costs(g: Game, adjusted: bool) -> list[Scored]:
    """Every legal play with its cost, cheapest first: the simple player's (``adjusted``) or the plain cost."""
    if adjusted:
        return SimplePlayer().scored(g)
    out = [Scored(lp, *base_cost(lp, g.piles[lp.pile].top)) for lp in g.legal_plays()]
    return sorted(out, key=lambda s: s.key)


def _play_label(g: Game, s: Scored) -> str:
    return f"{s.play.card} on {g.piles[s.play.pile].name}"


def _adjusted(g: Game, s: Scored) -> bool:
    """Whether ``s`` carries the simple player's score (rules §16.2) rather than the plain cost (rules §5)."""
    return (s.score, s.why) != base_cost(s.play, g.piles[s.play.pile].top)


def _play_text(g: Game, s: Scored) -> str:
    return f"{_play_label(g, s)} ({'score' if _adjusted(g, s) else 'cost'} {_num(s.score)})"


def _cost_words(g: Game, s: Scored) -> str:
    p = g.piles[s.play.pile]
    top = f"top {p.top}" if p.top is not None else "empty"
    score = f"score {_num(s.score)} — " if _adjusted(g, s) else ""
    return f"{s.play.card} on {p.name} ({top}): {score}{s.why}."


def _chosen_play(g: Game, labels: dict[str, Scored], given: Any) -> Scored | Verdict:
    if isinstance(given, Scored):
        return given
    text = str(given).strip()
    if text in labels:
        return labels[text]
    m = re.fullmatch(r"\s*(\S+)\s+(?:on\s+)?(.+?)\s*", text)
    if not m:
        raise ValueError(f"{short(text)}: write a play as a card and a pile, e.g. '9♥ on up pile 1'.")
    card, pile = parse_card(m.group(1)), g.pile(m.group(2))
    for s in labels.values():
        if s.play.card == card and s.play.pile == pile.index:
            return s
    refusal = g.why_not(card, pile.index)
    return Verdict(False, f"Not quite: that play is not allowed now. {refusal or ''}".strip())


# --------------------------------------------------------------------------- helpers (Paskahousu)

def _pask_pile(top: Any, pile: Any) -> list[Card]:
    if pile is not None:
        cards = parse_cards(pile)
        if top not in (None, "") and cards and cards[-1] != parse_card(top):
            raise PositionError(f"top {parse_card(top)} is not the last card of pile ({_cards(cards)}); "
                                "give one or the other.")
        return cards
    return [] if top in (None, "") else [parse_card(top)]


def _pask_game(pile: list[Card], play: list[Card],
               rules: HouseRules = STANDARD_HOUSE_RULES) -> PaskahousuGame:
    """A two-player position: Anna (to move) holds ``play`` plus one card, the draw pile lasts."""
    used = set(pile) | set(play)
    if len(used) != len(pile) + len(play):
        twice = [c for c in pile + play if (pile + play).count(c) > 1]
        raise PositionError(f"Paskahousu uses one deck, so each card exists once, but {_cards(sorted(set(twice)))} "
                            "is given twice.")
    spare = [c for c in full_deck(1) if c not in used]
    return PaskahousuGame.from_position([play + spare[:1], spare[1:6]], pile=pile, draw_pile=spare[6:11],
                                        names=["Anna", "Ben"], rules=rules)


def _pask_apply(g: PaskahousuGame, play: list[Card]) -> tuple[bool, str]:
    """Play on a copy: whether the discard pile burned, and the game's sentence for the play (no 'Turn n:')."""
    g = g.copy()
    before = len(g.burned)
    said = g.play(play)
    return len(g.burned) > before, re.sub(r"^Turn \d+: ", "", said[0])


def _no_burn_words(pile: list[Card], play: list[Card]) -> str:
    n = len(play)
    run = 0
    for c in reversed(pile):
        if c.rank != play[0].rank:
            break
        run += 1
    if run:
        return f"No burn: {run + n} cards of one rank on top, and four are needed."
    return "No burn: a 10 burns only on 3 to 9, an ace only on a face card, and four of a kind are not on top."


def _pask_lines(pile: list[Card]) -> list[str]:
    if not pile:
        return ["Discard pile: empty (the empty table)"]
    return [f"Discard pile (bottom → top): {_cards(pile)}"]


def _yes_no(given: Any) -> bool:
    if isinstance(given, bool):
        return given
    text = str(given).strip().lower().rstrip(".!")
    if text in _YES or text.startswith("yes"):
        return True
    if text in _NO or text.startswith("no"):
        return False
    raise ValueError(f"{str(given)!r}: answer yes or no.")


def _name_answer(names: Sequence[str], given: Any) -> str:
    if isinstance(given, (int, np.integer)) and not isinstance(given, bool) and 0 <= given < len(names):
        return names[int(given)]
    text = str(given).strip()
    for n in names:
        if n.lower() == text.lower():
            return n
    raise ValueError(f"{short(text)} is not a player here; choose one of {', '.join(names)}.")
