"""Paskahousu registers itself in the kit's registry of games (:mod:`paternoster.core.registry`).

The registry imports this module (found by its file name) the first time it is asked for its games.
mypy checks here that :class:`~paternoster.paskahousu.game.PaskahousuGame` keeps the written game
contract (:class:`~paternoster.core.base.GameContract`).
"""

from __future__ import annotations

from ..core.registry import GameEntry, register
from .bots import HeuristicPlayer, RandomPlayer
from .game import PaskahousuGame
from .record import RECORD
from .rules import ONE_DECK_PLAYERS, HouseRules, house_rules
from .table import PaskahousuTable

__all__ = ["ENTRY"]

ENTRY = register(GameEntry(
    name=PaskahousuTable.game_name,
    title="Paskahousu",
    state=PaskahousuGame,
    rules=HouseRules,
    record=RECORD,
    table=PaskahousuTable,
    bots={"heuristic": HeuristicPlayer, "random": RandomPlayer},
    # one deck seats 2 to 10 (Paskahousu rules §1.2, §11.13; the engine refuses a count the house rules do not allow)
    players=ONE_DECK_PLAYERS,
    classroom_page="notebooks/classroom_paskahousu.ipynb",
    rule_book="docs/rules/paskahousu.md",
    command_line="paternoster.paskahousu.cli",
    evaluator="paternoster.paskahousu.evaluation",
    sample_rules={"Nur einzeln": lambda: house_rules("Nur einzeln"), "Valepaska": lambda: house_rules("Valepaska")},
))
