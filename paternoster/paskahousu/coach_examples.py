"""Positions where the evaluator puts the rule book's tips to the test (Paskahousu rules §10), and lesson 10's
exercise "which of these three plays makes you lose least often?" — answered by the engine, never typed in.

Each :class:`CoachPosition` is a hand and a discard pile for the player to move (seat 1, four players); the
other hands and the draw pile are dealt from its seed, and the rest of the deck is burned.  The evaluator
never reads the other hands or the draw pile (:mod:`.knowledge`), so the answers depend on what the player
sees: the hand, the pile, the counts, the burned cards.

>>> g = LESSON_10.position.game()
>>> [c.label("en") for c in g.hands[0]], [c.label("en") for c in g.pile], len(g.draw_pile)
(['6♣', '2♠', '2♥', '9♦', 'J♣'], ['4♦', '5♠'], 5)
>>> [label for label, _ in LESSON_10.choices()]
['play 6♣', 'play 2♥ 2♠', 'try your luck']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..core.cards import full_deck, parse_cards
from ..core.evaluation import Evaluation
from .actions import Action, PickUp, PlayCards, TryYourLuck
from .evaluation import evaluate, option_label
from .game import PaskahousuGame

__all__ = ["CoachPosition", "KEEP_TWOS", "KEEP_TWOS_LATE", "BURN_OR_FEED", "PICK_UP_FACES", "LESSON_10", "TIPS",
           "ThreePlays"]

_ACTIONS: dict[str, Action] = {"pick up": PickUp(), "try your luck": TryYourLuck()}


@dataclass(frozen=True)
class CoachPosition:
    """A position for the coach: the player to move holds ``hand`` on the discard pile ``pile``.

    Attributes:
        name: what it shows; tip: the rule book's section (``"§10.5"``).
        hand, pile: cards as text (the pile bottom → top); draw: cards left in the draw pile;
        players: seats; seed: deals the other hands and the draw pile from the rest of the deck.
    """

    name: str
    tip: str
    hand: str
    pile: str
    draw: int
    players: int = 4
    seed: int = 0

    def game(self) -> PaskahousuGame:
        """The position: seat 0 (Player 1) to move; other hands of five, ``draw`` cards to draw, the rest burned."""
        mine, pile = parse_cards(self.hand), parse_cards(self.pile)
        rest = [c for c in full_deck(1) if c not in mine + pile]
        rest = [rest[i] for i in np.random.default_rng(self.seed).permutation(len(rest))]
        k = 5 * (self.players - 1)
        hands = [mine] + [rest[5 * i:5 * i + 5] for i in range(self.players - 1)]
        return PaskahousuGame.from_position(hands, pile=pile, draw_pile=rest[k:k + self.draw], burned=rest[k + self.draw:])

    def evaluate(self, rollouts: int = 2000, seed: int = 1, only: Sequence[Action] | None = None) -> Evaluation:
        """The evaluator's answer for the player to move (:func:`~.evaluation.evaluate`)."""
        return evaluate(self.game(), 0, rollouts=rollouts, seed=seed, only=only)


#: §10.5 (and §10.1) "Save your 2s", early: the draw pile still holds 20 cards.
KEEP_TWOS = CoachPosition("keep your 2s while the draw pile lasts", "§10.5", "6♣ 2♠ 2♥ 9♦ J♣", "4♦ 5♠", 20)
#: … and late: five cards left to draw.
KEEP_TWOS_LATE = CoachPosition("keep your 2s, five cards left to draw", "§10.5", "6♣ 2♠ 2♥ 9♦ J♣", "4♦ 5♠", 5)
#: §10.4 "Burn rather than feed": a pile of six low cards (tempting by its size); a 10 burns it.
BURN_OR_FEED = CoachPosition("burn rather than feed", "§10.4", "10♣ 8♦ 4♠ 5♥ 9♣", "3♦ 5♦ 6♦ 7♠ 7♣ 8♥", 15)
#: §10.3 "Pick up good piles": a jack, two queens and a king on the pile (each laid legally on the one below,
#: the jack on the empty table); nothing in the hand may go on the king.
PICK_UP_FACES = CoachPosition("pick up a pile of face cards", "§10.3", "3♣ 4♦ 5♠ 6♥ 7♦", "J♠ Q♥ Q♦ K♣", 15)
#: Every tip position, by name.
TIPS = {p.name: p for p in (KEEP_TWOS, KEEP_TWOS_LATE, BURN_OR_FEED, PICK_UP_FACES)}


@dataclass(frozen=True)
class ThreePlays:
    """Lesson 10's exercise: three of the player's options in one position; which makes them lose least often?

    Attributes:
        position: the :class:`CoachPosition`; plays: the three options as text — cards to play, ``"pick up"``
            or ``"try your luck"``.
    """

    position: CoachPosition
    plays: tuple[str, str, str]

    def actions(self) -> list[Action]:
        """The three plays as actions."""
        return [_ACTIONS[p] if p in _ACTIONS else PlayCards(tuple(parse_cards(p))) for p in self.plays]

    def choices(self) -> list[tuple[str, Action]]:
        """``(label in plain words, action)`` for the three plays, in the exercise's order."""
        g = self.position.game()
        return [(option_label(g, a)[0], a) for a in self.actions()]

    def answer(self, rollouts: int = 1000, seed: int = 1) -> tuple[int, Evaluation]:
        """The index (in :meth:`choices`) of the play that loses least often, and the evaluation of the three."""
        ev = self.position.evaluate(rollouts, seed, only=self.actions())
        return self.actions().index(ev.options[0].option), ev


#: Lesson 10's exercise: with five cards left to draw, play the 6, lay both 2s, or try your luck?
LESSON_10 = ThreePlays(KEEP_TWOS_LATE, ("6♣", "2♥ 2♠", "try your luck"))
