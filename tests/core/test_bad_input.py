"""Bad input from a student's hands: every case raises the kit's own error with a message naming the field.

Each row was found by trying to break the kit as a new user would; none may end in a bare
TypeError, IndexError or AttributeError.
"""

import json

import pytest

from paternoster import (Card, CardParseError, Game, IllegalPlayError, PositionError, RecordError, RulesError,
                         compare, parse_card, parse_cards, placement)
from paternoster.paskahousu import Match, PaskahousuGame

CASES = [
    ("parse_cards(None)", lambda: parse_cards(None), CardParseError, "list of cards"),
    ("parse_cards(5)", lambda: parse_cards(5), CardParseError, "list of cards"),
    ("one card, two given", lambda: parse_card("Q♠ K♠"), CardParseError, "looks like several"),
    ("missing suit", lambda: parse_card("D"), CardParseError, "suit is missing"),
    ("direction", lambda: placement("7♠", "sideways", "8♥"), ValueError, "'up' or 'down'"),
    ("compare a typo", lambda: compare("7x", "8♣"), CardParseError, "not a suit"),
    ("players float", lambda: Game.new(players=2.0), RulesError, "players must be a whole number"),
    ("players text", lambda: Game.new(players="2"), RulesError, "players must be a whole number"),
    ("players bool", lambda: Game.new(players=True), RulesError, "players must be a whole number"),
    ("players 0", lambda: Game.new(players=0), RulesError, "1 to 5 players, not 0"),
    ("players 6", lambda: Game.new(players=6), RulesError, "Hochhaus"),
    ("first text", lambda: Game.new(2, first="0"), PositionError, "first (the starting seat)"),
    ("first too big", lambda: Game.new(2, first=2), PositionError, "from 0 to 1"),
    ("seed negative", lambda: Game.new(2, seed=-1), PositionError, "seed must be at least 0"),
    ("names not a list", lambda: Game.new(2, names=5), PositionError, "names must be a list"),
    ("names count", lambda: Game.new(2, names=["Anna"]), PositionError, "1 name given for 2 players"),
    ("names twice", lambda: Game.new(2, names=["A", "A"]), PositionError, "give every player a different name"),
    ("names alike", lambda: Game.new(3, names=["Anna", "Ben", " anna "]), PositionError,
     "'Anna' (names[0]) and ' anna ' (names[2]) are the same name"),
    ("names alike in a position", lambda: Game.from_position(["4♦", "5♦"], names=["Ben", "BEN"]), PositionError,
     "are the same name"),
    ("Paskahousu names twice", lambda: PaskahousuGame.new(3, names=["Anna", "Ben", "Anna"]), PositionError,
     "'Anna' (names[0]) and 'Anna' (names[2]) are the same name"),
    ("Paskahousu names alike in a position", lambda: PaskahousuGame.from_position(["9♦", "5♠"], names=["a b", "A  B"]),
     PositionError, "are the same name"),
    ("Paskahousu match names twice", lambda: Match(2, names=["Anna", "anna"]), ValueError, "are the same name"),
    ("rules None", lambda: Game.new(2, rules=None), RulesError, "Rules object"),
    ("hands None", lambda: Game.from_position(None), PositionError, "hands must be a list"),
    ("hands a string", lambda: Game.from_position("4♦ 5♦"), PositionError, "hands must be a list"),
    ("a hand None", lambda: Game.from_position([None]), PositionError, "hands[0]"),
    ("a misspelt hand card", lambda: Game.from_position(["4♦ 5x"]), CardParseError, "hands[0]: Card 2 of 2"),
    ("draw pile None", lambda: Game.from_position(["4♦"], draw_pile=None), PositionError, "draw_pile"),
    ("piles a string", lambda: Game.from_position(["4♦"], piles="4♦"), PositionError, "piles must be a list"),
    ("played text", lambda: Game.from_position(["4♦"], played_this_turn="1"), PositionError, "played_this_turn"),
    ("turn minimum 0", lambda: Game.from_position(["4♦"], turn_minimum=0), PositionError, "turn_minimum"),
    ("three copies", lambda: Game.from_position(["4♦ 4♦ 4♦", ""]), PositionError, "4♦ ×3"),
    ("to_move", lambda: Game.from_position(["4♦", ""], to_move=2), PositionError, "to_move"),
    ("card rank bool", lambda: Card(True, 0), ValueError, "rank"),
    ("card suit 4", lambda: Card(1, 4), ValueError, "suit"),
]


