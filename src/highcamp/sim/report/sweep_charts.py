"""The report's charts of a sweep (a line per figure over the swept values) and of a
comparison of two runs."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..stats import mean_interval, wilson
from .charts import (
    DPI,
    GRID_PANELS,
    SEAT_COLOURS,
    _band_labels,
    _Chart,
    _err,
    _figure,
    _figure_legend,
    _grid_charts,
    _grouped_bars,
    _percent_formatter,
    _rotate_if_long,
    _save,
    _score_panel,
    _t,
    _wrap,
)
from .data import _Run
from .tables import _figure_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes


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
