"""What every command line of the kit does the same way: one-line messages and a quiet end on a closed pipe.

Used by ``python -m paternoster`` (:mod:`paternoster.cli`), its ``scorebook`` command and Paskahousu's own
command line, so a message is shortened and a closed pipe is handled in one place.

>>> one_line("a\\n  b")
'a b'
>>> one_line("x" * 400)[-5:], len(one_line("x" * 400))
('xx...', 300)
"""

from __future__ import annotations

import os
import sys

__all__ = ["one_line", "quiet_stdout"]


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
