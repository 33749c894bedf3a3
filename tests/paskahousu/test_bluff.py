"""Valepaska — liar's Paskahousu (Paskahousu rules §11.12): cards laid face down with an announced rank that
must be a legal play; the other players decide one after the other, clockwise from the announcer's left,
whether to check; a lie caught makes the liar pick up, a true announcement the checker; unchecked
announcements count as true (they burn, four of a kind included).  Views show only what a player may know.
Refused actions change nothing, every card is always somewhere, records replay exactly, the computer
players are deterministic for a seed."""

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
from paternoster.paskahousu.actions import Announce, CheckAnnouncement, LetPass, action_from_dict, action_from_json
from paternoster.paskahousu.bluff import Announcement, announced_top_run, deciders_for, lie_cards
from paternoster.paskahousu.bots import (BLUFF_CHANCE, CHECK_CHANCE, HeuristicPlayer, RandomPlayer,
                                         heuristic_announcement, heuristic_checks)
from paternoster.paskahousu import bluff as bluff_rules
from paternoster.paskahousu import rule_ids as ids

BLUFF = HouseRules(bluff=True)
NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)


def c(text: str):
    return parse_card(text)


def cs(text: str):
    return parse_cards(text)


def everything(g: PaskahousuGame) -> Counter:
    return Counter([x for h in g.hands for x in h] + g.draw_pile + g.pile + g.burned)


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


def bluff(hands, pile="", draw_pile="", **kw) -> PaskahousuGame:
    return PaskahousuGame.from_position(hands, pile=pile, draw_pile=draw_pile, rules=BLUFF,
                                       names=NAMES[:len(hands)], **kw)


def sevens() -> PaskahousuGame:
    """Three 7s lie face up (laid by Dan); Anna to move; the draw pile is empty."""
    return bluff(["4♣ 9♦ K♠", "5♦ 8♥", "6♠ J♥", "3♦ Q♣"], pile="7♦ 7♥ 7♠")


# ---------------------------------------------------------------------------------------- announcing

def test_the_pile_as_the_table_knows_it():
    g = sevens()
    assert g.bluff_state.announced == [Announcement(DAN, 7, 3, True)]
    assert g.top_run() == (4, 3)   # strength of a 7, three on top
    assert announced_top_run([Announcement(0, 7, 1, False), Announcement(1, 9, 2, False)]) == (6, 2)


def test_an_announcement_opens_the_check_window_clockwise_from_the_left():
    g = sevens()
    g.announce("4♣", "9")
    assert g.pile[-1] == c("4♣") and g.bluff_state.announced[-1] == Announcement(ANNA, 9, 1, False)
    assert g.bluff_state.deciders == [BEN, CARLA, DAN] and g.to_move == BEN
    assert g.legal_actions() == [CheckAnnouncement(BEN), LetPass(BEN)]
    # the three 7s lie face up (Dan's opening lay): the sentence names the real top card, not "the announced 7"
    assert g.sentences(1) == ["Turn 1: Anna lays 1 card face down on 7♠ and announces a 9."]
    assert g.turn == 1          # window decisions are not turns
    g.let_pass()
    assert g.to_move == CARLA and g.turn == 1
    g.let_pass()
    g.let_pass()
    assert g.bluff_state.deciders == [] and g.to_move == BEN and g.turn == 2
    assert deciders_for(1, 4, out=[3]) == [2, 0]
    g.announce("5♦", "10")      # Ben on Anna's face-down cards: only their announced rank is known
    assert g.sentences(len(g.actions))[0].startswith("Turn 2: Ben lays 1 card face down on the announced 9 ")


def test_the_announcement_must_be_a_legal_play():
    g = sevens()
    refused(g, Announce("4♣", "5"), ids.LOWER_THAN_TOP)           # a 5 on an announced 7
    refused(g, Announce("4♣", "A"), ids.ACE_ONLY_ON_FACE)
    refused(g, Announce("J♥", "8"), ids.NOT_IN_HAND)               # Carla's card
    big = bluff(["4♣ 9♦ K♠ 5♠ 6♠", "5♦ 8♥"], pile="3♦")
    refused(big, Announce("4♣ 9♦ K♠ 5♠ 6♠", "8"), ids.ANNOUNCE_COUNT)   # more than the four 8s of a deck
    refused(g, Announce("", "9"), ids.EMPTY_PLAY)
    refused(g, PlayCards("9♦"), ids.ANNOUNCE_REQUIRED)             # cards go face down with an announcement
    assert g.check(Announce("4♣ 9♦ K♠", "8")) is None            # any cards of the hand: a lie may be told


