"""``highcamp simulate``: many seeded games with agents, a progress bar and a summary.

The work is done by :mod:`highcamp.sim`; this module parses the command line, shows
progress, writes the optional JSON-lines file and prints the summary tables.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

import highcamp
from highcamp.core import Game
from highcamp.sim import QUANTILE_NAMES, GameRecord, Simulation, Summary, SummaryBuilder

from .common import console, fail, load, parse_options

__all__ = ["format_number", "simulate", "summary_tables"]


class _RateColumn(ProgressColumn):
    """Games a second, as rich measures them."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


def format_number(x: float, digits: int = 2) -> str:
    """A number for the summary: integers plainly, others with ``digits`` decimals.

    >>> format_number(12.0), format_number(0.6806), format_number(-3.14159, 3)
    ('12', '0.68', '-3.142')
    """
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.{digits}f}"


def _share(x: float) -> str:
    """A share as a percentage, never rounded to 0% or 100% unless it is.

    >>> _share(0.5), _share(0.00003), _share(0.99997), _share(1.0)
    ('50.0%', '0.003%', '99.997%', '100.0%')
    """
    text = f"{100 * x:.1f}%"
    if (text == "0.0%" and x > 0) or (text == "100.0%" and x < 1):
        text = f"{100 * x:.3f}%"
    return text


def summary_tables(summary: Summary, agents: Sequence[str], partial: bool = False) -> list[Table]:
    """The rich tables of a summary: scores by seat, then bands, endings and figures.

    >>> from highcamp.sim import run_simulation, summarize
    >>> result = run_simulation("everest-1924", games=30, seed=2)
    >>> [t.title for t in summary_tables(summarize(result.records), ["random"])]
    ['Score (30 games)', 'Legend bands', 'Endings', 'Figures (mean)']
    """
    many = len(summary.seats) > 1
    heads = [f"seat {s.seat + 1}: {agents[s.seat]}" if many else agents[0] for s in summary.seats]
    suffix = ", partial" if partial else ""
    tables: list[Table] = []

    score = Table(title=f"Score ({summary.count:,} games{suffix})", title_justify="left")
    score.add_column("statistic", style="bold")
    for head in heads:
        score.add_column(head, justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("mean", [f"{s.mean:,.2f}" for s in summary.seats]),
        ("standard deviation", [f"{s.sd:,.2f}" for s in summary.seats]),
        (
            "95% interval of the mean",
            [
                "-" if s.ci95 is None else f"{s.ci95[0]:,.2f} .. {s.ci95[1]:,.2f}"
                for s in summary.seats
            ],
        ),
    ]
    for j, name in enumerate(QUANTILE_NAMES):
        rows.append((name, [format_number(s.quantiles.values()[j]) for s in summary.seats]))
    if summary.returns_differ:
        rows.append(("mean return", [f"{s.mean_return:,.2f}" for s in summary.seats]))
    if many:
        rows.append(("win rate", [_share(s.win_rate or 0.0) for s in summary.seats]))
    for label, cells in rows:
        score.add_row(label, *cells)
    tables.append(score)

    band_names = list(dict.fromkeys(b.name for s in summary.seats for b in s.bands))
    if band_names:
        bands = Table(title="Legend bands", title_justify="left")
        bands.add_column("band", style="bold")
        for head in heads:
            bands.add_column(head, justify="right")
        for name in band_names:
            cells = []
            for s in summary.seats:
                found = next((b for b in s.bands if b.name == name), None)
                cells.append("-" if found is None else f"{_share(found.share)} ({found.count:,})")
            bands.add_row(name, *cells)
        tables.append(bands)

    endings = Table(title="Endings", title_justify="left")
    endings.add_column("ending", style="bold")
    endings.add_column("games", justify="right")
    endings.add_column("share", justify="right")
    for e in summary.endings:
        endings.add_row(e.name, f"{e.count:,}", _share(e.share))
    tables.append(endings)

    figure_names = list(dict.fromkeys(name for s in summary.seats for name in s.figures))
    figures = Table(title="Figures (mean)", title_justify="left")
    figures.add_column("figure", style="bold")
    for head in heads:
        figures.add_column(head, justify="right")
    figures.add_row("game length (actions)", *([format_number(summary.mean_length)] * len(heads)))
    for name in figure_names:
        figures.add_row(
            name.replace("_", " "),
            *[format_number(s.figures[name]) if name in s.figures else "-" for s in summary.seats],
        )
    tables.append(figures)
    return tables


def _check_out(path: Path) -> None:
    if not path.parent.is_dir():
        fail(f"cannot write {str(path)!r}: no directory {str(path.parent)!r}")
    if path.is_dir():
        fail(f"cannot write {str(path)!r}: it is a directory")


