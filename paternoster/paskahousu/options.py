"""Paskahousu's moves as numbers: every legal action as an option ``(kind, value, count)``.

The computer players (:mod:`.bots`), the simulation's lean loop (:mod:`.fastsim`) and
:meth:`~paternoster.paskahousu.PaskahousuGame.options` list the moves in this form, in one order, so a
simulated game and the same game played with :class:`~paternoster.paskahousu.PaskahousuGame` make the same
choices.  The house rules add kinds: Pöytäpaska's ``TURN`` (3, :mod:`.table_cards`) and Valepaska's
``ANNOUNCE``, ``LIE``, ``CHECK``, ``LET_PASS`` (4–7, :mod:`.bluff`).

>>> from paternoster.paskahousu.ranks import acceptance_lists
>>> legal_options([0] * 5 + [2] + [0] * 7, acceptance_lists(STANDARD_HOUSE_RULES)[1 + 4], 3, 10)
[(0, 5, 1), (0, 5, 2), (1, -1, 0), (2, -1, 0)]
"""

from __future__ import annotations

from typing import Sequence

from .rules import STANDARD_HOUSE_RULES  # noqa: F401  (the doctest's rules)

__all__ = ["PLAY", "PICK_UP", "TRY_YOUR_LUCK", "legal_options"]

#: Kinds of :func:`legal_options` entries (the computer players' and the simulation's action code).
PLAY, PICK_UP, TRY_YOUR_LUCK = 0, 1, 2


def legal_options(counts: Sequence[int], row: Sequence[int], pile: int, draw: int,
                  limits: Sequence[int] | None = None) -> list[tuple[int, int, int]]:
    """Every legal action as ``(kind, strength, count)`` — the order every player and the game use.

    Args:
        counts: cards of each kind in the hand (13 numbers; 16 under Nur Schwarze zählen).
        row: the acceptance-table row of the top card (row 0 = empty table).
        pile, draw: cards in the discard pile and in the draw pile.
        limits: the most cards of each kind one play may lay (:func:`~paternoster.paskahousu.ranks.play_limits`;
            ``None``: no limit).

    Returns:
        plays ``(PLAY, s, n)`` by kind, then count 1 … held (at most the limit); then ``(PICK_UP, -1, 0)``
        if the pile has cards; then ``(TRY_YOUR_LUCK, -1, 0)`` if the draw pile has cards and something
        may be played on the top card.  Two house-rule cases read only this data (Paskahousu rules §11.6,
        §11.7): when nothing at all may go on the top card (a 10 or an ace that must be picked up), the
        only move is to pick up; **Decision (kit):** when a player on the empty table holds only cards
        Leerer Tisch bans, the ban yields and any of them may open.
    """
    k = len(counts)
    if limits is None:
        out = [(PLAY, s, n) for s in range(k) if counts[s] and row[s] for n in range(1, counts[s] + 1)]
    else:
        out = [(PLAY, s, n) for s in range(k) if counts[s] and row[s] for n in range(1, min(counts[s], limits[s]) + 1)]
    if not pile and not out:  # the empty table: a Leerer Tisch ban yields when nothing else is held
        out = [(PLAY, s, n) for s in range(k) if counts[s]
               for n in range(1, (counts[s] if limits is None else min(counts[s], limits[s])) + 1)]
    if pile:
        out.append((PICK_UP, -1, 0))
    if draw and (not pile or any(row)):
        out.append((TRY_YOUR_LUCK, -1, 0))
    return out
