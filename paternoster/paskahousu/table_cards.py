"""Pöytäpaska — table cards (Paskahousu rules §11.10): the rules as small functions the game calls.

For two or three players.  Besides the hand, every player has four face-down and four face-up cards on
the table in front of them.  The kit's rules (**Decision (kit)** where the rule book is open):

* **Deal.**  From the shuffled deck every player gets four face-down cards (one at a time, clockwise
  from the dealer's left), then four face-up cards the same way, then the hand as in the standard
  deal (2, 2, 1); the rest is the draw pile.  Who opens is decided by the hands alone (§4).
* **Hand first.**  While a player's hand or the draw pile has cards, the player plays from the hand
  (try your luck and refills as usual).
* **Face up next.**  Once hand and draw pile are empty, the player plays face-up table cards — one or
  several of one rank, like a play from the hand (:class:`~paternoster.paskahousu.PlayCards` with
  those cards) — or picks up the discard pile, which puts cards back in the hand (hand first again).
* **Face down last.**  Once the face-up cards are gone too, the player turns one face-down card over
  (:class:`~paternoster.paskahousu.TurnTableCard`, blind: nobody knows the card before).  A legal
  play is played (it may burn: the player moves again); otherwise the player takes it and the discard
  pile into the hand, and the next player moves.  Picking up instead is allowed too (§5.3).
* **Out.**  A player is out only when hand, face-up and face-down cards are all gone.

Views (:meth:`~paternoster.paskahousu.PaskahousuGame.view`) show everyone's face-up table cards and
only the number of face-down ones — the player's own too.

>>> hands, down, up, draw = deal_with_table_cards(2, seed=3, dealer=0, hand_size=5)
>>> [len(h) for h in hands], [len(d) for d in down], [len(u) for u in up], len(draw)
([5, 5], [4, 4], [4, 4], 26)
>>> phase(hand=0, draw_pile=0, face_up=2, face_down=4)
'face-up'
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.refusal import Refusal
from . import rule_ids
from . import texts

__all__ = ["FACE_DOWN_CARDS", "FACE_UP_CARDS", "HAND", "FACE_UP", "FACE_DOWN", "NONE",
           "deal_with_table_cards", "phase", "play_source_refusal", "turn_refusal", "turn_options", "TURN"]

#: Face-down and face-up table cards each player gets (Paskahousu rules §11.10).
FACE_DOWN_CARDS = 4
FACE_UP_CARDS = 4
#: Where a player's next play comes from.
HAND, FACE_UP, FACE_DOWN, NONE = "hand", "face-up", "face-down", "none"
#: The kind of the "turn a face-down card" entry in the computer players' option lists (after
#: PLAY, PICK_UP, TRY_YOUR_LUCK = 0, 1, 2 of :func:`~paternoster.paskahousu.legal_options`).
TURN = 3


def deal_with_table_cards(players: int, seed: int, dealer: int,
                          hand_size: int) -> tuple[list[list[int]], list[list[int]], list[list[int]], list[int]]:
    """Shuffle one deck with ``seed`` and deal table cards and hands (Paskahousu rules §11.10, **Decision (kit)**).

    The deck is shuffled as in the standard deal (``numpy.random.default_rng(seed).permutation(52)``).
    Face-down cards first, one at a time clockwise from the dealer's left, four rounds; then the
    face-up cards the same way; then the hands — 2, 2, 1 as in the standard deal.  (The house rules
    allow 2–3 players and refuse Pöytäpaska with Ruotsalainen or two decks: Paskahousu rules §11.13.)

    Returns:
        ``(hands, face_down, face_up, draw_pile)`` as rungs (``Card.from_rung``), the draw pile's top first.
    """
    order = np.random.default_rng(seed).permutation(52).tolist()
    k = 0
    seats = [(dealer + i) % players for i in range(1, players + 1)]
    face_down: list[list[int]] = [[] for _ in range(players)]
    face_up: list[list[int]] = [[] for _ in range(players)]
    for rows, n in ((face_down, FACE_DOWN_CARDS), (face_up, FACE_UP_CARDS)):
        for _ in range(n):
            for p in seats:
                rows[p].append(order[k])
                k += 1
    hands: list[list[int]] = [[] for _ in range(players)]
    left = hand_size
    while left:
        take = 2 if left >= 2 else 1
        for p in seats:
            hands[p].extend(order[k:k + take])
            k += take
        left -= take
    return hands, face_down, face_up, order[k:]


def phase(hand: int, draw_pile: int, face_up: int, face_down: int) -> str:
    """Where a player's next cards come from, given the counts of their hand, the draw pile and their table cards.

    Returns:
        :data:`HAND` while hand or draw pile has cards; else :data:`FACE_UP` while face-up cards are left;
        else :data:`FACE_DOWN` while face-down cards are left; else :data:`NONE` (no cards: out).
    """
    if hand or draw_pile:
        return HAND
    if face_up:
        return FACE_UP
    if face_down:
        return FACE_DOWN
    return NONE


def play_source_refusal(where: str, who: str, in_hand: bool, on_face_up: bool) -> Refusal | None:
    """Whether cards may come from where they lie (Paskahousu rules §11.10).

    Args:
        where: the player's :func:`phase`; who: the player's name.
        in_hand: every card of the play is in the hand; on_face_up: every card is among their face-up cards.

    Returns:
        ``None`` when the source is right (the other checks — ownership, rank — come after), else a
        refusal ``hand-first`` (table cards while the hand or the draw pile has cards) or
        ``face-down-blind`` (only turning a face-down card is left).
    """
    if where == HAND and on_face_up and not in_hand:
        return Refusal(rule_ids.HAND_FIRST, texts.table_cards_refusal(rule_ids.HAND_FIRST, who))
    if where == FACE_DOWN:
        return Refusal(rule_ids.FACE_DOWN_BLIND, texts.table_cards_refusal(rule_ids.FACE_DOWN_BLIND, who))
    return None


def turn_refusal(table_cards: bool, where: str, who: str, slot: int, face_down: int) -> Refusal | None:
    """Whether the player to move may turn face-down card ``slot`` over now (Paskahousu rules §11.10).

    Returns:
        ``None`` or a refusal: ``table-cards-off`` (Pöytäpaska is not played), ``hand-first`` (hand or
        draw pile still has cards), ``face-up-first`` (face-up cards are left), ``no-such-slot``.
    """
    if not table_cards:
        return Refusal(rule_ids.TABLE_CARDS_OFF, texts.TABLE_CARDS_OFF)
    if where == HAND:
        return Refusal(rule_ids.HAND_FIRST, texts.table_cards_refusal(rule_ids.HAND_FIRST, who, face_down=True))
    if where == FACE_UP:
        return Refusal(rule_ids.FACE_UP_FIRST, texts.table_cards_refusal(rule_ids.FACE_UP_FIRST, who))
    if not 0 <= slot < face_down:
        return Refusal(rule_ids.NO_SUCH_SLOT, texts.table_cards_refusal(rule_ids.NO_SUCH_SLOT, who, True, face_down, slot))
    return None


def turn_options(face_down: int, pile: int) -> list[tuple[int, int, int]]:
    """The face-down phase's options in the order :meth:`~paternoster.paskahousu.PaskahousuGame.legal_actions`
    lists them: ``(TURN, slot, 0)`` for every slot, then ``(PICK_UP, -1, 0)`` if the pile has cards."""
    out = [(TURN, slot, 0) for slot in range(face_down)]
    if pile:
        out.append((1, -1, 0))  # PICK_UP
    return out


def counts_of(strengths: Sequence[int]) -> list[int]:
    """Cards per strength (13 numbers) of a list of strengths."""
    c = [0] * 13
    for s in strengths:
        c[s] += 1
    return c
