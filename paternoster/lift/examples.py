"""The rule book's worked examples as ready positions (rules §4.5, §6.7, §6.8, §8.4, §11.8).

The lessons, the tests and the widgets all start from these, so an example
is written down once.  Where the original rules give only part of a table (their picture
is missing), the rest is **the kit's choice** and each docstring says which
part that is.
"""

from __future__ import annotations

from ..core.cards import Card, full_deck
from .game import Game, is_burning
from .redeal import own_game
from .variants import make_rules

__all__ = ["anna_turn", "carla_end", "ben_setback", "jump_with_setback", "fire_cards",
           "fire_turn", "token_turn", "passenger_ride", "commands_table", "own_game"]

NAMES = ["Anna", "Ben", "Carla"]


def anna_turn() -> Game:
    """Worked example, rules §6.7: Anna (3 players) holds 4♦ 5♣ 8♥ 10♣ D♠ 3♥.

    From the original: up pile 1 shows 4♦ and a down pile shows 6♠ (down pile 1 here).
    The kit's choice (the original's picture is missing): up pile 2 shows K♥ and
    down pile 2 shows 2♠, so none of Anna's cards fit there; Ben's and Carla's
    hands and the 20-card draw pile are arbitrary cards.

    Anna plays 4♦ (its twin, cost 0) and 5♣ on up pile 1 (cost 7), keeps 3♥ (it would
    cost 13 on down pile 1) and draws two.
    """
    return Game.from_position(
        hands=["4♦ 5♣ 8♥ 10♣ D♠ 3♥", "2♦ 7♠ 9♣ J♦ Q♦ K♦", "A♣ 6♥ 7♣ 9♦ J♠ Q♣"],
        piles=["4♦", "K♥", "6♠", "2♠"],
        draw_pile="3♦ 5♥ 6♦ 7♥ 8♠ 9♠ 10♦ J♥ Q♥ A♦ 2♥ 3♠ 4♥ 5♦ 6♣ 7♦ 8♣ 9♥ 10♠ J♣",
        names=NAMES, to_move=0)


def carla_end() -> Game:
    """Worked example, rules §8.4: Carla must play two cards but can play only one.

    From the original: 3 players; after Carla's one card Carla holds 5, Ben 6,
    Anna 6 and the draw pile 11 — 28 remaining cards.
    The kit's choice: the piles (up K♠ and Q♣, down 2♥ and A♠) and all cards.
    Carla's only legal play is 3♥, the setback on down pile 1 (2♥); after it
    nothing in her hand fits and her setback is used.
    """
    return Game.from_position(
        hands=["2♦ 4♠ 6♠ 8♦ 10♥ Q♦", "3♣ 5♦ 7♥ 9♠ J♦ K♦", "3♥ 5♠ 6♦ 7♦ 8♣ 9♥"],
        piles=["K♠", "Q♣", "2♥", "A♠"],
        draw_pile="4♦ 4♥ 5♥ 6♥ 7♣ 8♠ 9♦ 10♣ J♥ J♠ Q♥",
        names=NAMES, to_move=2)


def ben_setback() -> Game:
    """Worked example, rules §4.5: up pile on 10♥, Ben plays 9♥ as his setback; 8♥ must wait.

    From the original: the up pile shows 10♥, Ben holds 9♥, Carla may lay 8♥ in her turn.
    The kit's choice: Ben also holds the *other* 8♥ (two decks), so the lesson
    can show it refused in his turn; the other piles and cards are arbitrary.
    Down pile 2 shows 4♣, where 5♣ (in Ben's hand) would be a setback too.
    """
    return Game.from_position(
        hands=["2♦ 3♦ 4♦ 5♦ 6♦ 7♦", "9♥ 8♥ 5♣ K♣ J♠ Q♠", "8♥ A♣ 2♣ 3♣ Q♦ K♦"],
        piles=["10♥", "3♠", "K♥", "4♣"],
        draw_pile="A♦ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 9♠ 10♠",
        names=NAMES, to_move=1)


def jump_with_setback() -> Game:
    """Worked example, rules §6.8 and §9.4: hand 9♥ 8♥, up pile on 7♣.

    Play 9♥, then 8♥ as the setback: the pile ends on 8♥ instead of 9♥.
    The kit's choice: a solo game whose hand holds just these two cards and
    whose other piles are empty; the draw pile holds 6 cards.
    """
    return Game.from_position(hands=["9♥ 8♥"], piles=["7♣", "", "", ""],
                              draw_pile="2♦ 3♦ 4♦ 5♦ 6♦ 7♦", names=["Anna"])


