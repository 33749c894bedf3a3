"""The look-ahead on a Paternoster position: whether the player to move can still reach this turn's minimum."""

from __future__ import annotations

from typing import Any

from ..core.cards import Card
from .ladder import (BIG_SETBACK, SETBACK, big_setback_ranks, placement)
from .queries import GameQueries

__all__ = ['GameLookahead']


class GameLookahead(GameQueries):
    """The look-ahead: can the player to move still reach the minimum this turn?"""

    def can_reach_minimum(self) -> bool:
        """Look-ahead: can the player to move still play enough cards this turn?

        Searches every order of plays from here: the setbacks this turn still allows
        (``Rules.setbacks_per_turn``, rules §4.5, counted down as they are made), and with variants
        big setbacks (a token each, one of the turn's setbacks) and turn ends with a token, a counting
        pass, a Halt, the Sperre and Engpass commands; plays that lose at once do not count.  True when
        the minimum is already met, and when the hand runs out before it (an empty hand may end the
        turn, :attr:`minimum_met`).  Rules §8.2 (Decision: the end is judged move by move; this query
        shows a doomed turn before it ends).
        """
        if self.result is not None:
            return self.minimum_met and self.result.outcome == "perfect"
        need = self.still_to_play
        if need == 0 or not self.hand:
            return True
        r = self.rules
        passengers = self.passengers
        seen: set[tuple[Any, ...]] = set()

        def search(hand: tuple[Card, ...], tops: tuple[Card | None, ...], setbacks_left: int, token_left: bool,
                   pass_left: bool, played: bool, nextp: int, need: int) -> bool:
            if need == 0 or not hand:
                return True
            if token_left and played:
                return True  # end the turn with a token
            key = (tuple(sorted(hand)), tops, setbacks_left, token_left, pass_left, played, nextp, need)
            if key in seen:
                return False
            seen.add(key)
            if pass_left and (len(hand) > 1 or played):
                for card in set(hand):
                    h = list(hand)
                    h.remove(card)
                    if search(tuple(h), tops, setbacks_left, token_left, False, played, nextp, need - 1):
                        return True
            for card in set(hand):
                if passengers and card in passengers[nextp + 1:] and (nextp >= len(passengers) or card != passengers[nextp]):
                    continue  # a passenger's twin too early loses
                np_ = nextp + 1 if nextp < len(passengers) and card == passengers[nextp] else nextp
                for i, (pile, top) in enumerate(zip(self.piles, tops)):
                    fit = placement(card, pile.direction, top, r.same_suit_fits)
                    kinds = []
                    if fit is not None and not (fit.kind == SETBACK and setbacks_left == 0):
                        kinds.append(fit.kind)
                    if fit is None and token_left and setbacks_left and not r.same_suit_fits \
                            and big_setback_ranks(card, pile.direction, top) in (2, 3):
                        kinds.append(BIG_SETBACK)
                    for kind in kinds:
                        if r.command_ranks and self._command_block(card, pile, kind, top):
                            continue
                        if self._command(card) == "Halt":
                            return True  # Halt: the minimum counts as met
                        h = list(hand)
                        h.remove(card)
                        t = tops[:i] + (card,) + tops[i + 1:]
                        sb = setbacks_left - (kind in (SETBACK, BIG_SETBACK))
                        tk = token_left and kind != BIG_SETBACK
                        if search(tuple(h), t, sb, tk, pass_left, True, np_, need - 1):
                            return True
            return False

        pass_left = self.can_pass() and self.pass_counts
        return search(tuple(self.hand), tuple(p.top for p in self.piles), self.setbacks_left,
                      self.token_free, pass_left, self.played_this_turn >= 1, self.delivered, need)
