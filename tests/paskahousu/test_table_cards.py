"""Pöytäpaska — table cards (Paskahousu rules §11.10): hand first, then the face-up table cards, then the
face-down ones blind; a blind card that cannot be played is picked up with the pile; a player is out only
when hand and all table cards are gone; views never show a face-down card.  Refused actions change nothing,
every card is always somewhere, records replay exactly."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import IllegalPlayError, full_deck
from paternoster.core.cards import parse_card, parse_cards
from paternoster.core.errors import PositionError, RecordError
from paternoster.paskahousu import HouseRules, PaskahousuGame, PickUp, PlayCards, TryYourLuck
from paternoster.paskahousu.actions import TurnTableCard, action_from_json
from paternoster.paskahousu.bots import HeuristicPlayer, RandomPlayer
from paternoster.paskahousu import table_cards
from paternoster.paskahousu import rule_ids as ids

TABLE = HouseRules(table_cards=True)
NAMES = ["Anna", "Ben", "Carla"]


def c(text: str):
    return parse_card(text)


def cs(text: str):
    return parse_cards(text)


def everything(g: PaskahousuGame) -> Counter:
    return Counter([x for h in g.hands for x in h] + g.draw_pile + g.pile + g.burned
                   + [x for row in g.face_up + g.face_down for x in row])


def snapshot(g: PaskahousuGame):
    return (json.dumps(g.to_record(), sort_keys=True, ensure_ascii=False),
            [json.dumps(g.view(p), sort_keys=True, ensure_ascii=False) for p in range(g.players)],
            g.to_position(), list(g.log), list(g.actions), g.result)


def refused(g: PaskahousuGame, action, rule: str) -> None:
    before = snapshot(g)
    r = g.check(action)
    assert r is not None and r.rule == rule, (action, r)
    assert len(r.message) > 20
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule
    assert snapshot(g) == before


def table(hands, face_up, face_down, pile="", draw_pile="", **kw) -> PaskahousuGame:
    return PaskahousuGame.from_position(hands, pile=pile, draw_pile=draw_pile, face_up=face_up, face_down=face_down,
                                       rules=TABLE, names=NAMES[:len(hands)], **kw)


# ------------------------------------------------------------------------------------------------- the deal

@pytest.mark.parametrize("players", [2, 3])
def test_deal_gives_four_face_down_four_face_up_and_a_hand(players):
    g = PaskahousuGame.new(players, seed=11, rules=TABLE)
    assert [len(h) for h in g.hands] == [5] * players
    assert [len(r) for r in g.face_down] == [4] * players and [len(r) for r in g.face_up] == [4] * players
    assert len(g.draw_pile) == 52 - players * 13
    assert everything(g) == Counter(full_deck())
    # the same seed deals the same table (Decision (kit): face down, face up, then the hands, from one shuffle)
    h = PaskahousuGame.new(players, seed=11, rules=TABLE)
    assert (h.hands, h.face_up, h.face_down, h.draw_pile) == (g.hands, g.face_up, g.face_down, g.draw_pile)
    hands, down, up, draw = table_cards.deal_with_table_cards(players, 11, 0, 5)
    order = np.random.default_rng(11).permutation(52).tolist()
    assert down[1 % players][0] == order[0]           # the first card goes face down to the dealer's left
    assert up[1 % players][0] == order[4 * players]  # face-up cards after all face-down ones


def test_opener_is_found_from_the_hands_alone():
    # Carla's face-up 3s do not count (Paskahousu rules §4 reads the hands)
    g = table(["3♦ 9♥", "3♣ 3♠ 8♦", "K♣"], face_up=["", "", "3♥"], face_down=["", "", ""], opening=True)
    assert g.names[g.to_move] == "Ben" and g.opening == PlayCards("3♣ 3♠")


def test_standard_game_has_no_table_cards():
    g = PaskahousuGame.new(3, seed=1)
    assert g.face_up == [[], [], []] and g.face_down == [[], [], []]
    assert "face_up" not in g.to_position() and "face_down" not in g.view(0)
    with pytest.raises(PositionError, match="Pöytäpaska"):
        PaskahousuGame.from_position(["3♦", "4♦"], face_up=["5♦", ""], face_down=["", ""])


# -------------------------------------------------------------------------------------- hand, up, down

def test_face_up_cards_wait_until_hand_and_draw_pile_are_empty():
    g = table(["5♦", "9♣"], face_up=["6♥ 6♠", "K♦"], face_down=["7♣", "8♣"], pile="4♣", draw_pile="J♥")
    assert g.phase() == "hand"
    refused(g, PlayCards("6♥"), ids.HAND_FIRST)
    refused(g, TurnTableCard(0), ids.HAND_FIRST)
    assert TurnTableCard(0) not in g.legal_actions()
    # the hand is gone but the draw pile is not: still no table cards (Decision: hand *and* draw pile)
    g2 = table(["", "9♣"], face_up=["6♥ 6♠", "K♦"], face_down=["7♣", "8♣"], pile="4♣", draw_pile="J♥")
    assert g2.phase(0) == "hand"
    refused(g2, PlayCards("6♥ 6♠"), ids.HAND_FIRST)
    assert g2.legal_actions() == [PickUp(), TryYourLuck()]


def test_face_up_cards_are_played_like_a_hand_once_hand_and_draw_pile_are_empty():
    g = table(["", "9♣ 9♦"], face_up=["6♥ 6♠ K♦ 3♣", "K♣"], face_down=["7♣", "8♣"], pile="4♣")
    assert g.phase() == "face-up"
    plays = [" ".join(map(str, lp.action.cards)) for lp in g.legal_plays()]
    assert plays == ["6♥", "6♥ 6♠"]            # the 3 is too low, the king may not go on a 4
    assert PickUp() in g.legal_actions()
    refused(g, PlayCards("K♦"), ids.FACE_CARD_ON_LOW)
    refused(g, PlayCards("9♣"), ids.NOT_IN_HAND)  # Ben's card, not Anna's
    refused(g, TurnTableCard(0), ids.FACE_UP_FIRST)
    g.play("6♥ 6♠")
    assert g.face_up[0] == cs("K♦ 3♣") and g.pile == cs("4♣ 6♥ 6♠")
    assert "face-up table cards 6♥ 6♠" in g.log[-1]
    assert g.names[g.to_move] == "Ben" and 0 not in g.out


def test_picking_up_in_the_face_up_phase_puts_the_hand_first_again():
    g = table(["", "9♣ 9♦"], face_up=["3♣", "K♣"], face_down=["7♣", "8♣"], pile="4♣ 5♦")
    g.pick_up()
    g.play("9♣")  # Ben
    assert g.phase(0) == "hand"
    refused(g, PlayCards("3♣"), ids.HAND_FIRST)
    assert all(isinstance(a, (PlayCards, PickUp)) for a in g.legal_actions())


def test_a_blind_card_that_may_be_played_is_played():
    g = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["8♦ 3♠", "8♣"], pile="4♣ 5♦")
    assert g.phase() == "face-down"
    assert g.legal_actions() == [TurnTableCard(0), TurnTableCard(1), PickUp()]
    assert [(lp.action, lp.burns) for lp in g.legal_plays()] == [(TurnTableCard(0), None), (TurnTableCard(1), None)]
    refused(g, PlayCards("8♦"), ids.FACE_DOWN_BLIND)
    refused(g, TurnTableCard(2), ids.NO_SUCH_SLOT)
    g.turn_table_card(0)
    assert g.pile[-1] == c("8♦") and g.face_down[0] == cs("3♠")
    assert g.sentences(1)[0] == "Turn 1: Anna turns over a face-down table card, 8♦: it may go on 5♦, so it is played."
    assert g.names[g.to_move] == "Ben"


def test_a_blind_card_that_cannot_be_played_is_picked_up_with_the_pile():
    # the edge case: a 3 turned over on a 9 may not be played
    g = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["3♠ 8♦", "8♣"], pile="4♣ 9♥")
    g.turn_table_card(0)
    assert sorted(g.hands[0]) == sorted(cs("4♣ 9♥ 3♠")) and g.pile == []
    assert g.face_down[0] == cs("8♦")
    assert "may not go on 9♥" in g.sentences(1)[0]
    assert g.names[g.to_move] == "Ben" and g.phase(0) == "hand"
    assert everything(g) == Counter(full_deck())


def test_a_blind_card_that_burns_lets_the_player_move_again():
    g = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["10♠ 3♠", "8♣"], pile="4♣ 9♥")
    g.turn_table_card(0)
    assert g.pile == [] and c("10♠") in g.burned
    assert g.to_move == 0 and g.legal_actions() == [TurnTableCard(0)]


def test_out_only_when_hand_and_all_table_cards_are_gone():
    # Anna plays her last face-up card: she still has a face-down card, so she is not out
    g = table(["", "9♣ 9♦", "J♦"], face_up=["5♠", "K♣", ""], face_down=["7♦", "8♣", ""], pile="4♣")
    g.play("5♠")
    assert 0 not in g.out and g.holds(0) == 1 and g.phase(0) == "face-down"
    g.play("9♣ 9♦")                                  # Ben: hand empty, table cards left: not out
    assert 1 not in g.out and g.phase(1) == "face-up"
    g.play("J♦")                                     # Carla: her last card: out
    assert 2 in g.out
    g.turn_table_card(0)                             # Anna turns 7♦: it may not go on J♦: picked up
    assert 0 not in g.out and len(g.hands[0]) == 6          # the pile (5) and the 7♦
    g2 = table(["", "3♦"], face_up=["", ""], face_down=["9♠", "8♣"], pile="4♣")
    g2.turn_table_card(0)                            # Anna's last card is played: now she is out
    assert g2.out == [0] and g2.is_terminal() and g2.result.loser == 1


def test_a_player_with_only_table_cards_still_gets_turns():
    g = table(["", "3♦ 4♦", "5♠"], face_up=["", "", "K♦"], face_down=["7♦", "8♣", "9♦"], pile="3♣", to_move=2)
    g.play("5♠")
    assert g.names[g.to_move] == "Anna" and g.phase() == "face-down"


# ------------------------------------------------------------------------------------------------ views

def test_views_show_face_up_cards_to_all_and_face_down_cards_to_nobody():
    g = PaskahousuGame.new(3, seed=4, rules=TABLE)
    hidden = {x.label("en") for row in g.face_down for x in row}
    for p in range(3):
        v = g.view(p)
        assert v["face_down"] == [4, 4, 4]
        assert v["face_up"] == [[x.label("en") for x in sorted(row, key=lambda x: (table_strength(x), x.suit))]
                                for row in g.face_up]
        text = json.dumps(v, ensure_ascii=False)
        leaked = [lab for lab in hidden if f'"{lab}"' in text]
        assert leaked == [], f"view({p}) shows face-down cards {leaked}"


def table_strength(card):
    from paternoster.paskahousu import strength
    return strength(card)


def test_views_never_show_face_down_cards_during_whole_games():
    for seed in range(6):
        g = PaskahousuGame.new(2 + seed % 2, seed=seed, rules=TABLE)
        players = [HeuristicPlayer(seed), RandomPlayer(seed)] + [HeuristicPlayer(1)]
        while not g.is_terminal():
            hidden = {x.label("en") for row in g.face_down for x in row}
            for p in range(g.players):
                text = json.dumps(g.view(p), ensure_ascii=False)
                assert not [lab for lab in hidden if f'"{lab}"' in text]
            g.apply_action(players[g.to_move].choose(g))


# ---------------------------------------------------------------------------------------- computer players

def test_heuristic_player_plays_face_up_cards_low_and_turns_the_first_face_down_card():
    g = table(["", "9♣ 9♦"], face_up=["6♥ 8♠ K♦ 3♣", "K♣"], face_down=["7♣", "8♣"], pile="4♣")
    assert HeuristicPlayer().choose(g) == PlayCards("6♥")
    g2 = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["7♣ 2♦", "8♣"], pile="4♣")
    assert HeuristicPlayer().choose(g2) == TurnTableCard(0)
    g3 = table(["", "9♣ 9♦"], face_up=["3♣", "K♣"], face_down=["7♣", "8♣"], pile="4♣ 9♥")
    assert HeuristicPlayer().choose(g3) == PickUp()   # no legal face-up card


def test_random_player_chooses_among_the_face_down_slots_and_pick_up():
    g = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["7♣ 2♦ 5♦", "8♣"], pile="4♣")
    seen = {RandomPlayer(seed).choose(g) for seed in range(40)}
    assert seen == {TurnTableCard(0), TurnTableCard(1), TurnTableCard(2), PickUp()}


# -------------------------------------------------------------------------------------- codec and records

def test_turn_action_codec():
    assert TurnTableCard(2).to_json() == {"type": "turn-table-card", "slot": 2}
    assert action_from_json({"type": "turn-table-card", "slot": 2}) == TurnTableCard(2)
    for bad in ({"type": "turn-table-card", "slot": 7}, {"type": "turn-table-card", "slot": "0"},
                {"type": "turn-table-card", "slot": True}):
        with pytest.raises(RecordError):
            action_from_json(bad)
    refused(PaskahousuGame.new(3, seed=2), TurnTableCard(0), ids.TABLE_CARDS_OFF)


def test_position_record_with_table_cards_replays():
    g = table(["", "9♣ 9♦"], face_up=["6♥ 6♠", "K♣"], face_down=["3♠ 8♦", "8♣"], pile="4♣ 9♥")
    g.pick_up()
    g.play("9♣ 9♦")
    rec = json.loads(json.dumps(g.to_record(), ensure_ascii=False))
    assert rec["start"]["position"]["face_down"] == [["3♠", "8♦"], ["8♣"]]
    assert PaskahousuGame.from_record(rec) == g
    rec["start"]["position"]["face_down"][0].append("8♣")      # a card twice
    with pytest.raises(RecordError):
        PaskahousuGame.from_record(rec)


def test_undo_after_turning_a_face_down_card_is_refused():
    # §11.10: the turned card was seen, taking it back would let the player turn another one knowing it
    g = table(["", "9♣ 9♦"], face_up=["", "K♣"], face_down=["3♠ 8♦", "8♣"], pile="4♣ 9♥")
    g.turn_table_card(1)
    after = snapshot(g)
    assert not g.can_undo()
    with pytest.raises(IllegalPlayError, match="cannot be taken back.*§11.10") as e:
        g.undo()
    assert e.value.refusal.rule == ids.UNDO_SHOWN
    assert snapshot(g) == after


def test_undo_of_a_play_that_shows_nothing_restores_everything():
    g = table(["9♣ 9♦", "9♠ K♥"], face_up=["K♦", "K♣"], face_down=["3♠ 8♦", "8♣"], pile="4♣ 7♥")
    before = snapshot(g)
    ordinary = [a for a in g.legal_actions() if not isinstance(a, TurnTableCard)]
    assert ordinary
    g.apply_action(ordinary[0])
    assert g.can_undo()
    g.undo()
    assert snapshot(g) == before


# ------------------------------------------------------------------------------------ whole random games

SETTINGS = settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(players=st.sampled_from([2, 3]), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 2),
       policy=st.sampled_from(["heuristic", "random", "mixed"]), choice=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_refuse_cleanly_and_replay(players, seed, dealer, policy, choice):
    rules = HouseRules(table_cards=True, turn_cap=200)
    g = PaskahousuGame.new(players, seed, rules=rules, dealer=dealer % players)
    bots = [HeuristicPlayer(choice % 1000 + i) if policy == "heuristic" or (policy == "mixed" and i % 2)
            else RandomPlayer([choice, i]) for i in range(players)]
    rng = np.random.default_rng(choice)
    probes = [TurnTableCard(0), TurnTableCard(3), PickUp(), TryYourLuck()]
    while not g.is_terminal():
        legal = g.legal_actions()
        assert legal and all(g.check(a) is None for a in legal)
        # a refused probe changes nothing
        mine = g.face_up[g.to_move][:1] + g.face_down[g.to_move][:1] + g.hands[(g.to_move + 1) % players][:1]
        for bad in probes + [PlayCards((x,)) for x in mine]:
            if rng.random() < 0.05 and g.check(bad) is not None:
                before = (g.to_position(), list(g.log), list(g.actions), g.result)
                with pytest.raises(IllegalPlayError):
                    g.apply_action(bad)
                assert (g.to_position(), g.log, g.actions, g.result) == before
        g.apply_action(bots[g.to_move].choose(g))
        assert everything(g) == Counter(full_deck())
        for p in g.out:
            assert g.holds(p) == 0
    r = g.result
    assert r.outcome in ("loser", "stalemate")
    if r.outcome == "loser":
        assert [p for p in range(players) if g.holds(p)] == [r.loser]
    assert PaskahousuGame.from_record(json.loads(json.dumps(g.to_record(), ensure_ascii=False))) == g


OTHER_SWITCHES = [{}, {"fixed_start": True}, {"face_cards_late": "nine"}, {"singles_only": "high"},
                  {"ten_ace_empty": "pick_up_again"}, {"ten_ace_empty": "burn"}, {"empty_table_ban": "ten_ace_faces"},
                  {"black_only": True}, {"hand_size": 6}]


@pytest.mark.parametrize("other", OTHER_SWITCHES, ids=[",".join(f"{k}={v}" for k, v in o.items()) or "alone"
                                                       for o in OTHER_SWITCHES])
def test_poytapaska_with_every_other_house_rule(other):
    rules = HouseRules(table_cards=True, turn_cap=300, **other)
    for players, seed in ((2, 0), (3, 1), (3, 2)):
        g = PaskahousuGame.new(players, seed, rules=rules)
        rng = np.random.default_rng([seed, players])
        while not g.is_terminal():
            legal = g.legal_actions()   # the engine's list under every switch (the players' hand stage is h3's)
            a = legal[int(rng.random() * len(legal))]
            assert g.check(a) is None, (a, g.check(a))
            g.apply_action(a, record_undo=False)
            assert everything(g) == Counter(full_deck())
        assert PaskahousuGame.from_record(json.loads(json.dumps(g.to_record(), ensure_ascii=False))) == g


# --------------------------------------------------------------------------- the heuristic player's loop breaker

def _loop_position(pile: str, rules: HouseRules = TABLE) -> PaskahousuGame:
    """The draw pile is gone; the player to move can answer the pile only with its 2s (Paskahousu rules §11.10)."""
    return PaskahousuGame.from_position(["2♦ 2♠ 2♣ J♦ K♠ Q♦", "4♣ 5♣ 5♥ 6♠ 9♦"], pile=pile, rules=rules,
                                        face_up=["10♣ 5♠ J♣ Q♠", "2♥ 6♦ 8♣ K♥"] if rules.table_cards else None,
                                        face_down=["3♣ 3♦ 3♥ 3♠", "7♣ 7♦ 7♥ 7♠"] if rules.table_cards else None)


def test_heuristic_player_keeps_its_2s_off_a_small_pile_half_of_the_time():
    """Pöytäpaska's loop breaker (Paskahousu rules §11.10, §12.1): on a pile of one or two cards, with the draw
    pile gone, it sometimes picks up instead of laying its 2s, by its own seed; on a bigger pile it lays them."""
    twos = PlayCards(tuple(parse_cards("2♣ 2♦ 2♠")))
    small = [HeuristicPlayer(seed).choose(_loop_position("4♥")) for seed in range(40)]
    assert set(small) == {PickUp(), twos}
    assert 8 <= small.count(PickUp()) <= 32
    assert [HeuristicPlayer(s).choose(_loop_position("4♥")) for s in range(40)] == small  # seeded
    assert {HeuristicPlayer(s).choose(_loop_position("4♦ 4♠ 4♥")) for s in range(20)} == {twos}


def test_the_loop_breaker_is_pöytäpaska_only():
    twos = PlayCards(tuple(parse_cards("2♣ 2♦ 2♠")))
    assert {HeuristicPlayer(s).choose(_loop_position("4♥", HouseRules())) for s in range(20)} == {twos}


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_pöytäpaska_games_rarely_stall(players):
    """Without the loop breaker 27 % (2 players) and 12 % (3 players) of these games hit the turn cap."""
    from paternoster.paskahousu import simulate
    r = simulate(players, 150, seed=0, rules=HouseRules(table_cards=True))
    assert r.stalemates <= 6, r.stalemates
