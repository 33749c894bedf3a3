"""The Paternoster evaluator (paternoster.lift.evaluation): known answers, only what the seat knows, paired
re-deals, determinism, refusals, and the options as the engine's own actions."""

from __future__ import annotations

import copy
import itertools
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import STANDARD, Game, examples, make_rules
from paternoster.core.cards import full_deck
from paternoster.core.errors import RulesError
from paternoster.core.evaluation import Evaluation
from paternoster.lift.actions import BigSetback, EndTurn, Play, Signal
from paternoster.lift.bots import SimplePlayer
from paternoster.lift.talking import TalkingTeam
from paternoster.lift.evaluation import (evaluate, find_option, hidden_cards, option_label, options, redealt,
                                         reference_values, sentence)

FAHRGAESTE = make_rules("fahrgaeste")


def lose_at_once() -> Game:
    """Anna holds 9♣, the twin of the second passenger (5♦ is next): playing it loses the game at once."""
    return Game.from_position(["9♣ 4♦ 5♣ 8♥ K♠", "2♦ 7♠ 9♦ J♦ Q♦", "A♣ 6♥ 7♣ 9♥ J♠"],
                              draw_pile="3♦ 5♥ 6♦ 7♥ 8♠ 9♠ 10♦ J♥", rules=FAHRGAESTE, passengers="5♦ 9♣ 3♣",
                              hand_size_check=False)


def endgame(seed: int) -> Game | None:
    """A small two-player endgame: 3 cards in hand, 2 in the other hand, 2 in the draw pile (4 hidden cards:
    24 orders), some piles open; ``None`` when the player to move has a single option."""
    rnd = random.Random(seed)
    deck = full_deck(2)
    rnd.shuffle(deck)
    piles = [[deck.pop()] if rnd.random() < 0.7 else [] for _ in range(4)]
    hands = [[deck.pop() for _ in range(3)], [deck.pop() for _ in range(2)]]
    g = Game.from_position(hands, piles=piles, draw_pile=[deck.pop(), deck.pop()], players=2,
                           hand_size_check=False)
    return g if not g.is_terminal() and len(options(g)) >= 2 else None


def exact_means(g: Game) -> np.ndarray:
    """Every option's mean remaining cards over ALL orders of the hidden cards (brute force)."""
    pool, _ = hidden_cards(g, g.to_move)
    every = np.array(list(itertools.permutations(range(len(pool)))))
    remaining, _ = reference_values(g, g.to_move, options(g), every)
    return remaining.mean(axis=1)


# --------------------------------------------------------------------------- known answers

def test_a_forced_move_is_the_only_option():
    g = examples.carla_end()
    ev = evaluate(g, g.to_move, rollouts=50)
    assert len(ev.options) == 1 and ev.options[0].option == Play("3♥", 2) and ev.computer_choice == 0
    assert ev.options[0].best and not ev.options[0].too_close and ev.options[0].diff == 0
    assert sentence(ev, 0) == "3♥ on down pile 1 was the only choice."


def test_a_play_that_loses_at_once_ranks_worst():
    g = lose_at_once()
    ev = evaluate(g, 0, rollouts=100)
    losing = [row for row in ev.options if row.option.card.label() == "9♣"]
    assert losing and [r.label for r in ev.options[-len(losing):]] == [r.label for r in losing]
    assert all(row.mean == g.remaining - 1 and not row.too_close and row.extra["perfect"][0] == 0 for row in losing)
    assert ev.options[ev.computer_choice].option.card.label() != "9♣"


