"""Paskahousu's house rules for the lessons: the catalogue as a table, and the acceptance table of any
house-rule set chosen from a menu (Paskahousu rules §11).

Thin, like every widget: the switches, their sections, player counts, options and what each changes
are the engine's catalogue :data:`paternoster.paskahousu.rules.HOUSE_RULE_SWITCHES`; a rule set is
built by :func:`paternoster.paskahousu.rules.house_rules` (which refuses what does not go together);
which cells of the acceptance table change is :func:`~paternoster.paskahousu.acceptance_table`.

* :class:`HouseRulesTable` — every switch: name, rule-book section, players, options, what changes, and
  how many cells of the acceptance table it changes.  Read ``t.rows``.
* :class:`HouseRulesAcceptance` — a menu of house rules (one or several, the rule book's names) above an
  :class:`widgets.AcceptanceTable` whose changed cells are marked ``≠``.
  Drive: ``t.choose("Nur Schwarze zählen")``; read ``t.table.differences``, ``t.message``.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as ipw

from paternoster.paskahousu import STANDARD_HOUSE_RULES
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES, house_rules

from ._common import CELL, HEAD, TABLE, esc, wrapping
from .acceptance import AcceptanceTable, changed_cells
from .classroom import house_rule_choices, menu_entry
from .fallback import TextFallback

__all__ = ["HouseRulesTable", "HouseRulesAcceptance", "switch_rows"]

_HEADS = ("house rule", "rules §", "players", "options", "what changes", "cells of the acceptance table changed")


def switch_rows() -> list[tuple[str, str, str, str, str, str]]:
    """One row per switch of the engine's catalogue, in the rule book's order: name, section, players
    ("2–6"), options ("—" for none; the option names otherwise), what changes, and the cells of the
    acceptance table the switch changes (for a switch with options: per option, "0 / 3")."""
    rows = []
    for sw in HOUSE_RULE_SWITCHES:
        named = [o for o, _ in sw.options if o]
        labels = [f"{sw.name} ({o})" for o in named] if len(named) > 1 else [sw.name]
        counts = []
        for label in labels:
            try:
                counts.append(str(changed_cells(house_rules(label))))
            except Exception as e:  # noqa: BLE001 — the engine's refusal, shown as text
                counts.append(f"({e})")
        lo, hi = sw.players
        rows.append((sw.name, sw.section, f"{lo}–{hi}", ", ".join(named) if len(named) > 1 else "—", sw.what,
                     " / ".join(counts)))
    return rows


class HouseRulesTable(TextFallback, ipw.HTML):
    """Every house rule of the rule book as the engine's catalogue lists it (Paskahousu rules §11).

    Attributes:
        rows: :func:`switch_rows` — the table as plain text tuples.
    """

    fallback_text = "House rules table: run this cell (Shift+Enter) to list every house rule of the rule book."

    def __init__(self) -> None:
        self.rows = switch_rows()
        head = "".join(f'<th scope="col" style="{HEAD}">{esc(h)}</th>' for h in _HEADS)
        left = f"{CELL};text-align:left"
        body = "".join("<tr>" + "".join(f'<td style="{left if j in (0, 3, 4) else CELL}">{esc(v)}</td>'
                                        for j, v in enumerate(row)) + "</tr>" for row in self.rows)
        caption = ("The house rules of the rule book (Paskahousu rules §11), as the engine's catalogue lists them. "
                   "An option is written in parentheses after the name, e.g. \u201cNur einzeln (nur Zweien)\u201d.")
        super().__init__(value=f'<table style="{TABLE}"><caption style="caption-side:top;text-align:left">'
                               f"{esc(caption)}</caption><tr>{head}</tr>{body}</table>")

    def __repr__(self) -> str:
        return f"HouseRulesTable({len(self.rows)} house rules)"


class HouseRulesAcceptance(TextFallback, ipw.VBox):
    """Choose house rules from a menu; the acceptance table below marks every cell they change (``≠``).

    Args:
        rules: the house rules chosen first, by the rule book's names (``"Nur Schwarze zählen"``;
            several separated by commas; ``"Standard"`` for none).
        top, played: the pair chosen first in the acceptance table (see :class:`AcceptanceTable`).

    Attributes:
        menu: the :class:`ipywidgets.SelectMultiple` of house rules (none chosen: the standard game).
        table: the :class:`AcceptanceTable` shown.
        message_label: plain text: which rules are shown and how many cells change, or the engine's refusal
            (then the table stays as it was).

    Raises:
        RulesError: the starting ``rules`` are refused by the engine (its message).
    """

    fallback_text = "House-rule acceptance table: run this cell (Shift+Enter) to choose house rules and see what changes."

    def __init__(self, rules: str | Sequence[str] = "Standard", *, top: str = "7", played: str = "J") -> None:
        self.menu = ipw.SelectMultiple(options=house_rule_choices(), value=(), rows=7,
                                       description="House rules", style={"description_width": "initial"},
                                       layout=ipw.Layout(width="34em"))
        self.message_label = ipw.Label(value="")
        start = self._names(rules)
        self.table = AcceptanceTable(top, played, rules=house_rules(start) if start else STANDARD_HOUSE_RULES)
        self.menu.value = tuple(start)
        super().__init__([self.menu, self.message_label, wrapping(self.message_label, error=False), self.table])
        self._say()
        self.menu.observe(lambda _: self._changed(), names="value")

    @staticmethod
    def _names(rules: str | Sequence[str]) -> list[str]:
        items = [rules] if isinstance(rules, str) else list(rules)
        return [menu_entry(n) for n in items if n.strip() and n.strip().lower() != "standard"]

    def _say(self, refusal: str = "") -> None:
        n = len(self.table.differences)
        shown = (f"Shown: {self.table.rules.name} — {n} cell{'' if n == 1 else 's'} of the acceptance table "
                 f"differ{'s' if n == 1 else ''} from the standard game"
                 + (" (marked ≠)." if n else "; what this house rule changes is not in this table."))
        self.message_label.value = (f"⚠ {refusal} The table still shows the rules before. " if refusal else "") + shown

    def _changed(self) -> None:
        names = list(self.menu.value)
        try:
            rules = house_rules(names) if names else STANDARD_HOUSE_RULES
        except Exception as e:  # noqa: BLE001 — the engine's refusal, shown as text; the table stays
            self._say(str(e))
            return
        self.table.set_rules(rules)
        self._say()

    def choose(self, names: str | Sequence[str]) -> bool:
        """Choose house rules by name (as the menu's entries; ``"Standard"`` for none), as clicks do.

        Returns:
            ``True`` when the table now shows them; ``False`` when the engine refused them
            (:attr:`message` says why, the table is unchanged).

        Raises:
            ValueError: a name that is not in the menu (the entries are listed; nothing changes).
        """
        items = self._names(names)
        bad = [n for n in items if n not in self.menu.options]
        if bad:
            raise ValueError(f"{bad[0]!r} is not in the menu: {', '.join(self.menu.options)}.")
        self.menu.value = tuple(items)
        return not self.message.startswith("⚠")

    @property
    def message(self) -> str:
        """What the table shows, or the engine's refusal (plain text)."""
        return self.message_label.value

    def __repr__(self) -> str:
        return f"HouseRulesAcceptance(rules={self.table.rules.name!r}, changed={len(self.table.differences)})"
