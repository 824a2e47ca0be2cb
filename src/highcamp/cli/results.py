"""``highcamp runs``, ``highcamp export`` and ``highcamp report``: what ``highcamp simulate``
stored, listed, exported as a table, or charted in an HTML report."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from highcamp.sim.runs import RunData
from highcamp.store import ResultStore, RunNotFoundError

from .common import DEFAULT_DB, console, database_errors, fail

__all__ = ["export", "report", "runs"]

_DB = typer.Option(DEFAULT_DB, "--db", help="The SQLAlchemy database URL of the runs.")


def _store(db: str) -> ResultStore:
    with database_errors(db):
        return ResultStore(db)


def _load(store: ResultStore, ref: str | None) -> RunData:
    try:
        with console.status(f"reading run {ref or '(the latest)'} from {store.url}"):
            return store.load_run(ref)
    except RunNotFoundError as err:
        fail(str(err))


def _when(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp).strftime("%Y-%m-%d %H:%M")


def runs(db: str = _DB) -> None:
    """List the stored simulation runs, newest last."""
    store = _store(db)
    table = Table(title=f"Simulation runs in {db}", title_justify="left")
    for head, justify in (
        ("run", "left"),
        ("game", "left"),
        ("agents", "left"),
        ("seed", "right"),
        ("sweep", "left"),
        ("games stored", "right"),
        ("updated", "left"),
    ):
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    found = store.runs()
    for run in found:
        counts = store.counts(run.id)
        points = max(1, len(store.points(run.id)))
        sweep = " ".join(f"{k}={','.join(map(str, v))}" for k, v in run.sweep.items())
        table.add_row(
            run.name,
            run.game,
            ",".join(run.agents),
            str(run.seed),
            sweep or "-",
            f"{sum(counts.values()):,} of {run.games * points:,}",
            _when(run.updated),
        )
    if not found:
        console.print(f"no simulation run is stored in {db}: `highcamp simulate` makes one")
        return
    console.print(table)


def export(
    run: str | None = typer.Argument(None, help="Run name or id (default: the latest)."),
    out: Path = typer.Option(..., "--out", help="The file to write: .csv or .parquet."),
    db: str = _DB,
) -> None:
    """Write a stored run as a table, one row per game (CSV or Parquet)."""
    from highcamp.store.export import FORMATS, export_run

    fmt = out.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        fail(f"--out must end in .csv or .parquet, not {out.name!r}")
    if not out.parent.is_dir():
        fail(f"cannot write {str(out)!r}: no directory {str(out.parent)!r}")
    data = _load(_store(db), run)
    try:
        rows = export_run(data, out, fmt)
    except (ValueError, OSError) as err:
        fail(str(err))
    console.print(f"wrote {rows:,} games of run {data.name} to {out}")


def report(
    run: str | None = typer.Argument(None, help="Run name or id (default: the latest)."),
    out: Path = typer.Option(Path("report"), "--out", help="Folder of the HTML report."),
    compare: str | None = typer.Option(
        None, "--compare", help="Another run to compare with (name or id)."
    ),
    db: str = _DB,
) -> None:
    """An HTML report with charts of a stored run (index.html in --out), and its summary."""
    try:
        import highcamp.sim.report as reporting
    except ImportError as err:  # pragma: no cover - the analysis extra is missing
        fail(f"highcamp report needs {err.name}: pip install 'highcamp[analysis]'")
    store = _store(db)
    data = _load(store, run)
    other = _load(store, compare) if compare is not None else None
    if other is not None and other.game != data.game:
        fail(
            f"run {data.name} is {data.game} but {other.name} is {other.game}: compare runs of one game"
        )
    if data.count == 0:
        fail(f"run {data.name} has no finished game yet")
    for table in reporting.summary_renderables(data, other):
        console.print(table)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        transient=True,
    )
    try:
        with progress:
            task = progress.add_task("charts", total=None)

            def drawn(name: str) -> None:
                progress.update(task, advance=1, description=f"charts: {name}")

            index = reporting.write_report(data, out, other, on_chart=drawn)
    except OSError as err:
        fail(f"cannot write the report in {str(out)!r}: {err.strerror or err}")
    except ImportError as err:
        fail(f"highcamp report needs {err.name}: pip install 'highcamp[analysis]'")
    console.print(f"wrote the report of run {data.name} to {index}")
