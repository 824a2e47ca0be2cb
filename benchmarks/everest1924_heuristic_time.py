"""CPU time of 300 seeded Everest 1924 games played by the heuristic (its decisions, each
reading the observation and every legal action's text, with the game's own steps), and
their mean score (equal before and after a change that keeps the play). Run from the
repository root, the old sources first on the path for the "old" figure::

    PYTHONPATH=/tmp/s-base/src .venv/bin/python benchmarks/everest1924_heuristic_time.py
    PYTHONPATH=src .venv/bin/python benchmarks/everest1924_heuristic_time.py
"""

from __future__ import annotations

import time

import highcamp
from highcamp.agents.heuristics.everest1924 import Everest1924Heuristic
from highcamp.core import play_game

GAMES = 300


def main() -> None:
    """Play the games and print their CPU seconds and mean score."""
    game = highcamp.load_game("everest-1924")
    start = time.process_time()
    total = 0.0
    for seed in range(GAMES):
        total += play_game(game, [Everest1924Heuristic(seed=seed)], seed=seed).returns()[0]
    print(f"{time.process_time() - start:.2f} CPU s, mean score {total / GAMES:.3f}")


if __name__ == "__main__":
    main()
