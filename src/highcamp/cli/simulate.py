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
from highcamp.sim import GameRecord, Summary, SummaryBuilder, parse_agents
from highcamp.sim.report import summary_tables as report_tables
from highcamp.sim.runner import (
    Backend,
    InOrder,
    Job,
    ProcessBackend,
    Scheduler,
    cores,
    master_key,
)
from highcamp.sim.runs import point_label
from highcamp.store import ResultStore, RunRow, RunSpec

from .common import DEFAULT_DB, console, database_errors, fail, load, parse_options

__all__ = ["parse_sweep", "simulate", "summary_tables"]


class _RateColumn(ProgressColumn):
    """Games a second, as rich measures them."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")


def summary_tables(summary: Summary, agents: Sequence[str], partial: bool = False) -> list[Table]:
    """The rich tables of a summary: scores by seat, then bands, endings and figures.

    >>> from highcamp.sim import run_simulation, summarize
    >>> result = run_simulation("everest-1924", games=30, seed=2)
    >>> [t.title for t in summary_tables(summarize(result.records), ["random"])]
    ['Score (30 games)', 'Legend bands', 'Endings', 'Figures (mean)']
    """
    many = len(summary.seats) > 1
    heads = [f"seat {s.seat + 1}: {agents[s.seat]}" if many else agents[0] for s in summary.seats]
    return [t.rich() for t in report_tables(summary, heads, partial=partial)]


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


def parse_sweep(pairs: list[str] | None, options: dict[str, Any]) -> dict[str, list[str]]:
    """``--sweep key=v1,v2,...`` (repeatable) into ``{key: [values]}``; a swept key may not
    also be a fixed ``--option``.

    >>> parse_sweep(["team=serbia,norway", "guide=hap, sherpa"], {})
    {'team': ['serbia', 'norway'], 'guide': ['hap', 'sherpa']}
    """
    sweep: dict[str, list[str]] = {}
    for pair in pairs or []:
        key, sep, values = pair.partition("=")
        key = key.strip()
        items = [v.strip() for v in values.split(",")]
        if not sep or not key or not values.strip() or any(not v for v in items):
            fail(f"a sweep is written key=value1,value2,..., not {pair!r}")
        if key in sweep:
            fail(f"--sweep {key} is given twice; give all its values in one --sweep")
        if key in options:
            fail(f"{key} is both a fixed --option and swept; drop one of them")
        sweep[key] = list(dict.fromkeys(items))
    return sweep


def _backend(name: str, workers: int, address: str | None) -> Backend | None:
    """The backend for ``--backend``/``--workers``/``--address`` (None: this process)."""
    if name == "local":
        if address is not None:
            fail("--address names a Ray cluster: use it with --backend ray")
        count = workers or cores()
        return ProcessBackend(count) if count > 1 else None
    if name != "ray":
        fail(f"--backend is local or ray, not {name!r}")
    from highcamp.sim.ray_backend import RayBackend, RayUnavailableError

    try:
        return RayBackend(address, workers or None)
    except RayUnavailableError as err:
        fail(str(err))


def simulate(
    game: str = typer.Argument(..., help="Game id (see `highcamp list`)."),
    games: int = typer.Option(
        1000, "--games", "-n", min=1, help="Number of games (at every point of a sweep)."
    ),
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
        0,
        "--workers",
        "-w",
        min=0,
        help="Games played at once (0: every core, or the Ray cluster's CPUs; 1: this process).",
    ),
    players: int | None = typer.Option(
        None, "--players", "-p", min=1, help="Number of players (games with a players option)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
    sweep: list[str] | None = typer.Option(
        None,
        "--sweep",
        help="Play every value of an option: key=v1,v2,... (repeatable: every combination).",
    ),
    db: str = typer.Option(
        DEFAULT_DB, "--db", help="Store the games in this SQLAlchemy database URL."
    ),
    store: bool = typer.Option(
        True, "--store/--no-store", help="Store the games (--no-store: summary only)."
    ),
    name: str | None = typer.Option(
        None, "--name", help="Name of the run in the store (default: <game>-<id>)."
    ),
    backend: str = typer.Option(
        "local", "--backend", help="Where games are played: local (this machine) or ray."
    ),
    address: str | None = typer.Option(
        None, "--address", help="Ray cluster address (--backend ray; default: a local Ray)."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Also write one JSON line per game played to this file (.jsonl)."
    ),
) -> None:
    """Simulate many games with agents, store them, and summarise the scores (reproducible
    from --seed; rerunning the same command resumes an interrupted run)."""
    loaded, options = _prepare(game, option, players)
    swept = parse_sweep(sweep, options)
    if out is not None:
        _check_out(out)
        if swept:
            fail("--out writes one point's games: use `highcamp export` for a sweep")
    if "players" in swept:
        fail(
            "--sweep cannot change the number of seats (players): "
            "run one simulation per player count"
        )
    try:
        names = parse_agents(agents, loaded.num_players, game)
        spec = RunSpec.make(game, names, seed=seed, games=games, options=options, sweep=swept)
    except ValueError as err:
        fail(str(err))
    results: ResultStore | None = None
    run: RunRow | None = None
    if store:
        with database_errors(db):
            results = ResultStore(db)
            try:
                run = results.open_run(spec, name)
            except ValueError as err:
                fail(str(err))
        todo = results.missing(run)
    else:
        todo = [(k, 0, games) for k in range(len(spec.points))]
    key = master_key(seed)
    jobs = [
        Job(
            k,
            game,
            tuple(full.items()),
            names,
            key,
            tuple((a, b) for p, a, b in todo if p == k),
        )
        for k, (_, full) in enumerate(spec.points)
    ]
    jobs = [job for job in jobs if job.ranges]
    total_left = sum(job.games for job in jobs)
    asked = games * len(spec.points)
    where = "" if run is None else f", run [bold]{run.name}[/]"
    sweep_text = (
        f" at each of {len(spec.points)} points ("
        + " ".join(f"{k}={','.join(map(str, v))}" for k, v in spec.sweep.items())
        + ")"
        if swept
        else ""
    )
    console.print(
        f"[bold]{loaded.info.title}[/] ({game}): {games:,} games{sweep_text}, "
        f"agents {', '.join(names)}, seed {seed}{where}"
    )
    if run is not None and total_left < asked:
        if total_left:
            console.print(
                f"resuming: {asked - total_left:,} of {asked:,} games already stored in {db}"
            )
        else:
            console.print(f"complete: all {asked:,} games are stored in {db}; nothing to play")
    builders = {k: SummaryBuilder() for k in range(len(spec.points))}
    if results is not None and run is not None and total_left < asked:
        batch: dict[int, list[GameRecord]] = {k: [] for k in builders}
        for point, record in results.records(run.id):
            if record.index < games:
                batch[point].append(record)
                if len(batch[point]) >= 10_000:
                    builders[point].add(batch[point])
                    batch[point] = []
        for point, records in batch.items():
            builders[point].add(records)
    interrupted = False
    chosen = _backend(backend, workers, address) if total_left else None
    scheduler = Scheduler(jobs, chosen, encode=results is not None)
    if total_left:
        console.print(
            f"playing {total_left:,} games: {scheduler.workers} at once"
            + (f" on Ray ({getattr(chosen, 'address', '')})" if backend == "ray" else "")
        )
    order = InOrder()
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
            disable=total_left == 0,
        )
        with progress, contextlib.closing(scheduler.chunks()) as chunks:
            task = progress.add_task("simulating", total=total_left)
            progress.refresh()
            try:
                for chunk in chunks:
                    if results is not None and run is not None:
                        results.add_chunk(
                            run.id,
                            chunk.point,
                            chunk.start,
                            chunk.stop,
                            chunk.records,
                            chunk.seconds,
                            chunk.stored,
                        )
                    if lines is not None:
                        lines.write(_json_lines(order.add(chunk.start, chunk.records)))
                    builders[chunk.point].add(chunk.records)
                    progress.update(task, advance=len(chunk.records))
                    progress.refresh()
            except KeyboardInterrupt:
                interrupted = True
        interrupted = interrupted or scheduler.interrupted
        if lines is not None:
            lines.write(_json_lines(order.rest()))
    elapsed = scheduler.elapsed
    played = scheduler.done
    stored = sum(b.count for b in builders.values())
    if interrupted:
        resume = " rerun the same command to resume;" if run is not None else ""
        console.print(
            f"[yellow]interrupted: {stored:,} of {asked:,} games finished;{resume} "
            "the summary is partial[/]"
        )
    if stored == 0:
        console.print("no game finished")
        raise typer.Exit(130)
    bands = loaded.score_bands() or None
    for k, (point_swept, _) in enumerate(spec.points):
        if builders[k].count == 0:
            continue
        if swept:
            console.print(f"[bold]{point_label(point_swept)}[/]")
        for table in summary_tables(builders[k].summary(bands), names, partial=interrupted):
            console.print(table)
    if played:
        rate = played / elapsed if elapsed > 0 else 0.0
        per_game = 1e6 * elapsed / played
        console.print(
            f"{played:,} games in {elapsed:.2f} s: {rate:,.0f} games/s "
            f"({per_game:,.1f} µs a game, {scheduler.workers} worker"
            f"{'s' if scheduler.workers != 1 else ''})"
        )
    if run is not None:
        console.print(
            f"stored in {db} as run [bold]{run.name}[/]: `highcamp report {run.name}` "
            "charts it, `highcamp export` writes it as CSV or Parquet"
        )
    if out is not None:
        console.print(f"wrote {played:,} games to {out}")
    if interrupted:
        raise typer.Exit(130)
