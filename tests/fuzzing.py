"""The kit's hostile-input fuzzer, shared by the property tests (tests/core/test_fuzz_*.py) and the
soak script (benchmarks/fuzz_soak.py).

Two generators, both driven by a ``random.Random`` (so every case is reproducible from its seed):

* :func:`mutate_record` — a valid record of either game, changed the way a hostile or careless user
  would (a field deleted, replaced by a value of another type, a huge number, deep nesting, an
  unknown field, a lone surrogate, broken JSON text, non-UTF-8 bytes …);
* :func:`bad_call` — a public function or class of the kit called with one to three arguments
  replaced by hostile values (wrong types, bools for numbers, numpy scalars and arrays, huge and
  negative numbers, long and invisible-character texts, odd digits).

:func:`check_record` and :func:`check_call` run one case and classify it:

* ``"refused"``: the kit's documented error (a :class:`~paternoster.PaternosterError`, or a
  ``TypeError``/``ValueError`` raised by a ``raise`` statement inside the kit) — and nothing changed;
* ``"accepted"``: the call worked, and the result passed its checks (a loaded record loads again
  from its ``to_json()`` to an equal game; a value of a kind the parameter does not take was not
  accepted);
* ``"raw"``: any other exception (a Python or numpy error leaking out) — the goal is none;
* ``"wrong"``: accepted but wrong (round trip broken, a wrong-kind value accepted, an input
  changed by a refusal, a message longer than :data:`MAX_MESSAGE`) — the goal is none.
"""

from __future__ import annotations

import copy
import json
import os
import random
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

import paternoster
from paternoster import Game, PaternosterError, Rules, SimplePlayer, make_rules, parse_card, parse_cards, preset
from paternoster.paskahousu import (HeuristicPlayer, HouseRules, Match, PaskahousuGame, RandomPlayer, acceptance,
                                    make_player, strength)
from paternoster.paskahousu import simulate as pk_simulate
from paternoster.core import registry

#: The longest error message the kit may give (a message never echoes a whole long input).
MAX_MESSAGE = 1500

_KIT_DIR = os.path.dirname(paternoster.__file__)


@dataclass
class Outcome:
    """One fuzz case: ``kind`` (refused / accepted / raw / wrong), what was tried, the detail, seconds."""

    kind: str
    what: str
    detail: str
    seconds: float


# --------------------------------------------------------------------------- valid records

def _paternoster_game(seed: int) -> Game:
    g = Game.new(2, seed)
    bot = SimplePlayer()
    for _ in range(seed % 9 + 2):
        if g.is_terminal():
            break
        g.apply_action(bot.choose(g))
    return g


def _registered_records() -> list[dict[str, Any]]:
    """A record of every registered game (the registry of games): a seeded game with its first computer
    player's first actions, once with the standard rules and once with each sample rule set."""
    out = []
    for e in registry.games():
        for rules in [None, *(make() for make in e.sample_rules.values())]:
            g = e.state.new(e.players[0] + 1, 11, **({} if rules is None else {"rules": rules}))
            bot = next(iter(e.bots.values()))()
            for _ in range(5):
                if not g.is_terminal():
                    g.apply_action(bot.choose(g))
            out.append(g.to_record())
    return out


def reader(record: dict[str, Any]) -> Callable[[Any], Any]:
    """The reader of a record's game, chosen by its format (the registry of games)."""
    entry = registry.by_format(record["format"])
    assert entry is not None, record["format"]
    return entry.state.from_record


def valid_records() -> list[dict[str, Any]]:
    """Records of every game to mutate: seeded games, positions with variant state, a few actions each."""
    out = _registered_records() + [_paternoster_game(s).to_record() for s in (1, 7)]
    rules = make_rules("feuer", "fahrgaeste", "notruf-marken", "befehle", "weitergeben", tokens=3)
    g = Game.from_position(["2♦ 3♦ 7♥", "4♦"], piles=["9♥", "", "", ""], draw_pile="5♦", rules=rules,
                           passengers="7♥ K♠ 2♣", burning=[0], tokens=1, signals={"up 2": [(1, "help")]},
                           express="K♥", turn=4)
    out.append(g.to_record())
    s = Game.new(3, 4, rules=make_rules("steil"), names=["Anna", "Ben", "Carla"])
    s.apply_action(s.legal_actions()[0])
    out.append(s.to_record())
    for seed in (3, 5):
        p = PaskahousuGame.new(3 + seed % 2, seed)
        for _ in range(6):
            p.apply_action(p.legal_actions()[-1 if seed == 3 else 0])
        out.append(p.to_record())
    q = PaskahousuGame.from_position(["3♦ 4♠ 9♥", "5♥ 5♣", "K♠"], pile="6♣", draw_pile="J♣ 3♠",
                                     names=["Anna", "Ben", "Carla"])
    q.play("9♥")
    out.append(q.to_record())
    return out


