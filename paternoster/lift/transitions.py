"""Paternoster's transitions: applying an action, its log sentences, the end of a turn and of the game, undo."""

from __future__ import annotations

from typing import Any, cast


from ..core.cards import Card, parse_card
from ..core.checks import plural
from ..core.errors import IllegalPlayError
from ..core.refusal import Refusal
from .ladder import (BIG_SETBACK, SAME_SUIT, SETBACK, big_setback_ranks)
from .actions import Action, BigSetback, EndTurn, LegalPlay, Pass, Play, Result, Signal, TimeOut
from .commands import COMMAND_RANK_WORDS, is_burning
from .cost import cost_of, cost_text
from .lookahead import GameLookahead

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
        cost = f"cost {cost_text(cost_of(fit.kind, fit.skipped, card, top))}"  # rules §5
        if fit.kind == BIG_SETBACK:
            self.setbacks_this_turn += 1
            self.tokens -= 1
            self.token_used_this_turn = True
            what = (f"a big setback with an emergency token (Notruf-Marke; same suit, {-fit.skipped // 4} ranks "
                    f"back), {cost}; it is this turn's setback; "
                    f"{plural(self.tokens, 'token')} left")
        elif fit.kind == SETBACK:
            self.setbacks_this_turn += 1
            what = f"a setback (same suit, one rank back), {cost}"
        elif fit.kind == SAME_SUIT:
            what = f"same suit as {top} (Kinderfahrt: same suit always fits), {cost}"
        elif top is None:
            what = f"opens the empty pile, {cost}"
        elif top == card:
            what = f"a twin of {top}, {cost}"
        elif fit.skipped == 0:
            what = f"on {top}, the next rung, {cost}"
        else:
            what = f"on {top}, a jump over {plural(fit.skipped, 'rung')}, {cost}"
        self.log.append(f"Turn {self.turn}: {who} plays {card} on {pile.name} — {what}.")
        if self.rules.fire:
            covered = [b for b in self.burning if b[0] == pile.index]
            if covered:
                self.burning = [b for b in self.burning if b[0] != pile.index]
                self.log.append(f"{card} covers the burning {covered[0][1]} (Feuer).")
            if is_burning(card):
                self.burning.append((pile.index, card, self.turn))
                self.log.append(f"{card} burns (Feuer): the next player who has cards must cover it in their turn, "
                                "or the team loses.")
        if self.passengers and self.delivered < len(self.passengers):
            if card == self.passengers[self.delivered]:
                self.delivered += 1
                left = len(self.passengers) - self.delivered
                self.log.append(f"Passenger {self.delivered} ({card}) delivered (Fahrgäste); "
                                + (f"next: {self.passengers[self.delivered]}." if left else "all passengers delivered."))
            elif card in self.passengers[self.delivered + 1:]:
                k = self.passengers.index(card) + 1
                self._lose("passenger-order", card,
                           f"{card} is the twin of passenger {k}, but passenger {self.delivered + 1} "
                           f"({self.passengers[self.delivered]}) has not been delivered yet: a twin too early loses "
                           "at once (rules §11.7).")
                return
        cmd = self._command(card)
        if cmd == "Schweigen":
            self.silence_until = self.to_move
            self._silence_card = card
            self.signals.clear()
            self._signal_turns.clear()
            self.log.append(f"Schweigen (red Queen, Befehle): no signals from anyone until {who}'s next turn; "
                            "standing signals are withdrawn.")
        elif cmd == "Express":
            self.express.append(card)
            self.log.append("Express (red King, Befehle): the next player who has cards must play one card more "
                            "than their minimum in their next turn.")
        elif cmd in ("Sperre", "Engpass", "Last"):
            what = {"Sperre": "no setback onto this pile", "Engpass": "the next card onto this pile must be the "
                    "same or the next rank, or a setback", "Last": "every player's minimum is one higher while the "
                    "draw pile lasts (from the next turn)"}[cmd]
            self.log.append(f"{cmd} ({COMMAND_RANK_WORDS[card.rank]}, black, Befehle) on {pile.name}: while it is on top, "
                            f"{what}.")
        elif cmd == "Halt":
            self.log.append(f"Halt (red Jack, Befehle): {who}'s turn ends at once; the minimum counts as met.")
            if self.remaining:
                self._do_end_turn("halt")

    def _do_pass(self, action: Pass) -> None:
        who, to = self.names[self.to_move], self.names[action.to]
        self.hand.remove(action.card)
        self.hands[action.to].append(action.card)
        self.passed_this_turn = True
        counts = "counts as one required card" if self.pass_counts else \
            "does not count toward the minimum of 1 (Decision: passes count only while the minimum is 2 or more)"
        self.log.append(f"Turn {self.turn}: {who} passes a card face down to {to} (Weitergeben); it {counts}.")

    def _do_signal(self, action: Signal) -> None:
        lst = [(s, k) for s, k in self.signals.get(action.pile, []) if s != action.seat]
        who, pile = self.names[action.seat], self.piles[action.pile].name
        if action.kind is None:
            self._signal_turns.pop((action.pile, action.seat), None)
            self.log.append(f"{who} withdraws the signal on {pile}.")
        else:
            lst.append((action.seat, action.kind))
            self._signal_turns[(action.pile, action.seat)] = self.turn
            words = {"hold": "please don't play here", "help": "I can help this pile",
                     "jump": "I'd have to make a big jump here", "passenger": "I can deliver the next passenger"}
            self.log.append(f"{who} signals on {pile}: {action.kind} — “{words[action.kind]}”.")
        if lst:
            self.signals[action.pile] = lst
        else:
            self.signals.pop(action.pile, None)

    def _do_timeout(self) -> None:
        who = self.names[self.to_move]
        if self.minimum_met:
            self.log.append(f"Turn {self.turn}: time is up for {who} (Sanduhr); the turn ends.")
            self._do_end_turn("timeout")
            return
        self.log.append(f"Turn {self.turn}: time is up for {who} (Sanduhr) after "
                        f"{plural(self.played_this_turn, 'card')} of {self.turn_minimum}: the game is over.")
        self._finish("stuck", reason="time-out")

    def _lose(self, reason: str, card: Card, sentence: str) -> None:
        self.log.append(sentence)
        self._finish("lost", reason=reason, card=card)

    def _finish(self, outcome: str, reason: str | None = None, card: Card | None = None) -> None:
        """End the game now; a fire duty or an undelivered passenger turns a stuck end into a loss."""
        if outcome == "stuck":
            duty = self.fire_duty
            if duty:
                p, c, t = duty[0]
                self.log.append(f"{c} on {self.piles[p].name} (played in turn {t}) is still burning: Feuer — the "
                                "team loses (Decision: stuck with a burning card uncovered is a fire loss).")
                outcome, reason, card = "lost", "fire", c
            elif self.next_passenger is not None:
                self.log.append(f"Passenger {self.delivered + 1} ({self.next_passenger}) is not delivered at the "
                                "end: Fahrgäste — the team loses (rules §11.7).")
                outcome, reason, card = "lost", "passenger-undelivered", self.next_passenger
        self.result = Result(outcome, self.remaining, tuple(len(h) for h in self.hands), len(self.draw_pile),
                             self.turn, self.to_move, reason, card)
        if outcome != "stuck" or reason == "time-out":
            self.log.append(f"{_sentence_case(self._result_words())} (lower is better; 0 is a perfect game).")

    def _do_end_turn(self, how: str = "end") -> None:
        who = self.names[self.to_move]
        duty = self.fire_duty
        if duty:
            p, c, t = duty[0]
            self._lose("fire", c, f"Turn {self.turn}: {who} ends the turn, but {c} on {self.piles[p].name} "
                                  f"(played in turn {t}) is still burning: Feuer — the team loses at once "
                                  "(rules §11.8).")
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
        extra = ""
        if self.express:
            self.turn_minimum += len(self.express)
            extra = f" (Express: +{len(self.express)})"
            self.express = []
        if self.last_active and self.draw_pile:
            extra += " (Last: +1)"
        verb = {"end": "ends the turn", "halt": "ends the turn (Halt)", "timeout": "ends the turn (time-out)",
                "token": f"ends the turn with an emergency token (Notruf-Marke; {plural(self.tokens, 'token')} left)"}[how]
        self.log.append(f"Turn {self.turn - 1}: {who} {verb} after {plural(played, 'card')} and draws {drawn} "
                        f"({len(self.draw_pile)} left in the draw pile). Next: {self.names[nxt]}, "
                        f"minimum {self.turn_minimum}{extra}.")

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
                self._lose("fire", card, f"The last card is played, but {card} on {self.piles[p].name} (played in "
                                         f"turn {t}) still burns: only the very last card of the game may stay "
                                         "burning (rules §11.8) — the team loses.")
                return
            if self.next_passenger is not None:  # cannot happen with twins, kept for odd positions
                self._finish("stuck")
                return
            self.result = Result("perfect", 0, tuple(0 for _ in self.hands), 0, self.turn)
            self.log.append(f"Every card is played: a perfect game in {self.turn} turns.")
        elif self._stuck():
            self.log.append(f"The game ends: {self.names[self.to_move]} must play {self.turn_minimum} but has no legal "
                            f"play after {self.played_this_turn}.")
            self._finish("stuck")
            if self.result is not None and self.result.outcome == "stuck":
                self.log[-1] += (f" {_sentence_case(self._result_words())} "
                                 f"(lower is better; 0 is a perfect game).")

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


def _sentence_case(text: str) -> str:
    """Upper-case the first letter only (``str.capitalize`` would lower-case the players' names)."""
    return text[:1].upper() + text[1:]
