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

import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

__all__ = ["Decision", "Thinkers"]

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
