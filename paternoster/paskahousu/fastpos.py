"""The lean loop started from any position, under every house rule — Pöytäpaska and Valepaska too.

:class:`FastPosition` holds a Paskahousu position as card *kinds* (:func:`~.ranks.kind_of_rung`; no Card
objects, no log, no undo) and plays it move by move as :class:`~paternoster.paskahousu.PaskahousuGame`
does (:mod:`.transitions`): the same verdicts (:func:`~.ranks.play_verdict`), refills, burns, who moves
next (:func:`~.order.next_seat`), going out, the turn cap; Pöytäpaska's face-up and face-down table cards
(Paskahousu rules §11.10) and Valepaska's face-down announcements, check windows, checks and settled
announcements (§11.12).  Its players choose as the kit's players do (:mod:`.bots`: the same functions, the
same options in the same order, the same draws from the same generators), so a game played here and the
same game played with PaskahousuGame and the kit's players are the same game, move for move
(``tests/paskahousu/test_fastpos.py`` checks it game for game).

Valepaska played by heuristic players only runs in one function, :func:`~.fastbluff.play_out_bluff` (the same
games; :meth:`FastPosition.play_out` hands it over), and the players' generators are read ahead in blocks
(:class:`~.fastbluff.Draws`).

A move is an option ``(kind, value, count)`` as :meth:`PaskahousuGame.options` lists them; an announcement
with chosen cards is ``(ANNOUNCE, strength, laid)`` with ``laid`` the kinds laid (:meth:`FastPosition.announce`).
"""

from __future__ import annotations

from typing import Any, Sequence

from . import bluff as bluff_rules
from . import table_cards as table_rules
from .fastbluff import Draws, play_out_bluff
from .bots import KEEP_TWOS_CHANCE, SMALL_PILE, heuristic_announcement, heuristic_checks, heuristic_option
from .options import PICK_UP, PLAY, TRY_YOUR_LUCK, legal_options
from .order import BURNED, NOTHING, TurnOrder, next_seat, turn_order
from .ranks import BURNS, NO, RANK_ORDER, S9, acceptance_lists, kind_count, kind_of_rung, play_limits, play_verdict
from .rules import HouseRules

__all__ = ["FastRules", "fast_rules", "FastPosition", "Draws", "HEURISTIC", "RANDOM"]

TURN, ANNOUNCE, LIE, CHECK, LET_PASS = (table_rules.TURN, bluff_rules.ANNOUNCE, bluff_rules.LIE, bluff_rules.CHECK,
                                        bluff_rules.LET_PASS)
#: Player kinds: the heuristic player (HeuristicPlayer) and the random player (RandomPlayer).
HEURISTIC, RANDOM = 0, 1


class FastRules:
    """What the loop needs from a set of house rules, worked out once (:func:`fast_rules`)."""

    __slots__ = ("rules", "k", "kinds", "table", "late", "limits", "four", "hand", "cap", "order", "most",
                 "announce_most", "table_cards", "bluff", "nines", "fixed_start")

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.k = kind_count(rules)
        self.kinds = kind_of_rung(rules)
        self.table = acceptance_lists(rules)
        self.late = acceptance_lists(rules, True) if rules.face_cards_late == "nine" else None
        self.limits = play_limits(rules)
        self.four = rules.decks == 1
        self.hand = rules.hand_size
        self.cap = rules.turn_cap
        self.order: TurnOrder = turn_order(rules)
        self.most = bluff_rules.copies_per_rank(rules.decks)
        self.announce_most = [min(self.most, self.limits[s]) for s in range(13)]
        self.table_cards = rules.table_cards
        self.bluff = rules.bluff
        self.nines = 4 * rules.decks
        self.fixed_start = rules.fixed_start


_CACHE: dict[HouseRules, FastRules] = {}


def fast_rules(rules: HouseRules) -> FastRules:
    """The :class:`FastRules` of ``rules`` (kept once per rules object)."""
    fr = _CACHE.get(rules)
    if fr is None:
        fr = _CACHE[rules] = FastRules(rules)
    return fr


