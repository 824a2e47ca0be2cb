"""The batch simulator: many seeded games of one game, in-process or over worker processes.

Every game of a run is a pure function of the master seed and its index ``i``: game ``i`` is
played from the seed :func:`game_seeds` derives from ``(seed, i)``, and each seat's agent is
built by :func:`highcamp.agents.make_agent` with its own seed derived the same way. Games are
played in chunks (by one process, or by worker processes); chunks only decide who plays a
game, never how, so the records are identical whatever the worker count or chunk size.

>>> sim = Simulation("everest-1924", games=20, agents="random", seed=1)
>>> result = sim.run()
>>> len(result.records), result.interrupted
(20, False)
>>> again = run_simulation("everest-1924", games=20, seed=1, chunk_size=7)
>>> again.records == result.records
True
>>> record = result.records[3]
>>> record.index, len(record.scores), record.length > 0
(3, 1, True)
"""

from __future__ import annotations

import abc
import contextlib
import os
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import highcamp
from highcamp.agents import AGENTS, make_agent
from highcamp.core import Agent, Game, play_game
from highcamp.store.records import GameRecord, stored_row
from highcamp.store.records import Row as _Row
from highcamp.store.records import as_record as _as_record

from .seeds import _seeds_from_key, game_seeds, master_key

__all__ = [
    "Backend",
    "Chunk",
    "GameRecord",
    "InOrder",
    "Job",
    "ProcessBackend",
    "Scheduler",
    "SimResult",
    "Simulation",
    "cores",
    "game_seeds",
    "master_key",
    "parse_agents",
    "play_range",
    "run_simulation",
]

TARGET_CHUNK_SECONDS = 0.15
"""Chunks are sized to take about this long, so progress arrives several times a second."""
FIRST_CHUNK = 16
"""Size of the first chunks, before the speed of a game is known."""
MAX_CHUNK = 20_000


_Result = tuple[list[_Row], float, list[tuple[Any, ...]] | None]
"""A played chunk: its rows, the seconds they took, and (when the run is stored) each row
encoded for the store (:func:`stored_row`)."""


def _play_rows(
    game: Game, agents: Sequence[str], key: int, start: int, stop: int, out: list[_Row]
) -> None:
    """Play games ``start..stop-1`` of a run with master key ``key``, appending each
    game's row to ``out`` as it finishes (an interruption keeps the finished ones)."""
    seats = len(agents)
    append = out.append
    for i in range(start, stop):
        seed, agent_seeds = _seeds_from_key(key, i, seats)
        players: list[Agent] = [
            make_agent(name, s) for name, s in zip(agents, agent_seeds, strict=True)
        ]
        state = play_game(game, players, seed)
        sheet = state.score_breakdown()
        append(
            (
                i,
                seed,
                agent_seeds,
                tuple(state.returns()),
                tuple([b.total for b in sheet]),
                tuple([b.band for b in sheet]),
                state.ending(),
                len(state.history()),
                tuple([dict(b.figures) for b in sheet]),
            )
        )


def play_range(
    game: Game, agents: Sequence[str], seed: int, start: int, stop: int
) -> list[GameRecord]:
    """The records of games ``start..stop-1`` of a run with master ``seed``: exactly the
    records a whole run gives for those indices.

    >>> import highcamp
    >>> game = highcamp.load_game("everest-1924")
    >>> whole = run_simulation("everest-1924", games=6, seed=4).records
    >>> play_range(game, ["random"], 4, 2, 6) == whole[2:]
    True
    """
    out: list[_Row] = []
    _play_rows(game, agents, master_key(seed), start, stop, out)
    return [_as_record(row) for row in out]


# --------------------------------------------------------------------------- workers
@dataclass(frozen=True)
class _Task:
    """A chunk to play: games ``start..stop-1`` of point ``point``."""

    point: int
    game: str
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    key: int
    start: int
    stop: int
    encode: bool = False


_WORKER_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}


def _worker_init() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _task_game(task: _Task) -> Game:
    """The task's game, built once per process."""
    cache_key = (task.game, task.options)
    game = _WORKER_GAMES.get(cache_key)
    if game is None:
        game = _WORKER_GAMES[cache_key] = highcamp.load_game(task.game, **dict(task.options))
    return game


def _run_task(task: _Task) -> _Result:
    """Play one chunk (in a worker): its rows, the seconds they took, and the rows
    encoded for the store if the task asks for them."""
    game = _task_game(task)
    out: list[_Row] = []
    t0 = time.perf_counter()
    _play_rows(game, task.agents, task.key, task.start, task.stop, out)
    seconds = time.perf_counter() - t0
    return out, seconds, [stored_row(r) for r in out] if task.encode else None


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


