"""Plots of simulation results for the lessons (matplotlib): the difficulty of levels at a glance.

Thin, like every widget: the numbers are the engine's
(:class:`paternoster.lift.simulation.SimulationResult` — ``perfect()``, ``mean_remaining()``,
``distribution()``); this module only draws them.

* :func:`perfect_plot` — one horizontal bar per simulation: the share of perfect games
  (every card played, in % of games) with its 95 % interval as an error bar and the
  share written beside it.
* :func:`remaining_plot` — one small panel per simulation: the share of games (in %)
  that ended with 0, 1, 2, … remaining cards; the perfect games (0 cards) hatched,
  the mean as a dashed line.

Both take a :class:`~paternoster.lift.levels.DifficultyTable`, a :class:`~paternoster.lift.levels.Claim`
(anything with a ``results`` attribute) or a sequence of ``SimulationResult`` objects, and
return the :class:`matplotlib.figure.Figure`.  The figure is closed in pyplot before it is
returned, so a notebook cell that ends with it shows it exactly once, and nothing piles up
when a cell runs again.  Bars and lines never rely on colour alone: the perfect bar is hatched,
the mean is dashed and written in the title.

>>> from paternoster import simulate
>>> runs = [simulate("Kurze Fahrt", games=50), simulate("Normal", games=50)]
>>> fig = perfect_plot(runs)
>>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
['Kurze Fahrt', 'Normal']
>>> len(remaining_plot(runs, max_cards=20).axes)
2
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from paternoster.core import theme

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = ["perfect_plot", "remaining_plot", "BAR", "PERFECT"]

#: Bar colour (the theme's first plot colour: a blue that reads on white, and for colour-blind readers).
BAR = theme.PLOT_COLOURS[0]
#: Colour of the perfect-games bar in :func:`remaining_plot` (also hatched: not told apart by colour alone).
PERFECT = theme.PLOT_COLOURS[1]


def _results(results: Any, call: str) -> list:
    """The simulation results to draw, checked: a table or claim (``.results``) or a sequence of them."""
    items = list(getattr(results, "results", results)) if not isinstance(results, (str, bytes)) else None
    if not items:
        raise ValueError(f"{call}: give at least one simulation result — a DifficultyTable, a Claim, or a list of "
                         f"simulate(...) results; got {results!r}.")
    bad = [r for r in items if not (hasattr(r, "perfect") and hasattr(r, "distribution"))]
    if bad:
        raise TypeError(f"{call}: every item must be a simulation result (paternoster.simulate(...)), "
                        f"not {bad[0]!r}.")
    return items


def _labels(items: list, labels: Sequence[str] | None, call: str) -> list[str]:
    """``labels`` checked, or the rules' names, with the player count where it differs from the most common
    one (on every name when no count is the most common)."""
    if labels is not None:
        labels = [str(x) for x in labels]
        if len(labels) != len(items):
            raise ValueError(f"{call}: labels has {len(labels)} names for {len(items)} results; give one per result.")
        return labels
    ranked = Counter(r.players for r in items).most_common()
    usual = ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else None
    return [r.rules_name if r.players == usual or "players" in r.rules_name else f"{r.rules_name} ({r.players} players)"
            for r in items]


def _games(items: list) -> str:
    counts = {r.games for r in items}
    return f"{counts.pop()} games each" if len(counts) == 1 else "games: " + ", ".join(str(r.games) for r in items)


def perfect_plot(results: Any, labels: Sequence[str] | None = None, *, title: str | None = None) -> Figure:
    """Share of perfect games per simulation, as horizontal bars with 95 % interval error bars.

    Args:
        results: a :class:`~paternoster.lift.levels.DifficultyTable`, a :class:`~paternoster.lift.levels.Claim`,
            or a sequence of :class:`~paternoster.lift.simulation.SimulationResult`; drawn top to bottom in
            the given order (a table: its ladder order, easiest first).
        labels: one name per result; default: the rules' names (``"Hochhaus 4 (6 players)"`` where the
            player count differs from the most common one; on every name when no count is the most common).
        title: the figure's title; default ``"Perfect games (95 % intervals), N games each"``.

    Returns:
        :class:`matplotlib.figure.Figure` with one axes: one bar per result (length: perfect share in %
        of games), one y tick label per result, the share written beside each bar.

    Raises:
        ValueError: no results; ``labels`` of the wrong length.
        TypeError: an item that is not a simulation result.
    """
    import matplotlib.pyplot as plt

    items = _results(results, "perfect_plot")
    names = _labels(items, labels, "perfect_plot")
    shares = np.array([r.perfect() for r in items]) * 100  # rows: share, low, high (% of games)
    y = np.arange(len(items))
    fig, ax = plt.subplots(figsize=(8, 0.42 * len(items) + 1.3))
    ax.barh(y, shares[:, 0], color=BAR, edgecolor=theme.PLOT_INK,
            xerr=[shares[:, 0] - shares[:, 1], shares[:, 2] - shares[:, 0]], capsize=3)
    for k, (share, _, high) in enumerate(shares):
        ax.text(high + 1, k, f"{share:.1f} %", va="center", fontsize=9)
    ax.set_yticks(y, names)
    ax.invert_yaxis()  # the first result at the top
    ax.set_xlim(0, min(100.0, float(shares[:, 2].max()) + 12))
    ax.set_xlabel("perfect games (% of games; black lines: 95 % interval)")
    ax.set_title(title if title is not None else f"Perfect games (95 % intervals), {_games(items)}", parse_math=False)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    plt.close(fig)
    return fig


def remaining_plot(results: Any, labels: Sequence[str] | None = None, *, max_cards: int = 40,
                   columns: int | None = None, title: str | None = None) -> Figure:
    """How many cards remained: one panel per simulation, the share of games per number of remaining cards.

    Args:
        results: as :func:`perfect_plot`.
        labels: one name per result (default: the rules' names, as in :func:`perfect_plot`).
        max_cards: bars for 0 … ``max_cards`` − 1 remaining cards, and a last bar for ``max_cards`` or
            more (the long tail in one bar); at least 1.
        columns: panels per row; default: all in one row up to 3, else 2 per row.
        title: the figure's title; default ``"Remaining cards per game, N games each"``.

    Returns:
        :class:`matplotlib.figure.Figure` with one axes per result, each with ``max_cards + 1`` bars
        (heights in % of games; they add up to 100); the bar for 0 (perfect games) hatched, the mean
        remaining cards a dashed line; each panel's title gives the name, perfect share and mean.

    Raises:
        ValueError: no results; ``labels`` of the wrong length; ``max_cards`` or ``columns`` not a whole
        number ≥ 1.
        TypeError: an item that is not a simulation result.
    """
    import matplotlib.pyplot as plt

    items = _results(results, "remaining_plot")
    names = _labels(items, labels, "remaining_plot")
    for value, field in ((max_cards, "max_cards"), (columns, "columns")):
        if field == "columns" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(f"remaining_plot: {field} must be a whole number ≥ 1, not {value!r}.")
    max_cards = int(max_cards)
    n = len(items)
    cols = int(columns) if columns is not None else (n if n <= 3 else 2)
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.6 * cols, 2.8 * rows + 0.6), squeeze=False)
    x = np.arange(max_cards + 1)
    for k, (r, name) in enumerate(zip(items, names)):
        ax = axes[k // cols][k % cols]
        counts = r.distribution()
        bins = np.zeros(max_cards + 1)
        head = counts[:max_cards]
        bins[:len(head)] = head
        bins[max_cards] = counts[max_cards:].sum()
        share = 100 * bins / max(r.games, 1)
        bars = ax.bar(x, share, width=0.85, color=BAR, edgecolor=BAR)
        bars[0].set_color(PERFECT)
        bars[0].set_edgecolor(theme.PLOT_INK)
        bars[0].set_hatch("//")
        mean = r.mean_remaining()[0]
        if not np.isnan(mean):
            ax.axvline(min(mean, max_cards), color=theme.PLOT_INK, linestyle="--", linewidth=1)
        ax.set_title(f"{name}\nperfect {100 * r.perfect()[0]:.1f} % · mean {mean:.2f} cards", fontsize=10, parse_math=False)
        ticks = [t for t in range(0, max_cards, 10)] + [max_cards]
        ax.set_xticks(ticks, [str(t) for t in ticks[:-1]] + [f"≥{max_cards}"])
        ax.set_xlabel("remaining cards")
        if k % cols == 0:
            ax.set_ylabel("% of games")
        ax.grid(axis="y", alpha=0.3)
    for k in range(n, rows * cols):
        fig.delaxes(axes[k // cols][k % cols])
    fig.suptitle(title if title is not None else
                 f"Remaining cards per game ({_games(items)}; hatched: perfect games, dashed: the mean)",
                 fontsize=11)
    fig.tight_layout()
    plt.close(fig)
    return fig
