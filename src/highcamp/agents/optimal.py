"""The ``optimal`` agent: the exact solver's policy (and its hint), for a game that hands
out an exact solver (``game.exact_solver()``; Everest 1924).

It solves the sheet of the first state it sees (or loads the policy from the cache, see
``highcamp solve``) and then picks, at every decision, the action with the highest
expected final score.

>>> import highcamp, tempfile, json
>>> from highcamp.games.everest1924.solver import sheet_document, sheet_prefix
>>> from highcamp.games.everest1924 import standard_sheet
>>> path = tempfile.mkdtemp() + "/small.json"
>>> _ = open(path, "w").write(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 3, 8))))
>>> game = highcamp.load_game("everest-1924", sheet=path)
>>> state = game.new_initial_state(seed=1)
>>> agent = OptimalAgent(use_cache=False)
>>> agent.explain(state)
'roll: 32.7 expected; abandon: -1.0 expected'
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

__all__ = ["OptimalAgent", "solver_of"]


def solver_of(state: State, use_cache: bool = True) -> Any:
    """The exact solver the game of ``state`` hands out; ValueError when it has none, or
    when its policy is neither solved nor cheap enough to solve now."""
    game: Any = state.game
    solver = game.exact_solver(use_cache=use_cache)
    if solver is None:
        raise ValueError(
            f"the optimal agent needs a game with an exact solver (everest-1924), "
            f"not {game.info.id}"
        )
    if not solver.is_solved() and not solver.can_solve_on_demand():
        raise ValueError(
            f"the optimal agent needs the exact policy of {solver.sheet.name!r}: too large to "
            "solve on demand without the compiled solver (pip install 'highcamp[solver]'); "
            "solve it first with `highcamp solve everest-1924`, or play a smaller sheet"
        )
    return solver


class OptimalAgent:
    """Plays the exact optimal policy of the game (Everest 1924)."""

    name = "optimal"

    def __init__(self, seed: int = 0, use_cache: bool = True, max_states: int | None = None):
        self.seed = seed
        self.use_cache = use_cache
        self.max_states = max_states

    def values(self, state: State) -> dict[int, float]:
        """The expected final score of every legal action under optimal play."""
        solver = solver_of(state, self.use_cache)
        solver.solve(max_states=self.max_states)
        values: dict[int, float] = solver.action_values(state)
        return values

    def act(self, state: State) -> int:
        """The action with the highest expected final score (the lowest id on ties)."""
        values = self.values(state)
        if not values:
            return state.legal_actions()[0]
        return max(values, key=lambda a: (values[a], -a))

    def explain(self, state: State) -> str:
        """The best action and the runner-up, with expected final scores."""
        values = self.values(state)
        ranked = sorted(values, key=lambda a: (-values[a], a))[:2]
        return "; ".join(f"{state.action_to_string(a)}: {values[a]:.1f} expected" for a in ranked)