class Backend(abc.ABC):
    """Where chunks are played: worker processes here (:class:`ProcessBackend`) or a Ray
    cluster (:class:`highcamp.sim.ray_backend.RayBackend`). ``workers`` is how many chunks
    run at once."""

    name: str = "backend"
    workers: int = 1

    @abc.abstractmethod
    def submit(self, task: _Task) -> Future[_Result]:
        """Start playing a chunk; the future gives its rows and seconds."""

    @abc.abstractmethod
    def close(self, cancel: bool) -> None:
        """Release the workers; ``cancel`` drops chunks not finished (after a Ctrl-C)."""


class ProcessBackend(Backend):
    """``workers`` worker processes on this machine (a ``ProcessPoolExecutor``).

    >>> backend = ProcessBackend(2)
    >>> backend.workers, backend.name
    (2, 'local')
    >>> backend.close(cancel=False)
    """

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, task: _Task) -> Future[_Result]:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_worker_init)
        return self._pool.submit(_run_task, task)

    def close(self, cancel: bool) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=not cancel, cancel_futures=cancel)
            self._pool = None


@dataclass(frozen=True)
class Job:
    """The games of one point of a run still to play: index ranges ``[start, stop)`` of a
    run with master key ``key`` (see :func:`master_key`)."""

    point: int
    game: str
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    key: int
    ranges: tuple[tuple[int, int], ...]

    @property
    def games(self) -> int:
        """Games in the job's ranges."""
        return sum(stop - start for start, stop in self.ranges)


@dataclass(frozen=True)
class Chunk:
    """Games ``start..stop-1`` of point ``point``, played (``records`` in index order) in
    ``seconds`` of one worker's time."""

    point: int
    start: int
    stop: int
    records: list[GameRecord]
    seconds: float
    stored: list[tuple[Any, ...]] | None = None
    """The records encoded for the store by the worker (:func:`stored_row`), when the
    scheduler was asked to (``encode=True``)."""


class InOrder:
    """Records of chunks that arrive out of order, released in index order.

    >>> order = InOrder()
    >>> order.add(2, ["c"]), order.add(0, ["a", "b"]), order.add(4, ["e"]), order.rest()
    ([], ['a', 'b', 'c'], [], ['e'])
    """

    def __init__(self) -> None:
        self.ready: dict[int, list[Any]] = {}
        self.next = 0

    def add(self, start: int, records: list[Any]) -> list[Any]:
        """Take the records of games ``start...``; return those now next in order."""
        self.ready[start] = records
        out: list[Any] = []
        while self.ready.get(self.next):
            chunk = self.ready.pop(self.next)
            self.next += len(chunk)
            out.extend(chunk)
        return out

    def rest(self) -> list[Any]:
        """The records held back behind a gap (an interrupted run), in index order."""
        return [r for start in sorted(self.ready) for r in self.ready[start]]


