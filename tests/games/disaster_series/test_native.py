"""The series' compiled build (``make native``, :mod:`highcamp.games.disaster_series.native`):
its native methods call what the state classes bind, a build that is switched off or older
than its sources is not used, and the status says which build runs. The golden records
run against both builds (``make test``)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from highcamp.games.disaster_series import native
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.hooks import EngineHooks

SERIES = Path(native.__file__).parent


def _bindings(path: Path, cls: str) -> dict[str, str]:
    """A class's bindings of rules, ``name -> module.function`` (as written)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    out = {}
    for item in body:
        if isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
            v = item.value
            if isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name):
                out[item.targets[0].id] = f"{v.value.id}.{v.attr}"
    return out


def _delegates(path: Path, cls: str) -> dict[str, str]:
    """A native class's methods that call a module's function, ``name -> module.function``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    out = {}
    for item in body:
        if isinstance(item, ast.FunctionDef) and len(item.body) == 1:
            ret = item.body[0]
            if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Call):
                f = ret.value.func
                if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                    out[item.name] = f"{f.value.id}.{f.attr}"
    return out


def _modules(path: Path) -> dict[str, str]:
    """The modules a file imports by name (``from . import x as y``): local name -> path."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level and node.module is None:
            base = path.parent if node.level == 1 else path.parent.parent
            for a in node.names:
                out[a.asname or a.name] = str((base / a.name).relative_to(SERIES))
    return out


@pytest.mark.parametrize(
    ("native_file", "native_cls", "state_file", "state_cls"),
    [
        ("hooks.py", "EngineHooks", "engine.py", "DisasterState"),
        ("k2/k2_base.py", "K2Hooks", "k2/state.py", "K2State"),
    ],
)
def test_each_native_method_calls_the_function_its_state_binds(
    native_file: str, native_cls: str, state_file: str, state_cls: str
) -> None:
    """Compiled, a state class's binding gives way to its native class's method of the same
    name (:func:`..binding.bind_compiled`): that method calls the very function bound."""
    n_path, s_path = SERIES / native_file, SERIES / state_file
    delegates, bound = _delegates(n_path, native_cls), _bindings(s_path, state_cls)
    n_mods, s_mods = _modules(n_path), _modules(s_path)
    assert len(delegates) >= 25
    for name, target in delegates.items():
        assert name in bound, (state_cls, name)
        n_mod, n_func = target.split(".")
        s_mod, s_func = bound[name].split(".")
        assert (n_mods[n_mod], n_func) == (s_mods[s_mod], s_func), name


def test_the_states_bindings_are_the_native_methods_when_compiled() -> None:
    """Interpreted, the state binds the rule itself (no native method's extra call);
    compiled, the binding is gone and the native method answers."""
    if native.status() == "compiled":
        assert "_options" not in vars(DisasterState)
        assert DisasterState._options is EngineHooks._options
    else:
        assert vars(DisasterState)["_options"].__module__.endswith(".movement")


def test_a_build_older_than_its_sources_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def source(m: str) -> Path:
        return tmp_path / f"{m}.py"

    def compiled(m: str) -> Path:
        return tmp_path / f"{m}.so"

    monkeypatch.setattr(native, "_source", source)
    monkeypatch.setattr(native, "_compiled", compiled)
    monkeypatch.setattr(native, "_library", lambda: tmp_path / "lib.so")
    for m in native.MODULES:
        source(m).write_text("")
        os.utime(source(m), (1000, 1000))
    assert native._problem() is None  # no build: nothing to say
    compiled(native.MODULES[0]).write_text("")
    assert native._problem() == "incomplete build: run `make native`"
    for f in [*map(compiled, native.MODULES), tmp_path / "lib.so"]:
        f.write_text("")
        os.utime(f, (2000, 2000))
    assert native._problem() is None  # current
    os.utime(source("movement"), (3000, 3000))
    assert native._problem() == "movement.py is newer than the build: run `make native`"


def test_the_status_says_which_build_runs() -> None:
    assert native.status() in ("compiled", "sources") or native.status().startswith("sources (")
    env = dict(os.environ, HIGHCAMP_NATIVE="0")
    out = subprocess.run(
        [sys.executable, "-m", "highcamp.games.disaster_series", "status"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.strip()
    assert out in ("sources", "sources (HIGHCAMP_NATIVE=0)")
