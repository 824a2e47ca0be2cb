"""How fast a solved Everest 1924 policy opens and answers hints.

Run it from the repository root (the standard sheet's policy must be in the cache, e.g.
after ``highcamp solve everest-1924``)::

    .venv/bin/python benchmarks/everest1924_hints.py [--seed 11]

It loads the game, opens the policy (``game.exact_solver().solve()``), then asks
``choice_values`` at every decision of one game played 80% optimally and 20% at random,
and times a memo lookup.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import highcamp
from highcamp.agents.optimal import choice_values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    game = highcamp.load_game("everest-1924")
    solver = game.exact_solver()
    if solver is None:
        raise SystemExit("everest-1924 hands out no exact solver")
    solver.solve()
    opened = time.perf_counter() - started
    state = game.new_initial_state(args.seed)
    times = []
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        t = time.perf_counter()
        choices = choice_values(state)
        times.append(time.perf_counter() - t)
        if rng.random() < 0.8:
            state.apply_action(choices[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    memo = solver.solve().valuation.values
    fps = memo.segments[0][0]
    t = time.perf_counter()
    for i in range(10_000):
        memo.find_fingerprint(int(fps[(i * 2654435761) % fps.shape[0]]))
    lookup = (time.perf_counter() - t) / 10_000
    times.sort()
    print(
        f"open {opened * 1000:.1f} ms; hint median {times[len(times) // 2] * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms over {len(times)} decisions; lookup {lookup * 1e6:.1f} us"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
