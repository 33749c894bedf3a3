"""Hints: about this question, never the answer (the student's path, item 7).

The hints were one rule summary per kind and sometimes held the answer.  Now each hint is computed
for its position; these tests check, for every kind over many seeds, that the hint does not state the
answer (``exercise_helpers.gives_away``), that a kind's hints differ from position to position, and
hand-picked positions whose hints must name what decides them.
"""

from __future__ import annotations

import pytest

from paternoster import Game
from paternoster.exercises import KINDS, Exercise, Kind, register

from exercise_helpers import gives_away
from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

SIMULATING = {"harder-level", "more-players", "talking-helps", "true-share", "fewer-cards", "lose-least"}
#: Seeds per kind: many for the quick kinds, fewer for the kinds that simulate (a fraction of a second each).
#: The coach's kinds play each choice on 400 times: fewer seeds still.
COACH = {"fewer-cards", "lose-least"}
SEEDS = {k: range(8) if k in COACH else range(15) if k in SIMULATING else range(60) for k in KINDS}


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_hint_gives_the_answer_away(kind):
    bad = []
    for seed in SEEDS[kind]:
        ex = Exercise.from_seed(kind, seed)
        said = gives_away(ex)
        if said:
            bad.append(f"seed {seed}: the hint states {said}")
    assert not bad, "\n".join(bad[:5])


def test_the_check_catches_a_hint_that_states_the_answer():
    """The check itself can fail: hints written the old way are caught."""
    g = Game.from_position(["6♥"], piles=["6♥", "", "", ""], players=1, hand_size_check=False)
    cost = Exercise.play_cost(g, "6♥", "up 1")                          # a twin: cost 0
    assert gives_away(cost) is None
    leaky = _with_hint(cost, "A twin costs 0 (rules §5.2).")
    assert "0" in gives_away(leaky)
    yes_no = Exercise.may_play("K♣", "A♠")
    assert gives_away(_with_hint(yes_no, "Yes: an ace burns a king.")) == "the word 'Yes'"
    who = Exercise.who_starts(["3♦ 3♠ 7♥", "3♣ 9♦", "4♠"], dealer=2)
    assert gives_away(_with_hint(who, "Anna holds two 3s.")) == "the answer 'Anna'"
    piles = Exercise.piles_for_card(Game.from_position(["8♥"], piles=["7♣", "", "K♠", ""], players=1,
                                                       hand_size_check=False), "8♥")
    assert "up pile 1" in gives_away(_with_hint(piles, "It fits up pile 1 (top 7♣)."))


def _with_hint(ex: Exercise, hint: str) -> Exercise:
    """A copy of ``ex`` with another hint (the check's own test)."""
    twin = Exercise.__new__(Exercise)
    for name in ("kind", "game_name", "mode", "question", "title", "table", "choices", "prompt", "answer",
                 "answer_text", "explanation", "seed", "_judge"):
        object.__setattr__(twin, name, getattr(ex, name))
    object.__setattr__(twin, "hint", hint)
    return twin


@pytest.mark.parametrize("kind", list(KINDS))
def test_hints_are_about_their_position(kind):
    """Not one rule summary per kind: over a few positions a kind gives several different hints."""
    hints = {Exercise.from_seed(kind, s).hint for s in list(SEEDS[kind])[:20]}
    assert len(hints) >= 2, hints


def test_piles_hint_names_the_card_and_its_setback_tops():
    g = Game.from_position(["8♥ 3♣"], piles=["9♥", "", "K♠", ""], players=1, hand_size_check=False)
    ex = Exercise.piles_for_card(g, "8♥")
    assert "8♥" in ex.hint and "up pile with 9♥ on top" in ex.hint and "down pile with 7♥ on top" in ex.hint
    used = Exercise.piles_for_card(Game.from_position(["8♥ 3♣"], piles=["9♥", "", "K♠", ""], players=1,
                                                      hand_size_check=False, setback_used=True), "8♥")
    assert "already used" in used.hint and "9♥" not in used.hint


def test_ladder_hint_names_the_cards_of_one_rank_and_the_twins():
    ex = Exercise.ladder_order("10♣ J♦ 10♠ 9♣ 10♣")
    assert "10♣ and 10♠" in ex.hint and "The two 10♣ are twins" in ex.hint
    assert "No two cards here share a rank" in Exercise.ladder_order("7♠ 9♦ 8♣").hint


