"""The analysis report of a simulation run: summary tables, and HTML with PNG charts.

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

import functools
import html
import itertools
import math
import os
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.table import Table

from highcamp.core import ScoreBand

from .runner import GameRecord
from .runs import RunData
from .stats import QUANTILE_NAMES, Z95, Summary, mean_sd, summarize

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "MissingAnalysisError",
    "format_number",
    "format_share",
    "summary_renderables",
    "summary_tables",
    "wilson",
    "write_report",
]

DPI = 110
"""Resolution of the charts (dots per inch)."""
MAX_PANELS = 12
"""At most this many points get a panel of their own in a chart of small multiples."""
MAX_SERIES = 6
"""At most this many points are overlaid in one panel."""
GRID_PANELS = 9
"""Panels in one PNG of per-game figures or sweep figures (3 by 3)."""
MANY_VALUES = 12
"""A figure with more distinct values than this is drawn as a histogram, not as a mean."""
BAND_COLOURS = ("#e8f0fa", "#fbf0df")
"""The alternating light colours of the score chart's bands."""
SEAT_COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#17becf",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
)


class MissingAnalysisError(ImportError):
    """The charts need matplotlib and numpy, which come with the ``analysis`` extra."""


# ------------------------------------------------------------------------ statistics
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``successes`` of ``n`` trials (a share of
    a tie counts as a fractional success, as win rates do). ``(0, 1)`` when ``n`` is 0.

    >>> lo, hi = wilson(40, 61)
    >>> round(lo, 4), round(hi, 4)
    (0.5305, 0.7625)
    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(counts: Mapping[float, int], z: float = Z95) -> tuple[float, float, float]:
    """Mean of a ``value -> count`` histogram with its normal-approximation interval
    (``mean ± z·sd/√n``; the interval is the mean itself for fewer than two values).

    >>> mean_interval({2: 1, 4: 1, 6: 1})  # doctest: +ELLIPSIS
    (4.0, 1.73..., 6.26...)
    """
    mean, sd = mean_sd(counts)
    n = sum(counts.values())
    half = z * sd / math.sqrt(n) if n >= 2 else 0.0
    return mean, mean - half, mean + half


def difference_interval(
    mean1: float, se1: float, mean2: float, se2: float, z: float = Z95
) -> tuple[float, float, float]:
    """``mean1 - mean2`` with its 95% interval (normal approximation, both standard
    errors combined: ``z·√(se1² + se2²)``).

    >>> difference_interval(5.0, 0.3, 4.0, 0.4)  # doctest: +ELLIPSIS
    (1.0, 0.0200..., 1.9799...)
    """
    d = mean1 - mean2
    half = z * math.hypot(se1, se2)
    return d, d - half, d + half


def _se(counts: Mapping[float, int]) -> float:
    n = sum(counts.values())
    if n < 2:
        return 0.0
    return mean_sd(counts)[1] / math.sqrt(n)


def _share_se(p: float, n: int) -> float:
    return math.sqrt(max(p * (1 - p), 0.0) / n) if n > 0 else 0.0


def _numeric(value: Any) -> bool:
    return isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value))


def _flatten_counts(
    prefix: str, values: Sequence[Any], out: dict[str, Counter[float]], bools: set[str]
) -> None:
    """Count the values of one figure (``values``: one per game, ``None`` when missing);
    dicts are flattened as ``a.b``; lists, strings and ``None`` are skipped."""
    try:
        raw: Counter[Any] = Counter(values)
    except TypeError:  # dicts or lists among the values
        dicts = [v for v in values if isinstance(v, dict)]
        if not dicts:
            return
        for key in dict.fromkeys(itertools.chain.from_iterable(dicts)):
            sub = [v.get(key) if isinstance(v, dict) else None for v in values]
            _flatten_counts(f"{prefix}.{key}", sub, out, bools)
        return
    numbers = {v: c for v, c in raw.items() if _numeric(v)}
    if not numbers:
        return
    if all(isinstance(v, bool) for v in numbers):
        bools.add(prefix)
    counts: Counter[float] = Counter()
    for v, c in numbers.items():
        counts[float(v)] += c
    out[prefix] = counts


@dataclass
class _Point:
    """The aggregated games of one point (or of a whole run): histograms and a summary."""

    label: str
    swept: dict[str, Any]
    n: int
    summary: Summary | None
    scores: list[Counter[float]]
    lengths: Counter[float]
    figures: dict[str, list[Counter[float]]]
    bools: set[str] = field(default_factory=set)

    @property
    def seats(self) -> int:
        return len(self.scores)

    def wins(self, seat: int) -> float:
        """Games won by ``seat`` (a tie shares the win), as :func:`summarize` counts them."""
        if self.summary is None or self.summary.seats[seat].win_rate is None:
            return 0.0
        return (self.summary.seats[seat].win_rate or 0.0) * self.n

    def band_share(self, seat: int | None, band: str) -> tuple[int, float]:
        """Games in ``band`` (one seat, or every seat's games pooled) and their share."""
        if self.summary is None:
            return 0, 0.0
        seats = self.summary.seats if seat is None else [self.summary.seats[seat]]
        count = sum(f.count for s in seats for f in s.bands if f.name == band)
        total = self.n * len(seats)
        return count, count / total if total else 0.0

    def pooled(self, name: str) -> Counter[float]:
        """A figure's histogram over every seat's games; a figure of the whole game (the
        same histogram at every seat, such as ``turns``) is counted once a game."""
        per_seat = self.figures.get(name, [])
        out: Counter[float] = Counter()
        if per_seat and all(c == per_seat[0] for c in per_seat):
            out.update(per_seat[0])
            return out
        for c in per_seat:
            out.update(c)
        return out

    def ending_share(self, ending: str) -> float:
        if self.summary is None:
            return 0.0
        return next((e.share for e in self.summary.endings if e.name == ending), 0.0)


def _aggregate(
    label: str, swept: dict[str, Any], records: Sequence[GameRecord], chart: Sequence[ScoreBand]
) -> _Point:
    """One pass of counters over the records (C-speed ``Counter`` updates)."""
    n = len(records)
    if n == 0:
        return _Point(label, swept, 0, None, [], Counter(), {})
    order = [b.name for b in chart] or None
    summary = summarize(records, order)
    seats = len(summary.seats)
    scores = [Counter(float(r.scores[k]) for r in records) for k in range(seats)]
    lengths: Counter[float] = Counter(float(r.length) for r in records)
    figures: dict[str, list[Counter[float]]] = {}
    bools: set[str] = set()
    for k in range(seats):
        per_seat: dict[str, Counter[float]] = {}
        dicts = [r.figures[k] for r in records]
        for key in dict.fromkeys(itertools.chain.from_iterable(dicts)):
            _flatten_counts(str(key), [d.get(key) for d in dicts], per_seat, bools)
        for name, counts in per_seat.items():
            figures.setdefault(name, [Counter() for _ in range(seats)])[k] = counts
    return _Point(label, swept, n, summary, scores, lengths, figures, bools)


