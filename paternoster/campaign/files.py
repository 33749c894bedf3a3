"""The score book's export files: JSON (to take the book home and bring it back) and CSV (for a spreadsheet).

A Binder user takes the book home and brings it back: :func:`write_json` / :func:`read_json` and
:func:`write_csv` / :func:`read_csv` (:meth:`~paternoster.campaign.book.ScoreBook.export_json` and its
siblings call them).  Both formats are documented in the functions that write them.  A reader reads and
checks the whole file first and changes no book; exporting a book and importing the file into a new book
gives the same book (the same groups in the same order, the same rides in the same order,
byte-identical game records), with either format.

**The CSV reads as a table** (CSV version 3, :data:`CSV_VERSION`): one row per group and per ride with
short cells; a ride played in the kit names its game (``game 1``) and the games' records follow in a
section of their own below the rides, so no ride's row holds a record of thousands of characters.
CSV versions 1 and 2 (a record in every ride's row; version 1 without the end line) are still read.

Limits: an import file has at most :data:`MAX_IMPORT_BYTES` bytes, the size the largest book's export may
have (one limit, :data:`~paternoster.campaign.rides.MAX_EXPORT_BYTES`), and the book's own limits
(:mod:`paternoster.campaign.rides`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import stat
from datetime import date
from pathlib import Path
from typing import Any, Callable

from ..core.errors import ArgumentTypeError
from ..core.checks import plural, short
from .rides import (MAX_EXPORT_BYTES, MAX_GROUPS, MAX_RIDE_RECORD_BYTES, MAX_RIDES, RIDE_FIELDS, BookContents, Ride, ScoreBookError,
                    check_group_name, check_ride, group_key)
from .store import SQLITE_MAGIC, label, sidecars

__all__ = ["write_json", "write_csv", "read_json", "read_csv", "EXPORT_FORMAT", "EXPORT_VERSION", "CSV_VERSION",
           "CSV_VERSIONS", "CSV_COLUMNS", "CSV_END", "CSV_RECORDS", "RECORD_CELL", "MAX_IMPORT_BYTES"]

#: The export files' ``format`` field (JSON) and first line (CSV), and the JSON version.
EXPORT_FORMAT = "paternoster-scorebook"
EXPORT_VERSION = 1
#: The CSV version this kit writes, and every version it reads.  1 (written on 2026-12-01): a record in each
#: ride's row, no end line (read as it is: a version 1 file cut short cannot be told from a whole one);
#: 2: the same and an end line with the row counts; 3: the records in a section of their own, named from
#: the rides' rows.  Records written before still load.
CSV_VERSION = 3
CSV_VERSIONS = (1, 2, 3)
CSV_END = "end of score book"
#: The CSV header line (the second line of a CSV export).
CSV_COLUMNS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "game")
#: The line that starts the records' section of a CSV export (version 3).
CSV_RECORDS = ("game", "record")
#: A record is written in cells of at most this many characters (spreadsheets keep at most 32,767 in a cell).
RECORD_CELL = 30_000
_CSV2_COLUMNS = CSV_COLUMNS[:-1] + ("record",)
#: The largest import file: the largest export of a book (one limit, :data:`~paternoster.campaign.rides.MAX_EXPORT_BYTES`).
MAX_IMPORT_BYTES = MAX_EXPORT_BYTES

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DIGITS = re.compile(r"[0-9]{1,9}")
_GAME = re.compile(r"game ([1-9][0-9]{0,5})")
_FORMULA_START = ("=", "+", "-", "@", "'")  # a CSV cell starting so is written with one leading "'"


def write_json(contents: BookContents, path: str | os.PathLike[str], book: Path) -> None:
    """Write ``contents`` to ``path`` as UTF-8 JSON (replacing the file whole, never half-written)::

        {"format": "paternoster-scorebook", "version": 1,
         "groups": ["Füchse", "Eulen"],
         "rides": [
          {"group": "Füchse", "floor": 1, "played_on": "2026-12-01", "players": 2, "remaining": 0,
           "delivered": true, "lost": false, "stars": 3, "record": null},
          ...]}

    ``groups`` in order of creation, ``rides`` in order of entry (one per line); ``record`` is the
    game record object or ``null`` for a ride typed in by hand.

    Raises:
        ScoreBookError: ``path`` is the score book ``book`` itself or another SQLite database.
    """
    lines = [f'{{"format": "{EXPORT_FORMAT}", "version": {EXPORT_VERSION},',
             f' "groups": {json.dumps(list(contents.groups), ensure_ascii=False)},', ' "rides": [']
    rides = [json.dumps(_ride_json(r), ensure_ascii=False) for r in contents.rides]
    lines.append(",\n".join(" " + r for r in rides))
    lines.append(" ]}\n")
    _write_file(path, "\n".join(lines).encode("utf-8"), book)


def write_csv(contents: BookContents, path: str | os.PathLike[str], book: Path) -> None:
    """Write ``contents`` to ``path`` as CSV (UTF-8 with a byte-order mark, so spreadsheets show umlauts;
    comma-separated, quoted where needed), a table a spreadsheet shows row by row:

    - line 1: ``paternoster-scorebook,3`` (the format and its CSV version, :data:`CSV_VERSION`);
    - line 2: the header ``group,floor,played_on,players,remaining,delivered,lost,stars,game``;
    - one row per group with only ``group`` filled, in order of creation (so groups without rides
      are kept);
    - one row per ride in order of entry: dates as ``2026-12-01``, ``delivered``/``lost`` as
      ``true``/``false``; ``game`` is empty for a ride typed in by hand and ``game 1``, ``game 2``, …
      for a ride played in the kit (numbered in order);
    - if any ride was played in the kit: the line ``game,record``, then one row per game in the same
      order, ``game N`` followed by its record's JSON text in cells of at most :data:`RECORD_CELL`
      characters (read back joined);
    - last line: ``end of score book,G,R,K`` with the number of group rows, ride rows and game rows, so a
      file cut short is refused on import.

    A group name starting with ``=``, ``+``, ``-``, ``@`` or ``'`` is written with one more leading
    ``'`` (so a spreadsheet does not run it as a formula); :func:`read_csv` removes it.

    Raises:
        ScoreBookError: ``path`` is the score book ``book`` itself or another SQLite database.
    """
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow([EXPORT_FORMAT, CSV_VERSION])
    w.writerow(CSV_COLUMNS)
    for g in contents.groups:
        w.writerow([_csv_name(g)] + [""] * (len(CSV_COLUMNS) - 1))
    records = []
    for r in contents.rides:
        game = ""
        if r.record is not None:
            records.append(r.record)
            game = f"game {len(records)}"
        w.writerow([_csv_name(r.group), r.floor, r.played_on.isoformat(), r.players, r.remaining,
                    str(r.delivered).lower(), str(r.lost).lower(), r.stars, game])
    if records:
        w.writerow(CSV_RECORDS)
        for i, record in enumerate(records, 1):
            w.writerow([f"game {i}"] + [record[k:k + RECORD_CELL] for k in range(0, len(record), RECORD_CELL)])
    w.writerow([CSV_END, len(contents.groups), len(contents.rides), len(records)])
    _write_file(path, out.getvalue().encode("utf-8-sig"), book)


def _ride_json(r: Ride) -> dict[str, Any]:
    return {"group": r.group, "floor": r.floor, "played_on": r.played_on.isoformat(), "players": r.players,
            "remaining": r.remaining, "delivered": r.delivered, "lost": r.lost, "stars": r.stars,
            "record": None if r.record is None else json.loads(r.record)}


def _csv_name(name: str) -> str:
    return "'" + name if name.startswith(_FORMULA_START) else name


def _write_file(path: str | os.PathLike[str], data: bytes, book: Path) -> None:
    """Write ``data`` to ``path`` whole (a temporary file beside it, then renamed), never onto a score book."""
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    where = label(p)
    try:
        if p.exists():
            if any(p.resolve() == q.resolve() for q in [book, *sidecars(book)]):
                raise ScoreBookError(f"{where} is the score book itself; export to another file name.")
            if p.is_file():
                with p.open("rb") as f:
                    if f.read(16) == SQLITE_MAGIC:
                        raise ScoreBookError(f"{where} is an SQLite database (perhaps a score book) and was left "
                                             "unchanged; export to another file name.")
            else:
                raise ScoreBookError(f"{where} is not a regular file (a folder, device or pipe); export to a file name.")
        tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, p)
    except OSError as e:
        raise ScoreBookError(f"{where} cannot be written: {short(str(e))}.") from None


def _read_import(path: str | os.PathLike[str]) -> bytes:
    if not isinstance(path, (str, os.PathLike)):
        raise ArgumentTypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
    p = Path(path)
    not_plain = ScoreBookError(f"{label(p)} is not a regular file (a folder, device or pipe), so no export; give "
                               "the path of a .json or .csv export. Nothing was imported.")
    try:
        if not stat.S_ISREG(p.stat().st_mode):  # a pipe is never opened (it could wait forever), nor /dev/zero
            raise not_plain
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # never waits on a pipe swapped in meanwhile
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise not_plain
            if info.st_size > MAX_IMPORT_BYTES:
                raise _too_big(p, info.st_size)
            data = f.read(MAX_IMPORT_BYTES + 1)
    except ScoreBookError:
        raise
    except (OSError, ValueError) as e:
        raise ScoreBookError(f"{label(p)} cannot be read: {short(str(e))}.") from None
    if len(data) > MAX_IMPORT_BYTES:
        raise _too_big(p, len(data))
    if data.startswith(SQLITE_MAGIC):
        raise ScoreBookError(f"{label(p)} is an SQLite database (a score book itself?), not an export; open it with "
                             "ScoreBook.open, or import a .json or .csv export. Nothing was imported.")
    return data


def _too_big(p: Path, size: int) -> ScoreBookError:
    return ScoreBookError(f"{label(p)} has {size:,} bytes: more than {MAX_IMPORT_BYTES:,} bytes, the most an import "
                          "reads. Nothing was imported.")


def _text(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ScoreBookError(f"{where} is not UTF-8 text (byte {e.start} cannot be read). Nothing was imported.") from None


def _unique_groups(names: list[str], where: str) -> tuple[str, ...]:
    if len(names) > MAX_GROUPS:
        raise ScoreBookError(f"{where} holds {len(names):,} groups; a score book keeps at most {MAX_GROUPS:,}. "
                             "Nothing was imported.")
    seen: set[str] = set()
    for name in names:
        k = group_key(name)
        if k in seen:
            raise ScoreBookError(f"{where}: the group {short(name)} is listed twice. Nothing was imported.")
        seen.add(k)
    return tuple(names)


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k, v in pairs:
        if k in d:
            raise ScoreBookError(f"the key {short(k)} appears twice in one object")
        d[k] = v
    return d


def _json_constant(text: str) -> Any:
    raise ScoreBookError(f"{text} is no JSON number a score book holds")


def _json_int(text: str) -> int:
    if len(text) > 20:
        raise ScoreBookError(f"the number {short(text)} is too long")
    return int(text)


def read_json(path: str | os.PathLike[str]) -> BookContents:
    """Read and check a JSON export (format in :func:`write_json`) without changing any book.

    Every field is checked with its exact JSON type (whole numbers, true/false, text), unknown or missing
    fields are refused, every ride's stars must be those its floor and result earn (rules §15.2), and
    every record must pass the strict record parser and name its floor's rules (:func:`check_ride` with
    ``replay=False``).  Every ride's group must be in ``groups``.

    Raises:
        ScoreBookError: naming the file, the ride (1-based) and the field; TypeError for a non-path.
    """
    where = label(Path(path)) if isinstance(path, (str, os.PathLike)) else ""
    text = _text(_read_import(path), where)
    try:
        data = json.loads(text, object_pairs_hook=_json_object, parse_constant=_json_constant, parse_int=_json_int)
    except ScoreBookError as e:
        raise ScoreBookError(f"{where} is not a score-book export: {e}. Nothing was imported.") from None
    except RecursionError:
        raise ScoreBookError(f"{where} is nested too deeply to be a score-book export. Nothing was imported.") from None
    except ValueError as e:
        raise ScoreBookError(f"{where} is not JSON ({short(str(e))}). Nothing was imported.") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ScoreBookError(f"{where} is no score-book export (its \"format\" is not {EXPORT_FORMAT!r}). Nothing was "
                             "imported.")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != EXPORT_VERSION:
        raise ScoreBookError(f"{where} is a score-book export of version {short(version)}; this kit reads version "
                             f"{EXPORT_VERSION}. Nothing was imported.")
    extra = set(data) - {"format", "version", "groups", "rides"}
    if extra or not {"groups", "rides"} <= set(data):
        what = f"unknown fields {', '.join(map(repr, sorted(extra)))}" if extra else "no \"groups\" or no \"rides\""
        raise ScoreBookError(f"{where} has {short(what)}; an export holds format, version, groups and rides. "
                             "Nothing was imported.")
    groups, rides = data["groups"], data["rides"]
    if not isinstance(groups, list) or not isinstance(rides, list):
        raise ScoreBookError(f"{where}: \"groups\" and \"rides\" must be lists. Nothing was imported.")
    if len(rides) > MAX_RIDES:
        raise ScoreBookError(f"{where} holds {len(rides):,} rides; a score book keeps at most {MAX_RIDES:,}. Nothing "
                             "was imported.")
    names = _unique_groups([_field_error(where, f"group {i}", check_group_name, g) for i, g in enumerate(groups, 1)],
                           where)
    listed = {group_key(n): n for n in names}
    out = []
    for i, r in enumerate(rides, 1):
        if not isinstance(r, dict) or set(r) != set(RIDE_FIELDS):
            got = sorted(r) if isinstance(r, dict) else type(r).__name__
            raise ScoreBookError(f"{where}: ride {i} must be an object with exactly the fields {', '.join(RIDE_FIELDS)}"
                                 f" (it has {short(got)}). Nothing was imported.")
        if not isinstance(r["group"], str) or group_key(r["group"]) not in listed:
            raise ScoreBookError(f"{where}: ride {i}: its group {short(r['group'])} is not in \"groups\". Nothing was "
                                 "imported.")
        if r["record"] is not None and not isinstance(r["record"], dict):
            raise ScoreBookError(f"{where}: ride {i}: \"record\" must be a game record object or null. Nothing was "
                                 "imported.")
        day = _field_error(where, f"ride {i}", _date_text, r["played_on"])
        out.append(_field_error(where, f"ride {i}", _checked, r["group"], r["floor"], r["players"], r["remaining"],
                                r["delivered"], r["lost"], day, r["record"], r["stars"]))
    return BookContents(names, tuple(out))


def _date_text(text: Any) -> date:
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ScoreBookError(f"played_on must be a date written as 2026-12-01, not {short(text)}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ScoreBookError(f"played_on {short(text)} is no day of the calendar") from None


def _checked(group: str, floor: Any, players: Any, remaining: Any, delivered: Any, lost: Any, day: date,
             record: Any, stars: Any) -> Ride:
    return check_ride(group, floor, players=players, remaining=remaining, delivered=delivered, lost=lost,
                      played_on=day, record=record, stars=stars, replay=False)


def _field_error(where: str, what: str, check: Callable[..., Any], *args: Any) -> Any:
    """``check(*args)``, with a ScoreBookError's message prefixed by the file and the item."""
    try:
        return check(*args)
    except ScoreBookError as e:
        raise ScoreBookError(f"{where}: {what}: {str(e).rstrip('.')}. Nothing was imported.") from None