def fire_cards(decks: int = 2) -> list[Card]:
    """Worked example, rules §11.8: the burning cards.

    The hearts whose rank divides by 3 — 3♥, 6♥, 9♥ and Q♥ — of every deck:
    eight cards across the whole ladder with two decks.

    >>> " ".join(str(c) for c in fire_cards())
    '3♥ 3♥ 6♥ 6♥ 9♥ 9♥ Q♥ Q♥'
    >>> len(fire_cards(3)), [c.rung for c in fire_cards(1)]
    (12, [9, 21, 33, 45])
    """
    return [c for c in full_deck(decks) if is_burning(c)]


def fire_turn() -> Game:
    """Feuer: Ben must cover the 9♥ Anna laid on up pile 1 in the previous turn.

    The kit's choice (the original has no picture): two players; Ben can cover it with
    9♠ (the next rung) or K♠ (a jump); ending the turn without covering loses.

    >>> g = fire_turn()
    >>> g.fire_duty
    [(0, Card('9♥'), 1)]
    >>> g.play("9♠", "up 1").skipped, g.burning
    (0, [])
    """
    return Game.from_position(["2♦ 5♥ 8♣ J♦ Q♦ K♦", "9♠ K♠ 4♠ 3♣ 7♦ 8♠ J♥"],
                              piles=["9♥", "4♦", "Q♣", "10♠"], draw_pile="A♣ A♠ 2♥ 3♠ 4♥ 5♠ 6♣",
                              names=["Anna", "Ben"], to_move=1, turn=2, burning=["up 1"],
                              rules=make_rules("feuer"))


def token_turn() -> Game:
    """Notruf-Marken: a big setback (8♥ on 10♥, two ranks back) bought with one of two tokens.

    The kit's choice: a solo position.  Without a token nothing but 2♣ fits, so
    the minimum of two would be out of reach.

    >>> g = token_turn()
    >>> g.can_reach_minimum(), g.big_setback("8♥", "up 1").kind, g.tokens
    (True, 'big-setback', 1)
    """
    return Game.from_position(["8♥ 2♣ 5♠ 6♠ 7♦ 9♦ 9♣ 3♦"], piles=["10♥", "K♣", "A♠", "A♦"],
                              draw_pile="4♠ 4♥ 4♣", names=["Anna"], rules=make_rules("notruf-marken", tokens=2))


def passenger_ride() -> Game:
    """Fahrgäste: passengers 7♥, K♠, 2♣ — deliver their twins in that order.

    The kit's choice: two players; Anna holds 7♥ (deliverable now: up pile 1
    shows 6♥) and 2♣ (too early: playing it loses at once).

    >>> g = passenger_ride()
    >>> g.next_passenger, g.loses(g.legal_plays()[0].action)
    (Card('7♥'), None)
    """
    return Game.from_position(["7♥ 2♣ 9♦ 10♦ J♣ Q♦ 5♠", "K♠ 3♥ 4♥ 8♦ 9♠ 10♥ J♦"],
                              piles=["6♥", "A♠", "K♥", "Q♠"], draw_pile="2♦ 3♦ 4♦ 5♦ 6♦",
                              names=["Anna", "Ben"], rules=make_rules("fahrgaeste"), passengers="7♥ K♠ 2♣")


def commands_table() -> Game:
    """Befehle: a Sperre (J♠) on up pile 1 and an Engpass (Q♣) on down pile 1.

    The kit's choice: two players.  10♠ would be the setback on J♠ but the
    Sperre forbids it; on the Engpass only Q♦/Q♥/Q♠ (same rank, at most Q♣) or a Jack fit.

    >>> g = commands_table()
    >>> [name for _, name, _ in g.active_commands]
    ['Sperre', 'Engpass']
    >>> g.check(g.legal_plays()[0].action) is None
    True
    """
    return Game.from_position(["10♠ J♦ Q♥ 2♣ 5♦ 8♥", "3♠ 4♣ 6♥ 7♣ 9♣ K♦"],
                              piles=["J♠", "2♦", "Q♣", "K♥"], draw_pile="A♣ A♠ A♥ A♦ 2♠ 2♥ 3♦ 3♣",
                              names=["Anna", "Ben"], rules=make_rules("befehle"))
