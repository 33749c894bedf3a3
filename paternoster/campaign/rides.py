"""The score book's values: a group, a ride, a book's contents, and the checks every ride passes (rules §15.3).

:class:`~paternoster.campaign.book.ScoreBook` stores them (:mod:`paternoster.campaign.store`), the export
files carry them (:mod:`paternoster.campaign.files`); this module is what both agree on:

* :class:`Group`, :class:`Ride`, :class:`BookContents`, :class:`Imported` and :class:`ScoreBookError`;
* :func:`check_ride` — every field of a ride checked, its stars computed (rules §15.2);
* :func:`group_key` — when two group names name the same group (**Decision (kit)**: names that
  differ only in case, spacing or Unicode composition);
* :func:`earned_stars` — the stars a stored ride earns, computed again on every read (**Decision
  (kit)**: the stored ``stars`` column is never trusted, so a file edited by hand cannot award stars).

Limits (the kit's own, so that a huge or hostile file is refused in bounded time and memory):

==============================  ============  =========================================================
name                            value         what it bounds
==============================  ============  =========================================================
``MAX_GROUP_NAME``              80            characters in a group name
``MAX_GROUPS``                  1,000         groups in one score book (or one import file)
``MAX_RIDES``                   100,000       rides in one score book (or one import file)
``MAX_RIDE_RECORD_BYTES``       500,000       bytes of one ride's game record (UTF-8 JSON)
``MAX_EXPORT_BYTES``            134,217,728   bytes of a book's export (128 MiB), and so of an import file,
                                              of the campaign page's upload and of the book's contents
==============================  ============  =========================================================

**One limit for storing, exporting and importing** (**Decision (kit)**): a score book refuses a ride, a
group or an import once :func:`export_bound` — an upper bound of the size of the book's export, JSON or
CSV — would pass :data:`MAX_EXPORT_BYTES`, so every book the kit keeps exports to a file that the kit
imports again (about 12,000 rides played in the kit, at about 5 kB of record each, or the
:data:`MAX_RIDES` rides typed in by hand).  The import files' limit
(:data:`paternoster.campaign.files.MAX_IMPORT_BYTES`), the page's upload and the Jupyter servers'
websocket message size (``jupyter/config``) are this same number.

>>> ride = check_ride("Füchse", 1, players=2, remaining=0, played_on=date(2026, 12, 1))
>>> ride.stars, ride.floor_name
(3, 'Probefahrt')
>>> group_key(" füchse ") == group_key("Füchse")
True
"""

from __future__ import annotations

import functools
import json
import unicodedata
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ..core.checks import check_bool, check_name, plural, short, whole
from ..core.errors import PaternosterError, RecordError
from ..core.records import parse_record
from ..lift.game import Game
from ..lift.rules import Rules
from . import floors as campaign
from .scoring import stars as floor_stars

__all__ = ["ScoreBookError", "Group", "Ride", "BookContents", "Imported", "check_ride", "check_group_name",
           "group_key", "earned_stars", "stored_ride", "RIDE_FIELDS", "MAX_GROUP_NAME", "MAX_GROUPS", "MAX_RIDES",
           "MAX_RIDE_RECORD_BYTES", "MAX_PLAYERS", "MAX_ID", "MAX_EXPORT_BYTES", "export_bound", "check_export_bound"]

MAX_GROUP_NAME = 80
MAX_GROUPS = 1_000
MAX_RIDES = 100_000
MAX_RIDE_RECORD_BYTES = 500_000
#: The most bytes of a score book's export (JSON or CSV): see "One limit" above.
MAX_EXPORT_BYTES = 128 << 20
#: The bytes an export spends at most on its first and last lines, on one group and on one ride besides
#: its record (a name of 80 characters of 4 bytes each, escaped or quoted; every other field at its widest;
#: a record's CSV cells and their quotes); :func:`export_bound` counts each record twice (JSON's spaces
#: after ``,`` and ``:``, CSV's doubled quotes at most double it).  tests/campaign checks real exports.
EXPORT_HEAD_BYTES, EXPORT_GROUP_BYTES, EXPORT_RIDE_BYTES = 200, 400, 600
#: Players of one ride: the floors are played by 1 to 5 players (rules §15.1).
MAX_PLAYERS = 5
MAX_ID = (1 << 63) - 1  # the largest id SQLite stores
#: A ride's fields in the order the export files write them.
RIDE_FIELDS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "record")


