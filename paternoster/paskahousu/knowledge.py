"""What one seat knows about a game of Paskahousu, and re-deals of everything else — the evaluator's view.

:func:`knowledge` replays the game from its start (its record) and follows, for one seat (the *observer*),
where the cards it has seen went:

* its own hand (always), every face-up table card (Pöytäpaska, Paskahousu rules §11.10), the cards of the
  discard pile laid face up (all of them, except Valepaska's face-down announcements of other players,
  §11.12), the cards burned in its sight;
* cards another player picked up in its sight (a pile, a card taken with the pile after try your luck or a
  turned table card, a checked pile): those are in that player's hand until the observer sees them played.

**Decision** (kit): under Valepaska a player who lays cards face down may have laid any of them, so the
observer forgets which cards it knew in that hand (it never guesses); the cards of a position given by hand
(``from_position``) other than the observer's hand, the pile and the table cards are unknown, and its
burned cards seen (unseen under Valepaska).

Everything else — the other hands' unknown cards, the draw pile, every face-down table card (the owner's
too), the face-down pile cards it did not lay, the unseen burned cards — is the *unknown pool*.
:meth:`Knowledge.redeal` deals the pool afresh into those places: the re-dealt position keeps every count,
announcement and known card, and never reads where the hidden cards really are (the pool is the sorted
multiset of the unseen cards, so two games that differ only in hidden cards give the same re-deals).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..core.cards import Card, full_deck
from .actions import Announce, CheckAnnouncement, PickUp, PlayCards, TryYourLuck, TurnTableCard
from .game import PaskahousuGame

__all__ = ["Knowledge", "knowledge", "visible"]


def visible(game: PaskahousuGame, seat: int) -> list[bool]:
    """Per card of the discard pile (bottom first), whether ``seat`` has seen it: all of them, except under
    Valepaska the face-down announcements of the other players."""
    if not game.bluff:
        return [True] * len(game.pile)
    out: list[bool] = []
    for a in game.bluff_state.announced:
        out += [a.face_up or a.seat == seat] * a.count
    return out


def _seen_pile(game: PaskahousuGame, seat: int) -> list[Card]:
    return [c for c, v in zip(game.pile, visible(game, seat)) if v]


def _remove(cards: list[Card], gone: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    left.subtract(Counter(gone))
    return sorted(left.elements())


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows at the current position (see the module doc).

    Attributes:
        seat: the observer.
        known: per seat, cards known to be in that hand (sorted; the observer's own hand in full).
        burned_seen: the burned cards the observer saw (sorted).
        pool: the unknown cards, sorted (the same for every game that shows the observer the same).
    """

    seat: int
    known: tuple[tuple[Card, ...], ...]
    burned_seen: tuple[Card, ...]
    pool: tuple[Card, ...]

    def redeal(self, game: PaskahousuGame, rng: np.random.Generator) -> PaskahousuGame:
        """``game`` with the unknown pool shuffled by ``rng`` into every place the observer cannot see."""
        hands, draw, pile, burned, down = self.redeal_cards(game, rng)
        return game.rearranged(hands, draw, pile, burned, down)

    def redeal_cards(self, game: PaskahousuGame, rng: np.random.Generator
                     ) -> tuple[list[list[Card]], list[Card], list[Card], list[Card], list[list[Card]]]:
        """The re-dealt places: ``(hands, draw pile, discard pile, burned, face-down rows)``.  One permutation
        of the pool, filled in a fixed order: the other hands' unknown cards by seat, the draw pile, the
        face-down rows by seat, the unseen pile cards, the unseen burned cards."""
        pool = [self.pool[i] for i in rng.permutation(len(self.pool))]
        k = 0

        def take(n: int) -> list[Card]:
            nonlocal k
            out = pool[k:k + n]
            k += n
            return out

        hands = [list(self.known[p]) + take(len(game.hands[p]) - len(self.known[p])) for p in range(game.players)]
        draw = take(len(game.draw_pile))
        down = [take(len(r)) for r in game.face_down]
        pile = [c if v else take(1)[0] for c, v in zip(game.pile, visible(game, self.seat))]
        burned = list(self.burned_seen) + take(len(game.burned) - len(self.burned_seen))
        assert k == len(pool)
        return hands, draw, pile, burned, down


def knowledge(game: PaskahousuGame, seat: int) -> Knowledge:
    """What ``seat`` knows now: replays ``game`` from its start (see the module doc)."""
    rec = game.to_record()
    g = PaskahousuGame.from_record(rec, upto=0)
    known: list[list[Card]] = [[] for _ in range(g.players)]
    burned_seen: list[Card] = [] if g.bluff else list(g.burned)
    for action in game.actions:
        m = g.to_move
        vis = visible(g, seat)
        if isinstance(action, CheckAnnouncement):  # the checked cards are turned face up for all
            vis[len(vis) - g.bluff_state.announced[-1].count:] = [True] * g.bluff_state.announced[-1].count
        seen = [c for c, v in zip(g.pile, vis) if v]
        burned_before = len(g.burned)
        holds = [len(h) for h in g.hands]
        pile_before = len(g.pile)
        revealed: list[Card] = []
        if isinstance(action, PlayCards):
            known[m] = _remove(known[m], action.cards)
            revealed = list(action.cards)
        elif isinstance(action, TryYourLuck):
            revealed = [g.draw_pile[0]]
        elif isinstance(action, TurnTableCard):
            revealed = [g.face_down[m][action.slot]]
        elif isinstance(action, Announce) and m == seat:
            revealed = list(action.cards)  # laid face down, but the observer knows them
        elif isinstance(action, Announce):
            known[m] = []  # it may have laid any of the cards the observer followed into its hand
        g.apply_action(action, record_undo=False)
        if len(g.burned) > burned_before:  # the pile burned in the observer's sight
            burned_seen += seen + revealed
        elif isinstance(action, PickUp):
            known[m] = sorted(known[m] + seen)
        elif isinstance(action, (TryYourLuck, TurnTableCard)) and not g.pile:  # taken with the pile
            known[m] = sorted(known[m] + seen + revealed)
        elif isinstance(action, CheckAnnouncement) and pile_before:
            picker = next(p for p in range(g.players) if len(g.hands[p]) - holds[p] == pile_before)
            known[picker] = sorted(known[picker] + seen)
    known[seat] = sorted(g.hands[seat])
    seen_now = (known[seat] + [c for p in range(g.players) if p != seat for c in known[p]]
                + [c for row in game.face_up for c in row] + _seen_pile(game, seat) + burned_seen)
    pool = Counter(c for c in full_deck(1) for _ in range(game.rules.decks))
    pool.subtract(Counter(seen_now))
    assert all(v >= 0 for v in pool.values()), "the observer saw a card twice"
    return Knowledge(seat, tuple(tuple(k) for k in known), tuple(sorted(burned_seen)), tuple(sorted(pool.elements())))
