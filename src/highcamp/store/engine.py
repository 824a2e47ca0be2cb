"""The SQLAlchemy engine of a store URL, shared by the web's tables and simulation results.

>>> engine_for("sqlite://").dialect.name
'sqlite'
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import StaticPool

__all__ = ["engine_for"]


def engine_for(url: str) -> sa.Engine:
    """A SQLAlchemy engine; SQLite files get WAL journaling (readers while a run writes)."""
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs["poolclass"] = StaticPool
    engine = sa.create_engine(url, **kwargs)
    if url.startswith("sqlite") and url not in ("sqlite://", "sqlite:///:memory:"):

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine
