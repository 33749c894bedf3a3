"""The position loop (:mod:`.fastpos`) put to work: a PaskahousuGame as a :class:`~.fastpos.FastPosition`,
the evaluator's paired rollouts, and whole simulated games under Pöytäpaska and Valepaska.

* :func:`from_game` / :func:`from_cards`: a game (or a re-deal of its hidden cards) on kinds.
* :func:`fast_rollouts`: the evaluator's table of losers ``[option, rollout]`` — every option played on the
  same re-deals by heuristic players seeded per rollout and seat (:func:`~.evaluation.bot_seeds`).
* :func:`position_game`: game ``gseed`` of a simulation from the deal, as :func:`~.reference.reference_game`
  plays it (the same deal, opening, players and generators); :func:`~paternoster.paskahousu.simulate`
  plays Pöytäpaska and Valepaska with it.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from ..core.cards import Card
from .actions import Action, Announce, CheckAnnouncement, LetPass, PickUp, PlayCards, TryYourLuck, TurnTableCard
from .bots import heuristic_opening
from .deal import deal, fixed_opening, standard_opening
from .fastpos import ANNOUNCE, CHECK, HEURISTIC, LET_PASS, TURN, Draws, FastPosition, FastRules, fast_rules
from .game import PaskahousuGame
from .options import PICK_UP, PLAY, TRY_YOUR_LUCK
from .ranks import S9, strength
from .rules import HouseRules
from .table_cards import deal_with_table_cards

__all__ = ["from_game", "from_cards", "fast_option", "fast_rollouts", "position_game", "bot_seeds", "opening"]


def bot_seeds(seed: int, rollout: int, players: int) -> list[int]:
    """The heuristic players' seeds of one rollout: ``SeedSequence([seed, rollout, seat])``'s first word each."""
    return [int(np.random.SeedSequence([seed, rollout, k]).generate_state(1, np.uint64)[0]) for k in range(players)]


def from_cards(game: PaskahousuGame, hands: Sequence[Sequence[Card]], draw_pile: Sequence[Card],
               pile: Sequence[Card], burned: Sequence[Card], face_down: Sequence[Sequence[Card]]) -> FastPosition:
    """``game``'s position with these cards in its places (as :meth:`PaskahousuGame.rearranged`), on kinds."""
    fr = fast_rules(game.rules)
    kor = fr.kinds
    k = fr.k

    def counts(cards: Sequence[Card]) -> list[int]:
        c = [0] * k
        for card in cards:
            c[kor[card.rung]] += 1
        return c

    st = game.bluff_state
    return FastPosition(fr, [counts(h) for h in hands], [counts(r) for r in game.face_up],
                        [[kor[c.rung] for c in r] for r in face_down], [kor[c.rung] for c in reversed(draw_pile)],
                        [kor[c.rung] for c in pile],
                        [[a.seat, strength(a.rank), a.count, a.face_up] for a in st.announced], list(st.deciders),
                        game.to_move, game.turn, list(game.out), -1 if game.layer is None else game.layer,
                        sum(1 for c in burned if kor[c.rung] == S9))


def from_game(game: PaskahousuGame) -> FastPosition:
    """``game``'s position on kinds (its true cards: for checking the loop against the game)."""
    return from_cards(game, game.hands, game.draw_pile, game.pile, game.burned, game.face_down)


def fast_option(game: PaskahousuGame, action: Action) -> tuple[Any, ...]:
    """The loop's option for ``action`` of the player to move in ``game``."""
    if isinstance(action, PlayCards):
        return PLAY, game.kind(action.cards[0]), len(action.cards)
    if isinstance(action, PickUp):
        return PICK_UP, -1, 0
    if isinstance(action, TryYourLuck):
        return TRY_YOUR_LUCK, -1, 0
    if isinstance(action, TurnTableCard):
        return TURN, action.slot, 0
    if isinstance(action, Announce):
        return ANNOUNCE, strength(action.rank), [strength(c) for c in action.cards]
    if isinstance(action, CheckAnnouncement):
        return CHECK, action.seat, 0
    assert isinstance(action, LetPass)
    return LET_PASS, action.seat, 0


