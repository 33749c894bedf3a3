"""Valepaska played to the end by heuristic players only — the hot loop of the evaluator and of simulated
Valepaska games, written out in one function.

:func:`play_out_bluff` plays a :class:`~.fastpos.FastPosition` under Valepaska (Paskahousu rules §11.12) exactly as
:meth:`~.fastpos.FastPosition.play_out` does move for move with :meth:`~.fastpos.FastPosition.heuristic` and
:meth:`~.fastpos.FastPosition.apply` — the same choices (:func:`~.bots.heuristic_option`,
:func:`~.bots.stuck_announcement`, :func:`~.bots.heuristic_checks`' rule), the same draws from the same
generators, the same verdicts, refills, burns, checks and order (:func:`~.order.next_seat`) — with the
position's state held in local variables and the announced top and run kept as the pile changes.  A choice the
rules do not allow as it stands (Nur einzeln's one card) goes through :meth:`~.fastpos.FastPosition.fit` and
:meth:`~.fastpos.FastPosition.apply`.  ``tests/paskahousu/test_fastpos.py`` checks it against the reference game.
"""

from __future__ import annotations

from typing import Any

from .bluff import ANNOUNCE, LIE
from .bots import BLUFF_CHANCE, CHECK_CHANCE, heuristic_option, tempting
from .options import PICK_UP, PLAY, TRY_YOUR_LUCK
from .ranks import ALLOWED, BURNS, NO, S2, S9

__all__ = ["play_out_bluff", "Draws"]


class Draws:
    """A player's generator read ahead in blocks: :meth:`random` gives ``gen.random()``'s numbers in the same order,
    and :meth:`restart` gives them again from the first (every option of a rollout replays its players' draws)."""

    __slots__ = ("gen", "buf", "i")

    def __init__(self, gen: Any, block: int = 64) -> None:
        self.gen = gen
        self.buf: list[float] = gen.random(block).tolist()
        self.i = 0

    def random(self) -> float:
        i = self.i
        self.i = i + 1
        return self.at(i)

    def at(self, i: int) -> float:
        """The ``i``-th number (from 0); read further ahead when ``i`` is past the numbers read so far."""
        while i >= len(self.buf):  # the generator's next numbers, kept for a replay too
            self.buf += self.gen.random(len(self.buf)).tolist()
        return self.buf[i]

    def restart(self) -> None:
        self.i = 0


_CANDIDATES: dict[int, tuple[Any, list[list[tuple[int, bool]]]]] = {}


def _candidates(table: Any) -> list[list[tuple[int, bool]]]:
    """Per table row (announced top + 1): the kinds it allows, low to high, and whether each burns (kept per
    table: the rules' tables live as long as their :class:`~.fastpos.FastRules`)."""
    kept = _CANDIDATES.get(id(table))
    if kept is None or kept[0] is not table:
        kept = _CANDIDATES[id(table)] = (table, [[(s, row[s] == BURNS) for s in range(13) if row[s]] for row in table])
    return kept[1]


def _flat(rows: list[list[int]]) -> list[int]:
    return [x for row in rows for x in row]


def _top_run(groups: list[list[int]]) -> tuple[int, int]:
    """The announced top and run of announcement groups ``[seat, strength, count, face_up]`` (−1, 0: none)."""
    if not groups:
        return -1, 0
    top = groups[-1][1]
    run = 0
    for g in reversed(groups):
        if g[1] != top:
            break
        run += g[2]
    return top, run


