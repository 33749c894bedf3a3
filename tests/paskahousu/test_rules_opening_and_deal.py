"""Paskahousu rules: who starts and the opening lay (§4, Fester Anfang §11.3) and the deal (§3).

Written from the rule book, independent of the engine: see ``pk_rulebook.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from paternoster import (PositionError, RulesError, full_deck)
from paternoster.paskahousu import (HouseRules, PaskahousuGame, PickUp, PlayCards,
                                    TryYourLuck)
from paternoster.paskahousu import rule_ids as ids

from pk_rulebook import LABELS, RANK, everything, refused


# =============================================================================================================
# 4. Who starts (Paskahousu rules §4, Paskahousu rules §3–§4)
# =============================================================================================================

def expected_opener(hands, dealer):
    """Most 3s; ties -> first clockwise from the dealer's left; nobody has a 3 -> most 4s, and so on."""
    n = len(hands)
    order = [(dealer + 1 + i) % n for i in range(n)]
    for label in LABELS:
        counts = [sum(1 for x in h if x.rank == RANK[label]) for h in hands]
        best = max(counts)
        if best:
            return next(s for s in order if counts[s] == best), RANK[label]
    raise AssertionError("nobody holds a card")


def _counts(hands, rank):
    return [sum(1 for x in h if x.rank == rank) for h in hands]


def _tie_not_lowest(hands, dealer):
    counts = _counts(hands, 3)
    best = max(counts)
    tied = [s for s, k in enumerate(counts) if k == best]
    return best > 0 and len(tied) >= 2 and expected_opener(hands, dealer)[0] != min(tied)


def _more_later(hands, dealer):
    # someone with one 3 sits before (clockwise from the dealer's left) someone with more 3s
    n = len(hands)
    counts = _counts(hands, 3)
    order = [(dealer + 1 + i) % n for i in range(n)]
    first_with = next((s for s in order if counts[s]), None)
    return first_with is not None and counts[first_with] < max(counts)


SCENARIOS = {
    "tie-on-3s-broken-from-dealers-left": _tie_not_lowest,
    "most-3s-not-first-with-a-3": _more_later,
    "nobody-has-a-3": lambda h, d: max(_counts(h, 3)) == 0 and max(_counts(h, 4)) > 0,
    "nobody-has-a-3-or-4": lambda h, d: max(_counts(h, 3)) == 0 and max(_counts(h, 4)) == 0,
    "four-3s-in-one-hand": lambda h, d: max(_counts(h, 3)) == 4,
}
# Seeds that satisfied the scenario when the tests were written; if the engine's shuffle changes the test
# searches again (the hint is only a shortcut, the scenario is checked either way).
SEED_HINTS: dict[tuple[str, int, int], int] = {("four-3s-in-one-hand", 6, 0): 23701}


def find_game(scenario, players, dealer, limit=300_000):
    pred = SCENARIOS[scenario]
    hint = SEED_HINTS.get((scenario, players, dealer))
    seeds = ([hint] if hint is not None else []) + list(range(limit))
    for seed in seeds:
        g = PaskahousuGame.new(players, seed=seed, dealer=dealer)
        if pred(g.hands, dealer):
            return g, seed
    pytest.fail(f"no seed below {limit} gives scenario {scenario} for {players} players")


WHO_STARTS = [("tie-on-3s-broken-from-dealers-left", 4, 2), ("tie-on-3s-broken-from-dealers-left", 3, 0),
              ("tie-on-3s-broken-from-dealers-left", 5, 2), ("most-3s-not-first-with-a-3", 4, 0),
              ("most-3s-not-first-with-a-3", 6, 3), ("nobody-has-a-3", 2, 0), ("nobody-has-a-3", 3, 1),
              ("nobody-has-a-3-or-4", 2, 1)]


