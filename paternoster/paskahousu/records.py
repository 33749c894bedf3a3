"""Paskahousu game records: JSON that replays to the identical game.

::

    {"format": "paskahousu-record", "version": 1, "rules": {...}, "players": 4,
     "names": [...], "dealer": 0, "start": {"seed": 7},
     "actions": [{"type": "play", "cards": ["3♦", "3♣"]}, {"type": "try-your-luck"}, {"type": "pick-up"}]}

``start`` is ``{"seed": n}`` (a dealt game) or ``{"position": {...}}`` (see
:meth:`PaskahousuGame.to_position`); a position places every one of the 52 cards
(cards out of the game are listed in ``"burned"``), see :func:`replay`.
"""

from __future__ import annotations

from typing import Any

from ..core.checks import whole
from ..core.cards import parse_card
from ..core.errors import CardParseError, IllegalPlayError, PaternosterError, RecordError
from ..core.records import parse_record
from .ranks import HouseRules

__all__ = ["replay", "parse_record"]


def _field(d: dict, name: str, kind: type | tuple, where: str = "record") -> Any:
    if name not in d:
        raise RecordError(f"The {where} has no field {name!r}; a Paskahousu record needs it.")
    v = d[name]
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
        raise RecordError(f"The {where} field {name!r} has the wrong type ({type(v).__name__}).")
    return v


def _cards(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise RecordError(f"Field {field!r} must be a list of cards such as [\"4♦\", \"5♣\"], not {value!r}.")
    try:
        return [parse_card(c) for c in value]
    except CardParseError as e:
        raise RecordError(f"Field {field!r}: {e}") from None


def replay(record: dict[str, Any] | str, upto: int | None = None):
    """Rebuild a :class:`~paternoster.paskahousu.PaskahousuGame` from a record, applying its first ``upto`` actions.

    **Decision** (kit): a ``{"position": ...}`` start must place all 52 cards (hands, draw pile,
    discard pile, burned) — a record is replayed exactly as written, so one that lost cards is
    refused, naming them, rather than filled up (only :meth:`PaskahousuGame.from_position`, for
    hand-written lesson tables, puts unplaced cards into ``burned``).

    Raises:
        RecordError: a missing or malformed field, an unreadable card, a start position that
            misses cards or holds one twice, or an action the rules refuse (the message gives the
            action's 1-based number and the rule).
    """
    from .game import PaskahousuGame, action_from_json

    rec = parse_record(record, "paskahousu-record")
    rules_dict = _field(rec, "rules", dict)  # outside the try: its message names the field already
    try:
        rules = HouseRules.from_dict(rules_dict)
    except PaternosterError as e:
        raise RecordError(f"Field 'rules': {e}") from None
    players = _field(rec, "players", int)
    names = _field(rec, "names", list)
    dealer = _field(rec, "dealer", int)
    start = _field(rec, "start", dict)
    actions = _field(rec, "actions", list)
    try:
        if "seed" in start:
            game = PaskahousuGame.new(players, _field(start, "seed", int, "start"), rules=rules, dealer=dealer,
                                      names=names)
        elif "position" in start:
            pos = _field(start, "position", dict, "start")
            hands = _field(pos, "hands", list, "position")
            game = PaskahousuGame(rules, players, [_cards(h, f"position hands[{i}]") for i, h in enumerate(hands)],
                                  _cards(_field(pos, "draw_pile", list, "position"), "position draw_pile"),
                                  _cards(_field(pos, "pile", list, "position"), "position pile"),
                                  _cards(_field(pos, "burned", list, "position"), "position burned"),
                                  _field(pos, "to_move", int, "position"), dealer=dealer, names=names,
                                  opening=bool(pos.get("opening", False)), opened=bool(pos.get("opened", False)),
                                  start=start)
            game.turn = whole(pos.get("turn", 1), "position turn", 1, error=RecordError)
            out = pos.get("out", game.out)
            if not isinstance(out, list) or sorted(out) != sorted(game.out):
                raise RecordError(f"Field 'position out' is {out!r}, but the players without cards are {game.out}.")
            game.out = list(out)
        else:
            raise RecordError("Field 'start' needs either 'seed' or 'position'.")
    except RecordError:
        raise
    except PaternosterError as e:
        raise RecordError(f"Field 'start' describes no valid game: {e}") from None
    game._start = start
    n = len(actions) if upto is None else whole(upto, "upto (actions to replay)", 0, len(actions), error=RecordError)
    for i, a in enumerate(actions[:n], 1):
        try:
            game.apply_action(action_from_json(a))
        except RecordError as e:
            raise RecordError(f"Action {i} of {len(actions)}: {e}") from None
        except (IllegalPlayError, CardParseError) as e:
            rule = f" (rule {e.rule})" if isinstance(e, IllegalPlayError) else ""
            raise RecordError(f"Action {i} of {len(actions)} does not replay{rule}: {e}") from None
    return game
