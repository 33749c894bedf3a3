"""The one strict record parser every game uses: limits, JSON, the envelope and the game's schema.

A record (a dict or its JSON text) is read in this order; the first problem found raises
:class:`~paternoster.core.errors.RecordError` naming the field and what was expected, with long
values shortened:

1. **Size and nesting, before any JSON parsing**: at most :data:`MAX_RECORD_BYTES` bytes of UTF-8
   and at most :data:`MAX_DEPTH` levels of ``[``/``{`` nesting (a depth scan over the text outside
   strings), so a deep or huge file cannot exhaust the stack or the memory.  A dict is first
   written as JSON text, so both forms pass the same checks (and the caller's dict is never kept
   or changed).
2. **JSON**: numbers of at most :data:`MAX_NUMBER_CHARS` characters (no 5,000-digit numbers), no
   ``NaN``/``Infinity``, no lone surrogates (text that cannot be written as UTF-8), no repeated
   keys in one object.
3. **The envelope**: ``format`` (the record format of a registered game, :mod:`paternoster.core.registry`)
   and ``version`` (the JSON number the format reads, 1; ``true`` is not 1).
4. **The schema** of that format (:class:`~paternoster.core.schema.RecordFormat`, written in the small
   schema language of :mod:`paternoster.core.schema` by the game's record module): every field with its
   exact JSON type — whole numbers are JSON integers (not ``1.0``, not ``"1"``, not ``true``), switches are
   JSON booleans (not ``"false"``, not ``0``), cards are short texts — and list lengths bounded.

**Decision** (kit): **unknown fields are refused, with their names** (a record is replayed
exactly as written, so a misspelt ``"opend"`` must not pass silently), in every object of a
record.  The one exception is the optional top-level ``"result"``: a summary of how the game
ended that playthrough files carry for people to read; it is checked to be a small object of
plain values and otherwise ignored (the replay computes the result itself), so ``to_json()``
of the loaded game does not contain it.

The game's own reader (its state class's ``from_record``) then checks ranges and the rules and
replays the actions.  A record that loads always loads again from the game's ``to_json()`` to an
equal game.  :func:`read_record` reads a record of any registered game, chosen by its format.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import ArgumentError, ArgumentTypeError
from . import registry, schema
from .cards import Card, parse_card
from .checks import short
from .errors import CardParseError, RecordError

__all__ = ["parse_record", "read_record", "record_field", "card_list", "MAX_RECORD_BYTES", "MAX_DEPTH",
           "MAX_NUMBER_CHARS", "MAX_RECORD_ACTIONS", "record_text", "read_record_file", "write_record_file"]

#: The largest record, in bytes of UTF-8 JSON (the longest game of the kit's games is about 0.2 MB).
MAX_RECORD_BYTES = 2_000_000
#: The deepest nesting of JSON arrays and objects in a record (the records of the kit use 6).
MAX_DEPTH = 12
#: The longest JSON number, in characters (seeds up to 2**64 have 20 digits).
MAX_NUMBER_CHARS = 20
#: The most actions in one record.
MAX_RECORD_ACTIONS = 20_000


def record_field(d: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    """Field ``name`` of the record part ``d`` (named ``where`` in messages), of type ``kind``.

    Raises:
        RecordError: the field is missing or has another type.
    """
    if name not in d:
        raise RecordError(f"The {where} has no field {short(name)}; a game record needs it.")
    v = d[name]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise RecordError(f"The {where} field {short(name)} has the wrong type ({type(v).__name__}).")
    return v


def card_list(value: Any, field: str) -> list[Card]:
    """A record field's list of card texts as cards.

    Raises:
        RecordError: not a list, or an unreadable card (named with the field).
    """
    if not isinstance(value, list):
        raise RecordError(f"Field {short(field)} must be a list of cards such as [\"4♦\", \"5♣\"], not {short(value)}.")
    try:
        return [parse_card(c) for c in value]
    except CardParseError as e:
        raise RecordError(f"Field {short(field)}: {e}") from None


# --------------------------------------------------------------------------- limits before parsing

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON text, not counting brackets inside strings."""
    depth = deepest = 0
    for b in _BRACKETS.findall(_STRING.sub('""', text)):
        if b in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def record_text(record: Any) -> str:
    """The record as JSON text, after the size limit (a dict is written as JSON first).

    Raises:
        RecordError: neither a dict nor text, not writable as JSON, or larger than :data:`MAX_RECORD_BYTES`.
    """
    if isinstance(record, (bytes, bytearray)):
        try:
            record = bytes(record).decode("utf-8-sig")  # a byte-order mark (some Windows editors) is read past
        except UnicodeDecodeError as e:
            raise RecordError(f"The game record is not UTF-8 text (byte {e.start} cannot be read); save it as "
                              "UTF-8 JSON.") from None
    if isinstance(record, dict):
        try:
            record = json.dumps(record, ensure_ascii=False, allow_nan=False, check_circular=True)
        except RecursionError:
            raise RecordError(f"The game record is nested too deeply; a record has at most {MAX_DEPTH} levels.") from None
        except ValueError:  # NaN or infinity, or a whole number too long to write
            raise RecordError(f"The game record holds a number that is no record number (NaN, infinity, or more "
                              f"than {MAX_NUMBER_CHARS} digits).") from None
        except TypeError as e:
            raise RecordError(f"The game record holds a value JSON cannot store: {short(str(e))}. A record holds "
                              "only texts, whole numbers, true/false, null, lists and dicts with text keys.") from None
    elif not isinstance(record, str):
        raise RecordError(f"A game record is a dict or its JSON text, not {short(record)} ({type(record).__name__}).")
    else:
        record = record.removeprefix("\ufeff")
    if len(record) > MAX_RECORD_BYTES or len(record.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES:
        raise RecordError(f"The game record has more than {MAX_RECORD_BYTES:,} bytes; a record of the kit is far "
                          "smaller. Is it a record at all?")
    return record


def _number(text: str) -> int | float:
    if len(text) > MAX_NUMBER_CHARS:
        raise RecordError(f"The game record holds the number {short(text)}, {len(text)} characters long; record "
                          f"numbers have at most {MAX_NUMBER_CHARS} characters.")
    return int(text) if re.fullmatch(r"-?[0-9]+", text) else float(text)


def _constant(text: str) -> Any:
    raise RecordError(f"The game record holds {text}, which is not JSON; a record holds whole numbers only.")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d = dict(pairs)
    if len(d) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise RecordError(f"The game record names the key {short(twice)} twice in one object; each field appears once.")
    return d


def _load(text: str) -> Any:
    """JSON text → Python values, with the limits of this module (raises RecordError, nothing else)."""
    if _depth(text) > MAX_DEPTH:
        raise RecordError(f"The game record is nested more than {MAX_DEPTH} levels deep; a record of the kit "
                          "uses at most 6.")
    try:
        value = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_constant,
                           object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise RecordError(f"The game record is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.") from None
    except RecursionError:  # pragma: no cover - the depth scan comes first
        raise RecordError(f"The game record is nested too deeply; a record has at most {MAX_DEPTH} levels.") from None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        raise RecordError(f"The game record holds a lone surrogate (U+{ord(e.object[e.start]):04X}), which is no "
                          "character; write the text as plain UTF-8.") from None
    return value


def parse_record(record: dict[str, Any] | str | bytes, fmt: str) -> dict[str, Any]:
    """Read a record from a dict or JSON text: the limits, the envelope and the schema of format ``fmt``.

    Args:
        record: the record (dict), its JSON text, or its UTF-8 bytes.
        fmt: the format expected: a registered game's record format (its ``format`` field).

    Returns:
        a new dict (the caller's dict is never returned or changed) whose every field has the
        schema's type; the ``result`` summary, if any, is dropped.

    Raises:
        RecordError: over a limit, not JSON, a record of another format (the message names the
            reader to use), a version this kit cannot read, or a field missing, unknown or of the
            wrong type (the message names the field and what was expected).
        ValueError: ``fmt`` is no registered record format.
    """
    expected = _format(fmt)
    rec = _load(record_text(record))
    if not isinstance(rec, dict):
        raise RecordError(f"A {expected.game} record is a JSON object with format, version, rules, players, start "
                          "and actions.")
    found = rec.get("format")
    if found != fmt:
        entry = registry.by_format(found) if isinstance(found, str) else None
        other = (f" That is a {entry.record.game} record: read it with {entry.record.reader}."
                 if entry is not None else "")
        raise RecordError(f"Field 'format' is {short(found)}; a {expected.game} record has {short(fmt)}.{other}")
    version = rec.get("version")
    if not (isinstance(version, int) and not isinstance(version, bool) and version == expected.version):
        raise RecordError(f"Field 'version' is {short(version)}; this kit reads version {expected.version} (the JSON "
                          f"number {expected.version}).")
    schema.check(rec, expected.schema, [])
    rec.pop("result", None)
    return rec


def _format(fmt: Any) -> schema.RecordFormat:
    entry = registry.by_format(fmt) if isinstance(fmt, str) else None
    if entry is None:
        known = ", ".join(e.record.name for e in registry.games())
        raise ArgumentError(f"fmt must be a game's record format ({known}), not {short(fmt)}.")
    return entry.record


def read_record(record: dict[str, Any] | str | bytes, upto: int | None = None) -> Any:
    """The game a record of **any** registered game replays to, chosen by its ``format`` field (the
    game's ``from_record`` reads it; ``upto``: apply only the first ``upto`` actions).

    Raises:
        RecordError: as :func:`parse_record`, and a ``format`` no registered game writes (the message
            names the formats the kit reads).
    """
    rec = _load(record_text(record))
    found = rec.get("format") if isinstance(rec, dict) else None
    entry = registry.by_format(found) if isinstance(found, str) else None
    if entry is None:
        known = ", ".join(repr(e.record.name) for e in registry.games())
        raise RecordError(f"Field 'format' is {short(found)}; the kit reads records of the formats {known}.")
    return entry.state.from_record(record, upto)


def read_record_file(path: Any, save_hint: str = "save_record(game, path)") -> bytes:
    """The bytes of a record file, in bounded memory: at most :data:`MAX_RECORD_BYTES` + 1 bytes are read.

    ``save_hint`` is the call that writes such a file, named in the messages (what to do instead).

    Raises:
        RecordError: no file at ``path``, a folder or anything else that is not a plain file (a pipe
            or device is never opened, so the call cannot hang), a file that cannot be read
            (permissions, a path the system refuses), or one over the size limit; each message names
            the path and what to do.  TypeError: ``path`` is no path.

    >>> read_record_file("no/such/record.json")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RecordError: No record file at 'no/such/record.json': check the folder and the file name (a record is written by save_record(game, path)).
    """
    import os
    import stat
    from os import PathLike
    from pathlib import Path
    if not isinstance(path, (str, PathLike)):
        raise ArgumentTypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    where = short(str(p))
    try:
        info = p.stat()
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"{where} is a folder, not a record file; give the path of a record file inside it "
                              f"(written by {save_hint}).")
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"{where} is not a plain file (a pipe, device or socket); save the record to a file "
                              f"with {save_hint} and give that file's path.")
        if info.st_size > MAX_RECORD_BYTES:
            raise RecordError(f"The file {where} has {info.st_size:,} bytes, more than {MAX_RECORD_BYTES:,}; a game "
                              f"record of the kit is far smaller: check that this is a record written by {save_hint}.")
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # never waits on a pipe swapped in meanwhile
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise RecordError(f"{where} is not a plain file; give the path of a record file.")
            data = f.read(MAX_RECORD_BYTES + 1)
    except RecordError:
        raise
    except FileNotFoundError:
        raise RecordError(f"No record file at {where}: check the folder and the file name (a record is written "
                          f"by {save_hint}).") from None
    except PermissionError:
        raise RecordError(f"The record file {where} cannot be read (permission denied): copy it to a folder of "
                          "yours or ask for read access.") from None
    except IsADirectoryError:
        raise RecordError(f"{where} is a folder, not a record file; give the path of a record file inside it.") from None
    except (OSError, ValueError) as e:  # a too long name, a NUL in the path, a disk error …
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise RecordError(f"The record file {where} cannot be read ({reason[:80]}): check the path.") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"The file {where} has more than {MAX_RECORD_BYTES:,} bytes; a game record of "
                          f"the kit is far smaller: check that this is a record written by {save_hint}.")
    return data


