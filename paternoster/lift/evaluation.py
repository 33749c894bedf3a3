"""How good was that? Every option of the Paternoster player to move, measured by playing the rest of the game
many times (the shared shape: :mod:`paternoster.core.evaluation`).

:func:`evaluate` lists the options of the seat to move — every legal play (big setbacks included), every
pass (Weitergeben), ending the turn (with a token where that is the way to end it) — and plays each one
out ``rollouts`` times with the simple player (or the talking team) on every seat, counting the team's
remaining cards at the end (lower is better) and the share of perfect games.

**Only what the seat knows.** The seat sees its own hand, the piles, the number of cards in every hand
and in the draw pile, and the variant state on the table (tokens, passengers, burning cards, signals).
The cards it cannot see — the other hands and the draw pile — are shuffled afresh for every rollout
and dealt back in the same numbers (:func:`redeals`); the true hidden cards are never used, so two games
that differ only in where the hidden cards lie get the same answer for the same seed.  (A card the seat
passed face down under Weitergeben is shuffled with the rest: the kit keeps no note of who received it.)

**Paired rollouts.** Rollout ``i`` uses the same re-deal for every option, so the differences between
options are measured on the same games (:func:`paternoster.core.evaluation.score_options`).

The rollouts run on the fast simulation started from a position
(:func:`paternoster.lift.fastsim_start.option_values`: every rule set, both teams), game for game the
reference engine's games (:func:`reference_values`: :class:`~paternoster.lift.game.Game` with the computer player).

>>> from paternoster import examples
>>> ev = evaluate(examples.anna_turn(), 0, rollouts=50, seed=1)
>>> ev.options[ev.computer_choice].label
'4♦ on up pile 1'
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..core.checks import short, whole
from ..core.errors import PaternosterError, RulesError
from ..core.evaluation import (MAX_OPTIONS, Evaluation, OptionScore, check_only, check_rollouts, check_seed,
                               option_rows, score_options)
from ..core.stats import wilson
from . import texts_coach
from .actions import Action, BigSetback, EndTurn, Pass, Play, Signal, TimeOut
from .bots import SimplePlayer
from .cost import cost_of
from .game import Game
from .redeal import hidden_cards, redealt, redeals
from .talking import TalkingTeam

__all__ = ["PLAYERS", "evaluate", "sentence", "options", "option_label", "option_key", "find_option", "hidden_cards",
           "redeals", "redealt", "reference_values"]

#: The computer players that finish the rollouts: the simple player (default) and the talking team.
PLAYERS = ("simple", "talking")


# --------------------------------------------------------------------------- the options

def options(game: Game) -> list[Action]:
    """The options of the player to move, in the engine's order: ``game.legal_actions()`` without the
    Sanduhr's "time is up" (the hourglass's, not a choice of play)."""
    return [a for a in game.legal_actions() if not isinstance(a, TimeOut)]


def option_label(game: Game, action: Action) -> str:
    """An option in plain words: ``'7♦ on down pile 2'``, ``'end the turn'``, ``'pass 9♠ to Ben'`` …"""
    if isinstance(action, BigSetback):
        return texts_coach.big_setback_option(action.card, game.piles[action.pile].name)
    if isinstance(action, Play):
        return texts_coach.play_option(action.card, game.piles[action.pile].name)
    if isinstance(action, Pass):
        return texts_coach.pass_option(action.card, game.names[action.to])
    if isinstance(action, EndTurn):
        return texts_coach.TOKEN_END_OPTION if action.token else texts_coach.END_OPTION
    raise RulesError(f"An option is a play, a pass or the end of the turn, not {short(action)}.")


def _cost(game: Game, action: Action) -> int | None:
    """The cost of a play (rules §5), ``None`` for any other option."""
    if not isinstance(action, (Play, BigSetback)):
        return None
    for lp in game.legal_plays():
        if lp.card == action.card and lp.pile == action.pile and isinstance(lp.action, type(action)):
            return cost_of(lp.kind, lp.skipped, lp.card, game.piles[lp.pile].top)
    return None


# --------------------------------------------------------------------------- only what the seat knows

def _computer(player: str) -> SimplePlayer:
    return TalkingTeam() if player == "talking" else SimplePlayer()


def reference_values(game: Game, seat: int, opts: Sequence[Action], deals: np.ndarray,
                     player: str = "simple") -> tuple[np.ndarray, np.ndarray]:
    """Remaining cards and perfect (0/1) per option and rollout, on the reference engine."""
    pool, sizes = hidden_cards(game, seat)
    team = _computer(player)
    remaining = np.zeros((len(opts), len(deals)), dtype=np.int16)
    perfect = np.zeros((len(opts), len(deals)), dtype=np.int8)
    for i, order in enumerate(deals):
        for o, action in enumerate(opts):
            g = redealt(game, seat, pool, sizes, order)
            g.apply_action(action)
            team.play_game(g)
            assert g.result is not None
            remaining[o, i] = g.result.remaining
            perfect[o, i] = g.result.outcome == "perfect"
    return remaining, perfect


# --------------------------------------------------------------------------- the evaluator

def _check(game: Any, seat: Any, player: Any) -> tuple[int, str]:
    if not isinstance(game, Game):
        raise RulesError(f"game must be a paternoster Game, not {short(game)}.")
    seat = whole(seat, "seat", 0, game.players - 1, RulesError)
    if game.is_terminal():
        raise RulesError("game: the game is over, there is no choice left to measure.")
    if seat != game.to_move:
        raise RulesError(f"seat: seat {seat} ({game.names[seat]}) is not to move; the evaluator measures the "
                         f"options of the player to move, seat {game.to_move} ({game.names[game.to_move]}).")
    if player is None:
        player = "simple"
    if player not in PLAYERS:
        raise RulesError(f"player must be one of {', '.join(map(repr, PLAYERS))} (or None), not {short(player)}.")
    return seat, player


def evaluate(game: Game, seat: int, *, rollouts: int = 400, seed: int = 0, player: str | None = None,
             only: Sequence[Action] | None = None) -> Evaluation:
    """Every option of ``seat`` (the player to move), measured on ``rollouts`` paired re-deals.

    Args:
        game: the game (not changed).
        seat: the seat whose options are measured; it must be the player to move.
        rollouts: games per option, 1 to :data:`~paternoster.core.evaluation.MAX_ROLLOUTS`.
        seed: the seed of the re-deals (the same seed gives the same answer).
        player: who plays the rest of each game on every seat: ``"simple"`` (default, the simple player)
            or ``"talking"`` (the talking team).
        only: measure just these options (each one of :func:`options`), e.g. the three plays of an
            exercise; the re-deals are the same, so each row's games are those of the full evaluation.

    Returns:
        an :class:`~paternoster.core.evaluation.Evaluation`: ``mean`` is the team's remaining cards at
        the end, ``extra["perfect"]`` the share of perfect games (share, low, high), ``extra["cost"]`` a
        play's cost (rules §5) three times; ``option`` is the engine's action (``Play``, ``BigSetback``,
        ``Pass``, ``EndTurn``), so ``ev.find(Play(card, pile))`` finds the student's row;
        ``computer_choice`` the row of the computer player's choice (``None`` when the talking team's
        team-mates may still talk first: what they say comes from hands the seat cannot see).

    Raises:
        RulesError: not a game, the game is over, ``seat`` is not the player to move, ``rollouts``
            or ``seed`` out of range, an unknown ``player``, ``only`` not a list of 1 to 60 options of the
            player to move, more than
            :data:`~paternoster.core.evaluation.MAX_OPTIONS` options (each names the field).
    """
    seat, who = _check(game, seat, player)
    rollouts = check_rollouts(rollouts)
    seed = check_seed(seed)
    game = game.copy()   # measured on a copy: a game changed meanwhile (a widget, a thread) mixes no positions
    opts = options(game)
    if only is not None:
        only = check_only(only)
        wrong = [a for a in only if a not in opts]
        if wrong:
            raise RulesError(f"only: {short(wrong[0])} is not an option of the player to move now.")
        opts = [a for a in opts if a in only]
    if len(opts) > MAX_OPTIONS:
        raise RulesError(f"game: this position has {len(opts)} options; the evaluator measures at most {MAX_OPTIONS}.")
    pool, _sizes = hidden_cards(game, seat)
    deals = redeals(len(pool), rollouts, seed)
    remaining, perfect = _values(game, seat, opts, deals, who)
    extras: list[dict[str, tuple[float, float, float]]] = []
    for o, action in enumerate(opts):
        extra = {"perfect": wilson(int(perfect[o].sum()), rollouts)}
        cost = _cost(game, action)
        if cost is not None:
            extra["cost"] = (float(cost), float(cost), float(cost))
        extras.append(extra)
    rows = score_options(remaining, labels=[option_label(game, a) for a in opts], options=opts, share=False,
                         extras=extras)
    choice = _choice(game, who)
    pick = next((i for i, row in enumerate(rows) if row.option == choice), None)
    return Evaluation(seat=seat, measure=texts_coach.MEASURE, share=False, rollouts=rollouts, seed=seed,
                      options=rows, computer_choice=pick)


def _choice(game: Game, player: str) -> Action | None:
    """The computer player's move now.  The talking team may talk first: a signal of the mover itself comes
    just before it ends its turn (Liftführer), so its move is ending the turn; a team-mate's signal would
    come from a hand the seat cannot see, so there is no move to mark (``None``)."""
    if player == "talking" and _mates_may_talk(game):
        return None     # whether they talk, and so the mover's play, depends on their hands: never read them
    action = _computer(player).choose(game)
    if isinstance(action, Signal):
        return EndTurn() if action.seat == game.to_move else None
    return action


def _mates_may_talk(game: Game) -> bool:
    """Whether the talking team's other seats may still signal before the mover's first card (rules §7.4), from
    what every seat sees: the rules, the turn so far and the signals the game would accept (never a hand)."""
    if game.players < 2 or game.rules.signals != "all" or game.played_this_turn or game.passed_this_turn:
        return False
    return any(game.legal_signals(s) for s in range(game.players) if s != game.to_move)


def _values(game: Game, seat: int, opts: Sequence[Action], deals: np.ndarray,
            player: str) -> tuple[np.ndarray, np.ndarray]:
    """The rollouts: on the fast simulation where it plays these rules and this team, else the reference engine."""
    from . import fastsim_start
    if fastsim_start.unsupported(game.rules, game.players, player) is None:
        return fastsim_start.option_values(game, seat, opts, deals, player)
    return reference_values(game, seat, opts, deals, player)


# --------------------------------------------------------------------------- the student's row

def option_key(game: Game, action: Any) -> tuple[Any, ...] | None:
    """What makes two actions the same option in ``game``: the card and the pile's index for a play (a big
    setback too: the card table turns a click on a pile offered as a big setback into one), the card and the
    seat for a pass, ending the turn with or without a token; ``None`` for anything else."""
    if isinstance(action, (Play, BigSetback)):
        try:
            pile = game.pile(action.pile).index
        except (PaternosterError, TypeError):
            return None
        return ("play", action.card, pile)
    if isinstance(action, Pass):
        return ("pass", action.card, action.to)
    if isinstance(action, EndTurn):
        return ("end", action.token)
    return None


def find_option(rows: Evaluation | Sequence[OptionScore], game: Game, action: Any) -> int | None:
    """The index in ``rows`` (an Evaluation or its ``options``) of the row measuring the student's ``action``
    in ``game`` (the position it was evaluated in), by :func:`option_key`; ``None`` if no row does
    (e.g. Sanduhr's "time is up", or a signal).

    >>> from paternoster import examples
    >>> g = examples.anna_turn()
    >>> ev = evaluate(g, 0, rollouts=10)
    >>> ev.options[find_option(ev, g, Play("4♦", "up 1"))].label
    '4♦ on up pile 1'
    """
    options_ = option_rows(rows)
    if not isinstance(game, Game):
        raise RulesError(f"game must be the paternoster Game the rows were measured in, not {short(game)}.")
    key = option_key(game, action)
    if key is None:
        return None
    return next((i for i, row in enumerate(options_) if option_key(game, row.option) == key), None)


# --------------------------------------------------------------------------- one sentence

def sentence(ev: Evaluation, chosen: int) -> str:
    """One plain sentence on the option in row ``chosen`` of ``ev.options`` (the student's choice).

    >>> from paternoster import examples
    >>> ev = evaluate(examples.anna_turn(), 0, rollouts=50, seed=1)
    >>> sentence(ev, 0).startswith("Your ")
    True
    """
    if not isinstance(ev, Evaluation) or ev.measure != texts_coach.MEASURE or ev.share:
        raise RulesError(f"ev must be an Evaluation of a Paternoster position (from evaluate), not {short(ev)}.")
    chosen = whole(chosen, "chosen", 0, len(ev.options) - 1, RulesError)
    row = ev.options[chosen]
    if len(ev.options) == 1:
        return texts_coach.only_sentence(row.label)
    cost = _row_cost(row)
    best = next(r for r in ev.options if r.best)
    if row.best:
        close = next((r.label for r in ev.options if r.too_close), None)
        return texts_coach.best_sentence(row.label, cost, row.mean, close)
    if row.too_close:
        return texts_coach.too_close_sentence(row.label, cost, row.mean, best.label, best.mean)
    half = (row.diff_high - row.diff_low) / 2
    return texts_coach.fewer_sentence(row.label, cost, row.mean, best.label, row.diff, half)


def _row_cost(row: OptionScore) -> int | None:
    cost = row.extra.get("cost")
    return None if cost is None else int(cost[0])