def test_announce_and_window_actions_are_refused_without_valepaska():
    g = PaskahousuGame.from_position(["4♣ 9♦", "5♦"], pile="7♦")
    refused(g, Announce("9♦", "9"), ids.BLUFF_OFF)
    refused(g, CheckAnnouncement(1), ids.BLUFF_OFF)
    refused(g, LetPass(1), ids.BLUFF_OFF)
    refused(sevens(), CheckAnnouncement(BEN), ids.NO_ANNOUNCEMENT)


def test_nothing_else_happens_while_the_window_is_open():
    g = sevens()
    g.announce("9♦", "9")
    for bad in (PickUp(), Announce("5♦", "9"), PlayCards("8♥")):
        refused(g, bad, ids.CHECK_WINDOW)


# ------------------------------------------------------------------------------------------- checking

def test_a_check_by_the_wrong_player_is_refused():
    g = sevens()
    g.announce("4♣", "9")
    refused(g, CheckAnnouncement(CARLA), ids.NOT_YOUR_CHECK)   # Ben decides first
    refused(g, LetPass(DAN), ids.NOT_YOUR_CHECK)
    refused(g, CheckAnnouncement(ANNA), ids.NOT_YOUR_CHECK)    # the announcer
    refused(g, CheckAnnouncement(7), ids.NOT_YOUR_CHECK)       # no such seat
    g.let_pass()
    refused(g, CheckAnnouncement(BEN), ids.NOT_YOUR_CHECK)     # Ben has decided already
    assert g.check(CheckAnnouncement(CARLA)) is None


def test_an_out_player_does_not_decide():
    g = bluff(["4♣ 9♦", "", "6♠ J♥", "3♦"], pile="7♦ 7♥ 7♠")
    assert g.out == [BEN]
    g.announce("4♣", "9")
    assert g.bluff_state.deciders == [CARLA, DAN]
    refused(g, CheckAnnouncement(BEN), ids.NOT_YOUR_CHECK)


def test_a_lie_caught_makes_the_liar_pick_up():
    g = sevens()
    g.announce("4♣", "9")
    g.check_announcement()
    assert sorted(g.hands[ANNA]) == sorted(cs("4♣ 9♦ K♠ 7♦ 7♥ 7♠"))
    assert g.pile == [] and g.bluff_state.announced == [] and g.bluff_state.deciders == []
    assert g.sentences(2)[0] == ("Turn 1: Ben checks Anna's announcement of a 9: the cards are 4♣ — Anna lied, so Anna picks up the "
                                 "discard pile (4 cards) and now holds 6 cards.")
    assert g.to_move == BEN and g.turn == 2     # the order of play goes on: Anna's left
    assert everything(g) == Counter(full_deck())


def test_a_true_announcement_checked_makes_the_checker_pick_up():
    g = sevens()
    g.announce("9♦", "9")
    g.check_announcement()
    assert sorted(g.hands[BEN]) == sorted(cs("5♦ 8♥ 7♦ 7♥ 7♠ 9♦")) and g.hands[ANNA] == cs("4♣ K♠")
    assert "the announcement was true, so Ben picks up" in g.sentences(2)[0]
    assert g.to_move == CARLA                   # Ben picked up, so he does not open the next pile
    # a later checker: Ben lets it pass, Carla checks a true announcement; Ben (Anna's left) moves next
    h = sevens()
    h.announce("9♦", "9")
    h.let_pass()
    h.check_announcement()
    assert c("9♦") in h.hands[CARLA] and h.to_move == BEN


def test_two_players_a_wrong_check_lets_the_announcer_open_again():
    g = bluff(["4♣ 9♦", "5♦ 8♥"], pile="7♦")
    g.announce("9♦", "9")
    assert g.to_move == BEN
    g.check_announcement()
    assert g.to_move == ANNA and g.pile == []


def test_an_unchecked_false_announcement_that_makes_four_of_a_kind_burns():
    g = sevens()
    g.announce("4♣", "7")                     # a lie: the fourth 7 is a 4
    for _ in range(3):
        g.let_pass()
    assert g.pile == [] and c("4♣") in g.burned and g.bluff_state.announced == []
    assert g.to_move == ANNA                  # the burner moves again
    assert "Nobody checked Anna's announcement of a 7, so it counts as true: four 7s on top burn the pile" in g.log[-2]
    assert not any("4♣" in line for line in g.log)   # burned unseen


