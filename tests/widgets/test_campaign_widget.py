"""The campaign view (widgets.campaign), driven from code as a teacher drives it with the mouse.

Hand entry: a refused ride shows the score book's message and changes nothing; an accepted one
lands in the score book with the engine's stars.  A ride in the kit: when its game ends, exactly
one row with the game's record goes into the score book.  Group names are text everywhere.
"""

from __future__ import annotations

import html
from datetime import date

import pytest

from paternoster.campaign import FLOORS, MAX_STARS, floor, locked_text, stars, unlocked
from paternoster.campaign.book import ScoreBook
from widgets import CampaignView, stars_plot
from widgets.campaign import TABS, seat_names, star_text
from widgets.fallback import WIDGET_VIEW

EVIL = "<img src=x onerror=alert(1)>"


@pytest.fixture
def book(tmp_path):
    b = ScoreBook.open(tmp_path / "class.sqlite")
    yield b
    b.close()


def _finish(view: CampaignView) -> None:
    """Let the computer play every seat of the ride's table to the end (the class plays no seat)."""
    table = view.table
    assert table is not None
    for _ in range(10_000):
        if table.game.is_terminal():
            return
        assert table.computer_turn()["ok"]
    raise AssertionError("the ride did not end")


def test_the_four_tabs_and_a_friendly_text_line(book):
    view = CampaignView(book)
    assert [view.tabs.get_title(i) for i in range(len(TABS))] == list(TABS)
    data = view._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert WIDGET_VIEW in data
    text = data["text/plain"]
    assert "run this cell" in text and "Shift+Enter" in text and len(text) <= 100


def test_hand_entry_refused_changes_nothing_and_says_why(book):
    book.add_group("Reds")
    view = CampaignView(book)
    before = book.contents()
    assert not view.enter_ride("Reds", 1, players=9, remaining=3)
    assert "players" in view.hand_message and "9" in view.hand_message
    assert not view.enter_ride("Reds", 1, players=2, remaining=-1)
    assert "remaining" in view.hand_message
    assert not view.enter_ride("Nobody", 1, players=2, remaining=1)
    assert not view.enter_ride("Reds", len(FLOORS) + 1, players=2, remaining=1)
    assert "floor" in view.hand_message
    assert book.contents() == before
    # the boxes, as a click on "Add this ride" reads them
    view.hand_group.value = "Reds"
    view.hand_players.value = 2
    view.hand_remaining.value = "-4"
    view.hand_button.click()
    assert "Remaining cards" in view.hand_message and book.contents() == before


@pytest.mark.parametrize("typed", ["1e3", "1w3", "4.0", "", "  ", "four", "+4", "١٣"])
def test_remaining_cards_typed_with_anything_but_digits_is_refused(book, typed):
    """A browser number box turned "1e3" into 13; the kit's box takes digits only and says so."""
    book.add_group("Reds")
    view = CampaignView(book)
    before = book.contents()
    view.hand_remaining.value = typed
    view.hand_button.click()
    assert view.hand_message.startswith("⚠ Not added") and "digits" in view.hand_message
    assert book.contents() == before
    view.hand_remaining.value = " 3 "
    view.hand_button.click()
    assert view.hand_message.startswith("Added") and [r.remaining for r in book.rides("Reds")] == [3]
    assert "3 remaining cards" in view.hand_message


def test_messages_say_one_card_and_stay_on_their_tab(book):
    book.add_group("Reds")
    view = CampaignView(book)
    assert view.enter_ride("Reds", 1, players=2, remaining=1, played_on=date(2026, 3, 2))
    assert "1 remaining card " in view.hand_message and "cards" not in view.hand_message
    assert view.message == view.hand_message                     # said under "Add this ride", nowhere else
    view.tabs.selected_index = 0
    assert not view.add_group("")
    assert view.message.startswith("⚠") and view.group_said.text == view.message
    view.tabs.selected_index = 3                                 # another tab: the last message is not its
    assert view.message == "" and view.group_said.text.startswith("⚠")   # it stays under its own control
    view.tabs.selected_index = 0
    view.ride_choice.value = None
    view.ride_button.click()                                     # a message under another control of the tab:
    assert view.ride_said.text.startswith("⚠") and view.group_said.text == ""   # the stale one goes


