"""The rules' queries on a Paternoster position: legal plays and actions, signals, and why an action is refused."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.cards import Card, parse_card
from ..core.checks import plural, short
from ..core.refusal import Refusal
from .ladder import (BIG_SETBACK, SETBACK, Placement, big_setback_ranks, placement,
                     setback_card)
from .actions import SIGNAL_KINDS, Action, BigSetback, EndTurn, LegalPlay, Pass, Pile, Play, Signal, TimeOut
from .commands import command_block
from .position import GamePosition
from . import rule_ids

#: The most signal actions (posting, changing or withdrawing) one turn may hold (kit Decision, rules §7.4):
#: the talking team needs fewer than 20; the limit keeps a record or a loop from piling up signals.
MAX_SIGNALS_PER_TURN = 100

__all__ = ['GameQueries', 'MAX_SIGNALS_PER_TURN']


class GameQueries(GamePosition):
    """The rules' queries and checks on a position: legal plays and actions, signals, refusals."""

    def _fit(self, card: Card, pile: Pile, top: Card | None = None, use_top: bool = False) -> Placement | None:
        return placement(card, pile.direction, top if use_top else pile.top, self.rules.same_suit_fits)

    def _command_block(self, card: Card, pile: Pile, kind: str, top: Card | None) -> str | None:
        """Befehle: the rule id that a black command on ``top`` refuses this play with, or ``None``."""
        return command_block(card, pile.direction, kind, top, self.rules.command_ranks)

    def _big_setback(self, card: Card, pile: Pile) -> Placement | None:
        if self.rules.same_suit_fits:
            return None
        d = big_setback_ranks(card, pile.direction, pile.top)
        if d not in (2, 3):
            return None
        return Placement(BIG_SETBACK, -4 * d)

    @property
    def token_free(self) -> bool:
        """Notruf-Marken: the player to move may spend a token now (one left, none spent this turn)."""
        return self.tokens > 0 and not self.token_used_this_turn

    def legal_plays(self) -> list[LegalPlay]:
        """Every play onto a pile allowed now: one entry per distinct hand card and pile.

        Returns:
            list of :class:`LegalPlay` (card, pile, kind, skipped rungs), sorted by pile,
            then rung; big setbacks (Notruf-Marken, they spend a token) come last.
            Plays that lose the game at once (a passenger's twin too early) are legal
            and listed: see :meth:`loses`.  Empty when the game is over.
        """
        if self.result is not None:
            return []
        out = _plays(self.hand, self.piles, not self.setback_used, self.rules.same_suit_fits)
        if self.rules.command_ranks:
            out = [lp for lp in out
                   if self._command_block(lp.card, self.piles[lp.pile], lp.kind, self.piles[lp.pile].top) is None]
        if self.token_free and not self.setback_used and not self.rules.same_suit_fits:
            for p in self.piles:
                for card in sorted(set(self.hand)):
                    fit = self._big_setback(card, p)
                    if fit is not None and self._command_block(card, p, BIG_SETBACK, p.top) is None:
                        out.append(LegalPlay(card, p.index, fit.kind, fit.skipped))
        return out

    def can_pass(self) -> bool:
        """Weitergeben: whether the player to move may pass a card now (to any other seat).

        Once per turn, only below the minimum, never the last hand card before a card of the
        turn reached a pile (**Decision**, so passing never loops); see :meth:`legal_actions`.
        """
        return (self.rules.passing and self.players > 1 and not self.passed_this_turn
                and not self.minimum_met and self.result is None
                and (len(self.hand) > 1 or self.played_this_turn > 0))

    def legal_actions(self) -> list[Action]:
        """Every action allowed now.

        The legal plays (big setbacks included), then with Weitergeben every
        :class:`Pass` (distinct card × other seat), :class:`EndTurn` once the minimum
        is met, ``EndTurn(token=True)`` when a token may end the turn, and
        :class:`TimeOut` under Sanduhr.  **Decision:** signals are not listed here
        (they are talk, not moves): see :meth:`legal_signals`.
        """
        acts: list[Action] = [lp.action for lp in self.legal_plays()]
        if self.result is not None:
            return acts
        if self.can_pass():
            acts += [Pass(c, s) for c in sorted(set(self.hand)) for s in range(self.players) if s != self.to_move]
        if self.minimum_met:
            acts.append(EndTurn())
        elif self.token_free and self.played_this_turn >= 1:
            acts.append(EndTurn(token=True))
        if self.rules.hourglass:
            acts.append(TimeOut())
        return acts

    def signal_ends_with_this_turn(self, seat: int, pile: int) -> bool:
        """Whether ``seat``'s standing signal on ``pile`` ends when the current turn ends.

        **Decision (kit)** (rules §7.4): a signal lasts until the end of its poster's next turn, so it ends
        now when ``seat`` is to move and posted it in an earlier turn.  ``False`` without a signal.
        """
        if (pile, seat) not in self._signal_turns:
            return False
        return seat == self.to_move and self._signal_turns[(pile, seat)] < self.turn

    def legal_signals(self, seat: int) -> list[Signal]:
        """Signals seat ``seat`` may post now: every pile × allowed kind, plus withdrawing its own.

        Empty under Stille Fahrt, for a seat other than the mover under Liftführer,
        during a Schweigen and when the game is over.
        """
        out = []
        for p in self.piles:
            for kind in (*SIGNAL_KINDS, None):
                s = Signal(seat, p.index, kind)
                if self.check(s) is None:
                    out.append(s)
        return out

    def loses(self, action: Action) -> str | None:
        """The reason a legal ``action`` would lose the game at once, or ``None``.

        ``"passenger-order"`` (a later passenger's twin played too early), ``"fire"``
        (ending the turn while an earlier burning card is still on top).
        """
        if isinstance(action, (Play, BigSetback)) and self.passengers:
            card = parse_card(action.card)
            if card in self.passengers[self.delivered + 1:] and card != self.next_passenger:
                return "passenger-order"
        if isinstance(action, (EndTurn, TimeOut)) and self.fire_duty:
            return "fire"
        if isinstance(action, (Play, BigSetback)) and self.burning:
            ref = self._pile_ref(action.pile)
            if isinstance(ref, Refusal):
                return None
            # A Halt ends the turn at once: a due burning card on another pile stays uncovered.
            if self.fire_duty and self._command(parse_card(action.card)) == "Halt" \
                    and any(b[0] != ref for b in self.fire_duty):
                return "fire"
            # The game's very last card: only it may stay burning (rules §11.8).
            if self.remaining == 1 and any(b[0] != ref for b in self.burning):
                return "fire"
        return None

    def end_turn_warning(self) -> str | None:
        """What to tell the player before ending the turn would lose the game at once, or ``None``.

        Feuer (rules §11.8): a burning card from an earlier turn still on top of a pile when the turn
        ends loses the game; the sentence names the card and the hand cards that may still cover it
        (the legal plays onto that pile).  ``None`` when :meth:`loses` has nothing against ``EndTurn()``.
        """
        if self.result is not None or self.loses(EndTurn()) != "fire":
            return None
        p, card, turn = self.fire_duty[0]
        pile = self.piles[p]
        cover = sorted({lp.card for lp in self.legal_plays() if lp.pile == p})
        can = (f" {plural(len(cover), 'card')} of the hand may still cover it: {' '.join(str(c) for c in cover)}."
               if cover else " No card of the hand can cover it now.")
        return (f"Ending the turn now loses the game: {card} on {pile.name} (played in turn {turn}) is still "
                f"burning and must be covered in this turn (Feuer, rules §11.8).{can}")

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` naming the rule."""
        if self.result is not None:
            todo = "Start a new game or undo." if self._undo else "Start a new game."
            return Refusal(rule_ids.GAME_OVER, f"The game is over ({self._result_words()}); no more plays. {todo}")
        if isinstance(action, EndTurn):
            return self._check_end(action)
        if isinstance(action, Signal):
            return self._check_signal(action)
        if isinstance(action, Pass):
            return self._check_pass(action)
        if isinstance(action, TimeOut):
            if not self.rules.hourglass:
                return Refusal(rule_ids.NO_HOURGLASS, "Time-out belongs to the Sanduhr variant (30 seconds per turn); "
                                               "these rules have no clock. End the turn with EndTurn().")
            return None
        if isinstance(action, BigSetback):
            return self._check_big_setback(action)
        if not isinstance(action, Play):
            return Refusal(rule_ids.UNKNOWN_ACTION, f"{short(action)} is not an action: use Play(card, pile) or EndTurn().")
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            return self._not_in_hand(card)
        fit = pile.fits(card)
        top = pile.top
        if fit is None:
            assert top is not None
            big = ""
            # Only a hint the player can act on: a token left and none spent this turn.
            if self.tokens and not self.token_used_this_turn and self._big_setback(card, pile) is not None:
                big = " With an emergency token (Notruf-Marke) it may go there as a big setback."
            if pile.direction == "up":
                sb = setback_card("up", top)
                hint = f" The only setback here would be {sb}." if sb else " There is no setback below an Ace."
                return Refusal(rule_ids.UP_PILE_ORDER,
                               f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and an up pile "
                               f"takes only a card at least as high (rung {top.rung} or more; {card} is rung "
                               f"{card.rung}) — rules §4.2.{hint}{big}")
            sb = setback_card("down", top)
            hint = f" The only setback here would be {sb}." if sb else " There is no setback above a King."
            return Refusal(rule_ids.DOWN_PILE_ORDER,
                           f"{card} does not fit {pile.name}: its top is {top} (rung {top.rung}) and a down pile "
                           f"takes only a card at least as low (rung {top.rung} or less; {card} is rung "
                           f"{card.rung}) — rules §4.3.{hint}{big}")
        blocked = self._command_block(card, pile, fit.kind, top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        if fit.kind == SETBACK and self.setback_used:
            return Refusal(rule_ids.ONE_SETBACK_PER_TURN,
                           f"{card} on {pile.name} (top {top}) would be a setback, but this turn's setback is "
                           f"already used: at most one setback per turn (rules §4.5). "
                           f"It may wait for the next turn.")
        return None

    def _not_in_hand(self, card: Card) -> Refusal:
        who = self.names[self.to_move]
        have = " ".join(str(c) for c in sorted(self.hand)) or "no cards"
        return Refusal(rule_ids.NOT_IN_HAND, f"{who} (to move) has no {card} in hand; the hand is: {have}.")

    def _command_refusal(self, rule: str, card: Card, pile: Pile) -> Refusal:
        top = pile.top
        if rule == rule_ids.SETBACK_BLOCKED:
            return Refusal(rule, f"{card} would go the wrong way onto {pile.name}, but {top} is on top: Sperre "
                                 f"(black Jack, Befehle): no setback onto {pile.name} while the {top} is on top "
                                 "(rules §12.5). Cover it first, or play elsewhere.")
        step = "Q or K" if pile.direction == "up" else "Q or J"
        return Refusal(rule, f"{card} would jump onto {pile.name}, but {top} is on top: Engpass (black Queen, "
                             f"Befehle): the next card onto this pile must be the same rank or the next rank in the "
                             f"pile's direction ({step}), or a setback (rules §12.6).")

    def _check_end(self, action: EndTurn) -> Refusal | None:
        who = self.names[self.to_move]
        if action.token:
            if not self.tokens:
                return Refusal(rule_ids.NO_TOKENS, self._no_tokens_text())
            if self.token_used_this_turn:
                return Refusal(rule_ids.ONE_TOKEN_PER_TURN, "An emergency token was already spent this turn: at most one "
                                                     "token per turn (rules §10.5).")
            if self.minimum_met:
                return Refusal(rule_ids.TOKEN_NOT_NEEDED, f"{who} has reached the minimum: end the turn with EndTurn() "
                                                   "and keep the token.")
            if self.played_this_turn < 1:
                return Refusal(rule_ids.MINIMUM_PLAY, f"{who} has played no card yet: an emergency token ends the turn "
                                               "only after at least one card (rules §10.5). "
                                               "Play a card first.")
            return None
        if self.minimum_met:
            return None
        why = "the draw pile is empty" if not self.draw_pile and self.turn_minimum == self.rules.minimum_without_draw_pile \
            else "the draw pile still has cards"
        extra = ""
        if self.token_free and self.played_this_turn >= 1:
            extra = " Or spend an emergency token: EndTurn(token=True)."
        elif self.can_pass():
            extra = " A pass (Weitergeben) may count as one of them." if self.pass_counts else ""
        return Refusal(rule_ids.MINIMUM_PLAY, f"{who} has played {plural(self.played_this_turn, 'card')} this turn; the "
                                       f"minimum play is {self.turn_minimum} ({why}; rules §6.1, §6.3). "
                                       f"Play {self.still_to_play} more before ending the turn.{extra}")

    def _no_tokens_text(self) -> str:
        if not self.rules.tokens:
            return ("These rules have no emergency tokens: Notruf-Marken is a variant "
                    "(make_rules('notruf-marken', tokens=2)).")
        return (f"The team has no emergency tokens left (Notruf-Marken: it started with {self.rules.tokens}); "
                "play on without one.")

    def _check_big_setback(self, action: BigSetback) -> Refusal | None:
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            return self._not_in_hand(card)
        if not self.tokens:
            return Refusal(rule_ids.NO_TOKENS, self._no_tokens_text())
        if self.token_used_this_turn:
            return Refusal(rule_ids.ONE_TOKEN_PER_TURN, "An emergency token was already spent this turn: at most one "
                                                 "token per turn (rules §10.5).")
        fit = self._big_setback(card, pile)
        if fit is None:
            top = pile.top
            if top is None:
                why = f"{pile.name} is empty"
            elif self.rules.same_suit_fits and card.suit == top.suit:
                why = "under Kinderfahrt a card of the top card's suit fits anyway: play it with Play"
            elif card.suit != top.suit:
                why = f"{card} is not of the suit of the top card {top}"
            else:
                d = big_setback_ranks(card, pile.direction, top)
                if d is None:
                    why = f"{card} goes the pile's own direction from {top}: play it with Play"
                elif d == 1:
                    why = f"{card} is one rank back from {top}, an ordinary setback: play it with Play"
                else:
                    why = f"{card} is {d} ranks back from {top}; a big setback goes 2 or 3 ranks"
            return Refusal(rule_ids.BIG_SETBACK, f"No big setback: {why}. A big setback (Notruf-Marken) is the top card's "
                                          "suit, 2 or 3 ranks in the wrong direction (rules §10.5).")
        if self.setback_used:
            return Refusal(rule_ids.ONE_SETBACK_PER_TURN,
                           f"{card} on {pile.name} would be a big setback, but this turn's setback is already used: "
                           "a big setback is the turn's setback (rules §10.5). Wait for the next turn.")
        blocked = self._command_block(card, pile, BIG_SETBACK, pile.top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        return None

    def _check_pass(self, action: Pass) -> Refusal | None:
        if not self.rules.passing:
            return Refusal(rule_ids.NO_PASSING, "Passing a card belongs to the Weitergeben variant; these rules "
                                         "have no passing (make_rules('weitergeben')).")
        if self.players < 2:
            return Refusal(rule_ids.NO_PASSING, "Weitergeben: solo there is nobody to pass a card to.")
        to = action.to
        if isinstance(to, bool) or not isinstance(to, (int, np.integer)) or not 0 <= to < self.players:
            return Refusal(rule_ids.PASS_TARGET, f"Pass to seat {short(to)}: seats are 0 to {self.players - 1} "
                                          f"({', '.join(self.names)}).")
        if to == self.to_move:
            return Refusal(rule_ids.PASS_TARGET, f"{self.names[self.to_move]} cannot pass a card to themselves: "
                                          "choose another player's seat.")
        if action.card not in self.hand:
            return self._not_in_hand(action.card)
        if self.passed_this_turn:
            return Refusal(rule_ids.ONE_PASS_PER_TURN, "A card was already passed this turn: Weitergeben allows one "
                                                "pass per turn (rules §10.6).")
        if self.minimum_met:
            return Refusal(rule_ids.PASS_NOT_NEEDED, "The minimum is already met: a pass replaces one required card "
                                              "(rules §10.6); end the turn or play on.")
        if len(self.hand) == 1 and self.played_this_turn == 0:
            # Decision (kit), rules §10.6: at least one card of every turn reaches a pile.
            return Refusal(rule_ids.PASS_LAST_CARD, f"{self.names[self.to_move]} cannot pass the last hand card before "
                                             "playing one: at least one card of every turn must reach a pile "
                                             "(Weitergeben, Decision). Play it instead.")
        return None

    def _signals_this_turn(self) -> int:
        """Signal actions taken since the current turn began (counting stops at the limit)."""
        n = 0
        for a in reversed(self.actions):
            if isinstance(a, (EndTurn, TimeOut)):
                break
            if isinstance(a, Signal):
                n += 1
                if n >= MAX_SIGNALS_PER_TURN:
                    break
        return n

    def _check_signal(self, action: Signal) -> Refusal | None:
        seat = action.seat
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.players:
            return Refusal(rule_ids.NO_SUCH_SEAT, f"There is no seat {short(seat)}: seats are 0 to {self.players - 1} "
                                           f"({', '.join(self.names)}).")
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        if self._signals_this_turn() >= MAX_SIGNALS_PER_TURN:
            return Refusal(rule_ids.TOO_MANY_SIGNALS, f"This turn already has {MAX_SIGNALS_PER_TURN} signal actions; "
                                                      "that is the most one turn may hold (kit Decision, rules §7.4). "
                                                      "Play a card or end the turn first.")
        kind = action.kind
        if kind is not None and not isinstance(kind, str):
            return Refusal(rule_ids.SIGNAL_KIND, f"A signal's kind is text such as 'help', or None to withdraw; "
                                                 f"not {short(kind)} (rules §7.4).")
        if kind is None:
            if not any(s == seat for s, _ in self.signals.get(ref, [])):
                return Refusal(rule_ids.NO_SIGNAL, f"{self.names[seat]} has no signal on {self.piles[ref].name} "
                                            "to withdraw.")
            return None  # withdrawing is always allowed
        kinds = [k for k in SIGNAL_KINDS if k != "passenger" or self.rules.passengers]
        if kind not in kinds:
            extra = " ('passenger' only with Fahrgäste)" if kind == "passenger" else ""
            return Refusal(rule_ids.SIGNAL_KIND, f"There is no signal {short(kind)}{extra}: use one of "
                                          f"{', '.join(map(repr, kinds))}, or None to withdraw (rules §7.4).")
        if self.rules.signals == "none":
            return Refusal(rule_ids.SIGNALS_OFF, "Stille Fahrt: nobody talks during the whole game, so no pile signals "
                                          "(rules §11.4).")
        if self.rules.signals == "mover" and seat != self.to_move:
            return Refusal(rule_ids.SIGNAL_MOVER_ONLY, f"Liftführer: only the player to move ({self.names[self.to_move]}) "
                                                f"may talk; {self.names[seat]} waits for their own turn "
                                                "(rules §11.5).")
        if self.silence_until is not None:
            return Refusal(rule_ids.SILENCE, f"Schweigen (red Queen, Befehle): no signals from anyone until "
                                      f"{self.names[self.silence_until]}'s next turn (rules §12.3).")
        return None

    def why_not(self, card: str | Card, pile: int | str) -> str | None:
        """The refusal message for playing ``card`` on ``pile`` now, or ``None`` if it is legal.

        Raises:
            CardParseError: ``card`` cannot be read.
        """
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            return ref.message
        r = self.check(Play(parse_card(card), ref))
        return None if r is None else r.message


def _plays(hand: Sequence[Card], piles: Sequence[Pile], setback_allowed: bool,
           same_suit: bool = False) -> list[LegalPlay]:
    out = []
    for p in piles:
        for card in sorted(set(hand)):
            fit = p.fits(card)
            if fit is None or (fit.kind == SETBACK and not setback_allowed):
                continue
            out.append(LegalPlay(card, p.index, fit.kind, fit.skipped))
    return out
