"""Agents deciding in processes of their own, so a searching AI never holds the server's
interpreter (a thread would share it with the event loop and stall it).

A decision travels as the table's record (game, options, seed, history), not as a state:
the worker keeps each table's last state and each seat's agent between moves, so it plays
only the actions that came since (a table it has not seen, or one undone, it replays).

>>> from highcamp.games import load_game
>>> thinkers = Thinkers(1)
>>> game = load_game("everest-1924")
>>> state = game.new_initial_state(5)
>>> while state.current_player() < 0:
...     state.apply_action(state.clone().apply_random_chance())
>>> job = Decision("t1", 0, "everest-1924", {}, 5, state.history(), "random", 3)
>>> thinkers.decide(job) in state.legal_actions()
True
>>> thinkers.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import pickle
import struct
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

__all__ = ["Decision", "PipeThinker", "Thinkers"]

_KEPT = 256  # agents a worker keeps between moves (the least recently used leave)
_agents: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
_states: OrderedDict[str, tuple[str, int, Any]] = OrderedDict()  # table: (game, seed, state)
_games: dict[str, Any] = {}


@dataclass(frozen=True)
class Decision:
    """One move to decide: which table and seat, the game record, the agent spec and seed."""

    table: str
    seat: int
    game: str
    options: dict[str, Any]
    seed: int
    history: list[int]
    agent: str
    agent_seed: int


def _decide(job: Decision) -> int:
    """In a worker: replay the record and let the seat's agent choose."""
    from highcamp.agents import make_agent
    from highcamp.games import load_game

    key = json.dumps([job.game, job.options], sort_keys=True)
    game = _games.get(key)
    if game is None:
        game = _games[key] = load_game(job.game, **job.options)
    kept = _states.pop(job.table, None)
    state = None
    if kept is not None and kept[:2] == (key, job.seed):
        done = kept[2].history()
        if job.history[: len(done)] == done:
            state = kept[2]
            for action in job.history[len(done) :]:
                state.apply_action(action)
    if state is None:
        state = game.replay(job.history, seed=job.seed)
    _states[job.table] = (key, job.seed, state)
    while len(_states) > _KEPT:
        _states.popitem(last=False)
    state = state.clone()  # the agent may change what it is given
    agent_key = (job.table, job.seat, job.agent)
    agent = _agents.pop(agent_key, None) or make_agent(job.agent, seed=job.agent_seed)
    _agents[agent_key] = agent
    while len(_agents) > _KEPT:
        _agents.popitem(last=False)
    return int(agent.act(state))