def test_small_endgames_agree_with_the_exact_answer():
    """Brute force: every order of the 4 hidden cards played out; the evaluator's 400 rollouts must rank
    every pair of options that differs by a card or more the same way, and most of the others."""
    positions = pairs = agree = clear = clear_agree = best_ok = 0
    for seed in range(60):
        g = endgame(seed)
        if g is None:
            continue
        exact = exact_means(g)
        ev = evaluate(g, 0, rollouts=400, seed=seed)
        by_option = {row.option: row.mean for row in ev.options}
        est = np.array([by_option[a] for a in options(g)])
        positions += 1
        best_ok += bool(exact[int(np.argmin(est))] <= exact.min() + 0.25)
        for i, j in itertools.combinations(range(len(exact)), 2):
            if exact[i] == exact[j]:
                continue
            pairs += 1
            same = (exact[i] < exact[j]) == (est[i] < est[j])
            agree += same
            if abs(exact[i] - exact[j]) >= 1:
                clear += 1
                clear_agree += same
        if positions == 12:
            break
    assert positions == 12 and pairs >= 40
    assert clear_agree == clear and clear >= 5
    assert agree >= 0.9 * pairs and best_ok == positions


def test_the_computer_choice_is_the_simple_players():
    for g in (examples.anna_turn(), Game.new(3, 4), lose_at_once()):
        ev = evaluate(g, g.to_move, rollouts=20)
        assert ev.options[ev.computer_choice].option == SimplePlayer().choose(g)


# --------------------------------------------------------------------------- the shape

def test_options_are_the_engines_actions_and_the_student_finds_theirs():
    g = Game.new(2, 9, rules=make_rules("weitergeben", "notruf-marken"))
    ev = evaluate(g, 0, rollouts=30)
    assert isinstance(ev, Evaluation) and ev.rollouts == 30 and ev.seed == 0 and not ev.share
    assert {row.option for row in ev.options} == set(options(g))
    assert len({row.label for row in ev.options}) == len(ev.options)
    for row in ev.options:
        h = copy.deepcopy(g)
        h.apply_action(row.option)                     # the table applies exactly this object
        assert row.label == option_label(g, row.option)
        assert 0 <= row.extra["perfect"][1] <= row.extra["perfect"][0] <= row.extra["perfect"][2] <= 1
        assert row.low <= row.mean <= row.high
    card, pile = next((r.option.card, r.option.pile) for r in ev.options if isinstance(r.option, Play))
    assert ev.find(Play(card.label(), pile)) is not None        # a fresh action object finds its row
    assert [r.best for r in ev.options].count(True) == 1 and ev.options[0].best


def test_ending_the_turn_and_labels():
    g = examples.anna_turn()
    g.play("4♦", 0)
    g.play("5♣", 0)
    ev = evaluate(g, 0, rollouts=40)
    end = ev.find(EndTurn())
    assert end is not None and end.label == "end the turn" and "cost" not in end.extra
    assert ev.find(Play("3♥", 2)).label == "3♥ on down pile 1"


def test_the_same_seed_gives_the_same_answer_and_another_seed_other_deals():
    g = Game.new(3, 4)
    a, b = evaluate(g, 0, rollouts=60, seed=5), evaluate(g, 0, rollouts=60, seed=5)
    assert a == b
    assert evaluate(g, 0, rollouts=60, seed=6) != a


# --------------------------------------------------------------------------- only what the seat knows

def _advanced(seed: int, steps: int, keys: tuple[str, ...]) -> Game:
    rules = make_rules(*keys) if keys else STANDARD
    g = Game.new(3, seed, rules=rules)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply_action(SimplePlayer().choose(g))
    return g


@settings(max_examples=12, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), shuffle=st.randoms(use_true_random=False),
       keys=st.sampled_from([(), ("weitergeben",), ("fahrgaeste",), ("notruf-marken", "feuer"), ("liftfuehrer",)]),
       player=st.sampled_from(["simple", "talking"]))
def test_the_hidden_cards_never_change_the_answer(seed, steps, shuffle, keys, player):
    g = _advanced(seed, steps, keys)
    if g.is_terminal():
        return
    seat = g.to_move
    pool, sizes = hidden_cards(g, seat)
    order = list(range(len(pool)))
    shuffle.shuffle(order)
    other = redealt(g, seat, pool, sizes, order)        # the hidden cards elsewhere, the seat's view the same
    assert other.hands[seat] == g.hands[seat] and [len(h) for h in other.hands] == [len(h) for h in g.hands]
    assert len(other.draw_pile) == len(g.draw_pile) and [p.cards for p in other.piles] == [p.cards for p in g.piles]
    assert (evaluate(other, seat, rollouts=25, seed=3, player=player)
            == evaluate(g, seat, rollouts=25, seed=3, player=player))


