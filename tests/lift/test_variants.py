"""The variants, one group per variant, written from the rules (not from the engine).

Rule sources: rules §10.1 (Leichter, Schwerer, Große Runden) and 'Reden';
rules §3–§12; the API contract for names (``make_rules``, ``Rules`` fields,
actions ``BigSetback``/``Pass``/``Signal``/``TimeOut``/``EndTurn(token=True)``,
refusal ids, ``Result.reason``/``card``).

Pile indices: standard tables put the up piles first — 0, 1 up; 2, 3 down.
Kinderfahrt and Zwei Kabinen: 0 up, 1 down.  Hochhaus: 0–2 up, 3–5 down.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from paternoster import (STANDARD, Game, IllegalPlayError, PositionError, Rules, RulesError, full_deck,
                         parse_card, replay)
from paternoster.lift.game import BigSetback, EndTurn, Pass, Play, Signal, TimeOut
from paternoster.lift.variants import PRESETS, VARIANTS, make_rules, preset, presets

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


# =========================================================================== catalogue

GROUPS = {"kurze-fahrt": "easier", "kinderfahrt": "easier", "grosse-hand": "easier", "notruf-marken": "easier",
          "weitergeben": "easier", "kleine-hand": "harder", "steil": "harder", "zwei-kabinen": "harder",
          "stille-fahrt": "harder", "liftfuehrer": "harder", "sanduhr": "harder", "fahrgaeste": "harder",
          "feuer": "harder", "befehle": "harder", "befehle-light": "harder", "hochhaus": "large"}
GERMAN = {"kurze-fahrt": "Kurze Fahrt", "kinderfahrt": "Kinderfahrt", "grosse-hand": "Große Hand",
          "notruf-marken": "Notruf-Marken", "weitergeben": "Weitergeben", "kleine-hand": "Kleine Hand",
          "steil": "Steil", "zwei-kabinen": "Zwei Kabinen", "stille-fahrt": "Stille Fahrt",
          "liftfuehrer": "Liftführer", "sanduhr": "Sanduhr", "fahrgaeste": "Fahrgäste", "feuer": "Feuer",
          "befehle": "Befehle", "befehle-light": "Befehle light", "hochhaus": "Hochhaus"}


class TestCatalogue:
    """rules §10.1: Leichter / Schwerer / Große Runden."""

    def test_every_variant_key_is_known(self):
        assert set(VARIANTS) == set(ALL_KEYS)

    @pytest.mark.parametrize("key", ALL_KEYS)
    def test_group_and_german_name_follow_the_rule_book(self, key):
        v = VARIANTS[key]
        assert v.key == key
        assert v.group == GROUPS[key]
        assert v.german == GERMAN[key]
        assert v.english and v.description

    @pytest.mark.parametrize("key", ALL_KEYS)
    def test_rules_name_the_variant_and_round_trip(self, key):
        r = make_rules(key)
        assert key in r.variants
        assert Rules.from_dict(r.to_dict()) == r

    def test_no_variant_is_the_standard_game(self):
        d, s = make_rules().to_dict(), STANDARD.to_dict()
        d.pop("name"), s.pop("name")
        assert d == s

    def test_unknown_key_lists_known_keys(self):
        with pytest.raises(RulesError) as info:
            make_rules("turbo")
        assert "turbo" in str(info.value) and "kurze-fahrt" in str(info.value)

    @pytest.mark.parametrize("key,fields", [
        ("kinderfahrt", {"same_suit_fits": True, "decks": 1, "up_piles": 1, "down_piles": 1, "minimum": 1}),
        ("kurze-fahrt", {"decks": 1, "up_piles": 2, "down_piles": 2, "minimum": 2}),
        ("zwei-kabinen", {"decks": 1, "up_piles": 1, "down_piles": 1, "minimum": 2}),
        ("weitergeben", {"passing": True}),
        ("stille-fahrt", {"signals": "none"}),
        ("liftfuehrer", {"signals": "mover"}),
        ("sanduhr", {"hourglass": True}),
        ("fahrgaeste", {"passengers": 3}),
        ("feuer", {"fire": True}),
        ("befehle", {"commands": "full"}),
        ("befehle-light", {"commands": "light"}),
        ("steil", {"minimum": 3, "minimum_without_draw_pile": 1}),
        ("hochhaus", {"decks": 3, "up_piles": 3, "down_piles": 3}),
    ])
    def test_switches(self, key, fields):
        r = make_rules(key)
        assert {f: getattr(r, f) for f in fields} == fields

    def test_standard_switches_are_off(self):
        r = STANDARD
        assert (r.variants, r.same_suit_fits, r.tokens, r.passing, r.signals, r.hourglass, r.passengers, r.fire,
                r.commands) == ((), False, 0, False, "all", False, 0, False, "none")


# =========================================================================== table and deal (rules §3)

# (variant keys, make_rules kwargs, players, hand size, up piles, down piles, cards, minimum at start)
TABLE = [
    ((), {}, 1, 8, 2, 2, 104, 2), ((), {}, 2, 7, 2, 2, 104, 2), ((), {}, 3, 6, 2, 2, 104, 2),
    ((), {}, 4, 6, 2, 2, 104, 2), ((), {}, 5, 6, 2, 2, 104, 2),
    (("kurze-fahrt",), {}, 1, 6, 2, 2, 52, 2), (("kurze-fahrt",), {}, 2, 6, 2, 2, 52, 2),
    (("kurze-fahrt",), {}, 3, 5, 2, 2, 52, 2), (("kurze-fahrt",), {}, 4, 5, 2, 2, 52, 2),
    (("kurze-fahrt",), {}, 5, 5, 2, 2, 52, 2),
    (("grosse-hand",), {}, 1, 9, 2, 2, 104, 2), (("grosse-hand",), {}, 2, 8, 2, 2, 104, 2),
    (("grosse-hand",), {}, 3, 7, 2, 2, 104, 2), (("grosse-hand",), {}, 5, 7, 2, 2, 104, 2),
    (("kleine-hand",), {}, 1, 7, 2, 2, 104, 2), (("kleine-hand",), {}, 2, 6, 2, 2, 104, 2),
    (("kleine-hand",), {}, 3, 5, 2, 2, 104, 2), (("kleine-hand",), {}, 5, 5, 2, 2, 104, 2),
    (("kinderfahrt",), {}, 1, 3, 1, 1, 52, 1), (("kinderfahrt",), {}, 2, 3, 1, 1, 52, 1),
    (("kinderfahrt",), {}, 3, 3, 1, 1, 52, 1), (("kinderfahrt",), {}, 5, 3, 1, 1, 52, 1),
    (("zwei-kabinen",), {}, 2, 8, 1, 1, 52, 2),
    (("steil",), {}, 1, 8, 2, 2, 104, 3), (("steil",), {}, 2, 7, 2, 2, 104, 3), (("steil",), {}, 5, 6, 2, 2, 104, 3),
    (("hochhaus",), {}, 6, 4, 3, 3, 156, 2), (("hochhaus",), {}, 7, 4, 3, 3, 156, 2),
    (("hochhaus",), {}, 8, 4, 3, 3, 156, 2),
    (("hochhaus",), {"hochhaus_cards": 5}, 6, 5, 3, 3, 156, 2),
    (("hochhaus",), {"hochhaus_cards": 5}, 8, 5, 3, 3, 156, 2),
]


class TestTableAndDeal:
    @pytest.mark.parametrize("keys,kw,players,size,ups,downs,cards,minimum", TABLE,
                             ids=[f"{'+'.join(t[0]) or 'normal'}{t[1].get('hochhaus_cards', '')}-{t[2]}p"
                                  for t in TABLE])
    def test_hand_sizes_piles_decks(self, keys, kw, players, size, ups, downs, cards, minimum):
        r = make_rules(*keys, **kw)
        assert r.hand_size(players) == size
        assert r.cards == cards and r.decks * 52 == cards
        g = Game.new(players=players, seed=11, rules=r)
        assert [len(h) for h in g.hands] == [size] * players
        assert len(g.draw_pile) == cards - size * players
        assert [p.direction for p in g.piles] == ["up"] * ups + ["down"] * downs
        assert all(not p.cards for p in g.piles)
        assert accounted(g) == Counter(full_deck(cards // 52))
        assert g.turn_minimum == minimum

    def test_steil_minimum_one_once_the_draw_pile_is_empty(self):
        r = make_rules("steil")
        g = pos(["5♣ 6♣ 7♣", "8♣"], draw_pile="", rules=r)
        assert g.turn_minimum == 1
        assert rule_of(g, EndTurn()) == "minimum-play"
        act(g, Play(c("5♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_steil_needs_three_while_the_draw_pile_lasts(self):
        g = pos(["5♣ 6♣ 7♣ 8♣", "9♠"], rules=make_rules("steil"))
        assert g.turn_minimum == 3
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) == "minimum-play"
        act(g, Play(c("7♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_steil_minimum_fixed_at_turn_start(self):
        # the last draw-pile card is drawn at the end of turn 1: turn 2 starts with an empty draw pile
        g = pos(["5♣ 6♣ 7♣ 8♣", "9♠ 10♠"], draw_pile="2♦", rules=make_rules("steil"))
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), Play(c("7♣"), UP1), EndTurn())
        assert g.draw_pile == [] and g.to_move == 1
        assert g.turn_minimum == 1

    def test_one_deck_positions_hold_each_card_once(self):
        with pytest.raises(PositionError):
            pos(["5♥ 5♥", ""], piles=["", ""], rules=make_rules("kinderfahrt"))


# =========================================================================== Notruf-Marken

def tok_rules(n=2):
    return make_rules("notruf-marken", tokens=n)


def tok_game(n=2, piles=("10♥", "", "4♣", "5♠")):
    """P0 holds big setbacks 8♥/7♥ onto 10♥, 6♣/7♣ onto 4♣, the normal setback 6♠ onto 5♠, and J♥."""
    return pos(["8♥ 7♥ 6♥ J♥ 6♣ 7♣ 6♠", "9♥ K♣ K♣ Q♣ Q♣ 10♦ 10♦"], list(piles), rules=tok_rules(n))


# (top, pile, card, expected refusal or None)
BIG_SETBACKS = [
    ("10♥", UP1, "8♥", None), ("10♥", UP1, "7♥", None), ("10♥", UP1, "6♥", "big-setback"),
    ("10♥", UP1, "9♥", "big-setback"), ("10♥", UP1, "8♠", "big-setback"), ("10♥", UP1, "J♥", "big-setback"),
    ("J♠", UP1, "9♠", None), ("J♠", UP1, "8♠", None), ("3♦", UP1, "A♦", None), ("2♦", UP1, "A♦", "big-setback"),
    ("4♣", DOWN1, "6♣", None), ("4♣", DOWN1, "7♣", None), ("4♣", DOWN1, "8♣", "big-setback"),
    ("4♣", DOWN1, "6♠", "big-setback"), ("4♣", DOWN1, "5♣", "big-setback"), ("4♣", DOWN1, "3♣", "big-setback"),
    ("10♥", DOWN1, "Q♥", None), ("10♥", DOWN1, "K♥", None), ("J♦", DOWN1, "K♦", None),
    ("Q♦", DOWN1, "A♦", "big-setback"),
    ("", UP1, "5♥", "big-setback"),
]


class TestNotrufMarken:
    """rules §10.5; rules §10–§11."""

    @pytest.mark.parametrize("top,pile,card,expected", BIG_SETBACKS,
                             ids=[f"{t[2]}-on-{t[0] or 'empty'}-{'up' if t[1] == UP1 else 'down'}" for t in BIG_SETBACKS])
    def test_big_setback_table(self, top, pile, card, expected):
        piles = ["", "", "", ""]
        piles[pile] = top
        g = pos([f"{card} 9♣", "K♣"], piles, draw_pile="2♠ 2♠", rules=tok_rules(2))
        before = state(g)
        assert rule_of(g, BigSetback(c(card), pile)) == expected
        if expected is None:
            assert BigSetback(c(card), pile) in g.legal_actions()
            act(g, BigSetback(c(card), pile))
            assert g.piles[pile].top == c(card)
            assert g.tokens == 1 and g.token_used_this_turn
            assert g.setback_used and g.played_this_turn == 1
            assert c(card) not in g.hand
        else:
            assert BigSetback(c(card), pile) not in g.legal_actions()
            with pytest.raises(IllegalPlayError) as info:
                g.apply_action(BigSetback(c(card), pile))
            assert info.value.rule == expected
            assert state(g) == before

    def test_big_setback_is_the_turns_setback(self):
        g = act(tok_game(), BigSetback(c("8♥"), UP1))
        assert rule_of(g, Play(c("6♠"), DOWN2)) == "one-setback-per-turn"

    def test_big_setback_after_normal_setback_refused(self):
        g = act(tok_game(), Play(c("6♠"), DOWN2))
        assert rule_of(g, BigSetback(c("8♥"), UP1)) == "one-setback-per-turn"
        assert g.tokens == 2

    def test_one_token_per_turn(self):
        g = act(tok_game(), BigSetback(c("8♥"), UP1))
        assert g.played_this_turn < g.turn_minimum
        assert rule_of(g, EndTurn(token=True)) == "one-token-per-turn"
        assert EndTurn(token=True) not in g.legal_actions()

    def test_token_ends_turn_after_one_card(self):
        g = tok_game()
        act(g, Play(c("J♥"), UP1))
        assert rule_of(g, EndTurn()) == "minimum-play"
        assert EndTurn(token=True) in g.legal_actions()
        drawn_from = len(g.draw_pile)
        act(g, EndTurn(token=True))
        assert g.tokens == 1 and g.to_move == 1 and g.turn == 2
        assert len(g.hands[0]) == 7 and len(g.draw_pile) == drawn_from - 1
        assert not g.token_used_this_turn   # a new turn: the next player may spend one

    def test_token_cannot_end_a_turn_after_zero_cards(self):
        g = tok_game()
        before = state(g)
        assert g.check(EndTurn(token=True)) is not None
        with pytest.raises(IllegalPlayError):
            g.apply_action(EndTurn(token=True))
        assert state(g) == before

    def test_tokens_belong_to_the_team(self):
        g = act(tok_game(), Play(c("J♥"), UP1), EndTurn(token=True))
        assert g.tokens == 1
        act(g, BigSetback(c("9♥"), UP1), Play(c("K♣"), UP2))   # 9♥ two ranks under J♥
        assert g.tokens == 0
        act(g, EndTurn())
        assert g.to_move == 0 and g.tokens == 0
        assert rule_of(g, BigSetback(c("7♥"), UP1)) == "no-tokens"
        act(g, Play(c("6♠"), DOWN2))                            # a normal setback: one card played
        assert rule_of(g, EndTurn(token=True)) == "no-tokens"

    def test_no_tokens_without_the_variant(self):
        g = pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""])
        assert rule_of(g, BigSetback(c("8♥"), UP1)) == "no-tokens"
        act(g, Play(c("J♥"), UP1))
        assert rule_of(g, EndTurn(token=True)) == "no-tokens"

    @pytest.mark.parametrize("tokens", [1, 2, 3, 4])
    def test_token_counts(self, tokens):
        assert tok_rules(tokens).tokens == tokens
        assert Game.new(players=2, seed=1, rules=tok_rules(tokens)).tokens == tokens

    # the end is judged move by move, "no token/pass that helps" (rules §8)
    DEAD = ["K♣", "K♣", "A♦", "A♦"]

    def test_token_end_keeps_a_stuck_looking_turn_alive(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1), played_this_turn=1)
        assert not g.is_terminal()
        assert EndTurn(token=True) in g.legal_actions()
        act(g, EndTurn(token=True))
        assert g.tokens == 0 and g.to_move == 1

    def test_same_position_without_tokens_is_stuck(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", played_this_turn=1)
        assert g.is_terminal() and g.result.outcome == "stuck"

    def test_big_setback_keeps_a_turn_alive(self):
        g = pos(["J♣ 5♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1))
        assert not g.is_terminal()
        assert BigSetback(c("J♣"), UP1) in g.legal_actions()

    def test_token_does_not_help_with_no_card_to_play(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=tok_rules(1))
        assert g.is_terminal() and g.result.outcome == "stuck"


# =========================================================================== Weitergeben

W = make_rules("weitergeben")


def w_game(rules=W, draw=FILL, **kw):
    return pos(["5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣", "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦"], draw_pile=draw, rules=rules, **kw)


class TestWeitergeben:
    """rules §10.6; rules §10–§11 (Decision: a pass counts only while the minimum is 2 or more)."""

    def test_pass_moves_the_card_and_counts_toward_the_minimum(self):
        g = w_game()
        assert Pass(c("5♣"), 1) in g.legal_actions()
        act(g, Pass(c("5♣"), 1))
        assert c("5♣") not in g.hands[0] and c("5♣") in g.hands[1]
        assert len(g.hands[0]) == 6 and len(g.hands[1]) == 8
        assert g.passed_this_turn
        assert rule_of(g, EndTurn()) == "minimum-play"
        act(g, Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_receiver_keeps_extra_cards_and_draws_only_below_hand_size(self):
        g = act(w_game(), Pass(c("5♣"), 1), Play(c("6♣"), UP1), EndTurn())
        assert len(g.hands[0]) == 7              # passer drew back up
        assert len(g.hands[1]) == 8              # receiver above the hand size of 7
        left = len(g.draw_pile)
        act(g, Play(c("5♦"), UP2), Play(c("6♦"), UP2), EndTurn())
        assert len(g.hands[1]) == 7 and len(g.draw_pile) == left - 1

    def test_receiver_above_hand_size_after_playing_draws_nothing(self):
        g = pos(["5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ 2♠", "3♠"], rules=W)   # e.g. after receiving passes
        left = len(g.draw_pile)
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), EndTurn())
        assert len(g.hands[0]) == 8 and len(g.draw_pile) == left

    def test_once_per_turn(self):
        g = act(w_game(), Pass(c("5♣"), 1))
        assert rule_of(g, Pass(c("6♣"), 1)) == "one-pass-per-turn"
        act(g, Play(c("6♣"), UP1), EndTurn())
        assert rule_of(g, Pass(c("5♣"), 0)) is None   # the next turn may pass again

    def test_pass_does_not_count_with_minimum_one(self):
        g = w_game(draw="")
        assert g.turn_minimum == 1
        act(g, Pass(c("5♣"), 1))
        assert rule_of(g, EndTurn()) == "minimum-play"
        act(g, Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    def test_pass_counts_once_toward_steil(self):
        g = w_game(rules=make_rules("weitergeben", "steil"))
        assert g.turn_minimum == 3
        act(g, Pass(c("5♣"), 1), Play(c("6♣"), UP1))
        assert rule_of(g, EndTurn()) == "minimum-play"
        act(g, Play(c("7♣"), UP1))
        assert rule_of(g, EndTurn()) is None

    @pytest.mark.parametrize("to", [0, 2, -1])
    def test_pass_target(self, to):
        assert rule_of(w_game(), Pass(c("5♣"), to)) == "pass-target"

    def test_pass_to_any_other_player(self):
        g = pos(["5♣ 6♣", "7♦", "8♦"], rules=W)
        act(g, Pass(c("5♣"), 2))
        assert c("5♣") in g.hands[2]

    def test_pass_a_card_not_in_hand(self):
        assert rule_of(w_game(), Pass(c("5♦"), 1)) == "not-in-hand"

    def test_no_passing_without_the_variant(self):
        g = w_game(rules=STANDARD)
        assert rule_of(g, Pass(c("5♣"), 1)) == "no-passing"
        assert not any(isinstance(a, Pass) for a in g.legal_actions())

    def test_no_passing_solo(self):
        with pytest.raises(RulesError) as info:
            Game.new(players=1, seed=0, rules=W)
        assert names_variant(str(info.value), "weitergeben")
        with pytest.raises(RulesError):
            pos(["5♣"], rules=W)
        with pytest.raises(RulesError):
            W.check_players(1)

    DEAD = ["K♣", "K♣", "A♦", "A♦"]

    def test_a_pass_keeps_a_turn_alive(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=W, played_this_turn=1)
        assert not g.is_terminal()
        act(g, Pass(c("5♠"), 1), EndTurn())
        assert g.to_move == 1

    def test_a_pass_alone_cannot_reach_a_minimum_of_two(self):
        # no legal play at all: a pass would make 1 of 2, so nothing helps (rules §8)
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="2♥ 3♥", rules=W)
        assert g.is_terminal() and g.result.outcome == "stuck"

    @pytest.mark.parametrize("p1", ["", "K♦"])
    def test_passing_the_last_card_does_not_end_a_minimum_one_turn(self, p1):
        # rules §10–§11 Decision: with minimum 1 a pass does not count, "so at least one card always reaches a
        # pile; this prevents endless passing once the draw pile is empty"
        g = pos(["5♣", p1], draw_pile="", rules=W)
        if g.check(Pass(c("5♣"), 1)) is None:
            act(g, Pass(c("5♣"), 1))
            assert g.played_this_turn == 0
            assert g.is_terminal() or g.check(EndTurn()) is not None, \
                "a turn ended with no card on a pile: passing a single card back and forth never ends"

    def test_a_pass_does_not_save_a_minimum_one_turn(self):
        g = pos(["5♠ 6♠", "7♠"], self.DEAD, draw_pile="", rules=W)
        assert g.is_terminal() and g.result.outcome == "stuck"


# =========================================================================== Kinderfahrt

K = make_rules("kinderfahrt")

KINDER = [
    ("10♥", UP, "2♥", None), ("10♥", UP, "A♥", None), ("10♥", UP, "9♥", None), ("10♥", UP, "K♥", None),
    ("10♥", UP, "J♠", None), ("10♥", UP, "5♠", "up-pile-order"), ("10♥", UP, "10♦", "up-pile-order"),
    ("4♣", DOWN, "K♣", None), ("4♣", DOWN, "5♣", None), ("4♣", DOWN, "2♣", None), ("4♣", DOWN, "3♦", None),
    ("4♣", DOWN, "9♦", "down-pile-order"), ("4♣", DOWN, "4♦", None), ("4♦", DOWN, "4♣", "down-pile-order"),
    ("4♦", DOWN, "5♣", "down-pile-order"),
]


class TestKinderfahrt:
    """rules §10.3: same suit always fits, any rank (rules §10–§11)."""

    @pytest.mark.parametrize("top,pile,card,expected", KINDER,
                             ids=[f"{t[2]}-on-{t[0]}-{'up' if t[1] == UP else 'down'}" for t in KINDER])
    def test_placement(self, top, pile, card, expected):
        piles = ["", ""]
        piles[pile] = top
        g = pos([card, "Q♠"], piles, draw_pile="7♦ 8♦", rules=K)
        assert rule_of(g, Play(c(card), pile)) == expected

    def test_same_suit_is_not_a_setback(self):
        g = pos(["5♥ 2♥ Q♥", "Q♠"], ["10♥", "A♥"], draw_pile="7♦", rules=K)
        act(g, Play(c("5♥"), UP), Play(c("2♥"), UP))            # two same-suit "steps back" in one turn
        act(g, Play(c("Q♥"), DOWN))                              # K.. on a down pile with A♥: same suit fits
        assert [p.top for p in g.piles] == [c("2♥"), c("Q♥")]

    def test_minimum_one(self):
        g = pos(["5♥ 2♥ Q♥", "Q♠"], ["", ""], draw_pile="7♦ 8♦", rules=K)
        assert g.turn_minimum == 1
        act(g, Play(c("5♥"), UP), EndTurn())
        assert g.to_move == 1 and len(g.hands[0]) == 3

    def test_standard_rules_do_not_let_same_suit_fit(self):
        g = pos(["2♥", "Q♠"], ["10♥", "", "", ""])
        assert rule_of(g, Play(c("2♥"), UP1)) == "up-pile-order"


# =========================================================================== Fahrgäste

def fg_rules(n=3):
    return make_rules("fahrgaeste", passengers=n)


class TestFahrgaeste:
    """Rules §11.7 (Decision (kit): a revealed twin of an earlier passenger is re-drawn)."""

    @pytest.mark.parametrize("n", [3, 4, 5])
    def test_passengers_revealed_before_the_deal(self, n):
        r = fg_rules(n)
        assert r.passengers == n
        for seed in range(150):
            g = Game.new(players=2, seed=seed, rules=r)
            ps = [parse_card(p) for p in g.passengers]
            assert len(ps) == n
            assert len(set(ps)) == n, f"seed {seed}: a passenger is the twin of an earlier one: {ps}"
            assert g.delivered == 0
            assert accounted(g) == Counter(full_deck(2))
            in_play = Counter([x for h in g.hands for x in h] + list(g.draw_pile))
            assert all(in_play[p] == 1 for p in ps)      # each passenger's twin is still in the game
            assert [len(h) for h in g.hands] == [7, 7]
            assert len(g.draw_pile) == 104 - n - 14
            assert g.remaining == 104 - n                 # passengers are not counted
        assert Game.new(players=2, seed=5, rules=r).passengers == Game.new(players=2, seed=5, rules=r).passengers

    @pytest.mark.parametrize("players", [1, 3, 5])
    def test_passengers_for_other_player_counts(self, players):
        g = Game.new(players=players, seed=3, rules=fg_rules(4))
        assert len(g.passengers) == 4 and accounted(g) == Counter(full_deck(2))

    def fg(self, order="7♥ 9♠ 2♦", delivered=0, p0="7♥ 9♠ 2♦ K♣", p1="Q♣", piles=None, draw=FILL):
        return pos([p0, p1], piles, draw_pile=draw, rules=fg_rules(3), passengers=order, delivered=delivered)

    def test_delivery_in_order_on_any_pile(self):
        g = self.fg()
        assert [parse_card(p) for p in g.passengers] == [c("7♥"), c("9♠"), c("2♦")]
        act(g, Play(c("7♥"), UP1))
        assert g.delivered == 1 and g.result is None
        act(g, Play(c("9♠"), DOWN1))
        assert g.delivered == 2 and g.result is None
        act(g, Play(c("2♦"), UP2))
        assert g.delivered == 3 and g.result is None

    @pytest.mark.parametrize("card", ["9♠", "2♦"])
    def test_twin_out_of_order_loses(self, card):
        g = self.fg()
        assert rule_of(g, Play(c(card), DOWN1)) is None       # a legal play: it loses, it is not refused
        act(g, Play(c(card), DOWN1))
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "passenger-order"
        assert parse_card(r.card) == c(card) and r.turn == 1

    def test_delivery_follows_the_normal_rules(self):
        g = self.fg(piles=["K♦", "K♦", "A♦", "A♦"])
        assert rule_of(g, Play(c("7♥"), UP1)) == "up-pile-order"
        assert rule_of(g, Play(c("7♥"), DOWN1)) == "down-pile-order"

    def test_undelivered_at_the_end_loses(self):
        g = self.fg(p0="5♠ 7♥", piles=["K♣", "K♣", "A♦", "A♦"])
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "passenger-undelivered"
        assert parse_card(r.card) in [c("7♥"), c("9♠"), c("2♦")]

    def test_stuck_with_all_delivered_is_an_ordinary_end(self):
        g = self.fg(delivered=3, p0="5♠ 6♠", piles=["K♣", "K♣", "A♦", "A♦"])
        assert g.result is not None and g.result.outcome == "stuck"

    def test_last_passenger_with_the_last_card_is_perfect(self):
        g = self.fg(order="7♥ 2♦ 9♠", delivered=2, p0="9♠", p1="", draw="")
        act(g, Play(c("9♠"), UP1))
        assert g.result is not None and g.result.outcome == "perfect"

    def test_passenger_signal_only_with_fahrgaeste(self):
        assert rule_of(self.fg(), Signal(1, UP1, "passenger")) is None
        g = pos(["7♥", "9♠"])
        assert rule_of(g, Signal(1, UP1, "passenger")) == "signal-kind"

    @pytest.mark.parametrize("one_deck", ["kurze-fahrt", "kinderfahrt", "zwei-kabinen"])
    def test_one_deck_has_no_twins(self, one_deck):
        with pytest.raises(RulesError) as info:
            make_rules("fahrgaeste", one_deck)
        msg = str(info.value)
        assert names_variant(msg, "fahrgaeste") and names_variant(msg, one_deck)
        assert "twin" in msg.lower() or "zwilling" in msg.lower()


# =========================================================================== Feuer

F = make_rules("feuer")
BURNING = {c(x) for x in ("3♥", "6♥", "9♥", "Q♥")}


def fire_game():
    """P0 opens up pile 1 with the burning 6♥ (and 7♦ on up pile 2) in turn 1; P1 chooses."""
    g = pos(["6♥ 7♦ 9♦ 2♠", "8♣ K♦ Q♦ 9♥ 5♠"], draw_pile="A♣ A♣ 2♣ 2♣ 3♣ 3♣ 4♣ 4♣", rules=F)
    return act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())


class TestFeuer:
    """rules §11.8; rules §10–§11 (Decision: stuck with an uncovered earlier burning card is a fire loss)."""

    @pytest.mark.parametrize("card", full_deck(1), ids=str)
    def test_which_cards_burn(self, card):
        g = pos([[card, c("K♣")], []], draw_pile="", rules=F)
        act(g, Play(card, UP1))
        expected = [(UP1, card, 1)] if card in BURNING else []
        assert burning(g) == expected

    def test_uncovered_loses_at_the_end_of_the_next_turn(self):
        g = fire_game()
        assert burning(g) == [(UP1, c("6♥"), 1)]
        act(g, Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1))
        assert g.result is None
        assert rule_of(g, EndTurn()) is None
        act(g, EndTurn())
        r = g.result
        assert r is not None and r.outcome == "lost" and r.reason == "fire"
        assert parse_card(r.card) == c("6♥") and r.turn == 2

    def test_covered_by_the_next_player(self):
        g = act(fire_game(), Play(c("8♣"), UP1), Play(c("K♦"), DOWN1), EndTurn())
        assert g.result is None and burning(g) == []

    def test_covered_by_a_burning_card_moves_the_duty_on(self):
        g = act(fire_game(), Play(c("9♥"), UP1), Play(c("K♦"), DOWN1), EndTurn())
        assert g.result is None
        assert burning(g) == [(UP1, c("9♥"), 2)]
        act(g, Play(c("9♦"), DOWN1), Play(c("2♠"), DOWN1), EndTurn())
        r = g.result
        assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("9♥"), 3)

    def test_burning_card_of_the_current_turn_does_not_lose_at_its_end(self):
        g = pos(["6♥ 7♦ 9♦", "8♣ K♦"], rules=F)
        act(g, Play(c("7♦"), UP2), Play(c("6♥"), UP1), EndTurn())
        assert g.result is None and burning(g) == [(UP1, c("6♥"), 1)]

    def test_covered_in_the_same_turn(self):
        g = pos(["6♥ 7♦ 9♦", "K♦ Q♦"], rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP1))
        assert burning(g) == []
        act(g, EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1), EndTurn())
        assert g.result is None

    @pytest.mark.parametrize("cover", [True, False])
    def test_duty_skips_a_player_without_cards(self, cover):
        g = pos(["6♥ 7♦", "", "K♦ 8♣"], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1), EndTurn())
        assert g.to_move == 2
        act(g, Play(c("8♣") if cover else c("K♦"), UP1 if cover else DOWN1), EndTurn())
        if cover:
            assert g.result is None
        else:
            assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    @pytest.mark.parametrize("cover", [True, False])
    def test_solo_covers_in_the_own_next_turn(self, cover):
        g = pos(["6♥ 7♦ K♦ Q♦"], draw_pile="2♣ 3♣ 4♣ 2♣", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        assert g.to_move == 0 and g.turn == 2 and g.result is None
        act(g, Play(c("K♦"), UP1 if cover else DOWN1), Play(c("Q♦"), DOWN1), EndTurn())
        if cover:
            assert g.result is None
        else:
            r = g.result
            assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("6♥"), 2)

    def test_the_last_card_of_the_game_may_stay_burning(self):
        g = pos(["6♥", ""], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1))
        assert g.result is not None and g.result.outcome == "perfect"

    def test_only_the_last_card_may_stay_burning(self):
        # seed: "Nur die allerletzte Karte des Spiels darf brennen bleiben" — an earlier burning card
        # left uncovered when the last card goes elsewhere still loses
        g = pos(["6♥ 7♦", "K♦"], draw_pile="", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        act(g, Play(c("K♦"), DOWN1))
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_stuck_with_an_uncovered_burning_card_is_a_fire_loss(self):
        g = pos(["6♥ K♣", "2♠ 3♠"], ["", "", "A♦", "A♦"], draw_pile="4♣ 4♣", rules=F)
        act(g, Play(c("6♥"), UP1), Play(c("K♣"), UP2), EndTurn())
        r = g.result
        assert r is not None and (r.outcome, r.reason, parse_card(r.card)) == ("lost", "fire", c("6♥"))

    @pytest.mark.parametrize("cover", [True, False])
    def test_halt_ends_the_turn_and_the_fire_check_runs(self, cover):
        r = make_rules("feuer", "befehle")
        g = pos(["6♥ 7♦ 9♦ 2♠", "J♥ K♦ Q♦"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn())
        act(g, Play(c("J♥"), UP1 if cover else DOWN1))           # Halt: the turn ends at once
        if cover:
            assert g.result is None and g.to_move == 0 and g.turn == 3
        else:
            r = g.result
            assert r is not None and (r.outcome, r.reason, parse_card(r.card), r.turn) == ("lost", "fire", c("6♥"), 2)

    def test_token_end_runs_the_fire_check(self):
        r = make_rules("feuer", "notruf-marken", tokens=1)
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), EndTurn(token=True))
        assert g.result is not None and (g.result.outcome, g.result.reason, g.result.turn) == ("lost", "fire", 2)

    def test_time_out_runs_the_fire_check(self):
        r = make_rules("feuer", "sanduhr")
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦ 5♠"], rules=r)
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1),
            TimeOut())
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_burning_from_a_position(self):
        g = pos(["9♦ 2♠", "K♦ Q♦"], ["6♥", "", "", ""], rules=F, burning=[(UP1, "6♥", 1)], turn=2)
        act(g, Play(c("9♦"), DOWN1), Play(c("2♠"), DOWN1), EndTurn())
        assert g.result is not None and (g.result.outcome, g.result.reason) == ("lost", "fire")

    def test_no_fire_without_the_variant(self):
        g = pos(["6♥ 7♦ 9♦ 2♠", "K♦ Q♦"])
        act(g, Play(c("6♥"), UP1), Play(c("7♦"), UP2), EndTurn(), Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1),
            EndTurn())
        assert g.result is None and list(getattr(g, "burning", [])) == []


# =========================================================================== Befehle (rules §12)

B = make_rules("befehle")
BL = make_rules("befehle-light")
RULESETS = {"full": B, "light": BL, "none": STANDARD}


class TestBefehle:
    @pytest.mark.parametrize("card,rules,halts", [
        ("J♥", "full", True), ("J♦", "full", True), ("J♥", "light", True), ("J♦", "light", True),
        ("J♠", "full", False), ("J♣", "light", False), ("J♥", "none", False)])
    def test_halt_red_jack_ends_the_turn(self, card, rules, halts):
        g = pos([f"{card} 5♣ 6♣", "2♠ 3♠"], rules=RULESETS[rules])
        act(g, Play(c(card), UP1))
        if halts:
            assert (g.to_move, g.turn) == (1, 2)
            assert len(g.hands[0]) == 7          # the turn ended normally: drew back up
        else:
            assert (g.to_move, g.turn) == (0, 1)

    def test_halt_as_second_card(self):
        g = act(pos(["5♣ J♦ 6♣", "2♠ 3♠"], rules=B), Play(c("5♣"), UP1), Play(c("J♦"), UP1))
        assert (g.to_move, g.turn) == (1, 2)

    @pytest.mark.parametrize("rules", ["full", "light"])
    def test_schweigen_red_queen_silences_until_that_players_next_turn(self, rules):
        g = pos(["Q♥ 5♣ 6♣", "2♠ 3♠ 4♠"], rules=RULESETS[rules])
        assert rule_of(g, Signal(1, UP2, "hold")) is None
        act(g, Play(c("Q♥"), UP1))
        assert rule_of(g, Signal(1, UP2, "hold")) == "silence"
        assert rule_of(g, Signal(0, UP2, "help")) == "silence"
        act(g, Play(c("5♣"), DOWN1), EndTurn())
        assert g.to_move == 1
        assert rule_of(g, Signal(1, UP2, "hold")) == "silence"
        act(g, Play(c("4♠"), DOWN2), Play(c("3♠"), DOWN2), EndTurn())
        assert g.to_move == 0
        assert rule_of(g, Signal(1, UP2, "hold")) is None

    def test_no_schweigen_without_commands(self):
        g = act(pos(["Q♥ 5♣ 6♣", "2♠"]), Play(c("Q♥"), UP1))
        assert rule_of(g, Signal(1, UP2, "hold")) is None

    @pytest.mark.parametrize("card,rules,next_min,after", [
        ("K♦", "full", 3, 2), ("K♥", "full", 3, 2), ("K♦", "light", 2, 2), ("K♥", "none", 2, 2),
        ("K♠", "full", 3, 3), ("K♣", "full", 3, 3), ("K♠", "light", 2, 2), ("K♣", "none", 2, 2)])
    def test_kings_express_and_last(self, card, rules, next_min, after):
        """Red K Express: next player +1 once.  Black K Last: +1 for everyone while on top."""
        g = pos([f"{card} 5♣ 6♣", "2♠ 3♠ 4♠ 7♠"], rules=RULESETS[rules])
        act(g, Play(c(card), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert g.turn_minimum == next_min
        act(g, *[Play(c(x), UP2) for x in ("2♠", "3♠", "4♠")[:next_min]], EndTurn())   # the king stays on top
        assert g.to_move == 0 and g.turn_minimum == after

    def test_express_with_an_empty_draw_pile(self):
        g = act(pos(["K♥ 5♣", "2♠ 3♠ 4♠"], draw_pile="", rules=B), Play(c("K♥"), UP1), EndTurn())
        assert g.turn_minimum == 2

    def test_express_goes_to_the_next_player_with_cards(self):
        g = act(pos(["K♥ 5♣", "", "2♠ 3♠ 4♠"], draw_pile="", rules=B), Play(c("K♥"), UP1), EndTurn())
        assert g.to_move == 2 and g.turn_minimum == 2

    def test_last_is_fixed_at_turn_start(self):
        g = act(pos(["K♠ 5♣ 6♣", "5♦ 4♦ 3♦ 9♠"], rules=B), Play(c("K♠"), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert g.turn_minimum == 3
        act(g, Play(c("5♦"), DOWN1), Play(c("4♦"), DOWN1))      # the black king is covered ...
        assert rule_of(g, EndTurn()) == "minimum-play"          # ... but this turn's minimum stays 3
        act(g, Play(c("3♦"), DOWN1), EndTurn())
        assert g.turn_minimum == 2

    def test_last_adds_to_steil(self):
        g = pos(["5♣ 6♣ 7♣ 8♣", "2♠"], ["", "", "K♠", ""], rules=make_rules("steil", "befehle"))
        assert g.turn_minimum == 4

    def test_last_only_while_the_draw_pile_exists(self):
        g = act(pos(["K♠ 5♣", "2♠ 3♠"], draw_pile="", rules=B), Play(c("K♠"), DOWN1), EndTurn())
        assert g.turn_minimum == 1

    def test_last_from_a_position(self):
        assert pos(["5♣ 6♣ 7♣", "2♠"], ["", "", "K♠", ""], rules=B).turn_minimum == 3
        assert pos(["5♣ 6♣ 7♣", "2♠"], ["", "", "K♠", ""], rules=BL).turn_minimum == 2

    @pytest.mark.parametrize("rules", ["full", "light"])
    @pytest.mark.parametrize("piles,jack,pile,setback,other", [
        (["9♠", "", "Q♥", ""], "J♠", UP1, "10♠", ("K♥", DOWN1)),
        (["", "5♥", "Q♣", ""], "J♣", DOWN1, "Q♣", ("4♥", UP2)),
    ])
    def test_sperre_black_jack_blocks_setbacks_while_on_top(self, rules, piles, jack, pile, setback, other):
        r = make_rules("befehle" if rules == "full" else "befehle-light", "notruf-marken", tokens=2)
        big = {"J♠": "9♠", "J♣": "K♣"}[jack]
        g = pos([f"{jack} {setback} {big} {other[0]} Q♦ 2♦", "7♠"], piles, rules=r)
        act(g, Play(c(jack), pile))
        assert rule_of(g, Play(c(setback), pile)) == "setback-blocked"
        assert rule_of(g, BigSetback(c(big), pile)) == "setback-blocked"
        assert rule_of(g, Play(c(other[0]), other[1])) is None      # other piles keep their setbacks

    def test_sperre_ends_when_covered_and_lasts_across_turns(self):
        g = pos(["J♠ Q♥ 5♣", "10♠ J♥ 2♦"], ["9♠", "", "", ""], rules=B)
        act(g, Play(c("J♠"), UP1), Play(c("5♣"), DOWN1), EndTurn())
        assert rule_of(g, Play(c("10♠"), UP1)) == "setback-blocked"
        g2 = pos(["J♠ Q♥ J♥ 5♣", "2♦"], ["9♠", "", "", ""], rules=B)
        act(g2, Play(c("J♠"), UP1), Play(c("Q♥"), UP1))
        assert rule_of(g2, Play(c("J♥"), UP1)) is None            # setback onto Q♥ is free again

    def test_no_sperre_without_commands(self):
        g = act(pos(["J♠ 10♠ 5♣", "2♦"], ["9♠", "", "", ""]), Play(c("J♠"), UP1))
        assert rule_of(g, Play(c("10♠"), UP1)) is None

    ENGPASS = [("10♣", "narrow-pass"), ("5♦", "narrow-pass"), ("10♦", "narrow-pass"), ("J♣", None), ("J♦", None),
               ("Q♦", None), ("Q♥", None), ("Q♠", None), ("K♠", None), ("K♣", "down-pile-order")]

    @pytest.mark.parametrize("rules", ["full", "light"])
    @pytest.mark.parametrize("card,expected", ENGPASS)
    def test_engpass_black_queen(self, rules, card, expected):
        g = pos(["Q♠ " + card, "2♦"], rules=RULESETS[rules])
        act(g, Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c(card), DOWN1)) == expected

    def test_engpass_ends_when_covered(self):
        g = act(pos(["Q♠ Q♥ 10♣", "2♦"], rules=B), Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) == "narrow-pass"
        act(g, Play(c("Q♥"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) is None

    def test_engpass_lasts_across_turns(self):
        g = act(pos(["Q♠ 5♣", "10♣ 2♦"], rules=B), Play(c("Q♠"), DOWN1), Play(c("5♣"), UP1), EndTurn())
        assert rule_of(g, Play(c("10♣"), DOWN1)) == "narrow-pass"

    def test_no_engpass_without_commands(self):
        g = act(pos(["Q♠ 10♣", "2♦"]), Play(c("Q♠"), DOWN1))
        assert rule_of(g, Play(c("10♣"), DOWN1)) is None

    def test_command_cards_follow_the_placement_rules(self):
        g = pos(["J♥ 5♣", "2♦"], ["K♣", "", "", ""], rules=B)
        assert rule_of(g, Play(c("J♥"), UP1)) == "up-pile-order"


# =========================================================================== signals (rules §7; rules §7)

class TestSignals:
    @pytest.mark.parametrize("seat,pile,kind", [(1, UP1, "hold"), (0, DOWN1, "help"), (1, DOWN2, "jump")])
    def test_signals_are_visible(self, seat, pile, kind):
        g = pos(["5♣ 6♣", "7♦"])
        before = g.to_position()
        act(g, Signal(seat, pile, kind))
        assert (seat, kind) in signals_on(g, pile)
        assert g.to_position()["hands"] == before["hands"] and g.to_position()["piles"] == before["piles"]
        assert (g.to_move, g.turn, g.played_this_turn) == (0, 1, 0)

    def test_withdraw(self):
        g = act(pos(["5♣ 6♣", "7♦"]), Signal(1, UP1, "hold"), Signal(1, UP1, None))
        assert (1, "hold") not in signals_on(g, UP1)

    @pytest.mark.parametrize("kind", ["passenger", "shout", "9♥"])
    def test_signal_kind(self, kind):
        assert rule_of(pos(["5♣ 6♣", "7♦"]), Signal(1, UP1, kind)) == "signal-kind"

    @pytest.mark.parametrize("seat", [0, 1])
    def test_stille_fahrt(self, seat):
        g = pos(["5♣ 6♣", "7♦"], rules=make_rules("stille-fahrt"))
        assert rule_of(g, Signal(seat, UP1, "help")) == "signals-off"
        assert not any(isinstance(a, Signal) for a in g.legal_actions())

    def test_liftfuehrer(self):
        g = pos(["5♣ 6♣", "7♦ 8♦"], rules=make_rules("liftfuehrer"))
        assert rule_of(g, Signal(1, UP1, "hold")) == "signal-mover-only"
        assert rule_of(g, Signal(0, UP1, "hold")) is None
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1), EndTurn())
        assert rule_of(g, Signal(1, UP1, "hold")) is None
        assert rule_of(g, Signal(0, UP1, "hold")) == "signal-mover-only"

    def test_signal_on_a_missing_pile(self):
        assert rule_of(pos(["5♣ 6♣", "7♦"]), Signal(1, 9, "hold")) == "no-such-pile"


# =========================================================================== Sanduhr

S = make_rules("sanduhr")


class TestSanduhr:
    def test_thirty_seconds(self):
        from paternoster.lift import variants
        from paternoster.lift import rules as rules_mod
        assert getattr(variants, "HOURGLASS_SECONDS", getattr(rules_mod, "HOURGLASS_SECONDS", None)) == 30

    def test_time_out_ends_the_turn_at_once(self):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"], rules=S)
        act(g, Play(c("5♣"), UP1), Play(c("6♣"), UP1))
        assert TimeOut() in g.legal_actions()
        act(g, TimeOut())
        assert g.result is None and (g.to_move, g.turn) == (1, 2) and len(g.hands[0]) == 7

    @pytest.mark.parametrize("played", [0, 1])
    def test_time_out_below_the_minimum_ends_the_game(self, played):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"], rules=S)
        draw = len(g.draw_pile)
        act(g, *[Play(c(x), UP1) for x in ("5♣", "6♣")[:played]], TimeOut())
        r = g.result
        assert r is not None and (r.outcome, r.reason, r.player) == ("stuck", "time-out", 0)
        assert r.remaining == g.remaining == 3 - played + 2 + draw

    def test_no_hourglass(self):
        g = pos(["5♣ 6♣ 7♣", "2♠ 3♠"])
        assert rule_of(g, TimeOut()) == "no-hourglass"
        assert TimeOut() not in g.legal_actions()


# =========================================================================== Hochhaus

H = make_rules("hochhaus")


class TestHochhaus:
    def test_player_counts(self):
        assert H.player_counts == (6, 7, 8)

    @pytest.mark.parametrize("players", [5, 9, 2])
    def test_other_player_counts_refused(self, players):
        with pytest.raises(RulesError) as info:
            Game.new(players=players, seed=0, rules=H)
        assert names_variant(str(info.value), "hochhaus")

    def test_six_players_need_hochhaus(self):
        with pytest.raises(RulesError):
            Game.new(players=6, seed=0)

    def test_triplets_are_equal(self):
        g = pos(["7♥ 7♥ 6♥", "", "", "", "", "2♠"], ["7♥", "", "", "", "", ""], rules=H)
        lp = g.play("7♥", 0)
        assert (lp.kind, lp.skipped) == ("normal", 0)      # twin on twin
        lp = g.play("7♥", 0)
        assert (lp.kind, lp.skipped) == ("normal", 0)      # the third copy on two twins
        assert not g.setback_used
        assert rule_of(g, Play(c("6♥"), 0)) is None          # the setback is still free

    def test_four_copies_refused(self):
        with pytest.raises(PositionError):
            pos(["7♥ 7♥", "7♥ 7♥", "", "", "", ""], rules=H)


# =========================================================================== conflicts

CONFLICTS = [
    (("fahrgaeste", "kurze-fahrt"), {}), (("fahrgaeste", "kinderfahrt"), {}), (("fahrgaeste", "zwei-kabinen"), {}),
    (("stille-fahrt", "liftfuehrer"), {}), (("befehle", "befehle-light"), {}), (("grosse-hand", "kleine-hand"), {}),
    (("kinderfahrt", "steil"), {}), (("hochhaus", "kurze-fahrt"), {}), (("hochhaus", "kinderfahrt"), {}),
    (("hochhaus", "zwei-kabinen"), {}),
    (("notruf-marken",), {"tokens": 0}), (("notruf-marken",), {"tokens": 5}),
    (("fahrgaeste",), {"passengers": 2}), (("fahrgaeste",), {"passengers": 6}),
]


class TestConflicts:
    @pytest.mark.parametrize("keys,kw", CONFLICTS, ids=[f"{'+'.join(k)}{v}" for k, v in CONFLICTS])
    def test_make_rules_refuses_and_names_the_variants(self, keys, kw):
        with pytest.raises(RulesError) as info:
            make_rules(*keys, **kw)
        for k in keys:
            assert names_variant(str(info.value), k), (k, str(info.value))

    @pytest.mark.parametrize("keys,kw", CONFLICTS, ids=[f"{'+'.join(k)}{v}" for k, v in CONFLICTS])
    def test_order_does_not_matter(self, keys, kw):
        with pytest.raises(RulesError):
            make_rules(*reversed(keys), **kw)

    @pytest.mark.parametrize("key,players", [("zwei-kabinen", 3), ("zwei-kabinen", 1), ("weitergeben", 1),
                                             ("hochhaus", 5)])
    def test_player_count_conflicts(self, key, players):
        r = make_rules(key)
        for make in (lambda: Game.new(players=players, seed=0, rules=r), lambda: r.check_players(players)):
            with pytest.raises(RulesError) as info:
                make()
            assert names_variant(str(info.value), key), str(info.value)

    @pytest.mark.parametrize("keys", [("notruf-marken", "weitergeben", "feuer", "befehle", "sanduhr"),
                                      ("kurze-fahrt", "grosse-hand", "stille-fahrt"),
                                      ("steil", "fahrgaeste", "liftfuehrer", "befehle-light")])
    def test_sensible_combinations_work(self, keys):
        r = make_rules(*keys)
        assert set(keys) <= set(r.variants)
        g = Game.new(players=2, seed=4, rules=r)
        assert g.result is None and accounted(g) == Counter(full_deck(r.decks))


# =========================================================================== presets

def simple_play(g: Game, limit: int = 60) -> Game:
    """The cheapest legal play until the minimum is met, then end the turn (deterministic)."""
    for _ in range(limit):
        if g.is_terminal():
            break
        if g.minimum_met and EndTurn() in g.legal_actions():
            g.apply_action(EndTurn())
            continue
        plays = g.legal_plays()
        acts = g.legal_actions()
        if plays:
            lp = min(plays, key=lambda p: (p.skipped, p.card, p.pile))
            g.apply_action(lp.action)
        else:
            g.apply_action(acts[0])
    return g


class TestPresets:
    def test_every_variant_has_a_preset(self):
        covered = {k for p in presets() for k in p.rules.variants}
        assert set(ALL_KEYS) <= covered

    @pytest.mark.parametrize("name", ["Normal", "Kurze Fahrt", "Notruf-Marken 2", "Hochhaus 4"])
    def test_named_presets(self, name):
        assert any(p.name == name for p in presets())
        assert isinstance(preset(name), Rules)

    def test_normal_is_the_standard_game(self):
        d, s = preset("Normal").to_dict(), STANDARD.to_dict()
        d.pop("name"), s.pop("name")
        assert d == s

    def test_hochhaus_presets(self):
        assert preset("Hochhaus 4").hand_size(6) == 4
        assert any(p.rules.variants == ("hochhaus",) and p.rules.hand_size(7) == 5 for p in presets())

    def test_names_unique_and_descriptions_one_line(self):
        names = [p.name for p in presets()]
        assert len(names) == len(set(names))
        assert all(p.description and "\n" not in p.description for p in presets())
        assert set(PRESETS) == set(names)

    def test_nonsense_lists_known_names(self):
        with pytest.raises(RulesError) as info:
            preset("nonsense")
        assert "nonsense" in str(info.value) and "Normal" in str(info.value) and "Kurze Fahrt" in str(info.value)

    @pytest.mark.parametrize("players", [1, 2, 6])
    def test_presets_by_player_count(self, players):
        ps = presets(players=players)
        assert ps and all(players in p.player_counts for p in ps)
        assert {p.name for p in ps} == {p.name for p in presets() if players in p.player_counts}

    @pytest.mark.parametrize("p", presets(), ids=lambda p: p.name)
    def test_each_preset_makes_games_and_records_replay(self, p):
        assert p.player_counts and set(p.player_counts) <= set(p.rules.player_counts)
        for players in p.player_counts:
            g = Game.new(players=players, seed=17, rules=p.rules)
            assert [len(h) for h in g.hands] == [p.rules.hand_size(players)] * players
            assert accounted(g) == Counter(full_deck(p.rules.decks))
            simple_play(g)
            rec = g.to_record()
            assert Rules.from_dict(rec["rules"]) == p.rules
            again = replay(g.to_json())
            assert again == g and again.actions == g.actions and again.rules == p.rules
            assert again.result == g.result


# =========================================================================== refusals change nothing

def _no_tokens():
    g = act(tok_game(1), Play(c("J♥"), UP1), EndTurn(token=True))
    return g, BigSetback(c("9♥"), UP1)


def _one_token():
    return act(tok_game(2), BigSetback(c("8♥"), UP1)), EndTurn(token=True)


def _sperre():
    return act(pos(["J♠ 10♠ 5♣", "2♦"], ["9♠", "", "", ""], rules=B), Play(c("J♠"), UP1)), Play(c("10♠"), UP1)


def _engpass():
    return act(pos(["Q♠ 10♣", "2♦"], rules=B), Play(c("Q♠"), DOWN1)), Play(c("10♣"), DOWN1)


def _silence():
    return act(pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), Play(c("Q♥"), UP1)), Signal(1, UP2, "hold")


REFUSALS = {
    "no-tokens": _no_tokens,
    "one-token-per-turn": _one_token,
    "big-setback": lambda: (tok_game(), BigSetback(c("6♥"), UP1)),
    "setback-blocked": _sperre,
    "narrow-pass": _engpass,
    "one-pass-per-turn": lambda: (act(w_game(), Pass(c("5♣"), 1)), Pass(c("6♣"), 1)),
    "no-passing": lambda: (w_game(rules=STANDARD), Pass(c("5♣"), 1)),
    "pass-target": lambda: (w_game(), Pass(c("5♣"), 0)),
    "signals-off": lambda: (pos(["5♣", "6♣"], rules=make_rules("stille-fahrt")), Signal(0, UP1, "hold")),
    "signal-mover-only": lambda: (pos(["5♣", "6♣"], rules=make_rules("liftfuehrer")), Signal(1, UP1, "hold")),
    "silence": _silence,
    "signal-kind": lambda: (pos(["5♣", "6♣"]), Signal(1, UP1, "passenger")),
    "no-hourglass": lambda: (pos(["5♣ 6♣", "6♣"]), TimeOut()),
}


@pytest.mark.parametrize("rule", list(REFUSALS))
def test_refusal_changes_nothing(rule):
    g, action = REFUSALS[rule]()
    before = state(g)
    refusal = g.check(action)
    assert refusal is not None and refusal.rule == rule
    assert refusal.message and len(refusal.message) > 20
    assert action not in g.legal_actions()
    with pytest.raises(IllegalPlayError) as info:
        g.apply_action(action)
    assert info.value.rule == rule and str(info.value) == refusal.message
    assert state(g) == before


# =========================================================================== undo and records for the new actions

NEW_ACTIONS = {
    "big-setback": lambda: (tok_game(), [BigSetback(c("8♥"), UP1)]),
    "token-end": lambda: (tok_game(), [Play(c("J♥"), UP1), EndTurn(token=True)]),
    "pass": lambda: (w_game(), [Pass(c("5♣"), 1)]),
    "signal": lambda: (pos(["5♣ 6♣", "7♦"]), [Signal(1, UP1, "hold"), Signal(1, UP1, None)]),
    "time-out": lambda: (pos(["5♣ 6♣ 7♣", "2♠"], rules=S), [Play(c("5♣"), UP1), TimeOut()]),
    "halt": lambda: (pos(["J♥ 5♣", "2♠"], rules=B), [Play(c("J♥"), UP1)]),
    "fire-loss": lambda: (fire_game(), [Play(c("K♦"), DOWN1), Play(c("Q♦"), DOWN1), EndTurn()]),
    "fire-position": lambda: (pos(["9♦ 8♣", "K♦ Q♦"], ["6♥", "", "", ""], rules=F, burning=[(UP1, "6♥", 1)],
                                  turn=2), [Play(c("8♣"), UP1), Play(c("9♦"), UP1), EndTurn()]),
    "deliver": lambda: (pos(["7♥ 9♠ 2♦ K♣", "Q♣"], rules=fg_rules(3), passengers="7♥ 9♠ 2♦"),
                        [Play(c("7♥"), UP1), Play(c("2♦"), DOWN1)]),
    "position-tokens": lambda: (pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""], rules=tok_rules(2), tokens=1),
                                [BigSetback(c("8♥"), UP1), Play(c("J♥"), UP1), EndTurn()]),
    "schweigen": lambda: (pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), [Play(c("Q♥"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
    "express": lambda: (pos(["K♥ 5♣ 6♣", "2♠ 3♠ 4♠"], rules=B), [Play(c("K♥"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
    "sperre": lambda: (pos(["J♠ 5♣ 6♣", "10♠"], ["9♠", "", "", ""], rules=B),
                       [Play(c("J♠"), UP1), Play(c("5♣"), DOWN1), EndTurn()]),
}


@pytest.mark.parametrize("name", list(NEW_ACTIONS))
def test_new_actions_undo_and_replay(name):
    g, actions = NEW_ACTIONS[name]()
    start = state(g)
    marks = []
    for a in actions:
        marks.append(state(g))
        g.apply_action(a)
        assert isinstance(a.to_json(), dict)
    again = replay(g.to_json())
    assert again == g and again.actions == g.actions and again.result == g.result
    for a, before in zip(reversed(actions), reversed(marks)):
        assert g.undo() == a
        assert state(g) == before
    assert state(g) == start


def test_replayed_position_keeps_its_variant_state():
    g = pos(["8♥ J♥ 9♣", "K♣"], ["10♥", "", "", ""], rules=tok_rules(2), tokens=1)
    act(g, BigSetback(c("8♥"), UP1))
    again = replay(g.to_json())
    assert g.tokens == 0 and again.tokens == 0
    g = pos(["9♠ 2♦ K♣", "Q♣"], rules=fg_rules(3), passengers="7♥ 9♠ 2♦", delivered=1)
    act(g, Play(c("9♠"), UP1))
    again = replay(g.to_json())
    assert again.delivered == g.delivered == 2 and again.result is None
    g = act(pos(["Q♥ 5♣ 6♣", "2♠"], rules=B), Play(c("Q♥"), UP1), Play(c("5♣"), DOWN1), EndTurn())
    again = replay(g.to_json())
    assert again.check(Signal(1, UP2, "hold")) == g.check(Signal(1, UP2, "hold")) and g.check(Signal(1, UP2, "hold"))


@pytest.mark.parametrize("build", [
    lambda: (pos(["5♣", "6♣"]), Signal(2, UP1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(-1, UP1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(1, -1, "hold")),
    lambda: (pos(["5♣", "6♣"]), Signal(1, UP1, None)),          # nothing to withdraw
    lambda: (w_game(), Pass(c("5♣"), 7)),
    lambda: (tok_game(), BigSetback(c("8♥"), 9)),
    lambda: (tok_game(), BigSetback(c("5♦"), UP1)),
    lambda: (act(tok_game(), Play(c("J♥"), UP1), Play(c("6♠"), DOWN2)), EndTurn(token=True)),  # minimum met
], ids=["seat-2", "seat-neg", "pile-neg", "withdraw-nothing", "pass-seat-7", "big-pile-9", "big-not-in-hand",
        "token-not-needed"])
def test_odd_actions_refused_without_change(build):
    g, action = build()
    before = state(g)
    assert g.check(action) is not None
    with pytest.raises(IllegalPlayError):
        g.apply_action(action)
    assert state(g) == before
