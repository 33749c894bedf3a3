"""HandPilesTable: the live hand × piles grid of a game, with Play / End turn / Undo
and, when the rules switch a variant on, its state and its actions.

Thin: what is legal now comes from :meth:`paternoster.Game.legal_plays`; a
play the engine refuses is explained by its :meth:`paternoster.Game.check`
refusal; every refusal shown is the engine's :class:`paternoster.Refusal`
message, and every action goes through :meth:`paternoster.Game.apply_action`
(which leaves the game unchanged when it refuses).  The variant state (tokens,
passengers, burning cards, commands, signals) is read from the game by
:mod:`widgets._variant_state`.
"""

from __future__ import annotations

from typing import Any, cast

import ipywidgets as ipw

from paternoster import (Action, BigSetback, Card,
                         CardParseError, EndTurn, Game, IllegalPlayError, LegalPlay, Pass, Play, Signal, TimeOut,
                         cards_html, parse_card)
from paternoster.lift import texts

from .fallback import TextFallback
from ._common import CELL, HEAD, MARKED, TABLE, esc, text_block
from ._variant_state import pile_marks, variant_state, variant_state_html
from .hand_piles_variants import VariantControls

__all__ = ["HandPilesTable"]

_ARROW = {"up": "↑", "down": "↓"}


