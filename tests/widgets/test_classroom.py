"""widgets.Classroom: the teacher's panel deals tables with the chosen settings, refuses bad ones."""

from __future__ import annotations

import pytest

from paternoster import Game, preset
from paternoster.paskahousu import PaskahousuGame
from widgets import CardTable, Classroom, PaskahousuCardTable

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)


def _hands(table) -> list[str]:
    return [h["name"] for h in table.view["hands"] if h["cards"] is not None]


def test_paternoster_default_deal_is_the_seeded_game_for_the_class():
    c = Classroom()
    assert isinstance(c.table, CardTable) and c.seed.value == "7" and c.dealt == 7 and c.players.value == 3
    assert c.table.game == Game.new(3, seed=7, names=["Group A", "Group B", "Group C"])
    assert c.table.computer_seats == [] and "Deal number 7" in c.message
    assert c._repr_mimebundle_()["text/plain"].startswith("Classroom: run this cell")


def test_new_deal_takes_the_next_seed_and_keeps_the_settings():
    c = Classroom(players=2, seed=11, rules="Kurze Fahrt")
    first = c.table.game
    assert c.new_deal() and c.seed.value == "12" and c.dealt == 12
    assert c.table.game == Game.new(2, seed=12, names=["Group A", "Group B"], rules=preset("Kurze Fahrt"))
    assert c.table.game != first and "Deal number 12" in c.message and "Kurze Fahrt" in c.message


def test_computer_seats_make_a_one_seat_table_and_names_follow():
    c = Classroom("paskahousu", players=4, seed=3)
    c.names.value = "Reds, Blues, Greens, Golds"
    c.computer_plays(1, 2, 3)
    assert c.deal()
    t = c.table
    assert isinstance(t, PaskahousuCardTable) and t.seat == 0 and t.computer_seats == [1, 2, 3]
    assert _hands(t) == ["Reds"] and t.game.to_move == 0
    assert [b.description for b in c._computer.values()] == ["Reds", "Blues", "Greens", "Golds"]
    assert "the class plays Reds" in c.message


def test_two_people_and_hot_seat_give_a_pass_screen():
    c = Classroom("paskahousu", players=3, seed=3, computer_seats=[2], hot_seat=True)
    assert c.table.hot_seat and c.table.computer_seats == [2]
    assert c.table.view["pass_to"] in ("Group A", "Group B") and _hands(c.table) == []


@pytest.mark.parametrize("names,fragment", [
    ("Reds, Blues", "give 3 names"), ("A, A, B", "different name"),
    ("Anna, anna, Ben", "Anna and anna are the same name"),
    ("A, , C", "give 3 names"), ("x" * 30 + ", B, C", "at most"),
    # F6/F14: invisible names were dealt, or refused in Python's words (names[1] 'Blues\u200b')
    ("Reds, \u3164, Golds", "the second name holds the invisible or control character U+3164 (HANGUL FILLER)"),
    ("Reds, Blues\u200b, Golds", "the second name (Blues) holds the invisible or control character U+200B"),
    ("\u2800, B, C", "the first name holds the invisible or control character U+2800 (BRAILLE PATTERN BLANK)"),
    ("A, B, \u0301", "the third name shows no letter, digit or sign"),
    ("A, B\u2028C, D", "U+2028 (LINE SEPARATOR)"),
])
@pytest.mark.parametrize("game", ["paternoster", "paskahousu"])
def test_bad_names_say_what_to_type_and_change_nothing(names, fragment, game):
    c = Classroom(game)
    table, seed = c.table, c.seed.value
    c.names.value = names
    assert c.deal() is False
    assert fragment in c.message and c.message.startswith("⚠ Not dealt")
    assert "names[" not in c.message and "\\u" not in c.message and "'" not in c.message
    assert c.table is table and c.seed.value == seed


def test_a_refused_new_deal_keeps_the_number_of_the_table_shown():
    c = Classroom()
    table = c.table
    c.names.value = "Anna, Ben"  # 3 players, 2 names
    assert c.new_deal() is False
    assert c.seed.value == "7" and c.table is table and "give 3 names" in c.message


@pytest.mark.parametrize("number", ["-5", str(2**31), "99999999999999", "3.5", "1e3", "seven", "", "1 000",
                                    "٣", "²", "7" * 5000])
def test_a_deal_number_that_is_not_digits_in_range_is_refused_not_read_otherwise(number):
    c = Classroom()
    table = c.table
    c.seed.value = number
    assert c.deal() is False
    assert c.seed.value == number and c.table is table and c.dealt == 7
    assert "Deal number: a whole number from 0 to 2147483647, digits only" in c.message
    assert len(c.message) < 200                                 # a long text is cut short in the message
    said = {k: v.value for k, v in c._said.items()}
    assert said["deal"] and not said["names"] and not said["players"]   # under the deal number box
    assert said["deal"].count("⚠") == 1


def test_deal_numbers_with_spaces_and_leading_zeros_are_read():
    c = Classroom()
    c.seed.value = " 012 "
    assert c.deal() and c.dealt == 12 and c.seed.value == "12"