class ScoreBookError(PaternosterError, ValueError):
    """A score book that cannot be opened, read or changed, or a ride, group or import file the score
    book refuses.  The message names the file or field and says what to do; nothing was changed."""


@dataclass(frozen=True)
class Group:
    """A group (a team of a class) in a score book: ``id`` (1, 2, … in order of creation) and ``name``
    (text as typed; show it as text, never as HTML)."""

    id: int
    name: str


@dataclass(frozen=True, repr=False)
class Ride:
    """One ride of the campaign (rules §15.1) as the score book keeps it.

    Attributes:
        group: the group's name.
        floor: the floor's number, 1 up to :data:`~paternoster.campaign.FLOOR_COUNT`
            (:func:`paternoster.campaign.floor` gives its name and rules).
        played_on: the day it was played (:class:`datetime.date`).
        players: 1–5.
        remaining: cards left in hands and draw pile at the end (0 = every card played).
        delivered: every passenger delivered (``True`` on floors without passengers).
        lost: the game was lost at once (Fahrgäste, Feuer).
        stars: 0–3 (rules §15.2).
        record: the game record as JSON text (a ride played in the kit; :meth:`game` replays it), or
            ``None`` for a ride typed in by hand.
        id: the ride's number in its score book (1, 2, … in order of entry), ``None`` for a ride read
            from an export file or made by :func:`check_ride`.
    """

    group: str
    floor: int
    played_on: date
    players: int
    remaining: int
    delivered: bool
    lost: bool
    stars: int
    record: str | None = None
    id: int | None = None

    def __repr__(self) -> str:
        record = "yes" if self.record is not None else "no"
        return (f"Ride(id={self.id}, group={self.group!r}, floor={self.floor}, played_on={self.played_on.isoformat()}, "
                f"players={self.players}, remaining={self.remaining}, delivered={self.delivered}, lost={self.lost}, "
                f"stars={self.stars}, record={record})")

    @property
    def floor_name(self) -> str:
        """The floor's name, e.g. ``"Probefahrt"`` (from :mod:`paternoster.campaign`)."""
        return campaign.floor(self.floor).name

    def game(self, upto: int | None = None) -> Game:
        """The ride's game replayed from its record (its first ``upto`` actions; all by default).

        Raises:
            ScoreBookError: the ride has no record (typed in by hand).
            RecordError: the record does not replay (it did when it was stored).
        """
        if self.record is None:
            raise ScoreBookError(f"Ride {self.id} was typed in by hand and has no game record to replay.")
        return Game.from_record(self.record, upto)

    def unnumbered(self) -> Ride:
        """The same ride with ``id=None`` (as an export file holds it)."""
        return stored_ride(*(getattr(self, a) for a in _RIDE_ATTRS[:-1]), None)

    def key(self) -> tuple[Any, ...]:
        """What makes two rides the same ride for an import (every field but ``id``; the group's name
        compared as :meth:`ScoreBook.add_group` compares names)."""
        return (group_key(self.group), self.floor, self.played_on, self.players, self.remaining, self.delivered,
                self.lost, self.stars, self.record)


def stored_ride(*values: Any) -> Ride:
    """A Ride from values read back from the file (already checked when stored), in the order of
    :class:`Ride`'s fields: without the frozen dataclass's field-by-field ``__init__``, five times faster
    for the 10,000 rides of a big book."""
    ride = object.__new__(Ride)
    ride.__dict__.update(zip(_RIDE_ATTRS, values))
    return ride


@functools.lru_cache(maxsize=4096)
def earned_stars(floor: Any, remaining: Any, delivered: Any, lost: Any) -> int | None:
    """The stars a stored ride earns (rules §15.2, :func:`paternoster.campaign.stars`), ``None`` if the
    stored values make no ride.  **Decision (kit):** stars are never read back from the file: the
    ``stars`` column is written for people reading the file with other tools, and every read computes the
    stars again from the ride's result, so a file edited by hand cannot award stars."""
    if type(floor) is not int or type(remaining) is not int or delivered not in (0, 1) or lost not in (0, 1):
        return None
    try:
        return int(floor_stars(floor, remaining, delivered=bool(delivered), lost=bool(lost)))
    except (PaternosterError, ValueError, TypeError):
        return None


_RIDE_ATTRS = ("group", "floor", "played_on", "players", "remaining", "delivered", "lost", "stars", "record", "id")


