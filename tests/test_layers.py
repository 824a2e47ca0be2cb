"""The rooms of DESIGN.md: the store imports neither the simulator nor the agents, and no
import circle joins the modules of highcamp (read from the source, every import counted,
lazy ones inside functions too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # imports under ``if TYPE_CHECKING:`` are for the type checker only (a state naming its
    # game's class, say): they never run, so they make no circle
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return {m for m in out if m.startswith("highcamp")}


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    files = {_module(p): p for p in SRC.rglob("*.py")}
    return {name: {m for m in _imports(p, name) if m in files} for name, p in files.items()}


def test_the_store_imports_neither_the_simulator_nor_the_agents(
    graph: dict[str, set[str]],
) -> None:
    for name, deps in graph.items():
        if name.startswith("highcamp.store"):
            bad = {d for d in deps if d.startswith(("highcamp.sim", "highcamp.agents"))}
            assert not bad, f"{name} imports {sorted(bad)}"


def test_no_import_circle(graph: dict[str, set[str]]) -> None:
    nodes = {n: {d for d in ds if d != n} for n, ds in graph.items()}
    # a package's __init__ re-exporting its own modules is no circle: drop parent -> child
    for n, ds in nodes.items():
        ds -= {d for d in ds if d.startswith(n + ".")}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        stack.append(n)
        for d in sorted(nodes.get(n, ())):
            if state.get(d) == 1:
                circle = [*stack[stack.index(d) :], d]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if d not in state:
                visit(d)
        stack.pop()
        state[n] = 2

    for n in sorted(nodes):
        if n not in state:
            visit(n)
