"""The game contract, checked the same way on every registered game (the registry of games), with its
standard rules and the sample rule sets the game names.

For random but seeded games: every legal action passes ``check``; an action that is not legal now (taken
from another deal of the same game) raises ``IllegalPlayError`` with a known rule id and changes nothing;
``undo`` after any action gives the action back and restores the state (position, log, actions, result),
or is refused with a known rule id and changes nothing (a game may refuse to take back an action that
showed hidden cards);
every game ends; the record replays to an identical game, by the game's reader and by the kit's reader of
any record; and every computer player of the game plays a whole game with legal actions only.

No deep copy per step: the state compared is the position, the log's length and last sentences, and the
actions' length and last ones, so the test stays linear in the length of a game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pytest

from paternoster import IllegalPlayError
from paternoster.core import registry
from paternoster.core import rule_ids as core_rule_ids
from paternoster.core.records import read_record

#: The most actions a game of the test may take before it counts as endless.
MAX_ACTIONS = 10_000


def known_rules(entry: registry.GameEntry) -> set[str]:
    """Every rule id a refusal of this game may carry: the kernel's and the game's ``rule_ids`` module's
    (and, where the game has one, its acceptance table's)."""
    package = importlib.import_module(entry.state.__module__.rsplit(".", 1)[0])
    ids = set(core_rule_ids.RULE_IDS) | set(importlib.import_module(f"{package.__name__}.rule_ids").RULE_IDS)
    return ids | set(getattr(package, "ACCEPTANCE_RULES", ()))


@dataclass(frozen=True)
class Spec:
    entry: registry.GameEntry
    rules_name: str
    rules: Callable[[], Any] | None
    players: int

    @property
    def id(self) -> str:
        return f"{self.entry.name}-{self.rules_name}-{self.players}"

    def new(self, seed: int) -> Any:
        kw = {} if self.rules is None else {"rules": self.rules()}
        return self.entry.state.new(self.players, seed, **kw)


def specs() -> list[Spec]:
    out = []
    for e in registry.games():
        lo, hi = e.players
        out += [Spec(e, "standard", None, lo), Spec(e, "standard", None, min(lo + 2, hi))]
        out += [Spec(e, name, make, min(lo + 1, hi)) for name, make in e.sample_rules.items()]
    return out


SPECS = specs()


def state(g: Any) -> tuple:
    return (g.to_position(), len(g.log), g.log[-8:], len(g.actions), g.actions[-3:], g.result, g.is_terminal())


def other_actions(spec: Spec, seed: int) -> list[Any]:
    """Actions legal somewhere in another deal of the same game: most are refused in this one."""
    g, pool, rng = spec.new(seed + 1000), [], np.random.default_rng([seed, 17])
    for _ in range(300):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        pool += legal[:6]
        g.apply_action(legal[int(rng.integers(len(legal)))], record_undo=False)
    return pool


def test_every_game_of_the_kit_is_checked():
    assert {s.entry.name for s in SPECS} == {e.name for e in registry.games()} and len(registry.games()) >= 2
    assert all(s.entry.sample_rules for s in SPECS), "each game names a rule set beside the standard one"


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_game_contract_holds(spec: Spec, seed: int):
    rng = np.random.default_rng([seed, 13])
    g = spec.new(seed)
    known = known_rules(spec.entry)
    pool = other_actions(spec, seed)
    refused_seen = 0
    for _ in range(MAX_ACTIONS):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        assert legal, "a game that is not over has a legal action"
        assert all(g.check(a) is None for a in legal)
        for bad in (pool[int(i)] for i in rng.integers(len(pool), size=4)):
            refusal = g.check(bad)
            if refusal is None:
                continue
            before = state(g)
            with pytest.raises(IllegalPlayError) as info:
                g.apply_action(bad)
            assert info.value.rule == refusal.rule and info.value.rule in known, info.value.rule
            assert state(g) == before, f"refused {bad} changed the game"
            refused_seen += 1
        action = legal[int(rng.integers(len(legal)))]
        before = state(g)
        g.apply_action(action)
        assert len(g.actions) == before[3] + 1
        after = state(g)
        try:
            taken_back = g.undo()
        except IllegalPlayError as e:  # a game may refuse to take back what showed hidden cards: then nothing changes
            assert e.rule in known and state(g) == after
            continue
        assert taken_back == action  # undo gives back the action and the exact state before it
        assert state(g) == before
        g.apply_action(action)
    else:
        pytest.fail(f"{spec.id} seed {seed}: no end after {MAX_ACTIONS} actions")
    assert g.returns() and len(g.returns()) == g.players
    assert refused_seen > 0, "the other deal's actions were never refused: the test would prove nothing"
    again = spec.entry.state.from_record(g.to_json())
    assert again == g and again.log == g.log and again.actions == g.actions and again.result == g.result
    assert read_record(g.to_record()) == g and g.to_record()["format"] == spec.entry.record.name


@pytest.mark.parametrize("spec", SPECS, ids=[s.id for s in SPECS])
def test_undo_on_a_new_game_is_refused_and_changes_nothing(spec: Spec):
    g = spec.new(5)
    before = state(g)
    with pytest.raises(IllegalPlayError) as info:
        g.undo()
    assert info.value.rule == core_rule_ids.NOTHING_TO_UNDO and state(g) == before


BOTS = [(e, name) for e in registry.games() for name in e.bots]


@pytest.mark.parametrize("entry,bot", BOTS, ids=[f"{e.name}-{b}" for e, b in BOTS])
def test_every_computer_player_plays_a_whole_game_with_legal_actions(entry: registry.GameEntry, bot: str):
    player = entry.bots[bot]()
    g = entry.state.new(entry.players[0] + 1, 3)
    for _ in range(MAX_ACTIONS):
        if g.is_terminal():
            break
        action = player.choose(g)
        assert g.check(action) is None, f"{bot} chose {action}, which the rules refuse"
        g.apply_action(action, record_undo=False)
    assert g.is_terminal(), f"{entry.name}: {bot} never finished a game"
