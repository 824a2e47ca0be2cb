"""Summary statistics of simulated games, in pure Python, accumulated a chunk at a time.

Scores are kept as a histogram (value -> count), so quantiles are exact, memory grows
with the number of distinct scores rather than games, and chunks can be added as they
arrive (:class:`SummaryBuilder`).

>>> from highcamp.store.records import GameRecord
>>> def rec(i, score, band, ending):
...     return GameRecord(i, i, (i,), (score,), (score,), (band,), ending, 10 + i, ({},))
>>> s = summarize([rec(0, 10, "low", "fell"), rec(1, 30, "high", "summit"),
...                rec(2, 20, "low", "summit")])
>>> s.count, s.seats[0].mean, s.seats[0].quantiles.median, s.mean_length
(3, 20.0, 20.0, 11.0)
>>> [(b.name, b.count) for b in s.seats[0].bands]
[('low', 2), ('high', 1)]
>>> [(e.name, e.count) for e in s.endings]
[('summit', 2), ('fell', 1)]
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from highcamp.store.records import GameRecord

__all__ = [
    "QUANTILE_LEVELS",
    "QUANTILE_NAMES",
    "Frequency",
    "Quantiles",
    "SeatSummary",
    "Summary",
    "SummaryBuilder",
    "difference_interval",
    "mean_interval",
    "mean_sd",
    "mean_se",
    "quantiles_from_counts",
    "share_se",
    "summarize",
    "t_interval",
    "t_quantile",
    "wilson",
]

QUANTILE_LEVELS = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)
QUANTILE_NAMES = ("min", "5%", "25%", "median", "75%", "95%", "max")
Z95 = 1.959963984540054
"""The 97.5% point of the standard normal: the 95% interval of a mean is mean ± Z95·sd/√n."""


def quantiles_from_counts(
    counts: Mapping[float, int], levels: Sequence[float] = QUANTILE_LEVELS
) -> tuple[float, ...]:
    """Exact quantiles of a multiset given as ``value -> count``.

    Linear interpolation between order statistics (numpy's default, and
    ``statistics.quantiles(method="inclusive")``): level ``q`` of ``n`` sorted values
    sits at position ``(n - 1) q``.

    >>> quantiles_from_counts({1: 1, 2: 1, 3: 1, 4: 1}, (0, 0.5, 0.25, 1))
    (1.0, 2.5, 1.75, 4.0)
    >>> quantiles_from_counts({7: 1000}, (0.05, 0.95))
    (7.0, 7.0)
    """
    values = sorted(v for v, c in counts.items() if c > 0)
    if not values:
        raise ValueError("quantiles of no values")
    cum = list(itertools.accumulate(counts[v] for v in values))  # items <= values[j]
    n = cum[-1]

    def order_stat(rank: int) -> float:  # 0-based rank in the sorted multiset
        return float(values[bisect.bisect_right(cum, rank)])

    out: list[float] = []
    for q in levels:
        if not 0 <= q <= 1:
            raise ValueError(f"quantile levels are between 0 and 1, not {q}")
        h = (n - 1) * q
        lo = math.floor(h)
        a = order_stat(lo)
        frac = h - lo
        if frac == 0:
            out.append(a)
        else:
            b = order_stat(min(lo + 1, n - 1))
            out.append(a + (b - a) * frac)
    return tuple(out)


def mean_sd(counts: Mapping[float, int]) -> tuple[float, float]:
    """Mean and sample standard deviation (``n - 1``) of a ``value -> count`` multiset
    (two exact passes over the distinct values; the sd of one value is 0).

    >>> mean_sd({2: 1, 4: 1, 6: 1})
    (4.0, 2.0)
    """
    n = sum(counts.values())
    if n == 0:
        raise ValueError("mean of no values")
    mean = math.fsum(v * c for v, c in counts.items()) / n
    if n < 2:
        return mean, 0.0
    var = math.fsum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1)
    return mean, math.sqrt(var)


# ------------------------------------------------------------------------- intervals
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


def mean_se(counts: Mapping[float, int]) -> float:
    """The standard error of the mean of a ``value -> count`` histogram (0 below two values).

    >>> mean_se({2: 1, 4: 1, 6: 1})  # doctest: +ELLIPSIS
    1.1547...
    """
    n = sum(counts.values())
    if n < 2:
        return 0.0
    return mean_sd(counts)[1] / math.sqrt(n)


def share_se(p: float, n: int) -> float:
    """The standard error of a share ``p`` of ``n`` trials (0 without trials).

    >>> share_se(0.5, 100)
    0.05
    """
    return math.sqrt(max(p * (1 - p), 0.0) / n) if n > 0 else 0.0


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularised incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float, y: float) -> float:
    """The regularised incomplete beta function ``I_x(a, b)``, given ``x`` and ``y = 1 - x``
    (each computed without cancellation by the caller)."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, y) / b


