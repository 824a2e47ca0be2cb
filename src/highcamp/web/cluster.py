"""Several server processes: which process owns a table, and where its clients go.

Process ``k`` of ``n`` owns the tables whose id hashes to ``k`` (CRC-32 of the id, modulo
``n``: the same in every process and every run). A table's live state, its lock and its
WebSocket clients live in its owner only; the store is shared. Each process listens on a
port of its own (and all of them on a shared one); what the server returns for a table
names its owner's live address, and a request for a table that reaches another process
is answered with the way to the owner (HTTP 307, or an error message over a WebSocket)
rather than served from a second copy of the table.

>>> route = Share(index=0, count=2, ports=(8001, 8002))
>>> owner("abcdef", 2), route.owns("abcdef"), route.owns("abcdeh")
(1, False, True)
>>> route.live("abcdef", scheme="ws", host="example.org:8000")
'ws://example.org:8002/ws?table=abcdef'
>>> route.http("abcdef", "/api/table?x=1", scheme="http", host="[::1]:8000")
'http://[::1]:8002/api/table?x=1'
>>> Share(0, 1, (8000,)).owns("anything")
True
"""

from __future__ import annotations

import secrets
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import WebError

__all__ = ["LIVE_URL", "Elsewhere", "Share", "host_of", "new_id", "owner"]

LIVE_URL = "{scheme}://{host}:{port}/ws?table={table}"
"""Where a table's WebSocket goes by default: the host the client reached, its owner's port.
``{scheme}`` is ``ws`` or ``wss``, ``{host}`` the host name the client used (without its
port), ``{port}`` the owner's own port, ``{index}`` the owner's number, ``{table}`` the id."""


def owner(table_id: str, n: int) -> int:
    """The process (``0`` to ``n - 1``) that owns table ``table_id``.

    >>> [owner(t, 3) for t in ("a", "b", "c")]
    [0, 2, 0]
    """
    return zlib.crc32(table_id.encode()) % n


def new_id(index: int, n: int, draw: Callable[[], str] = lambda: secrets.token_urlsafe(6)) -> str:
    """A new table id that process ``index`` of ``n`` owns (ids are drawn until one
    hashes to it: ``n`` draws on average), so a table is played where it was created.

    >>> all(owner(new_id(1, 4), 4) == 1 for _ in range(20))
    True
    """
    while True:
        table_id = draw()
        if owner(table_id, n) == index:
            return table_id


def _hostname(host: str) -> str:
    """The host part of a ``Host`` header (``[::1]:80`` -> ``[::1]``).

    >>> _hostname("example.org:8000"), _hostname("[::1]:8000"), _hostname("localhost")
    ('example.org', '[::1]', 'localhost')
    """
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rpartition(":")[0] if ":" in host else host


@dataclass(frozen=True)
class Share:
    """Process ``index`` of ``count``; ``ports``: each process's own port; ``live_url``:
    the template of a table's WebSocket address (:data:`LIVE_URL`; behind a proxy, the
    proxy's address of each process, such as ``wss://play.example.org/p/{index}/ws``)."""

    index: int
    count: int
    ports: tuple[int, ...]
    live_url: str = LIVE_URL

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.count or len(self.ports) != self.count:
            raise ValueError("a route needs 0 <= index < count and one port per process")

    def owner(self, table_id: str) -> int:
        """The process owning ``table_id``."""
        return owner(table_id, self.count)

    def owns(self, table_id: str) -> bool:
        """Whether this process owns ``table_id``."""
        return self.count == 1 or self.owner(table_id) == self.index

    def new_id(self) -> str:
        """A new table id of this process."""
        return new_id(self.index, self.count)

    def live(self, table_id: str, *, scheme: str, host: str) -> str:
        """The WebSocket address of ``table_id``'s owner, for a client that reached this
        process as ``scheme://host``."""
        k = self.owner(table_id)
        ws = "wss" if scheme in ("https", "wss") else "ws"
        return self.live_url.format(
            scheme=ws, host=_hostname(host), port=self.ports[k], index=k, table=table_id
        )

    def http(self, table_id: str, path: str, *, scheme: str, host: str) -> str:
        """The address of the HTTP request ``path`` (with its query) at ``table_id``'s
        owner."""
        k = self.owner(table_id)
        web = "https" if scheme in ("https", "wss") else "http"
        return f"{web}://{_hostname(host)}:{self.ports[k]}{path}"


def host_of(scope: Mapping[str, Any]) -> str:
    """The host (and port) an ASGI request reached: its ``Host`` header, else the server's
    address.

    >>> host_of({"headers": [(b"host", b"example.org:8000")]})
    'example.org:8000'
    >>> host_of({"headers": [], "server": ("127.0.0.1", 8001)})
    '127.0.0.1:8001'
    """
    for name, value in scope.get("headers", ()):
        if name == b"host":
            return str(value.decode("latin-1"))
    server = scope.get("server") or ("localhost", 80)
    return f"{server[0]}:{server[1]}"


class Elsewhere(WebError):
    """A request for a table another process owns: where it is to go instead.

    >>> err = Elsewhere("abc", 1)
    >>> err.status, err.to_dict()["owner"]
    (307, 1)
    """

    def __init__(self, table_id: str, index: int) -> None:
        super().__init__(
            f"table {table_id} is served by server process {index}: connect there",
            status=307,
        )
        self.table_id = table_id
        self.index = index

    def to_dict(self) -> dict[str, Any]:
        return super().to_dict() | {"table": self.table_id, "owner": self.index}
