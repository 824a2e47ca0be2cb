"""Which layout of the Disaster-series engine mypyc would compile well: the movement step's
two lists (as :mod:`series_mypyc_estimate` writes them) plus a ruleset's hook, over a state of
typed fields, written four ways and timed interpreted and compiled in one run.

The eleventh round (docs/benchmarks.md) measured one layout only (every rule a method of one
class: 3.04x). The engine is not written that way: its rules are module functions, one
module a rulebook section, bound to the state classes (``_move_actions =
movement._move_actions``), with a ruleset's differences as overridden hooks. This script
measures what each way of restructuring it for mypyc would keep of that gain:

* ``methods``: every rule a method of the state class, the hook a method (the eleventh
  round's layout, plus the hook);
* ``functions``: the rules module functions of their own module taking the state as a typed
  argument (``def mover_actions(s: State, m: int)``), the state a class of another module,
  the hook a method of the state (what the engine's modules become with their ``self:
  SeriesState`` typed and their calls written ``movement.mover_actions(s, m)``);
* ``protocol``: the same functions with the state typed by a ``Protocol`` of the fields they
  read (as the engine's modules type ``self: SeriesState`` today), the state the same class;
* ``trait``: the rules methods of a mypyc trait (``@trait``) of their own module, with the
  fields it reads declared, mixed into the state class (a section as a trait);
* ``bound``: the engine's layout today, module functions bound as class attributes, the
  rules typed by a ``Protocol``; compiled, only the rules' module is (the state stays an
  interpreted class) and each binding is wrapped in CPython's instance-method descriptor
  (mypyc's compiled functions do not bind as methods of their own): what
  ``series_mypyc.py`` does to the engine.

From the repository root (mypyc ships with mypy, a dev dependency; gcc needed)::

    .venv/bin/python benchmarks/series_mypyc_layouts.py

It prints the nanoseconds per pair of lists of each layout, interpreted and compiled, three
passes alternating (the best kept), and each one's speed against ``bound`` interpreted.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

MODEL = """
from __future__ import annotations

STEP_UP, STEP_DOWN, END_MOVE, DROP_OFF, PICKUP, SELECT, FINISH = 1, 2, 3, 4, 100, 200, 0


class Board:
    def __init__(self) -> None:
        self.size = 14
        self.summit = 13
        self.up = 11


class Team:
    def __init__(self) -> None:
        self.pos: list[int] = [3, 5, 3, 6, 3, 7]
        self.moved: list[bool] = [False] * 6
        self.tired: list[int] = [0] * 4
        self.fx: list[str] = []
        self.held: list[int] = []
"""

FIELDS = """
        self.team = Team()
        self.board = Board()
        self.blocked: list[int] = [6]
        self.remaining = 3
        self.carried: list[tuple[int, int]] = []
        self.capacity = 1
        self.start_space = 3
        self.stepped = False
        self.ng = 2
        self.mover = -1
        self.guides_left = 2
        self.clients_left = 4
"""

# the fields the rules read, declared on a Protocol or a trait
DECLARED = (
    "    team: Team\n    board: Board\n    blocked: list[int]\n    remaining: int\n"
    "    carried: list[tuple[int, int]]\n    capacity: int\n    start_space: int\n"
    "    stepped: bool\n    ng: int\n    guides_left: int\n    clients_left: int\n\n"
)

# the two lists, written once over ``s`` (a method's ``self``, a function's argument)
MOVER = """
def mover_actions({sig}, m: int) -> list[int]:
    team = s.team
    ng = s.ng
    acts: list[int] = []
    pos = team.pos
    here = pos[m]
    if s.remaining >= 1:
        b = s.board
        blocked = s.blocked
        hi, lo = here + 1, here - 1
        if hi < b.size and (not blocked or hi not in blocked) and (m < ng or (hi != b.summit and hi != b.up)):
            acts.append(STEP_UP)
        if lo >= 0 and (not blocked or lo not in blocked) and (m < ng or (lo != b.summit and lo != b.up)):
            acts.append(STEP_DOWN)
    blocked = s.blocked
    end_ok = not blocked or here not in blocked or (here == s.start_space and not s.stepped)
    if m < ng:
        carried = s.carried
        if end_ok:
            if carried:
                acts.append(DROP_OFF)
            acts.append(END_MOVE)
        if len(carried) < s.capacity and "lost_signal" not in team.fx:
            moved = team.moved
            for x in range(ng, len(pos)):
                if pos[x] == here and not moved[x] and team.tired[x - ng] < 2:
                    acts.append(PICKUP + x - ng)
    elif end_ok:
        acts.append(END_MOVE)
    s.mover_extras(acts, m, here)
    return acts


