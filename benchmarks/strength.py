"""Strength of the Everest 1924 agents against the exact optimum.

Run it from the repository root::

    .venv/bin/python benchmarks/strength.py [--games N] [--mcts-games M] [--budget 50]
        [--prefix-rows 6] [--with-optimal --optimum VALUE --skip-prefix]

Two measures:

* the standard sheet: each agent's mean score (95% interval) as a fraction of the relaxed
  value (the route ignored), which is an upper bound of the optimal expected score; so the
  fraction of the optimum is at least the fraction shown;
* a prefix of the standard sheet (its first ``--prefix-rows`` rows) that the exact solver
  solves in seconds: each agent's mean as a fraction of the exact optimum, with the
  optimal agent itself played as a check.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import highcamp
from highcamp.agents import make_agent
from highcamp.core import Game, play_game
from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.solver import (
    Valuation,
    load_or_solve,
    sheet_document,
    sheet_prefix,
)


def mean_ci(scores: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    m = statistics.mean(scores)
    half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
    return m, half


FIRST_SEED = 0  # --first-seed: seeds FIRST_SEED .. FIRST_SEED + games - 1


def play(game: Game, spec: str, games: int) -> tuple[list[float], float]:
    started = time.perf_counter()
    scores = []
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        scores.append(play_game(game, [make_agent(spec, seed=seed)], seed=seed).returns()[0])
        if games >= 20 and len(scores) % 10 == 0:  # progress of the long runs, on stderr
            m, half = mean_ci(scores)
            print(f"  {spec}: {len(scores)} games, mean {m:.3f} ± {half:.3f}", file=sys.stderr)
    return scores, time.perf_counter() - started


def report(game: Game, label: str, reference: float, specs: dict[str, int]) -> None:
    """Each agent's mean (95%) as a share of ``reference``; agents after the first are also
    compared with it, paired on the same seeds (mean difference, 95%)."""
    print(f"\n{label}: reference {reference:.4f}")
    first: list[float] | None = None
    for spec, games in specs.items():
        if games <= 0:
            continue
        scores, seconds = play(game, spec, games)
        m, half = mean_ci(scores)
        paired = ""
        if first is not None:
            d, dhalf = mean_ci([a - b for a, b in zip(scores, first, strict=False)])
            paired = f"  vs {next(iter(specs))}: {d:+.3f} ± {dhalf:.3f}"
        else:
            first = scores
        print(
            f"  {spec:<18} {games:>6} games  mean {m:7.3f} ± {half:.3f}  "
            f"= {100 * m / reference:5.1f}% (± {100 * half / reference:.1f})  [{seconds:.0f} s]"
            + paired,
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for random/heuristic")
    parser.add_argument("--mcts-games", type=int, default=40, help="games for MCTS")
    parser.add_argument("--budget", default="50", help="MCTS iterations per move")
    parser.add_argument("--prefix-rows", type=int, default=6)
    parser.add_argument("--skip-prefix", action="store_true", help="the standard sheet only")
    parser.add_argument("--skip-standard", action="store_true", help="the prefix sheet only")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds start here")
    parser.add_argument(
        "--agents",
        help="standard sheet: agents and games instead, e.g. heuristic=2000,medium=20,optimal=200",
    )
    parser.add_argument(
        "--optimum", type=float, help="standard sheet: report fractions of this value instead"
    )
    parser.add_argument(
        "--with-optimal",
        action="store_true",
        help="standard sheet: play the optimal agent first (its policy solved or cached), so "
        "the others are compared with it paired on the same seeds",
    )
    args = parser.parse_args(argv)
    global FIRST_SEED
    FIRST_SEED = args.first_seed

    relaxed = Valuation(standard_sheet(), relaxed=True)
    bound = relaxed.value(relaxed.start_key()) - 1.0
    game = highcamp.load_game("everest-1924")
    mcts = f"mcts:{args.budget}"
    specs = {"heuristic": args.games, "random": args.games, mcts: args.mcts_games}
    if args.agents:
        specs = {k: int(v) for k, v in (part.rsplit("=", 1) for part in args.agents.split(","))}
    if not args.skip_standard:
        report(
            game,
            "standard sheet (fraction of the relaxed bound)"
            if args.optimum is None
            else "standard sheet (fraction of the given optimum)",
            bound if args.optimum is None else args.optimum,
            ({"optimal": args.games} if args.with_optimal else {}) | specs,
        )
    if args.skip_prefix:
        return 0

    sheet = sheet_prefix(standard_sheet(), args.prefix_rows)
    solution, cached = load_or_solve(sheet)
    how = "cached" if cached else "solved"
    print(
        f"\n{sheet.name}: {solution.states:,} positions, {how} "
        f"({solution.seconds:.0f} s to solve); relaxed {solution.relaxed_value:.4f}"
    )
    path = Path(tempfile.mkdtemp()) / "prefix.json"
    path.write_text(json.dumps(sheet_document(sheet)))
    prefix = highcamp.load_game("everest-1924", sheet=str(path))
    report(
        prefix,
        "prefix sheet (fraction of the exact optimum)",
        solution.value,
        {"optimal": args.games, "heuristic": args.games, mcts: args.mcts_games},
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
