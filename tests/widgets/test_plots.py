"""widgets.plots: the figures have one bar / panel per simulation, the right labels, and heights that are
the simulations' own numbers (checked on small hand-made results whose shares are known in advance)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from paternoster import difficulty_table, preset, simulate  # noqa: E402
from paternoster.lift.simulation import SimulationResult  # noqa: E402
from widgets import perfect_plot, remaining_plot  # noqa: E402


def made(name: str, remaining: list[int], players: int = 2) -> SimulationResult:
    """A result with exactly these remaining cards per game (0 = a perfect game)."""
    rem = np.array(remaining, dtype=np.int16)
    n = len(rem)
    return SimulationResult(name, players, n, 0, "simple", "fast", rem, (rem > 0).astype(np.int8),
                            np.zeros(n, np.int8), np.ones(n, np.int16), 0.0, preset("Normal"))


def bars(ax) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle)]


A = made("Kurze Fahrt", [0, 0, 1, 5, 50])       # perfect 40 %
B = made("Normal", [0, 3, 3, 3])                # perfect 25 %
C = made("Hochhaus 4", [0, 0, 0, 7], players=6)  # perfect 75 %


# --------------------------------------------------------------------------- perfect_plot
def test_perfect_plot_one_bar_per_result_with_its_share_and_name_in_order():
    fig = perfect_plot([A, B, C])
    (ax,) = fig.axes
    assert [b.get_width() for b in bars(ax)] == pytest.approx([40.0, 25.0, 75.0])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Kurze Fahrt", "Normal", "Hochhaus 4 (6 players)"]
    assert [t.get_text() for t in ax.texts] == ["40.0 %", "25.0 %", "75.0 %"]
    assert ax.yaxis_inverted()  # the first result is at the top


def test_perfect_plot_error_bars_are_the_wilson_intervals():
    fig = perfect_plot([B])
    (ax,) = fig.axes
    # Wilson 95 % for 1 of 4: 4.56 % to 69.94 % (computed by hand from the formula)
    segments = [seg for coll in ax.collections for seg in coll.get_segments()]
    ends = sorted(x for seg in segments for x, _ in seg)
    assert ends[0] == pytest.approx(4.56, abs=0.01)
    assert ends[-1] == pytest.approx(69.94, abs=0.01)


@pytest.mark.parametrize("results, names", [
    ([A, B], ["Kurze Fahrt", "Normal"]),                                  # all 2 players: names only
    ([A, B, C], ["Kurze Fahrt", "Normal", "Hochhaus 4 (6 players)"]),     # the odd one out gets its count
    ([C, B], ["Hochhaus 4 (6 players)", "Normal (2 players)"]),           # a tie: every name gets its count
    ([made("Normal (3 players)", [0, 1], players=3), B, B], ["Normal (3 players)", "Normal", "Normal"]),
])
def test_default_labels_name_the_player_count_where_it_differs(results, names):
    ax = perfect_plot(results).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == names
    assert [ax.get_title() for ax in remaining_plot(results).axes] == [
        f"{n}\nperfect {100 * r.perfect()[0]:.1f} % · mean {r.mean_remaining()[0]:.2f} cards" for n, r in zip(names, results)]


@pytest.mark.parametrize("labels", [["a", "b", "c"], ("x", "y", "z")])
def test_perfect_plot_takes_labels(labels):
    ax = perfect_plot([A, B, C], labels=labels).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == list(labels)


def test_perfect_plot_reads_a_difficulty_table_in_ladder_order():
    table = difficulty_table(games=30, levels=["Hochhaus 4", "Normal", "Kurze Fahrt"])
    ax = perfect_plot(table).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Kurze Fahrt", "Normal", "Hochhaus 4 (6 players)"]
    assert len(bars(ax)) == 3
    assert "30 games each" in ax.get_title()


@pytest.mark.parametrize("bad, error", [
    ([], ValueError), ("Normal", ValueError), ([A, "Normal"], TypeError), ([A, 3], TypeError),
])
def test_perfect_plot_refuses_what_is_not_results(bad, error):
    with pytest.raises(error, match="perfect_plot"):
        perfect_plot(bad)


def test_wrong_number_of_labels_is_refused():
    with pytest.raises(ValueError, match="2 names for 3 results"):
        perfect_plot([A, B, C], labels=["a", "b"])
    with pytest.raises(ValueError, match="1 names for 2 results"):
        remaining_plot([A, B], labels=["a"])


# --------------------------------------------------------------------------- remaining_plot
def test_remaining_plot_heights_are_shares_of_games_with_the_tail_in_the_last_bar():
    fig = remaining_plot([A], max_cards=40)
    (ax,) = fig.axes
    heights = [b.get_height() for b in bars(ax)]
    assert len(heights) == 41
    expected = np.zeros(41)
    expected[[0, 1, 5, 40]] = [40, 20, 20, 20]  # 50 cards lands in the "≥40" bar
    assert heights == pytest.approx(expected.tolist())
    assert sum(heights) == pytest.approx(100)
    assert ax.get_xticklabels()[-1].get_text() == "≥40"


def test_remaining_plot_marks_perfect_games_by_hatching_and_the_mean_by_a_dashed_line():
    ax = remaining_plot([B], max_cards=10).axes[0]
    first, *rest = bars(ax)
    assert first.get_hatch() == "//" and all(not b.get_hatch() for b in rest)
    dashed = [ln for ln in ax.get_lines() if ln.get_linestyle() == "--"]
    assert len(dashed) == 1 and dashed[0].get_xdata()[0] == pytest.approx(2.25)  # (0 + 3 + 3 + 3) / 4
    assert "perfect 25.0 %" in ax.get_title() and "mean 2.25 cards" in ax.get_title()


@pytest.mark.parametrize("n, columns, panels, shape", [
    (1, None, 1, (1, 1)), (3, None, 3, (1, 3)), (4, None, 4, (2, 2)), (5, None, 5, (3, 2)), (5, 3, 5, (2, 3)),
    (2, 1, 2, (2, 1)),
])
def test_remaining_plot_one_panel_per_result(n, columns, panels, shape):
    fig = remaining_plot([A, B, C, A, B][:n], max_cards=12, columns=columns)
    assert len(fig.axes) == panels
    assert all(len(bars(ax)) == 13 for ax in fig.axes)
    grid = fig.axes[0].get_gridspec()
    assert (grid.nrows, grid.ncols) == shape


@pytest.mark.parametrize("kwargs", [{"max_cards": 0}, {"max_cards": 2.5}, {"max_cards": True},
                                    {"columns": 0}, {"columns": "2"}])
def test_remaining_plot_refuses_bad_sizes(kwargs):
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        remaining_plot([A], **kwargs)


def test_remaining_plot_of_a_real_simulation_adds_up_to_all_games():
    r = simulate("Kleine Hand", games=200, seed=3)
    ax = remaining_plot([r], max_cards=15).axes[0]
    heights = np.array([b.get_height() for b in bars(ax)])
    assert heights.sum() == pytest.approx(100)
    assert heights[-1] == pytest.approx(100 * np.count_nonzero(r.remaining >= 15) / 200)
    assert heights[0] == pytest.approx(100 * np.count_nonzero(r.outcome == 0) / 200)
