"""A stored run as a flat table: one row per game, one column per field, CSV or Parquet.

Columns: ``run``, ``point``, ``option_<key>`` for every option of the point, ``index``,
``seed``, ``ending``, ``length``, then for each seat ``s`` (from 1): ``seat<s>_agent``,
``seat<s>_agent_seed``, ``seat<s>_score``, ``seat<s>_return``, ``seat<s>_band`` and
``seat<s>_<figure>`` for each of its figures (nested objects flattened with dots, lists as
JSON text).

>>> from highcamp.store.records import GameRecord, RunData
>>> records = [GameRecord(i, i, (i,), (1.0,), (10 + i,), (None,), None, 5, ({},)) for i in range(3)]
>>> run = RunData.of_records("everest-1924", ("random",), records)
>>> rows = flat_rows(run)
>>> len(rows), rows[0]["seat1_score"] == run.points[0].records[0].scores[0]
(3, True)
>>> [c for c in columns(rows) if c.startswith("seat1_")][:5]
['seat1_agent', 'seat1_agent_seed', 'seat1_score', 'seat1_return', 'seat1_band']
"""

from __future__ import annotations

import csv
import json
import os
import secrets
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .records import RunData

__all__ = ["FORMATS", "columns", "export_run", "flat_rows"]

FORMATS = ("csv", "parquet")


def _flatten(prefix: str, value: Any, out: dict[str, Any]) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}", v, out)
    elif isinstance(value, list | tuple):
        out[prefix] = json.dumps(value, separators=(",", ":"), default=str)
    else:
        out[prefix] = value


def _scalar(value: Any) -> Any:
    if isinstance(value, Mapping | list | tuple):
        return json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)
    return value


def flat_rows(run: RunData) -> list[dict[str, Any]]:
    """One flat dict per stored game, in point then index order."""
    rows: list[dict[str, Any]] = []
    for point in run.points:
        head = {"run": run.name, "point": point.point}
        head.update({f"option_{k}": _scalar(v) for k, v in point.options.items()})
        for r in point.records:
            row = dict(head)
            row.update(index=r.index, seed=r.seed, ending=r.ending, length=r.length)
            for s in range(len(r.scores)):
                p = f"seat{s + 1}_"
                row[p + "agent"] = run.agents[s] if s < len(run.agents) else None
                row[p + "agent_seed"] = r.agent_seeds[s]
                row[p + "score"] = r.scores[s]
                row[p + "return"] = r.returns[s]
                row[p + "band"] = r.bands[s]
                for key, value in r.figures[s].items():
                    _flatten(p + key, value, row)
            rows.append(row)
    return rows


def columns(rows: list[dict[str, Any]]) -> list[str]:
    """Every column of the rows, in first-seen order."""
    seen: dict[str, None] = {}
    for row in rows:
        for key in row:
            seen.setdefault(key)
    return list(seen)


def _temporary(path: Path) -> Path:
    return path.parent / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"


def export_run(run: RunData, path: Path, fmt: str | None = None) -> int:
    """Write the run's games to ``path`` as CSV or Parquet (``fmt``, else from the
    suffix); the file appears whole or not at all. Returns the number of rows. Parquet needs
    pyarrow (the ``analysis`` extra)."""
    fmt = (fmt or path.suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise ValueError(
            f"export formats are csv and parquet (from the file's suffix), not {fmt!r}"
        )
    rows = flat_rows(run)
    names = columns(rows)
    tmp = _temporary(path)
    try:
        if fmt == "csv":
            with open(tmp, "w", encoding="utf-8", newline="") as handle:
                writer = csv.DictWriter(handle, fieldnames=names, extrasaction="raise")
                writer.writeheader()
                writer.writerows(rows)
        else:
            try:
                import pyarrow as pa
                import pyarrow.parquet as pq
            except ImportError:
                raise ValueError(
                    "Parquet export needs pyarrow: pip install 'highcamp[analysis]'"
                ) from None
            table = pa.Table.from_pydict({name: list(_column(rows, name)) for name in names})
            pq.write_table(table, tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return len(rows)


def _column(rows: list[dict[str, Any]], name: str) -> Iterator[Any]:
    """A column's values; a column mixing numbers and text becomes text (Parquet columns
    have one type), a column mixing ints and floats becomes float."""
    values = [row.get(name) for row in rows]
    kinds = {type(v) for v in values if v is not None}
    if kinds <= {int, float, bool} and float in kinds:
        return (None if v is None else float(v) for v in values)
    if len(kinds) > 1 and not kinds <= {int, bool}:
        return (None if v is None else str(v) for v in values)
    return iter(values)
