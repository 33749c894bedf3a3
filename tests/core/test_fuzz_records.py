"""Fuzz properties (hypothesis): mutated records of both games, random rules, hostile argument lists.

Each case is classified by the shared harness (tests/fuzzing.py): only the kit's documented errors,
nothing changed by a refusal, every accepted record loads again from its ``to_json()`` to an equal
game, no value of the wrong kind accepted, no message longer than ``fuzzing.MAX_MESSAGE``.  The
soak run with 10,000+ cases of each kind is ``benchmarks/fuzz_soak.py``; timing is measured there.
"""

from __future__ import annotations

import json
import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fuzzing
from paternoster import Game, PaternosterError, Rules, RulesError
from paternoster.paskahousu import HouseRules, PaskahousuGame
from paternoster.lift.rules import RULES_RANGES
from paternoster.core import registry

RECORDS = fuzzing.valid_records()
FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _assert_good(outcome: fuzzing.Outcome) -> None:
    assert outcome.kind in ("refused", "accepted"), f"{outcome.kind}: {outcome.what} — {outcome.detail}"


@FAST
@given(st.integers(min_value=0, max_value=2 ** 32))
def test_mutated_records_get_the_kits_error_or_round_trip(seed):
    _assert_good(fuzzing.record_case(random.Random(seed), RECORDS))


@FAST
@given(st.integers(min_value=0, max_value=2 ** 32))
def test_hostile_argument_lists_get_the_kits_error_and_change_nothing(seed):
    _assert_good(fuzzing.check_call(*fuzzing.bad_call(random.Random(seed))))


def test_the_fuzzer_can_fail():
    """The harness calls a leaked Python error raw and a wrong-kind value accepted wrong."""
    def leaks():
        return {}["x"]
    assert fuzzing.check_call("leaks", leaks, [], None).kind == "raw"
    assert fuzzing.check_call("takes a float", lambda: None, [("n", 2.5, "int")], None).kind == "wrong"
    assert fuzzing.check_record({"format": "paternoster-record"}, Game.from_record).kind == "refused"


def test_every_valid_record_is_accepted_and_round_trips():
    assert {rec["format"] for rec in RECORDS} == {e.record.name for e in registry.games()}  # every game's records
    for rec in RECORDS:
        assert fuzzing.check_record(rec, fuzzing.reader(rec)).kind == "accepted"


_INTS = st.one_of(st.integers(-3, 12), st.sampled_from([10 ** 9, 10 ** 30, -(10 ** 20)]))
_ODD = st.sampled_from([True, False, 2.0, 7.9, "6", None, np.int64(2), np.float64(2.0), np.array([1, 2]), [2]])
_RULE_VALUE = st.one_of(_INTS, _ODD)


@FAST
@given(st.dictionaries(st.sampled_from(["decks", "up_piles", "down_piles", "minimum", "minimum_without_draw_pile",
                                        "setbacks_per_turn", "tokens", "passengers"]), _RULE_VALUE, max_size=4),
       st.one_of(st.none(), st.lists(st.tuples(_RULE_VALUE, _RULE_VALUE), max_size=4)))
def test_random_rules_are_bounded_typed_and_read_back(fields, hand_sizes):
    kwargs = dict(fields)
    if hand_sizes is not None:
        kwargs["hand_sizes"] = tuple(hand_sizes)
    try:
        r = Rules(**kwargs)
    except RulesError as e:
        assert len(str(e)) < fuzzing.MAX_MESSAGE
        return
    # accepted: exact ints inside the documented ranges, players × hand size ≤ cards, and it reads back
    for f, (lo, hi) in RULES_RANGES.items():
        v = getattr(r, f)
        assert type(v) is int and lo <= v <= hi
    for p, size in r.hand_sizes:
        assert type(p) is int and type(size) is int and p * size + r.passengers <= r.cards
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    for p in r.player_counts:
        Game.new(p, 0, rules=r)  # a game of every allowed size deals without error


@FAST
@given(st.dictionaries(st.sampled_from(["hand_size", "min_players", "max_players", "turn_cap"]), _RULE_VALUE,
                       max_size=3))
def test_random_house_rules_are_bounded_typed_and_read_back(fields):
    try:
        r = HouseRules(**fields)
    except RulesError:
        return
    assert all(type(getattr(r, f)) is int for f in ("hand_size", "min_players", "max_players", "turn_cap"))
    assert r.hand_size * r.max_players <= 52 and r.turn_cap <= 10_000
    assert HouseRules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    PaskahousuGame.new(r.max_players, 0, rules=r)


@FAST
@given(st.text(max_size=40))
def test_any_record_text_gives_the_record_error(text):
    for reader in (Game.from_record, PaskahousuGame.from_record):
        try:
            reader(text)
        except PaternosterError:
            pass
