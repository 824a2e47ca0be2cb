"""The report's charts of one run: matplotlib (Agg) PNGs from the aggregated counts."""

from __future__ import annotations

import functools
import math
import os
import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from highcamp.core import ScoreBand

from ..stats import mean_interval, wilson
from .data import _Point, _Run
from .tables import _figure_label, format_share

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

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