def _under(box, control) -> object:
    """The widget right after the row (or widget) holding ``control`` in ``box``'s children."""
    kids = list(box.children)
    row = next(k for k in kids if k is control or control in getattr(k, "children", ()))
    return kids[kids.index(row) + 1]


def test_each_refusal_stands_right_under_the_control_that_caused_it(book):
    """Not at the foot of the page, 700 px below: the view holds only its tabs, each message sits under its row."""
    book.add_group("Reds")
    view = CampaignView(book)
    assert view.children == (view.tabs,)
    building, ride, points, hand = view.tabs.children
    bar = view.group_bar                                         # add, rename, delete; their message under them
    assert _under(bar, view.delete_button) is view.delete_row and bar.children[-1] is view.group_said
    assert view.add_group_button in bar.children[0].children
    assert list(building.children).index(bar) < list(building.children).index(view.building_html)
    assert _under(building, view.ride_button) is view.ride_said
    assert _under(ride, view.new_ride_button) is view.new_ride_said
    assert _under(hand, view.hand_button) is view.hand.said
    assert _under(points, view.export_button) is view.points.export_said
    assert _under(points, view.import_button) is view.points.import_said
    for refuse, note in ((lambda: view.add_group(""), view.group_said),
                         (lambda: view.rename_group("x" * 81), view.group_said),
                         (lambda: view.start_ride(5), view.ride_said),
                         (lambda: view.import_file("notes.txt", b"hi"), view.points.import_said),
                         (lambda: view.enter_ride("Reds", 1, players=9, remaining=0), view.hand.said)):
        assert refuse() is False
        assert note.text.startswith("⚠") and view.message == note.text and "⚠" in note.value
        assert note.text[1:].strip() in html.unescape(note.value)


def test_hand_entry_accepted_uses_the_engines_stars(book):
    book.add_group("Reds")
    view = CampaignView(book)
    f = floor(2)
    left = f.goal // 2
    assert view.enter_ride("Reds", 2, players=3, remaining=left, played_on=date(2026, 3, 2))
    (ride,) = book.rides("Reds")
    assert (ride.floor, ride.players, ride.remaining, ride.record) == (2, 3, left, None)
    assert ride.stars == stars(f, left)
    assert star_text(ride.stars) in view.rides_html.value
    assert view.hand_message.startswith("Added")
    # the building shows the best stars, and which floors are open, as the engine says
    assert f"{book.total('Reds')} of {len(FLOORS) * MAX_STARS} stars" in view.building_html.value
    opened = unlocked(book.best_stars("Reds"))
    assert [n for _, n in view.ride_choice.options] == opened


def test_delivered_can_be_unticked_only_on_a_floor_with_passengers(book):
    view = CampaignView(book)
    for f in FLOORS:
        view.hand_floor.value = f.number
        assert view.hand_delivered.disabled == (not f.passengers)
        if not f.passengers:
            assert view.hand_delivered.value is True


def test_lost_can_be_ticked_only_on_a_floor_that_can_be_lost(book):
    view = CampaignView(book)
    seen = set()
    for f in FLOORS:
        view.hand_lost.value = False
        view.hand_floor.value = f.number
        losable = bool(f.passengers or f.rules.fire)
        seen.add(losable)
        assert view.hand_lost.disabled == (not losable), f.number
        if losable:
            view.hand_lost.value = True
        view.hand_floor.value = 1                                # floor 1: no passengers, no fire
        assert view.hand_lost.value is False and view.hand_lost.disabled
    assert seen == {True, False}


def test_a_group_that_is_there_already_is_chosen_not_added(book):
    book.add_group("Reds")
    book.add_group("Blues")
    view = CampaignView(book, group="Blues")
    assert not view.add_group("Reds")
    assert "already" in view.message and "added:" not in view.message.lower()
    assert view.group.value == "Reds" and len(book.groups()) == 2
    assert view.add_group("Greens") and view.message == "Group added: Greens."


