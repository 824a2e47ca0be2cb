"""What mypyc buys the Disaster-series engine as it is written today: a copy of ``src/`` whose
class-free series modules (the rules: a rulebook section a module, functions over the state)
are compiled by mypyc, timed against the sources as they are with ``series_cpu_time.py``.

An experiment for issue 17, not a build of the product. The engine binds its module
functions to the state classes (``_move_actions = movement._move_actions``), and mypyc's
compiled functions are not descriptors, so they do not bind as methods (docs/benchmarks.md,
sixth round). In the copy, every such class-body binding in the interpreted modules is
wrapped in CPython's own instance-method descriptor (``PyInstanceMethod_New``, the one C
extensions use for this), which binds any callable as a method; the rules' code is compiled
unchanged, its ``self: SeriesState`` a ``Protocol`` (so field reads stay dynamic: the layout
``protocol`` of ``series_mypyc_layouts.py``). From the repository root (mypyc ships with
mypy, a dev dependency; gcc needed)::

    .venv/bin/python benchmarks/series_mypyc.py build /tmp/series-mypyc     # some minutes
    .venv/bin/python benchmarks/series_mypyc.py compare /tmp/series-mypyc

``build`` prints the modules it compiled (and mypyc's complaints, if any); ``compare`` runs,
for each of the five series cases, the plain sources and the compiled copy alternately (two
passes), and pig, each in a process of its own, and prints the CPU-time rates and ratios.
"""

from __future__ import annotations

import ast
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

from series_cython import command
from series_mypyc_layouts import BIND

ROOT = Path(__file__).resolve().parent.parent
SERIES = "highcamp/games/disaster_series"


def _compiled_modules(src: Path) -> list[str]:
    """The series modules with no class of their own (paths relative to ``src``)."""
    out = []
    for path in sorted(glob.glob(str(src / SERIES / "**/*.py"), recursive=True)):
        rel = os.path.relpath(path, src)
        if rel.endswith("__init__.py"):
            continue
        tree = ast.parse(Path(path).read_text())
        if not any(isinstance(node, ast.ClassDef) for node in ast.walk(tree)):
            out.append(rel)
    return out


def _wrap_bindings(path: Path) -> int:
    """Wrap every class-body assignment of a name or attribute in ``bind(...)``; the count."""
    text = path.read_text()
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            value = item.value if isinstance(item, ast.Assign | ast.AnnAssign) else None
            if isinstance(value, ast.Name | ast.Attribute) and value.end_lineno == value.lineno:
                assert value.end_col_offset is not None
                edits.append(
                    (value.lineno, value.col_offset, value.end_lineno, value.end_col_offset)
                )
    for line, start, _, end in sorted(edits, reverse=True):
        s = lines[line - 1]
        lines[line - 1] = s[:start] + "_bind_(" + s[start:end] + ")" + s[end:]
    if edits:
        body = "".join(lines)
        anchor = "from __future__ import annotations\n"
        head = anchor + f"from {SERIES.replace('/', '.')}._bind import bind as _bind_\n"
        path.write_text(body.replace(anchor, head, 1) if anchor in body else head + body)
    return len(edits)


def build(dest: Path) -> None:
    """Copy ``src/`` to ``dest/src``, wrap the bindings, compile the class-free modules."""
    if dest.exists():
        shutil.rmtree(dest)
    src = dest / "src"
    shutil.copytree(ROOT / "src", src)
    (src / SERIES / "_bind.py").write_text(BIND.format(prefix="highcamp."))
    compiled = _compiled_modules(src)
    wrapped = 0
    for path in glob.glob(str(src / SERIES / "**/*.py"), recursive=True):
        rel = os.path.relpath(path, src)
        if rel not in compiled and not rel.endswith("_bind.py"):
            wrapped += _wrap_bindings(Path(path))
    print(f"{wrapped} class-body bindings wrapped; compiling {len(compiled)} modules")
    mypyc_compile(src, compiled)


def mypyc_compile(src: Path, modules: list[str]) -> None:
    """Compile ``modules`` (paths relative to ``src``) in place with mypyc; print its
    errors and the count of compiled modules."""
    mypyc = Path(sys.executable).with_name("mypyc")
    env = dict(os.environ, MYPYC_OPT_LEVEL=os.environ.get("MYPYC_OPT_LEVEL", "3"))
    done = subprocess.run([str(mypyc), *modules], cwd=src, env=env, capture_output=True, text=True)
    print("\n".join(ln for ln in done.stdout.splitlines() if ": error:" in ln or ": note:" in ln))
    print(done.stderr[-3000:])
    built = glob.glob(str(src / SERIES / "**/*.so"), recursive=True)
    print(f"{len(built)} compiled modules in {src}")


def main(argv: list[str]) -> int:
    return command(argv, build, __doc__)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
