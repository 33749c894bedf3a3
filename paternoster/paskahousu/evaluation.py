"""How good was that? Every option of the Paskahousu player to move, measured: the chance of ending as the
Paskahousu (the loser) after it, the rest of the game played by the heuristic player.

:func:`evaluate` answers for the seat to move, from that seat's knowledge only (:mod:`.knowledge`): for every
rollout the cards the seat cannot see — the other hands (but the cards it saw them pick up), the draw pile,
every face-down table card, Valepaska's face-down pile cards it did not lay — are dealt afresh from the
unseen cards, and every option is played out on that same re-deal by heuristic players (each seat's
player seeded from ``(seed, rollout, seat)``, the same for every option: paired rollouts).  The result is
the kit's shared :class:`~paternoster.core.evaluation.Evaluation` (best first, each option's difference
from the best with its paired 95 % interval, "too close to call").  A game stopped at the turn cap counts
as not lost.

The options (**Decision**, kit): every legal action, as ``legal_actions`` lists it, except that

* Pöytäpaska's face-down table cards are one option ("turn a face-down card over", slot 0): the seat
  knows none of them, so every slot is the same choice;
* Valepaska's lies are measured with one card per announced rank (the kit's lie, the lowest card not of
  that rank); any other action — a lie with other cards, more cards — is measured when passed as ``also``.

:func:`find_option` finds the row of any action (the same cards of a rank in other suits, another
face-down slot).  :func:`sentence` says the result in one sentence.

>>> from paternoster.paskahousu import PaskahousuGame
>>> g = PaskahousuGame.from_position(["9♠ 2♦", "K♣"], pile="8♥", draw_pile="")
>>> ev = evaluate(g, 0, rollouts=20)
>>> [(row.label, row.mean) for row in ev.options]
[('play 2♦', 0.0), ('play 9♠', 1.0), ('pick up the discard pile', 1.0)]
>>> ev.options[ev.computer_choice].label      # the heuristic player keeps its 2 and plays the 9: K♣ goes out
'play 9♠'
>>> sentence(ev, ev.computer_choice)
'Playing 9♠ made you the Paskahousu in 100 % of the games (± 8); playing 2♦ only in 0 %.'
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..core.errors import IllegalPlayError, PositionError, RulesError
from ..core.evaluation import (MAX_OPTIONS, Evaluation, OptionScore, check_only, check_rollouts, check_seed,
                               option_rows, score_options)
from ..core.checks import short
from . import bluff as bluff_rules
from . import table_cards as table_rules
from . import texts_coach
from .actions import Action, Announce, CheckAnnouncement, LetPass, PickUp, PlayCards, TryYourLuck, TurnTableCard
from .bots import HeuristicPlayer
from .game import PaskahousuGame
from .knowledge import Knowledge, knowledge
from .ranks import strength
from .fastrun import bot_seeds
from .reference import play_game

__all__ = ["evaluate", "sentence", "games_table", "find_option", "option_key", "coach_options", "option_label", "bot_seeds",
           "ENGINES"]

#: How rollouts are played: ``"fast"`` (the lean position loop) or ``"reference"`` (PaskahousuGame).
ENGINES = ("fast", "reference")


def _check(game: Any, seat: Any) -> int:
    if not isinstance(game, PaskahousuGame):
        raise RulesError(texts_coach.UNKNOWN_GAME.format(what=short(game)))
    if game.is_terminal():
        raise PositionError(texts_coach.GAME_OVER)
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or int(seat) != game.to_move:
        raise PositionError(texts_coach.NOT_YOUR_MOVE.format(seat=short(seat), to_move=game.to_move))
    return int(seat)


def option_key(game: PaskahousuGame, action: Action) -> tuple[Any, ...]:
    """What makes two actions the same choice in ``game`` (the position before): a play's kind and count (suits
    do not matter), any face-down slot, an honest announcement's rank and count, a lie's rank and the kinds of
    the cards laid."""
    if isinstance(action, PlayCards):
        return ("play", game.kind(action.cards[0]), len(action.cards))
    if isinstance(action, Announce):
        s = strength(action.rank)
        if bluff_rules.is_true(action.cards, action.rank):
            return ("announce", s, len(action.cards))
        return ("lie", s, tuple(sorted(strength(c) for c in action.cards)))
    if isinstance(action, TurnTableCard):
        return ("turn",)
    return (type(action).__name__,)


def coach_options(game: PaskahousuGame) -> list[Action]:
    """The actions :func:`evaluate` measures in ``game``, in ``legal_actions`` order (see the module doc)."""
    if game.opening is not None:
        return game.legal_actions()
    out = []
    for opt in game.options():
        kind, s, n = opt
        if kind == table_rules.TURN and s > 0:
            continue
        if kind == bluff_rules.LIE and n > 1:
            continue
        out.append(game.option_action(opt))
    return out


def option_label(game: PaskahousuGame, action: Action) -> tuple[str, str]:
    """``(label, doing)`` of an action of the player to move in plain words (:func:`.texts_coach.option_words`)."""
    if isinstance(action, PlayCards):
        face_up = game.table_cards and game.phase() == table_rules.FACE_UP
        return texts_coach.option_words("play", list(action.cards), face_up=face_up)
    if isinstance(action, Announce):
        honest = bluff_rules.is_true(action.cards, action.rank)
        return texts_coach.option_words("announce" if honest else "lie", list(action.cards), action.rank,
                                        len(action.cards))
    kind = {PickUp: "pick-up", TryYourLuck: "try-your-luck", TurnTableCard: "turn", CheckAnnouncement: "check",
            LetPass: "let-pass"}[type(action)]
    return texts_coach.option_words(kind)


def _deal_rng(seed: int, rollout: int) -> np.random.Generator:
    return np.random.default_rng([seed, rollout])


def reference_rollout(game: PaskahousuGame, know: Knowledge, action: Action, seed: int, rollout: int,
                      cards: Any = None) -> int:
    """One rollout on the reference game: re-deal ``rollout`` (or the given re-dealt ``cards``), apply
    ``action``, let heuristic players finish; returns the loser's seat, or −1 for a stalemate."""
    if cards is None:
        cards = know.redeal_cards(game, _deal_rng(seed, rollout))
    g = game.rearranged(*cards)
    g.apply_action(action, record_undo=False)
    play_game(g, [HeuristicPlayer(s) for s in bot_seeds(seed, rollout, game.players)])
    r = g.result
    assert r is not None
    return -1 if r.loser is None else r.loser


