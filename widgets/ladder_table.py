"""LadderTable: choose two cards, see which is higher and why, and the whole ladder.

Every answer comes from the engine: :func:`paternoster.parse_card` reads the
inputs, :func:`paternoster.compare` decides and explains, :func:`paternoster.full_deck`
lists the rungs in ladder order (with their twins).
"""

from __future__ import annotations

from itertools import groupby

import ipywidgets as ipw

from paternoster import STANDARD, Card, CardParseError, Rules, cards_html, compare, full_deck, parse_card

from .fallback import TextFallback
from ._common import CELL, HEAD, MARKED, TABLE, esc, text_block, wrapping

__all__ = ["LadderTable"]

_SIGN = {-1: "<", 0: "=", 1: ">"}


class LadderTable(TextFallback, ipw.VBox):
    """Two card inputs, the engine's verdict, and the 52-rung ladder with both cards marked.

    Args:
        a, b: the starting cards (any notation :func:`paternoster.parse_card` reads,
            or :class:`paternoster.Card`).
        rules: the rule set; its number of decks sets how many twins each rung shows
            (standard: 2 → "7♥ 7♥").

    Drive from code (a notebook cell or a test)::

        t = LadderTable()
        t.a.value = "7s"          # any notation; a misspelt card shows the parse error
        t.b.value = "8♣"
        t.sign, t.reason          # (-1, '7♠ is lower than 8♣: the rank decides first (7 < 8).')

    Attributes:
        a, b: the input boxes (:class:`ipywidgets.Combobox`: type a card or pick one).
        error_label: plain-text :class:`ipywidgets.Label` with the parse error(s), empty when all is well.
        result_html: :class:`ipywidgets.HTML` with the verdict line.
        ladder_html: :class:`ipywidgets.HTML` with the ladder table.

    Raises:
        CardParseError: when a starting card ``a`` or ``b`` cannot be read.
    """

    fallback_text = 'Ladder table: run this cell (Shift+Enter) to compare two cards on the ladder.'

    def __init__(self, a: str | Card = "7♠", b: str | Card = "8♣", *, rules: Rules = STANDARD) -> None:
        self._rules = rules
        self._cards = {"a": parse_card(a), "b": parse_card(b)}
        self._errors: dict[str, str] = {}
        labels = [str(c) for c, _ in groupby(full_deck(1))]
        self.a = self._input("Card A", a, labels)
        self.b = self._input("Card B", b, labels)
        self.error_label = ipw.Label(value="")
        self.result_html = ipw.HTML()
        self.ladder_html = ipw.HTML()
        super().__init__([ipw.HBox([self.a, self.b]), self.error_label, wrapping(self.error_label), self.result_html,
                          self.ladder_html])
        self.a.observe(lambda ch: self._changed("a", ch["new"]), names="value")
        self.b.observe(lambda ch: self._changed("b", ch["new"]), names="value")
        self._render()

    @staticmethod
    def _input(description: str, value: str | Card, labels: list[str]) -> ipw.Combobox:
        return ipw.Combobox(
            value=str(value), options=labels, ensure_option=False, continuous_update=False,
            description=description, placeholder="e.g. 7♠, 7s, D♣ or queen of hearts",
            tooltip="Type a card in German or English letters or in words (press Enter), or pick one from the list",
        )

    # ------------------------------------------------------------------ state
    def _changed(self, which: str, text: str) -> None:
        try:
            card = parse_card(text)
        except CardParseError as e:
            self._errors[which] = str(e)  # the old card stays: nothing else changes
            self._show_errors()
            return
        self._errors.pop(which, None)
        self._cards[which] = card
        self._show_errors()
        self._render()

    def _show_errors(self) -> None:
        self.error_label.value = "  ".join(
            f"Card {w.upper()}: {msg}" for w, msg in sorted(self._errors.items()))

    @property
    def card_a(self) -> Card:
        """The card A now compared (the last one that could be read)."""
        return self._cards["a"]

    @property
    def card_b(self) -> Card:
        """The card B now compared (the last one that could be read)."""
        return self._cards["b"]

    @property
    def result(self) -> tuple[int, str]:
        """:func:`paternoster.compare` of the two cards: ``(sign, reason)``."""
        return compare(self.card_a, self.card_b)

    @property
    def sign(self) -> int:
        """−1 (A lower), 0 (twins), 1 (A higher) — from :func:`paternoster.compare`."""
        return self.result[0]

    @property
    def reason(self) -> str:
        """The engine's sentence saying which card is higher and why."""
        return self.result[1]

    @property
    def error(self) -> str:
        """The parse error(s) now shown, ``""`` when both inputs are cards."""
        return self.error_label.value

    @property
    def result_text(self) -> str:
        """The verdict line as plain text, e.g. ``'A 7♠ (rung 26) < B 8♣ (rung 31). 7♠ is lower …'``."""
        a, b = self.card_a, self.card_b
        return f"A {a} (rung {a.rung}) {_SIGN[self.sign]} B {b} (rung {b.rung}). {self.reason}"

    # ------------------------------------------------------------------ display
    def _render(self) -> None:
        a, b = self.card_a, self.card_b
        sign, reason = self.result
        self.result_html.value = (
            f'<div style="font-size:1.1em;margin:4px 0">A {cards_html([a])} <small>(rung {a.rung})</small> '
            f"<b>{esc(_SIGN[sign])}</b> B {cards_html([b])} <small>(rung {b.rung})</small></div>"
            + text_block(reason))
        self.ladder_html.value = self._ladder()

    def _ladder(self) -> str:
        # full_deck lists every card in ladder order, each as often as there are decks:
        # consecutive equal cards are one rung with its twins.
        rungs = [list(g) for _, g in groupby(full_deck(self._rules.decks))]
        rows = [list(g) for _, g in groupby(rungs, key=lambda copies: copies[0].rank)]
        a, b = self.card_a, self.card_b
        head = "".join(f'<th scope="col" style="{HEAD}">{esc(c[0].suit.symbol)} {esc(c[0].suit.word())}</th>'
                       for c in rows[0])
        body = []
        for row in reversed(rows):  # the highest rung at the top, like a ladder
            first = row[0][0]
            rank = str(first)[:-len(first.suit.symbol)]
            cells = []
            for copies in row:
                card = copies[0]
                marks = [name for name, chosen in (("A", a), ("B", b)) if chosen == card]
                style = CELL + (";" + MARKED if marks else "")
                mark = f' <b aria-label="chosen">◀ {esc(" ".join(marks))}</b>' if marks else ""
                cells.append(f'<td style="{style}" title="rung {card.rung}: {esc(card.words())}">'
                             f"{cards_html(copies)}<br><small>rung {card.rung}</small>{mark}</td>")
            body.append(f'<tr><th scope="row" style="{HEAD}">{esc(rank)}</th>{"".join(cells)}</tr>')
        caption = (f"The ladder: {len(rungs)} rungs, highest at the top, each rung read left to right "
                   f"(the copies of one card are twins, equally high). ◀ A and ◀ B mark the chosen cards.")
        return (f'<table class="pn-ladder" style="{TABLE}"><caption style="caption-side:top;text-align:left">'
                f"{esc(caption)}</caption><tr><th style=\"{HEAD}\">rank</th>{head}</tr>{''.join(body)}</table>")

    def __repr__(self) -> str:
        return f"LadderTable(a={self.card_a.label('en')!r}, b={self.card_b.label('en')!r})"
