"""Game records: JSON that replays to the identical state.

A record holds the rules, the player count and names, the start (a seed and
the first seat, or an explicit position) and the sequence of actions::

    {"format": "paternoster-record", "version": 1, "rules": {...}, "players": 2,
     "names": ["Player 1", "Player 2"], "start": {"seed": 7, "first": 0},
     "actions": [{"type": "play", "card": "4♦", "pile": 0}, {"type": "end"}]}

Actions of the variants: ``{"type": "end", "token": true}`` (Notruf-Marken),
``{"type": "big-setback", "card": "7♥", "pile": 0}``, ``{"type": "pass-card", "card": "4♦", "to": 1}``
(Weitergeben), ``{"type": "signal", "seat": 1, "pile": 0, "kind": "help"}`` (``kind`` null
withdraws), ``{"type": "timeout"}`` (Sanduhr).  The rules (every variant switch) are
stored in the record, so a replay uses the same ones; a position start carries the
variant state (tokens, passengers, burning cards, signals, commands).

>>> from paternoster import Game
>>> g = Game.new(players=2, seed=7)
>>> lp = g.legal_plays()[0]; _ = g.play(lp.card, lp.pile)
>>> again = Game.from_record(g.to_json())
>>> again == g, again.actions == g.actions
(True, True)
"""

from __future__ import annotations

import json
from typing import Any

from .core.checks import whole
from .core.cards import parse_card
from .core.errors import CardParseError, IllegalPlayError, PaternosterError, RecordError
from .core.records import card_list as _card_list
from .core.records import parse_record
from .core.records import record_field as _field
from .rules import Rules

__all__ = ["replay", "load_record", "save_record"]


def replay(record: dict[str, Any] | str, upto: int | None = None):
    """Rebuild a :class:`~paternoster.game.Game` from a record, applying its first ``upto`` actions (all by default).

    Raises:
        RecordError: a missing or malformed field, an unreadable card, or an action
            the rules refuse (the message gives the action's 1-based number and the rule).
    """
    from .game import BigSetback, EndTurn, Game, Pass, Play, Signal, TimeOut

    rec = parse_record(record)
    try:
        rules = Rules.from_dict(_field(rec, "rules", dict))
    except PaternosterError as e:
        raise RecordError(f"Field 'rules': {e}") from None
    players = _field(rec, "players", int)
    names = _field(rec, "names", list)
    start = _field(rec, "start", dict)
    actions = _field(rec, "actions", list)
    try:
        if "seed" in start:
            index = start.get("game")
            if index is not None and (not isinstance(index, int) or isinstance(index, bool) or index < 0):
                raise RecordError(f"Field 'start': 'game' (the game's index in a simulation) must be a whole "
                                  f"number ≥ 0, not {index!r}.")
            game = Game.new(players, _field(start, "seed", int, "start"), rules=rules,
                            first=start.get("first", 0), names=names, game=index)
        elif "position" in start:
            pos = _field(start, "position", dict, "start")
            game = Game(rules, players,
                        [_card_list(h, "position hands") for h in _field(pos, "hands", list, "position")],
                        _card_list(_field(pos, "draw_pile", list, "position"), "position draw_pile"),
                        [_card_list(p, "position piles") for p in _field(pos, "piles", list, "position")],
                        _field(pos, "to_move", int, "position"), names=names,
                        setbacks_this_turn=pos.get("setbacks_this_turn", 0),
                        played_this_turn=pos.get("played_this_turn", 0), turn=pos.get("turn", 1),
                        turn_minimum=pos.get("turn_minimum"), **_variant_position(pos))
        else:
            raise RecordError("Field 'start' needs either 'seed' (with 'first') or 'position'.")
    except RecordError:
        raise
    except PaternosterError as e:
        raise RecordError(f"Field 'start' describes no valid game: {e}") from None
    n = len(actions) if upto is None else whole(upto, "upto (actions to replay)", 0, len(actions), error=RecordError)
    for i, a in enumerate(actions[:n], 1):
        if not isinstance(a, dict) or a.get("type") not in _TYPES:
            raise RecordError(f"Action {i} is {a!r}; write {{'type': 'play', 'card': '4♦', 'pile': 0}} or "
                              f"{{'type': 'end'}} (other types: {', '.join(_TYPES[2:])}).")
        missing = [f for f in _NEEDS[a["type"]] if f not in a]
        if missing:
            raise RecordError(f"Action {i} of {len(actions)} ({a['type']!r}) has no field {missing[0]!r}; write "
                              f"{ {'type': a['type'], **{f: '…' for f in _NEEDS[a['type']]}} }.")
        try:
            t = a["type"]
            if t == "end":
                token = a.get("token", False)
                if not isinstance(token, bool):
                    raise RecordError(f"Action {i}: field 'token' must be true or false, not {token!r}.")
                action = EndTurn(token=token)
            elif t == "play":
                action = Play(parse_card(a.get("card", "")), a.get("pile"))
            elif t == "big-setback":
                action = BigSetback(parse_card(a.get("card", "")), a.get("pile"))
            elif t == "pass-card":
                action = Pass(parse_card(a.get("card", "")), a.get("to"))
            elif t == "signal":
                kind = a.get("kind")
                if kind is not None and not isinstance(kind, str):
                    raise RecordError(f"Action {i}: field 'kind' must be a signal name or null, not {kind!r}.")
                action = Signal(a.get("seat"), a.get("pile"), kind)
            else:
                action = TimeOut()
            game.apply_action(action)
        except (IllegalPlayError, CardParseError) as e:
            raise RecordError(f"Action {i} of {len(actions)} does not replay: {e}") from None
    game._start = start
    return game


