"""The variant controls of :class:`widgets.HandPilesTable`: shown only when the rules have the variant.

Notruf-Marken (a big setback or ending the turn with a token), Weitergeben (passing a card), pile
signals and Sanduhr's time-out.  Each button calls the table's method, which goes through the engine;
a greyed-out button says why in the engine's words (its tooltip).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as ipw

from paternoster import SIGNAL_KINDS, EndTurn, Pass, Signal
from paternoster.lift import rule_ids

from ._variant_state import shows_signals

__all__ = ["VariantControls"]


class VariantControls:
    """Mix-in of :class:`widgets.HandPilesTable`: its variant rows, made when the rules first need them."""

    _game: Any
    _signals: bool | None
    card: Any
    pile: Any
    children: Any
    status_html: Any
    variant_html: Any
    grid_html: Any
    notes_html: Any
    message_html: Any
    _pick_row: Any
    _main_row: Any
    big_setback_button: Any
    token_end_button: Any
    pass_button: Any
    signal_button: Any
    time_out_button: Any
    pass_to: Any
    signal_seat: Any
    signal_kind: Any
    _token_row: Any
    _pass_row: Any
    _signal_row: Any
    _time_row: Any

    # the table's actions, which the buttons call (each goes through the engine)
    big_setback: Callable[..., Any]
    end_turn: Callable[..., bool]
    pass_card: Callable[..., bool]
    signal: Callable[..., bool]
    time_out: Callable[[], bool]

    _BIG_SETBACK_TIP = "Notruf-Marken: spend a token to play the chosen card 2 or 3 ranks back on the chosen pile"
    _TOKEN_END_TIP = "Notruf-Marken: spend a token to end the turn after one card, below the minimum"
    _PASS_TIP = "Weitergeben: give the chosen card face down to this player"

    def _make_token_row(self) -> None:
        self.big_setback_button = ipw.Button(description="Big setback (token)", icon="reply",
                                                 tooltip=self._BIG_SETBACK_TIP)
        self.token_end_button = ipw.Button(description="End turn (token)", icon="forward",
                                               tooltip=self._TOKEN_END_TIP)
        self.big_setback_button.on_click(lambda _: self.big_setback(self.card.value, self.pile.value))
        self.token_end_button.on_click(lambda _: self.end_turn(token=True))
        for b in (self.big_setback_button, self.token_end_button):
            b.layout.width = "auto"  # the default width cuts "Big setback (token)" short
        self._token_row = ipw.HBox([self.big_setback_button, self.token_end_button])

    def _make_pass_row(self) -> None:
        self.pass_to = ipw.Dropdown(description="Pass to", options=[])
        self.pass_button = ipw.Button(description="Pass card", icon="share", tooltip=self._PASS_TIP)
        self.pass_button.on_click(lambda _: self.pass_card(self.card.value, self.pass_to.value))
        self._pass_row = ipw.HBox([self.pass_to, self.pass_button])

    def _make_signal_row(self) -> None:
        self.signal_seat = ipw.Dropdown(description="Who", options=[])
        self.signal_kind = ipw.Dropdown(description="Signal", options=[])
        self.signal_button = ipw.Button(description="Signal", icon="comment",
                                            tooltip="Post (or withdraw) a signal on the chosen pile")
        self.signal_button.on_click(lambda _: self.signal(self.signal_seat.value, self.pile.value,
                                                          self.signal_kind.value))
        self._signal_row = ipw.HBox([self.signal_seat, self.signal_kind, self.signal_button])

    def _make_time_row(self) -> None:
        self.time_out_button = ipw.Button(description="Time out", icon="hourglass-end",
                                              tooltip="Sanduhr: the 30 seconds are up — the turn ends at once")
        self.time_out_button.on_click(lambda _: self.time_out())
        self._time_row = ipw.HBox([self.time_out_button])

    def _refresh_variant_controls(self, over: bool) -> None:
        """Offer the variant actions the rules have; the engine still judges every one."""
        g, r = self._game, self._game.rules
        rows: list[Any] = []
        no_cards = over or not g.hand
        if r.tokens:
            if self._token_row is None:
                self._make_token_row()
            self.big_setback_button.disabled = no_cards or not g.token_free
            self.token_end_button.disabled = over or not g.token_free
            # A greyed-out button says why, in the engine's words (hover or screen reader).
            refusal = None if over else g.check(EndTurn(token=True))
            self.token_end_button.tooltip = refusal.message if refusal else self._TOKEN_END_TIP
            self.big_setback_button.tooltip = (refusal.message if refusal and not g.token_free
                                               else self._BIG_SETBACK_TIP)
            rows.append(self._token_row)
        if r.passing:
            if self._pass_row is None:
                self._make_pass_row()
            keep = self.pass_to.value
            others = [(n, i) for i, n in enumerate(g.names) if i != g.to_move]
            self.pass_to.options = others
            if keep in [i for _, i in others]:
                self.pass_to.value = keep
            elif others:
                self.pass_to.value = others[0][1]  # a sensible default: the next seat
            self.pass_to.disabled = self.pass_button.disabled = no_cards or g.passed_this_turn
            refusal = g.check(Pass(g.hand[0], others[0][1])) if g.passed_this_turn and g.hand and others else None
            self.pass_button.tooltip = refusal.message if refusal else self._PASS_TIP
            rows.append(self._pass_row)
        show_signals = self._signals if self._signals is not None else shows_signals(g)
        if show_signals:
            if self._signal_row is None:
                self._make_signal_row()
            keep_seat, keep_kind = self.signal_seat.value, self.signal_kind.value
            self.signal_seat.options = [(n, i) for i, n in enumerate(g.names)]
            if keep_seat is not None and keep_seat < len(g.names):
                self.signal_seat.value = keep_seat
            # The kinds these rules know: the engine refuses an unknown kind with rule 'signal-kind'.
            kinds = [k for k in SIGNAL_KINDS
                     if getattr(g.check(Signal(0, 0, k)), "rule", None) != rule_ids.SIGNAL_KIND]
            had_kinds = bool(self.signal_kind.options)
            self.signal_kind.options = [(k, k) for k in kinds] + [("withdraw", None)]
            if keep_kind in kinds or (keep_kind is None and had_kinds):
                self.signal_kind.value = keep_kind
            self.signal_button.disabled = over
            rows.append(self._signal_row)
        if r.hourglass:
            if self._time_row is None:
                self._make_time_row()
            self.time_out_button.disabled = over
            rows.append(self._time_row)
        parts: list[Any] = [self.status_html] + ([self.variant_html] if self.variant_html.value else []) + \
            [self.grid_html, self.notes_html, self._pick_row, self._main_row, *rows, self.message_html]
        if list(self.children) != parts:
            self.children = parts
