"""Cards: the ladder order, parsing (German and English), printing and notation.

Rule sources: rules §2, rules §2 and 12 (example 1).
Expected values here are written by hand from the seed, not copied from the engine.
"""

from __future__ import annotations

import re

import pytest

from paternoster import (Card, CardParseError, Suit, compare, full_deck, get_notation, parse_card,
                         parse_cards, set_notation)

SUITS = "♦♥♠♣"  # lowest first (seed: Karo < Herz < Pik < Kreuz)
EN_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DE_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K"]


@pytest.fixture
def notation():
    """Restore the global notation after a test that changes it."""
    before = get_notation()
    try:
        yield
    finally:
        set_notation(before)


def C(rank: int, suit: str) -> Card:
    return Card(rank, Suit(SUITS.index(suit)))


# --------------------------------------------------------------------------- rules §2–§11, example 1

def test_example_1_rank_decides_first_7s_below_8c():
    """Seed: 'Die 7♠ ist niedriger als die 8♣ (der Wert zählt zuerst).'"""
    seven_spades, eight_clubs = parse_card("7♠"), parse_card("8♣")
    sign, reason = compare(seven_spades, eight_clubs)
    assert sign == -1
    assert compare(eight_clubs, seven_spades)[0] == 1
    assert "rank" in reason
    # rung = (rank - 1) * 4 + suit index, worked by hand: 7♠ = 6*4+2, 8♣ = 7*4+3
    assert seven_spades.rung == 26
    assert eight_clubs.rung == 31
    assert seven_spades < eight_clubs


def test_example_1_suit_decides_within_rank_8d_8h_8s():
    """Seed: '8♦ < 8♥ < 8♠' — same rank, the suit decides."""
    d, h, s = parse_card("8♦"), parse_card("8♥"), parse_card("8♠")
    assert (d.rung, h.rung, s.rung) == (28, 29, 30)
    assert compare(d, h)[0] == -1
    assert compare(h, s)[0] == -1
    assert compare(d, s)[0] == -1
    assert compare(s, d)[0] == 1
    assert "suit" in compare(h, s)[1]
    assert d < h < s


def test_example_1_both_8h_are_equal():
    """Seed: 'Die beiden 8♥ sind gleich hoch.' — twins."""
    a, b = parse_card("8♥"), parse_card("8h")
    sign, reason = compare(a, b)
    assert sign == 0
    assert a == b and a.rung == b.rung == 29
    assert not a < b and not b < a
    assert "twin" in reason


def test_ladder_order_matches_seed():
    """Seed ladder: A♦ < A♥ < A♠ < A♣ < 2♦ < … < D♣ < K♦ < K♥ < K♠ < K♣ (52 rungs)."""
    expected = [C(r, s) for r in range(1, 14) for s in SUITS]
    assert [c.rung for c in expected] == list(range(52))
    assert [Card.from_rung(i) for i in range(52)] == expected
    assert full_deck(1) == expected
    assert sorted(reversed(expected)) == expected
    # the seed's own notation for the two ends of the ladder (German: D = Dame)
    assert [c.rung for c in parse_cards("A♦ A♥ A♠ A♣ 2♦ 2♥ 2♠ 2♣ 3♦")] == list(range(9))
    assert [c.rung for c in parse_cards("D♣ K♦ K♥ K♠ K♣")] == [47, 48, 49, 50, 51]


def test_full_deck_two_decks_has_every_card_twice():
    deck = full_deck(2)
    assert len(deck) == 104
    for rung in range(52):
        assert deck.count(Card.from_rung(rung)) == 2


def test_compare_is_antisymmetric_over_all_pairs():
    deck = full_deck(1)
    for a in deck:
        for b in deck:
            sa, sb = compare(a, b)[0], compare(b, a)[0]
            assert sa == -sb
            assert sa == (a.rung > b.rung) - (a.rung < b.rung)


@pytest.mark.parametrize("bad", [0, 14, -1])
def test_card_rank_out_of_range(bad):
    with pytest.raises(ValueError):
        Card(bad, Suit.HEARTS)


@pytest.mark.parametrize("bad", [-1, 52])
def test_from_rung_out_of_range(bad):
    with pytest.raises(ValueError):
        Card.from_rung(bad)


# --------------------------------------------------------------------------- parsing

