"""VariantsTable: every Paternoster preset side by side, read from each preset's rules."""

from __future__ import annotations

from typing import Any

from paternoster.lift.texts import rule_switches

from ._common import CELL, HEAD, TABLE, esc

__all__ = ["VariantsTable", "hand_sizes"]


def hand_sizes(rules: Any) -> str:
    """'1: 8 · 2: 7 · 3–5: 6' — the rules' hand size for every allowed player count, runs merged."""
    runs: list[list[int]] = []
    for p in rules.player_counts:
        size = rules.hand_size(p)
        if runs and runs[-1][1] == p - 1 and runs[-1][2] == size:
            runs[-1][1] = p
        else:
            runs.append([p, p, size])
    return " · ".join(f"{a}: {s}" if a == b else f"{a}–{b}: {s}" for a, b, s in runs)


class VariantsTable:
    """Every preset of :data:`paternoster.PRESETS` (``"Normal"`` and one per variant) side by side.

    Args:
        players: only the presets for this many players, a whole number from 1 to 8 (``None``: all).
        groups: only the presets whose every variant is in these groups, from ``"standard"`` (Normal),
            ``"easier"``, ``"harder"`` and ``"large"`` (``None``: all) — a lesson shows the variants it has taught.

    Raises:
        paternoster.RulesError: ``players`` is not ``None`` or a whole number from 1 to 8
            (checked by :func:`paternoster.presets`; nothing is built).
        ValueError: a group that is none of those four.

    Each row is read from the preset's :class:`paternoster.Rules`: the variants' groups
    (easier / harder / large), what it changes (the preset's line), hand size per player
    count, piles, minimum play, cards and decks, and every other field that differs from the standard
    game (tokens, passengers, signals, hourglass, fire, commands, setbacks per turn …:
    :func:`paternoster.lift.texts.rule_switches`, read off the dataclass).  Shown as an HTML table in a notebook (all text
    escaped); :attr:`rows` holds the same cells as plain text.
    """

    COLUMNS = ("preset", "group", "what changes", "hand size (players: cards)", "piles", "minimum",
               "cards", "other rules")

    GROUPS = ("standard", "easier", "harder", "large")

    def __init__(self, players: int | None = None, groups: tuple[str, ...] | None = None) -> None:
        from paternoster import VARIANTS, presets

        chosen = presets(players)        # refuses players outside 1-8 before anything is set
        wanted = set(self.GROUPS if groups is None else groups)
        if not wanted <= set(self.GROUPS) or isinstance(groups, str):
            raise ValueError(f"groups takes some of {', '.join(self.GROUPS)}; not {groups!r}.")
        self.players = None if players is None else int(players)
        self.groups = None if groups is None else tuple(g for g in self.GROUPS if g in wanted)
        self.rows: list[dict[str, str]] = []
        for p in chosen:
            r = p.rules
            groups_of = sorted({VARIANTS[k].group for k in r.variants}, key=("easier", "harder", "large").index)
            if not set(groups_of or ["standard"]) <= wanted:
                continue
            self.rows.append({
                "preset": p.name,
                "group": ", ".join(groups_of) or "standard",
                "what changes": p.description,
                "hand size (players: cards)": hand_sizes(r),
                "piles": f"{r.up_piles} up + {r.down_piles} down",
                "minimum": f"{r.minimum} (then {r.minimum_without_draw_pile} once the draw pile is empty)",
                "cards": f"{r.cards} ({r.decks} deck{'s' if r.decks > 1 else ''})",
                "other rules": ", ".join(rule_switches(r)) or "—",
            })

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col" style="{HEAD}">{esc(c)}</th>' for c in self.COLUMNS)
        body = "".join("<tr>" + "".join(
            (f'<th scope="row" style="{HEAD}">{esc(row[c])}</th>' if c == "preset"
             else f'<td style="{CELL};text-align:left">{esc(row[c])}</td>') for c in self.COLUMNS) + "</tr>"
            for row in self.rows)
        who = "" if self.players is None else f" for {self.players} player{'' if self.players == 1 else 's'}"
        which = "" if self.groups is None else ": " + ", ".join(self.groups[:-1]) + \
            (" and " if len(self.groups) > 1 else "") + self.groups[-1]
        return (f'<table class="pn-variants" style="{TABLE}"><caption style="caption-side:top;text-align:left">'
                f"Paternoster presets{esc(which)}{esc(who)} — {len(self.rows)}, read from each preset's rules</caption><tr>{head}</tr>{body}</table>")

    def __repr__(self) -> str:
        who = "" if self.players is None else f", players={self.players}"
        which = "" if self.groups is None else f", groups={self.groups!r}"
        return f"VariantsTable({len(self.rows)} presets{who}{which})"
