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
    assert resolve("paternoster.lift.game", 1, None) == "paternoster.lift"
    assert resolve("paternoster.cli", 1, None) == "paternoster"


def test_the_package_has_no_import_circles():
    assert cycles(edges()) == []


def private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_imports_another_modules_underscore_names(name):
    bad = [f"line {line}: {target}{'.' + what if what else ''}" for target, what, line in imports(name)
           if target != name and (any(private(p) for p in target.split(".")) or (what and private(what)))]
    assert bad == [], f"{name} imports private names of other modules"


#: Which rooms of the package each room may import (besides itself): the kernel none, each game the
#: kernel, the campaign the Paternoster game, the exercises both games and the campaign; the package's
#: face and the kit-wide command line (``paternoster``, ``paternoster.cli``, ``paternoster.__main__``) any.
#: (The registry of games imports each game's ``registration`` module by its file name, at run time: the
#: kernel names no game, so that is no import edge here.)
#: The games' rooms: each subpackage with a ``registration.py`` (how the registry of games finds them).
GAME_ROOMS = {p.parent.name for p in PACKAGE.glob("*/registration.py")}
ALLOWED = {
    "core": set(),
    **{game: {"core"} for game in GAME_ROOMS},
    "campaign": {"core", "lift"},
    "exercises": {"core", "lift", "paskahousu", "campaign"},
}


def room(module: str) -> str:
    """The subpackage a module lives in (``""`` for the package's face and its top-level modules)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and is_package(module)) else ""


def test_every_module_lives_in_a_known_room():
    assert {room(m) for m in MODULES} - {""} == set(ALLOWED)


def test_each_room_imports_only_the_rooms_below_it():
    graph = edges()
    bad = sorted((m, t) for m in MODULES for t in graph[m]
                 if room(m) and room(t) != room(m) and room(t) not in ALLOWED[room(m)])
    assert bad == []


def test_the_kernel_imports_no_game_and_the_games_not_each_other():
    graph = edges()
    core = {m for m in MODULES if room(m) == "core"}
    assert {(m, t) for m in core for t in graph[m] if room(t) != "core"} == set()
    for a in GAME_ROOMS:
        for b in GAME_ROOMS - {a}:
            assert {(m, t) for m in MODULES if room(m) == a for t in graph[m] if room(t) == b} == set()


def test_the_game_rooms_are_the_registered_games():
    from paternoster.core import registry
    assert GAME_ROOMS == {e.state.__module__.split(".")[1] for e in registry.games()} >= {"lift", "paskahousu"}