def _csv_number(text: str, field: str) -> int:
    t = text.strip()
    if not _DIGITS.fullmatch(t):
        raise ScoreBookError(f"{field} must be a whole number written in digits 0-9, not {short(text)}")
    return int(t)


def _csv_bool(text: str, field: str) -> bool:
    t = text.strip().lower()
    if t not in ("true", "false"):
        raise ScoreBookError(f"{field} must be true or false, not {short(text)}")
    return t == "true"


def read_csv(path: str | os.PathLike[str]) -> BookContents:
    """Read and check a CSV export (format in :func:`write_csv`; CSV versions :data:`CSV_VERSIONS`) without
    changing any book.

    Numbers, dates and true/false may have spaces around them; group names are taken exactly (less the
    one ``'`` an export puts before a name starting with ``=``, ``+``, ``-``, ``@`` or ``'``).  A ride's
    group need not have its own group row (such groups follow the listed ones, in order of first
    appearance).  Every ride is checked as :func:`~paternoster.campaign.rides.check_ride` checks it (stars
    must be what the ride earns, records are read by the strict record parser); every game a ride names
    must be in the records' section, and every game there named by one ride.

    Raises:
        ScoreBookError: naming the file, the line and the field; TypeError for a non-path.
    """
    where = label(Path(path)) if isinstance(path, (str, os.PathLike)) else ""
    text = _text(_read_import(path), where)
    old_limit = csv.field_size_limit()
    csv.field_size_limit(MAX_RIDE_RECORD_BYTES * 2)
    try:
        return _parse_csv(text, where)
    except csv.Error as e:
        raise ScoreBookError(f"{where} is not readable CSV ({short(str(e))}). Nothing was imported.") from None
    finally:
        csv.field_size_limit(old_limit)


