"""A small schema language for game records, and the record format a game registers.

A **spec** is plain data (tuples and texts), checked by :func:`check` against values read from JSON:

=====================================  ==========================================================
``INT``, ``STR``, ``BOOL``, ``CARD``    a JSON integer (never ``true`` or ``1.0``), text (at most
                                        :data:`MAX_TEXT` characters), a JSON boolean, a card text
``SUMMARY``                             a small object of plain values (a record's ``result``)
``opt(spec)``                           ``spec`` or ``null``
``list_of(spec, most)``                 a list of at most ``most`` items
``tuple_of(spec, …)``                   a list of exactly these items
``map_of(key_pattern, spec, most)``     an object whose keys match ``key_pattern``
``obj(fields, required)``               an object with exactly these fields (unknown ones refused)
``tagged(key, {tag: obj_spec})``        an object whose ``key`` field chooses its spec
``either((spec, …), words)``            the first spec that fits (``words`` says what was expected)
``actions(tagged_spec, most)``          the list of actions ("Action i of n: …" in messages)
=====================================  ==========================================================

A game's record format (:class:`RecordFormat`) is :func:`record_schema` of its parts; the ``rules`` part
is :func:`fields_schema` of the game's rules dataclass — **derived from its fields**
(``dataclasses.fields``), so a new rules field is in the records without a second list.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules:
...     name: str = "Standard"
...     decks: int = 1
...     fire: bool = False
...     variants: tuple[str, ...] = ()
>>> fields_schema(Rules) == obj({"name": STR, "decks": INT, "fire": BOOL, "variants": list_of(STR, 20)})
True
>>> check({"decks": True}, fields_schema(Rules), [], "The rules")
Traceback (most recent call last):
...
paternoster.core.errors.RecordError: Field 'decks' has the wrong type: expected a whole number (a JSON integer such as 2), not a boolean (True).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass
from typing import Any

from .checks import short
from .errors import RecordError

__all__ = ["INT", "STR", "BOOL", "CARD", "SUMMARY", "MAX_TEXT", "LIST_MOST", "opt", "list_of", "tuple_of",
           "map_of", "obj", "tagged", "either", "actions", "check", "describe", "fields_schema",
           "record_schema", "RecordFormat", "Spec"]

#: A spec (see the module docstring): a text or a tuple whose first item says its kind.
Spec = Any

INT, STR, BOOL, CARD, SUMMARY = "int", "str", "bool", "card", "summary"
#: The longest text in any text field (names are checked more strictly by the game).
MAX_TEXT = 200
#: The longest card text.
MAX_CARD_TEXT = 12
#: The most items of a list-of-texts rules field (when the field does not say otherwise).
LIST_MOST = 20


def opt(spec: Spec) -> Spec:
    """``spec`` or ``null``."""
    return ("opt", spec)


def list_of(spec: Spec, most: int) -> Spec:
    """A list of at most ``most`` items, each ``spec``."""
    return ("list", spec, most)


def tuple_of(*specs: Spec) -> Spec:
    """A list of exactly ``len(specs)`` items, the i-th of spec ``specs[i]``."""
    return ("tuple", tuple(specs))


def map_of(key_pattern: str, spec: Spec, most: int) -> Spec:
    """An object of at most ``most`` entries whose keys match ``key_pattern`` and whose values are ``spec``."""
    return ("map", key_pattern, spec, most)


def obj(fields: dict[str, Spec], required: tuple[str, ...] = ()) -> Spec:
    """An object with exactly these fields (an unknown field is refused, naming it); ``required`` must be there."""
    return ("obj", {k: (v, k in required) for k, v in fields.items()})


def tagged(key: str, variants: dict[str, Spec]) -> Spec:
    """An object whose ``key`` field (a text) chooses which of ``variants`` (``obj`` specs) it must fit."""
    return ("tagged", key, variants)


def either(specs: tuple[Spec, ...], words: str) -> Spec:
    """The first of ``specs`` that fits; else a refusal saying ``words`` was expected."""
    return ("either", tuple(specs), words)


def actions(spec: Spec, most: int) -> Spec:
    """A record's list of at most ``most`` actions, each ``spec`` (messages say "Action i of n: …")."""
    return ("actions", spec, most)


