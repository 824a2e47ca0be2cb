"""Disaster series: the cost of the seated reads and of ``clone()`` in CPU time, for the
before/after of the two teams in one state (``series_cpu_time.py`` measures the playouts).

``reads``: seeded random games where, at every step, each seat's ``observation()``, the
spectator's ``public_observation()`` and ``score_breakdown()`` are read (what a table
server does); it prints steps per CPU second. ``clone``: ``clone()`` of states taken every
5th step of seeded random games; it prints clones per CPU second. ``heuristic``: games of
the heuristic agent in every seat, games per CPU second. Run from the repository
root with the sources to measure first on the path::

    PYTHONPATH=/tmp/teams-old/src .venv/bin/python benchmarks/series_team_reads.py reads '["disaster-on-k2", {"players": 2}]'
    PYTHONPATH=src .venv/bin/python benchmarks/series_team_reads.py clone '["disaster-on-k2", {"players": 2}]'

Each prints one JSON line (3 CPU seconds a case).
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from playout import random_playout_step

SECONDS = 3.0


def reads(game_id: str, options: dict[str, Any]) -> float:
    """Steps per CPU second of random games reading every seat's view at each step."""
    import highcamp

    game = highcamp.load_game(game_id, **options)
    players = range(game.num_players)
    clock = time.process_time
    steps, seed, start = 0, 0, clock()
    while clock() - start < SECONDS:
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        seed += 1
        while not state.is_terminal():
            for p in players:
                state.observation(p)
            state.public_observation()
            state.score_breakdown()
            random_playout_step(state, rng)
            steps += 1
    return steps / (clock() - start)


def clones(game_id: str, options: dict[str, Any]) -> float:
    """Clones per CPU second of states from the whole length of seeded random games."""
    import highcamp

    game = highcamp.load_game(game_id, **options)
    pool = []
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        step = 0
        while not state.is_terminal():
            if step % 5 == 0:
                pool.append(state.clone())
            random_playout_step(state, rng)
            step += 1
    return clones_per_second(pool)


def clones_per_second(pool: list[Any], seconds: float = SECONDS) -> float:
    """Clones per CPU second of the states of ``pool``, cloned in turn for ``seconds``."""
    clock = time.process_time
    n, start = 0, clock()
    while clock() - start < seconds:
        for s in pool:
            s.clone()
        n += len(pool)
    return n / (clock() - start)


def heuristic(game_id: str, options: dict[str, Any]) -> float:
    """Games per CPU second of the heuristic agent in every seat (it reads its seat's
    observation), seeds from 0 (at least 3 games)."""
    import highcamp
    from highcamp.agents import make_agent

    game = highcamp.load_game(game_id, **options)
    clock = time.process_time
    games, start = 0, clock()
    while clock() - start < SECONDS or games < 3:
        agents = [make_agent("heuristic", seed=games + p) for p in range(game.num_players)]
        state = game.new_initial_state(games)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(agents[state.current_player()].act(state))
        games += 1
    return games / (clock() - start)


def main(argv: list[str]) -> int:
    what, case = argv[0], argv[1]
    game_id, options = json.loads(case)
    run = {"reads": reads, "clone": clones, "heuristic": heuristic}[what]
    rate = run(game_id, options)
    print(json.dumps({"what": what, "case": [game_id, options], "per_cpu_s": round(rate, 1)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
