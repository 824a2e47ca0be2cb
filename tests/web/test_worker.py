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


class _Group:
    """A group context for the play thread that fails where it is told to."""

    def __init__(self, fail_enter: bool = False, fail_exit: bool = False) -> None:
        self.fail_enter, self.fail_exit = fail_enter, fail_exit
        self.checked: list[int] = []
        self.checks: list[object] = []

    def __enter__(self) -> _Group:
        if self.fail_enter:
            raise OSError("the group cannot open")
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fail_exit:
            raise OSError("the group cannot close")

    def take(self) -> list[object]:
        out, self.checks = self.checks, []
        return out


def test_a_group_that_cannot_open_answers_its_job_unrun_and_the_thread_goes_on() -> None:
    ran: list[int] = []
    group = _Group(fail_enter=True)

    async def main() -> int:
        worker = Worker(group=lambda: group)
        try:
            with pytest.raises(OSError, match="cannot open"):
                await worker.run_grouped(ran.append, 1)
            return await worker.run(lambda: 7)
        finally:
            worker.close()

    assert asyncio.run(main()) == 7
    assert ran == []  # nothing was played that could not be stored


def test_a_group_that_cannot_close_answers_every_job_and_still_runs_their_checks() -> None:
    # every job of the failed group hears of it (none hangs), each job's checks still run
    # (a table rebuilds itself from its store there), and the thread serves on
    gate = threading.Event()
    group = _Group(fail_exit=True)

    def job(n: int) -> int:
        group.checks.append(lambda: group.checked.append(n))
        return n

    async def main() -> tuple[list[object], int]:
        worker = Worker(group=lambda: group)
        try:
            blocked = asyncio.ensure_future(worker.run(gate.wait, 10))
            await asyncio.sleep(0.05)  # the jobs below are taken together, in one group
            jobs = [asyncio.ensure_future(worker.run_grouped(job, n)) for n in range(3)]
            await asyncio.sleep(0.05)
            gate.set()
            await blocked
            answers = await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), 10)
            group.fail_exit = False
            return answers, await worker.run_grouped(job, 9)
        finally:
            worker.close()

    answers, after = asyncio.run(main())
    assert all(isinstance(a, OSError) for a in answers) and len(answers) == 3
    assert sorted(group.checked[:3]) == [0, 1, 2] and after == 9