@pytest.mark.parametrize("scenario,players,dealer", WHO_STARTS)
def test_who_starts(scenario, players, dealer):
    g, seed = find_game(scenario, players, dealer)
    opener, rank = expected_opener(g.hands, dealer)
    assert g.to_move == opener, f"seed {seed}"
    lay = [x for x in g.hands[opener] if x.rank == rank]
    legal = g.legal_actions()
    assert len(legal) == 1 and isinstance(legal[0], PlayCards), "the opening lay is the only legal action"
    assert sorted(legal[0].cards) == sorted(lay), "…and it is ALL the opener's cards of that rank"
    # anything else is refused
    refused(g, TryYourLuck(), ids.OPENING_LAY)
    refused(g, PickUp(), ids.OPENING_LAY)
    other = [x for x in g.hands[opener] if x.rank != rank]
    if other:
        refused(g, PlayCards((other[0],)), ids.OPENING_LAY)
    if len(lay) >= 2:
        refused(g, PlayCards((lay[0],)), ids.OPENING_LAY)
    draw0 = list(g.draw_pile)
    g.apply_action(legal[0])
    assert g.pile == list(legal[0].cards)
    assert len(g.hands[opener]) == 5 and g.draw_pile == draw0[len(lay):], "the opener refills to five"
    assert g.to_move == (opener + 1) % players


def test_opening_four_threes_burns_and_opener_moves_again():
    g, seed = find_game("four-3s-in-one-hand", 6, 0)
    opener = next(s for s, h in enumerate(g.hands) if sum(x.rank == 3 for x in h) == 4)
    assert g.to_move == opener
    assert g.legal_actions() == [g.legal_actions()[0]] and sorted(g.legal_actions()[0].cards) == sorted(
        x for x in g.hands[opener] if x.rank == 3)
    g.apply_action(g.legal_actions()[0])
    assert g.pile == [] and sorted(g.burned) == sorted(x for x in full_deck() if x.rank == 3)
    assert g.to_move == opener, "four 3s burn and the opener moves again"
    assert len(g.hands[opener]) == 5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_opener_over_many_seeds(players):
    for seed in range(60):
        dealer = seed % players
        g = PaskahousuGame.new(players, seed=seed, dealer=dealer)
        assert g.to_move == expected_opener(g.hands, dealer)[0], (players, seed, dealer)


