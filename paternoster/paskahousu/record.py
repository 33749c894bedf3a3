"""Paskahousu game records: JSON that replays to the identical game.

::

    {"format": "paskahousu-record", "version": 1, "rules": {...}, "players": 4,
     "names": [...], "dealer": 0, "start": {"seed": 7},
     "actions": [{"type": "play", "cards": ["3♦", "3♣"]}, {"type": "try-your-luck"}, {"type": "pick-up"}]}

House rules add actions (Paskahousu rules §11.10, §11.12): ``{"type": "turn-table-card", "slot": 0}``
(Pöytäpaska), ``{"type": "announce", "cards": ["4♠", "9♦"], "rank": "9"}``, ``{"type": "check", "seat": 2}``
and ``{"type": "let-pass", "seat": 2}`` (Valepaska); a position then also holds ``face_up``/``face_down``
(per seat) or ``announced`` (``[seat, rank, count, face_up]`` per group, bottom first) and ``deciders``.

``start`` is ``{"seed": n}`` (a dealt game) or ``{"position": {...}}`` (see
:meth:`PaskahousuGame.to_position`); a position places every one of the 52 cards
(cards out of the game are listed in ``"burned"``), see :func:`replay`.
"""

from __future__ import annotations

from typing import Any

from ..core.records import parse_record
from .game import PaskahousuGame

__all__ = ["replay", "parse_record"]


def replay(record: dict[str, Any] | str | bytes, upto: int | None = None) -> PaskahousuGame:
    """Rebuild a :class:`~paternoster.paskahousu.PaskahousuGame` from a record, applying its first ``upto`` actions.

    **Decision** (kit): a ``{"position": ...}`` start must place all 52 cards (hands, draw pile,
    discard pile, burned) — a record is replayed exactly as written, so one that lost cards is
    refused, naming them, rather than filled up (only :meth:`PaskahousuGame.from_position`, for
    hand-written lesson tables, puts unplaced cards into ``burned``).

    Raises:
        RecordError: a missing or malformed field, an unreadable card, a start position that
            misses cards or holds one twice, or an action the rules refuse (the message gives the
            action's 1-based number and the rule).
    """
    return PaskahousuGame.from_record(record, upto)
