"""How the exact Everest 1924 solver grows with the sheet: positions and time per prefix.

Run it from the repository root::

    .venv/bin/python benchmarks/solver_scaling.py [--rows 3,4,5,6] [--width W]

For each prefix of the standard sheet (its first ROWS rows, the last one becoming the
summit) it solves exactly (no cache) and prints the optimal value, the relaxed value, the
number of positions of each, the solve time (wall clock, and the CPU time of this one-core
process, which does not grow when other jobs share the machine) and the peak resident memory
of the process so far; then the relaxed value of the full sheet. The full sheet itself is
measured with ``/usr/bin/time -v highcamp solve everest-1924 --no-cache``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.solver import Valuation, sheet_prefix, solve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="3,4,5,6")
    parser.add_argument("--width", type=int, default=None)
    args = parser.parse_args(argv)
    print(
        f"{'rows':>4} {'optimal':>9} {'relaxed':>9} {'positions':>11} {'relaxed':>8} "
        f"{'wall s':>7} {'cpu s':>7} {'peak MB':>8}"
    )
    for rows in (int(r) for r in args.rows.split(",")):
        cpu = time.process_time()
        s = solve(sheet_prefix(standard_sheet(), rows, args.width))
        cpu = time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
        print(
            f"{rows:>4} {s.value:9.4f} {s.relaxed_value:9.4f} {s.states:>11,} "
            f"{s.relaxed_states:>8,} {s.seconds:7.1f} {cpu:7.1f} {peak:8.0f}",
            flush=True,
        )
        del s
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