# --------------------------------------------------------------------------- refusals and sentences

@pytest.mark.parametrize("kwargs, field", [
    (dict(seat=1), "seat"), (dict(seat=7), "seat"), (dict(seat=True), "seat"), (dict(seat="0"), "seat"),
    (dict(rollouts=0), "rollouts"), (dict(rollouts=10_001), "rollouts"), (dict(rollouts=2.0), "rollouts"),
    (dict(seed=-1), "seed"), (dict(seed="1"), "seed"), (dict(player="clever"), "player"),
])
def test_refusals_name_the_field_and_change_nothing(kwargs, field):
    g = examples.anna_turn()
    before, log = g.to_position(), list(g.log)
    with pytest.raises(RulesError, match=field):
        evaluate(g, **{"seat": 0, **kwargs})
    assert g.to_position() == before and g.log == log and not g.actions


def test_refusals_of_what_is_no_game():
    with pytest.raises(RulesError, match="game"):
        evaluate("a game", 0)
    over = SimplePlayer().play_game(Game.new(2, 1))
    with pytest.raises(RulesError, match="game"):
        evaluate(over, over.to_move)
    ev = evaluate(examples.anna_turn(), 0, rollouts=10)
    for bad in (-1, len(ev.options), True):
        with pytest.raises(RulesError, match="chosen"):
            sentence(ev, bad)
    with pytest.raises(RulesError, match="ev"):
        sentence("an evaluation", 0)


def test_the_sentences():
    ev = evaluate(lose_at_once(), 0, rollouts=200)
    worst = len(ev.options) - 1
    s = sentence(ev, worst)
    assert s.startswith(f"Your {ev.options[worst].label} (cost ") and "cards fewer on average (± " in s
    assert sentence(ev, 0).startswith(f"Your {ev.options[0].label} (cost ") and "best measured" in sentence(ev, 0)
    close = next(i for i, r in enumerate(ev.options) if r.too_close)
    assert sentence(ev, close).endswith("too close to call.")
    assert f"; {ev.options[0].label} left " in sentence(ev, close)   # each average has its own verb, not "pile 1 9.1"
    assert "[" not in s and "{" not in s and "Card(" not in s


def test_the_talking_team_finishes_the_rollouts_on_request():
    g = examples.anna_turn()
    ev = evaluate(g, 0, rollouts=30, player="talking")
    assert len(ev.options) == len(options(g))
    assert ev.computer_choice is None                    # Ben and Carla would signal first, from hidden hands
    g.play("4♦", 0)
    ev = evaluate(g, 0, rollouts=30, player="talking")
    assert ev.options[ev.computer_choice].option == TalkingTeam().choose(g)


def test_more_than_sixty_options_are_refused_not_cut():
    hand = "2♦ 3♣ 4♥ 5♠ 6♦ 7♣ 8♥ 9♠ 10♦ J♣"
    g = Game.from_position([hand, "Q♦", "Q♣", "Q♥", "Q♠"], draw_pile="K♦ K♣", rules=make_rules("weitergeben"),
                           hand_size_check=False)
    assert len(options(g)) > 60
    before = g.to_position()
    with pytest.raises(RulesError, match="at most 60"):
        evaluate(g, 0, rollouts=5)
    assert evaluate(g, 0, rollouts=5, only=options(g)[:3]).rollouts == 5 and g.to_position() == before


