"""A game seen as a card table: the small game-side adapter behind the card-table widget.

The widget (``widgets.CardTable``) is game-agnostic: it draws whatever
:meth:`PaternosterTable.view` describes — piles, hands, counters, buttons and,
for every card the player to move holds, the piles it may go to — and sends
back plain action dicts to :meth:`PaternosterTable.act`.  Every rule stays here
in the engine; the view is JSON (strings, numbers, lists, dicts) only.

Action dicts (what the front end sends):

* ``{"type": "play", "card": "4♦", "pile": 0}`` — play a card of the player to move.
* ``{"type": "end"}`` — end the turn (``"token": true``: with an emergency token, Notruf-Marken).
* ``{"type": "big-setback", "card": "8♥", "pile": 0}`` — a big setback with a token (Notruf-Marken).
* ``{"type": "pass-card", "card": "4♦", "to": 1}`` — give a card to seat ``to`` (Weitergeben).
* ``{"type": "signal", "seat": 1, "pile": 0, "kind": "help"}`` — post a pile signal (``kind`` None withdraws).
* ``{"type": "timeout"}`` — the hourglass ran out (Sanduhr; the front end owns the clock).
* ``{"type": "undo"}`` — take back the last action.
* ``{"type": "computer"}`` — the computer player takes the rest of this turn.

>>> from paternoster import examples
>>> t = PaternosterTable(examples.anna_turn())
>>> [p["kind"] for p in t.view()["targets"]["4♦"]]
['normal', 'normal']
>>> t.act({"type": "play", "card": "3♥", "pile": 0})["rule"]
'up-pile-order'
"""

from __future__ import annotations

from typing import Any

from .bots import SimplePlayer
from .codec import ACTION_TYPES, action_from_dict
from ..core.table import TableAdapter, TableView, card_view
from .game import BigSetback, EndTurn, Game, Play
from .ladder import BIG_SETBACK
from . import texts

__all__ = ["TableAdapter", "PaternosterTable", "card_view"]


