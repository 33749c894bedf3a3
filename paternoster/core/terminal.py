"""What every command line of the kit does the same way: one-line messages, a quiet end on a closed pipe,
and the checks of the numbers a simulation command takes.

Used by ``python -m paternoster`` (:mod:`paternoster.cli`), its commands and the games' own command lines,
so a message is shortened, a closed pipe handled and ``--games``/``--seed``/``--workers`` checked in one place.

>>> one_line("a\\n  b")
'a b'
>>> one_line("x" * 400)[-5:], len(one_line("x" * 400))
('xx...', 300)
"""

from __future__ import annotations

import os
import sys
from typing import Any

from .errors import ArgumentError
from .checks import MAX_GAMES, MAX_SEED, MAX_WORKERS, short

__all__ = ["one_line", "quiet_stdout", "check_numbers"]


def one_line(message: str, limit: int = 300) -> str:
    """``message`` as one line (runs of white space become one space) of at most ``limit`` characters, so an
    argument echoed in it cannot flood the terminal; a longer line ends in ``"..."``."""
    line = " ".join(str(message).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def quiet_stdout() -> None:
    """Point standard output at the null device after its reader went away (``... | head -1``), so Python's
    last flush at exit finds no broken pipe and the command ends quietly, as command-line tools do."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def check_numbers(args: Any) -> None:
    """Check a parsed command's ``--games``, ``--workers`` (if it has one) and ``--seed``, before any game is
    played.

    Raises:
        ValueError: a number outside its range, named with the option and the range.
    """
    if not 1 <= args.games <= MAX_GAMES:
        raise ArgumentError(f"--games must be from 1 to {MAX_GAMES:,}, not {short(args.games)}.")
    workers = getattr(args, "workers", None)
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ArgumentError(f"--workers must be from 1 to {MAX_WORKERS} (never more processes than cores are "
                         f"started), not {short(workers)}.")
    if not 0 <= args.seed <= MAX_SEED:
        raise ArgumentError(f"--seed must be from 0 to 2**64 - 1, not {short(args.seed)}.")