class Scheduler:
    """Plays the chunks of some jobs and yields them as they finish (:meth:`chunks`).

    With no backend the chunks are played here, in order; with one, up to four chunks a
    worker are in flight and chunks arrive in the order they finish. Chunk sizes follow the
    measured speed of each point (about ``TARGET_CHUNK_SECONDS`` a chunk), or are fixed by
    ``chunk_size``. A Ctrl-C stops the run: finished chunks (here, also the finished part
    of the chunk being played) are still yielded, then ``interrupted`` is set.

    >>> job = Job(0, "everest-1924", (), ("random",), master_key(1), ((0, 10), (20, 25)))
    >>> scheduler = Scheduler([job])
    >>> [(c.start, c.stop) for c in scheduler.chunks()], scheduler.done
    ([(0, 10), (20, 25)], 15)
    """

    def __init__(
        self,
        jobs: Sequence[Job],
        backend: Backend | None = None,
        chunk_size: int | None = None,
        *,
        encode: bool = False,
    ) -> None:
        self.jobs = list(jobs)
        self.backend = backend
        self.chunk_size = chunk_size
        self.encode = encode
        """Whether workers also encode each chunk for the store (``Chunk.stored``)."""
        self.total = sum(job.games for job in self.jobs)
        self.done = 0
        """Games finished (and yielded) so far."""
        self.interrupted = False
        self.elapsed = 0.0
        self.busy = 0.0
        """Seconds of worker time spent in the yielded chunks."""
        self._speed: dict[int, float] = {}  # seconds a game, per point
        self._started = False

    @property
    def workers(self) -> int:
        """Chunks played at once."""
        return 1 if self.backend is None else self.backend.workers

    def _next_size(self, point: int, remaining: int) -> int:
        if self.chunk_size is not None:
            return self.chunk_size
        seconds = self._speed.get(point)
        if seconds is None:
            return FIRST_CHUNK
        size = int(TARGET_CHUNK_SECONDS / max(seconds, 1e-7))
        if self.workers > 1:  # smaller chunks at the end keep every worker busy
            size = min(size, max(FIRST_CHUNK, remaining // (2 * self.workers)))
        return max(1, min(size, MAX_CHUNK))

    def _tasks(self) -> Iterator[_Task]:
        """The chunks to play, sized as they are asked for."""
        remaining = self.total
        for job in self.jobs:
            for start, stop in job.ranges:
                while start < stop:
                    end = min(stop, start + self._next_size(job.point, remaining))
                    yield _Task(
                        job.point,
                        job.game,
                        job.options,
                        job.agents,
                        job.key,
                        start,
                        end,
                        self.encode and self.backend is not None,
                    )
                    remaining -= end - start
                    start = end

    def _chunk(self, task: _Task, result: _Result) -> Chunk:
        rows, seconds, stored = result
        if rows:
            self._speed[task.point] = seconds / len(rows)
        self.done += len(rows)
        self.busy += seconds
        stop = task.start + len(rows)
        records = [_as_record(r) for r in rows]
        return Chunk(task.point, task.start, stop, records, seconds, stored)

    def chunks(self) -> Generator[Chunk, None, None]:
        """Play the games; yield each chunk when it finishes."""
        if self._started:
            raise RuntimeError("a run plays once; make a new one")
        self._started = True
        t0 = time.perf_counter()
        try:
            if self.backend is None:
                yield from self._chunks_here()
            else:
                yield from self._chunks_backend(self.backend)
        finally:
            self.elapsed = time.perf_counter() - t0

    def _chunks_here(self) -> Iterator[Chunk]:
        for task in self._tasks():
            out: list[_Row] = []
            t0 = time.perf_counter()
            try:
                _play_rows(_task_game(task), task.agents, task.key, task.start, task.stop, out)
            except KeyboardInterrupt:
                self.interrupted = True
                if out:
                    yield self._chunk(task, (out, time.perf_counter() - t0, None))
                return
            yield self._chunk(task, (out, time.perf_counter() - t0, None))

    def _chunks_backend(self, backend: Backend) -> Iterator[Chunk]:
        window = 4 * backend.workers
        tasks = self._tasks()
        inflight: dict[Future[_Result], _Task] = {}
        clean = False
        try:
            try:
                pending = True
                while pending or inflight:
                    while pending and len(inflight) < window:
                        task = next(tasks, None)
                        if task is None:
                            pending = False
                            break
                        inflight[backend.submit(task)] = task
                    if not inflight:
                        break
                    done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                    for future in done:
                        task = inflight.pop(future)
                        yield self._chunk(task, future.result())
                clean = True
            except KeyboardInterrupt:
                self.interrupted = True
                finished = [
                    (future, task)
                    for future, task in inflight.items()
                    if future.done() and not future.cancelled() and future.exception() is None
                ]
                backend.close(cancel=True)
                clean = True
                for future, task in sorted(finished, key=lambda ft: (ft[1].point, ft[1].start)):
                    yield self._chunk(task, future.result())
        finally:
            backend.close(cancel=not clean)


# ------------------------------------------------------------------------ the runner
def parse_agents(
    spec: str | Sequence[str],
    seats: int,
    game_id: str = "the game",
    also: Sequence[str] = (),
) -> tuple[str, ...]:
    """Agent specs for every seat (``random``, ``mcts:1000``, ...; see
    :func:`highcamp.agents.make_agent`): one spec (or a one-item list) for all seats, or one per seat
    (a comma list or a sequence). Names in ``also`` (such as ``human`` for terminal play) are
    accepted as they are; other unknown names raise ``ValueError``.

    >>> parse_agents("random", 3)
    ('random', 'random', 'random')
    >>> parse_agents("random, random", 2)
    ('random', 'random')
    >>> parse_agents("random,random", 1, "everest-1924")
    Traceback (most recent call last):
    ...
    ValueError: everest-1924 has 1 seat, but 2 agents were given (random,random): give one agent for every seat, or one per seat
    """
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else list(spec)
    if not names or any(not n for n in names):
        raise ValueError(f"agents are agent names separated by commas, not {spec!r}")
    if len(names) == 1:
        names = names * seats
    elif len(names) != seats:
        plural = "seat" if seats == 1 else "seats"
        raise ValueError(
            f"{game_id} has {seats} {plural}, but {len(names)} agents were given "
            f"({','.join(names)}): give one agent for every seat, or one per seat"
        )
    for name in dict.fromkeys(names):
        if name in also:
            continue
        try:
            make_agent(name, 0)
        except ValueError as err:
            if name.partition(":")[0].strip() in AGENTS:  # a known agent with a bad budget
                raise ValueError(f"{err}") from None
            known = ", ".join([*also, *AGENTS])
            raise ValueError(f"unknown agent {name!r}; agents are: {known}") from None
    return tuple(names)


@dataclass(frozen=True)
class SimResult:
    """The records of a run (ordered by index), and how it went."""

    records: list[GameRecord]
    requested: int
    interrupted: bool
    elapsed: float

    @property
    def rate(self) -> float:
        """Games a second over the whole run."""
        return len(self.records) / self.elapsed if self.elapsed > 0 else 0.0


class Simulation:
    """A run of ``games`` games of ``game`` (with ``options``), agents named per seat.

    Construction validates everything (``UnknownGameError``, ``OptionError`` and other
    ``ValueError``s). :meth:`chunks` plays the games and yields their records a chunk at a
    time, in index order; :meth:`run` collects them. ``workers=1`` plays in this process;
    more use a process pool; ``workers=0`` uses every core; ``backend`` (a
    :class:`Backend`, such as a Ray cluster) replaces both. A Ctrl-C
    (``KeyboardInterrupt``) stops the run: the games finished so far are still yielded and
    ``interrupted`` is set.
    """

    def __init__(
        self,
        game: str,
        games: int,
        agents: str | Sequence[str] = "random",
        *,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        workers: int = 1,
        chunk_size: int | None = None,
        backend: Backend | None = None,
    ) -> None:
        if not isinstance(games, int) or games < 0:
            raise ValueError(f"the number of games must be a non-negative integer, not {games!r}")
        if workers < 0:
            raise ValueError(f"workers must be 0 (every core) or more, not {workers}")
        if chunk_size is not None and chunk_size < 1:
            raise ValueError(f"chunk size must be at least 1, not {chunk_size}")
        self.game: Game = highcamp.load_game(game, **dict(options or {}))
        self.game_id = game
        self.agents = parse_agents(agents, self.game.num_players, game)
        self.games = games
        self.seed = seed
        self.workers = backend.workers if backend is not None else workers or cores()
        self.chunk_size = chunk_size
        if backend is None and self.workers > 1 and games > FIRST_CHUNK:
            backend = ProcessBackend(self.workers)
        job = Job(
            0,
            game,
            tuple(self.game.options.items()),
            self.agents,
            master_key(seed),
            ((0, games),) if games else (),
        )
        _WORKER_GAMES[(game, job.options)] = self.game
        self._scheduler = Scheduler([job], backend, chunk_size)

    @property
    def done(self) -> int:
        """Games finished (and yielded) so far."""
        return self._scheduler.done

    @property
    def interrupted(self) -> bool:
        """Whether a Ctrl-C stopped the run."""
        return self._scheduler.interrupted

    @property
    def elapsed(self) -> float:
        """Seconds the run took (so far)."""
        return self._scheduler.elapsed

    def chunks(self) -> Generator[list[GameRecord], None, None]:
        """Play the games; yield their records a chunk at a time, in index order."""
        order = InOrder()
        chunks = self._scheduler.chunks()
        try:
            for chunk in chunks:
                released = order.add(chunk.start, chunk.records)
                if released:
                    yield released
        finally:
            chunks.close()
        rest = order.rest()  # after a Ctrl-C: finished chunks beyond a gap
        if rest:
            yield rest

    def run(self, on_chunk: Callable[[list[GameRecord]], None] | None = None) -> SimResult:
        """Play every game and collect the records; ``on_chunk`` is called after each chunk
        (read ``done`` for progress). A Ctrl-C returns what finished, ``interrupted=True``."""
        records: list[GameRecord] = []
        with contextlib.closing(self.chunks()) as chunks:
            try:
                for chunk in chunks:
                    records.extend(chunk)
                    if on_chunk is not None:
                        on_chunk(chunk)
            except KeyboardInterrupt:
                self._scheduler.interrupted = True
        if self.interrupted:
            records.sort(key=lambda r: r.index)
        return SimResult(records, self.games, self.interrupted, self.elapsed)


def run_simulation(
    game: str,
    games: int,
    agents: str | Sequence[str] = "random",
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    workers: int = 1,
    chunk_size: int | None = None,
    backend: Backend | None = None,
    on_chunk: Callable[[list[GameRecord]], None] | None = None,
) -> SimResult:
    """Run a simulation (see :class:`Simulation`) and return its records.

    >>> result = run_simulation("everest-1924", games=5, agents=["random"], seed=3)
    >>> [r.index for r in result.records]
    [0, 1, 2, 3, 4]
    """
    sim = Simulation(
        game,
        games,
        agents,
        options=options,
        seed=seed,
        workers=workers,
        chunk_size=chunk_size,
        backend=backend,
    )
    return sim.run(on_chunk)
