"""Disaster series before/after in CPU time: the random-playout loop of ``throughput.py``
timed with ``time.process_time()`` (the process's own CPU seconds), which a loaded shared
machine disturbs far less than the wall clock; pig is measured the same way for the ratio.

Run from the repository root, the old sources first on the path for the "old" figures::

    .venv/bin/python benchmarks/series_cpu_time.py pig
    PYTHONPATH=/tmp/series-old/src .venv/bin/python benchmarks/series_cpu_time.py '["disaster-on-k2", {}]'
    PYTHONPATH=src .venv/bin/python benchmarks/series_cpu_time.py '["disaster-on-k2", {}]'

Each prints one JSON line: the case and its actions per CPU second (3 CPU seconds each).
"""

from __future__ import annotations

import json
import random
import sys
import time

from playout import pyspiel_playout, random_playout

SECONDS = 3.0


def pig() -> float:
    """OpenSpiel's C++ pig through pyspiel, chance sampled as in ``throughput.py``."""
    import pyspiel

    game = pyspiel.load_game("pig")
    terminal, chance = pyspiel.PlayerId.TERMINAL, pyspiel.PlayerId.CHANCE
    rng = random.Random(1)
    clock = time.process_time
    actions, start = 0, clock()
    while clock() - start < SECONDS:
        actions += pyspiel_playout(game.new_initial_state(), rng, terminal, chance)
    return actions / (clock() - start)


def playouts(game_id: str, options: dict[str, object]) -> float:
    """Random playouts of a highcamp game through the public contract."""
    import highcamp

    game = highcamp.load_game(game_id, **options)
    clock = time.process_time
    actions, seed, start = 0, 0, clock()
    while clock() - start < SECONDS:
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        seed += 1
        actions += random_playout(state, rng)
    return actions / (clock() - start)


def main(argv: list[str]) -> int:
    if argv == ["pig"]:
        print(json.dumps({"case": "pig", "actions_per_cpu_s": round(pig())}))
        return 0
    game_id, options = json.loads(argv[0])
    rate = playouts(game_id, options)
    print(json.dumps({"case": [game_id, options], "actions_per_cpu_s": round(rate)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
