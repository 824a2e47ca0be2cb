"""Group commit: the actions of many tables stored in shared transactions.

Every action is committed before the server acknowledges it; under load, threads that
append at the same moment share one transaction (the first to come commits for everyone
waiting), so a database that serialises writers (SQLite) never makes them wait on its
lock in turn, and a server database (PostgreSQL) pays one round trip for many actions.

>>> from highcamp.store import SeatRecord, Store
>>> store = Store("sqlite://")
>>> tid = store.create_table(game="everest-1924", options={}, seed=1, mode="solo",
...     seats=[SeatRecord(0, "human", None, "You", "t0ken-a")], spectator="sp3c-a").id
>>> writer = GroupWriter(store)
>>> writer.append(tid, 0, 4); writer.append(tid, 1, 2)
>>> store.load(tid).history
[4, 2]
>>> writer.append(tid, 1, 3)
Traceback (most recent call last):
...
highcamp.store.sql.StaleActionError: step 1 of this table is already played
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from sqlalchemy import bindparam
from sqlalchemy.exc import IntegrityError

from .sql import T_ACTIONS, T_TABLES, StaleActionError, Store

__all__ = ["GroupWriter"]

# built once (building a statement costs more than running it): many rows each
_INSERT = T_ACTIONS.insert()
_TOUCH = T_TABLES.update().where(T_TABLES.c.id == bindparam("tid")).values(updated=bindparam("at"))


@dataclass
class _Item:
    table_id: str
    step: int
    action: int
    done: bool = False
    error: BaseException | None = None


class GroupWriter:
    """Appends actions to ``store`` in shared transactions (thread-safe)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cv = threading.Condition()
        self._pending: list[_Item] = []
        self._busy = False
        self.commits = 0  # transactions made (for the benchmark's figures)

    def append(self, table_id: str, step: int, action: int) -> None:
        """Store the action played at ``step`` (committed when this returns); raises
        :class:`StaleActionError` when that step is already stored."""
        item = _Item(table_id, step, action)
        with self._cv:
            self._pending.append(item)
            while not item.done and self._busy:
                self._cv.wait()
            if item.done:
                if item.error is not None:
                    raise item.error
                return
            self._busy = True
            batch, self._pending = self._pending, []
        try:
            self._write(batch)
        finally:
            with self._cv:
                self._busy = False
                self._cv.notify_all()
        if item.error is not None:
            raise item.error

    def _write(self, batch: list[_Item]) -> None:
        now = time.time()
        try:
            with self.store.engine.begin() as conn:
                conn.execute(
                    _INSERT,
                    [
                        {"table_id": i.table_id, "step": i.step, "action": i.action, "at": now}
                        for i in batch
                    ],
                )
                touched = sorted({i.table_id for i in batch})
                conn.execute(_TOUCH, [{"tid": t, "at": now} for t in touched])
            self.commits += 1
            for i in batch:
                i.done = True
        except IntegrityError:  # a stale step among them: one at a time, each its answer
            for i in batch:
                try:
                    self.store.append_action(i.table_id, i.step, i.action)
                except StaleActionError as err:
                    i.error = err
                except Exception as err:  # the database's own failure: to its writer
                    i.error = err
                i.done = True
        except Exception as err:
            for i in batch:
                i.error, i.done = err, True
