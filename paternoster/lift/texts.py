"""Every sentence the Paternoster game says to a student, in one place: the cost words, the game log,
the refusals, the computer players' reasons and the card table's words.

The engine decides; this module only words what it decided.  Each function takes plain data (names,
cards, pile names, numbers) and returns text, so rewording a sentence is a change here and nowhere
else.  The cost of a play is data, :class:`CostWords` (what the play does, what it costs); its one
formatter gives the kit's sentence, and every other wording of a cost (the log, the card table, the
grid of the hand-and-piles table, the simple player's reasons) starts from it.

>>> from paternoster.core.cards import parse_card as c
>>> words = cost_words("normal", 6, c("5♣"), c("4♦"))
>>> words, str(words)
(CostWords(what='a jump over 6 rungs', cost=7), 'a jump over 6 rungs, cost 7')
>>> target_text("setback", cost_words("setback", -4, c("9♥"), c("10♥")))
'setback: cost −4'
>>> setbacks_state(used=1, allowed=1), setbacks_state(used=1, allowed=2)
('used', '1 of 2 left')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Sequence

from ..core.cards import Card, Notation
from ..core.checks import plural, short
from .actions import (FIRE, PASSENGER_ORDER, PASSENGER_UNDELIVERED, TIME_OUT, Action, BigSetback, EndTurn, Pass, Play,
                      Result, Signal)
from .cost import cost_of
from .ladder import BIG_SETBACK, SAME_SUIT, SETBACK
from .rules import HOURGLASS_SECONDS, STANDARD, Rules
from . import rule_ids

__all__ = ["CostWords", "Why", "signed", "cost_phrase", "cost_words", "target_text", "cell_text", "refused_cell", "setbacks_state",
           "setback_allowance", "COMMAND_EFFECTS", "COMMAND_RANK_WORDS", "SIGNAL_WORDS", "SIGNAL_REASONS",
           "sentence_case", "result_words", "SWITCH_WORDS", "COUNTED_FIELDS", "rule_switches"]


# =========================================================================== the cost of a play (rules §5)

def signed(n: int) -> str:
    """A number as the kit prints it: a real minus sign (``"−4"``), as in the lessons' text."""
    return f"−{-n}" if n < 0 else str(n)

def cost_phrase(cost: int) -> str:
    """``"cost 7"``, ``"cost −4"``: how every sentence names a cost."""
    return f"cost {signed(cost)}"


@dataclass(frozen=True)
class CostWords:
    """What a legal play does to its pile, in words, and its cost (rules §5): the data every wording
    of a cost starts from.  ``str()`` gives the kit's sentence, ``"a jump over 6 rungs, cost 7"``.

    Attributes:
        what: ``"a twin"``, ``"the next rung"``, ``"a jump over 6 rungs"``, ``"opens the pile"``,
            ``"a setback"``, ``"a big setback with a token"``, ``"same suit the wrong way"``.
        cost: the cost in rungs (:func:`paternoster.lift.cost.cost_of`).
    """

    what: str
    cost: int

    def __str__(self) -> str:
        return f"{self.what}, {cost_phrase(self.cost)}"

def cost_words(kind: str, skipped: int, card: Card, top: Card | None) -> CostWords:
    """The :class:`CostWords` of a legal play from its placement (``kind``, ``skipped``; see
    :class:`paternoster.lift.ladder.Placement`), the card and the pile's top before the play."""
    n = cost_of(kind, skipped, card, top)
    if kind == SETBACK:
        return CostWords("a setback", n)
    if kind == BIG_SETBACK:
        return CostWords("a big setback with a token", n)
    if kind == SAME_SUIT:
        return CostWords("same suit the wrong way", n)
    if top is None:
        return CostWords("opens the pile", n)
    if n == 0:
        return CostWords("a twin", n)
    if n == 1:
        return CostWords("the next rung", n)
    return CostWords(f"a jump over {plural(skipped, 'rung')}", n)