@dataclass(frozen=True)
class BookContents:
    """Everything in a score book, without row numbers: ``groups`` (names, in order of creation) and
    ``rides`` (in order of entry, each with ``id=None``).  Two books with equal contents are the same
    book; an export file read by :func:`read_json` or :func:`read_csv` gives one."""

    groups: tuple[str, ...]
    rides: tuple[Ride, ...]

    def __repr__(self) -> str:
        return f"BookContents(groups={len(self.groups)}, rides={len(self.rides)})"


@dataclass(frozen=True)
class Imported:
    """What an import did: ``groups`` and ``rides`` added; ``already`` rides of the file that the
    book already held (an import never doubles a ride, so importing the same file twice adds it once)."""

    groups: int
    rides: int
    already: int



def export_bound(groups: int, rides: int, record_bytes: int) -> int:
    """An upper bound of the bytes of the export (JSON or CSV) of a book with ``groups`` groups and
    ``rides`` rides whose records take ``record_bytes`` bytes of UTF-8 in all.

    >>> export_bound(8, 300, 300 * 4_500) < MAX_EXPORT_BYTES
    True
    """
    return EXPORT_HEAD_BYTES + groups * EXPORT_GROUP_BYTES + rides * EXPORT_RIDE_BYTES + 2 * record_bytes


def check_export_bound(groups: int, rides: int, record_bytes: int) -> None:
    """Refuse a book whose export could pass :data:`MAX_EXPORT_BYTES` (the store calls it inside the
    transaction that would make it so; raising rolls the change back).

    Raises:
        ScoreBookError: naming the limit; nothing was changed.
    """
    if export_bound(groups, rides, record_bytes) > MAX_EXPORT_BYTES:
        raise ScoreBookError(f"The score book is full: with this change its export could pass "
                             f"{MAX_EXPORT_BYTES >> 20} MB, the most a score-book export (and so an import) may have "
                             f"({plural(rides, 'ride')}, {record_bytes / 1e6:,.1f} MB of game records). Nothing was "
                             "changed; start a new score book for more rides.")


