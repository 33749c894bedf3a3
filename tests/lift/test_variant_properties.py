"""Property-based tests: random games under random presets keep the rules' invariants.

Each example is a whole game: hypothesis picks a preset (``paternoster.lift.variants.presets()``) or a
valid combination of two or three variants,
a player count the preset allows, the deal seed, a policy and a seed for the
``random.Random`` that chooses among the legal actions (and the refused actions tried on
the way).  Policies: ``random`` (any legal action, signals now and then), ``greedy`` (the
cheapest play until the minimum is met, then end the turn) and ``mixed``.

Rule sources: rules §3–§12 (cards accounted for, refusals change nothing, the game
ends, records replay); the API contract for the action types.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import Game, IllegalPlayError, Result, RulesError, full_deck, parse_card, replay
from paternoster.lift.game import BigSetback, EndTurn, Pass, Play, Signal, TimeOut
from paternoster.lift.variants import VARIANTS, Preset, make_rules, presets
from paternoster.lift import rule_ids

PRESETS = presets()


def _combinations() -> list:
    """Valid rule sets beyond the presets: every valid pair of variants and some triples (fixed, seeded)."""
    keys = list(VARIANTS)
    picks = [(a, b) for i, a in enumerate(keys) for b in keys[i + 1:]]
    rng = random.Random(0)
    picks += [tuple(rng.sample(keys, 3)) for _ in range(60)]
    out = []
    for ks in picks:
        try:
            r = make_rules(*ks)
        except RulesError:
            continue
        out.append(Preset("+".join(ks), "random combination", r, r.player_counts))
    return out


RULE_SETS = PRESETS + _combinations()
ALL_CARDS = full_deck(1)
KINDS = ["hold", "help", "jump", "passenger", None, "shout"]
SIGNAL_BUDGET = 15            # signals chosen per game (they change no card, so they must be bounded here)
LOST_REASONS = {"passenger-order", "passenger-undelivered", "fire"}

SETTINGS = settings(max_examples=80, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def game_params(draw):
    p = draw(st.sampled_from(PRESETS) if draw(st.booleans()) else st.sampled_from(RULE_SETS))
    players = draw(st.sampled_from(sorted(p.player_counts)))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    policy = draw(st.sampled_from(["random", "greedy", "mixed"]))
    choice_seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return p, players, seed, policy, choice_seed


def max_actions(g: Game) -> int:
    # every turn but the last puts at least one card on a pile (a pass needs a play beside it,
    # a token end needs one card, Halt is a card, a time-out below the minimum ends the game);
    # per turn at most one pass and one turn end: plays + 3 × turns.
    return 4 * g.rules.cards + 20


def accounted(g: Game) -> Counter:
    return Counter([c for h in g.hands for c in h] + list(g.draw_pile) + [c for p in g.piles for c in p.cards]
                   + [parse_card(c) for c in g.passengers])


def variant_state(g: Game) -> dict:
    out = {"position": g.to_position(), "log": len(g.log), "actions": len(g.actions), "result": g.result}
    for name in ("tokens", "token_used_this_turn", "passed_this_turn", "delivered", "burning", "signals",
                 "active_commands", "silence_until"):
        v = getattr(g, name, None)
        out[name] = repr(v)
    return out


def choose(g: Game, rng: random.Random, policy: str, budget: list[int]):
    actions = g.legal_actions()
    assert actions, "a running game always has a legal action"
    signals = [a for a in actions if isinstance(a, Signal)]
    others = [a for a in actions if not isinstance(a, Signal)]
    assert others, f"only signals are legal, yet the game is not over: {g!r}"
    if budget[0] > 0 and rng.random() < 0.08:
        # legal_actions() need not list signals: try a random one, take it when check() allows it
        budget[0] -= 1
        s = rng.choice(signals) if signals else Signal(rng.randrange(g.players), rng.randrange(len(g.piles)),
                                                          rng.choice(KINDS[:5]))
        if g.check(s) is None:
            return s
    if policy == "mixed":
        policy = rng.choice(["random", "greedy"])
    if policy == "random":
        # time-outs end most games at once: try them rarely
        pool = [a for a in others if not isinstance(a, TimeOut)] if rng.random() < 0.9 else others
        return rng.choice(pool or others)
    if g.minimum_met and EndTurn() in others:
        return EndTurn()
    plays = g.legal_plays()
    if plays:
        return min(plays, key=lambda p: (p.skipped, rng.random())).action
    return rng.choice(others)


def random_action(g: Game, rng: random.Random):
    """Any action at all — legal or not — with random fields."""
    k = rng.random()
    n = len(g.piles)
    if k < 0.35:
        return Play(rng.choice(ALL_CARDS), rng.randint(-1, n))
    if k < 0.5:
        return BigSetback(rng.choice(ALL_CARDS), rng.randint(-1, n))
    if k < 0.65:
        return Pass(rng.choice(ALL_CARDS), rng.randint(-1, g.players))
    if k < 0.8:
        return Signal(rng.randint(-1, g.players), rng.randint(-1, n), rng.choice(KINDS))
    return rng.choice([EndTurn(), EndTurn(token=True), TimeOut()])


def run_game(params, on_step=None) -> Game:
    p, players, seed, policy, choice_seed = params
    rng = random.Random(choice_seed)
    g = Game.new(players=players, seed=seed, rules=p.rules)
    budget = [SIGNAL_BUDGET]
    steps = 0
    if on_step:
        on_step(g, rng)
    while not g.is_terminal():
        assert steps < max_actions(g) + SIGNAL_BUDGET, f"the game did not end ({p.name}, {players} players)"
        action = choose(g, rng, policy, budget)
        if isinstance(action, EndTurn):
            # every turn puts at least one card on a pile (rules §10–§11 Decision on passes; a token needs one card)
            assert g.played_this_turn >= 1, f"{action} after no card on a pile ({p.name}, turn {g.turn})"
        g.apply_action(action)
        steps += 1
        if on_step:
            on_step(g, rng)
    return g


@SETTINGS
@given(game_params())
def test_every_card_accounted_for_exactly_once(params):
    p, players, *_ = params
    full = Counter(full_deck(p.rules.decks))
    size = p.rules.hand_size(players)
    start_tokens = p.rules.tokens

    def check(g: Game, rng):
        assert accounted(g) == full
        assert sum(accounted(g).values()) == 52 * p.rules.decks
        assert len(g.passengers) == p.rules.passengers
        assert len(set(parse_card(c) for c in g.passengers)) == len(g.passengers)   # no twin passengers
        assert g.remaining == sum(len(h) for h in g.hands) + len(g.draw_pile)
        if not p.rules.passing:
            assert all(len(h) <= size for h in g.hands)
        assert 0 <= g.tokens <= start_tokens
        assert g.setbacks_this_turn <= 1
        assert g.turn_minimum >= 1

    run_game(params, on_step=check)


@SETTINGS
@given(game_params())
def test_legal_actions_agree_with_check(params):
    def check(g: Game, rng: random.Random):
        legal = g.legal_actions()
        for a in legal:
            assert g.check(a) is None, (a, g.check(a))
        # random actions: accepted by check() ⇔ listed (signals aside), and an accepted one applies
        for _ in range(4):
            a = random_action(g, rng)
            r = g.check(a)
            if r is None:
                if not isinstance(a, Signal):
                    assert a in legal, f"{a} passes check() but is not in legal_actions()"
                if rng.random() < 0.15:
                    g.copy().apply_action(a)
            elif not isinstance(a, Signal):
                assert a not in legal

    run_game(params, on_step=check)


@SETTINGS
@given(game_params())
def test_refused_actions_raise_and_change_nothing(params):
    def check(g: Game, rng: random.Random):
        for _ in range(3):
            a = random_action(g, rng)
            refusal = g.check(a)
            if refusal is None:
                continue
            before = variant_state(g)
            try:
                g.apply_action(a)
            except IllegalPlayError as e:
                assert e.rule == refusal.rule and str(e) == refusal.message
            else:
                raise AssertionError(f"{a} was refused by check() ({refusal.rule}) but applied")
            assert variant_state(g) == before
            if g.is_terminal():
                assert refusal.rule == rule_ids.GAME_OVER

    run_game(params, on_step=check)


def _rule_set(name: str) -> Preset:
    return next(p for p in RULE_SETS if p.name == name)


@SETTINGS
@given(game_params())
def test_every_game_ends_with_a_result(params):
    p, players, *_ = params
    g = run_game(params)
    r = g.result
    assert isinstance(r, Result)
    assert r.outcome in ("perfect", "stuck", "lost")
    assert r.remaining == g.remaining == sum(r.hands) + r.draw_pile
    if r.outcome == "perfect":
        assert r.remaining == 0 and r.reason is None
        assert g.delivered == len(g.passengers)
        # only cards of the final turn may stay burning (rules §11.8: "Nur die allerletzte Karte ...")
        assert all(t == r.turn for _, _, t in g.burning)
    elif r.outcome == "stuck":
        assert r.reason in (None, "time-out")
        assert r.player == g.to_move
        if r.reason == "time-out":
            assert p.rules.hourglass
        assert g.delivered == len(g.passengers)        # else the end would be a passenger loss
    else:
        assert r.reason in LOST_REASONS and r.card is not None
        if r.reason.startswith("passenger"):
            assert p.rules.passengers
            assert parse_card(r.card) in [parse_card(c) for c in g.passengers[g.delivered:]]
        else:
            assert p.rules.fire
            assert parse_card(r.card).rank in (3, 6, 9, 12) and parse_card(r.card).suit == 1
    assert [a for a in g.legal_actions() if not isinstance(a, Signal)] == []


@SETTINGS
@given(game_params())
def test_record_replays_exactly(params):
    g = run_game(params)
    again = replay(g.to_json())
    assert again == g
    assert again.rules == g.rules
    assert again.actions == g.actions
    assert again.result == g.result
    assert again.passengers == g.passengers and again.tokens == g.tokens
    assert again.to_record() == g.to_record()
    k = len(g.actions) // 2
    half = replay(g.to_record(), upto=k)
    undone = g.copy()
    for _ in range(len(g.actions) - k):
        undone.undo()
    assert half == undone
    assert variant_state(half) == variant_state(undone)
