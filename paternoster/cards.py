"""Old home of cards and notation; they live in :mod:`paternoster.core.cards` (shared by both games)."""

from .core.cards import (Card, Notation, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards,
                         set_notation)
from .core.errors import CardParseError

__all__ = ["Suit", "Card", "Notation", "parse_card", "parse_cards", "get_notation", "set_notation",
           "full_deck", "cards_html", "CardParseError"]
