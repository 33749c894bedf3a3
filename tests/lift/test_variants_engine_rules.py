"""Engine unit tests for the variants (rules §7, §10–§12), edge by edge: rules, variants, presets and their names.

Each test builds a small explicit position with Game.from_position and checks one
rule: what is allowed, what is refused (rule id and wording), and what the state is after.
Shared helpers (refused, TOKENS): variant_helpers.
"""

from __future__ import annotations

import json

import pytest

from paternoster import (STANDARD, Game, PositionError,
                         RecordError, RulesError, VARIANTS, make_rules, preset,
                         presets, replay)


# --------------------------------------------------------------------------- rules, variants, presets

def test_standard_rules_unchanged():
    assert make_rules() is STANDARD
    assert STANDARD.to_dict()["variants"] == [] and STANDARD.tokens == 0 and STANDARD.commands == "none"


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variant_makes_rules_that_round_trip(key):
    r = make_rules(key)
    assert r.variants == (key,)
    assert type(r).from_dict(json.loads(json.dumps(r.to_dict()))) == r


@pytest.mark.parametrize("keys, kw, words", [
    (("fahrgaeste", "kurze-fahrt"), {}, ("Fahrgäste", "Kurze Fahrt", "twins")),
    (("fahrgaeste", "kinderfahrt"), {}, ("Fahrgäste", "Kinderfahrt")),
    (("fahrgaeste", "zwei-kabinen"), {}, ("Fahrgäste", "Zwei Kabinen")),
    (("stille-fahrt", "liftfuehrer"), {}, ("Stille Fahrt", "Liftführer")),
    (("befehle", "befehle-light"), {}, ("Befehle", "Befehle light")),
    (("grosse-hand", "kleine-hand"), {}, ("Große Hand", "Kleine Hand")),
    (("kinderfahrt", "steil"), {}, ("Kinderfahrt", "Steil")),
    # a token could never be spent: no big setback (same suit fits), no early end (minimum 1)
    (("kinderfahrt", "notruf-marken"), {}, ("Kinderfahrt", "Notruf-Marken", "never be spent", "minimum of 1")),
    (("kinderfahrt",), {"tokens": 2}, ("Kinderfahrt", "Notruf-Marken", "never be spent")),
    (("Notruf-Marken 3", "Kinderfahrt"), {}, ("Kinderfahrt", "Notruf-Marken")),
    # a pass counts only while the minimum is 2 or more (rules §10–§11 Decision); Kinderfahrt's is 1
    (("kinderfahrt", "weitergeben"), {}, ("Kinderfahrt", "Weitergeben", "never count", "minimum is 1")),
    (("weitergeben", "kinderfahrt", "feuer"), {}, ("Kinderfahrt", "Weitergeben")),
    (("hochhaus", "kurze-fahrt"), {}, ("Hochhaus", "Kurze Fahrt")),
    (("notruf-marken",), {"tokens": 5}, ("1 to 4",)),
    (("notruf-marken",), {"tokens": 0}, ("1 to 4",)),
    (("fahrgaeste",), {"passengers": 2}, ("3",)),
    (("fahrgaeste",), {"passengers": 6}, ("3",)),
    (("steil",), {"hochhaus_cards": 5}, ("hochhaus",)),
    (("hochhaus",), {"hochhaus_cards": 6}, ("4",)),
    (("turbo",), {}, ("Unknown variant", "kurze-fahrt")),
])
def test_impossible_combinations_refused(keys, kw, words):
    with pytest.raises(RulesError) as info:
        make_rules(*keys, **kw)
    for w in words:
        assert w in str(info.value)


@pytest.mark.parametrize("key, players, words", [
    ("zwei-kabinen", 3, ("Zwei Kabinen", "exactly 2")),
    ("zwei-kabinen", 1, ("Zwei Kabinen",)),
    ("weitergeben", 1, ("Weitergeben", "solo")),
    ("hochhaus", 5, ("Hochhaus", "6 to 8")),
    ("hochhaus", 9, ("Hochhaus",)),
    ("steil", 6, ("Hochhaus",)),
])
def test_player_count_conflicts_name_the_variant(key, players, words):
    with pytest.raises(RulesError) as info:
        Game.new(players, 0, rules=make_rules(key))
    for w in words:
        assert w in str(info.value)


