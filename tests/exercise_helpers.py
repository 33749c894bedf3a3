"""Helpers the exercise tests share (engine and widget): wrong answers of an exercise, and whether its
hint gives the answer away."""

from __future__ import annotations

import re

#: Rule references ("rules §5.2", "§14.2–§14.3") and cards ("10♥", "A♠"): their digits are not an answer.
_REFERENCE = re.compile(r"§\s?\d+(?:\.\d+)*")
_CARD = re.compile(r"(?:10|[2-9AJQKBD])[♦♥♠♣]")
#: Pile names ("up pile 2") are labels, not numbers.
_PILE = re.compile(r"\b(?:up|down) pile \d+")


def wrong_answers(ex) -> list:
    """Answers that must be judged wrong, built from the exercise's own choices."""
    if ex.mode == "number":
        return [ex.answer + 1, ex.answer - 1]
    if ex.mode == "some":
        right = set(ex.answer)
        return [sorted(right ^ {c}) for c in ex.choices]  # flip one choice in or out of the right set
    if ex.mode == "order":
        cards = list(ex.answer)
        return [list(reversed(cards))] if len(set(cards)) > 1 else []
    if ex.kind == "cheapest-play":  # any play strictly dearer than the cheapest (or refused)
        return [c for c in ex.choices if not ex.check(c).correct][:3]
    return [c for c in ex.choices if c != ex.answer]


def gives_away(ex) -> str | None:
    """What of the answer the exercise's hint states, or ``None``.

    Number answers: the number must not stand in the hint as digits (rule references, card names and
    pile names do not count; the kit's hints write the rules' small numbers as words).  Yes/no answers: neither
    word.  Every other answer: neither the answer's text nor any label of the right answer (a pile, a
    play, a name, a share) appears in the hint.
    """
    hint = ex.hint
    if ex.mode == "number":
        plain = _PILE.sub(" ", _CARD.sub(" ", _REFERENCE.sub(" ", hint)))
        n = abs(int(ex.answer))
        m = re.search(rf"(?<![\d.]){n}(?!\d|[.,]\d)", plain)
        return f"the number {n} ({plain[max(0, m.start() - 30):m.end() + 30]!r})" if m else None
    if ex.kind in ("may-play", "burns"):
        m = re.search(r"\b(yes|no)\b", hint, flags=re.I)
        return f"the word {m.group(0)!r}" if m else None
    low = hint.lower()
    if ex.answer_text.lower() in low:
        return f"the answer {ex.answer_text!r}"
    labels = list(ex.answer) if ex.mode == "some" else [ex.answer] if ex.mode == "one" else []
    for label in labels:
        name = label.split(" (")[0]  # "up pile 1 (top 7♣)" -> "up pile 1"
        if re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", low):
            return f"the answer's {name!r}"
    return None
