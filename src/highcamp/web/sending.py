"""Views on their way to clients: every client's view of a table encoded once per role,
seat and log held (:func:`encoded_views`, in the play thread), and the JSON encoder.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from .tables import Table, _Conn

__all__ = ["dumps", "encoded_views"]


def dumps(doc: Any) -> str:
    """``doc`` as compact JSON, by orjson (several times quicker than ``json``; keys that
    are not strings become strings, as ``json`` does); what orjson refuses (an integer
    past 64 bits), by ``json``.

    >>> dumps({"a": [1, 2.5, None], 3: "x"}) == json.dumps({"a": [1, 2.5, None], 3: "x"},
    ...     separators=(",", ":"))
    True
    """
    try:  # a view's keys are strings: orjson's quickest path (a sixth quicker)
        return orjson.dumps(doc).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(doc, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(doc, separators=(",", ":"))


def encoded_views(table: Table) -> list[tuple[_Conn, str]]:
    """In the play thread: every client's view of the table now, encoded; each view built
    once per role and seat, and each client sent only the log entries it lacks.

    >>> from highcamp.store import Store
    >>> from highcamp.web.hub import Hub
    >>> from highcamp.web.tables import _Conn
    >>> table = Hub(Store("sqlite://")).create({"game": "everest-1924", "mode": "hotseat"})[1]
    >>> table.conns = [_Conn(None, "host", None), _Conn(None, "spectator", None)]
    >>> [orjson.loads(text)["role"] for _, text in encoded_views(table)]
    ['host', 'spectator']
    """
    views: dict[tuple[str, int | None], dict[str, Any]] = {}
    texts: dict[tuple[Any, ...], tuple[str, Any]] = {}
    out = []
    with table.lock:
        table.sent = table.version
        for conn in list(table.conns):
            key = (conn.role, conn.seat)
            if key not in views:
                views[key] = table.view(conn.role, conn.seat)
            if (key, conn.log) not in texts:
                doc, held = table.log_delta(views[key], conn.log)
                texts[key, conn.log] = (dumps(doc), held)
            text, conn.log = texts[key, conn.log]
            out.append((conn, text))
    return out