PARSE_OK = [
    # (text, rank, suit symbol)
    ("10♥", 10, "♥"), ("T♥", 10, "♥"), ("t♥", 10, "♥"), ("10h", 10, "♥"), ("Th", 10, "♥"), ("TH", 10, "♥"),
    ("A♦", 1, "♦"), ("1♦", 1, "♦"), ("a♦", 1, "♦"), ("Ad", 1, "♦"), ("1d", 1, "♦"), ("ad", 1, "♦"),
    ("J♠", 11, "♠"), ("B♠", 11, "♠"), ("b♠", 11, "♠"), ("Js", 11, "♠"), ("Bs", 11, "♠"), ("jS", 11, "♠"),
    ("Q♣", 12, "♣"), ("D♣", 12, "♣"), ("d♣", 12, "♣"), ("Qc", 12, "♣"), ("qC", 12, "♣"), ("QC", 12, "♣"),
    ("D♦", 12, "♦"), ("Q♦", 12, "♦"), ("Qd", 12, "♦"),
    ("K♣", 13, "♣"), ("Kc", 13, "♣"), ("kc", 13, "♣"), ("KC", 13, "♣"), ("KS", 13, "♠"), ("KH", 13, "♥"),
    ("2♦", 2, "♦"), ("9s", 9, "♠"), ("7H", 7, "♥"), ("5c", 5, "♣"),
    (" t♣ ", 10, "♣"), ("10 ♥", 10, "♥"),
    # outline suit symbols are read as the same suits
    ("A♢", 1, "♦"), ("K♡", 13, "♥"), ("Q♤", 12, "♠"), ("J♧", 11, "♣"),
]


@pytest.mark.parametrize("text,rank,suit", PARSE_OK, ids=[t.strip() or repr(t) for t, _, _ in PARSE_OK])
def test_parse_card_accepts(text, rank, suit):
    card = parse_card(text)
    assert card == C(rank, suit)
    assert card.rank == rank and card.suit.symbol == suit


def test_parse_card_returns_card_unchanged():
    card = C(7, "♥")
    assert parse_card(card) is card


PARSE_BAD = [
    # (text, fragments the message must contain)
    ("Dd", ["Dame", "suit symbol", "D♦", "Q♦", "Qd"]),
    ("dd", ["Dame", "D♦", "Qd"]),
    ("Ds", ["Dame", "D♠", "Qs"]),
    ("QD", ["upper-case D", "Dame", "Qd", "Q♦"]),
    ("KD", ["upper-case D", "Kd", "K♦"]),
    ("Xq", ["“q” is not a suit"]),
    ("11♥", ["“11” is not a rank"]),
    ("0♥", ["“0” is not a rank"]),
    ("", ["empty"]),
    ("   ", ["empty"]),
    ("♥", ["rank is missing"]),
    ("10", ["suit is missing"]),
    ("K", ["suit is missing"]),
    ("Z♠", ["“Z” is not a rank"]),
]


@pytest.mark.parametrize("text,fragments", PARSE_BAD, ids=[repr(t) for t, _ in PARSE_BAD])
def test_parse_card_refuses_with_helpful_message(text, fragments):
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} missing from {message!r}"
    # every refusal shows the input (or says it was empty) and is a ValueError too
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 12, 1.5])
def test_parse_card_non_text(bad):
    with pytest.raises(CardParseError):
        parse_card(bad)


def test_parse_cards_string_and_iterable():
    expected = [C(4, "♦"), C(5, "♣"), C(8, "♥"), C(10, "♣"), C(12, "♠"), C(3, "♥")]
    assert parse_cards("4♦ 5♣, 8♥ 10c D♠ 3h") == expected
    assert parse_cards("4♦;5♣;8♥;10c;Q♠;3h") == expected
    assert parse_cards(["4♦", "5c", C(8, "♥"), "T♣", "Qs", "3♥"]) == expected
    assert parse_cards("") == []
    assert parse_cards([]) == []


def test_parse_cards_names_the_bad_position():
    with pytest.raises(CardParseError) as info:
        parse_cards("4♦ 5♣ Xq 3h")
    msg = str(info.value)
    assert "Card 3 of 4" in msg and "“Xq”" in msg


# --------------------------------------------------------------------------- printing

LABELS = [
    # (card, english, german)
    (C(1, "♦"), "A♦", "A♦"),
    (C(10, "♥"), "10♥", "10♥"),
    (C(11, "♠"), "J♠", "B♠"),
    (C(12, "♣"), "Q♣", "D♣"),
    (C(13, "♥"), "K♥", "K♥"),
    (C(7, "♣"), "7♣", "7♣"),
]


