"""PaskahousuGame.legal_plays(): the card plays among legal_actions(), each with a verdict that matches what
applying it does (a burn empties the discard pile into the burned cards)."""

from __future__ import annotations

import numpy as np
import pytest

from paternoster.paskahousu import PaskahousuGame, PlayCards


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_legal_plays_are_the_card_plays_and_their_burn_verdict_is_what_happens(seed):
    rng = np.random.default_rng(seed)
    g = PaskahousuGame.new(3, seed)
    burns_seen = 0
    while not g.is_terminal():
        plays = g.legal_plays()
        assert [lp.action for lp in plays] == [a for a in g.legal_actions() if isinstance(a, PlayCards)]
        for lp in plays:
            after = g.copy()
            burned = len(after.burned)
            after.apply_action(lp.action, record_undo=False)
            assert lp.burns == (len(after.burned) > burned), f"{lp} in turn {g.turn}"
            burns_seen += lp.burns
        legal = g.legal_actions()
        g.apply_action(legal[int(rng.integers(len(legal)))], record_undo=False)
    assert g.legal_plays() == []
    assert burns_seen > 0, "no burning play met: the test would prove nothing about burns"
