"""Strength of the heuristics and search agents on Disaster on Everest, Everest Go! and
Disaster (the other games of issue 7's measurements; Everest 1924 is ``strength.py``).

Run it from the repository root, one part at a time::

    .venv/bin/python benchmarks/strength_games.py everest --games 200 --mcts-games 8 --budget 10
    .venv/bin/python benchmarks/strength_games.py everest-go --games 40 --mcts-games 6 \
        --search ismcts:20:random
    .venv/bin/python benchmarks/strength_games.py disaster --games 400

* ``everest``: Disaster on Everest solitaire: each agent's mean score with a 95% interval and
  its Victory Chart distribution, every agent on the same seeds;
* ``everest-go``: 2, 3 and 4 players: ``heuristic`` against ``random`` and ``ismcts`` against
  ``heuristic``, seats alternating between the two agents, win share (ties split) with a
  95% Wilson interval;
* ``disaster``: seat win rates with every seat random, then ``heuristic`` against
  ``random`` (how much skill moves them), 2, 3 and 4 players.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter

import highcamp
from highcamp.agents import make_agent
from highcamp.core import play_game


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% interval."""
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return mean, half


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def everest(games: int, mcts_games: int, budget: int) -> None:
    game = highcamp.load_game("disaster-on-everest")
    bands = game.score_bands()
    print(f"Disaster on Everest, solitaire (mcts budget {budget} iterations per move)")
    print(f"| agent | games | mean score (95% CI) | {' | '.join(bands)} | s/game |")
    print(f"|---|---|---|{'---|' * len(bands)}---|")
    for spec, n in (("random", games), ("heuristic", games), (f"mcts:{budget}", mcts_games)):
        if n <= 0:
            continue
        scores: list[float] = []
        count: Counter[str] = Counter()
        start = time.perf_counter()
        for seed in range(n):
            state = play_game(game, [make_agent(spec, seed=seed)], seed=seed)
            scores.append(state.returns()[0])
            count[state.score_breakdown()[0].band or "?"] += 1
        took = (time.perf_counter() - start) / n
        mean, half = mean_ci(scores)
        dist = " | ".join(f"{100 * count[b] / n:.0f}%" for b in bands)
        print(f"| {spec} | {n} | {mean:.1f} ± {half:.1f} | {dist} | {took:.2f} |", flush=True)


FIRST_SEED = 0  # --first-seed: games FIRST_SEED .. FIRST_SEED + games - 1


def match(
    game_id: str, players: int, a: str, b: str, games: int, progress: bool = False
) -> tuple[float, int]:
    """``a``'s win share against ``b`` (ties split), seats alternating game by game
    (``progress``: the running tally on stderr after each game)."""
    game = highcamp.load_game(game_id, players=players)
    won = 0.0
    for i in range(FIRST_SEED, FIRST_SEED + games):
        specs = [a if (s + i) % 2 == 0 else b for s in range(players)]
        agents = [make_agent(spec, seed=1000 * i + s) for s, spec in enumerate(specs)]
        returns = play_game(game, agents, seed=i).returns()
        best = max(returns)
        top = [s for s in range(players) if returns[s] == best]
        won += sum(1 for s in top if specs[s] == a) / len(top)
        if progress:
            done = i + 1 - FIRST_SEED
            print(f"  {a} vs {b}, {players} players: {won:g} of {done}", file=sys.stderr)
    return won, games


def everest_go(games: int, search: str, ismcts_games: int, counts: tuple[int, ...]) -> None:
    print("Everest Go!: win share of the first agent (ties split), seats alternating")
    print("| players | match | games | win share | 95% CI | s/game |")
    print("|---|---|---|---|---|---|")
    for players in counts:
        for a, b, n in (
            ("heuristic", "random", games),
            (search, "heuristic", ismcts_games),
        ):
            if n <= 0:
                continue
            start = time.perf_counter()
            won, n = match("everest-go", players, a, b, n, progress=True)
            took = (time.perf_counter() - start) / n
            lo, hi = wilson(won, n)
            print(
                f"| {players} | {a} vs {b} | {n} | {won / n:.0%} | {lo:.0%}-{hi:.0%} "
                f"| {took:.2f} |",
                flush=True,
            )


def disaster(games: int) -> None:
    print("Disaster: seat win rates (all random), then heuristic against random")
    print("(seats alternate, so the heuristic holds half the seats on average: 50% is no edge)")
    print("| players | seat win rates, all random (95% CI of seat 1) | heuristic vs random |")
    print("|---|---|---|")
    for players in (2, 3, 4):
        game = highcamp.load_game("disaster", players=players)
        seats = [0.0] * players
        for i in range(games):
            agents = [make_agent("random", seed=1000 * i + s) for s in range(players)]
            returns = play_game(game, agents, seed=i).returns()
            best = max(returns)
            top = [s for s in range(players) if returns[s] == best]
            for s in top:
                seats[s] += 1 / len(top)
        lo, hi = wilson(seats[0], games)
        rates = ", ".join(f"{100 * w / games:.0f}%" for w in seats)
        won, n = match("disaster", players, "heuristic", "random", games)
        hlo, hhi = wilson(won, n)
        print(
            f"| {players} | {rates} (seat 1: {lo:.0%}-{hi:.0%}) | {won / n:.0%} "
            f"({hlo:.0%}-{hhi:.0%}) |",
            flush=True,
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("everest", "everest-go", "disaster"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--mcts-games", type=int, default=8)
    parser.add_argument("--budget", type=int, default=10)
    parser.add_argument("--search", help="everest-go: the search agent's spec (ismcts:20:random)")
    parser.add_argument("--players", type=int, help="everest-go: one player count (else 2, 3, 4)")
    parser.add_argument("--first-seed", type=int, default=0, help="everest-go: games start here")
    args = parser.parse_args(argv)
    global FIRST_SEED
    FIRST_SEED = args.first_seed
    if args.part == "everest":
        everest(args.games, args.mcts_games, args.budget)
    elif args.part == "everest-go":
        counts = (args.players,) if args.players else (2, 3, 4)
        everest_go(args.games, args.search or f"ismcts:{args.budget}", args.mcts_games, counts)
    else:
        disaster(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