_NEEDS = {"play": ("card", "pile"), "end": (), "big-setback": ("card", "pile"), "pass-card": ("card", "to"),
          "signal": ("seat", "pile", "kind"), "timeout": ()}
_TYPES = ("play", "end", "big-setback", "pass-card", "signal", "timeout")

_POSITION_FIELDS = {"tokens": "tokens", "token_used_this_turn": "token_used_this_turn",
                    "passed_this_turn": "passed_this_turn", "delivered": "delivered",
                    "silence_until": "silence_until"}


def _variant_position(pos: dict[str, Any]) -> dict[str, Any]:
    """The variant part of a stored position as keyword arguments for :class:`~paternoster.game.Game`."""
    kw: dict[str, Any] = {}
    for key, arg in _POSITION_FIELDS.items():
        if key in pos:
            kw[arg] = pos[key]
    if "passengers" in pos:
        kw["passengers"] = _card_list(pos["passengers"], "position passengers")
    if "express" in pos:
        kw["express"] = _card_list(pos["express"], "position express")
    if "burning" in pos:
        b = pos["burning"]
        if not isinstance(b, list) or not all(isinstance(x, list) and len(x) == 3 for x in b):
            raise RecordError(f"Field 'position burning' must list [pile, card, turn] triples, not {b!r}.")
        kw["burning"] = [(p, parse_card(c), t) for p, c, t in b]
    if "signals" in pos:
        s = pos["signals"]
        if not isinstance(s, dict) or not all(isinstance(v, list) for v in s.values()):
            raise RecordError(f"Field 'position signals' must map piles to lists of [seat, kind, turn], not {s!r}.")
        try:
            kw["signals"] = {int(p): [tuple(x) for x in v] for p, v in s.items()}
        except (TypeError, ValueError):
            raise RecordError(f"Field 'position signals' must map pile numbers to lists of [seat, kind, turn], "
                              f"not {s!r}.") from None
    return kw


def save_record(game, path) -> None:
    """Write ``game.to_record()`` to ``path`` as UTF-8 JSON (indent 1)."""
    from pathlib import Path
    Path(path).write_text(game.to_json(indent=1) + "\n", encoding="utf-8")


def load_record(path, upto: int | None = None):
    """Read a record file written by :func:`save_record` and replay it.

    Raises:
        RecordError: as :func:`replay`; OSError if the file cannot be read.
    """
    from pathlib import Path
    return replay(Path(path).read_text(encoding="utf-8"), upto)
