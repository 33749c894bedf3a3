"""What a house rule changes, measured: every switch against the standard game (Paskahousu rules §11).

:func:`compare_house_rules` lets the same computer players play the same deals — game ``i`` of every
row is dealt from the same seed — once under the standard rules and once under each house rule, and
returns one :class:`ComparisonRow` per rule set: the length of the finished games (mean and median turns),
the stalemates (games stopped at the turn cap, counted apart: they have no length of their own), and each
seat's loss rate, also counted from the dealer and from the opener, all with 95 % intervals.  Lesson 11
shows this table and its plot.

**Decision** (kit): the rows share the deals (common random numbers), so a difference between two
rows comes from the rule, not from luckier shuffles; a rule that does not allow the player count
(Pöytäpaska: 2–3 players, Zwei Blätter: 6 or more) is left out and named in ``skipped``.

>>> c = compare_house_rules([], players=3, games=40, seed=1)
>>> [row.name for row in c.rows], c.rows[0].result.games
(['Standard'], 40)
"""

from __future__ import annotations

import html
import textwrap
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, short, whole
from ..core.errors import RulesError
from .rules import STANDARD_HOUSE_RULES, HouseRules
from .simulation import SimulationResult, simulate

__all__ = ["compare_house_rules", "ComparisonRow", "HouseRulesComparison"]

Interval = tuple[float, float, float]


