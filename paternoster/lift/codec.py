"""Paternoster's action codec: actions to and from the JSON dicts of records and of the card table, and
the variant part of a stored position.  Records (:mod:`paternoster.lift.record`), ``Game.to_record``/``from_record``/
``to_json`` and the card-table adapter (:mod:`paternoster.lift.table`) use it.

>>> decode_action({"type": "play", "card": "4♦", "pile": 0}, 1)
Play(card=Card('4♦'), pile=0)
>>> encode_action(EndTurn(token=True))
{'type': 'end', 'token': True}
"""

from __future__ import annotations

from typing import Any, Mapping

from .actions import (BIG_SETBACK_TYPE, END_TYPE, PASS_CARD_TYPE, PLAY_TYPE, SIGNAL_TYPE, TIMEOUT_TYPE, Action,
                      BigSetback, EndTurn, Pass, Play, Signal, TimeOut)
from ..core.cards import parse_card
from ..core.errors import RecordError
from ..core.records import card_list as _card_list
from ..core.checks import short

__all__ = ["ACTION_TYPES", "ACTION_FIELDS", "encode_action", "check_action_entry", "decode_action", "action_from_dict",
           "position_kwargs", "PLAY_TYPE", "END_TYPE", "BIG_SETBACK_TYPE", "PASS_CARD_TYPE", "SIGNAL_TYPE", "TIMEOUT_TYPE"]


def encode_action(action: Action) -> dict[str, Any]:
    """The record entry of ``action`` (``{"type": "play", "card": "4♦", "pile": 0}`` …)."""
    return action.to_json()


def check_action_entry(a: Any, i: int, total: int) -> None:
    """Check the shape of the ``i``-th (1-based) of ``total`` record actions: a known type and its fields.

    Raises:
        RecordError: not an action dict of a known type, or a field missing.
    """
    if not isinstance(a, dict) or a.get("type") not in ACTION_TYPES:
        raise RecordError(f"Action {i} is {short(a)}; write {{'type': 'play', 'card': '4♦', 'pile': 0}} or "
                          f"{{'type': 'end'}} (other types: {', '.join(ACTION_TYPES[2:])}).")
    missing = [f for f in ACTION_FIELDS[a["type"]] if f not in a]
    if missing:
        raise RecordError(f"Action {i} of {total} ({short(a['type'])}) has no field {short(missing[0])}; write "
                          f"{ {'type': a['type'], **{f: '…' for f in ACTION_FIELDS[a['type']]}} }.")


def decode_action(a: dict[str, Any], i: int) -> Action:
    """The action of a checked record entry (``i``: its 1-based number, for messages).

    Raises:
        RecordError: a field of the wrong kind; CardParseError: an unreadable card.
    """
    t = a["type"]
    if t == END_TYPE:
        token = a.get("token", False)
        if not isinstance(token, bool):
            raise RecordError(f"Action {i}: field 'token' must be true or false, not {short(token)}.")
    elif t == SIGNAL_TYPE:
        kind = a.get("kind")
        if kind is not None and not isinstance(kind, str):
            raise RecordError(f"Action {i}: field 'kind' must be a signal name or null, not {short(kind)}.")
    action = action_from_dict(a)
    return action if action is not None else TimeOut()


def _given(a: Mapping[str, Any], name: str) -> Any:
    """Field ``name`` of an action dict as given (``None`` when missing): the engine checks it and names the rule."""
    return a.get(name)


def action_from_dict(a: Mapping[str, Any]) -> Action | None:
    """The action of an action dict as records and the card table write it, or ``None`` for a ``type``
    that is none of :data:`ACTION_TYPES`.

    The fields are taken as given: a missing one is ``None`` (the engine refuses the action, naming the
    rule); ``token`` counts only when it is ``True``.

    Raises:
        CardParseError: an unreadable card.

    >>> action_from_dict({"type": "pass-card", "card": "9♣", "to": 1})
    Pass(card=Card('9♣'), to=1)
    """
    t = a.get("type")
    if t == END_TYPE:
        return EndTurn(token=a.get("token") is True)
    if t == PLAY_TYPE:
        return Play(parse_card(a.get("card", "")), _given(a, "pile"))
    if t == BIG_SETBACK_TYPE:
        return BigSetback(parse_card(a.get("card", "")), _given(a, "pile"))
    if t == PASS_CARD_TYPE:
        return Pass(parse_card(a.get("card", "")), _given(a, "to"))
    if t == SIGNAL_TYPE:
        return Signal(_given(a, "seat"), _given(a, "pile"), _given(a, "kind"))
    if t == TIMEOUT_TYPE:
        return TimeOut()
    return None


#: The fields each record action type needs.
ACTION_FIELDS = {PLAY_TYPE: ("card", "pile"), END_TYPE: (), BIG_SETBACK_TYPE: ("card", "pile"),
                 PASS_CARD_TYPE: ("card", "to"), SIGNAL_TYPE: ("seat", "pile", "kind"), TIMEOUT_TYPE: ()}
#: The record action types (play and end first: the others are variants').
ACTION_TYPES = (PLAY_TYPE, END_TYPE, BIG_SETBACK_TYPE, PASS_CARD_TYPE, SIGNAL_TYPE, TIMEOUT_TYPE)

_POSITION_FIELDS = {"tokens": "tokens", "token_used_this_turn": "token_used_this_turn",
                    "passed_this_turn": "passed_this_turn", "delivered": "delivered",
                    "silence_until": "silence_until"}


def position_kwargs(pos: dict[str, Any]) -> dict[str, Any]:
    """The variant part of a stored position as keyword arguments for :class:`~paternoster.lift.game.Game`."""
    kw: dict[str, Any] = {}
    for key, arg in _POSITION_FIELDS.items():
        if key in pos:
            kw[arg] = pos[key]
    if "passengers" in pos:
        kw["passengers"] = _card_list(pos["passengers"], "start.position.passengers")
    if "express" in pos:
        kw["express"] = _card_list(pos["express"], "start.position.express")
    if "burning" in pos:
        b = pos["burning"]
        if not isinstance(b, list) or not all(isinstance(x, list) and len(x) == 3 for x in b):
            raise RecordError(f"Field 'position burning' must list [pile, card, turn] triples, not {short(b)}.")
        kw["burning"] = [(p, parse_card(c), t) for p, c, t in b]
    if "signals" in pos:
        s = pos["signals"]
        if not isinstance(s, dict) or not all(isinstance(v, list) for v in s.values()):
            raise RecordError(f"Field 'position signals' must map piles to lists of [seat, kind, turn], not {short(s)}.")
        try:
            kw["signals"] = {int(p): [tuple(x) for x in v] for p, v in s.items()}
        except (TypeError, ValueError):
            raise RecordError(f"Field 'position signals' must map pile numbers to lists of [seat, kind, turn], "
                              f"not {short(s)}.") from None
    return kw
