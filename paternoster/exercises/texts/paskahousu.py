"""Paskahousu's exercise sentences: questions, hints and explanations."""

from __future__ import annotations

from typing import Sequence

from .common import cards_text

# --------------------------------------------------------------------------- Paskahousu

def q_may_play(cards: Sequence[object], on: str, house: str | None) -> str:
    verb = "be played" if len(cards) == 1 else "be played together"
    lead = f"Under the house rules {house}: m" if house else "M"
    return f"{lead}ay {cards_text(cards)} {verb} {on}?"


def t_may_play(cards: Sequence[object], top: object | None) -> str:
    return f"{cards_text(cards)} on {top if top is not None else 'the empty table'}?"


def on_top(top: object | None) -> str:
    return f"on {top}" if top is not None else "on the empty table"


YES_BURNS = "yes, and it burns the pile"


def yes_no_right(answer_text: str, explanation: str) -> str:
    return f"Right: {answer_text}. {explanation}"


def yes_no_wrong(answer_text: str, explanation: str) -> str:
    return f"Not quite: {answer_text}. {explanation}"
PASK_ORDER = "Order, low to high: 3 4 5 6 7 8 9 10 J Q K A 2."
#: What each special rank may go on (Paskahousu rules §6), by the played rank's kind.
MAY_RULE = {
    "two": "A 2 is the highest card: it goes on anything except an ace or a 10, and on a 2 only another 2 may go "
           "(Paskahousu rules §6.4).",
    "ten": "A 10 goes only on a card from 3 to 9, where it burns the pile, or on another 10; never on a face card, "
           "an ace or a 2 (Paskahousu rules §6.2).",
    "ace": "An ace goes only on a face card (J, Q, K), which it burns, or on another ace (Paskahousu rules §6.3).",
    "face": "A face card (J, Q, K) goes only on a card higher than 6, and like any card only on a card at most "
            "as high as itself (Paskahousu rules §6.1).",
    "low": "A card from 3 to 9 goes on a card at most as high as itself, the same rank included; a 10 or an "
           "ace on top takes only its own rank, and a 2 only a 2 (Paskahousu rules §5.2, §6).",
}
MAY_SEVERAL = " Several cards played together must all have one rank (Paskahousu rules §5.2)."
MAY_EMPTY = " The discard pile is empty: think about what may open a new pile (Paskahousu rules §5.2, §6.5)."


def h_may_play(rule: str, several: bool, empty: bool, house_lines: Sequence[str]) -> str:
    text = f"{PASK_ORDER} {MAY_RULE[rule]}"
    if several:
        text += MAY_SEVERAL
    if empty:
        text += MAY_EMPTY
    if house_lines:
        text += " The house rules here change the standard game: " + "; ".join(house_lines) + "."
    return text


def q_burns(cards: Sequence[object], on: str) -> str:
    return f"Does playing {cards_text(cards)} {on} burn the discard pile?"


def t_burns(cards: Sequence[object], top: object | None) -> str:
    return f"{cards_text(cards)} on {top if top is not None else 'the empty table'}: a burn?"


NEED_LEGAL_BURN = ("A burns exercise needs a legal play, but: {refusal} (Exercise.may_play asks whether a play "
                   "is allowed.)")


def no_burn_run(n: int) -> str:
    return f"No burn: {n} cards of one rank on top, and four are needed."


NO_BURN = "No burn: a 10 burns only on 3 to 9, an ace only on a face card, and four of a kind are not on top."
BURN_FOUR = ("Four cards of one rank lying together on top burn the pile as well, whoever laid them "
             "(Paskahousu rules §7.2).")


def h_burns(rank_kind: str, rank: str) -> str:
    if rank_kind == "ten":
        lead = "A 10 burns the pile when it goes on a card from 3 to 9: look at the card under it (Paskahousu rules §7.1)."
    elif rank_kind == "ace":
        lead = "An ace burns the pile when it goes on a face card (J, Q, K): look at the card under it (Paskahousu rules §7.1)."
    else:
        lead = (f"Cards of rank {rank} burn the pile only as four of a kind: after the play, count the {rank}s "
                "lying together on top, from the top down to the first card of another rank.")
        return f"{lead} {BURN_FOUR}"
    return f"{lead} {BURN_FOUR}"


def pile_lines(pile: Sequence[object]) -> list[str]:
    if not pile:
        return ["Discard pile: empty (the empty table)"]
    return [f"Discard pile (bottom → top): {cards_text(pile)}"]


ONE_DECK_TWICE = "Paskahousu uses one deck, so each card exists once, but {cards} is given twice."
TOP_NOT_LAST = "top {top} is not the last card of pile ({pile}); give one or the other."

Q_WHO_STARTS = "Who opens the game?"


def t_who_starts(dealer: str) -> str:
    return f"Who opens? {dealer} deals."


def dealer_line(dealer: str) -> str:
    return f"Dealer: {dealer}"


def hand_of(name: str, cards: Sequence[object]) -> str:
    return f"{name}: {cards_text(cards)}"


def opens_not(opener: str, name: str, explanation: str) -> str:
    return f"Not quite: {opener} opens, not {name}. {explanation}"


PAST_OPENING = "This game is past its opening lay; give the dealt hands (or a new game)."


def h_who_starts(rank: str, lower: Sequence[str], tie: bool) -> str:
    if lower:
        text = (f"Nobody holds a {' or a '.join(lower)} here, so count each player's {rank}s instead: the "
                f"player with the most {rank}s opens.")
    else:
        text = f"Count each player's {rank}s: the player with the most {rank}s opens."
    if tie:
        text += (" Several players hold that many: the tie goes to the first of them clockwise, starting from "
                 "the dealer's left (the dealer is named above).")
    return text + " (Paskahousu rules §4.1–§4.3)"
