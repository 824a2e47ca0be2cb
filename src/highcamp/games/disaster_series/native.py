"""The series' compiled build: its rule modules compiled by mypyc, beside their sources.

The rules of the series (:data:`MODULES`: the engine's sections, K2's, the state's base
classes and the team) are plain typed Python. ``make native`` (or ``python -m
highcamp.games.disaster_series build``) compiles them in place with mypyc (it ships
with mypy; a C compiler is needed), and Python then imports the compiled modules instead of
the sources: random playouts run 1.15x to 1.5x as fast (docs/benchmarks.md), the same
games, action for action (the golden records run against both builds). Two-player rules and
the campaign stay interpreted.

The sources are used instead, whole, when ``HIGHCAMP_NATIVE=0`` is set or when a source
is newer than its compiled module (an edit since the last build): compiled modules call
each other directly, so a build is used entirely or not at all. :func:`status` says which.

>>> status() in ("compiled", "sources") or status().startswith("sources (")
True
>>> len(MODULES), "movement" in MODULES
(36, True)
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = ["MODULES", "build", "clean", "guard", "status"]

MODULES: Final = (
    "allowances",
    "binding",
    "components",
    "end_of_turn",
    "events",
    "fate",
    "heuristic",
    "hillary_step",
    "hooks",
    "invariants",
    "markers",
    "movement",
    "phases",
    "scoring",
    "series_base",
    "setup",
    "team",
    "texts",
    "transitions",
    "turn",
    "views",
    "k2.avalanche",
    "k2.dice",
    "k2.events",
    "k2.fate",
    "k2.heuristic",
    "k2.k2_base",
    "k2.luck",
    "k2.movement",
    "k2.phases",
    "k2.position",
    "k2.scoring",
    "k2.secret_goals",
    "k2.teams",
    "k2.texts",
    "k2.views",
)
"""The compiled modules, relative to this package."""

GROUP: Final = "highcamp_series"
"""mypyc's name for the shared library of the build (``highcamp_series__mypyc...``)."""

PACKAGE: Final = __name__.rsplit(".", 1)[0]
HERE: Final = Path(__file__).resolve().parent
SRC: Final = HERE.parents[2]  # the directory holding the ``highcamp`` package
SUFFIX: Final = importlib.machinery.EXTENSION_SUFFIXES[0]

_status = "sources"


def _source(module: str) -> Path:
    return HERE.joinpath(*module.split(".")).with_suffix(".py")


def _compiled(module: str) -> Path:
    return HERE.joinpath(*module.split(".")).with_name(module.split(".")[-1] + SUFFIX)


def _library() -> Path:
    return SRC / f"{GROUP}__mypyc{SUFFIX}"


def _built() -> list[Path]:
    """The build's files present (modules and shared library)."""
    files = [_compiled(m) for m in MODULES] + [_library()]
    return [f for f in files if f.exists()]


def _problem() -> str | None:
    """Why the build present cannot be used (``None``: it can, or there is none)."""
    built = _built()
    if not built:
        return None
    if len(built) != len(MODULES) + 1:
        return "incomplete build: run `make native`"
    oldest = min(f.stat().st_mtime for f in built)
    newer = [m for m in MODULES if _source(m).stat().st_mtime > oldest]
    if newer:
        return f"{newer[0].replace('.', '/')}.py is newer than the build: run `make native`"
    return None


class _Sources(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources (so that a stale or disabled build is not
    imported)."""

    def __init__(self) -> None:
        self.paths = {f"{PACKAGE}.{m}": _source(m) for m in MODULES}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.paths.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def guard() -> str:
    """Before the package imports its modules: use the build if there is one that is
    current and not switched off (``HIGHCAMP_NATIVE=0``), else the sources; the status."""
    global _status
    problem = _problem()
    if not _built():
        _status = "sources"
    elif os.environ.get("HIGHCAMP_NATIVE", "1") == "0":
        _status = "sources (HIGHCAMP_NATIVE=0)"
    elif problem:
        _status = f"sources ({problem})"
    else:
        _status = "compiled"
    if (
        _status != "compiled"
        and _built()
        and not any(isinstance(f, _Sources) for f in sys.meta_path)
    ):
        sys.meta_path.insert(0, _Sources())
    return _status


def status() -> str:
    """``compiled`` when the compiled build is in use; otherwise ``sources`` and why."""
    return _status


def build() -> int:
    """Compile :data:`MODULES` in place with mypyc; 0 on success (the count of errors
    otherwise, after printing them)."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup  # type: ignore[import-untyped]
    except ImportError as err:
        print(f"the compiled build needs mypy and setuptools ({err})", file=sys.stderr)
        return 1
    paths = [str(_source(m).relative_to(SRC)) for m in MODULES]
    here = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="highcamp-native-") as tmp:
        lib = Path(tmp) / "lib"
        os.chdir(SRC)
        try:
            setup(
                name="highcamp-series-native",
                ext_modules=mypycify(paths, opt_level="3", group_name=GROUP, target_dir=tmp),
                script_args=["-q", "build_ext", "--build-lib", str(lib), "--build-temp", tmp],
            )
        except SystemExit as err:  # setuptools reports a failed build by exiting
            print(f"the compiled build failed: {err}", file=sys.stderr)
            return 1
        finally:
            os.chdir(here)
        # each file replaced, never written over: a process may have the old one loaded
        for built in lib.rglob(f"*{SUFFIX}"):
            os.replace(built, SRC / built.relative_to(lib))
    return 0


def clean() -> int:
    """Remove the compiled build (the sources are used again); the files removed."""
    built = _built()
    for f in built:
        f.unlink()
    return len(built)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m highcamp.games.disaster_series",
        description="The Disaster series' compiled build (mypyc).",
    )
    ap.add_argument("command", choices=("build", "clean", "status"))
    args = ap.parse_args(argv)
    if args.command == "build":
        return build()
    if args.command == "clean":
        print(f"{clean()} compiled files removed")
        return 0
    print(_status)
    return 0


guard()  # at the package's import, before any compiled module is imported
