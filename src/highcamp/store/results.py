"""Simulation results in SQL: runs, their points, finished chunks and one row per game.

Tables (SQLAlchemy Core; a SQLite file by default, any SQLAlchemy URL):

* ``sim_runs``: one row per run: its name, game, agents, master seed, games per point,
  base options, sweep, highcamp version, the *definition key* (a hash of everything that
  decides the games, so rerunning the same command finds the run again) and timestamps.
* ``sim_points``: one row per point of a run, with its full options and swept values.
* ``sim_chunks``: the chunks played, ``[start, stop)`` per point, stored in the same
  transaction as their games: a run interrupted at any moment resumes by playing the
  ranges no chunk covers.
* ``sim_games``: one row per game: run, point, index, game seed, agent seeds, per-seat
  scores, returns and bands (JSON arrays), ending, length and per-seat figures (a JSON
  array of objects).

>>> from highcamp.store.records import GameRecord
>>> store = ResultStore("sqlite://")
>>> run = store.open_run(RunSpec.make("everest-1924", ("random",), seed=1, games=10))
>>> store.missing(run)
[(0, 0, 10)]
>>> records = [GameRecord(i, i, (i,), (1.0,), (10 + i,), (None,), None, 5, ({},)) for i in range(6)]
>>> store.add_chunk(run.id, 0, 0, 6, records, seconds=0.01)
>>> store.missing(run)
[(0, 6, 10)]
>>> data = store.load_run(run.name)
>>> data.points[0].records == records, data.count
(True, 6)
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

import highcamp

from .engine import engine_for
from .migrations import upgrade
from .records import GameRecord, PointData, RunData, record_from_stored, stored_row, sweep_points

__all__ = ["ResultStore", "RunNotFoundError", "RunRow", "RunSpec"]

_meta = sa.MetaData()

T_RUNS = sa.Table(
    "sim_runs",
    _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(128), nullable=False, unique=True),
    sa.Column("key", sa.String(64), nullable=False, index=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("agents", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("sweep", sa.Text, nullable=False),
    sa.Column("version", sa.String(32), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

T_POINTS = sa.Table(
    "sim_points",
    _meta,
    sa.Column("run_id", sa.Integer, sa.ForeignKey("sim_runs.id"), primary_key=True),
    sa.Column("point", sa.Integer, primary_key=True),
    sa.Column("swept", sa.Text, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
)

T_CHUNKS = sa.Table(
    "sim_chunks",
    _meta,
    sa.Column("run_id", sa.Integer, sa.ForeignKey("sim_runs.id"), primary_key=True),
    sa.Column("point", sa.Integer, primary_key=True),
    sa.Column("start", sa.Integer, primary_key=True),
    sa.Column("stop", sa.Integer, nullable=False),
    sa.Column("seconds", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

T_GAMES = sa.Table(
    "sim_games",
    _meta,
    sa.Column("run_id", sa.Integer, sa.ForeignKey("sim_runs.id"), primary_key=True),
    sa.Column("point", sa.Integer, primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("agent_seeds", sa.Text, nullable=False),
    sa.Column("scores", sa.Text, nullable=False),
    sa.Column("returns", sa.Text, nullable=False),
    sa.Column("bands", sa.Text, nullable=False),
    sa.Column("ending", sa.String(64), nullable=True),
    sa.Column("length", sa.Integer, nullable=False),
    sa.Column("figures", sa.Text, nullable=False),
)

_GAME_FIELDS = (
    "idx",
    "seed",
    "agent_seeds",
    "scores",
    "returns",
    "bands",
    "ending",
    "length",
    "figures",
)
"""The ``sim_games`` columns of :func:`highcamp.store.records.stored_row`, in its order."""


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _ordered(value: Any) -> str:
    """JSON keeping the order of keys (a sweep's keys: the first varies slowest)."""
    return json.dumps(value, separators=(",", ":"), default=str)


class RunNotFoundError(LookupError):
    """No stored run has that name or id (or the store holds no run)."""


@dataclass(frozen=True)
class RunSpec:
    """What decides a run's games: game, agents per seat, master seed, the base options
    (validated, defaults filled in) and the sweep (option -> values). ``games`` is the number
    of games asked for at each point; it is not part of the definition, so rerunning with
    more games extends a run (the first ``n`` games of a longer run are the games of a run
    of ``n``)."""

    game: str
    agents: tuple[str, ...]
    seed: int
    games: int
    options: dict[str, Any]
    sweep: dict[str, list[Any]]
    points: list[tuple[dict[str, Any], dict[str, Any]]]
    """Each point's swept values and full options, validated by loading the game."""

    @classmethod
    def make(
        cls,
        game: str,
        agents: Sequence[str],
        *,
        seed: int = 0,
        games: int = 1000,
        options: Mapping[str, Any] | None = None,
        sweep: Mapping[str, Sequence[Any]] | None = None,
    ) -> RunSpec:
        """A spec whose every point is checked by loading the game with its options
        (``OptionError`` names a bad value). Agents must be one per seat.

        >>> spec = RunSpec.make("disaster", ("random",) * 4, sweep={"long_game": [False, True]})
        >>> [swept for swept, _ in spec.points]
        [{'long_game': False}, {'long_game': True}]
        >>> spec.points[1][1]["long_game"], len(spec.key())
        (True, 64)
        """
        base = dict(options or {})
        swept_values = {k: list(v) for k, v in (sweep or {}).items()}
        points: list[tuple[dict[str, Any], dict[str, Any]]] = []
        validated_base: dict[str, Any] | None = None
        for swept in sweep_points(swept_values):
            loaded = highcamp.load_game(game, **{**base, **swept})
            full = dict(loaded.options)
            # the swept values as the game reads them (``--sweep long_game=true`` is True)
            points.append(({k: full[k] for k in swept}, full))
            if validated_base is None:
                validated_base = {k: v for k, v in full.items() if k not in swept_values}
        return cls(
            game=game,
            agents=tuple(agents),
            seed=int(seed),
            games=int(games),
            options=validated_base or {},
            sweep={k: list(dict.fromkeys(swept[k] for swept, _ in points)) for k in swept_values},
            points=points,
        )

    def definition(self) -> dict[str, Any]:
        """The JSON-able definition the key hashes."""
        return {
            "game": self.game,
            "agents": list(self.agents),
            "seed": self.seed,
            "options": self.options,
            "sweep": [[key, values] for key, values in self.sweep.items()],  # order matters
        }

    def key(self) -> str:
        """A hash of the definition (sha256, hex)."""
        return hashlib.sha256(_canonical(self.definition()).encode()).hexdigest()


@dataclass(frozen=True)
class RunRow:
    """A stored run's definition (without its games)."""

    id: int
    name: str
    key: str
    game: str
    agents: tuple[str, ...]
    seed: int
    games: int
    options: dict[str, Any]
    sweep: dict[str, list[Any]]
    version: str
    created: float
    updated: float


class ResultStore:
    """Simulation runs and their games in the database at ``url`` (tables created if
    missing; the web play tables may share the file)."""

    def __init__(self, url: str = "sqlite:///highcamp.db") -> None:
        self.url = url
        self.engine = engine_for(url)
        upgrade(self.engine, "runs", _meta)

    # ----------------------------------------------------------------- runs
    def open_run(self, spec: RunSpec, name: str | None = None) -> RunRow:
        """The run of ``spec``: the one named ``name`` (created if new; a different
        definition under that name is a ``ValueError``), else the newest run with the same
        definition, else a new run named ``<game>-<id>``. Asking for more games than stored
        raises the run's ``games``."""
        key = spec.key()
        with self.engine.begin() as conn:
            if name is not None:
                row = conn.execute(T_RUNS.select().where(T_RUNS.c.name == name)).first()
                if row is not None and row.key != key:
                    raise ValueError(
                        f"run {name!r} holds a different simulation ({_describe(row)}); "
                        "give another --name, or the same game, agents, seed, options and sweep"
                    )
            else:
                row = conn.execute(
                    T_RUNS.select().where(T_RUNS.c.key == key).order_by(T_RUNS.c.id.desc())
                ).first()
            now = time.time()
            if row is None:
                result = conn.execute(
                    T_RUNS.insert().values(
                        name=name or f"pending-{key[:16]}-{now}",
                        key=key,
                        game=spec.game,
                        agents=_canonical(list(spec.agents)),
                        seed=spec.seed,
                        games=spec.games,
                        options=_canonical(spec.options),
                        sweep=_ordered(spec.sweep),
                        version=highcamp.__version__,
                        created=now,
                        updated=now,
                    )
                )
                key_row = result.inserted_primary_key
                assert key_row is not None
                run_id = int(key_row[0])
                if name is None:
                    conn.execute(
                        T_RUNS.update()
                        .where(T_RUNS.c.id == run_id)
                        .values(name=f"{spec.game}-{run_id}")
                    )
                conn.execute(
                    T_POINTS.insert(),
                    [
                        {
                            "run_id": run_id,
                            "point": k,
                            "swept": _ordered(swept),
                            "options": _canonical(full),
                        }
                        for k, (swept, full) in enumerate(spec.points)
                    ],
                )
            elif spec.games > row.games:
                conn.execute(
                    T_RUNS.update()
                    .where(T_RUNS.c.id == row.id)
                    .values(games=spec.games, updated=now)
                )
        found = self._run_rows(sa.true())
        if name is not None:
            return next(r for r in found if r.name == name)
        return next(r for r in reversed(found) if r.key == key)

    def _run_rows(self, where: Any) -> list[RunRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(T_RUNS.select().where(where).order_by(T_RUNS.c.id)).all()
        return [
            RunRow(
                id=int(r.id),
                name=r.name,
                key=r.key,
                game=r.game,
                agents=tuple(json.loads(r.agents)),
                seed=int(r.seed),
                games=int(r.games),
                options=json.loads(r.options),
                sweep=json.loads(r.sweep),
                version=r.version,
                created=float(r.created),
                updated=float(r.updated),
            )
            for r in rows
        ]

    def runs(self) -> list[RunRow]:
        """Every stored run, oldest first."""
        return self._run_rows(sa.true())

    def find(self, ref: str | int | None = None) -> RunRow:
        """A run by name or id; the newest run when ``ref`` is ``None``."""
        runs = self.runs()
        if not runs:
            raise RunNotFoundError(f"no simulation run is stored in {self.url}")
        if ref is None:
            return max(runs, key=lambda r: (r.updated, r.id))
        for run in runs:
            if run.name == str(ref):
                return run
        if str(ref).isdigit():
            for run in runs:
                if run.id == int(ref):
                    return run
        names = ", ".join(r.name for r in runs[-8:])
        raise RunNotFoundError(f"no run {str(ref)!r} in {self.url}; the latest are: {names}")

    def counts(self, run_id: int) -> dict[int, int]:
        """Games stored per point of a run."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(T_GAMES.c.point, sa.func.count())
                .where(T_GAMES.c.run_id == run_id)
                .group_by(T_GAMES.c.point)
            ).all()
        return {int(p): int(n) for p, n in rows}

    def points(self, run_id: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """Each point's swept values and full options, in point order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                T_POINTS.select().where(T_POINTS.c.run_id == run_id).order_by(T_POINTS.c.point)
            ).all()
        return [(json.loads(r.swept), json.loads(r.options)) for r in rows]

    # --------------------------------------------------------------- chunks
    def missing(self, run: RunRow) -> list[tuple[int, int, int]]:
        """``(point, start, stop)`` ranges of games not yet stored, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(T_CHUNKS.c.point, T_CHUNKS.c.start, T_CHUNKS.c.stop)
                .where(T_CHUNKS.c.run_id == run.id)
                .order_by(T_CHUNKS.c.point, T_CHUNKS.c.start)
            ).all()
        covered: dict[int, list[tuple[int, int]]] = {}
        for point, start, stop in rows:
            covered.setdefault(int(point), []).append((int(start), int(stop)))
        out: list[tuple[int, int, int]] = []
        for point in range(len(self.points(run.id))):
            at = 0
            for start, stop in covered.get(point, []):
                if start > at:
                    out.append((point, at, min(start, run.games)))
                at = max(at, stop)
            if at < run.games:
                out.append((point, at, run.games))
        return [(p, a, b) for p, a, b in out if b > a]

    def add_chunk(
        self,
        run_id: int,
        point: int,
        start: int,
        stop: int,
        records: Sequence[GameRecord],
        seconds: float,
        stored: Sequence[tuple[Any, ...]] | None = None,
    ) -> None:
        """Store a chunk's games and the chunk itself, in one transaction. ``stored`` are
        the records already encoded (:func:`highcamp.store.records.stored_row`, as workers do
        for ``Scheduler(..., encode=True)``); without it they are encoded here."""
        encoded = stored if stored is not None else [stored_row(r) for r in records]
        rows = [
            {"run_id": run_id, "point": point, **dict(zip(_GAME_FIELDS, row, strict=True))}
            for row in encoded
        ]
        now = time.time()
        with self.engine.begin() as conn:
            if rows:
                conn.execute(T_GAMES.insert(), rows)
            conn.execute(
                T_CHUNKS.insert().values(
                    run_id=run_id, point=point, start=start, stop=stop, seconds=seconds, at=now
                )
            )
            conn.execute(T_RUNS.update().where(T_RUNS.c.id == run_id).values(updated=now))

    def busy_seconds(self, run_id: int) -> float:
        """Worker seconds spent on the run's stored chunks."""
        with self.engine.connect() as conn:
            total = conn.execute(
                sa.select(sa.func.sum(T_CHUNKS.c.seconds)).where(T_CHUNKS.c.run_id == run_id)
            ).scalar()
        return float(total or 0.0)

    # ---------------------------------------------------------------- games
    def records(self, run_id: int, point: int | None = None) -> Iterator[tuple[int, GameRecord]]:
        """``(point, record)`` of every stored game of a run (or one point), in order."""
        query = sa.select(T_GAMES.c.point, *(T_GAMES.c[f] for f in _GAME_FIELDS)).where(
            T_GAMES.c.run_id == run_id
        )
        if point is not None:
            query = query.where(T_GAMES.c.point == point)
        query = query.order_by(T_GAMES.c.point, T_GAMES.c.idx)
        with self.engine.connect() as conn:
            result = conn.execution_options(yield_per=20_000).execute(query)
            for p, *row in result:
                yield int(p), record_from_stored(row)

    def load_run(self, ref: str | int | None = None) -> RunData:
        """A run with every stored game, as reports read it (the newest run by default)."""
        run = self.find(ref)
        stored_points = self.points(run.id)
        loaded = highcamp.load_game(run.game, **stored_points[0][1])
        per_point: dict[int, list[GameRecord]] = {}
        for point, record in self.records(run.id):
            per_point.setdefault(point, []).append(record)
        points = [
            PointData(k, swept, full, per_point.get(k, []))
            for k, (swept, full) in enumerate(stored_points)
        ]
        return RunData(
            id=run.id,
            name=run.name,
            game=run.game,
            title=loaded.info.title,
            agents=run.agents,
            seed=run.seed,
            games=run.games,
            options=run.options,
            sweep=run.sweep,
            chart=loaded.score_chart(),
            points=points,
            created=run.created,
            version=run.version,
            elapsed=self.busy_seconds(run.id),
        )

    def delete_run(self, ref: str | int) -> RunRow:
        """Forget a run and its games."""
        run = self.find(ref)
        with self.engine.begin() as conn:
            for table in (T_GAMES, T_CHUNKS, T_POINTS):
                conn.execute(table.delete().where(table.c.run_id == run.id))
            conn.execute(T_RUNS.delete().where(T_RUNS.c.id == run.id))
        return run


def _describe(row: Any) -> str:
    sweep = json.loads(row.sweep)
    text = f"{row.game}, agents {','.join(json.loads(row.agents))}, seed {row.seed}"
    if sweep:
        text += ", sweep " + " ".join(f"{k}={','.join(map(str, v))}" for k, v in sweep.items())
    return text
