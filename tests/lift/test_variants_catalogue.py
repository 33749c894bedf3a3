"""The variants, written from the rules (not from the engine): the catalogue, the table and deal, conflicts and presets.

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden'; rules §3–§12.
Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
Shared positions and helpers: ``variant_helpers``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster import (STANDARD, Game, PositionError, Rules, RulesError, full_deck,
                         replay)
from paternoster.lift.game import EndTurn, Play
from paternoster.lift.variants import PRESETS, VARIANTS, make_rules, preset, presets
from paternoster.lift import rule_ids

from variant_helpers import (c, UP1, ALL_KEYS, pos, act, rule_of, names_variant, accounted)


# =========================================================================== catalogue

GROUPS = {"kurze-fahrt": "easier", "kinderfahrt": "easier", "grosse-hand": "easier", "notruf-marken": "easier",
          "weitergeben": "easier", "kleine-hand": "harder", "steil": "harder", "zwei-kabinen": "harder",
          "stille-fahrt": "harder", "liftfuehrer": "harder", "sanduhr": "harder", "fahrgaeste": "harder",
          "feuer": "harder", "befehle": "harder", "befehle-light": "harder", "hochhaus": "large"}
GERMAN = {"kurze-fahrt": "Kurze Fahrt", "kinderfahrt": "Kinderfahrt", "grosse-hand": "Große Hand",
          "notruf-marken": "Notruf-Marken", "weitergeben": "Weitergeben", "kleine-hand": "Kleine Hand",
          "steil": "Steil", "zwei-kabinen": "Zwei Kabinen", "stille-fahrt": "Stille Fahrt",
          "liftfuehrer": "Liftführer", "sanduhr": "Sanduhr", "fahrgaeste": "Fahrgäste", "feuer": "Feuer",
          "befehle": "Befehle", "befehle-light": "Befehle light", "hochhaus": "Hochhaus"}


class TestCatalogue:
    """rules §10.1: Leichter / Schwerer / Große Runden."""

    def test_every_variant_key_is_known(self):
        assert set(VARIANTS) == set(ALL_KEYS)

    @pytest.mark.parametrize("key", ALL_KEYS)
    def test_group_and_german_name_follow_the_rule_book(self, key):
        v = VARIANTS[key]
        assert v.key == key
        assert v.group == GROUPS[key]
        assert v.german == GERMAN[key]
        assert v.english and v.description

    @pytest.mark.parametrize("key", ALL_KEYS)
    def test_rules_name_the_variant_and_round_trip(self, key):
        r = make_rules(key)
        assert key in r.variants
        assert Rules.from_dict(r.to_dict()) == r

    def test_no_variant_is_the_standard_game(self):
        d, s = make_rules().to_dict(), STANDARD.to_dict()
        d.pop("name"), s.pop("name")
        assert d == s

    def test_unknown_key_lists_known_keys(self):
        with pytest.raises(RulesError) as info:
            make_rules("turbo")
        assert "turbo" in str(info.value) and "kurze-fahrt" in str(info.value)

    @pytest.mark.parametrize("key,fields", [
        ("kinderfahrt", {"same_suit_fits": True, "decks": 1, "up_piles": 1, "down_piles": 1, "minimum": 1}),
        ("kurze-fahrt", {"decks": 1, "up_piles": 2, "down_piles": 2, "minimum": 2}),
        ("zwei-kabinen", {"decks": 1, "up_piles": 1, "down_piles": 1, "minimum": 2}),
        ("weitergeben", {"passing": True}),
        ("stille-fahrt", {"signals": "none"}),
        ("liftfuehrer", {"signals": "mover"}),
        ("sanduhr", {"hourglass": True}),
        ("fahrgaeste", {"passengers": 3}),
        ("feuer", {"fire": True}),
        ("befehle", {"commands": "full"}),
        ("befehle-light", {"commands": "light"}),
        ("steil", {"minimum": 3, "minimum_without_draw_pile": 1}),
        ("hochhaus", {"decks": 3, "up_piles": 3, "down_piles": 3}),
    ])
    def test_switches(self, key, fields):
        r = make_rules(key)
        assert {f: getattr(r, f) for f in fields} == fields

    def test_standard_switches_are_off(self):
        r = STANDARD
        assert (r.variants, r.same_suit_fits, r.tokens, r.passing, r.signals, r.hourglass, r.passengers, r.fire,
                r.commands) == ((), False, 0, False, "all", False, 0, False, "none")


# =========================================================================== table and deal (rules §3)

# (variant keys, make_rules kwargs, players, hand size, up piles, down piles, cards, minimum at start)
TABLE = [
    ((), {}, 1, 8, 2, 2, 104, 2), ((), {}, 2, 7, 2, 2, 104, 2), ((), {}, 3, 6, 2, 2, 104, 2),
    ((), {}, 4, 6, 2, 2, 104, 2), ((), {}, 5, 6, 2, 2, 104, 2),
    (("kurze-fahrt",), {}, 1, 6, 2, 2, 52, 2), (("kurze-fahrt",), {}, 2, 6, 2, 2, 52, 2),
    (("kurze-fahrt",), {}, 3, 5, 2, 2, 52, 2), (("kurze-fahrt",), {}, 4, 5, 2, 2, 52, 2),
    (("kurze-fahrt",), {}, 5, 5, 2, 2, 52, 2),
    (("grosse-hand",), {}, 1, 9, 2, 2, 104, 2), (("grosse-hand",), {}, 2, 8, 2, 2, 104, 2),
    (("grosse-hand",), {}, 3, 7, 2, 2, 104, 2), (("grosse-hand",), {}, 5, 7, 2, 2, 104, 2),
    (("kleine-hand",), {}, 1, 7, 2, 2, 104, 2), (("kleine-hand",), {}, 2, 6, 2, 2, 104, 2),
    (("kleine-hand",), {}, 3, 5, 2, 2, 104, 2), (("kleine-hand",), {}, 5, 5, 2, 2, 104, 2),
    (("kinderfahrt",), {}, 1, 3, 1, 1, 52, 1), (("kinderfahrt",), {}, 2, 3, 1, 1, 52, 1),
    (("kinderfahrt",), {}, 3, 3, 1, 1, 52, 1), (("kinderfahrt",), {}, 5, 3, 1, 1, 52, 1),
    (("zwei-kabinen",), {}, 2, 8, 1, 1, 52, 2),
    (("steil",), {}, 1, 8, 2, 2, 104, 3), (("steil",), {}, 2, 7, 2, 2, 104, 3), (("steil",), {}, 5, 6, 2, 2, 104, 3),
    (("hochhaus",), {}, 6, 4, 3, 3, 156, 2), (("hochhaus",), {}, 7, 4, 3, 3, 156, 2),
    (("hochhaus",), {}, 8, 4, 3, 3, 156, 2),
    (("hochhaus",), {"hochhaus_cards": 5}, 6, 5, 3, 3, 156, 2),
    (("hochhaus",), {"hochhaus_cards": 5}, 8, 5, 3, 3, 156, 2),
]


class TestTableAndDeal:
    @pytest.mark.parametrize("keys,kw,players,size,ups,downs,cards,minimum", TABLE,
                             ids=[f"{'+'.join(t[0]) or 'normal'}{t[1].get('hochhaus_cards', '')}-{t[2]}p"
                                  for t in TABLE])
    def test_hand_sizes_piles_decks(self, keys, kw, players, size, ups, downs, cards, minimum):
        r = make_rules(*keys, **kw)
        assert r.hand_size(players) == size
        assert r.cards == cards and r.decks * 52 == cards
        g = Game.new(players=players, seed=11, rules=r)
        assert [len(h) for h in g.hands] == [size] * players
        assert len(g.draw_pile) == cards - size * players
        assert [p.direction for p in g.piles] == ["up"] * ups + ["down"] * downs
        assert all(not p.cards for p in g.piles)
        assert accounted(g) == Counter(full_deck(cards // 52))
        assert g.turn_minimum == minimum

    def test_steil_minimum_one_once_the_draw_pile_is_empty(self):
        r = make_rules("steil")
        g = pos(["5♣ 6♣ 7♣", "8♣"], draw_pile="", rules=r)
        assert g.turn_minimum == 1
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        act(g, Play(c("5♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_steil_needs_three_while_the_draw_pile_lasts(self):
        g = pos(["5♣ 6♣ 7♣ 8♣", "9♠"], rules=make_rules("steil"))
        assert g.turn_minimum == 3
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) == rule_ids.MINIMUM_PLAY
        act(g, Play(c("7♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_steil_minimum_fixed_at_turn_start(self):
        # the last draw-pile card is drawn at the end of turn 1: turn 2 starts with an empty draw pile
        g = pos(["5♣ 6♣ 7♣ 8♣", "9♠ 10♠"], draw_pile="2♦", rules=make_rules("steil"))
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), Play(c("7♣"), UP1), EndTurn())
        assert g.draw_pile == [] and g.to_move == 1
        assert g.turn_minimum == 1

    def test_one_deck_positions_hold_each_card_once(self):
        with pytest.raises(PositionError):
            pos(["5♥ 5♥", ""], piles=["", ""], rules=make_rules("kinderfahrt"))


# =========================================================================== conflicts

CONFLICTS = [
    (("fahrgaeste", "kurze-fahrt"), {}), (("fahrgaeste", "kinderfahrt"), {}), (("fahrgaeste", "zwei-kabinen"), {}),
    (("stille-fahrt", "liftfuehrer"), {}), (("befehle", "befehle-light"), {}), (("grosse-hand", "kleine-hand"), {}),
    (("kinderfahrt", "steil"), {}), (("hochhaus", "kurze-fahrt"), {}), (("hochhaus", "kinderfahrt"), {}),
    (("hochhaus", "zwei-kabinen"), {}),
    (("notruf-marken",), {"tokens": 0}), (("notruf-marken",), {"tokens": 5}),
    (("fahrgaeste",), {"passengers": 2}), (("fahrgaeste",), {"passengers": 6}),
]


class TestConflicts:
    @pytest.mark.parametrize("keys,kw", CONFLICTS, ids=[f"{'+'.join(k)}{v}" for k, v in CONFLICTS])
    def test_make_rules_refuses_and_names_the_variants(self, keys, kw):
        with pytest.raises(RulesError) as info:
            make_rules(*keys, **kw)
        for k in keys:
            assert names_variant(str(info.value), k), (k, str(info.value))

    @pytest.mark.parametrize("keys,kw", CONFLICTS, ids=[f"{'+'.join(k)}{v}" for k, v in CONFLICTS])
    def test_order_does_not_matter(self, keys, kw):
        with pytest.raises(RulesError):
            make_rules(*reversed(keys), **kw)

    @pytest.mark.parametrize("key,players", [("zwei-kabinen", 3), ("zwei-kabinen", 1), ("weitergeben", 1),
                                             ("hochhaus", 5)])
    def test_player_count_conflicts(self, key, players):
        r = make_rules(key)
        for make in (lambda: Game.new(players=players, seed=0, rules=r), lambda: r.check_players(players)):
            with pytest.raises(RulesError) as info:
                make()
            assert names_variant(str(info.value), key), str(info.value)

    @pytest.mark.parametrize("keys", [("notruf-marken", "weitergeben", "feuer", "befehle", "sanduhr"),
                                      ("kurze-fahrt", "grosse-hand", "stille-fahrt"),
                                      ("steil", "fahrgaeste", "liftfuehrer", "befehle-light")])
    def test_sensible_combinations_work(self, keys):
        r = make_rules(*keys)
        assert set(keys) <= set(r.variants)
        g = Game.new(players=2, seed=4, rules=r)
        assert g.result is None and accounted(g) == Counter(full_deck(r.decks))


# =========================================================================== presets

def simple_play(g: Game, limit: int = 60) -> Game:
    """The cheapest legal play until the minimum is met, then end the turn (deterministic)."""
    for _ in range(limit):
        if g.is_terminal():
            break
        if g.minimum_met and EndTurn() in g.legal_actions():
            g.apply_action(EndTurn())
            continue
        plays = g.legal_plays()
        acts = g.legal_actions()
        if plays:
            lp = min(plays, key=lambda p: (p.skipped, p.card, p.pile))
            g.apply_action(lp.action)
        else:
            g.apply_action(acts[0])
    return g


class TestPresets:
    def test_every_variant_has_a_preset(self):
        covered = {k for p in presets() for k in p.rules.variants}
        assert set(ALL_KEYS) <= covered

    @pytest.mark.parametrize("name", ["Normal", "Kurze Fahrt", "Notruf-Marken 2", "Hochhaus 4"])
    def test_named_presets(self, name):
        assert any(p.name == name for p in presets())
        assert isinstance(preset(name), Rules)

    def test_normal_is_the_standard_game(self):
        d, s = preset("Normal").to_dict(), STANDARD.to_dict()
        d.pop("name"), s.pop("name")
        assert d == s

    def test_hochhaus_presets(self):
        assert preset("Hochhaus 4").hand_size(6) == 4
        assert any(p.rules.variants == ("hochhaus",) and p.rules.hand_size(7) == 5 for p in presets())

    def test_names_unique_and_descriptions_one_line(self):
        names = [p.name for p in presets()]
        assert len(names) == len(set(names))
        assert all(p.description and "\n" not in p.description for p in presets())
        assert set(PRESETS) == set(names)

    def test_nonsense_lists_known_names(self):
        with pytest.raises(RulesError) as info:
            preset("nonsense")
        assert "nonsense" in str(info.value) and "Normal" in str(info.value) and "Kurze Fahrt" in str(info.value)

    @pytest.mark.parametrize("players", [1, 2, 6])
    def test_presets_by_player_count(self, players):
        ps = presets(players=players)
        assert ps and all(players in p.player_counts for p in ps)
        assert {p.name for p in ps} == {p.name for p in presets() if players in p.player_counts}

    @pytest.mark.parametrize("p", presets(), ids=lambda p: p.name)
    def test_each_preset_makes_games_and_records_replay(self, p):
        assert p.player_counts and set(p.player_counts) <= set(p.rules.player_counts)
        for players in p.player_counts:
            g = Game.new(players=players, seed=17, rules=p.rules)
            assert [len(h) for h in g.hands] == [p.rules.hand_size(players)] * players
            assert accounted(g) == Counter(full_deck(p.rules.decks))
            simple_play(g)
            rec = g.to_record()
            assert Rules.from_dict(rec["rules"]) == p.rules
            again = replay(g.to_json())
            assert again == g and again.actions == g.actions and again.rules == p.rules
            assert again.result == g.result
