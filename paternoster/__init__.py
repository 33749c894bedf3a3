"""Paternoster & Paskahousu teaching kit — the engine.

Pure Python + numpy; imports nothing from Jupyter.  The names a lesson uses:

>>> from paternoster import Game, parse_card, compare
>>> compare(parse_card("7♠"), parse_card("8♣"))[0]
-1
"""

from .core.cards import Card, Suit, cards_html, full_deck, get_notation, parse_card, parse_cards, set_notation
from .core.errors import (ArgumentError, ArgumentIndexError, ArgumentTypeError, CardParseError, IllegalPlayError, PaternosterError,
                          PositionError, RecordError, RulesError)
from .lift.game import (COMMAND_EFFECTS, COMMAND_NAMES, SIGNAL_KINDS, Action, BigSetback, EndTurn, Game, LegalPlay,
                   Pass, Pile, Play, Refusal, Result, Signal, TimeOut, is_burning)
from .lift.ladder import BIG_SETBACK, NORMAL, SAME_SUIT, SETBACK, Placement, big_setback_ranks, compare, placement, setback_card
from .lift.record import load_record, replay, save_record
from .lift.rules import HOURGLASS_SECONDS, STANDARD, Rules
from .lift.variants import PRESETS, VARIANTS, Preset, Variant, make_rules, preset, presets
from .lift.bots import SimplePlayer, play_with_reasons
from .lift.cost import play_cost
from .lift import examples
from .lift.talking import TalkingTeam
from .lift.simulation import SimulationResult, simulate
from .lift.levels import LEVELS, Claim, DifficultyTable, Level, claims, difficulty_table, level, talking_vs_silent
from .exercises import Exercise

__all__ = [
    "Card", "Suit", "parse_card", "parse_cards", "full_deck", "set_notation", "get_notation", "cards_html",
    "CardParseError", "IllegalPlayError", "PaternosterError", "PositionError", "RecordError", "RulesError",
    "ArgumentError", "ArgumentTypeError", "ArgumentIndexError",
    "Game", "Pile", "Play", "EndTurn", "BigSetback", "Pass", "Signal", "TimeOut", "Action", "LegalPlay",
    "Refusal", "Result", "SIGNAL_KINDS", "COMMAND_NAMES", "COMMAND_EFFECTS", "is_burning",
    "Placement", "placement", "setback_card", "big_setback_ranks", "compare", "NORMAL", "SETBACK", "BIG_SETBACK",
    "SAME_SUIT", "Rules", "STANDARD", "HOURGLASS_SECONDS", "replay", "load_record", "save_record",
    "Variant", "VARIANTS", "Preset", "PRESETS", "make_rules", "presets", "preset",
    "SimplePlayer", "play_with_reasons", "play_cost", "examples", "Exercise", "TalkingTeam", "simulate", "SimulationResult", "LEVELS", "Level", "level",
    "difficulty_table", "DifficultyTable", "claims", "Claim", "talking_vs_silent",
]
