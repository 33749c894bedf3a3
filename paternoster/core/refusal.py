"""Why the rules refuse an action, and reading the cards of a position field: every game uses these."""

from __future__ import annotations

from typing import Any

from .cards import Card, parse_cards
from .errors import CardParseError, PositionError, Refusal

__all__ = ["Refusal", "cards_field"]


def cards_field(value: Any, field: str) -> list[Card]:
    """Cards of one position field; an unreadable one names the field."""
    if value is None:
        raise PositionError(f"{field} must be cards (text such as '4♦ 5♣' or a list), not None; use '' for none.")
    try:
        return parse_cards(value)
    except CardParseError as e:
        raise CardParseError(f"{field}: {e}") from None
