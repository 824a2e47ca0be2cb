"""No AI, rules or database work on the event loop: while AI tables are created, loaded
and played, unrelated requests are answered and the loop never stalls.

Two measures, neither a wall-clock assertion: every call into a game's state, an agent or
the store is checked for the thread it runs on (none may run on the loop's thread), and the
loop's own CPU time between two ticks of a watcher stays under 50 ms (work on the loop shows
there; waiting for the processor, which a busy machine makes anyone do, does not). The
unrelated requests' latencies are measured and printed for the record.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
import uvicorn

import highcamp.agents.mcts as mcts
from highcamp.games import load_game
from highcamp.store import SeatRecord, Store
from highcamp.web import create_app

T = "x-highcamp-token"
AI = "mcts:0.3s"  # about 0.3 s of search per move
GAME = {"game": "disaster", "options": {"players": 2}}


class _Watched:
    """Records every call of the wrapped functions made on an event loop's thread."""

    def __init__(self) -> None:
        self.on_loop: list[str] = []
        self.calls = 0
        self._undo: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, name: str) -> None:
        original = getattr(owner, name)

        @functools.wraps(original)
        def checked(*args: Any, **kw: Any) -> Any:
            self.calls += 1
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                pass  # a worker thread: fine
            else:
                self.on_loop.append(f"{getattr(owner, '__name__', owner)}.{name}")
            return original(*args, **kw)

        self._undo.append((owner, name, original))
        setattr(owner, name, checked)

    def restore(self) -> None:
        for owner, name, original in reversed(self._undo):
            setattr(owner, name, original)


@pytest.fixture
def watched() -> Iterator[_Watched]:
    w = _Watched()
    state_cls = type(load_game("disaster", players=2).new_initial_state(0))
    for name in ("apply_action", "legal_actions", "observation", "clone", "current_player"):
        w.wrap(state_cls, name)
    w.wrap(mcts.MCTSAgent, "act")
    for name in ("load", "find_token", "append_action", "create_table"):
        w.wrap(Store, name)
    try:
        yield w
    finally:
        w.restore()


class _Server:
    """uvicorn in a thread of this process, with a watcher task on its loop."""

    def __init__(self, app: Any) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.cpu_gaps: list[float] = []  # the loop thread's CPU seconds between ticks
        self.wall_gaps: list[float] = []
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _watch(self) -> None:
        cpu, wall = time.thread_time(), time.perf_counter()
        while True:
            await asyncio.sleep(0.005)
            c, w = time.thread_time(), time.perf_counter()
            self.cpu_gaps.append(c - cpu)
            self.wall_gaps.append(w - wall - 0.005)
            cpu, wall = c, w

    async def _main(self) -> None:
        watcher = asyncio.create_task(self._watch())
        try:
            await self.server.serve()
        finally:
            watcher.cancel()

    def __enter__(self) -> str:
        self.thread.start()
        base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):  # wait until it answers (not a timing assertion)
            try:
                httpx.get(f"{base}/api/games", timeout=2.0)
                return base
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def _stored_ai_table(db: str) -> str:
    """A table whose AI seat is to move and was never played (as if the server stopped)."""
    store = Store(db)
    token = secrets.token_urlsafe(18)
    store.create_table(
        game="disaster",
        options={"players": 2},
        seed=11,
        mode="solo",
        seats=[
            SeatRecord(0, "agent", AI, "Tenzing (search)", secrets.token_urlsafe(18)),
            SeatRecord(1, "human", None, "You", token),
        ],
        spectator=secrets.token_urlsafe(18),
        host=secrets.token_urlsafe(18),
    )
    store.engine.dispose()
    return token


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


@pytest.fixture
def frozen_heap() -> Iterator[None]:
    """The test process's own objects (pytest's, earlier tests') out of the collector, as
    ``create_app(freeze_gc=True)`` does in a served process: a full collection of a test
    process's heap takes 0.1-1 s in whichever thread triggers it, the loop's too."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_ai_tables_never_stall_the_loop(
    tmp_path: Path, watched: _Watched, frozen_heap: None
) -> None:
    db = f"sqlite:///{tmp_path / 'loop.db'}"
    stored = [_stored_ai_table(db) for _ in range(2)]
    seats = [{"kind": "agent", "agent": AI}, {"kind": "human"}]
    server = _Server(create_app(db, creation_burst=50))
    with server as base, httpx.Client(timeout=60) as http:
        stop = threading.Event()
        latencies: list[float] = []

        def unrelated() -> None:
            while not stop.is_set():
                latencies.append(_timed(lambda: http.get(f"{base}/api/games")))
                time.sleep(0.01)

        def create_and_play() -> int:
            made = http.post(f"{base}/api/tables", json=GAME | {"seats": seats}).json()
            token, played = made["host"], 0
            for _ in range(40):  # until 3 moves were answered by the AI
                v = http.get(f"{base}/api/table", headers={T: token}).json()
                if v["terminal"] or played >= 3:
                    break
                if not v["your_turn"]:
                    time.sleep(0.05)
                    continue
                res = http.post(
                    f"{base}/api/table/act",
                    json={"action": v["legal"][0]["id"], "step": v["step"]},
                    headers={T: token},
                )
                assert res.status_code in (200, 409), res.text
                played += 1
            return played

        def load(token: str) -> int:
            res = http.get(f"{base}/api/table", headers={T: token})  # loads, the AI goes on
            assert res.status_code == 200, res.text
            for _ in range(200):
                if http.get(f"{base}/api/table", headers={T: token}).json()["your_turn"]:
                    return 1
                time.sleep(0.05)
            return 0

        background = threading.Thread(target=unrelated)
        background.start()
        try:
            with ThreadPoolExecutor(4) as pool:
                jobs = [pool.submit(create_and_play) for _ in range(2)]
                jobs += [pool.submit(load, t) for t in stored]
                results = [j.result() for j in jobs]
        finally:
            stop.set()
            background.join()
        assert results[:2] == [3, 3] and results[2:] == [1, 1]
    assert watched.calls > 100 and watched.on_loop == []
    worst_cpu = max(server.cpu_gaps)
    latencies = sorted(latencies[1:])  # the first builds the game listing
    walls = sorted(server.wall_gaps)
    print(
        f"\nunrelated GET /api/games: {len(latencies)} requests, p50 "
        f"{latencies[len(latencies) // 2] * 1000:.1f} ms, p99 "
        f"{latencies[int(len(latencies) * 0.99)] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms;"
        f" loop lag p99 {walls[int(len(walls) * 0.99)] * 1000:.1f} ms, max "
        f"{walls[-1] * 1000:.1f} ms; loop thread's CPU between ticks at most "
        f"{worst_cpu * 1000:.1f} ms"
    )
    assert worst_cpu < 0.050
