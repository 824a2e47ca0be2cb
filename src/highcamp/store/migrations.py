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
3
>>> version(engine, "tables")
3
"""

from __future__ import annotations

import json
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


def _tables_3(conn: sa.Connection) -> None:
    """Version 3 of ``tables``: every stored history played by today's rules
    (:meth:`highcamp.core.Game.upgrade_history`; Everest 1924's failed reroll now falls at
    once, R-0-4, so the choices once asked after it are dropped). A table whose game is
    no longer known, or whose history its game cannot read, is left as it was."""
    from highcamp.core import HighcampError
    from highcamp.games import load_game

    tables = conn.execute(sa.text("SELECT id, game, options, seed FROM hc_tables")).all()
    for table_id, game_id, options, seed in tables:
        rows = conn.execute(
            sa.text("SELECT step, action, at FROM hc_actions WHERE table_id = :t ORDER BY step"),
            {"t": table_id},
        ).all()
        history = [int(r.action) for r in rows]
        try:
            game = load_game(str(game_id), **json.loads(str(options)))
            newer = game.upgrade_history(history, seed=int(seed))
        except (HighcampError, ValueError):
            continue
        if newer == history:
            continue
        kept = _kept_rows(history, newer)
        conn.execute(sa.text("DELETE FROM hc_actions WHERE table_id = :t"), {"t": table_id})
        conn.execute(
            sa.text("INSERT INTO hc_actions (table_id, step, action, at) VALUES (:t, :s, :a, :at)"),
            [
                {"t": table_id, "s": step, "a": rows[i].action, "at": rows[i].at}
                for step, i in enumerate(kept)
            ],
        )
        finished = game.replay(newer, seed=int(seed)).is_terminal()
        conn.execute(
            sa.text("UPDATE hc_tables SET finished = :f WHERE id = :t"),
            {"f": finished, "t": table_id},
        )


def _kept_rows(old: list[int], new: list[int]) -> list[int]:
    """The indexes in ``old`` of the actions ``new`` keeps (``new`` is ``old`` with some
    actions dropped, order kept).

    >>> _kept_rows([1, 2, 3, 4], [1, 3, 4])
    [0, 2, 3]
    """
    out: list[int] = []
    i = 0
    for a in new:
        while old[i] != a:
            i += 1
        out.append(i)
        i += 1
    return out


STEPS: dict[str, dict[int, Step]] = {
    "tables": {2: _tables_2, 3: _tables_3},
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
