"""Command cards (Befehle), burning cards (Feuer), and the deal: helpers the game and the fast simulation share."""

from __future__ import annotations


from typing import Callable, TypeVar

import numpy as np

from ..core.cards import Card, Suit, as_card
from ..core.checks import MAX_GAMES, MAX_SEED, whole
from .ladder import (BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, Direction)
from . import rule_ids

__all__ = ['COMMAND_NAMES', 'card_colour', 'is_burning', 'command_block', 'deal_orders', 'reveal_passengers']


#: The cards of :func:`reveal_passengers`: engine cards, or the fast simulation's card numbers.
CardT = TypeVar("CardT")

COMMAND_NAMES = {("red", 11): "Halt", ("red", 12): "Schweigen", ("red", 13): "Express",
                 ("black", 11): "Sperre", ("black", 12): "Engpass", ("black", 13): "Last"}
"""Befehle (rules §12.1, the kit's design): command name by colour and rank."""


def card_colour(card: Card) -> str:
    """``"red"`` or ``"black"``: the colour of ``card``'s suit (command cards are named by colour and rank)."""
    return "red" if card.suit.is_red else "black"


def is_burning(card: Card) -> bool:
    """Feuer: 3♥, 6♥, 9♥ and Q♥ burn (hearts whose rank divides by 3; rules §11.8).

    >>> from paternoster import full_deck
    >>> [str(c) for c in full_deck(1) if is_burning(c)]
    ['3♥', '6♥', '9♥', 'Q♥']
    """
    if not isinstance(card, Card):
        card = as_card(card)
    return card.suit == Suit.HEARTS and card.rank % 3 == 0


# --------------------------------------------------------------------------- the game

def command_block(card: Card, direction: Direction, kind: str, top: Card | None,
                  command_ranks: tuple[int, ...]) -> str | None:
    """Befehle: the rule id a black command on ``top`` refuses this play with, or ``None`` (rules §12.5, §12.6).

    Args:
        card: the card played; direction: ``"up"`` or ``"down"``; kind: its placement kind
        (:data:`~paternoster.lift.ladder.NORMAL`, ``SETBACK``, ``BIG_SETBACK``, ``SAME_SUIT``);
        top: the pile's top card (``None``: empty); command_ranks: ``Rules.command_ranks``.

    Returns:
        :data:`~paternoster.lift.rule_ids.SETBACK_BLOCKED` (Sperre, black Jack: nothing the wrong way),
        :data:`~paternoster.lift.rule_ids.NARROW_PASS` (Engpass, black Queen: same or next rank only, setbacks
        allowed) or ``None``.
    """
    if top is None or top.suit.is_red or top.rank not in command_ranks:
        return None
    wrong_way = kind in (SETBACK, BIG_SETBACK, SAME_SUIT)
    if top.rank == 11 and wrong_way:
        return rule_ids.SETBACK_BLOCKED
    if top.rank == 12:
        step = card.rank - top.rank if direction == "up" else top.rank - card.rank
        if kind == NORMAL and step > 1:
            return rule_ids.NARROW_PASS
        if kind == SAME_SUIT and step < -1:
            return rule_ids.NARROW_PASS
    return None


def deal_orders(seed: int, cards: int, first_game: int = 0, games: int = 1) -> np.ndarray:
    """Shuffled deck orders for games ``first_game …`` of a simulation with ``seed``.

    Args:
        seed: the simulation seed (int ≥ 0).
        cards: cards in the deck (52 per deck: 52, 104 or 156).
        first_game: index of the first game wanted (≥ 0).
        games: how many consecutive games (≥ 0).

    Returns:
        int array ``(games, cards)``: row ``k`` lists indices into :func:`full_deck`, top card first.

    **Decision** (kit): game ``i`` is ordered by ``cards`` uniform keys from one
    ``numpy`` PCG64 stream seeded with ``seed``, at positions ``i * cards …`` (jumped to
    with ``PCG64.advance``).  So thousands of games are shuffled in one numpy call,
    and any single game is rebuilt without the ones before it.

    >>> a = deal_orders(7, 52, 0, 3)
    >>> bool((deal_orders(7, 52, 2)[0] == a[2]).all()), sorted(a[0].tolist()) == list(range(52))
    (True, True)
    """
    seed = whole(seed, "seed", lo=0, hi=MAX_SEED)
    bits = np.random.PCG64(seed)
    bits.advance(whole(first_game, "first_game", lo=0) * whole(cards, "cards", lo=1))
    keys = np.random.Generator(bits).random((whole(games, "games", lo=0, hi=MAX_GAMES), cards))
    return np.argsort(keys, axis=1)


def reveal_passengers(shuffled: list[CardT], count: int, rng: Callable[..., np.random.Generator]) -> list[CardT]:
    """Fahrgäste: take ``count`` passengers off the top of ``shuffled`` (a list, changed in place).

    **Decision (kit)** (rules §11.7): a card equal to an earlier passenger (its twin) goes back into
    the rest of the deck at ``rng().integers(1, len + 1)`` (``rng`` is called only then)
    and the next card is revealed instead.

    Returns:
        the passengers, in delivery order.
    """
    passengers: list[CardT] = []
    gen = None
    while len(passengers) < count:
        card = shuffled.pop(0)
        if card in passengers:
            gen = gen if gen is not None else rng()
            shuffled.insert(int(gen.integers(1, len(shuffled) + 1)), card)
        else:
            passengers.append(card)
    return passengers
