"""How much compiling the Disaster-series engine would buy, with no change to its code: a copy
of ``src/`` whose ``games/disaster_series`` modules are compiled by Cython as plain Python
(``annotation_typing=False``: the annotations are not enforced, so the semantics stay
Python's), timed against the sources as they are with ``series_cpu_time.py``.

An experiment for issue 17, not a build of the product: Cython is not a dependency (install
it in the virtual environment first). From the repository root::

    .venv/bin/pip install cython
    .venv/bin/python benchmarks/series_cython.py build /tmp/series-cython   # about 3 minutes
    .venv/bin/python benchmarks/series_cython.py compare /tmp/series-cython

``compare`` runs, for each of the five series cases, the plain sources and the compiled
copy alternately (two passes), and pig, each in a process of its own, and prints the CPU-time
rates and the compiled/plain ratio.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = [
    ["disaster-on-everest", {}],
    ["disaster-on-k2", {}],
    ["disaster-on-everest", {"players": 2}],
    ["disaster-on-k2", {"players": 2}],
    ["disaster-campaign", {}],
]
SETUP = """\
import glob
from setuptools import setup
from Cython.Build import cythonize

modules = [
    f
    for f in glob.glob("highcamp/games/disaster_series/**/*.py", recursive=True)
    if not f.endswith("__init__.py")
]
directives = {"binding": True, "annotation_typing": False}
setup(
    name="series-cython",
    ext_modules=cythonize(modules, nthreads=2, language_level=3,
                          compiler_directives=directives, quiet=True),
    script_args=["build_ext", "--inplace", "-j", "2"],
)
"""


def build(dest: Path) -> None:
    """Copy ``src/`` to ``dest/src`` and compile the series modules in place there."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(ROOT / "src", dest / "src")
    (dest / "setup_cython.py").write_text(SETUP)
    subprocess.run([sys.executable, str(dest / "setup_cython.py")], cwd=dest / "src", check=True)
    built = glob.glob(str(dest / "src/highcamp/games/disaster_series/**/*.so"), recursive=True)
    print(f"{len(built)} compiled modules in {dest / 'src'}")


def rate(src: Path | None, case: str) -> int:
    """Actions per CPU second of ``case`` (``series_cpu_time.py``) with ``src`` on the path."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/series_cpu_time.py"), case],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return int(json.loads(out.strip().splitlines()[-1])["actions_per_cpu_s"])


def compare(dest: Path) -> None:
    """Plain and compiled, alternately, two passes per case; pig before and after."""
    pig = [rate(None, "pig")]
    print(f"pig {pig[0]:,}")
    for case in CASES:
        text = json.dumps(case)
        plain: list[int] = []
        compiled: list[int] = []
        for first_plain in (True, False):
            order = [(ROOT / "src", plain), (dest / "src", compiled)]
            for src, into in order if first_plain else order[::-1]:
                into.append(rate(src, text))
        ratio = sum(compiled) / sum(plain)
        print(f"{text}: plain {plain} compiled {compiled} compiled/plain {ratio:.2f}x")
    pig.append(rate(None, "pig"))
    print(f"pig {pig[1]:,}")


def command(argv: list[str], build: Callable[[Path], None], doc: str | None) -> int:
    """``build DEST`` or ``compare DEST`` (a compiled copy against the sources); else the
    usage (``doc``) and 2."""
    if len(argv) != 2 or argv[0] not in ("build", "compare"):
        print(doc)
        return 2
    dest = Path(argv[1])
    if argv[0] == "build":
        build(dest)
    else:
        compare(dest)
    return 0


def main(argv: list[str]) -> int:
    return command(argv, build, __doc__)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