def evaluate(game: PaskahousuGame, seat: int, *, rollouts: int = 400, seed: int = 0, also: Action | None = None,
             only: Sequence[Action] | None = None, engine: str = "fast") -> Evaluation:
    """Every option of ``seat`` (the player to move) → the chance that ``seat`` ends as the Paskahousu.

    Args:
        game: the position (it is not changed).
        seat: the seat to move (a decider of Valepaska's check window too).
        rollouts: re-deals, each played out once per option (1–10,000).
        seed: the seed of the re-deals and of the players' draws (Valepaska's bluffs and checks).
        also: an action to measure besides the listed options (a student's lie with other cards); ignored when
            an option is the same choice (:func:`option_key`).
        only: measure only these legal actions (a lesson's three plays), in this order before sorting;
            ``computer_choice`` is then ``None`` unless the heuristic player's choice is among them.
        engine: ``"fast"`` or ``"reference"`` (the same games; the reference is slower).

    Returns:
        :class:`~paternoster.core.evaluation.Evaluation`: ``measure`` the chance of losing (``share``),
        ``options`` best first with ``option`` the action :meth:`PaskahousuGame.apply_action` takes,
        ``computer_choice`` the heuristic player's choice.

    Raises:
        RulesError: not a game, bad ``rollouts``, ``seed`` or ``engine``, more than 60 options, ``only`` empty;
        PositionError: the game is over or ``seat`` is not to move; IllegalPlayError: ``also`` or an action of
        ``only`` is not legal.
    """
    seat = _check(game, seat)
    rollouts = check_rollouts(rollouts)
    seed = check_seed(seed)
    game = game.copy()   # measured on a copy: a game changed meanwhile (a widget, a thread) mixes no positions
    if engine not in ENGINES:
        raise RulesError(texts_coach.BAD_ENGINE.format(engines=", ".join(map(repr, ENGINES)), what=short(engine)))
    actions: list[Action] = []
    keys: list[tuple[Any, ...]] = []
    if only is not None and isinstance(only, Sequence) and not only:
        raise RulesError(texts_coach.ONLY_EMPTY)
    wanted = coach_options(game) if only is None else check_only(only)
    for a in wanted + ([] if also is None else [also]):
        if a is also or only is not None:
            refusal = game.check(a)
            if refusal is not None:
                raise IllegalPlayError(refusal)
        if option_key(game, a) not in keys:
            actions.append(a)
            keys.append(option_key(game, a))
    if len(actions) > MAX_OPTIONS:
        raise RulesError(texts_coach.TOO_MANY.format(n=len(actions), most=MAX_OPTIONS))
    know = knowledge(game, seat)
    if engine == "fast":
        from .fastrun import fast_rollouts
        losers = fast_rollouts(game, know, actions, seed, rollouts)
    else:
        losers = np.empty((len(actions), rollouts), dtype=np.int64)
        for r in range(rollouts):
            cards = know.redeal_cards(game, _deal_rng(seed, r))
            for i, a in enumerate(actions):
                losers[i, r] = reference_rollout(game, know, a, seed, r, cards)
    values = (losers == seat).astype(float)
    labels = [option_label(game, a)[0] for a in actions]
    rows = score_options(values, labels=labels, options=actions, share=True)
    choice = HeuristicPlayer(seed).choose(game)
    index = find_option(rows, game, choice)
    return Evaluation(seat, texts_coach.MEASURE, True, rollouts, seed, rows, index)