def test_a_preset_the_player_count_does_not_allow_is_not_offered():
    c = Classroom()
    assert "Zwei Kabinen" not in c.rules.options      # two players only (rules §11.3): not for this table of 3
    with pytest.raises(Exception):
        c.rules.value = "Zwei Kabinen"
    assert c.rules.value == "Normal"


def test_display_switches_reach_the_table_at_once():
    c = Classroom()
    c.open_hands.value = True
    assert c.table.open_hands and len(_hands(c.table)) == 3
    c.large.value = False
    assert c.table.large is False


def test_bad_construction_raises():
    with pytest.raises(ValueError, match="game must be"):
        Classroom("chess")
    with pytest.raises(ValueError, match="players"):
        Classroom("paskahousu", players=9)
    with pytest.raises(ValueError, match="computer seats"):
        Classroom(players=2, computer_seats=[5])
    with pytest.raises(ValueError, match="rules"):
        Classroom(rules="Nope")
    assert PaskahousuGame.new(players=2, seed=0)  # the engine is untouched by refusals


def test_a_refusal_stands_under_the_control_that_caused_it():
    c = Classroom()
    c.names.value = "Reds, Blues"
    assert c.deal() is False and "give 3 names" in c._said["names"].value
    assert not c._said["deal"].value and not c._said["players"].value
    c.names.value = ""
    assert c.deal() and "Deal number 7" in c._said["deal"].value and not c._said["names"].value


def test_computer_ticks_follow_their_players_when_names_move_or_change():
    c = Classroom("paskahousu", players=3, seed=3, names=["Anna", "Ben", "Carla"], computer_seats=[1])
    c.names.value = "Ben, Anna, Carla"                          # Ben moves to seat 0: his tick goes along
    assert c.computer_seats == [0] and [b.description for b in c._computer.values()] == ["Ben", "Anna", "Carla"]
    c.names.value = "Bob, Anna, Carla"                          # Ben renamed in place: the seat keeps it
    assert c.computer_seats == [0]
    assert c.deal() and c.table.seat == -1 and c.table.computer_seats == [0]


@pytest.mark.parametrize("ticked,expected", [([1, 2], [1, 2, 3, 4]), ([], []), ([0, 1, 2], [0, 1, 2, 3, 4]),
                                             ([0], [0])])
def test_new_seats_follow_the_last_seat_and_typed_names_grow(ticked, expected):
    c = Classroom("paskahousu", players=3, seed=3, names=["Reds", "Blues", "Greens"], computer_seats=ticked)
    c.players.value = 5
    assert c.computer_seats == expected
    assert c.names.value == "Reds, Blues, Greens, Group D, Group E"
    c.players.value = 4
    assert c.names.value == "Reds, Blues, Greens, Group D" and c.computer_seats == [s for s in expected if s < 4]
    assert c.deal()


def test_every_seat_computer_plays_one_turn_at_a_time_never_the_whole_game():
    c = Classroom("paskahousu", players=3, seed=3, computer_seats=[0, 1, 2])
    t = c.table
    assert t.pace == "watch" and len(t.game.actions) == 0 and t.view["autoplay"] > 0
    assert "one turn at a time" in c.message
    assert [b["label"] for b in t.view["buttons"] if b["action"] == "pause"] == ["Pause"]
    assert t.computer_turn().ok and len(t.game.actions) == 1 and t.message.count("\n") == 0
    t.act({"type": "pause"})
    assert t.paused and t.view["autoplay"] == 0 and "Go on" in t.message
    c.step_by_step.value = True
    assert c.deal() and c.table.pace == "step"


def test_large_cards_make_the_panel_large_too():
    c = Classroom()
    assert "pn-classroom-large" in c._dom_classes
    c.large.value = False
    assert "pn-classroom-large" not in c._dom_classes and c.table.large is False


def test_the_preset_list_offers_what_the_player_count_can_play():
    """Hochhaus is for 6 to 8 players: the Preset list offers it exactly then, and every preset it offers deals."""
    from widgets.classroom import Classroom
    c = Classroom("paternoster", players=3, seed=1)
    assert "Hochhaus 4" not in c.rules.options and "Normal" in c.rules.options
    c.rules.value = "Steil"
    c.players.value = 6
    assert set(c.rules.options) == {"Hochhaus 4", "Hochhaus 5"} and c.rules.value == "Hochhaus 4"
    c.deal()
    assert len(c.table.game.hands) == 6
    c.players.value = 2
    assert "Zwei Kabinen" in c.rules.options and c.rules.value == "Normal"
    c.players.value = 1
    assert "Weitergeben" not in c.rules.options and "Zwei Kabinen" not in c.rules.options


@pytest.mark.parametrize("players", [3.5, True, "3", 2.0, 10**100])
def test_a_player_count_that_is_no_whole_number_is_refused_not_rounded(players):
    """players=3.5 dealt a table of 3, True one of 1: the count is a whole number or the kit's error."""
    from paternoster import PaternosterError
    with pytest.raises(PaternosterError, match="players"):
        Classroom("paternoster", players=players, seed=1)


def test_one_player_is_one_player():
    c = Classroom("paternoster", players=1, seed=1)
    assert "1 player," in c.message and "1 players" not in c.message
