"""The server's CPU for one quick AI decision's trip to its worker process and back: a
process pool of one awaited by the event loop (``asyncio.wrap_future`` of
:meth:`highcamp.web.thinkers.Thinkers.submit`, the server before) against
:class:`highcamp.web.thinkers.PipeThinker` (a pipe the loop writes and watches), alternating,
on uvloop as the server runs. The decision itself is cheap (the ``random`` agent on an
early Everest 1924 state, 30 tables asking at once), so the figures are the trip's: this
process's CPU (all its threads) per decision, and the workers' CPU in all.

    PYTHONPATH=src .venv/bin/python benchmarks/web_quick.py
"""

from __future__ import annotations

import asyncio
import resource
import time
from collections.abc import Awaitable, Callable
from typing import Any

import uvloop

from highcamp.games import load_game
from highcamp.web.thinkers import Decision, PipeThinker, Thinkers

DECISIONS = 3000
AT_ONCE = 30


def _cpu(who: int) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


async def _run(kind: str, history: list[int]) -> str:
    ask: Callable[[Decision], Awaitable[Any]]
    if kind == "pool":
        pool = Thinkers(1)
        ask, close = (lambda job: asyncio.wrap_future(pool.submit(job))), pool.close
    else:
        pipe = PipeThinker()
        ask, close = pipe.ask, pipe.close

    def job(i: int) -> Decision:
        return Decision(f"t{i}", 0, "everest-1924", {}, 5, list(history), "random", 3)

    children = _cpu(resource.RUSAGE_CHILDREN)
    for i in range(AT_ONCE):  # the worker started, each table's state kept
        await ask(job(i))

    async def table(i: int) -> None:
        for _ in range(DECISIONS // AT_ONCE):
            await ask(job(i))

    start, wall = _cpu(resource.RUSAGE_SELF), time.perf_counter()
    await asyncio.gather(*(table(i) for i in range(AT_ONCE)))
    used, wall = _cpu(resource.RUSAGE_SELF) - start, time.perf_counter() - wall
    close()  # the worker's CPU is counted once it has ended (start-up included)
    worker = _cpu(resource.RUSAGE_CHILDREN) - children
    return (
        f"{kind}: server {used / DECISIONS * 1e6:.1f} us CPU per decision, "
        f"{wall / DECISIONS * 1e6:.1f} us wall; worker {worker:.2f} s in all"
    )


def main() -> None:
    state = load_game("everest-1924").new_initial_state(5)
    while state.current_player() < 0:
        state.apply_action(state.clone().apply_random_chance())
    for kind in ("pool", "pipe", "pool", "pipe"):
        print(uvloop.run(_run(kind, state.history())))


if __name__ == "__main__":
    main()
