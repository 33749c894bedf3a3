"""Shared positions and helpers of the variant tests (``test_variants_*.py``): the table builders, one
per variant, and small checks.  Pile indices: standard tables 0, 1 up; 2, 3 down."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from paternoster import STANDARD, Game, IllegalPlayError, parse_card
from paternoster.lift.game import EndTurn, Play
from paternoster.lift.variants import VARIANTS, make_rules

c = parse_card
UP1, UP2, DOWN1, DOWN2 = 0, 1, 2, 3
UP, DOWN = 0, 1          # Kinderfahrt / Zwei Kabinen
FILL = None   # pos(): a draw pile of 20 low cards not used elsewhere in the position (no burning/face card)
FILLERS = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 4♠ 4♦ 4♣ 5♠ 5♦ 5♣ 7♠ 7♣ 8♠ 8♦".split()

ALL_KEYS = ["kurze-fahrt", "kinderfahrt", "grosse-hand", "notruf-marken", "weitergeben", "kleine-hand",
            "steil", "zwei-kabinen", "stille-fahrt", "liftfuehrer", "sanduhr", "fahrgaeste", "feuer", "befehle",
            "befehle-light", "hochhaus"]


# --------------------------------------------------------------------------- helpers

def pos(hands, piles=None, draw_pile=FILL, *, rules=STANDARD, **kw):
    """An explicit position; the one place that passes variant state to ``Game.from_position``."""
    kw.setdefault("hand_size_check", False)
    if draw_pile is None:
        used = Counter(parse_card(x) for part in list(hands) + list(piles or []) + [kw.get("passengers") or ""]
                       for x in (part.split() if isinstance(part, str) else part))
        draw_pile = []
        for text in FILLERS:
            card = parse_card(text)
            draw_pile += [card] * max(0, rules.decks - used[card])
        draw_pile = draw_pile[:20]
    return Game.from_position(hands, piles, draw_pile, rules=rules, **kw)


def act(g: Game, *actions) -> Game:
    for a in actions:
        g.apply_action(a)
    return g


def rule_of(g: Game, action) -> str | None:
    r = g.check(action)
    return None if r is None else r.rule


def burning(g: Game) -> list[tuple]:
    return [(int(p), parse_card(card), int(t)) for p, card, t in g.burning]


def signals_on(g: Game, pile: int) -> list[tuple]:
    return [tuple(s) for s in g.signals.get(pile, [])]


def state(g: Game) -> dict:
    """Everything an action could change (position, log, history and the variant state)."""
    extra = {}
    for name in ("tokens", "token_used_this_turn", "passed_this_turn", "passengers", "delivered", "burning",
                 "signals", "active_commands", "silence_until", "result"):
        extra[name] = copy.deepcopy(getattr(g, name, None))
    return {"position": g.to_position(), "log": list(g.log), "actions": list(g.actions), **extra}


def names_variant(message: str, key: str) -> bool:
    """Whether ``message`` names variant ``key`` (by key, German or English name)."""
    v = VARIANTS[key]
    m = message.lower()
    return any(n.lower() in m for n in (key, v.german, v.english))


def accounted(g: Game) -> Counter:
    return Counter([x for h in g.hands for x in h] + list(g.draw_pile) + [x for p in g.piles for x in p.cards]
                   + [parse_card(x) for x in getattr(g, "passengers", [])])


def tok_rules(n=2):
    return make_rules("notruf-marken", tokens=n)


def tok_game(n=2, piles=("10♥", "", "4♣", "5♠")):
    """P0 holds big setbacks 8♥/7♥ onto 10♥, 6♣/7♣ onto 4♣, the normal setback 6♠ onto 5♠, and J♥."""
    return pos(["8♥ 7♥ 6♥ J♥ 6♣ 7♣ 6♠", "9♥ K♣ K♣ Q♣ Q♣ 10♦ 10♦"], list(piles), rules=tok_rules(n))


W = make_rules("weitergeben")


def w_game(rules=W, draw=FILL, **kw):
    return pos(["5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣", "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦"], draw_pile=draw, rules=rules, **kw)


K = make_rules("kinderfahrt")


def fg_rules(n=3):
    return make_rules("fahrgaeste", passengers=n)


F = make_rules("feuer")
BURNING = {c(x) for x in ("3♥", "6♥", "9♥", "Q♥")}


def fire_game():
    """P0 opens up pile 1 with the burning 6♥ (and 7♦ on up pile 2) in turn 1; P1 chooses."""
    g = pos(["6♥ 7♦ 9♦ 2♠", "8♣ K♦ Q♦ 9♥ 5♠"], draw_pile="A♣ A♣ 2♣ 2♣ 3♣ 3♣ 4♣ 4♣", rules=F)
    return act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())


B = make_rules("befehle")
BL = make_rules("befehle-light")
RULESETS = {"full": B, "light": BL, "none": STANDARD}


S = make_rules("sanduhr")


H = make_rules("hochhaus")


def refused(g: Game, action, rule: str, *words: str) -> str:
    before = g.to_position()
    r = g.check(action)
    assert r is not None and r.rule == rule, r
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule
    assert g.to_position() == before
    for w in words:
        assert w in r.message, (w, r.message)
    return r.message


TOKENS = make_rules("notruf-marken", tokens=2)
PASSING = make_rules("weitergeben")
FIRE = make_rules("feuer")
