"""Every live widget's notebook text is a short, friendly, stable line (widgets/fallback.py).

That line is what a notebook shows where the widget cannot be shown (opened as shipped, or saved
and reopened without its kernel) and what nbval compares; the Jupyter server drops the widget
part on save (jupyter/config/jupyter_server_config.py), so the line is what a reopened lesson shows.
"""

from __future__ import annotations

import importlib
import pathlib

import pytest

from paternoster import Game, examples
from paternoster.paskahousu import PaskahousuGame
from widgets import AcceptanceTable, CardTable, HandPilesTable, LadderTable, PaskahousuCardTable, TurnStepper
from widgets.fallback import WIDGET_VIEW

MAKERS = {
    "LadderTable": lambda: LadderTable("7♠", "8♣"),
    "HandPilesTable": lambda: HandPilesTable(examples.anna_turn()),
    "TurnStepper": lambda: TurnStepper(_game()),
    "CardTable": lambda: CardTable(examples.anna_turn()),
    "CardTable step": lambda: CardTable(_game(), mode="step"),
    "AcceptanceTable": lambda: AcceptanceTable(),
    "PaskahousuCardTable": lambda: PaskahousuCardTable(PaskahousuGame.new(players=3, seed=1), seat=0),
}


def _game() -> Game:
    g = examples.anna_turn()
    g.play("4♦", "up 1")
    return g


@pytest.mark.parametrize("name", list(MAKERS))
def test_text_plain_is_a_friendly_line_not_a_repr(name):
    texts = []
    for _ in range(2):  # two instances: the same line (stable for nbval)
        bundle = MAKERS[name]()._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert WIDGET_VIEW in data                   # live where a kernel is
        texts.append(data["text/plain"])
    text = texts[0]
    assert texts[1] == text
    assert "run this cell" in text.lower() and "Shift+Enter" in text
    assert "(" not in text.split(":")[0] and "=" not in text and len(text) <= 100


def test_shipped_server_settings_name_the_hook_and_culling():
    root = pathlib.Path(__file__).resolve().parents[2] / "jupyter" / "config"
    text = (root / "jupyter_server_config.py").read_text(encoding="utf-8")
    assert 'pre_save_hook = "widgets.fallback.strip_widget_views"' in text
    module, name = "widgets.fallback.strip_widget_views".rsplit(".", 1)
    assert callable(getattr(importlib.import_module(module), name))
    assert "cull_idle_timeout" in text and "cull_idle_timeout" in (root / "voila.json").read_text(encoding="utf-8")


def test_kit_refresh_drops_widget_views_like_the_server_hook(tmp_path):
    """kit.py (standard library only) and widgets.fallback drop the same parts of a notebook."""
    import copy
    import importlib.util
    import json

    from widgets.fallback import strip_widget_views

    spec = importlib.util.spec_from_file_location("kit", pathlib.Path(__file__).resolve().parents[2] / "kit.py")
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    data = CardTable(examples.anna_turn())._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"widgets": {"state": {}}}, "cells": [
        {"cell_type": "code", "metadata": {}, "source": "t", "execution_count": 1,
         "outputs": [{"output_type": "execute_result", "metadata": {}, "execution_count": 1, "data": dict(data)}]}]}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert kit.drop_widget_views(path) == 1
    model = {"type": "notebook", "content": copy.deepcopy(nb)}
    strip_widget_views(model, "x.ipynb")
    assert json.loads(path.read_text(encoding="utf-8")) == model["content"]
    assert model["content"]["cells"][0]["outputs"][0]["data"] == {"text/plain": CardTable.fallback_text}


def test_red_cards_in_widget_html_use_the_two_theme_red():
    """One red, defined once in the theme (paternoster/core/theme.py; tests/core/test_theme.py checks every
    place): the engine's card HTML writes it (a plain --jp-error-color1 is 4.4:1 on the dark theme), and the
    widgets show it unchanged and use it for error text (measured ≥ 4.5:1 in both themes in the browser)."""
    from paternoster import cards_html, parse_card
    from paternoster.core import theme
    from widgets import _common
    from widgets._common import FG_ERROR, RED

    ENGINE_RED = theme.inline("red-card")

    assert RED == ENGINE_RED and FG_ERROR == ENGINE_RED and "color-mix" in ENGINE_RED
    assert not hasattr(_common, "readable")  # no rewriting of engine HTML in the widgets
    engine = cards_html([parse_card("4♦"), parse_card("5♣")])
    assert engine.count(f"color:{ENGINE_RED}") == 1 and "color:var(--jp-error-color1" not in engine
    assert ENGINE_RED not in cards_html([parse_card("5♣")])  # black suits keep the text colour
    t = HandPilesTable(examples.anna_turn())
    assert RED in t.grid_html.value and "color:var(--jp-error-color1" not in t.grid_html.value
