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
_Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


def _deliver(done: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
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


class Worker:
    """One thread running jobs in the order they came (started on first use)."""

    def __init__(self, name: str = "highcamp-play") -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    async def run(self, fn: Callable[..., R], *args: Any) -> R:
        """``fn(*args)`` in the play thread; its result or its exception."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R] = loop.create_future()
        if self._thread is None:
            self._start()
        self._jobs.put((loop, future, fn, args))
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
            by_loop: dict[asyncio.AbstractEventLoop, list[Any]] = {}
            stop = False
            for item in batch:
                if item is None:
                    stop = True
                    continue
                loop, future, fn, args = item
                try:
                    done = (future, True, fn(*args))
                except BaseException as err:  # handed to the waiter, as a thread pool does
                    done = (future, False, err)
                by_loop.setdefault(loop, []).append(done)
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
