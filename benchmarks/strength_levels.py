"""The strength levels' time per decision: every level keeps to its budget.

For each game, one seeded game with seat 0 at the level and the other seats at the
heuristic; every decision of seat 0 is timed on the wall clock, the seat's view included
(the agent as ``make_agent`` builds it), and the longest, the mean and the count over the
level's budget are printed::

    .venv/bin/python benchmarks/strength_levels.py --level medium --decisions 40
    .venv/bin/python benchmarks/strength_levels.py --level hard --decisions 15 --game everest-go

Times are wall clock on a shared machine: read the longest against the budget (1 s for
``medium``, 3 s for ``hard``), not as a speed. The process's CPU seconds of the longest
decision are printed beside it: a decision whose wall time overran while its CPU time did
not was waiting for a core (the search checks the clock between steps, but cannot run
while the machine runs others).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.levels import HARD_SECONDS, MEDIUM_SECONDS
from highcamp.core import CHANCE

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("everest-1924", {}),
    ("disaster-on-everest", {}),
    ("disaster-on-k2", {}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
    ("everest-go", {"players": 2}),
    ("everest-go", {"players": 4}),
    ("disaster", {"players": 4}),
]


def timed(
    game_id: str, options: dict[str, Any], level: str, decisions: int, seed: int
) -> list[tuple[float, float]]:
    """Wall-clock and CPU seconds of seat 0's first ``decisions`` decisions with a choice."""
    game = highcamp.load_game(game_id, **options)
    state = game.new_initial_state(seed)
    seats = [make_agent(level, seed=seed)] + [
        make_agent("heuristic", seed=seed + p) for p in range(1, game.num_players)
    ]
    out: list[tuple[float, float]] = []
    while not state.is_terminal() and len(out) < decisions:
        p = state.current_player()
        if p == CHANCE:
            state.apply_random_chance()
            continue
        choice = len(state.legal_actions()) > 1
        start, cpu = time.perf_counter(), time.process_time()
        action = seats[p].act(state.clone())
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        if p == 0 and choice:
            out.append((took, cpu))
        state.apply_action(action)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=("easy", "medium", "hard"), default="medium")
    parser.add_argument("--decisions", type=int, default=30, help="timed decisions per game")
    parser.add_argument("--game", help="one game id (else every game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    budget = {"easy": None, "medium": MEDIUM_SECONDS, "hard": HARD_SECONDS}[args.level]
    print(f"| game | options | decisions | mean s | longest s (its CPU s) | over {budget} s |")
    print("|---|---|---:|---:|---:|---:|")
    for game_id, options in GAMES:
        if args.game and game_id != args.game:
            continue
        pairs = timed(game_id, options, args.level, args.decisions, args.seed)
        times = [wall for wall, _ in pairs]
        over = sum(t > budget for t in times) if budget else 0
        opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "-"
        wall, cpu = max(pairs)
        print(
            f"| {game_id} | {opts} | {len(times)} | {statistics.fmean(times):.3f} | "
            f"{wall:.3f} ({cpu:.3f}) | {over} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
