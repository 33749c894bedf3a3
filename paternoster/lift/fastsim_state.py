"""Where the games of one block of the fast loop start (:class:`Start`): a fresh deal
(:func:`paternoster.lift.fastsim_kernel.play_block`) or positions of games
(:mod:`paternoster.lift.fastsim_start`), each optionally with its first action given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Start", "FORCE_PLAY", "FORCE_BIG", "FORCE_END", "FORCE_TOKEN", "FORCE_PASS"]


@dataclass
class Start:
    """Where the games of one block start: one column per game (see :func:`play_start`).

    Cards are rungs (0–51; twins are equal), an empty hand slot is -200; an empty up pile has top -1, an empty
    down pile top 52.  ``hands`` (P, S, n) holds every seat's hand in S slots (S ≥ the hand size: a pass under
    Weitergeben may take a hand above it); ``deck`` (L, n) the draw pile, top card at row ``ptr``;
    ``forced`` (kind, card, target) the first action of each game instead of the computer player's choice
    (kind 0: none, 1 a play, 2 a big setback, 3 ending the turn, 4 ending it with a token, 5 a pass; target:
    the pile, or the seat a pass goes to).
    """

    hands: np.ndarray
    count: np.ndarray
    deck: np.ndarray
    ptr: np.ndarray
    tops: np.ndarray
    cur: np.ndarray
    turn: np.ndarray
    played: np.ndarray
    sb_left: np.ndarray
    tok: np.ndarray
    tok_used: np.ndarray
    passed: np.ndarray
    express: np.ndarray
    burn: np.ndarray
    delivered: np.ndarray
    minimum: np.ndarray
    pas: np.ndarray
    forced: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    mates: np.ndarray | None = None
    said: np.ndarray | None = None
    hush: np.ndarray | None = None
    talk_now: np.ndarray | None = None


#: ``Start.forced`` kinds.
FORCE_PLAY, FORCE_BIG, FORCE_END, FORCE_TOKEN, FORCE_PASS = 1, 2, 3, 4, 5
