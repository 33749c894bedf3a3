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

from ..core.checks import short
from ..core.records import parse_record as parse_record  # re-export: its home is paternoster.core.records
from ..core.records import read_record_file
from .game import Game

__all__ = ["replay", "load_record", "save_record"]


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
        TypeError: ``game`` is not a :class:`~paternoster.lift.game.Game`; OSError if the file cannot be written.
    """
    from pathlib import Path
    if not isinstance(game, Game):
        raise TypeError(f"save_record needs a paternoster Game, not {short(game)} ({type(game).__name__}).")
    Path(path).write_bytes((game.to_json(indent=1) + "\n").encode("utf-8"))


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