# --------------------------------------------------------------------------- hostile values

def hostile_values(rng: random.Random) -> Any:
    """One hostile value: wrong types, huge or odd numbers, long or invisible texts, deep nesting."""
    choices: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: 1.5, lambda: 2.0, lambda: float("nan"),
        lambda: 10 ** rng.choice([9, 19, 30, 400, 5000]), lambda: -(10 ** 20), lambda: "",
        lambda: "x" * rng.choice([10, 1000, 200_000]), lambda: "false", lambda: "1", lambda: "٣", lambda: "３",
        lambda: "up " + "9" * 5000, lambda: "Anna\u200b", lambda: "\u202eAnna", lambda: "A\x00na", lambda: "\ud800",
        lambda: [], lambda: {}, lambda: [0.0], lambda: ["4♦"] * rng.choice([3, 500]), lambda: [[[[[[[[1]]]]]]]],
        lambda: {"x": 1}, lambda: ("hold",), lambda: [(0, "hold")], lambda: np.int64(2), lambda: np.float64(2.0),
        lambda: np.bool_(True), lambda: np.array([1, 2]), lambda: np.array(["4♦"]), lambda: b"\xff\xfe",
        lambda: _ODD, lambda: "4♦", lambda: "up 1", lambda: "Normal", lambda: 3, lambda: 7,
    ]
    return rng.choice(choices)()


class _Odd:
    """A foreign object (no JSON, no number, no text); copies of it compare equal, so a deep copy of a
    hostile record still equals the record."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Odd)

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "<odd object>"


_ODD = _Odd()


def _nested(depth: int) -> Any:
    v: Any = 1
    for _ in range(depth):
        v = [v]
    return v


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:30]):
            out += _paths(v, path + (i,))
    return out


def mutate_record(rng: random.Random, record: dict[str, Any]) -> Any:
    """A mutated copy of ``record``: a dict, JSON text or bytes (``record`` itself is not changed)."""
    rec = copy.deepcopy(record)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = [p for p in _paths(rec) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        how = rng.randrange(8)
        if how == 0 and isinstance(parent, dict):
            del parent[key]
        elif how == 1 and isinstance(parent, dict):
            parent[rng.choice(["extra", "opend", "\ud800", "x" * 300])] = hostile_values(rng)
        elif how == 2:
            depth = rng.choice([5, 50, 5000])
            parent[key] = _nested(depth)
            if depth > 500:
                return rec  # too deep for the fuzzer's own copying and JSON writing: hand it over as it is
        elif how == 3 and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * rng.choice([2, 50])
        elif how == 4 and isinstance(parent[key], bool):
            parent[key] = rng.choice(["false", "no", 0, 1, None])
        elif how == 5 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = rng.choice([parent[key] + 1, -parent[key] - 1, float(parent[key]), str(parent[key]),
                                      True, 10 ** 30, parent[key] * 10 ** 6])
        elif how == 6 and isinstance(parent[key], str):
            parent[key] = rng.choice([parent[key] + "x", parent[key][:-1], parent[key].upper(), " " + parent[key],
                                      parent[key] * 1000, "\ud800", "10♥", "11♥"])
        else:
            parent[key] = _sanitize_json(hostile_values(rng))
    form = rng.randrange(10)
    if form < 6:
        return rec
    try:
        text = json.dumps(rec, ensure_ascii=rng.random() < 0.5)
    except (TypeError, ValueError, RecursionError):
        return rec
    if form == 6:
        cut = rng.randrange(len(text))
        return text[:cut] + rng.choice(["", "}", "]]]", "\x00", "NaN", '"', "\\ud800", "1e999"]) + text[cut:]
    if form == 7:
        return text.encode("utf-8", "surrogatepass") + rng.choice([b"", b"\xff", b"\xc3"])
    if form == 8:
        return text.replace('": 1', '": 1' + "0" * rng.choice([3, 30, 5000]), 1)
    return "[" * rng.choice([100, 10_000, 200_000]) + "]" * 3


def _sanitize_json(v: Any) -> Any:
    """numpy values and objects cannot appear in parsed JSON; keep the hostile value JSON-like or a text."""
    if isinstance(v, (np.generic, np.ndarray, bytes, object)) and not isinstance(
            v, (str, int, float, bool, list, dict, tuple, type(None))):
        return repr(v)
    return v


# --------------------------------------------------------------------------- classification

def _kit_raised(e: BaseException) -> bool:
    """Whether ``e`` is the kit's error: a PaternosterError, or a TypeError/ValueError that a ``raise``
    statement in the kit's own code raised (not one leaking from Python, numpy or a builtin)."""
    if isinstance(e, PaternosterError):
        return True
    if type(e) not in (TypeError, ValueError, IndexError):  # IndexError: documented by sentences(k)
        return False
    frames = traceback.extract_tb(e.__traceback__)
    if not frames:
        return False
    last = frames[-1]
    return last.filename.startswith(_KIT_DIR) and "raise" in (last.line or "")


