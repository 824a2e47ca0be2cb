"""The Everest 1924 heuristic on a sheet: mean score, its 95% interval, perishing at base camp.

Run it with the code to measure first on the path (paired runs use the same seeds)::

    PYTHONPATH=src .venv/bin/python benchmarks/everest1924_heuristic.py SHEET.json 4000

It prints one JSON line: mean, half-width of the 95% interval, the share of games that
perished on base camp's row, the CPU time and every game's score (for paired differences).
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import highcamp
from highcamp.agents import make_agent
from highcamp.core import play_game


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    sheet, games = args[0], int(args[1])
    game = highcamp.load_game("everest-1924", sheet=sheet)
    started = time.process_time()
    scores: list[float] = []
    row0 = 0
    for seed in range(games):
        state: object = play_game(game, [make_agent("heuristic")], seed=seed)
        final = state  # an Everest 1924 state: ending() and position
        scores.append(final.returns()[0])  # type: ignore[attr-defined]
        ending = final.ending()  # type: ignore[attr-defined]
        if ending and "perish" in ending and final.position[0] == 0:  # type: ignore[attr-defined]
            row0 += 1
    half = 1.96 * statistics.stdev(scores) / games**0.5
    print(
        json.dumps(
            {
                "mean": statistics.mean(scores),
                "half": half,
                "perish_row0": row0 / games,
                "cpu": time.process_time() - started,
                "scores": scores,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