def selection_actions({sig}) -> list[int]:
    team = s.team
    acts = [FINISH]
    moved = team.moved
    pos = team.pos
    ng = s.ng
    if s.guides_left > 0:
        for g in range(ng):
            if not moved[g] and pos[g] >= 0:
                acts.append(SELECT + g)
    if s.clients_left > 0:
        tired = team.tired
        for x in range(ng, len(pos)):
            if moved[x] or pos[x] < 0 or tired[x - ng] == 2:
                continue
            acts.append(SELECT + x)
    return acts
"""

HOOK = """
    def mover_extras(self, acts: list[int], m: int, here: int) -> None:
        if m < 0:
            acts.append(here)
"""

RUN = """
def run(n: int) -> int:
    s = State()
    total = 0
    for i in range(n):
        total += {call}
    return total
"""


def _methods(sig: str) -> str:
    """The lists as methods (their first argument, ``s``, is the instance), indented into
    a class body."""
    return textwrap.indent(MOVER.format(sig=sig), "    ")


def _sources() -> dict[str, dict[str, str]]:
    """Each layout's modules (name -> source); the layout's runner is its first module."""
    head = MODEL
    methods = (
        head
        + "\n\nclass State:\n    def __init__(self) -> None:"
        + FIELDS
        + HOOK
        + _methods("s")
        + RUN.format(call="len(s.mover_actions(i % 6)) + len(s.selection_actions())")
    )
    functions_state = head + "\n\nclass State:\n    def __init__(self) -> None:" + FIELDS + HOOK
    functions_rules = (
        "from __future__ import annotations\n"
        "from fn_state import State, STEP_UP, STEP_DOWN, END_MOVE, DROP_OFF, PICKUP, SELECT, FINISH\n"
        + MOVER.format(sig="s: State")
        + RUN.format(call="len(mover_actions(s, i % 6)) + len(selection_actions(s))")
    )
    protocol_rules = (
        "from __future__ import annotations\n"
        "from typing import Protocol\n"
        "from pr_state import State, Board, Team, STEP_UP, STEP_DOWN, END_MOVE, DROP_OFF, PICKUP, SELECT, FINISH\n\n\n"
        "class Series(Protocol):\n"
        + DECLARED
        + "    def mover_extras(self, acts: list[int], m: int, here: int) -> None: ...\n"
        + MOVER.format(sig="s: Series")
        + RUN.format(call="len(mover_actions(s, i % 6)) + len(selection_actions(s))")
    )
    trait_rules = (
        "from __future__ import annotations\n"
        "from mypy_extensions import trait\n"
        "from tr_model import Board, Team, STEP_UP, STEP_DOWN, END_MOVE, DROP_OFF, PICKUP, SELECT, FINISH\n\n\n"
        "@trait\nclass Movement:\n"
        + DECLARED
        + "    def mover_extras(self, acts: list[int], m: int, here: int) -> None:\n"
        "        raise NotImplementedError\n" + _methods("s")
    )
    trait_state = (
        "from __future__ import annotations\n"
        "from tr_model import Board, Team\nfrom tr_rules import Movement\n\n\n"
        "class State(Movement):\n    def __init__(self) -> None:"
        + FIELDS
        + HOOK
        + RUN.format(call="len(s.mover_actions(i % 6)) + len(s.selection_actions())")
    )
    bound_rules = protocol_rules.split("\n\ndef run(")[0].replace("pr_state", "bd_model")
    bound_rules = bound_rules.replace("import State, ", "import ")
    bound_state = (
        "from __future__ import annotations\n"
        "import bd_rules\nfrom bd_model import Board, Team\n\n\n"
        "from bd_bind import bind\n\n\n"
        "class State:\n    mover_actions = bind(bd_rules.mover_actions)\n"
        "    selection_actions = bind(bd_rules.selection_actions)\n\n"
        "    def __init__(self) -> None:"
        + FIELDS
        + HOOK
        + RUN.format(call="len(s.mover_actions(i % 6)) + len(s.selection_actions())")
    )
    return {
        "methods": {"me_one": methods},
        "functions": {"fn_rules": functions_rules, "fn_state": functions_state},
        "protocol": {"pr_rules": protocol_rules, "pr_state": functions_state},
        "trait": {"tr_state": trait_state, "tr_rules": trait_rules, "tr_model": head},
        "bound": {
            "bd_state": bound_state,
            "bd_rules": bound_rules,
            "bd_model": head,
            "bd_bind": BIND.format(prefix="bd_"),
        },
    }


# CPython's instance-method descriptor (what C extensions bind a callable with) around a
# compiled function of the modules named ``{prefix}...``, which is no descriptor of its own;
# anything else is left alone (``series_mypyc.py`` uses it on the engine's copy too)
BIND = """
import ctypes
from typing import Any

