"""The engine of an in-memory store is shared safely by threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from highcamp.store import SeatRecord, Store


def test_threads_take_turns_with_one_in_memory_database() -> None:
    # one sqlite3 connection holds an in-memory database; two threads inside it at once
    # would commit (or end) each other's transactions ("cannot commit - no transaction")
    store = Store("sqlite://")
    tid = store.create_table(
        game="everest-1924",
        options={},
        seed=1,
        mode="solo",
        seats=[SeatRecord(0, "human", None, "You", "tok-engine")],
        spectator="spec-engine",
    ).id

    def work(step: int) -> int:
        store.append_action(tid, step, step % 5)
        return len(store.load(tid).history)

    with ThreadPoolExecutor(8) as pool:
        seen = list(pool.map(work, range(400)))
    assert store.load(tid).history == [s % 5 for s in range(400)]
    assert max(seen) == 400
