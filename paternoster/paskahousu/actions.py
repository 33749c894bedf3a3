"""Paskahousu's value types and codec: the actions, their JSON form (``to_json()``,
:func:`action_from_json` for records, :func:`action_from_dict` for the card table), the record's field
readers, and the result of a game.

Besides the three moves of the standard game (play, pick up, try your luck) two house rules add
actions (Paskahousu rules §11): Pöytäpaska turns a face-down table card over
(:class:`TurnTableCard`; face-up table cards are played with :class:`PlayCards`), and Valepaska lays
cards face down with an announced rank (:class:`Announce`), after which the other players in turn
check it (:class:`CheckAnnouncement`) or let it pass (:class:`LetPass`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..core.errors import ArgumentError
from ..core.cards import Card, parse_cards
from ..core.errors import RecordError
from ..core.records import card_list as record_cards, record_field
from ..core.checks import short

__all__ = ["PlayCards", "PickUp", "TryYourLuck", "TurnTableCard", "Announce", "CheckAnnouncement", "LetPass",
           "Action", "LegalPlay", "PaskahousuResult", "action_from_json",
           "action_from_dict", "record_field", "record_cards", "PLAY_TYPE", "PICK_UP_TYPE", "TRY_YOUR_LUCK_TYPE",
           "TURN_TABLE_CARD_TYPE", "ANNOUNCE_TYPE", "CHECK_TYPE", "LET_PASS_TYPE", "ACTION_TYPES", "rank_label",
           "parse_rank"]


# --------------------------------------------------------------------------- actions

# The ``type`` of each action's JSON dict (records, the card table).
PLAY_TYPE = "play"
PICK_UP_TYPE = "pick-up"
TRY_YOUR_LUCK_TYPE = "try-your-luck"
TURN_TABLE_CARD_TYPE = "turn-table-card"   # Pöytäpaska (Paskahousu rules §11.10)
ANNOUNCE_TYPE = "announce"                 # Valepaska (Paskahousu rules §11.12)
CHECK_TYPE = "check"
LET_PASS_TYPE = "let-pass"
#: The action types of records.
ACTION_TYPES = (PLAY_TYPE, PICK_UP_TYPE, TRY_YOUR_LUCK_TYPE, TURN_TABLE_CARD_TYPE, ANNOUNCE_TYPE, CHECK_TYPE,
                LET_PASS_TYPE)

_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_TEXT = {"A": 1, "1": 1, "T": 10, "J": 11, "B": 11, "Q": 12, "D": 12, "K": 13,
              **{str(n): n for n in range(2, 11)}}
_MAX_SEAT = 9


def rank_label(rank: int) -> str:
    """The English label of a card rank (1 = ace … 13 = king): ``'A'``, ``'2'`` … ``'10'``, ``'J'``, ``'Q'``, ``'K'``."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
        raise ArgumentError(f"rank must be a card rank, 1 (ace) to 13 (king), not {short(rank)}.")
    return _RANK_LABELS.get(rank, str(rank))


def parse_rank(value: Any, field: str = "rank") -> int:
    """A rank as a card rank number 1 (ace) … 13 (king), from a number or text (``'8'``, ``'10'``, ``'J'``/``'B'``,
    ``'Q'``/``'D'``, ``'K'``, ``'A'``, any case).

    Raises:
        ValueError: anything else (the field is named).

    >>> parse_rank("b"), parse_rank(8), parse_rank("A")
    (11, 8, 1)
    """
    if isinstance(value, str) and value.strip().upper() in _RANK_TEXT:
        return _RANK_TEXT[value.strip().upper()]
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return int(value)
    raise ArgumentError(f"{field}: {short(value)} is not a rank; give '3' … '10', 'J' (or 'B'), 'Q' (or 'D'), 'K', "
                     f"'A' or '2' (suits do not matter).")


