"""Paskahousu — the Finnish shedding game in which the last player holding cards loses.

The modules, lowest first (the same shape as Paternoster's engine, :mod:`paternoster.lift`):

    rules, rule_ids     the rule set (:class:`HouseRules`) and the catalogue of house rules; the refusals' ids
    ranks               the rank order and the acceptance table: where a card may go (placement)
    texts               every sentence the game says: reasons, refusals, the log, the card table's words
    options, deal, order  the moves as numbers, the deal and who opens, who moves next (one function each,
                        for the game and the lean loop alike)
    bluff, table_cards  the rules of Valepaska and Pöytäpaska as small functions
    actions, record     the actions and their JSON form; records that replay to the identical game
    state               the position: construction, validation, the opening
    legality            legal actions and refusals
    transitions         applying an action, its log sentences, who moves next, the end, undo
    game                :class:`PaskahousuGame`, the state with every hook of the kit's game contract
    table               the game seen as a card table (the adapter behind the card-table widget)
    bots                the heuristic and the random computer player
    fastsim, reference, simulation  many games: the lean loop, the game-driven loop, and ``simulate``
    fastpos, fastrun    the position loop: any position, Pöytäpaska and Valepaska too, game for game with the game
    fastbluff           Valepaska's heuristic players in one loop (the evaluator's and simulations' hot path)
    knowledge, evaluation, texts_coach, coach_examples  "How good was that?": what a seat knows, every option
                        measured on re-deals of the unseen cards, the coach's words, the rule book's tips measured
    match, compare, cli several rounds, the house rules compared, the command line
    registration        the game's entry in the kit's registry of games

Numpy only; nothing from Jupyter.  Rules: ``docs/rules/paskahousu.md`` (the house rules of Paskahousu rules §11
are :class:`HouseRules` switches; :func:`house_rules` names them).

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
