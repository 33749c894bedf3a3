"""Paternoster's exercise sentences (positions, the kinds' questions, hints and explanations) and the campaign's ride stars."""

from __future__ import annotations

from typing import Iterable, Sequence

from .common import and_list, cards_text, number_word, signed

# --------------------------------------------------------------------------- Paternoster: positions

def pile_label(name: str, top: object | None) -> str:
    """A pile as a choice: ``"up pile 1 (top 7♣)"``, ``"down pile 2 (empty)"``."""
    return f"{name} ({'top ' + str(top) if top is not None else 'empty'})"


def pile_line(name: str, top: object | None) -> str:
    """A pile as a line of the position: ``"up pile 1: top 7♣"``."""
    return f"{name}: {'top ' + str(top) if top is not None else 'empty'}"


def rules_line(name: str) -> str:
    """The rules of a position not under the standard game: ``"Rules: Steil (variants: rules §10–§13)"``."""
    return f"Rules: {name} (variants: rules §10–§13)"


def commands_line(commands: Iterable[tuple[str, object, str | None]]) -> str:
    """The commands in force (Befehle): ``"Commands in force: Sperre (J♣ on up pile 1), Last (K♣)"``."""
    return "Commands in force: " + ", ".join(f"{name} ({card}{' on ' + pile if pile else ''})"
                                             for name, card, pile in commands)


def hand_line(name: str, cards: Iterable[object], alone: bool = False) -> str:
    """The hand of the player to move; ``alone`` for a solo game (hand size 8, rules §3.2)."""
    who = f"{name} (to move, playing alone)" if alone else f"{name} (to move)"
    return f"Hand of {who}: {cards_text(cards)}"


def turn_line(played: int, minimum: int, setback_used: bool) -> str:
    return (f"This turn: {played} of minimum {minimum} played; setback "
            f"{'already used' if setback_used else 'still free'}")


def holds_line(name: str, cards: Sequence[object]) -> str:
    n = len(cards)
    return f"{name} holds {n} card{'s' if n != 1 else ''}" + (f": {cards_text(cards)}" if cards else "")


def draw_pile_line(n: int) -> str:
    return f"Draw pile: {n} card{'s' if n != 1 else ''}"


def rules_note(name: str) -> str:
    """A hint's note for a game under a variant: the rules' name, and where they are taught."""
    return f" This game is played under {name}: rules §10–§13 say what its variants change."


# piles-for-card
def q_piles(card: object) -> str:
    return f"Which piles may {card} go on now? Choose every pile it fits (or none)."


def t_piles(card: object) -> str:
    return f"Where may {card} go?"


def piles_yes(pile: str, why: object) -> str:
    return f"{pile}: yes — {why}."


def piles_no(pile: str, refusal: str) -> str:
    return f"{pile}: no — {refusal}"


def piles_missed(piles: Sequence[str]) -> str:
    return f"You left out {and_list(piles)}."


def piles_extra(piles: Sequence[str], card: object) -> str:
    return f"{and_list(piles)} cannot take {card}."


NO_PILE = "no pile"


def h_piles(card: object, setback_free: bool, up_top: object | None, down_top: object | None) -> str:
    """Piles-for-card: how to test ``card`` on each pile; the setback tops it would need."""
    text = (f"Test {card} on each pile in turn: an up pile takes it when the top is {card} or lower on the "
            f"ladder, a down pile when the top is {card} or higher (its twin fits either way), and an empty "
            f"pile takes any card.")
    if setback_free:
        tops = [t for t in (f"an up pile with {up_top} on top" if up_top is not None else "",
                            f"a down pile with {down_top} on top" if down_top is not None else "") if t]
        if tops:
            text += (f" The setback is still free this turn, so {card} may also go one rank the wrong way in "
                     f"its own suit: on {' or on '.join(tops)}.")
    else:
        text += " This turn's setback is already used, so a setback is not possible now."
    return text + " (rules §4.1–§4.5)"


# ladder-order
def q_ladder(cards: Sequence[object]) -> str:
    return f"Put these cards in ladder order, lowest first: {cards_text(cards)}."


def t_ladder(n: int) -> str:
    return f"{number_word(n).capitalize()} cards in ladder order"


ORDER_THESE = "Order exactly these cards, each once: {cards} (your answer has {given})."
NO_CARDS = "no cards"
LADDER_WRONG = "Not quite: {a} comes before {b}, but {reason}"
LADDER_NUDGE = "Not quite: at least two cards are in the wrong order."


def h_ladder(same_rank: Sequence[Sequence[object]], twins: Sequence[object]) -> str:
    """Ladder order: which cards share a rank (the suit decides) and which are twins."""
    text = "Sort by rank first: A is the lowest rank, then 2, 3 … 10, J, Q, and K is the highest."
    if same_rank:
        groups = "; ".join(and_list(str(c) for c in g) for g in same_rank)
        text += f" Cards of one rank here ({groups}): for them the suit decides, ♦ < ♥ < ♠ < ♣."
    else:
        text += " No two cards here share a rank, so the rank alone decides."
    if twins:
        pairs = and_list(f"the two {c}" for c in twins)
        text += f" {pairs[0].upper()}{pairs[1:]} are twins: equally high, so either may come first."
    return text + " (rules §2.1–§2.3)"


# cheapest-play
def q_cheapest(who: str, with_refused: bool) -> str:
    tail = " (Not every play offered is allowed.)" if with_refused else ""
    return f"{who} is to move. Which play is the cheapest now?{tail}"


def t_cheapest(who: str) -> str:
    return f"{who}'s cheapest play"


def play_label(card: object, pile: str) -> str:
    return f"{card} on {pile}"


def play_text(label: str, adjusted: bool, score: int) -> str:
    return f"{label} ({'score' if adjusted else 'cost'} {signed(score)})"


def cost_words(card: object, pile: str, top: object | None, why: object, score: int | None) -> str:
    """``"9♥ on up pile 1 (top 7♣): a jump over 5 rungs, cost 6."`` (with ``score``: the simple player's score first)."""
    where = f"top {top}" if top is not None else "empty"
    lead = f"score {signed(score)} — " if score is not None else ""
    return f"{card} on {pile} ({where}): {lead}{why}."


def just_as_cheap(words: Sequence[str]) -> str:
    return " Just as cheap: " + "; ".join(words) + "."


def the_cheapest(words: str) -> str:
    return f"The cheapest: {words}"


NOT_ALLOWED_PLAY = "Not quite: that play is not allowed now. {refusal}"
PLAY_FORMAT = "{given}: write a play as a card and a pile, e.g. '9♥ on up pile 1'."
NO_LEGAL_PLAY = ("No legal play now, so there is no cheapest play: choose a position where {who} can play "
                 "a card.")
_COST_RULE = ("Cost counts the rungs a pile's top moves: a twin costs nothing, the next rung one, a jump one more "
              "than the rungs it jumps over, opening an empty pile counts from its end, and a setback counts minus "
              "four.")


def h_cheapest(legal: int, refused: bool, setback_free: bool, ties: int, adjusted: bool,
               setbacks: int = 0, twins: int = 0) -> str:
    """Cheapest play: how many plays are allowed, which kinds of play this position has (setbacks,
    twins: counted, never named), ties, and (adjusted) the simple player's score."""
    if refused:  # one legal play: the question is which one it is
        return (f"Only {number_word(legal)} of the plays offered {'is' if legal == 1 else 'are'} allowed now, so "
                "the cheapest is the play allowed: test each card on each pile — an up pile takes a card at least "
                "as high as its top, a down pile a card at most as high, and this turn's setback "
                f"{'is still free' if setback_free else 'is already used'} (rules §4.1–§4.5).")
    text = f"{number_word(legal).capitalize()} plays are allowed now, all of them offered. {_COST_RULE}"
    if setbacks:
        some = "One of them is a setback" if setbacks == 1 else f"{number_word(setbacks).capitalize()} of them are setbacks"
        text += (f" {some} (same suit, one rank the wrong way): find {'it' if setbacks == 1 else 'them'} — "
                 "no play costs less than a setback.")
    elif twins:
        which = ("one of your cards is the twin of a pile's top card" if twins == 1
                 else f"{number_word(twins)} of your plays put a twin on a pile's top card")
        no_setback = "No setback is possible now" if setback_free else "This turn's setback is already used"
        text += f" {no_setback}, but {which}: a twin costs nothing."
    else:
        text += (" Neither a setback nor a twin is possible now: look for the smallest step — the next rung, or the "
                 "shortest jump.")
    if ties > 1:
        text += f" {number_word(ties).capitalize()} plays tie for the cheapest: any of them is right."
    if adjusted:
        text += (" Count the simple player's score: minus four for a jump whose setback card is in the hand, "
                 "plus four for a play that buries its own setback card (rules §16.2).")
    return text + " (rules §5.1–§5.4)"


# play-cost
def q_play_cost(card: object, pile: str, top: object | None) -> str:
    where = f"top {top}" if top is not None else "empty"
    return f"What does {card} on {pile} ({where}) cost now? Give a whole number."


def t_play_cost(card: object, pile: str) -> str:
    return f"The cost of {card} on {pile}"


def not_this(n: int, explanation: str) -> str:
    return f"Not quite: not {signed(n)}. {explanation}"


NEED_LEGAL_PLAY = "A play-cost exercise needs a legal play, but: {refusal}"


def h_play_cost(card: object, direction: str, top: object | None) -> str:
    """Play cost: where to start counting rungs for this card and pile."""
    if top is None:
        end = "below A♦ (so A♦ costs one)" if direction == "up" else "above K♣ (so K♣ costs one)"
        text = (f"The pile is empty: an empty {direction} pile counts from {end}. Count the rungs from there "
                f"to {card}: each rank has four rungs, ♦ ♥ ♠ ♣, and twins share one.")
    else:
        text = (f"Count the rungs the top moves from {top} to {card}: each rank has four rungs, ♦ ♥ ♠ ♣, and "
                f"twins share one. Is it a twin, the next rung, a jump or the setback?")
    return f"{text} {_COST_RULE} (rules §5.2–§5.4)"


