"""``highcamp review SAVE.json``: a finished (or saved) game against the optimal policy.

Every decision with the optimal choice, the expected final score of the choice made and the
points it cost; the total the choices left on the mountain, the luck of the dice, and a chart
of the expected final score along the game (a text chart, or a PNG with ``--png`` through
matplotlib, the ``analysis`` extra).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from .common import console, fail, load

__all__ = ["review"]


def _read(path: Path) -> tuple[Any, list[int]]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        fail(f"cannot read {str(path)!r}: {err.strerror or err}")
    except ValueError as err:
        fail(f"{str(path)!r} is not a highcamp save (not JSON: {err})")
    state_doc = doc.get("state", doc) if isinstance(doc, dict) else None
    if not isinstance(state_doc, dict) or not isinstance(state_doc.get("game"), str):
        fail(f"{str(path)!r} is not a highcamp save")
    options = state_doc.get("options") if isinstance(state_doc.get("options"), dict) else {}
    game = load(state_doc["game"], dict(options or {}))
    try:
        state = game.state_from_json(state_doc)
    except ValueError as err:
        fail(f"{str(path)!r} does not load: {err}")
    return game, list(state.history())


def review(
    save: Path = typer.Argument(..., help="A save written by `highcamp play` (JSON)."),
    every: bool = typer.Option(False, "--all", help="List every decision, not only costly ones."),
    png: Path | None = typer.Option(None, "--png", help="Also draw the chart into this PNG."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as JSON."),
) -> None:
    """Review a game against the optimal policy: the cost of each choice, luck, a chart."""
    from highcamp.agents.review import review_game, text_chart

    game, history = _read(save)
    if game.exact_solver() is None:
        fail(f"{game.info.id} has no exact solver to review against (reviewable: everest-1924)")
    with console.status("solving the sheet (once; the policy is cached)"):
        try:
            result = review_game(game, history)
        except (ValueError, RuntimeError) as err:
            fail(str(err))
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=1))
        return
    table = Table(title=f"Review: {save.name}")
    for col in ("turn", "choice made", "optimal choice", "made", "optimal", "cost"):
        table.add_column(
            col, justify="right" if col in ("turn", "made", "optimal", "cost") else "left"
        )
    for d in result.decisions:
        if not every and d.cost < 0.005:
            continue
        table.add_row(
            str(d.turn),
            d.made,
            d.best,
            f"{d.value_made:.2f}",
            f"{d.value_best:.2f}",
            f"[red]{d.cost:.2f}[/]" if d.cost >= 0.05 else f"{d.cost:.2f}",
        )
    console.print(table)
    optimal = sum(1 for d in result.decisions if d.cost < 0.005)
    console.print(
        f"{len(result.decisions)} decisions, {optimal} optimal. Expected score at the start "
        f"{result.start_value:.2f}; final score {result.final_score:g}."
    )
    console.print(
        f"You left [bold]{result.cost:.1f}[/] points on the mountain; the dice gave "
        f"{result.luck:+.1f} (luck = final - start + cost)."
    )
    console.print(text_chart(result))
    if png is not None:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            fail("--png needs matplotlib: pip install 'highcamp[analysis]'")
        xs, ys = zip(*result.curve(), strict=True)
        fig, ax = plt.subplots(figsize=(8, 3.5))
        ax.plot(xs, ys, marker=".")
        ax.axhline(result.start_value, color="grey", linestyle=":", label="value at the start")
        ax.set_xlabel("action in the game")
        ax.set_ylabel("expected final score")
        ax.set_title(f"{game.info.title}: expected final score along the game")
        ax.legend()
        fig.tight_layout()
        fig.savefig(png)
        plt.close(fig)
        console.print(f"chart: {png}")


def show_optimal_hint(state: Any, limit: int = 8) -> None:
    """``hint optimal`` in terminal play: the expected final score of every legal choice.
    The first use on a sheet solves it in the background with a progress bar (Ctrl-C goes
    back to the game while the solve goes on)."""
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from highcamp.agents.optimal import choice_values, format_choices, solve_in_background

    try:
        job = solve_in_background(state)
    except ValueError as err:
        console.print(f"[red]{err}[/]")
        return
    if job is not None and not job.done:
        with Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("solving the sheet", total=None)
            try:
                while not job.wait(0.2):
                    progress.update(
                        task,
                        description=f"solving the sheet: {job.positions:,} positions "
                        "(Ctrl-C plays on while it solves)",
                    )
            except KeyboardInterrupt:
                console.print("[yellow]the solve goes on; type hint optimal again later[/]")
                return
    if job is not None and job.error:
        console.print(f"[red]{job.error}[/]")
        return
    choices = choice_values(state)
    if not choices:
        console.print("[yellow]no choice to make now[/]")
        return
    console.print(
        f"[cyan]hint (optimal, expected final score):[/] {format_choices(choices, limit)}"
    )