@dataclass
class _Run:
    """A run's points, aggregated, with what the charts and tables share."""

    run: RunData
    points: list[_Point]

    @cached_property
    def whole(self) -> _Point:
        """Every point's games pooled (only a comparison needs them: built when asked)."""
        if len(self.points) == 1:
            return self.points[0]
        records = [r for p in self.run.points for r in p.records]
        return _aggregate("all points", {}, records, self.run.chart)

    @property
    def seats(self) -> int:
        return self.run.seats

    @property
    def filled(self) -> list[_Point]:
        """Points with at least one game."""
        return [p for p in self.points if p.n > 0]

    @property
    def sweep(self) -> bool:
        return len(self.run.points) > 1

    @property
    def figure_names(self) -> list[str]:
        return list(dict.fromkeys(name for p in self.filled for name in p.figures))

    @property
    def bools(self) -> set[str]:
        return set().union(*(p.bools for p in self.points)) if self.points else set()

    def seat_name(self, k: int) -> str:
        if self.seats == 1:
            return self.run.agents[0] if self.run.agents else "seat 1"
        return f"seat {k + 1}: {self.run.agents[k]}"


def _analyse(run: RunData) -> _Run:
    points = [_aggregate(p.label, dict(p.swept), p.records, run.chart) for p in run.points]
    return _Run(run, points)


# ---------------------------------------------------------------------------- text
def format_number(x: float, digits: int = 2) -> str:
    """A number for a table: integers plainly, others with ``digits`` decimals.

    >>> format_number(12.0), format_number(0.6806), format_number(-3.14159, 3)
    ('12', '0.68', '-3.142')
    """
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.{digits}f}"


def format_share(x: float) -> str:
    """A share as a percentage, never rounded to 0% or 100% unless it is.

    >>> format_share(0.5), format_share(0.00003), format_share(0.99997), format_share(1.0)
    ('50.0%', '0.003%', '99.997%', '100.0%')
    """
    text = f"{100 * x:.1f}%"
    if (text == "0.0%" and x > 0) or (text == "100.0%" and x < 1):
        text = f"{100 * x:.3f}%"
    return text


def _pct_ci(p: float, lo: float, hi: float) -> str:
    return f"{format_share(p)} ({format_share(lo)}..{format_share(hi)})"


def _mean_ci(m: float, lo: float, hi: float) -> str:
    return f"{m:,.2f} ({lo:,.2f}..{hi:,.2f})"


def _signed(x: float, percent: bool) -> str:
    return f"{100 * x:+.2f} pp" if percent else f"{x:+,.3f}"


def _figure_label(name: str) -> str:
    return name.replace("_", " ")


