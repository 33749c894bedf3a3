"""Notebook widgets for the Paternoster teaching kit (ipywidgets 8).

Thin: every decision — which card is higher, where a card fits, setback or
not, refusal reasons, the words that explain a step — is asked of the engine
(:mod:`paternoster`).  Every widget can be driven from code, so a notebook
cell or a test can change it without a browser:

* :class:`LadderTable` — pick two cards, see which is higher and why, and
  the whole 52-rung ladder with both cards marked.
  Drive: ``t.a.value = "7♠"``, ``t.b.value = "8♣"``; read ``t.sign``, ``t.reason``.
* :class:`HandPilesTable` — the hand × piles grid of a :class:`paternoster.Game`
  with Play / End turn / Undo controls.
  Drive: ``t.play("9♥", "up 1")``, ``t.end_turn()``, ``t.undo()``,
  ``t.game = other_game``; read ``t.message``, ``t.cell(card, pile)``.
* :class:`TurnStepper` — step back and forth through a game record.
  Drive: ``s.step = 3``, ``s.forward()``, ``s.back()``; read ``s.game``, ``s.explanation``.
* :class:`CardTable` — a clickable card table (anywidget): select a card, see the
  piles the engine allows, play it; or step through a record (``mode="step"``).
  Drive: ``t.play("4♦", "up 1")``, ``t.end_turn()``, ``t.undo()``, ``t.computer_turn()``,
  ``s.step = 3``; read ``t.view``, ``t.message``, ``t.explanation``.
"""

from .card_table import CardTable
from .hand_piles import HandPilesTable
from .ladder_table import LadderTable
from .stepper import TurnStepper

__all__ = ["LadderTable", "HandPilesTable", "TurnStepper", "CardTable"]
