"""The Starlette application: a JSON API, a WebSocket per client and the static front end.

Moves (agents' thinking included) run in a worker thread under the table's lock, so one slow
table never stalls the others.

Tokens travel in a header (``X-Highcamp-Token``) or in the first WebSocket message, never
in a URL the server sees: links carry them after ``#``, which browsers do not send.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app("sqlite://"))
>>> [g["id"] for g in client.get("/api/games").json()["games"]][:1]
['everest-1924']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from highcamp.store import Store

from .tables import Hub, Table, WebError, _Conn, agent_names, game_listing

__all__ = ["MAX_MESSAGE", "create_app"]

MAX_MESSAGE = 4096  # bytes of one request body or WebSocket message
STATIC = Path(str(resources.files("highcamp.web") / "static"))


def _error(err: WebError) -> JSONResponse:
    return JSONResponse(err.to_dict(), status_code=err.status)


async def _body(request: Request) -> Any:
    raw = b""
    async for chunk in request.stream():  # read no more than the limit
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise WebError(f"request too large (at most {MAX_MESSAGE} bytes)", status=413)
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        raise WebError("the request body is not JSON") from None


def create_app(db: str = "sqlite:///highcamp.db", *, clock_tick: float = 1.0) -> Starlette:
    """The web application over the store at SQLAlchemy URL ``db``."""
    hub = Hub(Store(db))
    locks: dict[str, asyncio.Lock] = {}

    def lock(table_id: str) -> asyncio.Lock:
        return locks.setdefault(table_id, asyncio.Lock())

    async def broadcast(table: Table) -> None:
        for conn in list(table.conns):
            try:
                await conn.send(table.view(conn.role, conn.seat))
            except Exception:  # a closed socket: forget it
                with contextlib.suppress(ValueError):
                    table.conns.remove(conn)

    def token_of(request: Request) -> str | None:
        return request.headers.get("x-highcamp-token")

    async def guarded(request: Request, work: Callable[[], Awaitable[Response]]) -> Response:
        try:
            return await work()
        except WebError as err:
            return _error(err)

    # ------------------------------------------------------------------ routes
    async def games(request: Request) -> Response:
        return JSONResponse({"games": game_listing(), "agents": agent_names()})

    async def create(request: Request) -> Response:
        async def work() -> Response:
            created = hub.create(await _body(request))
            return JSONResponse(created, status_code=201)

        return await guarded(request, work)

    async def view(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = hub.resolve(token_of(request))
            body = table.view(role, seat)
            body["static"] = table.static()
            return JSONResponse(body)

        return await guarded(request, work)

    async def act(request: Request) -> Response:
        async def work() -> Response:
            body = await _body(request)
            if not isinstance(body, dict):
                raise WebError("the request must be a JSON object")
            table, role, seat = hub.resolve(token_of(request))
            async with lock(table.id):
                await to_thread.run_sync(
                    table.act, role, seat, body.get("action"), body.get("step")
                )
            await broadcast(table)
            return JSONResponse(table.view(role, seat))

        return await guarded(request, work)

    async def undo(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = hub.resolve(token_of(request))
            async with lock(table.id):
                await to_thread.run_sync(table.undo, role, seat)
            await broadcast(table)
            return JSONResponse(table.view(role, seat))

        return await guarded(request, work)

    async def hint(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = hub.resolve(token_of(request))
            async with lock(table.id):
                return JSONResponse(await to_thread.run_sync(table.hint, role, seat))

        return await guarded(request, work)

    async def replay(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = hub.resolve(token_of(request))
            try:
                step = int(request.query_params.get("step", "0"))
            except ValueError:
                raise WebError("step must be an integer") from None
            return JSONResponse(table.replay_view(role, seat, step))

        return await guarded(request, work)

    async def mine(request: Request) -> Response:
        async def work() -> Response:
            body = await _body(request)
            tokens = body.get("tokens") if isinstance(body, dict) else None
            if not isinstance(tokens, list) or len(tokens) > 50:
                raise WebError("'tokens' must be a list of at most 50 link tokens")
            found = [hub.summary(t) for t in tokens]
            return JSONResponse(
                {"tables": [dict(s, token=t) for s, t in zip(found, tokens, strict=True) if s]}
            )

        return await guarded(request, work)

    async def index(request: Request) -> Response:
        return Response((STATIC / "index.html").read_bytes(), media_type="text/html")

    # ------------------------------------------------------------------ websocket
    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        conn: _Conn | None = None
        table: Table | None = None

        async def send(doc: dict[str, Any]) -> None:
            await ws.send_text(json.dumps(doc))

        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                raw = frame.get("text")
                if raw is None:
                    raw = (frame.get("bytes") or b"").decode("utf-8", "replace")
                try:
                    if len(raw.encode()) > MAX_MESSAGE:
                        raise WebError(f"message too large (at most {MAX_MESSAGE} bytes)")
                    try:
                        msg = json.loads(raw)
                    except ValueError:
                        raise WebError("the message is not JSON") from None
                    if not isinstance(msg, dict):
                        raise WebError("a message is a JSON object with a 'type'")
                    kind = msg.get("type")
                    if kind == "hello":
                        if table is not None and conn is not None:
                            with contextlib.suppress(ValueError):
                                table.conns.remove(conn)
                        table, role, seat = hub.resolve(msg.get("token"))
                        conn = _Conn(send, role, seat)
                        table.conns.append(conn)
                        first = table.view(role, seat)
                        first["static"] = table.static()
                        await send(first)
                        continue
                    if table is None or conn is None:
                        raise WebError("say hello with your token first", status=401)
                    if kind == "act":
                        async with lock(table.id):
                            await to_thread.run_sync(
                                table.act, conn.role, conn.seat, msg.get("action"), msg.get("step")
                            )
                        await broadcast(table)
                    elif kind == "undo":
                        async with lock(table.id):
                            await to_thread.run_sync(table.undo, conn.role, conn.seat)
                        await broadcast(table)
                    elif kind == "hint":
                        async with lock(table.id):
                            hint = await to_thread.run_sync(table.hint, conn.role, conn.seat)
                        await send(hint)
                    elif kind == "replay":
                        await send(table.replay_view(conn.role, conn.seat, msg.get("step")))
                    elif kind == "ping":
                        await send({"type": "pong"})
                    else:
                        raise WebError(
                            f"unknown message type {kind!r}: hello, act, undo, hint, replay, ping"
                        )
                except WebError as err:
                    await send(err.to_dict())
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and conn is not None:
                with contextlib.suppress(ValueError):
                    table.conns.remove(conn)

    # ------------------------------------------------------------------ turn clocks
    async def clocks() -> None:
        while True:
            await asyncio.sleep(clock_tick)
            for table in list(hub.tables.values()):
                if table.deadline is None:
                    continue
                async with lock(table.id):
                    changed = await to_thread.run_sync(table.timeout)
                if changed:
                    await broadcast(table)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(clocks())
        try:
            yield
        finally:
            task.cancel()

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", games),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/mine", mine, methods=["POST"]),
            Route("/api/table", view),
            Route("/api/table/act", act, methods=["POST"]),
            Route("/api/table/undo", undo, methods=["POST"]),
            Route("/api/table/hint", hint),
            Route("/api/table/replay", replay),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