@dataclass(frozen=True)
class Why:
    """Why a computer player scores a play as it does: the play's :class:`CostWords` and the player's
    own adjustments in words (rules §16.2, §16.4).  ``str()``: ``"a jump over 5 rungs, cost 6; − 4 to the
    score: 8♥ can follow as the setback"``."""

    cost: CostWords
    notes: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "; ".join((str(self.cost), *self.notes))

    def noted(self, note: str) -> "Why":
        """The same reason with one more adjustment."""
        return Why(self.cost, (*self.notes, note))

def pair_note(follow: Card) -> str:
    """Simple player (rules §9.4): a jump whose setback card is in hand."""
    return f"− 4 to the score: {follow} can follow as the setback"

def bury_note(mine: Card) -> str:
    """Simple player (rules §9.3): a play that would bury the player's own setback card."""
    return f"+ 4 to the score: it would bury {mine}, my setback here for a later turn"

PASSENGER_NOTE = "delivers the next passenger (score 0)"

def listening_note(penalty: int, who: str, kind: str) -> str:
    """Talking team (rules §16.4): a team-mate's signal on the pile raises the score."""
    return f"+ {penalty} to the score: {who} signals {kind} here"

def target_text(kind: str, words: CostWords) -> str:
    """The card table's words for one legal target of a card: ``"fits: a jump over 6 rungs, cost 7"``,
    ``"setback: cost −4"``."""
    if kind == BIG_SETBACK:
        return f"big setback (spends an emergency token): {cost_phrase(words.cost)}"
    if kind == SAME_SUIT:
        return f"same suit (Kinderfahrt): {cost_phrase(words.cost)}"
    if kind == SETBACK:
        return f"setback: {cost_phrase(words.cost)}"
    return f"fits: {words}"

def cell_text(kind: str, cost: int, opens: bool, loses: str | None = None) -> str:
    """One cell of the hand-and-piles grid for a legal play: ``"fits (cost 7)"``, ``"setback (cost −4)"``,
    ``"big setback, token (cost −8)"``, ``"same suit (cost −44)"``, ``"fits (opens the pile, cost 17)"``;
    ``cost``: the play's cost (:attr:`CostWords.cost`); ``loses``: the reason the play would lose at once
    (:meth:`Game.loses <paternoster.lift.game.Game.loses>`)."""
    cost_ = cost_phrase(cost)
    if kind == SETBACK:
        text = f"setback ({cost_})"
    elif kind == BIG_SETBACK:
        text = f"big setback, token ({cost_})"
    elif kind == SAME_SUIT:
        text = f"same suit ({cost_})"
    else:
        text = f"fits (opens the pile, {cost_})" if opens else f"fits ({cost_})"
    if loses:
        text += f" — loses at once ({_LOSES.get(loses, loses)})"
    return text

_LOSES = {PASSENGER_ORDER: "a passenger's twin too early", FIRE: "a burning card left uncovered"}

def refused_cell(rule: str | None, setbacks_allowed: int) -> str:
    """One cell of the hand-and-piles grid for a play the rules refuse with ``rule``: ``"no"``,
    ``"setback — used this turn"``, ``"no — Sperre"``, ``"no — Engpass"``."""
    if rule == rule_ids.ONE_SETBACK_PER_TURN:
        return "setback — used this turn" if setbacks_allowed else "setback — none allowed"
    if rule == rule_ids.SETBACK_BLOCKED:
        return "no — Sperre"
    if rule == rule_ids.NARROW_PASS:
        return "no — Engpass"
    return "no"


# =========================================================================== setbacks per turn (rules §4.5)

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

def setbacks_state(used: int, allowed: int) -> str:
    """This turn's setbacks in one word or three: ``"free"``/``"used"`` (one per turn, the standard game),
    ``"1 of 2 left"`` (more per turn), ``"none allowed"`` (rules without setbacks)."""
    if allowed == 0:
        return "none allowed"
    if allowed == 1:
        return "used" if used >= 1 else "free"
    return f"{max(0, allowed - used)} of {allowed} left"

