"""A move and the automatic steps it sets off are stored in one transaction before any view
shows them (with the moves of every job the play thread takes with it); a step another
server stored first is refused (409) and the table rebuilt."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from highcamp.store import Store
from highcamp.web.hub import Hub
from highcamp.web.tables import Table, WebError
from highcamp.web.worker import Worker


def test_a_move_and_its_chance_steps_share_one_commit(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'b.db'}"))
    made, table = hub.create({"game": "everest-1924", "mode": "hotseat"})
    view = table.view("host", None)
    before, commits = view["step"], hub.writer.commits
    with table.batch():
        table.act("host", None, view["legal"][0]["id"], step=before)  # roll: dice follow
        table.advance()
    after = len(table.state.history())
    assert after > before + 1 and hub.writer.commits == commits + 1
    stored = hub.store.load(made["table"])
    assert stored is not None and stored.history == table.state.history()


def test_a_step_stored_first_elsewhere_is_refused_and_the_table_rebuilt(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'two.db'}"
    first, second = Hub(Store(url)), Hub(Store(url))
    made, mine = first.create({"game": "everest-1924", "mode": "hotseat"})
    theirs = second.get(made["table"])  # the same table held by a second server
    step = len(mine.state.history())
    action = mine.view("host", None)["legal"][0]["id"]
    mine.act("host", None, action, step=step)  # stored first (with its chance steps)
    version = theirs.version
    with pytest.raises(WebError) as refused, theirs.batch():
        theirs.act("host", None, action, step=step)
        theirs.advance()
    assert refused.value.status == 409
    assert theirs.state.history() == mine.state.history() and theirs.version > version
    stored = first.store.load(made["table"])
    assert stored is not None and stored.history == mine.state.history()


def _move(table: Table) -> Callable[[], int]:
    """A job of the play thread: a move of the host and the automatic steps after it."""

    def job() -> int:
        view = table.view("host", None)
        with table.batch():
            table.act("host", None, view["legal"][0]["id"], step=view["step"])
            table.advance()
        return len(table.state.history())

    return job


def test_jobs_taken_together_share_one_commit_and_a_stale_one_is_refused(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'group.db'}"
    hub, other = Hub(Store(url)), Hub(Store(url))
    tables = [hub.create({"game": "everest-1924", "mode": "hotseat"})[1] for _ in range(3)]
    stale = tables[1]
    theirs = other.get(stale.id)  # a second server plays this table's next step first
    theirs.act(
        "host", None, theirs.view("host", None)["legal"][0]["id"], step=len(theirs.state.history())
    )
    gate = threading.Event()
    worker = Worker(group=hub.writer.group)

    async def main() -> list[Any]:
        blocked = asyncio.ensure_future(worker.run(gate.wait, 10))
        await asyncio.sleep(0.05)  # the thread is held: the moves below queue up together
        jobs = [asyncio.ensure_future(worker.run_grouped(_move(t))) for t in tables]
        await asyncio.sleep(0.05)
        commits = hub.writer.commits
        gate.set()
        await blocked
        answers = await asyncio.gather(*jobs, return_exceptions=True)
        return [hub.writer.commits - commits, *answers]

    try:
        made, first, refused, third = asyncio.run(main())
    finally:
        worker.close()
    assert made == 0  # a stale step fails the shared transaction: each stored on its own
    assert isinstance(refused, WebError) and refused.status == 409
    assert stale.state.history() == theirs.state.history()  # rebuilt from the store
    for table, answer in ((tables[0], first), (tables[2], third)):
        stored = hub.store.load(table.id)
        assert stored is not None and stored.history == table.state.history()
        assert answer == len(table.state.history()) > 1


def test_jobs_taken_together_are_stored_in_one_transaction_before_any_answer(
    tmp_path: Path,
) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'one.db'}"))
    tables = [hub.create({"game": "everest-1924", "mode": "hotseat"})[1] for _ in range(4)]
    gate = threading.Event()
    worker = Worker(group=hub.writer.group)
    stored_at_answer: list[bool] = []

    async def main() -> int:
        blocked = asyncio.ensure_future(worker.run(gate.wait, 10))
        await asyncio.sleep(0.05)
        jobs = [asyncio.ensure_future(worker.run_grouped(_move(t))) for t in tables]
        await asyncio.sleep(0.05)
        commits = hub.writer.commits
        gate.set()
        for table, job in zip(tables, jobs, strict=True):
            steps = await job
            stored = hub.store.load(table.id)
            stored_at_answer.append(stored is not None and len(stored.history) == steps)
        await blocked
        return hub.writer.commits - commits

    try:
        assert asyncio.run(main()) == 1
    finally:
        worker.close()
    assert stored_at_answer == [True] * 4


def test_a_database_failure_at_the_group_commit_answers_the_move_and_rebuilds_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # nothing lost: the move that could not be stored is answered with the failure, the
    # table shows what the store holds, and the next move is played and stored
    import sqlalchemy as sa

    hub = Hub(Store(f"sqlite:///{tmp_path / 'fail.db'}"))
    table = hub.create({"game": "everest-1924", "mode": "hotseat"})[1]
    before = table.state.history()
    worker = Worker(group=hub.writer.group)
    engine = hub.store.engine
    hub.writer._raw = None  # the next commit asks the engine for its connection
    real = engine.raw_connection

    def gone() -> Any:
        raise sa.exc.OperationalError("INSERT", {}, Exception("the database has gone away"))

    async def main() -> tuple[BaseException | int, int]:
        monkeypatch.setattr(engine, "raw_connection", gone)
        try:
            first: BaseException | int = await worker.run_grouped(_move(table))
        except Exception as err:
            first = err
        monkeypatch.setattr(engine, "raw_connection", real)
        return first, await worker.run_grouped(_move(table))

    try:
        failed, steps = asyncio.run(main())
    finally:
        worker.close()
    assert isinstance(failed, sa.exc.OperationalError)
    stored = hub.store.load(table.id)
    assert stored is not None and stored.history == table.state.history()
    assert steps == len(table.state.history()) > len(before)