def _watch_parent(parent: int) -> None:
    """In a worker, at its start: leave once the server process that started it is gone
    (killed, it could not stop its workers, and an orphan would hold memory for ever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="highcamp-orphan-watch", daemon=True).start()


def _warm() -> int:
    """In a worker: load the agents' and the games' code (what a first decision would)."""
    import highcamp.agents  # noqa: F401
    from highcamp.games import game_class, list_games

    return len([game_class(name) for name in list_games()])


class Thinkers:
    """A pool of ``processes`` worker processes (started on first use, or by :meth:`warm`).

    >>> thinkers = Thinkers(1)
    >>> thinkers.warm()  # returns at once; the worker starts and loads the code
    >>> thinkers.started
    True
    >>> thinkers.close()
    """

    def __init__(self, processes: int = 2) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def decide(self, job: Decision) -> int:
        """The agent's action (blocks the calling thread, not the interpreter)."""
        return self.submit(job).result()

    @property
    def started(self) -> bool:
        """Whether the worker processes are running."""
        return self._pool is not None

    def _started(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.processes,
                    mp_context=context,
                    initializer=_watch_parent,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def submit(self, job: Decision) -> Future[int]:
        """The agent's action to come (an event loop waits for it with
        :func:`asyncio.wrap_future`, holding no thread)."""
        return self._started().submit(_decide, job)

    def warm(self) -> None:
        """Start the workers now and have each load the agents' and games' code, without
        waiting for it (a server calls this at start-up, so the first AI move after a
        restart does not wait seconds for a process to start)."""
        pool = self._started()
        for _ in range(self.processes):
            pool.submit(_warm)

    def close(self) -> None:
        """Stop the workers."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
                self._pool = None


_HEADER = struct.Struct("!i")  # a message's length, as multiprocessing's Connection frames it


def _serve_pipe(conn: Any) -> None:
    """In a :class:`PipeThinker`'s worker: answer each ``(id, job)`` read from ``conn`` with
    ``(id, ok, action or exception)``, in order, until the server's end closes (the server
    is gone: so is its worker)."""
    while True:
        try:
            ident, job = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        answer: tuple[int, bool, Any]
        try:
            answer = (ident, True, _warm() if job is None else _decide(job))
        except Exception as err:  # an agent's failure: its table plays a random action
            answer = (ident, False, err)
        try:
            payload = pickle.dumps(answer)
        except Exception as err:  # an exception that does not pickle: its text does
            payload = pickle.dumps((ident, False, RuntimeError(f"{type(err).__name__}: {err}")))
        try:
            conn.send_bytes(payload)
        except OSError:
            return


class PipeThinker:
    """One worker process for the quick agents, spoken to by the event loop itself: a
    decision goes down a pipe that the loop writes without blocking and its answer comes
    back on a pipe the loop watches (:meth:`ask`). A process pool's decision crosses two
    threads of the server each way (the pool's manager and its queue's feeder) and wakes
    the loop from another thread; at one quick decision every few actions in the
    benchmark's mix those hand-offs cost more than the pickling. :meth:`submit` and
    :meth:`decide`, for a caller off the loop, go to a process pool of one instead.

    >>> from highcamp.games import load_game
    >>> thinker = PipeThinker()
    >>> state = load_game("everest-1924").new_initial_state(5)
    >>> while state.current_player() < 0:
    ...     state.apply_action(state.clone().apply_random_chance())
    >>> job = Decision("t1", 0, "everest-1924", {}, 5, state.history(), "random", 3)
    >>> asyncio.run(thinker.ask(job)) in state.legal_actions()
    True
    >>> thinker.close()
    """

    def __init__(self) -> None:
        self._process: Any = None
        self._conn: Any = None  # the server's end of the pipe (non-blocking)
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop watching it
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._next = 0
        self._out = bytearray()  # requests the pipe did not take yet
        self._in = bytearray()  # answers read, not yet whole
        self._fallback: Thinkers | None = None  # for callers off the loop
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        """Whether the worker process is running."""
        return self._process is not None and self._process.is_alive()

    def warm(self) -> None:
        """Start the worker now and have it load the agents' and games' code (on the
        loop: without waiting for it; off the loop the process just starts)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._start()
            return
        self._attach(loop)
        self._request(loop, None).add_done_callback(_retrieved)

    async def ask(self, job: Decision) -> int:
        """The agent's action (an exception the agent raised is raised here)."""
        loop = asyncio.get_running_loop()
        self._attach(loop)
        return int(await self._request(loop, job))

    def submit(self, job: Decision) -> Future[int]:
        """The agent's action to come, for a caller off the loop (a process pool's)."""
        with self._lock:
            if self._fallback is None:
                self._fallback = Thinkers(1)
        return self._fallback.submit(job)

    def decide(self, job: Decision) -> int:
        """The agent's action (blocks the calling thread, not the interpreter)."""
        return self.submit(job).result()

    # ------------------------------------------------------------------ the pipe
    def _start(self) -> None:
        with self._lock:
            if self.started:
                return
            self._stop_process()
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe(duplex=True)
            process = context.Process(
                target=_serve_pipe, args=(theirs,), name="highcamp-quick", daemon=True
            )
            process.start()
            theirs.close()
            os.set_blocking(ours.fileno(), False)
            self._process, self._conn = process, ours
            self._out.clear()
            self._in.clear()

    def _attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Have ``loop`` watch the pipe (starting the worker if it is not running)."""
        if self._loop is loop and self.started:
            return
        self._detach()
        self._start()
        self._loop = loop
        loop.add_reader(self._conn.fileno(), self._readable)

    def _detach(self) -> None:
        """Stop watching the pipe from the loop of before (closed, or another app's): its
        waiters are failed, answers to them are dropped."""
        loop, self._loop = self._loop, None
        if loop is not None and self._conn is not None and not loop.is_closed():
            with contextlib.suppress(Exception):
                loop.remove_reader(self._conn.fileno())
                loop.remove_writer(self._conn.fileno())
        self._fail(RuntimeError("the agents' worker was restarted"))

    def _fail(self, err: BaseException) -> None:
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                with contextlib.suppress(RuntimeError):  # a closed loop's future
                    future.set_exception(err)

    def _request(self, loop: asyncio.AbstractEventLoop, job: Decision | None) -> Any:
        ident, self._next = self._next, self._next + 1
        future: asyncio.Future[Any] = loop.create_future()
        self._pending[ident] = future
        payload = pickle.dumps((ident, job))
        self._out += _HEADER.pack(len(payload)) + payload
        self._flush()
        return future

    def _flush(self) -> None:
        """Write what the pipe takes now; the rest when it is writable again."""
        fd = self._conn.fileno()
        try:
            sent = os.write(fd, self._out)
        except BlockingIOError:
            sent = 0
        except OSError as err:
            self._broken(err)
            return
        del self._out[:sent]
        assert self._loop is not None
        if self._out:
            self._loop.add_writer(fd, self._flush)
        else:
            self._loop.remove_writer(fd)

    def _readable(self) -> None:
        try:
            data = os.read(self._conn.fileno(), 1 << 16)
        except BlockingIOError:
            return
        except OSError as err:
            self._broken(err)
            return
        if not data:
            self._broken(EOFError("the agents' worker process stopped"))
            return
        self._in += data
        while len(self._in) >= 4:
            (size,) = _HEADER.unpack_from(self._in)
            if len(self._in) < 4 + size:
                break
            ident, ok, value = pickle.loads(self._in[4 : 4 + size])
            del self._in[: 4 + size]
            future = self._pending.pop(ident, None)
            if future is None or future.done():
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)

    def _broken(self, err: BaseException) -> None:
        """The worker died: fail its waiters; the next :meth:`ask` starts another."""
        if self._loop is not None and self._conn is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._conn.fileno())
                self._loop.remove_writer(self._conn.fileno())
        self._loop = None
        self._fail(RuntimeError(f"the agents' worker process failed: {err}"))
        with self._lock:
            self._stop_process()

    def _stop_process(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()  # the worker reads the end of the pipe and leaves
        if process is not None:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join(timeout=5)

    def close(self) -> None:
        """Stop the worker (and the pool of one, if a caller off the loop started it)."""
        self._detach()
        with self._lock:
            self._stop_process()
            fallback, self._fallback = self._fallback, None
        if fallback is not None:
            fallback.close()


def _retrieved(future: asyncio.Future[Any]) -> None:
    """A done callback that reads a future's exception, so that nothing logs it."""
    if not future.cancelled():
        future.exception()