def setback_allowance(allowed: int) -> str:
    """``"at most one setback per turn"``, ``"at most two setbacks per turn"``, ``"no setback at all"``."""
    if allowed == 0:
        return "no setback at all"
    word = _NUMBER_WORDS[allowed] if allowed < len(_NUMBER_WORDS) else str(allowed)
    return f"at most {word} setback{'s' if allowed > 1 else ''} per turn"

def _setbacks_gone(allowed: int) -> str:
    if allowed == 0:
        return "these rules allow no setback"
    if allowed == 1:
        return "this turn's setback is already used"
    return f"this turn's {allowed} setbacks are already used"


# =========================================================================== a rule set's switches

#: How a switch of :class:`~paternoster.lift.rules.Rules` that differs from the standard game reads, one per
#: field that is not a number of cards, piles or players (:func:`rule_switches` reads the fields off the dataclass).
SWITCH_WORDS: dict[str, Callable[[Any], str]] = {
    "setbacks_per_turn": lambda n: f"{n} setbacks per turn" if n else "no setbacks",
    "same_suit_fits": lambda on: "same suit fits",
    "tokens": lambda n: plural(n, "emergency token"),
    "passing": lambda on: "passing",
    "signals": lambda mode: {"none": "no signals", "mover": "only the mover signals"}.get(mode, "signals"),
    "hourglass": lambda on: f"{HOURGLASS_SECONDS} s per turn",
    "passengers": lambda n: f"{n} passengers",
    "fire": lambda on: "fire",
    "commands": lambda mode: f"commands ({mode})",
}

#: The :class:`~paternoster.lift.rules.Rules` fields a rule set's description gives in its own words (name,
#: variants, decks, piles, hand sizes, minimum), so :func:`rule_switches` leaves them out.
COUNTED_FIELDS = ("name", "variants", "decks", "up_piles", "down_piles", "hand_sizes", "minimum",
                  "minimum_without_draw_pile")

def rule_switches(rules: Rules) -> list[str]:
    """Every other field of ``rules`` that differs from the standard game, in words, in the dataclass's order:
    ``["2 emergency tokens"]``, ``["2 setbacks per turn", "fire"]``."""
    return [SWITCH_WORDS[f.name](getattr(rules, f.name)) for f in fields(rules)
            if f.name not in COUNTED_FIELDS and getattr(rules, f.name) != getattr(STANDARD, f.name)]


# =========================================================================== commands and signals

COMMAND_RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King"}

COMMAND_EFFECTS = {
    "Halt": "the turn ends right after this card; the minimum counts as met",
    "Schweigen": "no signals from anyone until this player's next turn",
    "Express": "the next player who has cards plays one card more than their minimum",
    "Sperre": "no setback (and no big setback) onto this pile while it is on top",
    "Engpass": "the next card onto this pile must be the same or the next rank, or a setback",
    "Last": "every minimum is one higher while it is on top and the draw pile lasts",
}
"""Befehle: what each command does, in words (rules §12.2–§12.7) — for lessons and widgets."""

_ON_TOP = {"Sperre": "no setback onto this pile",
           "Engpass": "the next card onto this pile must be the same or the next rank, or a setback",
           "Last": "every player's minimum is one higher while the draw pile lasts (from the next turn)"}

SIGNAL_WORDS = {"hold": "please don't play here", "help": "I can help this pile",
                "jump": "I'd have to make a big jump here", "passenger": "I can deliver the next passenger"}
"""What each pile signal says (rules §7.4), as the log quotes it."""

SIGNAL_REASONS = {"help": "holds the setback card for its top",
                  "hold": "holds the top's twin or the next rung",
                  "passenger": "holds the next passenger's twin, and it fits here most cheaply",
                  "jump": "would have to make a big jump here"}
"""Why a player of the talking team posts each signal (rules §16.4)."""


# =========================================================================== the game log

