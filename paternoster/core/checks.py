"""Argument checks shared by the engine: one wording for 'this field needs a whole number', shortened
values in messages, and the limits on work and names that every entry point (Python, records, the
command line) shares.

Limits (the kit's own, documented in one place; see also :mod:`paternoster.core.records`):

==============================  =========  ===============================================================
name                            value      what it bounds
==============================  =========  ===============================================================
``MAX_NAME_LENGTH``             40         characters in a player name (a rules or preset name: 80)
``MAX_RULES_NAME_LENGTH``       80         characters in the ``name`` of ``Rules`` / ``HouseRules``
``MAX_GAMES``                   1,000,000  games in one call of a simulation or a difficulty table
``MAX_WORKERS``                 8          worker processes (and never more than the machine's cores)
``MAX_SEED``                    2**64 − 1  seeds and game indices
``MAX_TURN``                    1,000,000  the turn number of a position
==============================  =========  ===============================================================
"""

from __future__ import annotations

import os
import reprlib
import unicodedata
from typing import Any

import numpy as np

from .errors import PositionError

__all__ = ["whole", "plural", "short", "check_bool", "check_name", "check_names", "name_problem", "visible_part", "MAX_NAME_LENGTH",
           "MAX_RULES_NAME_LENGTH", "MAX_GAMES", "MAX_WORKERS", "MAX_SEED", "MAX_TURN", "worker_limit"]

#: Characters in one player name (names are printed in every log sentence of that player).
MAX_NAME_LENGTH = 40
#: Characters in the ``name`` of a rules object (shown in lessons and records).
MAX_RULES_NAME_LENGTH = 80
#: Games in one call of a simulation, a level run or a difficulty table.
MAX_GAMES = 1_000_000
#: Worker processes a simulation may start (also never more than the machine's cores).
MAX_WORKERS = 8
#: The largest seed (and game index): numpy seeds of 64 bits; a record writes it in at most 20 digits.
MAX_SEED = 2 ** 64 - 1
#: The largest turn number a position may give.
MAX_TURN = 1_000_000

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = 8
_REPR.maxtuple = 8
_REPR.maxdict = 6
_REPR.maxset = 6
_REPR.maxlevel = 3
_REPR.maxlong = 40


def short(value: Any) -> str:
    """A repr of ``value`` for an error message: at most about 60 characters per piece, so a 10 MB
    field gives a short message.  Huge whole numbers are described by their size, not printed.

    >>> short("x" * 1000)[:20], short(10 ** 5000)
    ("'xxxxxxxxxxxxxxxxxxx", 'a whole number of about 5001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 30:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        return _REPR.repr(value)
    except Exception:  # a broken __repr__ of a foreign object must not hide the kit's message
        return f"a {type(value).__name__} object"


def whole(value: Any, field: str, lo: int | None = None, hi: int | None = None,
          error: type[Exception] = PositionError) -> int:
    """Return ``value`` as an int if it is a whole number in ``lo..hi``, else raise ``error`` naming ``field``.

    Python ints and numpy integer scalars are whole numbers; ``bool``, floats (also ``2.0``), text
    (also ``"2"``) and numpy arrays are not — nothing is truncated or converted.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise error(f"{field} must be a whole number, not {short(value)} ({type(value).__name__}).")
    v = int(value)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        if lo is not None and hi is not None and hi < 100_000:
            span = f"from {lo} to {hi}"
        elif lo is not None and v < lo:
            span = f"at least {lo}"  # a work limit (games, seeds, turns) is named only when it is passed
        else:
            span = f"at most {hi:,}"
        raise error(f"{field} must be {span}, not {short(v)}.")
    return v


def check_bool(value: Any, field: str, error: type[Exception] = PositionError) -> bool:
    """Return ``value`` if it is ``True`` or ``False`` (numpy's ``np.bool_`` becomes a bool), else raise
    ``error`` naming ``field``: no other value is read as a truth value (``"false"``, ``0``, an array)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise error(f"{field} must be True or False, not {short(value)} ({type(value).__name__}).")


# Unicode categories a name may not hold: control characters (NUL, newline …), format characters
# (zero-width spaces and joiners, bidi overrides), surrogates, unassigned and private-use code points, and
# the line and paragraph separators (U+2028, U+2029: a name is one line of every log sentence).
_BAD_CATEGORIES = ("Cc", "Cf", "Cs", "Cn", "Co", "Zl", "Zp")
# Characters that are letters, marks or symbols to Unicode but show nothing: the Hangul fillers (U+115F,
# U+1160, U+3164, U+FFA0), the combining grapheme joiner, the Khmer inherent vowels, the Mongolian free
# variation selectors and the blank Braille pattern (U+2800).  A name made of them looks empty.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")


def _selector(ch: str) -> bool:
    """A variation selector (U+FE00–FE0F, U+E0100–E01EF): it changes how the character before it looks."""
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def _visible(ch: str) -> bool:
    """``ch`` shows something by itself: a letter, digit, punctuation or symbol that is not invisible."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in _INVISIBLE