class HandPilesTable(VariantControls, TextFallback, ipw.VBox):
    """A hand × piles grid for the player to move, with controls to play.

    Args:
        game: the :class:`paternoster.Game` to show and play (it is changed in place by
            the controls).  Default: ``Game.new(players=2, seed=0)``.
        signals: show the pile-signal controls: ``None`` (default) when the rules restrict or
            extend signals (Stille Fahrt, Liftführer, Fahrgäste, Befehle) or a signal is posted;
            ``True``/``False`` to force.  :meth:`signal` works from code either way.

    Each cell says, from the engine, whether the row's card may go on the column's pile now:
    ``fits (cost n)`` (``fits (opens the pile, cost n)`` on an empty pile), ``setback (cost −4)``,
    ``setback — used this turn`` (it fits as a setback but this
    turn's setback is used; the engine's reason is listed under the grid) or ``no``.
    The cost is the rule book's (rules §5, :func:`paternoster.lift.cost.cost_of`).
    With variants also ``big setback, token (cost −8)`` (Notruf-Marken),
    ``same suit (cost −n)`` (Kinderfahrt), ``no — Sperre`` / ``no — Engpass`` (Befehle;
    the engine's reason under the grid), and ``… — loses at once (…)`` for a legal play
    that loses the game (a passenger's twin too early).

    The variant state (emergency tokens, passes, passengers, burning cards, commands,
    signals, the Sanduhr clock) is listed above the grid, one line per variant the rules
    switch on; a standard game shows exactly what it always did.  The variant actions get
    controls only when the rules allow them.

    Drive from code::

        t = HandPilesTable(paternoster.lift.examples.ben_setback())
        t.play("9♥", "up 1")       # same path as the Play button; returns the LegalPlay or None
        t.message                  # the engine's log sentence(s), or its refusal message
        t.cell("8♥", 0)            # 'setback — used this turn'
        t.end_turn(); t.undo()
        t.game = other_game        # replacing the game refreshes the grid
        # variants (each returns True / the LegalPlay when done, False / None when refused):
        t.big_setback("8♥", "up 1"); t.end_turn(token=True)     # Notruf-Marken
        t.pass_card("9♣", to=1)                                 # Weitergeben (seat or name)
        t.signal(1, "up 1", "hold"); t.signal("Ben", 0, None)   # post / withdraw a pile signal
        t.time_out()                                            # Sanduhr
        t.variant_state                                         # the variant lines as plain text

    Attributes:
        game: the game shown (settable).
        card, pile: the :class:`ipywidgets.Dropdown` controls (values: a Card, a pile index).
        play_button, end_button, undo_button: the buttons.
        big_setback_button, token_end_button: Notruf-Marken (shown with tokens in the rules).
        pass_to, pass_button: Weitergeben (shown with passing in the rules).
        signal_seat, signal_kind, signal_button: pile signals (see ``signals``).
        time_out_button: Sanduhr (shown with the hourglass in the rules).
        The variant controls are ``None`` until the rules first need them.
        status_html, variant_html, grid_html, notes_html, message_html: the :class:`ipywidgets.HTML` parts.
    """

    fallback_text = 'Hand and piles table: run this cell (Shift+Enter) to bring the table to life.'

    children: Any  # the VBox's trait (ipywidgets ships no type information)

    def __init__(self, game: Game | None = None, *, signals: bool | None = None) -> None:
        if game is not None and not isinstance(game, Game):
            raise TypeError(f"HandPilesTable needs a paternoster.Game, not {type(game).__name__}; "
                            "e.g. HandPilesTable(Game.new(players=2, seed=0)).")
        if signals is not None and not isinstance(signals, bool):
            raise TypeError(f"HandPilesTable(signals=...) must be True, False or None (automatic), not {signals!r}.")
        self._game = game if game is not None else Game.new(players=2, seed=0)
        self._signals = signals
        self._message = ""
        self._message_is_error = False
        self._confirm_end = False  # End turn warned once that it loses the game: the next press ends it
        self.status_html = ipw.HTML()
        self.variant_html = ipw.HTML()
        self.grid_html = ipw.HTML()
        self.notes_html = ipw.HTML()
        self.card = ipw.Dropdown(description="Card", options=[])
        self.pile = ipw.Dropdown(description="Pile", options=[])
        self.play_button = ipw.Button(description="Play", icon="play",
                                          tooltip="Play the chosen card on the chosen pile")
        self.end_button = ipw.Button(description="End turn", icon="step-forward",
                                         tooltip="End the turn and draw back up to the hand size")
        self.undo_button = ipw.Button(description="Undo", icon="undo", tooltip="Take back the last action")
        # Variant controls are made when the rules first need them (a standard table stays small).
        # ipywidgets ships no type information (mypy sees its widgets as Any); these are None until made.
        self.big_setback_button: Any = None
        self.token_end_button: Any = None
        self.pass_button: Any = None
        self.signal_button: Any = None
        self.time_out_button: Any = None
        self.pass_to: Any = None
        self.signal_seat: Any = None
        self.signal_kind: Any = None
        self._token_row: Any = None
        self._pass_row: Any = None
        self._signal_row: Any = None
        self._time_row: Any = None
        self.message_html = ipw.HTML()
        self.play_button.on_click(lambda _: self.play(self.card.value, self.pile.value))
        self.end_button.on_click(lambda _: self.end_turn())
        self.undo_button.on_click(lambda _: self.undo())
        self._pick_row = ipw.HBox([self.card, self.pile])
        self._main_row = ipw.HBox([self.play_button, self.end_button, self.undo_button])
        super().__init__([])
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
        """The last message as plain text: the engine's log sentence(s) after an action, or its refusal."""
        return self._message

    @property
    def variant_state(self) -> list[str]:
        """The variant state shown above the grid, as plain-text lines (``[]`` for a standard game)."""
        return variant_state(self._game)

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
        except (IllegalPlayError, CardParseError) as e:
            self._refused(e)
            return None
        self._after_action()
        return made

    def big_setback(self, card: str | Card | None, pile: int | str | None) -> LegalPlay | None:
        """Notruf-Marken: spend a token to play ``card`` on ``pile`` as a big setback, through the engine.

        Returns:
            The :class:`paternoster.LegalPlay` made (kind ``"big-setback"``), or ``None`` when the
            engine refused (rules ``no-tokens``, ``one-token-per-turn``, ``big-setback`` …; the
            message is in :attr:`message`, the game unchanged).
        """
        if card is None or pile is None:
            self._set_message("Choose a card and a pile first.", error=True)
            return None
        try:
            made = self._game.big_setback(card, pile)
        except (IllegalPlayError, CardParseError) as e:
            self._refused(e)
            return None
        self._after_action()
        return made

    def end_turn(self, token: bool = False) -> bool:
        """End the turn through the engine (the End turn buttons call this). True if it ended.

        When ending the turn now loses the game at once (Feuer: a burning card from an earlier turn
        still uncovered, rules §11.8), the first call only shows the engine's warning and the button
        turns into "End turn anyway"; a second call in a row ends the turn.

        Args:
            token: Notruf-Marken: spend an emergency token to end the turn after one card,
                below the minimum (refused by the engine without tokens or before a card).
        """
        warning = self._game.end_turn_warning()
        if warning and not self._confirm_end:
            self._set_message(f"{warning} Press \u201cEnd turn anyway\u201d to end the turn all the same.",
                              error=True)
            self._confirm_end = True
            self.end_button.description = "End turn anyway"
            return False
        return self._act(EndTurn(token=bool(token)))

    def pass_card(self, card: str | Card | None, to: int | str | None) -> bool:
        """Weitergeben: give ``card`` to the player ``to`` (seat index or name) through the engine.

        True if passed; False when refused (rules ``no-passing``, ``pass-target``,
        ``one-pass-per-turn``, ``pass-not-needed`` …; the game is unchanged).
        """
        if card is None or to is None:
            self._set_message("Choose a card and a player to pass to first.", error=True)
            return False
        try:
            action = Pass(parse_card(card), self._seat(to))
        except CardParseError as e:
            self._refused(e)
            return False
        return self._act(action)

    def signal(self, seat: int | str | None, pile: int | str | None, kind: str | None) -> bool:
        """Post a pile signal (``kind`` ``"hold"``, ``"help"``, ``"jump"``, ``"passenger"``; ``None``
        withdraws) for ``seat`` (index or name) through the engine.

        True if posted; False when refused (rules ``signals-off`` under Stille Fahrt,
        ``signal-mover-only`` under Liftführer, ``silence`` under Schweigen, ``signal-kind`` …).
        """
        if seat is None or pile is None:
            self._set_message("Choose who signals and a pile first.", error=True)
            return False
        return self._act(Signal(self._seat(seat), cast(int, pile), kind))  # a pile name is resolved on apply

    def time_out(self) -> bool:
        """Sanduhr: the turn's time is up (the Time out button calls this); the engine ends the turn,
        or the game when below the minimum.  True if applied; refused (``no-hourglass``) without Sanduhr."""
        return self._act(TimeOut())

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

    def _seat(self, who: int | str) -> Any:
        """A seat index from a name; anything else goes to the engine as given (it refuses bad seats)."""
        if isinstance(who, str) and who in self._game.names:
            return self._game.names.index(who)
        return who

    def _act(self, action: Action) -> bool:
        try:
            self._game.apply_action(action)
        except IllegalPlayError as e:
            self._refused(e)
            return False
        self._after_action()
        return True

    def _refused(self, e: Exception) -> None:
        self._set_message(e.refusal.message if isinstance(e, IllegalPlayError) else str(e), error=True)

    def _after_action(self) -> None:
        g = self._game
        said = g.sentences(len(g.actions)) if g.actions else g.log[-1:]
        self._set_message(" ".join(said))
        self.refresh()

    def _set_message(self, text: str, *, error: bool = False) -> None:
        # any message answers a new click: "End turn anyway" held for the click after the warning only
        self._confirm_end = False
        self.end_button.description = "End turn"
        self._message, self._message_is_error = text, error
        self.message_html.value = text_block(text, error=error, live=True)

    def _refusal_text(self, action: Any) -> str:
        r = self._game.check(action)
        return r.message if r is not None else ""

    # ------------------------------------------------------------------ the grid
    def cell(self, card: str | Card, pile: int | str) -> str:
        """The text of one grid cell: ``fits (cost n)``, ``setback (cost −4)``,
        ``setback — used this turn``, ``no`` (with variants also ``big setback, token (cost −8)``,
        ``same suit (cost −n)``, ``no — Sperre``, ``no — Engpass`` and ``… — loses at once (…)``).

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
            cost = texts.cost_words(lp.kind, lp.skipped, lp.card, pile.top).cost  # rules §5
            return texts.cell_text(lp.kind, cost, pile.top is None, g.loses(lp.action)), None
        refusal = g.check(Play(card, index))
        if refusal is None:
            return texts.refused_cell(None, g.rules.setbacks_per_turn), None
        return texts.refused_cell(refusal.rule, g.rules.setbacks_per_turn), refusal.message

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
                f"<div>Setback this turn: <b>{esc(g.setbacks_word)}</b> · "
                f"minimum this turn {g.turn_minimum}, still to play <b>{g.still_to_play}</b> · "
                f"played this turn: {g.played_this_turn}"
                f"{' (' + esc(played_txt) + ')' if g.played_this_turn else ''} · "
                f"draw pile {len(g.draw_pile)}</div>")
        self.status_html.value = status
        self.variant_html.value = variant_state_html(g)

        heads = []
        for p in g.piles:
            top = cards_html([p.top]) if p.top else "<i>empty</i>"
            marks = "".join(f"<br><small>{esc(m)}</small>" for m in pile_marks(g, p.index))
            heads.append(f'<th scope="col" style="{HEAD}">{_ARROW[p.direction]} {esc(p.name)}<br>{top}{marks}</th>')
        rows, notes = [], []
        for card in hand_cards:
            n = g.hand.count(card)
            label = cards_html([card]) + (f" ×{n}" if n > 1 else "")
            cells = []
            for p in g.piles:
                text, why = self._cell(card, p.index, legal)
                style = CELL
                if text.startswith(("fits", "setback (", "big setback", "same suit")):
                    style += ";" + MARKED
                elif text.startswith(("setback —", "no —")):
                    style += ";border-style:dashed;font-style:italic"
                    if why and why not in notes:
                        notes.append(why)
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
        self.undo_button.disabled = not g.can_undo()
        self._refresh_variant_controls(over)

    def _played_this_turn(self) -> list[Card]:
        """The cards played this turn that the game's action list shows (display only)."""
        out: list[Card] = []
        for a in reversed(self._game.actions):
            if isinstance(a, (EndTurn, TimeOut)):
                break
            if isinstance(a, (Play, BigSetback)):
                out.append(a.card)
        n = self._game.played_this_turn
        return out[::-1][-n:] if n else []

    def __repr__(self) -> str:
        g = self._game
        state = "over" if g.is_over() else f"to_move={g.names[g.to_move]!r}"
        return f"HandPilesTable(turn={g.turn}, {state}, hand={len(g.hand)}, piles={len(g.piles)})"
