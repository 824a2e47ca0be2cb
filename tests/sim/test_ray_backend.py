"""The Ray backend on a local Ray instance started by the test: the same records as local
workers, from Python and from `highcamp simulate --backend ray`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from highcamp.cli.main import app
from highcamp.sim import Job, Scheduler, master_key, run_simulation
from highcamp.store import ResultStore

ray = pytest.importorskip("ray")  # the ray extra (installed by make test)

from highcamp.sim.ray_backend import RayBackend  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A local Ray instance of two CPUs for the module's tests."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_records_of_local_workers() -> None:
    backend = RayBackend()
    assert backend.workers == 2
    on_ray = run_simulation("disaster", 60, options={"players": 4}, seed=3, backend=backend)
    here = run_simulation("disaster", 60, options={"players": 4}, seed=3, workers=1)
    assert on_ray.records == here.records
    assert ray.is_initialized()  # a backend leaves a Ray it did not start running


@pytest.mark.usefixtures("local_ray")
def test_ray_plays_every_chunk_of_several_points() -> None:
    jobs = [
        Job(
            k,
            "everest-go",
            (("players", 2), ("beginners", b)),
            ("random",) * 2,
            master_key(8),
            ((0, 9), (20, 31)),
        )
        for k, b in enumerate((False, True))
    ]
    chunks = list(Scheduler(jobs, RayBackend(), chunk_size=4).chunks())
    for k, options in enumerate(({"players": 2}, {"players": 2, "beginners": True})):
        got = sorted((r for c in chunks if c.point == k for r in c.records), key=lambda r: r.index)
        whole = run_simulation("everest-go", 31, options=options, seed=8).records
        assert got == whole[0:9] + whole[20:31]


@pytest.mark.usefixtures("local_ray")
def test_simulate_on_ray_stores_the_run(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'runs.db'}"
    result = CliRunner().invoke(
        app,
        ["simulate", "everest-1924", "-n", "500", "--seed", "2", "--backend", "ray", "--db", db],
    )
    assert result.exit_code == 0, result.output
    assert "on Ray (local)" in " ".join(result.output.split())
    stored = ResultStore(db).load_run()
    assert stored.points[0].records == run_simulation("everest-1924", 500, seed=2).records


def test_an_address_without_ray_backend_is_refused() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "everest-1924", "-n", "5", "--no-store", "--address", "auto"]
    )
    assert result.exit_code == 2
    assert "--backend ray" in result.output