def test_an_unchecked_announced_ten_on_a_low_card_burns():
    g = bluff(["4♣ 9♦", "5♦ 8♥", "K♦"], pile="6♦")
    g.announce("4♣", "10")
    g.let_pass()
    g.let_pass()
    assert g.pile == [] and g.to_move == ANNA


def test_going_out_waits_for_the_window():
    g = bluff(["4♣", "5♦ 8♥", "6♠ 9♣"], pile="7♦")
    g.announce("4♣", "9")                     # Anna's last card, a lie
    assert ANNA not in g.out and g.to_move == BEN
    g.check_announcement()
    assert ANNA not in g.out and len(g.hands[ANNA]) == 2
    h = bluff(["9♠", "5♦ 8♥", "6♠ 9♣"], pile="7♦")
    h.announce("9♠", "9")
    h.let_pass()
    h.let_pass()
    assert h.out == [ANNA]


def test_try_your_luck_is_played_face_up():
    g = bluff(["4♣", "5♦ 8♥", "6♠ 9♣"], pile="7♦", draw_pile="J♥ 3♠ 3♣ 3♥ 2♣ 2♦")
    g.try_your_luck()
    assert g.bluff_state.announced[-1] == Announcement(ANNA, 11, 1, True)
    assert g.bluff_state.deciders == [] and g.to_move == BEN   # seen by all: no window
    assert g.view(CARLA)["pile"] == ["7♦", "J♥"]
    g2 = bluff(["4♣", "5♦ 8♥", "6♠ 9♣"], pile="7♦", draw_pile="3♠ J♥ 3♣ 3♥ 2♣ 2♦")
    g2.try_your_luck()                                        # a 3 may not go on the announced 7
    assert sorted(g2.hands[ANNA]) == sorted(cs("4♣ 7♦ 3♠")) and g2.pile == []


def test_the_opening_lay_is_face_up():
    g = PaskahousuGame.new(4, seed=3, rules=BLUFF)
    opening = g.opening
    assert g.legal_actions() == [opening]
    g.apply_action(opening)
    a = g.bluff_state.announced[-1]
    assert a.face_up and a.count == len(opening.cards) and g.bluff_state.deciders == []


# -------------------------------------------------------------------------------------------- views

def test_views_show_announcements_and_only_known_cards():
    g = sevens()
    g.announce("4♣ K♠", "9")
    for p in range(4):
        v = g.view(p)
        assert v["top"] == "9" and v["deciders"] == [BEN, CARLA, DAN]
        assert v["announced"][-1] == {"seat": ANNA, "rank": "9", "count": 2, "face_up": False}
        assert v["pile"][:3] == ["7♦", "7♥", "7♠"]             # face up: everyone saw them
        assert v["pile"][3:] == (["4♣", "K♠"] if p == ANNA else [None, None])
        if p != ANNA:
            text = json.dumps(v, ensure_ascii=False)
            assert '"4♣"' not in text and '"K♠"' not in text
    assert not any("4♣" in line or "K♠" in line for line in g.log)   # the log is public too


def test_views_never_leak_face_down_cards_during_whole_games():
    for seed in range(4):
        g = PaskahousuGame.new(3 + seed % 2, seed=seed, rules=BLUFF)
        players = [HeuristicPlayer(seed + i) if i % 2 else RandomPlayer([seed, i]) for i in range(g.players)]
        while not g.is_terminal():
            k = 0
            for a in g.bluff_state.announced:
                hidden = [] if a.face_up else [x.label("en") for x in g.pile[k:k + a.count]]
                k += a.count
                for p in range(g.players):
                    if p == a.seat:
                        continue
                    v = g.view(p)
                    public = set(v["hand"]) | {x for x in v["pile"] if x}
                    text = json.dumps({**v, "hand": []}, ensure_ascii=False)
                    assert not [h for h in hidden if h not in public and f'"{h}"' in text]
            g.apply_action(players[g.to_move].choose(g))


# ---------------------------------------------------------------------------------- computer players