def _snapshot(game: Any) -> Any:
    return (game.to_position(), len(game.log), len(game.actions))


def check_record(record: Any, reader: Callable[[Any], Any], what: str = "record") -> Outcome:
    """Load ``record`` with ``reader`` (``Game.from_record`` or ``PaskahousuGame.from_record``) and classify."""
    try:
        before = copy.deepcopy(record) if isinstance(record, dict) else record
    except RecursionError:
        before = None  # too deep to copy: the no-change check is skipped for this case
    t = time.perf_counter()
    try:
        game = reader(record)
    except Exception as e:  # noqa: BLE001 - classifying every exception is the point
        dt = time.perf_counter() - t
        if not _kit_raised(e):
            return Outcome("raw", what, f"{type(e).__name__}: {str(e)[:200]}", dt)
        if len(str(e)) > MAX_MESSAGE:
            return Outcome("wrong", what, f"message of {len(str(e))} characters", dt)
        if isinstance(record, dict) and before is not None and not _same(record, before):
            return Outcome("wrong", what, "the refused record dict was changed", dt)
        return Outcome("refused", what, f"{type(e).__name__}: {str(e)[:120]}", dt)
    dt = time.perf_counter() - t
    try:
        again = reader(game.to_json())
        ok = again == game and again.to_json() == game.to_json()
    except Exception as e:  # noqa: BLE001
        return Outcome("wrong", what, f"loaded, but its to_json() does not load: {type(e).__name__}: {e}", dt)
    if not ok:
        return Outcome("wrong", what, "loaded, but its to_json() loads to another game", dt)
    return Outcome("accepted", what, "", dt)


def _same(a: Any, b: Any) -> bool:
    """Equal, or equal in repr (a NaN is not equal to itself; numpy arrays compare element-wise)."""
    try:
        if bool(a == b):
            return True
    except Exception:  # noqa: BLE001 - numpy arrays in a hostile dict
        pass
    try:
        return repr(a) == repr(b)
    except ValueError:  # a number too long to print: compare the structure without it
        return _same(_strip(a), _strip(b)) if (_strip(a), _strip(b)) != (a, b) else False