_new = ctypes.pythonapi.PyInstanceMethod_New
_new.restype = ctypes.py_object
_new.argtypes = [ctypes.py_object]


def bind(value: Any) -> Any:
    compiled = type(value).__name__ == "builtin_function_or_method"
    if compiled and str(getattr(value, "__module__", "")).startswith("{prefix}"):
        return _new(value)
    return value
"""

TIME = (
    "import time, {m} as m\n"
    "t = time.process_time(); m.run(200000)\n"
    "print((time.process_time() - t) / 200000 * 1e9)"
)


def _time(module: str, path: Path) -> float:
    out = subprocess.run(
        [sys.executable, "-c", TIME.format(m=module)],
        env=dict(os.environ, PYTHONPATH=str(path)),
        check=True,
        capture_output=True,
        text=True,
        cwd=path,
    ).stdout
    return float(out)


def main() -> int:
    mypyc = Path(sys.executable).with_name("mypyc")
    with tempfile.TemporaryDirectory() as tmp:
        cases: list[tuple[str, str, Path]] = []  # (label, runner module, folder)
        for layout, modules in _sources().items():
            for kind in ("interpreted", "compiled"):
                folder = Path(tmp) / f"{layout}-{kind}"
                folder.mkdir()
                for name, source in modules.items():
                    (folder / f"{name}.py").write_text(source)
                if kind == "compiled":
                    # ``bound``: the rules only (its state stays an interpreted class)
                    files = ["bd_rules.py"] if layout == "bound" else [f"{n}.py" for n in modules]
                    done = subprocess.run(
                        [str(mypyc), *files], cwd=folder, capture_output=True, text=True
                    )
                    if done.returncode:
                        print(f"{layout}: mypyc failed\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
                        continue
                cases.append((f"{layout}, {kind}", next(iter(modules)), folder))
        times: dict[str, list[float]] = {label: [] for label, _, _ in cases}
        for _ in range(3):
            for label, module, folder in cases:
                times[label].append(_time(module, folder))
        base = min(times["bound, interpreted"])
        print("| layout | ns a pair of lists (three passes) | speed against `bound`, interpreted |")
        print("|---|---:|---:|")
        for label, runs in times.items():
            print(f"| {label} | {', '.join(f'{t:.0f}' for t in runs)} | {base / min(runs):.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
