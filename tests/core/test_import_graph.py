"""The engine package's own imports: no circles, and no module reads another module's underscore names.

Every ``import`` and ``from … import`` in ``paternoster/`` counts, also those inside functions (a late
import hides a circle, it does not remove it).  An import of the package ``paternoster`` itself is
not an edge (it is the public face, not a dependency between modules).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "paternoster"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def resolve(current: str, level: int, target: str | None) -> str:
    """The absolute module name of a (relative) import in module ``current``."""
    if level == 0:
        return target or ""
    base = current.split(".") if is_package(current) else current.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports(name: str) -> list[tuple[str, str | None, int]]:
    """``(module, imported name or None, line)`` for every import in module ``name`` that stays in the package."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None, node.lineno) for a in node.names if a.name.split(".")[0] == "paternoster"]
        elif isinstance(node, ast.ImportFrom):
            mod = resolve(name, node.level, node.module)
            if mod.split(".")[0] != "paternoster":
                continue
            for a in node.names:
                sub = f"{mod}.{a.name}"
                out.append((sub, None, node.lineno) if sub in MODULES else (mod, a.name, node.lineno))
    return out


def edges() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for m in MODULES:
        for target, _, _ in imports(m):
            if target != "paternoster" and target != m and target in MODULES:
                graph[m].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_sees_a_circle_and_resolves_relative_imports():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert resolve("paternoster.paskahousu.game", 2, "core.cards") == "paternoster.core.cards"
    assert resolve("paternoster.paskahousu", 1, "game") == "paternoster.paskahousu.game"
    assert resolve("paternoster.game", 1, None) == "paternoster"


def test_the_package_has_no_import_circles():
    assert cycles(edges()) == []


def private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_another_modules_underscore_names(name):
    bad = [f"line {line}: {target}{'.' + what if what else ''}" for target, what, line in imports(name)
           if target != name and (any(private(p) for p in target.split(".")) or (what and private(what)))]
    assert bad == [], f"{name} imports private names of other modules"


def test_neither_game_imports_the_other_and_the_kernel_imports_neither():
    graph = edges()
    pask = {m for m in MODULES if m.startswith("paternoster.paskahousu")}
    core = {m for m in MODULES if m.startswith("paternoster.core")}
    # The package's face, its command line (which hands `paskahousu ...` to Paskahousu's own) and the
    # exercise engine (exercises on both games) may use both games.
    both = {"paternoster", "paternoster.cli", "paternoster.__main__", "paternoster.exercises"}
    paternoster_game = set(MODULES) - pask - core - both
    assert {(m, t) for m in pask for t in graph[m] if t in paternoster_game} == set()
    assert {(m, t) for m in paternoster_game for t in graph[m] if t in pask} == set()
    assert {(m, t) for m in core for t in graph[m] if t not in core} == set()
