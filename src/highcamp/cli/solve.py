"""``highcamp solve``: the exact optimal policy of a solitaire game (Everest 1924).

The solver lives with its game, which hands it out (``game.exact_solver()``); this command
shows progress, prints the figures and keeps the policy in the cache.
"""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from .common import console, fail, load

__all__ = ["solve"]

MAX_ROWS = 17
"""The standard sheet's rows: larger sheets may outgrow memory (see docs/benchmarks.md), so
without --max-states the command shows their relaxed value instead."""
DEFAULT_MAX_STATES = 60_000_000
EXACT_OUTCOMES_UP_TO = 2_000_000
"""Up to this many positions the bands are exact (a forward pass); beyond, sampled."""
SAMPLED_GAMES = 1_000_000


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
    games: int | None = typer.Option(
        None,
        "--games",
        min=1,
        help="Sample the summit chance and the bands from GAMES games played by the policy "
        "(compiled, seconds) instead of the exact forward pass (minutes on large sheets; "
        f"sheets of more than {EXACT_OUTCOMES_UP_TO:,} positions are sampled from "
        f"{SAMPLED_GAMES:,} games by default).",
    ),
) -> None:
    """Solve a game exactly: optimal expected score, summit chance, legend bands."""
    options: dict[str, Any] = {} if sheet is None else {"sheet": sheet}
    loaded = load(game, options)
    solver: Any = loaded.exact_solver(use_cache=not no_cache)
    if solver is None:
        fail(f"no exact solver for {game!r}: the game offers none (solvable: everest-1924)")
    if width is not None and rows is None:
        rows = solver.sheet.rows
    if rows is not None:
        try:
            solver = solver.prefix(rows, width)
        except ValueError as err:
            fail(str(err))
    target = solver.sheet
    if max_states is None and target.rows > MAX_ROWS and not solver.is_solved():
        fail(
            f"{target.name} has {target.rows} rows, more than {MAX_ROWS}: "
            "the exact solve may need more positions than memory holds (the standard "
            "sheet needs some 30 million, under a gigabyte; see docs/benchmarks.md). "
            f"Its relaxed value (route ignored) is {solver.relaxed_value():.4f}. Solve the "
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
            solution = solver.solve(progress=tell, max_states=limit)
        except RuntimeError as err:  # an unreadable cache, or past the limit of positions
            fail(f"{err}")
        cached = solver.cached
        progress.update(task, description="the policy's outcomes")
        if games is None and solution.states > EXACT_OUTCOMES_UP_TO:
            games = SAMPLED_GAMES  # the exact forward pass would take minutes in Python
        result = solver.outcomes(games)
    bands = result.bands(target)
    figures = {
        "game": game,
        "sheet": target.name,
        "sheet_hash": solver.sheet_hash,
        "expected_score": solution.value,
        "relaxed_expected_score": solution.relaxed_value,
        "summit_probability": result.summit,
        "bands": bands,
        "states": solution.states,
        "relaxed_states": solution.relaxed_states,
        "solve_seconds": solution.seconds,
        "cached": cached,
        "collisions": solution.collisions,
        "outcome_games": result.games,
        "cache": None if solver.cache_path is None else str(solver.cache_path),
    }
    if as_json:
        typer.echo(json.dumps(figures, indent=1))
        return
    table = Table(title=f"Optimal play: {target.name}", show_header=False)
    table.add_row("expected final score", f"{solution.value:.4f}")
    table.add_row("relaxed (route ignored)", f"{solution.relaxed_value:.4f}")
    table.add_row("exact - relaxed (the route)", f"{solution.value - solution.relaxed_value:+.4f}")
    how_known = "exact" if result.games is None else f"{result.games:,} games played"
    table.add_row("summit probability", f"{100 * result.summit:.3f}% ({how_known})")
    table.add_row("positions (exact)", f"{solution.states:,}")
    table.add_row("positions (relaxed)", f"{solution.relaxed_states:,}")
    how = "cached; solved in" if cached else "solved in"
    table.add_row("time", f"{how} {solution.seconds:.1f} s")
    table.add_row("fingerprint collisions", f"{solution.collisions:,}")
    if solver.cache_path is not None:
        table.add_row("policy", str(solver.cache_path))
    console.print(table)
    bt = Table(title="Legend bands under optimal play")
    bt.add_column("band")
    bt.add_column("chance", justify="right")
    for name, p in bands.items():
        bt.add_row(name, f"{100 * p:.3f}%")
    console.print(bt)
