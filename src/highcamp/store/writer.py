"""Group commit: the actions of many tables stored in shared transactions.

Every action is committed before the server acknowledges it; under load, threads that
append at the same moment share one transaction (the first to come commits for everyone
waiting), so a database that serialises writers (SQLite) never makes them wait on its
lock in turn, and a server database (PostgreSQL) pays one round trip for many actions.
A thread can also :meth:`~GroupWriter.hold` its appends and store them in one transaction
when it lets go (a move and the automatic steps it sets off, before any view shows them).
Statements are compiled once for the database and run on its driver's cursor (building
and compiling a statement costs more than running it).

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
>>> with writer.hold():
...     writer.append(tid, 2, 1); writer.append(tid, 3, 0)
...     store.load(tid).history  # not stored yet
[4, 2]
>>> store.load(tid).history
[4, 2, 1, 0]
>>> writer.append(tid, 4, 3, finished=True); store.load(tid).finished
True
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import bindparam

from .compiled import Compiled
from .sql import T_ACTIONS, T_TABLES, StaleActionError, Store

__all__ = ["Group", "GroupWriter"]

_INSERT = T_ACTIONS.insert()
_TOUCH = T_TABLES.update().where(T_TABLES.c.id == bindparam("tid")).values(updated=bindparam("at"))
_FINISH = (
    T_TABLES.update().where(T_TABLES.c.id == bindparam("tid")).values(finished=bindparam("end"))
)
_INSERT_KEYS = ["table_id", "step", "action", "at"]


@dataclass
class _Item:
    table_id: str
    step: int
    action: int
    finished: bool = False
    done: bool = False
    error: BaseException | None = None


class Group:
    """The appends of a :meth:`GroupWriter.group`, in the order they were made."""

    def __init__(self) -> None:
        self.items: list[_Item] = []
        self.checks: list[Any] = []  # what the group's blocks check once it is stored

    def mark(self) -> int:
        """Where the next append will be (a block's appends: from its mark to the next)."""
        return len(self.items)

    def errors(self, start: int, end: int | None = None) -> list[BaseException]:
        """The errors of the appends from ``start`` to ``end`` (once the group is stored)."""
        return [i.error for i in self.items[start:end] if i.error is not None]

    def take(self) -> list[Any]:
        """The checks registered since the last call (a block's: see the play thread)."""
        out, self.checks = self.checks, []
        return out


class GroupWriter:
    """Appends actions to ``store`` in shared transactions (thread-safe)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cv = threading.Condition()
        self._pending: list[_Item] = []
        self._busy = False
        self._held = threading.local()
        dialect = store.engine.dialect
        self._insert = Compiled(_INSERT, dialect, _INSERT_KEYS)
        self._touch = Compiled(_TOUCH, dialect, None)
        self._finish = Compiled(_FINISH, dialect, None)
        # the driver's connection, kept between transactions (one writes at a time; an
        # in-memory SQLite database has a single connection, which others need too)
        self._keep = str(store.engine.url) not in ("sqlite://", "sqlite:///:memory:")
        self._raw: Any = None
        self._integrity = getattr(dialect.dbapi, "IntegrityError", sa.exc.IntegrityError)
        self.commits = 0  # transactions made (for the benchmark's figures)

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Keep this thread's appends until the block ends, then store them in one
        transaction (raising :class:`StaleActionError` or the database's error then; what
        was appended before an error inside the block is stored too). Nested holds store
        at the outermost end."""
        held: list[_Item] | None = getattr(self._held, "items", None)
        if held is not None:
            yield
            return
        items: list[_Item] = []
        self._held.items = items
        try:
            yield
        finally:  # what the block played is stored even if it then failed
            self._held.items = None
            if items:
                self._append(items)

    @contextlib.contextmanager
    def group(self) -> Iterator[Group]:
        """Hold this thread's appends across several blocks (the play thread's jobs taken
        together) and store them in one transaction when the group ends. Unlike
        :meth:`hold`, its end raises nothing: each append's error stays with it, for the
        block that made it to read (:meth:`Group.errors`). A group is the outermost hold
        of its thread; a :meth:`hold` inside it stores at the group's end.

        >>> from highcamp.store import SeatRecord, Store
        >>> store = Store("sqlite://")
        >>> tid = store.create_table(game="everest-1924", options={}, seed=1, mode="solo",
        ...     seats=[SeatRecord(0, "human", None, "You", "t0ken-b")], spectator="sp3c-b").id
        >>> writer = GroupWriter(store)
        >>> with writer.group() as group:
        ...     with writer.hold():
        ...         writer.append(tid, 0, 4)
        ...     start = group.mark()
        ...     writer.append(tid, 0, 5)  # the same step again: refused at the end
        >>> store.load(tid).history, group.errors(0, start), group.errors(start)
        ([4], [], [StaleActionError('step 0 of this table is already played')])
        """
        if getattr(self._held, "items", None) is not None:
            raise RuntimeError("a group is the outermost hold of its thread")
        group = Group()
        self._held.items, self._held.group = group.items, group
        try:
            yield group
        finally:
            self._held.items = self._held.group = None
            if group.items:
                try:
                    self._append(group.items, check=False)
                except BaseException as err:  # (the database's errors are the items')
                    for i in group.items:  # what was not stored carries the failure
                        if not i.done:
                            i.error, i.done = err, True
                    raise

    def in_group(self) -> Group | None:
        """The calling thread's :meth:`group`, if it is in one."""
        group: Group | None = getattr(self._held, "group", None)
        return group

    def append(self, table_id: str, step: int, action: int, *, finished: bool = False) -> None:
        """Store the action played at ``step`` (committed when this returns, or when the
        thread's :meth:`hold` ends), and with it (``finished``) that it ended the game;
        raises :class:`StaleActionError` when that step is already stored."""
        item = _Item(table_id, step, action, finished)
        held: list[_Item] | None = getattr(self._held, "items", None)
        if held is not None:
            held.append(item)
            return
        self._append([item])

    def _append(self, items: list[_Item], *, check: bool = True) -> None:
        with self._cv:
            self._pending.extend(items)
            while not all(i.done for i in items) and self._busy:
                self._cv.wait()
            if not all(i.done for i in items):
                self._busy = True
                batch, self._pending = self._pending, []
            else:
                batch = []
        if batch:
            try:
                self._write(batch)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()
        for i in items if check else ():
            if i.error is not None:
                raise i.error

    def _write(self, batch: list[_Item]) -> None:
        now = time.time()
        rows = [
            self._insert.params(
                {"table_id": i.table_id, "step": i.step, "action": i.action, "at": now}
            )
            for i in batch
        ]
        touched = sorted({i.table_id for i in batch})
        touches = [self._touch.params({"tid": t, "at": now}) for t in touched]
        ended = [self._finish.params({"tid": i.table_id, "end": True}) for i in batch if i.finished]
        try:
            raw, self._raw = self._raw or self.store.engine.raw_connection(), None
            try:
                cursor = raw.cursor()
                try:
                    cursor.executemany(self._insert.sql, rows)
                    cursor.executemany(self._touch.sql, touches)
                    if ended:
                        cursor.executemany(self._finish.sql, ended)
                finally:
                    cursor.close()
                raw.commit()
            except BaseException:
                try:
                    raw.rollback()
                finally:
                    raw.close()  # back to the pool (which drops a broken one)
                raise
            if self._keep:
                self._raw = raw
            else:
                raw.close()
            self.commits += 1
            for i in batch:
                i.done = True
        except (self._integrity, sa.exc.IntegrityError):  # a stale step: each its answer
            failed: set[str] = set()  # a table's later steps follow from the failed one
            for i in batch:
                try:
                    if i.table_id in failed:
                        raise StaleActionError(i.step)
                    self.store.append_action(i.table_id, i.step, i.action)
                    if i.finished:
                        self.store.set_finished(i.table_id)
                except StaleActionError as err:
                    i.error = err
                    failed.add(i.table_id)
                except Exception as err:  # the database's own failure: to its writer
                    i.error = err
                    failed.add(i.table_id)
                i.done = True
        except Exception as err:
            for i in batch:
                i.error, i.done = err, True
