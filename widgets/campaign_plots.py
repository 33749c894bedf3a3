"""The campaign's plot (matplotlib): each group's stars over time, from a score book.

Thin, like every widget: the rides and their stars are the score book's
(:meth:`paternoster.campaign.book.ScoreBook.rides`, stars by :func:`paternoster.campaign.stars`,
rules §15.2); this module only draws them.

* :func:`stars_plot` — one step line per group: its stars in all (each floor counting its best
  ride so far, rules §15.2) after each day of rides; the axis ends a few stars above the best
  group (the campaign's stars in all at most).  Lines differ by marker and dash
  as well as colour; group names are drawn as plain text (no mathtext).

The figure is closed in pyplot before it is returned, so a notebook cell that ends with it shows
it exactly once.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any, Sequence

from paternoster.campaign import MAX_TOTAL_STARS
from paternoster.core import theme

if TYPE_CHECKING:  # matplotlib is imported when a plot is drawn
    from matplotlib.figure import Figure

__all__ = ["stars_plot"]

#: Colour-blind-safe colours, each paired with a marker and a dash (never colour alone).
STYLES = tuple(zip(theme.PLOT_COLOURS, ("o", "s", "^", "D", "v", "P", "X", "*"), ("-", "--", "-.", ":") * 2))


#: Room above the best group's line, in stars.
HEADROOM = 4


def top_of_axis(highest: int) -> int:
    """The y axis's top for a class whose best group has ``highest`` stars in all: a few stars above it, so
    early weeks are not flat lines on the floor of the chart, and never above the stars a group can reach
    (:data:`paternoster.campaign.MAX_TOTAL_STARS`)."""
    return min(MAX_TOTAL_STARS, max(highest, 0) + HEADROOM)


def stars_plot(book: Any, *, rides: Sequence[Any] | None = None, title: str | None = None) -> Figure:
    """Every group's stars in all over time (one step line per group), from a score book.

    Args:
        book: a :class:`paternoster.campaign.book.ScoreBook` (anything with ``groups()`` and ``rides()``).
        rides: the book's rides when the caller has read them already (``book.rides()``; saves reading
            them again); default: read from ``book``.
        title: the figure's title; default ``"Stars over time (best ride per floor, 36 at most)"`` (the campaign's
            stars in all).

    Returns:
        :class:`matplotlib.figure.Figure` with one axes: x the day a ride was played, y the group's
        stars in all after that day (0 up to a few
        stars above the best group's total, at most the campaign's stars in all: :func:`top_of_axis`); one line per group that has rides, labelled with its name.

    Raises:
        TypeError: ``book`` has no ``groups()`` / ``rides()``.
    """
    import matplotlib.pyplot as plt

    if not (callable(getattr(book, "groups", None)) and callable(getattr(book, "rides", None))):
        raise TypeError(f"stars_plot: give a score book (paternoster.campaign.book.ScoreBook), not {type(book).__name__}.")
    fig, ax = plt.subplots(figsize=(8, 3.6))
    most = MAX_TOTAL_STARS
    drawn = 0
    highest = 0
    by_group: dict[str, list[Any]] = {}
    for r in (book.rides() if rides is None else rides):
        by_group.setdefault(r.group, []).append(r)
    first: Any = None
    last: Any = None
    for k, group in enumerate(book.groups()):
        mine = sorted(by_group.get(group.name, []), key=lambda r: (r.played_on, r.id or 0))
        if not mine:
            continue
        best: dict[int, int] = {}
        days: list[Any] = []
        totals: list[int] = []
        for r in mine:
            best[r.floor] = max(best.get(r.floor, 0), r.stars)
            if days and days[-1] == r.played_on:
                totals[-1] = sum(best.values())
            else:
                days.append(r.played_on)
                totals.append(sum(best.values()))
        first = days[0] if first is None else min(first, days[0])
        last = days[-1] if last is None else max(last, days[-1])
        colour, marker, dash = STYLES[k % len(STYLES)]
        highest = max(highest, max(totals))
        ax.step(days, totals, where="post", color=colour, linestyle=dash, marker=marker, label=group.name)
        drawn += 1
    if first is not None and first == last:  # one day only: a week around it, not matplotlib's years
        ax.set_xlim(first - timedelta(days=3), first + timedelta(days=3))
    ax.set_ylim(0, top_of_axis(highest) + 0.5)
    ax.set_ylabel(f"stars in all (of {most})")
    ax.set_xlabel("day played")
    ax.grid(alpha=0.3)
    if drawn:
        legend = ax.legend(loc="upper left", fontsize=9)
        for text in legend.get_texts():
            text.set_parse_math(False)  # a group called "$x$" is text, not mathtext
    ax.set_title(title if title is not None else f"Stars over time (best ride per floor, {most} at most)",
                 parse_math=False)
    fig.autofmt_xdate()  # slanted dates; fixed margins (tight_layout would draw the figure twice)
    fig.subplots_adjust(left=0.1, right=0.97, top=0.9, bottom=0.22)
    plt.close(fig)
    return fig
