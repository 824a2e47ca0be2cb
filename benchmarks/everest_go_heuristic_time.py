"""Everest Go!'s heuristic, before and after a change: CPU per decision of seeded games with
the heuristic in every seat (as the web's AI seats and the simulator play it: through
``make_agent("heuristic")``), with a digest of the games' final scores (equal when the play
is unchanged), and the rollouts a ``medium`` decision buys (``paired:0.95s:heuristic20:redraw``,
budgets in CPU seconds) at positions of those games. Run from the repository root, the old
sources first on the path for the "old" figures::

    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/everest_go_heuristic_time.py
    PYTHONPATH=src .venv/bin/python benchmarks/everest_go_heuristic_time.py

Prints one JSON line per player count.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.budget import use_clock

MEDIUM = "paired:0.95s:heuristic20:redraw"


def heuristic_games(players: int, games: int) -> tuple[float, str, list[highcamp.State]]:
    """CPU ms per heuristic decision, a digest of the final scores, and every ninth
    decision with a choice (for the search)."""
    game = highcamp.load_game("everest-go", players=players)
    digest = hashlib.sha256()
    spent, decisions, positions = 0.0, 0, []
    for seed in range(games):
        state = game.new_initial_state(seed)
        agents = [make_agent("heuristic", seed=10 * seed + s) for s in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if len(state.legal_actions()) > 1 and decisions % 9 == 4:
                positions.append(state.clone())
            start = time.process_time()
            action = agents[state.current_player()].act(state)
            spent += time.process_time() - start
            decisions += 1
            state.apply_action(action)
        digest.update(repr([b.total for b in state.score_breakdown()]).encode())
    return 1000 * spent / decisions, digest.hexdigest()[:12], positions


def medium_rollouts(positions: list[highcamp.State]) -> tuple[float, float]:
    """Rollouts and CPU seconds a ``medium`` decision, over ``positions``."""
    agent = make_agent(MEDIUM, seed=1)
    search: Any = getattr(agent, "agent")  # noqa: B009 (the paired search in the SeatView)
    start = time.process_time()
    for state in positions:
        agent.act(state)
    spent = time.process_time() - start
    return search.simulations / search.decisions, spent / len(positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="heuristic games per count")
    parser.add_argument("--decisions", type=int, default=12, help="medium decisions per count")
    args = parser.parse_args()
    use_clock(time.thread_time)
    for players in (2, 3, 4):
        ms, digest, positions = heuristic_games(players, args.games)
        rollouts, cpu = medium_rollouts(positions[: args.decisions])
        print(
            json.dumps(
                {
                    "players": players,
                    "heuristic_ms_per_decision": round(ms, 3),
                    "scores_digest": digest,
                    "medium_rollouts_per_decision": round(rollouts, 1),
                    "medium_cpu_s_per_decision": round(cpu, 3),
                }
            )
        )


if __name__ == "__main__":
    main()
