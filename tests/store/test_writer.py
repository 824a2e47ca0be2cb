"""Group commit: threads share transactions, a held block stores its moves at once, a stale
step is refused with the steps that follow it, and an SQLite file's WAL is checkpointed
apart; on an SQLite file and on PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from highcamp.store import SeatRecord, StaleActionError, Store
from highcamp.store.engine import checkpoint_apart
from highcamp.store.writer import GroupWriter


def _tables(store: Store, n: int) -> list[str]:
    return [
        store.create_table(
            game="everest-1924",
            options={},
            seed=k,
            mode="solo",
            seats=[SeatRecord(0, "human", None, "You", f"tok-writer-{k}")],
            spectator=f"spec-writer-{k}",
        ).id
        for k in range(n)
    ]


def test_threads_share_transactions(db_url: str) -> None:
    store = Store(db_url)
    tables = _tables(store, 8)
    writer = GroupWriter(store)

    def play(tid: str) -> None:
        for step in range(50):
            writer.append(tid, step, step % 7)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(play, tables))
    for tid in tables:
        loaded = store.load(tid)
        assert loaded is not None and loaded.history == [s % 7 for s in range(50)]
    assert writer.commits <= 8 * 50


def test_a_held_block_is_one_transaction(db_url: str) -> None:
    store = Store(db_url)
    a, b = _tables(store, 2)
    writer = GroupWriter(store)
    with writer.hold():
        writer.append(a, 0, 1)
        writer.append(b, 0, 2)
        with writer.hold():  # nested: stored with the outer block
            writer.append(a, 1, 3)
        assert store.load(a).history == []  # type: ignore[union-attr]
    assert writer.commits == 1
    assert store.load(a).history == [1, 3]  # type: ignore[union-attr]
    assert store.load(b).history == [2]  # type: ignore[union-attr]


def test_a_stale_step_refuses_the_steps_after_it(db_url: str) -> None:
    store = Store(db_url)
    a, b = _tables(store, 2)
    store.append_action(a, 0, 9)  # another server played step 0 first
    writer = GroupWriter(store)
    with pytest.raises(StaleActionError, match="step 0"), writer.hold():
        writer.append(a, 0, 1)
        writer.append(a, 1, 2)  # follows from our step 0: never stored
        writer.append(b, 0, 3)  # another table: stored
    assert store.load(a).history == [9]  # type: ignore[union-attr]
    assert store.load(b).history == [3]  # type: ignore[union-attr]


def test_an_error_in_a_held_block_still_stores_what_it_played(db_url: str) -> None:
    store = Store(db_url)
    (a,) = _tables(store, 1)
    writer = GroupWriter(store)
    with pytest.raises(KeyError), writer.hold():
        writer.append(a, 0, 4)
        raise KeyError("after the move")
    assert store.load(a).history == [4]  # type: ignore[union-attr]


def test_an_sqlite_file_is_checkpointed_apart(tmp_path: object) -> None:
    store = Store(f"sqlite:///{tmp_path}/w.db")
    checkpoint = checkpoint_apart(store.engine)
    assert checkpoint is not None
    (a,) = _tables(store, 1)
    writer = GroupWriter(store)
    for step in range(200):
        writer.append(a, step, step % 3)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
    checkpoint()
    with store.engine.connect() as conn:
        busy, log, done = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
    assert busy == 0 and log == done  # everything in the log is in the database
    assert store.load(a).history == [s % 3 for s in range(200)]  # type: ignore[union-attr]
    assert checkpoint_apart(Store("sqlite://").engine) is None
