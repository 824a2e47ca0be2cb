"""A lean client of the web server for ``benchmarks/web_load.py``: a WebSocket in one
asyncio protocol object (no task, queue or future per message) and a bare HTTP POST, so
that the load generator spends little of the machine it shares with the server it
measures.

It speaks what a browser speaks: the WebSocket handshake offering permessage-deflate
(RFC 7692; the server's messages are inflated with one context per connection, as the
server compresses them), masked text frames to the server (sent uncompressed, which a
client may always do), pings answered, and a close frame at the end. Views are parsed by
orjson.

>>> frame = _frame(b'{"type":"ping"}', mask=b"\\x00\\x00\\x00\\x00")
>>> frame[:2], frame[6:]
(b'\\x81\\x8f', b'{"type":"ping"}')
>>> _frame(b"x" * 200, mask=b"abcd")[:4]
b'\\x81\\xfe\\x00\\xc8'
"""

from __future__ import annotations

import asyncio
import base64
import os
import zlib
from collections.abc import Callable
from typing import Any

__all__ = ["LeanSocket", "connect", "post_json"]

_TAIL = b"\x00\x00\xff\xff"  # what a compressed message's sender strips (RFC 7692 7.2.1)


def _frame(payload: bytes, opcode: int = 1, mask: bytes | None = None) -> bytes:
    """A final, masked frame of a client carrying ``payload``."""
    key = os.urandom(4) if mask is None else mask
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    keys = (key * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "little") ^ int.from_bytes(keys, "little")).to_bytes(
        n, "little"
    )
    return head + key + masked


class LeanSocket(asyncio.Protocol):
    """One WebSocket connection; ``on_message(data)`` gets each whole message's bytes."""

    def __init__(self, host: str, path: str, on_message: Callable[[bytes], None]) -> None:
        self.host, self.path, self.on_message = host, path, on_message
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.buf = bytearray()
        self.inflate: Any = None
        self.parts: list[bytes] = []
        self.compressed = False
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            (
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n"
                "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
            ).encode()
        )

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("the server closed the connection"))

    def send_text(self, text: bytes) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(_frame(text))

    def close(self) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(_frame((1000).to_bytes(2, "big"), opcode=8))
            self.transport.close()
            self.closed = True

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.opened.done():
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buf[:end]).decode("latin-1").lower()
            del buf[: end + 4]
            if not head.startswith("http/1.1 101"):
                self.opened.set_exception(ConnectionError(head.splitlines()[0]))
                return
            if "permessage-deflate" in head:
                self.inflate = zlib.decompressobj(-15)
            self.opened.set_result(None)
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, at = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + n:
                return
            payload = bytes(buf[at : at + n])
            del buf[: at + n]
            opcode = b0 & 0x0F
            if opcode == 8:  # close
                self.close()
                return
            if opcode == 9:  # ping
                if self.transport is not None:
                    self.transport.write(_frame(payload, opcode=10))
                continue
            if opcode == 10:
                continue
            if opcode != 0:  # the first frame of a message (text or binary)
                self.compressed, self.parts = bool(b0 & 0x40), []
            self.parts.append(payload)
            if b0 & 0x80:  # the last frame
                message = b"".join(self.parts)
                if self.compressed:
                    message = self.inflate.decompress(message + _TAIL)
                self.on_message(message)


async def connect(
    host: str, port: int, path: str, on_message: Callable[[bytes], None]
) -> LeanSocket:
    """An open :class:`LeanSocket` to ``ws://host:port/path``."""
    loop = asyncio.get_running_loop()
    _, sock = await loop.create_connection(
        lambda: LeanSocket(f"{host}:{port}", path, on_message), host, port
    )
    await sock.opened
    return sock


async def post_json(host: str, port: int, path: str, body: bytes) -> tuple[int, bytes]:
    """``POST`` of a JSON ``body`` on a connection of its own; the status and the body."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        data = await reader.read(-1)
    finally:
        writer.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), rest
