"""Classroom: a teacher's controls around a card table, for a whole class game on a projector.

One widget for both games: a new deal (its seed shown, so a class can replay it), the number of
players and their names, the preset (Paternoster) or house rules (Paskahousu), which seats the
computer plays, open or hidden hands, large cards, the computer's turns at once or one per click,
and the hot-seat "pass to" screen.  Every rule is the engine's; the table is
:class:`widgets.CardTable` / :class:`widgets.PaskahousuCardTable`.

Made to be projected: with *Large cards* the panel's text is as large as the table's; a refusal
appears under the control that caused it; the computer's seats follow their players when names
change or move, and a new seat is ticked like the last one; when the computer plays every seat its
turns come one at a time with a pause between them (a *Pause* button on the table), never all at once.

Drive it from code as a teacher would with the mouse::

    c = Classroom("paskahousu", players=4, seed=3)
    c.computer_plays(1, 2, 3)       # the class plays seat 0, the computer the others
    c.deal()                        # a fresh table with these settings
    c.new_deal()                    # the next seed (seed + 1), same settings
    c.seed.value = "12"             # a deal number is typed: digits only ("3.5", "1e3" are refused)
    c.names.value = "Reds, Blues"   # then c.deal(): a clear message if the count is wrong
    c.table                         # the card table now shown
    c.message                       # the panel's last message (plain text)
"""

from __future__ import annotations

import pathlib
import re
from typing import Any, Sequence

import ipywidgets as ipw
import traitlets

from paternoster import Game, preset, presets
from paternoster.paskahousu import STANDARD_HOUSE_RULES, PaskahousuGame
from paternoster.core import registry
from paternoster.core.checks import check_names, name_problem, plural, short, visible_part
from paternoster.core.errors import ArgumentError, PositionError, RulesError
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules

from .card_table import CardTable
from ._common import BORDER, text_block
from .fallback import TextFallback
from .paskahousu_table import PaskahousuCardTable

__all__ = ["Classroom", "GAMES", "house_rule_choices", "menu_entry", "presets_for"]

#: The games a classroom can deal, from the registry of games: each game's title and player counts
#: (a count the chosen rules do not allow is refused by the engine, with its message).
GAMES = {e.name: {"title": e.title, "players": tuple(range(e.players[0], e.players[1] + 1))} for e in registry.games()}
# Paternoster's presets reach beyond the standard game's player counts (Hochhaus: 6 to 8 players)
GAMES["paternoster"]["players"] = tuple(sorted({n for p in presets() for n in p.player_counts}))


def presets_for(players: int) -> list[str]:
    """The Paternoster presets a table of ``players`` can play (the Preset list offers only these)."""
    return [p.name for p in presets() if players in p.player_counts]


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
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def default_names(players: int) -> list[str]:
    """'Group A', 'Group B', … — names for a class split into groups."""
    return [f"Group {chr(ord('A') + i)}" for i in range(players)]


#: The largest deal number the panel takes (the box shows every digit of it).
MAX_DEAL = 2**31 - 1
#: A deal number as typed: digits only ("3.5", "1e3", "-2", "seven" are refused, never read as 35 or 13).
DEAL_DIGITS = re.compile(r"[0-9]{1,20}")
#: The panel's look for projecting (beside this module, like the card table's CSS beside its class).
_CSS = (pathlib.Path(__file__).parent / "classroom.css").read_text(encoding="utf-8")


def deal_number(text: Any) -> int:
    """The deal number typed in the panel's box, or ValueError saying what to type.

    >>> deal_number(" 12 ")
    12
    >>> deal_number("3.5")
    Traceback (most recent call last):
    ...
    ValueError: Deal number: a whole number from 0 to 2147483647, digits only (e.g. 7), not '3.5'.
    """
    typed = str(text).strip()
    if not DEAL_DIGITS.fullmatch(typed) or int(typed) > MAX_DEAL:
        raise ValueError(f"Deal number: a whole number from 0 to {MAX_DEAL}, digits only (e.g. 7), "
                         f"not {short(typed)}.")
    return int(typed)


