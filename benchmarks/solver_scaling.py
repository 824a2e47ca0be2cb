"""How the exact Everest 1924 solver grows with the sheet: time and peak memory, before and after.

Run it from the repository root::

    .venv/bin/python benchmarks/solver_scaling.py [--rows 5,6,7,8] [--full] \
        [--before ../solver-old/src] [--before-rows 5,6,7]

Each solve runs in its own process (no cache), so that its CPU time (user + system) and
peak resident memory are its own (``os.wait4``). The sheet is the first reconstruction
(16 rows above base camp, targets 6..36, 40 squares at the bottom) or its prefixes (its
first ROWS rows, the last becoming the summit). ``--before`` names the ``src`` folder of an
older checkout (``git worktree add --detach ../solver-old main``): its pure-Python solver
is measured on ``--before-rows`` in the same run, so that the two are compared under the
same load (the ratio is the figure; absolute times drift on a shared machine). The compiled
solver is warmed once first (numba's compile is cached on disk).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parent.parent / "src"


def worker(sheet_path: str, rows: int) -> None:
    """Solve the prefix and print its figures as JSON (run in a child process)."""
    from highcamp.games.everest1924.sheet import load_sheet
    from highcamp.games.everest1924.solver import sheet_prefix, solve

    sheet = load_sheet(sheet_path)
    if rows < sheet.rows:
        sheet = sheet_prefix(sheet, rows)
    s = solve(sheet)
    print(json.dumps({"value": s.value, "states": s.states, "seconds": s.seconds}))


def measure(src: str, sheet_path: str, rows: int) -> dict[str, Any]:
    """Run one solve in a child process with ``src`` first on the path."""
    env = dict(os.environ, PYTHONPATH=src)
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); " + (
        f"import solver_scaling; solver_scaling.worker({sheet_path!r}, {rows})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"the solve of {rows} rows with {src} failed")
    doc: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    doc["cpu"] = usage.ru_utime + usage.ru_stime
    doc["peak_mb"] = usage.ru_maxrss / 1024  # KB on Linux
    return doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rows", default="5,6,7,8")
    parser.add_argument("--full", action="store_true", help="also the full sheet (17 rows)")
    parser.add_argument("--before", default=None, help="src folder of the older code")
    parser.add_argument("--before-rows", default="5,6,7")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(SRC))
    from highcamp.games.everest1924.sheet import named_sheet
    from highcamp.games.everest1924.solver import sheet_document

    sheet = named_sheet("first-reconstruction")
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "first-reconstruction.json")
        Path(path).write_text(json.dumps(sheet_document(sheet)))
        measure(str(SRC), path, 3)  # warm the compiled solver's cache
        rows = [int(r) for r in args.rows.split(",")] + ([sheet.rows] if args.full else [])
        before = [int(r) for r in args.before_rows.split(",")] if args.before else []
        print(
            f"{'rows':>4} {'code':>6} {'optimal':>12} {'positions':>11} {'cpu s':>7} "
            f"{'peak MB':>8} {'cpu ratio':>9}"
        )
        for n in sorted(set(rows) | set(before)):
            new = measure(str(SRC), path, n) if n in rows else None
            old = measure(args.before, path, n) if n in before else None
            for name, doc in (("before", old), ("after", new)):
                if doc is None:
                    continue
                ratio = ""
                if name == "after" and old is not None:
                    ratio = f"{old['cpu'] / doc['cpu']:.0f}x"
                print(
                    f"{n:>4} {name:>6} {doc['value']:12.8f} {doc['states']:>11,} "
                    f"{doc['cpu']:7.1f} {doc['peak_mb']:8.0f} {ratio:>9}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
