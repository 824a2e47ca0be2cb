"""The Starlette application: a JSON API, a WebSocket per client and the static front end.

The event loop only moves bytes. Everything that touches a game or the database runs off
it: play (validating and storing a move, the chance steps and quick AI seats it sets off,
stored with it in one transaction, and every client's encoded view) in one trip to the play
thread (:mod:`.worker`); cold work (finding a token, loading and replaying a table, creating
one) in a pool of threads; a quick AI's decision in its worker process, awaited without a
thread. Searching agents think outside the
table's lock (in worker processes), so a thinking AI never holds up anyone, its own table's
viewers included; their steps are played by one task per table that sends every client its
view after each step, with ``thinking`` set while an AI decides. After the first view on a
connection, a view carries only the log entries that client lacks (``log_delta``).

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
import functools
import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from anyio import CapacityLimiter, to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from highcamp.store import Store
from highcamp.store.engine import checkpoint_apart

from .cluster import Elsewhere, Share, host_of
from .guard import MAX_MESSAGE, RateLimit, parse_json
from .hub import Hub, agent_names, game_listing, seat_choices
from .sending import dumps, encoded_views
from .tables import Table, WebError, _Conn, static_view
from .thinkers import Decision, PipeThinker, Thinkers
from .worker import Worker

__all__ = ["MAX_MESSAGE", "create_app"]

STATIC = Path(str(resources.files("highcamp.web") / "static"))
SETTLE = 2.0  # seconds a request waits for the automatic steps its move set off
THINK_SHOWN = 0.1  # an AI thinking longer than this is shown as thinking
COLD_THREADS = 4  # threads for cold work: loading, creating and replaying tables
YOUNG_GC = 10_000  # a served process: allocations between young collections (Python's: 700)
log = logging.getLogger("highcamp.web")
R = TypeVar("R")


def _error(err: WebError) -> JSONResponse:
    return JSONResponse(err.to_dict(), status_code=err.status)


_dumps = dumps  # (named so in this module: the benchmark's tracer wraps it here)
_PONG = _dumps({"type": "pong"})


@functools.lru_cache(maxsize=512)
def _static_text(game: Any) -> str:
    return _dumps(static_view(game))


def _with_static(text: str, table: Table) -> str:
    """A view's JSON ``text`` with the table's static view added (as ``"static"``, last),
    the static view's JSON made once per game: the same text as encoding the view with
    it.

    >>> from highcamp.store import Store
    >>> from highcamp.web.hub import Hub
    >>> table = Hub(Store("sqlite://")).create({"game": "everest-1924", "mode": "solo"})[1]
    >>> view = table.view("host", None)
    >>> _with_static(_dumps(view), table) == _dumps(view | {"static": table.static()})
    True
    """
    return f'{text[:-1]},"static":{_static_text(table.game)}}}'


class _Server(Starlette):
    """Starlette, with the live-play WebSocket (``/ws``) served as a bare ASGI app: each
    message it sends and receives goes straight to the server's protocol instead of
    through Starlette's WebSocket object and its middleware's two wrappers of ``send``."""

    def __init__(self, socket: ASGIApp, **kw: Any) -> None:
        super().__init__(**kw)
        self.socket = socket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            scope["app"] = self
            await self.socket(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


class _JSON(Response):
    media_type = "application/json"


async def _body(request: Request) -> Any:
    raw = b""
    async for chunk in request.stream():  # read no more than the limit
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise WebError(f"request too large (at most {MAX_MESSAGE} bytes)", status=413)
    return parse_json(raw, empty={}, what="the request body")


def create_app(
    db: str = "sqlite:///highcamp.db",
    *,
    clock_tick: float = 1.0,
    idle: float = 600.0,
    max_tables: int = 2000,
    creations_per_minute: float = 30.0,
    creation_burst: int = 10,
    thinkers: int = 2,
    freeze_gc: bool = False,
    warm: bool = False,
    route: Share | None = None,
) -> Starlette:
    """The web application over the store at SQLAlchemy URL ``db``.

    ``idle`` and ``max_tables``: when tables leave memory (see :meth:`Hub.evict`);
    ``creations_per_minute`` and ``creation_burst``: tables one client may create (then
    429); ``thinkers``: worker processes where agents decide (0: in threads of the server,
    which share its interpreter with the event loop); ``freeze_gc``: once started, move
    every object alive into the collector's permanent generation (:func:`gc.freeze`), so a
    full collection scans only what play made since (about 10 ms with 100 tables in play,
    instead of about 100 ms that stalled every table), and collect the young generation
    every :data:`YOUNG_GC` allocations instead of 700 (a move's objects mostly die before,
    so the collector runs a fifteenth as often and its time falls by about three
    quarters); for a server process of its own
    (``highcamp serve``), not for a process that makes many apps (the tests); ``warm``:
    start the agents' worker processes at start-up rather than at the first AI move
    (:meth:`Thinkers.warm`; ``highcamp serve`` does); ``route``: this process's share of
    the tables when several serve one store (:mod:`.cluster`; ``None``: all of them).
    """
    pool = Thinkers(thinkers) if thinkers > 0 else None
    quick = PipeThinker() if thinkers > 0 else None  # spoken to by the loop itself
    hub = Hub(
        Store(db),
        idle=idle,
        max_tables=max_tables,
        thinkers=pool,
        quick_thinkers=quick,
        route=route,
    )
    checkpoint = checkpoint_apart(hub.store.engine)  # an SQLite file's, off the moves' path
    limit = RateLimit(per_minute=creations_per_minute, burst=creation_burst)
    ai = CapacityLimiter(thinkers)

    # moves, automatic steps and views: one thread, fed without a pool; the moves of the
    # jobs it takes together stored in one transaction before any of their views leaves
    play = Worker(group=hub.writer.group)

    # cold work's threads: each fed by its own C-level queue, as the play thread is (a
    # hop costs about a fifth of anyio's pool hop, whose queue.Queue wakes by Condition)
    cold = [Worker(f"highcamp-cold-{i}") for i in range(COLD_THREADS)]
    queued = [0] * COLD_THREADS  # jobs each cold thread has, counted on the loop

    async def off(fn: Callable[..., R], *args: Any, **kw: Any) -> R:
        """Cold work (finding, loading and creating tables, replays) in the cold thread
        with the fewest jobs queued (a slow replay holds back only its own thread)."""
        i = queued.index(min(queued))
        queued[i] += 1
        try:
            return await cold[i].run(partial(fn, *args, **kw))
        finally:
            queued[i] -= 1

    async def hot(fn: Callable[..., R], *args: Any, **kw: Any) -> R:
        """Play (a move and what follows it, every client's views) in the play thread."""
        return await play.run(partial(fn, *args, **kw))

    # ------------------------------------------------------------------ pushing views
    def progress(
        table: Table, work: Callable[[], Any] | None = None, decided: Any = None
    ) -> tuple[bool, Decision | None, list[Any]]:
        """In the play thread: ``work`` (a client's move) if any, or the ``(job, action)``
        a quick agent ``decided``, then the automatic steps that need no waiting (chance
        steps, agents that decide at once), then every client's view if the table changed.
        Returns whether a slower agent is to think, the job of a quick agent deciding in
        its worker process (the views wait for its move), and the views."""
        job = None
        with table.batch():  # the moves stored in one transaction before any view
            if work is not None:
                work()
            if decided is not None:
                table.play_decided(*decided)
            more = table.auto_steps()
            while more and table.quick_agent_next():
                job = table.quick_job()
                if job is not None:
                    break
                table.think()
                more = table.auto_steps()
        if job is not None:
            return True, job, []
        return more, None, encoded_views(table) if table.sent != table.version else []

    async def decide(job: Decision) -> Any:
        """A quick agent's action from its worker process (or the exception it raised),
        waited for without a thread."""
        assert quick is not None
        try:
            return await quick.ask(job)
        except Exception as err:  # an agent's bug: the table plays a random action
            return err

    async def play_on(
        table: Table, work: Callable[[], Any] | None = None
    ) -> tuple[bool, list[Any]]:
        """``work`` and what follows it up to a person's turn or a slower agent's, the
        quick agents' decisions included; whether a slower agent is to think, and views."""
        more, job, views = await play.run_grouped(progress, table, work)
        while job is not None:
            action = await decide(job)
            more, job, views = await play.run_grouped(progress, table, None, (job, action))
        return more, views

    def in_order(table: Table) -> asyncio.Lock:
        """The lock under which a table's views are built and sent (a client appends the
        log entries of each view to those of the one before)."""
        if table.sending is None:
            table.sending = asyncio.Lock()
        lock: asyncio.Lock = table.sending
        return lock

    async def push(table: Table, views: list[tuple[_Conn, str]]) -> None:
        for conn, text in views:
            try:
                await conn.send(text)
            except Exception:  # a closed socket: forget it
                with contextlib.suppress(ValueError):
                    table.conns.remove(conn)

    async def broadcast(table: Table) -> None:
        async with in_order(table):
            await push(table, await hot(encoded_views, table) if table.conns else [])

    async def advance(table: Table, work: Callable[[], Any] | None = None) -> None:
        """Play ``work`` (a client's move), the automatic steps that need no waiting and
        send the views, in one trip to a worker thread; a slower agent goes on in the
        table's task. Raises the move's :class:`WebError`."""
        try:
            async with in_order(table):
                more, views = await play_on(table, work)
                await push(table, views)
        except WebError:
            raise
        except Exception:  # a store failure after the move: the table's task says so
            log.exception("a move on table %s failed", table.id)
            more = True
        if more:
            kick(table)

    async def drive(table: Table) -> None:
        """Play the table's automatic steps, sending views as they happen."""
        try:
            while table.dirty:
                table.dirty = False
                while True:
                    async with in_order(table):
                        more, views = await play_on(table)
                        await push(table, views)
                    if not more:
                        break
                    think = asyncio.ensure_future(to_thread.run_sync(table.think, limiter=ai))
                    done, _ = await asyncio.wait({think}, timeout=THINK_SHOWN)
                    if not done:
                        await broadcast(table)  # "thinking..."
                    await think
        except Exception as err:  # a store failure: say so, keep serving
            log.exception("automatic steps of table %s failed", table.id)
            table.notice = f"The server could not go on with this table ({type(err).__name__})."
            await broadcast(table)

    def kick(table: Table) -> asyncio.Task[None]:
        table.dirty = True
        if table.task is None or table.task.done():
            table.task = asyncio.create_task(drive(table))
        task: asyncio.Task[None] = table.task
        return task

    async def settle(table: Table) -> None:
        """Set off the table's automatic steps and wait for them a little (most are
        done at once; a long AI decision goes on, shown as thinking)."""
        task = kick(table)
        await asyncio.wait({task}, timeout=SETTLE)

    async def resolve(token: Any) -> tuple[Table, str, int | None]:
        """The table, role and seat of a link token: at once for a token of a table in
        memory (:meth:`Hub.known`), else found and loaded in a cold thread."""
        found = hub.known(token)
        table, role, seat = (
            found if found is not None else await off(hub.resolve, token, auto=False)
        )
        if table.task is None:
            kick(table)  # just loaded: a table stopped between automatic steps goes on
        return table, role, seat

    def token_of(request: Request) -> str | None:
        return request.headers.get("x-highcamp-token")

    def live(table_id: str, scope: Scope) -> dict[str, Any]:
        """Where ``table_id``'s WebSocket goes (only when several processes serve)."""
        if route is None:
            return {}
        return {"ws": route.live(table_id, scheme=scope["scheme"], host=host_of(scope))}

    async def guarded(request: Request, work: Callable[[], Awaitable[Response]]) -> Response:
        try:
            return await work()
        except Elsewhere as err:  # another process owns the table: send the client there
            assert route is not None
            path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            where = route.http(
                err.table_id, path, scheme=request.url.scheme, host=host_of(request.scope)
            )
            return JSONResponse(
                err.to_dict() | live(err.table_id, request.scope),
                status_code=307,
                headers={"Location": where},
            )
        except WebError as err:
            return _error(err)

    async def view_response(table: Table, role: str, seat: int | None, **extra: Any) -> Response:
        def build() -> str:
            return _dumps(table.view(role, seat) | extra)

        return _JSON(await off(build))

    # ------------------------------------------------------------------ routes
    async def games(request: Request) -> Response:
        listing = await off(game_listing)
        return JSONResponse(
            {"games": listing, "agents": agent_names(), "seat_choices": seat_choices()}
        )

    async def create(request: Request) -> Response:
        async def work() -> Response:
            client = request.client.host if request.client else "unknown"
            wait = limit.take(client)
            if wait:
                return JSONResponse(
                    {
                        "type": "error",
                        "error": "too many new tables from this address: try again in "
                        f"{int(wait) + 1} seconds",
                        "rule": "",
                    },
                    status_code=429,
                    headers={"Retry-After": str(int(wait) + 1)},
                )
            try:
                made, table = await off(hub.create, await _body(request), auto=False)
            except WebError:
                limit.refund(client)  # a refused request created nothing
                raise
            await settle(table)
            return JSONResponse(made | live(table.id, request.scope), status_code=201)

        return await guarded(request, work)

    async def view(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = await resolve(token_of(request))
            return await view_response(table, role, seat, static=table.static())

        return await guarded(request, work)

    async def act(request: Request) -> Response:
        async def work() -> Response:
            body = await _body(request)
            if not isinstance(body, dict):
                raise WebError("the request must be a JSON object")
            table, role, seat = await resolve(token_of(request))
            await hot(table.act, role, seat, body.get("action"), body.get("step"), auto=False)
            await settle(table)
            return await view_response(table, role, seat)

        return await guarded(request, work)

    async def undo(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = await resolve(token_of(request))
            await hot(table.undo, role, seat, auto=False)
            await settle(table)
            return await view_response(table, role, seat)

        return await guarded(request, work)

    async def hint(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = await resolve(token_of(request))
            found = await to_thread.run_sync(table.hint, role, seat, limiter=ai)
            return JSONResponse(found)

        return await guarded(request, work)

    async def replay(request: Request) -> Response:
        async def work() -> Response:
            table, role, seat = await resolve(token_of(request))
            try:
                step = int(request.query_params.get("step", "0"))
            except ValueError:
                raise WebError("step must be an integer") from None
            return JSONResponse(await off(table.replay_view, role, seat, step))

        return await guarded(request, work)

    async def mine(request: Request) -> Response:
        async def work() -> Response:
            body = await _body(request)
            tokens = body.get("tokens") if isinstance(body, dict) else None
            if not isinstance(tokens, list) or len(tokens) > 50:
                raise WebError("'tokens' must be a list of at most 50 link tokens")
            found = [await off(hub.summary, t) for t in tokens]
            return JSONResponse(
                {"tables": [dict(s, token=t) for s, t in zip(found, tokens, strict=True) if s]}
            )

        return await guarded(request, work)

    async def index(request: Request) -> Response:
        return Response((STATIC / "index.html").read_bytes(), media_type="text/html")

    # ------------------------------------------------------------------ websocket
    async def socket(scope: Scope, receive: Receive, send_raw: Send) -> None:
        """Live play on one WebSocket, as a bare ASGI app (see :class:`_Server`)."""
        if (await receive())["type"] != "websocket.connect":
            return
        await send_raw({"type": "websocket.accept"})
        conn: _Conn | None = None
        table: Table | None = None
        closed = False

        async def send(doc: dict[str, Any] | str) -> None:
            text = doc if isinstance(doc, str) else _dumps(doc)
            await send_raw({"type": "websocket.send", "text": text})

        async def handle(msg: dict[str, Any]) -> None:
            nonlocal conn, table
            kind = msg.get("type")
            if kind == "hello":
                if table is not None and conn is not None:
                    with contextlib.suppress(ValueError):
                        table.conns.remove(conn)
                found, role, seat = await resolve(msg.get("token"))
                joined = _Conn(send, role, seat)

                def first_view() -> str:
                    with found.lock:
                        doc, joined.log = found.log_delta(found.view(role, seat), None)
                    return _with_static(_dumps(doc), found)

                async with in_order(found):  # before any later view of the table
                    first = await hot(first_view)
                    table, conn = found, joined
                    table.conns.append(conn)
                    await send(first)
                return
            if kind == "ping":
                await send(_PONG)
                return
            if table is None or conn is None:
                raise WebError("say hello with your token first", status=401)
            if kind == "act":
                move = partial(
                    table.act, conn.role, conn.seat, msg.get("action"), msg.get("step"), auto=False
                )
                await advance(table, move)
            elif kind == "undo":
                await advance(table, partial(table.undo, conn.role, conn.seat, auto=False))
            elif kind == "hint":
                await send(await to_thread.run_sync(table.hint, conn.role, conn.seat, limiter=ai))
            elif kind == "review":
                await send(await to_thread.run_sync(table.review, conn.role, conn.seat, limiter=ai))
            elif kind == "replay":
                await send(await off(table.replay_view, conn.role, conn.seat, msg.get("step")))
            else:
                raise WebError(
                    f"unknown message type {kind!r}: hello, act, undo, hint, review, replay, ping"
                )

        try:
            while True:
                frame = await receive()
                if frame["type"] != "websocket.receive":  # websocket.disconnect
                    closed = True
                    break
                raw = frame.get("text")
                try:
                    if raw is None:
                        raw = (frame.get("bytes") or b"").decode("utf-8", "replace")
                    msg = parse_json(raw, what="the message")
                    if not isinstance(msg, dict):
                        raise WebError("a message is a JSON object with a 'type'")
                    await handle(msg)
                except Elsewhere as err:  # another process owns the table: go there
                    await send(err.to_dict() | live(err.table_id, scope))
                except WebError as err:
                    await send(err.to_dict())
        except OSError:  # the client went away while we sent (uvicorn's ClientDisconnected)
            closed = True
        except Exception:  # a server fault: close properly, never drop the socket
            log.exception("websocket failed")
            if not closed:
                with contextlib.suppress(Exception):
                    await send_raw(
                        {"type": "websocket.close", "code": 1011, "reason": "server error"}
                    )
        finally:
            if table is not None and conn is not None:
                with contextlib.suppress(ValueError):
                    table.conns.remove(conn)

    # ------------------------------------------------------------------ turn clocks, memory
    async def housekeeping() -> None:
        while True:
            await asyncio.sleep(clock_tick)
            for table in list(hub.tables.values()):
                if table.due() and not table.busy() and await off(table.timeout, auto=False):
                    kick(table)
            await off(hub.evict)
            if checkpoint is not None:
                await off(checkpoint)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if freeze_gc:  # start-up's objects (modules, games, the listing) out of the collector
            await off(game_listing)
            gc.collect()
            gc.freeze()
            gc.set_threshold(YOUNG_GC, *gc.get_threshold()[1:])
        if warm:
            for workers in (pool, quick):
                if workers is not None:
                    workers.warm()
        task = asyncio.create_task(housekeeping())
        try:
            yield
        finally:
            task.cancel()
            if quick is not None:
                quick.close()  # on the loop, which watches its pipe
            if pool is not None:
                await to_thread.run_sync(pool.close)
            await to_thread.run_sync(play.close)
            for thread in cold:
                await to_thread.run_sync(thread.close)

    app = _Server(
        socket,
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
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.route = route
    app.state.kick = kick
    return app