def t_cdf(t: float, df: float) -> float:
    """The distribution function of Student's t with ``df`` degrees of freedom.

    >>> t_cdf(0.0, 5), round(t_cdf(2.0, 1), 6)
    (0.5, 0.852416)
    """
    t2 = t * t
    x, y = df / (df + t2), t2 / (df + t2)
    if x < y:
        tail = 0.5 * _betainc(df / 2.0, 0.5, x, y)
    else:
        tail = 0.5 * (1.0 - _betainc(0.5, df / 2.0, y, x))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection of
    :func:`t_cdf` to about 1e-12; checked against scipy in the tests).

    >>> round(t_quantile(0.975, 1), 4), round(t_quantile(0.975, 9), 4), round(t_quantile(0.975, 1e9), 4)
    (12.7062, 2.2622, 1.96)
    """
    if not 0.0 < p < 1.0 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0 (got p={p}, df={df})")
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return 0.5 * (lo + hi)


def t_interval(values: Sequence[float], level: float = 0.95) -> tuple[float, float]:
    """Mean of ``values`` and the half-width of its Student's t interval
    (``t(n-1)·sd/√n``: wider than the normal one for small samples); ``nan`` without values,
    an infinite half-width for one value.

    >>> m, half = t_interval([1.0, 2.0, 3.0, 4.0])
    >>> m, round(half, 4)
    (2.5, 2.0543)
    >>> t_interval([5.0])
    (5.0, inf)
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.inf
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)


@dataclass(frozen=True)
class Quantiles:
    """The score at the minimum, 5%, 25%, median, 75%, 95% and maximum."""

    min: float
    p5: float
    p25: float
    median: float
    p75: float
    p95: float
    max: float

    def values(self) -> tuple[float, ...]:
        """The seven values in order (names in ``QUANTILE_NAMES``)."""
        return (self.min, self.p5, self.p25, self.median, self.p75, self.p95, self.max)


@dataclass(frozen=True)
class Frequency:
    """How often something happened: ``count`` of the games, ``share`` of them (0..1)."""

    name: str
    count: int
    share: float


@dataclass(frozen=True)
class SeatSummary:
    """Statistics of one seat's score over the games.

    ``ci95`` is the normal-approximation 95% interval of the mean (``None`` for fewer than
    two games); ``win_rate`` is ``None`` in a one-seat game; ``figures`` holds the mean of
    each numeric figure of the score breakdown (a boolean's mean is how often it was true).
    """

    seat: int
    mean: float
    sd: float
    ci95: tuple[float, float] | None
    quantiles: Quantiles
    mean_return: float
    win_rate: float | None
    bands: tuple[Frequency, ...]
    figures: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Summary:
    """A summary of ``count`` games: per seat, endings and game length."""

    count: int
    seats: tuple[SeatSummary, ...]
    endings: tuple[Frequency, ...]
    mean_length: float
    returns_differ: bool
    """True when some game's returns differ from its scores (then both are worth showing)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the summary."""

        def freq(items: Iterable[Frequency]) -> list[dict[str, Any]]:
            return [{"name": f.name, "count": f.count, "share": f.share} for f in items]

        return {
            "count": self.count,
            "mean_length": self.mean_length,
            "endings": freq(self.endings),
            "seats": [
                {
                    "seat": s.seat,
                    "mean": s.mean,
                    "sd": s.sd,
                    "ci95": list(s.ci95) if s.ci95 is not None else None,
                    "quantiles": dict(zip(QUANTILE_NAMES, s.quantiles.values(), strict=True)),
                    "mean_return": s.mean_return,
                    "win_rate": s.win_rate,
                    "bands": freq(s.bands),
                    "figures": dict(s.figures),
                }
                for s in self.seats
            ],
        }


