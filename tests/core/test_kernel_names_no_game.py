"""The kernel (paternoster/core/) names no game in its code: no game's name in an identifier, a text or a
comment.  Docstrings may mention a game as an example; the package's name ``paternoster`` is the package,
not the game, where it is the package (its error class ``PaternosterError``, see ``core/errors.py``).
What a game is, the kernel learns from the registry of games (``core/registry.py``)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from paternoster.core import registry

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "paternoster" / "core"
#: The package's own name where it is the package (the decision in core/errors.py).
PACKAGE_NAMES = {"PaternosterError"}


def game_words() -> set[str]:
    """Every registered game's name and title, and the name of each game's subpackage."""
    words = set()
    for e in registry.games():
        words |= {e.name.lower(), e.title.lower(), e.state.__module__.split(".")[1].lower()}
    return words


def docstring_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                lines |= set(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def named(source: str, words: set[str]) -> list[str]:
    """The code's mentions of ``words`` (case-insensitive), docstrings and the package's own names left out."""
    tree = ast.parse(source)
    skip = docstring_lines(tree)
    pattern = re.compile("|".join(map(re.escape, sorted(words))), re.IGNORECASE)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING, tokenize.COMMENT):
            continue
        if tok.type == tokenize.STRING and tok.start[0] in skip:
            continue
        if tok.string.strip("\"'") in PACKAGE_NAMES:  # the name, or the name in __all__
            continue
        if pattern.search(tok.string):
            found.append(f"line {tok.start[0]}: {tok.string[:80]}")
    return found


def test_the_checker_finds_a_game_named_in_code_and_not_in_a_docstring():
    words = {"chess"}
    assert named('"""Chess, for example."""\nx = 1\n', words) == []
    assert named('GAME = "chess-record"  # chess\n', words) == ['line 1: "chess-record"', "line 1: # chess"]
    assert named("def f():\n    return ChessGame\n", words) == ["line 2: ChessGame"]
    assert named('PaternosterError = 1\n', {"paternoster"}) == []


def test_the_games_are_known_to_the_checker():
    assert {"paternoster", "lift", "paskahousu"} <= game_words()


def test_the_kernels_code_names_no_game():
    found = {p.name: hits for p in sorted(CORE.glob("*.py"))
             if (hits := named(p.read_text(encoding="utf-8"), game_words()))}
    assert found == {}