@pytest.mark.parametrize("key, players, hand, decks, piles, minimum", [
    ("kurze-fahrt", 1, 6, 1, 4, 2), ("kurze-fahrt", 2, 6, 1, 4, 2), ("kurze-fahrt", 3, 5, 1, 4, 2),
    ("kinderfahrt", 4, 3, 1, 2, 1), ("grosse-hand", 1, 9, 2, 4, 2), ("grosse-hand", 2, 8, 2, 4, 2),
    ("grosse-hand", 5, 7, 2, 4, 2), ("kleine-hand", 1, 7, 2, 4, 2), ("kleine-hand", 2, 6, 2, 4, 2),
    ("kleine-hand", 4, 5, 2, 4, 2), ("steil", 2, 7, 2, 4, 3), ("zwei-kabinen", 2, 8, 1, 2, 2),
    ("hochhaus", 6, 4, 3, 6, 2), ("hochhaus", 8, 4, 3, 6, 2),
])
def test_variant_numbers(key, players, hand, decks, piles, minimum):
    g = Game.new(players, 3, rules=make_rules(key))
    assert [len(h) for h in g.hands] == [hand] * players
    assert g.rules.decks == decks and len(g.piles) == piles and g.turn_minimum == minimum
    assert len(g.draw_pile) == 52 * decks - hand * players


def test_hochhaus_5_cards_and_triplets_equal():
    g = Game.new(7, 1, rules=preset("Hochhaus 5"))
    assert [len(h) for h in g.hands] == [5] * 7
    three = Game.from_position([["7♥"], ["7♥"], [], [], [], []], piles=["7♥", "", "", "", "", ""],
                               rules=make_rules("hochhaus"), hand_size_check=False)
    assert three.legal_plays()[0].skipped == 0  # a triplet on its triplet costs nothing
    with pytest.raises(PositionError):
        Game.from_position([["7♥"], ["7♥"], ["7♥"], ["7♥"], [], []], rules=make_rules("hochhaus"))


def test_presets_cover_every_variant_and_filter_by_players():
    keys = {k for p in presets() for k in p.rules.variants}
    assert keys == set(VARIANTS)
    assert [p.name for p in presets(7)] == ["Hochhaus 4", "Hochhaus 5"]
    assert "Weitergeben" not in [p.name for p in presets(1)] and "Zwei Kabinen" in [p.name for p in presets(2)]
    assert preset("notruf-marken  3").tokens == 3
    with pytest.raises(RulesError, match="known presets"):
        preset("Turbo")


@pytest.mark.parametrize("field, value", [("tokens", "2"), ("tokens", 7), ("passengers", 2), ("fire", 1),
                                          ("signals", "some"), ("commands", "all"), ("variants", "steil"),
                                          ("variants", ["turbo"]), ("hourglass", "yes")])
def test_corrupt_rules_fields_in_records_name_the_field(field, value):
    rec = Game.new(2, 1, rules=make_rules("feuer")).to_record()
    rec["rules"][field] = value
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert field in str(info.value)


def test_passengers_need_two_decks_rules_field():
    with pytest.raises(RulesError, match="one deck"):
        type(STANDARD)(decks=1, passengers=3)


# --------------------------------------------------------------------------- tester's findings: combinations, names, players

@pytest.mark.parametrize("keys", [("kinderfahrt", "notruf-marken"), ("kinderfahrt", "weitergeben")])
def test_useless_kinderfahrt_combinations_refused_in_any_order(keys):
    for order in (keys, keys[::-1]):
        with pytest.raises(RulesError, match="Kinderfahrt cannot be combined with"):
            make_rules(*order)


