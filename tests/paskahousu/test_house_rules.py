"""Paskahousu's house rules (Paskahousu rules §11): the switches, their checks, the acceptance table and the
game under each switch, written from the rule book's edge cases; then properties of random house-rule sets.

Pöytäpaska (``table_cards``) and Valepaska (``bluff``) are played by their own modules and tested there; here
only their fields, names and checks.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster.core.errors import IllegalPlayError, PositionError, RecordError, RulesError
from paternoster.paskahousu import (HOUSE_RULE_SWITCHES, STANDARD_HOUSE_RULES, HouseRules, PaskahousuGame, PickUp,
                                    PlayCards, TryYourLuck, acceptance, acceptance_table, house_rules)
from paternoster.paskahousu.deal import deal
from paternoster.paskahousu.options import legal_options
from paternoster.paskahousu.ranks import (ACCEPTANCE_RULES, KIND_ORDER, K_RED2, K_RED10, K_REDA, card_kind,
                                          kind_of_rung, play_limits, strength)
from paternoster.paskahousu.rules import SWITCH_CHOICES, SWITCH_FIELDS, refused_pairs
from paternoster.core.cards import full_deck, parse_card
from paternoster.paskahousu import rule_ids as ids

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules" / "paskahousu.md"


def game(hands, pile="", draw="", rules=STANDARD_HOUSE_RULES, **kw):
    return PaskahousuGame.from_position(hands, pile=pile, draw_pile=draw, rules=rules, **kw)


def plays(g):
    return [" ".join(str(c) for c in a.cards) for a in g.legal_actions() if isinstance(a, PlayCards)]


# --------------------------------------------------------------------------- the fields and their checks

def test_the_standard_game_has_every_switch_off_and_writes_the_old_record_fields():
    assert STANDARD_HOUSE_RULES.switches() == {}
    assert STANDARD_HOUSE_RULES.to_dict() == {"name": "Standard", "hand_size": 5, "min_players": 2,
                                              "max_players": 6, "turn_cap": 1000}
    # an old record's rules (no switch fields) still load, as the standard game
    assert HouseRules.from_dict({"name": "Old", "hand_size": 5, "min_players": 2, "max_players": 6,
                                 "turn_cap": 1000}) == HouseRules(name="Old")


@pytest.mark.parametrize("kw", [
    dict(fixed_start=True), dict(face_cards_late="nine"), dict(singles_only="twos"), dict(ten_ace_empty="burn"),
    dict(empty_table_ban="ten_ace_faces"), dict(black_only=True), dict(decks=2), dict(table_cards=True),
    dict(deal_all=True), dict(bluff=True), dict(hand_size=6, fixed_start=True, black_only=True),
])
def test_switches_round_trip_through_the_dict(kw):
    r = HouseRules(**kw)
    d = r.to_dict()
    assert {k: d[k] for k in kw} == kw          # a switch that is on is written …
    assert HouseRules.from_dict(d) == r          # … and read back
    assert set(r.switches()) == set(kw)


@pytest.mark.parametrize("kw,words", [
    (dict(black_only="yes"), "'black_only' (Nur Schwarze zählen, Paskahousu rules §11.8) must be True or False"),
    (dict(fixed_start=1), "'fixed_start' (Fester Anfang"),
    (dict(singles_only="Twos"), "'singles_only' (Nur einzeln, Paskahousu rules §11.5) must be one of 'off', 'high', 'twos'"),
    (dict(face_cards_late=8), "'face_cards_late' (Bildkarten erst später"),
    (dict(ten_ace_empty="A"), "'pick_up', 'pick_up_again', 'burn'"),
    (dict(decks=3), "'decks' (Zwei Blätter, Paskahousu rules §11.9) must be from 1 to 2"),
    (dict(decks=True), "'decks'"),
])
def test_bad_switch_values_are_refused_naming_the_field_and_rule(kw, words):
    with pytest.raises(RulesError, match=re.escape(words)):
        HouseRules(**kw)


COMBINATIONS = [  # (switches, the two rule-book names the message must give)
    (dict(ten_ace_empty="pick_up", empty_table_ban="ten_ace"), ("10 und Ass auf dem leeren Tisch", "Leerer Tisch")),
    (dict(ten_ace_empty="burn", empty_table_ban="ten_ace_faces"), ("10 und Ass auf dem leeren Tisch", "Leerer Tisch")),
    (dict(hand_size=6, deal_all=True), ("Sechs Karten", "Ruotsalainen")),
    (dict(table_cards=True, decks=2), ("Pöytäpaska", "Zwei Blätter")),
    (dict(table_cards=True, deal_all=True), ("Pöytäpaska", "Ruotsalainen")),
    (dict(table_cards=True, bluff=True), ("Pöytäpaska", "Valepaska")),
    (dict(black_only=True, bluff=True), ("Nur Schwarze zählen", "Valepaska")),
]


def _book_refused_pairs() -> set[frozenset[str]]:
    """The pairs listed in Paskahousu rules §11.13: each bullet reads "- A with B: why"."""
    text = BOOK.read_text(encoding="utf-8")
    section = text.split("### 11.13", 1)[1].split("\n### ", 1)[0].split("\n\n", 1)[0]
    pairs = set()
    for bullet in re.findall(r"^- (.+?):", section, flags=re.M):
        a, b = bullet.split(" with ")
        pairs.add(frozenset(re.sub(r"\s*\(.*?\)", "", n).strip() for n in (a, b)))
    return pairs


def test_rule_book_lists_exactly_the_refused_combinations():
    engine = {frozenset(p) for p in refused_pairs()}
    assert len(engine) == len(refused_pairs()) >= 6
    assert _book_refused_pairs() == engine


def test_every_refused_combination_has_a_table_test():
    assert {frozenset(names) for _, names in COMBINATIONS} == {frozenset(p) for p in refused_pairs()}


@pytest.mark.parametrize("kw,names", COMBINATIONS)
def test_combinations_that_make_no_sense_are_refused_naming_both_rules(kw, names):
    with pytest.raises(RulesError) as e:
        HouseRules(**kw)
    assert all(n in str(e.value) for n in names) and "Paskahousu rules §11.13" in str(e.value)


@pytest.mark.parametrize("kw", [
    dict(ten_ace_empty="burn", black_only=True), dict(empty_table_ban="ten_ace", black_only=True),
    dict(decks=2, deal_all=True), dict(decks=2, singles_only="high", face_cards_late="nine"),
    dict(fixed_start=True, empty_table_ban="ten_ace_faces"), dict(bluff=True, deal_all=True),
])
def test_combinations_that_do_make_sense_are_allowed(kw):
    assert HouseRules(**kw).switches()


@pytest.mark.parametrize("kw,players,allowed", [
    (dict(decks=2), 5, "6 to 10"), (dict(decks=2), 11, "6 to 10"), (dict(table_cards=True), 4, "2 to 3"),
    (dict(), 7, "2 to 6"), (dict(deal_all=True), 7, "2 to 6"),
])
def test_player_counts_each_switch_allows(kw, players, allowed):
    r = HouseRules(**kw)
    lo, hi = (int(x) for x in allowed.split(" to "))
    assert (r.min_players, r.max_players) == (lo, hi)
    assert r.check_players(lo) == lo and r.check_players(hi) == hi
    with pytest.raises(RulesError, match=f"{lo} (to|and) {hi}"):
        r.check_players(players)
    with pytest.raises(RulesError):
        PaskahousuGame.new(players, seed=1, rules=r)


def test_a_player_range_outside_the_switch_is_refused_and_cards_must_suffice():
    with pytest.raises(RulesError, match="Zwei Blätter allows 6 to 10 players"):
        HouseRules(decks=2, min_players=4, max_players=8)
    assert HouseRules(decks=2, min_players=7, max_players=8).check_players(7) == 7
    with pytest.raises(RulesError, match="3 players with hands of 10 and 8 table cards need 54 cards"):
        HouseRules(table_cards=True, hand_size=10)
    with pytest.raises(RulesError, match="the two decks have 104"):
        HouseRules(decks=2, hand_size=11)
    assert HouseRules(decks=2, hand_size=10).max_players == 10   # 100 of 104 cards
    # one deck: 2–6 by default, a larger table only when asked for and the cards suffice (as before)
    assert HouseRules(max_players=10).check_players(10) == 10
    with pytest.raises(RulesError, match="need 60 cards"):
        HouseRules(max_players=10, hand_size=6)


# --------------------------------------------------------------------------- names and the catalogue

def test_the_catalogue_names_every_switch_field_once_with_a_rule_book_section():
    assert [s.field for s in HOUSE_RULE_SWITCHES] == list(SWITCH_FIELDS)
    book = BOOK.read_text(encoding="utf-8")
    for s in HOUSE_RULE_SWITCHES:
        heading = re.search(rf"^### {re.escape(s.section[1:])} (.+)$", book, re.M)
        assert heading and heading.group(1).startswith(s.name), s
        for option, value in s.options:
            r = house_rules(f"{s.name} ({option})" if option else s.name)
            assert getattr(r, s.field) == value
            assert r.min_players == s.players[0] and r.max_players == s.players[1]


@pytest.mark.parametrize("names,expected", [
    ("Sechs Karten, Nur einzeln", dict(hand_size=6, singles_only="high")),
    (["Sechs Karten", "Nur einzeln (nur Zweien)"], dict(hand_size=6, singles_only="twos")),
    ("nur einzeln (TWOS)", dict(singles_only="twos")),
    ("  Bildkarten   erst später (nur auf 9) ", dict(face_cards_late="nine")),
    ("Bildkarten erst spater", dict(face_cards_late="eight")),
    ("10 und Ass auf dem leeren Tisch (A nochmal) + Fester Anfang", dict(ten_ace_empty="pick_up_again",
                                                                         fixed_start=True)),
    ("10 und Ass auf dem leeren Tisch", dict(ten_ace_empty="pick_up")),
    ("Leerer Tisch (auch Bildkarten)", dict(empty_table_ban="ten_ace_faces")),
    ("Zwei Blätter, Ruotsalainen", dict(decks=2, deal_all=True)),
    ("Poytapaska", dict(table_cards=True)), ("Valepaska", dict(bluff=True)), ("Nur Schwarze zählen", dict(black_only=True)),
    ("Standard", dict()), ("", dict()),
])
def test_named_lookup(names, expected):
    assert house_rules(names).switches() == expected


@pytest.mark.parametrize("names,words", [
    ("Sechs Karte", "'Sechs Karte' is not a house rule of the rule book"),
    ("Nur einzel", "Valid names: 'Sechs Karten'; 'Fester Anfang'"),
    ("Nur einzeln (Asse)", "'Asse' is not an option of Nur einzeln (§11.5): its options are"),
    ("Fester Anfang (B)", "it has no options"),
    ("Sechs Karten, Sechs Karten", "named twice"),
    ("Pöytäpaska, Zwei Blätter", "do not go together"),
    (7, "House rules are named by text"),
])
def test_misspelt_or_impossible_names_are_refused_without_guessing(names, words):
    with pytest.raises(RulesError, match=re.escape(words)):
        house_rules(names)


def test_named_lookup_checks_the_player_count():
    assert house_rules("Zwei Blätter", players=8).decks == 2
    with pytest.raises(RulesError, match="6 to 10"):
        house_rules("Zwei Blätter", players=4)
    with pytest.raises(RulesError, match="2 to 3"):
        house_rules("Pöytäpaska", players=4)


# --------------------------------------------------------------------------- Sechs Karten, Ruotsalainen, Zwei Blätter

def test_sechs_karten_deals_and_refills_six():
    g = PaskahousuGame.new(4, seed=3, rules=house_rules("Sechs Karten"))
    assert [len(h) for h in g.hands] == [6] * 4 and len(g.draw_pile) == 28
    opener = g.to_move
    g.apply_action(g.opening)
    assert len(g.hands[opener]) == 6


def test_ruotsalainen_deals_every_card_and_has_no_luck_to_try():
    g = PaskahousuGame.new(3, seed=2, rules=house_rules("Ruotsalainen"))
    assert sorted(len(h) for h in g.hands) == [17, 17, 18] and g.draw_pile == []
    g.apply_action(g.opening)
    assert TryYourLuck() not in g.legal_actions()
    with pytest.raises(IllegalPlayError, match=r"Ruotsalainen .* no draw pile .*Paskahousu rules §11.11"):
        g.try_your_luck()


def test_two_decks_deal_104_cards_with_twins():
    hands, draw = deal(6, seed=1, dealer=0, hand_size=5, decks=2)
    cards = [c for h in hands for c in h] + draw
    assert len(cards) == 104 and sorted(cards) == sorted(list(range(52)) * 2)
    g = PaskahousuGame.new(7, seed=1, rules=house_rules("Zwei Blätter"))
    assert sum(map(len, g.hands)) + len(g.draw_pile) == 104


def test_four_sevens_do_not_burn_with_two_decks():
    two = HouseRules(decks=2)
    g = game(["7♣ 7♣ 9♦", "8♦", "8♥", "8♠", "8♣", "9♣"], pile="7♦ 7♥", rules=two)
    assert g.legal_plays()[1].burns is False       # two twins of 7♣ make four 7s: no burn
    g.play("7♣ 7♣")
    assert [str(c) for c in g.pile] == ["7♦", "7♥", "7♣", "7♣"] and g.burned.count(parse_card("7♣")) == 0
    assert g.to_move == 1
    # one deck: the same four 7s burn (Paskahousu rules §7.2)
    one = game(["7♣ 9♦", "8♦"], pile="7♦ 7♥ 7♠")
    assert one.legal_plays()[0].burns is True


def test_two_decks_positions_count_twins():
    two = HouseRules(decks=2)
    with pytest.raises(PositionError, match="each card exists twice"):
        game(["7♣ 7♣ 7♣", "8♦", "8♥", "8♠", "8♣", "9♣"], rules=two)
    g = game(["7♣ 7♣ 9♦", "8♦", "8♥", "8♠", "8♣", "9♣"], rules=two)
    assert len(g.burned) == 104 - 8
    with pytest.raises(IllegalPlayError, match="does not hold 9♦ that often"):
        g.play("9♦ 9♦")


# --------------------------------------------------------------------------- Fester Anfang

def test_fester_anfang_the_first_from_the_dealers_left_with_a_3_chooses_how_many():
    r = HouseRules(fixed_start=True)
    # dealer 0: seat 1 has no 3, seat 2 has two; seat 0 has three 3s but comes later
    g = game(["3♦ 3♥ 3♠", "4♦ 9♥", "3♣ 8♠ K♦"], dealer=0, rules=r, opening=True)
    assert g.to_move == 2 and plays(g) == ["3♣"]
    g = game(["3♦ 3♥ 9♦", "4♦ 9♥", "3♣ 3♠ K♦"], dealer=0, rules=r, opening=True)
    assert g.to_move == 2 and plays(g) == ["3♠", "3♠ 3♣"]
    with pytest.raises(IllegalPlayError, match="Fester Anfang .* 3s, any of 3♠ 3♣: suits do not matter .*§11.3"):
        g.play("K♦")
    g.play("3♠")
    assert g.to_move == 0


def test_fester_anfang_when_nobody_holds_a_3_the_dealers_left_opens_with_any_card():
    r = HouseRules(fixed_start=True)
    g = game(["4♦ 4♥", "9♥ K♠ K♦", "5♠"], dealer=2, rules=r, opening=True)
    assert g.to_move == 0 and plays(g) == ["4♦", "4♦ 4♥"]
    g = game(["4♦ 4♥", "9♥ K♠ K♦", "5♠"], dealer=0, rules=r, opening=True)
    assert g.to_move == 1 and plays(g) == ["9♥", "K♦", "K♦ K♠"]
    assert "nobody holds a 3" in g.log[-1]
    # the standard rule instead: most of the lowest rank (one 4 each … seat 0 has two 4s)
    assert game(["4♦ 4♥", "9♥ K♠ K♦", "5♠"], dealer=0, opening=True).to_move == 0


# --------------------------------------------------------------------------- Bildkarten erst später

@pytest.mark.parametrize("option,on7,on8,on9", [("off", "allowed", "allowed", "allowed"),
                                                ("eight", "no", "allowed", "allowed"),
                                                ("nine", "no", "no", "allowed")])
def test_a_face_card_on_a_7_an_8_and_a_9(option, on7, on8, on9):
    r = HouseRules(face_cards_late=option)
    assert [acceptance(t, "Q", r).verdict for t in (7, 8, 9)] == [on7, on8, on9]
    assert acceptance("J", "Q", r).verdict == "allowed" and acceptance(6, "Q", r).verdict == "no"
    if option != "off":
        assert "Paskahousu rules §11.4" in acceptance(7, "K", r).reason


def test_the_stricter_option_falls_back_to_the_8_once_every_9_is_burned():
    r = HouseRules(face_cards_late="nine")
    assert acceptance(8, "Q", r, nines_gone=True).verdict == "allowed"
    assert acceptance(7, "Q", r, nines_gone=True).verdict == "no"
    g = game(["Q♦ 5♣", "6♦ 9♣"], pile="8♣", burned="9♦ 9♥ 9♠", rules=r)
    assert plays(g) == []
    g = game(["Q♦ 5♣", "6♦"], pile="8♣", burned="9♦ 9♥ 9♠ 9♣", rules=r)
    assert plays(g) == ["Q♦"]


# --------------------------------------------------------------------------- Nur einzeln

@pytest.mark.parametrize("option,aces,twos,kings,sevens", [("off", 3, 2, 2, 2), ("high", 1, 1, 1, 2),
                                                           ("twos", 3, 1, 2, 2)])
def test_several_cards_at_once_under_nur_einzeln(option, aces, twos, kings, sevens):
    r = HouseRules(singles_only=option)
    lim = play_limits(r)
    assert min(3, lim[strength("A")]) == aces and min(2, lim[strength(2)]) == twos
    assert min(2, lim[strength("K")]) == kings and min(2, lim[strength(7)]) == sevens
    g = game(["A♦ A♥ A♠ 2♦ 2♥", "5♦"], pile="K♣", rules=r)
    counts = {}
    for p in plays(g):
        counts[p[0]] = max(counts.get(p[0], 0), len(p.split()))
    assert counts == {"A": aces, "2": twos}
    if aces == 1:
        with pytest.raises(IllegalPlayError, match=r"Nur einzeln .* one at a time.*Paskahousu rules §11.5") as e:
            g.play("A♦ A♥")
        assert e.value.rule == ids.SINGLES_ONLY


# --------------------------------------------------------------------------- 10 und Ass auf dem leeren Tisch, Leerer Tisch

def test_a_10_on_the_empty_table_standard_only_10s_follow():
    g = game(["10♥ 5♦", "10♣ 6♣", "8♦"])
    g.play("10♥")
    assert plays(g) == ["10♣"] and TryYourLuck() not in g.legal_actions()   # draw pile empty here


def test_a_10_on_the_empty_table_option_a_the_next_player_must_pick_it_up():
    g = game(["10♥ 5♦", "10♣ 6♣", "8♦"], draw="9♣ 9♦ 4♠ 4♥ 4♦ 5♠", rules=HouseRules(ten_ace_empty="pick_up"))
    g.play("10♥")
    assert g.legal_actions() == [PickUp()]
    for bad in (PlayCards("10♣"), TryYourLuck()):
        r = g.check(bad)
        assert r is not None and r.rule == ids.MUST_PICK_UP and "Paskahousu rules §11.6" in r.message
    g.pick_up()
    assert g.to_move == 2 and g.pile == []            # the next player starts on the empty table


def test_a_10_on_the_empty_table_option_a_nochmal_the_layer_moves_again():
    g = game(["10♥ 5♦", "10♣ 6♣", "8♦"], draw="9♣ 9♦ 4♠", rules=HouseRules(ten_ace_empty="pick_up_again"))
    g.play("10♥")
    g.pick_up()
    assert g.to_move == 0 and "moves again" in g.log[-1]
    rec = g.to_record()
    assert PaskahousuGame.from_record(rec) == g


def test_an_ace_on_the_empty_table_option_b_burns_itself_and_the_same_player_moves_again():
    g = game(["A♥ 5♦", "10♣ 6♣", "8♦"], rules=HouseRules(ten_ace_empty="burn"))
    assert g.legal_plays()[-1].burns is True
    g.play("A♥")
    assert g.pile == [] and parse_card("A♥") in g.burned and g.to_move == 0
    assert acceptance(None, "10", HouseRules(ten_ace_empty="burn")).rule == ids.EMPTY_TABLE_BURNS


@pytest.mark.parametrize("option,refused", [("ten_ace", ["10♥", "A♦"]), ("ten_ace_faces", ["10♥", "A♦", "K♣"])])
def test_leerer_tisch_refuses_the_opening_with_a_10_or_an_ace(option, refused):
    r = HouseRules(empty_table_ban=option)
    g = game(["10♥ A♦ K♣ 5♦", "6♣"], rules=r)
    assert sorted(plays(g)) == sorted({"10♥", "A♦", "K♣", "5♦"} - set(refused))
    for card in refused:
        rf = g.check(PlayCards(card))
        assert rf is not None and rf.rule == ids.EMPTY_TABLE_BAN and "Paskahousu rules §11.7" in rf.message
    # Decision (kit): a player holding only banned cards may open with them
    g = game(["10♥ A♦", "6♣"], rules=r)
    assert plays(g) == ["10♥", "A♦"] and g.why_not("A♦") is None


def test_leerer_tisch_a_banned_lucky_card_goes_to_the_hand():
    g = game(["10♥ 5♦", "6♣"], draw="A♣ 9♦", rules=HouseRules(empty_table_ban="ten_ace"))
    g.try_your_luck()
    assert parse_card("A♣") in g.hands[0] and g.to_move == 1 and "may not open the empty table" in g.log[-2]


# --------------------------------------------------------------------------- Nur Schwarze zählen

BLACK = HouseRules(black_only=True)
BLACK_CASES = [  # (top, played, verdict, rule)
    ("3♣", "2♥", "no", ids.LOWER_THAN_TOP),       # a red 2 is the lowest card
    ("2♥", "3♣", "allowed", ids.HIGHER_OR_EQUAL),
    ("2♥", "2♦", "allowed", ids.SAME_RANK),
    ("2♥", "2♠", "allowed", ids.TWO_HIGH),
    ("2♠", "2♥", "no", ids.ONLY_TWO_ON_TWO),
    ("9♠", "10♥", "allowed", ids.HIGHER_OR_EQUAL),  # a red 10 is a plain card: no burn
    ("9♠", "10♠", "burns", ids.TEN_BURNS),
    ("10♥", "10♠", "burns", ids.TEN_BURNS),          # Decision (kit)
    ("10♥", "J♦", "allowed", ids.HIGHER_OR_EQUAL),
    ("5♣", "A♥", "allowed", ids.HIGHER_OR_EQUAL),  # a red ace is a plain card above the king
    ("K♣", "A♥", "allowed", ids.HIGHER_OR_EQUAL),
    ("K♣", "A♣", "burns", ids.ACE_BURNS),
    ("A♥", "A♠", "burns", ids.ACE_BURNS),            # Decision (kit)
    ("A♥", "2♣", "allowed", ids.TWO_HIGH),
    ("A♥", "K♣", "no", ids.LOWER_THAN_TOP),
    ("A♠", "2♣", "no", ids.TWO_ON_ACE_OR_TEN),      # a black ace opened the table
    ("A♠", "A♥", "no", ids.ONLY_SAME_RANK),
    (None, "10♥", "allowed", ids.EMPTY_TABLE),
]


@pytest.mark.parametrize("top,played,verdict,rule", BLACK_CASES)
def test_nur_schwarze_zaehlen_table(top, played, verdict, rule):
    a = acceptance(top, played, BLACK)
    assert (a.verdict, a.rule) == (verdict, rule)
    t = acceptance_table(BLACK)
    kinds = kind_of_rung(BLACK)
    row = 0 if top is None else 1 + kinds[parse_card(top).rung]
    assert t[row, kinds[parse_card(played).rung]] == {"no": 0, "allowed": 1, "burns": 2}[verdict]


def test_nur_schwarze_zaehlen_kinds_and_the_game():
    assert acceptance_table(BLACK).shape == (17, 16) and sorted(KIND_ORDER) == list(range(16))
    assert [card_kind(parse_card(c), BLACK) for c in ("2♥", "10♦", "A♥", "2♠", "10♣", "A♠")] == \
        [K_RED2, K_RED10, K_REDA, strength(2), strength(10), strength("A")]
    assert acceptance_table(STANDARD_HOUSE_RULES).shape == (14, 13)   # the standard game is unchanged
    g = game(["2♥ 2♠ 5♦", "6♦"], pile="3♣", rules=BLACK)
    assert plays(g) == ["5♦", "2♠"]
    r = g.check(PlayCards("2♥"))
    assert r is not None and r.rule == ids.LOWER_THAN_TOP and "red 2 is the lowest card" in r.message
    assert "Paskahousu rules §11.8" in r.message
    g = game(["10♥ 10♠ 5♦", "6♦"], rules=BLACK)
    assert g.check(PlayCards("10♥ 10♠")).rule == ids.ONE_RANK
    g = game(["10♥ 5♦", "6♦"], pile="7♣ 7♠", rules=BLACK)
    g.play("10♥")
    assert [str(c) for c in g.pile][-1] == "10♥" and g.to_move == 1     # no burn


def test_every_acceptance_rule_id_occurs_under_some_house_rules():
    seen = set()
    for r in (STANDARD_HOUSE_RULES, HouseRules(ten_ace_empty="burn"), HouseRules(ten_ace_empty="pick_up"),
              HouseRules(empty_table_ban="ten_ace_faces"), BLACK):
        t = acceptance_table(r)
        k = t.shape[1]
        from paternoster.paskahousu.ranks import accept_verdict
        for row in range(k + 1):
            for s in range(k):
                v, rule, reason = accept_verdict(None if row == 0 else row - 1, s, r)
                assert t[row, s] == v and ACCEPTANCE_RULES[rule] == {0: "no", 1: "allowed", 2: "burns"}[v]
                assert "Paskahousu rules §" in reason
                seen.add(rule)
    assert seen == set(ACCEPTANCE_RULES)


def test_legal_options_reads_limits_bans_and_forced_pick_ups_from_data():
    row = [1] * 13
    assert legal_options([0] * 12 + [2], row, 3, 5, limits=(8,) * 12 + (1,)) == [(0, 12, 1), (1, -1, 0), (2, -1, 0)]
    assert legal_options([1] + [0] * 12, [0] * 13, 2, 5) == [(1, -1, 0)]   # nothing may go on it: pick up
    assert legal_options([0] * 7 + [1] + [0] * 5, [1] * 7 + [0] + [1] * 5, 0, 0) == [(0, 7, 1)]   # the ban yields


# --------------------------------------------------------------------------- properties under random house rules

@st.composite
def house_rule_sets(draw):
    kw = dict(fixed_start=draw(st.booleans()), black_only=draw(st.booleans()), deal_all=draw(st.booleans()),
              decks=draw(st.sampled_from([1, 1, 2])), hand_size=draw(st.sampled_from([5, 6])), turn_cap=250)
    for f, choices in SWITCH_CHOICES.items():
        kw[f] = draw(st.sampled_from(choices))
    if kw["deal_all"]:
        kw["hand_size"] = 5
    if kw["ten_ace_empty"] != "off":
        kw["empty_table_ban"] = "off"
    rules = HouseRules(**kw)
    players = draw(st.integers(rules.min_players, min(rules.max_players, 7)))
    return rules, players


def _total(g):
    return sum(map(len, g.hands)) + len(g.draw_pile) + len(g.pile) + len(g.burned)


def _wrong_actions(g, rng):
    """Actions that may well be refused: random cards from the hand, the other moves, a card not held."""
    hand = g.hand
    out = [PickUp(), TryYourLuck()]
    if hand:
        out.append(PlayCards(tuple(rng.sample(hand, min(len(hand), rng.randint(1, 3))))))
    held = set(hand)
    others = [c for c in full_deck(1) if c not in held]
    if others:
        out.append(PlayCards(rng.choice(others)))
    out.append(PlayCards(()))
    return out


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rule_sets(), st.integers(0, 2**20))
def test_random_house_rules_keep_every_card_end_properly_and_replay(rules_players, seed):
    rules, players = rules_players
    rng = random.Random(seed)
    g = PaskahousuGame.new(players, seed=seed, rules=rules, dealer=seed % players)
    cards = 52 * rules.decks
    assert _total(g) == cards
    while not g.is_terminal():
        if rng.random() < 0.3:
            for a in _wrong_actions(g, rng):
                if g.check(a) is not None:
                    before = (g.to_position(), list(g.log), g.result)
                    with pytest.raises(IllegalPlayError):
                        g.apply_action(a)
                    assert (g.to_position(), list(g.log), g.result) == before
        legal = g.legal_actions()
        assert legal, "a player to move always has a legal action"
        a = rng.choice(legal)
        assert g.check(a) is None
        g.apply_action(a)
        assert _total(g) == cards
    r = g.result
    assert r.outcome in ("loser", "stalemate")
    if r.outcome == "loser":
        assert [p for p in range(players) if g.hands[p]] == [r.loser]
    else:
        assert r.turn == rules.turn_cap and r.loser is None
    again = PaskahousuGame.from_record(g.to_json())
    assert again == g and again.log == g.log and again.rules == rules


def test_a_record_under_house_rules_stores_them_and_refuses_a_bad_switch():
    rules = house_rules("Nur Schwarze zählen, Fester Anfang, Zwei Blätter")
    g = PaskahousuGame.new(6, seed=4, rules=rules)
    for _ in range(10):
        g.apply_action(g.legal_actions()[0])
    rec = g.to_record()
    assert rec["rules"]["black_only"] is True and rec["rules"]["decks"] == 2
    assert PaskahousuGame.from_record(rec) == g
    rec["rules"]["singles_only"] = "sometimes"
    with pytest.raises(RecordError, match="singles_only"):
        PaskahousuGame.from_record(rec)


@pytest.mark.parametrize("play", ["K♣ K♠", "A♣ A♠"])
def test_nur_einzeln_refusal_names_the_first_rule_that_fails(play):
    # a single King / Ace may not go on a 3 either: the rank rule (§6) comes before Nur einzeln (§11.5)
    from paternoster.paskahousu import PaskahousuGame
    g = PaskahousuGame.from_position(["K♣ K♠ A♣ A♠ 5♦", "6♣ 7♣"], pile="3♦", draw_pile="9♦",
                                     rules=house_rules("Nur einzeln"))
    why = g.why_not(play)
    assert why is not None and "may not go on 3♦" in why and "Nur einzeln" not in why
    on_nine = PaskahousuGame.from_position(["K♣ K♠ A♣ A♠ 5♦", "6♣ 7♣"], pile="J♦", draw_pile="9♦",
                                           rules=house_rules("Nur einzeln")).why_not(play)
    assert on_nine is not None and "Nur einzeln" in on_nine


@pytest.mark.parametrize("names, players", [
    ("Leerer Tisch, 10 und Ass auf dem leeren Tisch (B)", None), ("Valepaska, Nur Schwarze zählen", None),
    ("Pöytäpaska", 4), ("Zwei Blätter", 4)])
def test_refusals_speak_the_rule_book_names_not_field_names(names, players):
    with pytest.raises(RulesError) as e:
        house_rules(names, players=players)
    text = str(e.value)
    for plumbing in ("=", "table_cards", "decks", "ten_ace", "empty_table", "HouseRules", "Under ", "(Decision"):
        assert plumbing not in text, (plumbing, text)


def test_switched_on_lists_names_in_words():
    lines = house_rules("Sechs Karten, Nur einzeln (nur Zweien)").switched_on()
    assert [line.split(",")[0] for line in lines] == ["Sechs Karten", "Nur einzeln (nur Zweien)"]
    assert all("_" not in line and "{" not in line for line in lines)


def test_nur_schwarze_and_a_nochmal_reasons_say_what_the_rule_says():
    from paternoster.paskahousu.ranks import acceptance
    black = house_rules("Nur Schwarze zählen")
    assert "only another black 2" in acceptance("2♠", "2♥", black).reason
    assert acceptance("3♣", "2♠", black).reason.startswith("A black 2")
    assert "only another 2 may" in acceptance("2♠", "5♥").reason       # standard wording unchanged
    again = acceptance(None, "A", house_rules("10 und Ass auf dem leeren Tisch (A nochmal)")).reason
    assert "moves again" in again
    assert "moves again" not in acceptance(None, "A", house_rules("10 und Ass auf dem leeren Tisch (A)")).reason


def test_ruotsalainen_says_there_is_no_draw_pile():
    from paternoster.paskahousu.simulation import play_game
    from paternoster.paskahousu.bots import HeuristicPlayer
    g = PaskahousuGame.new(players=3, seed=3, rules=house_rules("Ruotsalainen"))
    play_game(g, [HeuristicPlayer(seed=i) for i in range(3)])
    outs = [line for line in g.log if "out and safe" in line]
    assert outs and all("there is no draw pile" in line and "draw pile is empty" not in line for line in outs)


@pytest.mark.parametrize("typed, words", [(",", "names no house rule"), (" + , ", "names no house rule"),
                                          ("Standard, Sechs Karten", "cannot be named together"),
                                          ("Nur einzeln (nur Zweien", "1 '(' but 0 ')'")])
def test_empty_mixed_and_unclosed_names_are_refused_clearly(typed, words):
    with pytest.raises(RulesError, match=re.escape(words)):
        house_rules(typed)
    assert house_rules("Standard") == STANDARD_HOUSE_RULES and house_rules("") == STANDARD_HOUSE_RULES
