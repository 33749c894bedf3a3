"""Where a card may go: ladder.placement / setback_card (rules §4, rules §4).

Definition of ``Placement.skipped`` (from paternoster.lift.ladder.Placement), used for every
hand-computed number below:

* normal play on a non-empty pile: the rungs strictly between the top card and the
  card (a twin, or the very next rung, costs 0);
* opening an empty pile: the rungs the pile gives up for good — up pile: the rungs
  below the card (= card rung); down pile: the rungs above it (= 51 - card rung);
* setback: minus the rungs won back; one rank in the same suit is always 4 rungs, so -4.

Rungs (hand-computed, rung = (rank-1)*4 + suit, ♦0 ♥1 ♠2 ♣3):
A♦ 0, A♥ 1, A♣ 3, 2♦ 4, 10♦ 36, 10♣ 39, J♦ 40, J♣ 43, Q♣ 47, K♦ 48, K♠ 50, K♣ 51.
"""

from __future__ import annotations

import pytest

from paternoster import NORMAL, SETBACK, Card, Game, Placement, Suit, full_deck, parse_card, placement, setback_card
from paternoster.lift import rule_ids

c = parse_card


def fits(card: str, direction: str, top: str | None):
    return placement(c(card), direction, c(top) if top else None)


# --------------------------------------------------------------------------- rules §2–§11, example 2

def _expected_on_up_6h(card: Card):
    """The seed's answer, written from ranks and suits only (no rungs):
    'die zweite 6♥, die 6♠, die 6♣ oder jede 7, 8 … K — aber nicht die 6♦ und nichts vom
    Wert 5 oder darunter — außer dem Rückschritt (5♥)'."""
    if card.rank >= 7:
        return NORMAL
    if card.rank == 6:
        return None if card.suit == Suit.DIAMONDS else NORMAL
    if card.rank == 5 and card.suit == Suit.HEARTS:
        return SETBACK
    return None


def test_example_2_up_pile_on_6h_all_52_cards():
    top = c("6♥")
    fitting = []
    for card in full_deck(1):
        p = placement(card, "up", top)
        expected = _expected_on_up_6h(card)
        assert (p.kind if p else None) == expected, f"{card} on up pile 6♥"
        if expected == NORMAL:
            fitting.append(card)
            # rungs strictly between 6♥ and the card, counted on the ladder itself
            between = [x for x in full_deck(1) if top < x < card]
            assert p.skipped == len(between), card
        if expected == SETBACK:
            assert p.skipped == -4
    # 3 sixes + 7 ranks (7..K) * 4 suits
    assert len(fitting) == 3 + 7 * 4
    assert setback_card("up", top) == c("5♥")


def test_example_2_in_a_game_check_agrees_for_all_52_cards():
    """The same table through Game.check(): one card in a solo hand, up pile 1 shows 6♥."""
    from paternoster import Play
    for card in full_deck(1):
        g = Game.from_position(hands=[[card]], piles=["6♥", "", "", ""], draw_pile="2♣ 3♣")
        refusal = g.check(Play(card, 0))
        expected = _expected_on_up_6h(card)
        if expected is None:
            assert refusal is not None and refusal.rule == rule_ids.UP_PILE_ORDER, card
        else:
            assert refusal is None, card
            assert [(lp.card, lp.kind) for lp in g.legal_plays() if lp.pile == 0] == [(card, expected)]


# --------------------------------------------------------------------------- rules §2–§11, examples 3 and 4

def test_example_3_setbacks_on_10h_up_and_4c_down():
    assert fits("9♥", "up", "10♥") == Placement(SETBACK, -4)
    assert fits("8♥", "up", "10♥") is None          # two ranks back: never, must wait
    assert fits("8♥", "up", "9♥") == Placement(SETBACK, -4)  # next turn, after 9♥: a setback again
    assert fits("5♣", "down", "4♣") == Placement(SETBACK, -4)
    assert fits("5♠", "down", "4♣") is None          # other suit: no setback


