"""The words of the coach's exercises: which of three choices is best, as the kit measures it by playing on.

Paternoster's kind ``"fewer-cards"`` (rules §16.5) and Paskahousu's ``"lose-least"`` (Paskahousu rules
§12.3).  The hints name the choices and what to think about, never which one is best.

>>> q_fewer_cards("Anna", ["3♦ on up pile 1", "K♠ on down pile 1", "end the turn"])
'Anna is to move. Which of these three plays leaves fewer cards on average at the end of the game: 3♦ on up pile 1, K♠ on down pile 1 or end the turn?'
"""

from __future__ import annotations

from typing import Sequence

from .common import and_list, cards_text

# --------------------------------------------------------------------------- Paternoster: fewer cards


def q_fewer_cards(who: str, labels: Sequence[str]) -> str:
    """The question, naming the three plays offered (in the order shown)."""
    *first, last = labels
    return (f"{who} is to move. Which of these three plays leaves fewer cards on average at the end of the game: "
            f"{', '.join(first)} or {last}?")


def t_fewer_cards(who: str) -> str:
    return f"Which play leaves fewer cards? {who} to move."


def unseen_line(others: Sequence[tuple[str, int]], draw: int) -> str:
    """What the player to move cannot see, as counts only."""
    hands = and_list(f"{name} {n}" for name, n in others)
    pile = f"{draw} {_cards(draw)} (face down)"
    return f"Cards in the other hands: {hands}; draw pile: {pile}." if others else f"Draw pile: {pile}."


def _cards(n: int) -> str:
    return "card" if n == 1 else "cards"


def cards_more(x: float) -> str:
    return f"{x:.1f} cards more" if x >= 0.05 else "about as many cards"


def fewer_cards_why(rows: Sequence[tuple[str, float, float, float]], diffs: Sequence[tuple[str, float, float, float]],
                    rollouts: int, who: str) -> str:
    """``rows``: (label, mean, low, high), best first; ``diffs``: (label, diff, low, high) of the other two."""
    best, mean, low, high = rows[0]
    others = "; ".join(f"{label} leaves {cards_more(d)} (95 % range of the difference {lo:.1f} to {hi:.1f})"
                       for label, d, lo, hi in diffs)
    return (f"{best[:1].upper()}{best[1:]} leaves {mean:.1f} cards on average (95 % range {low:.1f} to {high:.1f}); {others}. "
            f"Each play was played on {rollouts} times from this position with the simple player on every seat, "
            f"the cards {who} cannot see dealt afresh each time, the same deals for all three plays (rules §16.5).")


def h_fewer_cards(hand: Sequence[object], ends_turn: bool, opens: bool) -> str:
    """A nudge for this position: what to look at for each of the three plays, never which one is best."""
    parts = [f"Each play moves one pile. Ask for each which of your cards ({cards_text(hand)}) could still follow "
             f"on that pile later, and how many rungs it gives away (rules §5, §9.1)."]
    if ends_turn:
        parts.append("Stopping now keeps room on the ladder for later turns (rules §9.5).")
    if opens:
        parts.append("An empty pile is best opened low going up and high going down (rules §9.6).")
    return " ".join(parts)


TOO_CLOSE_FEWER = ("These plays are too close to call with {rollouts} games each ({labels}): choose three plays "
                   "of which one is clearly best, or play on more often.")
NOT_A_LIST = "plays: give the three choices as a list, not {given}."
NOT_A_PASKAHOUSU_GAME = "game: a lose-least exercise needs a Paskahousu game in progress, not {given}."
NOT_THREE = "Give three different plays of the player to move, not {n}."

# --------------------------------------------------------------------------- Paskahousu: lose least


def q_lose_least(who: str) -> str:
    return f"{who} is to move. Which of these three choices makes {who} the Paskahousu least often?"


def t_lose_least(who: str) -> str:
    return f"Which choice loses least often? {who} to move."


def hand_line(who: str, cards: Sequence[object]) -> str:
    return f"Hand of {who} (to move): {cards_text(cards)}"


def pask_unseen_line(others: Sequence[tuple[str, int]], draw: int, burned: int) -> str:
    hands = and_list(f"{name}: {n}" for name, n in others)
    return f"Cards in the other hands: {hands}; draw pile: {draw} {_cards(draw)}; burned: {burned} {_cards(burned)}."


def lose_least_why(rows: Sequence[tuple[str, float, float, float]], diffs: Sequence[tuple[str, float, float, float]],
                   rollouts: int, who: str) -> str:
    best, mean, low, high = rows[0]
    others = "; ".join(f"{_verb(label)} {100 * (mean + d):.0f} % (the difference: {100 * lo:.1f} to {100 * hi:.1f} "
                       f"points)" for label, d, lo, hi in diffs)
    subject = _verb(best)
    return (f"{subject[:1].upper()}{subject[1:]} made {who} the Paskahousu in {100 * mean:.0f} % of the games (95 % range "
            f"{100 * low:.0f} to {100 * high:.0f} %); {others}. Each choice was played on {rollouts} times from this "
            f"position with the heuristic player on every seat, the cards {who} cannot see dealt afresh each time, "
            f"the same deals for all three (Paskahousu rules §12.3).")


def _verb(label: str) -> str:
    """A choice's label as the subject of a sentence: "play 6♣" → "playing 6♣"."""
    for word, ing in (("play ", "playing "), ("pick up", "picking up"), ("try your luck", "trying your luck"),
                      ("turn ", "turning "), ("lay ", "laying "), ("bluff", "bluffing"), ("check ", "checking "),
                      ("let ", "letting ")):
        if label.startswith(word):
            return ing + label[len(word):]
    return label


def seat_pile_lines(pile: Sequence[object], seen: Sequence[bool]) -> list[str]:
    """The discard pile as the player to move sees it: Valepaska's cards laid face down by the others are
    counted, never named."""
    if not pile:
        return ["Discard pile: empty (the empty table)"]
    parts: list[str] = []
    hidden = 0
    for card, shown in zip(pile, seen):
        if not shown:
            hidden += 1
            continue
        if hidden:
            parts.append(f"({hidden} {_cards(hidden)} face down)")
            hidden = 0
        parts.append(str(card))
    if hidden:
        parts.append(f"({hidden} {_cards(hidden)} face down)")
    return [f"Discard pile (bottom → top): {' '.join(parts)}"]


#: The top of a Valepaska pile laid face down by another player (the hint never names it).
FACE_DOWN = "face down"


def h_lose_least(hand: Sequence[object], draw: int, top: object | None) -> str:
    """A nudge for this position: what to think about, never which choice is best."""
    pile = (f"the pile shows {top}" if top is not None and top != FACE_DOWN else
            "the pile's top card lies face down" if top is not None else "the table is empty")
    left = (f"{draw} cards are left to draw" if draw > 1 else "one card is left to draw" if draw
            else "the draw pile is empty")
    return (f"Here {pile} and {left}; you hold {cards_text(hand)}. For each of the three choices: what do you "
            f"still hold afterwards, and what can the next player lay on you? The rule book's tips (Paskahousu "
            f"rules §10.1, §10.5) say what matters once the draw pile runs out.")


TOO_CLOSE_LOSE = ("These choices are too close to call with {rollouts} games each ({labels}): choose three of which "
                  "one clearly loses least often, or play on more often.")
