"""A stored simulation run as reports read it: its definition and every point's games.

The run and its points are the store's records (:mod:`highcamp.store.records`); this module
keeps the simulator's names for them.

>>> from highcamp.sim import run_simulation
>>> records = run_simulation("everest-1924", games=5, seed=1).records
>>> run = RunData.of_records("everest-1924", ("random",), records, seed=1)
>>> run.label, run.points[0].label, len(run.points[0].records), run.chart[0].name
('everest-1924', 'all games', 5, 'Forgotten to history')
"""

from __future__ import annotations

from highcamp.store.records import PointData, RunData, point_label, sweep_points

__all__ = ["PointData", "RunData", "point_label", "sweep_points"]
