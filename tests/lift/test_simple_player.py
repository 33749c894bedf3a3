"""The simple computer player (rules §16; policy in ``paternoster.lift.bots``' module doc), as tables.

Every row is a small position built with ``Game.from_position`` and the action the
module doc's policy takes there, worked out by hand from the costs it names (rungs the
pile moves: twin 0, next rung 1, a jump over k rungs k + 1, opening an up pile at rung r
r + 1 and a down pile 52 − r, setback −4, big setback −8/−12; −4 for a jump whose
setback is in hand while the turn's setback is free, +4 for burying my own setback once
it is used) and its tie-breaks (score, a jump with its setback first, lower rung, lower
pile).  The comment on each row gives the arithmetic.  Rungs: ``(rank − 1)·4 + suit``
with ♦0 ♥1 ♠2 ♣3 (rules §2), e.g. 4♦ = 12, 7♣ = 27, 9♥ = 33, 10♥ = 37, K♣ = 51.

Then: the player is legal and ends under every preset, and (hypothesis) in random
games under random rule sets every action it chooses passes ``Game.check``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import (BigSetback, EndTurn, Game, Pass, Play, RulesError, Signal, TimeOut, examples,
                         make_rules, parse_card)
from paternoster.lift import texts
from paternoster.lift.bots import EXTRA_LIMIT, SimplePlayer
from paternoster.lift.texts import CostWords, Why
from paternoster.lift.variants import VARIANTS, presets

c = parse_card

TOKENS = make_rules("notruf-marken", tokens=2)
FIRE = make_rules("feuer")
PASSENGERS = make_rules("fahrgaeste")
DRAW = "A♠ A♠"  # a draw pile that exists (minimum 2) and meets no hand card below


def pos(hand: str, piles: list[str], *, draw: str = DRAW, other: str = "", **kw) -> Game:
    """Two players, seat 0 to move with ``hand``; seat 1 holds ``other``."""
    return Game.from_position([hand, other], piles=piles, draw_pile=draw, **kw)


def choose(g: Game):
    return SimplePlayer().choose(g)


# --------------------------------------------------------------------------- one choice, table by table

COSTS = [
    # twin (0) before the next rung (1), although the next rung is the lower card
    pytest.param("9♣ 2♥", ["9♣", "2♦", "", ""], {}, Play("9♣", 0), id="twin-before-step"),
    # next rung (cost 1) before a jump over 2 rungs (cost 3: 2♦=4 → 2♣=7), although the jump is the lower card
    pytest.param("10♥ 2♣", ["10♦", "2♦", "", ""], {}, Play("10♥", 0), id="step-before-jump"),
    # setback 9♥ on 10♥ (−4) before the twin 4♦ (0)
    pytest.param("9♥ 4♦", ["10♥", "4♦", "", ""], {}, Play("9♥", 0), id="setback-before-twin"),
    # rules §9.4: 9♥ on 7♣ = 6 − 4 = 2 (8♥ follows); 8♥ on 7♣ = 2 too; the pair wins the tie
    pytest.param("9♥ 8♥", ["7♣", "", "", ""], {}, Play("9♥", 0), id="jump-with-setback"),
    # the turn's setback is used: no −4 for 9♥ (6), so 8♥ (2) — 6♣, the setback onto 7♣, is not in hand
    pytest.param("9♥ 8♥", ["7♣", "", "", ""], {"setback_used": True, "played_this_turn": 1}, Play("8♥", 0),
                 id="no-pair-bonus-without-free-setback"),
    # setback kept: 10♠ on 10♥ = 1 + 4 (buries 9♥) = 5; on 9♠ = 4 — plays up pile 2, 3 rungs dearer
    pytest.param("9♥ 10♠", ["10♥", "9♠", "", ""], {"setback_used": True, "played_this_turn": 1}, Play("10♠", 1),
                 id="setback-kept-cheaper-by-3"),
    # setback kept: J♦ on 10♥ = 3 + 4 = 7; on down K♥ (49) = 9 — 7 still wins, the setback is buried
    pytest.param("9♥ J♦", ["10♥", "K♦", "K♠", "K♥"], {"setback_used": True, "played_this_turn": 1},
                 Play("J♦", 0), id="setback-kept-but-elsewhere-dearer"),
    # setback kept: J♦ on down Q♠ (46) = 6 < 7 — plays the down pile, 3 rungs dearer before the +4
    pytest.param("9♥ J♦", ["10♥", "K♦", "Q♠", "K♥"], {"setback_used": True, "played_this_turn": 1},
                 Play("J♦", 2), id="setback-kept-down-pile"),
    # the same hand with the setback still free: 9♥ is the setback (−4)
    pytest.param("9♥ 10♠", ["10♥", "9♠", "", ""], {}, Play("9♥", 0), id="setback-free-is-played"),
    # empty piles: K♥ opens a down pile for 52 − 49 = 3, 3♠ an up pile for 10 + 1 = 11
    pytest.param("K♥ 3♠", ["", "", "", ""], {}, Play("K♥", 2), id="down-pile-starts-high"),
    # empty piles: A♥ opens an up pile for 2, J♣ (43) a down pile for 9
    pytest.param("A♥ J♣", ["", "", "", ""], {}, Play("A♥", 0), id="up-pile-starts-low"),
    # below the minimum the cheapest play is taken however dear: 9♣ opens a down pile for 17 (up pile 1: 23)
    pytest.param("9♣", ["4♦", "", "", ""], {"played_this_turn": 1}, Play("9♣", 2), id="below-minimum-dear"),
    # tie-break: 7♥ on 7♦ and 4♥ on 4♦ both cost 1 — the lower card wins, on the higher pile number
    pytest.param("7♥ 4♥", ["7♦", "4♦", "", ""], {}, Play("4♥", 1), id="tie-lower-rung"),
    # tie-break: 4♥ costs 1 on either up pile — the lower pile number
    pytest.param("4♥ K♣", ["4♦", "4♦", "2♦", "2♦"], {}, Play("4♥", 0), id="tie-lower-pile"),
]


@pytest.mark.parametrize("hand, piles, kw, expected", COSTS)
def test_cheapest_play_by_the_documented_costs(hand, piles, kw, expected):
    g = pos(hand, piles, **kw)
    assert g.check(expected) is None
    assert choose(g) == expected


EXTRAS = [
    # minimum met (2 played): twin 0, next rung 1 and setback −4 are taken; a cost of 2 is not
    pytest.param("4♦ 9♣", Play("4♦", 0), id="twin-0"),
    pytest.param("4♥ 9♣", Play("4♥", 0), id="next-rung-1"),
    pytest.param("3♦ 9♣", Play("3♦", 0), id="setback-minus-4"),
    pytest.param("4♠ 9♣", EndTurn(), id="cost-2-ends"),  # 4♠ (14) on 4♦ (12) a jump over 1 rung: cost 2
]


@pytest.mark.parametrize("hand, expected", EXTRAS)
def test_extras_only_at_cost_at_most_one(hand, expected):
    assert EXTRA_LIMIT == 1
    g = pos(hand, ["4♦", "", "", ""], played_this_turn=2)
    assert g.minimum_met
    assert choose(g) == expected


# --------------------------------------------------------------------------- whole turns

@pytest.mark.parametrize("game, expected", [
    # the seed's example (solo, examples.jump_with_setback) and the same cards with two players
    pytest.param(examples.jump_with_setback, [Play("9♥", 0), Play("8♥", 0), EndTurn()], id="seed-solo"),
    pytest.param(lambda: pos("9♥ 8♥", ["7♣", "", "", ""]), [Play("9♥", 0), Play("8♥", 0), EndTurn()],
                 id="seed-two-players"),
    # 2♦ up (5) ties Q♣ down (52 − 47 = 5): the lower card first; then Q♣ down (5) before 7♥ on 2♦ (21);
    # the minimum is met and 7♥ would cost 21: end
    pytest.param(lambda: pos("2♦ Q♣ 7♥", ["", "", "", ""]), [Play("2♦", 0), Play("Q♣", 2), EndTurn()],
                 id="open-low-and-high"),
])
def test_whole_turns(game, expected):
    g = game()
    turn = g.turn
    assert SimplePlayer().play_turn(g) == expected
    assert g.turn == turn + 1


def test_jump_with_setback_leaves_the_pile_on_the_setback():
    g = examples.jump_with_setback()
    SimplePlayer().play_turn(g)
    assert str(g.piles[0].top) == "8♥"


# --------------------------------------------------------------------------- tokens (Notruf-Marken)

TOKEN_ROWS = [
    # an ordinary play exists (K♣ opens a down pile for 1): the big setback 8♥ on 10♥ (−8) is not used
    pytest.param("8♥ K♣", ["10♥", "", "", ""], 0, Play("K♣", 2), 2, id="cheap-ordinary-play"),
    # even when the only ordinary play costs 15 (2♦ (4) on down 5♣ (19))
    pytest.param("8♥ 2♦", ["10♥", "K♣", "5♣", "5♣"], 0, Play("2♦", 2), 2, id="dear-ordinary-play"),
    # stuck after one card: the token ends the turn (before the big setback)
    pytest.param("8♥ 5♠", ["10♥", "K♣", "A♦", "A♦"], 1, EndTurn(token=True), 1, id="stuck-after-a-card"),
    # stuck before any card: the big setback with a token
    pytest.param("8♥ 5♠", ["10♥", "K♣", "A♦", "A♦"], 0, BigSetback("8♥", 0), 1, id="stuck-before-a-card"),
]


@pytest.mark.parametrize("hand, piles, played, expected, tokens_after", TOKEN_ROWS)
def test_token_only_when_stuck(hand, piles, played, expected, tokens_after):
    g = pos(hand, piles, rules=TOKENS, played_this_turn=played)
    assert g.check(expected) is None
    assert choose(g) == expected
    g.apply_action(expected)
    assert g.tokens == tokens_after


def test_stuck_with_weitergeben_passes_the_highest_card_to_the_next_seat():
    g = pos("5♠ 8♥", ["10♥", "K♣", "A♦", "A♦"], other="2♥", rules=make_rules("weitergeben"), played_this_turn=1)
    assert not g.legal_plays() and not g.is_terminal()
    assert choose(g) == Pass("8♥", 1)
    assert SimplePlayer().explain(g) == texts.pass_reason(c("8♥"), "Player 2")


# --------------------------------------------------------------------------- Feuer and Fahrgäste

def test_feuer_cover_first():
    # the twin 4♦ on up pile 2 costs 0, but 9♥ burns on up pile 1: K♠ covers it (a jump over 50 − 33 − 1 = 16 rungs: cost 17)
    g = pos("4♦ K♠", ["9♥", "4♦", "", ""], rules=FIRE, burning=[0])
    assert g.fire_duty
    assert choose(g) == Play("K♠", 0)
    assert SimplePlayer().play_turn(g) == [Play("K♠", 0), Play("4♦", 1), EndTurn()]
    assert g.result is None


def test_feuer_cover_with_a_big_setback_when_nothing_else_fits():
    rules = make_rules("feuer", "notruf-marken", tokens=1)
    g = pos("7♥ 4♦", ["9♥", "4♦", "", ""], rules=rules, burning=[0])
    assert choose(g) == BigSetback("7♥", 0)


PASSENGER_CARDS = "5♦ 9♣ J♥"


def test_later_passengers_twin_never_played_while_a_safe_play_exists():
    # 9♣ on 9♠ would cost 1 but 9♣ is the second passenger: K♠ on 9♠ (16) is played instead
    g = pos("9♣ K♠", ["9♠", "K♣", "2♦", "2♦"], rules=PASSENGERS, passengers=PASSENGER_CARDS)
    assert g.loses(Play("9♣", 0)) == "passenger-order"
    assert choose(g) == Play("K♠", 0)


def test_only_a_losing_play_left_is_played():
    g = pos("9♣", ["9♠", "K♣", "2♦", "2♦"], draw="", rules=PASSENGERS, passengers=PASSENGER_CARDS)
    assert choose(g) == Play("9♣", 0)
    assert SimplePlayer().explain(g).endswith("; only plays that lose are left.")


@pytest.mark.parametrize("rules, expected", [
    (PASSENGERS, Play("5♦", 0)),  # 5♦ on 4♦ costs 4 (a jump over 3 rungs), scored 0, before 7♥ on 7♦ (1)
    (None, Play("7♥", 1)),        # the same table without passengers: the next rung (1)
])
def test_next_passengers_twin_counts_zero(rules, expected):
    kw = {"rules": rules, "passengers": PASSENGER_CARDS} if rules else {}
    g = pos("5♦ 7♥", ["4♦", "7♦", "", ""], **kw)
    assert choose(g) == expected


# --------------------------------------------------------------------------- explain()

EXPLAIN = [
    pytest.param(examples.jump_with_setback,
                 "9♥ on up pile 1 (top 7♣): score 2 — a jump over 5 rungs, cost 6; − 4 to the score: 8♥ can follow as the setback.",
                 id="jump-with-setback"),
    # the other cases check the numbers (score, cost, rungs) and read the wording from paternoster.lift.texts
    pytest.param(lambda: pos("9♣ 2♥", ["9♣", "2♦", "", ""]),
                 texts.play_reason(c("9♣"), "up pile 1", c("9♣"), 0, Why(CostWords("a twin", 0))), id="twin"),
    pytest.param(lambda: pos("K♥ 3♠", ["", "", "", ""]),
                 texts.play_reason(c("K♥"), "down pile 1", None, 3, Why(CostWords("opens the pile", 3))), id="open-down-pile"),
    pytest.param(lambda: pos("9♥ 4♦", ["10♥", "4♦", "", ""]),
                 texts.play_reason(c("9♥"), "up pile 1", c("10♥"), -4, Why(CostWords("a setback", -4))), id="setback"),
    pytest.param(lambda: pos("4♥ 9♣", ["4♦", "", "", ""], played_this_turn=2),
                 texts.play_reason(c("4♥"), "up pile 1", c("4♦"), 1, Why(CostWords("the next rung", 1)), texts.EXTRA_CARD),
                 id="extra"),
    pytest.param(lambda: pos("4♠ 9♣", ["4♦", "", "", ""], played_this_turn=2), texts.end_reason(2), id="end-turn"),
    pytest.param(lambda: pos("9♥ J♦", ["10♥", "K♦", "K♠", "K♥"], setback_used=True, played_this_turn=1),
                 texts.play_reason(c("J♦"), "up pile 1", c("10♥"), 7,
                                   Why(CostWords("a jump over 2 rungs", 3), (texts.bury_note(c("9♥")),))), id="setback-kept"),
    pytest.param(lambda: pos("8♥ 5♠", ["10♥", "K♣", "A♦", "A♦"], rules=TOKENS, played_this_turn=1), texts.TOKEN_END,
                 id="token"),
    pytest.param(lambda: pos("4♦ K♠", ["9♥", "4♦", "", ""], rules=FIRE, burning=[0]),
                 texts.play_reason(c("K♠"), "up pile 1", c("9♥"), 17, Why(CostWords("a jump over 16 rungs", 17)),
                                   texts.COVERS_FIRE), id="feuer"),
    pytest.param(lambda: pos("5♦ 7♥", ["4♦", "7♦", "", ""], rules=PASSENGERS, passengers=PASSENGER_CARDS),
                 texts.play_reason(c("5♦"), "up pile 1", c("4♦"), 0,
                                   Why(CostWords("a jump over 3 rungs", 4), (texts.PASSENGER_NOTE,))), id="passenger"),
]


@pytest.mark.parametrize("game, sentence", EXPLAIN)
def test_explain_sentence(game, sentence):
    g = game()
    before = g.to_position()
    assert SimplePlayer().explain(g) == sentence
    assert g.to_position() == before  # explaining changes nothing


def test_the_reasons_are_data():
    """The best play's reason holds the cost as data (rules §6.8: 9♥ on 7♣ jumps over 5 rungs, cost 6) and the
    player's adjustment (− 4: 8♥ follows as the setback, rules §9.4)."""
    best = SimplePlayer().scored(examples.jump_with_setback())[0]
    assert (best.score, best.pair, best.why.cost) == (2, True, CostWords("a jump over 5 rungs", 6))
    assert best.why.notes == (texts.pair_note(c("8♥")),)


