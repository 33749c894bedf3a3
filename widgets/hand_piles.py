"""HandPilesTable: the live hand × piles grid of a game, with Play / End turn / Undo.

Thin: what is legal now comes from :meth:`paternoster.Game.legal_plays`; a
setback that fits the pile but is blocked because the turn's setback is used is
found with :meth:`paternoster.Pile.fits` and explained by :meth:`paternoster.Game.why_not`;
every refusal shown is the engine's :class:`paternoster.Refusal` message, and
every play goes through :meth:`paternoster.Game.play` (which leaves the game
unchanged when it refuses).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from paternoster import (SETBACK, Card, CardParseError, EndTurn, Game, IllegalPlayError, LegalPlay, Play,
                         cards_html, parse_card)

from ._common import CELL, HEAD, MARKED, TABLE, esc, text_block

__all__ = ["HandPilesTable"]

_ARROW = {"up": "↑", "down": "↓"}


class HandPilesTable(widgets.VBox):
    """A hand × piles grid for the player to move, with controls to play.

    Args:
        game: the :class:`paternoster.Game` to show and play (it is changed in place by
            the controls).  Default: ``Game.new(players=2, seed=0)``.

    Each cell says, from the engine, whether the row's card may go on the column's pile now:
    ``fits (n skipped)`` (``fits (opens the pile, gives up n)`` on an empty pile),
    ``setback (wins back n)``, ``setback — used this turn`` (it fits as a setback but this
    turn's setback is used; the engine's reason is listed under the grid) or ``no``.

    Drive from code::

        t = HandPilesTable(paternoster.examples.ben_setback())
        t.play("9♥", "up 1")       # same path as the Play button; returns the LegalPlay or None
        t.message                  # the engine's log sentence, or its refusal message
        t.cell("8♥", 0)            # 'setback — used this turn'
        t.end_turn(); t.undo()
        t.game = other_game        # replacing the game refreshes the grid

    Attributes:
        game: the game shown (settable).
        card, pile: the :class:`ipywidgets.Dropdown` controls (values: a Card, a pile index).
        play_button, end_button, undo_button: the buttons.
        status_html, grid_html, notes_html, message_html: the :class:`ipywidgets.HTML` parts.
    """

    def __init__(self, game: Game | None = None) -> None:
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"HandPilesTable needs a paternoster.Game, not {type(game).__name__}; "
                            "e.g. HandPilesTable(Game.new(players=2, seed=0)).")
        self._game = game if game is not None else Game.new(players=2, seed=0)
        self._message = ""
        self._message_is_error = False
        self.status_html = widgets.HTML()
        self.grid_html = widgets.HTML()
        self.notes_html = widgets.HTML()
        self.card = widgets.Dropdown(description="Card", options=[])
        self.pile = widgets.Dropdown(description="Pile", options=[])
        self.play_button = widgets.Button(description="Play", icon="play",
                                          tooltip="Play the chosen card on the chosen pile")
        self.end_button = widgets.Button(description="End turn", icon="step-forward",
                                         tooltip="End the turn and draw back up to the hand size")
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="Take back the last action")
        self.message_html = widgets.HTML()
        self.play_button.on_click(lambda _: self.play(self.card.value, self.pile.value))
        self.end_button.on_click(lambda _: self.end_turn())
        self.undo_button.on_click(lambda _: self.undo())
        super().__init__([self.status_html, self.grid_html, self.notes_html,
                          widgets.HBox([self.card, self.pile]),
                          widgets.HBox([self.play_button, self.end_button, self.undo_button]),
                          self.message_html])
        self.refresh()

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The game shown; setting another game clears the message and refreshes."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"HandPilesTable.game must be a paternoster.Game, not {type(game).__name__}.")
        self._game = game
        self._set_message("")
        self.refresh()

    @property
    def message(self) -> str:
        """The last message as plain text: the engine's log sentence after an action, or its refusal."""
        return self._message

    # ------------------------------------------------------------------ actions (buttons and code)
    def play(self, card: str | Card | None, pile: int | str | None) -> LegalPlay | None:
        """Play ``card`` on ``pile`` through the engine (the Play button calls this too).

        Args:
            card: a card or its text in any notation.
            pile: a pile index (0-based) or name (``"up 1"``).

        Returns:
            The :class:`paternoster.LegalPlay` made, or ``None`` when the engine refused
            (its message is then in :attr:`message` and the game is unchanged).
        """
        if card is None or pile is None:
            self._set_message("Choose a card and a pile first." if not self._game.is_over()
                              else self._refusal_text(EndTurn()), error=True)
            return None
        try:
            made = self._game.play(card, pile)
        except IllegalPlayError as e:
            self._set_message(e.refusal.message, error=True)
            return None
        except CardParseError as e:
            self._set_message(str(e), error=True)
            return None
        self._after_action()
        return made

    def end_turn(self) -> bool:
        """End the turn through the engine (the End turn button calls this). True if it ended."""
        try:
            self._game.end_turn()
        except IllegalPlayError as e:
            self._set_message(e.refusal.message, error=True)
            return False
        self._after_action()
        return True

    def undo(self) -> bool:
        """Take back the last action (the Undo button calls this). True if something was undone."""
        log_before = list(self._game.log)
        try:
            action = self._game.undo()
        except IllegalPlayError as e:
            self._set_message(e.refusal.message, error=True)
            return False
        taken = [s for s in log_before[len(self._game.log):]]
        what = " ".join(taken) if taken else repr(action)
        self._set_message(f"Undone: {what}")
        self.refresh()
        return True

    def _after_action(self) -> None:
        self._set_message(self._game.log[-1] if self._game.log else "")
        self.refresh()

    def _set_message(self, text: str, *, error: bool = False) -> None:
        self._message, self._message_is_error = text, error
        self.message_html.value = text_block(text, error=error, live=True)

    def _refusal_text(self, action: Any) -> str:
        r = self._game.check(action)
        return r.message if r is not None else ""

    # ------------------------------------------------------------------ the grid
    def cell(self, card: str | Card, pile: int | str) -> str:
        """The text of one grid cell: ``fits (n skipped)``, ``setback (wins back n)``,
        ``setback — used this turn`` or ``no``.

        Raises:
            CardParseError: ``card`` cannot be read;
            IllegalPlayError: no such pile (rule ``no-such-pile``).
        """
        c = parse_card(card)
        p = self._game.pile(pile)
        legal = {(lp.card, lp.pile): lp for lp in self._game.legal_plays()}
        return self._cell(c, p.index, legal)[0]

    def _cell(self, card: Card, index: int, legal: dict) -> tuple[str, str | None]:
        """(cell text, explanation or None) — every verdict from the engine."""
        g = self._game
        lp = legal.get((card, index))
        pile = g.piles[index]
        if lp is not None:
            if lp.kind == SETBACK:
                return f"setback (wins back {-lp.skipped})", None
            if pile.top is None:
                return f"fits (opens the pile, gives up {lp.skipped})", None
            return f"fits ({lp.skipped} skipped)", None
        refusal = g.check(Play(card, index))
        why = refusal.message if refusal is not None else None
        if refusal is not None and refusal.rule == "one-setback-per-turn":
            return "setback — used this turn", why
        return "no", why

    def refresh(self) -> None:
        """Redraw everything from the game's current state (call after changing the game in code)."""
        g = self._game
        legal = {(lp.card, lp.pile): lp for lp in g.legal_plays()}
        hand_cards = sorted(set(g.hand))
        over = g.is_over()

        who = g.names[g.to_move]
        if over:
            status = text_block(self._refusal_text(EndTurn()))
        else:
            played = self._played_this_turn()
            played_txt = " ".join(str(c) for c in played)
            if len(played) < g.played_this_turn:
                played_txt = (played_txt + " " if played_txt else "") + \
                    f"(+{g.played_this_turn - len(played)} before this position)"
            status = (
                f'<div><b>Turn {g.turn}: {esc(who)} to move</b> · hand {cards_html(sorted(g.hand))}</div>'
                f"<div>Setback used this turn: <b>{'yes' if g.setback_used else 'no'}</b> · "
                f"minimum this turn {g.turn_minimum}, still to play <b>{g.still_to_play}</b> · "
                f"played this turn: {g.played_this_turn}"
                f"{' (' + esc(played_txt) + ')' if g.played_this_turn else ''} · "
                f"draw pile {len(g.draw_pile)}</div>")
        self.status_html.value = status

        heads = []
        for p in g.piles:
            top = cards_html([p.top]) if p.top else "<i>empty</i>"
            heads.append(f'<th scope="col" style="{HEAD}">{_ARROW[p.direction]} {esc(p.name)}<br>{top}</th>')
        rows, notes = [], []
        for card in hand_cards:
            n = g.hand.count(card)
            label = cards_html([card]) + (f" ×{n}" if n > 1 else "")
            cells = []
            for p in g.piles:
                text, why = self._cell(card, p.index, legal)
                style = CELL
                if text.startswith("fits") or text.startswith("setback ("):
                    style += ";" + MARKED
                elif text.startswith("setback —"):
                    style += ";border-style:dashed;font-style:italic"
                    notes.append(why or "")
                title = f' title="{esc(why)}"' if why else ""
                cells.append(f'<td style="{style}"{title}>{esc(text)}</td>')
            rows.append(f'<tr><th scope="row" style="{HEAD}">{label}</th>{"".join(cells)}</tr>')
        if not hand_cards:
            rows.append(f'<tr><td colspan="{len(g.piles) + 1}" style="{CELL}"><i>no cards in hand</i></td></tr>')
        self.grid_html.value = (
            f'<table class="pn-hand-piles" style="{TABLE}"><caption style="caption-side:top;text-align:left">'
            f"{esc(who)}'s hand × the piles: where each card may go now (from the engine)</caption>"
            f'<tr><th style="{HEAD}">card</th>{"".join(heads)}</tr>{"".join(rows)}</table>')
        self.notes_html.value = "".join(text_block(s) for s in notes)

        keep_card, keep_pile = self.card.value, self.pile.value
        self.card.options = [(f"{c}" + (f" ×{g.hand.count(c)}" if g.hand.count(c) > 1 else ""), c)
                             for c in hand_cards]
        if keep_card in hand_cards:
            self.card.value = keep_card
        self.pile.options = [(f"{_ARROW[p.direction]} {p.name} (top {p.top if p.top else 'empty'})", p.index)
                             for p in g.piles]
        if keep_pile is not None and keep_pile < len(g.piles):
            self.pile.value = keep_pile
        for w in (self.card, self.pile, self.play_button):
            w.disabled = over or not hand_cards
        self.end_button.disabled = over
        self.undo_button.disabled = not g.actions

    def _played_this_turn(self) -> list[Card]:
        """The cards played this turn that the game's action list shows (display only)."""
        out: list[Card] = []
        for a in reversed(self._game.actions):
            if not isinstance(a, Play):
                break
            out.append(a.card)
        return out[::-1]

    def __repr__(self) -> str:
        g = self._game
        state = "over" if g.is_over() else f"to_move={g.names[g.to_move]!r}"
        return f"HandPilesTable(turn={g.turn}, {state}, hand={len(g.hand)}, piles={len(g.piles)})"
