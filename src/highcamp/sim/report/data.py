"""A run aggregated for the report: ``value -> count`` histograms per point, read once."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from highcamp.core import ScoreBand
from highcamp.store.records import GameRecord, RunData

from ..stats import Summary, summarize

if TYPE_CHECKING:
    pass


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
