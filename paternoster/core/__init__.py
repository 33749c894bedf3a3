"""The neutral kernel both games build on; it imports neither game.

Modules:
    cards     cards, suits, the two notations, parsing (``parse_card``, ``parse_cards``), ``full_deck``.
    errors    the kit's error classes (``PaternosterError`` and its kinds).
    checks    argument checks with one wording (``whole``, ``plural``).
    refusal   ``Refusal`` (why the rules refuse an action) and ``cards_field`` (cards of a position field).
    history   ``GameCommon``: what both game states share (hand to move, copies, JSON, log per action).
    records   the record envelope (``parse_record``) and field readers.
    stats     intervals and the progress-bar argument the simulations share.
    table     ``TableAdapter`` and ``card_view``: what both card-table adapters share.
"""

from .cards import Card, Notation, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards, set_notation
from .checks import plural, whole
from .errors import CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError, RulesError
from .history import GameCommon
from .records import parse_record
from .refusal import Refusal, cards_field
from .table import TableAdapter, card_view

__all__ = ["Card", "Notation", "Suit", "cards_html", "full_deck", "get_notation", "parse_card", "parse_cards",
           "set_notation", "plural", "whole", "CardParseError", "IllegalPlayError", "PaternosterError",
           "PositionError", "RecordError", "RulesError", "GameCommon", "parse_record", "Refusal", "cards_field",
           "TableAdapter", "card_view"]
