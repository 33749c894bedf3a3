"""The exercises' common words: verdicts, reading answers, the widget's prompts and messages, small helpers.

>>> number_word(1), number_word(12)
('one', '12')
>>> and_list(["up pile 1", "down pile 2"])
'up pile 1 and down pile 2'
"""

from __future__ import annotations

from typing import Iterable

# --------------------------------------------------------------------------- small helpers

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(n: int) -> str:
    """A small whole number as a word (``0`` … ``10``), larger ones as digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def and_list(words: Iterable[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    w = list(words)
    if not w:
        return ""
    return w[0] if len(w) == 1 else ", ".join(w[:-1]) + " and " + w[-1]


def signed(n: int) -> str:
    """A whole number with the real minus sign: ``"−4"``, ``"3"``."""
    return f"−{-n}" if n < 0 else str(n)


def cards_text(cards: Iterable[object]) -> str:
    """Cards separated by spaces."""
    return " ".join(str(c) for c in cards)


def pct(x: float) -> str:
    """A share (a fraction of 1) in percent with one decimal: ``"23.5"``."""
    return f"{100 * x:.1f}"


def points(x: float) -> str:
    """A difference of shares in percentage points, signed: ``"+8.0"``, ``"−1.4"``, never ``"−0.0"``."""
    v = round(100 * x, 1)
    return "+0.0" if v == 0 else (f"+{v:.1f}" if v > 0 else f"−{-v:.1f}")


# --------------------------------------------------------------------------- verdicts (every kind)

RIGHT = "Right."
NOT_QUITE = "Not quite."
#: What a wrong answer is told (Verdict.nudge): that it is wrong, never the answer or why.
NUDGE = "Not quite: that is not the answer."


def right(explanation: str) -> str:
    """A right answer's message: ``"Right. <why>"``."""
    return f"{RIGHT} {explanation}".strip()


def wrong(explanation: str) -> str:
    """A wrong answer's full message (shown only when the student asks for the answer)."""
    return f"{NOT_QUITE} {explanation}".strip()


def answer_line(answer_text: str, explanation: str) -> str:
    """What Reveal shows: ``"Answer: <answer>. <why>"``."""
    return f"Answer: {answer_text}. {explanation}".strip()


UNREADABLE = "Your answer could not be read: {error}"
UNKNOWN_KIND = "There is no exercise kind {kind}; the kinds are: {kinds}."
BAD_SEED = "seed must be a whole number 0 or more, not {seed}."
FROZEN = "An Exercise does not change; make a new one (e.g. ex.new_position())."
TOO_FEW_CHOICES = ("A multiple-choice exercise needs at least two choices, not {n} ({kind}); "
                   "with one choice the question answers itself.")
NOT_AN_EXERCISE = "answer_sheet takes Exercise objects, not {type} (item {i})."

# reading answers
WHOLE_NUMBER_NOT_YES_NO = "write a whole number such as 3 or −4, not yes/no."
NOT_A_WHOLE_NUMBER = "{given} is not a whole number; write one such as 3 or −4."
YES_OR_NO = "{given}: answer yes or no."
NOT_A_PLAYER = "{given} is not a player here; choose one of {names}."
NOT_A_CHOICE = "{given} is not one of the choices; choose one of: {choices}."
NONE_WORDS = ("none", "no pile", "nothing", "-", "no share", "no shares")


# --------------------------------------------------------------------------- how to answer (widget prompts)

PROMPT_SOME_PILES = "Click every pile that is right (none is an answer too):"
PROMPT_SOME_SHARES = "Click every share that fits (none is an answer too):"
PROMPT_ORDER = "Type the cards lowest first, or click them in order:"
PROMPT_NUMBER = "Type a whole number:"
PROMPT_ONE = "Choose one answer:"

# --------------------------------------------------------------------------- the widget's messages

W_CHOOSE_FIRST = "Choose an answer first, then press Check."
W_GIVE_FIRST = "Give an answer first, then press Check."
W_TRY_AGAIN = "Try again, or press Hint for a nudge."
W_TRY_AGAIN_HINTED = "Try again with the hint below, or press Reveal to see the answer."
W_STILL_WRONG = "Still not right (try {n})."
W_TRY_OR_REVEAL = "Try again, press Hint for a nudge, or Reveal to see the answer."
W_HINT = "Hint: {hint}"
W_NEW_POSITION = ("A new position (deal number {seed}). The lesson's text around this exercise is about the "
                  "first position; “First position” brings it back.")
W_FALLBACK_ONE = "Run this cell (Shift+Enter) to answer it."
W_FALLBACK_LIST = "Exercises — run this cell (Shift+Enter) to answer them:"
W_ORDER_PLACEHOLDER = "e.g. {cards}"
W_NUMBER_PLACEHOLDER = "a whole number, e.g. 3 or −4"
W_CHOOSE = "— choose —"
