"""The talking team (paternoster/lift/talking.py): what it signals, when, and how the mover listens.

Expected values come from the ladder by hand (rung = 4·(rank−1) + suit, ♦ < ♥ < ♠ < ♣;
a play skipping k rungs costs k + 1), not from running the code.
"""

from __future__ import annotations

import pytest

from paternoster import EndTurn, Game, Play, Signal, make_rules, parse_card
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.talking import JUMP_COST, PENALTY, TalkingTeam
from paternoster.lift.texts import CostWords, Why, listening_note, signal_reason
from paternoster.lift.variants import presets

TEAM = TalkingTeam()
NAMES = ["Anna", "Ben"]

# up 1: 7♦ (rung 24), up 2: K♥ (49), down 1: 10♥ (37), down 2: 3♦ (8)
PILES = ["7♦", "K♥", "10♥", "3♦"]


def ben_hand(hand: str, piles=PILES, rules=None, **kw) -> Game:
    """Anna (seat 0) to move; Ben (seat 1) holds ``hand``."""
    extra = {} if rules is None else {"rules": rules}
    return Game.from_position(["5♣", hand], piles=piles, draw_pile="2♠ 4♣", names=NAMES,
                              hand_size_check=False, **extra, **kw)


@pytest.mark.parametrize("hand, expected", [
    ("6♦", {0: "help", 2: "jump"}),            # 6♦ is the setback on up 7♦; down 10♥→6♦ skips 16 (17)
    ("7♦", {0: "hold", 2: "jump"}),            # twin; down 10♥→7♦ skips 12 (13)
    ("7♥", {0: "hold", 2: "jump"}),            # next rung; down skips 11 (12)
    ("6♦ 7♦", {0: "help", 2: "jump"}),         # help beats hold on the same pile
    ("9♠", {0: "jump"}),                       # up 7♦→9♠ skips 9 (cost 10 = JUMP_COST); down 10♥→9♠ costs 3
    ("9♥", {}),                                # up costs 9, down costs 4: nothing to say
    ("10♦", {0: "jump", 2: "hold"}),           # next rung on down 10♥; up skips 11 (12)
    ("J♥", {0: "jump", 2: "help"}),            # J♥ is the setback on down 10♥
    ("K♣", {0: "jump"}),                       # up 7♦→K♣ skips 26; up K♥→K♣ skips 1 (2)
    ("K♠", {0: "jump", 1: "hold"}),            # next rung on up K♥
    ("3♦", {2: "jump", 3: "hold"}),            # twin of down 3♦; down 10♥→3♦ skips 28
    ("2♦", {2: "jump"}),                       # down 3♦→2♦ skips 3 (4): neither hold nor jump
    ("", {}),                                  # no cards, no talk
])
def test_wanted_signals(hand, expected):
    g = ben_hand(hand)
    assert TEAM.wanted(g, 1) == expected


def test_empty_pile_gets_no_jump():
    # K♣ would open an empty up pile at cost 52, but an empty pile gets no signal (no passengers).
    assert TEAM.wanted(ben_hand("K♣", piles=["", "K♥", "10♥", "3♦"]), 1) == {}
    assert TEAM.wanted(ben_hand("K♣", piles=["", "2♣", "10♥", "3♦"]), 1) == {1: "jump"}  # 2♣→K♣ skips 43


@pytest.mark.parametrize("rules, expected", [
    (None, {0: "help", 1: "jump"}),                  # 10♠ is the setback on up J♠; up 2♣→10♠ skips 30
    (make_rules("befehle"), {1: "jump"}),            # J♠ is a Sperre: no setback there, so no help
])
def test_no_help_under_a_sperre(rules, expected):
    g = ben_hand("10♠", piles=["J♠", "2♣", "10♥", "3♦"], rules=rules)
    assert TEAM.wanted(g, 1) == expected


def test_no_help_under_kinderfahrt():
    # Same suit always fits: 6♦ on up 7♦ is a same-suit play, not a setback; down 10♥→6♦ skips 16.
    g = Game.from_position(["5♣", "6♦"], piles=["7♦", "10♥"], draw_pile="2♠",
                           rules=make_rules("kinderfahrt"), hand_size_check=False)
    assert TEAM.wanted(g, 1) == {1: "jump"}


