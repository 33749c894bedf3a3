"""CampaignView: the Hochhaus campaign in four tabs — the building, a ride, the score book, hand entry.

Thin, like every widget: the floors, their rules, goals and tokens, the stars of a ride, which
floors are open and every group's best stars and total are the engine's
(:mod:`paternoster.campaign`, rules §15) and the score book's (:mod:`paternoster.campaign.book`);
this module only lays them out and passes on what a teacher clicks or types.

* **Building** — the twelve floors from the Penthouse down to the trial ride, each with its goal,
  tokens, what makes it hard, the chosen group's stars and whether it is open; a group chooser
  (and a box to add a group); "Ride this floor".
* **Ride** — the card table (:class:`widgets.CardTable`) with the floor's rules and tokens.  When
  the game ends, its result, stars and record go into the score book, once.
* **Punkte** — the score book: groups side by side with every floor's best stars and their totals,
  every ride (the latest entered first), a plot of stars over time, a replay of a ride played in the kit,
  JSON / CSV download links, and an import of such a file (a Binder user brings the book back).
* **Hand entry** — a ride played with real cards: group, floor, players, remaining cards,
  passengers delivered, lost.  A refused entry shows the score book's message and changes nothing.

Every name a user typed (groups) is shown as text: escaped in HTML, plain in drop-downs and
labels, never interpreted.

Drive it from code exactly as a teacher would with the mouse::

    v = CampaignView("class.sqlite")       # a path (created when new) or an open ScoreBook
    v.add_group("Reds")                    # the group box and its button
    v.choose_group("Reds")
    v.start_ride(1, players=2, seed=4)     # the Ride tab: floor 1 for the chosen group
    v.table.computer_turn()                # the card table (CardTable) of the ride
    v.enter_ride("Reds", 1, players=3, remaining=4)   # the Hand entry tab; True when added
    v.message                              # the last message (plain text)
"""

from __future__ import annotations

import base64
import io
import os
import re
import threading
from datetime import date
from typing import Any

import ipywidgets as ipw

from paternoster.campaign import (FLOOR_COUNT, FLOORS, MAX_STARS, can_be_lost, floor as floor_of, new_ride,
                                  stars_of_game, unlocked)
from paternoster.core import theme
from paternoster.core.checks import short
from paternoster.campaign.book import ScoreBook

from ._common import CELL, FG, HEAD, MARKED, TABLE, esc, text_block, wrapping
from .card_table import CardTable
from .fallback import TextFallback

__all__ = ["CampaignView", "TABS", "star_text", "RIDES_SHOWN"]

#: The tabs' titles, in order.
TABS = ("Building", "Ride", "Punkte (score book)", "Hand entry")
#: The score book tab lists this many rides (the latest first); the downloads hold all of them.
RIDES_SHOWN = 100
PLAYERS = (1, 2, 3, 4, 5)


def star_text(stars: int, most: int = MAX_STARS) -> str:
    """``★★☆`` for 2 of 3: filled and open stars (told apart by shape, not colour)."""
    return "★" * stars + "☆" * (most - stars)


#: A download link drawn as a button: the theme's link colour (light and dark), a border, underlined.
LINK = ("display:inline-block;margin-right:1em;padding:3px 12px;border:1px solid currentColor;border-radius:4px;"
        f"color:{theme.inline('link')};text-decoration:underline;font-weight:bold")


def cards(n: int) -> str:
    """``"1 remaining card"``, ``"4 remaining cards"``."""
    return f"{n} remaining card{'' if n == 1 else 's'}"


def _floor_label(f: Any) -> str:
    return f"{f.number} {f.name}"


