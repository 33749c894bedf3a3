"""Classroom: a teacher's controls around a card table, for a whole class game on a projector.

One widget for both games: a new deal (its seed shown, so a class can replay it), the number of
players and their names, the preset (Paternoster) or house rules (Paskahousu), which seats the
computer plays, open or hidden hands, large cards, the computer's turns at once or one per click,
and the hot-seat "pass to" screen.  Every rule is the engine's; the table is
:class:`widgets.CardTable` / :class:`widgets.PaskahousuCardTable`.

Drive it from code as a teacher would with the mouse::

    c = Classroom("paskahousu", players=4, seed=3)
    c.computer_plays(1, 2, 3)       # the class plays seat 0, the computer the others
    c.deal()                        # a fresh table with these settings
    c.new_deal()                    # the next seed (seed + 1), same settings
    c.names.value = "Reds, Blues"   # then c.deal(): a clear message if the count is wrong
    c.table                         # the card table now shown
    c.message                       # the panel's last message (plain text)
"""

from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as ipw

from paternoster import Game, preset, presets
from paternoster.paskahousu import STANDARD_HOUSE_RULES, PaskahousuGame
from paternoster.core import registry
from paternoster.core.errors import RulesError
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules

from .card_table import CardTable
from ._common import BORDER, wrapping
from .fallback import TextFallback
from .paskahousu_table import PaskahousuCardTable

__all__ = ["Classroom", "GAMES", "house_rule_choices", "menu_entry"]

#: The games a classroom can deal, from the registry of games: each game's title and player counts
#: (a count the chosen rules do not allow is refused by the engine, with its message).
GAMES = {e.name: {"title": e.title, "players": tuple(range(e.players[0], e.players[1] + 1))} for e in registry.games()}


def house_rule_choices() -> list[str]:
    """Every house rule of the engine's catalogue (Paskahousu rules §11) as the chooser lists it: the
    rule book's name, and for a rule with several options one entry per option, ``"Name (option)"``
    (the spelling :func:`paternoster.paskahousu.rules.house_rules` reads)."""
    out = []
    for sw in HOUSE_RULE_SWITCHES:
        named = [o for o, _ in sw.options if o]
        out += [f"{sw.name} ({o})" for o in named] if len(named) > 1 else [sw.name]
    return out


def menu_entry(name: str) -> str:
    """The chooser's entry for a house rule named as the rule book does: a bare name of a rule with
    options means its first option (``"Nur einzeln"`` → ``"Nur einzeln (Bildkarten, Asse, Zweien)"``);
    other text comes back unchanged."""
    for sw in HOUSE_RULE_SWITCHES:
        named = [o for o, _ in sw.options if o]
        if name.strip().casefold() == sw.name.casefold() and len(named) > 1:
            return f"{sw.name} ({named[0]})"
    return name.strip()


#: Paskahousu's house rules the classroom offers (the standard game is no choice ticked).
HOUSE_RULES = house_rule_choices()
MAX_NAME = 24


def default_names(players: int) -> list[str]:
    """'Group A', 'Group B', … — names for a class split into groups."""
    return [f"Group {chr(ord('A') + i)}" for i in range(players)]


#: The largest deal number the panel takes (the box shows every digit of it).
MAX_DEAL = 2**31 - 1


