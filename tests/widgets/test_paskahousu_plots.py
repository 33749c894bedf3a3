"""widgets.paskahousu_plots draws what the engine's SimulationResult says: one bar per seat at its loss rate."""

import pytest

from paternoster.paskahousu import simulate
from widgets.paskahousu_plots import loss_plot


@pytest.fixture(scope="module")
def runs():
    return [simulate(players=4, games=120, seed=5),
            simulate(players=3, games=120, seed=5, strategies=["heuristic", "random", "random"])]


def test_one_panel_per_result_one_bar_per_seat_at_its_loss_rate(runs):
    fig = loss_plot(runs, ["four", "three"])
    assert [ax.get_title() for ax in fig.axes] == ["four", "three"]
    for ax, r in zip(fig.axes, runs):
        heights = [p.get_height() for p in ax.patches]
        assert heights == pytest.approx([100 * r.loss_rate(k)[0] for k in range(r.players)])
        assert [t.get_text() for t in ax.get_xticklabels()] == [f"seat {k + 1}\n{s}" for k, s in
                                                                enumerate(r.strategies)]


def test_bad_input_is_refused_with_the_kit_s_message(runs):
    with pytest.raises(ValueError, match="at least one result"):
        loss_plot([])
    with pytest.raises(ValueError, match="one title per result"):
        loss_plot(runs, ["only one"])
    with pytest.raises(TypeError, match="paskahousu.simulate"):
        loss_plot([object()])