def name_problem(value: str) -> str | None:
    """Why the text ``value`` cannot be a name, in words (``"holds the invisible or control character U+3164 (HANGUL
    FILLER)"``), or ``None`` if it can (length apart): every character must show, or be a space between
    words, an accent on a letter, a zero-width (non-)joiner between two visible characters or a variation
    selector after one (emoji sequences, Persian and Indic words need those).

    >>> name_problem("Anna"), name_problem("\u3164")
    (None, 'holds the invisible or control character U+3164 (HANGUL FILLER)')
    """
    if not value.strip():
        return "is empty or only spaces"
    for i, ch in enumerate(value):
        cat = unicodedata.category(ch)
        if ((cat in _BAD_CATEGORIES and not _joins(value, i)) or ch in _INVISIBLE
                or (_selector(ch) and not (i and _visible(value[i - 1])))):
            what = unicodedata.name(ch, "") or ("a control character" if cat == "Cc" else "no Unicode name")
            return f"holds the invisible or control character U+{ord(ch):04X} ({what})"
    if not any(_visible(ch) for ch in value):
        return "shows no letter, digit or sign (only spaces or accents)"
    return None


def check_name(value: Any, field: str, error: type[Exception] = PositionError,
               limit: int = MAX_NAME_LENGTH) -> str:
    """Return ``value`` if it is a usable name: text of 1 to ``limit`` characters that shows (no control,
    format (zero-width, bidi), surrogate, unassigned or invisible characters such as the Hangul filler
    U+3164, and not only spaces or accents; :func:`name_problem`).  A zero-width joiner or non-joiner
    (U+200D, U+200C) is allowed between two visible characters, as emoji sequences (``"👩\u200d👧"``) and
    Persian or Indic words need it.

    >>> check_name("Team 👨\u200d💻", "name")
    'Team 👨\u200d💻'
    >>> check_name("Anna\u200d", "name")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.PositionError: name 'Anna' holds the invisible or control character U+200D (ZERO WIDTH JOINER); a name holds letters, digits, spaces and punctuation only.

    Raises:
        ``error``: naming ``field``, the (shortened) value and what a name may hold.
    """
    if not isinstance(value, str):
        raise error(f"{field} must be text, not {short(value)} ({type(value).__name__}).")
    if not value.strip():
        raise error(f"{field} must not be empty or only spaces; give a name such as 'Anna'.")
    if len(value) > limit:
        raise error(f"{field} has {len(value)} characters; a name has at most {limit}.")
    problem = name_problem(value)
    if problem is not None:  # the name as it shows (its invisible characters are named, not printed)
        shown = visible_part(value)
        raise error(f"{field} {short(shown) + ' ' if shown else ''}{problem}; a name holds letters, digits, spaces "
                    "and punctuation only.")
    return value


def visible_part(value: str) -> str:
    """``value`` without the characters :func:`name_problem` refuses (what a reader of the name sees; empty
    when nothing of it shows)."""
    kept = "".join(ch for i, ch in enumerate(value)
                   if not ((unicodedata.category(ch) in _BAD_CATEGORIES and not _joins(value, i)) or ch in _INVISIBLE
                           or (_selector(ch) and not (i and _visible(value[i - 1]))))).strip()
    return kept if any(_visible(ch) for ch in kept) else ""


_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner / joiner: emoji sequences, Persian, Indic text


def _joins(value: str, i: int) -> bool:
    """``value[i]`` is a zero-width (non-)joiner standing between two visible characters."""
    if value[i] not in _JOINERS or i == 0 or i == len(value) - 1:
        return False
    return all(not ch.isspace() and unicodedata.category(ch) not in _BAD_CATEGORIES and ch not in _INVISIBLE
               for ch in (value[i - 1], value[i + 1]))


def check_names(names: Any, players: int, error: type[Exception] = PositionError) -> list[str]:
    """The player names as a list: one text per player, each as :func:`check_name` allows, no two alike.

    **Decision (kit):** two names are the same name when they differ only in upper/lower case, in
    spaces at their ends or in how many spaces stand between words (``"Anna"``, ``" anna "``): the
    game's sentences and records say who did what by name, so every player needs a name of their
    own.  The names are kept exactly as given.

    Raises:
        ``error``: not a list or tuple of texts (a single text such as ``"Anna"`` is refused, not split
        into letters), a wrong count, a name that is too long or holds control characters, or two
        players with the same name.

    >>> check_names(["Anna", "Ben"], 2)
    ['Anna', 'Ben']
    >>> check_names(["Anna", "Ben", " anna"], 3)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.PositionError: names: 'Anna' (names[0]) and ' anna' (names[2]) are the same name (case and spaces do not count); give every player a different name.
    """
    if isinstance(names, str) or not isinstance(names, (list, tuple)):
        raise error(f"names must be a list of texts, one per player, e.g. ['Anna', 'Ben'], not {short(names)}.")
    if len(names) != players:
        raise error(f"names: {plural(len(names), 'name')} given for {plural(players, 'player')}; "
                    "give one name per player.")
    checked = [check_name(n, f"names[{i}]", error) for i, n in enumerate(names)]
    seen: dict[str, int] = {}
    for i, name in enumerate(checked):
        key = " ".join(name.split()).casefold()
        if key in seen:
            j = seen[key]
            raise error(f"names: {short(checked[j])} (names[{j}]) and {short(name)} (names[{i}]) are the same "
                        "name (case and spaces do not count); give every player a different name.")
        seen[key] = i
    return checked


def worker_limit() -> int:
    """The most worker processes a call may start: the machine's cores, at most :data:`MAX_WORKERS`."""
    return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def plural(n: int, word: str, words: str | None = None) -> str:
    """``'1 card'``, ``'2 cards'``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


