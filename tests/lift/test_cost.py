"""paternoster.lift.cost.play_cost is the one number for a play (rules §5): it agrees with the simple
player's cost before its adjustments (bots.base_cost) on every legal play of real positions."""

import pytest

from paternoster import Game, make_rules
from paternoster.lift.bots import SimplePlayer, base_cost
from paternoster.lift.cost import play_cost
from paternoster.lift.ladder import BIG_SETBACK


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", ["normal", "kinderfahrt"])
def test_play_cost_equals_base_cost_through_a_whole_game(seed, rules):
    game = Game.new(players=2, seed=seed, rules=make_rules() if rules == "normal" else make_rules(rules))
    player, checked = SimplePlayer(), 0
    while game.result is None:
        for lp in game.legal_plays():
            pile = game.piles[lp.pile]
            if lp.kind == BIG_SETBACK:
                continue
            assert play_cost(lp.card, pile.direction, pile.top, pile.same_suit) == base_cost(lp, pile.top)[0], lp
            checked += 1
        game.apply_action(player.choose(game))
    assert checked > 50


def test_a_card_that_does_not_fit_has_no_cost():
    assert play_cost("8♥", "up", "10♥") is None
    assert play_cost("Q♣", "down", "J♦") is None