_WORDS = {INT: "a whole number (a JSON integer such as 2)", STR: "text", BOOL: "true or false (a JSON boolean)",
          CARD: "a card such as \"4♦\""}


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


def describe(spec: Spec) -> str:
    """What ``spec`` expects, in words (for messages)."""
    if isinstance(spec, str):
        return _WORDS.get(spec, "a small summary object")
    tag = spec[0]
    if tag == "opt":
        return describe(spec[1]) + " or null"
    if tag == "list":
        return f"a list of at most {spec[2]:,} items"
    if tag == "tuple":
        return f"a list of {len(spec[1])} items ({', '.join(describe(s) for s in spec[1])})"
    if tag == "either":
        return str(spec[2])
    return "an object"


def _summary(v: Any) -> bool:
    """The optional ``result`` summary: an object of at most 20 plain values or short lists of them."""
    plain = (str, int, float, bool, type(None))
    return isinstance(v, dict) and len(v) <= 20 and all(
        isinstance(x, plain) and not (isinstance(x, str) and len(x) > MAX_TEXT)
        or isinstance(x, list) and len(x) <= 20 and all(isinstance(y, plain) for y in x) for x in v.values())


def _check_plain(v: Any, spec: str, path: list[str | int], root: str) -> None:
    ok = (isinstance(v, int) and not isinstance(v, bool) if spec == INT else
          isinstance(v, bool) if spec == BOOL else
          isinstance(v, str) and len(v) <= (MAX_CARD_TEXT if spec == CARD else MAX_TEXT) if spec in (STR, CARD) else
          _summary(v))
    if ok:
        return
    if isinstance(v, str) and spec in (STR, CARD):
        raise RecordError(f"{_where(path, root)} is text of {len(v):,} characters; expected "
                          f"{describe(spec)} of at most {MAX_CARD_TEXT if spec == CARD else MAX_TEXT}.")
    raise RecordError(f"{_where(path, root)} has the wrong type: expected {describe(spec)}, not {_kind(v)} "
                      f"({short(v)}).")


def check(v: Any, spec: Spec, path: list[str | int] | None = None, root: str = "The record") -> None:
    """Check the value ``v`` (read from JSON) against ``spec``; ``path`` and ``root`` name where it is.

    Raises:
        RecordError: the first field that does not fit, named with its path and what was expected.
    """
    path = [] if path is None else path
    if isinstance(spec, str):
        _check_plain(v, spec, path, root)
        return
    tag = spec[0]
    if tag == "opt":
        if v is not None:
            check(v, spec[1], path, root)
    elif tag == "actions":
        if not isinstance(v, list):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected a list of actions, not {_kind(v)} "
                              f"({short(v)}).")
        if len(v) > spec[2]:
            raise RecordError(f"{_where(path, root)} has {len(v):,} actions; a record holds at most {spec[2]:,}.")
        for i, x in enumerate(v, 1):
            try:
                check(x, spec[1], [], "The entry")
            except RecordError as e:
                raise RecordError(f"Action {i} of {len(v)}: {e}") from None
    elif tag in ("list", "tuple"):
        _check_list(v, spec, path, root)
    elif tag == "map":
        if not isinstance(v, dict):
            raise RecordError(f"{_where(path, root)} has the wrong type: expected an object, not {_kind(v)} ({short(v)}).")
        if len(v) > spec[3]:
            raise RecordError(f"{_where(path, root)} has {len(v)} entries; at most {spec[3]} are allowed.")
        for k, x in v.items():
            if not re.fullmatch(spec[1], k):
                raise RecordError(f"{_where(path, root)}: the key {short(k)} is not a number written in plain digits 0–9.")
            check(x, spec[2], path + [k], root)
    elif tag == "obj":
        _check_obj(v, spec, path, root)
    elif tag == "tagged":
        key, variants = spec[1], spec[2]
        t = v.get(key) if isinstance(v, dict) else None
        if not isinstance(t, str) or t not in variants:
            raise RecordError(f"{_where(path, root)} has no known {short(key)} ({short(v)}); the types are: "
                              f"{', '.join(variants)}.")
        check(v, variants[t], path, root)
    elif tag == "either":
        _check_either(v, spec, path, root)
    else:  # pragma: no cover - a spec written wrongly in the kit
        raise ValueError(f"unknown spec {spec!r}")


