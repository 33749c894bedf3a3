"""Plots of Paskahousu simulation results for the lessons (matplotlib): who tends to lose.

Thin, like every widget: the numbers are the engine's
(:meth:`paternoster.paskahousu.SimulationResult.loss_rate`, a share with its 95 % Wilson
interval, Paskahousu rules §12.2); this module only draws them.

* :func:`loss_plot` — one panel per simulation, one bar per seat: the share of games that seat
  lost (in %), its 95 % interval as an error bar. Bars are hatched and outlined, so they never
  rely on colour alone; each seat's label names its strategy.

* :func:`comparison_plot` — every house rule against the standard game (lesson 11): mean game length,
  stalemate share, and the loss rates of the dealer's left neighbour and of the opener, each with its
  95 % interval; one row per rule set, the standard game's value as a dashed line across each panel.

The figure is closed in pyplot before it is returned, so a notebook cell that ends with it
shows it exactly once, and nothing piles up when a cell runs again.

>>> from paternoster.paskahousu import simulate
>>> fig = loss_plot([simulate(players=3, games=50, seed=1)], ["three heuristic players"])
>>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
['seat 1\\nheuristic', 'seat 2\\nheuristic', 'seat 3\\nheuristic']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from paternoster.core import theme

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = ["loss_plot", "comparison_plot", "BAR", "BAR_2"]

#: Bar colour (the theme's first plot colour: a blue that reads on white and for colour-blind readers; the
#: bars are hatched as well).
BAR = theme.PLOT_COLOURS[0]
#: Second bar colour (a yellow of the same colour-blind-safe set; hatched differently from BAR).
BAR_2 = theme.PLOT_COLOURS[5]


def loss_plot(results: Sequence[Any], titles: Sequence[str] | None = None, *, height: float = 3.5) -> Figure:
    """Loss rate per seat (%, with 95 % intervals), one panel per simulation result, panels side by side.

    Args:
        results: :class:`paternoster.paskahousu.SimulationResult` objects (from ``simulate``).
        titles: one panel title per result (default: ``"<games> games"``).
        height: figure height in inches (the width grows with the number of panels).

    Returns:
        The :class:`matplotlib.figure.Figure` (closed in pyplot; a cell ending with it shows it once).

    Raises:
        ValueError: no results, or not one title per result.
        TypeError: an item is not a Paskahousu simulation result (has no ``loss_rate``).
    """
    import matplotlib.pyplot as plt

    items = list(results) if not isinstance(results, (str, bytes)) else []
    if not items:
        raise ValueError("loss_plot: give at least one result of paternoster.paskahousu.simulate(...).")
    bad = [r for r in items if not (hasattr(r, "loss_rate") and hasattr(r, "strategies"))]
    if bad:
        raise TypeError(f"loss_plot: every item must be a result of paternoster.paskahousu.simulate(...), "
                        f"not {bad[0]!r}.")
    names = list(titles) if titles is not None else [f"{r.games} games" for r in items]
    if len(names) != len(items):
        raise ValueError(f"loss_plot: give one title per result ({len(items)} results, {len(names)} titles).")
    fig, axes = plt.subplots(1, len(items), figsize=(5 * len(items), height), sharey=True, squeeze=False)
    for ax, r, title in zip(axes[0], items, names):
        rates = [r.loss_rate(k) for k in range(r.players)]
        ax.bar([f"seat {k + 1}\n{r.strategies[k]}" for k in range(r.players)], [100 * x for x, _, _ in rates],
               yerr=[[100 * (x - lo) for x, lo, _ in rates], [100 * (hi - x) for x, _, hi in rates]],
               capsize=6, color=BAR, edgecolor=theme.PLOT_INK, hatch="//", alpha=0.8)
        ax.set_title(title, parse_math=False)  # a user's "$" is text, not mathtext
    axes[0][0].set_ylabel("games lost (%)")
    fig.tight_layout()
    plt.close(fig)
    return fig


def comparison_plot(comparison: Any, *, height: float | None = None) -> Figure:
    """Every rule set of a house-rule comparison in three panels, one row per rule set (Paskahousu rules §11).

    Panels: mean turns per finished game (stalemates have no length: they are the second panel); stalemates
    (%); games lost (%) by the player on the dealer's left
    (hatched ``//``) and by the opener (hatched ``..``) — each bar with its 95 % interval as an error
    bar, the standard game's value as a dashed line.  Nothing is told by colour alone.

    Args:
        comparison: a :class:`paternoster.paskahousu.compare.HouseRulesComparison`
            (from ``compare_house_rules``); its first row is the standard game.
        height: figure height in inches (default: grows with the number of rows).

    Returns:
        The :class:`matplotlib.figure.Figure` (closed in pyplot; a cell ending with it shows it once).

    Raises:
        TypeError: ``comparison`` is not a house-rule comparison (has no ``rows``).
    """
    import matplotlib.pyplot as plt

    rows = list(getattr(comparison, "rows", None) or [])
    if not rows or not all(hasattr(r, "finished_turns") and hasattr(r, "opener_loss") for r in rows):
        raise TypeError("comparison_plot: give the result of paternoster.paskahousu.compare.compare_house_rules(...), "
                        f"not {comparison!r}.")
    n = len(rows)
    players = rows[0].result.players
    fig, axes = plt.subplots(1, 3, figsize=(14, height or 1.2 + 0.42 * n), sharey=True)
    names = [r.name for r in rows]
    ys = list(range(n))

    def bars(ax: Any, values: list[tuple[float, float, float]], scale: float, offset: float, width: float,
             colour: str, hatch: str, label: str | None = None) -> None:
        ax.barh([y + offset for y in ys], [scale * m for m, _, _ in values], height=width,
                # max(0, …): a share of 0 may have a lower bound a rounding error above it
                xerr=[[max(0.0, scale * (m - lo)) for m, lo, _ in values], [max(0.0, scale * (hi - m)) for m, _, hi in values]],
                capsize=3, color=colour, edgecolor=theme.PLOT_INK, hatch=hatch, alpha=0.85, label=label)
        ax.axvline(scale * values[0][0], color=theme.PLOT_INK, linestyle="--", linewidth=1)

    bars(axes[0], [r.finished_turns for r in rows], 1, 0, 0.6, BAR, "//")  # stalemates have no length: apart
    axes[0].set_xlabel("mean turns per finished game")
    bars(axes[1], [r.stalemate_share for r in rows], 100, 0, 0.6, BAR, "//")
    axes[1].set_xlabel("stalemates (% of games)")
    bars(axes[2], [r.dealer_loss[1 % players] for r in rows], 100, -0.2, 0.38, BAR, "//", "dealer's left")
    bars(axes[2], [r.opener_loss[0] for r in rows], 100, 0.2, 0.38, BAR_2, "..", "opener")
    axes[2].set_xlabel("games lost (%)")
    axes[2].legend(loc="upper center", bbox_to_anchor=(0.5, -0.18 - 0.6 / n), ncol=2, fontsize="small")
    axes[0].set_yticks(ys, names)
    axes[0].invert_yaxis()
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(f"{comparison.games} games per rule set, {players} heuristic players; dashed: the standard game",
                 fontsize="medium")
    fig.tight_layout()
    plt.close(fig)
    return fig
