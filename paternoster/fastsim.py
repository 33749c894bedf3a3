"""Many games of the simple computer player at once, with numpy.

The reference engine (:class:`~paternoster.game.Game` + :class:`~paternoster.bots.SimplePlayer`)
plays one game, one action at a time, in Python.  This module plays thousands of
games side by side: every array has one row per game, and each step of the loop
lets every unfinished game take its next action (a card onto a pile, or the end
of the turn).  It reproduces the reference engine game for game — the same deal
(:func:`~paternoster.game.deal_orders`), the same choices, the same remaining
cards, outcome and turn — which the tests check over hundreds of seeds per level.

Where a card may go is not restated here: the tables of costs are built once per
rule set by calling the engine's :func:`~paternoster.ladder.placement` and
:func:`~paternoster.game.command_block` for every (pile direction, top card, card).
What the loop itself spells out in arrays is the turn (minimum, drawing, who is
next), Feuer, Fahrgäste, the red commands and the simple player's choice.

Rule sets it cannot play (Weitergeben: the simple player's pass) are named by
:func:`unsupported`; :func:`paternoster.simulation.simulate` then uses the
reference engine.

>>> from paternoster import STANDARD, Game
>>> from paternoster.bots import SimplePlayer
>>> batch = run(STANDARD, players=2, seed=5, first_game=0, games=3)
>>> g = SimplePlayer().play_game(Game.new(2, 5, game=2))
>>> int(batch.remaining[2]) == g.result.remaining, OUTCOMES[batch.outcome[2]] == g.result.outcome
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .bots import EXTRA_LIMIT
from .cards import Card
from .game import COMMAND_NAMES, _colour, command_block, deal_orders, is_burning, reveal_passengers
from .ladder import BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, big_setback_ranks, placement, setback_card
from .rules import Rules

__all__ = ["OUTCOMES", "REASONS", "FastBatch", "unsupported", "run"]

OUTCOMES = ("perfect", "stuck", "lost")
REASONS = (None, "fire", "passenger-order", "passenger-undelivered")

_EMPTY = 52            # a hand slot without a card / an empty pile's top
_NONE_BIT = 63         # "no such card" in bit tests (cards use bits 0..52)
_ILLEGAL = 127         # cost of a play that is not allowed
_NOKEY = np.int32(2 ** 30)


@dataclass
class FastBatch:
    """Results of :func:`run`: one entry per game, game ``k`` is ``first_game + k``.

    Attributes:
        remaining: int16 (cards) — hands + draw pile at the end (``Result.remaining``).
        outcome: int8 — index into :data:`OUTCOMES`.
        reason: int8 — index into :data:`REASONS` (0: none).
        turns: int16 — the turn in which the game ended (``Result.turn``).
    """

    remaining: np.ndarray
    outcome: np.ndarray
    reason: np.ndarray
    turns: np.ndarray


def unsupported(rules: Rules, players: int) -> str | None:
    """Why :func:`run` cannot play these rules, or ``None`` when it can.

    Every rule set of a difficulty level is supported.  Signals, Stille Fahrt,
    Liftführer and Sanduhr change nothing for the silent simple player.
    """
    if rules.passing:
        return ("Weitergeben (passing) is played by the reference engine only: the simple player passes "
                "only when stuck, which the vectorised loop does not model.")
    if rules.setbacks_per_turn != 1:
        return "the vectorised loop assumes one setback per turn (spec section 3)."
    return None


# --------------------------------------------------------------------------- tables from the engine's rules

@dataclass(frozen=True)
class _Tables:
    cost: np.ndarray      # int8 (2*53*53,): simple-player base cost of an ordinary play, _ILLEGAL if none
    big: np.ndarray       # int8 (2*53*53,): big-setback cost (-8/-12), _ILLEGAL if none
    follow: np.ndarray    # int64 (2, 53): card that would be a setback onto this card (bit index; 63 none)
    burns: np.ndarray     # bool (53,)
    halt: np.ndarray      # bool (53,)
    express: np.ndarray   # bool (53,)
    last: np.ndarray      # bool (53,)


def _command_of(card: Card, ranks: tuple[int, ...]) -> str | None:
    return COMMAND_NAMES[(_colour(card), card.rank)] if card.rank in ranks else None


@lru_cache(maxsize=32)
def _tables(same_suit: bool, command_ranks: tuple[int, ...]) -> _Tables:
    """Costs for every (direction, top, card) from :func:`placement` and :func:`command_block`.

    Index ``(d * 53 + top) * 53 + card`` with ``d`` 0 = up, 1 = down, ``top`` 52 = empty,
    ``card`` 52 = an empty hand slot (never legal).
    """
    cards = [Card.from_rung(r) for r in range(52)]
    cost = np.full((2, 53, 53), _ILLEGAL, dtype=np.int8)
    big = np.full((2, 53, 53), _ILLEGAL, dtype=np.int8)
    follow = np.full((2, 53), _NONE_BIT, dtype=np.int64)
    for d, direction in enumerate(("up", "down")):
        for t in range(53):
            top = cards[t] if t < 52 else None
            for c, card in enumerate(cards):
                fit = placement(card, direction, top, same_suit)
                if fit is not None and command_block(card, direction, fit.kind, top, command_ranks) is None:
                    if fit.kind == NORMAL:
                        cost[d, t, c] = 0 if (top is not None and top == card) else fit.skipped + 1
                    else:  # SETBACK (-4) or SAME_SUIT (minus the rungs won back)
                        cost[d, t, c] = fit.skipped
                if not same_suit and big_setback_ranks(card, direction, top) in (2, 3) \
                        and command_block(card, direction, BIG_SETBACK, top, command_ranks) is None:
                    big[d, t, c] = -4 * big_setback_ranks(card, direction, top)
            if t < 52 and not same_suit:
                sb = setback_card(direction, top)
                if sb is not None and command_block(sb, direction, SETBACK, top, command_ranks) is None:
                    follow[d, t] = sb.rung
    flags = lambda f: np.array([f(c) for c in cards] + [False])  # noqa: E731
    return _Tables(cost.ravel(), big.ravel(), follow,
                   flags(is_burning),
                   flags(lambda c: _command_of(c, command_ranks) == "Halt"),
                   flags(lambda c: _command_of(c, command_ranks) == "Express"),
                   flags(lambda c: _command_of(c, command_ranks) == "Last"))


# --------------------------------------------------------------------------- the loop

def run(rules: Rules, players: int, seed: int, first_game: int, games: int) -> FastBatch:
    """Play games ``first_game … first_game + games - 1`` of a simulation with ``seed``.

    Game ``i`` is ``Game.new(players, seed, rules=rules, game=i)`` played by
    :class:`~paternoster.bots.SimplePlayer` on every seat (seat 0 starts; spec 2 Decision).

    Args:
        rules: the rule set (must pass :func:`unsupported`).
        players: player count allowed by ``rules``.
        seed: simulation seed (int ≥ 0); first_game, games: which games (≥ 0).

    Returns:
        a :class:`FastBatch` of ``games`` entries.

    Raises:
        RulesError: player count not allowed; ValueError: rules not supported (see :func:`unsupported`).
    """
    rules.check_players(players)
    why = unsupported(rules, players)
    if why:
        raise ValueError(f"The vectorised simulation cannot play {rules.name!r}: {why}")
    n = int(games)
    C = rules.cards
    H = rules.hand_size(players)
    P = int(players)
    U, K = rules.up_piles, rules.piles
    T = _tables(rules.same_suit_fits, rules.command_ranks)
    same_suit = rules.same_suit_fits
    fire, tokens_on = rules.fire, rules.tokens > 0
    commands = bool(rules.command_ranks)
    npas = rules.passengers

    # ---- deal (Game.new with game=i)
    order = deal_orders(seed, C, first_game, n)
    deck = (order // rules.decks).astype(np.int8)
    pas = np.zeros((n, max(npas, 1)), dtype=np.int8)
    if npas:
        rest = np.empty((n, C - npas), dtype=np.int8)
        for k in range(n):
            lst = deck[k].tolist()
            gi = first_game + k
            got = reveal_passengers(lst, npas, lambda gi=gi: np.random.default_rng([int(seed), int(gi)]))
            pas[k] = got
            rest[k] = lst
        deck = rest
    L = deck.shape[1]
    hands = np.full((n, P, H), _EMPTY, dtype=np.int8)
    for p in range(P):
        hands[:, p, :] = deck[:, p:H * P:P]
    count = np.full((n, P), H, dtype=np.int8)
    ptr = np.full(n, H * P, dtype=np.int16)
    tops = np.full((n, K), _EMPTY, dtype=np.int16)
    pdir = np.array([0] * U + [1] * (K - U), dtype=np.int16)
    pbase = (pdir * 53 * 53).astype(np.int32)     # offset of each pile's direction in the cost tables
    cur = np.zeros(n, dtype=np.int64)
    turn = np.ones(n, dtype=np.int16)
    played = np.zeros(n, dtype=np.int8)
    sb_used = np.zeros(n, dtype=bool)
    tok = np.full(n, rules.tokens, dtype=np.int8)
    tok_used = np.zeros(n, dtype=bool)
    express = np.zeros(n, dtype=np.int8)
    burn = np.full((n, K), -1, dtype=np.int16)
    delivered = np.zeros(n, dtype=np.int8)
    remaining = np.full(n, C - npas, dtype=np.int16)
    minimum = np.full(n, rules.minimum if L > H * P else rules.minimum_without_draw_pile, dtype=np.int8)
    idx = np.arange(n)                      # original game index of each row

    out_rem = np.zeros(n, dtype=np.int16)
    out_outcome = np.zeros(n, dtype=np.int8)
    out_reason = np.zeros(n, dtype=np.int8)
    out_turn = np.zeros(n, dtype=np.int16)

    pile_ix = np.arange(K, dtype=np.int32)
    one = np.uint64(1)

    def passenger_bits(rows):
        nxt = np.full(len(rows), _EMPTY, dtype=np.int64)
        later = np.zeros(len(rows), dtype=np.uint64)
        if npas:
            d = delivered[rows]
            for j in range(npas):
                pj = pas[rows, j].astype(np.uint64)
                nxt = np.where(d == j, pas[rows, j], nxt)
                later |= np.where(d < j, one << pj, np.uint64(0))
        return nxt, later

    def finish(rows, outcome, reason):
        """Record the end of the games in ``rows`` (positions in the current arrays)."""
        g = idx[rows]
        out_rem[g] = count[rows].sum(axis=1) + (L - ptr[rows])
        out_outcome[g] = outcome
        out_reason[g] = reason
        out_turn[g] = turn[rows]
        done[rows] = True

    def finish_stuck(rows):
        """A stuck end: a fire duty or an undelivered passenger makes it a loss (Game._finish)."""
        if not len(rows):
            return
        oc = np.full(len(rows), 1, dtype=np.int8)
        rs = np.zeros(len(rows), dtype=np.int8)
        if npas:
            undelivered = delivered[rows] < npas
            oc[undelivered], rs[undelivered] = 2, 3
        if fire:
            duty = ((burn[rows] >= 0) & (burn[rows] < turn[rows, None])).any(axis=1)
            oc[duty], rs[duty] = 2, 1
        g = idx[rows]
        out_rem[g] = count[rows].sum(axis=1) + (L - ptr[rows])
        out_outcome[g], out_reason[g], out_turn[g] = oc, rs, turn[rows]
        done[rows] = True

    done = np.zeros(n, dtype=bool)
    while n:
        ar = np.arange(n)
        hand = hands[ar, cur]                                   # (n, H) the mover's cards
        cnt = count[ar, cur]
        # ---- every ordinary play: base cost from the engine's placement table
        code = pbase[None, :] + tops.astype(np.int32) * 53      # (n, K)
        cix = code[:, None, :] + hand[:, :, None]               # (n, H, K)
        base = T.cost[cix]
        sb_ok = ~sb_used
        if same_suit:
            legal = base != _ILLEGAL
        else:
            legal = (base != _ILLEGAL) & ((base != -4) | sb_ok[:, None, None])
        cost = base.astype(np.int16)
        normal = legal & (base >= 0)
        bits = np.bitwise_or.reduce(one << hand.astype(np.uint64), axis=1)   # cards in hand as bits
        pair = np.zeros(base.shape, dtype=bool)
        if not same_suit:
            hb = bits[:, None]
            has_up = ((hb >> T.follow[0][hand].astype(np.uint64)) & one).astype(bool)
            has_dn = ((hb >> T.follow[1][hand].astype(np.uint64)) & one).astype(bool)
            pair[:, :, :U] = has_up[:, :, None]
            pair[:, :, U:] = has_dn[:, :, None]
            pair &= normal & sb_ok[:, None, None]
            # setback kept: the turn's setback is used and the hand holds this pile's setback card
            tf = T.follow[pdir[None, :], np.minimum(tops, 52)]                # (n, K)
            kept = ((bits[:, None] >> tf.astype(np.uint64)) & one).astype(bool) & (tops < 52) & sb_used[:, None]
            cost = cost - 4 * pair + 4 * (normal & kept[:, None, :])
        if npas:
            nxt_pas, later = passenger_bits(ar)
            is_next = hand == nxt_pas[:, None]
            cost = np.where(is_next[:, :, None] & legal & (cost > 0), 0, cost)
            unsafe_card = ((later[:, None] >> hand.astype(np.uint64)) & one).astype(bool) & ~is_next
        # ---- plays that lose at once (Game.loses)
        unsafe = np.zeros(base.shape, dtype=bool)
        if npas:
            unsafe |= unsafe_card[:, :, None]
        if fire:
            burning = burn >= 0
            duty = burning & (burn < turn[:, None])
            any_duty = duty.any(axis=1)
            if commands:
                other_duty = duty.sum(axis=1)[:, None] - duty > 0                 # (n, K): duty elsewhere
                unsafe |= T.halt[hand][:, :, None] & other_duty[:, None, :]
            last_card = remaining == 1
            if last_card.any():
                other_burn = burning.sum(axis=1)[:, None] - burning > 0
                unsafe |= (last_card[:, None] & other_burn)[:, None, :]
        key = ((cost.astype(np.int32) + 64) * 2 + (~pair)) * 512 + hand.astype(np.int32)[:, :, None] * 8 + pile_ix
        okey = np.where(legal & ~unsafe, key, _NOKEY).reshape(n, -1)
        best = okey.argmin(axis=1)
        bkey = okey[ar, best]
        has_play = bkey < _NOKEY
        bcost = (bkey >> 10) - 64
        min_met = (played >= minimum) | (cnt == 0)
        tok_free = (tok > 0) & ~tok_used
        # big setbacks (a token)
        if tokens_on:
            bcix = cix
            bbase = T.big[bcix]
            blegal = (bbase != _ILLEGAL) & (tok_free & sb_ok)[:, None, None]
            bkeyall = ((bbase.astype(np.int32) + 64) * 2 + 1) * 512 + hand.astype(np.int32)[:, :, None] * 8 + pile_ix
            bsafe = np.where(blegal & ~unsafe, bkeyall, _NOKEY).reshape(n, -1)
            bbest = bsafe.argmin(axis=1)
            has_big = bsafe[ar, bbest] < _NOKEY
            any_big_legal = blegal.any(axis=(1, 2))
        else:
            has_big = np.zeros(n, dtype=bool)
            any_big_legal = has_big
        any_legal = legal.any(axis=(1, 2)) | any_big_legal
        # ---- stuck (Game._stuck, checked after the previous action)
        stuck = ~min_met & ~any_legal & ~(tok_free & (played >= 1))
        # ---- the choice (SimplePlayer._decide)
        choice_h = best // K
        choice_p = best % K
        use_big = np.zeros(n, dtype=bool)
        act_play = np.zeros(n, dtype=bool)
        stuck &= ~done
        decided = stuck | done
        if fire:
            dkey = np.where((legal & ~unsafe & duty[:, None, :]), key, _NOKEY).reshape(n, -1)
            dbest = dkey.argmin(axis=1)
            cover = any_duty & (dkey[ar, dbest] < _NOKEY) & ~decided
            choice_h = np.where(cover, dbest // K, choice_h)
            choice_p = np.where(cover, dbest % K, choice_p)
            act_play |= cover
            decided |= cover
            if tokens_on:
                bd = np.where(np.broadcast_to(duty[:, None, :], (n, H, K)).reshape(n, -1), bsafe, _NOKEY)
                bdbest = bd.argmin(axis=1)
                bcover = any_duty & (bd[ar, bdbest] < _NOKEY) & ~decided
                choice_h = np.where(bcover, bdbest // K, choice_h)
                choice_p = np.where(bcover, bdbest % K, choice_p)
                act_play |= bcover
                use_big |= bcover
                decided |= bcover
        take = has_play & (~min_met | (bcost <= EXTRA_LIMIT)) & ~decided
        act_play |= take
        decided |= take
        act_end = min_met & ~decided
        decided |= act_end
        act_token = tok_free & (played >= 1) & ~decided
        decided |= act_token
        if tokens_on:
            tb = has_big & ~decided
            choice_h = np.where(tb, bbest // K, choice_h)
            choice_p = np.where(tb, bbest % K, choice_p)
            act_play |= tb
            use_big |= tb
            decided |= tb
        rest = ~decided   # only plays that lose are left: the cheapest of them
        if rest.any():
            every = np.where(legal, key, _NOKEY).reshape(n, -1)
            if tokens_on:
                every = np.concatenate([every, np.where(blegal, bkeyall, _NOKEY).reshape(n, -1)], axis=1)
            eb = every.argmin(axis=1)
            isbig = eb >= H * K
            eb = eb % (H * K)
            choice_h = np.where(rest, eb // K, choice_h)
            choice_p = np.where(rest, eb % K, choice_p)
            use_big |= rest & isbig
            act_play |= rest
        finish_stuck(np.nonzero(stuck)[0])

        # ---- apply the plays
        rows = np.nonzero(act_play)[0]
        halt_rows = np.zeros(0, dtype=np.int64)
        if len(rows):
            h, p = choice_h[rows], choice_p[rows]
            card = hand[rows, h]
            seat = cur[rows]
            b = base[rows, h, p]
            hands[rows, seat, h] = _EMPTY
            count[rows, seat] -= 1
            remaining[rows] -= 1
            tops[rows, p] = card
            played[rows] += 1
            big_here = use_big[rows]
            if same_suit:
                sb_here = big_here
            else:
                sb_here = big_here | (b == -4)
            sb_used[rows] |= sb_here
            if tokens_on:
                tok[rows] -= big_here.astype(np.int8)
                tok_used[rows] |= big_here
            ended = np.zeros(len(rows), dtype=bool)
            if fire:
                burn[rows, p] = np.where(T.burns[card], turn[rows], -1)
            if npas:
                nxt_r = nxt_pas[rows]
                deliver = card == nxt_r
                delivered[rows] += deliver.astype(np.int8)
                wrong = unsafe_card[rows, h]
                if wrong.any():
                    wr = rows[wrong]
                    finish(wr, 2, 2)
                    ended |= wrong
            if commands:
                express[rows] += (T.express[card] & ~ended).astype(np.int8)
                halt = T.halt[card] & ~ended & (remaining[rows] > 0)
                halt_rows = rows[halt]
            # every card played: perfect, unless a card burns elsewhere (only the very last may stay burning)
            fin = (remaining[rows] == 0) & ~ended
            if fin.any():
                fr = rows[fin]
                if fire:
                    other = (burn[fr] >= 0)
                    other[np.arange(len(fr)), p[fin]] = False
                    lost = other.any(axis=1)
                    finish(fr[lost], 2, 1)
                    fr = fr[~lost]
                finish(fr, 0, 0)

        # ---- end the turns (EndTurn, a token, Halt)
        erows = np.nonzero((act_end | act_token) & ~act_play)[0]
        if len(halt_rows):
            erows = np.concatenate([erows, halt_rows[~done[halt_rows]]])
        if len(erows):
            if fire:
                duty_e = ((burn[erows] >= 0) & (burn[erows] < turn[erows, None])).any(axis=1)
                if duty_e.any():
                    finish(erows[duty_e], 2, 1)
                    erows = erows[~duty_e]
        if len(erows):
            seat = cur[erows]
            tok[erows] -= (act_token[erows] & ~act_play[erows]).astype(np.int8)
            # draw back up to the hand size while the draw pile lasts, into the empty slots in order
            hh = hands[erows, seat]                                # (e, H)
            empty = hh == _EMPTY
            need = empty.sum(axis=1)
            left = L - ptr[erows]
            take_n = np.minimum(need, left)
            rank = np.cumsum(empty, axis=1) - 1
            fill = empty & (rank < take_n[:, None])
            pos = np.minimum(ptr[erows][:, None] + rank, L - 1)
            drawn = deck[erows[:, None], pos]
            hh = np.where(fill, drawn, hh)
            hands[erows, seat] = hh
            count[erows, seat] += take_n.astype(np.int8)
            ptr[erows] += take_n.astype(np.int16)
            # next seat with cards, clockwise (the mover itself last)
            seats = (seat[:, None] + np.arange(1, P + 1)) % P
            has = count[erows[:, None], seats] > 0
            first = has.argmax(axis=1)
            nxt = np.where(has.any(axis=1), seats[np.arange(len(erows)), first], seat)
            cur[erows] = nxt
            turn[erows] += 1
            played[erows] = 0
            sb_used[erows] = False
            tok_used[erows] = False
            draw_left = ptr[erows] < L
            mins = np.where(draw_left, rules.minimum, rules.minimum_without_draw_pile)
            if commands:
                last = T.last[np.minimum(tops[erows], 52)].any(axis=1)
                mins = mins + (draw_left & last)
            mins = mins + express[erows]
            express[erows] = 0
            minimum[erows] = mins
        # ---- drop finished games now and then (keeps the arrays short)
        if done.any():
            keep = np.nonzero(~done)[0]
            if len(keep) < 0.8 * n or len(keep) == 0:
                (hands, count, ptr, tops, cur, turn, played, sb_used, tok, tok_used, express, burn, delivered,
                 remaining, minimum, idx, deck, pas, done) = (
                    a[keep] for a in (hands, count, ptr, tops, cur, turn, played, sb_used, tok, tok_used, express,
                                      burn, delivered, remaining, minimum, idx, deck, pas, done))
                n = len(keep)
    return FastBatch(out_rem, out_outcome, out_reason, out_turn)