def test_scored_lists_every_legal_play_cheapest_first():
    g = examples.jump_with_setback()
    scored = SimplePlayer().scored(g)
    assert {(s.play.card, s.play.pile) for s in scored} == {(lp.card, lp.pile) for lp in g.legal_plays()}
    assert [s.key for s in scored] == sorted(s.key for s in scored)
    assert [(str(s.play.card), s.play.pile, s.cost, s.pair) for s in scored[:2]] == [("9♥", 0, 2, True),
                                                                                      ("8♥", 0, 2, False)]


def test_choose_and_explain_refuse_a_finished_game():
    g = examples.carla_end()
    g.play("3♥", "down 1")
    assert g.is_terminal()
    for method in (SimplePlayer().choose, SimplePlayer().explain):
        with pytest.raises(ValueError, match="game is over"):
            method(g)
    assert SimplePlayer().scored(g) == []


# --------------------------------------------------------------------------- every preset, random games

def _play_checked(g: Game, limit: int = 2000) -> Game:
    """Play ``g`` to its end with the simple player, checking every chosen action first."""
    bot = SimplePlayer()
    while not g.is_terminal():
        a = bot.choose(g)
        assert g.check(a) is None, (a, g.check(a))
        assert not isinstance(a, (Signal, TimeOut))  # it never signals nor times out (rules §16)
        g.apply_action(a)
        assert len(g.actions) <= limit
    return g