def find_option(rows: Evaluation | Sequence[OptionScore], game: PaskahousuGame, action: Action) -> int | None:
    """The index in ``rows`` (an Evaluation's ``options``) of the row measuring ``action`` in ``game`` (the
    position it was evaluated in), by :func:`option_key`; ``None`` if no row does."""
    options = option_rows(rows)
    if not isinstance(game, PaskahousuGame):
        raise RulesError(texts_coach.FIND_GAME.format(what=short(game)))
    key = option_key(game, action)
    return next((i for i, row in enumerate(options) if option_key(game, row.option) == key), None)


def sentence(ev: Evaluation, chosen: int) -> str:
    """One plain sentence about option ``chosen`` (an index into ``ev.options``) beside the best one:
    ``'Picking up made you the Paskahousu in 31 % of the games (± 3); playing 7♣ 7♦ only in 22 %.'`` — with
    "too close to call" where the rollouts cannot tell the two apart.

    Raises:
        RulesError: ``chosen`` is not an index of ``ev.options``.
    """
    if not isinstance(ev, Evaluation) or ev.measure != texts_coach.MEASURE or not ev.share:
        raise RulesError(texts_coach.NOT_AN_EVALUATION.format(what=short(ev)))
    if isinstance(chosen, bool) or not isinstance(chosen, (int, np.integer)) or not 0 <= chosen < len(ev.options):
        raise RulesError(texts_coach.BAD_CHOICE.format(n=len(ev.options), what=short(chosen)))
    row = ev.options[int(chosen)]
    best = ev.options[0]
    return texts_coach.sentence_words(texts_coach.doing(row.label), row.mean, row.low, row.high,
                                      None if row.best else texts_coach.doing(best.label),
                                      best.mean, row.too_close, len(ev.options), row.diff_low, row.diff_high,
                                      sum(1 for other in ev.options if other.too_close) if row.best else 0)


def _games(x: float, n: int, keep_sign: bool) -> str:
    """``x`` (a share of ``n`` games) as whole games; one decimal where a whole number would hide the sign."""
    g = x * n
    if keep_sign and round(g) == 0 and g != 0:
        return f"{g:.1f}".replace("-", "−")
    return f"{round(g):d}".replace("-", "−")


def games_table(ev: Evaluation, name: str) -> str:
    """Lesson 10b's table of ``ev`` in whole games: lost games of ``ev.rollouts`` with their 95 % range, how many
    more than the best choice, and the 95 % range of that difference (paired on the same re-deals) — the range
    that decides "too close to call" (it holds 0).  Whole games, so "more" is exactly the difference of the
    "lost" column.  ``name`` is the player measured ("Player 1").

    Raises:
        RulesError: ``ev`` is not an Evaluation of shares.
    """
    if not isinstance(ev, Evaluation) or not ev.share:
        raise RulesError(texts_coach.NOT_AN_EVALUATION.format(what=short(ev)))
    n = ev.rollouts
    form, words = texts_coach.TABLE_HEAD
    lines = [texts_coach.TABLE_INTRO.format(n=n, name=name), "",
             form.format(choice=words[0], lost=words[1], range=words[2], more=words[3], diff_range=words[4])]
    best = round(ev.options[0].mean * n)
    for i, row in enumerate(ev.options):
        lost = round(row.mean * n)
        span = f"{round(row.low * n)} to {round(row.high * n)}"
        if row.best:
            more, verdict = "", texts_coach.TABLE_BEST
        else:
            low, high = _games(row.diff_low, n, not row.too_close), _games(row.diff_high, n, False)
            more = str(lost - best)
            verdict = (texts_coach.TABLE_TOO_CLOSE if row.too_close else texts_coach.TABLE_MORE).format(low=low, high=high)
        mark = texts_coach.TABLE_HEURISTIC if i == ev.computer_choice else ""
        lines.append(form.format(choice=row.label, lost=lost, range=span, more=more, diff_range=verdict) + mark)
    return "\n".join(lines)
