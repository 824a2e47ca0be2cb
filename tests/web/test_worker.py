"""The play thread: jobs run in the order they came, in one thread that is not the loop's;
errors reach their caller; a cancelled caller leaves the others their answers."""

from __future__ import annotations

import asyncio
import threading

import pytest

from highcamp.web.worker import Worker


def test_jobs_run_in_order_in_one_thread_off_the_loop() -> None:
    seen: list[tuple[int, int]] = []

    def job(n: int) -> int:
        seen.append((n, threading.get_ident()))
        return n * n

    async def main() -> list[int]:
        worker = Worker()
        try:
            return await asyncio.gather(*(worker.run(job, n) for n in range(500)))
        finally:
            worker.close()

    assert asyncio.run(main()) == [n * n for n in range(500)]
    assert [n for n, _ in seen] == list(range(500))
    threads = {t for _, t in seen}
    assert len(threads) == 1 and threading.get_ident() not in threads


def test_errors_reach_their_caller_and_cancelled_callers_are_skipped() -> None:
    gate = threading.Event()

    async def main() -> tuple[int, int]:
        worker = Worker()
        try:
            blocked = asyncio.ensure_future(worker.run(gate.wait, 10))
            doomed = asyncio.ensure_future(worker.run(lambda: 1))
            later = asyncio.ensure_future(worker.run(lambda: 2))
            await asyncio.sleep(0.01)
            doomed.cancel()  # its job still runs; its answer is dropped
            gate.set()
            await blocked
            with pytest.raises(ZeroDivisionError):
                await worker.run(lambda: 1 // 0)
            with pytest.raises(RuntimeError, match="StopIteration"):
                await worker.run(next, iter([]))
            return await later, await worker.run(lambda: 3)
        finally:
            worker.close()

    assert asyncio.run(main()) == (2, 3)


def test_a_served_app_starts_its_agents_workers_at_start_up() -> None:
    # the first AI move after a restart must not wait for a process to start
    from starlette.testclient import TestClient

    from highcamp.web import create_app

    app = create_app("sqlite://", warm=True, thinkers=1)
    with TestClient(app):
        hub = app.state.hub
        assert all(t is not None and t.started for t in (hub.thinkers, hub.quick_thinkers))
    cold = create_app("sqlite://", thinkers=1)
    with TestClient(cold):
        assert not cold.state.hub.thinkers.started
