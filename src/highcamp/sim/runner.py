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

import contextlib
import hashlib
import os
import signal
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, NamedTuple

import highcamp
from highcamp.agents import AGENTS, make_agent
from highcamp.core import Agent, Game, play_game
from highcamp.core.rng import GOLDEN, MASK64, mix

__all__ = [
    "GameRecord",
    "SimResult",
    "Simulation",
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


# ----------------------------------------------------------------------------- seeds
def master_key(seed: int) -> int:
    """The 64-bit key of a master seed (any integer, however large or negative).

    >>> master_key(1) == master_key(1) != master_key(2)
    True
    """
    digest = hashlib.blake2b(str(int(seed)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _seeds_from_key(key: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    # seeds keep 53 bits, so that they survive JSON readers that parse numbers as doubles
    z = mix((key + (index + 1) * GOLDEN) & MASK64)
    game = mix((z + GOLDEN) & MASK64) >> 11
    agents = tuple(mix((z + (k + 2) * GOLDEN) & MASK64) >> 11 for k in range(seats))
    return game, agents


def game_seeds(seed: int, index: int, seats: int) -> tuple[int, tuple[int, ...]]:
    """The game seed of game ``index`` of a run with master ``seed``, and each seat's agent
    seed (non-negative 53-bit integers). With them one game of a run can be played again::

        state = play_game(game, [make_agent(name, s) for name, s in zip(names, agent_seeds)],
                          seed=game_seed)

    >>> game_seeds(1, 5, 2) == game_seeds(1, 5, 2)
    True
    >>> g, (a, b) = game_seeds(1, 5, 2)
    >>> len({g, a, b}), game_seeds(1, 6, 2)[0] != g, game_seeds(2, 5, 2)[0] != g
    (3, True, True)
    """
    return _seeds_from_key(master_key(seed), index, seats)


# --------------------------------------------------------------------------- records
class GameRecord(NamedTuple):
    """The compact result of one simulated game (one entry per seat where it says so).

    ``seed`` and ``agent_seeds`` replay the game; ``scores``, ``bands`` and ``figures``
    come from ``state.score_breakdown()``, ``returns`` from ``state.returns()``, ``ending``
    from ``state.ending()`` and ``length`` is ``len(state.history())``.
    """

    index: int  # type: ignore[assignment]  # shadows tuple.index, on purpose
    seed: int
    agent_seeds: tuple[int, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]
    bands: tuple[str | None, ...]
    ending: str | None
    length: int
    figures: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (one line of ``highcamp simulate --out``).

        >>> GameRecord(0, 9, (4,), (3.0,), (3,), ("low",), "end", 7, ({"row": 2},)).to_dict()
        ... # doctest: +NORMALIZE_WHITESPACE
        {'index': 0, 'seed': 9, 'agent_seeds': [4], 'returns': [3.0], 'scores': [3],
         'bands': ['low'], 'ending': 'end', 'length': 7, 'figures': [{'row': 2}]}
        """
        return {
            "index": self.index,
            "seed": self.seed,
            "agent_seeds": list(self.agent_seeds),
            "returns": list(self.returns),
            "scores": list(self.scores),
            "bands": list(self.bands),
            "ending": self.ending,
            "length": self.length,
            "figures": [dict(f) for f in self.figures],
        }


_Row = tuple[Any, ...]
"""A record as a plain tuple (in ``GameRecord`` field order): cheaper to send between
processes than the named tuple, which is rebuilt on arrival."""
_as_record: Callable[[_Row], GameRecord] = GameRecord._make


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
    game: str
    options: tuple[tuple[str, Any], ...]
    agents: tuple[str, ...]
    key: int
    start: int
    stop: int


_WORKER_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Game] = {}


def _worker_init() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_task(task: _Task) -> tuple[list[_Row], float]:
    """Play one chunk in a worker; the game object is built once per process."""
    cache_key = (task.game, task.options)
    game = _WORKER_GAMES.get(cache_key)
    if game is None:
        game = _WORKER_GAMES[cache_key] = highcamp.load_game(task.game, **dict(task.options))
    out: list[_Row] = []
    t0 = time.perf_counter()
    _play_rows(game, task.agents, task.key, task.start, task.stop, out)
    return out, time.perf_counter() - t0


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


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
    more use a process pool; ``workers=0`` uses every core. A Ctrl-C (``KeyboardInterrupt``)
    stops the run: the games finished so far are still yielded and ``interrupted`` is set.
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
        self.workers = workers or _cores()
        self.chunk_size = chunk_size
        self.done = 0
        """Games finished (and yielded) so far."""
        self.interrupted = False
        self.elapsed = 0.0
        self._key = master_key(seed)
        self._started = False
        self._t0 = 0.0

    def _task(self, start: int, stop: int) -> _Task:
        return _Task(
            self.game_id,
            tuple(self.game.options.items()),
            self.agents,
            self._key,
            start,
            stop,
        )

    def _next_size(self, seconds_per_game: float, remaining: int) -> int:
        if self.chunk_size is not None:
            return self.chunk_size
        size = int(TARGET_CHUNK_SECONDS / max(seconds_per_game, 1e-7))
        if self.workers > 1:  # smaller chunks at the end keep every worker busy
            size = min(size, max(FIRST_CHUNK, remaining // (2 * self.workers)))
        return max(1, min(size, MAX_CHUNK))

    def chunks(self) -> Generator[list[GameRecord], None, None]:
        """Play the games; yield their records a chunk at a time, in index order."""
        if self._started:
            raise RuntimeError("a Simulation runs once; make a new one")
        self._started = True
        self._t0 = time.perf_counter()
        try:
            if self.workers == 1 or self.games <= FIRST_CHUNK:
                yield from self._chunks_here()
            else:
                yield from self._chunks_pool()
        finally:
            self.elapsed = time.perf_counter() - self._t0

    def _chunks_here(self) -> Iterator[list[GameRecord]]:
        start = 0
        size = self.chunk_size or FIRST_CHUNK
        while start < self.games:
            stop = min(self.games, start + size)
            out: list[_Row] = []
            t0 = time.perf_counter()
            try:
                _play_rows(self.game, self.agents, self._key, start, stop, out)
            except KeyboardInterrupt:
                self.interrupted = True
                if out:
                    self.done += len(out)
                    yield [_as_record(row) for row in out]
                return
            seconds = time.perf_counter() - t0
            self.done += len(out)
            yield [_as_record(row) for row in out]
            start = stop
            size = self._next_size(seconds / len(out), self.games - start)

    def _chunks_pool(self) -> Iterator[list[GameRecord]]:
        workers = self.workers
        window = 4 * workers
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
        inflight: dict[Future[tuple[list[_Row], float]], int] = {}
        ready: dict[int, list[_Row]] = {}
        submitted = 0
        next_yield = 0
        size = self.chunk_size or FIRST_CHUNK
        clean = False
        try:
            try:
                while next_yield < self.games:
                    while submitted < self.games and len(inflight) + len(ready) < window:
                        stop = min(self.games, submitted + size)
                        inflight[pool.submit(_run_task, self._task(submitted, stop))] = submitted
                        submitted = stop
                    done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                    for future in done:
                        start = inflight.pop(future)
                        rows, seconds = future.result()
                        ready[start] = rows
                        size = self._next_size(seconds / len(rows), self.games - submitted)
                    while next_yield in ready:
                        rows = ready.pop(next_yield)
                        next_yield += len(rows)
                        self.done += len(rows)
                        yield [_as_record(row) for row in rows]
                clean = True
            except KeyboardInterrupt:
                self.interrupted = True
                for future, start in inflight.items():
                    if future.done() and not future.cancelled() and future.exception() is None:
                        ready[start] = future.result()[0]
                pool.shutdown(wait=False, cancel_futures=True)
                for start in sorted(ready):
                    self.done += len(ready[start])
                    yield [_as_record(row) for row in ready[start]]
        finally:
            pool.shutdown(wait=clean, cancel_futures=not clean)

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
                self.interrupted = True
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
    )
    return sim.run(on_chunk)
