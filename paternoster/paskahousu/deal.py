"""The deal and who opens (Paskahousu rules §3, §4; Fester Anfang §11.3; Zwei Blätter §11.9; Ruotsalainen
§11.11).

:class:`~paternoster.paskahousu.PaskahousuGame` and the simulation's lean loop both deal with :func:`deal`
and find the opener with :func:`standard_opening` or :func:`fixed_opening`, so a simulated game starts as the
same game does.  Pöytäpaska's deal (table cards): :func:`~paternoster.paskahousu.table_cards.deal_with_table_cards`.

>>> counts = [[2] + [0] * 12, [2] + [0] * 12, [0, 3] + [0] * 11]
>>> standard_opening(counts, dealer=0, limits=(8,) * 13), tied_with(counts, 1, 0)
((1, 0, 2), [0])
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.checks import MAX_SEED, whole
from ..core.errors import ArgumentError

from .options import PLAY, legal_options
from .ranks import S3, who_starts

__all__ = ["deal", "standard_opening", "tied_with", "fixed_opening"]


def deal(players: int, seed: int, dealer: int, hand_size: int, *, decks: int = 1,
         deal_all: bool = False) -> tuple[list[list[int]], list[int]]:
    """Shuffle one 52-card deck (two under Zwei Blätter) with ``seed`` and deal (Paskahousu rules §3.2, §11).

    Cards are dealt 2, 2, 1 (for hands of five; larger hands: more rounds of 2, then the
    rest) to each player clockwise from the dealer's left; the rest is the draw pile.
    **Decision** (kit): the deck in rung order (A♦ … K♣) is shuffled with
    ``numpy.random.default_rng(seed).permutation(52)``; two decks (Paskahousu rules §11.9) with
    ``permutation(104)``, position ``i`` holding the card on rung ``i % 52``.  Ruotsalainen
    (``deal_all``, Paskahousu rules §11.11): every card is dealt, one at a time clockwise from the
    dealer's left, so the first hands may hold one card more; the draw pile is empty.

    Returns:
        ``(hands, draw_pile)`` as rungs (``Card.from_rung``), the draw pile's top first.

    >>> hands, draw = deal(4, seed=0, dealer=0, hand_size=5)
    >>> [len(h) for h in hands], len(draw)
    ([5, 5, 5, 5], 32)
    >>> [len(h) for h in deal(3, seed=0, dealer=0, hand_size=5, deal_all=True)[0]]
    [17, 18, 17]

    Raises:
        ArgumentError: ``players`` not 1–52, ``seed`` not 0 … 2**64 − 1, ``dealer`` not a seat, ``decks`` not
            1–3 or ``hand_size`` not 0 … the cards of the decks (whole numbers all; ``10**100`` players would
            never be dealt).
    """
    decks = whole(decks, "decks", 1, 3, error=ArgumentError)
    players = whole(players, "players", 1, 52, error=ArgumentError)
    seed = whole(seed, "seed", 0, MAX_SEED, error=ArgumentError)
    dealer = whole(dealer, "dealer", 0, players - 1, error=ArgumentError)
    hand_size = whole(hand_size, "hand_size", 0, 52 * decks, error=ArgumentError)
    if decks == 1:
        order = np.random.default_rng(seed).permutation(52).tolist()
    else:
        order = [x % 52 for x in np.random.default_rng(seed).permutation(52 * decks).tolist()]
    hands: list[list[int]] = [[] for _ in range(players)]
    if deal_all:
        for i, rung in enumerate(order):
            hands[(dealer + 1 + i) % players].append(rung)
        return hands, []
    k, left = 0, hand_size
    while left:
        take = 2 if left >= 2 else 1
        for i in range(1, players + 1):
            hands[(dealer + i) % players].extend(order[k:k + take])
            k += take
        left -= take
    return hands, order[k:]


def standard_opening(counts: Sequence[Sequence[int]], dealer: int, limits: Sequence[int]) -> tuple[int, int, int]:
    """Who opens and what they lay (Paskahousu rules §4; Nur einzeln caps the lay, §11.5).

    Args:
        counts: per seat, the cards of each kind held.
        dealer: the dealer's seat.
        limits: the most cards of each kind one play may lay.

    Returns:
        ``(seat, kind, cards to lay)``: the player with the most 3s (then 4s, …; ties to the first clockwise
        from the dealer's left, :func:`~paternoster.paskahousu.ranks.who_starts`) lays all of them, at most the
        limit.  The others holding as many: :func:`tied_with`.
    """
    seat, s = who_starts(counts, dealer)
    return seat, s, min(counts[seat][s], limits[s])


def tied_with(counts: Sequence[Sequence[int]], seat: int, s: int) -> list[int]:
    """The other seats holding as many cards of kind ``s`` as ``seat`` (the opening's tie, Paskahousu rules §4.2)."""
    return [p for p in range(len(counts)) if p != seat and counts[p][s] == counts[seat][s]]


def fixed_opening(counts: Sequence[Sequence[int]], dealer: int, empty_row: Sequence[int],
                  limits: Sequence[int] | None) -> tuple[int, list[tuple[int, int, int]], int]:
    """Fester Anfang (Paskahousu rules §11.3): who opens and the lays they may choose from.

    From the dealer's left, the first player holding a 3 opens with one or more 3s; if nobody holds a 3,
    the dealer's left opens with any lay the empty table allows (``empty_row``: the acceptance table's row
    of the empty table; :func:`~paternoster.paskahousu.options.legal_options`).

    Returns:
        ``(seat, options, passed)``: the opener, its lays as options ``(PLAY, kind, count)`` (any cards of
        that kind may make the lay: suits do not matter), and how many players before it held no 3
        (−1: nobody holds a 3).
    """
    players = len(counts)
    left = (dealer + 1) % players
    for k in range(players):
        seat = (left + k) % players
        if counts[seat][S3]:
            return seat, [(PLAY, S3, n) for n in range(1, counts[seat][S3] + 1)], k
    return left, legal_options(counts[left], empty_row, 0, 0, limits), -1
