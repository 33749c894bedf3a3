"""Property-based tests: random games keep the rules' invariants.

Each example is a whole game: hypothesis picks the player count, the deal seed, a
policy and a seed for a ``random.Random`` that chooses among the legal actions (and the
refused actions that are tried on the way).  Policies: ``random`` (any legal action),
``greedy`` (the cheapest play until the minimum is met, then end the turn — reaches the
end of the draw pile, the minimum-1 phase and skipped players) and ``mixed``.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import (STANDARD, Card, EndTurn, Game, IllegalPlayError, Play, Result, full_deck, replay)
from paternoster.lift import rule_ids

FULL = Counter(full_deck(2))
ALL_CARDS = full_deck(1)
# every game plays at most 104 cards, and every turn but the last plays at least one,
# so the number of actions is at most 104 plays + 104 turn ends.
MAX_ACTIONS = 2 * 104 + 2

SETTINGS = settings(max_examples=70, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

game_params = st.tuples(
    st.integers(min_value=1, max_value=5),          # players
    st.integers(min_value=0, max_value=2**32 - 1),  # deal seed
    st.sampled_from(["random", "greedy", "mixed"]),
    st.integers(min_value=0, max_value=2**32 - 1),  # choice seed
)


def accounted(g: Game) -> Counter:
    return Counter([c for h in g.hands for c in h] + list(g.draw_pile) + [c for p in g.piles for c in p.cards])


def choose(g: Game, rng: random.Random, policy: str):
    actions = g.legal_actions()
    assert actions, "a running game always has a legal action"
    if policy == "mixed":
        policy = rng.choice(["random", "greedy"])
    if policy == "random":
        return rng.choice(actions)
    if g.minimum_met:
        return EndTurn()
    lp = min(g.legal_plays(), key=lambda p: (p.skipped, rng.random()))
    return lp.action


def random_refused(g: Game, rng: random.Random):
    """A random card × pile (pile indices may be out of range) or end turn that check() refuses."""
    for _ in range(30):
        if rng.random() < 0.1:
            action = EndTurn()
        else:
            action = Play(rng.choice(ALL_CARDS), rng.randint(-1, len(g.piles)))
        if g.check(action) is not None:
            return action
    return None


def run_game(players: int, seed: int, policy: str, choice_seed: int, on_step=None) -> Game:
    rng = random.Random(choice_seed)
    g = Game.new(players=players, seed=seed)
    steps = 0
    while not g.is_terminal():
        assert steps < MAX_ACTIONS, "the game did not terminate"
        action = choose(g, rng, policy)
        g.apply_action(action)
        steps += 1
        if on_step:
            on_step(g, rng)
    return g


@SETTINGS
@given(game_params)
def test_every_card_accounted_for_and_hands_within_size(params):
    players, seed, policy, choice_seed = params
    size = STANDARD.hand_size(players)

    def check(g: Game, rng):
        assert accounted(g) == FULL
        assert sum(accounted(g).values()) == 104
        assert all(len(h) <= size for h in g.hands)
        assert g.remaining == sum(len(h) for h in g.hands) + len(g.draw_pile)
        # piles respect their direction except for setbacks (one rank back, same suit)
        for p in g.piles:
            for below, above in zip(p.cards, p.cards[1:]):
                if p.direction == "up":
                    ok = above.rung >= below.rung
                else:
                    ok = above.rung <= below.rung
                step = -1 if p.direction == "up" else 1
                assert ok or (above.suit == below.suit and above.rank == below.rank + step)
        assert g.setbacks_this_turn <= 1
        # the minimum is fixed at turn start: 2 while the draw pile lasts, else 1 (the draw
        # pile changes only at a turn end, so it still tells what it was at the start)
        if not g.is_terminal() or g.result.outcome == "stuck":
            assert g.turn_minimum == (2 if g.draw_pile else 1)

    g = Game.new(players=players, seed=seed)
    check(g, None)
    run_game(players, seed, policy, choice_seed, on_step=check)


@SETTINGS
@given(game_params)
def test_refused_actions_raise_and_change_nothing(params):
    players, seed, policy, choice_seed = params

    def check(g: Game, rng: random.Random):
        action = random_refused(g, rng)
        if action is None:
            return
        refusal = g.check(action)
        before = g.to_position()
        n_actions = len(g.actions)
        try:
            g.apply_action(action)
        except IllegalPlayError as e:
            assert e.rule == refusal.rule
            assert str(e) == refusal.message
        else:
            raise AssertionError(f"{action} was refused by check() but applied")
        assert g.to_position() == before
        assert len(g.actions) == n_actions
        if g.is_terminal():
            assert refusal.rule == rule_ids.GAME_OVER

    run_game(players, seed, policy, choice_seed, on_step=check)


@SETTINGS
@given(game_params)
def test_every_game_terminates_with_a_result(params):
    players, seed, policy, choice_seed = params
    g = run_game(players, seed, policy, choice_seed)
    r = g.result
    assert isinstance(r, Result)
    assert r.remaining == g.remaining == sum(r.hands) + r.draw_pile
    assert r.hands == tuple(len(h) for h in g.hands)
    assert r.draw_pile == len(g.draw_pile)
    if r.outcome == "perfect":
        assert r.remaining == 0 and r.player is None
    else:
        assert r.outcome == "stuck"
        assert r.remaining > 0 and r.player == g.to_move
        # the stuck player is below the minimum and has no legal play
        assert g.played_this_turn < g.turn_minimum
        assert g.hands[g.to_move]
        assert all(g.piles[i].fits(c) is None or (g.piles[i].fits(c).kind == "setback" and g.setback_used)
                   for c in g.hands[g.to_move] for i in range(len(g.piles)))
    assert g.legal_actions() == []
    assert g.returns() == [-float(r.remaining)] * players


@SETTINGS
@given(game_params)
def test_record_replay_round_trip(params):
    players, seed, policy, choice_seed = params
    g = run_game(players, seed, policy, choice_seed)
    again = replay(g.to_json())
    assert again == g
    assert again.actions == g.actions
    assert again.result == g.result
    assert again.to_record() == g.to_record()
    k = len(g.actions) // 2
    half = replay(g.to_record(), upto=k)
    # undoing the second half of the original gives the same position
    undone = g.copy()
    for _ in range(len(g.actions) - k):
        undone.undo()
    assert half == undone


@SETTINGS
@given(game_params)
def test_legal_plays_agree_with_check(params):
    players, seed, policy, choice_seed = params

    def check(g: Game, rng):
        if g.is_terminal():
            assert g.legal_plays() == []
            return
        listed = {(lp.card, lp.pile): lp for lp in g.legal_plays()}
        assert len(listed) == len(g.legal_plays())   # one entry per distinct card and pile
        for (card, pile), lp in listed.items():
            assert card in g.hand
            assert g.check(Play(card, pile)) is None
            fit = g.piles[pile].fits(card)
            assert (fit.kind, fit.skipped) == (lp.kind, lp.skipped)
        for card in set(g.hand):
            for pile in range(len(g.piles)):
                if (card, pile) not in listed:
                    refusal = g.check(Play(card, pile))
                    assert refusal is not None
                    assert refusal.rule in (rule_ids.UP_PILE_ORDER, rule_ids.DOWN_PILE_ORDER, rule_ids.ONE_SETBACK_PER_TURN)
        # EndTurn is offered exactly when check() allows it
        assert (EndTurn() in g.legal_actions()) == (g.check(EndTurn()) is None)

    run_game(players, seed, policy, choice_seed, on_step=check)


@SETTINGS
@given(game_params)
def test_undo_restores_every_step(params):
    players, seed, policy, choice_seed = params
    rng = random.Random(choice_seed)
    g = Game.new(players=players, seed=seed)
    while not g.is_terminal():
        before = g.to_position()
        action = choose(g, rng, policy)
        g.apply_action(action)
        after = g.to_position()
        if rng.random() < 0.3:
            assert g.undo() == action
            assert g.to_position() == before and g.result is None
            g.apply_action(action)
            assert g.to_position() == after
