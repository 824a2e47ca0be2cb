"""The SQLAlchemy engine of a store URL, shared by the web's tables and simulation results.

>>> engine_for("sqlite://").dialect.name
'sqlite'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import QueuePool

__all__ = ["checkpoint_apart", "engine_for"]


def engine_for(url: str) -> sa.Engine:
    """A SQLAlchemy engine; SQLite files get WAL journaling (readers while a run writes)."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if url in ("sqlite://", "sqlite:///:memory:"):
            # one in-memory database lives in one connection; threads take turns with it
            # (a pool of one, never more: two threads in one sqlite3 connection would share,
            # and end, each other's transactions)
            kwargs.update(poolclass=QueuePool, pool_size=1, max_overflow=0, pool_timeout=60)
    engine = sa.create_engine(url, **kwargs)
    if url.startswith("sqlite") and url not in ("sqlite://", "sqlite:///:memory:"):

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine


def checkpoint_apart(engine: sa.Engine) -> Callable[[], None] | None:
    """For an SQLite file: stop checkpointing its write-ahead log in whichever thread
    commits (SQLite does it every 1,000 pages, and a checkpoint syncs the file to disk, a
    pause for every move waiting behind that commit) and return the function that
    checkpoints it instead (``PASSIVE``: writers go on meanwhile), for a server to call
    now and then off its request path. ``None`` for other databases (and in-memory ones).

    >>> checkpoint_apart(engine_for("sqlite://")) is None
    True
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     engine = engine_for(f"sqlite:///{os.path.join(tmp, 'a.db')}")
    ...     checkpoint = checkpoint_apart(engine)
    ...     with engine.connect() as c:
    ...         c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
    ...     checkpoint()
    ...     engine.dispose()
    0
    """
    url = str(engine.url)
    if engine.dialect.name != "sqlite" or url in ("sqlite://", "sqlite:///:memory:"):
        return None

    @sa.event.listens_for(engine, "connect")
    def _no_autocheckpoint(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    engine.dispose()  # connections made before (the schema's upgrade) go

    def checkpoint() -> None:
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    return checkpoint