def play_out_bluff(p: Any) -> int:
    """Play ``p``, a :class:`~.fastpos.FastPosition` (typed loosely: fastpos imports this module), under Valepaska
    (13 kinds, no table cards, Paskahousu rules §11.13) to the end with heuristic players drawing from ``p.rngs``; returns the
    loser, −1 for a stalemate (the turn cap), and leaves ``p`` at the end as :meth:`FastPosition.play_out` does."""
    fr = p.fr
    four, cap, most, amost, hand_size = fr.four, fr.cap, fr.most, fr.announce_most, fr.hand
    layer_again = fr.order.layer_again
    late, nines = fr.late, fr.nines
    hands, sizes, draw, out, clockwise = p.hands, p.sizes, p.draw, p.out, p.clockwise
    players = p.players
    rngs = p.rngs = [g if isinstance(g, Draws) else Draws(g) for g in p.rngs]
    bufs, pos = [g.buf for g in rngs], [g.i for g in rngs]  # each player's numbers and how many it has drawn
    table = p.table
    cands = _candidates(table)
    pile, ann, said, vis_up, deciders = p.pile, p.announced, p.said, p.vis_up, p.deciders
    vis_own, n13 = _flat(p.vis_own), 13 * players  # the pile's cards each seat laid itself: seat × 13 + kind
    top, run = p.top_run()
    turn, m, layer, burned9 = p.turn, p.to_move, p.layer, p.burned9
    if p.over:
        return p.loser
    loser = -1
    pending = bool(deciders)  # an announcement waits for its check window: who decides, whether it is true,
    seats = deciders  # the announced top and run below it
    if pending:
        a_m, a_s, a_n = ann[-1][:3]
        honest = all(x == a_s for x in pile[len(pile) - a_n:])
        btop, brun = _top_run(ann[:-1])
    while True:
        # ---------------------------------------------------------------- a check window, or a move
        if pending:
            pending = False
            s = a_s
            lim = most - vis_up[s] - a_n  # a sure lie when the decider sees more of the rank than this
            picker = -1
            for d in seats:  # heuristic_checks, decider by decider: a sure lie, else a draw
                if d in out:
                    continue
                if hands[d][s] + vis_own[d * 13 + s] <= lim:
                    i = pos[d]
                    pos[d] = i + 1
                    try:
                        x = bufs[d][i]
                    except IndexError:  # past the numbers read ahead so far
                        x = rngs[d].at(i)
                    if x >= CHECK_CHANCE:
                        continue
                picker = d if honest else a_m
                break
            deciders = []
            mover, forced, skip = a_m, -1, -1
            if picker >= 0:  # checked: the pile goes to the liar or the checker, who does not open the next pile
                hand = hands[picker]
                for x in pile:
                    hand[x] += 1
                sizes[picker] += len(pile)
                pile, ann, said, vis_up = [], [], [], [0] * 13
                vis_own = [0] * n13
                top, run = -1, 0
                landed, skip = -1, picker
            else:  # settled: the announcement stands (a burn if the table says so)
                v = table[btop + 1][s]
                if v == ALLOWED and four and (brun + a_n if s == btop else a_n) >= 4:
                    v = BURNS
                if v == BURNS:
                    if late is not None:
                        burned9 += pile.count(S9)
                        if burned9 >= nines and table is not late:
                            table = late
                            cands = _candidates(table)
                    pile, ann, said, vis_up = [], [], [], [0] * 13
                    vis_own = [0] * n13
                    top, run = -1, 0
                    landed = -2
                else:
                    landed = s
        else:
            mover, forced, skip = m, -1, -1
            hand = hands[m]
            ndraw = len(draw)
            # the heuristic player's choice (heuristic_option on the announced top, as heuristic_announcement asks)
            ordinary = burn = fours = -1
            allowed = cands[top + 1]
            for s, burns in allowed:
                n = hand[s]
                if not n:
                    continue
                if burns:
                    if burn < 0:
                        burn = s
                elif (run + n if s == top else n) >= 4:
                    if fours < 0:
                        fours = s
                elif s == S2 and ndraw:
                    continue
                elif ordinary < 0:
                    ordinary = s
            pick = fours
            if pick < 0 and burn >= 0 and (ordinary < 0 or tempting(said)):
                pick = burn
            if pick < 0:
                pick = ordinary
            size = sizes[m]
            if pick >= 0:  # an honest announcement of a kind the table allows, every card of it
                kind, s, n = ANNOUNCE, pick, hand[pick]
                legal = n <= amost[s]
            else:
                row = table[top + 1]
                if ndraw and (not said or allowed):  # heuristic_option's next steps: luck, else the pile
                    kind, s, n = TRY_YOUR_LUCK, -1, 0
                elif said and not (row[S2] and hand[S2]):
                    kind, s, n = PICK_UP, -1, 0
                else:
                    kind, s, n = heuristic_option(hand, table, top, run, said, ndraw)
                if kind == PLAY:
                    kind = ANNOUNCE
                else:  # stuck_announcement: a bluff on the lowest rank it may name and has not seen all of
                    o = 13 * m
                    fits = [r for r, burns in allowed if size > hand[r] and hand[r] + vis_up[r] + vis_own[o + r] < most]
                    if fits:
                        i = pos[m]
                        pos[m] = i + 1
                        buf = bufs[m]
                        if (buf[i] if i < len(buf) else rngs[m].at(i)) < BLUFF_CHANCE:
                            kind, s, n = LIE, fits[0], 1
                            for r, burns in allowed:
                                if r in fits and not burns and not (r == top and run + 1 >= 4 and most == 4):
                                    s = r
                                    break
                if kind == ANNOUNCE or kind == LIE:
                    legal = (row[s] != NO and 1 <= n <= amost[s] and n <= size
                             and (hand[s] >= n if kind == ANNOUNCE else size - hand[s] >= n))
                elif kind == PICK_UP:
                    legal = bool(pile)
                else:
                    legal = bool(draw) and (not pile or any(row))
            if not legal:  # the rare choice the rules refuse as it stands: the position's own methods
                p.pile, p.announced, p.said, p.vis_up, p.deciders = pile, ann, said, vis_up, deciders
                p.vis_own = [vis_own[o:o + 13] for o in range(0, n13, 13)]
                p.turn, p.to_move, p.layer, p.burned9, p.table = turn, m, layer, burned9, table
                for g, i in zip(rngs, pos):
                    g.i = i
                p.apply(p.fit((kind, s, n)))
                pos = [g.i for g in rngs]
                pile, ann, said, vis_up, deciders = p.pile, p.announced, p.said, p.vis_up, p.deciders
                vis_own = _flat(p.vis_own)
                turn, m, layer, burned9 = p.turn, p.to_move, p.layer, p.burned9
                if p.table is not table:
                    table = p.table
                    cands = _candidates(table)
                top, run = p.top_run()
                pending = bool(deciders)
                if pending:
                    seats = deciders
                    a_m, a_s, a_n = ann[-1][:3]
                    honest = all(x == a_s for x in pile[len(pile) - a_n:])
                    btop, brun = _top_run(ann[:-1])
                if p.over:
                    loser = p.loser
                    break
                continue
            if kind == ANNOUNCE or kind == LIE:
                if not pile:
                    layer = m
                o = 13 * m
                if kind == ANNOUNCE:
                    hand[s] -= n
                    vis_own[o + s] += n
                    pile += [s] * n
                else:  # the kit's lie: the lowest card not of the announced rank (one card)
                    x = 0
                    while x == s or not hand[x]:
                        x += 1
                    hand[x] -= 1
                    vis_own[o + x] += 1
                    pile.append(x)
                ann.append([m, s, n, False])
                if n == 1:
                    said.append(s)
                else:
                    said += [s] * n
                honest, btop, brun, seats, a_m, a_s, a_n = kind == ANNOUNCE, top, run, clockwise[m], m, s, n
                if s == top:
                    run += n
                else:
                    top, run = s, n
                size -= n
                while size < hand_size and draw:
                    hand[draw.pop()] += 1
                    size += 1
                sizes[m] = size
                pending = True  # the window next (nobody to decide: settled at once)
                continue
            elif kind == PICK_UP:
                if not any(row) and layer >= 0:
                    forced = layer
                for x in pile:
                    hand[x] += 1
                sizes[m] = size + len(pile)
                pile = []
                if ann:
                    ann, said, vis_up = [], [], [0] * 13
                    vis_own = [0] * n13
                top, run = -1, 0
                landed = -1
            else:  # try your luck
                x = draw.pop()
                v = row[x]
                if v == ALLOWED and four and (run + 1 if x == top else 1) >= 4:
                    v = BURNS
                if v == NO:
                    for y in pile:
                        hand[y] += 1
                    hand[x] += 1
                    sizes[m] = size + len(pile) + 1
                    pile = []
                    if ann:
                        ann, said, vis_up = [], [], [0] * 13
                        vis_own = [0] * n13
                    top, run = -1, 0
                    landed = -1
                else:
                    if not pile:
                        layer = m
                    pile.append(x)
                    ann.append([m, x, 1, True])
                    said.append(x)
                    vis_up[x] += 1
                    if x == top:
                        run += 1
                    else:
                        top, run = x, 1
                    if v == BURNS:
                        if late is not None:
                            burned9 += pile.count(S9)
                            if burned9 >= nines and table is not late:
                                table = late
                                cands = _candidates(table)
                        pile, ann, said, vis_up = [], [], [], [0] * 13
                        vis_own = [0] * n13
                        top, run = -1, 0
                    while sizes[m] < hand_size and draw:
                        hand[draw.pop()] += 1
                        sizes[m] += 1
                    landed = -2 if v == BURNS else x
        # ---------------------------------------------------------------- who is out, who moves next
        if not draw:
            empty = sizes.count(0)
            if empty != len(out):  # someone new without cards (an out seat never gets cards again)
                if not sizes[mover] and mover not in out:
                    out.append(mover)
                for q in range(players):
                    if not sizes[q] and q != mover and q not in out:
                        out.append(q)
            if empty == players - 1:
                turn += 1
                loser = next(q for q in range(players) if sizes[q])
                break
        if forced >= 0 and layer_again and sizes[forced]:
            m = forced
        elif landed == -2 and sizes[mover]:
            m = mover
        else:
            m = mover
            for q in clockwise[mover]:
                if sizes[q]:
                    m = q
                    break
            if m == skip:
                for q in clockwise[skip]:
                    if sizes[q]:
                        m = q
                        break
        turn += 1
        if turn > cap:  # the turn cap: a stalemate
            break
    p.pile, p.announced, p.said, p.vis_up, p.deciders = pile, ann, said, vis_up, deciders
    p.vis_own = [vis_own[o:o + 13] for o in range(0, n13, 13)]
    p.turn, p.to_move, p.layer, p.burned9, p.table = turn, m, layer, burned9, table
    p.loser, p.over = loser, True
    for g, i in zip(rngs, pos):
        g.i = i
    return loser