def write_record_file(path: Any, text: str) -> None:
    """Write a record's JSON ``text`` to ``path`` as UTF-8: a new file, or a plain file written over.

    Raises:
        RecordError: ``path`` is a folder or anything else that is not a plain file (a pipe or device
            is never opened for writing, so the call cannot hang and ``/dev/zero`` stays untouched), or
            the file cannot be written (a missing folder, permissions, a full disk); each message names the
            path and what to do.  TypeError: ``path`` is no path.
    """
    import os
    import stat
    from os import PathLike
    from pathlib import Path
    if not isinstance(path, (str, PathLike)):
        raise ArgumentTypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    where = short(str(p))
    data = text.encode("utf-8")
    not_plain = RecordError(f"{where} is not a plain file (a pipe, device or socket); give the path of a new "
                            "file (or of a record file to write over).")
    try:
        try:
            info = p.stat()
        except FileNotFoundError:
            info = None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise RecordError(f"{where} is a folder; give the path of a file inside it, such as "
                              f"{short(str(p / 'game.json'))}.")
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise not_plain
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o666)  # a pipe never blocks
        with os.fdopen(fd, "wb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise not_plain
            f.truncate(0)
            f.write(data)
    except RecordError:
        raise
    except (OSError, ValueError) as e:  # no such folder, permission denied, disk full, a NUL in the path …
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise RecordError(f"The record file {where} cannot be written ({reason[:80]}): check the path, and that "
                          "the folder exists and is yours to write in.") from None
