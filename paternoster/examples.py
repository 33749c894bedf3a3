"""The seed's worked examples as ready positions (spec section 12).

The lessons, the tests and the widgets all start from these, so an example
is written down once.  Where the seed gives only part of a table (its picture
is missing), the rest is **the kit's choice** and each docstring says which
part that is.
"""

from __future__ import annotations

from .game import Game

__all__ = ["anna_turn", "carla_end", "ben_setback", "jump_with_setback"]

NAMES = ["Anna", "Ben", "Carla"]


def anna_turn() -> Game:
    """Seed, 'Ein Zug': Anna (3 players) holds 4♦ 5♣ 8♥ 10♣ D♠ 3♥.

    From the seed: up pile 1 shows 4♦ and a down pile shows 6♠ (down pile 1 here).
    The kit's choice (the seed's picture is missing): up pile 2 shows K♥ and
    down pile 2 shows 2♠, so none of Anna's cards fit there; Ben's and Carla's
    hands and the 20-card draw pile are arbitrary cards.

    Anna plays 4♦ (twin, free) and 5♣ on up pile 1, keeps 3♥ (it would skip
    12 rungs on down pile 1) and draws two.
    """
    return Game.from_position(
        hands=["4♦ 5♣ 8♥ 10♣ D♠ 3♥", "2♦ 7♠ 9♣ J♦ Q♦ K♦", "A♣ 6♥ 7♣ 9♦ J♠ Q♣"],
        piles=["4♦", "K♥", "6♠", "2♠"],
        draw_pile="3♦ 5♥ 6♦ 7♥ 8♠ 9♠ 10♦ J♥ Q♥ A♦ 2♥ 3♠ 4♥ 5♦ 6♣ 7♦ 8♣ 9♥ 10♠ J♣",
        names=NAMES, to_move=0)


def carla_end() -> Game:
    """Seed, 'Spielende': Carla must play two cards but can play only one.

    From the seed: 3 players; after Carla's one card Carla holds 5, Ben 6,
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
    """Seed, 'Der Rückschritt': up pile on 10♥, Ben plays 9♥ as his setback; 8♥ must wait.

    From the seed: the up pile shows 10♥, Ben holds 9♥, Carla may lay 8♥ in her turn.
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
    """Seed, 'Tipps für Einsteiger — Sprung mit Rückschritt': hand 9♥ 8♥, up pile on 7♣.

    Play 9♥, then 8♥ as the setback: the pile ends on 8♥ instead of 9♥.
    The kit's choice: a solo game whose hand holds just these two cards and
    whose other piles are empty; the draw pile holds 6 cards.
    """
    return Game.from_position(hands=["9♥ 8♥"], piles=["7♣", "", "", ""],
                              draw_pile="2♦ 3♦ 4♦ 5♦ 6♦ 7♦", names=["Anna"])