@pytest.mark.parametrize("card,en,de", LABELS, ids=[e for _, e, _ in LABELS])
def test_label_en_and_de(card, en, de):
    assert card.label("en") == en
    assert card.label("de") == de


WORDS = [
    (C(12, "♠"), "Queen of spades", "Pik Dame"),
    (C(1, "♦"), "Ace of diamonds", "Karo Ass"),
    (C(11, "♥"), "Jack of hearts", "Herz Bube"),
    (C(13, "♣"), "King of clubs", "Kreuz König"),
    (C(10, "♥"), "10 of hearts", "Herz 10"),
]


@pytest.mark.parametrize("card,en,de", WORDS, ids=[e for _, e, _ in WORDS])
def test_words_en_and_de(card, en, de):
    assert card.words("en") == en
    assert card.words("de") == de


def test_set_notation_changes_str_not_repr(notation):
    q = C(12, "♠")
    set_notation("de")
    assert get_notation() == "de"
    assert str(q) == "D♠" and q.label() == "D♠" and q.words() == "Pik Dame"
    assert repr(q) == "Card('Q♠')"
    set_notation("en")
    assert get_notation() == "en"
    assert str(q) == "Q♠" and q.words() == "Queen of spades"
    assert repr(q) == "Card('Q♠')"


def test_set_notation_refuses_unknown(notation):
    before = get_notation()
    with pytest.raises(ValueError) as info:
        set_notation("fr")
    assert "'en'" in str(info.value) and "'de'" in str(info.value)
    assert get_notation() == before


@pytest.mark.parametrize("n", ["en", "de"])
def test_print_parse_round_trip_every_card(n, notation):
    set_notation(n)
    for card in full_deck(1):
        assert parse_card(str(card)) == card
        assert parse_card(card.label(n)) == card
        assert eval(repr(card), {"Card": lambda t: parse_card(t)}) == card


def test_ascii_round_trip_every_card():
    for card in full_deck(1):
        rank = EN_RANKS[card.rank - 1]
        assert parse_card(rank + card.suit.letter) == card
        assert parse_card(rank.lower() + card.suit.letter.upper() if card.suit != Suit.DIAMONDS
                          else rank.lower() + "d") == card


def test_suit_words_and_colour():
    assert [s.word("en") for s in Suit] == ["diamonds", "hearts", "spades", "clubs"]
    assert [s.word("de") for s in Suit] == ["Karo", "Herz", "Pik", "Kreuz"]
    assert [s.is_red for s in Suit] == [True, True, False, False]
    assert "".join(s.symbol for s in Suit) == SUITS


def test_red_cards_in_html_use_the_kits_one_red():
    """A red card's HTML colour is the theme's red of red cards (4.5:1 or more in JupyterLab's light and
    dark themes), with a plain fallback first; never the theme's bare error red (4.4:1 on the dark theme)."""
    from paternoster.core import theme
    from paternoster.core.cards import cards_html

    red, plain = theme.inline("red-card"), theme.COLOURS["red-card"].light
    html = cards_html([parse_card("8♥")])
    assert f"color:{plain};color:{red}" in html and html.index(plain) < html.index(red)
    assert "color-mix" in red and "color:var(--jp-error-color1" not in html
    assert red not in cards_html([parse_card("8♠")]) and "color:inherit" in cards_html([parse_card("8♠")])


# Text with no suit at its end whose beginning is no rank is "not a card", never "not a suit".
@pytest.mark.parametrize("text,fragments", [
    ("X", ["“X”", "not a card", "rank", "suit", "“10♥”"]),
    ("11", ["“11”", "not a card", "J or B"]),
    ("13", ["not a card", "write K"]),
    ("Hello", ["not a card"]),
    ("99", ["not a card"]),
])
def test_parse_card_text_that_is_no_card_at_all(text, fragments):
    with pytest.raises(CardParseError) as info:
        parse_card(text)
    message = str(info.value)
    assert all(f in message for f in fragments), message
    assert "is not a suit" not in message


@pytest.mark.parametrize("text,fragment", [("7x", "“x” is not a suit"), ("KX", "“X” is not a suit"),
                                           ("Xq", "“X” is not a rank and “q” is not a suit"),
                                           ("Q♠ K", "looks like several")])
def test_parse_card_names_the_bad_part_when_one_is_good(text, fragment):
    with pytest.raises(CardParseError, match=re.escape(fragment)):
        parse_card(text)