def sentence_case(text: str) -> str:
    """Upper-case the first letter only (``str.capitalize`` would lower-case the players' names)."""
    return text[:1].upper() + text[1:]

def play_line(turn: int, who: str, card: Card, pile: str, kind: str, skipped: int, top: Card | None, *,
              tokens_left: int = 0, setbacks_allowed: int = 1) -> str:
    """The log sentence of a card played onto a pile (rules §5 for the cost)."""
    words = cost_words(kind, skipped, card, top)
    cost = cost_phrase(words.cost)
    if kind == BIG_SETBACK:
        which = ("it is this turn's setback" if setbacks_allowed == 1
                 else f"it is one of this turn's {setbacks_allowed} setbacks")
        what = (f"a big setback with an emergency token (Notruf-Marke; same suit, {-skipped // 4} ranks back), "
                f"{cost}; {which}; {plural(tokens_left, 'token')} left")
    elif kind == SETBACK:
        what = f"a setback (same suit, one rank back), {cost}"
    elif kind == SAME_SUIT:
        what = f"same suit as {top} (Kinderfahrt: same suit always fits), {cost}"
    elif top is None:
        what = f"opens the empty pile, {cost}"
    elif words.cost == 0:
        what = f"a twin of {top}, {cost}"
    else:
        what = f"on {top}, {words}"
    return f"Turn {turn}: {who} plays {card} on {pile} — {what}."

def covers_line(card: Card, burning: Card) -> str:
    return f"{card} covers the burning {burning} (Feuer)."

def burns_line(card: Card) -> str:
    return f"{card} burns (Feuer): the next player who has cards must cover it in their turn, or the team loses."

def delivered_line(number: int, card: Card, following: Card | None) -> str:
    nxt = f"next: {following}." if following is not None else "all passengers delivered."
    return f"Passenger {number} ({card}) delivered (Fahrgäste); {nxt}"

def too_early_line(card: Card, number: int, waiting_number: int, waiting: Card) -> str:
    return (f"{card} is the twin of passenger {number}, but passenger {waiting_number} ({waiting}) has not been "
            "delivered yet: a twin too early loses at once (rules §11.7).")

def command_line(command: str, who: str, card: Card, pile: str) -> str:
    """The log sentence of a command card played (Befehle, rules §12)."""
    if command == "Schweigen":
        return (f"Schweigen (red Queen, Befehle): no signals from anyone until {who}'s next turn; "
                "standing signals are withdrawn.")
    if command == "Express":
        return ("Express (red King, Befehle): the next player who has cards must play one card more "
                "than their minimum in their next turn.")
    if command == "Halt":
        return f"Halt (red Jack, Befehle): {who}'s turn ends at once; the minimum counts as met."
    return (f"{command} ({COMMAND_RANK_WORDS[card.rank]}, black, Befehle) on {pile}: while it is on top, "
            f"{_ON_TOP[command]}.")

def pass_line(turn: int, who: str, to: str, counts: bool) -> str:
    it = "counts as one required card" if counts else \
        "does not count toward the minimum of 1 (Decision: passes count only while the minimum is 2 or more)"
    return f"Turn {turn}: {who} passes a card face down to {to} (Weitergeben); it {it}."

def signal_line(who: str, pile: str, kind: str | None) -> str:
    if kind is None:
        return f"{who} withdraws the signal on {pile}."
    return f"{who} signals on {pile}: {kind} — “{SIGNAL_WORDS[kind]}”."

def time_up_line(turn: int, who: str, played: int | None = None, minimum: int = 0) -> str:
    """Sanduhr: the turn ends (``played`` None) or, below the minimum, the game is over."""
    if played is None:
        return f"Turn {turn}: time is up for {who} (Sanduhr); the turn ends."
    return (f"Turn {turn}: time is up for {who} (Sanduhr) after {plural(played, 'card')} of {minimum}: "
            "the game is over.")