def test_a_ride_that_ends_goes_into_the_score_book_once_with_its_record(book):
    book.add_group("Blues")
    view = CampaignView(book, group="Blues", seat=None, seed=3)
    assert view.start_ride(1)
    assert view.tabs.selected_index == 1 and view.saved is None
    _finish(view)
    rides = book.rides("Blues")
    assert len(rides) == 1
    ride = rides[0]
    game = view.table.game
    assert ride.remaining == game.result.remaining and ride.floor == 1 and ride.players == 2
    assert ride.record is not None and ride.game().result == game.result   # it replays
    assert ride.stars == stars(floor(1), game.result.remaining, lost=game.result.outcome == "lost")
    assert "The ride is over" in view.ride_result.value
    # undo and finish again: still one row (a deal is saved once)
    view.table.undo()
    _finish(view)
    assert len(book.rides("Blues")) == 1
    assert "already" in view.ride_result.value
    # the score book tab lists it and can replay it
    view.tabs.selected_index = 2
    assert "in the kit" in view.rides_html.value
    assert view.replay(ride.id)
    assert view.replay_box.children[0].mode == "step"
    # the next deal is a new ride
    assert view.next_ride() and view.seed.value == 4 and view.saved is None


def test_a_locked_floor_cannot_be_ridden(book):
    book.add_group("Reds")
    view = CampaignView(book)
    assert not view.start_ride(3)
    assert "locked" in view.message and view.table is None
    assert view.message == "⚠ No ride: " + locked_text(book.best_stars("Reds"), 3, "Reds")   # the engine's words
    assert not CampaignView(book).start_ride(99)


def test_group_names_are_text_everywhere(book):
    view = CampaignView(book)
    assert view.add_group(EVIL)
    assert view.enter_ride(EVIL, 1, players=2, remaining=0, played_on=date(2026, 3, 2))
    view.tabs.selected_index = 2
    escaped = html.escape(EVIL, quote=True)
    for widget in (view.building_html, view.points_html, view.rides_html):
        assert EVIL not in widget.value and escaped in widget.value
    assert view.group.value == EVIL            # drop-downs and labels show text, never HTML
    assert view.plot.value                     # the plot drew the name as text (no mathtext error)
    assert EVIL in [t.get_text() for t in stars_plot(book).axes[0].get_legend().get_texts()]
    assert not view.add_group("")
    assert "⚠" in view.message and len(book.groups()) == 1


def test_a_file_that_is_not_a_score_book_is_shown_as_a_message_and_left_alone(tmp_path):
    path = tmp_path / "notes.scorebook"
    path.write_bytes(b"my notes, not a score book\n" * 40)
    before = path.read_bytes()
    view = CampaignView(path)
    assert view.book is None and "not a score book" in view.error
    assert path.read_bytes() == before


def test_downloads_hold_the_whole_book(book):
    book.add_group("Reds")
    view = CampaignView(book)
    view.enter_ride("Reds", 1, players=2, remaining=1, played_on=date(2026, 3, 2))
    view.prepare_downloads()
    assert 'download="scorebook.json"' in view.export_html.value
    assert 'download="scorebook.csv"' in view.export_html.value
    assert view.export_html.value.count("pn-download") == 2 and "text-decoration:underline" in view.export_html.value


def test_no_replay_chooser_without_a_ride_played_in_the_kit(book):
    book.add_group("Reds")
    view = CampaignView(book, seat=None, seed=3)
    assert view.enter_ride("Reds", 1, players=2, remaining=2)     # by hand: nothing to replay either
    assert view.replay_row.layout.display == "none" and "none to replay" in view.replay_note.value
    assert view.start_ride(1)
    _finish(view)
    assert view.replay_row.layout.display != "none" and view.replay_note.value == ""


def test_events_from_another_thread_reach_the_same_score_book(book):
    """The kernel may deliver a click in another thread than the cell's: the view still reads and writes."""
    import threading

    book.add_group("Reds")
    view = CampaignView(book)
    done: list[bool] = []

    def click() -> None:
        view.tabs.set_state({"selected_index": 2})       # as the front end's tab click arrives
        done.append(view.enter_ride("Reds", 1, players=2, remaining=0, played_on=date(2026, 3, 2)))

    worker = threading.Thread(target=click)
    worker.start()
    worker.join()
    assert done == [True], view.hand_message + view.message
    assert "⚠" not in view.message
    assert [r.remaining for r in book.rides("Reds")] == [0]    # the cell's own book sees the ride
    assert view.plot_box.children                               # and the tab drew its plot


