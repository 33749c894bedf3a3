"""Game records: JSON that replays to the identical state.

A record holds the rules, the player count and names, the start (a seed and
the first seat, or an explicit position) and the sequence of actions::

    {"format": "paternoster-record", "version": 1, "rules": {...}, "players": 2,
     "names": ["Player 1", "Player 2"], "start": {"seed": 7, "first": 0},
     "actions": [{"type": "play", "card": "4♦", "pile": 0}, {"type": "end"}]}

Actions of the variants: ``{"type": "end", "token": true}`` (Notruf-Marken),
``{"type": "big-setback", "card": "7♥", "pile": 0}``, ``{"type": "pass-card", "card": "4♦", "to": 1}``
(Weitergeben), ``{"type": "signal", "seat": 1, "pile": 0, "kind": "help"}`` (``kind`` null
withdraws), ``{"type": "timeout"}`` (Sanduhr).  The rules (every variant switch) are
stored in the record, so a replay uses the same ones; a position start carries the
variant state (tokens, passengers, burning cards, signals, commands).

The record's schema (:data:`RECORD`) is written in the kernel's schema language
(:mod:`paternoster.core.schema`); its ``rules`` part is derived from the fields of :class:`Rules`.

>>> from paternoster import Game
>>> g = Game.new(players=2, seed=7)
>>> lp = g.legal_plays()[0]; _ = g.play(lp.card, lp.pile)
>>> again = Game.from_record(g.to_json())
>>> again == g, again.actions == g.actions
(True, True)
"""

from __future__ import annotations

from os import PathLike
from typing import Any

from ..core.errors import ArgumentTypeError
from ..core.checks import short
from ..core.records import MAX_RECORD_ACTIONS, read_record_file, write_record_file
from ..core.schema import (BOOL, CARD, INT, STR, RecordFormat, actions, either, fields_schema, list_of, map_of, obj,
                           opt, record_schema, tagged, tuple_of)
from .game import Game
from .rules import MAX_PLAYERS, Rules

__all__ = ["replay", "load_record", "save_record", "RECORD"]

# --------------------------------------------------------------------------- the record's schema
_CARDS = list_of(CARD, 156)
_NAMES = list_of(STR, 10)
_PILE = either((INT, STR), "a pile index such as 0 or a pile name such as 'up 1'")

_POSITION = obj({
    "players": INT, "names": _NAMES, "hands": list_of(_CARDS, 10), "draw_pile": _CARDS,
    "piles": list_of(_CARDS, 8), "to_move": INT, "turn": INT, "setbacks_this_turn": INT,
    "played_this_turn": INT, "turn_minimum": opt(INT), "tokens": INT, "token_used_this_turn": BOOL,
    "passed_this_turn": BOOL, "passengers": list_of(CARD, 5), "delivered": INT,
    "burning": list_of(tuple_of(INT, CARD, INT), 8), "silence_until": opt(INT),
    "express": list_of(CARD, 6),
    "signals": map_of(r"[0-9]", list_of(tuple_of(INT, STR, INT), 10), 8)},
    ("hands", "draw_pile", "piles", "to_move"))

_ACTIONS = tagged("type", {
    "play": obj({"type": STR, "card": CARD, "pile": _PILE}, ("card", "pile")),
    "end": obj({"type": STR, "token": BOOL}),
    "big-setback": obj({"type": STR, "card": CARD, "pile": _PILE}, ("card", "pile")),
    "pass-card": obj({"type": STR, "card": CARD, "to": INT}, ("card", "to")),
    "signal": obj({"type": STR, "seat": INT, "pile": _PILE, "kind": opt(STR)}, ("seat", "pile", "kind")),
    "timeout": obj({"type": STR}),
})

#: The Paternoster record format: the ``rules`` are the fields of :class:`Rules` (``hand_sizes`` written as
#: an object ``{"2": 7, …}``), the start a seed or a position, then the actions.
RECORD = RecordFormat(
    Game.RECORD_FORMAT,
    record_schema(fields_schema(Rules, {"hand_sizes": map_of(r"[0-9]{1,2}", INT, MAX_PLAYERS)}), {
        "players": INT, "names": _NAMES,
        "start": either((obj({"seed": INT, "first": INT, "game": opt(INT)}, ("seed",)),
                         obj({"position": _POSITION}, ("position",))),
                        "{'seed': n, 'first': seat} or {'position': {...}}"),
        "actions": actions(_ACTIONS, MAX_RECORD_ACTIONS)},
        ("players", "names", "start", "actions")),
    "Paternoster", "paternoster.Game.from_record")


def replay(record: dict[str, Any] | str | bytes, upto: int | None = None) -> Game:
    """Rebuild a :class:`~paternoster.lift.game.Game` from a record, applying its first ``upto`` actions (all by default).

    Raises:
        RecordError: a missing or malformed field, an unreadable card, or an action
            the rules refuse (the message gives the action's 1-based number and the rule).
    """
    return Game.from_record(record, upto)


def save_record(game: Game, path: str | PathLike[str]) -> None:
    """Write ``game.to_record()`` to ``path`` as UTF-8 JSON (indent 1).

    Raises:
        TypeError: ``game`` is not a :class:`~paternoster.lift.game.Game`.
        RecordError: ``path`` is no plain file or cannot be written
            (:func:`~paternoster.core.records.write_record_file`).
    """
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"save_record needs a paternoster Game, not {short(game)} ({type(game).__name__}).")
    write_record_file(path, game.to_json(indent=1) + "\n")


def load_record(path: str | PathLike[str], upto: int | None = None) -> Game:
    """Read a record file written by :func:`save_record` and replay it.

    The file is read as bytes in bounded memory, at most :data:`~paternoster.core.records.MAX_RECORD_BYTES`
    of them; text that is not UTF-8 is refused with a RecordError.

    Raises:
        RecordError: as :func:`replay`; no file at ``path``, a folder (or pipe, device), a file that
            cannot be read, one over the size limit or not UTF-8 (the message names the path and
            what to do).  TypeError: ``path`` is no path.

    >>> load_record("no-such-game.json")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RecordError: No record file at 'no-such-game.json': check the folder and the file name (a record is written by paternoster.save_record(game, path)).
    """
    return replay(read_record_file(path, "paternoster.save_record(game, path)"), upto)
