"""The report's tables: one table data for the terminal (rich) and the page (HTML)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table

from highcamp.store.records import RunData

from ..stats import (
    QUANTILE_NAMES,
    Summary,
    difference_interval,
    mean_interval,
    mean_sd,
    mean_se,
    share_se,
    wilson,
)
from .data import _analyse, _Point, _Run

if TYPE_CHECKING:
    pass


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
        d, lo, hi = difference_interval(pa, share_se(pa, na), pb, share_se(pb, nb))
        out.append(_Difference(name, pa, pb, d, lo, hi, True))

    def mean(name: str, ca: Mapping[float, int], cb: Mapping[float, int]) -> None:
        ma, mb = mean_sd(ca)[0], mean_sd(cb)[0]
        d, lo, hi = difference_interval(ma, mean_se(ca), mb, mean_se(cb))
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