def _seat(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_SEAT:
        raise ArgumentError(f"{what}: the seat must be a whole number 0 … {_MAX_SEAT}, not {short(value)}.")
    return int(value)


def _cards_arg(cards: Any) -> tuple[Card, ...]:
    if isinstance(cards, Card):
        return (cards,)
    if cards is None:
        return ()
    return tuple(sorted(parse_cards(cards)))


@dataclass(frozen=True)
class PlayCards:
    """Action: play one or more cards of one rank from the hand of the player to move.

    ``cards`` may be given as text (``"8♣ 8♦"``), a list, or one Card; they are kept
    sorted (♦ ♥ ♠ ♣ within a rank), so the same cards always make an equal action.

    Raises:
        CardParseError: a card cannot be read.

    >>> PlayCards("8♣ 8♦")
    PlayCards(cards=(Card('8♦'), Card('8♣')))
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_arg(self.cards))

    def to_json(self) -> dict[str, Any]:
        return {"type": PLAY_TYPE, "cards": [c.label("en") for c in self.cards]}


@dataclass(frozen=True)
class PickUp:
    """Action: pick up the whole discard pile into the hand (Paskahousu rules §5.3)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": PICK_UP_TYPE}


@dataclass(frozen=True)
class TryYourLuck:
    """Action: try your luck — turn over the top card of the draw pile (Paskahousu rules §5.4)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": TRY_YOUR_LUCK_TYPE}


@dataclass(frozen=True)
class TurnTableCard:
    """Action (Pöytäpaska, Paskahousu rules §11.10): turn over one of your face-down table cards, blind.

    ``slot`` counts the player's face-down cards still on the table, from 0 (the kit lays them in a row and
    closes gaps).  Nobody knows the card before it is turned: if it is a legal play it is played, otherwise
    the player takes it and the discard pile into the hand.

    Raises:
        ValueError: ``slot`` is not a whole number 0 … 3.
    """

    slot: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.slot, bool) or not isinstance(self.slot, int) or not 0 <= self.slot <= 3:
            raise ArgumentError(f"TurnTableCard: slot is the place of a face-down table card, 0 … 3, not "
                             f"{short(self.slot)}.")

    def to_json(self) -> dict[str, Any]:
        return {"type": TURN_TABLE_CARD_TYPE, "slot": self.slot}


@dataclass(frozen=True)
class Announce:
    """Action (Valepaska, Paskahousu rules §11.12): lay ``cards`` face down and announce them as ``rank``.

    The cards may be any cards of the hand — the announcement may be a lie; the count laid is the count
    announced.  ``rank`` is a card rank (1 = ace … 13 = king, or text such as ``'8'``, ``'K'``, ``'A'``).

    Raises:
        CardParseError: a card cannot be read; ValueError: ``rank`` is no rank.

    >>> Announce("4♠ 8♦", "8")
    Announce(cards=(Card('4♠'), Card('8♦')), rank=8)
    >>> Announce("4♠ 8♦", "8").to_json()
    {'type': 'announce', 'cards': ['4♠', '8♦'], 'rank': '8'}
    """

    cards: tuple[Card, ...]
    rank: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards_arg(self.cards))
        object.__setattr__(self, "rank", parse_rank(self.rank, "Announce rank"))

    def to_json(self) -> dict[str, Any]:
        return {"type": ANNOUNCE_TYPE, "cards": [c.label("en") for c in self.cards], "rank": rank_label(self.rank)}


@dataclass(frozen=True)
class CheckAnnouncement:
    """Action (Valepaska): player ``seat`` checks the open announcement — the cards are turned face up.

    A lie: the announcer picks up the discard pile; the truth: the checker picks it up (Paskahousu rules §11.12).

    Raises:
        ValueError: ``seat`` is not a whole number 0 … 9.
    """

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat, "CheckAnnouncement"))

    def to_json(self) -> dict[str, Any]:
        return {"type": CHECK_TYPE, "seat": self.seat}


@dataclass(frozen=True)
class LetPass:
    """Action (Valepaska): player ``seat`` lets the open announcement pass without checking it.

    Raises:
        ValueError: ``seat`` is not a whole number 0 … 9.
    """

    seat: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", _seat(self.seat, "LetPass"))

    def to_json(self) -> dict[str, Any]:
        return {"type": LET_PASS_TYPE, "seat": self.seat}


Action = Union[PlayCards, PickUp, TryYourLuck, TurnTableCard, Announce, CheckAnnouncement, LetPass]


def action_from_json(d: Any) -> Action:
    """The action a ``to_json()`` dict describes.

    Raises:
        RecordError: not one of ``{"type": "play", "cards": [...]}``, ``{"type": "pick-up"}``,
            ``{"type": "try-your-luck"}``, ``{"type": "turn-table-card", "slot": 0}``,
            ``{"type": "announce", "cards": [...], "rank": "8"}``, ``{"type": "check", "seat": 1}``,
            ``{"type": "let-pass", "seat": 1}``; CardParseError: a card cannot be read.

    >>> action_from_json({"type": "play", "cards": ["8♣", "8♦"]}) == PlayCards("8♦ 8♣")
    True
    >>> action_from_json({"type": "announce", "cards": ["4♠"], "rank": "K"})
    Announce(cards=(Card('4♠'),), rank=13)
    """
    kind = d.get("type") if isinstance(d, dict) else None
    if kind in (PICK_UP_TYPE, TRY_YOUR_LUCK_TYPE) or (kind in (PLAY_TYPE, ANNOUNCE_TYPE)
                                                     and isinstance(d.get("cards"), list)) \
            or kind in (TURN_TABLE_CARD_TYPE, CHECK_TYPE, LET_PASS_TYPE):
        try:
            action = action_from_dict(d)
        except ValueError as e:
            raise RecordError(f"{short(d)} is not a Paskahousu action: {e}") from None
        if action is not None:
            return action
    raise RecordError(f"{short(d)} is not a Paskahousu action: write {{'type': 'play', 'cards': ['8♣', '8♦']}}, "
                      f"{{'type': 'pick-up'}} or {{'type': 'try-your-luck'}} (Pöytäpaska also "
                      f"{{'type': 'turn-table-card', 'slot': 0}}; Valepaska {{'type': 'announce', 'cards': ['4♠'], "
                      f"'rank': '8'}}, {{'type': 'check', 'seat': 1}}, {{'type': 'let-pass', 'seat': 1}}).")


def action_from_dict(d: Mapping[str, Any]) -> Action | None:
    """The action of an action dict as the card table sends it, or ``None`` for a ``type`` that is none
    of :data:`ACTION_TYPES`.  A play's cards may be ``"cards"`` (a list, or text such as ``"8♥ 8♠"``) or
    ``"card"`` (text); records use :func:`action_from_json`, which wants the list.

    Raises:
        CardParseError: a card cannot be read; ValueError: a bad ``slot``, ``rank`` or ``seat``.

    >>> action_from_dict({"type": "play", "card": "8♥ 8♠"})
    PlayCards(cards=(Card('8♥'), Card('8♠')))
    """
    kind = d.get("type")
    if kind == PICK_UP_TYPE:
        return PickUp()
    if kind == TRY_YOUR_LUCK_TYPE:
        return TryYourLuck()
    if kind == PLAY_TYPE:
        return PlayCards(tuple(parse_cards(d.get("cards", d.get("card", "")))))
    if kind == TURN_TABLE_CARD_TYPE:
        return TurnTableCard(d.get("slot", 0))
    if kind == ANNOUNCE_TYPE:
        return Announce(tuple(parse_cards(d.get("cards", d.get("card", "")))), d.get("rank", 0))
    if kind == CHECK_TYPE:
        return CheckAnnouncement(d.get("seat", -1))
    if kind == LET_PASS_TYPE:
        return LetPass(d.get("seat", -1))
    return None


@dataclass(frozen=True)
class LegalPlay:
    """One play the rules allow the player to move, with its verdict.

    Attributes:
        action: the :class:`PlayCards` to apply (face-up table cards in Pöytäpaska too), a
            :class:`TurnTableCard` (Pöytäpaska's blind card) or an :class:`Announce` (Valepaska).
        burns: ``True`` when the play burns the discard pile (the acceptance table says so, or four
            cards of one rank then lie on top); the player then plays again.  ``None`` for a blind
            face-down table card: nobody knows it before it is turned.  For an announcement: whether it
            burns if nobody checks it.
    """

    action: "PlayCards | TurnTableCard | Announce"
    burns: bool | None


@dataclass(frozen=True)
class PaskahousuResult:
    """How a game ended (Paskahousu rules §8).

    Attributes:
        outcome: ``"loser"`` or ``"stalemate"`` (the turn cap was reached; Paskahousu rules §8.4, **Decision (kit)**).
        loser: seat of the Paskahousu, the one player still holding cards (``None`` in a stalemate).
        turn: the last turn played (1-based).
        out: seats in the order they went out (safe).
    """

    outcome: str
    loser: int | None
    turn: int
    out: tuple[int, ...]


# record_field and record_cards are the kernel's record readers (one copy for both games)