class Classroom(TextFallback, ipw.VBox):
    """A teacher's panel and the live card table it deals.

    Args:
        game: ``"paternoster"`` or ``"paskahousu"``.
        players: how many players (Paternoster 1–5 with the presets for that count, Paskahousu 2–6).
        seed: the deal's seed (a whole number ≥ 0); the same settings and seed deal the same cards.
        names: the players' names (default "Group A", "Group B", …).
        rules: a Paternoster preset name (``"Normal"``, ``"Kurze Fahrt"``, …) or Paskahousu house
            rules by the rule book's names, several separated by commas (``"Standard"``,
            ``"Sechs Karten, Nur einzeln (nur Zweien)"``; see :func:`house_rule_choices`).
        computer_seats: seats the computer plays (the class plays the others).
        open_hands, large, hot_seat: as :class:`widgets.CardTable`.
        step_by_step: the computer's turns one per click of its "… ▶" button (``pace="step"``).

    Raises:
        ValueError: an unknown game, or starting settings the panel would refuse (its message).
    """

    fallback_text = "Classroom: run this cell (Shift+Enter) to bring the class table and its controls to life."

    def __init__(self, game: str = "paternoster", *, players: int = 3, seed: int = 7,
                 names: Sequence[str] | None = None, rules: str | None = None,
                 computer_seats: Sequence[int] = (), open_hands: bool = False, large: bool = True,
                 hot_seat: bool = False, step_by_step: bool = False) -> None:
        if game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}.")
        self.game_name = game
        info = GAMES[game]
        if game == "paternoster":
            rule_names = [p.name for p in presets()]
            default_rule = "Normal"
        else:
            rule_names = list(HOUSE_RULES)
        style = {"description_width": "initial"}
        # A plain IntText: a number out of range is refused with a message by deal(), never
        # silently clamped (the number shown must be the deal on the table).
        self.seed = ipw.IntText(value=0, description="Deal number (seed)", style=style,
                                layout=ipw.Layout(width="22em"))
        self.players = ipw.Dropdown(options=list(info["players"]), value=info["players"][0], description="Players",
                                    style=style, layout=ipw.Layout(width="9em"))
        self.names = ipw.Text(value="", description="Names", placeholder="Group A, Group B, …", style=style,
                              layout=ipw.Layout(width="28em"))
        self.rules: Any
        if game == "paternoster":
            self.rules = ipw.Dropdown(options=rule_names, value=default_rule, description="Preset", style=style)
        else:
            # several house rules at once: ctrl/shift-click; none chosen is the standard game.  A set the
            # engine refuses (two rules that do not go together, a player count) is told as text by deal().
            self.rules = ipw.SelectMultiple(options=rule_names, value=(), rows=6, style=style,
                                            description="House rules (none: standard)",
                                            layout=ipw.Layout(width="32em"))
        self.computer_box = ipw.HBox([])
        auto = {"layout": ipw.Layout(width="auto")}  # labels in full, never cut short
        self.open_hands = ipw.Checkbox(value=bool(open_hands), description="Show every hand", indent=False, **auto)
        self.large = ipw.Checkbox(value=bool(large), description="Large cards", indent=False, **auto)
        self.step_by_step = ipw.Checkbox(value=bool(step_by_step), indent=False,
                                         description="Computer's turns one at a time (press ▶)", **auto)
        self.hot_seat = ipw.Checkbox(value=bool(hot_seat), indent=False,
                                     description="Hide the next hand until its player is ready (pass screen)", **auto)
        self.deal_button = ipw.Button(description="Deal with these settings", button_style="", **auto)
        self.new_button = ipw.Button(description="New deal (next seed)", button_style="primary", **auto)
        self.message_label = ipw.Label(value="")  # the value to read; shown by a wrapping copy
        self.table_box = ipw.VBox([])
        self.table: CardTable | None = None
        self._computer: dict[int, ipw.Checkbox] = {}
        controls = ipw.VBox([
            ipw.HBox([self.new_button, self.seed, self.deal_button]),
            ipw.HBox([self.players, self.rules]),
            self.names,
            self.computer_box,
            ipw.HBox([self.open_hands, self.large], layout=ipw.Layout(flex_flow="row wrap")),
            ipw.HBox([self.step_by_step, self.hot_seat], layout=ipw.Layout(flex_flow="row wrap")),
            self.message_label, wrapping(self.message_label, error=False),
        ], layout=ipw.Layout(border=f"1px solid {BORDER}", padding="4px 8px"))
        super().__init__([controls, self.table_box])
        self.add_class("pn-classroom")
        self.players.observe(lambda _: self._seat_boxes(), names="value")
        self.names.observe(lambda _: self._seat_boxes(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.new_button.on_click(lambda _: self.new_deal())
        for name in ("open_hands", "large"):
            getattr(self, name).observe(self._display_changed, names="value")
        # the starting settings go through the same checks as the panel's
        try:
            self.players.value = int(players)
        except Exception:  # noqa: BLE001 — a traitlets error: say it in the kit's words
            raise ValueError(f"players: {info['title']} is for {info['players'][0]} to {info['players'][-1]} "
                             f"players, not {players!r}.") from None
        if rules is not None and game == "paternoster":
            if rules not in rule_names:
                raise ValueError(f"rules: {rules!r} is not one of: {', '.join(rule_names)}.")
            self.rules.value = rules
        elif rules is not None:
            self.choose_house_rules(rules)
        self.names.value = ", ".join(names) if names else ""
        self.seed.value = int(seed)
        self._seat_boxes()
        self.computer_plays(*computer_seats)
        if not self.deal():
            raise ValueError(self.message)

    # ------------------------------------------------------------------ reading the panel
    @property
    def message(self) -> str:
        """The panel's last message: the deal made, or what to change (plain text)."""
        return self.message_label.value

    def _names(self) -> list[str]:
        """The names typed (or the default ones); raises ValueError saying what to type instead."""
        n = self.players.value
        text = self.names.value.strip()
        if not text:
            return default_names(n)
        names = [part.strip() for part in text.split(",")]
        if len(names) != n or any(not x for x in names):
            raise ValueError(f"Names: give {n} names separated by commas (e.g. {', '.join(default_names(n))}), "
                             f"or leave the box empty for those names; {len([x for x in names if x])} given.")
        long = [x for x in names if len(x) > MAX_NAME]
        if long:
            raise ValueError(f"Names: at most {MAX_NAME} letters each ({long[0][:MAX_NAME]}… is longer).")
        return names

    def _seat_boxes(self) -> None:
        """One 'computer plays …' checkbox per seat, named after the players (kept ticked by seat)."""
        try:
            names = self._names()
        except ValueError:
            names = default_names(self.players.value)
        was = {s: b.value for s, b in self._computer.items()}
        self._computer = {s: ipw.Checkbox(value=was.get(s, False), description=name, indent=False,
                                          layout=ipw.Layout(width="auto"))
                          for s, name in enumerate(names)}
        self.computer_box.children = [ipw.Label("The computer plays:")] + list(self._computer.values())

    def computer_plays(self, *seats: int) -> None:
        """Tick exactly these seats as the computer's (takes effect with the next deal).

        Raises:
            ValueError: a seat the table does not have (nothing is ticked).
        """
        n = self.players.value
        bad = [s for s in seats if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n]
        if bad:
            raise ValueError(f"computer seats: {bad[0]!r} is not a seat of {n} players (0 to {n - 1}).")
        for s, box in self._computer.items():
            box.value = s in seats

    def choose_house_rules(self, names: str | Sequence[str]) -> None:
        """Paskahousu: choose house rules by the rule book's names (as a teacher ticks them; takes effect
        with the next deal).  ``"Standard"`` or ``""`` chooses none.

        Raises:
            ValueError: a name the chooser does not list (the names are listed; nothing changes).
        """
        if self.game_name != "paskahousu":
            raise ValueError("House rules are Paskahousu's; Paternoster chooses a preset (c.rules.value = 'Normal').")
        # the engine reads the names (Paskahousu rules §11.14: case, spacing, ä/ö as a/o), nothing re-parsed here
        def none(n: Any) -> bool:
            return isinstance(n, str) and " ".join(n.split()).lower() in ("", STANDARD_HOUSE_RULES.name.lower())

        typed: str | list[Any] = names if isinstance(names, str) else [n for n in names if not none(n)]
        if none(typed) or typed == []:
            self.rules.value = ()
            return
        try:
            chosen = house_rules(typed).chosen()
        except RulesError as e:
            raise ValueError(str(e)) from None
        items = []
        for sw, option in chosen:
            named = [o for o, _ in sw.options if o]
            items.append(f"{sw.name} ({option})" if len(named) > 1 else sw.name)
        bad = [n for n in items if n not in self.rules.options]
        if bad:
            raise ValueError(f"rules: {bad[0]!r} is not one of: {STANDARD_HOUSE_RULES.name}, "
                             f"{', '.join(self.rules.options)}.")
        self.rules.value = tuple(items)

    @property
    def rules_name(self) -> str:
        """The chosen preset (Paternoster) or house rules (Paskahousu) in words."""
        if self.game_name == "paternoster":
            return str(self.rules.value)
        return ", ".join(self.rules.value) or STANDARD_HOUSE_RULES.name

    @property
    def computer_seats(self) -> list[int]:
        """The seats ticked for the computer."""
        return [s for s, box in self._computer.items() if box.value]

    # ------------------------------------------------------------------ dealing
    def _new_game(self, names: list[str]) -> Any:
        n, seed = self.players.value, self.seed.value
        if self.game_name == "paternoster":
            return Game.new(n, seed=seed, names=names, rules=preset(self.rules.value))
        # the engine reads the names and refuses what does not go together or does not fit n players
        rules = house_rules(list(self.rules.value), players=n) if self.rules.value else STANDARD_HOUSE_RULES
        return PaskahousuGame.new(players=n, seed=seed, names=names, rules=rules)

    def deal(self) -> bool:
        """Deal a new table with the panel's settings; on a bad setting say what to change, change nothing.

        Returns:
            ``True`` when a new table was dealt.
        """
        try:
            if not 0 <= self.seed.value <= MAX_DEAL:
                raise ValueError(f"Deal number: a whole number from 0 to {MAX_DEAL}, not {self.seed.value}.")
            names = self._names()
            game = self._new_game(names)
        except Exception as e:  # noqa: BLE001 — the engine's or the panel's message, shown as text
            self.message_label.value = f"⚠ Not dealt: {e}"
            return False
        computers = self.computer_seats
        cls = CardTable if self.game_name == "paternoster" else PaskahousuCardTable
        kwargs: dict[str, Any] = {"open_hands": self.open_hands.value, "large": self.large.value,
                                  "pace": "step" if self.step_by_step.value else "auto"}
        people = [s for s in range(len(names)) if s not in computers]
        if len(people) == 1:
            kwargs["seat"] = people[0]
        elif computers or self.hot_seat.value:
            kwargs["computer_seats"] = computers
            kwargs["hot_seat"] = self.hot_seat.value
        self.table = cls(game, **kwargs)
        self.table_box.children = [self.table]
        who = ("the computer plays every seat" if not people else
               f"the class plays {names[people[0]]}, the computer the others" if len(people) == 1 and computers
               else "the class plays every seat" if not computers
               else "the computer plays " + ", ".join(names[s] for s in computers))
        rules = self.rules_name
        self.message_label.value = (f"Deal number {self.seed.value}: {GAMES[self.game_name]['title']}, "
                                    f"{len(names)} players, {rules}; {who}.")
        return True

    def new_deal(self) -> bool:
        """The next deal: seed + 1, the same settings (the seed shown is the deal's number).

        When the settings cannot be dealt, the number goes back, so it still names the table shown.
        """
        old = self.seed.value
        self.seed.value = old + 1 if 0 <= old < MAX_DEAL else 0
        if self.deal():
            return True
        self.seed.value = old
        return False

    def _display_changed(self, change: dict[str, Any]) -> None:
        if self.table is not None:
            setattr(self.table, "open_hands" if change["owner"] is self.open_hands else "large", change["new"])

    def __repr__(self) -> str:
        return (f"Classroom({self.game_name!r}, players={self.players.value}, seed={self.seed.value}, "
                f"computer_seats={self.computer_seats})")