class FastPosition:
    """A position on kinds (see the module doc); :meth:`play_out` plays it to its end.

    Attributes (all plain lists, kinds as numbers): ``hands`` counts per kind per seat; ``up`` face-up
    table-card counts per seat; ``down`` face-down kinds per seat (slot order); ``draw`` the draw pile, top
    card *last*; ``pile`` the discard pile's kinds, bottom first; ``announced`` Valepaska's groups
    ``[seat, strength, count, face_up]``; ``deciders``; ``to_move``, ``turn``, ``out``, ``layer`` (−1: none),
    ``burned9`` (9s burned, for Bildkarten erst später "nur auf 9"), ``loser`` (−1 while playing or in a
    stalemate), ``over``.
    """

    __slots__ = ("fr", "players", "hands", "sizes", "up", "down", "draw", "pile", "announced", "deciders", "to_move",
                 "turn", "out", "layer", "burned9", "loser", "over", "table", "rngs", "kinds", "tab", "said", "vis_up",
                 "vis_own", "clockwise")

    def __init__(self, fr: FastRules, hands: list[list[int]], up: list[list[int]], down: list[list[int]],
                 draw: list[int], pile: list[int], announced: list[list[int]], deciders: list[int], to_move: int,
                 turn: int, out: list[int], layer: int, burned9: int) -> None:
        self.fr = fr
        self.players = len(hands)
        self.hands = hands
        self.sizes = [sum(h) for h in hands]
        self.tab = [sum(u) + len(d) for u, d in zip(up, down)]  # table cards per seat (Pöytäpaska)
        self.up, self.down, self.draw, self.pile = up, down, draw, pile
        self.announced, self.deciders = announced, deciders
        # Valepaska, kept as the pile changes: the announced strength of every pile card, and per strength the
        # pile's cards laid face up and those each seat laid itself (what a seat has seen of the pile)
        self.said: list[int] = []
        self.vis_up = [0] * 13
        self.vis_own = [[0] * 13 for _ in hands]
        #: per seat, the others clockwise from its left (who decide on its announcement, bluff.deciders_for)
        self.clockwise = [[(m + k) % self.players for k in range(1, self.players)] for m in range(self.players)]
        k = 0
        for seat, rank, count, shown in announced:
            self.said += [rank] * count
            for x in pile[k:k + count]:
                if shown:
                    self.vis_up[x] += 1
                else:
                    self.vis_own[seat][x] += 1
            k += count
        self.to_move, self.turn, self.out, self.layer = to_move, turn, out, layer
        self.burned9 = burned9
        self.table = fr.late if fr.late is not None and burned9 >= fr.nines else fr.table
        self.loser = -1
        self.over = False
        self.rngs: list[Any] = []
        self.kinds: list[int] = []

    def copy(self) -> FastPosition:
        """The same position with lists of its own (the rules, the seat order and the players' generators shared)."""
        q = FastPosition.__new__(FastPosition)
        q.fr, q.players, q.clockwise, q.table = self.fr, self.players, self.clockwise, self.table
        q.hands, q.sizes, q.tab = [h[:] for h in self.hands], self.sizes[:], self.tab[:]
        q.up, q.down, q.draw, q.pile = [r[:] for r in self.up], [r[:] for r in self.down], self.draw[:], self.pile[:]
        q.announced, q.deciders = [a[:] for a in self.announced], self.deciders[:]
        q.said, q.vis_up, q.vis_own = self.said[:], self.vis_up[:], [v[:] for v in self.vis_own]
        q.to_move, q.turn, q.out, q.layer, q.burned9 = self.to_move, self.turn, self.out[:], self.layer, self.burned9
        q.loser, q.over, q.rngs, q.kinds = self.loser, self.over, self.rngs[:], self.kinds[:]
        return q

    # ------------------------------------------------------------------ queries
    def holds(self, p: int) -> int:
        return self.sizes[p] + self.tab[p]

    def phase(self, p: int) -> str:
        if self.sizes[p] or self.draw or not self.fr.table_cards:
            return table_rules.HAND if (self.sizes[p] or self.draw) else table_rules.NONE
        return table_rules.phase(0, 0, sum(self.up[p]), len(self.down[p]))

    def top_run(self) -> tuple[int, int]:
        if self.fr.bluff:
            a = self.announced
            if not a:
                return -1, 0
            top = a[-1][1]
            run = 0
            for g in reversed(a):
                if g[1] != top:
                    break
                run += g[2]
            return top, run
        pile = self.pile
        if not pile:
            return -1, 0
        top = pile[-1]
        run = 0
        for x in reversed(pile):
            if x != top:
                break
            run += 1
        return top, run

    def options(self) -> list[tuple[int, int, int]]:
        """:meth:`PaskahousuGame.options` (no opening: a position here is past it)."""
        fr = self.fr
        top, _ = self.top_run()
        row = self.table[top + 1]
        if fr.bluff:
            if self.deciders:
                d = self.deciders[0]
                return [(CHECK, d, 0), (LET_PASS, d, 0)]
            out = bluff_rules.announce_options(self.hands[self.to_move], [row[s] != NO for s in range(13)],
                                               fr.announce_most)
            if self.pile:
                out.append((PICK_UP, -1, 0))
            if self.draw and (not self.pile or any(row)):
                out.append((TRY_YOUR_LUCK, -1, 0))
            return out
        ph = self.phase(self.to_move)
        if ph == table_rules.FACE_DOWN:
            return table_rules.turn_options(len(self.down[self.to_move]), len(self.pile))
        source = self.up[self.to_move] if ph == table_rules.FACE_UP else self.hands[self.to_move]
        return legal_options(source, row, len(self.pile), len(self.draw), fr.limits)

    # ------------------------------------------------------------------ moves
    def _refill(self, p: int) -> None:
        hand, draw, cap = self.hands[p], self.draw, self.fr.hand
        while self.sizes[p] < cap and draw:
            hand[draw.pop()] += 1
            self.sizes[p] += 1

    def _burn(self) -> None:
        if self.fr.late is not None:
            self.burned9 += self.pile.count(S9)
            if self.burned9 >= self.fr.nines:
                self.table = self.fr.late
        self.pile = []
        if self.announced:
            self._forget()

    def _forget(self) -> None:
        self.announced = []
        self.said = []
        self.vis_up = [0] * 13
        self.vis_own = [[0] * 13 for _ in self.hands]

    def _take_pile(self, p: int, extra: int = -1) -> None:
        hand = self.hands[p]
        for x in self.pile:
            hand[x] += 1
        self.sizes[p] += len(self.pile)
        if extra >= 0:
            hand[extra] += 1
            self.sizes[p] += 1
        self.pile = []
        if self.announced:
            self._forget()

    def apply(self, option: Sequence[Any]) -> None:
        """Apply one option of the player to move (see the module doc), then who moves next."""
        kind, s, n = option
        m = self.to_move
        if kind == PLAY:
            self._after(m, self._play(m, s, n))
        elif kind == PICK_UP:
            top, _ = self.top_run()
            forced = not any(self.table[top + 1])
            self._take_pile(m)
            self._after(m, NOTHING, self.layer if forced and self.layer >= 0 else -1)
        elif kind == TRY_YOUR_LUCK:
            self._after(m, self._reveal(m, self.draw.pop()))
        elif kind == TURN:
            self.tab[m] -= 1
            self._after(m, self._reveal(m, self.down[m].pop(s)))
        elif kind == ANNOUNCE:
            self.announce(s, [s] * n if isinstance(n, int) else list(n))
        elif kind == LIE:
            self.announce(s, self._lie_kinds(m, s, n))
        elif kind == CHECK:
            self._check(s)
        else:
            self.deciders.pop(0)
            if self.deciders:
                self.to_move = self.deciders[0]
            else:
                self._settle()

    def _play(self, m: int, s: int, n: int) -> int:
        top, run = self.top_run()
        v, _ = play_verdict(self.table, top, run, s, n, self.fr.four)
        if self.fr.table_cards and self.phase(m) == table_rules.FACE_UP:
            self.up[m][s] -= n
            self.tab[m] -= n
        else:
            self.hands[m][s] -= n
            self.sizes[m] -= n
        if not self.pile:
            self.layer = m
        self.pile.extend([s] * n)
        if self.fr.bluff:
            self.announced.append([m, s, n, True])
            self.said += [s] * n
            self.vis_up[s] += n
        if v == BURNS:
            self._burn()
        self._refill(m)
        return BURNED if v == BURNS else s

    def _reveal(self, m: int, x: int) -> int:
        top, run = self.top_run()
        v, _ = play_verdict(self.table, top, run, x, 1, self.fr.four)
        if v == NO:
            self._take_pile(m, x)
            return NOTHING
        if not self.pile:
            self.layer = m
        self.pile.append(x)
        if self.fr.bluff:
            self.announced.append([m, x, 1, True])
            self.said.append(x)
            self.vis_up[x] += 1
        if v == BURNS:
            self._burn()
        self._refill(m)
        return BURNED if v == BURNS else x

    def _lie_kinds(self, m: int, s: int, n: int) -> list[int]:
        """The kit's lie: the ``n`` lowest cards of the hand not of strength ``s`` (:func:`.bluff.lie_cards`)."""
        out: list[int] = []
        hand = self.hands[m]
        for x in range(13):
            if x != s and hand[x]:
                out += [x] * min(hand[x], n - len(out))
                if len(out) == n:
                    break
        return out

    def announce(self, s: int, laid: list[int]) -> None:
        """Valepaska: the player to move lays cards of kinds ``laid`` face down as ``len(laid)`` cards of ``s``."""
        m = self.to_move
        hand = self.hands[m]
        if not self.pile:
            self.layer = m
        for x in laid:
            hand[x] -= 1
        self.sizes[m] -= len(laid)
        if len(laid) > 1:  # the pile holds an action's cards in card order (ace, 2, 3 … king), as Announce keeps them
            laid = sorted(laid, key=RANK_ORDER.__getitem__)
        self.pile.extend(laid)
        self.announced.append([m, s, len(laid), False])
        self.said += [s] * len(laid)
        own = self.vis_own[m]
        for x in laid:
            own[x] += 1
        self._refill(m)
        out = self.out
        self.deciders = [p for p in self.clockwise[m] if p not in out] if out else list(self.clockwise[m])
        if self.deciders:
            self.to_move = self.deciders[0]
        else:
            self._settle()

    def _settle(self) -> None:
        groups = self.announced
        a = groups[-1]
        top, run = -1, 0  # the announced top and run below the settled announcement (bluff.announced_top_run)
        if len(groups) > 1:
            top = groups[-2][1]
            for i in range(len(groups) - 2, -1, -1):
                if groups[i][1] != top:
                    break
                run += groups[i][2]
        v, _ = play_verdict(self.table, top, run, a[1], a[2], self.fr.four)
        self.to_move = a[0]
        if v == BURNS:
            self._burn()
            self._after(a[0], BURNED)
        else:
            self._after(a[0], a[1])

    def _check(self, seat: int) -> None:
        a = self.announced[-1]
        laid = self.pile[len(self.pile) - a[2]:]
        picker = seat if all(x == a[1] for x in laid) else a[0]
        self._take_pile(picker)
        self.deciders = []
        self._after(a[0], NOTHING, -1, picker)

    def _after(self, mover: int, landed: int, forced_layer: int = -1, skip: int = -1) -> None:
        sizes, tab = self.sizes, self.tab
        held = [a + b for a, b in zip(sizes, tab)] if self.fr.table_cards else sizes
        if not self.draw:
            out = self.out
            if not held[mover] and mover not in out:
                out.append(mover)
            holders = 0
            last = -1
            for p, h in enumerate(held):
                if h:
                    holders += 1
                    last = p
                elif p != mover and p not in out:
                    out.append(p)
            if holders == 1:
                self.turn += 1
                self.loser, self.over = last, True
                return
        self.to_move, _ = next_seat(self.fr.order, held, mover, landed, forced_layer, skip)
        self.turn += 1
        if self.turn - 1 >= self.fr.cap:
            self.over = True

    # ------------------------------------------------------------------ the players
    def heuristic(self) -> tuple[int, int, int]:
        """HeuristicPlayer.choose for the player to move (its generator: ``rngs[to_move]``)."""
        fr, m = self.fr, self.to_move
        if fr.bluff:
            return self._heuristic_bluff(m)
        top, run = self.top_run()
        ph = self.phase(m) if fr.table_cards else table_rules.HAND
        if ph == table_rules.FACE_DOWN:
            return TURN, 0, 0
        if ph == table_rules.FACE_UP:
            option = heuristic_option(self.up[m], self.table, top, run, self.pile, 0, fr.limits, fr.four)
            return self.fit(self._break_loop(option, 0))
        option = heuristic_option(self.hands[m], self.table, top, run, self.pile, len(self.draw), fr.limits, fr.four)
        if fr.table_cards:
            option = self._break_loop(option, len(self.draw))
        return option

    def _break_loop(self, option: tuple[int, int, int], draw: int) -> tuple[int, int, int]:
        if (option[0] == PLAY and option[1] == 12 and not draw and 0 < len(self.pile) <= SMALL_PILE
                and self.rngs[self.to_move].random() < KEEP_TWOS_CHANCE):
            return PICK_UP, -1, 0
        return option

    def fit(self, option: tuple[int, int, int]) -> tuple[int, int, int]:
        if self.fr.bluff and self._announce_legal(option):
            return option
        options = self.options()
        if option in options:
            return option
        kind, s, n = option
        fewer = [o for o in options if o[0] == kind and o[1] == s and o[2] < n]
        if kind in (PLAY, ANNOUNCE) and fewer:
            return fewer[-1]
        return (PICK_UP, -1, 0) if (PICK_UP, -1, 0) in options else options[0]

    def _announce_legal(self, option: tuple[int, int, int]) -> bool:
        """``option in self.options()`` for Valepaska outside a check window, without listing the options."""
        kind, s, n = option
        if kind == PICK_UP:
            return bool(self.pile)
        top, _ = self.top_run()
        row = self.table[top + 1]
        if kind == TRY_YOUR_LUCK:
            return bool(self.draw) and (not self.pile or any(row))
        hand = self.hands[self.to_move]
        if row[s] == NO or not 1 <= n <= min(self.fr.announce_most[s], self.sizes[self.to_move]):
            return False
        return hand[s] >= n if kind == ANNOUNCE else (kind == LIE and self.sizes[self.to_move] - hand[s] >= n)

    def _seen(self, m: int) -> list[int]:
        hand, up, own = self.hands[m], self.vis_up, self.vis_own[m]
        return [hand[x] + up[x] + own[x] for x in range(13)]

    def _heuristic_bluff(self, m: int) -> tuple[int, int, int]:
        fr = self.fr
        rng = self.rngs[m]
        if self.deciders:
            a = self.announced[-1]
            s = a[1]
            checks = heuristic_checks(rng, s, a[2], self.hands[m][s] + self.vis_up[s] + self.vis_own[m][s], fr.most)
            return (CHECK if checks else LET_PASS), m, 0
        seen = self._seen(m)
        top, run = self.top_run()
        pile = self.said
        return self.fit(heuristic_announcement(rng, self.hands[m], self.table, top, run, pile, len(self.draw),
                                                seen, fr.most))

    def choose(self) -> tuple[int, int, int]:
        """The option of the player to move: ``kinds[to_move]`` is HEURISTIC or RANDOM."""
        if self.kinds and self.kinds[self.to_move] == RANDOM:
            opts = self.options()
            return opts[int(self.rngs[self.to_move].random() * len(opts))]
        return self.heuristic()

    def play_out(self) -> int:
        """Play to the end with the players of ``kinds`` and ``rngs``; returns the loser, −1 for a stalemate."""
        if self.fr.bluff and not (self.kinds and RANDOM in self.kinds):  # heuristic players only: one function
            return play_out_bluff(self)
        while not self.over:
            self.apply(self.choose())
        return self.loser
