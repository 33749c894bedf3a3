"""The one strict record parser both games use: limits, JSON, the envelope and a schema.

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
3. **The envelope**: ``format`` (``"paternoster-record"`` or ``"paskahousu-record"``) and
   ``version`` (the JSON number ``1``; ``true`` is not 1).
4. **The schema** of that format (:data:`SCHEMAS`): every field with its exact JSON type —
   whole numbers are JSON integers (not ``1.0``, not ``"1"``, not ``true``), switches are JSON
   booleans (not ``"false"``, not ``0``), cards are short texts — and list lengths bounded.

**Decision** (kit): **unknown fields are refused, with their names** (a record is replayed
exactly as written, so a misspelt ``"opend"`` must not pass silently), in every object of a
record.  The one exception is the optional top-level ``"result"``: a summary of how the game
ended that playthrough files carry for people to read; it is checked to be a small object of
plain values and otherwise ignored (the replay computes the result itself), so ``to_json()``
of the loaded game does not contain it.

The game's own reader (``Game.from_record``, ``PaskahousuGame.from_record``) then checks
ranges and the rules (rules §2–§9; Paskahousu rules §1–§6) and replays the actions.  A record
that loads always loads again from the game's ``to_json()`` to an equal game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .cards import Card, parse_card
from .checks import short
from .errors import CardParseError, RecordError

__all__ = ["parse_record", "record_field", "card_list", "READERS", "SCHEMAS", "MAX_RECORD_BYTES", "MAX_DEPTH",
           "MAX_NUMBER_CHARS", "MAX_RECORD_ACTIONS", "record_text", "read_record_file"]

#: The largest record, in bytes of UTF-8 JSON (a long Paskahousu game is about 0.2 MB).
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


_READERS = {"paternoster-record": ("Paternoster", "paternoster.Game.from_record"),
            "paskahousu-record": ("Paskahousu", "paternoster.paskahousu.PaskahousuGame.from_record")}

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


# --------------------------------------------------------------------------- the schema
# A spec is one of:  "int" | "str" | "bool" | "card" | ("opt", spec) | ("list", spec, max_len)
# | ("tuple", (spec, ...)) | ("map", key_pattern, spec, max_len) | ("obj", {name: (spec, required)})
# | ("tagged", "type", {tag: obj_spec}) | ("either", (spec, ...), words) | "summary"
# | ("actions", tagged_spec, max_len): a list whose messages say "Action i of n"

_INT, _STR, _BOOL, _CARD = "int", "str", "bool", "card"
_CARDS = ("list", _CARD, 156)
_NAMES = ("list", _STR, 10)
_STR_LIMIT = 200  # characters in any text field (names are checked more strictly by the game)


def _obj(fields: dict[str, Any], required: tuple[str, ...] = ()) -> tuple[str, dict[str, tuple[Any, bool]]]:
    return ("obj", {k: (v, k in required) for k, v in fields.items()})


_PATERNOSTER_RULES = _obj({
    "name": _STR, "decks": _INT, "up_piles": _INT, "down_piles": _INT,
    "hand_sizes": ("map", r"[0-9]{1,2}", _INT, 8), "minimum": _INT, "minimum_without_draw_pile": _INT,
    "setbacks_per_turn": _INT, "variants": ("list", _STR, 20), "same_suit_fits": _BOOL, "tokens": _INT,
    "passing": _BOOL, "signals": _STR, "hourglass": _BOOL, "passengers": _INT, "fire": _BOOL, "commands": _STR})

_PATERNOSTER_POSITION = _obj({
    "players": _INT, "names": _NAMES, "hands": ("list", _CARDS, 10), "draw_pile": _CARDS,
    "piles": ("list", _CARDS, 8), "to_move": _INT, "turn": _INT, "setbacks_this_turn": _INT,
    "played_this_turn": _INT, "turn_minimum": ("opt", _INT), "tokens": _INT, "token_used_this_turn": _BOOL,
    "passed_this_turn": _BOOL, "passengers": ("list", _CARD, 5), "delivered": _INT,
    "burning": ("list", ("tuple", (_INT, _CARD, _INT)), 8), "silence_until": ("opt", _INT),
    "express": ("list", _CARD, 6),
    "signals": ("map", r"[0-9]", ("list", ("tuple", (_INT, _STR, _INT)), 10), 8)},
    ("hands", "draw_pile", "piles", "to_move"))

_PILE = ("either", (_INT, _STR), "a pile index such as 0 or a pile name such as 'up 1'")
_PATERNOSTER_ACTIONS = ("tagged", "type", {
    "play": _obj({"type": _STR, "card": _CARD, "pile": _PILE}, ("card", "pile")),
    "end": _obj({"type": _STR, "token": _BOOL}),
    "big-setback": _obj({"type": _STR, "card": _CARD, "pile": _PILE}, ("card", "pile")),
    "pass-card": _obj({"type": _STR, "card": _CARD, "to": _INT}, ("card", "to")),
    "signal": _obj({"type": _STR, "seat": _INT, "pile": _PILE, "kind": ("opt", _STR)}, ("seat", "pile", "kind")),
    "timeout": _obj({"type": _STR}),
})

_PATERNOSTER = _obj({
    "format": _STR, "version": _INT, "rules": _PATERNOSTER_RULES, "players": _INT, "names": _NAMES,
    "start": ("either", (_obj({"seed": _INT, "first": _INT, "game": ("opt", _INT)}, ("seed",)),
                         _obj({"position": _PATERNOSTER_POSITION}, ("position",))),
              "{'seed': n, 'first': seat} or {'position': {...}}"),
    "actions": ("actions", _PATERNOSTER_ACTIONS, MAX_RECORD_ACTIONS), "result": "summary"},
    ("format", "version", "rules", "players", "names", "start", "actions"))

_PASKAHOUSU_POSITION = _obj({
    "players": _INT, "names": _NAMES, "dealer": _INT, "hands": ("list", _CARDS, 10), "draw_pile": _CARDS,
    "pile": _CARDS, "burned": _CARDS, "to_move": _INT, "turn": _INT, "out": ("list", _INT, 10),
    "opened": _BOOL, "opening": _BOOL, "layer": ("opt", _INT),
    # Pöytäpaska (Paskahousu rules §11.10): each seat's face-up and face-down table cards
    "face_up": ("list", _CARDS, 10), "face_down": ("list", _CARDS, 10),
    # Valepaska (Paskahousu rules §11.12): the announcements on the pile [seat, rank, count, face up],
    # bottom first, and the seats still to decide on the last one (empty: no check window open)
    "announced": ("list", ("tuple", (_INT, _STR, _INT, _BOOL)), 156), "deciders": ("list", _INT, 10)},
    ("hands", "draw_pile", "pile", "burned", "to_move"))

_PASKAHOUSU = _obj({
    "format": _STR, "version": _INT,
    "rules": _obj({"name": _STR, "hand_size": _INT, "min_players": _INT, "max_players": _INT, "turn_cap": _INT,
                   "fixed_start": _BOOL, "face_cards_late": _STR, "singles_only": _STR, "ten_ace_empty": _STR,
                   "empty_table_ban": _STR, "black_only": _BOOL, "decks": _INT, "table_cards": _BOOL,
                   "deal_all": _BOOL, "bluff": _BOOL}),
    "players": _INT, "names": _NAMES, "dealer": _INT,
    "start": ("either", (_obj({"seed": _INT}, ("seed",)), _obj({"position": _PASKAHOUSU_POSITION}, ("position",))),
              "{'seed': n} or {'position': {...}}"),
    "actions": ("actions", ("tagged", "type", {
        "play": _obj({"type": _STR, "cards": ("list", _CARD, 8)}, ("cards",)),
        "pick-up": _obj({"type": _STR}),
        "try-your-luck": _obj({"type": _STR}),
        "turn-table-card": _obj({"type": _STR, "slot": _INT}, ("slot",)),
        "announce": _obj({"type": _STR, "cards": ("list", _CARD, 8), "rank": _STR}, ("cards", "rank")),
        "check": _obj({"type": _STR, "seat": _INT}, ("seat",)),
        "let-pass": _obj({"type": _STR, "seat": _INT}, ("seat",))}), MAX_RECORD_ACTIONS),
    "result": "summary"},
    ("format", "version", "rules", "players", "names", "dealer", "start", "actions"))

#: The schema of each record format (see the module docstring for the spec language).
SCHEMAS: dict[str, Any] = {"paternoster-record": _PATERNOSTER, "paskahousu-record": _PASKAHOUSU}

_WORDS = {_INT: "a whole number (a JSON integer such as 2)", _STR: "text", _BOOL: "true or false (a JSON boolean)",
          _CARD: "a card such as \"4♦\""}


def _where(path: list[str | int], root: str = "The record") -> str:
    """``Field 'hands'[0] (in start.position)`` for the path ``start, position, hands, 0``."""
    keys = [i for i, p in enumerate(path) if isinstance(p, str)]
    if not keys:
        return root + "".join(f"[{p}]" for p in path)
    k = keys[-1]
    index = "".join(f"[{p}]" for p in path[k + 1:])
    outer = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in path[:k]).replace(".[", "[")
    return f"Field {short(path[k])}{index}" + (f" (in {outer})" if outer else "")


def _kind(v: Any) -> str:
    return {bool: "a boolean", int: "a whole number", float: "a decimal number", str: "text", list: "a list",
            dict: "an object", type(None): "null"}.get(type(v), type(v).__name__)


def _describe(spec: Any) -> str:
    if isinstance(spec, str):
        return _WORDS.get(spec, "a small summary object")
    tag = spec[0]
    if tag == "opt":
        return _describe(spec[1]) + " or null"
    if tag == "list":
        return f"a list of at most {spec[2]:,} items"
    if tag == "tuple":
        return f"a list of {len(spec[1])} items ({', '.join(_describe(s) for s in spec[1])})"
    if tag == "map":
        return "an object"
    if tag == "either":
        return str(spec[2])
    return "an object"


def _check(v: Any, spec: Any, path: list[str | int], root: str = "The record") -> None:
    if isinstance(spec, str):
        ok = (isinstance(v, int) and not isinstance(v, bool) if spec == _INT else
              isinstance(v, bool) if spec == _BOOL else
              isinstance(v, str) and len(v) <= (12 if spec == _CARD else _STR_LIMIT) if spec in (_STR, _CARD) else
              _summary(v))
        if not ok:
            if isinstance(v, str) and spec in (_STR, _CARD):
                raise RecordError(f"{_where(path, root)} is text of {len(v):,} characters; expected "
                                  f"{_describe(spec)} of at most {12 if spec == _CARD else _STR_LIMIT}.")
            raise RecordError(f"{_where(path, root)} has the wrong type: expected {_describe(spec)}, not {_kind(v)} "
                              f"({short(v)}).")
        return
    tag = spec[0]
    if tag == "opt":
        if v is not None:
            _check(v, spec[1], path)
    elif tag == "actions":
        if not isinstance(v, list):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected a list of actions, not {_kind(v)} "
                              f"({short(v)}).")
        if len(v) > spec[2]:
            raise RecordError(f"{_where(path, root)} has {len(v):,} actions; a record holds at most {spec[2]:,}.")
        for i, x in enumerate(v, 1):
            try:
                _check(x, spec[1], [], "The entry")
            except RecordError as e:
                raise RecordError(f"Action {i} of {len(v)}: {e}") from None
    elif tag in ("list", "tuple"):
        if not isinstance(v, list):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected {_describe(spec)}, not {_kind(v)} ({short(v)}).")
        if tag == "list":
            if len(v) > spec[2]:
                raise RecordError(f"{_where(path, root)} has {len(v):,} items; at most {spec[2]:,} are allowed.")
            for i, x in enumerate(v):
                _check(x, spec[1], path + [i], root)
        else:
            if len(v) != len(spec[1]):
                raise RecordError(f"{_where(path, root)} must be {_describe(spec)}, not {short(v)}.")
            for i, (x, s) in enumerate(zip(v, spec[1])):
                _check(x, s, path + [i], root)
    elif tag == "map":
        if not isinstance(v, dict):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected an object, not {_kind(v)} ({short(v)}).")
        if len(v) > spec[3]:
            raise RecordError(f"{_where(path, root)} has {len(v)} entries; at most {spec[3]} are allowed.")
        for k, x in v.items():
            if not re.fullmatch(spec[1], k):
                raise RecordError(f"{_where(path, root)}: the key {short(k)} is not a number written in plain digits 0–9.")
            _check(x, spec[2], path + [k], root)
    elif tag == "obj":
        if not isinstance(v, dict):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected an object {{...}}, not {_kind(v)} "
                              f"({short(v)}).")
        fields = spec[1]
        unknown = [k for k in v if k not in fields]
        if unknown:
            raise RecordError(f"{_where(path, root)} has unknown field(s) {', '.join(short(k) for k in unknown[:5])}; "
                              f"known: {', '.join(fields)}. A record holds only these (kit Decision).")
        for k, (s, required) in fields.items():
            if k in v:
                _check(v[k], s, path + [k], root)
            elif required:
                inside = f" (in {'.'.join(str(p) for p in path)})".replace(".[", "[") if path else ""
                raise RecordError(f"Field {short(k)}{inside} is missing; a game record needs it (see paternoster.lift.record).")
    elif tag == "tagged":
        key, variants = spec[1], spec[2]
        t = v.get(key) if isinstance(v, dict) else None
        if not isinstance(t, str) or t not in variants:
            raise RecordError(f"{_where(path, root)} has no known {short(key)} ({short(v)}); the types are: "
                              f"{', '.join(variants)}.")
        _check(v, variants[t], path, root)
    elif tag == "either":
        for s in spec[1]:
            try:
                _check(v, s, path, root)
                return
            except RecordError:
                continue
        if isinstance(v, dict) and len(spec[1]) == 2 and all(s[0] == "obj" for s in spec[1]):
            # name what is wrong inside the variant the record meant (the one whose required key is there)
            for s in spec[1]:
                if any(k in v for k, (_, req) in s[1].items() if req):
                    _check(v, s, path, root)
        raise RecordError(f"{_where(path, root)} must be {spec[2]}, not {short(v)}.")


def _summary(v: Any) -> bool:
    """The optional ``result`` summary: an object of at most 20 plain values or short lists of them."""
    plain = (str, int, float, bool, type(None))
    return isinstance(v, dict) and len(v) <= 20 and all(
        isinstance(x, plain) and not (isinstance(x, str) and len(x) > _STR_LIMIT)
        or isinstance(x, list) and len(x) <= 20 and all(isinstance(y, plain) for y in x) for x in v.values())


def parse_record(record: dict[str, Any] | str | bytes, fmt: str = "paternoster-record") -> dict[str, Any]:
    """Read a record from a dict or JSON text: the limits, the envelope and the schema of ``fmt``.

    Args:
        record: the record (dict), its JSON text, or its UTF-8 bytes.
        fmt: the format expected: ``"paternoster-record"`` or ``"paskahousu-record"``.

    Returns:
        a new dict (the caller's dict is never returned or changed) whose every field has the
        schema's type; the ``result`` summary, if any, is dropped.

    Raises:
        RecordError: over a limit, not JSON, a record of another format (the message names the
            reader to use), a version this kit cannot read, or a field missing, unknown or of the
            wrong type (the message names the field and what was expected).
    """
    if fmt not in _READERS:
        raise ValueError(f"fmt must be one of {', '.join(_READERS)}, not {short(fmt)}.")
    game, _ = _READERS[fmt]
    rec = _load(record_text(record))
    if not isinstance(rec, dict):
        raise RecordError(f"A {game} record is a JSON object with format, version, rules, players, start and actions.")
    found = rec.get("format")
    if found != fmt:
        other = (f" That is a {_READERS[found][0]} record: read it with {_READERS[found][1]}."
                 if isinstance(found, str) and found in _READERS else "")
        raise RecordError(f"Field 'format' is {short(found)}; a {game} record has {short(fmt)}.{other}")
    version = rec.get("version")
    if not (isinstance(version, int) and not isinstance(version, bool) and version == 1):
        raise RecordError(f"Field 'version' is {short(version)}; this kit reads version 1 (the JSON number 1).")
    _check(rec, SCHEMAS[fmt], [])
    rec.pop("result", None)
    return rec


READERS = _READERS


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
        raise TypeError(f"path must be a file path (text or pathlib.Path), not {short(path)} ({type(path).__name__}).")
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
