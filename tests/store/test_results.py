"""Simulation results in SQL: runs found again by their definition, chunks, resumption,
loading, export."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from highcamp.core import OptionError
from highcamp.sim import Job, ProcessBackend, RunData, Scheduler, master_key, run_simulation
from highcamp.store import ResultStore, RunNotFoundError, RunSpec
from highcamp.store.export import export_run, flat_rows
from highcamp.store.records import stored_row

GAME = "everest-1924"


@pytest.fixture
def store(db_url: str) -> ResultStore:
    return ResultStore(db_url)  # an SQLite file, then PostgreSQL


def _spec(games: int = 50, seed: int = 1, **kw: object) -> RunSpec:
    return RunSpec.make(GAME, ("random",), seed=seed, games=games, **kw)  # type: ignore[arg-type]


def _play(store: ResultStore, spec: RunSpec, name: str | None = None) -> int:
    """Play what the run misses, storing chunk by chunk, as `highcamp simulate` does."""
    run = store.open_run(spec, name)
    jobs = [
        Job(k, spec.game, tuple(full.items()), spec.agents, master_key(spec.seed), ranges)
        for k, (_, full) in enumerate(spec.points)
        if (ranges := tuple((a, b) for p, a, b in store.missing(run) if p == k))
    ]
    played = 0
    for chunk in Scheduler(jobs, chunk_size=7).chunks():
        store.add_chunk(run.id, chunk.point, chunk.start, chunk.stop, chunk.records, chunk.seconds)
        played += len(chunk.records)
    return played


def test_the_same_definition_finds_the_same_run(store: ResultStore) -> None:
    a = store.open_run(_spec())
    assert store.open_run(_spec()).id == a.id
    assert store.open_run(_spec(seed=2)).id != a.id
    assert a.name == f"{GAME}-{a.id}"
    assert store.find().id == store.open_run(_spec(seed=2)).id  # the newest
    assert store.find(a.name).id == a.id and store.find(str(a.id)).id == a.id


def test_a_stored_run_is_the_simulation(store: ResultStore) -> None:
    assert _play(store, _spec(games=40)) == 40
    data = store.load_run()
    assert data.points[0].records == run_simulation(GAME, games=40, seed=1).records
    assert data.count == 40 and data.chart[0].name == "Forgotten to history"
    assert data.elapsed > 0


def test_rerunning_plays_only_what_is_missing(store: ResultStore) -> None:
    assert _play(store, _spec(games=30)) == 30
    assert _play(store, _spec(games=30)) == 0  # complete: nothing to play
    assert _play(store, _spec(games=45)) == 15  # more games extend the run
    run = store.find()
    assert run.games == 45 and store.counts(run.id) == {0: 45}
    assert store.load_run().points[0].records == run_simulation(GAME, games=45, seed=1).records


def test_missing_ranges_around_stored_chunks(store: ResultStore) -> None:
    run = store.open_run(_spec(games=100))
    records = run_simulation(GAME, games=100, seed=1).records
    store.add_chunk(run.id, 0, 10, 20, records[10:20], 0.0)
    store.add_chunk(run.id, 0, 50, 60, records[50:60], 0.0)
    assert store.missing(run) == [(0, 0, 10), (0, 20, 50), (0, 60, 100)]
    assert _play(store, _spec(games=100)) == 80
    assert store.load_run().points[0].records == records


def test_an_interrupted_run_resumes_to_the_same_games(store: ResultStore) -> None:
    spec = _spec(games=60)
    run = store.open_run(spec)
    job = Job(0, GAME, tuple(spec.points[0][1].items()), spec.agents, master_key(1), ((0, 60),))
    chunks = Scheduler([job], chunk_size=9).chunks()
    for _ in range(3):  # three chunks stored, then the run stops
        chunk = next(chunks)
        store.add_chunk(run.id, 0, chunk.start, chunk.stop, chunk.records, chunk.seconds)
    chunks.close()
    assert store.counts(run.id) == {0: 27}
    assert _play(store, spec) == 33
    assert store.load_run().points[0].records == run_simulation(GAME, games=60, seed=1).records


def test_a_name_holds_one_definition(store: ResultStore) -> None:
    store.open_run(_spec(), "mine")
    assert store.open_run(_spec(), "mine").name == "mine"
    with pytest.raises(ValueError, match="different simulation"):
        store.open_run(_spec(seed=9), "mine")


def test_sweep_points_with_their_options() -> None:
    spec = RunSpec.make(
        "disaster",
        ("random",) * 3,
        games=5,
        options={"players": "3"},
        sweep={"long_game": ["false", "true"], "ties": ["play on", "shared"]},
    )
    assert spec.sweep == {"long_game": [False, True], "ties": ["play on", "shared"]}
    assert [s for s, _ in spec.points] == [
        {"long_game": False, "ties": "play on"},
        {"long_game": False, "ties": "shared"},
        {"long_game": True, "ties": "play on"},
        {"long_game": True, "ties": "shared"},
    ]
    assert all(full["players"] == 3 for _, full in spec.points)
    assert "long_game" not in spec.options
    with pytest.raises(OptionError):
        RunSpec.make("disaster", ("random",) * 4, sweep={"long_game": ["maybe"]})


def test_a_sweep_is_stored_per_point(store: ResultStore) -> None:
    spec = RunSpec.make(
        "disaster",
        ("random",) * 3,
        games=12,
        seed=4,
        options={"players": 3},
        sweep={"long_game": [False, True]},
    )
    assert _play(store, spec) == 24
    data = store.load_run()
    assert [p.swept for p in data.points] == [{"long_game": False}, {"long_game": True}]
    for point in data.points:
        alone = run_simulation("disaster", 12, "random", options=point.options, seed=4)
        assert point.records == alone.records
    # common random numbers: game i of every point starts from the same seed
    assert [r.seed for r in data.points[0].records] == [r.seed for r in data.points[1].records]


def test_unknown_runs_are_clear_errors(store: ResultStore) -> None:
    with pytest.raises(RunNotFoundError, match="no simulation run"):
        store.find()
    store.open_run(_spec())
    with pytest.raises(RunNotFoundError, match="the latest are"):
        store.find("nope")


def test_delete_forgets_a_run(store: ResultStore) -> None:
    _play(store, _spec(games=10))
    store.delete_run(store.find().name)
    assert store.runs() == []


def test_export_csv_and_parquet(store: ResultStore, tmp_path: Path) -> None:
    spec = RunSpec.make(
        "disaster",
        ("random",) * 3,
        games=8,
        seed=2,
        options={"players": 3},
        sweep={"long_game": [False, True]},
    )
    _play(store, spec)
    data = store.load_run()
    rows = flat_rows(data)
    assert len(rows) == 16
    first = data.points[0].records[0]
    assert rows[0]["seat2_score"] == first.scores[1]
    assert rows[0]["seat3_escapes"] == first.figures[2]["escapes"]
    assert rows[8]["option_long_game"] is True and rows[0]["option_long_game"] is False

    assert export_run(data, tmp_path / "games.csv") == 16
    with open(tmp_path / "games.csv", encoding="utf-8") as handle:
        read = list(csv.DictReader(handle))
    assert len(read) == 16 and float(read[5]["seat1_score"]) == rows[5]["seat1_score"]

    pq = pytest.importorskip("pyarrow.parquet")  # the analysis extra (installed by make test)
    assert export_run(data, tmp_path / "games.parquet") == 16
    table = pq.read_table(tmp_path / "games.parquet").to_pylist()
    assert table[3]["seat3_return"] == rows[3]["seat3_return"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "games.parquet"]


def test_export_flattens_nested_figures() -> None:
    records = run_simulation("everest-go", 2, options={"players": 2}, seed=3).records
    rows = flat_rows(RunData.of_records("everest-go", ("random",), records, options={"players": 2}))
    assert rows[0]["seat1_garments_by_points.4"] == records[0].figures[0]["garments_by_points"]["4"]
    records = run_simulation("disaster-campaign", 1, seed=3).records
    rows = flat_rows(RunData.of_records("disaster-campaign", ("random",), records))
    assert json.loads(rows[0]["seat1_mountains"]) == json.loads(
        json.dumps(records[0].figures[0]["mountains"])
    )


def test_export_refuses_unknown_formats(tmp_path: Path) -> None:
    data = RunData.of_records(GAME, ("random",), run_simulation(GAME, 2).records)
    with pytest.raises(ValueError, match="csv and parquet"):
        export_run(data, tmp_path / "games.xlsx")
    assert list(tmp_path.iterdir()) == []


def test_rows_encoded_by_workers_store_the_same_games(store: ResultStore) -> None:
    spec = _spec(games=300, seed=6)
    run = store.open_run(spec)
    job = Job(0, GAME, tuple(spec.points[0][1].items()), spec.agents, master_key(6), ((0, 300),))
    chunks = list(Scheduler([job], ProcessBackend(2), chunk_size=40, encode=True).chunks())
    for chunk in chunks:
        assert chunk.stored == [stored_row(r) for r in chunk.records]
        store.add_chunk(
            run.id, 0, chunk.start, chunk.stop, chunk.records, chunk.seconds, chunk.stored
        )
    assert store.load_run().points[0].records == run_simulation(GAME, games=300, seed=6).records
    # played here, nothing is encoded ahead: the store encodes
    assert all(c.stored is None for c in Scheduler([job], encode=True).chunks())


def test_the_order_of_sweeps_is_kept(store: ResultStore) -> None:
    sweep = {"ties": ["shared", "play on"], "long_game": [True, False]}
    spec = RunSpec.make("disaster", ("random",) * 3, games=1, options={"players": 3}, sweep=sweep)
    swapped = RunSpec.make(
        "disaster",
        ("random",) * 3,
        games=1,
        options={"players": 3},
        sweep=dict(reversed(sweep.items())),
    )
    assert spec.key() != swapped.key()  # other point numbers: another run
    run = store.open_run(spec)
    assert list(store.find(run.name).sweep) == ["ties", "long_game"]
    assert [list(s) for s, _ in store.points(run.id)] == [["ties", "long_game"]] * 4
    assert store.points(run.id)[1][0] == {"ties": "shared", "long_game": False}