class SummaryBuilder:
    """Accumulates records chunk by chunk; :meth:`summary` gives the statistics so far.

    >>> from highcamp.store.records import GameRecord
    >>> b = SummaryBuilder()
    >>> b.add([GameRecord(0, 0, (0, 0), (1.0, 0.0), (5, 3), (None, None), None, 4, ({}, {}))])
    >>> b.add([GameRecord(1, 1, (1, 1), (1.0, 1.0), (4, 4), (None, None), None, 6, ({}, {}))])
    >>> s = b.summary()
    >>> [seat.win_rate for seat in s.seats], s.mean_length
    ([0.75, 0.25], 5.0)
    """

    def __init__(self) -> None:
        self.count = 0
        self._seats = 0
        self._length = 0
        self._endings: Counter[str | None] = Counter()
        self._pairs: list[Counter[tuple[float, str | None]]] = []
        self._returns: list[list[float]] = []
        self._wins: list[float] = []
        self._figure_sums: list[dict[str, float]] = []
        self._figure_counts: list[Counter[str]] = []
        self._returns_differ = False

    def _grow(self, seats: int) -> None:
        while self._seats < seats:
            self._pairs.append(Counter())
            self._returns.append([])
            self._wins.append(0.0)
            self._figure_sums.append({})
            self._figure_counts.append(Counter())
            self._seats += 1

    def add(self, records: Sequence[GameRecord]) -> None:
        """Add a chunk of records."""
        if not records:
            return
        seats = max(len(r.scores) for r in records)
        self._grow(seats)
        self.count += len(records)
        self._length += sum(r.length for r in records)
        self._endings.update(r.ending for r in records)
        if not self._returns_differ:
            self._returns_differ = any(r.returns != r.scores for r in records)
        for k in range(seats):
            self._pairs[k].update((r.scores[k], r.bands[k]) for r in records)
            self._returns[k].append(math.fsum(r.returns[k] for r in records))
            sums = self._figure_sums[k]
            counts = self._figure_counts[k]
            for r in records:
                for name, value in r.figures[k].items():
                    if isinstance(value, int | float):
                        if name in sums:
                            sums[name] += value
                        else:
                            sums[name] = value
                        counts[name] += 1
        if seats > 1:
            wins = self._wins
            for r in records:
                best = max(r.returns)
                winners = [k for k, v in enumerate(r.returns) if v == best]
                share = 1.0 / len(winners)
                for k in winners:
                    wins[k] += share

    def summary(self, band_order: Sequence[str] | None = None) -> Summary:
        """The statistics of the records added so far.

        Bands are listed in ``band_order`` when given (others after, most frequent first);
        otherwise by the mean score of the games in them, lowest first (the order of a
        legend of score bands).
        """
        n = self.count
        if n == 0:
            raise ValueError("no games to summarise")
        seats: list[SeatSummary] = []
        for k in range(self._seats):
            scores: Counter[float] = Counter()
            band_counts: Counter[str] = Counter()
            band_sums: dict[str, float] = {}
            for (score, band), c in self._pairs[k].items():
                scores[score] += c
                if band is not None:
                    band_counts[band] += c
                    band_sums[band] = band_sums.get(band, 0.0) + score * c
            mean, sd = mean_sd(scores)
            half = Z95 * sd / math.sqrt(n)
            ci = (mean - half, mean + half) if n >= 2 else None
            bands = _order_bands(band_counts, band_sums, band_order, n)
            figures = {
                name: total / self._figure_counts[k][name]
                for name, total in self._figure_sums[k].items()
            }
            seats.append(
                SeatSummary(
                    seat=k,
                    mean=mean,
                    sd=sd,
                    ci95=ci,
                    quantiles=Quantiles(*quantiles_from_counts(scores)),
                    mean_return=math.fsum(self._returns[k]) / n,
                    win_rate=self._wins[k] / n if self._seats > 1 else None,
                    bands=bands,
                    figures=figures,
                )
            )
        endings = tuple(
            Frequency("(none)" if e is None else e, c, c / n)
            for e, c in sorted(self._endings.items(), key=lambda kv: (-kv[1], str(kv[0])))
        )
        return Summary(
            count=n,
            seats=tuple(seats),
            endings=endings,
            mean_length=self._length / n,
            returns_differ=self._returns_differ,
        )


def _order_bands(
    counts: Counter[str], sums: Mapping[str, float], order: Sequence[str] | None, n: int
) -> tuple[Frequency, ...]:
    if order is not None:
        # every band of the game is listed, reached or not, in the game's order
        rank = {b: i for i, b in enumerate(order)}
        names = [*order, *sorted((b for b in counts if b not in rank), key=lambda b: -counts[b])]
    else:
        names = sorted(counts, key=lambda b: (sums[b] / counts[b], -counts[b], b))
    return tuple(Frequency(b, counts[b], counts[b] / n if n else 0.0) for b in names)


def summarize(records: Iterable[GameRecord], band_order: Sequence[str] | None = None) -> Summary:
    """The summary of a list of records (see :class:`SummaryBuilder`)."""
    builder = SummaryBuilder()
    builder.add(list(records))
    return builder.summary(band_order)
