"""The layout of the Disaster-series package: no import circle among its modules."""

from __future__ import annotations

import ast
from pathlib import Path

import highcamp.games.disaster_series as series

ROOT = Path(series.__file__).parent


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _runtime_imports(path: Path, module: str) -> set[str]:
    """Modules of the package ``path`` imports when it runs (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            typing_only |= {id(n) for n in ast.walk(node)}
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = [p for p in package if p]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level and id(node) not in typing_only:
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                out.add(".".join([*base, node.module]))
            else:  # from . import a, b: the modules a and b
                out |= {".".join([*base, alias.name]) for alias in node.names}
    return out


def test_no_import_circle_inside_the_series() -> None:
    paths = sorted(ROOT.rglob("*.py"))
    graph = {_module(p): _runtime_imports(p, _module(p)) for p in paths}
    circles = []

    def visit(node: str, stack: list[str]) -> None:
        for dep in graph.get(node, ()):
            if dep in stack:
                circles.append([*stack[stack.index(dep) :], dep])
            elif dep in graph:
                visit(dep, [*stack, dep])

    for module in graph:
        visit(module, [module])
    assert circles == []
    assert "engine" in graph["game"] and "seats" in graph["game"]
    assert "movement" in graph["engine"]
