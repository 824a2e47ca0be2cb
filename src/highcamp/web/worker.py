"""The server's play thread: one thread where moves, automatic steps and views are worked
out, fed from the event loop without a thread pool's hand-offs.

A move costs the interpreter about a millisecond; what made its round trip slow under load
was the trip to a pool thread and back and many threads taking turns with the interpreter
(and with the group commit's lock). Here every job goes on one C-level queue to one
thread; that thread takes every job waiting, runs them in order and hands all their results
back to the loop in one call. Only two threads are busy with play: the loop moving bytes and
this one.

>>> import asyncio
>>> async def main() -> list[int]:
...     worker = Worker()
...     try:
...         return await asyncio.gather(*(worker.run(pow, n, 2) for n in range(4)))
...     finally:
...         worker.close()
>>> asyncio.run(main())
[0, 1, 4, 9]
>>> async def failing() -> str:
...     worker = Worker()
...     try:
...         await worker.run(int, "x")
...     except ValueError as err:
...         return "raised in the caller"
...     finally:
...         worker.close()
>>> asyncio.run(failing())
'raised in the caller'
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Worker"]

R = TypeVar("R")
_Job = tuple[
    asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...], bool
]
_Done = tuple["asyncio.Future[Any]", bool, Any]


def _deliver(done: list[_Done]) -> None:
    """On the loop: settle the futures of finished jobs (a cancelled waiter is skipped)."""
    for future, ok, value in done:
        if future.cancelled():
            continue
        if ok:
            future.set_result(value)
        elif isinstance(value, StopIteration):  # a future cannot hold one
            future.set_exception(RuntimeError(f"the job raised {value!r}"))
        else:
            future.set_exception(value)


class _Open:
    """A worker's group while its jobs run: each job's result and the checks it left."""

    def __init__(self, context: contextlib.AbstractContextManager[Any]) -> None:
        self.context = context
        self.group = context.__enter__()
        self.jobs: list[tuple[asyncio.AbstractEventLoop, _Done, list[Any]]] = []

    def add(self, loop: asyncio.AbstractEventLoop, done: _Done) -> None:
        self.jobs.append((loop, done, list(self.group.take())))

    def close(self, by_loop: dict[asyncio.AbstractEventLoop, list[_Done]]) -> None:
        """End the group, then each job's checks: the first exception one returns (or
        raises) answers its job instead of its result. If ending the group itself fails,
        each job's checks are still run (so that a table can rebuild itself from the
        store) and that failure answers every job of the group: the thread goes on."""
        try:
            self.context.__exit__(None, None, None)
        except BaseException as failed:
            for loop, (future, _ok, _value), checks in self.jobs:
                for check in checks:  # still asked: a table rebuilds from its store
                    with contextlib.suppress(BaseException):
                        check()
                by_loop.setdefault(loop, []).append((future, False, failed))
            return
        for loop, (future, ok, value), checks in self.jobs:
            for check in checks:
                try:
                    err = check()
                except BaseException as failed:
                    err = failed
                if err is not None:
                    ok, value = False, err
                    break
            by_loop.setdefault(loop, []).append((future, ok, value))


class Worker:
    """One thread running jobs in the order they came (started on first use)."""

    def __init__(
        self,
        name: str = "highcamp-play",
        group: Callable[[], contextlib.AbstractContextManager[Any]] | None = None,
    ) -> None:
        self.name = name
        self._group = group
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    async def run(self, fn: Callable[..., R], *args: Any) -> R:
        """``fn(*args)`` in the play thread; its result or its exception."""
        return await self._submit(fn, args, grouped=False)

    async def run_grouped(self, fn: Callable[..., R], *args: Any) -> R:
        """:meth:`run`, in the worker's ``group`` (a context): jobs run together share one
        group, whose end comes before any of their results is handed back. Each job may
        register checks with it (``take()`` of the group: callables run after its end,
        any returning an exception answers the job instead of its result). The play
        thread's group is the moves' group commit (one transaction for the moves of every
        job taken together; see :meth:`highcamp.store.writer.GroupWriter.group`). A group
        that cannot be opened answers its job with that failure without running it."""
        return await self._submit(fn, args, grouped=self._group is not None)

    async def _submit(self, fn: Callable[..., R], args: tuple[Any, ...], grouped: bool) -> R:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        if self._thread is None:
            self._start()
        self._jobs.put((loop, future, fn, args, grouped))
        return await future

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=self.name, daemon=True)
                self._thread.start()

    def _serve(self) -> None:
        while True:
            job = self._jobs.get()
            batch: list[_Job | None] = [job]
            while True:  # every job waiting now: their results go back together
                try:
                    batch.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            by_loop: dict[asyncio.AbstractEventLoop, list[_Done]] = {}
            stop = False
            group: _Open | None = None  # the group of the grouped jobs running in a row
            for item in batch:
                if item is None:
                    stop = True
                    continue
                loop, future, fn, args, grouped = item
                if grouped and group is None:
                    assert self._group is not None
                    try:
                        group = _Open(self._group())
                    except BaseException as err:  # not run: nothing played, nothing lost
                        by_loop.setdefault(loop, []).append((future, False, err))
                        continue
                elif not grouped and group is not None:
                    group.close(by_loop)  # a job outside the group comes after its end
                    group = None
                try:
                    done: _Done = (future, True, fn(*args))
                except BaseException as err:  # handed to the waiter, as a thread pool does
                    done = (future, False, err)
                if group is not None:
                    group.add(loop, done)
                else:
                    by_loop.setdefault(loop, []).append(done)
            if group is not None:
                group.close(by_loop)
            for loop, results in by_loop.items():
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits now
                    loop.call_soon_threadsafe(_deliver, results)
            if stop:
                return

    def close(self) -> None:
        """Stop the thread once the jobs already queued are done."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            thread.join(timeout=30)