def fast_rollouts(game: PaskahousuGame, know: Any, actions: Sequence[Action], seed: int, rollouts: int) -> np.ndarray:
    """Losers ``[option, rollout]`` (−1: a stalemate): rollout ``r`` re-deals the unseen cards with
    ``default_rng([seed, r])`` (:meth:`~.knowledge.Knowledge.redeal_cards`), applies each action and lets
    heuristic players seeded :func:`bot_seeds` finish — as :func:`~.evaluation.reference_rollout` does."""
    options = [fast_option(game, a) for a in actions]
    out = np.empty((len(actions), rollouts), dtype=np.int64)
    draws = game.rules.bluff or game.rules.table_cards  # only these heuristic players ever draw
    for r in range(rollouts):
        base = from_cards(game, *know.redeal_cards(game, np.random.default_rng([seed, r])))
        rngs = [Draws(np.random.default_rng(s)) for s in bot_seeds(seed, r, game.players)] if draws else []
        for i, option in enumerate(options):
            p = base.copy()
            for d in rngs:  # every option starts the players' draws afresh
                d.restart()
            p.rngs = rngs
            p.apply(option)
            out[i, r] = p.play_out()
    return out


def opening(fr: FastRules, hands: list[list[int]], dealer: int, draw: int, kinds: Sequence[int],
            rngs: Sequence[Any]) -> tuple[int, int, int]:
    """Who opens a fresh deal and the lay: ``(seat, kind, count)`` as :meth:`PaskahousuGame.new` and the kit's
    players choose it (Paskahousu rules §4, Fester Anfang §11.3)."""
    if fr.fixed_start:
        seat, opts, _ = fixed_opening(hands, dealer, fr.table[0], None if fr.rules.singles_only == "off" else fr.limits)
        if len(opts) == 1:
            _, s, n = opts[0]
        elif kinds[seat] == HEURISTIC:
            _, s, n = heuristic_opening(opts, hands[seat], fr.table, draw, fr.limits, fr.four)
        else:
            _, s, n = opts[int(rngs[seat].random() * len(opts))]
        return seat, s, n
    return standard_opening(hands, dealer, fr.limits)


def _player_rngs(gseed: int, kinds: Sequence[int]) -> list[Any]:
    """The generators of :func:`~.reference.players_for`: a heuristic player's ``default_rng`` of
    ``SeedSequence([gseed, seat])``'s first word, a random player's ``default_rng([gseed, seat])``."""
    return [Draws(np.random.default_rng(int(np.random.SeedSequence([gseed, k]).generate_state(1, np.uint64)[0]))
                  if kind == HEURISTIC else np.random.default_rng([gseed, k])) for k, kind in enumerate(kinds)]


def position_game(players: int, gseed: int, dealer: int, kinds: Sequence[int], rules: HouseRules,
                  final: list[Any] | None = None) -> tuple[int, int, int]:
    """One simulated game from the deal of ``gseed`` on the position loop: ``(loser or −1, turns, opener)``, the
    same game as :func:`~.reference.reference_game` with the kit's players (``kinds``: HEURISTIC / RANDOM
    per seat).  ``final`` (a list) receives the end: the hands' counts, the pile's kinds, the draw pile's size,
    the 9s burned."""
    fr: FastRules = fast_rules(rules)
    kor, k = fr.kinds, fr.k

    def counts(rungs: Sequence[int]) -> list[int]:
        c = [0] * k
        for r in rungs:
            c[kor[r]] += 1
        return c

    if rules.table_cards:
        hands_r, down_r, up_r, draw_r = deal_with_table_cards(players, gseed, dealer, rules.hand_size)
        up = [counts(r) for r in up_r]
        down = [[kor[x] for x in r] for r in down_r]
    else:
        hands_r, draw_r = deal(players, gseed, dealer, rules.hand_size, decks=rules.decks, deal_all=rules.deal_all)
        up = [[0] * k for _ in range(players)]
        down = [[] for _ in range(players)]
    hands = [counts(h) for h in hands_r]
    draw = [kor[x] for x in reversed(draw_r)]
    rngs = _player_rngs(gseed, kinds)
    seat, s, n = opening(fr, hands, dealer, len(draw), kinds, rngs)
    p = FastPosition(fr, hands, up, down, draw, [], [], [], seat, 1, [], -1, 0)
    p.rngs, p.kinds = rngs, list(kinds)
    p.apply((PLAY, s, n))
    loser = p.play_out()
    if final is not None:
        final += [p.hands, p.pile, len(p.draw), p.burned9]
    return loser, p.turn - 1, seat
