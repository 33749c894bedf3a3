"""Prose numbers of lessons 1–4 replayed on the engine (beside prose_claims.py, which holds the pattern
and the first claims of lessons 1–3).  Each claim: a snippet of the lesson's markdown, the number(s) it
states, and a replay that must give exactly them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from prose_claims import claim

from paternoster import Game, SimplePlayer, examples, full_deck, parse_card, play_cost, play_with_reasons
from paternoster.lift.bots import EXTRA_LIMIT

L1, L2, L3, L4 = "01_the_ladder.ipynb", "02_piles_and_setbacks.ipynb", "03_a_turn.ipynb", "04_a_whole_game.ipynb"
PLAYER = SimplePlayer()


# ---------------------------------------------------------------- lesson 1

@claim(L1, "the Ace is 1, the lowest; then 2, 3 … 10, the Jack (German *Bube*, B) is 11, the Queen (*Dame*, D) 12 "
           "and the King (*König*, K) 13", says=(1, 2, 3, 10, 11, 12, 13))
def rank_numbers() -> tuple[int, ...]:
    return tuple(parse_card(c).rank for c in ("A♠", "2♠", "3♠", "10♠", "J♠", "Q♠", "K♠"))


@claim(L1, "rung = (rank − 1) × 4 + suit, with ♦ = 0, ♥ = 1, ♠ = 2, ♣ = 3", says=(1, 4, 0, 1, 2, 3))
def rung_formula() -> tuple[int, ...]:
    deck = full_deck()
    assert all(c.rung == (c.rank - 1) * 4 + int(c.suit) for c in deck)
    return 1, 4, *(parse_card(f"A{s}").rung for s in "♦♥♠♣")


@claim(L1, "A♦ · A♥ · A♠ · A♣ · 2♦ · 2♥ · … · K♠ · K♣", says=())
def ladder_order_written() -> tuple[()]:
    deck = sorted(set(full_deck()), key=lambda c: c.rung)
    assert [str(c) for c in deck[:6]] == ["A♦", "A♥", "A♠", "A♣", "2♦", "2♥"]
    assert [str(c) for c in deck[-2:]] == ["K♠", "K♣"]
    return ()


# ---------------------------------------------------------------- lesson 2

@claim(L2, "Here is every one of the 52 cards tried on it", says=52)
def one_deck_has_52() -> int:
    return len(full_deck())


@claim(L2, "The 9♠ jumps over 12 rungs (6♠, 6♣, all four 7s, all four 8s, 9♦ and 9♥), so the top moves 13",
       says=(12, 13))
def nine_of_spades_moves_13() -> tuple[Any, ...]:
    between = [c for c in set(full_deck()) if parse_card("6♥").rung < c.rung < parse_card("9♠").rung]
    return len(between), play_cost("9♠", "up", "6♥")


@claim(L2, "A setback moves the top one rank (4 rungs) back, so it costs −4", says=(4, -4))
def setback_is_four_rungs() -> tuple[Any, ...]:
    return parse_card("10♥").rung - parse_card("9♥").rung, play_cost("9♥", "up", "10♥")


@claim(L2, '"fits (cost 13)" is a jump over 12 rungs', says=(13, 12))
def cost_13_is_12_rungs() -> tuple[Any, ...]:
    return play_cost("9♠", "up", "6♥"), parse_card("9♠").rung - parse_card("6♥").rung - 1


# ---------------------------------------------------------------- lesson 3

@claim(L3, "8 cards alone, 7 each for two players, 6 each for three to five", says=(8, 7, 6))
def hand_sizes() -> tuple[int, ...]:
    return tuple(len(Game.new(players=n, seed=1).hands[0]) for n in (1, 2, 3))


@claim(L3, "she would need 7 but takes the only one there", says=7)
def two_players_hold_seven() -> int:
    return len(Game.new(players=2, seed=1).hands[0])


@claim(L3, "Three players, 11 cards in the draw pile, and Carla must play two cards", says=11)
def carla_draw_pile() -> int:
    return len(examples.carla_end().draw_pile)


# ---------------------------------------------------------------- lesson 4

@lru_cache(maxsize=1)
def _game_2026() -> tuple[Game, list[Any]]:
    game = Game.new(players=2, seed=2026, names=["Anna", "Ben"])
    return game, play_with_reasons(game)


def _before(step: int) -> Game:
    """The table before step ``step`` (1-based) of the game of section 2."""
    return Game.from_record(_game_2026()[0].to_record(), upto=step - 1)


def _score(game: Game, card: str, pile: int) -> Any:
    return next(s for s in PLAYER.scored(game) if str(s.play.card) == card and s.play.pile == pile)


@claim(L4, "lesson 3: 9♥ on 7♣ costs 6 and scores 6 − 4 = 2", says=(6, 6, 4, 2))
def jump_scores_two() -> tuple[Any, ...]:
    s = _score(examples.jump_with_setback(), "9♥", 0)
    cost = play_cost("9♥", "up", "7♣")
    return cost, cost, cost - s.score, s.score


@claim(L4, "another card only while the best play scores **at most 1**", says=1)
def extra_limit() -> int:
    return EXTRA_LIMIT


def _start() -> Game:
    return Game.from_position(["2♥ 4♦ 6♠ 8♦ 9♣ J♥ K♣", "3♠ 5♥ 7♦ 10♦ Q♥ A♣ 8♠"],
                              draw_pile="A♦ 2♣ 3♦ 5♣ 6♦ 7♠ 9♥ 10♠ Q♣ K♦", names=["Anna", "Ben"])


@claim(L4, "K♣ costs 1 on either empty down pile", says=1)
def king_of_clubs_opens_for_1() -> int | None:
    return play_cost("K♣", "down", None)


@claim(L4, "2♥ on an empty up pile (cost 6, score 6). The next card would score 7, which is more than 1",
       says=(6, 6, 7, 1))
def anna_start_second_card() -> tuple[Any, ...]:
    g = _start()
    g.apply_action(PLAYER.choose(g))
    second = PLAYER.scored(g)[0]
    assert str(second.play.card) == "2♥"
    g.apply_action(PLAYER.choose(g))
    return play_cost("2♥", "up", None), second.score, PLAYER.scored(g)[0].score, EXTRA_LIMIT


@claim(L4, "5♣ on down pile 1 (6♠) costs 3, while on up pile 1 it costs 7", says=(3, 7))
def five_of_clubs_two_ways() -> tuple[Any, ...]:
    return play_cost("5♣", "down", "6♠"), play_cost("5♣", "up", "4♦")


@claim(L4, "9♥ (cost 6) and 8♥ (cost 2) both score 2", says=(6, 2, 2))
def jump_and_next_tie() -> tuple[Any, ...]:
    g = examples.jump_with_setback()
    nine, eight = _score(g, "9♥", 0), _score(g, "8♥", 0)
    assert nine.score == eight.score
    return play_cost("9♥", "up", "7♣"), play_cost("8♥", "up", "7♣"), nine.score


def _keep() -> Game:
    return Game.from_position(["9♥ J♦ 5♦ 7♠ K♥ Q♣", "3♠ 5♥ 7♦ 10♦ Q♥ A♣ 8♠"], piles=["10♥", "3♣", "6♣", "4♠"],
                              draw_pile="A♦ 3♦ 5♣ 6♦ 9♠ 10♠ Q♣ K♦", names=["Anna", "Ben"],
                              setback_used=True, played_this_turn=1)


@claim(L4, "J♦ would cost only 3 on that pile", says=3)
def jack_costs_three() -> int | None:
    return play_cost("J♦", "up", "10♥")


@claim(L4, "Without the +4, J♦ (cost 3) would be the best play. With it, J♦ scores 7, so Anna plays 5♦ on up "
           "pile 2 (cost 5, score 5)", says=(4, 3, 7, 5, 5))
def setback_kept() -> tuple[Any, ...]:
    g = _keep()
    jack, best = _score(g, "J♦", 0), PLAYER.scored(g)[0]
    assert (str(best.play.card), best.play.pile) == ("5♦", 1)
    cost = play_cost("J♦", "up", "10♥")
    return jack.score - cost, cost, jack.score, play_cost("5♦", "up", "3♣"), best.score


@claim(L4, "He plays 3♥ on the 3♦, which costs 1 and scores only 1 − 4 = −3", says=(1, 1, 4, -3))
def ben_next_rung_with_setback() -> tuple[Any, ...]:
    s = _score(_before(4), "3♥", 0)
    cost = play_cost("3♥", "up", "3♦")
    return cost, cost, cost - s.score, s.score


@claim(L4, "A twin costs 0 (step 14). In turn 30 a twin even scores −4, because J♥ can follow it as the setback "
           "(step 107)", says=(0, 14, 30, -4, 107))
def twins_in_the_game() -> tuple[Any, ...]:
    _, steps = _game_2026()
    assert "a twin, cost 0" in str(steps[13][1]) and "a twin" in str(steps[106][1])
    before = _before(107)
    s = _score(before, "Q♥", 1)
    return play_cost("10♠", "down", "10♠"), 14, before.turn, s.score, 107


@claim(L4, "The draw pile runs out in turn 35, so from turn 36 on the minimum is one card", says=(35, 36))
def draw_pile_runs_out() -> tuple[int, int]:
    game, _ = _game_2026()
    replay = Game.new(players=2, seed=2026, names=["Anna", "Ben"])
    out = None
    for action in game.actions:
        turn = replay.turn
        replay.apply_action(action)
        if out is None and not replay.draw_pile:
            out = turn
    assert out is not None
    later = Game.from_record(game.to_record(), upto=next(
        k for k in range(len(game.actions)) if Game.from_record(game.to_record(), upto=k).turn == out + 1))
    assert later.turn_minimum == 1
    return out, later.turn


@claim(L4, "Anna 4 + Ben 5 + draw pile 0 = 9", says=(4, 5, 0, 9))
def score_of_the_game() -> tuple[int, ...]:
    game, _ = _game_2026()
    assert game.result is not None
    return len(game.hands[0]), len(game.hands[1]), len(game.draw_pile), game.result.remaining


@claim(L4, "**Exercise 1** is the table before step 10 (turn 4, Ben to move, minimum 2)", says=(1, 10, 4, 2))
def exercise_1_position() -> tuple[Any, ...]:
    g = _before(10)
    assert g.names[g.to_move] == "Ben"
    return 1, 10, g.turn, g.turn_minimum


@claim(L4, "10♠ on down pile 1 (J♦): cost 2, the cheapest play", says=2)
def exercise_1_cheapest() -> int | None:
    return play_cost("10♠", "down", "J♦")


@claim(L4, "4♦ on up pile 1 (2♥): a jump over 6 rungs, cost 7, score 7 − 4 = 3, because 3♦ can follow as the "
           "setback. 3♦ on up pile 1 and K♥ on the empty down pile 2 also score 3", says=(6, 7, 7, 4, 3, 3))
def exercise_1_second_card() -> tuple[Any, ...]:
    g = _before(11)
    four, three, king = _score(g, "4♦", 0), _score(g, "3♦", 0), _score(g, "K♥", 3)
    assert three.score == king.score == four.score
    cost = play_cost("4♦", "up", "2♥")
    return parse_card("4♦").rung - parse_card("2♥").rung - 1, cost, cost, cost - four.score, four.score, king.score


@claim(L4, "3♦ on up pile 1 as the setback: cost −4, score −4, at most 1", says=(-4, -4, 1))
def exercise_1_third_card() -> tuple[Any, ...]:
    s = _score(_before(12), "3♦", 0)
    return play_cost("3♦", "up", "4♦"), s.score, EXTRA_LIMIT


@claim(L4, "End the turn: the best play left (K♥) scores 3", says=3)
def exercise_1_end() -> int:
    best = PLAYER.scored(_before(13))[0]
    assert str(best.play.card) == "K♥"
    return best.score


@claim(L4, "Check: step the stepper above to steps 10–13", says=(10, 13))
def exercise_1_steps() -> tuple[int, int]:
    _, steps = _game_2026()
    assert str(steps[12][1]).startswith("End the turn") and _before(10).turn == _before(13).turn
    return 10, 13


@claim(L4, "**Exercise 2** is the table before step 106 (turn 30, Ben to move)", says=(2, 106, 30))
def exercise_2_position() -> tuple[Any, ...]:
    g = _before(106)
    assert g.names[g.to_move] == "Ben"
    return 2, 106, g.turn


@claim(L4, "Q♥ on Q♦: the next rung, cost 1, score 1 − 4 = −3", says=(1, 1, 4, -3))
def exercise_2_first() -> tuple[Any, ...]:
    s = _score(_before(106), "Q♥", 1)
    cost = play_cost("Q♥", "up", "Q♦")
    return cost, cost, cost - s.score, s.score


@claim(L4, "The other Q♥, its twin: cost 0, score 0 − 4 = −4, because J♥ can still follow as the setback. J♥ as "
           "the setback also scores −4", says=(0, 0, 4, -4, -4))
def exercise_2_second() -> tuple[Any, ...]:
    g = _before(107)
    twin, setback = _score(g, "Q♥", 1), _score(g, "J♥", 1)
    assert PLAYER.scored(g)[0] is not None and str(PLAYER.scored(g)[0].play.card) == "Q♥"
    cost = play_cost("Q♥", "up", "Q♥")
    return cost, cost, cost - twin.score, twin.score, setback.score


@claim(L4, "J♥, the setback: −4", says=-4)
def exercise_2_third() -> Any:
    return _score(_before(108), "J♥", 1).score


@claim(L4, "J♠, the next rung: cost 1, still an extra card", says=1)
def exercise_2_fourth() -> int | None:
    return play_cost("J♠", "up", "J♥")


@claim(L4, "Then he ends the turn: the best play left scores 8", says=8)
def exercise_2_end() -> Any:
    return PLAYER.scored(_before(110))[0].score


@claim(L4, "**Exercise 3** is the table before step 132 (turn 38, Ben to move; the draw pile is empty, minimum 1)",
       says=(3, 132, 38, 1))
def exercise_3_position() -> tuple[Any, ...]:
    g = _before(132)
    assert g.names[g.to_move] == "Ben" and not g.draw_pile
    return 3, 132, g.turn, g.turn_minimum


@claim(L4, "It is his only legal play (cost 9)", says=9)
def exercise_3_only_play() -> int | None:
    g = _before(132)
    assert len(g.legal_plays()) == 1
    return play_cost("A♠", "down", "3♣")


@claim(L4, "the game ends with 9 remaining cards", says=9)
def exercise_3_end() -> Any:
    game, _ = _game_2026()
    assert game.result is not None
    return game.result.remaining
