"""Paternoster & Paskahousu teaching kit — the engine.

Pure Python + numpy; imports nothing from Jupyter.  The names a lesson uses:

>>> from paternoster import Game, parse_card, compare
>>> compare(parse_card("7♠"), parse_card("8♣"))[0]
-1
"""

from .core.cards import Card, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards, set_notation
from .core.errors import (CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError,
                     RulesError)
from .game import (COMMAND_EFFECTS, COMMAND_NAMES, SIGNAL_KINDS, Action, BigSetback, EndTurn, Game, LegalPlay,
                   Pass, Pile, Play, Refusal, Result, Signal, TimeOut, is_burning)
from .ladder import BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, Placement, big_setback_ranks, compare, placement, setback_card
from .record import load_record, replay, save_record
from .rules import HOURGLASS_SECONDS, STANDARD, Rules
from .variants import PRESETS, VARIANTS, Preset, Variant, make_rules, preset, presets
from .bots import SimplePlayer
from .talking import TalkingTeam
from .simulation import SimulationResult, simulate
from .levels import LEVELS, Claim, DifficultyTable, Level, claims, difficulty_table, level, talking_vs_silent

__all__ = [
    "Card", "Suit", "parse_card", "parse_cards", "full_deck", "set_notation", "get_notation", "cards_html",
    "CardParseError", "IllegalPlayError", "PaternosterError", "PositionError", "RecordError", "RulesError",
    "Game", "Pile", "Play", "EndTurn", "BigSetback", "Pass", "Signal", "TimeOut", "Action", "LegalPlay",
    "Refusal", "Result", "SIGNAL_KINDS", "COMMAND_NAMES", "COMMAND_EFFECTS", "is_burning",
    "Placement", "placement", "setback_card", "big_setback_ranks", "compare", "NORMAL", "SETBACK", "BIG_SETBACK",
    "SAME_SUIT", "Rules", "STANDARD", "HOURGLASS_SECONDS", "replay", "load_record", "save_record",
    "Variant", "VARIANTS", "Preset", "PRESETS", "make_rules", "presets", "preset",
    "SimplePlayer", "TalkingTeam", "simulate", "SimulationResult", "LEVELS", "Level", "level",
    "difficulty_table", "DifficultyTable", "claims", "Claim", "talking_vs_silent",
]
