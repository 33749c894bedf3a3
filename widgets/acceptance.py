"""Paskahousu's live acceptance table: which card may go on which, and why.

Thin, like every widget here: which card may go on which, and why, is
:func:`paternoster.paskahousu.acceptance` and :func:`~paternoster.paskahousu.acceptance_table`;
what a player may do now, refusals and the words for each step come from
:class:`~paternoster.paskahousu.PaskahousuGame` (``check``, ``legal_actions``, ``sentences``)
through the adapter :class:`paternoster.paskahousu.table.PaskahousuTable`.

* :class:`AcceptanceTable` — top card × card to play: ✓ allowed / ♨ burns (the theme's burn mark) / ✗ no,
  the whole 14 × 13 grid, two dropdowns driving one highlighted cell and the reason.
  Under house rules (``rules=``, Paskahousu rules §11) every cell whose verdict differs from the
  standard game's is marked ``≠`` and says the standard verdict in words (:attr:`~AcceptanceTable.differences`).

(The Paskahousu card table is :class:`widgets.paskahousu_table.PaskahousuCardTable`.)
"""

from __future__ import annotations

from typing import Any, Literal

import ipywidgets as ipw

from paternoster.core.cards import Card, CardParseError, Suit, parse_card
from paternoster.core.cards import SUIT_LETTERS, SUIT_SYMBOLS
from paternoster.paskahousu import (RANK_ORDER, STANDARD_HOUSE_RULES, Acceptance, HouseRules, acceptance,
                                    acceptance_table, strength)
from paternoster.paskahousu.ranks import K_RED2, K_RED10, K_REDA, KIND_ORDER, card_kind, kind_count

from paternoster.core import theme

from .acceptance_grid import MARKS, AcceptanceGrid
from .fallback import TextFallback
from ._common import BORDER, CELL, FG, HEAD, MARKED, TABLE, esc, text_block, wrapping

__all__ = ["AcceptanceTable", "VERDICT_SYMBOL", "EMPTY", "CHANGED", "rank_label"]

#: How each verdict is shown: a symbol and a word, never colour alone.
VERDICT_SYMBOL = MARKS
_VERDICTS = ("no", "allowed", "burns")  # acceptance_table's codes 0, 1, 2
EMPTY = "empty table"
_CAPTION = ("Rows: the top card of the discard pile (or the empty table); columns: the card to play. "
            f"✓ allowed · {theme.BURN} burns (allowed, and the pile is burned) · ✗ no. "
            "▶ and ▼ mark the chosen pair. Suits do not matter.")
#: the legend line added under house rules that change cells
CHANGED = "≠"
_CHANGED_LEGEND = ("{mark} marks the {n} cell{s} where {name} differs from the standard game "
                   "(each cell's label says the standard verdict).")


def _tint(verdict: str) -> str:
    """The verdict's mark colour (the theme's tint, mixed into the background: the text stays readable)."""
    return f"background:transparent;background:{theme.inline('mark-' + verdict)}"


def rank_label(rank: int, notation: Literal["en", "de"] = "en") -> str:
    """The rank part of a card label: ``'10'``, ``'J'`` (``'B'`` in German notation), ``'A'``."""
    return Card(rank, Suit.DIAMONDS).label(notation)[:-1]


#: Under Nur Schwarze zählen (Paskahousu rules §11.8) the table has a row and a column per *kind*: the red
#: 2, 10 and ace are kinds of their own; a kind's standard-game rank is its strength.
_RED_KINDS = {K_RED2: 2, K_RED10: 10, K_REDA: 1}
_BLACK, _RED = "♣♠", "♥♦"


def kinds_of(rules: HouseRules) -> list[int]:
    """The table's kinds from low to high: the 13 strengths, or 16 kinds under Nur Schwarze zählen."""
    return list(KIND_ORDER) if kind_count(rules) != 13 else list(range(13))


def standard_kind(kind: int) -> int:
    """The standard game's strength of a kind (a red 2 is a 2 there, and so on)."""
    return strength(_RED_KINDS[kind]) if kind in _RED_KINDS else kind


