"""What every game's card-table adapter shares: the view type, the card view and the adapter base.

The card table's front end (``widgets/card_table.js``) draws a :class:`TableView` and sends action dicts
back to :meth:`TableAdapter.act`; it knows no game.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from .errors import ArgumentError, ArgumentTypeError
from .cards import Card, Notation
from .errors import CardParseError, IllegalPlayError, PaternosterError
from .checks import short

__all__ = ["TableAdapter", "TableView", "CardView", "card_view"]


class CardView(TypedDict):
    """One card for the front end (:func:`card_view`)."""

    id: str
    label: str
    words: str
    suit: str
    red: bool


class TableView(TypedDict):
    """The whole table as JSON-ready data: what the front end draws (one type for every game).

    Keys of the items (the front end reads them; a game may add keys of its own):

    * ``piles``: ``{id, name, direction, arrow, top (a CardView or None), count}`` (``said``: what was
      announced on it);
    * ``hands``: per seat ``{seat, name, to_move, count, cards (CardViews, or None when hidden)}`` (``out``,
      ``table``: a game's extras);
    * ``counters``: ``{label, value}``;
    * ``targets``: card id → ``[{pile, kind, text}]``, where the player to move may play that card;
    * ``buttons``: ``{action, label, enabled}`` (``seat``: who acts);
    * ``choices``: card id → ``[{id, label, action}]``, plays of several cards offered once the card is chosen;
    * ``signals``: pile id → ``[{seat, kind}]``; ``announce``: a chooser ``{label, value, options}``.
    """

    game: str
    status: str
    over: bool
    piles: list[dict[str, Any]]
    hands: list[dict[str, Any]]
    counters: list[dict[str, Any]]
    targets: dict[str, list[dict[str, Any]]]
    buttons: list[dict[str, Any]]
    log: list[str]
    rules: NotRequired[str]
    choices: NotRequired[dict[str, list[dict[str, Any]]]]
    signals: NotRequired[dict[str, list[dict[str, Any]]]]
    announce: NotRequired[dict[str, Any]]
    multi: NotRequired[bool]


def card_view(card: Card, notation: Notation = "en") -> CardView:
    """One card for the front end: ``id`` (English label, what actions send back), ``label``,
    ``words`` (for screen readers), ``suit`` symbol and ``red``."""
    return {"id": card.label("en"), "label": card.label(notation), "words": card.words(notation),
            "suit": card.suit.symbol, "red": card.suit.is_red}


class TableAdapter:
    """What every game's card-table adapter shares: the game, the display switches, the computer
    player, and the answer to an action.  A game's adapter sets ``game_name`` (its registry name),
    ``game_type`` and ``_default_computer`` and writes :meth:`view`, :meth:`status` and ``_act()``;
    :meth:`act` turns the engine's refusals into answers for the front end.

    Raises:
        TypeError: ``game`` is not a ``game_type``; ValueError: ``notation`` is not "en" or "de".
    """

    game_name = ""
    game_type: type = object

    def __init__(self, game: Any, *, open_hands: bool = False, notation: Notation = "en",
                 computer: Any = None) -> None:
        t = self.game_type
        if not isinstance(game, t):
            raise ArgumentTypeError(f"{type(self).__name__} needs a {t.__module__.rsplit('.', 1)[0]}.{t.__name__}, "
                            f"not {type(game).__name__}.")
        if notation not in ("en", "de"):
            raise ArgumentError(f"notation must be 'en' or 'de', not {short(notation)}.")
        self.game = game
        self.open_hands = bool(open_hands)
        self.notation: Notation = notation
        self.computer = computer if computer is not None else self._default_computer()

    def _default_computer(self) -> Any:
        raise NotImplementedError

    def view(self) -> TableView:
        """The whole table now, as the front end draws it."""
        raise NotImplementedError

    def status(self) -> str:
        """One sentence: whose turn and what is needed, or how the game ended."""
        raise NotImplementedError

    @staticmethod
    def _ok(sentences: list[str]) -> dict[str, Any]:
        return {"ok": True, "message": " ".join(sentences), "rule": None}

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Carry out one action dict from the front end (or a notebook cell).

        Returns:
            ``{"ok": bool, "message": str, "rule": str or None}`` — on success the engine's
            sentence(s) for what happened; on refusal the rule's message and id (the game is then
            unchanged): the engine's rule id, ``card-notation`` for an unreadable card, ``bad-action``
            for an action the game does not know.
        """
        kind = action.get("type") if isinstance(action, dict) else None
        try:
            return self._act(kind, action)
        except IllegalPlayError as e:
            return {"ok": False, "message": str(e), "rule": e.rule}
        except CardParseError as e:
            return {"ok": False, "message": str(e), "rule": "card-notation"}
        except (PaternosterError, ValueError) as e:
            return {"ok": False, "message": str(e), "rule": "bad-action"}

    def _act(self, kind: Any, action: Any) -> dict[str, Any]:
        raise NotImplementedError
