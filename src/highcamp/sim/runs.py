"""A stored simulation run as reports read it: its definition and every point's games.

A *run* is one ``highcamp simulate`` command: a game, agents per seat, a master seed, base
options and (for a sweep) the values of each swept option. Each combination of swept values
is a *point* with its own full options; a run without a sweep has one point. Every point
plays games ``0..games-1`` from the same master seed (common random numbers: game ``i`` of
every point starts from the same game seed).

>>> from highcamp.sim import run_simulation
>>> records = run_simulation("everest-1924", games=5, seed=1).records
>>> run = RunData.of_records("everest-1924", ("random",), records, seed=1)
>>> run.label, run.points[0].label, len(run.points[0].records), run.chart[0].name
('everest-1924', 'all games', 5, 'Forgotten to history')
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import highcamp
from highcamp.core import ScoreBand

from .runner import GameRecord

__all__ = ["PointData", "RunData", "point_label", "sweep_points"]


def sweep_points(sweep: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Every combination of swept values, the first key varying slowest.

    >>> sweep_points({"team": ["a", "b"], "guide": ["hap", "sherpa"]})
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'team': 'a', 'guide': 'hap'}, {'team': 'a', 'guide': 'sherpa'},
     {'team': 'b', 'guide': 'hap'}, {'team': 'b', 'guide': 'sherpa'}]
    >>> sweep_points({})
    [{}]
    """
    keys = list(sweep)
    return [dict(zip(keys, values, strict=True)) for values in itertools.product(*sweep.values())]


def point_label(swept: Mapping[str, Any]) -> str:
    """A point's name in tables and charts.

    >>> point_label({"team": "norway", "guide": "sherpa"}), point_label({})
    ('team=norway guide=sherpa', 'all games')
    """
    return " ".join(f"{k}={v}" for k, v in swept.items()) or "all games"


@dataclass(frozen=True)
class PointData:
    """One point of a run: its swept values, its full options, and its games in index order."""

    point: int
    swept: dict[str, Any]
    options: dict[str, Any]
    records: list[GameRecord]

    @property
    def label(self) -> str:
        """``key=value ...`` of the swept values (``all games`` without a sweep)."""
        return point_label(self.swept)


@dataclass(frozen=True)
class RunData:
    """A run with its points' games, as :mod:`highcamp.sim.report` reads it.

    ``games`` is the number of games asked for at each point; a point may hold fewer (an
    interrupted run). ``chart`` is the game's score chart (``Game.score_chart()``), ``title``
    the game's title and ``seats`` its number of seats.
    """

    id: int
    name: str
    game: str
    title: str
    agents: tuple[str, ...]
    seed: int
    games: int
    options: dict[str, Any]
    sweep: dict[str, list[Any]]
    chart: list[ScoreBand]
    points: list[PointData]
    created: float = 0.0
    version: str = ""
    elapsed: float = 0.0
    """Seconds spent playing the run's chunks (summed over workers)."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The run's name."""
        return self.name

    @property
    def seats(self) -> int:
        """Seats in a game of this run."""
        return len(self.agents)

    @property
    def count(self) -> int:
        """Games stored, over every point."""
        return sum(len(p.records) for p in self.points)

    @classmethod
    def of_records(
        cls,
        game: str,
        agents: Sequence[str],
        records: list[GameRecord],
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        name: str | None = None,
    ) -> RunData:
        """A one-point run from records in memory (tests, notebooks)."""
        loaded = highcamp.load_game(game, **dict(options or {}))
        return cls(
            id=0,
            name=name or game,
            game=game,
            title=loaded.info.title,
            agents=tuple(agents) * (loaded.num_players if len(agents) == 1 else 1),
            seed=seed,
            games=len(records),
            options=dict(loaded.options),
            sweep={},
            chart=loaded.score_chart(),
            points=[PointData(0, {}, dict(loaded.options), list(records))],
        )