def kind_card(kind: int) -> Card:
    """A card of ``kind``, for asking the engine (a black card for every kind but the red ones)."""
    if kind in _RED_KINDS:
        return Card(_RED_KINDS[kind], Suit.HEARTS)
    return Card(RANK_ORDER[kind], Suit.SPADES)


def changed_cells(rules: HouseRules) -> int:
    """How many cells of the acceptance table (top × played, by kind) ``rules`` answer differently from the
    standard game (for the same cards)."""
    table, std = acceptance_table(rules), acceptance_table(STANDARD_HOUSE_RULES)
    kinds = kinds_of(rules)
    return sum(int(table[0 if t is None else 1 + t, k] != std[0 if t is None else 1 + standard_kind(t),
                                                               standard_kind(k)])
               for t in [None, *kinds] for k in kinds)


def kind_label(kind: int, rules: HouseRules, notation: Literal["en", "de"] = "en") -> str:
    """A row or column label: the rank (``'10'``), and under Nur Schwarze zählen the colours of the 2s,
    10s and aces (``'10♣♠'`` the special black ones, ``'10♥♦'`` the plain red ones)."""
    if kind in _RED_KINDS:
        return rank_label(_RED_KINDS[kind], notation) + _RED
    label = rank_label(RANK_ORDER[kind], notation)
    if kind_count(rules) != 13 and RANK_ORDER[kind] in (2, 10, 1):
        return label + _BLACK
    return label


