"""Notebook widgets for the Paternoster teaching kit (ipywidgets 8).

Thin: every decision — which card is higher, where a card fits, setback or
not, refusal reasons, the words that explain a step — is asked of the engine
(:mod:`paternoster`).  Every widget can be driven from code, so a notebook
cell or a test can change it without a browser.  Where a widget cannot be shown (a lesson opened
without running it, or saved and reopened), a notebook shows its one-line text instead
(:mod:`widgets.fallback`):

* :class:`LadderTable` — pick two cards, see which is higher and why, and
  the whole 52-rung ladder with both cards marked.
  Drive: ``t.a.value = "7♠"``, ``t.b.value = "8♣"``; read ``t.sign``, ``t.reason``.
* :class:`HandPilesTable` — the hand × piles grid of a :class:`paternoster.Game`
  with Play / End turn / Undo controls.
  Drive: ``t.play("9♥", "up 1")``, ``t.end_turn()``, ``t.undo()``,
  ``t.game = other_game``; read ``t.message``, ``t.cell(card, pile)``.
  Under variants it lists the variant state (``t.variant_state``) and offers the
  variant actions the rules allow: ``t.big_setback("8♥", "up 1")``,
  ``t.end_turn(token=True)`` (Notruf-Marken), ``t.pass_card("9♣", to=1)`` (Weitergeben),
  ``t.signal(seat, "up 1", "hold")`` (pile signals), ``t.time_out()`` (Sanduhr).
* :class:`TurnStepper` — step back and forth through a game record.
  Drive: ``s.step = 3``, ``s.forward()``, ``s.back()``; read ``s.game``, ``s.explanation``,
  ``s.variant_state``.
* :class:`CardTable` — a clickable card table (anywidget): select a card, see the
  piles the engine allows, play it; or step through a record (``mode="step"``).
  Drive: ``t.play("4♦", "up 1")``, ``t.end_turn()``, ``t.undo()``, ``t.computer_turn()``,
  ``s.step = 3``; read ``t.view``, ``t.message``, ``t.explanation``.
  One seat: ``CardTable(game, seat=0)`` (you play seat 0, the computer the others, their hands
  hidden, its turns told in words; ``pace="step"``: one per click); hot seat:
  ``CardTable(game, computer_seats=[2], hot_seat=True)`` ("pass to <name>" screen, ``t.reveal()``).
* :class:`AcceptanceTable` — Paskahousu: top card × card to play, ✓ allowed / ♨ burns / ✗ no,
  the whole table and one chosen pair with the engine's reason.
  Drive: ``t.top.value = "K"``, ``t.played.value = "A"``, ``t.choose(top="8♠")``, or click a grid cell
  (``t.grid.choose(row, col)``: :class:`AcceptanceGrid`); read ``t.verdict``, ``t.reason``.
* :class:`PaskahousuCardTable` — the card table for a Paskahousu game: step through a record
  (``mode="step"``) or play (one card per click; several from code).
  Drive: ``s.step = 5``, ``t.play("8♥ 8♠")``, ``t.pick_up()``, ``t.try_your_luck()``; read ``s.explanation``, ``s.describe()``.
* :class:`HouseRulesTable` — every Paskahousu house rule from the engine's catalogue (section, players,
  options, what changes, acceptance cells changed).  :class:`HouseRulesAcceptance` — a menu of house
  rules above an :class:`AcceptanceTable` that marks changed cells ``≠``; ``t.choose("Leerer Tisch")``.
  The card tables play every house rule (table cards, face-down plays with "Check!", no draw pile).
* :class:`Classroom` — a teacher's panel around a card table (either game): new deal with its seed,
  players and names, preset / house rules, which seats the computer plays, open hands, large cards,
  the computer's turns one at a time, the hot-seat pass screen.
  Drive: ``c.computer_plays(1, 2)``, ``c.deal()``, ``c.new_deal()``; read ``c.table``, ``c.message``.
* :class:`VariantsTable` — every preset (Normal and one per variant) side by side, read from
  the engine's rules: what it changes, hand size per player count, piles, minimum, cards.
  Build: ``VariantsTable()`` or ``VariantsTable(players=2)``; read ``t.rows``.
* :class:`CampaignView` — the Hochhaus campaign (rules §15) around one score book, in four tabs: the
  building (floors, open or locked, a group's stars), a ride (the card table with the floor's rules;
  its result, stars and record go into the score book when it ends), the score book "Punkte" (groups
  side by side, every ride, :func:`stars_plot` of stars over time) and hand entry of a ride played with
  real cards.  Drive: ``v.add_group("Reds")``, ``v.start_ride(1)``, ``v.enter_ride("Reds", 1, players=2,
  remaining=3)``; read ``v.message``, ``v.hand_message``, ``v.table``.
* :func:`perfect_plot`, :func:`remaining_plot` (:mod:`widgets.plots`) — matplotlib figures of simulation
  results: the share of perfect games with 95 % intervals, and the distribution of remaining cards.
  Call: ``perfect_plot(difficulty_table())``, ``remaining_plot([simulate("Normal"), ...])``; each returns the Figure.
* :class:`GamesProgress` — a simulation's progress bar (``progress=GamesProgress``) that ends as one line,
  "52,000 games played.", so a saved lesson never shows a frozen bar.
* :class:`SimulationPanel` — choose a level or preset, players, games, seed and the simple player or the
  talking team, press *Simulate*: the engine's result.  Drive: ``p.rules.value = "Steil"``, ``p.run()``.
"""

from .card_table import CardTable, TableAnswer
from .classroom import Classroom
from .hand_piles import HandPilesTable
from .ladder_table import LadderTable
from .acceptance import AcceptanceTable
from .acceptance_grid import AcceptanceGrid
from .paskahousu_table import PaskahousuCardTable
from .plots import perfect_plot, remaining_plot
from .variants_table import VariantsTable
from .stepper import TurnStepper

__all__ = ["LadderTable", "HandPilesTable", "TurnStepper", "CardTable", "TableAnswer", "AcceptanceTable",
           "PaskahousuCardTable",
           "VariantsTable", "perfect_plot", "remaining_plot", "Classroom", "AcceptanceGrid"]

from .exercise import ExerciseList, ExerciseWidget  # noqa: E402  (issue 12: exercises checked by the engine)
__all__ += ["ExerciseWidget", "ExerciseList"]

from .campaign import CampaignView  # noqa: E402  (issue 15: the campaign and its score book)
from .campaign_plots import stars_plot  # noqa: E402
__all__ += ["CampaignView", "stars_plot"]
# issue 16: Paskahousu's house rules (lesson 11)
from .house_rules import HouseRulesAcceptance, HouseRulesTable  # noqa: E402
__all__ += ["HouseRulesTable", "HouseRulesAcceptance"]
from .paskahousu_plots import comparison_plot, loss_plot  # noqa: E402  (lessons 10 and 11)
__all__ += ["loss_plot", "comparison_plot"]
from .progress import GamesProgress  # noqa: E402  (a simulation's bar that ends as one line of words)
__all__ += ["GamesProgress"]
from .simulation_panel import SimulationPanel  # noqa: E402  (lesson 6b: simulate from controls, no code)
__all__ += ["SimulationPanel"]
from .folded import Folded  # noqa: E402  (a lesson's answer or long list, closed until opened)
__all__ += ["Folded"]