def test_heuristic_checks_when_the_count_cannot_be_true():
    # three 7s lie face up and Ben holds the fourth: Anna's announced 7 must be a lie
    g = bluff(["4♣ 9♦", "5♦ 7♣", "6♠ J♥"], pile="7♦ 7♥ 7♠")
    g.announce("4♣", "7")
    assert HeuristicPlayer(0).choose(g) == CheckAnnouncement(BEN)
    rng = np.random.default_rng(0)
    assert heuristic_checks(rng, 4, 1, 4, 4) is True          # no number drawn for a sure lie
    assert rng.random() == np.random.default_rng(0).random()
    # otherwise it checks with CHECK_CHANCE, from its seed
    checks = [heuristic_checks(np.random.default_rng(s), 4, 1, 1, 4) for s in range(400)]
    assert 0.03 < sum(checks) / 400 < 0.2 and CHECK_CHANCE == 0.1


def test_heuristic_announces_honestly_when_it_can_and_bluffs_only_when_stuck():
    g = sevens()
    assert HeuristicPlayer(0).choose(g) == Announce("9♦", "9")   # the lowest legal rank it holds
    stuck = bluff(["4♣ 5♦ 3♣", "5♠ 8♥", "6♠ J♥"], pile="Q♦")        # nothing reaches a queen; no draw pile
    moves = Counter(HeuristicPlayer(seed).choose(stuck) for seed in range(200))
    assert set(moves) == {Announce("3♣", "Q"), PickUp()}            # the lowest card, as the lowest non-burning rank
    assert 0.35 < moves[PickUp()] / 200 < 0.65 and BLUFF_CHANCE == 0.5
    # deterministic for a seed
    assert [HeuristicPlayer(5).choose(stuck) for _ in range(3)] == [HeuristicPlayer(5).choose(stuck)] * 3


def test_heuristic_announcement_function_matches_the_player():
    counts = [1, 1, 1] + [0] * 10
    table = PaskahousuGame.from_position(["3♦", "4♦"]).acceptance_rows
    seen = [1, 1, 1] + [0] * 10
    opt = heuristic_announcement(np.random.default_rng(1), counts, table, 9, 1, [9], 0, seen, 4)
    assert opt in ((bluff_rules.LIE, 9, 1), (1, -1, 0))
    assert lie_cards(cs("3♣ 4♦ 5♦"), 9, 1) == (c("3♣"),)


def test_random_player_checks_about_half_the_time():
    g = sevens()
    g.announce("9♦", "9")
    picks = Counter(RandomPlayer(s).choose(g) for s in range(200))
    assert set(picks) == {CheckAnnouncement(BEN), LetPass(BEN)}
    assert 60 < picks[LetPass(BEN)] < 140


# ------------------------------------------------------------------------------------ codec and records

def test_action_codec_round_trips():
    for a in (Announce("4♣ 9♦", "9"), Announce("K♠", 13), CheckAnnouncement(2), LetPass(0)):
        assert action_from_json(json.loads(json.dumps(a.to_json(), ensure_ascii=False))) == a
    assert action_from_dict({"type": "announce", "card": "4♣", "rank": "B"}) == Announce("4♣", 11)
    for bad in ({"type": "announce", "cards": ["4♣"], "rank": "X"}, {"type": "announce", "cards": ["4♣"]},
                {"type": "check"}, {"type": "let-pass", "seat": "1"}, {"type": "check", "seat": -1}):
        with pytest.raises(RecordError):
            action_from_json(bad)


def test_a_position_record_inside_a_check_window_replays():
    g = sevens()
    g.announce("4♣", "9")
    g.let_pass()
    start = PaskahousuGame.from_position(g.to_position()["hands"], pile=g.pile, rules=BLUFF, names=NAMES,
                                         to_move=CARLA, announced=[a.to_json() for a in g.bluff_state.announced],
                                         deciders=[CARLA, DAN])
    start.check_announcement()
    assert c("4♣") in start.hands[ANNA] and start.to_move == BEN
    rec = json.loads(json.dumps(start.to_record(), ensure_ascii=False))
    assert rec["start"]["position"]["deciders"] == [CARLA, DAN]
    assert PaskahousuGame.from_record(rec) == start
    with pytest.raises(PositionError, match="deciders"):
        bluff(["4♣", "5♦"], pile="7♦", announced=[[1, "7", 1, True]], deciders=[1])
    with pytest.raises(PositionError, match="announcements name"):
        bluff(["4♣", "5♦"], pile="7♦", announced=[[1, "7", 2, False]])


def test_undo_inside_the_window_restores_everything():
    g = sevens()
    before = snapshot(g)
    g.announce("4♣", "7")
    mid = snapshot(g)
    g.let_pass()
    g.let_pass()
    g.let_pass()
    for _ in range(3):
        g.undo()
    assert snapshot(g) == mid
    g.undo()
    assert snapshot(g) == before