class Classroom(TextFallback, ipw.VBox):
    """A teacher's panel and the live card table it deals.

    Args:
        game: ``"paternoster"`` or ``"paskahousu"``.
        players: how many players (Paternoster 1–8, the Preset list offering the presets for that count: Hochhaus
                for 6–8; Paskahousu 2–10).
        seed: the deal's seed (a whole number ≥ 0); the same settings and seed deal the same cards.
        names: the players' names (default "Group A", "Group B", …).
        rules: a Paternoster preset name (``"Normal"``, ``"Kurze Fahrt"``, …) or Paskahousu house
            rules by the rule book's names, several separated by commas (``"Standard"``,
            ``"Sechs Karten, Nur einzeln (nur Zweien)"``; see :func:`house_rule_choices`).
        computer_seats: seats the computer plays (the class plays the others).
        open_hands, large, hot_seat: as :class:`widgets.CardTable`.
        step_by_step: the computer's turns one per click of its "… ▶" button (``pace="step"``).
        coach: "How good was that?": each move of the class measured against the other options (a panel on
            the table, :mod:`widgets.coach_panel`); a table with a pass screen offers none.

    Attributes:
        seed: the deal-number box (text: digits only); dealt: the deal number of the table shown (a trait).
        table: the card table shown; message: the panel's last message (plain text).

    Raises:
        ValueError: an unknown game, or starting settings the panel would refuse (its message).
    """

    fallback_text = "Classroom: run this cell (Shift+Enter) to bring the class table and its controls to life."

    #: the deal number of the table shown (-1 before the first deal)
    dealt = traitlets.Int(-1)
    #: the panel's last message: the deal made, or what to change (plain text; shown under its control)
    message = traitlets.Unicode("")

    def __init__(self, game: str = "paternoster", *, players: int = 3, seed: int = 7,
                 names: Sequence[str] | None = None, rules: str | None = None,
                 computer_seats: Sequence[int] = (), open_hands: bool = False, large: bool = True,
                 hot_seat: bool = False, step_by_step: bool = False, coach: bool = False) -> None:
        if game not in GAMES:
            raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}.")
        self.game_name = game
        info = GAMES[game]
        style = {"description_width": "initial"}
        # Text, read by deal_number(): a browser's number box would read "3.5" as 35 and "1e3" as 13.
        self.seed = ipw.Text(value="0", description="Deal number", style=style, layout=ipw.Layout(width="16em"))
        self.players = ipw.Dropdown(options=list(info["players"]), value=info["players"][0], description="Players",
                                    style=style, layout=ipw.Layout(width="9em"))
        # read when typing stops (Enter or leaving the box): the computer's ticks follow whole names
        self.names = ipw.Text(value="", description="Names", placeholder="Group A, Group B, …", style=style,
                              continuous_update=False, layout=ipw.Layout(width="30em"))
        self.rules: Any
        if game == "paternoster":
            self.rules = ipw.Dropdown(options=presets_for(self.players.value), value="Normal", description="Preset",
                                      style=style)
        else:
            # several house rules at once: ctrl/shift-click; none chosen is the standard game.  A set the
            # engine refuses (two rules that do not go together, a player count) is told as text by deal().
            self.rules = ipw.SelectMultiple(options=list(HOUSE_RULES), value=(), rows=6,
                                            layout=ipw.Layout(width="24em"))  # wide enough for every name
        self.computer_box = ipw.HBox([], layout=ipw.Layout(flex_flow="row wrap"))
        auto = {"layout": ipw.Layout(width="auto")}  # labels in full, never cut short
        self.open_hands = ipw.Checkbox(value=bool(open_hands), description="Show every hand", indent=False, **auto)
        self.large = ipw.Checkbox(value=bool(large), description="Large cards", indent=False, **auto)
        self.step_by_step = ipw.Checkbox(value=bool(step_by_step), indent=False,
                                         description="Computer's turns one at a time (press ▶)", **auto)
        self.hot_seat = ipw.Checkbox(value=bool(hot_seat), indent=False,
                                     description="Hide the next hand until its player is ready (pass screen)", **auto)
        # "How good was that?" on the table (widgets.coach_panel): each of the class's moves measured
        self.coach = ipw.Checkbox(value=bool(coach), indent=False, **auto,
                                  description="How good was that? (each move of the class measured against the others)")
        self.deal_button = ipw.Button(description="Deal with these settings", button_style="", **auto)
        self.new_button = ipw.Button(description="New deal (next number)", button_style="primary", **auto)
        # one message place under each control that can be refused, one for the deal made
        self._said = {where: ipw.HTML(value="") for where in ("deal", "players", "names", "seats", "coach")}
        self.table_box = ipw.VBox([])
        self.table: CardTable | None = None
        self._computer: dict[int, ipw.Checkbox] = {}
        controls = ipw.VBox([
            ipw.HTML(value=f"<style>{_CSS}</style>", layout=ipw.Layout(display="none")),
            ipw.HBox([self.new_button, self.seed, self.deal_button], layout=ipw.Layout(flex_flow="row wrap")),
            self._said["deal"],
            ipw.HBox([self.players, self.rules if game == "paternoster" else
                      ipw.VBox([ipw.Label("House rules (none chosen: the standard game)"), self.rules])],
                     layout=ipw.Layout(flex_flow="row wrap")), self._said["players"],
            self.names, self._said["names"],
            self.computer_box, self._said["seats"],
            ipw.HBox([self.open_hands, self.large], layout=ipw.Layout(flex_flow="row wrap")),
            ipw.HBox([self.step_by_step, self.hot_seat], layout=ipw.Layout(flex_flow="row wrap")),
            self.coach, self._said["coach"],
        ], layout=ipw.Layout(border=f"1px solid {BORDER}", padding="4px 8px"))
        controls.add_class("pn-classroom-panel")
        super().__init__([controls, self.table_box])
        self.add_class("pn-classroom")
        self.players.observe(self._players_changed, names="value")
        self._resizing = False
        self.names.observe(lambda _: None if self._resizing else self._seat_boxes(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.new_button.on_click(lambda _: self.new_deal())
        for name in ("open_hands", "large", "coach"):
            getattr(self, name).observe(self._display_changed, names="value")
        self._display_changed({"owner": self.large, "new": self.large.value})
        # the starting settings go through the same checks as the panel's
        if isinstance(players, bool) or not isinstance(players, int) or players not in info["players"]:
            # never rounded or read from text (3.5 is no player count); the kit's error, a ValueError too
            raise ArgumentError(f"players: {info['title']} is for {info['players'][0]} to {info['players'][-1]} "
                             f"players, not {short(players)}.")
        self.players.value = int(players)
        if rules is not None and game == "paternoster":
            if rules not in self.rules.options:
                raise ValueError(f"rules: {rules!r} is not one of: {', '.join(self.rules.options)}.")
            self.rules.value = rules
        elif rules is not None:
            self.choose_house_rules(rules)
        self.names.value = ", ".join(names) if names else ""
        self.seed.value = str(seed) if isinstance(seed, int) and not isinstance(seed, bool) else repr(seed)
        self._seat_boxes()
        self.computer_plays(*computer_seats)
        if not self.deal():
            raise ValueError(self.message)

    # ------------------------------------------------------------------ reading the panel
    def _say(self, text: str, where: str = "deal", error: bool = False) -> None:
        """Show ``text`` under the control it is about (and nowhere else)."""
        self.message = text
        shown = text.removeprefix("⚠ ") if error else text  # text_block marks a refusal with its own ⚠
        for place, box in self._said.items():
            box.value = text_block(shown, live=True, error=error) if place == where and text else ""

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
        for i, name in enumerate(names):  # said in the panel's words (never names[0] or '\u200b')
            problem = name_problem(name)
            if problem is not None:
                shown = visible_part(name)
                raise ValueError(f"Names: the {_ORDINALS[i]} name{f' ({shown})' if shown else ''} {problem}; "
                                 "type it again with letters, digits, spaces and punctuation only.")
        seen: dict[str, str] = {}
        for name in names:
            key = " ".join(name.split()).casefold()
            if key in seen:
                raise ValueError(f"Names: {seen[key]} and {name} are the same name (upper and lower case do not "
                                 "count); give every player a different name.")
            seen[key] = name
        try:
            return check_names(names, n)  # the engine's rule: every player a name of their own
        except PositionError as e:
            raise ValueError(f"Names: {e}") from None

    def _seat_boxes(self, added: bool | None = None) -> None:
        """One 'computer plays …' checkbox per seat, named after the players.  A tick follows its player:
        by name when names change or move, by seat when a name is replaced; a new seat (``added``) is
        ticked like the last seat was."""
        try:
            names = self._names()
        except ValueError:
            names = default_names(self.players.value)
        old = [(box.description, box.value) for box in self._computer.values()]
        by_name = dict(old)
        last = old[-1][1] if old else False
        ticks = []
        for s, name in enumerate(names):
            if name in by_name:
                ticks.append(by_name[name])
            elif s < len(old) and old[s][0] not in names:  # this seat's player got a new name
                ticks.append(old[s][1])
            else:
                ticks.append(last if added else False)
        self._computer = {s: ipw.Checkbox(value=tick, description=name, indent=False, layout=ipw.Layout(width="auto"))
                          for s, (name, tick) in enumerate(zip(names, ticks))}
        self.computer_box.children = [ipw.Label("The computer plays:")] + list(self._computer.values())

    def _players_changed(self, change: dict[str, Any]) -> None:
        """More or fewer players: typed names grow by default names (or lose the last ones), and the
        computer's ticks follow (a new seat like the last one)."""
        old, new = change["old"], change["new"]
        if self.game_name == "paternoster":  # only the presets this many players can play
            keep = self.rules.value
            fits = presets_for(new)
            self.rules.options = fits
            self.rules.value = keep if keep in fits else fits[0]
        typed = [x.strip() for x in self.names.value.split(",")] if self.names.value.strip() else []
        if len(typed) == old and all(typed):
            spare = iter(x for x in default_names(26) if x not in typed)  # Group A … Group Z
            extra = [x if x not in typed else next(spare) for x in default_names(new)[old:]]
            self._resizing = True  # one update of the ticks below, knowing seats were added
            try:
                self.names.value = ", ".join((typed + extra)[:new])
            finally:
                self._resizing = False
        self._seat_boxes(added=new > old)

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
    def _new_game(self, names: list[str], seed: int) -> Any:
        n = self.players.value
        if self.game_name == "paternoster":
            return Game.new(n, seed=seed, names=names, rules=preset(self.rules.value))
        # the engine reads the names and refuses what does not go together or does not fit n players
        rules = house_rules(list(self.rules.value), players=n) if self.rules.value else STANDARD_HOUSE_RULES
        return PaskahousuGame.new(players=n, seed=seed, names=names, rules=rules)

    def deal(self) -> bool:
        """Deal a new table with the panel's settings; on a bad setting say what to change (under that
        control), change nothing.

        Returns:
            ``True`` when a new table was dealt.
        """
        where = "deal"
        try:
            seed = deal_number(self.seed.value)
            where = "names"
            names = self._names()
            where = "players"
            game = self._new_game(names, seed)
        except Exception as e:  # noqa: BLE001 — the engine's or the panel's message, shown as text
            self._say(f"⚠ Not dealt: {e}", where, error=True)
            return False
        computers = self.computer_seats
        cls = CardTable if self.game_name == "paternoster" else PaskahousuCardTable
        people = [s for s in range(len(names)) if s not in computers]
        pace = "step" if self.step_by_step.value else "auto" if people else "watch"  # never 50 turns at once
        kwargs: dict[str, Any] = {"open_hands": self.open_hands.value, "large": self.large.value, "pace": pace,
                                  "new_deal": False}  # the panel's New deal, with its number in the box
        if len(people) == 1:
            kwargs["seat"] = people[0]
        elif computers or self.hot_seat.value:
            kwargs["computer_seats"] = computers
            kwargs["hot_seat"] = self.hot_seat.value
        self.table = cls(game, **kwargs)
        self._coach_changed(self.coach.value)
        self.table.observe(lambda change: setattr(self.coach, "value", change["new"]), names="coach")  # its own switch
        self.table_box.children = [self.table]
        self.dealt = seed
        self.seed.value = str(seed)
        who = ("the computer plays every seat, one turn at a time" if not people else
               f"the class plays {names[people[0]]}, the computer the others" if len(people) == 1 and computers
               else "the class plays every seat" if not computers
               else "the computer plays " + ", ".join(names[s] for s in computers))
        self._say(f"Deal number {seed}: {GAMES[self.game_name]['title']}, {plural(len(names), 'player')}, "
                  f"{self.rules_name}; {who}.")
        return True

    def new_deal(self) -> bool:
        """The next deal: the number after the table shown (seed + 1), the same settings.

        When the settings cannot be dealt, the box goes back to the number of the table shown."""
        old = self.dealt
        self.seed.value = str(old + 1 if 0 <= old < MAX_DEAL else 0)
        if self.deal():
            return True
        self.seed.value = str(old)
        return False

    def _display_changed(self, change: dict[str, Any]) -> None:
        if change["owner"] is self.large:
            (self.add_class if change["new"] else self.remove_class)("pn-classroom-large")
        if change["owner"] is self.coach:
            self._coach_changed(change["new"])
        elif self.table is not None:
            setattr(self.table, "open_hands" if change["owner"] is self.open_hands else "large", change["new"])

    def _coach_changed(self, on: bool) -> None:
        """The coach switch: on the table shown (a table with a pass screen offers none: said, not hidden)."""
        if self.table is None:
            return
        if on and not self.table.coach_offered:
            self._say("⚠ This table has no coach: with a pass screen the next group would see the last "
                      "group's options.", "coach", error=True)
            return
        self.table.coach = on
        if self.message.startswith("⚠ This table has no coach"):
            self._say("", "coach")

    def __repr__(self) -> str:
        return (f"Classroom({self.game_name!r}, players={self.players.value}, seed={self.dealt}, "
                f"computer_seats={self.computer_seats})")
