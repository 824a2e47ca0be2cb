"""``highcamp check``: the conformance suite (:mod:`highcamp.testing`) on one game, with a
progress bar and a report of every check; exit status 1 when a check fails."""

from __future__ import annotations

import json
import shlex
from typing import Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import highcamp
from highcamp.testing import ConformanceReport, check_game

from .common import console, fail, load, parse_options

__all__ = ["check"]


def _options(game_id: str, option: list[str] | None, players: int | None) -> dict[str, Any]:
    """The options given (``--players`` is the ``players`` option), refused early if bad."""
    if game_id not in highcamp.list_games():
        fail(f"unknown game {game_id!r}; the games are: {', '.join(highcamp.list_games())}")
    options = parse_options(option)
    if players is not None:
        given = options.get("players")
        if given is not None and str(given).strip() != str(players):
            fail(f"--players {players} contradicts --option players={given}")
        options["players"] = players
    load(game_id, options)
    return options


def _again(report: ConformanceReport, seed: int | None) -> str:
    """The command that plays one failing game again."""
    words = ["highcamp", "check", report.game]
    words += [w for k, v in report.options.items() for w in ("-o", f"{k}={v}")]
    if seed is not None:
        words += ["--seed", str(seed), "--games", "1"]
    return shlex.join(words)


def _print(report: ConformanceReport) -> None:
    table = Table(title=f"Conformance of {report.name}", title_justify="left")
    table.add_column("check", style="bold")
    table.add_column("runs", justify="right")
    table.add_column("passed", justify="right")
    table.add_column("what it checks")
    for c in report.checks:
        mark = "[green]" if c.failed == 0 else "[red]"
        table.add_row(c.name, str(c.runs), f"{mark}{c.passed}[/]", escape(c.description))
    console.print(table)
    for f in report.failures[:10]:
        console.print(f"[red]FAIL[/] {escape(f.line())}")
        if f.where:
            console.print(escape(f.where), style="dim")
        console.print(f"  again: {escape(_again(report, f.seed))}")
    if len(report.failures) > 10:
        console.print(f"... and {len(report.failures) - 10} more failures")
    verdict = "[green]OK[/]" if report.ok else "[red]FAILED[/]"
    console.print(f"{verdict} {escape(report.summary())} in {report.seconds:.1f} s")


def check(
    game: str = typer.Argument(..., help="Game id (see `highcamp list`)."),
    games: int = typer.Option(20, "--games", "-n", min=0, help="Random games to play."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (then seed+1, ...)."),
    players: int | None = typer.Option(None, "--players", "-p", min=1, help="Players."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
    deep: int = typer.Option(
        2, "--deep", min=0, help="Games that check every one of their first 100 steps."
    ),
    fail_fast: bool = typer.Option(False, "--fail-fast", help="Stop at the first failure."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Run the conformance suite on GAME: random games checking legality, refusals,
    round trips, hidden information, invariants and termination, plus the checks of the
    game's info, documents, seeds and log."""
    options = _options(game, option, players)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[steps]} steps"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=as_json,
    ) as progress:
        task = progress.add_task(f"checking {game}", total=games, steps="0")

        def on_game(done: int, steps: int) -> None:
            progress.update(task, completed=done, steps=f"{steps:,}")

        report = check_game(
            game, options, games=games, seed=seed, deep=deep, on_game=on_game, fail_fast=fail_fast
        )
    if as_json:
        typer.echo(json.dumps(report.to_dict(), indent=2))
    else:
        _print(report)
    if not report.ok:
        raise typer.Exit(1)
