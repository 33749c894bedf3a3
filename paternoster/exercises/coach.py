"""The coach's exercise kinds: which of three choices is best, as the kit measures it by playing on.

The answer is the evaluator's (:func:`paternoster.lift.evaluation.evaluate`,
:func:`paternoster.paskahousu.evaluation.evaluate`) with a fixed seed: each of the three choices is played
on many times from the position, the cards the player to move cannot see dealt afresh for every game, the
same deals for all three.  An exercise is built only when one choice is *clearly* best: the other two are
worse on the same deals beyond their 95 % range (never "too close to call"), so the answer does not hang
on luck.

Kinds:

* ``"fewer-cards"`` (Paternoster) — which of three plays leaves fewer cards on average (rules §16.5);
* ``"lose-least"`` (Paskahousu) — which of three choices makes you the Paskahousu least often
  (Paskahousu rules §12.3).

The position shows only what the player to move sees: the piles, their own hand and how many cards
the others hold.

>>> from paternoster.exercises import Exercise
>>> from paternoster.lift import coach_examples as ce
>>> ex = Exercise.fewer_cards(ce.first_turn(), ce.QUESTION)
>>> ex.choices
('6♠ on up pile 1', 'K♠ on down pile 1', '9♥ on down pile 1')
>>> ex.check(ex.answer).correct
True
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Self, Sequence

import numpy as np

from ..core.checks import MAX_SEED, short
from ..core.errors import ArgumentError, ArgumentTypeError, PaternosterError
from ..core.evaluation import Evaluation
from ..lift import evaluation as lift_coach
from ..lift.actions import EndTurn, Play
from ..lift.game import Game
from ..paskahousu import HeuristicPlayer, PaskahousuGame
from ..paskahousu import evaluation as pask_coach
from ..paskahousu.knowledge import visible
from .base import ExerciseBase, Kind, Verdict, kind_rng, read_choice, register
from .lift_positions import NAMES, live_game, seeded_game, table_lines
from .texts import common, coach as words

__all__ = ["CoachExercises", "ROLLOUTS"]

#: Games played on per choice, and the seed of the re-deals (the lessons' saved answers depend on both).
ROLLOUTS, SEED = 400, 0
Row = tuple[str, float, float, float]


def _clear(ev: Evaluation) -> bool:
    """One option is clearly best: every other one is worse on the same deals beyond its 95 % range."""
    return all(r.diff_low > 0 for r in ev.options[1:])


def _three(actions: Sequence[Any]) -> list[Any]:
    if isinstance(actions, (str, bytes)) or not isinstance(actions, Sequence):
        raise ArgumentTypeError(words.NOT_A_LIST.format(given=short(actions)))
    n = len(actions) if len(actions) != 3 else len({repr(a) for a in actions})   # never a repr of a long list
    if n != 3:
        raise ArgumentError(words.NOT_THREE.format(n=n))
    return list(actions)


class CoachExercises(ExerciseBase):
    """The coach's constructors (on :class:`paternoster.exercises.Exercise`)."""

    __slots__ = ()

    @classmethod
    def _best_of_three(cls, kind: str, *, labels: list[str], ev: Evaluation, question: str, title: str,
                       table: list[str], why: Callable[[list[Row], list[Row]], str], hint: str) -> Self:
        order = {r.label: r for r in ev.options}
        best = ev.options[0].label
        rows: list[Row] = [(r.label, r.mean, r.low, r.high) for r in ev.options]
        diffs: list[Row] = [(r.label, r.diff, r.diff_low, r.diff_high) for r in ev.options[1:]]
        explanation = why(rows, diffs)
        choices = tuple(lab for lab in labels if lab in order)

        def judge(given: Any) -> Verdict:
            if read_choice(choices, given) == best:
                return Verdict(True, common.right(explanation))
            return Verdict(False, common.wrong(explanation))

        return cls(kind, question=question, title=title, table=table, choices=choices, answer=best,
                   answer_text=best, explanation=explanation, hint=hint, judge=judge)

    @classmethod
    def fewer_cards(cls, game: Game, plays: Sequence[Any], *, rollouts: int = ROLLOUTS, seed: int = SEED) -> Self:
        """Which of three plays leaves fewer cards on average at the end?  (mode ``"one"``, Paternoster)

        Args:
            game: a game in progress (not changed); its player to move chooses.
            plays: three different legal actions of that player (``Play``, ``EndTurn``, … from
                :mod:`paternoster.lift.actions`), in the order shown.
            rollouts, seed: games played on per play and the seed of the re-deals (rules §16.5).

        Raises:
            ValueError: not three different plays, or no play clearly best (too close to call);
            the evaluator's errors for an illegal play or bad ``rollouts``/``seed``.
        """
        g = live_game(game)
        acts = _three(plays)
        ev = lift_coach.evaluate(g, g.to_move, rollouts=rollouts, seed=seed, only=acts)
        labels = [lift_coach.option_label(g, a) for a in acts]
        if not _clear(ev):
            raise ArgumentError(words.TOO_CLOSE_FEWER.format(rollouts=rollouts, labels="; ".join(labels)))
        who = g.names[g.to_move]
        others = [(g.names[i], len(h)) for i, h in enumerate(g.hands) if i != g.to_move]
        table = [*table_lines(g), words.unseen_line(others, len(g.draw_pile))]
        return cls._best_of_three("fewer-cards", labels=labels, ev=ev, question=words.q_fewer_cards(who, labels),
                                  title=words.t_fewer_cards(who), table=table,
                                  why=lambda r, d: words.fewer_cards_why(r, d, ev.rollouts, who),
                                  hint=words.h_fewer_cards(sorted(g.hand), any(isinstance(a, EndTurn) for a in acts),
                                                          any(isinstance(a, Play) and g.piles[a.pile].top is None
                                                              for a in acts)))

    @classmethod
    def lose_least(cls, game: PaskahousuGame, plays: Sequence[Any], *, rollouts: int = ROLLOUTS,
                   seed: int = SEED) -> Self:
        """Which of three choices makes the player to move the Paskahousu least often?  (mode ``"one"``, Paskahousu)

        Args:
            game: a game in progress (not changed).
            plays: three different legal actions of the player to move (``PlayCards``, ``PickUp``,
                ``TryYourLuck``, …), in the order shown.
            rollouts, seed: games played on per choice and the seed of the re-deals (Paskahousu rules §12.3).

        Raises:
            ValueError: not three different choices, or none clearly best; the evaluator's errors.
        """
        if not isinstance(game, PaskahousuGame):
            raise ArgumentTypeError(words.NOT_A_PASKAHOUSU_GAME.format(given=short(game)))
        acts = _three(plays)
        ev = pask_coach.evaluate(game, game.to_move, rollouts=rollouts, seed=seed, only=acts)
        labels = [pask_coach.option_label(game, a)[0] for a in acts]
        if len(set(labels)) != 3:
            raise ArgumentError(words.NOT_THREE.format(n=len(set(labels))))
        if not _clear(ev):
            raise ArgumentError(words.TOO_CLOSE_LOSE.format(rollouts=rollouts, labels="; ".join(labels)))
        me = game.to_move
        who = game.names[me]
        others = [(game.names[i], len(h)) for i, h in enumerate(game.hands) if i != me]
        seen = visible(game, me)        # Valepaska: the others' face-down cards stay unnamed
        table = [*words.seat_pile_lines(game.pile, seen), words.hand_line(who, game.hands[me]),
                 words.pask_unseen_line(others, len(game.draw_pile), len(game.burned))]
        top = (game.pile[-1] if seen[-1] else words.FACE_DOWN) if game.pile else None
        return cls._best_of_three("lose-least", labels=labels, ev=ev, question=words.q_lose_least(who),
                                  title=words.t_lose_least(who), table=table,
                                  why=lambda r, d: words.lose_least_why(r, d, ev.rollouts, who),
                                  hint=words.h_lose_least(game.hands[me], len(game.draw_pile), top))


