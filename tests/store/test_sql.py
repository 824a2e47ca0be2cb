"""The SQL store: records round-trip, steps are stored once, undo truncates, tokens resolve."""

from __future__ import annotations

import pytest

from highcamp.store import SeatRecord, StaleActionError, Store


def _table(store: Store, mode: str = "online") -> str:
    record = store.create_table(
        game="everest-1924",
        options={"a": 1},
        seed=2**61 + 5,
        mode=mode,
        seats=[
            SeatRecord(0, "human", None, "Ada", "tok-seat-0"),
            SeatRecord(1, "agent", "random", "random AI", "tok-agent-1"),
        ],
        spectator="tok-spectator",
        host="tok-host" if mode != "online" else None,
        clock=60,
    )
    return record.id


def test_round_trip_and_history(db_url: str) -> None:
    url = db_url  # an SQLite file, then PostgreSQL
    store = Store(url)
    tid = _table(store)
    for step, action in enumerate([3, 1, 4, 1, 5]):
        store.append_action(tid, step, action)
    again = Store(url).load(tid)
    assert again is not None
    assert again.history == [3, 1, 4, 1, 5] and again.seed == 2**61 + 5
    assert again.options == {"a": 1} and again.clock == 60 and not again.finished
    assert [s.name for s in again.seats] == ["Ada", "random AI"]
    store.truncate(tid, 2)
    store.set_finished(tid)
    loaded = store.load(tid)
    assert loaded is not None and loaded.history == [3, 1] and loaded.finished
    assert store.load("no-such-table") is None
    assert store.table_ids() == [tid]


def test_a_step_is_stored_once(db_url: str) -> None:
    store = Store(db_url)
    tid = _table(store)
    store.append_action(tid, 0, 7)
    with pytest.raises(StaleActionError, match="step 0"):
        store.append_action(tid, 0, 8)
    loaded = store.load(tid)
    assert loaded is not None and loaded.history == [7]


def test_tokens_resolve_to_roles(db_url: str) -> None:
    store = Store(db_url)
    tid = _table(store, mode="solo")
    assert store.find_token("tok-seat-0") == (tid, "seat", 0)
    assert store.find_token("tok-host") == (tid, "host", None)
    assert store.find_token("tok-spectator") == (tid, "spectator", None)
    assert store.find_token("tok-agent-1") is None  # an agent's seat is nobody's to take
    assert store.find_token("nothing") is None