@pytest.mark.parametrize("p", presets(), ids=lambda p: p.name)
def test_legal_and_ends_under_every_preset(p):
    for seed in (1, 2):
        g = _play_checked(Game.new(p.player_counts[0], seed, rules=p.rules))
        assert g.result.remaining == g.remaining
        if g.result.outcome == "lost":
            assert g.result.reason in ("fire", "passenger-order", "passenger-undelivered")


def test_a_simulated_game_is_fixed_by_its_seed():
    a = SimplePlayer().play_game(Game.new(3, 5))
    b = SimplePlayer().play_game(Game.new(3, 5))
    assert a.actions == b.actions and a.result == b.result


def _rule_sets() -> list:
    out = [(p.name, p.rules, p.player_counts) for p in presets()]
    keys = list(VARIANTS)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            try:
                r = make_rules(a, b)
            except RulesError:
                continue
            out.append((f"{a}+{b}", r, r.player_counts))
    return out


RULE_SETS = _rule_sets()


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_chosen_action_is_legal_and_games_end(data):
    name, rules, counts = data.draw(st.sampled_from(RULE_SETS), label="rules")
    players = data.draw(st.sampled_from(sorted(counts)), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    g = _play_checked(Game.new(players, seed, rules=rules))
    assert g.result.remaining == g.remaining


def test_an_empty_hand_ends_the_turn_with_that_reason():
    g = Game.from_position(["", "5♣ 6♣"], piles=["4♦", "", "", ""], draw_pile="K♣ K♠")
    assert SimplePlayer().choose(g) == EndTurn()
    assert SimplePlayer().explain(g) == texts.END_EMPTY_HAND


def test_a_game_is_required():
    with pytest.raises(TypeError, match="plays a paternoster.Game, not str"):
        SimplePlayer().explain("game")
