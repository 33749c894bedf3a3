"""The game: deal, turn, minimum play, drawing, skipping, end and score, refusals, undo, positions.

Rule sources: rules §3, 'Ein Zug', 'Spielende'; rules §3, 4, 5.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster import (STANDARD, EndTurn, Game, IllegalPlayError, Play, PositionError, Rules, RulesError,
                         full_deck, parse_card)
from paternoster.lift.examples import anna_turn, ben_setback, carla_end, jump_with_setback
from paternoster.lift import rule_ids

c = parse_card
UP1, UP2, DOWN1, DOWN2 = 0, 1, 2, 3


def all_cards(g: Game) -> Counter:
    return Counter([x for h in g.hands for x in h] + list(g.draw_pile) + [x for p in g.piles for x in p.cards])


# --------------------------------------------------------------------------- deal

@pytest.mark.parametrize("players,size", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)],
                         ids=["solo-8", "two-7", "three-6", "four-6", "five-6"])
def test_hand_sizes_by_player_count(players, size):
    assert STANDARD.hand_size(players) == size
    g = Game.new(players=players, seed=3)
    assert [len(h) for h in g.hands] == [size] * players
    assert len(g.draw_pile) == 104 - size * players
    assert all(not p.cards for p in g.piles)
    assert [p.direction for p in g.piles] == ["up", "up", "down", "down"]
    assert all_cards(g) == Counter(full_deck(2))
    assert g.turn == 1 and g.to_move == 0 and g.turn_minimum == 2
    assert g.result is None


@pytest.mark.parametrize("players", [0, 6, -1])
def test_player_count_refused(players):
    with pytest.raises(RulesError) as info:
        Game.new(players=players, seed=1)
    assert str(players) in str(info.value)
    with pytest.raises(RulesError):
        STANDARD.hand_size(players)


def test_from_position_six_players_refused():
    with pytest.raises(RulesError):
        Game.from_position(hands=[""] * 6)


def test_same_seed_same_deal_different_seed_different_deal():
    a, b = Game.new(players=3, seed=42), Game.new(players=3, seed=42)
    assert a == b
    assert a.hands == b.hands and a.draw_pile == b.draw_pile
    other = Game.new(players=3, seed=43)
    assert other != a
    assert other.hands != a.hands or other.draw_pile != a.draw_pile
    # the player count changes the deal too (hand sizes differ)
    assert Game.new(players=2, seed=42) != a


def test_first_seat_starts():
    g = Game.new(players=4, seed=5, first=2)
    assert g.to_move == 2
    with pytest.raises(PositionError):
        Game.new(players=4, seed=5, first=4)


def test_bad_seed_refused():
    with pytest.raises(PositionError):
        Game.new(players=2, seed=-1)


def test_piles_by_index_and_name():
    g = Game.new(players=2, seed=0)
    assert [p.name for p in g.piles] == ["up pile 1", "up pile 2", "down pile 1", "down pile 2"]
    for name, idx in [("up 1", 0), ("up pile 2", 1), ("down 1", 2), ("down2", 3), ("u1", 0), ("d2", 3),
                      ("Down Pile 1", 2)]:
        assert g.pile(name).index == idx
    assert g.pile(3).name == "down pile 2"


# --------------------------------------------------------------------------- minimum play and drawing

def test_minimum_two_then_one_once_draw_pile_empty_at_turn_start():
    # 2 players; the draw pile holds one card.
    g = Game.from_position(hands=["2♦ 3♦ 4♦", "5♦ 6♦ 7♦"], piles=["", "", "", ""], draw_pile="9♣")
    assert g.turn_minimum == 2
    g.play("2♦", UP1)
    before = g.to_position()
    with pytest.raises(IllegalPlayError) as info:
        g.end_turn()
    assert info.value.rule == rule_ids.MINIMUM_PLAY
    assert "2" in str(info.value)
    assert g.to_position() == before
    g.play("3♦", UP1)
    g.end_turn()                      # draws the last card (9♣): 2 cards in hand
    assert g.hands[0] == [c("4♦"), c("9♣")]
    assert g.draw_pile == []
    # the draw pile is empty at the start of Ben's turn: minimum 1, no drawing
    assert g.to_move == 1 and g.turn_minimum == 1
    g.play("5♦", UP1)
    assert g.minimum_met
    g.end_turn()
    assert len(g.hands[1]) == 2       # nobody draws any more
    assert g.to_move == 0 and g.turn_minimum == 1


def test_minimum_is_fixed_when_the_turn_starts():
    """Rules §6 Decision: the minimum does not change during a turn (here given explicitly)."""
    g = Game.from_position(hands=["2♦ 3♦ 4♦", "5♦ 6♦"], draw_pile="", turn_minimum=2)
    assert g.turn_minimum == 2
    g.play("2♦", UP1)
    with pytest.raises(IllegalPlayError) as info:
        g.end_turn()
    assert info.value.rule == rule_ids.MINIMUM_PLAY
    g.play("3♦", UP1)
    g.end_turn()
    assert g.turn_minimum == 1        # next turn: recomputed from the (empty) draw pile


def test_default_minimum_from_position_follows_draw_pile():
    assert Game.from_position(hands=["2♦ 3♦"], draw_pile="").turn_minimum == 1
    assert Game.from_position(hands=["2♦ 3♦"], draw_pile="9♣").turn_minimum == 2


def test_end_turn_without_playing_refused_and_state_unchanged():
    g = Game.new(players=2, seed=11)
    before = g.to_position()
    with pytest.raises(IllegalPlayError) as info:
        g.end_turn()
    assert info.value.rule == rule_ids.MINIMUM_PLAY
    assert g.to_position() == before
    assert g.check(EndTurn()).rule == rule_ids.MINIMUM_PLAY
    assert EndTurn() not in g.legal_actions()


def test_drawing_back_to_hand_size_from_the_top():
    g = Game.new(players=2, seed=7)
    top4 = list(g.draw_pile[:4])
    plays = 0
    while plays < 4:
        lp = g.legal_plays()[0]
        g.play(lp.card, lp.pile)
        plays += 1
        if plays == 2:
            assert EndTurn() in g.legal_actions()
    assert len(g.hands[0]) == 3
    g.end_turn()
    assert len(g.hands[0]) == 7
    assert g.hands[0][-4:] == top4          # index 0 of the draw pile is the top card
    assert len(g.draw_pile) == 90 - 4
    assert g.to_move == 1
    assert all_cards(g) == Counter(full_deck(2))


def test_play_whole_hand_then_draw():
    g = Game.from_position(hands=["2♦ 3♦", "5♦ 6♦"], draw_pile="7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")
    g.play("2♦", UP1)
    g.play("3♦", UP1)
    assert g.hand == [] and g.minimum_met
    g.end_turn()
    assert [x.label("en") for x in g.hands[0]] == ["7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣"]
    assert [x.label("en") for x in g.draw_pile] == ["A♣"]


def test_players_with_no_cards_are_skipped():
    g = Game.from_position(hands=["2♦ 3♦", "", "5♦ 6♦"], draw_pile="", names=["Anna", "Ben", "Carla"])
    g.play("2♦", UP1)
    g.end_turn()
    assert g.names[g.to_move] == "Carla"
    g.play("5♦", UP2)
    g.end_turn()
    assert g.names[g.to_move] == "Anna"
    g.play("3♦", UP1)
    g.end_turn()                      # Anna is out of cards now, Ben too: Carla again
    assert g.names[g.to_move] == "Carla"
    g.play("6♦", UP2)
    assert g.result is not None and g.result.perfect


def test_only_player_with_cards_keeps_the_turn():
    g = Game.from_position(hands=["2♦ 3♦", "", ""], draw_pile="")
    g.play("2♦", UP1)
    g.end_turn()
    assert g.to_move == 0 and g.turn == 2 and g.played_this_turn == 0


def test_player_to_move_with_empty_hand_may_end_turn():
    g = Game.from_position(hands=["", "5♦"], draw_pile="")
    assert g.result is None and g.minimum_met
    g.end_turn()
    assert g.to_move == 1


# --------------------------------------------------------------------------- end and score

def test_perfect_game_detection():
    g = Game.from_position(hands=["K♣", "K♣"], piles=["Q♣", "", "", ""], draw_pile="")
    g.play("K♣", UP1)
    assert g.result is None and g.remaining == 1
    g.end_turn()
    assert g.to_move == 1
    g.play("K♣", UP1)                 # the twin: the last card of the game
    r = g.result
    assert r is not None and r.outcome == "perfect" and r.perfect
    assert r.remaining == 0 and g.remaining == 0
    assert r.hands == (0, 0) and r.draw_pile == 0
    assert r.player is None
    assert g.is_terminal() and g.returns() == [0.0, 0.0]
    assert g.check(EndTurn()).rule == rule_ids.GAME_OVER


def test_perfect_solo_game_from_a_near_end_position():
    g = Game.from_position(hands=["5♥ 4♥ 3♥"], piles=["", "", "6♥", ""], draw_pile="", players=1)
    for card in ("5♥", "4♥", "3♥"):
        g.play(card, DOWN1)
    assert g.result.outcome == "perfect" and g.result.remaining == 0


# Piles for the stuck tests: up Q♣ and K♠, down 2♦ and A♣.  Their only setbacks are
# J♣, Q♠, 3♦ and 2♣; hearts of rank 5..7 fit none of them.
STUCK_PILES = ["Q♣", "K♠", "2♦", "A♣"]


def test_stuck_in_the_middle_of_a_turn():
    """One card played, the second fits nowhere: the game ends at once (rules §8 Decision, move by move)."""
    g = Game.from_position(hands=["K♦ 5♥", "7♥ 6♥"], piles=STUCK_PILES, draw_pile="9♣ 9♦",
                           names=["Anna", "Ben"])
    assert g.result is None and g.can_reach_minimum() is False
    g.play("K♦", UP1)
    r = g.result
    assert r is not None and r.outcome == "stuck" and not r.perfect
    assert r.player == 0
    assert r.hands == (1, 2) and r.draw_pile == 2
    assert r.remaining == 1 + 2 + 2


def test_stuck_detected_when_next_player_has_no_play():
    g = Game.from_position(hands=["K♦ K♣", "7♥ 6♥"], piles=STUCK_PILES, draw_pile="9♣ 9♦")
    g.play("K♦", UP1)
    g.play("K♣", UP2)
    assert g.result is None
    g.end_turn()                       # Anna draws 9♣ 9♦; Ben holds 7♥ 6♥: no pile takes them
    r = g.result
    assert r is not None and r.outcome == "stuck"
    assert r.player == 1 and g.to_move == 1
    assert r.hands == (2, 2) and r.draw_pile == 0 and r.remaining == 4


def test_can_reach_minimum():
    assert anna_turn().can_reach_minimum() is True
    assert carla_end().can_reach_minimum() is False
    g = ben_setback()
    assert g.can_reach_minimum() is True
    # two cards that fit only as setbacks: only one of them may be played this turn
    g = Game.from_position(hands=["9♥ 3♣"], piles=["10♥", "K♠", "2♣", "A♦"], draw_pile="5♦ 6♦")
    assert {(lp.card.label('en'), lp.kind) for lp in g.legal_plays()} == {("9♥", "setback"), ("3♣", "setback")}
    assert g.can_reach_minimum() is False


# --------------------------------------------------------------------------- refusals

def _assert_refused(g: Game, rule: str, fn, *args):
    before = g.to_position()
    actions = list(g.actions)
    with pytest.raises(IllegalPlayError) as info:
        fn(*args)
    assert info.value.rule == rule
    assert info.value.refusal.message == str(info.value)
    assert g.to_position() == before
    assert g.actions == actions
    return str(info.value)


def test_refusal_not_in_hand():
    g = anna_turn()
    msg = _assert_refused(g, rule_ids.NOT_IN_HAND, g.play, "K♣", UP1)
    assert "K♣" in msg and "Anna" in msg
    assert g.check(Play(c("K♣"), UP1)).rule == rule_ids.NOT_IN_HAND


@pytest.mark.parametrize("pile", [4, -1, 99, "up 3", "down 0", "sideways", ""])
def test_refusal_no_such_pile(pile):
    g = anna_turn()
    _assert_refused(g, rule_ids.NO_SUCH_PILE, g.play, "4♦", pile)
    with pytest.raises(IllegalPlayError) as info:
        g.pile(pile)
    assert info.value.rule == rule_ids.NO_SUCH_PILE
    if isinstance(pile, int):
        assert g.check(Play(c("4♦"), pile)).rule == rule_ids.NO_SUCH_PILE


def test_refusal_up_pile_order():
    g = anna_turn()                    # up pile 2 shows K♥
    msg = _assert_refused(g, rule_ids.UP_PILE_ORDER, g.play, "8♥", UP2)
    assert "K♥" in msg and "Q♥" in msg  # names the top card and the only setback there
    assert g.why_not("8♥", UP2) == msg


def test_refusal_down_pile_order():
    g = anna_turn()                    # down pile 2 shows 2♠
    msg = _assert_refused(g, rule_ids.DOWN_PILE_ORDER, g.play, "10♣", DOWN2)
    assert "2♠" in msg and "3♠" in msg
    assert g.why_not("10♣", "down 2") == msg


def test_refusal_one_setback_per_turn():
    g = ben_setback()
    g.play("9♥", UP1)
    _assert_refused(g, rule_ids.ONE_SETBACK_PER_TURN, g.play, "8♥", UP1)
    _assert_refused(g, rule_ids.ONE_SETBACK_PER_TURN, g.play, "5♣", DOWN2)


def test_refusal_game_over():
    g = carla_end()
    g.play("3♥", DOWN1)
    assert g.is_terminal()
    _assert_refused(g, rule_ids.GAME_OVER, g.play, "5♠", UP1)
    _assert_refused(g, rule_ids.GAME_OVER, g.end_turn)
    assert g.check(Play(c("5♠"), UP1)).rule == rule_ids.GAME_OVER


def test_refusal_minimum_play():
    g = anna_turn()
    g.play("4♦", UP1)
    msg = _assert_refused(g, rule_ids.MINIMUM_PLAY, g.end_turn)
    assert "1 more" in msg


def test_refused_play_via_apply_action_leaves_state():
    g = anna_turn()
    before = g.to_position()
    for action in [Play(c("K♣"), 0), Play(c("8♥"), 1), Play(c("10♣"), 3), Play(c("4♦"), 7), EndTurn()]:
        with pytest.raises(IllegalPlayError):
            g.apply_action(action)
        assert g.to_position() == before
    assert g.actions == []
    with pytest.raises(IllegalPlayError) as info:
        g.undo()                       # refused actions left nothing to undo
    assert info.value.rule == "nothing-to-undo"


def test_check_agrees_with_apply_action_for_pile_names():
    """check() accepts a pile name in Play; an action check() passes must then apply
    (apply_action: 'Raises IllegalPlayError: the action is refused')."""
    g = jump_with_setback()
    action = Play(c("9♥"), "up 1")
    assert g.check(action) is None
    g.apply_action(action)
    assert g.piles[UP1].top == c("9♥")
    g.undo()
    assert g == jump_with_setback()


# --------------------------------------------------------------------------- undo

def test_undo_restores_each_previous_state_including_end_turn():
    g = anna_turn()
    states = [g.to_position()]
    for act in [lambda: g.play("4♦", UP1), lambda: g.play("5♣", UP1), g.end_turn,
                lambda: g.play(g.legal_plays()[0].card, g.legal_plays()[0].pile)]:
        act()
        states.append(g.to_position())
    assert len(g.actions) == 4
    logs = len(g.log)
    for expected in reversed(states[:-1]):
        g.undo()
        assert g.to_position() == expected
    assert g == anna_turn()
    assert g.actions == [] and g.log == [] and logs > 0


def test_undo_after_game_over_reopens_the_game():
    g = carla_end()
    before = g.to_position()
    g.play("3♥", DOWN1)
    assert g.is_terminal()
    action = g.undo()
    assert action == Play(c("3♥"), DOWN1)
    assert g.result is None and g.to_position() == before
    g.play("3♥", DOWN1)                # and it plays again the same way
    assert g.result.remaining == 28


def test_undo_then_redo_equals():
    g = Game.new(players=3, seed=9)
    for _ in range(2):
        lp = g.legal_plays()[0]
        g.play(lp.card, lp.pile)
    g.end_turn()
    after = g.copy()
    g.undo()
    assert g != after
    g.end_turn()
    assert g == after


def test_copy_is_independent():
    g = anna_turn()
    h = g.copy()
    h.play("4♦", UP1)
    assert g == anna_turn() and h != g


# --------------------------------------------------------------------------- from_position validation

def test_from_position_three_copies_refused():
    with pytest.raises(PositionError) as info:
        Game.from_position(hands=["4♦ 4♦", "4♦"], piles=["", "", "", ""])
    assert "4♦" in str(info.value) and "×3" in str(info.value)
    with pytest.raises(PositionError):
        Game.from_position(hands=["7♥"], piles=["7♥", "", "", ""], draw_pile="7♥")


def test_from_position_one_deck_two_copies_refused():
    one_deck = Rules(name="One deck", decks=1)
    with pytest.raises(PositionError):
        Game.from_position(hands=["4♦", "4♦"], rules=one_deck)


def test_from_position_hand_over_hand_size_refused():
    seven = "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦"
    with pytest.raises(PositionError) as info:
        Game.from_position(hands=[seven, "", ""])     # 3 players: hand size 6
    assert "hands[0]" in str(info.value) and "6" in str(info.value)
    g = Game.from_position(hands=[seven, "", ""], hand_size_check=False)
    assert len(g.hands[0]) == 7
    Game.from_position(hands=[seven, ""])               # 2 players: hand size 7 is fine


@pytest.mark.parametrize("piles", [["", "", ""], ["", "", "", "", ""], []], ids=["3", "5", "0"])
def test_from_position_wrong_number_of_piles(piles):
    with pytest.raises(PositionError) as info:
        Game.from_position(hands=["4♦"], piles=piles)
    assert "4 piles" in str(info.value)


@pytest.mark.parametrize("to_move", [-1, 3, 10])
def test_from_position_bad_to_move(to_move):
    with pytest.raises(PositionError) as info:
        Game.from_position(hands=["4♦", "5♦", "6♦"], to_move=to_move)
    assert "to_move" in str(info.value)


def test_from_position_wrong_hand_count_and_names():
    with pytest.raises(PositionError):
        Game.from_position(hands=["4♦", "5♦"], players=3)
    with pytest.raises(PositionError):
        Game.from_position(hands=["4♦", "5♦"], names=["Anna"])


def test_from_position_bad_card_text():
    from paternoster import CardParseError
    with pytest.raises(CardParseError):
        Game.from_position(hands=["4♦ Xq"])


def test_from_position_setback_used_and_played():
    g = Game.from_position(hands=["9♥ 8♥ 2♣"], piles=["10♥", "", "", ""], draw_pile="5♦",
                           setback_used=True, played_this_turn=1)
    assert g.setback_used and g.played_this_turn == 1 and g.still_to_play == 1
    assert g.check(Play(c("9♥"), UP1)).rule == rule_ids.ONE_SETBACK_PER_TURN
    g.play("2♣", UP2)
    g.end_turn()
    assert not g.setback_used


def test_equality_means_same_position():
    assert anna_turn() == anna_turn()
    assert anna_turn() != ben_setback()
    assert (anna_turn() == "a game") is False
