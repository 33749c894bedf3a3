"""SimulationPanel: simulate a level or preset from controls, on a lesson page without code (lesson 6b).

Thin: the panel reads its controls and asks :func:`paternoster.simulate` (or
:func:`paternoster.talking_vs_silent`); every number and sentence it shows is the engine's.  A wrong
choice (a player count the rules do not allow, too many games) is refused with the engine's own message
and the last result stays.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw

from paternoster.core.checks import check_bool, plural, short, whole
from paternoster.core.errors import ArgumentError

from .fallback import TextFallback

__all__ = ["SimulationPanel", "MAX_GAMES"]

#: The most games one click simulates (a few seconds on the fast simulation).
MAX_GAMES = 20000
#: The largest seed the panel's box takes.
MAX_PANEL_SEED = 2**31 - 1
#: The player counts the panel offers (besides the level's own).
PLAYER_COUNTS = range(1, 9)


class SimulationPanel(TextFallback, ipw.VBox):
    """Controls (rules, players, games, seed, which player) and a *Simulate* button; the result below.

    Args:
        rules, players, games, seed: the starting values (``players=None``: the level's own count).
        talking: start with "talking team against the silent player" chosen.

    Raises:
        ArgumentError: a starting value the controls do not offer (an unknown level, players not 1–8, games
            not 1–20,000, a seed not 0–2,147,483,647), naming the field; nothing is clamped.

    Drive: ``p.rules.value = "Steil"``, ``p.players.value = 3``, ``p.run()``; read ``p.result``
    (a :class:`paternoster.SimulationResult` or a talking comparison) and ``p.message``.

    >>> p = SimulationPanel("Kurze Fahrt", games=50); p.run(); p.result.games
    50
    >>> p.players.value = 7; p.run(); "Kurze Fahrt" in p.message
    True
    """

    fallback_text = "Simulation panel: run this cell (Shift+Enter) to choose a level and simulate it."

    def __init__(self, rules: str = "Normal", players: int | None = None, games: int = 2000, seed: int = 0,
                 *, talking: bool = False) -> None:
        from paternoster import presets

        style = {"description_width": "initial"}
        names = [p.name for p in presets()]
        # the starting values are checked, never clamped or replaced (the boxes would do that silently)
        if not isinstance(rules, str) or rules not in names:
            raise ArgumentError(f"rules must be one of the levels and presets ({', '.join(names)}), not {short(rules)}.")
        if players is not None:
            players = whole(players, "players", PLAYER_COUNTS[0], PLAYER_COUNTS[-1], ArgumentError)
        games = whole(games, "games", 1, MAX_GAMES, ArgumentError)
        seed = whole(seed, "seed", 0, MAX_PANEL_SEED, ArgumentError)
        talking = check_bool(talking, "talking", ArgumentError)
        self.rules = ipw.Dropdown(options=names, value=rules,
                                  description="Level or preset", style=style)
        self.players = ipw.Dropdown(options=[("the level's own", None)] + [(str(n), n) for n in PLAYER_COUNTS],
                                    value=players, description="Players", style=style,
                                    layout=ipw.Layout(width="14em"))
        self.games = ipw.BoundedIntText(value=games, min=1, max=MAX_GAMES, description="Games", style=style,
                                        layout=ipw.Layout(width="12em"))
        self.seed = ipw.BoundedIntText(value=seed, min=0, max=MAX_PANEL_SEED, description="Seed", style=style,
                                       layout=ipw.Layout(width="12em"))
        # Buttons as wide as their words: the default width cut "Talking team against silent" to "Talking team agains…".
        self.who = ipw.ToggleButtons(options=[("Simple player", False), ("Talking team against silent", True)],
                                     value=talking, style={"button_width": "auto"})
        self.button = ipw.Button(description="Simulate", button_style="primary")
        self.out = ipw.HTML()
        self.result: Any = None
        self.message = ""
        self.button.on_click(lambda _: self.run())
        super().__init__([ipw.HBox([self.rules, self.players]), ipw.HBox([self.games, self.seed]), self.who,
                          self.button, self.out])

    def run(self) -> None:
        """Simulate with the controls' values; show the result (or the engine's refusal)."""
        from paternoster import PaternosterError, simulate, talking_vs_silent

        self.button.disabled = True
        self.out.value = "<i>Simulating …</i>"
        try:
            result: Any
            if self.who.value:
                result = talking_vs_silent(games=self.games.value, seed=self.seed.value, rules=self.rules.value,
                                           players=self.players.value)
                self.message = result.verdict()
                shown = "<br>".join(html.escape(line) for line in result.summary().splitlines())
            else:
                result = simulate(self.rules.value, players=self.players.value, games=self.games.value,
                                  seed=self.seed.value)
                self.message = f"{result.rules_name}: {plural(result.games, 'game')} simulated."
                shown = result._repr_html_()
            self.result = result
            self.out.value = shown + (f"<p>{html.escape(self.message)}</p>" if self.who.value else "")
        except (PaternosterError, ValueError) as e:
            self.message = str(e)
            self.out.value = f"<p><b>Not simulated:</b> {html.escape(self.message)}</p>"
        finally:
            self.button.disabled = False
