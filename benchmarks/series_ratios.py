"""The Disaster series' speed goals as ratios to pig, each case between two pig runs: for a
shared machine whose speed drifts within minutes, a case's ratio is taken against the mean
of the pig runs just before and just after it (CPU time, ``series_cpu_time.py``, each run
a process of its own), over several passes; the median and range of each case's ratios
are printed. With ``--old SRC`` each case is also run on the sources ``SRC`` (the old
code), right after the new, for the speed-up in the same passes.

From the repository root::

    .venv/bin/python benchmarks/series_ratios.py --passes 5
    .venv/bin/python benchmarks/series_ratios.py --passes 3 --old /tmp/old17/src

(the old sources of issue 17's goals: ``mkdir -p /tmp/old17 && git archive c91539f src |
tar -x -C /tmp/old17``, the engine before its rebuild)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from series_cython import CASES, rate

ROOT = Path(__file__).resolve().parent.parent
GOALS = {0: 0.25, 1: 0.20, 2: 0.15, 3: 0.15, 4: 0.15}  # issue 17, by CASES' order


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--src", type=Path, default=ROOT / "src", help="the sources measured")
    ap.add_argument("--old", type=Path, help="old sources: each case's speed-up as well")
    args = ap.parse_args(argv)
    texts = [json.dumps(c) for c in CASES]
    ratios: dict[str, list[float]] = {t: [] for t in texts}
    speedups: dict[str, list[float]] = {t: [] for t in texts}
    last = rate(args.src, "pig")
    pigs = [last]
    for p in range(args.passes):
        for text in texts:
            new = rate(args.src, text)
            old = rate(args.old, text) if args.old else None
            pig = rate(args.src, "pig")
            pigs.append(pig)
            ratios[text].append(new / ((last + pig) / 2))
            last = pig
            line = f"pass {p + 1} {text}: {new:,.0f} actions/CPU s, {ratios[text][-1]:.3f}x pig"
            if old:
                speedups[text].append(new / old)
                line += f"; old {old:,.0f}, new/old {speedups[text][-1]:.2f}x"
            print(line, flush=True)
    print(f"pig, actions/CPU s: {', '.join(f'{x:,.0f}' for x in pigs)}")
    print(
        "| case | ratio to pig, median (range) | goal |"
        + (" new/old, median |" if args.old else "")
    )
    print("|---|---|---:|" + ("---:|" if args.old else ""))
    for i, text in enumerate(texts):
        r = ratios[text]
        row = (
            f"| {text} | {statistics.median(r):.3f} ({min(r):.3f}-{max(r):.3f}) | {GOALS[i]:.2f} |"
        )
        if args.old:
            row += f" {statistics.median(speedups[text]):.2f}x |"
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
