"""Where an action's time goes in the web server: timers around each stage, loaded into the
server process of ``benchmarks/web_load.py --trace FILE`` (nothing here is part of the
server itself).

Stages timed (each a list of durations, summarised as count, p50, p99, max and total):

* ``hop_in``: from asking for a worker thread (``anyio.to_thread.run_sync``) to the work
  starting in it (the thread pool's queue and the wait for the interpreter);
* ``in_thread``: the work itself; ``hop_out``: from its end to the event loop going on;
* ``play_in``, ``play_run``, ``play_out``: the same for the play thread (``web/worker.py``);
* ``commit``: a move applied and stored; ``commit_append``: storing it by group commit
  (waiting for another thread's transaction included), ``commit_write``: one transaction; ``decide``: an AI seat's decision (worker process trip);
* ``view`` and ``dumps``: building one seat's view and encoding it;
* ``loop_lag``: how late a 5 ms timer on the event loop fires;
* ``gc0`` .. ``gc2``: garbage collections of each generation.

``SIGUSR1`` clears the timers (the load generator sends it as the traced phase starts),
``SIGUSR2`` writes their summary as JSON to ``FILE`` (as it ends).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import signal
import threading
import time
from collections import defaultdict
from typing import Any

_times: dict[str, list[float]] = defaultdict(list)
_clock = time.perf_counter


def name_threads() -> None:
    """Give each thread started from now on its Python name in ``/proc`` (``task/*/comm``),
    so the load benchmark can tell the event loop, the play thread and the pool apart (a
    server process started by the supervisor calls this first)."""
    import ctypes

    bootstrap = threading.Thread._bootstrap_inner  # type: ignore[attr-defined]

    def named(self: threading.Thread) -> None:
        with contextlib.suppress(Exception):
            ctypes.CDLL(None).prctl(15, self.name[:15].encode(), 0, 0, 0)  # PR_SET_NAME
        bootstrap(self)

    threading.Thread._bootstrap_inner = named  # type: ignore[attr-defined]


def _note(stage: str, seconds: float) -> None:
    _times[stage].append(seconds)


def _summary() -> dict[str, dict[str, float]]:
    out = {}
    for stage, values in sorted(_times.items()):
        v = sorted(values)
        if not v:
            continue
        out[stage] = {
            "n": len(v),
            "p50_ms": round(v[len(v) // 2] * 1000, 3),
            "p99_ms": round(v[min(len(v) - 1, int(len(v) * 0.99))] * 1000, 3),
            "max_ms": round(v[-1] * 1000, 3),
            "total_s": round(sum(v), 3),
        }
    return out


def _timed(stage: str, fn: Any) -> Any:
    def wrapper(*args: Any, **kw: Any) -> Any:
        start = _clock()
        try:
            return fn(*args, **kw)
        finally:
            _note(stage, _clock() - start)

    return wrapper


def install(path: str) -> None:
    """Wrap the server's stages with timers; write the summary to ``path`` at exit."""
    import anyio.to_thread

    import highcamp.web.app as app
    import highcamp.web.tables as tables
    from highcamp.store import writer

    run_sync = anyio.to_thread.run_sync

    watching: list[Any] = []

    async def traced_run_sync(fn: Any, *args: Any, **kw: Any) -> Any:
        if not watching:  # the first call on the server's loop starts the lag watch
            watching.append(asyncio.ensure_future(watch_loop()))
        asked = _clock()
        marks: list[float] = []

        def inner(*a: Any) -> Any:
            marks.append(_clock())
            try:
                return fn(*a)
            finally:
                marks.append(_clock())

        try:
            return await run_sync(inner, *args, **kw)
        finally:
            now = _clock()
            if len(marks) == 2:
                _note("hop_in", marks[0] - asked)
                _note("in_thread", marks[1] - marks[0])
                _note("hop_out", now - marks[1])

    anyio.to_thread.run_sync = traced_run_sync  # type: ignore[assignment]
    try:
        from highcamp.web.worker import Worker
    except ImportError:  # the server before the play thread
        pass
    else:
        play_run = Worker.run

        async def traced_play(self: Any, fn: Any, *args: Any) -> Any:
            asked = _clock()
            marks: list[float] = []

            def inner(*a: Any) -> Any:
                marks.append(_clock())
                try:
                    return fn(*a)
                finally:
                    marks.append(_clock())

            try:
                return await play_run(self, inner, *args)
            finally:
                now = _clock()
                if len(marks) == 2:
                    _note("play_in", marks[0] - asked)
                    _note("play_run", marks[1] - marks[0])
                    _note("play_out", now - marks[1])

        Worker.run = traced_play  # type: ignore[method-assign]
    app._dumps = _timed("dumps", app._dumps)
    try:
        from highcamp.web import sending
    except ImportError:  # the server before the views' module: app._dumps encodes them
        pass
    else:
        sending.dumps = _timed("dumps", sending.dumps)
    tables.Table._view = _timed("view", tables.Table._view)  # type: ignore[method-assign]
    tables.Table._agent_action = _timed(  # type: ignore[method-assign]
        "decide", tables.Table._agent_action
    )
    tables.Table._commit = _timed("commit", tables.Table._commit)  # type: ignore[method-assign]
    write, append = writer.GroupWriter._write, writer.GroupWriter.append
    writer.GroupWriter.append = _timed("commit_append", append)  # type: ignore[method-assign]
    writer.GroupWriter._write = _timed("commit_write", write)  # type: ignore[method-assign]

    started: dict[int, float] = {}

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        key = threading.get_ident()
        if phase == "start":
            started[key] = _clock()
        elif key in started:
            _note(f"gc{info['generation']}", _clock() - started.pop(key))

    gc.callbacks.append(on_gc)

    def dump(*_: Any) -> None:
        with open(path, "w") as f:
            json.dump(_summary(), f, indent=1)

    signal.signal(signal.SIGUSR1, lambda *_: _times.clear())
    signal.signal(signal.SIGUSR2, dump)


async def watch_loop() -> None:
    """Note how late a 5 ms timer fires on the running loop, until cancelled."""
    while True:
        start = _clock()
        await asyncio.sleep(0.005)
        _note("loop_lag", _clock() - start - 0.005)
