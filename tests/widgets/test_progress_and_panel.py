"""GamesProgress (a bar that ends as one line), SimulationPanel (lesson 6b's Try it without code) and
VariantsTable's groups (a lesson shows only the variants it has taught)."""

from __future__ import annotations

import pytest

from paternoster import preset, simulate
from widgets import GamesProgress, SimulationPanel, VariantsTable


def test_a_finished_bar_is_one_line_of_words_and_counts_every_game():
    r = simulate("Normal", games=30, seed=0, progress=GamesProgress)
    assert r.games == 30
    bar = GamesProgress(total=30, show=False)
    for _ in range(3):
        bar.update(10)
    bar.set_description("Normal")
    bar.close()
    assert (bar.n, bar.text) == (30, "30 games played.")


def test_the_panel_shows_the_engines_result_and_refuses_what_the_rules_refuse():
    p = SimulationPanel("Kurze Fahrt", games=40, seed=2)
    p.run()
    assert p.result.games == 40 and p.result.rules_name == "Kurze Fahrt"
    assert "Kurze Fahrt" in p.out.value and "perfect games" in p.out.value
    before = p.result
    p.rules.value, p.players.value = "Hochhaus 4", 2
    p.run()
    assert p.result is before                               # a refusal changes nothing
    assert "rules §13.1" in p.message and "Not simulated" in p.out.value
    assert not p.button.disabled


def test_the_panel_plays_the_talking_team_on_the_same_deals():
    p = SimulationPanel("Stille Fahrt", games=30, talking=True)
    p.run()
    assert "exactly the same games" in p.message            # nobody talks under Stille Fahrt
    assert p._repr_mimebundle_()["text/plain"].startswith("Simulation panel: run this cell")


def test_the_who_buttons_are_as_wide_as_their_words():
    """The default ToggleButtons width cut "Talking team against silent" to "Talking team agains…" (seen at 1024 px)."""
    p = SimulationPanel("Normal", games=10)
    assert p.who.style.button_width == "auto"
    assert [label for label, _ in p.who.options] == ["Simple player", "Talking team against silent"]


@pytest.mark.parametrize("groups", [("standard", "easier"), ("harder",), ("large",), ("easier", "harder", "large")])
def test_a_group_filter_keeps_exactly_the_presets_of_those_groups(groups):
    t = VariantsTable(groups=groups)
    for row in VariantsTable().rows:
        kept = row["preset"] in {r["preset"] for r in t.rows}
        own = set(row["group"].split(", "))
        assert kept == (own <= set(groups))
    assert f"— {len(t.rows)}," in t._repr_html_()


def test_a_wrong_group_is_refused():
    with pytest.raises(ValueError, match="groups takes some of"):
        VariantsTable(groups=("easy",))
    with pytest.raises(ValueError):
        VariantsTable(groups="easier")  # type: ignore[arg-type]


def test_the_below_minimum_refusal_cites_the_section_that_set_the_minimum():
    from paternoster import Game, IllegalPlayError

    cases = [("Steil", "§11.2"), ("Normal", "§6.1")]
    for name, section in cases:
        g = Game.from_position(["5♣ 6♣ 7♣ 8♦ 9♦ J♠ 2♥", "4♦ 8♣"], piles=["4♣", "", "", ""], draw_pile="A♠ A♣",
                               rules=preset(name), hand_size_check=False)
        g.play("5♣", "up 1")
        with pytest.raises(IllegalPlayError, match=f"rules {section}\\)"):
            g.end_turn()


@pytest.mark.parametrize("kwargs, field", [
    (dict(games=10**100), "games"), (dict(games=-3), "games"), (dict(games=3.5), "games"), (dict(games=0), "games"),
    (dict(games="5"), "games"), (dict(seed=2**40), "seed"), (dict(seed=-1), "seed"), (dict(seed=True), "seed"),
    (dict(players=0), "players"), (dict(players=9), "players"), (dict(players=2.0), "players"),
    (dict(rules="nope"), "rules"), (dict(rules="<b>Normal</b>"), "rules"), (dict(talking="yes"), "talking"),
])
def test_the_panels_starting_values_are_checked_never_clamped_or_replaced(kwargs, field):
    """A starting value out of range is refused naming its field (it was clamped: games=-3 simulated 1 game,
    seed 2**40 became 2147483647, an unknown rules name became Normal without a word)."""
    from paternoster import PaternosterError
    with pytest.raises(PaternosterError, match=field):
        SimulationPanel(**{"rules": "Kurze Fahrt", "games": 20, **kwargs})


def test_one_game_is_one_game():
    p = SimulationPanel("Kurze Fahrt", games=1)
    p.run()
    assert p.message == "Kurze Fahrt: 1 game simulated."


@pytest.mark.parametrize("total", [float("nan"), "x", None, -5, 2.5, True])
def test_a_bar_over_no_whole_number_of_games_is_refused(total):
    from paternoster import PaternosterError
    with pytest.raises(PaternosterError, match="total"):
        GamesProgress(total=total, show=False)
    bar = GamesProgress(total=3, show=False)
    with pytest.raises(PaternosterError, match="games"):
        bar.update(float("nan"))
    assert bar.n == 0
