"""Engine unit tests for the variants (rules §7, §10–§12), edge by edge: records, positions and the computer player.

Each test builds a small explicit position with Game.from_position and checks one
rule: what is allowed, what is refused (rule id and wording), and what the state is after.
Shared helpers (refused, TOKENS): variant_helpers.
"""

from __future__ import annotations

import random

import pytest

from paternoster import (BigSetback, EndTurn, Game, Pass, RecordError, Signal, TimeOut, make_rules, presets, replay)
from paternoster.lift.bots import SimplePlayer
from paternoster.lift import rule_ids

from variant_helpers import c, refused, FIRE, PASSING


# --------------------------------------------------------------------------- records, positions, bot

@pytest.mark.parametrize("action, json_", [
    (EndTurn(token=True), {"type": "end", "token": True}), (EndTurn(), {"type": "end"}),
    (BigSetback(c("8♥"), 0), {"type": "big-setback", "card": "8♥", "pile": 0}),
    (Pass(c("4♦"), 1), {"type": "pass-card", "card": "4♦", "to": 1}),
    (Signal(1, 0, "help"), {"type": "signal", "seat": 1, "pile": 0, "kind": "help"}),
    (TimeOut(), {"type": "timeout"}),
])
def test_action_json(action, json_):
    assert action.to_json() == json_


@pytest.mark.parametrize("bad, field", [({"type": "end", "token": "yes"}, "token"),
                                        ({"type": "pass-card", "card": "4♦"}, "to"),
                                        ({"type": "signal", "seat": 0, "pile": 0, "kind": 3}, "kind")])
def test_corrupt_new_action_fields(bad, field):
    rec = Game.new(2, 1, rules=make_rules("weitergeben", "notruf-marken")).to_record()
    rec["actions"] = [bad]
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert repr(field) in str(info.value)


@pytest.mark.parametrize("field, value", [("tokens", "x"), ("passengers", "7♥"), ("burning", [[0, "9♥"]]),
                                          ("signals", [1]), ("delivered", 9)])
def test_corrupt_position_fields(field, value):
    rules = make_rules("feuer", "fahrgaeste", "notruf-marken")
    g = Game.from_position(["2♦ 3♦", "4♦"], piles=["9♥", "", "", ""], draw_pile="5♦", rules=rules,
                           passengers="7♥ K♠ 2♣", burning=[0])
    rec = g.to_record()
    rec["start"]["position"][field] = value
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert field in str(info.value)


def test_position_round_trip_with_variant_state():
    rules = make_rules("feuer", "fahrgaeste", "notruf-marken", "befehle", "weitergeben", tokens=3)
    g = Game.from_position(["2♦ 3♦ 7♥", "4♦"], piles=["9♥", "", "", ""], draw_pile="5♦", rules=rules,
                           passengers="7♥ K♠ 2♣", burning=[0], tokens=1, signals={"up 2": [(1, "help")]},
                           silence_until=None, express="K♥", turn=4)
    pos = g.to_position()
    assert pos["tokens"] == 1 and pos["passengers"] == ["7♥", "K♠", "2♣"] and pos["burning"] == [[0, "9♥", 3]]
    assert pos["express"] == ["K♥"]
    again = replay(g.to_json())
    assert again == g


def _random_game(rules, players, seed):
    g = Game.new(players, seed, rules=rules)
    rnd = random.Random(seed)
    while not g.is_terminal() and len(g.actions) < 600:
        a = rnd.choice(g.legal_actions())
        if rnd.random() < 0.05:
            sig = g.legal_signals(rnd.randrange(players))
            a = rnd.choice(sig) if sig else a
        g.apply_action(a)
    return g


@pytest.mark.parametrize("p", presets(), ids=lambda p: p.name)
def test_every_preset_replays_and_undoes(p):
    players = p.player_counts[min(1, len(p.player_counts) - 1)]
    g = _random_game(p.rules, players, 11)
    assert g.is_terminal()
    assert replay(g.to_json()) == g
    while g.actions:
        g.undo()
    assert g == Game.new(players, 11, rules=p.rules)


def test_standard_logs_unchanged_by_the_variant_machinery():
    g = Game.new(3, 4)
    SimplePlayer().play_turn(g)
    assert g.log[-1].startswith("Turn 1: Player 1 ends the turn after")
    assert "token" not in " ".join(g.log)


@pytest.mark.parametrize("hands, plays, outcome", [
    (["9♥"], [("9♥", 0)], "perfect"),                       # the very last card may stay burning
    (["9♥ 10♦"], [("9♥", 0), ("10♦", 1)], "lost"),          # an earlier card of the last turn may not
])
def test_only_the_very_last_card_may_stay_burning(hands, plays, outcome):
    g = Game.from_position(hands + [""], piles=["8♣", "2♦", "", ""], rules=FIRE, turn_minimum=len(plays))
    for card, pile in plays:
        g.play(card, pile)
    assert g.result.outcome == outcome
    if outcome == "lost":
        assert (g.result.reason, g.result.card) == ("fire", c("9♥"))


def test_passing_the_last_card_before_playing_is_refused():
    g = Game.from_position(["5♣", "K♦"], rules=PASSING)
    refused(g, Pass("5♣", 1), rule_ids.PASS_LAST_CARD)
    assert not any(isinstance(a, Pass) for a in g.legal_actions())
