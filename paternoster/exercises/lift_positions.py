"""Paternoster exercises' positions: reading a game for a question, and the seeded positions of every kind.

Each ``seed_*`` function builds one kind's position for a seed (its :class:`~.base.Kind`'s ``seeded``
hook): the same seed gives the same position on every run, so the lessons' saved outputs stay stable.
A change to how a kind draws its position changes lessons.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

import numpy as np

from ..core.errors import ArgumentError, ArgumentTypeError
from ..core.cards import Card, parse_card, parse_cards
from ..core.checks import short
from ..core.errors import PositionError
from ..lift.actions import LegalPlay
from ..lift.bots import Scored, SimplePlayer, Why, base_cost
from ..lift.game import Game
from ..lift.ladder import setback_card
from ..lift.rules import STANDARD
from ..lift.simulation import rules_name
from .base import Verdict, kind_rng
from .texts import common, lift as words

#: Player names of seeded positions.
NAMES = ("Anna", "Ben", "Carla", "Dan", "Eva", "Frank")


# --------------------------------------------------------------------------- reading a game

def live_game(game: Any) -> Game:
    """A copy of ``game`` to ask about (the caller's game never changes).

    Raises:
        TypeError: not a :class:`Game`; PositionError: the game is over.
    """
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"Give a paternoster.Game (Game.new(...) or Game.from_position(...)), "
                        f"not {type(game).__name__}.")
    if game.is_terminal():
        raise PositionError("The game is over, so there is no play to ask about; give a game in progress.")
    return game.copy()


def pile_labels(g: Game) -> tuple[str, ...]:
    return tuple(words.pile_label(p.name, p.top) for p in g.piles)


def table_lines(g: Game) -> list[str]:
    """The position as lines: the rules (a variant) and commands in force, every pile, the hand of the player to
    move, this turn's count and setback."""
    lines = [] if g.rules == STANDARD else [words.rules_line(rules_name(g.rules))]
    commands = [(name, card, None if pile is None else g.piles[pile].name) for pile, name, card in g.active_commands]
    if commands:
        lines.append(words.commands_line(commands))
    lines += [words.pile_line(p.name, p.top) for p in g.piles]
    lines.append(words.hand_line(g.names[g.to_move], sorted(g.hand), alone=g.players == 1))
    lines.append(words.turn_line(g.played_this_turn, g.turn_minimum, g.setback_used))
    return lines


def variant_note(g: Game) -> str:
    """A hint's note naming the variant, for a game not under the standard rules."""
    return "" if g.rules == STANDARD else words.rules_note(rules_name(g.rules))


def setback_tops(card: Card) -> tuple[Card | None, Card | None]:
    """The tops on which ``card`` would be the setback: on an up pile, and on a down pile (rules §4.4)."""
    tops = [Card.from_rung(r) for r in range(52)]
    up = next((t for t in tops if setback_card("up", t) == card), None)
    down = next((t for t in tops if setback_card("down", t) == card), None)
    return up, down


def pile_set(g: Game, labels: Sequence[str], given: Any) -> set[int]:
    """The piles an answer names: labels, pile names (``"up 1"``) or one text with commas; none is an answer."""
    if given is None:
        return set()
    items = _split(given) if isinstance(given, str) else list(given)
    out = set()
    for item in items:
        if isinstance(item, str) and item.strip().lower() in common.NONE_WORDS:
            continue
        if item in labels:
            out.add(labels.index(item))
        else:
            out.add(g.pile(item).index)  # IllegalPlayError (no-such-pile) names the piles
    return out


def _split(text: str) -> list[str]:
    return [t.strip() for t in re.split(r"[,;\n]|\band\b", text) if t.strip()]


def cards_answer(given: Any) -> list[Card]:
    if isinstance(given, str):
        return parse_cards(given.replace(",", " ").replace("<", " "))
    return [parse_card(c) for c in given]


def cost_of(lp: LegalPlay, top: Card | None) -> tuple[int, Why]:
    """A play's cost (rules §5) and the engine's words for it (the cost as data, :class:`~paternoster.lift.texts.Why`)."""
    return base_cost(lp, top)


def costs(g: Game, adjusted: bool) -> list[Scored]:
    """Every legal play with its cost, cheapest first: the simple player's score (``adjusted``) or the plain cost."""
    if adjusted:
        return SimplePlayer().scored(g)
    out = [Scored(lp, *cost_of(lp, g.piles[lp.pile].top)) for lp in g.legal_plays()]
    return sorted(out, key=lambda s: s.key)


def play_label(g: Game, s: Scored) -> str:
    return words.play_label(s.play.card, g.piles[s.play.pile].name)


def adjusted(g: Game, s: Scored) -> bool:
    """Whether ``s`` carries the simple player's score (rules §16.2) rather than the plain cost (rules §5)."""
    return (s.score, s.why) != cost_of(s.play, g.piles[s.play.pile].top)


def cost_words(g: Game, s: Scored) -> str:
    p = g.piles[s.play.pile]
    return words.cost_words(s.play.card, p.name, p.top, s.why, s.score if adjusted(g, s) else None)


def chosen_play(g: Game, labels: dict[str, Scored], given: Any) -> Scored | Verdict:
    """The play an answer names (a label, or text such as ``"9♥ on up 1"``), or a wrong verdict for a refused play.

    Raises:
        ValueError: text that is not a card and a pile; CardParseError / IllegalPlayError: as the engine's.
    """
    if isinstance(given, Scored):
        return given
    text = str(given).strip()
    if text in labels:
        return labels[text]
    m = re.fullmatch(r"\s*(\S+)\s+(?:on\s+)?(.+?)\s*", text)
    if not m:
        raise ArgumentError(words.PLAY_FORMAT.format(given=short(text)))
    card, pile = parse_card(m.group(1)), g.pile(m.group(2))
    for s in labels.values():
        if s.play.card == card and s.play.pile == pile.index:
            return s
    refused = words.NOT_ALLOWED_PLAY.format(refusal=g.why_not(card, pile.index) or "").strip()
    return Verdict(False, refused, nudge=refused)


# --------------------------------------------------------------------------- seeded positions

def _step(g: Game, rng: np.random.Generator) -> None:
    """One action of the seeded positions' driver: one of the three cheapest plays (rules §5), or the turn's end.

    It reads only the rules (legal plays, their cost, whether the minimum is met), not the
    computer player's policy, so a seeded position stays the same when that policy changes.
    """
    plays = costs(g, adjusted=False)[:3]
    if g.minimum_met and (not plays or rng.random() < 0.6):
        g.end_turn()
    elif plays:
        s = plays[int(rng.integers(len(plays)))]
        g.apply_action(s.play.action)
    else:  # below the minimum without a play: the game is over already
        raise RuntimeError("no action")  # pragma: no cover - a stuck game is terminal


def seeded_game(seed: int, rng: np.random.Generator, ok: Callable[[Game], bool]) -> Game:
    """A standard game from ``seed`` played some steps by :func:`_step`, at a position where ``ok`` holds."""
    players = int(rng.integers(1, 4))
    g = Game.new(players, seed=seed, names=list(NAMES[:players]))
    steps = int(rng.integers(4, 60))
    good = 0  # actions taken up to the last position where ok(g) held (the start always has plays)
    for _ in range(steps):
        _step(g, rng)
        if g.is_terminal():
            break
        if ok(g):
            good = len(g.actions)
    while len(g.actions) > good:
        g.undo()
    return g


def seed_piles(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "piles-for-card")
    g = seeded_game(seed, rng, lambda g: not g.is_terminal() and bool(g.hand))
    hand = sorted(set(g.hand))
    # a card that fits some piles but not all makes a better question; any card if none does
    mixed = [c for c in hand if 0 < sum(g.why_not(c, p.index) is None for p in g.piles) < len(g.piles)]
    pool = mixed or hand
    return cls.piles_for_card(g, pool[int(rng.integers(len(pool)))])


def seed_ladder(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "ladder-order")
    k = int(rng.integers(3, 6))
    rank = int(rng.integers(0, 13))
    suits = rng.choice(4, size=2, replace=False)
    rungs = {rank * 4 + int(s) for s in suits}  # two suits of one rank: the suit order is asked too
    while len(rungs) < k:
        rungs.add(int(rng.integers(0, 52)))
    order = [int(r) for r in rng.permutation(sorted(rungs))]
    if order == sorted(order):
        order.reverse()
    return cls.ladder_order([Card.from_rung(r) for r in order])


def seed_cheapest(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "cheapest-play")
    return cls.cheapest_play(seeded_game(seed, rng, lambda g: len(g.legal_plays()) >= 2))


def seed_play_cost(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "play-cost")
    g = seeded_game(seed, rng, lambda g: bool(g.legal_plays()))
    plays = g.legal_plays()
    lp = plays[int(rng.integers(len(plays)))]
    return cls.play_cost(g, lp.card, lp.pile)


def seed_remaining(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "remaining-cards")
    players = int(rng.integers(1, 4))
    g = Game.new(players, seed=seed, names=list(NAMES[:players]))
    while not g.is_terminal():
        _step(g, rng)
    return cls.remaining_cards(g)


def seed_turn_cost(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "turn-cost")
    g = seeded_game(seed, rng, lambda g: len(g.legal_plays()) >= 2 and len(g.hand) >= 2)
    start, trial, plays = g.copy(), g.copy(), []
    for _ in range(int(rng.integers(2, 4))):
        options = costs(trial, adjusted=False)[:4]
        if not options or trial.is_terminal():
            break
        s = options[int(rng.integers(len(options)))]
        plays.append((s.play.card, s.play.pile))
        trial.apply_action(s.play.action)
        if trial.is_terminal() or trial.to_move != start.to_move:
            break
    return cls.turn_cost(start, plays)


def seed_simple_turn(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "simple-turn")
    # the start of a turn, so the whole turn is asked (and the minimum is still to meet)
    g = seeded_game(seed, rng, lambda g: g.played_this_turn == 0 and bool(g.legal_plays()))
    return cls.simple_turn(g)
