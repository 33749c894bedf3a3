"""Parts of the campaign view: the group controls, the score book tab ("Punkte"), the hand entry tab, and the
message line that stands next to the control it speaks for.

Thin, like every widget: every figure is the score book's (:class:`paternoster.campaign.book.ScoreBook`) and
the engine's (:mod:`paternoster.campaign`); these classes lay them out and pass on what a teacher clicks or
types.  :class:`widgets.CampaignView` builds them and gives each the score book to use
(``book()``: the book for the calling thread) and what to redraw after a change (``changed()``).
"""

from __future__ import annotations

import base64
import io
import os
import re
import tempfile
from datetime import date
from typing import Any, Callable

import ipywidgets as ipw

from paternoster.campaign import FLOORS, MAX_STARS, MAX_TOTAL_STARS, can_be_lost, floor as floor_of, unlocked
from paternoster.campaign.book import ScoreBook
from paternoster.campaign.files import MAX_IMPORT_BYTES
from paternoster.core import theme
from paternoster.core.checks import plural, short

from ._common import CELL, FG, HEAD, TABLE, esc, text_block

__all__ = ["Note", "GroupBar", "PointsTab", "HandEntryTab", "star_text", "cards", "RIDES_SHOWN", "PLAYERS", "LINK"]

#: The score book tab lists this many rides (the latest first); the downloads hold all of them.
RIDES_SHOWN = 100
PLAYERS = (1, 2, 3, 4, 5)
#: A download link drawn as a button: the theme's link colour (light and dark), a border, underlined.
LINK = ("display:inline-block;margin-right:1em;padding:3px 12px;border:1px solid currentColor;border-radius:4px;"
        f"color:{theme.inline('link')};text-decoration:underline;font-weight:bold")
STYLE = {"description_width": "initial"}


def star_text(stars: int, most: int = MAX_STARS) -> str:
    """``★★☆`` for 2 of 3: filled and open stars (told apart by shape, not colour)."""
    return "★" * stars + "☆" * (most - stars)


def cards(n: int) -> str:
    """``"1 remaining card"``, ``"4 remaining cards"``."""
    return plural(n, "remaining card")


#: Told every message a :class:`Note` shows: the note and the text.
Heard = Callable[["Note", str], None]


class Note(ipw.HTML):
    """A message line placed right under the control it speaks for: plain text (escaped, wrapping), a
    refusal (``"⚠ …"``) drawn as one; ``heard`` is told every message (the view keeps the last one and
    clears the other lines of the same tab, so no stale message stands under another control)."""

    def __init__(self, heard: Heard | None = None, clean: Callable[[str], str] | None = None) -> None:
        super().__init__(value="")
        self.text = ""
        self._heard, self._clean = heard, clean

    def say(self, text: str) -> None:
        """Show ``text`` (``""`` clears the line); ``clean`` words it for the page first."""
        text = self._clean(text) if self._clean is not None else text
        self.clear()
        self.text = text
        refusal = text.startswith("⚠")
        self.value = text_block(text[1:].lstrip() if refusal else text, error=refusal, live=True) if text else ""
        if self._heard is not None:
            self._heard(self, text)

    def clear(self) -> None:
        """Empty the line (telling no one)."""
        self.text, self.value = "", ""


