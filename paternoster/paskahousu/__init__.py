"""Paskahousu — the Finnish shedding game in which the last player holding cards loses.

The rule set (:mod:`.rules`), the ranks and the acceptance table as data (:mod:`.ranks`),
the game (:mod:`.game`), records (:mod:`.record`), computer players (:mod:`.bots`),
simulation (:mod:`.simulation`) and several rounds (:mod:`.match`) — the same module
names as Paternoster's.  Numpy only; nothing from Jupyter.  Rules: ``docs/rules/paskahousu.md``
(the house rules of Paskahousu rules §11 are :class:`HouseRules` switches; :func:`house_rules` names them).

The kit's **Decisions** (where the original rules are silent), each documented where it lives:
picking up an empty table is not a move (``pick-up-empty``); a burner refills before
moving again; every action is one turn (a burner's extra move is the next turn); a
turn cap ends a game as a stalemate (:class:`HouseRules` ``turn_cap``); how a deck is
shuffled and dealt (:func:`deal`); the dealer rotates in simulations and matches.

>>> from paternoster.paskahousu import PaskahousuGame, acceptance
>>> acceptance("8♠", "10♥").verdict
'burns'
"""

from .rules import HOUSE_RULE_SWITCHES, STANDARD_HOUSE_RULES, HouseRules, HouseRuleSwitch, house_rules
from .ranks import (ACCEPTANCE_RULES, RANK_ORDER, Acceptance, acceptance, acceptance_table, play_verdict, strength,
                    who_starts)
from .game import Action, PaskahousuGame, PaskahousuResult, PickUp, PlayCards, Refusal, TryYourLuck, action_from_json
from .deal import deal
from .options import legal_options
from .bots import HeuristicPlayer, RandomPlayer, make_player
from .actions import Announce, CheckAnnouncement, LetPass, TurnTableCard, rank_label  # Pöytäpaska and Valepaska (§11.10, §11.12)
from .bluff import Announcement
from .simulation import SimulationResult, game_seed, play_game, replay_game, simulate, wilson
from .match import Match
from .record import load_record, save_record
from .compare import ComparisonRow, HouseRulesComparison, compare_house_rules

__all__ = [
    "RANK_ORDER", "strength", "HouseRules", "STANDARD_HOUSE_RULES", "house_rules", "HOUSE_RULE_SWITCHES",
    "HouseRuleSwitch", "Acceptance", "acceptance",
    "acceptance_table", "ACCEPTANCE_RULES", "play_verdict", "who_starts",
    "PaskahousuGame", "PaskahousuResult", "PlayCards", "PickUp", "TryYourLuck", "Action", "Refusal",
    "action_from_json", "deal", "legal_options",
    "HeuristicPlayer", "RandomPlayer", "make_player",
    "simulate", "SimulationResult", "game_seed", "replay_game", "play_game", "wilson",
    "Match", "load_record", "save_record", "compare_house_rules", "HouseRulesComparison", "ComparisonRow",
    "TurnTableCard", "rank_label", "Announce", "CheckAnnouncement", "LetPass", "Announcement",
]
