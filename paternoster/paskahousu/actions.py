"""Paskahousu's value types and codec: the three actions, their JSON form (``to_json()``,
:func:`action_from_json` for records, :func:`action_from_dict` for the card table), the record's field
readers, and the result of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Union

from ..core.cards import Card, parse_cards
from ..core.errors import RecordError
from ..core.records import card_list as record_cards, record_field
from ..core.checks import short

__all__ = ["PlayCards", "PickUp", "TryYourLuck", "Action", "LegalPlay", "PaskahousuResult", "action_from_json",
           "action_from_dict", "record_field", "record_cards", "PLAY_TYPE", "PICK_UP_TYPE", "TRY_YOUR_LUCK_TYPE",
           "ACTION_TYPES"]


# --------------------------------------------------------------------------- actions

# The ``type`` of each action's JSON dict (records, the card table).
PLAY_TYPE = "play"
PICK_UP_TYPE = "pick-up"
TRY_YOUR_LUCK_TYPE = "try-your-luck"
#: The action types of records.
ACTION_TYPES = (PLAY_TYPE, PICK_UP_TYPE, TRY_YOUR_LUCK_TYPE)


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


Action = Union[PlayCards, PickUp, TryYourLuck]


def action_from_json(d: Any) -> Action:
    """The action a ``to_json()`` dict describes.

    Raises:
        RecordError: not one of ``{"type": "play", "cards": [...]}``, ``{"type": "pick-up"}``,
            ``{"type": "try-your-luck"}``; CardParseError: a card cannot be read.

    >>> action_from_json({"type": "play", "cards": ["8♣", "8♦"]}) == PlayCards("8♦ 8♣")
    True
    """
    kind = d.get("type") if isinstance(d, dict) else None
    if kind in (PICK_UP_TYPE, TRY_YOUR_LUCK_TYPE) or (kind == PLAY_TYPE and isinstance(d.get("cards"), list)):
        action = action_from_dict(d)
        if action is not None:
            return action
    raise RecordError(f"{short(d)} is not a Paskahousu action: write {{'type': 'play', 'cards': ['8♣', '8♦']}}, "
                      f"{{'type': 'pick-up'}} or {{'type': 'try-your-luck'}}.")


def action_from_dict(d: Mapping[str, Any]) -> Action | None:
    """The action of an action dict as the card table sends it, or ``None`` for a ``type`` that is none
    of :data:`ACTION_TYPES`.  A play's cards may be ``"cards"`` (a list, or text such as ``"8♥ 8♠"``) or
    ``"card"`` (text); records use :func:`action_from_json`, which wants the list.

    Raises:
        CardParseError: a card cannot be read.

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
    return None


@dataclass(frozen=True)
class LegalPlay:
    """One play the rules allow the player to move, with its verdict.

    Attributes:
        action: the :class:`PlayCards` to apply.
        burns: ``True`` when the play burns the discard pile (the acceptance table says so, or four
            cards of one rank then lie on top); the player then plays again.
    """

    action: PlayCards
    burns: bool


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
