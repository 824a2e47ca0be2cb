"""Collection rules shared by the whole suite.

The adapters need the ``rl`` extra (``make test`` installs it); without it their modules'
doctests are not collected, as ``tests/adapters`` skips itself with ``importorskip``. The
report's charts need the ``analysis`` extra (matplotlib, numpy) in the same way. When the
Disaster series runs its compiled build (``make native``), the doctests of its compiled
modules cannot be collected from their sources (Python imports the compiled modules): they
run in the pass of ``make test`` on the sources (``HIGHCAMP_NATIVE=0``).
"""

from __future__ import annotations

import importlib.util

from highcamp.games.disaster_series import native

_RL = ("pyspiel", "pettingzoo", "gymnasium", "numpy")

collect_ignore_glob: list[str] = []
if any(importlib.util.find_spec(name) is None for name in _RL):
    collect_ignore_glob.append("src/highcamp/adapters/*.py")
if any(importlib.util.find_spec(name) is None for name in ("matplotlib", "numpy")):
    collect_ignore_glob.append("src/highcamp/sim/report.py")

if native.status() == "compiled":
    collect_ignore_glob += [
        f"src/highcamp/games/disaster_series/{m.replace('.', '/')}.py" for m in native.MODULES
    ]