def group_key(name: str) -> str:
    """Names that differ only in Unicode composition, case or spacing (outer spaces, runs of spaces, a
    no-break or other Unicode space instead of a plain one) name the same group."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def check_group_name(name: Any, field: str = "group name") -> str:
    """``name`` if it is a usable group name (1 to 80 characters, no control or invisible characters)."""
    return check_name(name, field, ScoreBookError, MAX_GROUP_NAME)


def _floor(number: Any, field: str = "floor") -> Any:
    """The campaign floor ``number``: a whole number 1 .. FLOOR_COUNT or a floor's name, as
    :func:`paternoster.campaign.floor` takes it (``"Probefahrt"``, ``"3"``)."""
    if isinstance(number, str):
        try:
            return campaign.floor(number)
        except (PaternosterError, ValueError) as e:
            raise ScoreBookError(f"{field}: {e}") from None
    n = whole(number, field, 1, campaign.FLOOR_COUNT, error=ScoreBookError)
    return campaign.floor(n)


def _record_text(record: Any, floor: Any, players: int, remaining: int, lost: bool, replay: bool) -> str:
    """The canonical JSON text of a ride's record (compact, keys in the record's order).

    With ``replay`` the record is replayed and must be a finished game of this floor that agrees with
    the ride (players, remaining cards, lost); without it (an import) it must pass the strict record
    parser and name this floor's rules and the ride's players.
    """
    if isinstance(record, Game):
        game: Game | None = record
        rec = record.to_record()
    elif isinstance(record, (dict, str, bytes)):
        try:
            rec = parse_record(record, Game.RECORD_FORMAT)
            game = Game.from_record(rec) if replay else None
        except RecordError as e:
            raise ScoreBookError(f"record: {e}") from None
    else:
        raise ScoreBookError(f"record must be a finished Game, its record (dict) or the record's JSON text, or None "
                             f"for a ride typed in by hand; not {short(record)} ({type(record).__name__}).")
    if rec["players"] != players:
        raise ScoreBookError(f"record: the game has {plural(rec['players'], 'player')}, but the ride says {players}.")
    try:
        rules = Rules.from_dict(rec["rules"])
    except PaternosterError as e:
        raise ScoreBookError(f"record: field 'rules': {e}") from None
    if rules != floor.rules:
        raise ScoreBookError(f"record: the game was not played with the rules of floor {floor.number} "
                             f"({floor.name}); a ride's record must be a game of its floor (rules §15.1).")
    if game is not None:
        result = game.result
        if result is None:
            raise ScoreBookError("record: the game is not over yet; store a ride when its game has ended.")
        if result.remaining != remaining:
            raise ScoreBookError(f"record: the game ended with {plural(result.remaining, 'remaining card')}, but the "
                                 f"ride says {remaining}.")
        if (result.outcome == "lost") != lost:
            raise ScoreBookError(f"record: the game was {'' if result.outcome == 'lost' else 'not '}lost, but the ride "
                                 f"says lost={lost}.")
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_RIDE_RECORD_BYTES:
        raise ScoreBookError(f"record: the game record has more than {MAX_RIDE_RECORD_BYTES:,} bytes; a campaign "
                             "ride's record is far smaller.")
    return text


def check_ride(group: str, floor_number: int | str, *, players: int, remaining: int, delivered: bool = True,
               lost: bool = False, played_on: date | None = None, record: Any = None,
               stars: int | None = None, replay: bool = True) -> Ride:
    """Check a ride's values and compute its stars (rules §15.2), without any score book.

    Args:
        group: the group's name (1–80 characters, no control characters).
        floor_number: 1 .. :data:`paternoster.campaign.FLOOR_COUNT`, or a floor's name (as
            :func:`paternoster.campaign.floor` takes it, e.g. ``"Probefahrt"``).
        players: 1–5, and a count the floor's rules allow.
        remaining: cards left at the end, 0 .. the cards of the floor's rules less its passengers.
        delivered: every passenger delivered; must stay ``True`` on a floor without passengers.
        lost: the game was lost at once.
        played_on: a :class:`datetime.date` (not a datetime); ``None`` is today.
        record: ``None`` (typed in by hand) or the ride's finished game: a :class:`~paternoster.lift.game.Game`,
            its record dict or JSON text.  It must replay (rules of the floor, the same players, remaining
            cards and loss); it is stored as canonical JSON text.
        stars: ``None`` to compute them; otherwise (an import) they must equal the computed stars.
        replay: replay the record (a Game is never replayed).  The imports pass ``False``: a record is
            then checked by the strict record parser and must name the floor's rules and the ride's
            players, but is not replayed (a replay takes about 0.1–0.2 s; the record was replayed
            when its ride was first stored, and :meth:`Ride.game` replays it when it is shown).

    Returns:
        a :class:`Ride` with ``id=None``.

    Raises:
        ScoreBookError: naming the first field that is wrong and what it must be.
    """
    name = check_group_name(group, "group")
    fl = _floor(floor_number)
    players = whole(players, "players", 1, MAX_PLAYERS, error=ScoreBookError)
    try:
        fl.rules.check_players(players)
    except PaternosterError as e:
        raise ScoreBookError(f"players: floor {fl.number} ({fl.name}): {e}") from None
    remaining = whole(remaining, "remaining cards", 0, fl.rules.cards - fl.passengers, error=ScoreBookError)
    delivered = check_bool(delivered, "delivered", ScoreBookError)
    lost = check_bool(lost, "lost", ScoreBookError)
    if not delivered and not fl.passengers:
        raise ScoreBookError(f"delivered: floor {fl.number} ({fl.name}) has no passengers; leave delivered as True.")
    if played_on is None:
        played_on = date.today()
    if not isinstance(played_on, date) or hasattr(played_on, "hour"):
        raise ScoreBookError(f"played_on must be a date such as datetime.date(2026, 12, 1) (not a datetime), "
                             f"not {short(played_on)} ({type(played_on).__name__}).")
    latest = date.today() + timedelta(days=1)  # one day of grace for a book filled in another time zone
    if played_on > latest:
        raise ScoreBookError(f"played_on {played_on.isoformat()} is in the future; a ride is recorded on or after "
                             f"the day it was played (at the latest {latest.isoformat()}).")
    text = None if record is None else _record_text(record, fl, players, remaining, lost, replay)
    earned = floor_stars(fl, remaining, delivered=delivered, lost=lost)
    if stars is not None:
        given = whole(stars, "stars", 0, 3, error=ScoreBookError)
        if given != earned:
            raise ScoreBookError(f"stars: {given}, but floor {fl.number} ({fl.name}) with "
                                 f"{plural(remaining, 'remaining card')}{', lost' if lost else ''}"
                                 f"{'' if delivered else ', passengers not delivered'} earns {plural(earned, 'star')} (rules §15.2).")
    return Ride(name, fl.number, played_on, players, remaining, delivered, lost, earned, text)