def _check_list(v: Any, spec: Spec, path: list[str | int], root: str) -> None:
    if not isinstance(v, list):
        raise RecordError(f"{_where(path, root)} has the wrong type: expected {describe(spec)}, not {_kind(v)} ({short(v)}).")
    if spec[0] == "list":
        if len(v) > spec[2]:
            raise RecordError(f"{_where(path, root)} has {len(v):,} items; at most {spec[2]:,} are allowed.")
        for i, x in enumerate(v):
            check(x, spec[1], path + [i], root)
        return
    if len(v) != len(spec[1]):
        raise RecordError(f"{_where(path, root)} must be {describe(spec)}, not {short(v)}.")
    for i, (x, s) in enumerate(zip(v, spec[1])):
        check(x, s, path + [i], root)


def _check_obj(v: Any, spec: Spec, path: list[str | int], root: str) -> None:
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
            check(v[k], s, path + [k], root)
        elif required:
            inside = f" (in {'.'.join(str(p) for p in path)})".replace(".[", "[") if path else ""
            raise RecordError(f"Field {short(k)}{inside} is missing; a game record needs it.")


def _check_either(v: Any, spec: Spec, path: list[str | int], root: str) -> None:
    for s in spec[1]:
        try:
            check(v, s, path, root)
            return
        except RecordError:
            continue
    if isinstance(v, dict) and len(spec[1]) == 2 and all(s[0] == "obj" for s in spec[1]):
        # name what is wrong inside the variant the record meant (the one whose required key is there)
        for s in spec[1]:
            if any(k in v for k, (_, req) in s[1].items() if req):
                check(v, s, path, root)
    raise RecordError(f"{_where(path, root)} must be {spec[2]}, not {short(v)}.")


# --------------------------------------------------------------------------- derived from a dataclass

_PLAIN = {int: INT, str: STR, bool: BOOL}


def _field_spec(cls: type, name: str, hint: Any) -> Spec:
    if hint in _PLAIN:
        return _PLAIN[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal and all(isinstance(a, str) for a in args):
        return STR
    if origin in (tuple, list) and args:
        variadic = origin is list or (len(args) == 2 and args[1] is Ellipsis)
        if variadic and args[0] in _PLAIN:
            return list_of(_PLAIN[args[0]], LIST_MOST)
    raise TypeError(f"{cls.__name__}.{name}: no record form for the type {hint!r}; give its spec in overrides.")


def fields_schema(cls: type, overrides: dict[str, Spec] | None = None) -> Spec:
    """The ``obj`` spec of a rules dataclass, **derived from its fields** (``dataclasses.fields``): an ``int``
    field is ``INT``, ``bool`` ``BOOL``, ``str`` (or a ``Literal`` of texts) ``STR``, ``tuple[str, ...]``
    a list of at most :data:`LIST_MOST` texts; ``overrides`` gives the spec of a field whose JSON form is
    another (e.g. a mapping written as an object).  Every field is optional (a record written before a
    field existed still loads: the game fills in the standard value).

    Raises:
        TypeError: ``cls`` is no dataclass, an override names no field, or a field has a type without a
            record form and no override.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"fields_schema needs a dataclass, not {cls!r}.")
    overrides = dict(overrides or {})
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    unknown = sorted(set(overrides) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)} to override.")
    return obj({n: overrides[n] if n in overrides else _field_spec(cls, n, hints[n]) for n in names})


def record_schema(rules: Spec, fields: dict[str, Spec], required: tuple[str, ...]) -> Spec:
    """A whole record's spec: the envelope (``format``, ``version``), the ``rules`` spec, the game's
    ``fields`` and the optional ``result`` summary; ``required`` are the game's fields a record must have."""
    return obj({"format": STR, "version": INT, "rules": rules, **fields, "result": SUMMARY},
               ("format", "version", "rules", *required))


@dataclass(frozen=True)
class RecordFormat:
    """A game's record format: its name in the record's ``format`` field, its schema, and words for messages.

    Attributes:
        name: the ``format`` value, e.g. ``"chess-record"``.
        schema: the whole record's spec (:func:`record_schema`).
        game: the game's name in messages (``"a Chess record"``).
        reader: the call that reads such a record, named in messages (``"chess.Game.from_record"``).
        version: the record version this kit reads and writes.
    """

    name: str
    schema: Spec
    game: str
    reader: str
    version: int = 1