class CampaignView(TextFallback, ipw.VBox):
    """The campaign's four tabs around one score book.

    Args:
        book: an open :class:`paternoster.campaign.book.ScoreBook`, or the path of its file (opened, or
            created when it does not exist).  A file that is not a score book, or is damaged, is left
            untouched: the view then shows the score book's message and nothing else.
        group: the group chosen first (default: the first group of the book).
        players: the players of a ride (1–5).
        seed: the deal number of the first ride (a ride's next deal is seed + 1, and so on).
        seat: the seat the class plays in a ride, the computer playing the others; ``None``: the
            class plays every seat at this screen.
        large: bigger cards on the ride's table (for projecting).

    Attributes:
        book: the score book (``None`` when it could not be opened; see :attr:`error`).
        error: the score book's message when it could not be opened, else ``""``.
        tabs: the :class:`ipywidgets.Tab` (titles :data:`TABS`).
        table: the ride's :class:`widgets.CardTable` (``None`` before the first ride).
        ride_floor: the floor of the ride on the table (``None`` before the first ride).
        saved: the score book's ride for the game on the table, once it ended (else ``None``).
    """

    fallback_text = "Campaign: run this cell (Shift+Enter) to bring the building and the score book to life."

    def __init__(self, book: ScoreBook | str | os.PathLike[str], *, group: str | None = None, players: int = 2,
                 seed: int = 1, seat: int | None = 0, large: bool = False) -> None:
        self.error = ""
        self.book: ScoreBook | None
        if isinstance(book, ScoreBook):
            self.book = book
        else:
            try:
                self.book = ScoreBook.open(book)
            except Exception as e:  # noqa: BLE001 — the score book's own message, shown as text
                self.book, self.error = None, str(e)
        # One connection per thread: the kernel may run widget events in another thread than the cell that
        # opened the book, and a connection is used only in the thread that made it.
        self._home = threading.get_ident()
        self._books: dict[int, ScoreBook] = {}
        self.table: CardTable | None = None
        self.ride_floor: Any = None
        self.saved: Any = None
        self._ride_group = ""
        self._plot_key: Any = None
        self._seat = seat
        self._large = bool(large)
        style = {"description_width": "initial"}
        auto = ipw.Layout(width="auto")
        self.message_label = ipw.Label(value=self.error and f"⚠ {self.error}")
        if self.book is None:
            self.tabs = ipw.Tab()
            super().__init__([wrapping(self.message_label)])
            self.add_class("pn-campaign")
            return
        # -------------------------------------------------------------- the group chooser (Building)
        self.group = ipw.Dropdown(options=[], description="Group", style=style)
        self.new_group = ipw.Text(value="", placeholder="a new group's name", description="New group",
                                  style=style, layout=ipw.Layout(width="22em"))
        self.add_group_button = ipw.Button(description="Add group", layout=auto)
        self.building_html = ipw.HTML()
        self.ride_choice = ipw.Dropdown(options=[], description="Floor", style=style)
        self.ride_button = ipw.Button(description="Ride this floor ▶", button_style="primary", layout=auto)
        building = ipw.VBox([
            ipw.HBox([self.group, self.new_group, self.add_group_button], layout=ipw.Layout(flex_flow="row wrap")),
            self.building_html,
            ipw.HBox([self.ride_choice, self.ride_button]),
        ])
        # -------------------------------------------------------------- the ride
        self.players = ipw.Dropdown(options=list(PLAYERS), value=2, description="Players", style=style,
                                    layout=ipw.Layout(width="9em"))
        self.seed = ipw.IntText(value=0, description="Deal number", style=style, layout=ipw.Layout(width="14em"))
        self.computer = ipw.Checkbox(value=seat is not None, indent=False, layout=auto,
                                     description="The class plays the first seat, the computer the others")
        self.new_ride_button = ipw.Button(description="New ride (next deal)", layout=auto)
        self.ride_html = ipw.HTML(text_block("No ride yet: choose a floor on the Building tab and press "
                                             "“Ride this floor ▶”."))
        self.ride_result = ipw.HTML()
        self.table_box = ipw.VBox([])
        ride = ipw.VBox([self.ride_html,
                         ipw.HBox([self.players, self.seed, self.new_ride_button],
                                  layout=ipw.Layout(flex_flow="row wrap")),
                         self.computer, self.table_box, self.ride_result])
        # -------------------------------------------------------------- the score book
        self.points_html = ipw.HTML()
        self.rides_html = ipw.HTML()
        self.plot = ipw.Image(format="png", layout=ipw.Layout(max_width="760px"))
        self.plot_box = ipw.Box([])  # holds the plot once it is drawn (no empty image before)
        self.replay_choice = ipw.Dropdown(options=[], description="Ride played in the kit", style=style,
                                          layout=ipw.Layout(width="36em"))
        self.replay_button = ipw.Button(description="Replay it", layout=auto)
        self.replay_box = ipw.VBox([])
        self.replay_row = ipw.HBox([self.replay_choice, self.replay_button])
        self.replay_note = ipw.HTML()
        self.export_button = ipw.Button(description="Prepare downloads (JSON, CSV)", layout=auto)
        self.export_html = ipw.HTML()
        self.upload = ipw.FileUpload(accept=".json,.csv", multiple=False, description="Choose an export",
                                     layout=ipw.Layout(width="auto"))
        self.import_button = ipw.Button(description="Import it into this score book", layout=auto)
        points = ipw.VBox([self.points_html, self.plot_box, self.rides_html,
                           self.replay_note, self.replay_row, self.replay_box,
                           ipw.HBox([self.export_button, self.export_html]),
                           ipw.HBox([self.upload, self.import_button])])
        # -------------------------------------------------------------- hand entry
        self.hand_group = ipw.Dropdown(options=[], description="Group", style=style)
        self.hand_floor = ipw.Dropdown(options=[(_floor_label(f), f.number) for f in FLOORS], value=1,
                                       description="Floor", style=style)
        self.hand_players = ipw.Dropdown(options=list(PLAYERS), value=2, description="Players", style=style,
                                         layout=ipw.Layout(width="9em"))
        # Text, not IntText: the browser's number box drops letters ("1e3" became 13); digits are checked here.
        self.hand_remaining = ipw.Text(value="0", description="Remaining cards", style=style,
                                       placeholder="digits, e.g. 4", layout=ipw.Layout(width="14em"))
        self.hand_delivered = ipw.Checkbox(value=True, indent=False, layout=auto,
                                           description="Every passenger delivered (or no passengers)")
        self.hand_lost = ipw.Checkbox(value=False, indent=False, layout=auto,
                                      description="Lost at once (a passenger or a fire)")
        self.hand_date = ipw.DatePicker(value=None, description="Played on (empty: today)", style=style)
        self.hand_button = ipw.Button(description="Add this ride", button_style="primary", layout=auto)
        self.hand_label = ipw.Label(value="")
        hand = ipw.VBox([
            ipw.HTML(text_block("A ride played with real cards: fill in what the group reports, then add it. "
                                "The stars are worked out from the floor's goal (rules §15.2).")),
            self.hand_group, self.hand_floor, ipw.HBox([self.hand_players, self.hand_remaining]),
            self.hand_delivered, self.hand_lost, self.hand_date, ipw.HBox([self.hand_button]),
            self.hand_label, wrapping(self.hand_label, error=False),
        ])
        self.tabs = ipw.Tab(children=[building, ride, points, hand], titles=list(TABS))
        where = ipw.HTML(f'<div style="color:{FG};font-size:0.9em">Score book: {esc(self.book.path)}</div>')
        super().__init__([where, self.tabs, self.message_label, wrapping(self.message_label, error=False)])
        self.add_class("pn-campaign")
        self.add_group_button.on_click(lambda _: self.add_group(self.new_group.value))
        self.group.observe(lambda _: self._draw_building(), names="value")
        self.ride_button.on_click(lambda _: self._start_chosen())
        self.new_ride_button.on_click(lambda _: self.next_ride())
        self.hand_button.on_click(lambda _: self._enter_from_boxes())
        self.replay_button.on_click(lambda _: self.replay(self.replay_choice.value))
        self.export_button.on_click(lambda _: self.prepare_downloads())
        self.import_button.on_click(lambda _: self._import_uploaded())
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.hand_floor.observe(lambda _: self._floor_chosen(), names="value")
        self._floor_chosen()
        self.players.value = int(players)
        self.seed.value = int(seed)
        self.refresh()
        if group is not None:
            self.choose_group(group)

    # ------------------------------------------------------------------ reading the view
    @property
    def message(self) -> str:
        """The view's last message: what was done, or what to change (plain text)."""
        return self.message_label.value

    @property
    def hand_message(self) -> str:
        """The hand-entry tab's last message (plain text)."""
        return self.hand_label.value

    def _db(self) -> ScoreBook:
        """The score book for this thread: :attr:`book` in the thread that made the view, else the same file
        opened again for the calling thread (SQLite connections stay in their thread)."""
        assert self.book is not None
        here = threading.get_ident()
        if here == self._home:
            return self.book
        book = self._books.get(here)
        if book is None or book.closed:
            book = self._books[here] = ScoreBook.open(self.book.path, create=False)
        return book

    def _say(self, text: str) -> None:
        self.message_label.value = text

    def _groups(self) -> list[str]:
        assert self.book is not None
        return [g.name for g in self._db().groups()]

    # ------------------------------------------------------------------ groups
    def add_group(self, name: str) -> bool:
        """Add a group (the "Add group" button); the score book's message when refused, nothing changed.

        Returns:
            ``True`` when the group was added (it is then the chosen group); ``False`` when refused, or
            when the score book has it already (it is then chosen, nothing added).
        """
        assert self.book is not None
        before = set(self._groups())
        try:
            group = self._db().add_group(name)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            self._say(f"⚠ Group not added: {e}")
            return False
        self.new_group.value = ""
        self.refresh()
        self.group.value = group.name
        self.hand_group.value = group.name
        if group.name in before:
            self._say(f"{group.name} is in the score book already: chosen (nothing added).")
            return False
        self._say(f"Group added: {group.name}.")
        return True

    def choose_group(self, name: str) -> None:
        """Choose the group the building shows and the rides are for.

        Raises:
            ValueError: a group the score book does not have (nothing changes).
        """
        if name not in self._groups():
            raise ValueError(f"There is no group {name!r} in this score book; add it first "
                             f"(groups: {', '.join(self._groups()) or 'none yet'}).")
        self.group.value = name
        self.hand_group.value = name

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Read the score book again (another notebook may have written to it) and redraw every tab."""
        if self.book is None:
            return
        names = self._groups()
        for box in (self.group, self.hand_group):
            keep = box.value
            box.options = names
            box.value = keep if keep in names else (names[0] if names else None)
        self._draw_building()
        self._draw_points()

    def _best(self, name: str | None) -> dict[int, int]:
        assert self.book is not None
        return dict(self._db().best_stars(name)) if name else {}

    def _draw_building(self) -> None:
        name = self.group.value
        best = self._best(name)
        open_floors = set(unlocked(best))
        rows = []
        for f in reversed(FLOORS):
            got = best.get(f.number, 0)
            is_open = f.number in open_floors
            state = "open" if is_open else "locked"
            mark = f";{MARKED}" if self.ride_floor is not None and f.number == self.ride_floor.number else ""
            goal = f.goal_text()
            rows.append(
                f'<tr><td style="{CELL}{mark}">{f.number}</td><td style="{CELL};text-align:left">{esc(f.name)}</td>'
                f'<td style="{CELL}">{esc(goal)}</td><td style="{CELL}">{f.tokens}</td>'
                f'<td style="{CELL};text-align:left">{esc(f.why)}</td>'
                f'<td style="{CELL}" aria-label="{got} of {MAX_STARS} stars">{star_text(got)}</td>'
                f'<td style="{CELL}">{state}</td></tr>')
        head = "".join(f'<th style="{HEAD}">{h}</th>' for h in
                       ("Floor", "Name", "Goal", "Tokens", "What makes it hard", "Stars", ""))
        if name:
            total = self._db().total(name) if self.book is not None else 0
            title = (f"{esc(name)}: {total} of {FLOOR_COUNT * MAX_STARS} stars; "
                     f"open floors: {', '.join(str(n) for n in sorted(open_floors))}")
        else:
            title = "No group yet: add one (a new group starts on floor 1)."
        self.building_html.value = (f'<div style="color:{FG};font-weight:bold;margin:4px 0">{title}</div>'
                                    f'<table style="{TABLE}"><thead><tr>{head}</tr></thead>'
                                    f'<tbody>{"".join(rows)}</tbody></table>')
        options = [(_floor_label(f), f.number) for f in FLOORS if f.number in open_floors]
        keep = self.ride_choice.value
        self.ride_choice.options = options
        numbers = [n for _, n in options]
        self.ride_choice.value = keep if keep in numbers else (numbers[-1] if numbers else None)

    def _draw_points(self) -> None:
        assert self.book is not None
        board = self._db().board()  # {group: {floor: best stars}}, one query
        groups = list(board)
        head = "".join(f'<th style="{HEAD}">{esc(g)}</th>' for g in groups)
        best = list(board.values())
        rows = []
        for f in FLOORS:
            cells = "".join(f'<td style="{CELL}" aria-label="{b.get(f.number, 0)} stars">'
                            f"{star_text(b.get(f.number, 0))}</td>" for b in best)
            rows.append(f'<tr><td style="{CELL};text-align:left">{esc(_floor_label(f))}</td>{cells}</tr>')
        totals = "".join(f'<td style="{HEAD}">{sum(b.values())} of {FLOOR_COUNT * MAX_STARS}</td>'
                         for b in best)
        rows.append(f'<tr><td style="{HEAD};text-align:left">Stars in all</td>{totals}</tr>')
        if groups:
            self.points_html.value = (f'<div style="color:{FG};font-weight:bold;margin:4px 0">Best stars per floor'
                                      f'</div><table style="{TABLE}"><thead><tr><th style="{HEAD}">Floor</th>'
                                      f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        else:
            self.points_html.value = text_block("The score book has no group yet.")
        rides = list(self._db().rides())
        shown = list(reversed(rides))[:RIDES_SHOWN]
        cols = ("Date", "Group", "Floor", "Players", "Remaining", "Passengers", "Lost", "Stars", "Played")
        lines = []
        for r in shown:
            f = floor_of(r.floor)
            values: tuple[Any, ...] = (str(r.played_on), r.group, _floor_label(f), r.players, r.remaining,
                                       "delivered" if r.delivered else "not delivered", "lost" if r.lost else "—",
                                       star_text(r.stars), "in the kit" if r.record is not None else "with cards")
            lines.append("<tr>" + "".join(f'<td style="{CELL}">{esc(c)}</td>' for c in values) + "</tr>")
        count = (f"{len(rides)} ride{'' if len(rides) == 1 else 's'}" + (f", the latest {len(shown)} shown (the downloads hold all)"
                                          if len(shown) < len(rides) else ""))
        self.rides_html.value = (
            f'<div style="color:{FG};font-weight:bold;margin:8px 0 4px">Every ride, the latest entered first ({count})</div>'
            + (f'<div style="max-height:24em;overflow:auto"><table style="{TABLE}"><thead><tr>'
               + "".join(f'<th style="{HEAD}">{c}</th>' for c in cols)
               + f'</tr></thead><tbody>{"".join(lines)}</tbody></table></div>' if rides else ""))
        replays = [(f"{r.played_on} · {r.group} · floor {r.floor} · {star_text(r.stars)}", r.id)
                   for r in reversed(rides) if r.record is not None][:RIDES_SHOWN]
        self.replay_choice.options = replays
        self.replay_row.layout.display = None if replays else "none"
        self.replay_note.value = "" if replays else text_block(
            "No ride played in the kit yet, so none to replay: rides played on the Ride tab can be watched again here.")
        if self.tabs.selected_index == 2:
            self._draw_plot(rides)  # after the tables: they are on the screen while the plot is drawn

    def _draw_plot(self, rides: list[Any]) -> None:
        """The stars-over-time plot (drawn when the score book tab is shown, and again after a change)."""
        from .campaign_plots import stars_plot

        assert self.book is not None
        key = (len(rides), rides[-1].id if rides else None, tuple(self._groups()))
        if key == self._plot_key:
            return
        self._plot_key = key
        if not rides:
            self.plot_box.children = []
            self.plot.value = b""
            return
        buffer = io.BytesIO()
        stars_plot(self._db(), rides=rides).savefig(buffer, format="png", dpi=80)
        self.plot.value = buffer.getvalue()
        self.plot_box.children = [self.plot]

    def _tab_changed(self, change: dict[str, Any]) -> None:
        self._say("")  # the shared line speaks for the tab it was said on: not under another tab
        if change["new"] in (0, 2, 3):
            try:
                self.refresh()
            except Exception as e:  # noqa: BLE001 — a click must never fail silently in the kernel log
                self._say(f"⚠ The score book could not be read: {type(e).__name__}: {e}")

    # ------------------------------------------------------------------ rides in the kit
    def _start_chosen(self) -> None:
        if self.ride_choice.value is None:
            self._say("⚠ No floor to ride: add a group first.")
            return
        self.start_ride(self.ride_choice.value)

    def start_ride(self, number: int | str, *, players: int | None = None, seed: int | None = None) -> bool:
        """Deal a ride on a floor for the chosen group and show it on the Ride tab.

        Args:
            number: the floor's number (1–12) or name.
            players: the players (default: the Ride tab's box).
            seed: the deal number (default: the Ride tab's box).

        Returns:
            ``True`` when dealt; otherwise the message says why (no group, a locked floor, the
            engine's refusal) and nothing changes.
        """
        try:
            f = floor_of(number)
            name = self.group.value
            if not name:
                raise ValueError("Choose or add a group first: a ride is played for a group.")
            if f.number not in unlocked(self._best(name)):
                below = floor_of(f.number - 1)
                raise ValueError(f"Floor {f.number} ({f.name}) is locked for {name}: pass floor {below.number} "
                                 f"({below.name}) first (rules §15.1).")
            n = self.players.value if players is None else players
            s = self.seed.value if seed is None else seed
            game = new_ride(f, n, s)
            seat = self._seat if (self.computer.value and n > 1) else None
            table = CardTable(game, seat=seat if seat is not None and seat < n else None, large=self._large,
                              new_deal=False)  # a ride's next deal is the panel's "New ride"
        except Exception as e:  # noqa: BLE001 — the engine's or the view's message, shown as text
            self._say(f"⚠ No ride: {e}")
            return False
        self.players.value, self.seed.value = n, s
        self.ride_floor, self._ride_group, self.saved = f, name, None
        self.table = table
        self.table_box.children = [table]
        table.observe(lambda _: self._ride_changed(), names="revision")
        tokens = f"{f.tokens} emergency token{'s' if f.tokens != 1 else ''}" if f.tokens else "no tokens"
        goal = f.goal_text()
        self.ride_html.value = (f'<div style="color:{FG}"><b>Floor {f.number}: {esc(f.name)}</b> — for '
                                f'<b>{esc(name)}</b>. Goal: {esc(goal)}; {esc(tokens)}. {esc(f.why)}</div>')
        self.ride_result.value = ""
        self.tabs.selected_index = 1
        self._draw_building()
        self._say(f"Ride dealt: floor {f.number} ({f.name}) for {name}, {n} player{'s' if n > 1 else ''}, "
                  f"deal number {s}.")
        self._ride_changed()  # the computer may have ended it at once
        return True

    def next_ride(self) -> bool:
        """The next deal (seed + 1) on the same floor (the "New ride" button); floor 1 before any ride."""
        self.seed.value = self.seed.value + 1 if self.table is not None else self.seed.value
        return self.start_ride(self.ride_floor.number if self.ride_floor is not None
                               else (self.ride_choice.value or 1))

    def _ride_changed(self) -> None:
        """After every action on the ride's table: when the game has ended, write it into the score book once."""
        table = self.table
        if table is None or self.book is None or self.ride_floor is None:
            return
        game = table.game
        if not game.is_terminal():
            return
        if self.saved is not None:
            self.ride_result.value = text_block(
                f"This ride is in the score book already ({star_text(self.saved.stars)}). "
                "Press New ride for another deal.")
            return
        f = self.ride_floor
        try:
            got = stars_of_game(f, game)
            result = game.result
            ride = self._db().add_ride(self._ride_group, f.number, players=len(game.names),
                                      remaining=result.remaining, delivered=game.next_passenger is None,
                                      lost=result.outcome == "lost", record=game)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            self.ride_result.value = text_block(f"Not saved: {e}", error=True)
            return
        self.saved = ride
        verdict = (f"goal met: {star_text(ride.stars)} ({ride.stars} of {MAX_STARS} stars)" if ride.stars
                   else "goal not met: no star this time")
        said = (f"The ride is over: {cards(result.remaining)} — {verdict}. "
                f"In the score book for {self._ride_group}.")
        self.ride_result.value = (
            f'<div role="status" style="color:{FG};font-weight:bold;font-size:1.1em;white-space:pre-wrap">'
            f"{esc(said)}</div>")
        if got != ride.stars:  # the engine and the score book always agree; say so loudly if not
            self.ride_result.value += text_block(f"The score book counted {ride.stars} stars, the floor {got}.",
                                                 error=True)
        self._say(f"Ride saved: {self._ride_group}, floor {f.number}, {cards(result.remaining)}, "
                  f"{ride.stars} star{'s' if ride.stars != 1 else ''}.")
        self.refresh()

    def replay(self, ride_id: Any) -> bool:
        """Show a ride played in the kit step by step (its record) on the score book tab."""
        assert self.book is not None
        ride = next((r for r in self._db().rides() if r.id == ride_id), None)
        if ride is None or ride.record is None:
            self._say("⚠ Choose a ride played in the kit: rides entered by hand have no record to replay.")
            return False
        self.replay_box.children = [CardTable(ride.record, mode="step", open_hands=True)]
        self._say(f"Replaying {ride.group}'s ride on floor {ride.floor} ({ride.played_on}).")
        return True

    # ------------------------------------------------------------------ hand entry
    def _enter_from_boxes(self) -> None:
        text = self.hand_remaining.value.strip()
        if not re.fullmatch(r"[0-9]{1,9}", text):
            self.hand_label.value = (f"⚠ Not added: Remaining cards must be a whole number written with digits "
                                     f"only (such as 4), not {short(self.hand_remaining.value)}.")
            return
        self.enter_ride(self.hand_group.value, self.hand_floor.value, players=self.hand_players.value,
                        remaining=int(text), delivered=self.hand_delivered.value,
                        lost=self.hand_lost.value, played_on=self.hand_date.value)

    def _floor_chosen(self) -> None:
        """Passengers delivered can be unticked only on a floor with passengers, and "lost at once" ticked only
        on a floor that can be lost (passengers or fire; the engine says, rules §15.2)."""
        f = floor_of(self.hand_floor.value)
        if not f.passengers:
            self.hand_delivered.value = True
        self.hand_delivered.disabled = not f.passengers
        losable = can_be_lost(f)
        if not losable:
            self.hand_lost.value = False
        self.hand_lost.disabled = not losable

    def enter_ride(self, group: str | None, floor: int, *, players: int, remaining: int, delivered: bool = True,
                   lost: bool = False, played_on: date | None = None) -> bool:
        """Add a ride played with real cards (the Hand entry tab's button does exactly this).

        Returns:
            ``True`` when added (:attr:`hand_message` then says what was added); otherwise it holds the
            score book's (or the floor's) message and the score book is unchanged.
        """
        assert self.book is not None
        try:
            if not group:
                raise ValueError("Group: choose a group (or add one on the Building tab) first.")
            ride = self._db().add_ride(group, floor, players=players, remaining=remaining,
                                      delivered=delivered, lost=lost, played_on=played_on)
        except Exception as e:  # noqa: BLE001 — the engine's message, shown as text
            self.hand_label.value = f"⚠ Not added: {e}"
            return False
        f = floor_of(ride.floor)
        self.refresh()
        self.hand_label.value = (f"Added: {ride.group}, floor {f.number} ({f.name}), {cards(ride.remaining)} — "
                                 f"{star_text(ride.stars)} ({ride.stars} of {MAX_STARS} stars).")
        return True

    # ------------------------------------------------------------------ export
    def prepare_downloads(self) -> None:
        """Download links for the whole score book as JSON and CSV (data links: they work on Binder too)."""
        import tempfile

        assert self.book is not None
        links = []
        with tempfile.TemporaryDirectory() as tmp:
            for kind, mime in (("json", "application/json"), ("csv", "text/csv")):
                path = os.path.join(tmp, f"scorebook.{kind}")
                getattr(self._db(), f"export_{kind}")(path)
                with open(path, "rb") as fh:
                    data = base64.b64encode(fh.read()).decode("ascii")
                links.append(f'<a download="scorebook.{kind}" href="data:{mime};base64,{data}" '
                             f'class="pn-download" style="{LINK}">⬇ Download {kind.upper()}</a>')
        self.export_html.value = f'<span style="color:{FG}">{"".join(links)}</span>'
        self._say("Downloads ready: the whole score book as JSON (to bring back later) and as CSV (for a spreadsheet).")

    def _import_uploaded(self) -> None:
        files = list(self.upload.value or ())
        if not files:
            self._say("⚠ Not imported: choose a score book export (.json or .csv) first.")
            return
        chosen = files[0]
        self.import_file(str(chosen["name"]), bytes(chosen["content"]))

    def import_file(self, name: str, data: bytes) -> bool:
        """Import a score book export (the "Import" button): a ``.json`` or ``.csv`` file's name and bytes.

        Returns:
            ``True`` when imported; otherwise :attr:`message` holds the score book's message and the
            score book is unchanged (an import checks the whole file first).
        """
        import tempfile

        assert self.book is not None
        path = ""
        kind = os.path.splitext(name)[1].lower().lstrip(".")
        if kind not in ("json", "csv"):
            self._say(f"⚠ Not imported: {name} is neither a .json nor a .csv export of a score book.")
            return False
        try:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, f"import.{kind}")
                with open(path, "wb") as fh:
                    fh.write(data)
                got = getattr(self._db(), f"import_{kind}")(path)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            said = str(e).replace(repr(path), repr(name)).replace(path, name) if path else str(e)
            self._say(f"⚠ Not imported: {said}")  # the teacher's file's name, not the kit's temporary copy
            return False
        self.refresh()
        self._say(f"Imported {name}: {got.groups} new group{'' if got.groups == 1 else 's'}, {got.rides} new "
                  f"ride{'' if got.rides == 1 else 's'} ({got.already} already in the score book).")
        return True

    def __repr__(self) -> str:
        if self.book is None:
            return f"CampaignView(error={self.error!r})"
        return (f"CampaignView(groups={len(self._groups())}, group={self.group.value!r}, "
                f"ride_floor={getattr(self.ride_floor, 'number', None)})")
