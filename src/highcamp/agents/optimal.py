"""The ``optimal`` agent of Everest 1924: the exact solver's policy (and its hint).

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

__all__ = ["MAX_ROWS_ON_DEMAND", "OptimalAgent"]

MAX_ROWS_ON_DEMAND = 8
"""Sheets with more rows are not solved on demand (minutes to hours, gigabytes): their
policy must already be in the cache (``highcamp solve``)."""


_SOLVED: dict[tuple[str, bool], Any] = {}
"""Solutions already loaded in this process, by (sheet hash, cached), shared by every agent
(simulators make a fresh agent for each game)."""


class OptimalAgent:
    """Plays the exact optimal policy of the sheet (Everest 1924 only)."""

    name = "optimal"

    def __init__(self, seed: int = 0, use_cache: bool = True, max_states: int | None = None):
        self.seed = seed
        self.use_cache = use_cache
        self.max_states = max_states
        self._solutions: dict[int, Any] = {}

    def _valuation(self, state: State) -> Any:
        game: Any = state.game
        if game.info.id != "everest-1924":
            raise ValueError(f"the optimal agent plays everest-1924, not {game.info.id}")
        found = self._solutions.get(id(game))
        if found is None:
            from highcamp.games.everest1924 import solver

            sheet = game.sheet
            shared = _SOLVED.get((solver.sheet_hash(sheet), self.use_cache))
            if shared is not None:
                found = self._solutions[id(game)] = (solver, shared)
                return found
            cached = self.use_cache and solver.cache_path(sheet).exists()
            if not cached and sheet.rows > MAX_ROWS_ON_DEMAND:
                raise ValueError(
                    f"the optimal agent needs the exact policy of {sheet.name!r}, which has "
                    f"{sheet.rows} rows: too large to solve on demand (see docs/agents.md); "
                    "solve it first with `highcamp solve everest-1924`, or play a smaller sheet"
                )
            solution, _ = solver.load_or_solve(
                sheet, use_cache=self.use_cache, max_states=self.max_states
            )
            _SOLVED[(solver.sheet_hash(sheet), self.use_cache)] = solution.valuation
            found = self._solutions[id(game)] = (solver, solution.valuation)
        return found

    def values(self, state: State) -> dict[int, float]:
        """The expected final score of every legal action under optimal play."""
        solver, valuation = self._valuation(state)
        values: dict[int, float] = solver.action_values(valuation, state)
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
