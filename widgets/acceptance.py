"""Paskahousu's live acceptance table: which card may go on which, and why.

Thin, like every widget here: which card may go on which, and why, is
:func:`paternoster.paskahousu.acceptance` and :func:`~paternoster.paskahousu.acceptance_table`;
what a player may do now, refusals and the words for each step come from
:class:`~paternoster.paskahousu.PaskahousuGame` (``check``, ``legal_actions``, ``sentences``)
through the adapter :class:`paternoster.paskahousu.table.PaskahousuTable`.

* :class:`AcceptanceTable` — top card × card to play: ✓ allowed / ♨ burns / ✗ no,
  the whole 14 × 13 grid, two dropdowns driving one highlighted cell and the reason.

(The Paskahousu card table is :class:`widgets.paskahousu_table.PaskahousuCardTable`.)
"""

from __future__ import annotations

from typing import Any, Literal

import ipywidgets as ipw

from paternoster.cards import Card, CardParseError, Suit
from paternoster.paskahousu import (RANK_ORDER, STANDARD_HOUSE_RULES, Acceptance, HouseRules, acceptance,
                                    acceptance_table, strength)

from .acceptance_grid import AcceptanceGrid
from .fallback import TextFallback
from ._common import BORDER, CELL, FG, HEAD, MARKED, TABLE, esc, text_block, wrapping

__all__ = ["AcceptanceTable", "VERDICT_SYMBOL", "EMPTY", "rank_label"]

#: How each verdict is shown: a symbol and a word, never colour alone.
VERDICT_SYMBOL = {"allowed": "✓", "burns": "♨", "no": "✗"}
_VERDICTS = ("no", "allowed", "burns")  # acceptance_table's codes 0, 1, 2
# A tint mixed into the theme's background, so text in --jp-ui-font-color1 stays readable in light and dark themes.
_TINT = {"allowed": "--jp-success-color1", "burns": "--jp-warn-color1", "no": "--jp-error-color1"}
EMPTY = "empty table"
_CAPTION = ("Rows: the top card of the discard pile (or the empty table); columns: the card to play. "
            "✓ allowed · ♨ burns (allowed, and the pile is burned) · ✗ no. "
            "▶ and ▼ mark the chosen pair. Suits do not matter.")


def _tint(verdict: str) -> str:
    return f"background:transparent;background:color-mix(in srgb, var({_TINT[verdict]}, #888) 22%, transparent)"


def rank_label(rank: int, notation: Literal["en", "de"] = "en") -> str:
    """The rank part of a card label: ``'10'``, ``'J'`` (``'B'`` in German notation), ``'A'``."""
    return Card(rank, Suit.DIAMONDS).label(notation)[:-1]