def test_example_4_setbacks_cross_number_face_boundary():
    # 10♠ on J♠ (up) and J♥ on 10♥ (down) are setbacks
    assert fits("10♠", "up", "J♠") == Placement(SETBACK, -4)
    assert fits("J♥", "down", "10♥") == Placement(SETBACK, -4)
    assert setback_card("up", c("J♠")) == c("10♠")
    assert setback_card("down", c("10♥")) == c("J♥")


@pytest.mark.parametrize("top", ["A♦", "A♥", "A♠", "A♣"])
def test_example_4_no_setback_from_an_ace_on_an_up_pile(top):
    assert setback_card("up", c(top)) is None
    for card in full_deck(1):
        p = placement(card, "up", c(top))
        assert p is None or p.kind == NORMAL


@pytest.mark.parametrize("top", ["K♦", "K♥", "K♠", "K♣"])
def test_example_4_no_setback_from_a_king_on_a_down_pile(top):
    assert setback_card("down", c(top)) is None
    for card in full_deck(1):
        p = placement(card, "down", c(top))
        assert p is None or p.kind == NORMAL


@pytest.mark.parametrize("direction", ["up", "down"])
def test_example_4_twin_on_twin_is_normal(direction):
    assert fits("7♥", direction, "7♥") == Placement(NORMAL, 0)


def test_setback_card_general_rule():
    """Up: same suit, one rank lower; down: same suit, one rank higher (every top card)."""
    for top in full_deck(1):
        up, down = setback_card("up", top), setback_card("down", top)
        assert up == (Card(top.rank - 1, top.suit) if top.rank > 1 else None)
        assert down == (Card(top.rank + 1, top.suit) if top.rank < 13 else None)
    assert setback_card("up", None) is None and setback_card("down", None) is None


def test_a_setback_is_never_also_a_normal_play():
    """Rules §4: a setback card is strictly on the wrong side; exactly one setback card per pile."""
    for top in full_deck(1):
        for direction in ("up", "down"):
            kinds = [placement(card, direction, top) for card in full_deck(1)]
            setbacks = [k for k in kinds if k and k.kind == SETBACK]
            assert len(setbacks) == (0 if setback_card(direction, top) is None else 1)
            for card, k in zip(full_deck(1), kinds):
                if k is None:
                    continue
                if direction == "up":
                    assert (k.kind == NORMAL) == (card.rung >= top.rung)
                else:
                    assert (k.kind == NORMAL) == (card.rung <= top.rung)


def test_empty_pile_takes_any_card():
    for card in full_deck(1):
        assert placement(card, "up", None) == Placement(NORMAL, card.rung)
        assert placement(card, "down", None) == Placement(NORMAL, 51 - card.rung)


# --------------------------------------------------------------------------- table over edge rungs
# (card, direction, top or None for empty, expected kind or None, expected skipped) — by hand.
# "twin" cases are normal plays with skipped 0.

