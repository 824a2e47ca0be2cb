"""What the server accepts from outside: JSON bodies and messages within limits, and the
rate of table creation per client.

>>> parse_json(b'{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json(b"[" * 2000 + b"]" * 2000)
Traceback (most recent call last):
...
highcamp.web.errors.WebError: the JSON is nested too deeply (at most 16 levels)
>>> limit = RateLimit(per_minute=60, burst=2)
>>> [limit.take("10.0.0.1", now=0.0) for _ in range(3)]
[0.0, 0.0, 1.0]
>>> limit.take("10.0.0.1", now=1.0), limit.take("10.0.0.2", now=1.0)
(0.0, 0.0)
>>> limit.refund("10.0.0.1"); limit.take("10.0.0.1", now=1.0)
0.0
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from .errors import WebError

__all__ = ["MAX_DEPTH", "MAX_MESSAGE", "RateLimit", "parse_json"]

MAX_MESSAGE = 4096  # bytes of one request body or WebSocket message
MAX_DEPTH = 16  # nesting of arrays and objects in one message


def _depth(raw: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (a linear scan, before any
    parser recurses)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def parse_json(raw: bytes | str, *, empty: Any = None, what: str = "the JSON") -> Any:
    """``raw`` parsed, or :class:`WebError` (400) for anything that is not JSON within the
    limits: too large, nested too deeply, not UTF-8, numbers too long."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > MAX_MESSAGE:
        raise WebError(f"message too large (at most {MAX_MESSAGE} bytes)", status=413)
    if not data.strip() and empty is not None:
        return empty
    # the scan only when the brackets could nest too deep (a move or a hello has one)
    if data.count(b"[") + data.count(b"{") > MAX_DEPTH and _depth(data) > MAX_DEPTH:
        raise WebError(f"the JSON is nested too deeply (at most {MAX_DEPTH} levels)")
    try:
        return json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise WebError(f"{what} is not JSON") from None


class RateLimit:
    """A token bucket per client: ``burst`` at once, then ``per_minute``. :meth:`take`
    answers 0 when allowed, else the seconds to wait."""

    def __init__(self, *, per_minute: float = 30.0, burst: int = 10, clients: int = 10000):
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clients = clients
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, client: str, *, now: float | None = None) -> float:
        """Take one token for ``client``: 0.0 when allowed, else seconds until one is."""
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, at = self._buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - at) * self.rate)
            if tokens < 1.0:
                self._buckets[client] = (tokens, now)
                return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")
            if len(self._buckets) >= self.clients:  # forget full buckets first
                for key in [k for k, (t, _) in self._buckets.items() if t >= self.burst - 1]:
                    del self._buckets[key]
            self._buckets[client] = (tokens - 1.0, now)
            return 0.0

    def refund(self, client: str) -> None:
        """Give back the token of a request that was refused (it created nothing)."""
        with self._lock:
            if client in self._buckets:
                tokens, at = self._buckets[client]
                self._buckets[client] = (min(self.burst, tokens + 1.0), at)
