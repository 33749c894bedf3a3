"""The Paskahousu card-table adapter's choices: several cards of one rank from a click."""

import pytest

from paternoster.paskahousu import PaskahousuGame, PlayCards
from paternoster.paskahousu.actions import CheckAnnouncement, TurnTableCard
from paternoster.paskahousu.table import PaskahousuTable


def table(hand: str, pile: str = "6♣ 8♣") -> PaskahousuTable:
    g = PaskahousuGame.from_position([hand, "3♦ 4♠ 5♥ 6♥ 7♥"], pile=pile, draw_pile="9♦ 9♣ 2♦")
    return PaskahousuTable(g)


@pytest.mark.parametrize("hand, card, expected", [
    # two more 8s in hand: plays of 2 and 3 cards; the three 8s on the 8♣ make four of a kind (burn)
    ("8♥ 8♠ 8♦ 5♣ K♥", "8♥", [("2", "Play 8♥ 8♦"), ("3", "Play 8♥ 8♦ 8♠ (burns)")]),
    # a single card of its rank: no choices, only the click
    ("8♥ 5♣ K♥ 9♠ J♦", "8♥", None),
    # 5s may not go on the 8: neither alone nor together
    ("5♣ 5♠ 8♦ K♥ J♦", "5♣", None),
])
def test_choices_list_every_legal_play_of_several_cards(hand, card, expected):
    view = table(hand).view()
    got = view["choices"].get(card)
    assert (None if got is None else [(c["id"], c["label"]) for c in got]) == expected


def test_every_choice_is_a_legal_action_the_engine_carries_out():
    t = table("8♥ 8♠ 8♦ 5♣ K♥")
    for choice in t.view()["choices"]["8♥"]:
        g = t.game.copy()
        cards = choice["action"]["cards"]
        assert g.check(PlayCards(" ".join(cards))) is None
    answer = t.act(t.view()["choices"]["8♥"][0]["action"])
    assert answer["ok"], answer
    assert [c.label("en") for c in t.game.pile[-2:]] in (["8♥", "8♦"], ["8♦", "8♥"])


def test_no_choices_during_the_opening_or_after_the_game():
    g = PaskahousuGame.new(players=3, seed=5)
    assert PaskahousuTable(g).view()["choices"] == {}


def _undo_button(t: PaskahousuTable) -> dict:
    return next(b for b in t.view()["buttons"] if b["action"] == "undo")


@pytest.mark.parametrize("name, shown", [("Valepaska", CheckAnnouncement), ("Pöytäpaska", TurnTableCard)])
def test_undo_is_off_after_hidden_cards_were_shown(name, shown):
    # Paskahousu rules §11.10/§11.12: a check or a turned table card cannot be taken back, button and act() agree
    from paternoster.paskahousu import house_rules
    for seed in range(40):
        g = PaskahousuGame.new(players=2, seed=seed, rules=house_rules(name))
        t = PaskahousuTable(g)
        for _ in range(400):
            if g.is_terminal():
                break
            legal = g.legal_actions()
            hit = [a for a in legal if isinstance(a, shown)]
            if hit:
                assert t.act(hit[0].to_json())["ok"]
                assert _undo_button(t)["enabled"] is False
                before = g.to_record()
                answer = t.act({"type": "undo"})
                assert not answer["ok"] and "cannot be taken back" in answer["message"]
                assert g.to_record() == before
                return
            assert t.act(legal[0].to_json())["ok"]
            assert _undo_button(t)["enabled"] is True
    pytest.fail(f"no {shown.__name__} in 40 games")


@pytest.mark.parametrize("switches, hand, pile, card, kind, choice", [
    # Nur Schwarze zählen (Paskahousu rules §11.8): a red 10 is a plain card — it goes on a 4 and burns nothing
    (dict(black_only=True), "10♦ 7♦ 7♥", "4♥ 4♣", "10♦", "allowed", None),
    (dict(black_only=True), "10♠ 7♦ 7♥", "4♥ 4♣", "10♠", "burns", None),
    # Zwei Blätter (§11.9): four of a kind does not burn, so two 5s on two 5s are an ordinary play
    (dict(decks=2), "5♠ 5♥ 9♣", "5♦ 5♣", "5♠", "allowed", "Play 5♠ 5♥"),
    # the standard game: the same two 5s burn
    ({}, "5♠ 5♥ 9♣", "5♦ 5♣", "5♠", "allowed", "Play 5♠ 5♥ (burns)"),
])
def test_targets_say_what_the_engine_says_under_house_rules(switches, hand, pile, card, kind, choice):
    from paternoster.paskahousu import HouseRules
    rules = HouseRules(**switches)
    players = max(2, rules.min_players)
    hands = [hand] + ["K♣" if i == 1 else "" for i in range(1, players)]
    g = PaskahousuGame.from_position(hands, pile=pile, draw_pile="8♣", rules=rules)
    view = PaskahousuTable(g).view()
    assert view["targets"][card][0]["kind"] == kind
    assert [c["label"] for c in view["choices"].get(card, [])][:1] == ([choice] if choice else [])
    single = [lp.burns for lp in g.legal_plays() if len(lp.action.cards) == 1 and g.kind(lp.action.cards[0]) == g.kind(
        PlayCards(card).cards[0])]
    assert single == [kind == "burns"], "the target's kind is the engine's verdict for that card alone"


def test_fester_anfang_offers_every_3_of_the_opener_and_several_at_once():
    from paternoster.paskahousu import HouseRules
    g = PaskahousuGame.from_position(["3♥ 3♣ 9♦", "4♦ 9♥", "5♠"], dealer=2, opening=True, draw_pile="8♣",
                                     rules=HouseRules(fixed_start=True))
    t = PaskahousuTable(g)
    view = t.view()
    assert sorted(view["targets"]) == ["3♣", "3♥"]
    assert all(target[0]["text"] == "opening lay" for target in view["targets"].values())
    assert [c["label"] for c in view["choices"]["3♣"]] == ["Play 3♣ 3♥"]
    assert t.act({"type": "play", "card": "3♣", "pile": "discard"})["ok"] and g.pile == [g.pile[0]]