EDGE_TABLE = [
    # A♦ (rung 0)
    ("A♦", "up", None, NORMAL, 0, "A♦ opens up pile: gives up nothing"),
    ("A♦", "down", None, NORMAL, 51, "A♦ opens down pile: gives up all 51 rungs above"),
    ("A♦", "up", "A♦", NORMAL, 0, "A♦ twin on up"),
    ("A♦", "down", "A♦", NORMAL, 0, "A♦ twin on down"),
    ("A♦", "up", "A♥", None, None, "A♦ below A♥ on up, other suit"),
    ("A♦", "up", "A♣", None, None, "no setback from an ace (A♣ up)"),
    ("A♦", "up", "2♦", SETBACK, -4, "A♦ setback on 2♦ up"),
    ("A♦", "down", "2♦", NORMAL, 3, "A♦ on 2♦ down skips A♥ A♠ A♣"),
    ("A♦", "down", "K♣", NORMAL, 50, "A♦ on K♣ down skips rungs 1..50"),
    ("A♥", "down", "A♦", None, None, "A♥ above A♦ on down, other suit"),
    # K♣ (rung 51)
    ("K♣", "up", None, NORMAL, 51, "K♣ opens up pile: gives up all 51 rungs below"),
    ("K♣", "down", None, NORMAL, 0, "K♣ opens down pile: gives up nothing"),
    ("K♣", "up", "K♣", NORMAL, 0, "K♣ twin on up"),
    ("K♣", "down", "K♣", NORMAL, 0, "K♣ twin on down"),
    ("K♣", "up", "K♠", NORMAL, 0, "K♣ next rung above K♠"),
    ("K♣", "up", "A♦", NORMAL, 50, "K♣ on A♦ up skips rungs 1..50"),
    ("K♣", "down", "K♠", None, None, "K♣ above K♠ on down, no setback"),
    ("K♣", "down", "K♦", None, None, "no setback from a king (K♦ down)"),
    ("K♣", "down", "Q♣", SETBACK, -4, "K♣ setback on Q♣ down"),
    ("K♦", "down", "K♣", NORMAL, 2, "K♦ on K♣ down skips K♥ K♠"),
    ("Q♣", "up", "K♣", SETBACK, -4, "Q♣ setback on K♣ up"),
    # the 10/J boundary: 10♣ rung 39, J♦ rung 40
    ("10♣", "up", None, NORMAL, 39, "10♣ opens up pile"),
    ("10♣", "down", None, NORMAL, 12, "10♣ opens down pile"),
    ("J♦", "up", None, NORMAL, 40, "J♦ opens up pile"),
    ("J♦", "down", None, NORMAL, 11, "J♦ opens down pile"),
    ("J♦", "up", "10♣", NORMAL, 0, "J♦ next rung after 10♣ up"),
    ("10♣", "down", "J♦", NORMAL, 0, "10♣ next rung below J♦ down"),
    ("10♣", "up", "J♦", None, None, "10♣ below J♦ up, other suit"),
    ("J♦", "down", "10♣", None, None, "J♦ above 10♣ down, other suit"),
    ("10♦", "up", "J♦", SETBACK, -4, "10♦ setback on J♦ up"),
    ("J♣", "down", "10♣", SETBACK, -4, "J♣ setback on 10♣ down"),
    ("10♣", "up", "J♣", SETBACK, -4, "10♣ setback on J♣ up"),
    ("J♦", "down", "10♦", SETBACK, -4, "J♦ setback on 10♦ down"),
    ("J♦", "up", "10♦", NORMAL, 3, "J♦ on 10♦ up skips 10♥ 10♠ 10♣"),
    ("10♦", "down", "J♦", NORMAL, 3, "10♦ on J♦ down skips 10♥ 10♠ 10♣"),
    ("10♣", "up", "10♣", NORMAL, 0, "10♣ twin on up"),
    ("J♦", "down", "J♦", NORMAL, 0, "J♦ twin on down"),
    ("10♣", "up", "10♦", NORMAL, 2, "10♣ on 10♦ up skips 10♥ 10♠"),
    ("10♦", "up", "10♣", None, None, "10♦ below 10♣ up, same rank"),
]


@pytest.mark.parametrize("card,direction,top,kind,skipped",
                         [row[:5] for row in EDGE_TABLE], ids=[row[5] for row in EDGE_TABLE])
def test_placement_edge_table(card, direction, top, kind, skipped):
    p = fits(card, direction, top)
    if kind is None:
        assert p is None
    else:
        assert p == Placement(kind, skipped)


@pytest.mark.parametrize("card,direction,top,kind,skipped",
                         [row[:5] for row in EDGE_TABLE if row[2] is not None],
                         ids=[row[5] for row in EDGE_TABLE if row[2] is not None])
def test_edge_table_through_a_game(card, direction, top, kind, skipped):
    """The same table via Game.play on a real pile (pile 0 = up 1, pile 2 = down 1)."""
    pile = 0 if direction == "up" else 2
    piles = ["", "", "", ""]
    piles[pile] = top
    g = Game.from_position(hands=[card], piles=piles, draw_pile="5♦ 6♦")
    from paternoster import IllegalPlayError
    if kind is None:
        with pytest.raises(IllegalPlayError) as info:
            g.play(card, pile)
        assert info.value.rule == f"{direction}-pile-order"
    else:
        made = g.play(card, pile)
        assert (made.kind, made.skipped) == (kind, skipped)
        assert g.piles[pile].top == c(card)