def fire_end_turn_line(turn: int, who: str, card: Card, pile: str, played_in: int) -> str:
    return (f"Turn {turn}: {who} ends the turn, but {card} on {pile} (played in turn {played_in}) is still burning: "
            "Feuer — the team loses at once (rules §11.8).")

def fire_end_turn_warning(card: Card, pile: str, played_in: int, cover: Sequence[Card]) -> str:
    can = (f" {plural(len(cover), 'card')} of the hand may still cover it: {' '.join(str(c) for c in cover)}."
           if cover else " No card of the hand can cover it now.")
    return (f"Ending the turn now loses the game: {card} on {pile} (played in turn {played_in}) is still "
            f"burning and must be covered in this turn (Feuer, rules §11.8).{can}")

def fire_stuck_line(card: Card, pile: str, played_in: int) -> str:
    return (f"{card} on {pile} (played in turn {played_in}) is still burning: Feuer — the team loses "
            "(Decision: stuck with a burning card uncovered is a fire loss).")

def fire_last_card_line(card: Card, pile: str, played_in: int) -> str:
    return (f"The last card is played, but {card} on {pile} (played in turn {played_in}) still burns: only the "
            "very last card of the game may stay burning (rules §11.8) — the team loses.")

def undelivered_line(number: int, card: Card) -> str:
    return f"Passenger {number} ({card}) is not delivered at the end: Fahrgäste — the team loses (rules §11.7)."

def end_turn_line(turn: int, who: str, how: str, played: int, drawn: int, left: int, following: str,
                  minimum: int, express: int, last: bool, tokens_left: int) -> str:
    """The log sentence of a turn's end: ``how`` is ``"end"``, ``"halt"``, ``"timeout"`` or ``"token"``."""
    verb = {"end": "ends the turn", "halt": "ends the turn (Halt)", "timeout": "ends the turn (time-out)",
            "token": f"ends the turn with an emergency token (Notruf-Marke; {plural(tokens_left, 'token')} left)"}[how]
    extra = f" (Express: +{express})" if express else ""
    extra += " (Last: +1)" if last else ""
    return (f"Turn {turn}: {who} {verb} after {plural(played, 'card')} and draws {drawn} "
            f"({left} left in the draw pile). Next: {following}, minimum {minimum}{extra}.")

def perfect_line(turn: int) -> str:
    return f"Every card is played: a perfect game in {turn} turns."

def stuck_line(who: str, minimum: int, played: int) -> str:
    if not played:
        return f"The game ends: {who} must play {minimum} but has no legal play."
    return f"The game ends: {who} has played {played} of the {minimum} this turn needs and has no legal play left."

def score_line(result: Result | None, names: Sequence[str]) -> str:
    """The closing sentence with the score: ``"Remaining cards: … = 9 (lower is better; 0 is a perfect game)."``"""
    return f"{sentence_case(result_words(result, names))} (lower is better; 0 is a perfect game)."

def result_words(result: Result | None, names: Sequence[str]) -> str:
    """How a game ended (its :class:`~paternoster.lift.actions.Result`, or ``None`` while it runs), in words."""
    r = result
    if r is None:
        return "in progress"
    if r.perfect:
        return "perfect: every card played"
    parts = " + ".join(f"{n} {k}" for n, k in zip(names, r.hands))
    words = f"remaining cards: {parts} + draw pile {r.draw_pile} = {r.remaining}"
    if r.outcome == "lost":
        why = {FIRE: f"Feuer, {r.card} left burning", PASSENGER_ORDER: f"Fahrgäste, {r.card} too early",
               PASSENGER_UNDELIVERED: f"Fahrgäste, {r.card} not delivered"}.get(r.reason or "", r.reason)
        return f"lost ({why}) in turn {r.turn}; {words}"
    if r.reason == TIME_OUT:
        return f"time-out (Sanduhr) in turn {r.turn}; {words}"
    return words


# =========================================================================== refusals

def game_over(result_text: str, can_undo: bool) -> str:
    todo = "Start a new game or undo." if can_undo else "Start a new game."
    return f"The game is over ({result_text}); no more plays. {todo}"

