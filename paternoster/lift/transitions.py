"""Paternoster's transitions: applying an action, its log sentences, the end of a turn and of the game, undo."""

from __future__ import annotations

from typing import Any, cast


from ..core.cards import Card, parse_card
from ..core.errors import IllegalPlayError
from ..core.refusal import Refusal
from .ladder import BIG_SETBACK, SETBACK, big_setback_ranks
from .actions import (FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED, TIME_OUT, Action, BigSetback, EndTurn, LegalPlay,
                      Pass, Play, Result, Signal, TimeOut)
from .commands import is_burning
from .lookahead import GameLookahead
from . import texts

__all__ = ['GameTransitions']


class GameTransitions(GameLookahead):
    """The transitions: actions change the position and write their log sentences; undo restores it."""

    # ------------------------------------------------------------------ actions
    def _normalize(self, action: Action) -> Action:
        if isinstance(action, Play):
            return Play(action.card, cast(int, self._pile_ref(action.pile)))  # pile names → index
        if isinstance(action, BigSetback):
            return BigSetback(action.card, cast(int, self._pile_ref(action.pile)))
        if isinstance(action, Signal):
            return Signal(int(action.seat), cast(int, self._pile_ref(action.pile)), action.kind)
        if isinstance(action, Pass):
            return Pass(action.card, int(action.to))  # a numpy seat would not go into the JSON record
        return action

    def _apply(self, action: Action) -> None:
        if isinstance(action, Play):
            self._do_play(action)
        elif isinstance(action, BigSetback):
            self._do_play(action, big=True)
        elif isinstance(action, Pass):
            self._do_pass(action)
        elif isinstance(action, Signal):
            self._do_signal(action)
        elif isinstance(action, TimeOut):
            self._do_timeout()
        elif action.token:
            self._do_end_turn("token")
        else:
            self._do_end_turn()

    def _after_action(self, applied: None) -> None:
        self._check_over()

    def play(self, card: str | Card, pile: int | str) -> LegalPlay:
        """Play ``card`` from the hand of the player to move onto ``pile``.

        Args:
            card: a card or its text (``"9♥"``, ``"9h"``).
            pile: pile index (0-based) or name (``"up 1"``, ``"down 2"``).

        Returns:
            The :class:`LegalPlay` made (kind and skipped rungs).

        Raises:
            CardParseError: ``card`` cannot be read.
            IllegalPlayError: the play is refused (``.rule`` names the rule); nothing changes.
        """
        c = parse_card(card)
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        fit = self._fit(c, self.piles[ref])
        self.apply_action(Play(c, ref))
        assert fit is not None
        return LegalPlay(c, ref, fit.kind, fit.skipped)

    def big_setback(self, card: str | Card, pile: int | str) -> LegalPlay:
        """Notruf-Marken: spend a token to play ``card`` on ``pile`` as a big setback (2 or 3 ranks back).

        Raises:
            CardParseError: ``card`` cannot be read.
            IllegalPlayError: rules ``no-tokens``, ``one-token-per-turn``, ``big-setback``,
                ``one-setback-per-turn``, ``setback-blocked`` …; nothing changes.
        """
        c = parse_card(card)
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        self.apply_action(BigSetback(c, ref))
        return LegalPlay(c, ref, BIG_SETBACK, -4 * (big_setback_ranks(c, self.piles[ref].direction,
                                                                      self.piles[ref].cards[-2]) or 0))

    def end_turn(self, token: bool = False) -> None:
        """End the turn: draw back up to hand size, next player with cards.

        Args:
            token: Notruf-Marken: spend a token to end the turn below the minimum (after at least one card).

        Raises:
            IllegalPlayError: rule ``minimum-play`` (below the minimum) or ``game-over``;
                with ``token``: ``no-tokens``, ``one-token-per-turn``, ``token-not-needed``.
        """
        self.apply_action(EndTurn(token=token))

    def pass_card(self, card: str | Card, to: int) -> None:
        """Weitergeben: give ``card`` to seat ``to`` instead of one required card.

        Raises:
            IllegalPlayError: rules ``no-passing``, ``pass-target``, ``one-pass-per-turn``, ``not-in-hand``, ….
        """
        self.apply_action(Pass(parse_card(card), to))

    def signal(self, seat: int, pile: int | str, kind: str | None) -> None:
        """Post (or with ``kind=None`` withdraw) a pile signal; see :class:`Signal`.

        Raises:
            IllegalPlayError: rules ``signals-off``, ``signal-mover-only``, ``silence``, ``signal-kind``, ….
        """
        self.apply_action(Signal(seat, pile, kind))  # type: ignore[arg-type]  # a pile name is resolved on apply

    def time_out(self) -> None:
        """Sanduhr: the time is up; the turn ends at once (below the minimum the game is over).

        Raises:
            IllegalPlayError: rule ``no-hourglass`` (not Sanduhr) or ``game-over``.
        """
        self.apply_action(TimeOut())

    def _do_play(self, action: Play | BigSetback, big: bool = False) -> None:
        pile = self.piles[action.pile]
        fit = self._big_setback(action.card, pile) if big else self._fit(action.card, pile)
        assert fit is not None
        who = self.names[self.to_move]
        top = pile.top
        card = action.card
        self.hand.remove(card)
        pile.cards.append(card)
        self.played_this_turn += 1
        if fit.kind in (SETBACK, BIG_SETBACK):
            self.setbacks_this_turn += 1  # a big setback is one of the turn's setbacks (rules §10.5)
        if fit.kind == BIG_SETBACK:
            self.tokens -= 1
            self.token_used_this_turn = True
        self.log.append(texts.play_line(self.turn, who, card, pile.name, fit.kind, fit.skipped, top,
                                        tokens_left=self.tokens, setbacks_allowed=self.rules.setbacks_per_turn))
        if self.rules.fire:
            covered = [b for b in self.burning if b[0] == pile.index]
            if covered:
                self.burning = [b for b in self.burning if b[0] != pile.index]
                self.log.append(texts.covers_line(card, covered[0][1]))
            if is_burning(card):
                self.burning.append((pile.index, card, self.turn))
                self.log.append(texts.burns_line(card))
        if self.passengers and self.delivered < len(self.passengers):
            if card == self.passengers[self.delivered]:
                self.delivered += 1
                self.log.append(texts.delivered_line(self.delivered, card, self.next_passenger))
            elif card in self.passengers[self.delivered + 1:]:
                self._lose(PASSENGER_ORDER, card, texts.too_early_line(card, self.passengers.index(card) + 1,
                                                                       self.delivered + 1, self.passengers[self.delivered]))
                return
        cmd = self._command(card)
        if cmd is not None:
            self.log.append(texts.command_line(cmd, who, card, pile.name))
        if cmd == "Schweigen":
            self.silence_until = self.to_move
            self._silence_card = card
            self.signals.clear()
            self._signal_turns.clear()
        elif cmd == "Express":
            self.express.append(card)
        elif cmd == "Halt" and self.remaining:
            self._do_end_turn("halt")

    def _do_pass(self, action: Pass) -> None:
        who, to = self.names[self.to_move], self.names[action.to]
        self.hand.remove(action.card)
        self.hands[action.to].append(action.card)
        self.passed_this_turn = True
        self.log.append(texts.pass_line(self.turn, who, to, self.pass_counts))

    def _do_signal(self, action: Signal) -> None:
        lst = [(s, k) for s, k in self.signals.get(action.pile, []) if s != action.seat]
        who, pile = self.names[action.seat], self.piles[action.pile].name
        if action.kind is None:
            self._signal_turns.pop((action.pile, action.seat), None)
        else:
            lst.append((action.seat, action.kind))
            self._signal_turns[(action.pile, action.seat)] = self.turn
        self.log.append(texts.signal_line(who, pile, action.kind))
        if lst:
            self.signals[action.pile] = lst
        else:
            self.signals.pop(action.pile, None)

    def _do_timeout(self) -> None:
        who = self.names[self.to_move]
        if self.minimum_met:
            self.log.append(texts.time_up_line(self.turn, who))
            self._do_end_turn("timeout")
            return
        self.log.append(texts.time_up_line(self.turn, who, self.played_this_turn, self.turn_minimum))
        self._finish("stuck", reason=TIME_OUT)

    def _lose(self, reason: str, card: Card, sentence: str) -> None:
        self.log.append(sentence)
        self._finish("lost", reason=reason, card=card)

    def _finish(self, outcome: str, reason: str | None = None, card: Card | None = None) -> None:
        """End the game now; a fire duty or an undelivered passenger turns a stuck end into a loss."""
        if outcome == "stuck":
            duty = self.fire_duty
            if duty:
                p, c, t = duty[0]
                self.log.append(texts.fire_stuck_line(c, self.piles[p].name, t))
                outcome, reason, card = "lost", FIRE, c
            elif self.next_passenger is not None:
                self.log.append(texts.undelivered_line(self.delivered + 1, self.next_passenger))
                outcome, reason, card = "lost", PASSENGER_UNDELIVERED, self.next_passenger
        self.result = Result(outcome, self.remaining, tuple(len(h) for h in self.hands), len(self.draw_pile),
                             self.turn, self.to_move, reason, card)
        if outcome != "stuck" or reason == TIME_OUT:
            self.log.append(texts.score_line(self.result, self.names))

    def _do_end_turn(self, how: str = "end") -> None:
        who = self.names[self.to_move]
        duty = self.fire_duty
        if duty:
            p, c, t = duty[0]
            self._lose(FIRE, c, texts.fire_end_turn_line(self.turn, who, c, self.piles[p].name, t))
            return
        size = self.rules.hand_size(self.players)
        drawn = 0
        while len(self.hand) < size and self.draw_pile:
            self.hand.append(self.draw_pile.pop(0))
            drawn += 1
        played = self.played_this_turn
        if how == "token":
            self.tokens -= 1
        mover = self.to_move
        # Decision (kit), rules §7.4: a signal stays until its poster withdraws or changes it, or until the end of
        # the poster's next turn (a turn that started after it was posted).
        if self.signals:
            for pile in list(self.signals):
                keep = [(s, k) for s, k in self.signals[pile]
                        if not (s == mover and self._signal_turns.get((pile, s), 0) < self.turn)]
                for s, k in self.signals[pile]:
                    if (s, k) not in keep:
                        self._signal_turns.pop((pile, s), None)
                if keep:
                    self.signals[pile] = keep
                else:
                    del self.signals[pile]
        nxt = self.to_move
        skipped: list[int] = []  # seats without cards passed over: their "next turn" came and went
        for step in range(1, self.players + 1):
            cand = (self.to_move + step) % self.players
            if self.hands[cand]:
                nxt = cand
                break
            skipped.append(cand)
        if skipped and self.signals:  # their signals end as if their next turn had ended
            for pile in list(self.signals):
                keep = [(s, k) for s, k in self.signals[pile] if s not in skipped]
                for s, _k in self.signals[pile]:
                    if s in skipped:
                        self._signal_turns.pop((pile, s), None)
                if keep:
                    self.signals[pile] = keep
                else:
                    del self.signals[pile]
        self.to_move = nxt
        self.turn += 1
        self.played_this_turn = 0
        self.setbacks_this_turn = 0
        self.token_used_this_turn = False
        self.passed_this_turn = False
        if self.silence_until == nxt or self.silence_until in skipped:  # Schweigen lasts until that player's next turn
            self.silence_until = None
            self._silence_card = None
        self.turn_minimum = self._minimum_now()
        express = len(self.express)
        if self.express:
            self.turn_minimum += express
            self.express = []
        self.log.append(texts.end_turn_line(self.turn - 1, who, how, played, drawn, len(self.draw_pile),
                                            self.names[nxt], self.turn_minimum, express,
                                            bool(self.last_active and self.draw_pile), self.tokens))

    def _stuck(self) -> bool:
        """No legal play and no token or pass that helps (rules §8.2, Decision (kit))."""
        if self.minimum_met or self.legal_plays():
            return False
        if self.token_free and self.played_this_turn >= 1:
            return False
        if self.can_pass() and self.pass_counts and self.still_to_play == 1:
            return False
        return True

    def _check_over(self) -> None:
        if self.result is not None:
            return
        if self.remaining == 0:
            last = self.actions[-1] if self.actions else None
            last_pile = last.pile if isinstance(last, (Play, BigSetback)) else None
            # rules §11.8: only the game's very last card may stay burning — any other still burns.
            still = [b for b in self.burning if not (b[0] == last_pile and b[2] == self.turn)]
            if still:
                p, card, t = still[0]
                self._lose(FIRE, card, texts.fire_last_card_line(card, self.piles[p].name, t))
                return
            if self.next_passenger is not None:  # cannot happen with twins, kept for odd positions
                self._finish("stuck")
                return
            self.result = Result("perfect", 0, tuple(0 for _ in self.hands), 0, self.turn)
            self.log.append(texts.perfect_line(self.turn))
        elif self._stuck():
            self.log.append(texts.stuck_line(self.names[self.to_move], self.turn_minimum, self.played_this_turn))
            self._finish("stuck")
            if self.result is not None and self.result.outcome == "stuck":
                self.log[-1] += " " + texts.score_line(self.result, self.names)

    _VARIANT_STATE = ("tokens", "token_used_this_turn", "passed_this_turn", "delivered", "silence_until",
                      "_silence_card")

    def _snapshot(self) -> dict[str, Any]:
        s = {"hands": [list(h) for h in self.hands], "draw": list(self.draw_pile),
             "piles": [list(p.cards) for p in self.piles], "to_move": self.to_move, "turn": self.turn,
             "played": self.played_this_turn, "setbacks": self.setbacks_this_turn,
             "minimum": self.turn_minimum, "log": len(self.log), "result": self.result,
             "burning": list(self.burning), "signals": {p: list(v) for p, v in self.signals.items()},
             "signal_turns": dict(self._signal_turns), "express": list(self.express)}
        for k in self._VARIANT_STATE:
            s[k] = getattr(self, k)
        return s

    def _restore(self, s: dict[str, Any]) -> None:
        self.hands = s["hands"]
        self.draw_pile = s["draw"]
        for p, cards in zip(self.piles, s["piles"]):
            p.cards = cards
        self.to_move, self.turn = s["to_move"], s["turn"]
        self.played_this_turn, self.setbacks_this_turn = s["played"], s["setbacks"]
        self.turn_minimum, self.result = s["minimum"], s["result"]
        self.burning, self.signals, self._signal_turns = s["burning"], s["signals"], s["signal_turns"]
        self.express = s["express"]
        for k in self._VARIANT_STATE:
            setattr(self, k, s[k])
        del self.log[s["log"]:]