@dataclass
class _TableData:
    """A table both the terminal (rich) and the HTML page show."""

    title: str
    headers: list[str]
    rows: list[list[str]]
    keys: int = 0
    """Leading columns that name a row (a sweep's ``#``, point and games): a terminal shows
    a table with them transposed, a column per row (see :meth:`turned`)."""

    def turned(self) -> list[_TableData]:
        """A wide table with ``keys`` turned a column per row, after a table naming the rows
        (points), so that many figures fit a terminal's or a page's width."""
        if not self.keys or not self.rows:
            return [self]
        legend = _TableData(
            "Points", self.headers[: self.keys], [r[: self.keys] for r in self.rows]
        )
        numbers = [f"#{r[0]}" for r in self.rows]
        turned = [
            [h, *[r[j] for r in self.rows]] for j, h in enumerate(self.headers) if j >= self.keys
        ]
        return [legend, _TableData(self.title, ["figure", *numbers], turned)]

    def rich(self) -> Table:
        table = Table(title=self.title, title_justify="left")
        for j, head in enumerate(self.headers):
            if j == 0:
                table.add_column(head, style="bold")
            else:
                table.add_column(head, justify="right")
        for row in self.rows:
            table.add_row(*row)
        return table

    def html(self) -> str:
        e = html.escape
        head = "".join(f"<th>{e(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>"
            + "".join(
                f"<th>{e(c)}</th>" if j == 0 else f'<td class="n">{e(c)}</td>'
                for j, c in enumerate(row)
            )
            + "</tr>"
            for row in self.rows
        )
        return (
            f"<table><caption>{e(self.title)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )


def _figure_cell(counts: Mapping[float, int], share: bool) -> str:
    """A figure's mean (a true/false figure's share of true) in a table; ``-`` if none."""
    if not counts:
        return "-"
    if share:
        return format_share(counts.get(1.0, 0) / sum(counts.values()))
    return format_number(mean_sd(counts)[0])


def summary_tables(
    summary: Summary,
    heads: Sequence[str],
    figures: Sequence[list[str]] | None = None,
    partial: bool = False,
) -> list[_TableData]:
    """The tables of a summary, one column per seat (``heads``): score (with win rates and
    their 95% Wilson intervals in games of two or more seats), legend bands, endings and
    figures. ``figures`` are the figure rows (label, then a cell per seat); by default each
    numeric figure's mean from the summary. ``partial`` marks an interrupted run.

    >>> from highcamp.sim import run_simulation, summarize
    >>> result = run_simulation("everest-1924", games=30, seed=2)
    >>> [t.title for t in summary_tables(summarize(result.records), ["random"])]
    ['Score (30 games)', 'Legend bands', 'Endings', 'Figures (mean)']
    """
    s = summary
    n = s.count
    rows: list[list[str]] = [
        ["mean", *[f"{x.mean:,.2f}" for x in s.seats]],
        ["standard deviation", *[f"{x.sd:,.2f}" for x in s.seats]],
        [
            "95% interval of the mean",
            *["-" if x.ci95 is None else f"{x.ci95[0]:,.2f} .. {x.ci95[1]:,.2f}" for x in s.seats],
        ],
    ]
    for j, name in enumerate(QUANTILE_NAMES):
        rows.append([name, *[format_number(x.quantiles.values()[j]) for x in s.seats]])
    if s.returns_differ:
        rows.append(["mean return", *[f"{x.mean_return:,.2f}" for x in s.seats]])
    if len(s.seats) > 1:
        rates = [x.win_rate or 0.0 for x in s.seats]
        rows.append(["win rate", *[format_share(r) for r in rates]])
        rows.append(
            [
                "95% interval of the win rate",
                *["{}..{}".format(*map(format_share, wilson(r * n, n))) for r in rates],
            ]
        )
    suffix = ", partial" if partial else ""
    tables = [_TableData(f"Score ({n:,} games{suffix})", ["statistic", *heads], rows)]

    band_names = list(dict.fromkeys(b.name for x in s.seats for b in x.bands))
    if band_names:
        band_rows = []
        for name in band_names:
            cells = []
            for x in s.seats:
                found = next((b for b in x.bands if b.name == name), None)
                cells.append(
                    "-" if found is None else f"{format_share(found.share)} ({found.count:,})"
                )
            band_rows.append([name, *cells])
        tables.append(_TableData("Legend bands", ["band", *heads], band_rows))

    tables.append(
        _TableData(
            "Endings",
            ["ending", "games", "share"],
            [[e.name, f"{e.count:,}", format_share(e.share)] for e in s.endings],
        )
    )
    if figures is None:
        names = dict.fromkeys(name for x in s.seats for name in x.figures)
        figures = [
            [
                _figure_label(name),
                *[format_number(x.figures[name]) if name in x.figures else "-" for x in s.seats],
            ]
            for name in names
        ]
    fig_rows = [["game length (actions)", *([format_number(s.mean_length)] * len(heads))]]
    tables.append(_TableData("Figures (mean)", ["figure", *heads], [*fig_rows, *figures]))
    return tables


def _point_tables(data: _Run, point: _Point) -> list[_TableData]:
    """The tables of one point (or a whole run), figures from its histograms (nested ones
    flattened, true/false ones as shares)."""
    heads = [data.seat_name(k) for k in range(data.seats)]
    if point.summary is None:
        return [_TableData("Score (no games)", ["statistic", *heads], [])]
    figures = [
        [
            _figure_label(name),
            *[_figure_cell(point.figures[name][k], name in point.bools) for k in range(data.seats)],
        ]
        for name in point.figures
    ]
    return summary_tables(point.summary, heads, figures)


def _top_bands(data: _Run, limit: int = 3) -> list[str]:
    """The bands most games reached (pooled over seats and points), in chart order."""
    totals: Counter[str] = Counter()
    for p in data.filled:
        if p.summary is not None:
            for seat in p.summary.seats:
                for b in seat.bands:
                    totals[b.name] += b.count
    chosen = {name for name, c in totals.most_common(limit) if c > 0}
    order = [b.name for b in data.run.chart] or list(totals)
    return [name for name in order if name in chosen]


def _sweep_table(data: _Run) -> _TableData:
    """One row per point: games, score and win rate per seat, bands, length, figures."""
    seats = data.seats
    many = seats > 1

    def head(text: str, k: int) -> str:
        return f"{text} seat {k + 1}" if many else text

    headers = ["#", "point", "games"]
    headers += [head("mean score (95%)", k) for k in range(seats)]
    if many:
        headers += [head("win rate (95%)", k) for k in range(seats)]
    bands = _top_bands(data)
    headers += [f"{b} (share)" for b in bands]
    headers.append("mean length")
    names = data.figure_names
    headers += [
        f"{_figure_label(n)} ({'share' if n in data.bools else 'mean'})"
        + (", all seats" if many else "")
        for n in names
    ]
    rows: list[list[str]] = []
    for i, p in enumerate(data.points):
        row = [str(i + 1), p.label, f"{p.n:,}"]
        if p.n == 0:
            rows.append(row + ["-"] * (len(headers) - 3))
            continue
        for k in range(seats):
            row.append(_mean_ci(*mean_interval(p.scores[k])))
        if many:
            for k in range(seats):
                w = p.wins(k)
                row.append(_pct_ci(w / p.n, *wilson(w, p.n)))
        for b in bands:
            row.append(format_share(p.band_share(None, b)[1]))
        row.append(format_number(mean_sd(p.lengths)[0]))
        row.extend(_figure_cell(p.pooled(name), name in p.bools) for name in names)
        rows.append(row)
    return _TableData(
        f"Sweep ({data.run.count:,} games, {len(data.points)} points)", headers, rows, keys=3
    )


@dataclass(frozen=True)
class _Difference:
    name: str
    run: float
    other: float
    diff: float
    low: float
    high: float
    percent: bool


def _differences(a: _Point, b: _Point, seats: int, names: Sequence[str]) -> list[_Difference]:
    """Run minus compare, with 95% intervals (normal approximation, both standard errors)."""
    out: list[_Difference] = []
    if a.summary is None or b.summary is None:  # a run without games
        return out
    common = min(a.seats, b.seats)
    many = common > 1

    def seat_suffix(k: int) -> str:
        return f", seat {k + 1}" if many else ""

    def share(name: str, pa: float, na: int, pb: float, nb: int) -> None:
        d, lo, hi = difference_interval(pa, _share_se(pa, na), pb, _share_se(pb, nb))
        out.append(_Difference(name, pa, pb, d, lo, hi, True))

    def mean(name: str, ca: Mapping[float, int], cb: Mapping[float, int]) -> None:
        ma, mb = mean_sd(ca)[0], mean_sd(cb)[0]
        d, lo, hi = difference_interval(ma, _se(ca), mb, _se(cb))
        out.append(_Difference(name, ma, mb, d, lo, hi, False))

    for k in range(common):
        mean(f"mean score{seat_suffix(k)}", a.scores[k], b.scores[k])
    if many:
        for k in range(common):
            share(f"win rate{seat_suffix(k)}", a.wins(k) / a.n, a.n, b.wins(k) / b.n, b.n)
    band_names = list(dict.fromkeys(f.name for s in a.summary.seats for f in s.bands))
    for band in band_names:
        _, pa = a.band_share(None, band)
        _, pb = b.band_share(None, band)
        if pa or pb:
            share(f"band {band}", pa, a.n * a.seats, pb, b.n * b.seats)
    endings = list(
        dict.fromkeys([*(e.name for e in a.summary.endings), *(e.name for e in b.summary.endings)])
    )
    for ending in endings:
        share(f"ending {ending}", a.ending_share(ending), a.n, b.ending_share(ending), b.n)
    mean("game length (actions)", a.lengths, b.lengths)
    for name in names:
        ca, cb = a.pooled(name), b.pooled(name)
        if not ca or not cb:
            continue
        label = _figure_label(name) + (", all seats" if seats > 1 else "")
        if name in a.bools:
            na, nb = sum(ca.values()), sum(cb.values())
            share(label, ca.get(1.0, 0) / na, na, cb.get(1.0, 0) / nb, nb)
        else:
            mean(label, ca, cb)
    return out


def _difference_table(data: _Run, other: _Run) -> _TableData:
    names = [n for n in data.figure_names if n in other.figure_names]
    rows = []
    for d in _differences(data.whole, other.whole, data.seats, names):
        fmt = format_share if d.percent else (lambda x: f"{x:,.3f}")
        rows.append(
            [
                d.name,
                fmt(d.run),
                fmt(d.other),
                _signed(d.diff, d.percent),
                f"{_signed(d.low, d.percent)} .. {_signed(d.high, d.percent)}",
            ]
        )
    return _TableData(
        f"Differences: {data.run.label} minus {other.run.label}",
        ["figure", data.run.label, other.run.label, "difference", "95% interval"],
        rows,
    )


def _tables(data: _Run, other: _Run | None) -> list[_TableData]:
    if data.run.count == 0:
        tables = [
            _TableData("No games stored", ["point", "games"], [[p.label, "0"] for p in data.points])
        ]
    elif data.sweep:
        tables = [_sweep_table(data)]
    else:
        tables = _point_tables(data, data.points[0])
    if other is not None:
        if other.run.count == 0 or data.run.count == 0:
            tables.append(_TableData("Differences: a run has no games", ["figure"], []))
        else:
            tables.append(_difference_table(data, other))
    return tables


def summary_renderables(run: RunData, compare: RunData | None = None) -> list[Table]:
    """The text summary of a run for the terminal: the tables of one point (score,
    bands, endings, figures), or one row per point of a sweep; with ``compare``, the
    differences (run minus compare) with 95% intervals.

    >>> from highcamp.sim import RunData, run_simulation
    >>> records = run_simulation("disaster", games=10, options={"players": 3}, seed=2).records
    >>> run = RunData.of_records("disaster", ("random",), records, options={"players": 3})
    >>> [t.title for t in summary_renderables(run, compare=run)][-1]
    'Differences: disaster minus disaster'
    """
    data = _analyse(run)
    other = _analyse(compare) if compare is not None else None
    return [table.rich() for t in _tables(data, other) for table in t.turned()]


# --------------------------------------------------------------------------- charts
def _require_analysis() -> None:
    try:
        import matplotlib  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as err:
        raise MissingAnalysisError(
            "the report's charts need matplotlib and numpy: pip install 'highcamp[analysis]'"
        ) from err


def _t(text: str) -> str:
    """Text for matplotlib: a ``$`` is a dollar, not mathematics."""
    return text.replace("$", r"\$")


def _wrap(text: str, width: int = 60) -> str:
    return "\n".join(textwrap.wrap(_t(text), width)) or " "


def _figure(
    panels: int, cols: int, width: float = 4.4, height: float = 3.1
) -> tuple[Figure, list[Axes]]:
    from matplotlib.figure import Figure

    cols = max(1, min(cols, panels))
    rows = max(1, math.ceil(panels / cols))
    fig = Figure(figsize=(width * cols, height * rows + 0.5), dpi=DPI, layout="constrained")
    grid = fig.subplots(rows, cols, squeeze=False)
    axes = [ax for row in grid for ax in row]
    for ax in axes[panels:]:
        fig.delaxes(ax)
    return fig, axes[:panels]


def _save(fig: Figure, out: Path, name: str) -> str:
    """Write ``name.png`` in ``out`` through a temporary file; returns the file name."""
    file = f"{name}.png"
    tmp = out / f".{file}.tmp"
    fig.savefig(tmp, format="png", dpi=DPI)
    os.replace(tmp, out / file)
    return file


def _edges(counts: Iterable[Mapping[float, int]]) -> Any:
    """Histogram bin edges shared by several ``value -> count`` histograms: one bin per
    value for integers with few distinct values, else 40 equal bins."""
    import numpy as np

    values = sorted({v for c in counts for v in c})
    lo, hi = values[0], values[-1]
    if all(float(v).is_integer() for v in values) and hi - lo <= 80:
        return np.arange(lo - 0.5, hi + 1.5)
    if hi == lo:
        return np.array([lo - 0.5, hi + 0.5])
    return np.linspace(lo, hi, 41)


def _hist(counts: Mapping[float, int], edges: Any) -> Any:
    """Share of the values in each bin (from counts: numpy over distinct values only)."""
    import numpy as np

    values = np.fromiter(counts.keys(), dtype=float, count=len(counts))
    weights = np.fromiter(counts.values(), dtype=float, count=len(counts))
    h, _ = np.histogram(values, bins=edges, weights=weights)
    total = weights.sum()
    return h / total if total else h


def _draw_bands(
    ax: Axes,
    chart: Sequence[ScoreBand],
    labels: Sequence[str],
    xlim: tuple[float, float],
    width_px: float,
) -> list[str]:
    """Shade each band of the chart within ``xlim`` and label it; returns the labels of
    bands too narrow to hold one (the caller shows them under the axis)."""
    from matplotlib.transforms import blended_transform_factory

    trans = blended_transform_factory(ax.transData, ax.transAxes)
    lo_x, hi_x = xlim
    narrow: list[str] = []
    for i, (band, label) in enumerate(zip(chart, labels, strict=True)):
        a = band.low - 0.5 if band.low is not None else lo_x
        b = band.high + 0.5 if band.high is not None else hi_x
        a, b = max(a, lo_x), min(b, hi_x)
        if b <= a:
            continue
        ax.axvspan(a, b, color=BAND_COLOURS[i % 2], zorder=0, lw=0)
        if (b - a) / (hi_x - lo_x) * width_px >= 13:
            ax.text(
                (a + b) / 2,
                0.97,
                _t(label),
                transform=trans,
                rotation=90,
                ha="center",
                va="top",
                fontsize=7,
                color="#333333",
                zorder=5,
                bbox={"facecolor": "white", "alpha": 0.6, "edgecolor": "none", "pad": 1},
            )
        else:
            narrow.append(label)
    return narrow


def _score_panel(
    ax: Axes,
    series: Sequence[tuple[str, Counter[float], str]],
    chart: Sequence[ScoreBand],
    band_labels: Sequence[str],
    title: str,
    width_px: float,
) -> None:
    """One panel of score histograms (bars for one series, steps for several) on the
    score chart's bands."""
    edges = _edges(c for _, c, _ in series)
    pad = (edges[-1] - edges[0]) * 0.02 + 0.5
    xlim = (float(edges[0] - pad), float(edges[-1] + pad))
    narrow: list[str] = []
    if chart:
        narrow = _draw_bands(ax, chart, band_labels, xlim, width_px)
    if len(series) == 1:
        _, counts, colour = series[0]
        ax.stairs(_hist(counts, edges), edges, fill=True, color=colour, alpha=0.75, zorder=2)
    else:
        for label, counts, colour in series:
            ax.stairs(_hist(counts, edges), edges, color=colour, lw=1.6, label=_t(label), zorder=2)
        ax.legend(fontsize=7, loc="upper right", framealpha=0.85)
    ax.set_xlim(*xlim)
    ax.set_ylim(0, None)
    ax.margins(y=0.15)
    ax.set_title(_wrap(title), fontsize=9)
    ax.set_ylabel("share of games")
    xlabel = "score"
    if narrow:
        xlabel += "\n" + _wrap("narrow bands: " + "; ".join(narrow), 70)
    ax.set_xlabel(xlabel, fontsize=8)
    ax.yaxis.set_major_formatter(_percent_formatter())


def _percent_formatter() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(xmax=1.0, decimals=None)


def _band_labels(chart: Sequence[ScoreBand], shares: Sequence[Sequence[float]]) -> list[str]:
    """``name (12.5%)`` for one series, ``name (10.0% / 12.5%)`` for two, the name alone
    for more (the tables give their shares)."""
    out = []
    for j, band in enumerate(chart):
        if 0 < len(shares) <= 2:
            out.append(f"{band.name} ({' / '.join(format_share(s[j]) for s in shares)})")
        else:
            out.append(band.name)
    return out


def _points_shown(data: _Run, limit: int) -> tuple[list[_Point], str]:
    filled = data.filled
    if len(filled) <= limit:
        return filled, ""
    return filled[:limit], f" (first {limit} of {len(filled)} points)"


@dataclass
class _Chart:
    file: str
    title: str
    caption: str


def _chart_scores(data: _Run, out: Path) -> _Chart:
    chart = data.run.chart
    seats = data.seats
    panel_w = 4.6 if seats > 1 or data.sweep else 8.0
    panels: list[tuple[str, list[tuple[str, Counter[float], str]], list[list[float]]]] = []
    note = ""
    if not data.sweep or len(data.filled) <= 3:
        shown = data.filled
        for k in range(seats):
            series = [
                (p.label if data.sweep else data.seat_name(k), p.scores[k], SEAT_COLOURS[i % 10])
                for i, p in enumerate(shown)
            ]
            if not data.sweep:
                series = [(data.seat_name(k), shown[0].scores[k], SEAT_COLOURS[k % 10])]
            shares = [[p.band_share(k, b.name)[1] for b in chart] for p in shown]
            panels.append((data.seat_name(k), series, shares))
    else:
        shown, note = _points_shown(data, MAX_PANELS)
        for p in shown:
            series = [(data.seat_name(k), p.scores[k], SEAT_COLOURS[k % 10]) for k in range(seats)]
            shares = [[p.band_share(k, b.name)[1] for b in chart] for k in range(seats)]
            panels.append((p.label, series, shares))
    cols = 1 if len(panels) == 1 else (2 if len(panels) <= 4 else 3)
    fig, axes = _figure(len(panels), cols, width=panel_w if len(panels) == 1 else 4.6, height=3.4)
    width_px = (panel_w if len(panels) == 1 else 4.6) * DPI * 0.8
    for ax, (title, series, shares) in zip(axes, panels, strict=True):
        _score_panel(ax, series, chart, _band_labels(chart, shares), title, width_px)
    fig.suptitle(_wrap(f"Score distribution: {data.run.title}{note}", 90))
    file = _save(fig, out, "scores")
    caption = (
        "Each bar is the share of games that ended with that score"
        + (", one panel per seat" if seats > 1 else "")
        + (", one panel per point" if data.sweep and len(data.filled) > 3 else "")
        + "."
    )
    if chart:
        caption += (
            " The shaded spans are the bands of the game's score chart, labelled with the"
            " share of games that ended in them (bands outside the scores reached are not drawn)."
        )
    return _Chart(file, "Score distribution", caption)


def _err(values: Sequence[tuple[float, float, float]]) -> Any:
    import numpy as np

    err = np.array([[m - lo for m, lo, _ in values], [hi - m for m, _, hi in values]])
    return np.clip(np.nan_to_num(err), 0.0, None)


def _grouped_bars(
    ax: Axes,
    groups: Sequence[str],
    series: Sequence[tuple[str, Sequence[tuple[float, float, float]]]],
    colours: Sequence[str],
    legend: bool = False,
) -> None:
    """Bars with 95% error bars: one group per ``groups`` entry, one bar per series."""
    import numpy as np

    x = np.arange(len(groups))
    width = 0.8 / max(1, len(series))
    for j, (label, values) in enumerate(series):
        ax.bar(
            x + (j - (len(series) - 1) / 2) * width,
            [m for m, _, _ in values],
            width * 0.92,
            yerr=_err(values),
            capsize=3,
            color=colours[j % len(colours)],
            label=_t(label),
            alpha=0.85,
        )
    ax.set_xticks(x, [_t(g) for g in groups])
    if len(groups) == 1:
        ax.set_xlim(-1.5, 1.5)
    _rotate_if_long(ax, groups)
    if legend and len(series) > 1:
        ax.legend(fontsize=7, framealpha=0.85)


def _figure_legend(fig: Figure, ax: Axes) -> None:
    """One legend for every panel, under them (the panels share their series)."""
    handles, labels = ax.get_legend_handles_labels()
    if len(handles) > 1:
        fig.legend(
            handles, labels, loc="outside lower center", ncols=min(len(handles), 4), fontsize=8
        )


def _rotate_if_long(ax: Axes, labels: Sequence[str]) -> None:
    if sum(len(s) + 2 for s in labels) > 36 or any(len(s) > 14 for s in labels):
        ax.tick_params(axis="x", labelrotation=25, labelsize=7)
        for tick in ax.get_xticklabels():
            tick.set_horizontalalignment("right")


def _chart_wins(data: _Run, out: Path) -> _Chart | None:
    seats = data.seats
    if seats < 2 or not data.filled:
        return None
    shown, note = _points_shown(data, MAX_SERIES)
    by_agent = len(set(data.run.agents)) > 1
    fig, axes = _figure(2 if by_agent else 1, 2, width=5.6 if by_agent else 7.5, height=3.8)
    groups = [f"seat {k + 1}" for k in range(seats)]
    series = []
    for p in shown:
        values = []
        for k in range(seats):
            w = p.wins(k)
            values.append((w / p.n, *wilson(w, p.n)))
        series.append((p.label if data.sweep else "win rate", values))
    _grouped_bars(axes[0], groups, series, SEAT_COLOURS)
    axes[0].set_title("by seat", fontsize=9)
    if by_agent:
        agents = list(dict.fromkeys(data.run.agents))
        agent_series = []
        for p in shown:
            values = []
            for agent in agents:
                held = [k for k in range(seats) if data.run.agents[k] == agent]
                w = sum(p.wins(k) for k in held)
                n = p.n * len(held)
                values.append((w / n, *wilson(w, n)))
            agent_series.append((p.label if data.sweep else "win rate", values))
        _grouped_bars(axes[1], agents, agent_series, SEAT_COLOURS)
        axes[1].set_title("by agent (over every seat it held)", fontsize=9)
    for ax in axes:
        ax.axhline(1 / seats, ls="--", color="#555555", lw=1, label=None)
        ax.set_ylabel("win rate")
        ax.set_ylim(0, None)
        ax.yaxis.set_major_formatter(_percent_formatter())
    if data.sweep:
        _figure_legend(fig, axes[0])
    fig.suptitle(_wrap(f"Win rates with 95% intervals{note}", 90))
    return _Chart(
        _save(fig, out, "wins"),
        "Win rates",
        "Each bar is how often a seat"
        + (" (and each agent)" if by_agent else "")
        + " won, a tie sharing the win; the whiskers are 95% Wilson intervals and the dashed"
        " line is the rate of equal chances (1 in " + str(seats) + ").",
    )


def _overlay_hist(
    ax: Axes,
    series: Sequence[tuple[str, Mapping[float, int]]],
    xlabel: str,
    colours: Sequence[str],
    legend: bool = True,
) -> None:
    edges = _edges(c for _, c in series)
    if len(series) == 1:
        ax.stairs(_hist(series[0][1], edges), edges, fill=True, color=colours[0], alpha=0.75)
    else:
        for j, (label, counts) in enumerate(series):
            ax.stairs(
                _hist(counts, edges),
                edges,
                color=colours[j % len(colours)],
                lw=1.5,
                label=_t(label),
            )
        if legend:
            ax.legend(fontsize=7, framealpha=0.85)
    ax.set_xlabel(_t(xlabel), fontsize=8)
    ax.set_ylabel("share of games")
    ax.set_ylim(0, None)
    ax.yaxis.set_major_formatter(_percent_formatter())


def _turns(p: _Point) -> Counter[float] | None:
    seat_counts = p.figures.get("turns")
    return seat_counts[0] if seat_counts and seat_counts[0] else None


def _chart_length(data: _Run, out: Path) -> _Chart | None:
    shown, note = _points_shown(data, MAX_SERIES)
    if not shown:
        return None
    has_turns = all(_turns(p) is not None for p in shown)
    fig, axes = _figure(2 if has_turns else 1, 2, width=5.6 if has_turns else 8.0, height=3.4)
    _overlay_hist(
        axes[0],
        [(p.label, p.lengths) for p in shown],
        "actions in the game (chance steps included)",
        SEAT_COLOURS,
    )
    axes[0].set_title("game length (actions)", fontsize=9)
    if has_turns:
        _overlay_hist(
            axes[1], [(p.label, _turns(p) or Counter()) for p in shown], "turns", SEAT_COLOURS
        )
        axes[1].set_title("turns", fontsize=9)
    fig.suptitle(_wrap(f"Game length{note}", 90))
    return _Chart(
        _save(fig, out, "length"),
        "Game length",
        "How long the games were: the number of actions in a game's history (every decision"
        " and chance step)" + (", and its number of turns" if has_turns else "") + ".",
    )


def _chart_figures(data: _Run, out: Path) -> list[_Chart]:
    shown, note = _points_shown(data, MAX_SERIES)
    names = [n for n in data.figure_names if not (n == "turns" and all(_turns(p) for p in shown))]
    if not shown or not names:
        return []
    seats = data.seats
    panels = [
        functools.partial(_figure_panel, data=data, shown=shown, name=name, seats=seats)
        for name in names
    ]
    return _grid_charts(
        out,
        "figures",
        "Per-game figures",
        f"Per-game figures{note}",
        "Each panel is one figure of the score sheet: a histogram (share of games) when"
        " it takes many values, otherwise its mean per seat (a true/false figure: how"
        " often it was true) with a 95% interval.",
        panels,
        size=(4.0, 3.0),
        legend=len(shown) > 1,
    )


def _grid_charts(
    out: Path,
    name: str,
    heading: str,
    title: str,
    caption: str,
    panels: Sequence[Callable[[Axes], None]],
    *,
    size: tuple[float, float],
    legend: bool,
) -> list[_Chart]:
    """Panels drawn as small multiples, ``GRID_PANELS`` to a PNG (``name``, or ``name_1``,
    ``name_2``... when they need several)."""
    several = len(panels) > GRID_PANELS
    charts = []
    for part, start in enumerate(range(0, len(panels), GRID_PANELS)):
        chunk = panels[start : start + GRID_PANELS]
        fig, axes = _figure(len(chunk), 3, width=size[0], height=size[1])
        for ax, draw in zip(axes, chunk, strict=True):
            draw(ax)
        if legend:
            _figure_legend(fig, axes[0])
        fig.suptitle(_wrap(title, 90))
        suffix = f"_{part + 1}" if several else ""
        charts.append(
            _Chart(
                _save(fig, out, f"{name}{suffix}"),
                heading + (f" ({part + 1})" if several else ""),
                caption,
            )
        )
    return charts


def _figure_panel(ax: Axes, data: _Run, shown: Sequence[_Point], name: str, seats: int) -> None:
    distinct = {v for p in shown for c in p.figures.get(name, []) for v in c}
    is_bool = name in data.bools
    ax.set_title(_wrap(_figure_label(name), 40), fontsize=9)
    if len(distinct) > MANY_VALUES and not is_bool:
        if len(shown) == 1:
            p = shown[0]
            per_seat = p.figures.get(name, [])
            if all(c == per_seat[0] for c in per_seat):
                series = [("all seats", per_seat[0])]
            else:
                series = [(data.seat_name(k), c) for k, c in enumerate(per_seat) if c]
        else:
            series = [(p.label, p.pooled(name)) for p in shown if p.pooled(name)]
        if series:
            _overlay_hist(ax, series, _figure_label(name), SEAT_COLOURS, legend=len(shown) == 1)
        return
    groups = [f"seat {k + 1}" for k in range(seats)] if seats > 1 else [data.seat_name(0)]
    series_bars = []
    for p in shown:
        values: list[tuple[float, float, float]] = []
        for k in range(seats):
            counts = p.figures.get(name, [Counter()] * seats)[k]
            n = sum(counts.values())
            if n == 0:
                values.append((math.nan, math.nan, math.nan))
            elif is_bool:
                share = counts.get(1.0, 0) / n
                values.append((share, *wilson(counts.get(1.0, 0), n)))
            else:
                values.append(mean_interval(counts))
        series_bars.append((p.label, values))
    _grouped_bars(ax, groups, series_bars, SEAT_COLOURS)
    ax.set_ylabel("share of games" if is_bool else "mean")
    if is_bool:
        ax.yaxis.set_major_formatter(_percent_formatter())


def _chart_endings(data: _Run, out: Path) -> _Chart | None:
    shown, note = _points_shown(data, MAX_SERIES)
    if not shown:
        return None
    import numpy as np

    endings = list(dict.fromkeys(e.name for p in shown if p.summary for e in p.summary.endings))
    height = max(2.6, 1.2 + 0.35 * len(endings) * max(1, len(shown)) ** 0.5)
    fig, axes = _figure(1, 1, width=8.0, height=min(height, 9.0))
    ax = axes[0]
    y = np.arange(len(endings))
    bar = 0.8 / len(shown)
    for j, p in enumerate(shown):
        shares = [p.ending_share(e) for e in endings]
        lows, highs = zip(*(wilson(s * p.n, p.n) for s in shares), strict=True)
        ax.barh(
            y + (j - (len(shown) - 1) / 2) * bar,
            shares,
            bar * 0.92,
            xerr=_err([(s, lo, hi) for s, lo, hi in zip(shares, lows, highs, strict=True)]),
            capsize=2,
            color=SEAT_COLOURS[j % 10],
            label=_t(p.label),
            alpha=0.85,
        )
    ax.set_yticks(y, [_t(e) for e in endings])
    ax.invert_yaxis()
    ax.set_xlabel("share of games")
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(_percent_formatter())
    if len(shown) > 1:
        ax.legend(fontsize=7, framealpha=0.85)
    fig.suptitle(_wrap(f"Endings{note}", 90))
    return _Chart(
        _save(fig, out, "endings"),
        "Endings",
        "How the games ended (the game's own ending names), as shares of the games with 95%"
        " Wilson intervals.",
    )


def _sweep_x(data: _Run) -> tuple[list[float], list[str], bool, str]:
    """Positions and tick labels of the points on the x axis, whether the axis is numeric,
    and its label. One swept key: its values (a numeric axis when they are all numbers).
    Several: the varying keys' ``key=value`` labels, or the points' numbers (1, 2, ... in
    the order of the sweep table) when those would not fit under a panel."""
    points = data.filled
    keys = [k for k, v in data.run.sweep.items() if len(v) > 1] or list(data.run.sweep)
    index = [float(i) for i in range(len(points))]
    if len(keys) == 1:
        values = [p.swept.get(keys[0]) for p in points]
        numbers = [
            float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)
        ]
        if len(numbers) == len(values):
            return numbers, [str(v) for v in values], True, keys[0]
        labels = [str(v) for v in values]
        name = keys[0]
    else:
        labels = [" ".join(f"{k}={p.swept.get(k)}" for k in keys) for p in points]
        name = "point"
    if sum(len(s) for s in labels) > 70 or any(len(s) > 24 for s in labels):
        numbered = [str(data.points.index(p) + 1) for p in points]
        return index, numbered, False, "point (numbered as in the sweep table)"
    return index, labels, False, name