def test_undo_after_a_check_is_refused():
    # §11.12: the check showed the face-down cards; taking it back would let the checker let it pass knowing them
    g = sevens()
    g.announce("4♣", "7")
    assert g.can_undo()
    check = next(a for a in g.legal_actions() if isinstance(a, CheckAnnouncement))
    g.apply_action(check)
    after = snapshot(g)
    assert not g.can_undo()
    with pytest.raises(IllegalPlayError, match="check.*cannot be taken back.*§11.12") as e:
        g.undo()
    assert e.value.refusal.rule == ids.UNDO_SHOWN
    assert snapshot(g) == after


# ------------------------------------------------------------------------------------ whole random games

SETTINGS = settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 5),
       policy=st.sampled_from(["heuristic", "random", "mixed"]), choice=st.integers(0, 2**32 - 1),
       six=st.booleans())
def test_random_games_keep_every_card_refuse_cleanly_and_replay(players, seed, dealer, policy, choice, six):
    rules = HouseRules(bluff=True, turn_cap=150, hand_size=6 if six else 5)

    def bots():
        return [HeuristicPlayer(choice % 1000 + i) if policy == "heuristic" or (policy == "mixed" and i % 2)
                else RandomPlayer([choice, i]) for i in range(players)]

    def play():
        g = PaskahousuGame.new(players, seed, rules=rules, dealer=dealer % players)
        rng = np.random.default_rng(choice)
        ps = bots()
        while not g.is_terminal():
            legal = g.legal_actions()
            assert legal and all(g.check(a) is None for a in legal)
            probes = [CheckAnnouncement((g.to_move + 1) % players), LetPass(g.to_move), PickUp(), TryYourLuck(),
                      Announce(tuple(g.hands[(g.to_move + 1) % players][:1]), 3), PlayCards(tuple(g.hand[:1]))]
            for bad in probes:
                if rng.random() < 0.05 and g.check(bad) is not None:
                    before = (g.to_position(), list(g.log), list(g.actions), g.result)
                    with pytest.raises(IllegalPlayError):
                        g.apply_action(bad)
                    assert (g.to_position(), g.log, g.actions, g.result) == before
            g.apply_action(ps[g.to_move].choose(g))
            assert everything(g) == Counter(full_deck())
            assert sum(a.count for a in g.bluff_state.announced) == len(g.pile)
        return g

    g = play()
    r = g.result
    assert r.outcome in ("loser", "stalemate")
    if r.outcome == "loser":
        assert [p for p in range(players) if g.holds(p)] == [r.loser]
    assert PaskahousuGame.from_record(json.loads(json.dumps(g.to_record(), ensure_ascii=False))) == g
    assert play().to_record() == g.to_record()     # the same seeds play the same game


OTHER_SWITCHES = [{}, {"fixed_start": True}, {"face_cards_late": "nine"}, {"singles_only": "high"},
                  {"singles_only": "twos"}, {"ten_ace_empty": "pick_up"}, {"ten_ace_empty": "pick_up_again"},
                  {"ten_ace_empty": "burn"}, {"empty_table_ban": "ten_ace_faces"}, {"decks": 2}, {"deal_all": True},
                  {"hand_size": 6}]


@pytest.mark.parametrize("other", OTHER_SWITCHES, ids=[",".join(f"{k}={v}" for k, v in o.items()) or "alone"
                                                       for o in OTHER_SWITCHES])
def test_valepaska_with_every_other_house_rule(other):
    rules = HouseRules(bluff=True, turn_cap=300, **other)
    players = 6 if rules.decks == 2 else 3
    deck = Counter(full_deck() * rules.decks)
    for seed in range(3):
        g = PaskahousuGame.new(players, seed, rules=rules)
        bots = [HeuristicPlayer(seed + i) if i % 2 == 0 else RandomPlayer([seed, i]) for i in range(players)]
        while not g.is_terminal():
            a = bots[g.to_move].choose(g)
            assert g.check(a) is None, (a, g.check(a))
            g.apply_action(a, record_undo=False)
            assert everything(g) == deck
        assert PaskahousuGame.from_record(json.loads(json.dumps(g.to_record(), ensure_ascii=False))) == g


def test_valepaska_is_refused_with_nur_schwarze_zaehlen():
    from paternoster.core.errors import RulesError
    with pytest.raises(RulesError, match="Nur Schwarze zählen.*Valepaska"):
        HouseRules(bluff=True, black_only=True)
