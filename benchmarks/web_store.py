"""What storing costs the web server, in process: creating a table (Python calls and CPU per
table) and the play thread's moves stored one transaction per job or one per group of jobs
(:meth:`highcamp.store.writer.GroupWriter.group`), on an SQLite file.

    PYTHONPATH=src .venv/bin/python benchmarks/web_store.py

Run it on two versions of the code in turn (``PYTHONPATH``) to compare them; a version
without ``GroupWriter.group`` measures one transaction per job only.
"""

from __future__ import annotations

import contextlib
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from highcamp.store import Store
from highcamp.web.hub import Hub

GAMES = ("everest-go", "disaster", "disaster-on-everest", "everest-1924")
TABLES = 200  # tables created for the creation figures
MOVES = 2400  # moves played for the commit figures


def creating(tmp: Path) -> str:
    """Python calls (cProfile) and CPU (the thread's) per table of ``Hub.create``."""
    hub = Hub(Store(f"sqlite:///{tmp / 'create.db'}"))
    specs = [{"game": g, "mode": m} for g in GAMES for m in ("hotseat", "online")]
    for spec in specs:  # games built, statements compiled
        hub.create(spec, auto=False)
    profile = cProfile.Profile()
    profile.enable()
    for i in range(TABLES):
        hub.create(specs[i % len(specs)], auto=False)
    profile.disable()
    calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    start = time.thread_time()
    for i in range(TABLES):
        hub.create(specs[i % len(specs)], auto=False)
    cpu = (time.thread_time() - start) / TABLES
    return f"create: {calls / TABLES:.0f} calls, {cpu * 1000:.3f} ms CPU per table"


def moving(tmp: Path, group: int) -> str:
    """The play thread's CPU per move (a random move, its automatic steps, stored) with
    ``group`` jobs to a transaction."""
    hub = Hub(Store(f"sqlite:///{tmp / f'moves{group}.db'}"))
    rng = random.Random(1)
    tables = [
        hub.create({"game": GAMES[i % 3], "mode": "hotseat"}, auto=False)[1] for i in range(60)
    ]

    def move(table: Any) -> None:
        step = len(table.state.history())
        with table.batch():
            action = rng.choice(table.state.legal_actions())
            table.act("host", None, action, step=step, auto=False)
            table.auto_steps()

    def jobs() -> list[Any]:
        for i, table in enumerate(tables):  # a finished game: a new table in its place
            if table.state.is_terminal():
                tables[i] = hub.create({"game": GAMES[i % 3], "mode": "hotseat"}, auto=False)[1]
                tables[i].auto_steps()
        free = [t for t in tables if t.acting_seat("host", None) is not None]
        return rng.sample(free, min(group, len(free)))

    played, commits, start = 0, hub.writer.commits, time.thread_time()
    while played < MOVES:
        batch = jobs()
        together = hub.writer.group() if group > 1 else contextlib.nullcontext()
        with together as held:
            for table in batch:
                move(table)
        for check in held.take() if held is not None else []:
            assert check() is None
        played += len(batch)
    cpu = (time.thread_time() - start) / played
    made = hub.writer.commits - commits
    return f"{group} job(s) a transaction: {made} commits, {cpu * 1000:.3f} ms CPU per move"


def main() -> None:
    from highcamp.store.writer import GroupWriter

    with tempfile.TemporaryDirectory() as tmp:
        print(creating(Path(tmp)))
        for group in (1, 4) if hasattr(GroupWriter, "group") else (1,):
            print(moving(Path(tmp), group))


if __name__ == "__main__":
    main()
