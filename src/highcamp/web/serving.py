"""How the web server runs under uvicorn: its event loop, HTTP parser and WebSocket
protocol, chosen for CPU per message (what one process can serve is bounded by it).

* the event loop is uvloop's (libuv) where it is installed, else asyncio's: the loop's
  thread spent a sixth to a fifth less CPU per action with it (docs/benchmarks.md);
* HTTP is parsed by httptools where installed (creating tables, the WebSocket handshake);
* WebSockets are uvicorn's sans-I/O protocol over ``websockets`` with per-message
  compression (permessage-deflate, which every browser offers) at zlib level
  :data:`DEFLATE_LEVEL` instead of zlib's default 6: a view is 2-20 KB of JSON, and level 1
  costs about two thirds of level 6's CPU for messages about a third larger (a 19.5 KB view
  of Disaster: 83 against 133 us, 3.6 against 2.7 KB sent); 0 turns compression off (for a
  server whose clients are all on a fast network, or behind a proxy that compresses).

>>> options = uvicorn_options(deflate=0)
>>> options["ws_per_message_deflate"], options["ws_max_size"]
(False, 65536)
>>> uvicorn_options()["ws"].level == DEFLATE_LEVEL
True
"""

from __future__ import annotations

import importlib.util
import logging
from typing import Any

__all__ = ["DEFLATE_LEVEL", "MAX_FRAME", "uvicorn_options"]

DEFLATE_LEVEL = 1
"""zlib's level for the WebSocket's per-message compression (1: fastest, 9: smallest)."""
MAX_FRAME = 1 << 16
"""The largest WebSocket message the server reads (a client's messages are at most 4 KB)."""


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _protocol(level: int) -> type[Any]:
    """uvicorn's sans-I/O WebSocket protocol with permessage-deflate at zlib ``level``."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    from websockets.server import ServerProtocol

    class Deflating(WebSocketsSansIOProtocol):
        """The same protocol, its compressor set to ``level`` (uvicorn's default: 6)."""

        level: int = 0

        def __init__(self, config: Any, *args: Any, **kw: Any) -> None:
            super().__init__(config, *args, **kw)
            if config.ws_per_message_deflate:
                self.conn = ServerProtocol(
                    extensions=[
                        ServerPerMessageDeflateFactory(
                            server_max_window_bits=12,
                            client_max_window_bits=12,
                            compress_settings={"memLevel": 5, "level": level},
                        )
                    ],
                    max_size=config.ws_max_size,
                    logger=logging.getLogger("uvicorn.error"),
                )

    Deflating.level = level
    return Deflating


def uvicorn_options(deflate: int = DEFLATE_LEVEL) -> dict[str, Any]:
    """Keyword arguments of ``uvicorn.run`` for the web server (``highcamp serve`` and the
    load benchmark): the loop, HTTP parser and WebSocket protocol above, compression at
    zlib level ``deflate`` (0: none)."""
    if not 0 <= deflate <= 9:
        raise ValueError("deflate is a zlib level from 0 (no compression) to 9")
    options: dict[str, Any] = {
        "loop": "uvloop" if _installed("uvloop") else "asyncio",
        "http": "httptools" if _installed("httptools") else "h11",
        "ws_max_size": MAX_FRAME,
        "ws_per_message_deflate": deflate > 0,
    }
    if deflate > 0:
        options["ws"] = _protocol(deflate)
    return options
