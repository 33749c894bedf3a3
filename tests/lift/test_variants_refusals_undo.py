"""The variants, written from the rules (not from the engine): refusals change nothing; undo and records of the new actions.

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden'; rules §3–§12.
Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
Shared positions and helpers: ``variant_helpers``.
"""

from __future__ import annotations

import pytest

from paternoster import STANDARD, IllegalPlayError, replay
from paternoster.lift.game import BigSetback, EndTurn, Pass, Play, Signal, TimeOut
from paternoster.lift.variants import make_rules
from paternoster.lift import rule_ids

from variant_helpers import (c, UP1, UP2, DOWN1, DOWN2, pos, act, state, tok_rules, tok_game, w_game, fg_rules, F, fire_game, B,
                             S)


# =========================================================================== refusals change nothing

def _no_tokens():
    g = act(tok_game(1), Play(c("J♥"), UP1), EndTurn(token=True))
    return g, BigSetback(c("9♥"), UP1)


def _one_token():
    return act(tok_game(2), BigSetback(c("8♥"), UP1)), EndTurn(token=True)


def _sperre():
    return act(pos(["J♠ 10♠ 5♣", "2♦"], ["9♠", "", "", ""], rules=B), Play(c("J♠"), UP1)), Play(c("10♠"), UP1)


def _engpass():
    return act(pos(["Q♠ 10♣", "2♦"], rules=B), Play(c("Q♠"), DOWN1)), Play(c("10♣"), DOWN1)


def _silence():
    return act(pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), Play(c("Q♥"), UP1)), Signal(1, UP2, "hold")


REFUSALS = {
    rule_ids.NO_TOKENS: _no_tokens,
    rule_ids.ONE_TOKEN_PER_TURN: _one_token,
    rule_ids.BIG_SETBACK: lambda: (tok_game(), BigSetback(c("6♥"), UP1)),
    rule_ids.SETBACK_BLOCKED: _sperre,
    rule_ids.NARROW_PASS: _engpass,
    rule_ids.ONE_PASS_PER_TURN: lambda: (act(w_game(), Pass(c("5♣"), 1)), Pass(c("6♣"), 1)),
    rule_ids.NO_PASSING: lambda: (w_game(rules=STANDARD), Pass(c("5♣"), 1)),
    rule_ids.PASS_TARGET: lambda: (w_game(), Pass(c("5♣"), 0)),
    rule_ids.SIGNALS_OFF: lambda: (pos(["5♣", "6♣"], rules=make_rules("stille-fahrt")), Signal(0, UP1, "hold")),
    rule_ids.SIGNAL_MOVER_ONLY: lambda: (pos(["5♣", "6♣"], rules=make_rules("liftfuehrer")), Signal(1, UP1, "hold")),
    rule_ids.SILENCE: _silence,
    rule_ids.SIGNAL_KIND: lambda: (pos(["5♣", "6♣"]), Signal(1, UP1, "passenger")),
    rule_ids.NO_HOURGLASS: lambda: (pos(["5♣ 6♣", "6♣"]), TimeOut()),
}


@pytest.mark.parametrize("rule", list(REFUSALS))
def test_refusal_changes_nothing(rule):
    g, action = REFUSALS[rule]()
    before = state(g)
    refusal = g.check(action)
    assert refusal is not None and refusal.rule == rule
    assert refusal.message and len(refusal.message) > 20
    assert action not in g.legal_actions()
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule and str(info.value) == refusal.message
    assert state(g) == before


# =========================================================================== undo and records for the new actions

