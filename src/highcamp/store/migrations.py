"""Schema versions of the stores and the steps that upgrade an older database.

Each part of a database has a version in ``hc_schema`` (``tables``: the web's tables, seats
and actions; ``runs``: simulation results). Opening a store upgrades its part: a new
database gets the newest schema at once; one written before versions existed (it has the
part's tables and no ``hc_schema`` row) is version 1; each step from there runs in its own
transaction and records the version it reached, so an interrupted upgrade goes on where it
stopped. A database newer than the code is refused rather than misread.

>>> import sqlalchemy as sa
>>> engine = sa.create_engine("sqlite://")
>>> meta = sa.MetaData()
>>> _ = sa.Table("hc_tables", meta, sa.Column("id", sa.String(32), primary_key=True),
...              sa.Column("updated", sa.Float))
>>> upgrade(engine, "tables", meta)  # a new database: the newest schema at once
2
>>> version(engine, "tables")
2
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

__all__ = ["HEAD", "STEPS", "SchemaError", "upgrade", "version"]

_meta = sa.MetaData()
T_SCHEMA = sa.Table(
    "hc_schema",
    _meta,
    sa.Column("part", sa.String(32), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
)

Step = Callable[[sa.Connection], None]


def _tables_2(conn: sa.Connection) -> None:
    """Version 2 of ``tables``: an index on ``hc_tables.updated`` (idle and recent tables
    are found by it)."""
    conn.execute(sa.text("CREATE INDEX IF NOT EXISTS ix_hc_tables_updated ON hc_tables (updated)"))


STEPS: dict[str, dict[int, Step]] = {
    "tables": {2: _tables_2},
    "runs": {},
}
"""For each part, the step that brings version ``n - 1`` to ``n``."""

MARKERS = {"tables": "hc_tables", "runs": "sim_runs"}
"""A table of each part that every version has (a database without versions that has it
was written at version 1)."""

HEAD = {part: max(steps, default=1) for part, steps in STEPS.items()}
"""The newest version of each part."""


class SchemaError(RuntimeError):
    """The database was written by a newer version of highcamp."""


def version(engine: sa.Engine, part: str) -> int | None:
    """The schema version of ``part`` in the database (``None``: not there at all)."""
    inspector = sa.inspect(engine)
    if inspector.has_table("hc_schema"):
        with engine.connect() as conn:
            found = conn.execute(
                sa.select(T_SCHEMA.c.version).where(T_SCHEMA.c.part == part)
            ).scalar()
        if found is not None:
            return int(found)
    return 1 if inspector.has_table(MARKERS[part]) else None


def upgrade(engine: sa.Engine, part: str, meta: sa.MetaData) -> int:
    """Bring ``part`` of the database to the newest schema (``meta`` describes it);
    returns the version reached."""
    _meta.create_all(engine)
    now = version(engine, part)
    head = HEAD[part]
    if now is not None and now > head:
        raise SchemaError(
            f"this database's {part} are at schema version {now}, newer than this "
            f"highcamp's {head}: upgrade highcamp to open it"
        )
    if now is None:  # a new database: the newest schema, stamped
        meta.create_all(engine)
        _stamp(engine, part, head)
        return head
    for target in range(now + 1, head + 1):
        with engine.begin() as conn:
            STEPS[part][target](conn)
            _stamp(conn, part, target)
    meta.create_all(engine)  # tables added by the newest schema, if any
    return head


def _stamp(where: sa.Engine | sa.Connection, part: str, value: int) -> None:
    def write(conn: sa.Connection) -> None:
        done = conn.execute(T_SCHEMA.update().where(T_SCHEMA.c.part == part).values(version=value))
        if done.rowcount == 0:
            conn.execute(T_SCHEMA.insert().values(part=part, version=value))

    if isinstance(where, sa.Engine):
        with where.begin() as conn:
            write(conn)
    else:
        write(where)
