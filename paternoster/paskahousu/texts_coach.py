"""The coach's words for Paskahousu ("How good was that?"): each option of the player to move in plain
words, and the one sentence that compares the student's choice with the best one.

The sentences live here, apart from :mod:`.texts` (the game's log and refusals), so that the evaluator
(:mod:`.evaluation`) and the card-table panel say the same thing.
"""

from __future__ import annotations

from ..core.checks import plural
from .texts import labels, rank_words

__all__ = ["MEASURE", "option_words", "doing", "sentence_words", "NOT_YOUR_MOVE", "GAME_OVER", "UNKNOWN_GAME",
           "TOO_MANY", "BAD_ENGINE", "ONLY_EMPTY", "FIND_GAME", "NOT_AN_EVALUATION", "BAD_CHOICE", "TABLE_INTRO",
           "TABLE_HEAD", "TABLE_BEST", "TABLE_MORE", "TABLE_TOO_CLOSE", "TABLE_HEURISTIC"]

#: What the evaluator's ``mean`` counts.
MEASURE = "chance of ending as the Paskahousu"

NOT_YOUR_MOVE = ("The evaluator measures the options of the player to move: seat {seat} is not to move now "
                 "(seat {to_move} is).")
GAME_OVER = "The game is over: there are no options left to measure."
UNKNOWN_GAME = "evaluate needs a PaskahousuGame, not {what}."
FIND_GAME = "game must be the PaskahousuGame the rows were measured in, not {what}."
BAD_ENGINE = "engine must be one of {engines}, not {what}."
ONLY_EMPTY = "only: give at least one action to measure."
NOT_AN_EVALUATION = "ev: sentence needs an Evaluation of a Paskahousu position (from evaluate), not {what}."
BAD_CHOICE = "chosen must be the index of one of the {n} options, not {what}."
#: The choice table of lesson 10b (:func:`.evaluation.games_table`): whole games, so its sums add up.
TABLE_INTRO = ("Each choice played out {n} times. In how many of those {n} games {name} lost (ended as the "
               "Paskahousu): fewer is better.")
TABLE_HEAD = ("{choice:<27}{lost:>6}   {range:<12}{more:>6}   {diff_range}",
              ("choice", "lost", "95 % range", "more", "range of the difference"))
TABLE_BEST = "best"
TABLE_MORE = "{low} to {high}"
TABLE_TOO_CLOSE = "{low} to {high}: holds 0, too close to call"
TABLE_HEURISTIC = "   ◀ heuristic player's choice"

TOO_MANY = ("This position has {n} options; the evaluator measures at most {most} (Paskahousu's options "
            "are every play, pick up, try your luck, …).")


def option_words(kind: str, cards: list[object] | None = None, rank: int = 0, n: int = 0,
                 face_up: bool = False) -> tuple[str, str]:
    """An option as ``(label, doing)``: ``('play 7♣ 7♦', 'playing 7♣ 7♦')``.

    Args:
        kind: ``"play"``, ``"pick-up"``, ``"try-your-luck"``, ``"turn"``, ``"announce"`` (honest),
            ``"lie"``, ``"check"``, ``"let-pass"``.
        cards: the cards laid; rank, n: an announcement's card rank (1 = ace … 13 = king) and count;
        face_up: the cards are face-up table cards (Pöytäpaska).
    """
    shown = labels(cards or [])
    if kind == "play":
        where = " from the table" if face_up else ""
        return f"play {shown}{where}", f"playing {shown}{where}"
    if kind == "pick-up":
        return "pick up the discard pile", "picking up"
    if kind == "try-your-luck":
        return "try your luck", "trying your luck"
    if kind == "turn":
        return "turn a face-down table card over", "turning a face-down card over"
    if kind == "announce":
        said = rank_words(rank, n)
        return f"lay {shown} face down as {said}", f"laying {shown} as {said}"
    if kind == "lie":
        said = rank_words(rank, n)
        return f"bluff: lay {shown} face down as {said}", f"bluffing {shown} as {said}"
    if kind == "check":
        return "check the announcement", "checking"
    return "let the announcement pass", "letting it pass"


_DOING = (("play ", "playing "), ("pick up the discard pile", "picking up"), ("try your luck", "trying your luck"),
          ("turn a face-down table card over", "turning a face-down card over"), ("bluff: lay ", "bluffing: laying "),
          ("lay ", "laying "), ("check the announcement", "checking"), ("let the announcement pass", "letting it pass"))


def doing(label: str) -> str:
    """An option's label as a doing phrase: ``'play 7♣'`` → ``'playing 7♣'``."""
    for verb, ing in _DOING:
        if label.startswith(verb):
            return ing + label[len(verb):]
    return label


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def _points(x: float) -> str:
    """A difference of two shares in percentage points, signed, with the real minus sign and never "−0":
    ``"+12"``, ``"−3"``, ``"0"``."""
    n = round(100 * x)
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"−{-n}")


def _half(low: float, high: float) -> str:
    return f"{100 * (high - low) / 2:.0f}"


def sentence_words(chosen: str, chosen_mean: float, chosen_low: float, chosen_high: float, best: str | None,
                   best_mean: float, too_close: bool, options: int, diff_low: float, diff_high: float,
                   close: int = 0) -> str:
    """The coach's sentence (see :func:`~paternoster.paskahousu.evaluation.sentence`).

    Args:
        chosen: the student's option as a doing phrase ("picking up"); its mean and 95 % interval.
        best: the best option's doing phrase, ``None`` when the student's choice is the best; its mean.
        too_close: the paired interval of the difference holds 0; diff_low, diff_high: that interval.
        options: how many options were measured; close: when the choice is the best, how many others are too
            close to call.
    """
    head = chosen[:1].upper() + chosen[1:]
    lost = f"{head} made you the Paskahousu in {_pct(chosen_mean)} of the games (± {_half(chosen_low, chosen_high)})"
    if options == 1:
        return f"{head} was your only legal move: it made you the Paskahousu in {_pct(chosen_mean)} of the games " \
               f"(± {_half(chosen_low, chosen_high)})."
    if best is None and close:
        return (f"{lost} — the lowest of the {options} options, but {plural(close, 'other is', 'others are')} "
                f"too close to call.")
    if best is None:
        return f"{lost} — the best of the {options} options."
    if too_close:
        return (f"{lost}; {best} in {_pct(best_mean)} — too close to call: the difference "
                f"({_points(diff_low)} to {_points(diff_high)} points) may be chance.")
    return f"{lost}; {best} only in {_pct(best_mean)}."
