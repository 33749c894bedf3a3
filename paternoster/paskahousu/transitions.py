"""Paskahousu's transitions: applying an action, its log sentences, who moves next, the end of the game, undo.

Every action goes through :meth:`GameBase.apply_action <paternoster.core.base.GameBase.apply_action>`
(check → snapshot → apply → record); :meth:`PaskahousuTransitions._apply` changes the state and returns what
the move did, and :meth:`PaskahousuTransitions._after` takes it from there: going out, the loser, and who
moves next — asked of :func:`~paternoster.paskahousu.order.next_seat`, the function the simulation's lean
loop asks too.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..core.cards import Card
from . import bluff as bluff_rules
from . import texts
from .actions import (Action, Announce, CheckAnnouncement, PaskahousuResult, PickUp, PlayCards, TryYourLuck,
                      TurnTableCard)
from .bluff import Announcement
from .legality import PaskahousuLegality
from .order import BURNED, NOTHING, next_seat
from .ranks import BURNS, NO, RANK_ORDER, accept_verdict, kind_word, play_verdict, plural_word, strength

__all__ = ["PaskahousuTransitions", "Moved"]


class Moved(NamedTuple):
    """What a move did, for :meth:`PaskahousuTransitions._after` (see :func:`~.order.next_seat`)."""

    mover: int
    landed: int  # the kind left on the pile, BURNED or NOTHING
    forced_layer: int = -1  # after a forced pick-up: who laid the 10 or ace (§11.6)
    skip: int = -1  # a seat that may not open the next pile (Valepaska, after a check)


class PaskahousuTransitions(PaskahousuLegality):
    """Actions change the position and write their log sentences; undo restores it."""

    # ------------------------------------------------------------------ the hooks of GameBase
    def _apply(self, action: Action) -> Moved | None:
        """Apply a checked action; returns what it did for :meth:`_after`, or ``None`` while a Valepaska check
        window stays open (Paskahousu rules §11.12)."""
        mover = self.to_move
        if isinstance(action, PlayCards):
            return Moved(mover, self._do_play(action))
        if isinstance(action, PickUp):
            return Moved(mover, NOTHING, self._do_pick_up())
        if isinstance(action, TryYourLuck):
            return Moved(mover, self._do_luck())
        if isinstance(action, TurnTableCard):
            return Moved(mover, self._do_turn(action.slot))
        if isinstance(action, Announce):
            return self._do_announce(action)
        if isinstance(action, CheckAnnouncement):
            return self._do_check(action.seat)
        return self._do_let_pass(action.seat)

    def _after_action(self, applied: Moved | None) -> None:
        if applied is not None:
            self._after(applied)

    # ------------------------------------------------------------------ the moves
    def _place(self, cards: Sequence[Card], top: int, run: int) -> tuple[int, str]:
        """Lay ``cards`` on the pile; return the verdict and the burn's reason (if it burns)."""
        table = self._table  # before the cards land: the verdict is the table's of now
        s, n = self._kinds[cards[0].rung], len(cards)
        v, _ = play_verdict(table, top, run, s, n, self._four)
        self.pile.extend(cards)
        if self.bluff:  # laid face up (the opening, a card from the draw pile): known to all
            self.bluff_state.announced.append(Announcement(self.to_move, cards[0].rank, n, True))
        return v, self._burn_reason(v, top, s, table)

    @staticmethod
    def _burn_reason(v: int, top: int, s: int, table: Sequence[Sequence[int]]) -> str:
        if v != BURNS:
            return ""
        if table[top + 1][s] != BURNS:
            return texts.burn_reason("four", plural_word(s))
        if top < 0:
            return texts.burn_reason("empty", kind_word(s))
        if top >= 13:
            return texts.burn_reason("red", kind_word(s), kind_word(top))
        return texts.burn_reason("ten" if RANK_ORDER[s] == 10 else "ace")

    def _burn(self) -> int:
        k = len(self.pile)
        self.burned.extend(self.pile)
        self.pile = []
        self.bluff_state.announced = []
        return k

    def _refill(self, seat: int) -> None:
        # Paskahousu rules §5.5: refill after playing, while the draw pile lasts (before a burner's extra move).
        hand, drawn = self.hands[seat], 0
        while len(hand) < self.rules.hand_size and self.draw_pile:
            hand.append(self.draw_pile.pop(0))
            drawn += 1
        if drawn:
            self.log.append(texts.draws(self.names[seat], drawn, len(self.draw_pile)))

    def _head(self, what: str) -> str:
        return texts.turn_head(self.turn, self.names[self.to_move], what)

    def _do_play(self, action: PlayCards) -> int:
        top_card = self.top
        top, run = self.top_run()
        cards = action.cards
        source = self._source()
        for c in cards:
            source.remove(c)
        if top_card is None:
            self._layer = self.to_move
        v, why = self._place(cards, top, run)
        on = None if top_card is None else str(top_card)
        if self._opening is not None:
            self._opening = None
            head = self._head(texts.plays(texts.labels(cards), len(cards), on, opening=True))
        else:
            head = self._head(texts.plays(texts.labels(cards), len(cards), on, source is not self.hand))
        self.log.append(texts.laid(head, why, self._burn() if v == BURNS else 0))
        self._refill(self.to_move)
        return BURNED if v == BURNS else self._kinds[cards[0].rung]

    def _do_pick_up(self) -> int:
        """Returns the seat that laid the 10 or ace that had to be picked up (§11.6), else −1."""
        k = len(self.pile)
        top, _ = self.top_run()
        forced = not any(self._table[top + 1])  # a 10 or an ace that had to be picked up (§11.6)
        self.hand.extend(self.pile)
        self.pile = []
        self.bluff_state.announced = []
        self.log.append(self._head(texts.picks_up(k, len(self.hand))))
        return self._layer if forced and self._layer is not None else -1

    def _do_luck(self) -> int:
        card = self.draw_pile.pop(0)
        return self._reveal(card, self._head(texts.tries_luck(card)))

    def _do_turn(self, slot: int) -> int:
        """Pöytäpaska: turn face-down table card ``slot`` over; played if legal, else taken with the pile (§11.10)."""
        card = self.face_down[self.to_move].pop(slot)
        return self._reveal(card, self._head(texts.turns_table_card(card)))

    def _reveal(self, card: Card, head: str) -> int:
        """A card turned face up for all (try your luck, a face-down table card): played if it may go on the
        pile, else taken into the hand with the pile (Paskahousu rules §5.4, §11.10).  Returns what landed."""
        who = self.names[self.to_move]
        top_card = self._top_text() if self.pile else None
        top, run = self.top_run()
        s = self._kinds[card.rung]
        v, _ = play_verdict(self._table, top, run, s, 1, self._four)
        if v == NO:
            _, _, reason = accept_verdict(None if top < 0 else top, s, self.rules, self.opened,
                                          self._table is not self._base_table)
            k = len(self.pile)
            self.hand.extend(self.pile)
            self.hand.append(card)
            self.pile = []
            self.bluff_state.announced = []
            self.log.append(texts.revealed_taken(head, who, card, top_card, k, len(self.hand)))
            self.log.append(reason)
            return NOTHING
        if not self.pile:
            self._layer = self.to_move
        v, why = self._place([card], top, run)
        self.log.append(texts.revealed_played(head, top_card, why, self._burn() if v == BURNS else 0))
        self._refill(self.to_move)
        return BURNED if v == BURNS else s

    def _do_announce(self, action: Announce) -> Moved | None:
        """Valepaska: lay the cards face down with the announcement, refill, open the check window (§11.12)."""
        mover, st = self.to_move, self.bluff_state
        on = self._top_text() if self.pile else None
        if not self.pile:
            self._layer = mover
        for c in action.cards:
            self.hand.remove(c)
        self.pile.extend(action.cards)
        a = Announcement(mover, action.rank, len(action.cards), False)
        st.announced.append(a)
        self.log.append(self._head(texts.announces(a.count, on, a.words())))
        self._refill(mover)
        st.deciders = bluff_rules.deciders_for(mover, self.players, self.out)
        if st.deciders:
            self.to_move = st.deciders[0]
            return None
        return self._settle()

    def _do_let_pass(self, seat: int) -> Moved | None:
        st = self.bluff_state
        st.deciders.pop(0)
        self.log.append(texts.turn_head(self.turn, self.names[seat], texts.LETS_PASS))
        if st.deciders:
            self.to_move = st.deciders[0]
            return None
        return self._settle()

    def _settle(self) -> Moved:
        """Nobody checked: the announcement counts as true — it may burn the pile (Paskahousu rules §11.12)."""
        st = self.bluff_state
        a = st.announced[-1]
        top, run = bluff_rules.announced_top_run(st.announced[:-1])
        s = strength(a.rank)
        table = self._table
        v, _ = play_verdict(table, top, run, s, a.count, self._four)
        self.to_move = a.seat
        if v == BURNS:
            why = self._burn_reason(v, top, s, table)
            self.log.append(texts.nobody_checked(self.names[a.seat], a.words(), why, self._burn()))
            return Moved(a.seat, BURNED)
        return Moved(a.seat, s)

    def _do_check(self, seat: int) -> Moved:
        """Valepaska: turn the announced cards up; the liar or the wrong checker picks up the pile (§11.12)."""
        st = self.bluff_state
        a = st.announced[-1]
        cards = self.pile[len(self.pile) - a.count:]
        true = bluff_rules.is_true(cards, a.rank)
        picker = seat if true else a.seat
        k = len(self.pile)
        self.hands[picker].extend(self.pile)
        self.pile = []
        st.announced, st.deciders = [], []
        self.log.append(texts.turn_head(self.turn, self.names[seat], texts.checks(
            self.names[seat], self.names[a.seat], a.words(), texts.labels(cards), true, k, len(self.hands[picker]))))
        return Moved(a.seat, NOTHING, skip=picker)

    # ------------------------------------------------------------------ after every move
    def _after(self, moved: Moved) -> None:
        """Going out, the loser, who moves next, the turn cap (Paskahousu rules §8.1–§8.4)."""
        mover = moved.mover
        if not self.draw_pile:
            for p in [mover] + [q for q in range(self.players) if q != mover]:
                if not self.holds(p) and p not in self.out:
                    self.out.append(p)
                    self.log.append(texts.out_and_safe(self.names[p], self.rules.deal_all))
            holders = [p for p in range(self.players) if self.holds(p)]
            if len(holders) == 1:
                self.turn += 1
                self._end(holders[0])
                return
        sizes = [self.holds(p) for p in range(self.players)]
        seat, why = next_seat(self._order, sizes, mover, moved.landed, moved.forced_layer, moved.skip)
        self.to_move = seat
        line = texts.who_moves_next(why, self.names[mover], self.names[seat], not self.pile)
        if line:
            self.log.append(line)
        self.turn += 1
        if self.turn - 1 >= self.rules.turn_cap:
            self.result = PaskahousuResult("stalemate", None, self.turn - 1, tuple(self.out))
            self.log.append(texts.turn_cap(self.rules.turn_cap))

    # ------------------------------------------------------------------ undo
    def _snapshot(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "draw": list(self.draw_pile), "pile": list(self.pile),
                "burned": list(self.burned), "to_move": self.to_move, "turn": self.turn, "out": list(self.out),
                "result": self.result, "log": len(self.log), "opening": self._opening, "layer": self._layer,
                "face_up": [list(r) for r in self.face_up], "face_down": [list(r) for r in self.face_down],
                "bluff": self.bluff_state.copy()}

    def _restore(self, s: dict[str, Any]) -> None:
        self.hands, self.draw_pile, self.pile, self.burned = s["hands"], s["draw"], s["pile"], s["burned"]
        self.to_move, self.turn, self.out, self.result = s["to_move"], s["turn"], s["out"], s["result"]
        self._opening = s["opening"]
        self._layer = s["layer"]
        self.face_up, self.face_down, self.bluff_state = s["face_up"], s["face_down"], s["bluff"]
        del self.log[s["log"]:]