@dataclass(frozen=True)
class ComparisonRow:
    """One rule set of a comparison.

    Attributes:
        name: the rule set's name (``"Standard"`` or the rule book's name of the switch).
        rules: the :class:`HouseRules` played.
        result: the whole :class:`~paternoster.paskahousu.SimulationResult`.
    """

    name: str
    rules: HouseRules
    result: SimulationResult = field(repr=False)

    @property
    def finished_turns(self) -> Interval:
        """Mean turns of the finished games (stalemates left out) with its 95 % interval ``(mean, low, high)``."""
        return self.result.finished_turns_interval()

    @property
    def median_turns(self) -> float:
        """Median turns of the finished games (stalemates left out)."""
        return self.result.finished_median_turns

    @property
    def stalemates(self) -> int:
        """Games stopped at the turn cap (no loser)."""
        return self.result.stalemates

    @property
    def mean_turns(self) -> Interval:
        """Mean turns per game over *all* games, a stalemate counting the turn cap, with its 95 % interval —
        not the length of a game (see :attr:`finished_turns`)."""
        return self.result.mean_turns_interval()

    @property
    def stalemate_share(self) -> Interval:
        """Share of games that stalled (turn cap), with its 95 % Wilson interval."""
        return self.result.stalemate_share()

    @property
    def seat_loss(self) -> list[Interval]:
        """Per seat (0 = seat 1), the share of games it lost, with 95 % Wilson intervals."""
        return [self.result.loss_rate(k) for k in range(self.result.players)]

    @property
    def dealer_loss(self) -> list[Interval]:
        """Loss rate of the seat ``k`` places left of the dealer, ``k = 0 …`` (0 = the dealer)."""
        return [self.result.loss_rate_from_dealer(k) for k in range(self.result.players)]

    @property
    def opener_loss(self) -> list[Interval]:
        """Loss rate of the seat ``k`` places left of the opener, ``k = 0 …`` (0 = the opener)."""
        return [self.result.loss_rate_from_opener(k) for k in range(self.result.players)]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: name, the house rules' fields, the finished games' turns (mean as ``[mean, low, high]``,
        median), the stalemates, and every share as ``[rate, low, high]`` (``mean_turns``: all games, a
        stalemate counting the cap)."""
        return {"name": self.name, "rules": self.rules.to_dict(), "games": self.result.games,
                "engine": self.result.engine, "finished_turns": list(self.finished_turns),
                "median_turns": self.median_turns, "stalemates": self.stalemates, "mean_turns": list(self.mean_turns),
                "stalemate_share": list(self.stalemate_share), "seat_loss": [list(x) for x in self.seat_loss],
                "dealer_loss": [list(x) for x in self.dealer_loss],
                "opener_loss": [list(x) for x in self.opener_loss]}


@dataclass(frozen=True)
class HouseRulesComparison:
    """The rows of :func:`compare_house_rules`; the first row is the standard game.

    Attributes:
        players, games, seed: as given (every row plays ``games`` games); rows: one :class:`ComparisonRow`
            per rule set;
        skipped: ``(name, reason)`` for each rule left out (it does not allow ``players``).
    """

    players: int
    games: int
    seed: int
    rows: tuple[ComparisonRow, ...]
    skipped: tuple[tuple[str, str], ...] = ()

    @property
    def seconds(self) -> float:
        """Wall-clock seconds of all the simulations together."""
        return sum(r.result.seconds for r in self.rows)

    def row(self, name: str) -> ComparisonRow:
        """The row named ``name``.

        Raises:
            KeyError: no row has that name (the names are listed).
        """
        for r in self.rows:
            if r.name == name:
                return r
        raise KeyError(f"No row {short(name)}; the rows are: {', '.join(r.name for r in self.rows)}.")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the arguments, every row (:meth:`ComparisonRow.to_dict`) and the skipped rules."""
        return {"players": self.players, "games": self.games, "seed": self.seed,
                "rows": [r.to_dict() for r in self.rows], "skipped": [list(s) for s in self.skipped]}

    def summary(self) -> str:
        """A plain-text table: per rule set the finished games' mean turns (95 % interval) and median, the
        stalemates (count and share), and the loss rate of the dealer's left neighbour and of the opener, each
        with its 95 % interval (no timings: deterministic)."""
        def cell(x: Interval, pct: bool) -> str:
            m, lo, hi = (100 * v for v in x) if pct else x
            return f"{m:.1f} [{lo:.1f}–{hi:.1f}]"

        # narrow columns, each as wide as its widest entry, so the table fits a notebook page unwrapped
        head = ["house rule", "games", "mean turns", "median", "stalemates", "stalemates %", "dealer left %",
                "opener %"]
        body = [[r.name, str(r.result.games), cell(r.finished_turns, False), f"{r.median_turns:g}",
                 str(r.stalemates), cell(r.stalemate_share, True), cell(r.dealer_loss[1 % self.players], True),
                 cell(r.opener_loss[0], True)] for r in self.rows]
        widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]

        def line(row: list[str]) -> str:
            return "  ".join(f"{v:{widths[0]}}" if i == 0 else f"{v:>{widths[i]}}" for i, v in enumerate(row))

        lines = [f"{self.games} games per rule set, {self.players} heuristic players (seed {self.seed}); "
                 f"95 % intervals in brackets;",
                 "'mean turns' and 'median': of the finished games; a game stopped at the turn cap is a stalemate,",
                 "counted apart. 'dealer left %' and 'opener %': how often the dealer's left neighbour / the opener loses.",
                 line(head)] + [line(row) for row in body]
        if self.skipped:
            lines.append("left out:")
        for name, why in self.skipped:
            # wrapped at spaces only, so a section number such as §11.13 is never split
            lines += textwrap.wrap(f"{name}: {why}", width=90, initial_indent="  ", subsequent_indent="    ",
                                   break_long_words=False, break_on_hyphens=False)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"HouseRulesComparison(players={self.players}, games={self.games}, seed={self.seed}, "
                f"rows={[r.name for r in self.rows]}, skipped={[s[0] for s in self.skipped]})")

    def _repr_html_(self) -> str:
        def cell(x: Interval, pct: bool) -> str:
            m, lo, hi = (100 * v for v in x) if pct else x
            unit = " %" if pct else ""
            return f"<td>{m:.1f}{unit}</td><td>{lo:.1f} – {hi:.1f}</td>"

        rows = "".join(f"<tr><td>{html.escape(r.name)}</td><td>{r.result.games}</td>{cell(r.finished_turns, False)}"
                       f"<td>{r.median_turns:g}</td><td>{r.stalemates}</td>"
                       f"{cell(r.stalemate_share, True)}{cell(r.dealer_loss[1 % self.players], True)}"
                       f"{cell(r.opener_loss[0], True)}</tr>" for r in self.rows)
        rows += "".join(f"<tr><td>{html.escape(n)}</td><td colspan=11>left out: {html.escape(w)}</td></tr>"
                        for n, w in self.skipped)
        head = ("<tr><th>house rule</th><th>games</th><th colspan=2>mean turns, finished games (95 %)</th>"
                "<th>median</th><th colspan=3>stalemates (turn cap)</th>"
                "<th colspan=2>dealer's left loses</th><th colspan=2>opener loses</th></tr>")
        return (f'<div class="pk-compare"><b>{self.games} games per rule set, {self.players} heuristic players'
                f"</b><table>{head}{rows}</table></div>")