def _chart_sweep(data: _Run, out: Path) -> list[_Chart]:
    points = data.filled
    if not data.sweep or len(points) < 2:
        return []
    x, labels, numeric, xname = _sweep_x(data)
    seats = data.seats
    panels: list[Callable[[Axes], None]] = []

    def lines(
        ax: Axes, per_seat: Sequence[Sequence[tuple[float, float, float]]], names: Sequence[str]
    ) -> None:
        for k, values in enumerate(per_seat):
            ax.errorbar(
                [xi + (k - (len(per_seat) - 1) / 2) * 0.04 * (1 if not numeric else 0) for xi in x],
                [m for m, _, _ in values],
                yerr=_err(values),
                marker="o",
                ms=4,
                capsize=3,
                color=SEAT_COLOURS[k % 10],
                label=_t(names[k]),
            )

    seat_names = [f"seat {k + 1}" for k in range(seats)] if seats > 1 else [data.seat_name(0)]

    def score(ax: Axes) -> None:
        lines(ax, [[mean_interval(p.scores[k]) for p in points] for k in range(seats)], seat_names)
        ax.set_title("mean score", fontsize=9)

    panels.append(score)
    if seats > 1:

        def wins(ax: Axes) -> None:
            lines(
                ax,
                [
                    [(p.wins(k) / p.n, *wilson(p.wins(k), p.n)) for p in points]
                    for k in range(seats)
                ],
                seat_names,
            )
            ax.axhline(1 / seats, ls="--", color="#555555", lw=1)
            ax.set_title("win rate", fontsize=9)
            ax.yaxis.set_major_formatter(_percent_formatter())

        panels.append(wins)
    chart = data.run.chart
    bands_panel: Callable[[Axes], None] | None = None
    if chart:

        def bands(ax: Axes) -> None:
            import numpy as np

            bottom = np.zeros(len(points))
            pos = np.arange(len(points)) if numeric else np.array(x)
            for j, band in enumerate(chart):
                shares = np.array([p.band_share(None, band.name)[1] for p in points])
                if not shares.any():
                    continue
                ax.bar(
                    pos,
                    shares,
                    0.7,
                    bottom=bottom,
                    label=_t(band.name),
                    color=SEAT_COLOURS[j % 10],
                    alpha=0.8,
                )
                bottom += shares
            ax.set_xticks(pos, [_t(s) for s in labels])
            _rotate_if_long(ax, labels)
            ax.set_title("band shares" + (" (all seats)" if seats > 1 else ""), fontsize=9)
            ax.yaxis.set_major_formatter(_percent_formatter())
            ax.set_ylim(0, 1)
            ax.legend(fontsize=6, framealpha=0.85, loc="upper left", bbox_to_anchor=(1.0, 1.0))

        panels.append(bands)
        bands_panel = bands

    def length(ax: Axes) -> None:
        lines(ax, [[mean_interval(p.lengths) for p in points]], ["mean length"])
        ax.set_title("mean game length (actions)", fontsize=9)

    panels.append(length)
    for name in data.figure_names:

        def figure(ax: Axes, name: str = name) -> None:
            is_bool = name in data.bools
            per_seat = []
            for k in range(seats):
                values = []
                for p in points:
                    counts = p.figures.get(name, [Counter()] * seats)[k]
                    n = sum(counts.values())
                    if n == 0:
                        values.append((math.nan, math.nan, math.nan))
                    elif is_bool:
                        values.append((counts.get(1.0, 0) / n, *wilson(counts.get(1.0, 0), n)))
                    else:
                        values.append(mean_interval(counts))
                per_seat.append(values)
            same = all(v == per_seat[0] for v in per_seat)
            lines(ax, per_seat[:1] if same else per_seat, ["all seats"] if same else seat_names)
            kind = " (share" if is_bool else " (mean"
            kind += ", every seat the same)" if same and seats > 1 else ")"
            ax.set_title(_wrap(_figure_label(name) + kind, 40), fontsize=9)
            if is_bool:
                ax.yaxis.set_major_formatter(_percent_formatter())

        panels.append(figure)

    def on_the_points(draw: Callable[[Axes], None]) -> Callable[[Axes], None]:
        def panel(ax: Axes) -> None:
            draw(ax)
            if draw is not bands_panel and not numeric:
                ax.set_xticks(x, [_t(s) for s in labels])
                _rotate_if_long(ax, labels)
            ax.set_xlabel(_t(xname), fontsize=8)

        return panel

    return _grid_charts(
        out,
        "sweep",
        "Sweep",
        "Sweep: each figure against the point, with 95% intervals",
        "Each panel follows one figure across the points of the sweep (means and win"
        " rates with 95% intervals; band shares stacked to 100% of the games).",
        [on_the_points(draw) for draw in panels],
        size=(4.2, 3.2),
        legend=seats > 1,
    )