# --------------------------------------------------------------------------- seeded positions

def _pick_three(rng: np.random.Generator, ev: Evaluation, build: Callable[[list[Any]], Any]) -> Any:
    """The best option of ``ev`` and two of the options clearly worse than it, in a random order, built into an
    exercise (``None`` when fewer than two options are clearly worse, or the three are too close after all)."""
    worse = [r.option for r in ev.options[1:] if r.diff_low > 0]
    if len(worse) < 2:
        return None
    picked = [ev.options[0].option, *(worse[int(i)] for i in rng.choice(len(worse), size=2, replace=False))]
    try:
        return build([picked[int(i)] for i in rng.permutation(3)])
    except ValueError:
        return None


def _attempt_seed(seed: int, attempt: int) -> int:
    """The deal of retry ``attempt``: a step of 1,000,003 seeds, wrapping round past the kit's largest seed."""
    return (seed + 1_000_003 * attempt) % (MAX_SEED + 1)


def _seed_fewer_cards(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "fewer-cards")
    for attempt in range(20):
        g = seeded_game(_attempt_seed(seed, attempt), rng, lambda g: len(lift_coach.options(g)) >= 3)
        if g.is_terminal() or len(lift_coach.options(g)) < 3:
            continue
        try:
            ev = lift_coach.evaluate(g, g.to_move, rollouts=ROLLOUTS, seed=SEED)
        except PaternosterError:  # more options than the evaluator measures at once
            continue
        ex = _pick_three(rng, ev, partial(cls.fewer_cards, g))
        if ex is not None:
            return ex
    raise RuntimeError(f"no clear fewer-cards position for seed {seed}")  # pragma: no cover - never seen


def _seed_lose_least(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "lose-least")
    for attempt in range(20):
        players = int(rng.integers(3, 6))
        g = PaskahousuGame.new(players, seed=_attempt_seed(seed, attempt), names=list(NAMES[:players]))
        player = HeuristicPlayer()
        for _ in range(int(rng.integers(1, 40))):
            if g.is_terminal():
                break
            g.apply_action(player.choose(g))
        if g.is_terminal() or len(pask_coach.coach_options(g)) < 3:
            continue
        try:
            ev = pask_coach.evaluate(g, g.to_move, rollouts=ROLLOUTS, seed=SEED)
        except PaternosterError:
            continue
        ex = _pick_three(rng, ev, partial(cls.lose_least, g))
        if ex is not None:
            return ex
    raise RuntimeError(f"no clear lose-least position for seed {seed}")  # pragma: no cover - never seen


register(Kind("fewer-cards", "Paternoster", "one", "which of three plays leaves fewer cards on average", 15,
              _seed_fewer_cards))
register(Kind("lose-least", "Paskahousu", "one", "which of three choices loses least often", 16, _seed_lose_least))
