"""The store's records (highcamp.store.records): a game record's encoding for SQL and back,
and runs built from records, without the simulator."""

from __future__ import annotations

import sys

from highcamp.store.records import (
    GameRecord,
    PointData,
    RunData,
    as_record,
    record_from_stored,
    stored_row,
    sweep_points,
)


def test_a_record_survives_its_stored_row() -> None:
    records = [
        GameRecord(0, 2**53 - 1, (1, 2), (1.0, -0.5), (12, -3), ("low", None), None, 0, ({}, {})),
        GameRecord(
            7, 9, (4,), (0.25,), (3.5,), ("Legend",), "summit", 412,
            ({"row": 2, "nested": {"a": [1, 2], "b": None}, "flag": True},),
        ),
    ]  # fmt: skip
    for record in records:
        row = stored_row(record)
        assert all(isinstance(v, int | str) or v is None for v in row)
        assert record_from_stored(row) == record
        assert as_record(tuple(record)) == record


def test_runs_from_records_need_no_simulator() -> None:
    record = GameRecord(0, 1, (2,), (0.0,), (30,), (None,), "fell", 9, ({},))
    run = RunData.of_records("everest-1924", ("random",), [record, record._replace(index=1)])
    assert run.count == 2 and run.seats == 1 and run.points[0].label == "all games"
    point = PointData(1, {"team": "b"}, {"team": "b"}, [record])
    assert point.label == "team=b"
    assert sweep_points({"x": [1, 2]}) == [{"x": 1}, {"x": 2}]
    loaded = _store_only()
    assert not any(m == "highcamp.sim" or m.startswith("highcamp.sim.") for m in loaded)
    assert "sqlalchemy" not in loaded  # the simulator's workers read records without SQL


def _store_only() -> list[str]:
    """The modules a fresh interpreter loads for the records alone."""
    import subprocess

    code = "import sys, highcamp.store.records; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return out.split()
