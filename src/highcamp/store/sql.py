"""The tables of the store and the operations the web server needs."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .compiled import Compiled
from .engine import engine_for
from .migrations import upgrade

__all__ = ["SeatRecord", "StaleActionError", "Store", "TableRecord"]

_meta = sa.MetaData()

T_TABLES = sa.Table(
    "hc_tables",
    _meta,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("spectator", sa.String(64), nullable=False, unique=True),
    sa.Column("host", sa.String(64), nullable=True, unique=True),
    sa.Column("clock", sa.Integer, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False),
)
sa.Index("ix_hc_tables_updated", T_TABLES.c.updated)  # schema version 2 (migrations.py)

T_SEATS = sa.Table(
    "hc_seats",
    _meta,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("hc_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("agent", sa.String(64), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token", sa.String(64), nullable=False, unique=True),
)

T_ACTIONS = sa.Table(
    "hc_actions",
    _meta,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("hc_tables.id"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("action", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)


class StaleActionError(ValueError):
    """The step was already played (by another request or another server process)."""

    def __init__(self, step: int) -> None:
        super().__init__(f"step {step} of this table is already played")
        self.step = step


@dataclass(frozen=True)
class SeatRecord:
    """A seat: ``kind`` is ``human`` or ``agent`` (then ``agent`` names it)."""

    seat: int
    kind: str
    agent: str | None
    name: str
    token: str


@dataclass
class TableRecord:
    """A stored table: its game record and its seats."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    mode: str
    spectator: str
    host: str | None
    clock: int | None
    created: float
    updated: float
    finished: bool
    seats: list[SeatRecord] = field(default_factory=list)
    history: list[int] = field(default_factory=list)


class Store:
    """Tables, seats and actions in a SQL database given by its SQLAlchemy URL."""

    def __init__(self, url: str = "sqlite:///highcamp.db") -> None:
        self.url = url
        self.engine = engine_for(url)
        upgrade(self.engine, "tables", _meta)
        dialect = self.engine.dialect
        self._new_table = Compiled(T_TABLES.insert(), dialect, [c.name for c in T_TABLES.c])
        self._new_seat = Compiled(T_SEATS.insert(), dialect, [c.name for c in T_SEATS.c])

    def create_table(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        mode: str,
        seats: list[SeatRecord],
        spectator: str,
        host: str | None = None,
        clock: int | None = None,
        table_id: str | None = None,
    ) -> TableRecord:
        """Store a new table with its seats (one transaction)."""
        import secrets

        now = time.time()
        record = TableRecord(
            id=table_id or secrets.token_urlsafe(6),
            game=game,
            options=dict(options),
            seed=seed,
            mode=mode,
            spectator=spectator,
            host=host,
            clock=clock,
            created=now,
            updated=now,
            finished=False,
            seats=list(seats),
        )
        table_row = {
            "id": record.id,
            "game": game,
            "options": json.dumps(record.options, sort_keys=True),
            "seed": seed,
            "mode": mode,
            "spectator": spectator,
            "host": host,
            "clock": clock,
            "created": now,
            "updated": now,
            "finished": False,
        }
        seat_rows = [
            self._new_seat.params(
                {
                    "table_id": record.id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "agent": s.agent,
                    "name": s.name,
                    "token": s.token,
                }
            )
            for s in record.seats
        ]
        # the statements compiled once, on the driver's cursor (a table is created every
        # few moves in play; SQLAlchemy's building of the statements cost more than them)
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                cursor.execute(self._new_table.sql, self._new_table.params(table_row))
                cursor.executemany(self._new_seat.sql, seat_rows)
            finally:
                cursor.close()
            raw.commit()
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()  # back to the pool
        return record

    def append_action(self, table_id: str, step: int, action: int) -> None:
        """Store the action played at ``step`` (committed when this returns).

        Raises :class:`StaleActionError` when that step is already stored.
        """
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    T_ACTIONS.insert().values(
                        table_id=table_id, step=step, action=action, at=time.time()
                    )
                )
                conn.execute(
                    T_TABLES.update().where(T_TABLES.c.id == table_id).values(updated=time.time())
                )
        except IntegrityError:
            raise StaleActionError(step) from None

    def truncate(self, table_id: str, length: int) -> None:
        """Forget every action from step ``length`` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(
                T_ACTIONS.delete().where(
                    sa.and_(T_ACTIONS.c.table_id == table_id, T_ACTIONS.c.step >= length)
                )
            )

    def set_finished(self, table_id: str, finished: bool = True) -> None:
        """Mark a table finished (or open again)."""
        with self.engine.begin() as conn:
            conn.execute(
                T_TABLES.update().where(T_TABLES.c.id == table_id).values(finished=finished)
            )

    def load(self, table_id: str) -> TableRecord | None:
        """A table with its seats and history, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(T_TABLES.select().where(T_TABLES.c.id == table_id)).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                T_SEATS.select().where(T_SEATS.c.table_id == table_id).order_by(T_SEATS.c.seat)
            ).all()
            history = [
                a
                for (a,) in conn.execute(
                    sa.select(T_ACTIONS.c.action)
                    .where(T_ACTIONS.c.table_id == table_id)
                    .order_by(T_ACTIONS.c.step)
                )
            ]
        return TableRecord(
            id=row.id,
            game=row.game,
            options=json.loads(row.options),
            seed=int(row.seed),
            mode=row.mode,
            spectator=row.spectator,
            host=row.host,
            clock=row.clock,
            created=row.created,
            updated=row.updated,
            finished=bool(row.finished),
            seats=[SeatRecord(r.seat, r.kind, r.agent, r.name, r.token) for r in seat_rows],
            history=history,
        )

    def find_token(self, token: str) -> tuple[str, str, int | None] | None:
        """``(table id, role, seat)`` for a token: role ``seat`` (with its seat), ``host``
        (solo and hotseat tables: every human seat) or ``spectator``; ``None`` if unknown."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(T_SEATS.c.table_id, T_SEATS.c.seat, T_SEATS.c.kind).where(
                    T_SEATS.c.token == token
                )
            ).first()
            if row is not None and row.kind == "human":
                return str(row.table_id), "seat", int(row.seat)
            row = conn.execute(sa.select(T_TABLES.c.id).where(T_TABLES.c.host == token)).first()
            if row is not None:
                return str(row.id), "host", None
            row = conn.execute(
                sa.select(T_TABLES.c.id).where(T_TABLES.c.spectator == token)
            ).first()
            if row is not None:
                return str(row.id), "spectator", None
        return None

    def table_ids(self) -> list[str]:
        """Every stored table id, oldest first."""
        with self.engine.connect() as conn:
            return [
                r for (r,) in conn.execute(sa.select(T_TABLES.c.id).order_by(T_TABLES.c.created))
            ]