@pytest.mark.parametrize("passengers, hand, expected", [
    # next passenger 5♠ (18): up 2♣ costs 11 (cheapest), down 10♥ costs 19, empty down 2 costs 34
    ("5♠ 8♣ 2♥", "5♠", {1: "passenger", 2: "jump"}),
    # next passenger K♣ (51): opening the empty down 2 costs 1, the cheapest fit
    ("K♣ 8♣ 2♥", "K♣", {0: "jump", 1: "jump", 3: "passenger"}),
    # Ben lacks the next passenger's twin (5♠ is only the second passenger)
    ("8♣ 5♠ 2♥", "5♠", {1: "jump", 2: "jump"}),
])
def test_wanted_passenger(passengers, hand, expected):
    g = ben_hand(hand, piles=["7♦", "2♣", "10♥", ""], rules=make_rules("fahrgaeste"), passengers=passengers)
    assert TEAM.wanted(g, 1) == expected


# ---------------------------------------------------------------- when the team talks

def test_others_talk_before_the_movers_first_card():
    g = ben_hand("6♦")
    assert TEAM.choose(g) == Signal(1, 0, "help")
    assert TEAM.explain(g) == signal_reason("Ben", "up pile 1", parse_card("7♦"), "help", None)
    acts = TEAM.play_turn(g)
    assert acts[:2] == [Signal(1, 0, "help"), Signal(1, 2, "jump")]
    assert not any(isinstance(a, Signal) for a in acts[2:])  # nobody talks once the mover has played
    assert not any(isinstance(a, Signal) and a.seat == 0 for a in acts)  # the mover waits for the next turn


@pytest.mark.parametrize("standing, expected", [
    ([(1, "hold")], Signal(1, 0, None)),       # Ben holds nothing for up 1 any more: withdrawn
    ([(1, "jump")], Signal(1, 0, None)),
    ([(1, "help")], Signal(1, 0, None)),
])
def test_stale_signal_is_withdrawn(standing, expected):
    g = ben_hand("9♥", signals={0: standing})
    assert TEAM.choose(g) == expected
    assert TEAM.explain(g).startswith("Ben withdraws the")


def test_changed_kind_replaces_and_standing_is_kept():
    g = ben_hand("6♦", signals={0: [(1, "jump")], 2: [(1, "jump")]})
    assert TEAM.choose(g) == Signal(1, 0, "help")   # jump → help
    g.apply_action(TEAM.choose(g))
    assert not isinstance(TEAM.choose(g), Signal)    # the jump on down 1 still holds: nothing to say
    assert g.signals == {0: [(1, "help")], 2: [(1, "jump")]}


def test_three_players_talk_in_seat_order_after_the_mover():
    g = Game.from_position(["5♣", "6♦", "J♥"], piles=PILES, draw_pile="2♠ 4♣", to_move=1,
                           names=["Anna", "Ben", "Carla"], hand_size_check=False)
    talk = []
    while isinstance(a := TEAM.choose(g), Signal):
        talk.append(a)
        g.apply_action(a)
    # Carla (seat 2) first, then Anna (seat 0); Ben, the mover, says nothing.
    assert talk == [Signal(2, 0, "jump"), Signal(2, 2, "help"), Signal(0, 2, "jump")]


def test_liftfuehrer_mover_talks_just_before_ending():
    # Anna has met her minimum and used her setback; 6♣ is the setback on up 7♣.  Her help on up 1
    # was posted in turn 3: it would end with this turn (5), so she posts it again.
    g = Game.from_position(["6♣ 2♦", "9♥"], piles=["7♣", "5♦", "K♠", "K♦"], draw_pile="2♠ 4♣",
                           names=NAMES, rules=make_rules("liftfuehrer"), turn=5, played_this_turn=2,
                           setback_used=True, signals={0: [(0, "help", 3)]}, hand_size_check=False)
    acts = TEAM.play_turn(g)
    # 2♦ on down K♠ / K♦ skips more than 10 rungs: jump; 6♣ on up 5♦ costs 7: nothing.
    assert acts == [Signal(0, 0, "help"), Signal(0, 2, "jump"), Signal(0, 3, "jump"), EndTurn()]
    assert g.signals == {0: [(0, "help")], 2: [(0, "jump")], 3: [(0, "jump")]}  # they outlive the turn


def test_liftfuehrer_others_wait():
    g = ben_hand("6♦", rules=make_rules("liftfuehrer"))
    assert isinstance(TEAM.choose(g), Play)
    assert TEAM.pending(g, 1) == []


