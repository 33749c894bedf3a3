"""Paternoster's rule ids: the ``rule`` of every :class:`~paternoster.core.refusal.Refusal` the game gives
(and of ``IllegalPlayError.rule``), one named constant each.  The kernel's own: :mod:`paternoster.core.rule_ids`."""

from __future__ import annotations

__all__ = ['RULE_IDS', 'GAME_OVER', 'NO_HOURGLASS', 'UNKNOWN_ACTION', 'UP_PILE_ORDER', 'DOWN_PILE_ORDER', 'ONE_SETBACK_PER_TURN', 'NOT_IN_HAND', 'NO_TOKENS', 'ONE_TOKEN_PER_TURN', 'TOKEN_NOT_NEEDED', 'MINIMUM_PLAY', 'BIG_SETBACK', 'NO_PASSING', 'PASS_TARGET', 'ONE_PASS_PER_TURN', 'PASS_NOT_NEEDED', 'PASS_LAST_CARD', 'NO_SUCH_SEAT', 'NO_SIGNAL', 'SIGNAL_KIND', 'SIGNALS_OFF', 'SIGNAL_MOVER_ONLY', 'SILENCE', 'NO_SUCH_PILE', 'SETBACK_BLOCKED', 'NARROW_PASS', 'TOO_MANY_SIGNALS']

GAME_OVER = "game-over"
NO_HOURGLASS = "no-hourglass"
UNKNOWN_ACTION = "unknown-action"
UP_PILE_ORDER = "up-pile-order"
DOWN_PILE_ORDER = "down-pile-order"
ONE_SETBACK_PER_TURN = "one-setback-per-turn"
NOT_IN_HAND = "not-in-hand"
NO_TOKENS = "no-tokens"
ONE_TOKEN_PER_TURN = "one-token-per-turn"
TOKEN_NOT_NEEDED = "token-not-needed"
MINIMUM_PLAY = "minimum-play"
BIG_SETBACK = "big-setback"
NO_PASSING = "no-passing"
PASS_TARGET = "pass-target"
ONE_PASS_PER_TURN = "one-pass-per-turn"
PASS_NOT_NEEDED = "pass-not-needed"
PASS_LAST_CARD = "pass-last-card"
NO_SUCH_SEAT = "no-such-seat"
NO_SIGNAL = "no-signal"
SIGNAL_KIND = "signal-kind"
SIGNALS_OFF = "signals-off"
SIGNAL_MOVER_ONLY = "signal-mover-only"
SILENCE = "silence"
NO_SUCH_PILE = "no-such-pile"
SETBACK_BLOCKED = "setback-blocked"
NARROW_PASS = "narrow-pass"
TOO_MANY_SIGNALS = "too-many-signals"

#: Every id above, in the order the checks meet them.
RULE_IDS: tuple[str, ...] = (GAME_OVER, NO_HOURGLASS, UNKNOWN_ACTION, UP_PILE_ORDER, DOWN_PILE_ORDER, ONE_SETBACK_PER_TURN, NOT_IN_HAND, NO_TOKENS, ONE_TOKEN_PER_TURN, TOKEN_NOT_NEEDED, MINIMUM_PLAY, BIG_SETBACK, NO_PASSING, PASS_TARGET, ONE_PASS_PER_TURN, PASS_NOT_NEEDED, PASS_LAST_CARD, NO_SUCH_SEAT, NO_SIGNAL, SIGNAL_KIND, SIGNALS_OFF, SIGNAL_MOVER_ONLY, SILENCE, NO_SUCH_PILE, SETBACK_BLOCKED, NARROW_PASS, TOO_MANY_SIGNALS)