def test_an_export_imports_into_a_new_book_and_a_bad_file_changes_nothing(book, tmp_path):
    book.add_group(EVIL)
    book.add_ride(EVIL, 1, players=2, remaining=2, played_on=date(2026, 3, 2))
    book.export_json(tmp_path / "take-home.json")
    with ScoreBook.open(tmp_path / "next-week.sqlite") as fresh:
        view = CampaignView(fresh)
        assert not view.import_file("notes.txt", b"hello")
        assert not view.import_file("broken.json", b'{"format": "something else"}')
        assert "Not imported" in view.message and fresh.contents().groups == ()
        assert "broken.json" in view.message and "import.json" not in view.message   # the teacher's file
        assert view.import_file("take-home.json", (tmp_path / "take-home.json").read_bytes())
        assert fresh.contents() == book.contents()
        assert "1 new group" in view.message and html.escape(EVIL) in view.points_html.value


def test_the_stars_plot_ends_at_each_groups_total(book):
    book.add_group("Reds")
    book.add_group("Blues")
    book.add_group("Idle")                                        # no rides: no line
    for group, fl, left, day in (("Reds", 1, 5, 2), ("Reds", 1, 0, 9), ("Reds", 2, 1, 9), ("Blues", 1, 2, 3)):
        book.add_ride(group, fl, players=2, remaining=left, played_on=date(2026, 3, day))
    ax = stars_plot(book).axes[0]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {"Reds", "Blues"}
    for name in ("Reds", "Blues"):
        assert lines[name].get_ydata()[-1] == book.total(name)
    assert list(lines["Reds"].get_ydata()) == [stars(floor(1), 5), book.total("Reds")]   # one point per day


def test_the_stars_plots_axis_fits_the_class_and_stops_at_the_campaigns_stars(book):
    from widgets.campaign_plots import top_of_axis

    book.add_group("Reds")
    book.add_ride("Reds", 1, players=2, remaining=0, played_on=date(2026, 3, 2))
    top = stars_plot(book).axes[0].get_ylim()[1]
    assert book.total("Reds") < top < 12                        # 3 stars: not squashed under a 36-star axis
    most = len(FLOORS) * MAX_STARS
    assert top_of_axis(most - 1) == top_of_axis(most) == most
    assert top_of_axis(0) > 0


def test_a_group_is_renamed_and_its_rides_follow(book):
    book.add_group("Reds")
    book.add_group("Blues")
    book.add_ride("Reds", 1, players=2, remaining=0, played_on=date(2026, 3, 2))
    view = CampaignView(book, group="Reds")
    assert not view.rename_group("blues")                         # another group's name: refused, nothing changed
    assert "Not renamed" in view.message and "Blues" in view.message
    assert [g.name for g in book.groups()] == ["Reds", "Blues"]
    view.new_name.value = EVIL
    view.rename_button.click()
    assert [g.name for g in book.groups()] == [EVIL, "Blues"] and view.group.value == EVIL
    assert [r.group for r in book.rides()] == [EVIL] and book.total(EVIL) == 3
    assert view.message == f"Renamed: Reds is now {EVIL}; its rides stay with it."
    assert html.escape(EVIL) in view.building_html.value and EVIL not in view.building_html.value
    assert view.hand_group.value == EVIL and view.new_name.value == ""


def test_a_group_is_deleted_only_after_yes(book):
    book.add_group("Reds")
    book.add_group("Blues")
    for left in (0, 3):
        book.add_ride("Reds", 1, players=2, remaining=left, played_on=date(2026, 3, 2))
    view = CampaignView(book, group="Reds")
    assert view.delete_row.layout.display == "none"
    view.delete_button.click()                                    # asks; nothing deleted yet
    assert view.delete_row.layout.display != "none"
    assert "Delete Reds and its 2 rides for good?" in view.delete_question.value
    view.delete_no.click()                                        # "Keep it"
    assert view.delete_row.layout.display == "none" and len(book.groups()) == 2 and len(book.rides()) == 2
    assert not view.confirm_delete() and "Not deleted" in view.message   # "Yes" without asking: nothing
    view.ask_delete()
    view.group.value = "Blues"                                    # another group chosen: the question goes away
    assert view.delete_row.layout.display == "none"
    view.group.value = "Reds"
    view.ask_delete()
    view.delete_yes.click()
    assert [g.name for g in book.groups()] == ["Blues"] and book.rides() == []
    assert view.message == "Deleted: Reds and its 2 rides." and view.group.value == "Blues"
    assert "Reds" not in view.points_html.value and view.delete_row.layout.display == "none"


