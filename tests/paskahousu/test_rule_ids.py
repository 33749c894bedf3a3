"""Paskahousu's rule ids are named by their constants (``paternoster.paskahousu.rule_ids``), never written out
as text: in the engine, the Paskahousu widgets and the Paskahousu tests — so a renamed id changes one line."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

from paternoster.paskahousu import ACCEPTANCE_RULES, PaskahousuGame, PlayCards, TryYourLuck, rule_ids

ROOT = Path(__file__).resolve().parents[2]
IDS = {getattr(rule_ids, name) for name in rule_ids.__all__ if isinstance(getattr(rule_ids, name), str)}
FILES = sorted([p for p in (ROOT / "paternoster" / "paskahousu").glob("*.py") if p.name != "rule_ids.py"]
               + [ROOT / "widgets" / n for n in ("paskahousu_table.py", "acceptance.py", "house_rules.py")]
               + list((ROOT / "tests" / "paskahousu").glob("*.py"))
               + [ROOT / "tests" / "widgets" / n for n in ("test_paskahousu_widgets.py", "test_house_rules_widgets.py")])


def literal_ids(path: Path) -> list[tuple[int, str]]:
    """``(line, id)`` for every string literal in ``path`` whose text is a rule id."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.STRING and not tok.string.lstrip("rRbBuU").startswith(("f", "F")):
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if value in IDS:
                out.append((tok.start[0], value))
    return out


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_no_rule_id_is_written_as_text(path):
    assert literal_ids(path) == [], f"{path.name}: use the constants of paternoster.paskahousu.rule_ids"


def test_the_check_finds_an_id_written_as_text(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(f'RULE = "{rule_ids.OPENING_LAY}"\n"""A docstring naming {rule_ids.OPENING_LAY} is fine."""\n',
                      encoding="utf-8")
    assert literal_ids(sample) == [(1, rule_ids.OPENING_LAY)]


def test_the_constants_are_the_ids_the_engine_gives():
    assert set(rule_ids.ACCEPTANCE_IDS) == set(ACCEPTANCE_RULES)
    assert len(set(rule_ids.RULE_IDS)) == len(rule_ids.RULE_IDS)
    g = PaskahousuGame.from_position(["4♦ 9♥", "K♠"], pile="8♣", draw_pile="")
    assert g.check(PlayCards("4♦")).rule == rule_ids.LOWER_THAN_TOP
    assert g.check(TryYourLuck()).rule == rule_ids.DRAW_PILE_EMPTY
