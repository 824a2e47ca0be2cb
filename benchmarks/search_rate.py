"""Simulations a search runs per CPU second of its decisions (rollouts of the paired agent,
iterations of MCTS), old code against new: what a time-budgeted level gets from a change.

Decisions at positions of seeded random games (seeds 0-3, about one decision in five, at
most five a game), each timed by the thread's CPU clock (``time.thread_time``, which the
load of other processes disturbs little) for its budget and for the figures. By default
the paired rollouts of Disaster (4 players) and Everest Go! (3); ``--spec`` and ``--case``
(a game id and its options as JSON, more than once) choose others. Run from the
repository root, the old sources first on the path for the "old" figures::

    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/search_rate.py
    PYTHONPATH=src .venv/bin/python benchmarks/search_rate.py
    PYTHONPATH=src .venv/bin/python benchmarks/search_rate.py --spec mcts:0.5s:heuristic20 \
        --case '["disaster-on-k2", {}]' --case '["disaster-on-everest", {}]'

Prints one JSON line: per case the decisions, how many stopped early (the choice was
settled before the budget ran out), simulations per decision and per CPU second.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import highcamp
from highcamp.agents.budget import use_clock

CASES = ('["disaster", {"players": 4}]', '["everest-go", {"players": 3}]')
SPEC = "paired:0.5s:heuristic20:redraw"


def _inner(agent: Any) -> Any:
    """The paired agent inside the wrappers ``make_agent`` puts around it."""
    while not hasattr(agent, "simulations"):
        agent = getattr(agent, "agent", None) or agent.inner
    return agent


def measure(game_id: str, options: dict[str, Any], spec: str, seeds: int = 4) -> dict[str, float]:
    """One case's figures."""
    from highcamp.agents import make_agent

    game = highcamp.load_game(game_id, **options)
    sims = decisions = early = 0
    spent = 0.0
    for seed in range(seeds):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        agent = make_agent(spec, seed=seed)
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", default=SPEC, help="the agent spec (a time budget)")
    parser.add_argument("--case", action="append", help="a game and its options: '[\"id\", {}]'")
    args = parser.parse_args()
    use_clock(time.thread_time)
    out = {}
    for case in args.case or CASES:
        game_id, options = json.loads(case)
        out[f"{game_id} {json.dumps(options)}"] = measure(game_id, options, args.spec)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