class PaternosterTable(TableAdapter):
    game: Game
    """Adapter from a :class:`~paternoster.lift.game.Game` to the card-table view.

    Args:
        game: the game to show and change (it is changed in place by :meth:`act`).
        open_hands: show every hand face up (teacher's choice); otherwise only the
            hand of the player to move is face up.
        notation: ``"en"`` (J Q K) or ``"de"`` (B D K) for card labels and words.
        computer: the computer player used for ``{"type": "computer"}``.
    """

    game_name = "paternoster"
    game_type = Game

    def _default_computer(self) -> Any:
        return SimplePlayer()

    # ------------------------------------------------------------------ view
    def view(self) -> TableView:
        """The whole table as JSON-ready data (see the module doc for its use).

        Keys: ``game``, ``status`` (one sentence), ``over`` (bool), ``piles`` (list of
        ``{id, name, direction, arrow, top (card or None), count}``), ``hands`` (list of
        ``{seat, name, to_move, count, cards (list of cards, or None when face down)}``),
        ``counters`` (list of ``{label, value}``), ``targets`` (card id → list of
        ``{pile, kind, skipped, text}``: the engine's legal plays), ``buttons`` (list of
        ``{action, label, enabled}``), ``log`` (the last sentences, oldest first).
        """
        g, n = self.game, self.notation
        piles = [{"id": p.index, "name": p.name, "direction": p.direction,
                  "arrow": "↑" if p.direction == "up" else "↓",
                  "top": card_view(p.top, n) if p.top else None, "count": len(p.cards)} for p in g.piles]
        hands = []
        for seat, (name, hand) in enumerate(zip(g.names, g.hands)):
            mover = seat == g.to_move and not g.is_terminal()
            shown = self.open_hands or mover or g.is_terminal()
            hands.append({"seat": seat, "name": name, "to_move": mover, "count": len(hand),
                          "cards": [card_view(c, n) for c in sorted(hand)] if shown else None})
        targets: dict[str, list[dict[str, Any]]] = {}
        for lp in g.legal_plays():
            words = texts.cost_words(lp.kind, lp.skipped, lp.card, g.piles[lp.pile].top)  # rules §5
            targets.setdefault(lp.card.label("en"), []).append(
                {"pile": lp.pile, "kind": lp.kind, "skipped": lp.skipped, "text": texts.target_text(lp.kind, words)})
        over = g.is_terminal()
        counters: list[dict[str, Any]] = [
            {"label": "Draw pile", "value": len(g.draw_pile)},
            {"label": "Setback this turn", "value": g.setbacks_word},
            {"label": "Still to play", "value": 0 if over else g.still_to_play},
            {"label": "Remaining cards", "value": g.remaining},
        ]
        r = g.rules
        if r.tokens:
            counters.append({"label": "Emergency tokens", "value": g.tokens})
        if r.passengers:
            counters.append({"label": "Next passenger",
                             "value": g.next_passenger.label(n) if g.next_passenger else "all delivered"})
        if r.fire:
            counters.append({"label": "Burning", "value": " ".join(
                f"{c.label(n)} on {g.piles[p].name}" for p, c, _ in g.burning) or "none"})
        if r.commands != "none":
            counters.append({"label": "Commands", "value": "; ".join(
                f"{name}" + (f" ({g.piles[p].name})" if p is not None else "")
                for p, name, _ in g.active_commands) or "none"})
        buttons = [
            {"action": "end", "label": "End turn", "enabled": not over and g.minimum_met},
            {"action": "undo", "label": "Undo", "enabled": bool(g.actions)},
            {"action": "computer", "label": "Computer plays this turn", "enabled": not over},
        ]
        if r.tokens:
            buttons.insert(1, {"action": "end-token", "label": "End turn with a token",
                               "enabled": g.check(EndTurn(token=True)) is None})
        if r.hourglass:
            buttons.insert(1, {"action": "timeout", "label": "Time is up", "enabled": not over})
        return {"game": self.game_name, "status": self.status(), "over": over, "piles": piles,
                "hands": hands, "counters": counters, "targets": targets, "buttons": buttons,
                "log": g.log[-4:], "signals": {str(p): [{"seat": s, "kind": k} for s, k in v]
                                               for p, v in g.signals.items()}}

    def status(self) -> str:
        """One sentence: whose turn and what is still needed, or how the game ended."""
        g = self.game
        if g.is_terminal():
            return g.log[-1] if g.log else texts.GAME_OVER_STATUS
        return texts.status_line(g.turn, g.names[g.to_move], g.still_to_play, g.turn_minimum, g.setbacks_word)

    # ------------------------------------------------------------------ actions
    def _act(self, kind: Any, action: Any) -> dict[str, Any]:
        """One action of :meth:`TableAdapter.act`; the engine's refusals are raised."""
        g = self.game
        if kind == "end-token":
            g.end_turn(token=True)
            return self._ok(g.sentences(len(g.actions)))
        act = action_from_dict(action) if kind in ACTION_TYPES else None  # the game's codec, as in records
        if act is not None:
            if isinstance(act, Play) and any(lp.kind == BIG_SETBACK and lp.card == act.card and lp.pile == act.pile
                                             for lp in g.legal_plays()):
                # A click on a pile the view offered as a big setback spends the token (Notruf-Marken):
                # the front end has one "play" gesture for every kind of legal play.
                act = BigSetback(act.card, act.pile)
            g.apply_action(act)
            return self._ok(g.sentences(len(g.actions)))
        if kind == "undo":
            undone = g.undo()
            return self._ok([texts.undone(undone, [p.name for p in g.piles], g.names, self.notation)])
        if kind == "computer":
            start = len(g.actions)
            self.computer.play_turn(g)
            said = [s for k in range(start + 1, len(g.actions) + 1) for s in g.sentences(k)]
            return self._ok(said or [texts.COMPUTER_IDLE])
        return {"ok": False, "rule": "bad-action", "message": texts.bad_table_action(action)}

    def __repr__(self) -> str:
        return f"PaternosterTable({self.game!r}, open_hands={self.open_hands}, notation={self.notation!r})"
