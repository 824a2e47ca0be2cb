"""How the exact Everest 1924 solver grows with the sheet: positions and time per prefix.

Run it from the repository root::

    .venv/bin/python benchmarks/solver_scaling.py [--rows 3,4,5,6] [--width W]

For each prefix of the standard sheet (its first ROWS rows, the last one becoming the
summit) it solves exactly (no cache) and prints the optimal value, the relaxed value, the
number of positions of each and the solve time on one core; then the relaxed value of the
full sheet.
"""

from __future__ import annotations

import argparse
import sys
import time

from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.solver import Valuation, sheet_prefix, solve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="3,4,5,6")
    parser.add_argument("--width", type=int, default=None)
    args = parser.parse_args(argv)
    print(f"{'rows':>4} {'optimal':>9} {'relaxed':>9} {'positions':>11} {'relaxed':>8} {'s':>7}")
    for rows in (int(r) for r in args.rows.split(",")):
        s = solve(sheet_prefix(standard_sheet(), rows, args.width))
        print(
            f"{rows:>4} {s.value:9.4f} {s.relaxed_value:9.4f} {s.states:>11,} "
            f"{s.relaxed_states:>8,} {s.seconds:7.1f}",
            flush=True,
        )
    started = time.perf_counter()
    relaxed = Valuation(standard_sheet(), relaxed=True)
    value = relaxed.value(relaxed.start_key()) - 1.0
    print(
        f"full sheet, relaxed: {value:.4f} ({len(relaxed.values):,} positions, "
        f"{time.perf_counter() - started:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