NO_HOURGLASS = ("Time-out belongs to the Sanduhr variant (30 seconds per turn); these rules have no clock. "
                "End the turn instead.")

def unknown_action(action: Any) -> str:
    return f"{short(action)} is not an action: use Play(card, pile) or EndTurn()."

def no_such_pile(pile: Any, names: Sequence[str], by_name: bool) -> str:
    listed = ", ".join(names)
    if not by_name:
        return f"There is no pile {short(pile)}: piles are numbered 0 to {len(names) - 1} ({listed})."
    return f"There is no pile {short(pile)}: write a pile index (0 to {len(names) - 1}) or a name ({listed})."

def not_in_hand(who: str, card: Card, hand: Sequence[Card]) -> str:
    have = " ".join(str(c) for c in sorted(hand)) or "no cards"
    return f"{who} (to move) has no {card} in hand; the hand is: {have}."

def wrong_direction(card: Card, pile: str, direction: str, top: Card, setback: Card | None, big: bool) -> str:
    """A card that fits neither the pile's direction nor as a setback (rules §4.2, §4.3)."""
    if direction == "up":
        none = " There is no setback below an Ace."
        rule, least = "§4.2", "at least as high"
        rungs = f"rung {top.rung} or more"
    else:
        none = " There is no setback above a King."
        rule, least = "§4.3", "at least as low"
        rungs = f"rung {top.rung} or less"
    hint = f" The only setback here would be {setback}." if setback else none
    token = " With an emergency token (Notruf-Marke) it may go there as a big setback." if big else ""
    return (f"{card} does not fit {pile}: its top is {top} (rung {top.rung}) and {'an' if direction == 'up' else 'a'} "
            f"{direction} pile takes only a card {least} ({rungs}; {card} is rung {card.rung}) — rules {rule}."
            f"{hint}{token}")

def setbacks_used_up(card: Card, pile: str, top: Card | None, allowed: int) -> str:
    """rules §4.5: no setback left this turn."""
    cite = "rules §4.5" if allowed == 1 else "these rules; rules §4.5 allows one"
    return (f"{card} on {pile} (top {top}) would be a setback, but {_setbacks_gone(allowed)}: "
            f"{setback_allowance(allowed)} ({cite}). It may wait for the next turn.")

def big_setback_used_up(card: Card, pile: str, allowed: int) -> str:
    """rules §10.5: a big setback counts as one of the turn's setbacks."""
    which = "the turn's setback" if allowed <= 1 else "one of the turn's setbacks"
    return (f"{card} on {pile} would be a big setback, but {_setbacks_gone(allowed)}: a big setback is {which} "
            "(rules §10.5). Wait for the next turn.")

def sperre(card: Card, pile: str, top: Card | None) -> str:
    return (f"{card} would go the wrong way onto {pile}, but {top} is on top: Sperre (black Jack, Befehle): no setback "
            f"onto {pile} while the {top} is on top (rules §12.5). Cover it first, or play elsewhere.")

def engpass(card: Card, pile: str, top: Card | None, direction: str) -> str:
    step = "Q or K" if direction == "up" else "Q or J"
    return (f"{card} would jump onto {pile}, but {top} is on top: Engpass (black Queen, Befehle): the next card onto "
            f"this pile must be the same rank or the next rank in the pile's direction ({step}), or a setback "
            "(rules §12.6).")

ONE_TOKEN_PER_TURN = "An emergency token was already spent this turn: at most one token per turn (rules §10.5)."

def token_not_needed(who: str) -> str:
    return f"{who} has reached the minimum: end the turn without a token and keep it for later (rules §10.5)."

def token_needs_a_card(who: str) -> str:
    return (f"{who} has played no card yet: an emergency token ends the turn only after at least one card "
            "(rules §10.5). Play a card first.")

