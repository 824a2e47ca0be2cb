"""SQL persistence (SQLAlchemy Core; SQLite by default, any SQLAlchemy URL): the web's tables
(:class:`Store`) and simulation results (:class:`ResultStore`).

A table is stored as its record ``(game, options, seed, history)`` plus its seats: every
applied action is one row, written and committed before the server acknowledges it, so a
restarted server replays every game exactly.

>>> from highcamp.store import SeatRecord, Store
>>> store = Store("sqlite://")
>>> record = store.create_table(
...     game="everest-1924", options={}, seed=7, mode="solo",
...     seats=[SeatRecord(0, "human", None, "You", "t0ken")], spectator="sp3c",
... )
>>> store.append_action(record.id, 0, 0)
>>> store.load(record.id).history
[0]
>>> store.append_action(record.id, 0, 1)
Traceback (most recent call last):
...
highcamp.store.sql.StaleActionError: step 0 of this table is already played
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .results import ResultStore, RunNotFoundError, RunRow, RunSpec
    from .sql import SeatRecord, StaleActionError, Store, TableRecord

__all__ = [
    "ResultStore",
    "RunNotFoundError",
    "RunRow",
    "RunSpec",
    "SeatRecord",
    "StaleActionError",
    "Store",
    "TableRecord",
]

_HOMES = {
    "ResultStore": "results",
    "RunNotFoundError": "results",
    "RunRow": "results",
    "RunSpec": "results",
    "SeatRecord": "sql",
    "StaleActionError": "sql",
    "Store": "sql",
    "TableRecord": "sql",
}


def __getattr__(name: str) -> Any:
    """The SQL classes, imported when first asked for: the simulator's workers read the
    records (:mod:`highcamp.store.records`) without loading SQLAlchemy."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
