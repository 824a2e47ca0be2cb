"""``highcamp serve --processes N``: N server processes over one store, and a supervisor.

Process ``k`` (``0`` to ``N - 1``) serves the tables it owns (:mod:`.cluster`) on a port of
its own, ``port + 1 + k``, and with the others on the shared ``port`` (``SO_REUSEPORT``: the
kernel spreads new connections over the processes). The lobby, ``/api/games`` and
``/api/tables`` work on any process (a new table belongs to the process that created it);
a table's WebSocket goes to its owner's port, named in the table's JSON (``ws``), and a
request for a table that reaches another process is sent there (HTTP 307, or an error
message naming the owner and carrying ``ws`` on a WebSocket).

The supervisor upgrades the store's schema once, starts the processes, starts again any
that dies (its tables load again from the store on their next request: every move is
stored before any view shows it), and stops them all on Ctrl-C or SIGTERM.

>>> ports_of(8000, 3)
(8001, 8002, 8003)
>>> processes_of("3"), processes_of("auto") == usable_cores()
(3, True)
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
import socket
import sys
import time
from typing import Any

from .cluster import LIVE_URL, Share

__all__ = [
    "GIVE_UP",
    "MAX_PROCESSES",
    "RESTART_PAUSE",
    "STOP_WAIT",
    "ports_of",
    "processes_of",
    "serve_many",
    "serve_one",
    "usable_cores",
]

RESTART_PAUSE = 1.0
"""Seconds between a process's death and its restart when it died soon after starting
(a process failing at start-up is not restarted in a tight loop)."""
GIVE_UP = 5
# seconds the processes have, all together, to stop cleanly before they are killed
STOP_WAIT = 10.0
"""Deaths in a row at start-up after which the supervisor stops (a port taken, a store
that cannot be opened: starting again would not help)."""


MAX_PROCESSES = 64
"""The most server processes ``--processes`` takes."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else
    the machine's count): what ``--processes auto`` starts, one process per core."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - systems without affinity (macOS)
        return max(1, os.cpu_count() or 1)


def processes_of(text: str) -> int:
    """The number of server processes ``--processes`` asks for: a whole number from 1 to
    :data:`MAX_PROCESSES`, or ``auto`` (one per usable core, at most that); ValueError
    with the reason otherwise."""
    if text.strip().lower() == "auto":
        return min(usable_cores(), MAX_PROCESSES)
    try:
        n = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is neither a number of processes nor 'auto'") from None
    if not 1 <= n <= MAX_PROCESSES:
        raise ValueError(f"{n} processes: choose 1 to {MAX_PROCESSES}, or 'auto'")
    return n


def ports_of(port: int, processes: int) -> tuple[int, ...]:
    """Each process's own port: the ones after the shared ``port``."""
    return tuple(port + 1 + k for k in range(processes))


def _listen(host: str, port: int, *, shared: bool) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if shared:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def serve_one(
    index: int,
    db: str,
    host: str,
    port: int,
    processes: int,
    deflate: int,
    live_url: str = LIVE_URL,
    app_options: dict[str, Any] | None = None,
    prepare: str = "",
) -> None:
    """Run server process ``index`` of ``processes`` (in a process of its own: it serves
    until stopped). ``app_options``: more keyword arguments of :func:`create_app`;
    ``prepare``: a ``module:function`` called first (the load benchmark names threads)."""
    import uvicorn

    from .app import create_app
    from .serving import uvicorn_options

    if prepare:
        module, _, name = prepare.partition(":")
        getattr(importlib.import_module(module), name)()
    ports = ports_of(port, processes)
    share = Share(index, processes, ports, live_url)
    options = {"freeze_gc": True, "warm": True, **(app_options or {})}
    app = create_app(db, route=share, **options)
    sockets = [_listen(host, port, shared=True), _listen(host, ports[index], shared=False)]
    config = uvicorn.Config(app, log_level="warning", **uvicorn_options(deflate))
    uvicorn.Server(config).run(sockets=sockets)


class _Stop(Exception):
    pass


def _stop(signum: int, frame: Any) -> None:
    raise _Stop


def serve_many(
    db: str,
    host: str,
    port: int,
    processes: int,
    deflate: int,
    *,
    live_url: str = LIVE_URL,
    app_options: dict[str, Any] | None = None,
    prepare: str = "",
    until: Any = None,
) -> None:
    """The supervisor: ``processes`` server processes (:func:`serve_one`), each started
    again when it dies, all stopped on Ctrl-C, SIGTERM or once ``until()`` is true."""
    from highcamp.store import Store

    Store(db).engine.dispose()  # the schema made or upgraded once, before any process
    ctx = multiprocessing.get_context("spawn")
    args = (db, host, port, processes, deflate, live_url, app_options, prepare)

    def start(k: int) -> Any:
        proc = ctx.Process(target=serve_one, args=(k, *args), name=f"highcamp-serve-{k}")
        proc.start()
        return proc

    procs = {k: start(k) for k in range(processes)}
    started = {k: time.monotonic() for k in procs}
    early = dict.fromkeys(procs, 0)  # deaths in a row soon after starting
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        while until is None or not until():
            time.sleep(0.2)
            for k, proc in procs.items():
                if proc.is_alive():
                    continue
                soon = time.monotonic() - started[k] < 5 * RESTART_PAUSE
                early[k] = early[k] + 1 if soon else 0
                if early[k] >= GIVE_UP:
                    raise SystemExit(
                        f"highcamp: server process {k} stopped {GIVE_UP} times at start-up "
                        f"(exit {proc.exitcode}; is port {ports_of(port, processes)[k]} or "
                        f"{port} taken?): stopping"
                    )
                print(
                    f"highcamp: server process {k} stopped (exit {proc.exitcode}): starting it again",
                    file=sys.stderr,
                    flush=True,
                )
                if soon:
                    time.sleep(RESTART_PAUSE)
                procs[k], started[k] = start(k), time.monotonic()
    except (KeyboardInterrupt, _Stop):
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        _stop_all(list(procs.values()))


def _stop_all(procs: list[Any]) -> None:
    """Stop every process: asked at once, then given :data:`STOP_WAIT` seconds in all (not
    each) to finish their moves and close their workers, then killed."""
    began = time.monotonic()
    for proc in procs:
        if proc.is_alive():
            proc.terminate()  # uvicorn stops on SIGTERM as on Ctrl-C
    deadline = began + STOP_WAIT
    for proc in procs:
        proc.join(timeout=max(0.0, deadline - time.monotonic()))
    late = [proc for proc in procs if proc.is_alive()]
    for proc in late:
        with contextlib.suppress(Exception):
            proc.kill()
    for proc in late:
        proc.join(timeout=5)
    print(
        f"highcamp: {len(procs)} server processes stopped in {time.monotonic() - began:.1f} s"
        + (f" ({len(late)} killed after {STOP_WAIT:.0f} s)" if late else ""),
        file=sys.stderr,
        flush=True,
    )