def _chart_compare(data: _Run, other: _Run, out: Path) -> list[_Chart]:
    a, b = data.whole, other.whole
    if a.n == 0 or b.n == 0:
        return []
    names = (data.run.label, other.run.label)
    if names[0] == names[1]:
        names = (f"{names[0]} (run)", f"{names[1]} (compare)")
    common = min(a.seats, b.seats)
    chart = data.run.chart if data.run.chart == other.run.chart else []
    fig, axes = _figure(
        common, 2 if common > 1 else 1, width=4.8 if common > 1 else 8.0, height=3.4
    )
    width_px = (4.8 if common > 1 else 8.0) * DPI * 0.8
    for k, ax in enumerate(axes):
        shares = [[p.band_share(k, band.name)[1] for band in chart] for p in (a, b)]
        _score_panel(
            ax,
            [(names[0], a.scores[k], SEAT_COLOURS[0]), (names[1], b.scores[k], SEAT_COLOURS[1])],
            chart,
            _band_labels(chart, shares),
            data.seat_name(k) if common > 1 else "score",
            width_px,
        )
    fig.suptitle(_wrap(f"Score distributions: {names[0]} and {names[1]}", 90))
    charts = [
        _Chart(
            _save(fig, out, "compare_scores"),
            "Compare: score distributions",
            "Both runs' score distributions overlaid (share of games at each score)"
            + (", with the bands' shares in each run (run / compare)" if chart else "")
            + ".",
        )
    ]
    panels: list[tuple[str, list[str], list[list[tuple[float, float, float]]], bool]] = []
    groups = [f"seat {k + 1}" for k in range(common)] if common > 1 else ["all games"]
    panels.append(
        (
            "mean score",
            groups,
            [[mean_interval(p.scores[k]) for k in range(common)] for p in (a, b)],
            False,
        )
    )
    if common > 1:
        panels.append(
            (
                "win rate",
                groups,
                [
                    [(p.wins(k) / p.n, *wilson(p.wins(k), p.n)) for k in range(common)]
                    for p in (a, b)
                ],
                True,
            )
        )
    panels.append(
        (
            "mean game length (actions)",
            ["all games"],
            [[mean_interval(p.lengths)] for p in (a, b)],
            False,
        )
    )
    for name in [n for n in data.figure_names if n in other.figure_names]:
        values = []
        for p in (a, b):
            counts = p.pooled(name)
            if not counts:
                values.append([(math.nan, math.nan, math.nan)])
            elif name in data.bools:
                n = sum(counts.values())
                values.append([(counts.get(1.0, 0) / n, *wilson(counts.get(1.0, 0), n))])
            else:
                values.append([mean_interval(counts)])
        label = (
            _figure_label(name)
            + (" (share" if name in data.bools else " (mean")
            + (", all seats)" if common > 1 else ")")
        )
        panels.append((label, ["all games"], values, name in data.bools))
    panels = panels[:GRID_PANELS]
    fig, axes = _figure(len(panels), 3, width=4.0, height=3.0)
    for ax, (title, grp, values, percent) in zip(axes, panels, strict=True):
        _grouped_bars(ax, grp, [(names[0], values[0]), (names[1], values[1])], SEAT_COLOURS)
        ax.set_title(_wrap(title, 40), fontsize=9)
        if percent:
            ax.yaxis.set_major_formatter(_percent_formatter())
    _figure_legend(fig, axes[0])
    fig.suptitle(_wrap(f"Main figures: {names[0]} and {names[1]} (95% intervals)", 90))
    charts.append(
        _Chart(
            _save(fig, out, "compare_figures"),
            "Compare: main figures",
            "Side by side, each run's mean score, win rate, game length and figure means with"
            " 95% intervals; the table above gives their differences.",
        )
    )
    return charts


