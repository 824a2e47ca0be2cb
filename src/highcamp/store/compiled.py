"""Statements compiled once for a database and run on its driver's cursor.

Building a SQLAlchemy statement and compiling it costs more than running it; the hot
writes of the web server (a move, a new table) run the compiled SQL on the driver's
connection instead, with their parameters laid out as the driver wants them.

>>> import sqlalchemy as sa
>>> t = sa.Table("t", sa.MetaData(), sa.Column("a", sa.Integer), sa.Column("b", sa.Text))
>>> insert = Compiled(t.insert(), sa.create_engine("sqlite://").dialect, ["a", "b"])
>>> insert.sql, insert.params({"b": "x", "a": 1})
('INSERT INTO t (a, b) VALUES (?, ?)', (1, 'x'))
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

__all__ = ["Compiled"]


class Compiled:
    """A statement compiled for one database: its SQL and how to lay out its parameters
    for the driver (positional or named). ``keys``: the columns an insert sets."""

    def __init__(self, statement: Any, dialect: sa.Dialect, keys: list[str] | None) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=keys)
        self.sql = str(compiled)
        self.order = list(compiled.positiontup) if compiled.positional else None

    def params(self, row: dict[str, Any]) -> Any:
        """``row`` (column or parameter name to value) as the driver takes it."""
        return row if self.order is None else tuple(row[k] for k in self.order)