def below_minimum(who: str, played: int, minimum: int, draw_pile_empty: bool, still: int, token: bool,
                  counting_pass: bool, sections: str = "§6.1, §6.3") -> str:
    """Ending a turn below the minimum; ``sections``: the rules that set this turn's minimum (§6.1, §6.3 for the
    standard game; a variant's own section where it sets the minimum, e.g. Steil §11.2)."""
    why = "the draw pile is empty" if draw_pile_empty else "the draw pile still has cards"
    extra = (" Or spend an emergency token to end the turn now (rules §10.5)." if token
             else " A pass (Weitergeben) may count as one of them." if counting_pass else "")
    return (f"{who} has played {plural(played, 'card')} this turn; the minimum play is {minimum} ({why}; rules "
            f"{sections}). Play {still} more before ending the turn.{extra}")

def no_tokens(rules_tokens: int) -> str:
    if not rules_tokens:
        return ("These rules have no emergency tokens: they come with the Notruf-Marken variant (rules §10.5).")
    return (f"The team has no emergency tokens left (Notruf-Marken: it started with {rules_tokens}); "
            "play on without one.")

def no_big_setback(card: Card, pile: str, top: Card | None, same_suit_fits: bool, ranks: int | None) -> str:
    """Why ``card`` is no big setback on ``pile`` (rules §10.5); ``ranks`` from ``big_setback_ranks``."""
    if top is None:
        why = f"{pile} is empty"
    elif same_suit_fits and card.suit == top.suit:
        why = "under Kinderfahrt a card of the top card's suit fits anyway: play it with Play"
    elif card.suit != top.suit:
        why = f"{card} is not of the suit of the top card {top}"
    elif ranks is None:
        why = f"{card} goes the pile's own direction from {top}: play it with Play"
    elif ranks == 1:
        why = f"{card} is one rank back from {top}, an ordinary setback: play it with Play"
    else:
        why = f"{card} is {ranks} ranks back from {top}; a big setback goes 2 or 3 ranks"
    return (f"No big setback: {why}. A big setback (Notruf-Marken) is the top card's suit, 2 or 3 ranks in the "
            "wrong direction (rules §10.5).")

NO_PASSING = "Passing a card belongs to the Weitergeben variant; these rules have no passing (rules §10.6)."
NO_PASSING_SOLO = "Weitergeben: solo there is nobody to pass a card to."

def no_such_seat(seat: Any, names: Sequence[str], what: str = "There is no seat") -> str:
    return f"{what} {short(seat)}: seats are 0 to {len(names) - 1} ({', '.join(names)})."

def pass_to_self(who: str) -> str:
    return f"{who} cannot pass a card to themselves: choose another player's seat."

ONE_PASS_PER_TURN = "A card was already passed this turn: Weitergeben allows one pass per turn (rules §10.6)."
PASS_NOT_NEEDED = ("The minimum is already met: a pass replaces one required card (rules §10.6); end the turn "
                   "or play on.")

def pass_last_card(who: str) -> str:
    return (f"{who} cannot pass the last hand card before playing one: at least one card of every turn must reach "
            "a pile (Weitergeben, Decision). Play it instead.")

def too_many_signals(limit: int) -> str:
    return (f"This turn already has {limit} signal actions; that is the most one turn may hold (kit Decision, "
            "rules §7.4). Play a card or end the turn first.")

def signal_not_text(kind: Any) -> str:
    return f"A signal's kind is text such as 'help', or None to withdraw; not {short(kind)} (rules §7.4)."

def no_signal_to_withdraw(who: str, pile: str) -> str:
    return f"{who} has no signal on {pile} to withdraw."

def unknown_signal(kind: Any, kinds: Sequence[str]) -> str:
    extra = " ('passenger' only with Fahrgäste)" if kind == "passenger" else ""
    return f"There is no signal {short(kind)}{extra}: use one of {', '.join(map(repr, kinds))}, or None to withdraw (rules §7.4)."

SIGNALS_OFF = "Stille Fahrt: nobody talks during the whole game, so no pile signals (rules §11.4)."

