"""The kernel every game builds on; it imports no game and names none (a test checks its code).

Modules:
    cards     cards, suits, the two notations, parsing (``parse_card``, ``parse_cards``), ``full_deck``.
    errors    the kit's error classes (``PaternosterError`` — the package's error — and its kinds).
    checks    argument checks with one wording (``whole``, ``plural``).
    refusal   ``Refusal`` (why the rules refuse an action) and ``cards_field`` (cards of a position field).
    history   ``GameCommon``: what every game state shares (hand to move, copies, JSON, log per action).
    base      ``GameContract`` (the written contract, a Protocol mypy checks), ``GameBase``, ``Bot``.
    schema    the small schema language of records, ``fields_schema`` (from a rules dataclass), ``RecordFormat``.
    records   the record reader: limits, envelope, a game's schema (``parse_record``), any record (``read_record``).
    registry  the registry of games (``GameEntry``, ``register``, ``games``): each game registers itself.
    table     ``TableAdapter``, its view type ``TableView`` and ``card_view``: what card-table adapters share.
    theme     every colour and the burn mark (``css``, ``inline``, ``BURN``).
    stats     intervals and the progress-bar argument the simulations share.
    terminal  what every command line does the same way.
"""

from .cards import Card, Notation, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards, set_notation
from .checks import plural, whole
from .errors import CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError, RulesError
from .history import GameCommon
from .base import Bot, GameBase, GameContract
from .records import parse_record, read_record
from .refusal import Refusal, cards_field
from .registry import GameEntry, games, register
from .table import TableAdapter, TableView, card_view

__all__ = ["Card", "Notation", "Suit", "cards_html", "full_deck", "get_notation", "parse_card", "parse_cards",
           "set_notation", "plural", "whole", "CardParseError", "IllegalPlayError", "PaternosterError",
           "PositionError", "RecordError", "RulesError", "GameCommon", "parse_record", "read_record", "Refusal",
           "cards_field", "TableAdapter", "TableView", "card_view", "GameBase", "GameContract", "Bot", "GameEntry",
           "games", "register"]
