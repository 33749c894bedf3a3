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

The record's schema (:data:`RECORD`) is written in the kernel's schema language
(:mod:`paternoster.core.schema`); its ``rules`` part is derived from the fields of :class:`HouseRules`,
so a new house-rule switch is in the records without a second list.
"""

from __future__ import annotations

from os import PathLike
from typing import Any

from ..core.errors import ArgumentTypeError
from ..core.checks import short
from ..core.records import MAX_RECORD_ACTIONS, parse_record, read_record_file, write_record_file
from ..core.schema import (BOOL, CARD, INT, STR, RecordFormat, actions, either, fields_schema, list_of, obj, opt,
                           record_schema, tagged, tuple_of)
from .game import PaskahousuGame
from .rules import HouseRules

__all__ = ["replay", "parse_record", "save_record", "load_record", "RECORD"]

# --------------------------------------------------------------------------- the record's schema
_CARDS = list_of(CARD, 156)
_NAMES = list_of(STR, 10)

_POSITION = obj({
    "players": INT, "names": _NAMES, "dealer": INT, "hands": list_of(_CARDS, 10), "draw_pile": _CARDS,
    "pile": _CARDS, "burned": _CARDS, "to_move": INT, "turn": INT, "out": list_of(INT, 10),
    "opened": BOOL, "opening": BOOL, "layer": opt(INT),
    # Pöytäpaska (Paskahousu rules §11.10): each seat's face-up and face-down table cards
    "face_up": list_of(_CARDS, 10), "face_down": list_of(_CARDS, 10),
    # Valepaska (Paskahousu rules §11.12): the announcements on the pile [seat, rank, count, face up],
    # bottom first, and the seats still to decide on the last one (empty: no check window open)
    "announced": list_of(tuple_of(INT, STR, INT, BOOL), 156), "deciders": list_of(INT, 10)},
    ("hands", "draw_pile", "pile", "burned", "to_move"))

_ACTIONS = tagged("type", {
    "play": obj({"type": STR, "cards": list_of(CARD, 8)}, ("cards",)),
    "pick-up": obj({"type": STR}),
    "try-your-luck": obj({"type": STR}),
    "turn-table-card": obj({"type": STR, "slot": INT}, ("slot",)),
    "announce": obj({"type": STR, "cards": list_of(CARD, 8), "rank": STR}, ("cards", "rank")),
    "check": obj({"type": STR, "seat": INT}, ("seat",)),
    "let-pass": obj({"type": STR, "seat": INT}, ("seat",))})

#: The Paskahousu record format: the ``rules`` are the fields of :class:`HouseRules`, then the dealer, the
#: start (a seed or a position) and the actions.
RECORD = RecordFormat(
    "paskahousu-record",
    record_schema(fields_schema(HouseRules), {
        "players": INT, "names": _NAMES, "dealer": INT,
        "start": either((obj({"seed": INT}, ("seed",)), obj({"position": _POSITION}, ("position",))),
                        "{'seed': n} or {'position': {...}}"),
        "actions": actions(_ACTIONS, MAX_RECORD_ACTIONS)},
        ("players", "names", "dealer", "start", "actions")),
    "Paskahousu", "paternoster.paskahousu.PaskahousuGame.from_record")


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


def save_record(game: PaskahousuGame, path: str | PathLike[str]) -> None:
    """Write ``game.to_record()`` to ``path`` as UTF-8 JSON (indent 1).

    Raises:
        TypeError: ``game`` is not a :class:`~paternoster.paskahousu.PaskahousuGame`.
        RecordError: ``path`` is no plain file or cannot be written
            (:func:`~paternoster.core.records.write_record_file`).
    """
    if not isinstance(game, PaskahousuGame):
        raise ArgumentTypeError(f"save_record needs a PaskahousuGame, not {short(game)} ({type(game).__name__}).")
    write_record_file(path, game.to_json(indent=1) + "\n")


def load_record(path: str | PathLike[str], upto: int | None = None) -> PaskahousuGame:
    """Read a record file written by :func:`save_record` and replay it (its first ``upto`` actions).

    The file is read in bounded memory: at most :data:`~paternoster.core.records.MAX_RECORD_BYTES`
    bytes; text that is not UTF-8 is refused.

    Raises:
        RecordError: as :func:`replay`; no file at ``path``, a folder, a file that cannot be read or is
            over the size limit (the message names the path and what to do).  TypeError: ``path`` is no path.

    >>> load_record("no-such-game.json")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RecordError: No record file at 'no-such-game.json': check the folder and the file name (a record is written by paternoster.paskahousu.save_record(game, path)).
    """
    return replay(read_record_file(path, "paternoster.paskahousu.save_record(game, path)"), upto)