NEW_ACTIONS = {
    "big-setback": lambda: (tok_game(), [BigSetback(c("8♥"), UP1)]),
    "token-end": lambda: (tok_game(), [Play(c("J♥"), UP1), EndTurn(token=True)]),
    "pass": lambda: (w_game(), [Pass(c("5♣"), 1)]),
    "signal": lambda: (pos(["5♣ 6♣", "7♦"]), [Signal(1, UP1, "hold"), Signal(1, UP1, None)]),
    "time-out": lambda: (pos(["5♣ 6♣ 7♣", "2♠"], rules=S), [Play(c("5♣"), UP1), TimeOut()]),
    "halt": lambda: (pos(["J♥ 5♣", "2♠"], rules=B), [Play(c("J♥"), UP1)]),
    "fire-loss": lambda: (fire_game(), [Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1), EndTurn()]),
    "fire-position": lambda: (pos(["9♦ 8♣", "K♦ Q♦"], ["6♥", "", "", ""], rules=F, burning=[(UP1, "6♥", 1)],
                                  turn=2), [Play(c("8♣"), UP1), Play(c("9♦"), UP1), EndTurn()]),
    "deliver": lambda: (pos(["7♥ 9♠ 2♦ K♣", "Q♣"], rules=fg_rules(3), passengers="7♥ 9♠ 2♦"),
                        [Play(c("7♥"), UP1), Play(c("2♦"), DOWN1)]),
    "position-tokens": lambda: (pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""], rules=tok_rules(2), tokens=1),
                                [BigSetback(c("8♥"), UP1), Play(c("J♥"), UP1), EndTurn()]),
    "schweigen": lambda: (pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), [Play(c("Q♥"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
    "express": lambda: (pos(["K♥ 5♣ 6♣", "2♠ 3♠ 4♠"], rules=B), [Play(c("K♥"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
    "sperre": lambda: (pos(["J♠ 5♣ 6♣", "10♠"], ["9♠", "", "", ""], rules=B),
                       [Play(c("J♠"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
}


@pytest.mark.parametrize("name", list(NEW_ACTIONS))
def test_new_actions_undo_and_replay(name):
    g, actions = NEW_ACTIONS[name]()
    start = state(g)
    marks = []
    for a in actions:
        marks.append(state(g))
        g.apply_action(a)
        assert isinstance(a.to_json(), dict)
    again = replay(g.to_json())
    assert again == g and again.actions == g.actions and again.result == g.result
    for a, before in zip(reversed(actions), reversed(marks)):
        assert g.undo() == a
        assert state(g) == before
    assert state(g) == start


def test_replayed_position_keeps_its_variant_state():
    g = pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""], rules=tok_rules(2), tokens=1)
    act(g, BigSetback(c("8♥"), UP1))
    again = replay(g.to_json())
    assert g.tokens == 0 and again.tokens == 0
    g = pos(["9♠ 2♦ K♣", "Q♣"], rules=fg_rules(3), passengers="7♥ 9♠ 2♦", delivered=1)
    act(g, Play(c("9♠"), UP1))
    again = replay(g.to_json())
    assert again.delivered == g.delivered == 2 and again.result is None
    g = act(pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), Play(c("Q♥"), UP1), Play(c("5♣"), DOWN1), EndTurn())
    again = replay(g.to_json())
    assert again.check(Signal(1, UP2, "hold")) == g.check(Signal(1, UP2, "hold")) and g.check(Signal(1, UP2, "hold"))


@pytest.mark.parametrize("build", [
    lambda: (pos(["5♣", "6♣"]), Signal(2, UP1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(-1, UP1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(1, -1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(1, UP1, None)),          # nothing to withdraw
    lambda: (w_game(), Pass(c("5♣"), 7)),
    lambda: (tok_game(), BigSetback(c("8♥"), 9)),
    lambda: (tok_game(), BigSetback(c("5♦"), UP1)),
    lambda: (act(tok_game(), Play(c("J♥"), UP1), Play(c("6♠"), DOWN2)), EndTurn(token=True)),  # minimum met
], ids=["seat-2", "seat-neg", "pile-neg", "withdraw-nothing", "pass-seat-7", "big-pile-9", "big-not-in-hand",
        rule_ids.TOKEN_NOT_NEEDED])
def test_odd_actions_refused_without_change(build):
    g, action = build()
    before = state(g)
    assert g.check(action) is not None
    with pytest.raises(IllegalPlayError):
        g.apply_action(action)
    assert state(g) == before