def test_the_ride_table_names_the_group_not_player_1(book):
    book.add_group(EVIL)
    view = CampaignView(book, group=EVIL, seed=3)
    assert view.start_ride(1)
    assert view.table.game.names == [EVIL, "Player 2"]
    data = view.table.view                                        # what the front end draws
    assert data["hands"][0]["name"] == EVIL and data["hands"][0]["you"]
    assert not any("Player 1" in str(v) for v in data.values()) and data["hands"][1]["computer"]
    everyone = CampaignView(book, group=EVIL, seat=None, seed=3)
    assert everyone.start_ride(1, players=3) and everyone.table.game.names == [f"{EVIL} {i}" for i in (1, 2, 3)]
    long = "Die sehr lange Gruppe mit dem Namen der ganzen Klasse 7b"  # 56 characters: a player's name has 40
    book.add_group(long)
    view.choose_group(long)
    assert view.start_ride(1) and view.table.game.names[0] == long[:39].rstrip() + "…"
    assert seat_names("player 2", 2, 0) == ["player 2", "Player 2 of the kit"]


def test_the_page_never_shows_the_score_books_file_path(tmp_path):
    folder = tmp_path / "Lehrer Schmidt" / "geheim"
    folder.mkdir(parents=True)
    view = CampaignView(folder / "class.sqlite")
    view.add_group("Reds")
    view.enter_ride("Reds", 1, players=2, remaining=0, played_on=date(2026, 3, 2))
    view.tabs.selected_index = 2
    assert str(folder) not in _all_text(view) and "geheim" not in _all_text(view)
    assert view.book.path == folder / "class.sqlite"              # the teacher's code can still ask
    damaged = folder / "notes.sqlite"
    damaged.write_bytes(b"not a score book\n" * 20)
    broken = CampaignView(damaged)
    assert "notes.sqlite" in broken.error and "geheim" not in broken.error and "geheim" not in _all_text(broken)


def _all_text(widget) -> str:
    """Every value and description of a widget tree (what the page can show)."""
    out = [str(getattr(widget, a, "")) for a in ("value", "description", "placeholder") if isinstance(getattr(widget, a, ""), str)]
    for child in getattr(widget, "children", ()):
        out.append(_all_text(child))
    return "\n".join(out)


def test_a_ride_typed_in_above_a_floor_without_a_star_is_kept_but_opens_nothing(book):
    """Rules §15.1/§15.5: floors are played in order; a hand-entered ride on floor 5 does not open 5 and 6."""
    book.add_group("Reds")
    view = CampaignView(book, group="Reds")
    assert view.enter_ride("Reds", 1, players=2, remaining=0, played_on=date(2026, 3, 2))
    assert view.enter_ride("Reds", 5, players=2, remaining=0, played_on=date(2026, 3, 2))
    assert "counts in Reds's stars" in view.hand_message and "every floor below it has a star" in view.hand_message
    assert [n for _, n in view.ride_choice.options] == [1, 2] == unlocked(book.best_stars("Reds"))
    assert f"6 of {len(FLOORS) * MAX_STARS} stars; open floors: 1, 2" in view.building_html.value
    assert not view.start_ride(5) and "floors 2, 3 and 4 have no star yet" in view.message
    for fl in (2, 3, 4):
        assert view.enter_ride("Reds", fl, players=2, remaining=0, played_on=date(2026, 3, 2))
    assert [n for _, n in view.ride_choice.options] == [1, 2, 3, 4, 5, 6] and view.start_ride(6, seed=2)


def test_the_upload_names_the_one_limit_and_a_larger_file_is_refused_naming_it(book, monkeypatch):
    """F11: the page names the largest export it imports beside the upload, and a file over it is refused with
    that limit, before anything is written (the servers' websocket takes files up to it: tests/test_pages.py)."""
    from paternoster.campaign import files
    from widgets import campaign_tabs
    view = CampaignView(book)
    assert f"at most {files.MAX_IMPORT_BYTES >> 20} MB" in view.points.upload_limit.value
    monkeypatch.setattr(campaign_tabs, "MAX_IMPORT_BYTES", 1 << 20)
    assert not view.import_file("big.json", b" " * ((1 << 20) + 1))
    assert "Not imported" in view.message and "more than 1 MB" in view.message and "1,048,576 bytes" in view.message
    assert book.contents().groups == ()
