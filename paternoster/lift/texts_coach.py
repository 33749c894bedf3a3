"""The coach's sentences for Paternoster ("How good was that?"): each option of the player to move in plain
words, and one sentence comparing the student's choice with the best measured one.

Like :mod:`paternoster.lift.texts` (which is full), this module only words what the evaluator
(:mod:`paternoster.lift.evaluation`) measured; it decides nothing.

>>> from paternoster.core.cards import parse_card as c
>>> play_option(c("7♦"), "down pile 2"), END_OPTION, pass_option(c("9♠"), "Ben")
('7♦ on down pile 2', 'end the turn', 'pass 9♠ to Ben')
>>> fewer_sentence("9♠ on up pile 1", 13, 5.25, "7♦ on down pile 2", 1.8, 0.4)
'Your 9♠ on up pile 1 (cost 13) left 5.2 cards on average; 7♦ on down pile 2 would have left 1.8 cards fewer on average (± 0.4).'
>>> fewer_sentence("9♠ on up pile 1", 13, 5.25, END_OPTION, 1.8, 0.4)
'Your 9♠ on up pile 1 (cost 13) left 5.2 cards on average; ending the turn would have left 1.8 cards fewer on average (± 0.4).'
>>> best_sentence(END_OPTION, None, 7.27, "9♠ on up pile 1")
'Ending the turn was the best measured: 7.3 cards left on average; 9♠ on up pile 1 is too close to call.'
"""

from __future__ import annotations

from ..core.cards import Card

__all__ = ["MEASURE", "END_OPTION", "TOKEN_END_OPTION", "play_option", "big_setback_option", "pass_option",
           "fewer_sentence", "best_sentence", "too_close_sentence", "only_sentence", "cards"]

#: What the evaluator's ``mean`` counts.
MEASURE = "cards left at the end"
#: Ending the turn, as an option.
END_OPTION = "end the turn"
#: Ending the turn with an emergency token (Notruf-Marken), as an option.
TOKEN_END_OPTION = "end the turn with a token"


def play_option(card: Card, pile: str) -> str:
    """A card onto a pile: ``'7♦ on down pile 2'``."""
    return f"{card.label('en')} on {pile}"


def big_setback_option(card: Card, pile: str) -> str:
    """A big setback (spends a token): ``'8♥ on up pile 1 as a big setback (token)'``."""
    return f"{card.label('en')} on {pile} as a big setback (token)"


def pass_option(card: Card, name: str) -> str:
    """Weitergeben: ``'pass 9♠ to Ben'``."""
    return f"pass {card.label('en')} to {name}"


def cards(x: float) -> str:
    """A number of cards with one decimal: ``'1.8'``."""
    return f"{x:.1f}"


def _doing(label: str) -> str | None:
    """``'end the turn'`` → ``'ending the turn'``, ``'pass 9♠ to Ben'`` → ``'passing 9♠ to Ben'``; a play: ``None``."""
    for verb, ing in (("end ", "ending "), ("pass ", "passing ")):
        if label.startswith(verb):
            return ing + label[len(verb):]
    return None


def _your(label: str, cost: int | None) -> str:
    doing = _doing(label)
    if doing is not None:
        return doing[0].upper() + doing[1:]
    return f"Your {label}" + (f" (cost {cost})" if cost is not None else "")


def _other(label: str) -> str:
    return _doing(label) or label


def fewer_sentence(chosen: str, cost: int | None, mean: float, best: str, diff: float, half: float) -> str:
    """The student's choice measured clearly worse than the best one."""
    return (f"{_your(chosen, cost)} left {cards(mean)} cards on average; {_other(best)} would have left "
            f"{cards(diff)} cards fewer on average (± {cards(half)}).")


def best_sentence(chosen: str, cost: int | None, mean: float, close: str | None) -> str:
    """The student's choice is the best measured (``close``: an option too close to call, or ``None``)."""
    tail = f"; {_other(close)} is too close to call" if close else ""
    return f"{_your(chosen, cost)} was the best measured: {cards(mean)} cards left on average{tail}."


def too_close_sentence(chosen: str, cost: int | None, mean: float, best: str, best_mean: float) -> str:
    """The student's choice measured a little worse than the best one, but the rollouts cannot tell them apart."""
    return (f"{_your(chosen, cost)} left {cards(mean)} cards on average; {_other(best)} left {cards(best_mean)}: "
            "too close to call.")


def only_sentence(chosen: str) -> str:
    """The position had one option only."""
    what = _doing(chosen) or chosen
    return f"{what[0].upper()}{what[1:]} was the only choice."