class AcceptanceTable(TextFallback, ipw.VBox):
    """Which card may go on which (Paskahousu): the whole table and one chosen pair, with the reason.

    Args:
        top: the top card's rank label (``"K"``), a card (``"K♣"``), or ``"empty table"``.
        played: the rank (or card) to play.
        rules: house rules (Paskahousu rules §11); cells that differ from the standard game are marked ``≠``.
        notation: ``"en"`` (J Q K) or ``"de"`` (B D K) rank labels.

    Drive from code::

        t = AcceptanceTable()
        t.top.value = "K"                # a dropdown: "empty table", "3" … "10", "J", "Q", "K", "A", "2"
        t.played.value = "A"
        t.verdict, t.rule, t.reason      # ('burns', 'ace-burns', 'An ace on a face card burns …')
        t.choose(top="8♠", played="10")  # typed text: a rank or a card; unreadable text → t.error, nothing changes
        t.cell("K", "A")                 # '♨' — the grid cell's text
        t.differences                    # under house rules: [(top, played, standard verdict, verdict), …]
        t.set_rules(other_rules)         # show another house-rule set (the chosen pair stays)

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
        self._kinds = kinds_of(rules)
        self._labels = [kind_label(k, rules, notation) for k in self._kinds]
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
        self.grid = AcceptanceGrid(rows=[EMPTY, *self._labels], cols=list(self._labels))
        self._fill_grid()
        super().__init__([ipw.HBox([self.top, self.played]), self.error_label, wrapping(self.error_label),
                          self.result_html, self.grid])
        self.grid.observe(self._cell_clicked, names="chosen")
        self.top.observe(lambda _: self._changed(), names="value")
        self.played.observe(lambda _: self._changed(), names="value")
        self._render()

    # ------------------------------------------------------------------ house rules
    def _fill_grid(self) -> None:
        """The grid's verdicts, changed-cell marks and caption from the engine's tables."""
        rows, cols = [None, *self._kinds], self._kinds
        with self.grid.hold_sync():
            self.grid.rows, self.grid.cols = [EMPTY, *self._labels], list(self._labels)
            self.grid.cells = [[self._verdict(t, k) for k in cols] for t in rows]
            self.grid.standard = [[self._standard(t, k) if self._standard(t, k) != self._verdict(t, k) else ""
                                   for k in cols] for t in rows]
            self.grid.caption = self.caption + " Click a cell to choose it."

    def _verdict(self, top: int | None, kind: int) -> str:
        """The engine's verdict (acceptance table) for a top kind (None: empty table) and a played kind."""
        return _VERDICTS[acceptance_table(self.rules)[0 if top is None else 1 + top, kind]]

    @staticmethod
    def _standard(top: int | None, kind: int) -> str:
        """The standard game's verdict for the same cards."""
        row = 0 if top is None else 1 + standard_kind(top)
        return _VERDICTS[acceptance_table(STANDARD_HOUSE_RULES)[row, standard_kind(kind)]]

    def set_rules(self, rules: HouseRules) -> None:
        """Show the acceptance table of other house rules (the chosen pair stays chosen).

        Raises:
            TypeError: ``rules`` is not a HouseRules object (nothing changes).
        """
        if not isinstance(rules, HouseRules):
            raise TypeError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {rules!r}.")
        old_top, old_played = self._kind_of(self.top.value), self._kind_of(self.played.value)
        self.rules = rules
        self._kinds = kinds_of(rules)
        self._labels = [kind_label(k, rules, self.notation) for k in self._kinds]

        def same(kind: int | None) -> str:  # the chosen kind, or its standard rank when the kind is gone
            if kind is None:
                return EMPTY
            return self._labels[self._kinds.index(kind if kind in self._kinds else standard_kind(kind))]

        self._quiet = True  # the dropdowns pass through other values while their options change
        try:
            self.top.options, self.played.options = [EMPTY, *self._labels], list(self._labels)
            self.top.value, self.played.value = same(old_top), same(old_played)
        finally:
            self._quiet = False
        self._fill_grid()
        self._render()

    @property
    def differences(self) -> list[tuple[str, str, str, str]]:
        """Every cell where these house rules differ from the standard game, row by row:
        ``(top label or "empty table", played label, standard verdict, verdict)``; ``[]`` for the standard game."""
        rows = [EMPTY, *self._labels]
        return [(rows[i], self._labels[j], self._standard(t, k), self._verdict(t, k))
                for i, t in enumerate([None, *self._kinds]) for j, k in enumerate(self._kinds)
                if self._standard(t, k) != self._verdict(t, k)]

    def differs(self, top: str, played: str) -> bool:
        """Whether the cell (labels as :meth:`cell`) differs from the standard game's."""
        self.cell(top, played)  # checks the labels
        return any((t, p) == (top, played) for t, p, _, _ in self.differences)

    @property
    def caption(self) -> str:
        """The table's legend in words (with the ``≠`` line when the house rules change cells)."""
        n = len(self.differences)
        if not n:
            return _CAPTION
        return _CAPTION + " " + _CHANGED_LEGEND.format(mark=CHANGED, n=n, s="" if n == 1 else "s",
                                                       name=self.rules.name)

    # ------------------------------------------------------------------ input
    def _read(self, text: Any, field: str) -> str:
        """A dropdown value for ``text`` (a rank label, card text, a Card, a rank number, or the empty table).

        Raises:
            CardParseError / ValueError: the engine's message for text that is no rank or card, naming the field.
        """
        if field == "top" and (text is None or (isinstance(text, str) and text.strip().lower() in (EMPTY, "empty"))):
            return EMPTY
        if isinstance(text, str) and text.strip() in self._labels:
            return text.strip()
        try:
            # the engine reads ranks and cards and says what to write when it cannot; a card's colour
            # matters only under Nur Schwarze zählen (card_kind), a bare rank is the special one there
            t = text.strip() if isinstance(text, str) else ""
            if isinstance(text, Card):
                kind = card_kind(text, self.rules)
            elif len(t) > 1 and (t[-1] in SUIT_SYMBOLS or t[-1].lower() in SUIT_LETTERS):
                kind = card_kind(parse_card(t), self.rules)
            else:
                kind = strength(text)
        except (CardParseError, ValueError) as e:
            empty = " On top, 'empty table' may be chosen too." if field == "top" else ""
            raise type(e)(f"{field}: {e}{empty}") from None
        return self._labels[self._kinds.index(kind)]

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
        if getattr(self, "_quiet", False):
            return
        self.error_label.value = ""
        self._render()

    def _kind_of(self, label: str) -> int | None:
        return None if label == EMPTY else self._kinds[self._labels.index(label)]

    # ------------------------------------------------------------------ answers
    @property
    def acceptance(self) -> Acceptance:
        """:func:`~paternoster.paskahousu.acceptance` of the chosen pair: ``(verdict, rule, reason)``."""
        played = self._kind_of(self.played.value)
        assert played is not None  # the "card to play" dropdown has no empty-table choice
        top = self._kind_of(self.top.value)
        return acceptance(None if top is None else kind_card(top), kind_card(played), self.rules)

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
        return (f"{self.played.value} on {on}: {VERDICT_SYMBOL[a.verdict]} {a.verdict} (rule {a.rule}). {a.reason}"
                + self._changed_words())

    def _changed_words(self) -> str:
        was = [d[2] for d in self.differences if d[:2] == (self.top.value, self.played.value)]
        return (f" {CHANGED} Changed by {self.rules.name}: the standard game says "
                f"{VERDICT_SYMBOL[was[0]]} {was[0]}." if was else "")

    def cell(self, top: str, played: str) -> str:
        """The grid cell's text for a top rank label (or ``"empty table"``) and a played rank label: ✓, ♨ or ✗.

        Raises:
            ValueError: a label that is not a row or column of the grid.
        """
        for value, options, what in ((top, [EMPTY] + self._labels, "row"), (played, self._labels, "column")):
            if value not in options:
                raise ValueError(f"{value!r} is not a {what} of the table: use one of {', '.join(options)}.")
        return VERDICT_SYMBOL[self._verdict(self._kind_of(top), self._kinds[self._labels.index(played)])]

    # ------------------------------------------------------------------ display
    def _render(self) -> None:
        a = self.acceptance
        self.result_html.value = (
            f'<div style="font-size:1.1em;margin:4px 0;color:{FG}"><b>{esc(self.played.value)}</b> on '
            f"<b>{esc(self.top.value if self.top.value != EMPTY else 'the empty table')}</b>: "
            f'<span style="{_tint(a.verdict)};border:1px solid {BORDER};padding:0 6px">'
            f"<b>{esc(VERDICT_SYMBOL[a.verdict])} {esc(a.verdict)}</b></span> "
            f"<small>(rule <code>{esc(a.rule)}</code>)</small></div>"
            + text_block(a.reason + self._changed_words(), live=True))
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
        changed = {(t, p): was for t, p, was, _ in self.differences}
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
                verdict = self._verdict(self._kind_of(row_label), self._kinds[j])
                style = f"{CELL};{_tint(verdict)}" + (";" + MARKED if (i, j) == (chosen_row, chosen_col) else "")
                words = f"{col_label} on {row_label}: {verdict}"
                was = changed.get((row_label, col_label))
                sup = ""
                if was:
                    words += f" (changed: the standard game says {was})"
                    style += f";outline:2px dashed {FG};outline-offset:-4px"
                    sup = f'<sup aria-hidden="true">{CHANGED}</sup>'
                # ♨ is a thin glyph beside ✓ and ✗: larger and bold so it reads at a glance
                big = "font-size:1.3em;font-weight:bold;line-height:1" if verdict == "burns" else ""
                cells.append(f'<td style="{style}" title="{esc(words)}"><span style="{big}">'
                             f"{esc(VERDICT_SYMBOL[verdict])}</span>{sup}</td>")
            body.append(f'<tr><th scope="row" style="{HEAD}{";" + MARKED if i == chosen_row else ""}">'
                        f"{esc(mark + row_label)}</th>{''.join(cells)}</tr>")
        caption = self.caption
        return (f'<table class="pk-acceptance" style="{TABLE}"><caption style="caption-side:top;text-align:left">'
                f"{esc(caption)}</caption><tr><th style=\"{HEAD}\">top ╲ play</th>{head}</tr>"
                f"{''.join(body)}</table>")

    def __repr__(self) -> str:
        return f"AcceptanceTable(top={self.top.value!r}, played={self.played.value!r}, verdict={self.verdict!r})"
