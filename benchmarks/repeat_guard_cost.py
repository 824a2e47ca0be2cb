"""What the searches' guard against going round in circles costs a decision
(:class:`highcamp.agents.repeats.RepeatGuard`): it applies every legal action to a clone
and writes the seat's observation of the result as JSON, at every decision with a choice.

Heuristic games (seeds 0-2) of each game with hidden information or a solitaire, the
guard asked at every decision with more than one legal action, timed by the CPU clock.
Run from the repository root::

    .venv/bin/python benchmarks/repeat_guard_cost.py

It prints, per game, the decisions asked, the mean legal actions and the guard's mean
milliseconds a decision, to set beside a level's budget (0.95 s for ``medium``).
"""

from __future__ import annotations

import time
from typing import Any

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.repeats import RepeatGuard

CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("everest-go", {"players": 2}),
    ("everest-go", {"players": 4}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster", {"players": 4}),
    ("disaster-on-k2", {}),
)


def guard_cost(game_id: str, options: dict[str, Any], seeds: range) -> tuple[int, float, float]:
    """Decisions asked, mean legal actions, mean CPU milliseconds of the guard."""
    game = highcamp.load_game(game_id, **options)
    spent, decisions, legal_total = 0.0, 0, 0
    for seed in seeds:
        state = game.new_initial_state(seed)
        agent = make_agent("heuristic", seed=seed)
        guard = RepeatGuard()
        while not state.is_terminal():
            if state.current_player() == highcamp.CHANCE:
                state.apply_random_chance()
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                started = time.process_time()
                guard.allowed(state, legal)
                spent += time.process_time() - started
                decisions += 1
                legal_total += len(legal)
            state.apply_action(agent.act(state))
    return decisions, legal_total / max(decisions, 1), 1000 * spent / max(decisions, 1)


def main() -> int:
    print("| game | options | decisions | legal actions, mean | guard, ms a decision |")
    print("|---|---|---:|---:|---:|")
    for game_id, options in CASES:
        decisions, legal, ms = guard_cost(game_id, options, range(3))
        print(f"| {game_id} | {options or '-'} | {decisions} | {legal:.1f} | {ms:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
