"""Simulation records, the store's vocabulary: one game's record and its encoding for the
SQL store, and a run with its points' games as reports read it.

They live in the store, below the simulator: the simulator makes them and writes them
through the store; the store keeps and loads them and knows nothing of how they were played.

A *run* is one ``highcamp simulate`` command: a game, agents per seat, a master seed, base
options and (for a sweep) the values of each swept option. Each combination of swept values
is a *point* with its own full options; a run without a sweep has one point. Every point
plays games ``0..games-1`` from the same master seed (common random numbers: game ``i`` of
every point starts from the same game seed).

>>> record = GameRecord(0, 9, (4,), (3.0,), (3,), ("low",), "end", 7, ({"row": 2},))
>>> record_from_stored(stored_row(record)) == record
True
>>> run = RunData.of_records("everest-1924", ("random",), [record], seed=1)
>>> run.label, run.points[0].label, len(run.points[0].records), run.chart[0].name
('everest-1924', 'all games', 1, 'Forgotten to history')
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import highcamp
from highcamp.core import ScoreBand

__all__ = [
    "GameRecord",
    "PointData",
    "Row",
    "RunData",
    "as_record",
    "point_label",
    "record_from_stored",
    "stored_row",
    "sweep_points",
]


class GameRecord(NamedTuple):
    """The compact result of one simulated game (one entry per seat where it says so).

    ``seed`` and ``agent_seeds`` replay the game; ``scores``, ``bands`` and ``figures``
    come from ``state.score_breakdown()``, ``returns`` from ``state.returns()``, ``ending``
    from ``state.ending()`` and ``length`` is ``len(state.history())``.
    """

    index: int  # type: ignore[assignment]  # shadows tuple.index, on purpose
    seed: int
    agent_seeds: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    bands: tuple[str | None, ...]
    ending: str | None
    length: int
    figures: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (one line of ``highcamp simulate --out``).

        >>> GameRecord(0, 9, (4,), (3.0,), (3,), ("low",), "end", 7, ({"row": 2},)).to_dict()
        ... # doctest: +NORMALIZE_WHITESPACE
        {'index': 0, 'seed': 9, 'agent_seeds': [4], 'returns': [3.0], 'scores': [3],
         'bands': ['low'], 'ending': 'end', 'length': 7, 'figures': [{'row': 2}]}
        """
        return {
            "index": self.index,
            "seed": self.seed,
            "agent_seeds": list(self.agent_seeds),
            "returns": list(self.returns),
            "scores": list(self.scores),
            "bands": list(self.bands),
            "ending": self.ending,
            "length": self.length,
            "figures": [dict(f) for f in self.figures],
        }


Row = tuple[Any, ...]
"""A record as a plain tuple (in ``GameRecord`` field order): cheaper to send between
processes than the named tuple, which is rebuilt on arrival."""
as_record: Callable[[Row], GameRecord] = GameRecord._make

_ENCODE = json.JSONEncoder(separators=(",", ":"), default=str).encode


def stored_row(row: Row) -> tuple[Any, ...]:
    """A game's row as the SQL store keeps it (``sim_games`` without run and point): index,
    seed, then agent seeds, scores, returns and bands as JSON arrays, ending, length, and
    the per-seat figures as a JSON array. Workers encode it when a run is stored, so that
    the process writing the store only inserts.

    >>> stored_row((0, 9, (4,), (3.0,), (3,), ("low",), "end", 7, ({"row": 2},)))
    (0, 9, '[4]', '[3]', '[3.0]', '["low"]', 'end', 7, '[{"row":2}]')
    """
    i, seed, agent_seeds, returns, scores, bands, ending, length, figures = row
    e = _ENCODE
    return (i, seed, e(agent_seeds), e(scores), e(returns), e(bands), ending, length, e(figures))


def record_from_stored(row: Sequence[Any]) -> GameRecord:
    """A record back from its stored row (:func:`stored_row`'s order).

    >>> record_from_stored((0, 9, '[4]', '[3]', '[3.0]', '["low"]', 'end', 7, '[{"row":2}]'))
    ... # doctest: +NORMALIZE_WHITESPACE
    GameRecord(index=0, seed=9, agent_seeds=(4,), returns=(3.0,), scores=(3,), bands=('low',),
               ending='end', length=7, figures=({'row': 2},))
    """
    i, seed, agent_seeds, scores, returns, bands, ending, length, figures = row
    loads = json.loads
    return GameRecord(
        int(i),
        int(seed),
        tuple(loads(agent_seeds)),
        tuple(loads(returns)),
        tuple(loads(scores)),
        tuple(loads(bands)),
        ending,
        int(length),
        tuple(loads(figures)),
    )


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
