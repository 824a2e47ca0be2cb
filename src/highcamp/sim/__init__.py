"""highcamp.sim: the batch simulator and the statistics of its runs.

>>> from highcamp.sim import run_simulation, summarize
>>> result = run_simulation("everest-1924", games=50, agents="random", seed=1)
>>> summary = summarize(result.records)
>>> summary.count, len(summary.seats)
(50, 1)
"""

from .runner import (
    Backend,
    Chunk,
    GameRecord,
    Job,
    ProcessBackend,
    Scheduler,
    SimResult,
    Simulation,
    cores,
    game_seeds,
    master_key,
    parse_agents,
    play_range,
    run_simulation,
)
from .runs import PointData, RunData, point_label, sweep_points
from .stats import (
    QUANTILE_LEVELS,
    QUANTILE_NAMES,
    Frequency,
    Quantiles,
    SeatSummary,
    Summary,
    SummaryBuilder,
    mean_sd,
    quantiles_from_counts,
    summarize,
)

__all__ = [
    "QUANTILE_LEVELS",
    "QUANTILE_NAMES",
    "Backend",
    "Chunk",
    "Frequency",
    "GameRecord",
    "Job",
    "PointData",
    "ProcessBackend",
    "Quantiles",
    "RunData",
    "Scheduler",
    "SeatSummary",
    "SimResult",
    "Simulation",
    "Summary",
    "SummaryBuilder",
    "cores",
    "game_seeds",
    "master_key",
    "mean_sd",
    "parse_agents",
    "play_range",
    "point_label",
    "quantiles_from_counts",
    "run_simulation",
    "summarize",
    "sweep_points",
]