# ----------------------------------------------------------------------------- HTML
_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222;
       padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; vertical-align: top; }
thead th { background: #f0f0f0; } tbody th { text-align: left; font-weight: normal; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { color: #444; max-width: 60em; margin-top: 0.4em; }
.runs { display: flex; gap: 2em; flex-wrap: wrap; } .wide { overflow-x: auto; }
"""


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


def _definition_html(run: RunData, heading: str) -> str:
    e = html.escape
    rows = "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in _definition(run))
    return f"<table><caption>{e(heading)}</caption><tbody>{rows}</tbody></table>"


def _page(
    data: _Run, other: _Run | None, tables: Sequence[_TableData], charts: Sequence[_Chart]
) -> str:
    e = html.escape
    run = data.run
    title = f"highcamp report: {run.label} ({run.title})"
    if other is not None:
        title += f" compared with {other.run.label}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        "<h2>Run</h2>",
    ]
    if other is None:
        parts.append(_definition_html(run, "Definition"))
    else:
        parts.append(
            '<div class="runs">'
            + _definition_html(run, f"Run: {run.label}")
            + _definition_html(other.run, f"Compare: {other.run.label}")
            + "</div>"
        )
    parts.append("<h2>Summary</h2>")
    parts.extend(f'<div class="wide">{t.html()}</div>' for table in tables for t in table.turned())
    if charts:
        parts.append("<h2>Charts</h2>")
    for chart in charts:
        parts.append(
            f'<figure><img src="{e(chart.file)}" alt="{e(chart.title)}">'
            f"<figcaption><b>{e(chart.title)}.</b> {e(chart.caption)}</figcaption></figure>"
        )
    parts.append(
        f"<p><small>Made by highcamp {e(run.version or '')} on {e(_fmt_time(time.time()))}."
        "</small></p></body></html>"
    )
    return "\n".join(parts) + "\n"


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
    tmp.write_text(_page(data, other, tables, charts), encoding="utf-8")
    os.replace(tmp, index)
    return index
