"""Property-based tests for Paskahousu: random games keep the rules' invariants.

Each example is a whole game: hypothesis picks the player count (2–6), the deal seed, the dealer, a policy
and a seed for the ``random.Random`` that chooses among the legal actions and the refused actions tried on
the way.  Policies: ``random`` (any legal action — many pick-ups, often the turn cap) and ``eager`` (plays
when it can, else tries its luck, else picks up — games reach their end).

Every action is checked against a small model written here from the seed and spec (sections 3–6), not
taken from the engine: where the cards go, who moves next, refills, burns, going out, the end.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import IllegalPlayError, full_deck
from paternoster.paskahousu import STANDARD_HOUSE_RULES, PaskahousuGame, PickUp, PlayCards, TryYourLuck
from paternoster.paskahousu import rule_ids as ids

FULL = Counter(full_deck())
DECK = full_deck()
CAP = 300
RULES = replace(STANDARD_HOUSE_RULES, turn_cap=CAP)
HAND = STANDARD_HOUSE_RULES.hand_size

SETTINGS = settings(max_examples=60, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

game_params = st.tuples(
    st.integers(min_value=2, max_value=6),          # players
    st.integers(min_value=0, max_value=2**32 - 1),  # deal seed
    st.integers(min_value=0, max_value=5),          # dealer (mod players)
    st.sampled_from(["random", "eager"]),
    st.integers(min_value=0, max_value=2**32 - 1),  # choice seed
)

# ---------------------------------------------------------------------------------------------- the model
# strength: 3 lowest … 10 = 7, J Q K = 8 9 10, A = 11, 2 = 12 (Paskahousu rules §2)
ORDER = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
S = {r: i for i, r in enumerate(ORDER)}
TEN, ACE, TWO = S[10], S[1], S[2]
FACES = {S[11], S[12], S[13]}


def verdict(top, card) -> str:
    """'no' / 'allowed' / 'burns' for ``card`` on ``top`` (None = empty table), Paskahousu rules §6."""
    p = S[card.rank]
    if top is None:
        return "allowed"                     # 10 / ace on the empty table stay (no self-burn)
    t = S[top.rank]
    if t in (TEN, ACE):                      # a 10 / ace on top opened the table: only its rank follows
        return "allowed" if p == t else "no"
    if t == TWO:
        return "allowed" if p == TWO else "no"
    if p == TWO:
        return "allowed"                     # on anything except ace and 10 (handled above)
    if p == TEN:
        return "burns" if t < TEN else "no"
    if p == ACE:
        return "burns" if t in FACES else "no"
    if p in FACES and t <= S[6]:
        return "no"
    return "allowed" if p >= t else "no"


def next_with_cards(hands, seat):
    n = len(hands)
    for k in range(1, n + 1):
        q = (seat + k) % n
        if hands[q]:
            return q
    return None


def state(g):
    """Cheap snapshot of the whole state (records and views are compared separately, less often)."""
    return ([list(h) for h in g.hands], list(g.draw_pile), list(g.pile), list(g.burned), g.to_move, g.turn,
            list(g.out), g.result, list(g.log), list(g.actions))


def full_state(g):
    return (state(g), json.dumps(g.to_record(), sort_keys=True, ensure_ascii=False),
            [json.dumps(g.view(p), sort_keys=True, ensure_ascii=False) for p in range(g.players)])


def check_invariants(g):
    cards = [x for h in g.hands for x in h] + list(g.draw_pile) + list(g.pile) + list(g.burned)
    assert len(cards) == 52 and Counter(cards) == FULL, "every card exactly once"
    if g.draw_pile:
        assert all(len(h) >= HAND for h in g.hands), "fewer than five only once the draw pile is gone"
        assert g.out == []
    assert len(set(g.out)) == len(g.out) and all(not g.hands[s] for s in g.out)
    if not g.draw_pile and g.result is None:
        assert sorted(g.out) == sorted(s for s, h in enumerate(g.hands) if not h)
    # the pile as laid: every card accepted by the one below it, and no four of a kind on top
    for below, above in zip(g.pile, g.pile[1:]):
        assert verdict(below, above) == "allowed", (below, above, g.pile)
    top4 = g.pile[-4:]
    assert not (len(top4) == 4 and len({x.rank for x in top4}) == 1), "four of a kind on top should have burned"
    if g.result is None:
        assert g.hands[g.to_move], "the player to move holds cards"
        assert sum(1 for h in g.hands if h) >= 2


def expected_after(g, action):
    """Where the cards must go and who moves next, from the seed, for a legal ``action``."""
    me = g.to_move
    hands = [list(h) for h in g.hands]
    draw, pile, burned = list(g.draw_pile), list(g.pile), list(g.burned)
    top = pile[-1] if pile else None

    def lay(cards):
        nonlocal pile, burned
        v = verdict(top, cards[0])
        assert v != "no"
        pile = pile + list(cards)
        run = pile[-4:]
        if v == "burns" or (len(run) == 4 and len({x.rank for x in run}) == 1):
            burned, pile = burned + pile, []
            return True
        return False

    if isinstance(action, PlayCards):
        for x in action.cards:
            hands[me].remove(x)
        burn = lay(action.cards)
        while len(hands[me]) < HAND and draw:
            hands[me].append(draw.pop(0))
    elif isinstance(action, PickUp):
        hands[me] += pile
        pile, burn = [], False
    else:
        turned = draw.pop(0)
        if verdict(top, turned) != "no":
            burn = lay([turned])
        else:
            hands[me] += pile + [turned]
            pile, burn = [], False
    if burn and hands[me]:
        nxt = me
    else:
        nxt = next_with_cards(hands, me)
    return hands, draw, pile, burned, nxt


def choose(g, rng, policy):
    actions = g.legal_actions()
    assert actions, "a running game always has a legal action"
    if policy == "random":
        return rng.choice(actions)
    plays = [a for a in actions if isinstance(a, PlayCards)]
    if plays:
        return rng.choice(plays)
    return TryYourLuck() if TryYourLuck() in actions else PickUp()


def random_action(g, rng):
    k = rng.random()
    if k < 0.1:
        return PickUp()
    if k < 0.2:
        return TryYourLuck()
    if k < 0.6 and g.hands[g.to_move]:
        # cards from the hand: one rank or mixed, a legal or an illegal placement
        hand = g.hands[g.to_move]
        return PlayCards(tuple(rng.sample(hand, rng.randint(1, min(3, len(hand))))))
    return PlayCards(tuple(rng.sample(DECK, rng.randint(1, 3))))


def run_game(players, seed, dealer, policy, choice_seed, on_step=None):
    rng = random.Random(choice_seed)
    g = PaskahousuGame.new(players, seed=seed, dealer=dealer % players, rules=RULES)
    check_invariants(g)
    steps = 0
    while not g.is_terminal():
        assert steps <= CAP + 60, "the game ran past its turn cap without ending"
        action = choose(g, rng, policy)
        assert g.check(action) is None
        if on_step:
            on_step(g, action, rng)
        g.apply_action(action)
        steps += 1
        check_invariants(g)
    return g


# ---------------------------------------------------------------------------------------------- properties

@SETTINGS
@given(game_params)
def test_cards_accounted_and_every_action_follows_the_model(params):
    def step(g, action, rng):
        if not g.actions:                       # the opening lay: covered by test_paskahousu_rules
            return
        want = expected_after(g, action)
        me = g.to_move
        g.apply_action(action)
        try:
            hands, draw, pile, burned, nxt = want
            assert [Counter(h) for h in g.hands] == [Counter(h) for h in hands], action
            assert g.draw_pile == draw and g.pile == pile and Counter(g.burned) == Counter(burned), action
            if g.result is None:
                assert g.to_move == nxt, (action, me, g.to_move, nxt)
            else:
                assert g.result.outcome == "stalemate" or sum(1 for h in g.hands if h) == 1
        finally:
            g.undo()

    run_game(*params, on_step=step)


@SETTINGS
@given(game_params)
def test_refused_actions_change_nothing(params):
    def step(g, action, rng):
        full = rng.random() < 0.05
        for _ in range(4):
            bad = random_action(g, rng)
            r = g.check(bad)
            if r is None:
                if isinstance(bad, PlayCards):
                    # a legal play: legal_actions offers the same rank and count
                    shape = (bad.cards[0].rank, len(bad.cards))
                    assert shape in {(a.cards[0].rank, len(a.cards)) for a in g.legal_actions()
                                     if isinstance(a, PlayCards)}
                    assert len({x.rank for x in bad.cards}) == 1
                    if not g.actions:           # the opening: only the whole opening lay
                        opening = [a for a in g.legal_actions()]
                        assert len(opening) == 1 and sorted(bad.cards) == sorted(opening[0].cards)
                    assert verdict(g.pile[-1] if g.pile else None, bad.cards[0]) != "no"
                else:
                    assert bad in g.legal_actions()
                continue
            assert r.rule and r.message
            before = full_state(g) if full else state(g)
            try:
                g.apply_action(bad)
            except IllegalPlayError as e:
                assert e.rule == r.rule
            else:
                raise AssertionError(f"{bad} was refused by check() but applied")
            assert (full_state(g) if full else state(g)) == before
        if isinstance(action, PlayCards) and g.actions:
            assert verdict(g.pile[-1] if g.pile else None, action.cards[0]) != "no"

    run_game(*params, on_step=step)


@SETTINGS
@given(game_params)
def test_every_game_ends_with_one_loser_or_a_stalemate(params):
    players = params[0]
    g = run_game(*params)
    r = g.result
    assert g.is_terminal() and r is not None
    assert r.outcome in ("loser", "stalemate")
    if r.outcome == "loser":
        holders = [s for s, h in enumerate(g.hands) if h]
        assert holders == [r.loser], "exactly one player still holds cards: the loser"
        assert g.draw_pile == []
        assert sorted(g.out + [r.loser]) == list(range(players)) and list(r.out) == g.out
        assert g.returns() == [-1 if s == r.loser else 0 for s in range(players)]
    else:
        assert r.loser is None and max(len(g.actions), g.turn) >= CAP
        assert g.returns() == [0] * players
    assert g.legal_actions() == []
    assert g.check(PickUp()).rule == ids.GAME_OVER


@SETTINGS
@given(game_params)
def test_undo_restores_the_previous_state(params):
    def step(g, action, rng):
        if rng.random() < 0.3:
            full = rng.random() < 0.1
            before = full_state(g) if full else state(g)
            g.apply_action(action)
            after = full_state(g) if full else state(g)
            assert g.undo() == action
            assert (full_state(g) if full else state(g)) == before
            g.apply_action(action)                 # redo: the same state again
            assert (full_state(g) if full else state(g)) == after
            g.undo()

    run_game(*params, on_step=step)


@SETTINGS
@given(game_params, st.integers(min_value=0, max_value=10_000))
def test_record_replays_the_game(params, cut):
    g = run_game(*params)
    again = PaskahousuGame.from_record(g.to_json())
    assert full_state(again) == full_state(g)
    assert again == g
    k = cut % (len(g.actions) + 1)
    part = PaskahousuGame.from_record(g.to_record(), upto=k)
    assert part.actions == g.actions[:k]
    check_invariants(part)