# -------------------------------------------------------------------------------------------------------------
# The opening lay takes any cards of its rank: suits never matter (Paskahousu rules §2, §4, §11.3, §11.5)
# -------------------------------------------------------------------------------------------------------------
# (hands, dealer, house rules, the play, legal?)  Written from the rule book: under Fester Anfang the first player
# from the dealer's left holding a 3 opens "with one 3 or several" (§11.3); nobody holds a 3: the dealer's left opens
# with any lay the empty table allows; in the standard game the opener lays all their 3s (§4), under Nur einzeln
# one card of that rank (§11.5 Decision).  Which cards of the rank make the lay never matters.
FIXED = dict(fixed_start=True)
OPENING_EDGES = [
    # Fester Anfang, the opener holds 3♥ 3♣ (issue: 3♣ alone was refused)
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "3♣", True),
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "3♥", True),
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "3♥ 3♣", True),
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "9♦", False),         # 3s first
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "3♦", False),         # a 3 the opener does not hold
    (["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], 2, FIXED, "3♣ 9♦", False),      # not one rank
    # Fester Anfang, nobody holds a 3: the dealer's left opens with any lay (issue: 5♥ alone was refused)
    (["5♦ 5♥ 9♦", "4♦ 9♥", "K♠"], 2, FIXED, "5♥", True),
    (["5♦ 5♥ 9♦", "4♦ 9♥", "K♠"], 2, FIXED, "5♦", True),
    (["5♦ 5♥ 9♦", "4♦ 9♥", "K♠"], 2, FIXED, "5♦ 5♥", True),
    (["5♦ 5♥ 9♦", "4♦ 9♥", "K♠"], 2, FIXED, "9♦", True),
    (["5♦ 5♥ 9♦", "4♦ 9♥", "K♠"], 2, FIXED, "4♦", False),         # Ben's card
    # … and Nur einzeln (Bildkarten, Asse, Zweien): kings one at a time, either king
    (["K♦ K♥ 9♦", "4♦ 9♥", "5♠"], 2, dict(FIXED, singles_only="high"), "K♥", True),
    (["K♦ K♥ 9♦", "4♦ 9♥", "5♠"], 2, dict(FIXED, singles_only="high"), "K♦", True),
    (["K♦ K♥ 9♦", "4♦ 9♥", "5♠"], 2, dict(FIXED, singles_only="high"), "K♦ K♥", False),
    # the standard game: all the opener's 3s, so one of two is refused
    (["3♦ 3♠ 7♥", "3♣ 9♦", "4♠"], 2, {}, "3♠ 3♦", True),
    (["3♦ 3♠ 7♥", "3♣ 9♦", "4♠"], 2, {}, "3♠", False),
    (["3♦ 3♠ 7♥", "3♣ 9♦", "4♠"], 2, {}, "3♦", False),
    # Nur einzeln (nur Zweien) caps an opening of 2s at one card: either 2
    (["2♦ 2♥", "2♠", "2♣"], 2, dict(singles_only="twos"), "2♥", True),
    (["2♦ 2♥", "2♠", "2♣"], 2, dict(singles_only="twos"), "2♦", True),
    (["2♦ 2♥", "2♠", "2♣"], 2, dict(singles_only="twos"), "2♦ 2♥", False),
]


@pytest.mark.parametrize("hands,dealer,switches,play,legal", OPENING_EDGES,
                         ids=[f"{i}-{e[4] and 'legal' or 'refused'}-{e[3]}" for i, e in enumerate(OPENING_EDGES)])
def test_the_opening_lay_takes_any_cards_of_its_rank(hands, dealer, switches, play, legal):
    g = PaskahousuGame.from_position(hands, draw_pile="8♣ 8♦ J♣", dealer=dealer, opening=True,
                                     rules=HouseRules(**switches))
    assert g.to_move == 0
    action = PlayCards(play)
    if not legal:
        refused(g, action, ids.OPENING_LAY)
        return
    assert g.check(action) is None
    g.apply_action(action)
    assert sorted(g.pile) == sorted(action.cards), "the cards played are the cards on the table"
    assert g.opening is None and g.actions == [action]
    assert PaskahousuGame.from_record(g.to_record()) == g, "the record replays"


def test_a_refused_fester_anfang_opening_names_every_card_that_may_open():
    g = PaskahousuGame.from_position(["5♦ 5♥ 9♦ K♦ K♥", "4♦ 9♥", "K♠"], dealer=2, opening=True,
                                     rules=HouseRules(fixed_start=True, singles_only="high"))
    message = g.why_not("4♦")
    assert "nobody holds a 3" in message and "5♦ 5♥; 9♦; K♦ K♥ (one at a time)" in message
    assert "Paskahousu rules §11.3" in message


# =============================================================================================================
# 5. The deal (Paskahousu rules §3)
# =============================================================================================================

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_five_each_rest_is_draw_pile(players):
    g = PaskahousuGame.new(players, seed=11)
    assert g.players == players
    assert [len(h) for h in g.hands] == [5] * players
    assert len(g.draw_pile) == 52 - 5 * players
    assert g.pile == [] and g.burned == [] and g.out == [] and g.result is None
    assert everything(g) == Counter(full_deck())
    assert g.turn == 1


@pytest.mark.parametrize("players", [3, 4, 6])
def test_deal_starts_left_of_the_dealer(players):
    # The shuffle depends on the seed alone; the dealer only changes who receives which cards:
    # seat dealer+1 gets what seat 1 gets when seat 0 deals.
    base = PaskahousuGame.new(players, seed=5, dealer=0)
    for dealer in range(players):
        g = PaskahousuGame.new(players, seed=5, dealer=dealer)
        assert g.dealer == dealer
        for i in range(players):
            assert g.hands[(dealer + 1 + i) % players] == base.hands[(1 + i) % players]
        assert g.draw_pile == base.draw_pile


@pytest.mark.parametrize("players", [1, 7, 0])
def test_player_count_refused(players):
    with pytest.raises(RulesError) as info:
        PaskahousuGame.new(players, seed=1)
    msg = str(info.value)
    assert "2" in msg and "6" in msg and "player" in msg.lower()


def test_same_seed_same_game():
    assert PaskahousuGame.new(4, seed=9).to_record() == PaskahousuGame.new(4, seed=9).to_record()
    assert PaskahousuGame.new(4, seed=9).hands == PaskahousuGame.new(4, seed=9).hands
    assert PaskahousuGame.new(4, seed=9).hands != PaskahousuGame.new(4, seed=10).hands


def test_from_position_refuses_duplicate_cards():
    with pytest.raises(PositionError) as info:
        PaskahousuGame.from_position(["8♥ 3♣", "8♥ 4♣"])
    assert "8♥" in str(info.value)