class GroupBar(ipw.VBox):
    """The building tab's group controls: choose a group, add one, rename the chosen one, delete it (after
    "Delete group…" asks, and "Yes, delete" answers) — and their message right under them.

    Args:
        book: the score book for the calling thread.
        changed: redraw every tab after a change.
        choose: make a group the chosen one everywhere in the view.
        renamed: told ``(old, new)`` after a rename (the view's ride in progress follows its group).
        heard: told every message.
        clean: words a message for the page (:class:`Note`).
    """

    def __init__(self, book: Callable[[], ScoreBook], changed: Callable[[], None], choose: Callable[[str], None],
                 renamed: Callable[[str, str], None], heard: Heard,
                 clean: Callable[[str], str] | None = None) -> None:
        self._book, self._changed, self._choose, self._renamed = book, changed, choose, renamed
        auto = ipw.Layout(width="auto")
        self.group = ipw.Dropdown(options=[], description="Group", style=STYLE)
        self.new_group = ipw.Text(value="", placeholder="a new group's name", description="New group",
                                  style=STYLE, layout=ipw.Layout(width="22em"))
        self.add_button = ipw.Button(description="Add group", layout=auto)
        self.new_name = ipw.Text(value="", placeholder="the chosen group's new name", description="New name",
                                 style=STYLE, layout=ipw.Layout(width="22em"))
        self.rename_button = ipw.Button(description="Rename group", layout=auto)
        self.delete_button = ipw.Button(description="Delete group…", layout=auto)
        self.delete_question = ipw.HTML()
        self.delete_yes = ipw.Button(description="Yes, delete", button_style="danger", layout=auto)
        self.delete_no = ipw.Button(description="Keep it", layout=auto)
        self.delete_row = ipw.HBox([self.delete_question, self.delete_yes, self.delete_no],
                                   layout=ipw.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.said = Note(heard, clean)
        self._deleting = ""
        wrap = ipw.Layout(flex_flow="row wrap")
        super().__init__([ipw.HBox([self.group, self.new_group, self.add_button], layout=wrap),
                          ipw.HBox([self.new_name, self.rename_button, self.delete_button], layout=wrap),
                          self.delete_row, self.said])
        self.add_button.on_click(lambda _: self.add_group(self.new_group.value))
        self.rename_button.on_click(lambda _: self.rename_group(self.new_name.value))
        self.delete_button.on_click(lambda _: self.ask_delete())
        self.delete_yes.on_click(lambda _: self.confirm_delete())
        self.delete_no.on_click(lambda _: self.cancel_delete())
        self.group.observe(lambda _: self.cancel_delete(), names="value")

    def add_group(self, name: str) -> bool:
        """Add a group (the "Add group" button); the score book's message when refused, nothing changed.

        Returns:
            ``True`` when the group was added (it is then the chosen group); ``False`` when refused, or
            when the score book has it already (it is then chosen, nothing added).
        """
        before = {g.name for g in self._book().groups()}
        try:
            group = self._book().add_group(name)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            self.said.say(f"⚠ Group not added: {e}")
            return False
        self.new_group.value = ""
        self._changed()
        self._choose(group.name)
        if group.name in before:
            self.said.say(f"{group.name} is in the score book already: chosen (nothing added).")
            return False
        self.said.say(f"Group added: {group.name}.")
        return True

    def rename_group(self, name: str) -> bool:
        """Give the chosen group a new name (the "Rename group" button); its rides stay with it.

        Returns:
            ``True`` when renamed; ``False`` with the score book's message (no group chosen, a name that
            is not usable or another group's) and nothing changed.
        """
        old = self.group.value
        try:
            if not old:
                raise ValueError("choose a group first.")
            group = self._book().rename_group(old, name)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            self.said.say(f"⚠ Not renamed: {e}")
            return False
        self._renamed(old, group.name)
        self.new_name.value = ""
        self._changed()
        self._choose(group.name)
        self.said.say(f"Renamed: {old} is now {group.name}; its rides stay with it.")
        return True

    def ask_delete(self) -> bool:
        """The "Delete group…" button: ask whether to delete the chosen group and its rides (nothing is
        deleted yet; :meth:`confirm_delete` is "Yes, delete", :meth:`cancel_delete` "Keep it")."""
        name = self.group.value
        if not name:
            self.said.say("⚠ Nothing to delete: choose a group first.")
            return False
        count = len(self._book().rides(name))
        self._deleting = name
        self.delete_question.value = text_block(
            f"Delete {name} and its {plural(count, 'ride')} for good? (To keep a copy, prepare the downloads on the "
            "score book tab first.)")
        self.delete_row.layout.display = "flex"
        self.said.say("")
        return True

    def confirm_delete(self) -> bool:
        """"Yes, delete": delete the group asked about and its rides (the score book's
        :meth:`~paternoster.campaign.book.ScoreBook.delete_group`, confirmed with the group's name)."""
        name = self._deleting
        self.cancel_delete()
        try:
            if not name:
                raise ValueError("press “Delete group…” first.")
            gone = self._book().delete_group(name, confirm=name)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            self.said.say(f"⚠ Not deleted: {e}")
            return False
        self._changed()
        self.said.say(f"Deleted: {name} and its {plural(gone, 'ride')}.")
        return True

    def cancel_delete(self) -> None:
        """"Keep it": put the question away; nothing is deleted."""
        self._deleting = ""
        self.delete_row.layout.display = "none"
        self.delete_question.value = ""


class PointsTab(ipw.VBox):
    """The score book tab: every group's best stars per floor, every ride (the latest first), the stars plot,
    a replay of a ride played in the kit, downloads (JSON, CSV) and an import — each action's message right
    under its buttons.

    Args:
        book: the score book for the calling thread.
        changed: redraw every tab after the book changed (an import).
        heard: told every message (the view's last message).
        clean: words a message for the page (:class:`Note`).
    """

    def __init__(self, book: Callable[[], ScoreBook], changed: Callable[[], None],
                 heard: Heard, clean: Callable[[str], str] | None = None) -> None:
        self._book, self._changed = book, changed
        auto = ipw.Layout(width="auto")
        self.points_html = ipw.HTML()
        self.rides_html = ipw.HTML()
        self.plot = ipw.Image(format="png", layout=ipw.Layout(max_width="760px"))
        self.plot_box = ipw.Box([])  # holds the plot once it is drawn (no empty image before)
        self.plot_key: Any = None
        self.replay_choice = ipw.Dropdown(options=[], description="Ride played in the kit", style=STYLE,
                                          layout=ipw.Layout(width="36em"))
        self.replay_button = ipw.Button(description="Replay it", layout=auto)
        self.replay_box = ipw.VBox([])
        self.replay_row = ipw.HBox([self.replay_choice, self.replay_button])
        self.replay_note = ipw.HTML()
        self.replay_said = Note(heard, clean)
        self.export_button = ipw.Button(description="Prepare downloads (JSON, CSV)", layout=auto)
        self.export_html = ipw.HTML()
        self.export_said = Note(heard, clean)
        self.upload = ipw.FileUpload(accept=".json,.csv", multiple=False, description="Choose an export",
                                     layout=ipw.Layout(width="auto"))
        self.upload_limit = ipw.HTML(f'<span style="color:{FG}">(.json or .csv, at most '
                                     f'{MAX_IMPORT_BYTES >> 20} MB)</span>')
        self.import_button = ipw.Button(description="Import it into this score book", layout=auto)
        self.import_said = Note(heard, clean)
        super().__init__([self.points_html, self.plot_box, self.rides_html,
                          self.replay_note, self.replay_row, self.replay_said, self.replay_box,
                          ipw.HBox([self.export_button, self.export_html]), self.export_said,
                          ipw.HBox([self.upload, self.upload_limit, self.import_button]), self.import_said])
        self.replay_button.on_click(lambda _: self.replay(self.replay_choice.value))
        self.export_button.on_click(lambda _: self.prepare_downloads())
        self.import_button.on_click(lambda _: self._import_uploaded())

    def draw(self, plot: bool) -> None:
        """Read the book and draw the tables (and with ``plot`` the stars plot, after the tables)."""
        board = self._book().board()  # {group: {floor: best stars}}, one query
        best = list(board.values())
        rows = []
        for f in FLOORS:
            cells = "".join(f'<td style="{CELL}" aria-label="{b.get(f.number, 0)} stars">'
                            f"{star_text(b.get(f.number, 0))}</td>" for b in best)
            rows.append(f'<tr><td style="{CELL};text-align:left">{esc(f.label)}</td>{cells}</tr>')
        totals = "".join(f'<td style="{HEAD}">{sum(b.values())} of {MAX_TOTAL_STARS}</td>' for b in best)
        rows.append(f'<tr><td style="{HEAD};text-align:left">Stars in all</td>{totals}</tr>')
        if board:
            head = "".join(f'<th style="{HEAD}">{esc(g)}</th>' for g in board)
            self.points_html.value = (f'<div style="color:{FG};font-weight:bold;margin:4px 0">Best stars per floor'
                                      f'</div><table style="{TABLE}"><thead><tr><th style="{HEAD}">Floor</th>'
                                      f'{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
        else:
            self.points_html.value = text_block("The score book has no group yet.")
        rides = list(self._book().rides())
        self._draw_rides(rides)
        if plot:
            self.draw_plot(rides)  # after the tables: they are on the screen while the plot is drawn

    def _draw_rides(self, rides: list[Any]) -> None:
        shown = list(reversed(rides))[:RIDES_SHOWN]
        cols = ("Date", "Group", "Floor", "Players", "Remaining", "Passengers", "Lost", "Stars", "Played")
        lines = []
        for r in shown:
            values: tuple[Any, ...] = (str(r.played_on), r.group, floor_of(r.floor).label, r.players, r.remaining,
                                       "delivered" if r.delivered else "not delivered", "lost" if r.lost else "—",
                                       star_text(r.stars), "in the kit" if r.record is not None else "with cards")
            lines.append("<tr>" + "".join(f'<td style="{CELL}">{esc(c)}</td>' for c in values) + "</tr>")
        count = plural(len(rides), "ride") + (f", the latest {len(shown)} shown (the downloads hold all)"
                                              if len(shown) < len(rides) else "")
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

    def draw_plot(self, rides: list[Any]) -> None:
        """The stars-over-time plot (drawn when the tab is shown, and again after a change)."""
        from .campaign_plots import stars_plot

        book = self._book()
        key = (len(rides), rides[-1].id if rides else None, tuple(g.name for g in book.groups()))
        if key == self.plot_key:
            return
        self.plot_key = key
        if not rides:
            self.plot_box.children = []
            self.plot.value = b""
            return
        buffer = io.BytesIO()
        stars_plot(book, rides=rides).savefig(buffer, format="png", dpi=80)
        self.plot.value = buffer.getvalue()
        self.plot_box.children = [self.plot]

    def replay(self, ride_id: Any) -> bool:
        """Show a ride played in the kit step by step (its record), under the replay chooser."""
        from .card_table import CardTable

        ride = next((r for r in self._book().rides() if r.id == ride_id), None)
        if ride is None or ride.record is None:
            self.replay_said.say("⚠ Choose a ride played in the kit: rides entered by hand have no record to replay.")
            return False
        self.replay_box.children = [CardTable(ride.record, mode="step", open_hands=True)]
        self.replay_said.say(f"Replaying {ride.group}'s ride on floor {ride.floor} ({ride.played_on}).")
        return True

    def prepare_downloads(self) -> None:
        """Download links for the whole score book as JSON and CSV (data links: they work on Binder too)."""
        links = []
        with tempfile.TemporaryDirectory() as tmp:
            for kind, mime in (("json", "application/json"), ("csv", "text/csv")):
                path = os.path.join(tmp, f"scorebook.{kind}")
                getattr(self._book(), f"export_{kind}")(path)
                with open(path, "rb") as fh:
                    data = base64.b64encode(fh.read()).decode("ascii")
                links.append(f'<a download="scorebook.{kind}" href="data:{mime};base64,{data}" '
                             f'class="pn-download" style="{LINK}">⬇ Download {kind.upper()}</a>')
        self.export_html.value = f'<span style="color:{FG}">{"".join(links)}</span>'
        self.export_said.say("Downloads ready: the whole score book as JSON (to bring back later) and as CSV (a table "
                             "for a spreadsheet).")

    def _import_uploaded(self) -> None:
        files = list(self.upload.value or ())
        if not files:
            self.import_said.say("⚠ Not imported: choose a score book export (.json or .csv) first.")
            return
        self.import_file(str(files[0]["name"]), bytes(files[0]["content"]))

    def import_file(self, name: str, data: bytes) -> bool:
        """Import a score book export (the "Import" button): a ``.json`` or ``.csv`` file's name and bytes.

        Returns:
            ``True`` when imported; otherwise the import's message line holds the score book's message and
            the score book is unchanged (an import checks the whole file first).
        """
        path = ""
        kind = os.path.splitext(name)[1].lower().lstrip(".")
        if kind not in ("json", "csv"):
            self.import_said.say(f"⚠ Not imported: {name} is neither a .json nor a .csv export of a score book.")
            return False
        if len(data) > MAX_IMPORT_BYTES:
            self.import_said.say(f"⚠ Not imported: {name} has {len(data):,} bytes, more than {MAX_IMPORT_BYTES >> 20} MB "
                                 f"({MAX_IMPORT_BYTES:,} bytes), the most a score-book export may have.")
            return False
        try:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, f"import.{kind}")
                with open(path, "wb") as fh:
                    fh.write(data)
                got = getattr(self._book(), f"import_{kind}")(path)
        except Exception as e:  # noqa: BLE001 — the score book's message, shown as text
            said = str(e).replace(repr(path), repr(name)).replace(path, name) if path else str(e)
            self.import_said.say(f"⚠ Not imported: {said}")  # the teacher's file's name, not the kit's temporary copy
            return False
        self._changed()
        self.import_said.say(f"Imported {name}: {plural(got.groups, 'new group')}, {plural(got.rides, 'new ride')} "
                             f"({got.already} already in the score book).")
        return True


class HandEntryTab(ipw.VBox):
    """The hand entry tab: a ride played with real cards — group, floor, players, remaining cards,
    passengers delivered, lost, date — and its message right under the "Add this ride" button.

    Args:
        book: the score book for the calling thread.
        changed: redraw every tab after a ride was added.
        heard: told every message.
        clean: words a message for the page (:class:`Note`).
    """

    def __init__(self, book: Callable[[], ScoreBook], changed: Callable[[], None],
                 heard: Heard, clean: Callable[[str], str] | None = None) -> None:
        self._book, self._changed = book, changed
        auto = ipw.Layout(width="auto")
        self.hand_group = ipw.Dropdown(options=[], description="Group", style=STYLE)
        self.hand_floor = ipw.Dropdown(options=[(f.label, f.number) for f in FLOORS], value=1,
                                       description="Floor", style=STYLE)
        self.hand_players = ipw.Dropdown(options=list(PLAYERS), value=2, description="Players", style=STYLE,
                                         layout=ipw.Layout(width="9em"))
        # Text, not IntText: the browser's number box drops letters ("1e3" became 13); digits are checked here.
        self.hand_remaining = ipw.Text(value="0", description="Remaining cards", style=STYLE,
                                       placeholder="digits, e.g. 4", layout=ipw.Layout(width="14em"))
        self.hand_delivered = ipw.Checkbox(value=True, indent=False, layout=auto,
                                           description="Every passenger delivered (or no passengers)")
        self.hand_lost = ipw.Checkbox(value=False, indent=False, layout=auto,
                                      description="Lost at once (a passenger or a fire)")
        self.hand_date = ipw.DatePicker(value=None, description="Played on (empty: today)", style=STYLE)
        self.hand_button = ipw.Button(description="Add this ride", button_style="primary", layout=auto)
        self.said = Note(heard, clean)
        super().__init__([
            ipw.HTML(text_block("A ride played with real cards: fill in what the group reports, then add it. "
                                "The stars are worked out from the floor's goal (rules §15.2). A ride on any floor "
                                "is kept; a floor opens for riding in the kit when every floor below it has a star "
                                "(rules §15.1).")),
            self.hand_group, self.hand_floor, ipw.HBox([self.hand_players, self.hand_remaining]),
            self.hand_delivered, self.hand_lost, self.hand_date, ipw.HBox([self.hand_button]), self.said,
        ])
        self.hand_button.on_click(lambda _: self._enter_from_boxes())
        self.hand_floor.observe(lambda _: self._floor_chosen(), names="value")
        self._floor_chosen()

    def _enter_from_boxes(self) -> None:
        text = self.hand_remaining.value.strip()
        if not re.fullmatch(r"[0-9]{1,9}", text):
            self.said.say(f"⚠ Not added: Remaining cards must be a whole number written with digits only (such as "
                          f"4), not {short(self.hand_remaining.value)}.")
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
        """Add a ride played with real cards (the "Add this ride" button does exactly this).

        Returns:
            ``True`` when added (the message says what was added, and whether the floor is open yet);
            otherwise the message holds the score book's (or the floor's) refusal and the book is unchanged.
        """
        try:
            if not group:
                raise ValueError("Group: choose a group (or add one on the Building tab) first.")
            book = self._book()
            ride = book.add_ride(group, floor, players=players, remaining=remaining,
                                 delivered=delivered, lost=lost, played_on=played_on)
        except Exception as e:  # noqa: BLE001 — the engine's message, shown as text
            self.said.say(f"⚠ Not added: {e}")
            return False
        f = floor_of(ride.floor)
        best = book.best_stars(ride.group)
        self._changed()
        shut = "" if f.number in unlocked(best) else (
            f" The ride is kept and counts in {ride.group}'s stars; floor {f.number} opens for riding in the kit "
            "when every floor below it has a star.")
        self.said.say(f"Added: {ride.group}, floor {f.number} ({f.name}), {cards(ride.remaining)} — "
                      f"{star_text(ride.stars)} ({ride.stars} of {MAX_STARS} stars).{shut}")
        return True