def test_stille_fahrt_nobody_talks():
    g = ben_hand("6♦", rules=make_rules("stille-fahrt"))
    assert TEAM.pending(g, 1) == [] and TEAM.pending(g, 0) == []
    assert not any(isinstance(a, Signal) for a in TEAM.play_turn(g))


def test_schweigen_nobody_talks_until_that_players_next_turn():
    # Ben played a Schweigen: silence until Ben's next turn.  Ben holds the setback for up 7♦.
    g = ben_hand("6♦ 8♣", rules=make_rules("befehle"), silence_until=1)
    assert TEAM.wanted(g, 1) == {0: "help"} and TEAM.pending(g, 1) == []  # 8♣ on down 10♥ costs 6: no jump
    acts = TEAM.play_turn(g)
    assert acts and not any(isinstance(a, Signal) for a in acts)
    assert g.to_move == 1 and g.silence_until is None
    assert g.check(Signal(0, 0, "jump")) is None  # at Ben's turn everyone may talk again


# ---------------------------------------------------------------- listening

LISTEN_PILES = ["7♣", "5♦", "K♠", "K♦"]


def anna_turn(hand="8♦ 6♦ Q♣", signals=None, rules=None, **kw) -> Game:
    # Liftführer: nobody changes the standing signals before Anna's cards.
    return Game.from_position([hand, "2♥"], piles=LISTEN_PILES, draw_pile="2♠ 4♣", names=NAMES,
                              rules=rules or make_rules("liftfuehrer"), signals=signals,
                              hand_size_check=False, **kw)


def plays(acts):
    return [(str(a.card), a.pile) for a in acts if isinstance(a, Play)]


SILENT = [("8♦", 0), ("Q♣", 3)]          # 8♦ next rung on up 7♣ (1), Q♣ next rung on down K♦ (1)
AVOID = [("Q♣", 3), ("6♦", 1)]           # 8♦ costs 1 + 4: Q♣ (1), then 6♦ on up 5♦ (skips 3: 4)


@pytest.mark.parametrize("signals, expected", [
    (None, SILENT),
    ({0: [(1, "help")]}, AVOID),
    ({0: [(1, "hold")]}, AVOID),
    ({0: [(1, "jump")]}, SILENT),        # a jump changes no cost
    ({0: [(0, "help")]}, SILENT),        # Anna's own signal is for the others
    ({1: [(1, "help")]}, [("8♦", 0), ("Q♣", 3)]),  # a signal on up 2 does not touch these plays
])
def test_mover_listens(signals, expected):
    g = anna_turn(signals=signals)
    assert plays(TEAM.play_turn(g)) == expected


def test_silent_player_ignores_signals():
    g = anna_turn(signals={0: [(1, "help")]})
    assert plays(SimplePlayer().play_turn(g)) == SILENT


def test_penalty_in_the_explanation():
    g = anna_turn(signals={0: [(1, "help")]})
    costs = {(str(s.play.card), s.play.pile): s.cost for s in TEAM.scored(g)}
    assert costs[("8♦", 0)] == 1 + PENALTY and costs[("Q♣", 3)] == 1
    why = [s.why for s in TEAM.scored(g) if (str(s.play.card), s.play.pile) == ("8♦", 0)][0]
    assert why == Why(CostWords("the next rung", 1), (listening_note(PENALTY, "Ben", "help"),))


def test_a_twin_is_not_put_off():
    # 7♣ on up 7♣ is a twin: the top stays 7♣, Ben's setback still fits.
    g = anna_turn(hand="7♣ 6♦ Q♣", signals={0: [(1, "help")]})
    assert plays(TEAM.play_turn(g))[0] == ("7♣", 0)


@pytest.mark.parametrize("passengers, expected_first", [
    ("2♥ 3♠ 4♥", ("Q♣", 3)),    # Ben's passenger signal on up 1: Anna leaves it
    ("8♦ 3♠ 4♥", ("8♦", 0)),    # Anna delivers the next passenger herself: never put off
])
def test_passenger_signal(passengers, expected_first):
    g = Game.from_position(["8♦ 6♦ Q♣", "9♥"], piles=LISTEN_PILES, draw_pile="2♠ 4♣", names=NAMES,
                           rules=make_rules("fahrgaeste", "liftfuehrer"), passengers=passengers,
                           signals={0: [(1, "passenger")]}, hand_size_check=False)
    assert plays(TEAM.play_turn(g))[0] == expected_first


