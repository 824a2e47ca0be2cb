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


# ------------------------------------------------------------------------ hints and review
def choice_values(state: State, use_cache: bool = True) -> list[tuple[int, str, float]]:
    """Every legal choice of ``state`` with its expected final score under optimal play
    afterwards, best first (ties by action id): ``(action, text, value)``. Solves the sheet
    first if needed (see :class:`BackgroundSolve` to do that without waiting)."""
    solver = solver_of(state, use_cache)
    solver.solve()
    values: dict[int, float] = solver.action_values(state)
    ranked = sorted(values, key=lambda a: (-values[a], a))
    return [(a, state.action_to_string(a), values[a]) for a in ranked]


def format_choices(choices: list[tuple[int, str, float]], limit: int | None = None) -> str:
    """``"ascend: 31.2; reroll 2 and 6: 30.8; move right: 29.9"``, the first ``limit``.

    >>> format_choices([(1, "ascend", 31.24), (2, "move right", 29.9)])
    'ascend: 31.2; move right: 29.9'
    """
    shown = choices if limit is None else choices[:limit]
    text = "; ".join(f"{t}: {v:.1f}" for _, t, v in shown)
    if limit is not None and len(choices) > limit:
        text += f"; ... {len(choices) - limit} more"
    return text


class BackgroundSolve:
    """The solve of a game's sheet in a thread (the compiled solver releases the GIL):
    ``positions`` grows while it runs; ``done`` and ``error`` tell how it ended."""

    def __init__(self, solver: Any) -> None:
        import threading

        self.solver = solver
        self.positions = 0
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, name="highcamp-solve", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        def tell(n: int) -> None:
            self.positions = n

        try:
            self.solver.solve(progress=tell)
        except (RuntimeError, ValueError, OSError) as err:
            self.error = str(err)

    @property
    def done(self) -> bool:
        """Whether the solve has ended (solved, or failed with ``error``)."""
        return not self._thread.is_alive()

    def wait(self, seconds: float | None = None) -> bool:
        """Wait up to ``seconds`` for the end; whether it ended."""
        self._thread.join(seconds)
        return self.done


_BACKGROUND: dict[int, BackgroundSolve] = {}


def solve_in_background(state: State, use_cache: bool = True) -> BackgroundSolve | None:
    """The background solve of the sheet of ``state`` (started on the first call); None when
    the policy is already solved or cached (hints are immediate)."""
    solver = solver_of(state, use_cache)
    if solver.is_solved():
        return None
    found = _BACKGROUND.get(id(solver))
    if found is None or (found.done and found.error):
        found = _BACKGROUND[id(solver)] = BackgroundSolve(solver)
    return found
