"""The exact solver as the game hands it out (``Everest1924Game.exact_solver()``).

Everything outside the game (the ``optimal`` agent, ``highcamp solve``, hints, the review)
uses this object, never the solver's modules: it solves or loads the sheet's policy once per
process (shared by every game on the same sheet), and answers the expected final score of
each legal action.

>>> import highcamp, tempfile, json
>>> from highcamp.games.everest1924.solver import sheet_document, sheet_prefix
>>> from highcamp.games.everest1924 import standard_sheet
>>> path = tempfile.mkdtemp() + "/small.json"
>>> _ = open(path, "w").write(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 3, 9))))
>>> game = highcamp.load_game("everest-1924", sheet=path)
>>> solver = game.exact_solver(use_cache=False)
>>> solver.is_solved()
False
>>> round(solver.solve().value, 4), solver.is_solved()
(32.7415, True)
>>> values = solver.action_values(game.new_initial_state(seed=1))
>>> sorted(round(v, 4) for v in values.values())
[-1.0, 32.7415]
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import solver as _solver
from .sheet import Sheet

__all__ = ["MAX_ROWS_PYTHON", "Everest1924Solver", "exact_solver"]

MAX_ROWS_PYTHON = 8
"""Without the compiled solver (the ``solver`` extra: numpy and numba), sheets with more
rows are not solved on demand (the Python solver takes minutes to hours)."""

_SHARED: dict[tuple[str, bool, str], Everest1924Solver] = {}
_LOCK = threading.Lock()


class Everest1924Solver:
    """The exact optimal policy of one sheet: solved (or loaded from the cache) on first use."""

    def __init__(self, sheet: Sheet, use_cache: bool = True, directory: Path | None = None):
        self.sheet = sheet
        self.use_cache = use_cache
        self.directory = directory
        self._solution: _solver.Solution | None = None
        self._lock = threading.Lock()
        self.cached = False

    # -------------------------------------------------------------- what it is
    @property
    def cache_path(self) -> Path | None:
        """The policy file of the sheet (None without the cache)."""
        return _solver.cache_path(self.sheet, self.directory) if self.use_cache else None

    @property
    def sheet_hash(self) -> str:
        """The hash of the sheet's content that names its policy."""
        return _solver.sheet_hash(self.sheet)

    def is_solved(self) -> bool:
        """Whether hints are immediate: the policy is loaded, or waits in the cache."""
        path = self.cache_path
        return self._solution is not None or (path is not None and path.exists())

    def can_solve_on_demand(self) -> bool:
        """Whether a first use may solve the sheet (the compiled solver is there, or the
        sheet is small)."""
        return _solver.fast_available() or self.sheet.rows <= MAX_ROWS_PYTHON

    def prefix(self, rows: int, width: int | None = None) -> Everest1924Solver:
        """The solver of the sheet's first ``rows`` rows (optionally ``width`` columns)."""
        return Everest1924Solver(
            _solver.sheet_prefix(self.sheet, rows, width), self.use_cache, self.directory
        )

    # -------------------------------------------------------------- solving
    def solve(
        self, progress: Callable[[int], None] | None = None, max_states: int | None = None
    ) -> _solver.Solution:
        """The solution: loaded, read from the cache, or solved now (and cached).
        ``progress`` is told the positions solved now and then. Raises
        ``SolverCacheError`` for an unreadable cache file and ``SolverLimitError`` past
        ``max_states``."""
        with self._lock:
            if self._solution is None:
                self._solution, self.cached = _solver.load_or_solve(
                    self.sheet,
                    use_cache=self.use_cache,
                    directory=self.directory,
                    max_states=max_states,
                    progress=progress,
                )
            return self._solution

    @property
    def value(self) -> float:
        """The expected final score of the game under optimal play."""
        return self.solve().value

    def relaxed_value(self) -> float:
        """The value with the route ignored (fast; not a bound, see the solver)."""
        relaxed = _solver.Valuation(self.sheet, relaxed=True)
        return relaxed.value(relaxed.start_key()) - 1.0

    # -------------------------------------------------------------- answers
    def action_values(self, state: Any) -> dict[int, float]:
        """The expected final score of every legal action of ``state`` under optimal play
        afterwards (empty while dice roll or at the end)."""
        return _solver.action_values(self.solve().valuation, state)

    def outcomes(self, games: int | None = None, seed: int = 0) -> _solver.Outcomes:
        """The distribution of final scores under optimal play: exact (a forward pass) when
        ``games`` is None, else sampled from ``games`` games played by the policy."""
        solution = self.solve()
        if games is None:
            return _solver.outcomes(solution.valuation)
        from .fast_policy import simulate_policy
        from .memo import Memo

        memo = solution.valuation.values
        if not isinstance(memo, Memo):
            return _solver.outcomes(solution.valuation)
        fps, vals = memo.segments[0]
        counts, summits = simulate_policy(self.sheet, fps, vals, games, seed)
        return _solver.Outcomes(
            {s: k / games for s, k in sorted(counts.items())}, summits / games, games
        )

    def figures(self, games: int | None = None) -> dict[str, Any]:
        """The solve's figures: value, relaxed value, positions, summit chance, bands."""
        solution = self.solve()
        result = self.outcomes(games)
        return {
            "sheet": self.sheet.name,
            "sheet_hash": self.sheet_hash,
            "expected_score": solution.value,
            "relaxed_expected_score": solution.relaxed_value,
            "summit_probability": result.summit,
            "bands": result.bands(self.sheet),
            "outcome_games": result.games,
            "states": solution.states,
            "relaxed_states": solution.relaxed_states,
            "collisions": solution.collisions,
            "solve_seconds": solution.seconds,
            "cached": self.cached,
            "cache": None if self.cache_path is None else str(self.cache_path),
        }


def exact_solver(sheet: Sheet, use_cache: bool = True) -> Everest1924Solver:
    """The process-wide solver of ``sheet`` (one per sheet content and cache setting)."""
    key = (_solver.sheet_hash(sheet), use_cache, str(_solver.cache_dir()))
    with _LOCK:
        found = _SHARED.get(key)
        if found is None:
            found = _SHARED[key] = Everest1924Solver(sheet, use_cache)
        return found
