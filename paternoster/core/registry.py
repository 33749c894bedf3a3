"""The registry of games: one entry per game, and every list of games in the kit is read from it.

Each game registers itself (as games do in OpenSpiel): its subpackage has a module ``registration.py``
that calls :func:`register` with a :class:`GameEntry` — its name, state class, rules class, record
format (schema derived from the rules dataclass), card-table adapter, computer players, player range,
classroom page, command-line module and evaluator.  The registry finds those modules by their file name in the
package's subpackages the first time it is asked (:func:`games`), so the kernel names no game and adding
a game is a new subpackage with its ``registration.py``; nothing else lists it.

Who reads the registry: the record reader (:func:`paternoster.core.records.parse_record` and
:func:`~paternoster.core.records.read_record`, a record of any game by its format), the classroom widget
(its list of games), the card tables' coach panel (each game's evaluator), the command line (each game's
sub-commands), the contract, codec and fuzz tests.
``kit.py`` (standard library only, run outside the kit's environment) cannot import the package; it finds
the classroom pages by their file names, ``notebooks/classroom_NAME.ipynb``, the page :attr:`GameEntry.classroom_page`
names (a test checks that both agree).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from .errors import ArgumentError
from .base import Bot, GameContract
from .checks import short
from .schema import RecordFormat
from .table import TableAdapter

__all__ = ["GameEntry", "register", "games", "game", "by_format", "REGISTRATION"]

#: The file name of a game's registration module, in the game's subpackage.
REGISTRATION = "registration"
_NAME = re.compile(r"[a-z][a-z0-9]{1,30}")


@dataclass(frozen=True)
class GameEntry:
    """One game of the kit.

    Attributes:
        name: the game's word in the command line, the classroom and ``kit.py`` (lower-case letters and
            digits, e.g. ``"chess"``).
        title: its name in sentences (``"Chess"``).
        state: the state class (it keeps :class:`~paternoster.core.base.GameContract`; mypy checks this
            where the game registers).
        rules: the rules dataclass (its fields give the record's ``rules`` schema).
        record: the record format (:class:`~paternoster.core.schema.RecordFormat`).
        table: the card-table adapter class (:class:`~paternoster.core.table.TableAdapter`).
        bots: the computer players by name, each a factory of a :class:`~paternoster.core.base.Bot`; the
            first is the default.
        players: the fewest and the most players at one table of the game's standard rules.
        classroom_page: the classroom page, ``notebooks/classroom.ipynb`` or ``notebooks/classroom_NAME.ipynb``.
        command_line: the module of the game's command line (dotted name): it has
            ``add_commands(sub) -> {command: run}`` (see :mod:`paternoster.cli`), or ``None``.
        rule_book: the game's rule book (path in the repository).
        sample_rules: a few named rule sets beside the standard one, which generic tests and demos play
            (name → a function returning the rules).
        evaluator: the module of the game's "How good was that?" evaluator (dotted name): it has
            ``evaluate(game, seat, *, rollouts, seed)`` → :class:`~paternoster.core.evaluation.Evaluation`
            and ``sentence(evaluation, chosen)`` → one plain sentence; the card tables' coach panel finds
            it here.  ``None``: the game has no evaluator.
    """

    name: str
    title: str
    state: type[GameContract]
    rules: type
    record: RecordFormat
    table: type[TableAdapter]
    bots: Mapping[str, Callable[[], Bot]]
    players: tuple[int, int]
    classroom_page: str
    rule_book: str
    command_line: str | None = None
    sample_rules: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    evaluator: str | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"A game's name is 2–31 lower-case letters and digits, not {short(self.name)}.")
        lo, hi = self.players
        if not 1 <= lo <= hi:
            raise ValueError(f"{self.title}: players must be (fewest, most) with 1 ≤ fewest ≤ most, not {self.players}.")
        if not self.bots:
            raise ValueError(f"{self.title}: a game needs at least one computer player (bots).")


_GAMES: dict[str, GameEntry] = {}
_found = False


def register(entry: GameEntry) -> GameEntry:
    """Add a game to the registry (its ``registration.py`` calls this once); returns the entry.

    Raises:
        ValueError: another game has this name or this record format.
    """
    for other in _GAMES.values():
        if other != entry and (other.name == entry.name or other.record.name == entry.record.name):
            raise ValueError(f"{entry.title}: the name {entry.name!r} or the record format {entry.record.name!r} "
                             f"is already {other.title}'s.")
    _GAMES[entry.name] = entry
    return entry


def _discover() -> None:
    """Import every subpackage's ``registration`` module (found by its file name), once."""
    global _found
    if _found:
        return
    _found = True
    top = __name__.split(".")[0]
    root = Path(__file__).resolve().parents[1]
    for info in pkgutil.iter_modules([str(root)]):
        if info.ispkg and (root / info.name / f"{REGISTRATION}.py").is_file():
            importlib.import_module(f"{top}.{info.name}.{REGISTRATION}")


def games() -> tuple[GameEntry, ...]:
    """Every registered game, in the order of their subpackages' names."""
    _discover()
    return tuple(sorted(_GAMES.values(), key=lambda e: e.state.__module__))


def game(name: str) -> GameEntry:
    """The game registered as ``name``.

    Raises:
        ArgumentError (a ValueError): no game has that name (the message lists the names).
    """
    for entry in games():
        if entry.name == name:
            return entry
    raise ArgumentError(f"No game is called {short(name)}; the kit's games: {', '.join(e.name for e in games())}.")


def by_format(fmt: str) -> GameEntry | None:
    """The game whose records have ``format`` ``fmt``, or ``None``."""
    return next((e for e in games() if e.record.name == fmt), None)
