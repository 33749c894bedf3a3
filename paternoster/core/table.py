"""What the card-table adapters of both games share: the card view and the adapter base."""

from __future__ import annotations

from typing import Any

from .cards import Card, Notation
from .errors import CardParseError, IllegalPlayError, PaternosterError
from .checks import short

__all__ = ["TableAdapter", "card_view"]


def card_view(card: Card, notation: Notation = "en") -> dict[str, Any]:
    """One card for the front end: ``id`` (English label, what actions send back), ``label``,
    ``words`` (for screen readers), ``suit`` symbol and ``red``."""
    return {"id": card.label("en"), "label": card.label(notation), "words": card.words(notation),
            "suit": card.suit.symbol, "red": card.suit.is_red}


class TableAdapter:
    """What every game's card-table adapter shares: the game, the display switches, the computer
    player, and the answer to an action.  A game's adapter sets ``game_name``, ``game_type``
    and ``_default_computer`` and writes ``view()`` and ``_act()``; :meth:`act` turns the engine's
    refusals into answers for the front end.

    Raises:
        TypeError: ``game`` is not a ``game_type``; ValueError: ``notation`` is not "en" or "de".
    """

    game_name = ""
    game_type: type = object

    def __init__(self, game: Any, *, open_hands: bool = False, notation: Notation = "en",
                 computer: Any = None) -> None:
        t = self.game_type
        if not isinstance(game, t):
            raise TypeError(f"{type(self).__name__} needs a {t.__module__.rsplit('.', 1)[0]}.{t.__name__}, "
                            f"not {type(game).__name__}.")
        if notation not in ("en", "de"):
            raise ValueError(f"notation must be 'en' or 'de', not {short(notation)}.")
        self.game = game
        self.open_hands = bool(open_hands)
        self.notation: Notation = notation
        self.computer = computer if computer is not None else self._default_computer()

    def _default_computer(self) -> Any:
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
