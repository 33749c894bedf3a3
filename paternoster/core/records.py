"""The record envelope both games share: JSON text or a dict with ``format`` and ``version``, and
the field readers a game's record reader uses."""

from __future__ import annotations

import json
from typing import Any

from .cards import Card, parse_card
from .errors import RecordError

__all__ = ["parse_record", "record_field", "card_list", "READERS"]


def record_field(d: dict[str, Any], name: str, kind: type | tuple[type, ...], where: str = "record") -> Any:
    """Field ``name`` of the record part ``d`` (named ``where`` in messages), of type ``kind``.

    Raises:
        RecordError: the field is missing or has another type.
    """
    if name not in d:
        raise RecordError(f"The {where} has no field {name!r}; a game record needs it (see paternoster.record).")
    v = d[name]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise RecordError(f"The {where} field {name!r} has the wrong type ({type(v).__name__}).")
    return v


def card_list(value: Any, field: str) -> list[Card]:
    """A record field's list of card texts as cards.

    Raises:
        RecordError: not a list; CardParseError: an unreadable card.
    """
    if not isinstance(value, list):
        raise RecordError(f"Field {field!r} must hold lists of cards such as [\"4♦\", \"5♣\"], not {value!r}.")
    return [parse_card(c) for c in value]


_READERS = {"paternoster-record": ("Paternoster", "paternoster.Game.from_record"),
            "paskahousu-record": ("Paskahousu", "paternoster.paskahousu.PaskahousuGame.from_record")}


def parse_record(record: dict[str, Any] | str, fmt: str = "paternoster-record") -> dict[str, Any]:
    """Read a record from a dict or JSON text and check its outer shape.

    Args:
        record: the record (dict) or its JSON text.
        fmt: the format expected: ``"paternoster-record"`` or ``"paskahousu-record"``.

    Raises:
        RecordError: not JSON, a record of another format (the message names the reader
            to use), or a version this kit cannot read.
    """
    game, _ = _READERS[fmt]
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"The game record is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.") from None
    if not isinstance(record, dict):
        raise RecordError(f"A {game} record is a JSON object with format, version, rules, players, start and actions.")
    found = record.get("format")
    if found != fmt:
        other = f" That is a {_READERS[found][0]} record: read it with {_READERS[found][1]}." if found in _READERS else ""
        raise RecordError(f"Field 'format' is {found!r}; a {game} record has {fmt!r}.{other}")
    if record.get("version") != 1:
        raise RecordError(f"Field 'version' is {record.get('version')!r}; this kit reads version 1.")
    return record


READERS = _READERS