def test_useful_neighbours_of_the_refused_combinations_still_work():
    assert make_rules("kinderfahrt", "feuer").same_suit_fits
    assert make_rules("weitergeben", "steil").passing and make_rules("notruf-marken", "kurze-fahrt").tokens == 2


@pytest.mark.parametrize("players, words", [
    (0, ("players", "from 1 to 8", "not 0")), (9, ("players", "from 1 to 8", "not 9")), (-1, ("from 1 to 8",)),
    ("2", ("players", "whole number", "'2'", "1 to 8")), (2.0, ("players", "whole number", "1 to 8")),
    (True, ("players", "whole number", "1 to 8")),
])
def test_presets_refuse_bad_player_counts(players, words):
    with pytest.raises(RulesError) as info:
        presets(players=players)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


@pytest.mark.parametrize("players", [1, 5, 6, 8])
def test_presets_accept_every_count_from_1_to_8(players):
    import numpy as np
    chosen = presets(players)
    assert chosen and all(players in p.player_counts for p in chosen)
    assert [p.name for p in presets(np.int64(players))] == [p.name for p in chosen]


@pytest.mark.parametrize("rules, players, want, unwanted", [
    (make_rules("zwei-kabinen"), 3, "Zwei Kabinen is for exactly 2 players, not 3 (rules §11.3).",
     ("Paternoster is", "is a game for two")),
    (STANDARD, 0, "Standard Paternoster is for 1 to 5 players, not 0 (rules §1.2).", ("Hochhaus",)),
    (STANDARD, 9, "Standard Paternoster is for 1 to 5 players, not 9 (rules §1.2).", ("Hochhaus",)),
    (STANDARD, 6, "not 6 (rules §1.2; 6 to 8 players play the Hochhaus variant).", ()),
    (make_rules("steil"), 8, "Steil is for 1 to 5 players, not 8 (6 to 8 players play the Hochhaus variant).", ()),
    (make_rules("kurze-fahrt"), 7, "Kurze Fahrt is for 1 to 5 players, not 7.", ("Hochhaus",)),  # one deck: no Hochhaus
    (make_rules("hochhaus"), 5, "Hochhaus 4 is for 6 to 8 players, not 5 (rules §13.1; "
                                "1 to 5 players play without Hochhaus).", ("Paternoster is",)),
    (make_rules("hochhaus"), 0, "Hochhaus 4 is for 6 to 8 players, not 0 (rules §13.1).", ("1 to 5",)),
    (STANDARD.__class__(name="Solo", hand_sizes=((1, 8),)), 2, "Solo is for exactly 1 player, not 2.", ("1 players",)),
])
def test_player_count_messages_read_well(rules, players, want, unwanted):
    with pytest.raises(RulesError) as info:
        rules.check_players(players)
    msg = str(info.value)
    assert want in msg, msg
    for w in unwanted:
        assert w not in msg, (w, msg)


@pytest.mark.parametrize("name, want", [
    ("kurze fahrt", "Kurze Fahrt"), ("kurze-fahrt", "Kurze Fahrt"), ("KURZE_FAHRT", "Kurze Fahrt"),
    ("Grosse Hand", "Große Hand"), ("grosse-hand", "Große Hand"), ("Fahrgaeste", "Fahrgäste"),
    ("fahrgäste 4", "Fahrgäste 4"), ("Liftfuehrer", "Liftführer"), ("notruf_marken_3", "Notruf-Marken 3"),
    ("Notruf-Marken3", "Notruf-Marken 3"), ("befehle-light", "Befehle light"), ("hochhaus-5", "Hochhaus 5"),
    ("Normal", "Normal"),
])
def test_preset_names_are_forgiven(name, want):
    assert preset(name) == [p for p in presets() if p.name == want][0].rules


