"""``clone()`` of Disaster-series states in CPU time: clones per CPU second over positions
taken along seeded random playouts (every 7th step of 40 games), so the old and the new
code clone the same positions. Run it once per code base, alternating, for example::

    PYTHONPATH=/tmp/layers-old/src .venv/bin/python benchmarks/series_clone_time.py
    PYTHONPATH=src .venv/bin/python benchmarks/series_clone_time.py

It prints one JSON line per game: the case and its clones per CPU second.
"""

from __future__ import annotations

import json
import random
import sys

import highcamp
from playout import random_playout_step
from series_team_reads import clones_per_second

CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("disaster-on-everest", {}),
    ("disaster-on-k2", {}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
)
SECONDS = 1.5


def positions(game_id: str, options: dict[str, object]) -> list[highcamp.State]:
    """Positions along 40 seeded random playouts (every 7th step)."""
    game = highcamp.load_game(game_id, **options)
    out = []
    for seed in range(40):
        s, rng, n = game.new_initial_state(seed), random.Random(seed), 0
        while not s.is_terminal():
            random_playout_step(s, rng)
            n += 1
            if n % 7 == 0:
                out.append(s.clone())
    return out


def main(argv: list[str]) -> int:
    for game_id, options in CASES:
        rate = clones_per_second(positions(game_id, options), SECONDS)
        print(json.dumps({"case": [game_id, options], "clones_per_cpu_s": round(rate)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
