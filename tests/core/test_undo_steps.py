"""Undo over several actions, asked before it is done (the card tables switch their Undo on or off with it).

``undo_refusal(steps)`` answers for taking back the last ``steps`` actions at once — all or nothing: a
Valepaska check or a turned face-down table card among them refuses (Paskahousu rules §11.10, §11.12),
as does an action without an undo record.  ``to_move_before(k)`` names the seat that made action ``k``.
"""

from __future__ import annotations

import pytest

from paternoster import EndTurn, Game
from paternoster.lift.bots import SimplePlayer
from paternoster.paskahousu import HeuristicPlayer, PaskahousuGame
from paternoster.paskahousu.game import CheckAnnouncement, TurnTableCard
from paternoster.paskahousu.rules import house_rules


def _play(g, player, actions: int) -> list[int]:
    """Apply ``actions`` of the computer's choices; the seat to move before each."""
    movers = []
    for _ in range(actions):
        movers.append(g.to_move)
        g.apply_action(player.choose(g))
    return movers


@pytest.mark.parametrize("make,player", [
    (lambda: Game.new(3, seed=7), SimplePlayer()),
    (lambda: PaskahousuGame.new(players=3, seed=7), HeuristicPlayer()),
])
def test_to_move_before_names_the_seat_that_made_each_action(make, player):
    g = make()
    movers = _play(g, player, 12)
    assert [g.to_move_before(k) for k in range(1, 13)] == movers
    for bad in (0, 13, True, "1"):
        with pytest.raises(IndexError):
            g.to_move_before(bad)


def test_undo_refusal_counts_the_undo_records_and_changes_nothing():
    g = Game.new(2, seed=1)
    assert g.undo_refusal().rule == "nothing-to-undo" and not g.can_undo()
    _play(g, SimplePlayer(), 3)
    before = g.to_json()
    assert g.can_undo(3) and not g.can_undo(4) and g.undo_refusal(4).rule == "nothing-to-undo"
    with pytest.raises(ValueError, match="steps"):
        g.undo_refusal(0)
    assert g.to_json() == before and len(g.actions) == 3           # asking changes nothing
    g.apply_action(SimplePlayer().choose(g), record_undo=False)  # no record: nothing may be undone
    assert g.undo_refusal().rule == "nothing-to-undo"


def test_a_check_deep_in_the_actions_refuses_undo_over_it_but_not_after_it():
    g = PaskahousuGame.new(players=3, seed=7, rules=house_rules("Valepaska"))
    player = HeuristicPlayer()
    while not any(isinstance(a, CheckAnnouncement) for a in g.actions):
        g.apply_action(player.choose(g))
    k = len(g.actions)                      # the check is action k
    for _ in range(2):                      # two actions that show nothing
        g.apply_action(next(a for a in g.legal_actions() if not isinstance(a, (CheckAnnouncement, TurnTableCard))))
    assert g.can_undo(1) and g.can_undo(2)
    r = g.undo_refusal(3)
    assert r.rule == "undo-shown" and "check" in r.message and "§11.12" in r.message
    before = g.to_json()
    g.undo(), g.undo()
    assert len(g.actions) == k and not g.can_undo()
    with pytest.raises(Exception, match="cannot be taken back"):
        g.undo()
    assert len(g.actions) == k and g.to_json() != before


def test_a_turned_table_card_refuses_undo():
    g = PaskahousuGame.new(players=2, seed=4, rules=house_rules("Pöytäpaska"))
    player = HeuristicPlayer()
    for _ in range(2000):
        if g.is_terminal() or any(isinstance(a, TurnTableCard) for a in g.actions):
            break
        g.apply_action(player.choose(g))
    turned = [i for i, a in enumerate(g.actions, 1) if isinstance(a, TurnTableCard)]
    if not turned:
        pytest.skip("this deal never turns a table card")
    after = len(g.actions) - turned[0]
    assert g.undo_refusal(after + 1).rule == "undo-shown" and "§11.10" in g.undo_refusal(after + 1).message
    assert after == 0 or g.can_undo(after)


def test_end_turn_warning_names_the_burning_card_and_what_covers_it():
    for seed in range(40):
        g = Game.new(2, seed=seed, rules=__import__("paternoster").preset("Feuer"))
        while not g.is_terminal() and not g.fire_duty:
            SimplePlayer().play_turn(g)
        if g.fire_duty:
            break
    p, card, turn = g.fire_duty[0]
    w = g.end_turn_warning()
    assert w.startswith("Ending the turn now loses the game: ") and str(card) in w and "§11.8" in w
    assert g.loses(EndTurn()) == "fire"
    covers = sorted({lp.card for lp in g.legal_plays() if lp.pile == p})
    assert " ".join(str(c) for c in covers) in w
    assert Game.new(2, seed=0).end_turn_warning() is None
