"""The analysis report of a simulation run: summary tables, and HTML with PNG charts.

The package is split by job: :mod:`.data` aggregates a run once, :mod:`.tables` makes the
tables (rich for a terminal, the same rows for the page), :mod:`.charts` and
:mod:`.sweep_charts` draw the PNGs, and :mod:`.page` writes ``index.html`` from a Jinja2
template with autoescaping. The interval maths lives in :mod:`highcamp.sim.stats`.

:func:`summary_renderables` gives the text summary for a terminal (rich tables, pure
Python); :func:`write_report` writes ``index.html`` and its charts (matplotlib with the Agg
renderer and numpy, from the ``analysis`` extra: ``pip install 'highcamp[analysis]'``).
Distributions are aggregated as ``value -> count`` histograms, so a run of a million games
is read once and drawn from its counts.

>>> from highcamp.sim import RunData, run_simulation
>>> records = run_simulation("everest-1924", games=40, seed=1).records
>>> run = RunData.of_records("everest-1924", ("random",), records, seed=1)
>>> [t.title for t in summary_renderables(run)]
['Score (40 games)', 'Legend bands', 'Endings', 'Figures (mean)']
>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     index = write_report(run, pathlib.Path(tmp) / "report")
...     index.name, (index.parent / "scores.png").read_bytes()[:4]
('index.html', b'\\x89PNG')
"""

from __future__ import annotations

from ..stats import difference_interval, mean_interval, wilson
from .charts import MissingAnalysisError
from .page import write_report
from .tables import format_number, format_share, summary_renderables, summary_tables

__all__ = [
    "MissingAnalysisError",
    "difference_interval",
    "format_number",
    "format_share",
    "mean_interval",
    "summary_renderables",
    "summary_tables",
    "wilson",
    "write_report",
]
