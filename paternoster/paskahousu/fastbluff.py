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

from typing import TYPE_CHECKING, Any

from .bluff import ANNOUNCE, LIE
from .bots import CHECK_CHANCE, heuristic_option, stuck_announcement, tempting
from .options import PICK_UP, PLAY
from .ranks import ALLOWED, BURNS, NO, S2, S9

if TYPE_CHECKING:
    from .fastpos import FastPosition

__all__ = ["play_out_bluff", "plays_bluff", "Draws"]


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


def plays_bluff(p: FastPosition) -> bool:
    """Whether :func:`play_out_bluff` plays ``p``: Valepaska without table cards, 13 kinds."""
    fr = p.fr
    return bool(fr.bluff and not fr.table_cards and fr.k == 13)


def _candidates(table: list[list[int]] | tuple[tuple[int, ...], ...]) -> list[list[tuple[int, bool]]]:
    """Per table row (announced top + 1): the kinds it allows, low to high, and whether each burns."""
    return [[(s, row[s] == BURNS) for s in range(13) if row[s]] for row in table]


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


def play_out_bluff(p: FastPosition) -> int:
    """Play ``p`` (see :func:`plays_bluff`) to the end with heuristic players drawing from ``p.rngs``; returns the
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
    pile, ann, said, vis_up, vis_own, deciders = p.pile, p.announced, p.said, p.vis_up, p.vis_own, p.deciders
    top, run = p.top_run()
    turn, m, layer, burned9 = p.turn, p.to_move, p.layer, p.burned9
    if p.over:
        return p.loser
    loser = -1
    pending = bool(deciders)  # an announcement waits for its check window: who decides, whether it is true,
    seats = deciders  # the announced top and run below it
    if pending:
        a = ann[-1]
        honest = all(x == a[1] for x in pile[len(pile) - a[2]:])
        btop, brun = _top_run(ann[:-1])
    while True:
        # ---------------------------------------------------------------- a check window, or a move
        if pending:
            pending = False
            a = ann[-1]
            s, cnt = a[1], a[2]
            face_up = vis_up[s]
            picker = -1
            for d in seats:  # heuristic_checks, decider by decider: a sure lie, else a draw
                if d in out:
                    continue
                if hands[d][s] + face_up + vis_own[d][s] + cnt <= most:
                    i = pos[d]
                    pos[d] = i + 1
                    buf = bufs[d]
                    if (buf[i] if i < len(buf) else rngs[d].at(i)) >= CHECK_CHANCE:
                        continue
                picker = d if honest else a[0]
                break
            deciders = []
            mover, forced, skip = a[0], -1, -1
            if picker >= 0:  # checked: the pile goes to the liar or the checker, who does not open the next pile
                hand = hands[picker]
                for x in pile:
                    hand[x] += 1
                sizes[picker] += len(pile)
                pile, ann, said, vis_up = [], [], [], [0] * 13
                vis_own = [[0] * 13 for _ in hands]
                top, run = -1, 0
                landed, skip = -1, picker
            else:  # settled: the announcement stands (a burn if the table says so)
                v = table[btop + 1][s]
                if v == ALLOWED and four and (brun + cnt if s == btop else cnt) >= 4:
                    v = BURNS
                if v == BURNS:
                    if late is not None:
                        burned9 += pile.count(S9)
                        if burned9 >= nines and table is not late:
                            table = late
                            cands = _candidates(table)
                    pile, ann, said, vis_up = [], [], [], [0] * 13
                    vis_own = [[0] * 13 for _ in hands]
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
            for s, burns in cands[top + 1]:
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
            if pick >= 0:
                kind, s, n = ANNOUNCE, pick, hand[pick]
            else:
                kind, s, n = heuristic_option(hand, table, top, run, said, ndraw)
                if kind == PLAY:
                    kind = ANNOUNCE
                else:
                    own = vis_own[m]
                    seen = [hand[x] + vis_up[x] + own[x] for x in range(13)]
                    g = rngs[m]
                    g.i = pos[m]
                    kind, s, n = stuck_announcement(g, hand, table, top, run, seen, most, (kind, s, n))
                    pos[m] = g.i
            size = sizes[m]
            row = table[top + 1]
            if kind == ANNOUNCE or kind == LIE:
                legal = (row[s] != NO and 1 <= n <= amost[s] and n <= size
                         and (hand[s] >= n if kind == ANNOUNCE else size - hand[s] >= n))
            elif kind == PICK_UP:
                legal = bool(pile)
            else:
                legal = bool(draw) and (not pile or any(row))
            if not legal:  # the rare choice the rules refuse as it stands: the position's own methods
                p.pile, p.announced, p.said, p.vis_up, p.vis_own, p.deciders = pile, ann, said, vis_up, vis_own, deciders
                p.turn, p.to_move, p.layer, p.burned9, p.table = turn, m, layer, burned9, table
                for g, i in zip(rngs, pos):
                    g.i = i
                p.apply(p.fit((kind, s, n)))
                pos = [g.i for g in rngs]
                pile, ann, said, vis_up, vis_own, deciders = p.pile, p.announced, p.said, p.vis_up, p.vis_own, p.deciders
                turn, m, layer, burned9 = p.turn, p.to_move, p.layer, p.burned9
                if p.table is not table:
                    table = p.table
                    cands = _candidates(table)
                top, run = p.top_run()
                pending = bool(deciders)
                if pending:
                    seats = deciders
                    a = ann[-1]
                    honest = all(x == a[1] for x in pile[len(pile) - a[2]:])
                    btop, brun = _top_run(ann[:-1])
                if p.over:
                    loser = p.loser
                    break
                continue
            if kind == ANNOUNCE or kind == LIE:
                if not pile:
                    layer = m
                own = vis_own[m]
                if kind == ANNOUNCE:
                    hand[s] -= n
                    own[s] += n
                    pile += [s] * n
                else:  # the kit's lie: the lowest card not of the announced rank (one card)
                    x = 0
                    while x == s or not hand[x]:
                        x += 1
                    hand[x] -= 1
                    own[x] += 1
                    pile.append(x)
                sizes[m] = size - n
                ann.append([m, s, n, False])
                said += [s] * n
                honest, btop, brun, seats = kind == ANNOUNCE, top, run, clockwise[m]
                if s == top:
                    run += n
                else:
                    top, run = s, n
                while sizes[m] < hand_size and draw:
                    hand[draw.pop()] += 1
                    sizes[m] += 1
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
                    vis_own = [[0] * 13 for _ in hands]
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
                        vis_own = [[0] * 13 for _ in hands]
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
                        vis_own = [[0] * 13 for _ in hands]
                        top, run = -1, 0
                    while sizes[m] < hand_size and draw:
                        hand[draw.pop()] += 1
                        sizes[m] += 1
                    landed = -2 if v == BURNS else x
        # ---------------------------------------------------------------- who is out, who moves next
        if not draw:
            if not sizes[mover] and mover not in out:
                out.append(mover)
            holders = 0
            last = -1
            for q in range(players):
                if sizes[q]:
                    holders += 1
                    last = q
                elif q != mover and q not in out:
                    out.append(q)
            if holders == 1:
                turn += 1
                loser = last
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
        if turn - 1 >= cap:
            break
    p.pile, p.announced, p.said, p.vis_up, p.vis_own, p.deciders = pile, ann, said, vis_up, vis_own, deciders
    p.turn, p.to_move, p.layer, p.burned9, p.table = turn, m, layer, burned9, table
    p.loser, p.over = loser, True
    for g, i in zip(rngs, pos):
        g.i = i
    return loser