def test_find_option_finds_the_students_action_however_it_is_written():
    g = examples.anna_turn()
    ev = evaluate(g, 0, rollouts=10)
    for i, row in enumerate(ev.options):
        assert find_option(ev, g, row.option) == i == find_option(ev.options, g, row.option)
    name = g.piles[2].name.replace(" pile", "")                # "down 1"
    assert ev.options[find_option(ev, g, Play("3♥", name))].option == Play("3♥", 2)
    assert find_option(ev, g, EndTurn()) is None and find_option(ev, g, Play("3♥", "up 9")) is None
    assert find_option(ev, g, "nonsense") is None
    t = Game.from_position(["8♥ 5♣", "2♦ 3♦"], piles=["10♥", "", "", ""], draw_pile="K♣ K♠ K♥",
                           rules=make_rules("notruf-marken"))
    t.play("5♣", 2)
    ev = evaluate(t, 0, rollouts=10)
    big = next(i for i, r in enumerate(ev.options) if isinstance(r.option, BigSetback))
    assert find_option(ev, t, Play("8♥", 0)) == big     # the table's click on a pile offered as a big setback


def test_the_talking_teams_choice_never_comes_from_hidden_hands():
    """At a turn's start the team-mates may talk first, and what they say comes from their hands: the mark of
    the computer's choice is then the same (none) whatever the hidden cards, not the mover's play in one deal
    and nothing in another."""
    g = Game.new(3, 0)
    team = TalkingTeam()
    while g.turn < 2:
        g.apply_action(team.choose(g))
    while isinstance(action := team.choose(g), Signal):   # the mates have talked; the mover plays next here
        g.apply_action(action)
    seat = g.to_move
    pool, sizes = hidden_cards(g, seat)
    marks = {evaluate(g, seat, rollouts=5, player="talking").computer_choice}
    for r in range(4):
        order = list(range(len(pool)))
        random.Random(r).shuffle(order)
        marks.add(evaluate(redealt(g, seat, pool, sizes, order), seat, rollouts=5, player="talking").computer_choice)
    assert marks == {None}


def test_only_and_find_option_refuse_what_is_no_list_or_no_game_in_bounded_time():
    """``only`` longer than 60 entries (2,000,000 copies of one play took half a minute before) and
    ``find_option`` given no rows or no game: the kit's error naming the field, at once."""
    g = examples.anna_turn()
    play = options(g)[0]
    with pytest.raises(RulesError, match="only"):
        evaluate(g, 0, rollouts=5, only=[play] * 2_000_000)
    ev = evaluate(g, 0, rollouts=5)
    with pytest.raises(RulesError, match="rows"):
        find_option(None, g, play)
    with pytest.raises(RulesError, match="rows"):
        find_option([1, 2], g, play)
    with pytest.raises(RulesError, match="game"):
        find_option(ev, None, play)
    assert not g.actions


def test_a_sentence_refuses_the_other_games_evaluation():
    """Paskahousu's chance of losing read as cards left would say '0.5 cards fewer' of a share."""
    from paternoster.paskahousu import PaskahousuGame
    from paternoster.paskahousu.evaluation import evaluate as pask_evaluate
    other = pask_evaluate(PaskahousuGame.from_position(["9♠ 2♦ 5♣", "K♣ 4♥"], pile="8♥", draw_pile="3♣ 7♦"), 0,
                          rollouts=5)
    with pytest.raises(RulesError, match="ev"):
        sentence(other, 1)


def test_a_game_changed_while_it_is_measured_mixes_no_positions(monkeypatch):
    """The game moved on while the rollouts ran (a thread, a widget): the answer is still the position's
    at the call (it was a kit error 'The game is over' or the computer's choice of a later position)."""
    from paternoster.lift import evaluation as lift_evaluation
    g = examples.anna_turn()
    expected = evaluate(g.copy(), 0, rollouts=20, seed=4)
    real = lift_evaluation._values

    def meanwhile(game, *args):
        g.apply_action(SimplePlayer().choose(g))          # the caller's game moves on
        return real(game, *args)

    monkeypatch.setattr(lift_evaluation, "_values", meanwhile)
    assert evaluate(g, 0, rollouts=20, seed=4) == expected