def _strip(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _strip(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_strip(x) for x in v]
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 10_000:
        return ("huge", v.bit_length())
    return v


# --------------------------------------------------------------------------- bad argument lists
# Each target: (name, call(**kwargs), {parameter: (valid value, accepted kinds)}).  A kind is one of
# "int" (int or numpy integer, not bool), "bool" (bool or np.bool_), "name" (text), "any" (no type rule).

_INT, _BOOL, _NAME, _ANY = "int", "bool", "name", "any"


def _pk_game() -> PaskahousuGame:
    return PaskahousuGame.from_position(["3♦ 4♠ 9♥", "5♥ 5♣", "K♠"], pile="6♣", draw_pile="J♣ 3♠")


def _pn_game() -> Game:
    return Game.from_position(["4♦ 5♦ 9♥", "6♣"], piles=["3♦", "", "K♠", ""], draw_pile="2♣ 2♦",
                              rules=make_rules("notruf-marken", tokens=2))


TARGETS: list[tuple[str, Callable[..., Any], dict[str, tuple[Any, str]]]] = [
    ("Game.new", Game.new, {"players": (2, _INT), "seed": (1, _INT), "first": (0, _INT), "names": (None, _ANY),
                            "game": (None, _ANY), "rules": (paternoster.STANDARD, _ANY)}),
    ("Game.from_position", Game.from_position,
     {"hands": (["4♦ 5♦", "6♣"], _ANY), "piles": (None, _ANY), "draw_pile": ("2♣", _ANY), "to_move": (0, _INT),
      "setback_used": (False, _BOOL), "played_this_turn": (0, _INT), "turn_minimum": (None, _ANY),
      "hand_size_check": (True, _BOOL), "turn": (1, _INT), "names": (None, _ANY), "burning": ((), _ANY),
      "signals": (None, _ANY), "token_used": (False, _BOOL), "passed": (False, _BOOL)}),
    ("Rules", Rules, {"decks": (2, _INT), "up_piles": (2, _INT), "down_piles": (2, _INT), "minimum": (2, _INT),
                      "minimum_without_draw_pile": (1, _INT), "setbacks_per_turn": (1, _INT), "tokens": (0, _INT),
                      "passengers": (0, _INT), "fire": (False, _BOOL), "passing": (False, _BOOL),
                      "hand_sizes": (((2, 7), (3, 6)), _ANY), "name": ("Mine", _NAME), "signals": ("all", _ANY)}),
    ("Rules.from_dict", lambda **kw: Rules.from_dict(kw), {"decks": (2, _INT), "hand_sizes": ({"2": 7}, _ANY),
                                                            "minimum": (2, _INT), "fire": (False, _BOOL)}),
    ("HouseRules", HouseRules, {"hand_size": (5, _INT), "min_players": (2, _INT), "max_players": (6, _INT),
                                "turn_cap": (1000, _INT), "name": ("Mine", _NAME)}),
    ("make_rules", lambda name, **kw: make_rules(name, **kw), {"name": ("steil", _NAME), "tokens": (None, _ANY)}),
    ("preset", lambda name: preset(name), {"name": ("Kurze Fahrt", _NAME)}),
    ("PaskahousuGame.new", PaskahousuGame.new, {"players": (4, _INT), "seed": (1, _INT), "dealer": (0, _INT),
                                                "names": (None, _ANY)}),
    ("PaskahousuGame.from_position", PaskahousuGame.from_position,
     {"hands": (["3♦ 4♠", "5♥"], _ANY), "pile": ("", _ANY), "draw_pile": ("6♣", _ANY), "to_move": (0, _INT),
      "dealer": (0, _INT), "opened": (False, _BOOL), "opening": (False, _BOOL), "names": (None, _ANY)}),
    ("Match", Match, {"players": (3, _INT), "seed": (0, _INT), "names": (None, _ANY), "strategies": (None, _ANY)}),
    ("make_player", make_player, {"strategy": ("random", _ANY), "seed": (0, _ANY)}),
    ("RandomPlayer", RandomPlayer, {"seed": (0, _ANY)}),
    ("HeuristicPlayer", HeuristicPlayer, {"seed": (0, _INT)}),
    ("paskahousu.simulate", pk_simulate, {"players": (3, _INT), "games": (2, _INT), "seed": (0, _INT),
                                          "strategies": ("heuristic", _ANY)}),
    ("paternoster.simulate", lambda **kw: paternoster.simulate(**kw),
     {"rules": ("Normal", _ANY), "players": (2, _ANY), "games": (2, _INT), "seed": (0, _INT),
      "engine": ("auto", _ANY), "workers": (1, _ANY)}),
    ("parse_card", parse_card, {"text": ("4♦", _ANY)}),
    ("parse_cards", parse_cards, {"text": ("4♦ 5♣", _ANY)}),
    ("strength", strength, {"card_or_rank": ("K", _ANY)}),
    ("acceptance", acceptance, {"top": ("6♣", _ANY), "played": ("8♦", _ANY)}),
]

#: Calls on a game object; the game must be unchanged after a refusal.
GAME_TARGETS: list[tuple[str, Callable[[], Any], str, dict[str, tuple[Any, str]]]] = [
    ("Game.play", _pn_game, "play", {"card": ("4♦", _ANY), "pile": (0, _ANY)}),
    ("Game.why_not", _pn_game, "why_not", {"card": ("4♦", _ANY), "pile": ("up 1", _ANY)}),
    ("Game.signal", _pn_game, "signal", {"seat": (1, _ANY), "pile": (0, _ANY), "kind": ("help", _ANY)}),
    ("Game.end_turn", _pn_game, "end_turn", {"token": (False, _BOOL)}),
    ("Game.sentences", _pn_game, "sentences", {"k": (0, _ANY)}),
    ("PaskahousuGame.play", _pk_game, "play", {"cards": ("9♥", _ANY)}),
    ("PaskahousuGame.why_not", _pk_game, "why_not", {"cards": ("9♥", _ANY)}),
    ("PaskahousuGame.view", _pk_game, "view", {"player": (0, _INT)}),
]


def _kind_ok(value: Any, kind: str) -> bool:
    if kind == _INT:
        return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    if kind == _BOOL:
        return isinstance(value, (bool, np.bool_))
    if kind == _NAME:
        return isinstance(value, str)
    return True


def bad_call(rng: random.Random) -> tuple[str, Callable[[], Any], list[tuple[str, Any, str]], Any]:
    """A hostile call: ``(name, thunk, [(parameter, value, kind)], game or None)``."""
    if rng.random() < 0.3:
        name, make, method, params = rng.choice(GAME_TARGETS)
        game = make()
        kwargs = {k: v for k, (v, _) in params.items()}
        changed = []
        for k in rng.sample(list(params), rng.randint(1, len(params))):
            kwargs[k] = hostile_values(rng)
            changed.append((k, kwargs[k], params[k][1]))
        return name, (lambda: getattr(game, method)(**kwargs)), changed, game
    name, fn, params = rng.choice(TARGETS)
    kwargs = {k: v for k, (v, _) in params.items()}
    changed = []
    for k in rng.sample(list(params), rng.randint(1, min(3, len(params)))):
        kwargs[k] = hostile_values(rng)
        changed.append((k, kwargs[k], params[k][1]))
    return name, (lambda: fn(**kwargs)), changed, None


def _result_ok(result: Any) -> str:
    """'' if a returned value passes its checks, else what is wrong."""
    if isinstance(result, (Game, PaskahousuGame)):
        reader = type(result).from_record
        again = reader(result.to_json())
        if again != result:
            return "its to_json() loads to another game"
        if not all(isinstance(n, str) for n in result.names):
            return f"names {result.names!r}"
    if isinstance(result, Rules):
        if Rules.from_dict(json.loads(json.dumps(result.to_dict()))) != result:
            return "its to_dict() does not read back"
    if isinstance(result, HouseRules):
        if HouseRules.from_dict(json.loads(json.dumps(result.to_dict()))) != result:
            return "its to_dict() does not read back"
    if isinstance(result, Match):
        if len(result.names) != result.players or not all(isinstance(n, str) for n in result.names):
            return f"names {result.names!r}"
    return ""


def check_call(name: str, thunk: Callable[[], Any], changed: list[tuple[str, Any, str]], game: Any) -> Outcome:
    """Run one hostile call and classify it (see the module doc)."""
    what = f"{name}({', '.join(f'{k}={_short(v)}' for k, v, _ in changed)})"
    before = _snapshot(game) if game is not None else None
    t = time.perf_counter()
    try:
        result = thunk()
    except Exception as e:  # noqa: BLE001
        dt = time.perf_counter() - t
        if not _kit_raised(e):
            return Outcome("raw", what, f"{type(e).__name__}: {str(e)[:200]}", dt)
        if len(str(e)) > MAX_MESSAGE:
            return Outcome("wrong", what, f"message of {len(str(e))} characters", dt)
        if game is not None and _snapshot(game) != before:
            return Outcome("wrong", what, "a refused call changed the game", dt)
        return Outcome("refused", what, f"{type(e).__name__}: {str(e)[:120]}", dt)
    dt = time.perf_counter() - t
    wrong_kind = [k for k, v, kind in changed if not _kind_ok(v, kind)]
    if wrong_kind:
        return Outcome("wrong", what, f"accepted a value of the wrong kind for {', '.join(wrong_kind)}", dt)
    try:
        problem = _result_ok(result)
    except Exception as e:  # noqa: BLE001
        problem = f"its check failed: {type(e).__name__}: {str(e)[:200]}"
    if problem:
        return Outcome("wrong", what, problem, dt)
    return Outcome("accepted", what, "", dt)


def _short(v: Any) -> str:
    from paternoster.core.checks import short
    return short(v)


def record_case(rng: random.Random, records: list[dict[str, Any]]) -> Outcome:
    """One mutated record of either game, loaded and classified."""
    base = rng.choice(records)
    return check_record(mutate_record(rng, base), reader(base), base["format"])
