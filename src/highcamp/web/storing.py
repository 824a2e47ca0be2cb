"""How a table keeps its store and its memory the same (a part of
:class:`highcamp.web.tables.Table`): a move is stored before the table shows it, the moves
of a block (a move and the automatic steps after it) in one transaction, and a block that
could not be stored leaves the table as the store holds it, never ahead of it.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from highcamp.core import IllegalActionError
from highcamp.store import StaleActionError

from .errors import WebError

if TYPE_CHECKING:
    import threading

    from highcamp.core import State
    from highcamp.store import TableRecord
    from highcamp.store.writer import Group

__all__ = ["Stored"]


def _taken() -> WebError:
    """The answer to a move on a step another server stored first."""
    return WebError(
        "another move was played on this table first; here is the table now", status=409
    )


class Stored:
    """Storing a :class:`~highcamp.web.tables.Table`'s moves, and rebuilding it from its
    store."""

    if TYPE_CHECKING:  # what the table provides (declared for the type checker only)
        hub: Any
        lock: threading.RLock
        state: State
        record: TableRecord
        version: int
        log_gen: int
        _players: list[int] | None
        _logs: dict[Any, list[dict[str, Any]]]

        @property
        def id(self) -> str: ...

        def _replay(self, history: list[int]) -> State: ...

        def _extend_logs(self, before: State, action: int, after: State) -> None: ...

    def _commit(self, action: int) -> None:
        """Apply ``action`` to a copy, store it, then make the copy the table's state."""
        new = self.state.clone()
        try:
            new.apply_action(action)
        except IllegalActionError as err:
            raise WebError(f"illegal: {err.reason}", status=422, rule=err.rule) from None
        step, ended = len(self.state.history()), new.is_terminal()
        try:
            self.hub.writer.append(self.id, step, action, finished=ended)
        except StaleActionError:
            self.reload()
            raise _taken() from None
        self._extend_logs(self.state, action, new)
        if self._players is not None and len(self._players) == step:
            self._players.append(self.state.current_player())
        else:
            self._players = None
        self.state = new
        self.version += 1
        if ended:  # stored with the move
            self.record.finished = True

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Store the moves played in the block in one transaction when it ends (the table
        shows them first, so no view may be sent before the block ends). If storing fails
        the table is rebuilt from the store: a step another server stored first is a
        :class:`WebError` (409), the database's own failure is raised."""
        stored = len(self.state.history())  # what the store holds before the block
        group = self.hub.writer.in_group()
        if group is not None:  # stored at the group's end: checked then (:meth:`_settle`)
            start, raised = group.mark(), False
            try:
                yield
            except WebError:
                raise
            except Exception:
                raised = True
                raise
            finally:
                group.checks.append(
                    functools.partial(self._settle, group, start, group.mark(), raised, stored)
                )
            return
        try:
            with self.hub.writer.hold():
                yield
        except StaleActionError:
            self._rebuild(stored)
            raise _taken() from None
        except WebError:
            raise
        except Exception:
            self._rebuild(stored)
            raise

    def _settle(
        self, group: Group, start: int, end: int, raised: bool, stored: int
    ) -> BaseException | None:
        """Once a group holding a :meth:`batch` of this table is stored: what its job
        answers instead of its result (``None``: its own result stands). As a batch
        outside a group: a step another server stored first is a :class:`WebError` (409),
        the database's own failure is that failure, and either (or a failure inside the
        block) rebuilds the table from the store."""
        errors = group.errors(start, end)
        if not errors and not raised:
            return None
        self._rebuild(stored)
        if any(isinstance(e, StaleActionError) for e in errors):
            return _taken()
        return errors[0] if errors else None

    def _rebuild(self, stored: int) -> None:
        """After a block that could not be stored: the table as the store holds it, or,
        when the store cannot be read either (the database is down), its first
        ``stored`` steps (what the store held before the block), so that the table never
        runs ahead of its store and a later move is never stored after a gap."""
        with self.lock:
            try:
                self.reload()
            except Exception:
                self._reset(self.state.history()[:stored])
            self.version += 1

    def reload(self) -> None:
        """Rebuild from the store (after another process wrote to this table)."""
        record = self.hub.store.load(self.id)
        if record is not None:
            self.record = record
            self._reset(record.history)

    def _reset(self, history: list[int]) -> None:
        """The table's state after ``history``, its logs and seats' steps read afresh."""
        self.state = self._replay(history)
        self._players = None
        self._logs = {}
        self.log_gen += 1
