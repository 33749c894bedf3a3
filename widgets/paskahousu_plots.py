"""Plots of Paskahousu simulation results for the lessons (matplotlib): who tends to lose.

Thin, like every widget: the numbers are the engine's
(:meth:`paternoster.paskahousu.SimulationResult.loss_rate`, a share with its 95 % Wilson
interval, Paskahousu rules §12.2); this module only draws them.

* :func:`loss_plot` — one panel per simulation, one bar per seat: the share of games that seat
  lost (in %), its 95 % interval as an error bar. Bars are hatched and outlined, so they never
  rely on colour alone; each seat's label names its strategy.

The figure is closed in pyplot before it is returned, so a notebook cell that ends with it
shows it exactly once, and nothing piles up when a cell runs again.

>>> from paternoster.paskahousu import simulate
>>> fig = loss_plot([simulate(players=3, games=50, seed=1)], ["three heuristic players"])
>>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
['seat 1\\nheuristic', 'seat 2\\nheuristic', 'seat 3\\nheuristic']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = ["loss_plot", "BAR"]

#: Bar colour (a blue that reads on white and for colour-blind readers; the bars are hatched as well).
BAR = "#4477aa"


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
               capsize=6, color=BAR, edgecolor="black", hatch="//", alpha=0.8)
        ax.set_title(title, parse_math=False)  # a user's "$" is text, not mathtext
    axes[0][0].set_ylabel("games lost (%)")
    fig.tight_layout()
    plt.close(fig)
    return fig
