"""The interval maths of highcamp.sim.stats and the arena's ratings, checked on fixed
inputs against scipy (and against hand computations where a textbook gives the figure)."""

from __future__ import annotations

import math

import pytest

from highcamp.sim.arena import _percentiles, bradley_terry
from highcamp.sim.stats import (
    Z95,
    difference_interval,
    mean_interval,
    t_cdf,
    t_interval,
    t_quantile,
    wilson,
)

scipy_stats = pytest.importorskip("scipy.stats")
np = pytest.importorskip("numpy")


# --------------------------------------------------------------------------- wilson
def test_wilson_matches_a_hand_computation() -> None:
    # 8 of 10: p = 0.8, z² = 3.8415; centre = (0.8 + 0.19207) / 1.38415 = 0.71679;
    # half = 1.96 · √(0.016 + 0.009604) / 1.38415 = 0.22662
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.71679 - 0.22662, abs=1e-4)
    assert hi == pytest.approx(0.71679 + 0.22662, abs=1e-4)
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)  # the textbook interval of 8/10
    # a tie shares the win: 2.5 wins of 5 is the symmetric interval around 1/2
    lo, hi = wilson(2.5, 5)
    assert lo + hi == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(0, 10)[0] == 0.0


@pytest.mark.parametrize(("k", "n"), [(0, 10), (1, 10), (8, 10), (40, 61), (500, 1000), (3, 7)])
def test_wilson_equals_scipy(k: int, n: int) -> None:
    ci = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(ci.low, abs=1e-12)
    assert hi == pytest.approx(ci.high, abs=1e-12)


def test_mean_interval_is_scipy_normal_interval() -> None:
    counts = {2.0: 3, 5.0: 1, 7.0: 4, 11.0: 2}
    values = [v for v, c in counts.items() for _ in range(c)]
    mean, lo, hi = mean_interval(counts)
    ref = scipy_stats.norm.interval(0.95, loc=np.mean(values), scale=scipy_stats.sem(values))
    assert mean == pytest.approx(np.mean(values))
    assert (lo, hi) == pytest.approx(ref, abs=1e-12)
    assert scipy_stats.norm.ppf(0.975) == pytest.approx(Z95, abs=1e-15)


def test_difference_of_means_is_the_normal_approximation() -> None:
    d, lo, hi = difference_interval(3.0, 0.6, 1.0, 0.8)
    assert d == 2.0
    assert hi - d == pytest.approx(Z95 * 1.0)  # √(0.36 + 0.64) = 1
    assert d - lo == pytest.approx(Z95 * 1.0)


# ------------------------------------------------------------------------ Student's t
@pytest.mark.parametrize("df", [1, 1.5, 2, 3, 4, 5, 7, 10, 20, 30, 50, 100, 1000, 1e5])
def test_t_quantile_and_cdf_equal_scipy(df: float) -> None:
    for p in (0.5000001, 0.6, 0.9, 0.95, 0.975, 0.99, 0.995, 0.9995):
        for q in (p, 1 - p):
            t = t_quantile(q, df)
            assert t == pytest.approx(scipy_stats.t.ppf(q, df), rel=1e-8, abs=1e-9)
            assert scipy_stats.t.cdf(t, df) == pytest.approx(q, abs=1e-9)
    for t in (-30.0, -2.5, -0.1, 0.0, 0.3, 1.0, 4.0, 100.0):
        assert t_cdf(t, df) == pytest.approx(scipy_stats.t.cdf(t, df), abs=1e-10)


def test_t_quantile_refuses_what_has_no_quantile() -> None:
    for p, df in ((0.0, 3), (1.0, 3), (0.5, 0)):
        with pytest.raises(ValueError, match="0 < p < 1"):
            t_quantile(p, df)


@pytest.mark.parametrize(
    "values", [[3.0, 5.0], [1.0, 2.0, 3.0, 4.0], [10.0, 12.5, 9.0, 11.0, 30.0, 7.5, 8.0]]
)
def test_t_interval_equals_scipy(values: list[float]) -> None:
    mean, half = t_interval(values)
    lo, hi = scipy_stats.t.interval(
        0.95, len(values) - 1, loc=np.mean(values), scale=scipy_stats.sem(values)
    )
    assert mean == pytest.approx(np.mean(values))
    assert (mean - half, mean + half) == pytest.approx((lo, hi), abs=1e-9)
    # small samples: wider than the normal interval the arena used to give
    assert half > Z95 * scipy_stats.sem(values)


def test_t_interval_of_no_value_and_one_value() -> None:
    assert all(math.isnan(x) for x in t_interval([]))
    assert t_interval([4.0]) == (4.0, math.inf)


# ---------------------------------------------------------------------- Bradley-Terry
MATCHES = (
    [("a", "b", 1.0)] * 7
    + [("a", "b", 0.0)] * 3
    + [("b", "c", 1.0)] * 6
    + [("b", "c", 0.5)] * 2
    + [("b", "c", 0.0)] * 2
    + [("a", "c", 1.0)] * 4
    + [("a", "c", 0.0)] * 1
)


def _scipy_bradley_terry(agents: list[str], matches: list[tuple[str, str, float]]) -> list[float]:
    """Maximum likelihood of the same model (with the same virtual draw of each agent
    against a opponent of strength 1), by scipy's optimiser, on the Elo scale."""
    from scipy.optimize import minimize

    index = {a: k for k, a in enumerate(agents)}

    def nll(theta: np.ndarray) -> float:
        total = 0.0
        for a, b, s in matches:
            d = theta[index[a]] - theta[index[b]]
            total -= s * -np.logaddexp(0, -d) + (1 - s) * -np.logaddexp(0, d)
        for k in range(len(agents)):  # the virtual draw against strength 1 (theta 0)
            total -= 0.5 * -np.logaddexp(0, -theta[k]) + 0.5 * -np.logaddexp(0, theta[k])
        return total

    fit = minimize(nll, np.zeros(len(agents)), method="BFGS", options={"gtol": 1e-10})
    theta = fit.x - fit.x.mean()  # the same centring: geometric mean of strengths 1
    return [1500.0 + 400.0 / math.log(10.0) * t for t in theta]


def test_bradley_terry_equals_scipy_maximum_likelihood() -> None:
    agents = ["a", "b", "c"]
    ours = bradley_terry(agents, MATCHES, iterations=2000)
    ref = _scipy_bradley_terry(agents, MATCHES)
    for a, r in zip(agents, ref, strict=True):  # the same maximum, to 1/1000 of an Elo point
        assert ours[a] == pytest.approx(r, abs=1e-3)
    assert bradley_terry(agents, MATCHES) == pytest.approx(ours, abs=1e-3)  # default iterations
    assert ours["a"] > ours["b"] > ours["c"]


def test_bootstrap_percentiles_equal_numpy() -> None:
    values = [3.0, 9.5, 1.0, 4.0, 4.0, 7.25, 0.5, 12.0, 6.0, 2.0, 8.0]
    levels = (0.0, 0.025, 0.25, 0.5, 0.975, 1.0)
    assert _percentiles(values, *levels) == pytest.approx(np.quantile(values, levels))
    assert all(math.isnan(x) for x in _percentiles([], 0.5))
