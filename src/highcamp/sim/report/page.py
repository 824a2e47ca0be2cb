"""The report's page: ``index.html`` from a Jinja2 template (autoescaping on) and its
charts beside it."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from highcamp.store.records import RunData

from .charts import (
    MissingAnalysisError,
    _Chart,
    _chart_endings,
    _chart_figures,
    _chart_length,
    _chart_scores,
    _chart_wins,
    _require_analysis,
)
from .data import _analyse, _Run
from .sweep_charts import _chart_compare, _chart_sweep
from .tables import _TableData, _tables

TEMPLATE = "report.html.j2"
"""The page's template, in this package's ``templates`` folder (with its style sheet)."""


@functools.cache
def _environment() -> Any:
    """The Jinja2 environment of the report's templates, autoescaping every value."""
    try:
        import jinja2
    except ImportError as exc:  # pragma: no cover - the analysis extra brings it
        raise MissingAnalysisError(
            "the report page needs jinja2: pip install 'highcamp[analysis]'"
        ) from exc
    return jinja2.Environment(
        loader=jinja2.PackageLoader("highcamp.sim.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _fmt_time(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t)) if t else "-"


def _definition(run: RunData) -> list[tuple[str, str]]:
    agents = ", ".join(f"seat {k + 1}: {a}" for k, a in enumerate(run.agents)) or "-"
    options = ", ".join(f"{k}={v}" for k, v in run.options.items()) or "(defaults)"
    sweep = "; ".join(f"{k} = {', '.join(map(str, v))}" for k, v in run.sweep.items()) or "(none)"
    return [
        ("run", f"{run.name} (id {run.id})"),
        ("game", f"{run.title} ({run.game})"),
        ("agents", agents),
        ("seed", str(run.seed)),
        ("games per point", f"{run.games:,}"),
        ("options", options),
        ("sweep", sweep),
        ("points", str(len(run.points))),
        ("games stored", f"{run.count:,}"),
        ("highcamp version", run.version or "-"),
        ("created", _fmt_time(run.created)),
    ]


def render_page(
    data: _Run, other: _Run | None, tables: Sequence[_TableData], charts: Sequence[_Chart]
) -> str:
    """The HTML of the page: the run's definition (and the compared run's), the summary
    tables and the charts, every value escaped by the template.

    >>> from highcamp.sim.report.data import _analyse
    >>> from highcamp.store.records import GameRecord, RunData
    >>> record = GameRecord(0, 1, (2,), (0.0,), (3,), (None,), "<b>fell</b>", 9, ({},))
    >>> run = RunData.of_records("everest-1924", ("random",), [record], name="<script>")
    >>> page = render_page(_analyse(run), None, [], [])
    >>> "<script>" in page, "&lt;script&gt;" in page
    (False, True)
    """
    run = data.run
    title = f"highcamp report: {run.label} ({run.title})"
    if other is not None:
        title += f" compared with {other.run.label}"
    page: str = (
        _environment()
        .get_template(TEMPLATE)
        .render(
            title=title,
            run=_definition(run),
            run_label=run.label,
            compare=_definition(other.run) if other is not None else None,
            compare_label=other.run.label if other is not None else "",
            tables=[t for table in tables for t in table.turned()],
            charts=charts,
            version=run.version or "",
            made=_fmt_time(time.time()),
        )
    )
    return page


def write_report(
    run: RunData,
    out: Path,
    compare: RunData | None = None,
    *,
    on_chart: Callable[[str], None] | None = None,
) -> Path:
    """Write the report of ``run`` into the directory ``out`` (made if needed):
    ``index.html`` and its PNG charts beside it; returns the path of ``index.html``.

    ``compare`` adds the comparison with a second run; ``on_chart(name)`` is called after
    each chart is written. Every file is written to a temporary name and renamed, so a
    failure never leaves a half-written ``index.html``. Raises
    :class:`MissingAnalysisError` without matplotlib and numpy.
    """
    _require_analysis()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    data = _analyse(run)
    other = _analyse(compare) if compare is not None else None
    tables = _tables(data, other)
    charts: list[_Chart] = []

    def add(made: _Chart | list[_Chart] | None) -> None:
        for chart in made if isinstance(made, list) else [made] if made else []:
            charts.append(chart)
            if on_chart is not None:
                on_chart(chart.file.removesuffix(".png"))

    if data.filled:
        add(_chart_scores(data, out))
        add(_chart_wins(data, out))
        add(_chart_length(data, out))
        add(_chart_figures(data, out))
        add(_chart_endings(data, out))
        add(_chart_sweep(data, out))
    if other is not None:
        add(_chart_compare(data, other, out))
    index = out / "index.html"
    tmp = out / ".index.html.tmp"
    tmp.write_text(render_page(data, other, tables, charts), encoding="utf-8")
    os.replace(tmp, index)
    return index
