"""Paternoster & Paskahousu teaching kit — the engine.

Pure Python + numpy; imports nothing from Jupyter.  The names a lesson uses:

>>> from paternoster import Game, parse_card, compare
>>> compare(parse_card("7♠"), parse_card("8♣"))[0]
-1
"""

from .cards import Card, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards, set_notation
from .errors import (CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError,
                     RulesError)
from .game import Action, EndTurn, Game, LegalPlay, Pile, Play, Refusal, Result
from .ladder import NORMAL, SETBACK, Placement, compare, placement, setback_card
from .record import load_record, replay, save_record
from .rules import STANDARD, Rules

__all__ = [
    "Card", "Suit", "parse_card", "parse_cards", "full_deck", "set_notation", "get_notation", "cards_html",
    "CardParseError", "IllegalPlayError", "PaternosterError", "PositionError", "RecordError", "RulesError",
    "Game", "Pile", "Play", "EndTurn", "Action", "LegalPlay", "Refusal", "Result",
    "Placement", "placement", "setback_card", "compare", "NORMAL", "SETBACK",
    "Rules", "STANDARD", "replay", "load_record", "save_record",
]
