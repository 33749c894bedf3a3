"""The simulation's lean loop: one game of Paskahousu on counts of card kinds (no Card objects, no log, no undo).

:func:`fast_game` plays the same game as :class:`~paternoster.paskahousu.PaskahousuGame` with the kit's
computer players, move for move, because it calls the same rule functions: :func:`~.deal.deal` and the
openings (:func:`~.deal.standard_opening`, :func:`~.deal.fixed_opening`), :func:`~.ranks.play_verdict`
over the acceptance rows (:func:`~.ranks.acceptance_lists`, the second table of Bildkarten erst später
once every 9 is burned), the play limits of Nur einzeln, :func:`~.options.legal_options`, who moves next
(:func:`~.order.next_seat`: the burner again, "A nochmal") and the players' policies (:mod:`.bots`).
``tests/paskahousu/test_simulation_house_rules.py`` checks it game for game against the game.

House rules (Paskahousu rules §11): the loop counts cards by *kind* (the 13 ranks, or 16 under Nur Schwarze
zählen, :func:`~.ranks.kind_of_rung`) and reads every house rule through those functions, so it plays every
switch except Pöytäpaska and Valepaska (table cards, hidden announced plays and checks), which
:func:`~paternoster.paskahousu.simulate` plays with the position loop instead (:mod:`.fastpos`,
:func:`~.fastrun.position_game`: the same games, a little slower); :func:`fast_loop_plays` says which.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from .bots import heuristic_opening, heuristic_option, random_option
from .deal import deal, fixed_opening, standard_opening
from .options import PICK_UP, PLAY
from .order import BURNED, NOTHING, TurnOrder, next_seat, turn_order
from .ranks import BURNS, NO, S9, acceptance_lists, kind_count, kind_of_rung, play_limits, play_verdict
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["Plan", "plan", "fast_game", "fast_loop_plays", "REFERENCE_ONLY"]

#: The HouseRules switches the lean loop does not play (:func:`fast_loop_plays`): Pöytäpaska's table cards
#: and Valepaska's face-down plays (Paskahousu rules §11.10, §11.12).
REFERENCE_ONLY = ("table_cards", "bluff")


def fast_loop_plays(rules: HouseRules) -> bool:
    """Whether the count loop of :func:`~paternoster.paskahousu.simulate` plays these house rules itself (else
    ``simulate`` plays them with the position loop, :func:`~.fastrun.position_game`: the same games).

    >>> fast_loop_plays(HouseRules(fixed_start=True)), fast_loop_plays(HouseRules(bluff=True))
    (True, False)
    """
    return all(getattr(rules, f) == getattr(STANDARD_HOUSE_RULES, f) for f in REFERENCE_ONLY)


class Plan(NamedTuple):
    """What the lean loop needs from a set of house rules, worked out once per simulation (:func:`plan`)."""

    k: int  # kinds: 13, or 16 under Nur Schwarze zählen
    kind_of_rung: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]  # acceptance rows
    late_table: tuple[tuple[int, ...], ...] | None  # Bildkarten erst später "nine": once every 9 is burned
    nines: int  # 9s in the deck(s)
    limits: tuple[int, ...] | None  # Nur einzeln; None: no limit
    four_burns: bool  # not under Zwei Blätter
    hand: int
    cap: int
    decks: int
    deal_all: bool
    fixed_start: bool
    order: TurnOrder  # who moves next (A nochmal, …)
    must_pick_up: tuple[bool, ...]  # per acceptance row: nothing may go on that top (10 und Ass, §11.6)
    late_must_pick_up: tuple[bool, ...] | None


def plan(rules: HouseRules) -> Plan:
    """The :class:`Plan` of ``rules`` (which :func:`fast_loop_plays`)."""
    table = acceptance_lists(rules)
    late = acceptance_lists(rules, True) if rules.face_cards_late == "nine" else None
    return Plan(kind_count(rules), kind_of_rung(rules), table, late, 4 * rules.decks,
                None if rules.singles_only == "off" else play_limits(rules), rules.decks == 1, rules.hand_size,
                rules.turn_cap, rules.decks, rules.deal_all, rules.fixed_start, turn_order(rules),
                tuple(not any(row) for row in table), None if late is None else tuple(not any(row) for row in late))


def fast_game(players: int, gseed: int, dealer: int, kinds: Sequence[int], rngs: Sequence[Any], plan: Plan,
              final: list[Any] | None = None) -> tuple[int, int, int]:
    """One game on counts of card kinds; returns ``(loser or -1 for a stalemate, turns, opener's seat)``.

    Mirrors ``PaskahousuGame.apply_action`` move by move under ``plan``'s house rules (see the module doc).

    Args:
        players: seats; gseed: the deal's seed; dealer: the dealer's seat.
        kinds: per seat 0 (heuristic player) or 1 (random player, drawing from ``rngs[seat]``).
        final: if a list, receives the end state for tests: the hands' counts per kind, the discard pile's
            kinds, the draw pile's size and the burned 9s.
    """
    k, kor, table, late, nines, limits, four_ok, hand, cap, decks, deal_all, fixed, order, forced, late_forced = plan
    forced_rows: tuple[bool, ...] = forced
    hands_r, draw_r = deal(players, gseed, dealer, hand, decks=decks, deal_all=deal_all)
    counts = [[0] * k for _ in range(players)]
    for p in range(players):
        c = counts[p]
        for r in hands_r[p]:
            c[kor[r]] += 1
    sizes = [len(h) for h in hands_r]
    draw = [kor[r] for r in reversed(draw_r)]  # top card last: pop() is cheap
    # The opening (Paskahousu rules §4; Fester Anfang §11.3).
    if fixed:
        seat, opts, _ = fixed_opening(counts, dealer, table[0], limits)
        if len(opts) == 1:
            kind, s, n = opts[0]
        elif kinds[seat] == 0:
            kind, s, n = heuristic_opening(opts, counts[seat], table, len(draw), limits, four_ok)
        else:
            kind, s, n = opts[int(rngs[seat].random() * len(opts))]
    else:
        seat, s, n = standard_opening(counts, dealer, limits or (8,) * k)
        kind = PLAY
    opener = seat
    pile: list[int] = []
    top, run, turn = -1, 0, 0
    layer = -1  # who laid the bottom card of the pile
    burned9 = 0
    while True:
        turn += 1
        c = counts[seat]
        landed = NOTHING
        forced_layer = -1
        if kind == PLAY:
            v, new_run = play_verdict(table, top, run, s, n, four_ok)
            c[s] -= n
            sizes[seat] -= n
            if not pile:
                layer = seat
            if v == BURNS:
                if late is not None:
                    burned9 += pile.count(S9) + (n if s == S9 else 0)
                pile = []
                top, run, landed = -1, 0, BURNED
            else:
                pile.extend([s] * n)
                top, run, landed = s, new_run, s
            while sizes[seat] < hand and draw:
                c[draw.pop()] += 1
                sizes[seat] += 1
        elif kind == PICK_UP:
            if forced_rows[top + 1]:  # a 10 or an ace that had to be picked up (§11.6)
                forced_layer = layer
            for x in pile:
                c[x] += 1
            sizes[seat] += len(pile)
            pile = []
            top, run = -1, 0
        else:
            x = draw.pop()
            v, new_run = play_verdict(table, top, run, x, 1, four_ok)
            if v == NO:
                for y in pile:
                    c[y] += 1
                c[x] += 1
                sizes[seat] += len(pile) + 1
                pile = []
                top, run = -1, 0
            else:
                if not pile:
                    layer = seat
                if v == BURNS:
                    if late is not None:
                        burned9 += pile.count(S9) + (x == S9)
                    pile = []
                    top, run, landed = -1, 0, BURNED
                else:
                    pile.append(x)
                    top, run, landed = x, new_run, x
                while sizes[seat] < hand and draw:
                    c[draw.pop()] += 1
                    sizes[seat] += 1
        if late is not None and burned9 >= nines:
            table, forced_rows = late, late_forced or forced_rows
        # Only the mover's hand can shrink, and from a deal every hand holds cards while the draw pile lasts.
        if not draw and not sizes[seat]:
            holders = [p for p in range(players) if sizes[p]]
            if len(holders) == 1:
                if final is not None:
                    final += [counts, pile, len(draw), burned9]
                return holders[0], turn, opener
        seat, _ = next_seat(order, sizes, seat, landed, forced_layer)
        if turn >= cap:
            if final is not None:
                final += [counts, pile, len(draw), burned9]
            return -1, turn, opener
        if kinds[seat] == 0:
            kind, s, n = heuristic_option(counts[seat], table, top, run, pile, len(draw), limits, four_ok)
        else:
            kind, s, n = random_option(rngs[seat], counts[seat], table[top + 1], len(pile), len(draw), limits)

