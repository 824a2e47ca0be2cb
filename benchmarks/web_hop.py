"""CPU of one hop from the event loop to a thread and back: anyio's pool (``to_thread``)
against the play thread's :class:`highcamp.web.worker.Worker` (C-level queue), alternating.

    PYTHONPATH=src .venv/bin/python benchmarks/web_hop.py
"""

from __future__ import annotations

import asyncio
import time

from anyio import to_thread

from highcamp.web.worker import Worker

ROUNDS = 5000  # each round: four hops at once


async def main() -> None:
    worker = Worker()
    try:
        for name in ("anyio", "worker", "anyio", "worker"):
            start = time.process_time()
            for _ in range(ROUNDS):
                if name == "anyio":
                    await asyncio.gather(*(to_thread.run_sync(int, "1") for _ in range(4)))
                else:
                    await asyncio.gather(*(worker.run(int, "1") for _ in range(4)))
            per_hop = (time.process_time() - start) / (ROUNDS * 4) * 1e6
            print(f"{name}: {per_hop:.1f} us CPU per hop")
    finally:
        worker.close()


if __name__ == "__main__":
    asyncio.run(main())