# turn-cost
def q_turn_cost(who: str, plays: Sequence[str]) -> str:
    return (f"{who} plays {and_list(plays)}, in this order. What do these plays cost together? "
            "Give a whole number.")


def t_turn_cost(who: str, n: int) -> str:
    return f"{who}'s turn: {number_word(n)} plays"


def step_words(label: str, top: object | None, why: object) -> str:
    return f"{label} ({'top ' + str(top) if top is not None else 'empty'}): {why}."


def together(sum_text: str, total: int) -> str:
    return f" Together: {sum_text} = {signed(total)}."


NEED_PLAYS = "A turn-cost exercise needs at least one play, e.g. [('9♥', 'up 1'), ('8♥', 'up 1')]."


def h_turn_cost(steps: Sequence[str]) -> str:
    """Turn cost: the plays to cost one at a time, each on the top the play before left."""
    return (f"Cost the plays one at a time, each on the table as the play before left it ({'; then '.join(steps)}),"
            f" then add the costs. {_COST_RULE} A setback right after a jump wins part of the jump back "
            "(rules §5.1–§5.4, §9.4)")


# remaining-cards
Q_REMAINING = "The game is over. How many remaining cards does the team score (lower is better)?"
T_REMAINING = "A finished game's remaining cards"
GAME_NOT_OVER = ("A remaining-cards exercise needs a finished game: play it to its end first "
                 "(e.g. SimplePlayer().play_game(game)).")
REMAINING_FALLBACK = "Remaining cards: {n}."


def h_remaining(names: Sequence[str]) -> str:
    hands = and_list(f"{n}'s" for n in names)
    return (f"Count every card that did not reach a pile: the cards in {hands} hand{'s' if len(names) > 1 else ''}, "
            "and the cards still in the draw pile. Add them up (rules §8.3).")


# simple-turn
def q_simple_turn(who: str) -> str:
    return (f"{who} is to move and plays like the simple computer player (rules §16). How many cards does "
            f"{who} lay on the piles this turn? Give a whole number.")


def t_simple_turn(who: str) -> str:
    return f"{who}'s turn, as the simple player plays it"


def simple_step(i: int, reason: str) -> str:
    return f"Step {i}: {reason}"


def h_simple_turn(extra_limit: int, first: str | None, variant: str | None) -> str:
    """Simple turn: the player's policy, and (``first``) the play it starts with, so the student follows on."""
    text = ("The simple player lays its best-scoring card again and again until the turn's minimum is met "
            f"(see “This turn” above); after that it lays another card only while the best one scores "
            f"{number_word(extra_limit)} or less (a twin, the next rung or a setback), then ends the turn. The "
            "score is the cost, minus four for a jump whose setback card is in the hand, plus four for a play "
            "that buries its own setback card (rules §16.1–§16.2).")
    if first:
        text += f" It starts with {first}: go on from the table that play leaves."
    return text + (rules_note(variant) if variant else "")


# ride-stars
Q_RIDE = "How many stars (0 to 3) does this campaign ride earn?"


def t_ride(floor_number: int) -> str:
    return f"A ride on floor {floor_number}"


def ride_floor_line(number: int, name: str, goal: str) -> str:
    return f"Floor {number}, {name}: goal {goal}"


def ride_line(remaining: int, lost: bool, delivered: bool) -> str:
    return (f"The ride: {remaining} remaining card{'s' if remaining != 1 else ''}"
            + ("; lost at once" if lost else "") + ("; a passenger was not delivered" if not delivered else ""))


RIDE_LOST = "A lost game earns no star, however few cards were left."
RIDE_UNDELIVERED = "The goal includes delivering every passenger, so this ride earns no star."
RIDE_OVER = "{remaining} is more than the goal's {goal} remaining cards: no star."
RIDE_ALL = "Every card was played: all three stars."
RIDE_HALF = "{remaining} is at most half the goal (half of {goal}, rounded down: {half}): two stars."
RIDE_MET = "The goal ({goal}) is met, but {remaining} is more than half of it (rounded down: {half}): one star."
RIDE_RANGE = "Not quite: a ride earns 0 to {most} stars, not {n}. {explanation}"


def h_ride(can_be_lost: bool, passengers: bool, goal_zero: bool) -> str:
    checks = []
    if can_be_lost:
        checks.append("was it lost at once?")
    if passengers:
        checks.append("was every passenger delivered?")
    text = f"First check whether the ride counts at all: {' '.join(checks)} " if checks else ""
    if goal_zero:
        text += "On this floor the goal is every card played, and meeting it earns all the stars at once."
    else:
        text += ("Then compare the ride's remaining cards with the floor's goal (one star), with half the goal, "
                 "rounded down (two stars), and with nothing left at all (three stars).")
    return text + " (rules §15.2)"