@contextlib.contextmanager
def _atomic_lines(path: Path | None) -> Iterator[IO[str] | None]:
    """A temporary file beside ``path``, renamed to ``path`` when the block ends (also on
    Ctrl-C, keeping the lines written); removed if the block fails otherwise."""
    if path is None:
        yield None
        return
    _check_out(path)
    tmp = path.parent / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    try:
        handle = open(tmp, "x", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as err:
        fail(f"cannot write {str(path)!r}: {err.strerror or err}")
    try:
        yield handle
    except BaseException as err:
        handle.close()
        if isinstance(err, KeyboardInterrupt):
            os.replace(tmp, path)
        else:
            os.unlink(tmp)
        raise
    handle.close()
    os.replace(tmp, path)


_ENCODE = json.JSONEncoder(separators=(",", ":"), default=str).encode


def _json_lines(records: Sequence[GameRecord]) -> str:
    """The records as JSON lines (the fields of ``GameRecord.to_dict``, tuples as arrays)."""
    fields = GameRecord._fields
    return "".join([_ENCODE(dict(zip(fields, r, strict=True))) + "\n" for r in records])


def _prepare(
    game_id: str, option: list[str] | None, players: int | None
) -> tuple[Game, dict[str, Any]]:
    """The game and its options, ``--players`` among them for a game with a ``players``
    option (loaded together: some options are only valid with several players)."""
    options = parse_options(option)
    takes_players = game_id in highcamp.list_games() and any(
        o.name == "players" for o in highcamp.game_class(game_id).INFO.options
    )
    if players is not None and takes_players:
        given = options.get("players")
        if given is not None and str(given).strip() != str(players):
            fail(f"--players {players} contradicts --option players={given}")
        options["players"] = players
    game = load(game_id, options)
    if players is not None and not takes_players and players != game.num_players:
        n = game.num_players
        fail(f"{game_id} is played by {n} player{'s' if n != 1 else ''}, not {players}")
    return game, options


def simulate(
    game: str = typer.Argument(..., help="Game id (see `highcamp list`)."),
    games: int = typer.Option(1000, "--games", "-n", min=1, help="Number of games to play."),
    agents: str = typer.Option(
        "random",
        "--agents",
        "-a",
        help="An agent for every seat, or a comma list with one agent per seat.",
    ),
    seed: int = typer.Option(
        0, "--seed", "-s", help="Master seed: the same seed gives the same games."
    ),
    workers: int = typer.Option(
        1, "--workers", "-w", min=0, help="Worker processes (1: this process; 0: every core)."
    ),
    players: int | None = typer.Option(
        None, "--players", "-p", min=1, help="Number of players (games with a players option)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
    out: Path | None = typer.Option(
        None, "--out", help="Write one JSON line per game to this file (.jsonl)."
    ),
) -> None:
    """Simulate many games with agents and summarise the scores (reproducible from --seed)."""
    loaded, options = _prepare(game, option, players)
    if out is not None:
        _check_out(out)
    try:
        sim = Simulation(game, games, agents, options=options, seed=seed, workers=workers)
    except ValueError as err:
        fail(str(err))
    seats = ", ".join(sim.agents)
    console.print(
        f"[bold]{loaded.info.title}[/] ({game}): {games:,} games, agents {seats}, seed {seed}, "
        f"{sim.workers} worker{'s' if sim.workers != 1 else ''}"
    )
    builder = SummaryBuilder()
    interrupted = False
    with _atomic_lines(out) as lines:
        progress = Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            _RateColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=console,
            auto_refresh=False,  # refreshed per chunk: no thread while worker processes fork
        )
        with progress, contextlib.closing(sim.chunks()) as chunks:
            task = progress.add_task("simulating", total=games)
            progress.refresh()
            try:
                for chunk in chunks:
                    if lines is not None:
                        lines.write(_json_lines(chunk))
                    builder.add(chunk)
                    progress.update(task, advance=len(chunk))
                    progress.refresh()
            except KeyboardInterrupt:
                interrupted = True
        interrupted = interrupted or sim.interrupted
    elapsed = sim.elapsed
    if interrupted:
        console.print(
            f"[yellow]interrupted: {builder.count:,} of {games:,} games finished; "
            "the summary is partial[/]"
        )
    if builder.count == 0:
        console.print("no game finished")
        raise typer.Exit(130)
    summary = builder.summary(loaded.score_bands() or None)
    for table in summary_tables(summary, sim.agents, partial=interrupted):
        console.print(table)
    rate = builder.count / elapsed if elapsed > 0 else 0.0
    per_game = 1e6 * elapsed / builder.count
    console.print(
        f"{builder.count:,} games in {elapsed:.2f} s: {rate:,.0f} games/s "
        f"({per_game:,.1f} µs a game, {sim.workers} worker{'s' if sim.workers != 1 else ''})"
    )
    if out is not None:
        console.print(f"wrote {builder.count:,} games to {out}")
    if interrupted:
        raise typer.Exit(130)
