"""One action codec per game: records, the card table and ``to_json`` meet in it, so an action's JSON dict
reads back to the same action whichever way it comes in.  For every registered game (the registry of
games): each action a game writes into its record fits the record format's schema and reads back to the
same action, and the schema's ``rules`` part is the rules dataclass's fields."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from paternoster.core import registry, schema
from paternoster.lift import codec
from paternoster.lift.actions import BigSetback, EndTurn, Pass, Play, Signal, TimeOut
from paternoster.paskahousu import actions as pk

PATERNOSTER_ACTIONS = [Play("4♦", 0), EndTurn(), EndTurn(token=True), BigSetback("8♥", 1), Pass("9♣", 1),
                       Signal(1, 0, "help"), Signal(0, 2, None), TimeOut()]
PASKAHOUSU_ACTIONS = [pk.PlayCards("8♣ 8♦"), pk.PlayCards("3♥"), pk.PickUp(), pk.TryYourLuck()]


@pytest.mark.parametrize("action", PATERNOSTER_ACTIONS, ids=repr)
def test_paternoster_actions_read_back_from_their_json(action):
    d = codec.encode_action(action)
    assert d["type"] in codec.ACTION_TYPES
    codec.check_action_entry(d, 1, 1)
    assert codec.decode_action(d, 1) == action     # records
    assert codec.action_from_dict(d) == action     # the card table


def test_every_paternoster_record_type_has_an_action():
    assert {codec.encode_action(a)["type"] for a in PATERNOSTER_ACTIONS} == set(codec.ACTION_TYPES)
    assert codec.action_from_dict({"type": "undo"}) is None


@pytest.mark.parametrize("action", PASKAHOUSU_ACTIONS, ids=repr)
def test_paskahousu_actions_read_back_from_their_json(action):
    d = action.to_json()
    assert d["type"] in pk.ACTION_TYPES
    assert pk.action_from_json(d) == action        # records
    assert pk.action_from_dict(d) == action        # the card table


def test_the_paskahousu_table_may_name_the_cards_as_text():
    assert pk.action_from_dict({"type": "play", "card": "8♦ 8♣"}) == pk.PlayCards("8♣ 8♦")
    assert pk.action_from_dict({"type": "opening"}) is None


GAMES = registry.games()


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_every_action_a_game_records_fits_its_schema_and_reads_back(entry):
    record_spec = dict(entry.record.schema[1])
    action_spec = record_spec["actions"][0][1]  # ("actions", tagged spec, most)
    seen = set()
    for rules in [None, *(make() for make in entry.sample_rules.values())]:
        g = entry.state.new(entry.players[0] + 1, 4, **({} if rules is None else {"rules": rules}))
        rng = np.random.default_rng(4)
        for _ in range(400):
            if g.is_terminal():
                break
            legal = g.legal_actions()
            g.apply_action(legal[int(rng.integers(len(legal)))], record_undo=False)
        rec = g.to_record()
        for entry_json in rec["actions"]:
            schema.check(entry_json, action_spec, [], "The entry")
            seen.add(entry_json["type"])
        assert entry.state.from_record(rec).actions == g.actions
    assert seen and seen <= set(action_spec[2]), "every type written is a type of the schema"


@pytest.mark.parametrize("entry", GAMES, ids=[e.name for e in GAMES])
def test_the_records_rules_are_the_rules_dataclass_fields(entry):
    rules_spec = entry.record.schema[1]["rules"][0]
    assert list(rules_spec[1]) == [f.name for f in dataclasses.fields(entry.rules) if f.init]
    assert entry.state.new(entry.players[0]).to_record()["rules"].keys() <= rules_spec[1].keys()
