"""``highcamp solve``: the exact optimal policy of a solitaire game (Everest 1924).

The solver lives with its game (``highcamp.games.everest1924.solver``); this command finds
it in :data:`SOLVERS`, shows progress, prints the figures and keeps the policy in the cache.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from .common import console, fail, load

__all__ = ["SOLVERS", "solve"]

# game id -> module of its exact solver
SOLVERS: dict[str, str] = {"everest-1924": "highcamp.games.everest1924.solver"}

MAX_ROWS = 17
"""The standard sheet's rows: larger sheets may outgrow memory (see docs/benchmarks.md), so
without --max-states the command shows their relaxed bound instead."""
DEFAULT_MAX_STATES = 40_000_000


def solve(
    game: str = typer.Argument(..., help="Game id (solvable: everest-1924)."),
    sheet: str | None = typer.Option(None, "--sheet", help="Sheet file (Everest 1924)."),
    rows: int | None = typer.Option(
        None, "--rows", min=2, help="Solve only the first ROWS rows of the sheet."
    ),
    width: int | None = typer.Option(
        None, "--width", min=1, help="With --rows: cut the sheet to WIDTH columns."
    ),
    max_states: int | None = typer.Option(
        None,
        "--max-states",
        min=1,
        help="Stop (with an error) past this many positions; giving it also lets sheets of "
        f"more than {MAX_ROWS} rows be tried (default {DEFAULT_MAX_STATES:,}).",
    ),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write the cache."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON."),
) -> None:
    """Solve a game exactly: optimal expected score, summit chance, legend bands."""
    if game not in SOLVERS:
        fail(f"no exact solver for {game!r}; solvable games: {', '.join(SOLVERS)}")
    options: dict[str, Any] = {} if sheet is None else {"sheet": sheet}
    loaded = load(game, options)
    solver: Any = importlib.import_module(SOLVERS[game])
    target = loaded.sheet  # type: ignore[attr-defined]
    if width is not None and rows is None:
        rows = target.rows
    if rows is not None:
        try:
            target = solver.sheet_prefix(target, rows, width)
        except ValueError as err:
            fail(str(err))
    if (
        max_states is None
        and target.rows > MAX_ROWS
        and not (not no_cache and solver.cache_path(target).exists())
    ):
        relaxed = solver.Valuation(target, relaxed=True)
        bound = relaxed.value(relaxed.start_key()) - 1.0
        fail(
            f"{target.name} has {target.rows} rows, more than {MAX_ROWS}: "
            "the exact solve may need more positions than memory holds (the standard "
            "sheet needs some 25 million, several gigabytes; see docs/benchmarks.md). "
            f"Its relaxed value (route ignored) is {bound:.4f}. Solve the "
            f"first rows with --rows {MAX_ROWS}, or try anyway with --max-states N.",
            code=1,
        )
    limit = DEFAULT_MAX_STATES if max_states is None else max_states
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=as_json,
    ) as progress:
        task = progress.add_task("solving", total=None)

        def tell(states: int) -> None:
            progress.update(task, description=f"solving: {states:,} positions")

        try:
            solution, cached = solver.load_or_solve(
                target, use_cache=not no_cache, max_states=limit, progress=tell
            )
        except (solver.SolverCacheError, solver.SolverLimitError) as err:
            fail(f"{err}")
        progress.update(task, description="the policy's outcomes")
        result = solver.outcomes(solution.valuation)
    bands = result.bands(target)
    figures = {
        "game": game,
        "sheet": target.name,
        "sheet_hash": solver.sheet_hash(target),
        "expected_score": solution.value,
        "relaxed_expected_score": solution.relaxed_value,
        "summit_probability": result.summit,
        "bands": bands,
        "states": solution.states,
        "relaxed_states": solution.relaxed_states,
        "solve_seconds": solution.seconds,
        "cached": cached,
        "cache": None if no_cache else str(solver.cache_path(target)),
    }
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    table = Table(title=f"Optimal play: {target.name}", show_header=False)
    table.add_row("expected final score", f"{solution.value:.4f}")
    table.add_row("relaxed (route ignored)", f"{solution.relaxed_value:.4f}")
    table.add_row("exact - relaxed (the route)", f"{solution.value - solution.relaxed_value:+.4f}")
    table.add_row("summit probability", f"{100 * result.summit:.3f}%")
    table.add_row("positions (exact)", f"{solution.states:,}")
    table.add_row("positions (relaxed)", f"{solution.relaxed_states:,}")
    how = "cached; solved in" if cached else "solved in"
    table.add_row("time", f"{how} {solution.seconds:.1f} s")
    if not no_cache:
        table.add_row("policy", str(solver.cache_path(target)))
    console.print(table)
    bt = Table(title="Legend bands under optimal play")
    bt.add_column("band")
    bt.add_column("chance", justify="right")
    for name, p in bands.items():
        bt.add_row(name, f"{100 * p:.3f}%")
    console.print(bt)