def mover_only(mover: str, who: str) -> str:
    return f"Liftführer: only the player to move ({mover}) may talk; {who} waits for their own turn (rules §11.5)."

def silence(until: str) -> str:
    return f"Schweigen (red Queen, Befehle): no signals from anyone until {until}'s next turn (rules §12.3)."


# =========================================================================== the computer players' reasons

def play_reason(card: Card, pile: str, top: Card | None, score: int, why: Why | str, note: str = "") -> str:
    """The simple player's sentence for a play: ``"9♥ on up pile 1 (top 7♣): score 2 — a jump over 5 rungs,
    cost 6; − 4 to the score: 8♥ can follow as the setback."``"""
    where = f"top {top}" if top is not None else "empty"
    tail = f"; {note}" if note else ""
    return f"{card} on {pile} ({where}): score {signed(score)} — {why}{tail}."

COVERS_FIRE = "covers the burning card (Feuer)"
EXTRA_CARD = "an extra card, nearly free"
NO_ORDINARY_PLAY = "stuck without an ordinary play"
ONLY_LOSING = "only plays that lose are left"
END_EMPTY_HAND = "End the turn: the hand is empty."
TOKEN_END = "Stuck below the minimum: an emergency token ends the turn."
ONLY_ACTION = "The only action left."

def end_reason(best: int | None) -> str:
    """The simple player ends its turn: the minimum is met (``best``: the best score left, if any)."""
    tail = f"; the best play left would score {signed(best)}" if best is not None else ""
    return f"End the turn: the minimum is met{tail}."

def pass_reason(card: Card, to: str) -> str:
    return f"Stuck: pass {card} to {to} (Weitergeben; it counts)."

def signal_reason(who: str, pile: str, top: Card | None, new: str | None, old: str | None) -> str:
    """The talking team's sentence for a signal change: posted, withdrawn, or posted again."""
    where = f"{pile} ({'top ' + str(top) if top is not None else 'empty'})"
    if new is None:
        return f"{who} withdraws the {old} signal on {where}: it no longer holds."
    if new == old:
        return (f"{who} signals {new} on {where} again: it still holds ({who} {SIGNAL_REASONS[new]}), "
                "and would end with this turn.")
    return f"{who} signals {new} on {where}: {who} {SIGNAL_REASONS[new]}."


# =========================================================================== the card table and the game's face

def status_line(turn: int, who: str, still: int, minimum: int, setbacks: str) -> str:
    """The card table's one sentence while the game runs (``setbacks``: :func:`setbacks_state`)."""
    need = f"play {still} more (minimum {minimum})" if still else "may play on or end the turn"
    return f"Turn {turn}: {who} to move — {need}; setback {setbacks}."

def game_status(turn: int, who: str, played: int, minimum: int, setbacks: str) -> str:
    """The game's own HTML heading while it runs (``setbacks``: :func:`setbacks_state`)."""
    return f"Turn {turn}: {who} to move; played {played} of minimum {minimum}; setback {setbacks}"

GAME_OVER_STATUS = "The game is over."
COMPUTER_IDLE = "The computer had nothing to do."

def undone(action: Action, piles: Sequence[str], names: Sequence[str], notation: Notation = "en") -> str:
    """The card table's sentence for an action taken back (``piles``: the pile names, ``names``: the seats')."""
    if isinstance(action, EndTurn):
        what = "the turn end"
    elif isinstance(action, (Play, BigSetback)):
        what = f"{action.card.label(notation)} on {piles[action.pile]}"
    elif isinstance(action, Pass):
        what = f"passing {action.card.label(notation)} to {names[action.to]}"
    elif isinstance(action, Signal):
        what = f"the signal on {piles[action.pile]}"
    else:
        what = "the time-out"
    return f"Undone: {what}."

def bad_table_action(action: Any) -> str:
    return (f"Unknown action {short(action)}: use type 'play' (with card and pile), 'end', 'undo' or 'computer' "
            "(variants: 'end-token', 'big-setback', 'pass-card', 'signal', 'timeout').")
