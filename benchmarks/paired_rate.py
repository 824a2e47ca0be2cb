"""Paired rollouts (``paired:0.5s:heuristic20:redraw``) per CPU second of a decision: the
search's own cost beside its rollouts, old code against new.

Decisions at positions of seeded random games (Disaster with 4 players, Everest Go! with
3; seeds 0-3, about one decision in five, at most five a game), each timed by the
thread's CPU clock (``time.thread_time``, which the load of other processes disturbs
little) for its budget and for the figures. Run from the repository root, the old
sources first on the path for the "old" figures::

    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/paired_rate.py
    PYTHONPATH=src .venv/bin/python benchmarks/paired_rate.py

Prints one JSON line: per game the decisions, how many stopped early (no action could
still pass the test), simulations per decision and per CPU second.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import highcamp
from highcamp.agents.budget import use_clock

CASES = (("disaster", 4), ("everest-go", 3))
SPEC = "paired:0.5s:heuristic20:redraw"


def _inner(agent: Any) -> Any:
    """The paired agent inside the wrappers ``make_agent`` puts around it."""
    while not hasattr(agent, "simulations"):
        agent = getattr(agent, "agent", None) or agent.inner
    return agent


def measure(game_id: str, players: int, seeds: int = 4) -> dict[str, float]:
    """One game's figures."""
    from highcamp.agents import make_agent

    game = highcamp.load_game(game_id, players=players)
    sims = decisions = early = 0
    spent = 0.0
    for seed in range(seeds):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        agent = make_agent(SPEC, seed=seed)
        asked = 0
        while not state.is_terminal() and asked < 5:
            if state.current_player() < 0:
                state.apply_random_chance()
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.2:
                t0 = time.thread_time()
                agent.act(state)
                spent += time.thread_time() - t0
                asked += 1
            state.apply_action(rng.choice(state.legal_actions()))
        paired = _inner(agent)
        sims += paired.simulations
        decisions += paired.decisions
        early += paired.stopped_early
    return {
        "decisions": decisions,
        "stopped_early": early,
        "sims_per_decision": round(sims / decisions, 1),
        "sims_per_cpu_s": round(sims / spent),
    }


def main() -> None:
    use_clock(time.thread_time)
    print(json.dumps({f"{g}-{p}": measure(g, p) for g, p in CASES}))


if __name__ == "__main__":
    main()
