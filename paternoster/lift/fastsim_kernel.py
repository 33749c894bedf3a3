"""The fast simulation's loop (:mod:`paternoster.lift.fastsim`): thousands of games of the simple player or
the talking team side by side in numpy arrays, one row per game, each step letting every unfinished game
take its next action.  What the loop spells out in arrays is the turn (minimum, the setbacks left, drawing,
who is next), Feuer, Fahrgäste, the red commands, Weitergeben's passes, the simple player's choice and the
talking team's signals; where a card may go comes from :func:`~paternoster.lift.fastsim_tables.rule_tables`.
:func:`play_start` starts from any :class:`Start` (a deal, or positions: :mod:`paternoster.lift.fastsim_start`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .actions import FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED
from .bots import EXTRA_LIMIT
from .commands import deal_orders, reveal_passengers
from .fastsim_state import FORCE_BIG, FORCE_END, FORCE_PASS, FORCE_PLAY, FORCE_TOKEN, Start
from .fastsim_tables import rule_tables
from .rules import Rules
from .talking import PENALTY

__all__ = ["OUTCOMES", "REASONS", "FastBatch", "Start", "play_block", "play_start", "FORCE_PLAY", "FORCE_BIG", "FORCE_END",
           "FORCE_TOKEN", "FORCE_PASS"]

#: ``FastBatch.outcome`` holds an index into this tuple (``Result.outcome``).
OUTCOMES = ("perfect", "stuck", "lost")
#: ``FastBatch.reason`` holds an index into this tuple (``Result.reason``; 0: none).
REASONS = (None, FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED)


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


# --------------------------------------------------------------------------- the loop

_I16 = np.int16
_NOKEY = _I16(0x7FFF)
_GONE = _I16(-200)        # an empty hand slot (sorts first; never fits)


def _i16(mask: np.ndarray) -> np.ndarray:
    """A bool array as int16 0/1 (cheap: no int64 detour)."""
    return mask.view(np.int8).astype(_I16)


_NOKEY32 = np.int32(_NOKEY) * 8


def _per_pile(key: np.ndarray, ok: np.ndarray, pile_col: np.ndarray) -> np.ndarray:
    """Each pile's smallest key among the allowed plays, as ``key * 8 + pile`` (int32, shape (K, n)).

    ``key`` and ``ok`` have shape (H, K, n) (hand slot, pile, game); a pile without an allowed play
    gets ``_NOKEY * 8 + pile`` (≥ ``_NOKEY32``).
    """
    return np.maximum(key, _i16(~ok) * _NOKEY).min(axis=0).astype(np.int32) * 8 + pile_col


def play_block(rules: Rules, players: int, seed: int, first_game: int, games: int, player: str = "simple") -> FastBatch:
    """Games ``first_game … first_game + games - 1`` of a simulation with ``seed``, in this process and in one
    piece: :func:`paternoster.lift.fastsim.run` without its blocks and worker processes (it checks the
    arguments; this does not)."""
    n = int(games)
    if n == 0:
        return FastBatch(np.zeros(0, _I16), np.zeros(0, np.int8), np.zeros(0, np.int8), np.zeros(0, _I16))
    return play_start(rules, players, _deal(rules, int(players), seed, first_game, n), player)


def _deal(rules: Rules, P: int, seed: int, first_game: int, n: int) -> Start:
    """The deal of ``Game.new(players, seed, rules=rules, game=i)`` for ``n`` games, as a :class:`Start`."""
    C, H = rules.cards, rules.hand_size(P)
    U, K = rules.up_piles, rules.piles
    npas = rules.passengers
    deck = (deal_orders(seed, C, first_game, n) // rules.decks).astype(_I16)
    pas = np.zeros((max(npas, 1), n), dtype=_I16)
    if npas:
        rest = np.empty((n, C - npas), dtype=_I16)
        for k in range(n):
            lst = deck[k].tolist()
            gi = first_game + k
            pas[:, k] = reveal_passengers(lst, npas, lambda gi=gi: np.random.default_rng([int(seed), int(gi)]))
            rest[k] = lst
        deck = rest
    L = deck.shape[1]
    deck = np.ascontiguousarray(deck.T)                      # (L, n)
    hands = np.stack([deck[p:H * P:P] for p in range(P)])                     # (P, H, n) in deal order
    if rules.passing:   # room for passed cards (a hand holds at most one more than the hand size)
        hands = np.concatenate([hands, np.full((P, 2, n), _GONE, dtype=_I16)], axis=1)
    return Start(hands=hands, count=np.full((P, n), H, dtype=_I16), deck=deck, ptr=np.full(n, H * P, dtype=_I16),
                 tops=np.array([[-1] * n] * U + [[52] * n] * (K - U), dtype=_I16), cur=np.zeros(n, dtype=np.intp),
                 turn=np.ones(n, dtype=_I16), played=np.zeros(n, dtype=_I16),
                 sb_left=np.full(n, rules.setbacks_per_turn, dtype=_I16), tok=np.full(n, rules.tokens, dtype=_I16),
                 tok_used=np.zeros(n, dtype=bool), passed=np.zeros(n, dtype=bool), express=np.zeros(n, dtype=_I16),
                 burn=np.full((K, n), -1, dtype=_I16), delivered=np.zeros(n, dtype=_I16),
                 minimum=np.full(n, rules.minimum if L > H * P else rules.minimum_without_draw_pile, dtype=_I16),
                 pas=pas)


def play_start(rules: Rules, players: int, start: Start, player: str = "simple") -> FastBatch:
    """Play every game of ``start`` to its end (the loop); game ``k`` of the result is column ``k``."""
    P = int(players)
    H = rules.hand_size(P)                                   # drawing fills a hand up to this
    S = start.hands.shape[1]                                 # hand slots
    n = start.hands.shape[2]
    U, K = rules.up_piles, rules.piles
    HK = S * K
    Q = rule_tables(rules.same_suit_fits, rules.command_ranks)
    same_suit, fire, tokens_on = rules.same_suit_fits, rules.fire, rules.tokens > 0
    commands = bool(rules.command_ranks)
    npas = rules.passengers
    passing = rules.passing and P > 1
    # the talking team (paternoster.lift.talking): who may talk, and the piles the mover's team-mates signal on
    talk = player == "talking" and P >= 2 and rules.signals != "none"
    lift = talk and rules.signals == "mover"          # Liftführer: the mover talks just before ending its turn
    penalty = _I16(PENALTY * 128)
    out = FastBatch(np.zeros(n, _I16), np.zeros(n, np.int8), np.zeros(n, np.int8), np.zeros(n, _I16))
    if n == 0:
        return out
    hands = np.ascontiguousarray(start.hands, dtype=_I16)
    count = start.count.astype(_I16)
    deck = np.ascontiguousarray(start.deck, dtype=_I16)
    L = deck.shape[0]
    ptr = start.ptr.astype(_I16)
    pas = start.pas.astype(_I16)
    pdir = np.array([0] * U + [1] * (K - U))
    tops = start.tops.astype(_I16)
    tix = np.where(tops == -1, 52, np.where(tops == 52, 53, tops)).astype(np.intp)   # index into the tables
    dmax = Q.dmax[pdir[:, None], tix]
    wmin = Q.wmin[pdir[:, None], tix]
    sbok = Q.sbok[pdir[:, None], tix]
    tfol = Q.follow[pdir[:, None], tix]
    cur = start.cur.astype(np.intp)
    idx = np.arange(n)
    hand = np.ascontiguousarray(hands[cur, :, idx].T)
    turn = start.turn.astype(_I16)
    played = start.played.astype(_I16)
    sb_left = start.sb_left.astype(_I16)     # setbacks the mover may still make (rules §4.5)
    tok = start.tok.astype(_I16)
    tok_used = start.tok_used.astype(bool)
    passed = start.passed.astype(bool)
    express = start.express.astype(_I16)
    burn = start.burn.astype(_I16)
    delivered = start.delivered.astype(_I16)
    remaining = (count.sum(axis=0) + (L - ptr)).astype(_I16)
    minimum = start.minimum.astype(_I16)
    done = np.zeros(n, dtype=bool)
    forced = start.forced

    pile_col = np.arange(K, dtype=np.int32)[:, None]
    kbase = _I16(52 * 128 + 64)
    hcol = np.arange(S)
    d = np.empty((S, K, n), dtype=_I16)
    c1 = _I16(1)

    # talking: mates[k, g] — a team-mate of game g's mover signals help, hold or passenger on pile k;
    # said[s, k, g] — Liftführer: seat s's standing signal on pile k is one of those; hush[g] — the seat
    # whose next turn ends a Schweigen (-1: none)
    mates = np.zeros((K, n), dtype=bool) if start.mates is None else start.mates.astype(bool)
    said = np.zeros((P if lift else 1, K, n), dtype=bool) if start.said is None or not lift else start.said.astype(bool)
    hush = np.full(n, -1, dtype=np.intp) if start.hush is None else start.hush.astype(np.intp)

    def state() -> list[np.ndarray]:
        return [hands, count, ptr, tops, tix, dmax, wmin, sbok, tfol, cur, hand, turn, played, sb_left, tok, tok_used,
                express, burn, delivered, remaining, minimum, idx, done, deck, pas, mates, said, hush, passed]

    def listened(hs: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """(K, e) bool: piles where a player holding ``hs`` (S, e) wants a ``help``, ``hold`` or ``passenger``
        signal (TalkingTeam.wanted, rules 1-3; ``jump`` changes no cost), in the games ``cols``."""
        tp, fo = tops[:, cols], tfol[:, cols]
        dd = np.empty((S, K, len(cols)), dtype=_I16)
        np.subtract(hs[:, None, :], tp[None, :U], out=dd[:, :U])
        np.subtract(tp[None, U:], (hs + _i16(hs < 0) * _I16(500))[:, None, :], out=dd[:, U:])
        nrm = dd >= 0
        if commands:
            nrm &= dd <= dmax[:, cols][None]
        want = (hs[:, None, :] == fo[None]).any(axis=0) & (fo >= 0)                  # help
        want |= (nrm & (dd <= _I16(1))).any(axis=0) & (tix[:, cols] < 52)           # hold (not on an empty pile)
        if npas:                                                                     # passenger: the cheapest pile
            dl = delivered[cols]
            nx = np.where(dl < npas, pas[np.minimum(dl, npas - 1), cols], _I16(-99))
            dn = np.where(pdir[:, None] == 0, nx[None] - tp, tp - nx[None])
            fits = dn >= 0
            if commands:
                fits &= dn <= dmax[:, cols]
            if same_suit:
                fits |= (dn < 0) & (dn >= wmin[:, cols]) & ((dn & _I16(3)) == 0) & sbok[:, cols]
            else:
                fits |= (dn == _I16(-4)) & sbok[:, cols]
            has = (hs == nx[None]).any(axis=0) & fits.any(axis=0)
            fp = np.where(fits, dn, _I16(999)).argmin(axis=0)
            want[fp[has], np.nonzero(has)[0]] = True
        return want

    def mates_of(cols: np.ndarray) -> None:
        """Set ``mates`` for the movers of games ``cols`` at the start of their turn."""
        mover = cur[cols]
        if lift:
            others = np.arange(P)[:, None] != mover[None, :]                      # (P, e)
            mates[:, cols] = (said[:, :, cols] & others[:, None, :]).any(axis=0)
            return
        m = np.zeros((K, len(cols)), dtype=bool)
        quiet = hush[cols] >= 0                                                  # Schweigen: nobody talks
        for step in range(1, P):                                                  # everyone else brings theirs up to date
            s = (mover + step) % P
            hs = hands.reshape(-1)[((s * S)[None, :] + hcol[:, None]) * n + cols]
            m |= listened(hs, cols)
        m[:, quiet] = False
        mates[:, cols] = m

    def finish(rows: np.ndarray, outcome: int | np.ndarray, reason: int | np.ndarray) -> None:
        g = idx[rows]
        out.remaining[g] = count[:, rows].sum(axis=0) + (L - ptr[rows])
        out.outcome[g], out.reason[g], out.turns[g] = outcome, reason, turn[rows]
        done[rows] = True

    if talk:   # the talk before the turn (a game started mid-turn keeps the signals standing: start.mates)
        mates_of(idx.copy() if start.talk_now is None or lift else np.nonzero(start.talk_now)[0])

    while True:
        # ---- every ordinary play: how far it moves its pile, in rungs (d)
        empty = hand < 0
        hu = hand
        hd = hand + _i16(empty) * _I16(500)
        if d.shape[2] != n:
            d = np.empty((S, K, n), dtype=_I16)
        np.subtract(hu[:, None, :], tops[None, :U, :], out=d[:, :U])
        np.subtract(tops[None, U:, :], hd[:, None, :], out=d[:, U:])
        normal = d >= 0
        if commands:
            normal &= d <= dmax[None]
        sb_ok = sb_left > 0
        if same_suit:
            wrong = (d < 0) & (d >= wmin[None]) & ((d & _I16(3)) == 0) & sbok[None]   # wmin > -52: no empty slot
            legal = normal | wrong
            pair = None
        else:
            setback = (d == _I16(-4)) & (sbok & sb_ok)[None]
            legal = normal | setback
            # jump with setback: the card that would be a setback onto the played card is in hand
            fu = hand - _I16(4)
            fd = hand + _I16(4)
            if commands:   # Sperre on the played card (a black Jack) would block that setback
                blk = Q.follow[0][np.clip(hand, 0, 52)] < 0
                fu = np.where(blk, _I16(-99), fu)
                fd = np.where(Q.follow[1][np.clip(hand, 0, 52)] < 0, _I16(-99), fd)
            m = fu[:, None, :] == hand[None, :, :]          # m[h, j]: card j is the setback onto card h (up)
            has_up = m.any(axis=1) & (hand >= 4)
            if commands:
                has_dn = (fd[:, None, :] == hand[None, :, :]).any(axis=1)
            else:
                has_dn = m.any(axis=0)                     # card h is one rank below card j: the setback onto j (down)
            has_dn &= (hand >= 0) & (hand <= 47)
            has_up &= sb_ok
            has_dn &= sb_ok
            # pair: key weight 4·128 + 64 (cost − 4, and first on a tie), ordinary plays only
            pair = np.empty((S, K, n), dtype=_I16)
            pair[:, :U] = (_i16(has_up) * _I16(576))[:, None, :]
            pair[:, U:] = (_i16(has_dn) * _I16(576))[:, None, :]
            np.multiply(pair, normal, out=pair)
            # setback kept: the turn's setback is used and the hand holds this pile's setback card
            holds = np.empty((K, n), dtype=bool)
            for q in range(K):
                holds[q] = (hand == tfol[q]).any(axis=0)
            holds &= (tfol >= 0) & ~sb_ok
            kept = _i16(holds) * _I16(512)                 # key weight of +4 rungs
        if npas:
            nxt = np.full(n, -99, dtype=_I16)
            later = np.zeros((S, n), dtype=bool)
            for j in range(npas):
                nxt = np.where(delivered == j, pas[j], nxt)
                later |= (hand == pas[j]) & (delivered < j)
            is_next = hand == nxt
            later &= ~is_next
        # ---- plays that lose at once (Game.loses)
        ok = legal
        unsafe = None
        if npas:
            unsafe = np.broadcast_to(later[:, None, :], (S, K, n))
        if fire:
            burning = burn >= 0
            duty = burning & (burn < turn)
            any_duty = duty.any(axis=0)
            if commands:
                other_duty = (duty.sum(axis=0) - duty) > 0
                u = Q.halt[np.clip(hand, 0, 52)][:, None, :] & other_duty[None]
                unsafe = u if unsafe is None else (unsafe | u)
            last_card = remaining == 1
            if last_card.any():
                other_burn = ((burning.sum(axis=0) - burning) > 0) & last_card
                unsafe = other_burn[None] if unsafe is None else (unsafe | other_burn[None])
        if unsafe is not None:
            ok = legal & ~unsafe
        # key = ((cost + 52) * 2 + (0 if pair else 1)) * 64 + card, cost = d − 4·pair + 4·kept; the smallest
        # key per pile, then key * 8 + pile over the piles: SimplePlayer's order (cost, pair first, card, pile)
        key = d * _I16(128) + (hand + kbase)[:, None, :]
        if pair is not None:
            # min(d, 1): a twin (d = 0) buries nothing; legal plays have d >= 0 whenever a setback is kept
            rk = np.nonzero(holds.any(axis=0))[0]           # few games: only those rows
            if len(rk):
                key[:, :, rk] += np.minimum(d[:, :, rk], c1) * kept[None, :, rk]
            key -= pair
        if npas:   # the next passenger's twin counts at most 0
            adj = (key - (hand + kbase)[:, None, :] + (pair != 0) * _I16(64)) >> 7 if pair is not None else d
            zero = is_next[:, None, :] & legal & (adj > 0)
            key -= _i16(zero) * (adj * _I16(128))
        if talk:   # TalkingTeam.scored: moving the top of a pile a team-mate signals on costs PENALTY more
            pen = normal & mates[None] & (d != 0)
            if npas:
                pen &= ~is_next[:, None, :]
            key += _i16(pen) * penalty
        pk = _per_pile(key, ok, pile_col)                          # (K, n): each pile's best play, key * 8 + pile
        best = pk.min(axis=0)
        has_play = best < _NOKEY32
        bcost = (best >> 10) - 52
        cnt = S - empty.sum(axis=0)
        if passing:   # Weitergeben: a pass counts toward a minimum of 2 or more (Game.counted_this_turn)
            counts = minimum >= 2
            counted = played + _i16(passed & counts)
            min_met = (counted >= minimum) | (cnt == 0)
            pass_ok = ~passed & ~min_met & ((cnt > 1) | (played > 0)) & counts   # Game.can_pass and pass_counts
        else:
            min_met = (played >= minimum) | (cnt == 0)
        tok_free = (tok > 0) & ~tok_used
        any_legal = legal.reshape(HK, n).any(axis=0)
        if tokens_on:
            big = ((d == _I16(-8)) | (d == _I16(-12))) & (sbok & (sb_ok & tok_free))[None]
            bkey = d * _I16(128) + (hand + kbase)[:, None, :]
            bok = big if unsafe is None else big & ~unsafe
            bk = _per_pile(bkey, bok, pile_col)
            bbest = bk.min(axis=0)
            has_big = bbest < _NOKEY32
            any_legal |= big.reshape(HK, n).any(axis=0)
        # ---- the game ends when the player to move is stuck (Game._stuck, checked after every action)
        stuck = ~min_met & ~any_legal & ~(tok_free & (played >= 1)) & ~done
        if passing:
            stuck &= ~(pass_ok & (minimum - counted == 1))
        decided = stuck | done
        choice = best
        use_big = np.zeros(n, dtype=bool)
        act_play = np.zeros(n, dtype=bool)
        if fire:   # SimplePlayer: cover a burning card from an earlier turn first
            dk = np.where(duty, pk, _NOKEY32).min(axis=0)
            cover = any_duty & (dk < _NOKEY32) & ~decided
            choice = np.where(cover, dk, choice)
            act_play |= cover
            decided |= cover
            if tokens_on:
                bdk = np.where(duty, bk, _NOKEY32).min(axis=0)
                bcover = any_duty & (bdk < _NOKEY32) & ~decided
                choice = np.where(bcover, bdk, choice)
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
            choice = np.where(tb, bbest, choice)
            act_play |= tb
            use_big |= tb
            decided |= tb
        act_pass = np.zeros(n, dtype=bool)
        if passing:   # SimplePlayer: a counting pass of the highest card to the next seat
            act_pass = pass_ok & ~decided
            decided |= act_pass
            pcard = hand.max(axis=0)
            pto = (cur + 1) % P
        rest = ~decided
        if rest.any():   # only plays that lose are left: the cheapest of them
            ek = _per_pile(key, legal, pile_col).min(axis=0)
            if tokens_on:
                ebk = _per_pile(bkey, big, pile_col).min(axis=0)
                isbig = ebk < ek
                ek = np.minimum(ek, ebk)
                use_big |= rest & isbig
            choice = np.where(rest, ek, choice)
            act_play |= rest
        if forced is not None:   # the first action of each game given (an option of the player to move)
            fk, fc, ft = forced
            forced = None
            fr = fk > 0
            stuck &= ~fr
            act_play = np.where(fr, (fk == FORCE_PLAY) | (fk == FORCE_BIG), act_play)
            use_big = np.where(fr, fk == FORCE_BIG, use_big)
            act_end = np.where(fr, fk == FORCE_END, act_end)
            act_token = np.where(fr, fk == FORCE_TOKEN, act_token)
            choice = np.where(fr, (fc.astype(np.int32) << 3) | ft.astype(np.int32), choice)
            if passing:
                act_pass = np.where(fr, fk == FORCE_PASS, act_pass)
                pcard = np.where(fr, fc, pcard).astype(_I16)
                pto = np.where(fr, ft, pto)
        if stuck.any():
            rows = np.nonzero(stuck)[0]
            oc = np.ones(len(rows), dtype=np.int8)
            rs = np.zeros(len(rows), dtype=np.int8)
            if npas:
                und = delivered[rows] < npas
                oc[und], rs[und] = 2, 3
            if fire:
                du = duty[:, rows].any(axis=0)
                oc[du], rs[du] = 2, 1
            finish(rows, oc, rs)

        # ---- apply the plays
        rows = np.nonzero(act_play)[0]
        halt_rows = rows[:0]
        if len(rows):
            ch = choice[rows]
            p = (ch & 7).astype(np.intp)
            card = ((ch >> 3) & 63).astype(_I16)
            h = (hand[:, rows] == card).argmax(axis=0)       # the card's slot (of twins, the first)
            fh, fp = h * n + rows, p * n + rows               # flat indices: 1-d fancy indexing is fast
            t_old = tops.reshape(-1)[fp]
            dd = np.where(p < U, card - t_old, t_old - card)
            seat = cur[rows]
            hand.reshape(-1)[fh] = _GONE
            count.reshape(-1)[seat * n + rows] -= c1
            remaining[rows] -= c1
            tops.reshape(-1)[fp] = card
            ci = card.astype(np.intp)
            tix.reshape(-1)[fp] = ci
            qi = pdir[p] * 54 + ci
            if commands:
                dmax.reshape(-1)[fp] = Q.dmax.reshape(-1)[qi]
            if same_suit:
                wmin.reshape(-1)[fp] = Q.wmin.reshape(-1)[qi]
            sbok.reshape(-1)[fp] = Q.sbok.reshape(-1)[qi]
            tfol.reshape(-1)[fp] = Q.follow.reshape(-1)[qi]
            played[rows] += c1
            big_here = use_big[rows]
            sb_left[rows] -= _i16(big_here if same_suit else (big_here | (dd == _I16(-4))))   # a big setback is one of them
            if tokens_on:
                tok[rows] -= _i16(big_here)
                tok_used[rows] |= big_here
            ended = np.zeros(len(rows), dtype=bool)
            if fire:
                burn.reshape(-1)[fp] = np.where(Q.burns[ci], turn[rows], _I16(-1))
            if npas:
                delivered[rows] += _i16(card == nxt[rows])
                wrong = later.reshape(-1)[fh]
                if wrong.any():
                    finish(rows[wrong], 2, 2)
                    ended |= wrong
            if talk and commands:   # Schweigen: signals withdrawn, nobody talks until this player's next turn
                sr = rows[Q.silence[ci] & ~ended]
                if len(sr):
                    hush[sr] = cur[sr]
                    mates[:, sr] = False
                    said[:, :, sr] = False
            if commands:
                express[rows] += _i16(Q.express[ci] & ~ended)
                halt_rows = rows[Q.halt[ci] & ~ended & (remaining[rows] > 0)]
            fin = (remaining[rows] == 0) & ~ended
            if fin.any():
                fr, fp = rows[fin], p[fin]
                if fire:   # only the very last card of the game may stay burning
                    other = burn[:, fr] >= 0
                    other[fp, np.arange(len(fr))] = False
                    lost = other.any(axis=0)
                    finish(fr[lost], 2, 1)
                    fr = fr[~lost]
                finish(fr, 0, 0)

        # ---- the passes (Weitergeben): the card goes into an empty slot of the receiver's hand
        prow = np.nonzero(act_pass)[0]
        if len(prow):
            card, to = pcard[prow], pto[prow].astype(np.intp)
            h = (hand[:, prow] == card).argmax(axis=0)
            hand.reshape(-1)[h * n + prow] = _GONE
            count.reshape(-1)[cur[prow] * n + prow] -= c1
            rslot = ((to * S)[None, :] + hcol[:, None]) * n + prow         # (S, e) flat slots of the receivers
            free = hands.reshape(-1)[rslot] < 0
            if not free.any(axis=0).all():
                raise RuntimeError("fastsim: a passed card found no free slot in the receiver's hand.")
            hands.reshape(-1)[rslot[free.argmax(axis=0), np.arange(len(prow))]] = card
            count.reshape(-1)[to * n + prow] += c1
            passed[prow] = True

        # ---- end the turns (EndTurn, a token, Halt)
        erows = np.nonzero(act_end | act_token)[0]
        if len(halt_rows):
            erows = np.concatenate([erows, halt_rows])
        if fire and len(erows):
            du = ((burn[:, erows] >= 0) & (burn[:, erows] < turn[erows])).any(axis=0)
            if du.any():
                finish(erows[du], 2, 1)
                erows = erows[~du]
        if len(erows):
            seat = cur[erows]
            tok[erows] -= _i16(act_token[erows])
            hh = hand[:, erows]
            if lift:   # the mover's signals for the piles as it leaves them (none after a Halt or in a Schweigen)
                said[seat, :, erows] = (listened(hh, erows) & ((act_end | act_token)[erows]
                                                               & (hush[erows] < 0))[None]).T
            emp = hh < 0
            pe = ptr[erows].astype(np.intp)
            take_n = np.minimum(np.maximum(emp.sum(axis=0) - (S - H), 0), L - pe)   # up to the hand size
            rank = np.cumsum(emp, axis=0) - 1                # draw into the empty slots, in slot order
            fill = emp & (rank < take_n)
            hh = np.where(fill, deck.reshape(-1)[np.minimum(pe + rank, L - 1) * n + erows], hh)
            hslot = (seat * S)[None, :] + hcol[:, None]      # (S, e) rows of the stored hands
            hands.reshape(-1)[hslot * n + erows] = hh
            count.reshape(-1)[seat * n + erows] += take_n.astype(_I16)
            ptr[erows] += take_n.astype(_I16)
            seats = (seat + np.arange(1, P + 1)[:, None]) % P                 # (P, e) clockwise
            has = count.reshape(-1)[seats * n + erows] > 0
            nxt_seat = np.where(has.any(axis=0), seats[has.argmax(axis=0), np.arange(len(erows))], seat)
            cur[erows] = nxt_seat
            if talk:
                step = (hush[erows] - seat) % P
                reach = (nxt_seat - seat) % P
                step[step == 0] = P
                reach[reach == 0] = P
                if lift:   # seats passed over (no cards): their signals end as if their turn had ended
                    for k in range(1, P):
                        gone = k < reach
                        said[((seat + k) % P)[gone], :, erows[gone]] = False
                hush[erows] = np.where((hush[erows] >= 0) & (step <= reach), -1, hush[erows])
            hand[:, erows] = hands.reshape(-1)[((nxt_seat * S)[None, :] + hcol[:, None]) * n + erows]
            turn[erows] += c1
            played[erows] = 0
            sb_left[erows] = rules.setbacks_per_turn
            tok_used[erows] = False
            passed[erows] = False
            left = ptr[erows] < L
            mins = np.where(left, _I16(rules.minimum), _I16(rules.minimum_without_draw_pile))
            if commands:
                mins = mins + _i16(left & Q.last[tix[:, erows]].any(axis=0))
            minimum[erows] = mins + express[erows]
            express[erows] = 0
            if talk:
                mates_of(erows)
        # ---- drop finished games from the arrays now and then
        alive = ~done
        live = int(alive.sum())
        if live == 0:
            break
        if live < 0.8 * n:
            keep = np.nonzero(alive)[0]
            (hands, count, ptr, tops, tix, dmax, wmin, sbok, tfol, cur, hand, turn, played, sb_left, tok, tok_used,
             express, burn, delivered, remaining, minimum, idx, done, deck, pas, mates, said, hush, passed) = [
                np.ascontiguousarray(a[..., keep]) for a in state()]   # flat indexing needs C order
            n = live
    return out
