"""Why the rules refuse an action, and reading the cards of a position field: both games use these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, parse_cards
from .errors import CardParseError, PositionError

__all__ = ["Refusal", "cards_field"]


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action.

    Attributes:
        rule: a short id — ``game-over``, ``not-in-hand``, ``no-such-pile``,
            ``up-pile-order``, ``down-pile-order``, ``one-setback-per-turn``,
            ``minimum-play``, ``nothing-to-undo``, ``unknown-action``; with variants
            also ``no-tokens``, ``one-token-per-turn``, ``token-not-needed``,
            ``big-setback``, ``setback-blocked`` (Sperre), ``narrow-pass`` (Engpass),
            ``one-pass-per-turn``, ``no-passing``, ``pass-target``, ``pass-not-needed``, ``pass-last-card``,
            ``signals-off`` (Stille Fahrt), ``signal-mover-only`` (Liftführer),
            ``silence`` (Schweigen), ``signal-kind``, ``no-signal``, ``no-such-seat``,
            ``no-hourglass``.
        message: a sentence naming the rule and what the player can do.
    """

    rule: str
    message: str


def cards_field(value: Any, field: str) -> list[Card]:
    """Cards of one position field; an unreadable one names the field."""
    if value is None:
        raise PositionError(f"{field} must be cards (text such as '4♦ 5♣' or a list), not None; use '' for none.")
    try:
        return parse_cards(value)
    except CardParseError as e:
        raise CardParseError(f"{field}: {e}") from None
