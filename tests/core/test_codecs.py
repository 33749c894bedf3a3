"""One action codec per game: records, the card table and ``to_json`` meet in it, so an action's JSON dict
reads back to the same action whichever way it comes in."""

from __future__ import annotations

import pytest

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
