"""Paternoster registers itself in the kit's registry of games (:mod:`paternoster.core.registry`).

The registry imports this module (found by its file name) the first time it is asked for its games.
mypy checks here that :class:`~paternoster.lift.game.Game` keeps the written game contract
(:class:`~paternoster.core.base.GameContract`).
"""

from __future__ import annotations

from ..core.registry import GameEntry, register
from .bots import SimplePlayer
from .game import Game
from .record import RECORD
from .rules import STANDARD, Rules
from .table import PaternosterTable
from .talking import TalkingTeam
from .variants import make_rules

__all__ = ["ENTRY"]

ENTRY = register(GameEntry(
    name=PaternosterTable.game_name,
    title="Paternoster",
    state=Game,
    rules=Rules,
    record=RECORD,
    table=PaternosterTable,
    bots={"simple": SimplePlayer, "talking": TalkingTeam},
    # the standard rules' player counts (rules §1.2); Hochhaus's 6–8 are a variant's
    players=(min(p for p, _ in STANDARD.hand_sizes), max(p for p, _ in STANDARD.hand_sizes)),
    classroom_page="notebooks/classroom.ipynb",
    rule_book="docs/rules/paternoster.md",
    command_line="paternoster.lift.cli",
    evaluator="paternoster.lift.evaluation",
    sample_rules={"Notruf-Marken and Feuer": lambda: make_rules("notruf-marken", "feuer")},
))
