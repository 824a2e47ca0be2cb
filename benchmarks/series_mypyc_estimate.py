"""What compiling the Disaster-series engine as native classes could buy: a stand-in of its
movement step (a state of typed fields on plain classes, the mover's list of steps, end and
pick-ups, and the selection list, written as the engine writes them) timed interpreted and
compiled by mypyc (shipped with mypy, a dev dependency; gcc needed), in one run.

An estimate for issue 17, not a build of the product: the engine itself binds module
functions to its state classes, which mypyc's compiled functions do not allow
(docs/benchmarks.md, sixth round), so the stand-in measures the kind of code, not the
engine. From the repository root::

    .venv/bin/python benchmarks/series_mypyc_estimate.py

It prints the nanoseconds per list of each, three passes alternating, and the ratio.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

STAND_IN = '"""A stand-in for the series\' movement step: a state of typed fields and the mover\'s list."""\nfrom __future__ import annotations\n\nSTEP_UP, STEP_DOWN, END_MOVE, DROP_OFF, PICKUP, SELECT, FINISH = 1, 2, 3, 4, 100, 200, 0\n\n\nclass Board:\n    def __init__(self) -> None:\n        self.size = 14\n        self.summit = 13\n        self.up = 11\n\n\nclass Team:\n    def __init__(self) -> None:\n        self.pos: list[int] = [3, 5, 3, 6, 3, 7]\n        self.moved: list[bool] = [False] * 6\n        self.tired: list[int] = [0] * 4\n        self.fx: list[str] = []\n        self.held: list[int] = []\n\n\nclass State:\n    def __init__(self) -> None:\n        self.team = Team()\n        self.board = Board()\n        self.blocked: list[int] = [6]\n        self.remaining = 3\n        self.carried: list[tuple[int, int]] = []\n        self.capacity = 1\n        self.start_space = 3\n        self.stepped = False\n        self.ng = 2\n        self.mover = -1\n        self.guides_left = 2\n        self.clients_left = 4\n\n    def mover_actions(self, m: int) -> list[int]:\n        team = self.team\n        ng = self.ng\n        acts: list[int] = []\n        pos = team.pos\n        here = pos[m]\n        if self.remaining >= 1:\n            b = self.board\n            blocked = self.blocked\n            hi, lo = here + 1, here - 1\n            if hi < b.size and (not blocked or hi not in blocked) and (m < ng or (hi != b.summit and hi != b.up)):\n                acts.append(STEP_UP)\n            if lo >= 0 and (not blocked or lo not in blocked) and (m < ng or (lo != b.summit and lo != b.up)):\n                acts.append(STEP_DOWN)\n        blocked = self.blocked\n        end_ok = not blocked or here not in blocked or (here == self.start_space and not self.stepped)\n        if m < ng:\n            carried = self.carried\n            if end_ok:\n                if carried:\n                    acts.append(DROP_OFF)\n                acts.append(END_MOVE)\n            if len(carried) < self.capacity and "lost_signal" not in team.fx:\n                moved = team.moved\n                for x in range(ng, len(pos)):\n                    if pos[x] == here and not moved[x] and team.tired[x - ng] < 2:\n                        acts.append(PICKUP + x - ng)\n        elif end_ok:\n            acts.append(END_MOVE)\n        return acts\n\n    def selection_actions(self) -> list[int]:\n        team = self.team\n        acts = [FINISH]\n        moved = team.moved\n        pos = team.pos\n        ng = self.ng\n        if self.guides_left > 0:\n            for g in range(ng):\n                if not moved[g] and pos[g] >= 0:\n                    acts.append(SELECT + g)\n        if self.clients_left > 0:\n            tired = team.tired\n            for x in range(ng, len(pos)):\n                if moved[x] or pos[x] < 0 or tired[x - ng] == 2:\n                    continue\n                acts.append(SELECT + x)\n        return acts\n\n\ndef run(n: int) -> int:\n    s = State()\n    total = 0\n    for i in range(n):\n        total += len(s.mover_actions(i % 6)) + len(s.selection_actions())\n    return total\n'

TIME = (
    "import time, {m} as m\n"
    "t = time.process_time(); m.run(300000)\n"
    "print((time.process_time() - t) / 600000 * 1e9)"
)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "native_stand_in.py").write_text(STAND_IN)
        (work / "plain_stand_in.py").write_text(STAND_IN)
        mypyc = Path(sys.executable).with_name("mypyc")
        subprocess.run(
            [str(mypyc), "native_stand_in.py"], cwd=work, check=True, capture_output=True
        )
        env = dict(os.environ, PYTHONPATH=str(work))
        times: dict[str, list[float]] = {"plain_stand_in": [], "native_stand_in": []}
        for _ in range(3):
            for module, into in times.items():
                out = subprocess.run(
                    [sys.executable, "-c", TIME.format(m=module)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=work,
                ).stdout
                into.append(float(out))
        plain, native = min(times["plain_stand_in"]), min(times["native_stand_in"])
        print(f"interpreted: {', '.join(f'{t:.0f}' for t in times['plain_stand_in'])} ns a list")
        print(f"mypyc:       {', '.join(f'{t:.0f}' for t in times['native_stand_in'])} ns a list")
        print(f"compiled/interpreted speed (best of each): {plain / native:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
