"""The tuning run of Everest 1924's standard sheet (R-1924-1, R-0-2): candidate sheets solved
exactly, their legend bands under optimal play.

Run it from the repository root::

    .venv/bin/python benchmarks/everest1924_tuning.py [--games 400000] [--only NAME,...]

Each candidate is a list of row targets (base camp first, rising to 36 on the summit; the
unlock rows 12, 16 and 22 among them) and a mountain of rows (row k spans columns
``k * shrink_left .. bottom - 1 - k * shrink_right``, never wider than the row below). For
each it prints the optimal value, the positions solved, the summit chance and every band's
chance under optimal play (sampled from ``--games`` games played by the exact policy; 95%
intervals of a share p are about 2 * sqrt(p / games)), and whether it meets the ruling: every
band at least 0.1% and the summit at least 5%.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from typing import Any

from highcamp.games.everest1924.policy import Everest1924Solver
from highcamp.games.everest1924.sheet import Sheet, named_sheet

# name -> (targets above base camp, bottom width, shrink per row on the left, on the right)
CANDIDATES: dict[str, tuple[tuple[int, ...], int, int, int]] = {
    "first-reconstruction": (tuple(range(6, 37, 2)), 40, 1, 1),
    "A": ((6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 36), 40, 1, 1),
    "B": ((6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 36), 40, 1, 1),
    "C": ((6, 9, 12, 14, 16, 18, 20, 22, 24, 27, 30, 36), 40, 1, 1),
    "D": ((6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 36), 30, 1, 1),
    "E": ((6, 9, 12, 16, 18, 20, 22, 24, 27, 30, 36), 36, 1, 1),
    "F": (
        (6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 36),
        36,
        0,
        2,
    ),
}

THRESHOLD_BAND = 0.001
THRESHOLD_SUMMIT = 0.05


def candidate_sheet(
    name: str, targets: tuple[int, ...], bottom: int, left: int, right: int
) -> Sheet:
    """The sheet of a candidate, the first reconstruction's legend and dice."""
    base = named_sheet("first-reconstruction")
    rows = (0, *targets)
    firsts = tuple(k * left for k in range(len(rows)))
    lasts = tuple(bottom - 1 - k * right for k in range(len(rows)))
    if any(last < first for first, last in zip(firsts, lasts, strict=True)):
        raise ValueError(f"{name}: the mountain runs out of squares")
    unlock = tuple(rows.index(t) for t in (12, 16, 22))
    return replace(
        base,
        name=f"candidate {name}",
        targets=rows,
        firsts=firsts,
        lasts=lasts,
        unlock_rows=unlock,
        source=name,
    )


def evaluate(name: str, sheet: Sheet, games: int) -> dict[str, Any]:
    """Solve the candidate and sample its outcomes under optimal play."""
    solver = Everest1924Solver(sheet, use_cache=False)
    cpu = time.process_time()
    solution = solver.solve()
    cpu = time.process_time() - cpu
    result = solver.outcomes(games)
    bands = result.bands(sheet)
    ok = result.summit >= THRESHOLD_SUMMIT and all(p >= THRESHOLD_BAND for p in bands.values())
    return {
        "name": name,
        "targets": sheet.targets[1:],
        "firsts": sheet.firsts,
        "lasts": sheet.lasts,
        "value": solution.value,
        "states": solution.states,
        "solve_cpu_s": cpu,
        "games": games,
        "summit": result.summit,
        "bands": bands,
        "meets_ruling": ok,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400_000)
    parser.add_argument("--only", default=None, help="comma-separated candidate names")
    args = parser.parse_args(argv)
    names = list(CANDIDATES) if args.only is None else args.only.split(",")
    for name in names:
        sheet = candidate_sheet(name, *CANDIDATES[name])
        doc = evaluate(name, sheet, args.games)
        print(json.dumps(doc), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
