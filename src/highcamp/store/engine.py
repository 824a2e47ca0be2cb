"""The SQLAlchemy engine of a store URL, shared by the web's tables and simulation results.

>>> engine_for("sqlite://").dialect.name
'sqlite'
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import QueuePool

__all__ = ["engine_for"]


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