class AcceptanceTable(TextFallback, ipw.VBox):
    """Which card may go on which (Paskahousu): the whole table and one chosen pair, with the reason.

    Args:
        top: the top card's rank label (``"K"``), a card (``"K♣"``), or ``"empty table"``.
        played: the rank (or card) to play.
        rules: house rules (the standard rules for now).
        notation: ``"en"`` (J Q K) or ``"de"`` (B D K) rank labels.

    Drive from code::

        t = AcceptanceTable()
        t.top.value = "K"                # a dropdown: "empty table", "3" … "10", "J", "Q", "K", "A", "2"
        t.played.value = "A"
        t.verdict, t.rule, t.reason      # ('burns', 'ace-burns', 'An ace on a face card burns …')
        t.choose(top="8♠", played="10")  # typed text: a rank or a card; unreadable text → t.error, nothing changes
        t.cell("K", "A")                 # '♨' — the grid cell's text

    Attributes:
        top, played: the :class:`ipywidgets.Dropdown` inputs (arrow keys move through them).
        error_label: plain-text :class:`ipywidgets.Label`, the engine's message for unreadable text.
        result_html, grid_html: :class:`ipywidgets.HTML` parts.

    Raises:
        CardParseError / ValueError: the starting ``top`` or ``played`` cannot be read (the engine's message).
    """

    fallback_text = 'Acceptance table: run this cell (Shift+Enter) to choose a top card and a card to play.'

    def __init__(self, top: str = "K", played: str = "A", *, rules: HouseRules = STANDARD_HOUSE_RULES,
                 notation: Literal["en", "de"] = "en") -> None:
        if notation not in ("en", "de"):
            raise ValueError(f"notation must be 'en' (J Q K) or 'de' (B D K), not {notation!r}.")
        if not isinstance(rules, HouseRules):
            raise TypeError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {rules!r}.")
        self.rules = rules
        self.notation = notation
        self._labels = [rank_label(r, notation) for r in RANK_ORDER]
        start_top, start_played = self._read(top, "top"), self._read(played, "played")
        if start_played == EMPTY:
            raise ValueError("played: the card to play must be a rank or a card, not the empty table.")
        self.top = ipw.Dropdown(options=[EMPTY] + self._labels, value=start_top, description="Top card",
                                    tooltip="The top card of the discard pile, or the empty table")
        self.played = ipw.Dropdown(options=self._labels, value=start_played, description="Card to play",
                                       tooltip="The rank you want to play")
        self.error_label = ipw.Label(value="")
        self.result_html = ipw.HTML()
        self.grid_html = ipw.HTML()  # the same grid as HTML (kept for reading and printing, not shown)
        table = acceptance_table(self.rules)
        rows = [EMPTY, *self._labels]
        self.grid = AcceptanceGrid(rows=rows, cols=list(self._labels), caption=_CAPTION + " Click a cell to choose it.",
                                   cells=[[_VERDICTS[table[i, j]] for j in range(len(self._labels))]
                                          for i in range(len(rows))])
        super().__init__([ipw.HBox([self.top, self.played]), self.error_label, wrapping(self.error_label),
                          self.result_html, self.grid])
        self.grid.observe(self._cell_clicked, names="chosen")
        self.top.observe(lambda _: self._changed(), names="value")
        self.played.observe(lambda _: self._changed(), names="value")
        self._render()

    # ------------------------------------------------------------------ input
    def _read(self, text: Any, field: str) -> str:
        """A dropdown value for ``text`` (a rank label, card text, a Card, a rank number, or the empty table).

        Raises:
            CardParseError / ValueError: the engine's message for text that is no rank or card, naming the field.
        """
        if field == "top" and (text is None or (isinstance(text, str) and text.strip().lower() in (EMPTY, "empty"))):
            return EMPTY
        try:
            # the engine reads ranks and cards (strength) and says what to write when it cannot
            s = strength(text)
        except (CardParseError, ValueError) as e:
            empty = " On top, 'empty table' may be chosen too." if field == "top" else ""
            raise type(e)(f"{field}: {e}{empty}") from None
        return self._labels[s]

    def choose(self, top: Any = None, played: Any = None) -> bool:
        """Set the top card and/or the card to play from text (``"K"``, ``"K♣"``, ``"empty table"``).

        Returns:
            ``True`` when every given value was read; otherwise :attr:`error` holds the engine's
            message and nothing changes (neither dropdown moves).
        """
        try:
            new_top = self._read(top, "top") if top is not None else None
            new_played = self._read(played, "played") if played is not None else None
        except (CardParseError, ValueError) as e:
            self.error_label.value = str(e)
            return False
        self.error_label.value = ""
        with self.hold_trait_notifications():
            if new_top is not None:
                self.top.value = new_top
            if new_played is not None:
                self.played.value = new_played
        self._render()
        return True

    def _changed(self) -> None:
        self.error_label.value = ""
        self._render()

    @staticmethod
    def _rank_of(label: str, labels: list[str]) -> int | None:
        return None if label == EMPTY else RANK_ORDER[labels.index(label)]

    # ------------------------------------------------------------------ answers
    @property
    def acceptance(self) -> Acceptance:
        """:func:`~paternoster.paskahousu.acceptance` of the chosen pair: ``(verdict, rule, reason)``."""
        played = self._rank_of(self.played.value, self._labels)
        assert played is not None  # the "card to play" dropdown has no empty-table choice
        return acceptance(self._rank_of(self.top.value, self._labels), played, self.rules)

    @property
    def verdict(self) -> str:
        """``"allowed"``, ``"burns"`` or ``"no"`` for the chosen pair."""
        return self.acceptance.verdict

    @property
    def rule(self) -> str:
        """The engine's rule id for the chosen pair (e.g. ``"ace-burns"``)."""
        return self.acceptance.rule

    @property
    def reason(self) -> str:
        """The engine's sentence for the chosen pair."""
        return self.acceptance.reason

    @property
    def error(self) -> str:
        """The engine's message for the last unreadable input, ``""`` when all is well."""
        return self.error_label.value

    @property
    def result_text(self) -> str:
        """The verdict line as plain text, e.g. ``'A on K: ♨ burns (rule ace-burns). An ace on …'``."""
        a = self.acceptance
        on = "the empty table" if self.top.value == EMPTY else self.top.value
        return f"{self.played.value} on {on}: {VERDICT_SYMBOL[a.verdict]} {a.verdict} (rule {a.rule}). {a.reason}"

    def cell(self, top: str, played: str) -> str:
        """The grid cell's text for a top rank label (or ``"empty table"``) and a played rank label: ✓, ♨ or ✗.

        Raises:
            ValueError: a label that is not a row or column of the grid.
        """
        for value, options, what in ((top, [EMPTY] + self._labels, "row"), (played, self._labels, "column")):
            if value not in options:
                raise ValueError(f"{value!r} is not a {what} of the table: use one of {', '.join(options)}.")
        row = [EMPTY, *self._labels].index(top)
        return VERDICT_SYMBOL[_VERDICTS[acceptance_table(self.rules)[row, self._labels.index(played)]]]

    # ------------------------------------------------------------------ display
    def _render(self) -> None:
        a = self.acceptance
        self.result_html.value = (
            f'<div style="font-size:1.1em;margin:4px 0;color:{FG}"><b>{esc(self.played.value)}</b> on '
            f"<b>{esc(self.top.value if self.top.value != EMPTY else 'the empty table')}</b>: "
            f'<span style="{_tint(a.verdict)};border:1px solid {BORDER};padding:0 6px">'
            f"<b>{esc(VERDICT_SYMBOL[a.verdict])} {esc(a.verdict)}</b></span> "
            f"<small>(rule <code>{esc(a.rule)}</code>)</small></div>" + text_block(a.reason, live=True))
        self.grid_html.value = self._grid()
        chosen = [[EMPTY, *self._labels].index(self.top.value), self._labels.index(self.played.value)]
        if self.grid.chosen != chosen:
            self.grid.chosen = chosen

    def _cell_clicked(self, change: dict[str, Any]) -> None:
        """A click on the grid chooses that pair: the dropdowns follow (and explain it)."""
        i, j = change["new"]
        top, played = [EMPTY, *self._labels][i], self._labels[j]
        if (top, played) != (self.top.value, self.played.value):
            self.choose(top=top, played=played)

    def _grid(self) -> str:
        table = acceptance_table(self.rules)
        chosen_row = [EMPTY, *self._labels].index(self.top.value)
        chosen_col = self._labels.index(self.played.value)
        head = "".join(
            f'<th scope="col" style="{HEAD}{";" + MARKED if j == chosen_col else ""}">'
            f"{esc(lab)}{' ▼' if j == chosen_col else ''}</th>" for j, lab in enumerate(self._labels))
        body = []
        for i, row_label in enumerate([EMPTY, *self._labels]):
            mark = "▶ " if i == chosen_row else ""
            cells = []
            for j, col_label in enumerate(self._labels):
                verdict = _VERDICTS[table[i, j]]
                style = f"{CELL};{_tint(verdict)}" + (";" + MARKED if (i, j) == (chosen_row, chosen_col) else "")
                words = f"{col_label} on {row_label}: {verdict}"
                # ♨ is a thin glyph beside ✓ and ✗: larger and bold so it reads at a glance
                big = "font-size:1.3em;font-weight:bold;line-height:1" if verdict == "burns" else ""
                cells.append(f'<td style="{style}" title="{esc(words)}"><span style="{big}">'
                             f"{esc(VERDICT_SYMBOL[verdict])}</span></td>")
            body.append(f'<tr><th scope="row" style="{HEAD}{";" + MARKED if i == chosen_row else ""}">'
                        f"{esc(mark + row_label)}</th>{''.join(cells)}</tr>")
        caption = _CAPTION
        return (f'<table class="pk-acceptance" style="{TABLE}"><caption style="caption-side:top;text-align:left">'
                f"{esc(caption)}</caption><tr><th style=\"{HEAD}\">top ╲ play</th>{head}</tr>"
                f"{''.join(body)}</table>")

    def __repr__(self) -> str:
        return f"AcceptanceTable(top={self.top.value!r}, played={self.played.value!r}, verdict={self.verdict!r})"
