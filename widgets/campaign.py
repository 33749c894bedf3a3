"""CampaignView: the Hochhaus campaign in four tabs — the building, a ride, the score book, hand entry.

Thin, like every widget: the floors, their rules, goals and tokens, the stars of a ride, which
floors are open and every group's best stars and total are the engine's
(:mod:`paternoster.campaign`, rules §15) and the score book's (:mod:`paternoster.campaign.book`);
this module only lays them out and passes on what a teacher clicks or types.

* **Building** — every floor from the Penthouse down to the trial ride, each with its goal, tokens,
  what makes it hard, the chosen group's stars and whether it is open; a group chooser, a box to add a
  group, and rename / delete (a deletion asks first); "Ride this floor".
* **Ride** — the card table (:class:`widgets.CardTable`) with the floor's rules and tokens; the seat the
  class plays carries the group's name.  When the game ends, its result, stars and record go into the
  score book, once.
* **Punkte** — the score book (:class:`widgets.campaign_tabs.PointsTab`): groups side by side with every
  floor's best stars and their totals, every ride (the latest entered first), a plot of stars over time,
  a replay of a ride played in the kit, JSON / CSV download links, and an import of such a file.
* **Hand entry** — a ride played with real cards (:class:`widgets.campaign_tabs.HandEntryTab`).

Every message stands right under the control that caused it, and a refusal changes nothing.  Every name
a user typed (groups) is shown as text: escaped in HTML, plain in drop-downs and labels, never
interpreted.  The page never shows the score book's file path (the page is projected; ``kit.py
classroom campaign`` prints the path in the teacher's terminal, and ``view.book.path`` has it).

Drive it from code exactly as a teacher would with the mouse::

    v = CampaignView("class.sqlite")       # a path (created when new) or an open ScoreBook
    v.add_group("Reds")                    # the group box and its button
    v.choose_group("Reds")
    v.rename_group("Red foxes")            # the chosen group's new name
    v.start_ride(1, players=2, seed=4)     # the Ride tab: floor 1 for the chosen group
    v.table.computer_turn()                # the card table (CardTable) of the ride
    v.enter_ride("Red foxes", 1, players=3, remaining=4)   # the Hand entry tab; True when added
    v.ask_delete(); v.confirm_delete()     # "Delete group…", then "Yes, delete"
    v.message                              # the last message (plain text)
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import ipywidgets as ipw

from paternoster.campaign import (FLOORS, MAX_STARS, MAX_TOTAL_STARS, floor as floor_of, locked_text, new_ride,
                                  stars_of_game, unlocked)
from paternoster.campaign import store
from paternoster.campaign.book import ScoreBook
from paternoster.campaign.rides import group_key
from paternoster.core.checks import MAX_NAME_LENGTH, plural

from ._common import CELL, FG, HEAD, MARKED, TABLE, esc, text_block, wrapping
from .campaign_tabs import (PLAYERS, RIDES_SHOWN, STYLE, GroupBar, HandEntryTab, Note, PointsTab,  # noqa: F401
                            cards, star_text)
from .card_table import CardTable
from .fallback import TextFallback

__all__ = ["CampaignView", "TABS", "star_text", "RIDES_SHOWN", "seat_names"]

#: The tabs' titles, in order.
TABS = ("Building", "Ride", "Punkte (score book)", "Hand entry")


def _fit(name: str, limit: int) -> str:
    """``name`` shortened to ``limit`` characters with "…" (a group name may be longer than a player's)."""
    if len(name) <= limit:
        return name
    return name[:limit - 1].rstrip(" \u200c\u200d") + "…"


def seat_names(group: str, players: int, seat: int | None) -> list[str]:
    """The players' names of a ride for ``group``: the group's name on the seat the class plays, the other
    seats (the computer's) "Player 2", "Player 3" …; with ``seat=None`` (the class plays every seat at this
    screen) the group's name numbered ("Reds 1", "Reds 2").

    >>> seat_names("Reds", 2, 0), seat_names("Reds", 3, 0), seat_names("Reds", 2, None)
    (['Reds', 'Player 2'], ['Reds', 'Player 2', 'Player 3'], ['Reds 1', 'Reds 2'])
    """
    if seat is None:
        if players == 1:
            return [_fit(group, MAX_NAME_LENGTH)]
        return [f"{_fit(group, MAX_NAME_LENGTH - 2)} {i + 1}" for i in range(players)]
    others = [f"Player {k + 1}" for k in range(players) if k != seat]
    if group_key(group) in {group_key(o) for o in others}:
        others = [f"{o} of the kit" for o in others]
    return others[:seat] + [_fit(group, MAX_NAME_LENGTH)] + others[seat:]


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
        points, hand: the score book tab and the hand entry tab.
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
            except Exception as e:  # noqa: BLE001 — the score book's own message, shown as text (no path)
                self.book, self.error = None, _without_path(str(e), book)
        # One connection per thread: the kernel may run widget events in another thread than the cell that
        # opened the book, and a connection is used only in the thread that made it.
        self._home = threading.get_ident()
        self._books: dict[int, ScoreBook] = {}
        self._last = ""
        self.table: CardTable | None = None
        self.ride_floor: Any = None
        self.saved: Any = None
        self._ride_group = ""
        self._seat = seat
        self._large = bool(large)
        self.message_label = ipw.Label(value=self.error and f"⚠ {self.error}")
        if self.book is None:
            self.tabs = ipw.Tab()
            super().__init__([wrapping(self.message_label)])
            self.add_class("pn-campaign")
            return
        auto = ipw.Layout(width="auto")
        # -------------------------------------------------------------- the building: groups
        self.group_bar = GroupBar(self.db, self.refresh, self.choose_group, self._renamed, self._heard, self._plain)
        g = self.group_bar  # its controls, under the names a script or a test uses
        self.group, self.new_group, self.add_group_button, self.new_name = g.group, g.new_group, g.add_button, g.new_name
        self.rename_button, self.delete_button, self.delete_row = g.rename_button, g.delete_button, g.delete_row
        self.delete_question, self.delete_yes, self.delete_no = g.delete_question, g.delete_yes, g.delete_no
        self.group_said = g.said
        # -------------------------------------------------------------- the building: floors
        self.building_html = ipw.HTML()
        self.ride_choice = ipw.Dropdown(options=[], description="Floor", style=STYLE)
        self.ride_button = ipw.Button(description="Ride this floor ▶", button_style="primary", layout=auto)
        self.ride_said = Note(self._heard, self._plain)
        wrap = ipw.Layout(flex_flow="row wrap")
        building = ipw.VBox([self.group_bar, ipw.HBox([self.ride_choice, self.ride_button]), self.ride_said,
                             self.building_html])
        # -------------------------------------------------------------- the ride
        self.players = ipw.Dropdown(options=list(PLAYERS), value=2, description="Players", style=STYLE,
                                    layout=ipw.Layout(width="9em"))
        self.seed = ipw.IntText(value=0, description="Deal number", style=STYLE, layout=ipw.Layout(width="14em"))
        self.computer = ipw.Checkbox(value=seat is not None, indent=False, layout=auto,
                                     description="The class plays the first seat, the computer the others")
        self.new_ride_button = ipw.Button(description="New ride (next deal)", layout=auto)
        self.new_ride_said = Note(self._heard, self._plain)
        self.ride_html = ipw.HTML(text_block("No ride yet: choose a floor on the Building tab and press "
                                             "“Ride this floor ▶”."))
        self.ride_result = ipw.HTML()
        self.table_box = ipw.VBox([])
        ride = ipw.VBox([self.ride_html, ipw.HBox([self.players, self.seed, self.new_ride_button], layout=wrap),
                         self.new_ride_said, self.computer, self.table_box, self.ride_result])
        # -------------------------------------------------------------- the score book, hand entry
        self.points = PointsTab(self.db, self.refresh, self._heard, self._plain)
        self.hand = HandEntryTab(self.db, self.refresh, self._heard, self._plain)
        p, h = self.points, self.hand  # their controls, under the names a script or a test uses
        self.points_html, self.rides_html, self.plot, self.plot_box = p.points_html, p.rides_html, p.plot, p.plot_box
        self.replay_choice, self.replay_button, self.replay_box = p.replay_choice, p.replay_button, p.replay_box
        self.replay_row, self.replay_note, self.export_button = p.replay_row, p.replay_note, p.export_button
        self.export_html, self.upload, self.import_button = p.export_html, p.upload, p.import_button
        self.hand_group, self.hand_floor, self.hand_players = h.hand_group, h.hand_floor, h.hand_players
        self.hand_remaining, self.hand_delivered, self.hand_lost = h.hand_remaining, h.hand_delivered, h.hand_lost
        self.hand_date, self.hand_button = h.hand_date, h.hand_button
        self.tabs = ipw.Tab(children=[building, ride, self.points, self.hand], titles=list(TABS))
        super().__init__([self.tabs])
        self.add_class("pn-campaign")
        self.group.observe(lambda _: self._draw_building(), names="value")
        self.ride_button.on_click(lambda _: self._start_chosen())
        self.new_ride_button.on_click(lambda _: self.next_ride())
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.players.value = int(players)
        self.seed.value = int(seed)
        self.refresh()
        if group is not None:
            self.choose_group(group)

    # ------------------------------------------------------------------ reading the view
    @property
    def message(self) -> str:
        """The view's last message (plain text), shown under the control that caused it (and staying there
        until that control speaks again); ``""`` after the tab changed."""
        return self._last

    @property
    def hand_message(self) -> str:
        """The hand-entry tab's last message (plain text)."""
        return self.hand.said.text

    def _heard(self, note: Note | None, text: str) -> None:
        """A message was said (under ``note``): it is the last message, and the tab's other lines are cleared."""
        self._last = text
        if note is not None and text:
            tabs = ((self.group_said, self.ride_said), (self.new_ride_said,),
                    (self.points.replay_said, self.points.export_said, self.points.import_said), (self.hand.said,))
            for other in next((t for t in tabs if note in t), ()):
                if other is not note:
                    other.clear()

    def _plain(self, text: str) -> str:
        """A message as the page shows it: the score book's file named without its folders."""
        return _without_path(text, self.book.path) if self.book is not None else text

    def db(self) -> ScoreBook:
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

    def _groups(self) -> list[str]:
        return [g.name for g in self.db().groups()]

    # ------------------------------------------------------------------ groups
    def choose_group(self, name: str) -> None:
        """Choose the group the building shows and the rides are for.

        Raises:
            ValueError: a group the score book does not have (nothing changes).
        """
        names = self._groups()
        if name not in names:
            raise ValueError(f"There is no group {name!r} in this score book; add it first "
                             f"(groups: {', '.join(names) or 'none yet'}).")
        if name not in self.group.options:  # added by another notebook or by code: read the book again
            self.refresh()
        self.group.value = name
        self.hand_group.value = name

    def add_group(self, name: str) -> bool:
        """Add a group (the "Add group" button; :meth:`GroupBar.add_group`)."""
        return self.group_bar.add_group(name)

    def rename_group(self, name: str) -> bool:
        """Give the chosen group a new name (the "Rename group" button; :meth:`GroupBar.rename_group`)."""
        return self.group_bar.rename_group(name)

    def ask_delete(self) -> bool:
        """The "Delete group…" button: ask first (:meth:`GroupBar.ask_delete`)."""
        return self.group_bar.ask_delete()

    def confirm_delete(self) -> bool:
        """"Yes, delete" (:meth:`GroupBar.confirm_delete`)."""
        return self.group_bar.confirm_delete()

    def cancel_delete(self) -> None:
        """"Keep it" (:meth:`GroupBar.cancel_delete`)."""
        self.group_bar.cancel_delete()

    def _renamed(self, old: str, new: str) -> None:
        if self._ride_group == old:
            self._ride_group = new


    def _group_changed(self) -> None:
        self.cancel_delete()
        self._draw_building()

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
        self.points.draw(plot=self.tabs.selected_index == 2)

    def _best(self, name: str | None) -> dict[int, int]:
        return dict(self.db().best_stars(name)) if name else {}

    def _draw_building(self) -> None:
        name = self.group.value
        best = self._best(name)
        open_floors = set(unlocked(best))
        rows = []
        for f in reversed(FLOORS):
            got = best.get(f.number, 0)
            mark = f";{MARKED}" if self.ride_floor is not None and f.number == self.ride_floor.number else ""
            rows.append(
                f'<tr><td style="{CELL}{mark}">{f.number}</td><td style="{CELL};text-align:left">{esc(f.name)}</td>'
                f'<td style="{CELL}">{esc(f.goal_text())}</td><td style="{CELL}">{f.tokens}</td>'
                f'<td style="{CELL};text-align:left">{esc(f.why)}</td>'
                f'<td style="{CELL}" aria-label="{got} of {MAX_STARS} stars">{star_text(got)}</td>'
                f'<td style="{CELL}">{"open" if f.number in open_floors else "locked"}</td></tr>')
        head = "".join(f'<th style="{HEAD}">{h}</th>' for h in
                       ("Floor", "Name", "Goal", "Tokens", "What makes it hard", "Stars", ""))
        if name:
            title = (f"{esc(name)}: {self.db().total(name)} of {MAX_TOTAL_STARS} stars; "
                     f"open floors: {', '.join(str(n) for n in sorted(open_floors))}")
        else:
            title = "No group yet: add one (a new group starts on floor 1)."
        self.building_html.value = (f'<div style="color:{FG};font-weight:bold;margin:4px 0">{title}</div>'
                                    f'<table style="{TABLE}"><thead><tr>{head}</tr></thead>'
                                    f'<tbody>{"".join(rows)}</tbody></table>')
        options = [(f.label, f.number) for f in FLOORS if f.number in open_floors]
        keep = self.ride_choice.value
        self.ride_choice.options = options
        numbers = [n for _, n in options]
        self.ride_choice.value = keep if keep in numbers else (numbers[-1] if numbers else None)

    def _tab_changed(self, change: dict[str, Any]) -> None:
        self._last = ""  # the last message was said on the tab before; each message stays under its control
        self.cancel_delete()
        if change["new"] in (0, 2, 3):
            try:
                self.refresh()
            except Exception as e:  # noqa: BLE001 — a click must never fail silently in the kernel log
                note = {0: self.group_said, 2: self.points.replay_said}.get(change["new"], self.hand.said)
                note.say(f"⚠ The score book could not be read: {type(e).__name__}: {e}")

    # ------------------------------------------------------------------ rides in the kit
    def _start_chosen(self) -> None:
        if self.ride_choice.value is None:
            self.ride_said.say("⚠ No floor to ride: add a group first.")
            return
        self.start_ride(self.ride_choice.value)

    def start_ride(self, number: int | str, *, players: int | None = None, seed: int | None = None) -> bool:
        """Deal a ride on a floor for the chosen group and show it on the Ride tab.

        Args:
            number: the floor's number or name.
            players: the players (default: the Ride tab's box).
            seed: the deal number (default: the Ride tab's box).

        Returns:
            ``True`` when dealt; otherwise the message (under the button that asked) says why (no group,
            a locked floor, the engine's refusal) and nothing changes.
        """
        said = self.new_ride_said if self.tabs.selected_index == 1 else self.ride_said
        try:
            f = floor_of(number)
            name = self.group.value
            if not name:
                raise ValueError("Choose or add a group first: a ride is played for a group.")
            locked = locked_text(self._best(name), f, name)
            if locked:
                raise ValueError(locked)
            n = self.players.value if players is None else players
            s = self.seed.value if seed is None else seed
            seat = self._seat if (self.computer.value and n > 1) else None
            seat = seat if seat is not None and seat < n else None
            game = new_ride(f, n, s, names=seat_names(name, n, seat))
            table = CardTable(game, seat=seat, large=self._large,
                              new_deal=False)  # a ride's next deal is the panel's "New ride"
        except Exception as e:  # noqa: BLE001 — the engine's or the view's message, shown as text
            said.say(f"⚠ No ride: {e}")
            return False
        self.players.value, self.seed.value = n, s
        self.ride_floor, self._ride_group, self.saved = f, name, None
        self.table = table
        self.table_box.children = [table]
        table.observe(lambda _: self._ride_changed(), names="revision")
        tokens = plural(f.tokens, "emergency token") if f.tokens else "no tokens"
        self.ride_html.value = (f'<div style="color:{FG}"><b>Floor {f.number}: {esc(f.name)}</b> — for '
                                f'<b>{esc(name)}</b>. Goal: {esc(f.goal_text())}; {esc(tokens)}. {esc(f.why)}</div>')
        self.ride_result.value = ""
        self.tabs.selected_index = 1
        self._draw_building()
        self.new_ride_said.say(f"Ride dealt: floor {f.number} ({f.name}) for {name}, {plural(n, 'player')}, "
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
            ride = self.db().add_ride(self._ride_group, f.number, players=len(game.names),
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
        self._heard(None, f"Ride saved: {self._ride_group}, floor {f.number}, {cards(result.remaining)}, "
                    f"{plural(ride.stars, 'star')}.")
        self.refresh()

    # ------------------------------------------------------------------ the other tabs, from code
    def replay(self, ride_id: Any) -> bool:
        """Show a ride played in the kit step by step on the score book tab (:meth:`PointsTab.replay`)."""
        return self.points.replay(ride_id)

    def prepare_downloads(self) -> None:
        """Download links for the whole score book (:meth:`PointsTab.prepare_downloads`)."""
        self.points.prepare_downloads()

    def import_file(self, name: str, data: bytes) -> bool:
        """Import a score book export's bytes (:meth:`PointsTab.import_file`)."""
        return self.points.import_file(name, data)

    def enter_ride(self, group: str | None, floor: int, **kwargs: Any) -> bool:
        """Add a ride played with real cards (:meth:`HandEntryTab.enter_ride`; the Hand entry tab's button)."""
        return self.hand.enter_ride(group, floor, **kwargs)

    def __repr__(self) -> str:
        if self.book is None:
            return f"CampaignView(error={self.error!r})"
        return (f"CampaignView(groups={len(self._groups())}, group={self.group.value!r}, "
                f"ride_floor={getattr(self.ride_floor, 'number', None)})")


def _without_path(message: str, path: Any) -> str:
    """The score book's message with its file's folders left out (the page may be projected): the file's name,
    for the file and the files SQLite keeps beside it, as the score book's messages name them."""
    try:
        p = Path(path)
    except TypeError:
        return message
    for q in (p, *store.sidecars(p)):
        message = message.replace(store.label(q), repr(q.name))
        for full in {str(q), str(q.absolute())}:
            message = message.replace(full, q.name) if full != q.name else message
    return message
