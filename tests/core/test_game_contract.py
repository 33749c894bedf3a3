"""The game contract, checked the same way on both games (Paternoster and its variants, Paskahousu).

For random but seeded games: every legal action passes ``check``; a refused action raises
``IllegalPlayError`` and changes nothing; ``undo`` after any action restores the exact state (position,
log, actions); every game ends; and the record replays to an identical game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pytest

from paternoster import EndTurn, Game, IllegalPlayError, Play, full_deck, make_rules
from paternoster.lift import rule_ids
from paternoster.core import rule_ids as core_rule_ids
from paternoster.paskahousu import ACCEPTANCE_RULES, PaskahousuGame, PickUp, PlayCards, TryYourLuck
from paternoster.paskahousu import rule_ids as paskahousu_rule_ids

#: Every rule id a refusal may carry: the registries of both games, the kernel's and the acceptance table's.
KNOWN_RULES = (set(rule_ids.RULE_IDS) | set(paskahousu_rule_ids.RULE_IDS) | set(core_rule_ids.RULE_IDS)
               | set(ACCEPTANCE_RULES))


@dataclass(frozen=True)
class Spec:
    name: str
    new: Callable[[int], Any]          # seed -> a fresh game
    refused: Callable[[Any], list[Any]]  # game -> candidate actions, some of them refused
    max_actions: int                   # every game ends well before this


def paternoster_candidates(g: Game) -> list[Any]:
    others = [c for c in full_deck(1) if c not in g.hand][:3]
    mine = sorted(set(g.hand))[:3]
    return ([Play(c, p) for c in others for p in range(len(g.piles))]
            + [Play(c, p) for c in mine for p in range(len(g.piles))] + [EndTurn(), EndTurn(token=True)])


def paskahousu_candidates(g: PaskahousuGame) -> list[Any]:
    others = [c for c in full_deck(1) if c not in g.hand][:4]
    return [PlayCards((c,)) for c in others] + [PlayCards(tuple(g.hand[:2])), PickUp(), TryYourLuck()]


SPECS = [
    Spec("paternoster-normal", lambda s: Game.new(2, s), paternoster_candidates, 2000),
    Spec("paternoster-variants", lambda s: Game.new(3, s, rules=make_rules("notruf-marken", "feuer")),
         paternoster_candidates, 2000),
    Spec("paskahousu-4", lambda s: PaskahousuGame.new(4, s), paskahousu_candidates, 5000),
    Spec("paskahousu-2", lambda s: PaskahousuGame.new(2, s), paskahousu_candidates, 5000),
]


def state(g: Any) -> tuple:
    return (g.to_position(), list(g.log), list(g.actions), g.result, g.is_terminal())


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_game_contract_holds(spec: Spec, seed: int):
    rng = np.random.default_rng([seed, 13])
    g = spec.new(seed)
    refused_seen = 0
    for _ in range(spec.max_actions):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        assert legal, "a game that is not over has a legal action"
        assert all(g.check(a) is None for a in legal)
        for bad in spec.refused(g):
            if g.check(bad) is None:
                continue
            before = state(g)
            with pytest.raises(IllegalPlayError) as info:
                g.apply_action(bad)
            assert info.value.rule == g.check(bad).rule and info.value.rule in KNOWN_RULES
            assert state(g) == before, f"refused {bad} changed the game"
            refused_seen += 1
        action = legal[int(rng.integers(len(legal)))]
        before = state(g)
        snapshot = g.copy()
        g.apply_action(action)
        assert len(g.actions) == len(snapshot.actions) + 1
        assert g.undo() == action  # undo gives back the action and the exact state before it
        assert state(g) == before and g == snapshot
        g.apply_action(action)
    else:
        pytest.fail(f"{spec.name} seed {seed}: no end after {spec.max_actions} actions")
    assert g.returns() and len(g.returns()) == g.players
    assert refused_seen > 0, "the candidates never produced a refused action: the test would prove nothing"
    again = g.__class__.from_record(g.to_json())
    assert again == g and again.log == g.log and again.actions == g.actions and again.result == g.result


@pytest.mark.parametrize("spec", SPECS, ids=[s.name for s in SPECS])
def test_undo_on_a_new_game_is_refused_and_changes_nothing(spec: Spec):
    g = spec.new(5)
    before = state(g)
    with pytest.raises(IllegalPlayError) as info:
        g.undo()
    assert info.value.rule == "nothing-to-undo" and state(g) == before