def _catalogue_names(options: bool) -> list[str]:
    """Every switch of the catalogue by name (Paskahousu rules §11); with ``options`` each further option
    too, written as :func:`~paternoster.paskahousu.rules.house_rules` reads it (``"Nur einzeln (nur Zweien)"``)."""
    from .rules import HOUSE_RULE_SWITCHES

    out = []
    for sw in HOUSE_RULE_SWITCHES:
        out.append(sw.name)
        if options:
            out += [f"{sw.name} ({label})" for label, _ in sw.options[1:] if label]
    return out


def _rules_for(item: Any, players: int) -> tuple[str, HouseRules]:
    if isinstance(item, HouseRules):
        return item.name, item
    if isinstance(item, str):
        from .rules import house_rules  # the rule book's names (Paskahousu rules §11)

        return item, house_rules(item, players=players)
    raise RulesError(f"switches: each entry is a house rule's name such as 'Sechs Karten' or a HouseRules object, "
                     f"not {short(item)}.")


def compare_house_rules(switches: Sequence[Any] | None = None, players: int = 4, games: int = 2000, seed: int = 0,
                        *, options: bool = False, reference_games: int = 500, strategies: Any = "heuristic",
                        progress: Any = None) -> HouseRulesComparison:
    """Simulate the standard game and each house rule with the same deals; one row per rule set.

    Args:
        switches: house rules by the rule book's names (``"Sechs Karten"``, ``"Nur einzeln (nur Zweien)"``,
            ``"Sechs Karten,Nur einzeln"`` for a combination) or :class:`HouseRules` objects; ``None``
            for every switch of the catalogue (Paskahousu rules §11) that allows ``players``.
        players: seats per game (4 in lesson 11).
        options: with ``switches=None``, also one row for each further option of a switch
            (``"Nur einzeln (nur Zweien)"``, ``"10 und Ass auf dem leeren Tisch (B)"`` …).
        games: games per rule set, 1 to 1,000,000 (2000 by default: intervals about ±2 percentage points).
        seed: simulation seed; every row plays the deals of :func:`~paternoster.paskahousu.simulation`
            with this seed.
        reference_games: kept for calls written before every rule set ran on a lean loop; ignored (every row,
            Pöytäpaska and Valepaska too, plays ``games`` games), but still checked (a whole number ≥ 1).
        strategies: as for :func:`~paternoster.paskahousu.simulation` (default: heuristic players).
        progress: a tqdm-like class for one bar per row, or ``None``.

    Returns:
        :class:`HouseRulesComparison`: ``rows[0]`` is the standard game, then one row per switch in the
        given order; rules that do not allow ``players`` are listed in ``skipped`` when
        ``switches is None``.

    Raises:
        RulesError: an unknown name (the valid names are listed), a combination that makes no sense, or
            (for a switch named explicitly) a player count it does not allow; ValueError: bad ``games``
            or ``seed``.
    """
    games = whole(games, "games", lo=1, hi=MAX_GAMES, error=ArgumentError)
    players = whole(players, "players", lo=2, hi=10, error=RulesError)
    sets: list[tuple[str, HouseRules]] = [("Standard", STANDARD_HOUSE_RULES)]
    skipped: list[tuple[str, str]] = []
    if switches is None:
        for name in _catalogue_names(bool(options)):
            try:
                sets.append(_rules_for(name, players))
            except RulesError as e:
                skipped.append((name, str(e)))
    else:
        if isinstance(switches, (str, HouseRules)):
            switches = [switches]
        sets += [_rules_for(item, players) for item in switches]
    reference_games = whole(reference_games, "reference_games", lo=1, hi=MAX_GAMES, error=ArgumentError)
    rows = tuple(ComparisonRow(name, rules, simulate(players, games, seed, strategies=strategies, rules=rules,
                                                     progress=progress))
                 for name, rules in sets)
    return HouseRulesComparison(players, games, seed, rows, tuple(skipped))