def _refuse(where: str, what: str) -> ScoreBookError:
    return ScoreBookError(f"{where}: {what}. Nothing was imported.")


def _version(first: list[str] | None, where: str) -> int:
    cells = [c.strip() for c in first or [] if c.strip()]
    if len(cells) == 2 and cells[0] == EXPORT_FORMAT and cells[1] in {str(v) for v in CSV_VERSIONS}:
        return int(cells[1])
    if first and first[0].strip() == EXPORT_FORMAT:
        version = ",".join(cells[1:]) or "(none)"
        raise ScoreBookError(f"{where} is a score-book CSV export of version {version[:20]}; this kit reads "
                             f"versions {', '.join(map(str, CSV_VERSIONS[:-1]))} and {CSV_VERSIONS[-1]} (a newer "
                             "version needs a newer kit). Nothing was "
                             "imported.")
    raise ScoreBookError(f"{where} is no score-book CSV export: its first line must be "
                         f"'{EXPORT_FORMAT},{CSV_VERSION}'. Nothing was imported.")


def _parse_csv(text: str, where: str) -> BookContents:
    reader = csv.reader(io.StringIO(text, newline=""))
    version = _version(next(reader, None), where)
    columns = CSV_COLUMNS if version == 3 else _CSV2_COLUMNS
    header = next(reader, None)
    if header is None or [c.strip() for c in header] != list(columns):
        raise _refuse(where, f"line 2 must be the header {','.join(columns)}")
    names: list[str] = []
    keys: set[str] = set()
    rows: list[tuple[int, str, list[str]]] = []  # the ride rows: line, group name, cells
    records: list[str] = []                      # version 3: the records' section, game 1 first
    listed = 0
    end: tuple[int, ...] | None = None
    in_records = False
    for row in reader:
        line = reader.line_num
        if not any(c.strip() for c in row):
            continue  # an empty line (spreadsheets add them)
        if end is not None:
            raise _refuse(where, f"line {line} comes after the end line '{CSV_END}'")
        counts = ("groups", "rides", "games")[:2 if version < 3 else 3]
        if row[0].strip() == CSV_END and len(row) < len(columns) and all(not c.strip() for c in row[len(counts) + 1:]):
            cells = row + [""] * 3
            end = tuple(_field_error(where, f"line {line}", _csv_number, cells[i + 1], w) for i, w in enumerate(counts))
            found = (listed, len(rows), len(records))[:len(counts)]
            if end != found:
                said = " and ".join(plural(n, w[:-1] + " row") for n, w in zip(end, counts))
                held = " and ".join(map(str, found))
                raise _refuse(where, f"the end line counts {said}, but the file holds {held}: rows are missing or "
                                     "were added")
            continue
        if version == 3 and [c.strip() for c in row if c.strip()] == list(CSV_RECORDS) and row[0].strip() == "game":
            if in_records:
                raise _refuse(where, f"line {line}: the records' section starts twice")
            in_records = True
            continue
        if in_records:
            game = _GAME.fullmatch(row[0].strip())
            if game is None or int(game[1]) != len(records) + 1:
                raise _refuse(where, f"line {line} must be game {len(records) + 1} and its record, not "
                                     f"{short(row[0])}")
            records.append("".join(row[1:]))
            continue
        if len(row) < len(columns) or any(c.strip() for c in row[len(columns):]):
            raise _refuse(where, f"line {line} has {len(row)} cells; a row has {len(columns)}")
        if len(rows) >= MAX_RIDES:
            raise ScoreBookError(f"{where} holds more than {MAX_RIDES:,} rides; a score book keeps at most that many. "
                                 "Nothing was imported.")
        name = row[0][1:] if row[0].startswith("'") else row[0]
        name = _field_error(where, f"line {line}", check_group_name, name, "group")
        if all(not c.strip() for c in row[1:]):  # a group row
            if group_key(name) in keys:
                raise _refuse(where, f"line {line}: the group {short(name)} is listed twice")
            keys.add(group_key(name))
            names.append(name)
            listed += 1
            continue
        if group_key(name) not in keys:
            keys.add(group_key(name))
            names.append(name)
        rows.append((line, name, row[:len(columns)]))
    if end is None and version > 1:
        raise ScoreBookError(f"{where} has no end line '{CSV_END},G,R{',K' if version == 3 else ''}': the file was "
                             "cut short (or is not a whole export). Nothing was imported.")
    rides = [_field_error(where, f"line {line}", _csv_ride, name, row, records if version == 3 else None)
             for line, name, row in rows]
    named = sum(1 for _, _, row in rows if row[-1].strip()) if version == 3 else 0
    if named != len(records):
        raise _refuse(where, f"{plural(len(records), 'game record')} but {plural(named, 'ride')} naming a game")
    return BookContents(_unique_groups(names, where), tuple(rides))


def _csv_ride(name: str, row: list[str], records: list[str] | None) -> Ride:
    """One ride row; ``records`` is the records' section of a version 3 file (the row's last cell names its
    game), ``None`` for version 2 (the last cell is the record itself)."""
    _, fl, day, players, remaining, delivered, lost, stars, last = row
    if records is None:
        record = last if last.strip() else None
    elif not last.strip():
        record = None
    else:
        game = _GAME.fullmatch(last.strip())
        if game is None or int(game[1]) > len(records):
            raise ScoreBookError(f"game must be empty (a ride typed in by hand) or name a game of the records' "
                                 f"section, such as 'game 1'; not {short(last)}")
        record = records[int(game[1]) - 1]
        records[int(game[1]) - 1] = ""  # each game belongs to one ride
        if not record:
            raise ScoreBookError(f"{last.strip()} is named by two rides; each game belongs to one ride")
    return check_ride(name, _csv_number(fl, "floor"), players=_csv_number(players, "players"),
                      remaining=_csv_number(remaining, "remaining"), delivered=_csv_bool(delivered, "delivered"),
                      lost=_csv_bool(lost, "lost"), played_on=_date_text(day.strip()),
                      record=record, stars=_csv_number(stars, "stars"), replay=False)