def test_cheapest_hint_counts_plays_and_ties():
    g = Game.from_position(["7♥ 7♦"], piles=["6♥", "", "8♦", ""], players=1, hand_size_check=False)
    ex = Exercise.cheapest_play(g)             # a tie: 7♦ on up 6♥ and 7♥ on down 8♦, cost 3 each
    assert "Two plays tie for the cheapest" in ex.hint and ex.hint.startswith("Eight plays are allowed now")


def test_who_starts_hint_says_which_rank_to_count_and_whether_there_is_a_tie():
    tie = Exercise.who_starts(["3♦ 3♠ 7♥", "3♣ 3♥ 9♦", "4♠"], dealer=2)
    assert "Count each player's 3s" in tie.hint and "the tie goes to the first of them" in tie.hint
    no_threes = Exercise.who_starts(["5♦ 6♠", "4♣ 9♦", "4♠ 4♥ K♣"], dealer=0)
    assert "Nobody holds a 3 here, so count each player's 4s" in no_threes.hint and "tie" not in no_threes.hint


@pytest.mark.parametrize("pile, cards, words", [
    ("8♠", "10♥", "A 10 burns the pile when it goes on a card from 3 to 9"),
    ("J♦", "A♠", "An ace burns the pile when it goes on a face card"),
    ("5♣ 5♦", "5♥", "count the 5s lying together on top"),
])
def test_burns_hint_points_at_the_rule_of_the_played_rank(pile, cards, words):
    assert words in Exercise.burns(pile, cards).hint


def test_may_play_hint_names_the_played_rank_and_the_house_rules():
    from paternoster.paskahousu import house_rules

    assert "A face card (J, Q, K) goes only on a card higher than 6" in Exercise.may_play("6♠", "Q♥").hint
    assert "A 2 is the highest card" in Exercise.may_play("A♦", "2♣").hint
    assert "Several cards played together" in Exercise.may_play("7♦", "8♠ 8♥").hint
    ex = Exercise.may_play("9♠", "Q♦ Q♣", rules=house_rules("Nur einzeln"))
    assert "house rules here change the standard game: Nur einzeln" in ex.hint


def test_ride_hint_asks_only_what_the_floor_can_do():
    assert "lost at once" not in Exercise.ride_stars(1, 2).hint           # floor 1 cannot be lost
    assert "lost at once" in Exercise.ride_stars(5, 1, lost=True).hint   # floor 5 has fire
    assert "every card played" in Exercise.ride_stars(3, 0).hint         # goal 0


def test_simple_turn_hint_gives_the_first_play_not_the_count():
    from paternoster import examples

    ex = Exercise.simple_turn(examples.jump_with_setback())
    assert "It starts with 9♥ on up pile 1" in ex.hint and gives_away(ex) is None


def test_registry_refuses_a_kind_twice_and_a_taken_stream():
    with pytest.raises(ValueError, match="registered twice"):
        register(Kind("burns", "Paskahousu", "one", "again", 99, lambda cls, seed: None))
    with pytest.raises(ValueError, match="stream 0 is taken by 'piles-for-card'"):
        register(Kind("new-kind", "Paternoster", "one", "new", 0, lambda cls, seed: None))
    with pytest.raises(ValueError, match="mode must be one of"):
        register(Kind("new-kind", "Paternoster", "many", "new", 98, lambda cls, seed: None))
    assert "new-kind" not in KINDS
    assert [k.stream for k in KINDS.values()] == sorted(k.stream for k in KINDS.values())


def test_a_cheapest_play_hint_says_which_kinds_of_play_the_position_has():
    """Question-specific: the hint counts the setbacks and twins of this position, never naming them."""
    from paternoster import examples
    twin = Exercise.cheapest_play(examples.anna_turn())                     # 4♦ on 4♦: a twin, no setback
    assert "No setback is possible now, but one of your cards is the twin" in twin.hint
    assert "4♦" not in twin.hint
    setbacks = Exercise.cheapest_play(examples.ben_setback())               # 9♥ on 10♥ and another setback
    assert "Two of them are setbacks" in setbacks.hint and "9♥" not in setbacks.hint
    plain = Exercise.cheapest_play(Game.from_position(["5♠ 9♣", "2♦ 3♦"], piles=["4♦", "", "", ""]))
    assert "Neither a setback nor a twin is possible now" in plain.hint