@pytest.mark.parametrize("make, error, words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_gets_the_kits_error(make, error, words):
    with pytest.raises(error) as info:
        make()
    assert words in str(info.value)


@pytest.mark.parametrize("pile", ["up 3", "down0", "pileup1pile", -1, 4, True, None, 1.0])
def test_unknown_pile_is_refused_and_changes_nothing(pile):
    g = Game.from_position(["4♦", "5♦"], players=2)
    before = g.to_position()
    with pytest.raises(IllegalPlayError) as info:
        g.play("4♦", pile)
    assert info.value.rule == "no-such-pile"
    assert g.to_position() == before


@pytest.mark.parametrize("pile", ["up 1", "UP1", "u1", "up pile 1", 0])
def test_pile_names_are_read(pile):
    g = Game.from_position(["4♦", "5♦"], players=2)
    assert g.play("4♦", pile).pile == 0


def _broken(record, path, value):
    r = json.loads(json.dumps(record))
    d = r
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return r


SEEDED = Game.new(2, 1).to_record()
POSITION = Game.from_position(["4♦", "5♦"], players=2).to_record()
RECORDS = [
    ("first text", SEEDED, ("start", "first"), "0", "Field 'first' (in start)"),
    ("first null", SEEDED, ("start", "first"), None, "Field 'first' (in start)"),
    ("up_piles float", SEEDED, ("rules", "up_piles"), 2.5, "'up_piles' (in rules) has the wrong type"),
    ("setbacks text", SEEDED, ("rules", "setbacks_per_turn"), "x", "'setbacks_per_turn'"),
    ("hand sizes", SEEDED, ("rules", "hand_sizes"), 5, "hand_sizes"),
    ("hands not lists", POSITION, ("start", "position", "hands"), [5, []], "'hands'[0] (in start.position)"),
    ("pile null", POSITION, ("start", "position", "piles"), [None, [], [], []], "'piles'[0] (in start.position)"),
    ("turn text", POSITION, ("start", "position", "turn"), "x", "'turn' (in start.position) has the wrong type"),
    ("minimum text", POSITION, ("start", "position", "turn_minimum"), "x", "turn_minimum"),
    ("to_move", POSITION, ("start", "position", "to_move"), 7, "to_move"),
    ("names twice", SEEDED, ("names",), ["Anna", "ANNA"], "give every player a different name"),
]


@pytest.mark.parametrize("record, path, value, words", [r[1:] for r in RECORDS], ids=[r[0] for r in RECORDS])
def test_corrupt_record_fields_are_named(record, path, value, words):
    with pytest.raises(RecordError) as info:
        Game.from_record(_broken(record, path, value))
    assert words in str(info.value)


def test_upto_must_be_a_whole_number():
    with pytest.raises(RecordError, match="upto"):
        Game.from_record(SEEDED, upto="1")


# --------------------------------------------------------------------------- a sweep of the public names
# F7/F10/F20 (an earlier hostile tester): public functions called with None, text, -1, 3.5, 1e3, 10**100, True …
# ended in raw AttributeError / TypeError / numpy errors, and full_deck(10**100) or the Paskahousu deal with
# 10**100 players never ended (memory).  Each must now refuse with the kit's error (a PaternosterError) at once.
_HOSTILE = [None, "x", -1, 3.5, 1e3, 10 ** 100, True, [1], float("nan"), "7♠" * 100_000, object()]


def _sweep_targets():
    from paternoster import cards_html, full_deck, is_burning, play_with_reasons, setback_card
    from paternoster.core.stats import wilson
    from paternoster.exercises import answer_sheet
    from paternoster.lift.ladder import big_setback_ranks
    from paternoster.paskahousu import deal, game_seed, rank_label

    def reasons(game="fresh", player=None):
        return play_with_reasons(Game.new(2, seed=3) if isinstance(game, str) and game == "fresh" else game, player)

    return [
        ("full_deck", full_deck, {"decks": 1}),
        ("cards_html", cards_html, {"cards": "4♦ 5♣", "notation": None}),
        ("setback_card", setback_card, {"direction": "up", "top": "J♠"}),
        ("big_setback_ranks", big_setback_ranks, {"card": "7♥", "direction": "up", "top": "10♥"}),
        ("is_burning", is_burning, {"card": "3♥"}),
        ("play_with_reasons", reasons, {"game": "fresh", "player": None}),
        ("paskahousu.deal", deal, {"players": 4, "seed": 0, "dealer": 0, "hand_size": 5, "decks": 1}),
        ("game_seed", game_seed, {"seed": 0, "i": 0}),
        ("wilson", wilson, {"k": 25, "n": 100, "z": 1.96}),
        ("rank_label", rank_label, {"rank": 1}),
        ("answer_sheet", answer_sheet, {"exercises": [], "title": None}),
    ]


@pytest.mark.parametrize("name, fn, good", _sweep_targets(), ids=[t[0] for t in _sweep_targets()])
def test_public_functions_refuse_hostile_values_with_the_kits_error(name, fn, good):
    from paternoster import PaternosterError
    fn(**good)  # the good call works
    raw = []
    for param in good:
        for value in _HOSTILE:
            try:
                fn(**{**good, param: value})
            except PaternosterError as e:
                assert len(str(e)) < 1500, (name, param)
            except Exception as e:  # noqa: BLE001 — what the sweep looks for
                raw.append(f"{name}({param}={str(value)[:20]!r}): {type(e).__name__}: {str(e)[:80]}")
    assert raw == []


@pytest.mark.parametrize("k", [-1, 1, 10 ** 5000], ids=["minus-one", "one", "5001-digits"])
def test_sentences_past_the_end_is_the_kits_index_error_with_a_short_message(k):
    from paternoster import ArgumentIndexError, PaternosterError
    with pytest.raises(ArgumentIndexError, match="k must be 0 to 0") as info:
        Game.new(2, 1).sentences(k)
    assert isinstance(info.value, (PaternosterError, IndexError)) and len(str(info.value)) < 120