def test_talk_then_listen_on_standard_rules():
    # Ben holds 6♣, the setback on up 7♣: he says so, and Anna plays elsewhere (seed tip
    # 'Rückschritte freihalten').  The silent player plays 8♦ there and buries the setback.
    def pos():
        return Game.from_position(["8♦ 6♦ Q♣", "6♣ 2♥ 4♠"], piles=LISTEN_PILES, draw_pile="2♣ 2♦ 3♣",
                                  names=NAMES, hand_size_check=False)
    g = pos()
    assert plays(TEAM.play_turn(g)) == AVOID
    assert plays(SimplePlayer().play_turn(pos())) == SILENT


# ---------------------------------------------------------------- whole games

def _seats(p):
    return 2 if 2 in p.player_counts else min(p.player_counts)


def _play_checked(game: Game, team: TalkingTeam) -> Game:
    """Play to the end, checking every action and the talk guard."""
    rules = game.rules
    limit = len(game.piles) * (1 if rules.signals == "mover" else game.players - 1)
    run = 0
    while not game.is_terminal():
        a = team.choose(game)
        assert game.check(a) is None, (a, game.check(a))
        if isinstance(a, Signal):
            run += 1
            assert run <= limit
            assert rules.signals != "none"
            assert game.silence_until is None
            if rules.signals == "mover":
                assert a.seat == game.to_move
                assert isinstance(SimplePlayer._decide(team, game)[0], EndTurn)  # only just before ending
            else:
                assert a.seat != game.to_move and game.played_this_turn == 0
                standing = dict((s, k) for s, k in game.signals.get(a.pile, []))
                assert standing.get(a.seat) != a.kind  # only when it changes something
        else:
            run = 0
        game.apply_action(a)
    return game


@pytest.mark.parametrize("name", [p.name for p in presets()])
@pytest.mark.parametrize("seed", [0, 1])
def test_every_preset_legal_and_ends(name, seed):
    p = next(q for q in presets() if q.name == name)
    g = _play_checked(Game.new(_seats(p), seed=seed, rules=p.rules), TEAM)
    assert g.is_terminal() and g.result.outcome in ("perfect", "stuck", "lost")
    talked = any(isinstance(a, Signal) for a in g.actions)
    assert talked == (p.rules.signals != "none")


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_stille_fahrt_is_the_simple_players_game(players, seed):
    rules = make_rules("stille-fahrt")
    talk = TEAM.play_game(Game.new(players, seed=seed, rules=rules))
    silent = SimplePlayer().play_game(Game.new(players, seed=seed, rules=rules))
    assert talk.to_record() == silent.to_record()
    assert talk.actions == silent.actions and talk.result == silent.result


@pytest.mark.parametrize("seed", [0, 1])
def test_alone_nobody_talks(seed):
    talk = TEAM.play_game(Game.new(1, seed=seed))
    assert talk.actions == SimplePlayer().play_game(Game.new(1, seed=seed)).actions


def test_talk_changes_play_on_normal():
    # Not a claim about strength (that is measured, not tested): the talk is heard at all.
    differ = 0
    for i in range(5):
        a = TEAM.play_game(Game.new(2, seed=0, game=i))
        b = SimplePlayer().play_game(Game.new(2, seed=0, game=i))
        differ += [x for x in a.actions if not isinstance(x, Signal)] != b.actions
    assert differ > 0


def test_deterministic_and_replayable():
    a = TEAM.play_game(Game.new(2, seed=7))
    b = TalkingTeam().play_game(Game.new(2, seed=7))
    assert a.to_record() == b.to_record()
    assert Game.from_record(a.to_record()).result == a.result


def test_repr_and_arguments():
    assert repr(TEAM) == "TalkingTeam()" and TEAM.name == "talking"
    assert repr(TalkingTeam(penalty=8)) == "TalkingTeam(penalty=8)"
    assert repr(TalkingTeam(penalty=PENALTY, jump_cost=JUMP_COST + 2)) == f"TalkingTeam(jump_cost={JUMP_COST + 2})"
    for bad in (-1, 2.5, True, "4"):
        with pytest.raises(ValueError, match="penalty"):
            TalkingTeam(penalty=bad)


def test_game_over_refuses():
    g = TEAM.play_game(Game.new(2, seed=0))
    with pytest.raises(ValueError, match="over"):
        TEAM.choose(g)
