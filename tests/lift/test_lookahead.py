"""The look-ahead (``Game.can_reach_minimum``, rules §8.2) against a brute-force search on the engine.

The look-ahead searches orders of plays in its own small model of a turn; the brute force below
tries every legal action of the engine itself (apply, recurse, undo) and asks the engine whether
the minimum is met.  On small random positions — 0, 1 or 2 setbacks per turn
(``Rules.setbacks_per_turn``, rules §4.5), with and without emergency tokens (big setbacks,
rules §10.5) and passing (Weitergeben, rules §10.6) — both answer the same.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paternoster import STANDARD, EndTurn, Game, TimeOut, make_rules
from paternoster.core.cards import Card
from paternoster.lift.rules import Rules

#: Cards of a narrow stretch of the ladder in two suits, two copies each: setbacks and big setbacks
#: (the same suit, one to three ranks back) come up often.
POOL = [Card.from_rung(r) for r in range(16, 40) if r % 4 in (1, 2) for _ in range(2)]

#: Examples the property runs (the report quotes this number).
EXAMPLES = 400


def brute_force(g: Game) -> bool:
    """Whether some sequence of the engine's legal actions meets this turn's minimum (or ends the turn
    with a token) without losing: every action is applied, searched on and undone."""
    if g.result is not None:
        return g.minimum_met and g.result.outcome == "perfect"
    if g.minimum_met:
        return True
    turn = g.turn
    for action in g.legal_actions():
        if isinstance(action, TimeOut) or g.loses(action) is not None:
            continue
        if isinstance(action, EndTurn):
            if action.token:            # below the minimum after a card: a token ends the turn
                return True
            continue
        g.apply_action(action)
        try:
            if g.result is not None:
                ok = g.result.outcome == "perfect"
            elif g.turn != turn:       # a Halt ended the turn (none here, kept for safety)
                ok = True
            else:
                ok = brute_force(g)
        finally:
            g.undo()
        if ok:
            return True
    return False


@st.composite
def positions(draw: st.DrawFn) -> Game:
    setbacks = draw(st.sampled_from([0, 1, 2]))
    tokens = draw(st.sampled_from([0, 0, 1, 2]))
    passing = draw(st.booleans())
    keys = (["weitergeben"] if passing else [])
    rules: Rules = make_rules(*keys, tokens=tokens) if (tokens or keys) else STANDARD
    rules = replace(rules, setbacks_per_turn=setbacks)
    cards = draw(st.permutations(POOL))
    played = draw(st.integers(0, 1))
    need = draw(st.integers(1, 3))
    n_hand = need + draw(st.integers(-1, 2)) if need > 1 else need + draw(st.integers(0, 2))
    hand, rest = cards[:n_hand], cards[n_hand:]
    # up piles end high and down piles low (or are empty, rarely): few cards fit, so both answers occur
    spread = draw(st.integers(4, 12))
    ups = sorted(rest[:spread], key=lambda c: -c.rung)
    downs = sorted(rest[:spread], key=lambda c: c.rung)
    piles = [[ups[0]], [ups[1]], [downs[0]], [downs[1]]]
    for i in range(4):
        if draw(st.integers(0, 9)) == 0:
            piles[i] = []
    rest = [c for c in rest if all(c is not p[0] for p in piles if p)]
    other = rest[:2]
    minimum = played + need
    used = draw(st.integers(0, setbacks))
    token_used = bool(tokens) and draw(st.booleans())
    return Game.from_position([hand, other], piles=piles, draw_pile=rest[2:4], rules=rules, hand_size_check=False,
                              turn_minimum=minimum, played_this_turn=played, setbacks_this_turn=used,
                              token_used=token_used, names=["Anna", "Ben"])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_look_ahead_agrees_with_a_brute_force_search(g: Game) -> None:
    assert g.can_reach_minimum() == brute_force(g)


def test_two_setbacks_per_turn_reach_the_minimum():
    """Issue example: two setbacks per turn, hand 9♥ 8♥, piles 10♥ / K♣ / A♦ / A♦: both cards go back
    onto 10♥ one rank at a time, so the minimum of 2 is reachable."""
    two = replace(STANDARD, setbacks_per_turn=2)
    g = Game.from_position(["9♥ 8♥"], piles=["10♥", "K♣", "A♦", "A♦"], draw_pile="2♣ 3♣", rules=two)
    assert g.can_reach_minimum() is True and brute_force(g) is True
    g.play("9♥", "up 1")
    assert g.setbacks_left == 1 and g.can_reach_minimum() is True
    g.play("8♥", "up 1")
    assert g.minimum_met and g.setbacks_left == 0
    one = Game.from_position(["9♥ 8♥"], piles=["10♥", "K♣", "A♦", "A♦"], draw_pile="2♣ 3♣")
    assert one.can_reach_minimum() is False and brute_force(one) is False


def test_no_setbacks_at_all():
    """With 0 setbacks per turn a setback is refused from the first card on."""
    none = replace(STANDARD, setbacks_per_turn=0)
    g = Game.from_position(["9♥ 5♦"], piles=["10♥", "4♦", "", ""], draw_pile="2♣ 3♣", rules=none)
    assert [(str(lp.card), lp.kind) for lp in g.legal_plays() if lp.pile == 0] == []
    assert g.setbacks_left == 0 and g.setback_used


def test_a_big_setback_counts_as_one_of_the_setbacks():
    """Two setbacks per turn and a token: 9♥ as a setback, then 7♥ as a big setback (two ranks back from 9♥)."""
    rules = replace(make_rules("notruf-marken", tokens=2), setbacks_per_turn=2)
    g = Game.from_position(["9♥ 7♥ 6♥"], piles=["10♥", "K♣", "A♦", "A♦"], draw_pile="2♣ 3♣ 4♣", rules=rules)
    assert g.can_reach_minimum() is True and brute_force(g) is True
    g.play("9♥", "up 1")
    g.big_setback("7♥", "up 1")
    assert g.setbacks_left == 0 and g.tokens == 1
    assert "one of this turn's 2 setbacks" in g.log[-1]
