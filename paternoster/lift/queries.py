"""The rules' queries on a Paternoster position: legal plays and actions, signals, and why an action is refused."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..core.cards import Card, parse_card
from ..core.refusal import Refusal
from .ladder import (BIG_SETBACK, SETBACK, Placement, big_setback_ranks, placement,
                     setback_card)
from .actions import FIRE, PASSENGER_ORDER, SIGNAL_KINDS, Action, BigSetback, EndTurn, LegalPlay, Pass, Pile, Play, Signal, TimeOut
from .commands import command_block
from .position import GamePosition
from . import rule_ids, texts

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
        out = _plays(self.hand, self.piles, self.setbacks_left > 0, self.rules.same_suit_fits)
        if self.rules.command_ranks:
            out = [lp for lp in out
                   if self._command_block(lp.card, self.piles[lp.pile], lp.kind, self.piles[lp.pile].top) is None]
        if self.token_free and self.setbacks_left > 0 and not self.rules.same_suit_fits:
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
                return PASSENGER_ORDER
        if isinstance(action, (EndTurn, TimeOut)) and self.fire_duty:
            return FIRE
        if isinstance(action, (Play, BigSetback)) and self.burning:
            ref = self._pile_ref(action.pile)
            if isinstance(ref, Refusal):
                return None
            # A Halt ends the turn at once: a due burning card on another pile stays uncovered.
            if self.fire_duty and self._command(parse_card(action.card)) == "Halt" \
                    and any(b[0] != ref for b in self.fire_duty):
                return FIRE
            # The game's very last card: only it may stay burning (rules §11.8).
            if self.remaining == 1 and any(b[0] != ref for b in self.burning):
                return FIRE
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
        return texts.fire_end_turn_warning(card, pile.name, turn, cover)

    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` naming the rule."""
        if self.result is not None:
            return Refusal(rule_ids.GAME_OVER, texts.game_over(self._result_words(), bool(self._undo)))
        if isinstance(action, EndTurn):
            return self._check_end(action)
        if isinstance(action, Signal):
            return self._check_signal(action)
        if isinstance(action, Pass):
            return self._check_pass(action)
        if isinstance(action, TimeOut):
            if not self.rules.hourglass:
                return Refusal(rule_ids.NO_HOURGLASS, texts.NO_HOURGLASS)
            return None
        if isinstance(action, BigSetback):
            return self._check_big_setback(action)
        if not isinstance(action, Play):
            return Refusal(rule_ids.UNKNOWN_ACTION, texts.unknown_action(action))
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
            # Only a hint the player can act on: a token left and none spent this turn.
            big = bool(self.tokens and not self.token_used_this_turn and self._big_setback(card, pile) is not None)
            rule = rule_ids.UP_PILE_ORDER if pile.direction == "up" else rule_ids.DOWN_PILE_ORDER
            return Refusal(rule, texts.wrong_direction(card, pile.name, pile.direction, top,
                                                       setback_card(pile.direction, top), big))
        blocked = self._command_block(card, pile, fit.kind, top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        if fit.kind == SETBACK and self.setback_used:
            return Refusal(rule_ids.ONE_SETBACK_PER_TURN,
                           texts.setbacks_used_up(card, pile.name, top, self.rules.setbacks_per_turn))
        return None

    def _not_in_hand(self, card: Card) -> Refusal:
        return Refusal(rule_ids.NOT_IN_HAND, texts.not_in_hand(self.names[self.to_move], card, self.hand))

    def _command_refusal(self, rule: str, card: Card, pile: Pile) -> Refusal:
        if rule == rule_ids.SETBACK_BLOCKED:
            return Refusal(rule, texts.sperre(card, pile.name, pile.top))
        return Refusal(rule, texts.engpass(card, pile.name, pile.top, pile.direction))

    def _check_end(self, action: EndTurn) -> Refusal | None:
        who = self.names[self.to_move]
        if action.token:
            if not self.tokens:
                return Refusal(rule_ids.NO_TOKENS, texts.no_tokens(self.rules.tokens))
            if self.token_used_this_turn:
                return Refusal(rule_ids.ONE_TOKEN_PER_TURN, texts.ONE_TOKEN_PER_TURN)
            if self.minimum_met:
                return Refusal(rule_ids.TOKEN_NOT_NEEDED, texts.token_not_needed(who))
            if self.played_this_turn < 1:
                return Refusal(rule_ids.MINIMUM_PLAY, texts.token_needs_a_card(who))
            return None
        if self.minimum_met:
            return None
        empty = not self.draw_pile and self.turn_minimum == self.rules.minimum_without_draw_pile
        return Refusal(rule_ids.MINIMUM_PLAY, texts.below_minimum(
            who, self.played_this_turn, self.turn_minimum, empty, self.still_to_play,
            token=self.token_free and self.played_this_turn >= 1, counting_pass=self.can_pass() and self.pass_counts,
            sections=self._minimum_sections(empty)))

    def _minimum_sections(self, draw_pile_empty: bool) -> str:
        """The rule book's sections that set this turn's minimum: §6.1/§6.3, or the variant's own section
        (Kinderfahrt §10.3, Steil §11.2), plus Last (§12.7) and Express (§12.4) when they raised it."""
        if draw_pile_empty:
            return "§6.3"
        own = {3: "§11.2", 1: "§10.3"}.get(self.rules.minimum, "§6.1")
        raised = self.turn_minimum - self.rules.minimum
        extra: list[str] = []
        if raised > 0 and self.last_active:
            extra.append("§12.7")
            raised -= 1
        if raised > 0:
            extra.append("§12.4")
        return ", ".join([own, *extra])

    def _check_big_setback(self, action: BigSetback) -> Refusal | None:
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        card, pile = action.card, self.piles[ref]
        if card not in self.hand:
            return self._not_in_hand(card)
        if not self.tokens:
            return Refusal(rule_ids.NO_TOKENS, texts.no_tokens(self.rules.tokens))
        if self.token_used_this_turn:
            return Refusal(rule_ids.ONE_TOKEN_PER_TURN, texts.ONE_TOKEN_PER_TURN)
        fit = self._big_setback(card, pile)
        if fit is None:
            return Refusal(rule_ids.BIG_SETBACK, texts.no_big_setback(
                card, pile.name, pile.top, self.rules.same_suit_fits, big_setback_ranks(card, pile.direction, pile.top)))
        if self.setback_used:
            return Refusal(rule_ids.ONE_SETBACK_PER_TURN,
                           texts.big_setback_used_up(card, pile.name, self.rules.setbacks_per_turn))
        blocked = self._command_block(card, pile, BIG_SETBACK, pile.top) if self.rules.command_ranks else None
        if blocked:
            return self._command_refusal(blocked, card, pile)
        return None

    def _check_pass(self, action: Pass) -> Refusal | None:
        if not self.rules.passing:
            return Refusal(rule_ids.NO_PASSING, texts.NO_PASSING)
        if self.players < 2:
            return Refusal(rule_ids.NO_PASSING, texts.NO_PASSING_SOLO)
        to = action.to
        if isinstance(to, bool) or not isinstance(to, (int, np.integer)) or not 0 <= to < self.players:
            return Refusal(rule_ids.PASS_TARGET, texts.no_such_seat(to, self.names, "Pass to seat"))
        if to == self.to_move:
            return Refusal(rule_ids.PASS_TARGET, texts.pass_to_self(self.names[self.to_move]))
        if action.card not in self.hand:
            return self._not_in_hand(action.card)
        if self.passed_this_turn:
            return Refusal(rule_ids.ONE_PASS_PER_TURN, texts.ONE_PASS_PER_TURN)
        if self.minimum_met:
            return Refusal(rule_ids.PASS_NOT_NEEDED, texts.PASS_NOT_NEEDED)
        if len(self.hand) == 1 and self.played_this_turn == 0:
            # Decision (kit), rules §10.6: at least one card of every turn reaches a pile.
            return Refusal(rule_ids.PASS_LAST_CARD, texts.pass_last_card(self.names[self.to_move]))
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
            return Refusal(rule_ids.NO_SUCH_SEAT, texts.no_such_seat(seat, self.names))
        ref = self._pile_ref(action.pile)
        if isinstance(ref, Refusal):
            return ref
        if self._signals_this_turn() >= MAX_SIGNALS_PER_TURN:
            return Refusal(rule_ids.TOO_MANY_SIGNALS, texts.too_many_signals(MAX_SIGNALS_PER_TURN))
        kind = action.kind
        if kind is not None and not isinstance(kind, str):
            return Refusal(rule_ids.SIGNAL_KIND, texts.signal_not_text(kind))
        if kind is None:
            if not any(s == seat for s, _ in self.signals.get(ref, [])):
                return Refusal(rule_ids.NO_SIGNAL, texts.no_signal_to_withdraw(self.names[seat], self.piles[ref].name))
            return None  # withdrawing is always allowed
        kinds = [k for k in SIGNAL_KINDS if k != "passenger" or self.rules.passengers]
        if kind not in kinds:
            return Refusal(rule_ids.SIGNAL_KIND, texts.unknown_signal(kind, kinds))
        if self.rules.signals == "none":
            return Refusal(rule_ids.SIGNALS_OFF, texts.SIGNALS_OFF)
        if self.rules.signals == "mover" and seat != self.to_move:
            return Refusal(rule_ids.SIGNAL_MOVER_ONLY, texts.mover_only(self.names[self.to_move], self.names[seat]))
        if self.silence_until is not None:
            return Refusal(rule_ids.SILENCE, texts.silence(self.names[self.silence_until]))
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
