"""``highcamp arena``: agents in every seat in turn, seeded; ratings or mean scores."""

from __future__ import annotations

import json
import math
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from highcamp.sim.arena import ArenaGame, run_arena

from .common import console, fail, parse_options

__all__ = ["arena"]


def arena(
    game: str = typer.Argument(..., help="Game id."),
    agents: str = typer.Option(
        "random,heuristic",
        "--agents",
        help="Agent specs, comma-separated: random, heuristic, mcts:1000, ismcts:2s, optimal.",
    ),
    games: int = typer.Option(100, "--games", min=1, help="Games (per agent when solitaire)."),
    players: int | None = typer.Option(None, "--players", min=1, help="Players per game."),
    seed: int = typer.Option(0, "--seed", help="Master seed of the run."),
    out: Path | None = typer.Option(None, "--out", help="Write every game as JSON lines."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
) -> None:
    """Pit agents against each other; every agent plays every seat in turn."""
    specs = [s.strip() for s in agents.split(",") if s.strip()]
    handle = None
    if out is not None:
        try:
            handle = out.open("w", encoding="utf-8")
        except OSError as err:
            fail(f"cannot write {str(out)!r}: {err.strerror or err}")
    try:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task(f"arena: {game}", total=None)

            def seen(record: ArenaGame) -> None:
                progress.advance(task)
                if handle is not None:
                    handle.write(json.dumps(record.to_dict()) + "\n")

            try:
                # total: games per agent for solitaire, games otherwise; set once known
                import highcamp

                options = parse_options(option, players)
                seats = highcamp.load_game(game, **options).num_players
                progress.update(task, total=games * (len(set(specs)) if seats == 1 else 1))
                result = run_arena(game, specs, games, seed=seed, on_game=seen, options=options)
            except ValueError as err:
                fail(str(err))
    finally:
        if handle is not None:
            handle.close()
    solitaire = result.players == 1
    title = f"{game}: {len(result.games)} games" + (
        "" if solitaire else f", {result.players} players"
    )
    table = Table(title=title)
    table.add_column("agent")
    table.add_column("games", justify="right")
    table.add_column("mean score (95%)", justify="right")
    if not solitaire:
        table.add_column("wins", justify="right")
        table.add_column("rating (95%)", justify="right")
    for row in result.standings(seed=seed):
        cells = [row.agent, f"{row.games:,}", _interval(row.mean, row.half_width)]
        if not solitaire:
            cells.append(f"{100 * (row.win_rate or 0.0):.1f}%")
            cells.append(f"{row.rating:.0f} ({row.rating_low:.0f}..{row.rating_high:.0f})")
        table.add_row(*cells)
    console.print(table)
    if out is not None:
        console.print(f"games written to {out}")


def _interval(mean: float, half: float) -> str:
    if math.isinf(half):
        return f"{mean:.2f}"
    return f"{mean:.2f} ± {half:.2f}"
