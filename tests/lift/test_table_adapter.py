"""The card-table adapter: engine side, no widgets (the computer player's own tests: test_simple_player.py)."""

import json

import pytest

from paternoster import Game, examples, parse_card
from paternoster.lift.table import PaternosterTable
from paternoster.lift import rule_ids
from paternoster.lift.ladder import BIG_SETBACK


def test_view_is_json_and_lists_the_engines_legal_plays():
    g = examples.anna_turn()
    view = PaternosterTable(g).view()
    json.dumps(view)  # JSON only: strings, numbers, lists, dicts
    legal = {(lp.card.label("en"), lp.pile) for lp in g.legal_plays()}
    shown = {(card, t["pile"]) for card, ts in view["targets"].items() for t in ts}
    assert shown == legal
    assert view["targets"]["3♥"] == [{"pile": 2, "kind": "normal", "skipped": 12, "text": "fits: a jump over 12 rungs, cost 13"}]


def test_hidden_hands_unless_open():
    g = examples.anna_turn()
    hands = PaternosterTable(g).view()["hands"]
    assert [h["cards"] is None for h in hands] == [False, True, True]
    assert [h["count"] for h in hands] == [6, 6, 6]
    assert all(h["cards"] is not None for h in PaternosterTable(g, open_hands=True).view()["hands"])


def test_german_notation_in_labels_ids_stay_english():
    view = PaternosterTable(examples.anna_turn(), notation="de").view()
    queen = [c for c in view["hands"][0]["cards"] if c["id"] == "Q♠"][0]
    assert (queen["label"], queen["words"]) == ("D♠", "Pik Dame")


def test_refused_action_changes_nothing_and_names_the_rule():
    g = examples.ben_setback()
    t = PaternosterTable(g)
    assert t.act({"type": "play", "card": "9♥", "pile": 0})["ok"]
    before, view = g.to_position(), t.view()
    answer = t.act({"type": "play", "card": "8♥", "pile": 0})
    assert (answer["ok"], answer["rule"]) == (False, rule_ids.ONE_SETBACK_PER_TURN)
    assert "one setback per turn" in answer["message"]
    assert g.to_position() == before and t.view() == view


@pytest.mark.parametrize("action, rule", [
    ({"type": "play", "card": "9x", "pile": 0}, "card-notation"),
    ({"type": "play", "card": "9♥", "pile": 9}, rule_ids.NO_SUCH_PILE),
    ({"type": "end"}, rule_ids.MINIMUM_PLAY),
    ({"type": "undo"}, "nothing-to-undo"),
    ({"type": "fly"}, "bad-action"),
    ("play", "bad-action"),
])
def test_bad_actions(action, rule):
    g = examples.ben_setback()
    before = g.to_position()
    answer = PaternosterTable(g).act(action)
    assert (answer["ok"], answer["rule"]) == (False, rule)
    assert g.to_position() == before


def test_undo_and_computer_turn():
    g = examples.anna_turn()
    t = PaternosterTable(g)
    t.act({"type": "play", "card": "4♦", "pile": 0})
    assert t.act({"type": "undo"})["message"] == "Undone: 4♦ on up pile 1."
    answer = t.act({"type": "computer"})
    assert answer["ok"] and g.to_move == 1 and g.turn == 2
    assert answer["message"].startswith("Turn 1: Anna plays 4♦ on up pile 1")


def test_sentences_per_action():
    g = examples.carla_end()
    assert g.sentences(0) == []
    g.play("3♥", "down 1")
    assert g.sentences(1) == g.log[-2:]  # the play and the end of the game
    with pytest.raises(IndexError):
        g.sentences(2)


def test_a_click_on_a_big_setback_target_spends_a_token():
    """The front end sends one 'play' gesture; the adapter makes it the big setback the view offered."""
    from paternoster import make_rules

    g = Game.from_position(["8♥ 2♣"], piles=["10♥", "", "", ""], draw_pile="K♣ K♠ Q♣", players=1,
                           rules=make_rules("notruf-marken", tokens=2))
    t = PaternosterTable(g)
    offered = {(x["pile"], x["kind"]) for x in t.view()["targets"]["8♥"]}
    assert (0, BIG_SETBACK) in offered
    answer = t.act({"type": "play", "card": "8♥", "pile": 0})
    assert answer["ok"], answer
    assert g.tokens == 1 and g.piles[0].top == parse_card("8♥") and g.setback_used
    # Without a token left the same click is refused and changes nothing.
    g2 = Game.from_position(["8♥ 2♣"], piles=["10♥", "", "", ""], draw_pile="K♣ K♠ Q♣", players=1,
                            rules=make_rules("notruf-marken", tokens=2), tokens=0)
    before = g2.to_position()
    answer = PaternosterTable(g2).act({"type": "play", "card": "8♥", "pile": 0})
    assert not answer["ok"] and answer["rule"] == rule_ids.UP_PILE_ORDER
    assert g2.to_position() == before