@pytest.mark.parametrize("name, key, kw", [
    ("Kurze Fahrt", "kurze-fahrt", {}), ("kurze fahrt", "kurze-fahrt", {}), ("KURZE_FAHRT", "kurze-fahrt", {}),
    ("Große Hand", "grosse-hand", {}), ("Fahrgäste", "fahrgaeste", {}), ("Liftführer", "liftfuehrer", {}),
    ("Befehle light", "befehle-light", {}), ("Zwei Kabinen", "zwei-kabinen", {}),
    # a preset name brings its numbers
    ("Notruf-Marken 3", "notruf-marken", {"tokens": 3}), ("Fahrgäste 5", "fahrgaeste", {"passengers": 5}),
    ("Hochhaus 5", "hochhaus", {"hochhaus_cards": 5}), ("Hochhaus", "hochhaus", {}),
])
def test_make_rules_names_are_forgiven(name, key, kw):
    assert make_rules(name) == make_rules(key, **kw)
    assert make_rules(name, "feuer") == make_rules(key, "feuer", **kw)


def test_make_rules_preset_number_must_agree_with_the_argument():
    assert make_rules("Notruf-Marken 3", tokens=3).tokens == 3
    with pytest.raises(RulesError, match="'Notruf-Marken 3' means tokens=3, but tokens=2"):
        make_rules("Notruf-Marken 3", tokens=2)


@pytest.mark.parametrize("name, fits", [("Hochhaus", ["Hochhaus 4", "Hochhaus 5"]),
                                        ("notruf marken", [f"Notruf-Marken {t}" for t in (1, 2, 3, 4)])])
def test_ambiguous_preset_names_list_every_fit(name, fits):
    with pytest.raises(RulesError) as info:
        preset(name)
    msg = str(info.value)
    assert "several presets" in msg and all(repr(f) in msg for f in fits), msg


@pytest.mark.parametrize("call, name, close", [
    (preset, "kurze fart", "'Kurze Fahrt'"), (preset, "Liftfurer", "'Liftführer'"), (preset, "Hochaus 5", "'Hochhaus 5'"),
    (make_rules, "kinderfart", "'kinderfahrt'"), (make_rules, "Kurze Fart", "'kurze-fahrt'"),
    (make_rules, "stile fahrt", "'stille-fahrt'"),
    (make_rules, "feur", "'feuer'"), (preset, "Feur", "'Feuer'"), (make_rules, "Liftfurer", "'liftfuehrer'"),
    (make_rules, "fahrgste", "'fahrgaeste'"), (preset, "Befele", "'Befehle'"),
])
def test_unknown_names_suggest_the_closest_and_list_all(call, name, close):
    with pytest.raises(RulesError) as info:
        call(name)
    msg = str(info.value)
    assert f"did you mean {close}" in msg, msg
    everything = [p.name for p in presets()] if call is preset else list(VARIANTS)
    assert all(n in msg for n in everything), msg


@pytest.mark.parametrize("call, name", [(preset, "Turbo"), (preset, 7), (make_rules, "turbo"), (make_rules, 7)])
def test_hopeless_names_list_every_name(call, name):
    with pytest.raises(RulesError) as info:
        call(name)
    msg = str(info.value)
    assert "did you mean" not in msg
    assert ("known presets: " + ", ".join(p.name for p in presets())) in msg if call is preset \
        else ("known variants: " + ", ".join(VARIANTS)) in msg


@pytest.mark.parametrize("bare, name", [("Liftfuhrer", "Liftführer"), ("Fahrgaste", "Fahrgäste"),
                                        ("fahrgaeste", "Fahrgäste"), ("GROSSE HAND", "Große Hand")])
def test_umlauts_may_be_written_out_or_left_bare(bare, name):
    assert preset(bare) == preset(name)


@pytest.mark.parametrize("name", ["feur", "Feur", "FEUR", "Befele", "Stell", "Sanduh", "Kinderfahrtt", "Befehle lite",
                                  "Fahrgastee", "Steiul", "Stile Fahrt"])
def test_a_misspelt_name_is_never_forgiven(name):
    """Only case, spaces, hyphens and written-out or bare umlauts are forgiven: 'feur' once
    silently meant Feuer, because 'ue' was read as a written-out ü."""
    for call in (make_rules, preset):
        with pytest.raises(RulesError, match="did you mean|known"):
            call(name)
