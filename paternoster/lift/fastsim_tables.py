"""The fast simulation's tables (:mod:`paternoster.lift.fastsim`): for one rule set, where a card may go on
every top card, read off the engine's :func:`~paternoster.lift.ladder.placement` and
:func:`~paternoster.lift.commands.command_block` and checked against them, so the numpy loop
(:mod:`paternoster.lift.fastsim_kernel`) restates no placement rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..core.cards import Card
from .commands import COMMAND_NAMES, card_colour, command_block, is_burning
from .cost import cost_of
from .ladder import BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, Direction, big_setback_ranks, placement, setback_card

__all__ = ["RuleTables", "rule_tables"]


@dataclass(frozen=True)
class RuleTables:
    """Per-top numbers of one rule set for the loop (index: pile direction, top card 0–51, 52/53 empty)."""

    dmax: np.ndarray      # int16 (2, 54): largest ordinary step (rungs) onto each top (index 52/53: empty)
    wmin: np.ndarray      # int16 (2, 54): Kinderfahrt: the furthest a same-suit card may go the wrong way (rungs)
    sbok: np.ndarray      # bool (2, 54): a setback (or big setback) onto this top is allowed
    follow: np.ndarray    # int16 (2, 54): the setback card onto this top (-1: none; commands respected)
    burns: np.ndarray     # bool (53,)
    halt: np.ndarray      # bool (53,)
    express: np.ndarray   # bool (53,)
    last: np.ndarray      # bool (54,)
    silence: np.ndarray   # bool (53,): Schweigen (red Queen under Befehle)


def _command_of(card: Card, ranks: tuple[int, ...]) -> str | None:
    return COMMAND_NAMES[(card_colour(card), card.rank)] if card.rank in ranks else None


def _model(d: int, dmax: int, wmin: int, sbok: bool, same_suit: bool) -> tuple[str, int] | None:
    """The loop's arithmetic for a play moving the pile ``d`` rungs (negative: the wrong way)."""
    if 0 <= d <= dmax:
        return NORMAL, d
    if same_suit:
        return (SAME_SUIT, d) if wmin <= d < 0 and d % 4 == 0 and sbok else None
    if d == -4 and sbok:
        return SETBACK, d
    return None


@lru_cache(maxsize=32)
def rule_tables(same_suit: bool, command_ranks: tuple[int, ...]) -> RuleTables:
    """Per-top parameters read off the engine's :func:`placement` and :func:`command_block`.

    The loop moves a pile by ``d`` rungs (up: card − top; down: top − card; an empty
    up pile has top −1, an empty down pile top 52).  This builds, for every top, the
    largest ordinary step allowed (Engpass) and whether a setback may go on it
    (Sperre), then checks that this arithmetic gives the engine's answer — kind and
    simple-player cost — for every (direction, top, card): a rule changed in the
    engine and not here fails loudly instead of simulating the wrong game.
    """
    cards = [Card.from_rung(r) for r in range(52)]
    dmax = np.full((2, 54), 127, dtype=np.int16)
    wmin = np.zeros((2, 54), dtype=np.int16)
    sbok = np.zeros((2, 54), dtype=bool)
    follow = np.full((2, 54), -1, dtype=np.int16)
    directions: tuple[Direction, Direction] = ("up", "down")
    for di, direction in enumerate(directions):
        for t in range(52):
            top: Card | None = cards[t]
            steps = [(c.rung - t) * (1 if di == 0 else -1) for c in cards
                     if (f := placement(c, direction, top, same_suit)) is not None and f.kind == NORMAL
                     and command_block(c, direction, NORMAL, top, command_ranks) is None]
            dmax[di, t] = max(steps) if steps else -1
            wrong = [(c.rung - t) * (1 if di == 0 else -1) for c in cards
                     if (f := placement(c, direction, top, same_suit)) is not None and f.kind == SAME_SUIT
                     and command_block(c, direction, SAME_SUIT, top, command_ranks) is None]
            wmin[di, t] = min(wrong) if wrong else 0
            sb = setback_card(direction, top)
            kind = SAME_SUIT if same_suit else SETBACK
            sbok[di, t] = command_block(sb or cards[t], direction, kind, top, command_ranks) is None
            if sb is not None and not same_suit and sbok[di, t]:
                follow[di, t] = sb.rung
        for t in range(53):  # check the arithmetic against the engine, empty pile (52) included
            top = cards[t] if t < 52 else None
            vt = t if t < 52 else (-1 if di == 0 else 52)
            for c, card in enumerate(cards):
                d = (c - vt) if di == 0 else (vt - c)
                fit = placement(card, direction, top, same_suit)
                if fit is not None and command_block(card, direction, fit.kind, top, command_ranks) is not None:
                    fit = None
                want = None
                if fit is not None:
                    want = (fit.kind, cost_of(fit.kind, fit.skipped, card, top))  # rules §5, the one definition
                got = _model(d, int(dmax[di, t]) if t < 52 else 127, int(wmin[di, t]) if t < 52 else 0,
                             bool(sbok[di, t]) if t < 52 else False, same_suit)
                ranks = big_setback_ranks(card, direction, top)
                big_engine = (not same_suit and ranks is not None and ranks in (2, 3)
                              and command_block(card, direction, BIG_SETBACK, top, command_ranks) is None)
                big_model = not same_suit and d in (-8, -12) and t < 52 and bool(sbok[di, t])
                if got != want or big_engine != big_model:
                    raise RuntimeError(f"fastsim's arithmetic disagrees with the engine for {card} on a {direction} "
                                       f"pile with top {top}: engine {want}/{big_engine}, loop {got}/{big_model}.")
    flags = lambda f: np.array([f(c) for c in cards] + [False])  # noqa: E731
    return RuleTables(dmax, wmin, sbok, follow, flags(is_burning),
                   flags(lambda c: _command_of(c, command_ranks) == "Halt"),
                   flags(lambda c: _command_of(c, command_ranks) == "Express"),
                   np.append(flags(lambda c: _command_of(c, command_ranks) == "Last"), False),
                   flags(lambda c: _command_of(c, command_ranks) == "Schweigen"))
