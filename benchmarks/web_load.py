"""The web server under load on loopback: an action's round trip and the server's capacity.

Run it from the repository root::

    .venv/bin/python benchmarks/web_load.py [--tables 100] [--seconds 10] [--db URL]

The server runs as ``highcamp serve --processes auto`` runs it, one server process per
usable core (``--processes N`` for another number; ``1``: ``create_app`` under uvicorn in
one process), on 127.0.0.1, free ports and an SQLite file unless ``--db``; the
load runs in ``--generators`` processes of this one (2 by default: each plays a share of
the tables on one shared schedule, and this process merges their round trips). It opens
``--tables`` tables (a third each solo against the heuristic AI, hotseat with one client,
and online with one WebSocket per seat: 100 tables hold about 150 clients) of the games
in ``--games``, and each client plays its seat: when a view says it is its turn, it waits
its *think time*, then sends a random legal action. An action's round trip is the time
from sending it to receiving, on the same socket, the view that shows it (the step moved
on). A finished game is replaced by a new table of the same kind.

Phase 1 (*goal*): think time 1 s, so every table acts about once a second; the p50, p99
and actions/s are printed. Phase 2 (*capacity*): think times step down (0.5 s ... 0 s),
each for ``--seconds``; the capacity is the highest actions/s at which p99 stays under
50 ms. Everything is bounded: each phase stops after ``--seconds``, the whole run after
``--deadline`` seconds, and only loopback is used. Speeds depend on the machine; the
figures in docs/benchmarks.md were measured with the command there.

To see where the time goes: ``--thinks 1,0.25`` chooses the phases, ``--trace FILE``
loads ``benchmarks/web_trace.py`` into the server (timers around each stage, garbage
collections, the event loop's lag; written for the phase ``--profile-phase``), and
``--py-spy FILE`` records the server with ``py-spy record`` during that phase. Each phase
prints the server's CPU per action (its worker processes included), the cores its main
process used, its CPU per action by thread (the event loop, the play thread, the pool, the
rest, each with its kernel share), the tables created per second, and the load
generators' CPU per action. The clients are lean (``benchmarks/web_client.py``; ``--client
websockets`` for the ``websockets`` library's); ``--deflate LEVEL`` sets the server's
WebSocket compression (``highcamp.web.serving``; a server from before it runs with
uvicorn's defaults on asyncio's loop).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import orjson
import websockets

from highcamp.games import load_game
from web_client import connect, post_json

HOST = "127.0.0.1"
T = "x-highcamp-token"
GOAL_MS = 50.0

SERVER = """
import ctypes, sys, threading, uvicorn
_bootstrap = threading.Thread._bootstrap_inner
def _named(self):  # each thread's name in /proc (task/*/comm), for the CPU by thread
    try:
        ctypes.CDLL(None).prctl(15, self.name[:15].encode(), 0, 0, 0)  # PR_SET_NAME
    except Exception:
        pass
    _bootstrap(self)
threading.Thread._bootstrap_inner = _named
import os
if os.environ.get("HC_GC"):  # the collector's thresholds (a freeze_gc app now sets its own)
    import gc
    gc.set_threshold(*map(int, os.environ["HC_GC"].split(",")))
if sys.argv[3]:
    import web_trace
    web_trace.install(sys.argv[3])
import inspect, json
from highcamp.web import create_app
served = {"freeze_gc": True} if "freeze_gc" in inspect.signature(create_app).parameters else {}
app = create_app(sys.argv[1], creations_per_minute=1e6, creation_burst=10**6, **served)
try:  # the server's own choices (loop, HTTP parser, WebSocket compression)
    from highcamp.web.serving import uvicorn_options
    run = uvicorn_options(int(sys.argv[5]))
except ImportError:  # a server from before them: uvicorn's defaults without uvloop
    run = {"loop": "asyncio", "http": "h11", "ws_max_size": 1 << 16}
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            **{**run, **json.loads(sys.argv[4])})
"""

SERVERS = """
import sys
from highcamp.web.supervisor import serve_many
serve_many(sys.argv[1], "127.0.0.1", int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
           app_options={"creations_per_minute": 1e6, "creation_burst": 10**6},
           prepare="web_trace:name_threads")
"""


@functools.cache
def _players(game: str) -> int:
    return load_game(game).num_players


@dataclass
class Stats:
    """Round trips (seconds) of one phase."""

    trips: list[float] = field(default_factory=list)

    def summary(self, seconds: float) -> dict[str, float]:
        trips = sorted(self.trips)
        if not trips:
            return {"actions": 0, "per_s": 0.0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
        return {
            "actions": len(trips),
            "per_s": len(trips) / seconds,
            "p50_ms": trips[len(trips) // 2] * 1000,
            "p99_ms": trips[min(len(trips) - 1, int(len(trips) * 0.99))] * 1000,
            "max_ms": trips[-1] * 1000,
        }


class Load:
    """The clients of every table and the current think time."""

    def __init__(
        self, base: str, games: list[str], tables: int, seed: int, lean: bool = True
    ) -> None:
        self.base = base
        self.lean = lean
        self.host, _, port = base[7:].partition(":")
        self.port = int(port)
        self.games = games
        self.tables = tables
        self.rng = random.Random(seed)
        self.think = 1.0
        self.stats = Stats()
        self.stop = asyncio.Event()
        self.http = httpx.AsyncClient(timeout=30)
        self.made = 0  # tables created

    async def create(self, k: int) -> list[tuple[str, int]]:
        """A new table of kind ``k``; the tokens its clients hold, each with the port its
        WebSocket goes to (the table's owner, when several server processes serve)."""
        game = self.games[k % len(self.games)]
        mode = ("solo", "hotseat", "online")[k % 3]
        spec: dict[str, Any] = {"game": game, "mode": mode}
        if mode == "solo":  # the heuristic AI (the lobby's default level searches a second)
            n = _players(game)
            ai = {"kind": "agent", "agent": "heuristic"}
            spec["seats"] = [{"kind": "human"}] + [ai] * (n - 1)
        if self.lean:
            status, body = await post_json(self.host, self.port, "/api/tables", orjson.dumps(spec))
            if status != 201:
                raise RuntimeError(f"creating a table: HTTP {status} {body[:200]!r}")
            made = orjson.loads(body)
        else:
            res = await self.http.post(f"{self.base}/api/tables", json=spec)
            res.raise_for_status()
            made = res.json()
        self.made += 1
        # several server processes: the table's live connection goes to its owner's port
        port = (
            int(made["ws"].split("://", 1)[1].split("/", 1)[0].rpartition(":")[2])
            if made.get("ws")
            else self.port
        )
        if mode == "online":
            return [(s["token"], port) for s in made["seats"]]
        return [(made["host"], port)]

    async def table(self, k: int) -> None:
        """Keep a table of kind ``k`` in play until the run stops."""
        while not self.stop.is_set():
            tokens = await self.create(k)
            done = asyncio.Event()
            play = self.lean_client if self.lean else self.client
            clients = [asyncio.create_task(play(t, p, done)) for t, p in tokens]
            stopper = asyncio.create_task(self.stop.wait())
            await asyncio.wait(
                [asyncio.create_task(done.wait()), stopper], return_when="FIRST_COMPLETED"
            )
            for c in clients:
                c.cancel()
            await asyncio.gather(*clients, return_exceptions=True)

    async def client(self, token: str, port: int, done: asyncio.Event) -> None:
        async with websockets.connect(f"ws://{self.host}:{port}/ws", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent: tuple[int, float] | None = None
            while True:
                v = json.loads(await ws.recv())
                if v.get("type") != "view":
                    sent = None  # an error (a race with another seat): wait for a view
                    continue
                if sent is not None and v["step"] > sent[0]:
                    self.stats.trips.append(time.perf_counter() - sent[1])
                    sent = None
                if v["terminal"]:
                    done.set()
                    return
                if v["your_turn"] and v["legal"] and sent is None:
                    await asyncio.sleep(self.think * (0.5 + self.rng.random()))
                    action = self.rng.choice(v["legal"])["id"]
                    sent = (v["step"], time.perf_counter())
                    await ws.send(json.dumps({"type": "act", "action": action, "step": v["step"]}))

    async def lean_client(self, token: str, port: int, done: asyncio.Event) -> None:
        """The client of :meth:`client` on a :class:`web_client.LeanSocket`: each view is
        handled in the protocol's callback, a move sent by a timer after the think time."""
        loop = asyncio.get_running_loop()
        sent: tuple[int, float] | None = None
        waiting = False

        def act(step: int, action: int) -> None:
            nonlocal sent, waiting
            waiting = False
            sent = (step, time.perf_counter())
            sock.send_text(orjson.dumps({"type": "act", "action": action, "step": step}))

        def on_message(data: bytes) -> None:
            nonlocal sent, waiting
            v = orjson.loads(data)
            if v.get("type") != "view":
                sent = None  # an error (a race with another seat): wait for a view
                return
            if sent is not None and v["step"] > sent[0]:
                self.stats.trips.append(time.perf_counter() - sent[1])
                sent = None
            if v["terminal"]:
                done.set()
            elif v["your_turn"] and v["legal"] and sent is None and not waiting:
                waiting = True
                action = self.rng.choice(v["legal"])["id"]
                loop.call_later(self.think * (0.5 + self.rng.random()), act, v["step"], action)

        sock = await connect(self.host, port, "/ws", on_message)
        try:
            sock.send_text(orjson.dumps({"type": "hello", "token": token}))
            await done.wait()
        finally:
            sock.close()

    async def record(self, seconds: float) -> tuple[list[float], int]:
        """The round trips of the next ``seconds`` and how many tables were created."""
        self.stats, made = Stats(), self.made
        await asyncio.sleep(seconds)
        return self.stats.trips, self.made - made


def _tree(root: int) -> tuple[dict[int, int], dict[int, float]]:
    """Every process's parent and CPU seconds (user and system), from ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return parents, used
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rpartition(")")[2].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])  # fields[1]: the parent's pid
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    return parents, used


def _servers(root: int, processes: int) -> list[int]:
    """The server processes: ``root`` itself, or the supervisor's children that serve
    (not multiprocessing's resource tracker)."""
    if processes == 1:
        return [root]
    parents, _ = _tree(root)
    out = []
    for pid, parent in sorted(parents.items()):
        if parent != root:
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"resource_tracker" in f.read():
                    continue
        except OSError:
            continue
        out.append(pid)
    return out


def _cpu(root: int, servers: list[int]) -> tuple[float, float, dict[int, float]]:
    """CPU seconds of the ``servers`` processes alone, of ``root`` with every process
    under it (the agents' worker processes, the supervisor), and of each server; zeros
    where there is no ``/proc``."""
    parents, used = _tree(root)
    every = {root}
    grew = True
    while grew:
        more = {p for p, parent in parents.items() if parent in every} - every
        grew = bool(more)
        every |= more
    own = {p: used.get(p, 0.0) for p in servers}
    return sum(own.values()), sum(used.get(p, 0.0) for p in every), own


def _threads_of(pids: list[int]) -> dict[str, float]:
    """:func:`_threads` summed over the server processes ``pids``."""
    out: dict[str, float] = {}
    for pid in pids:
        for k, v in _threads(pid).items():
            out[k] = out.get(k, 0.0) + v
    return out


def _threads(pid: int) -> dict[str, float]:
    """CPU seconds of each kind of thread of process ``pid`` (by the names the server's
    threads are given in ``/proc``: the event loop, the play thread, the pool's threads,
    the rest), and of it in the kernel (``KIND_sys``), from ``/proc/PID/task``; empty
    where there is none."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    out: dict[str, float] = {}
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                name, _, rest = f.read().partition("(")[2].rpartition(")")
        except OSError:
            continue
        fields = rest.split()
        user, system = int(fields[11]) / tick, int(fields[12]) / tick
        if int(tid) == pid:
            kind = "loop"
        elif name.startswith("highcamp-play"):
            kind = "play"
        elif name.startswith(("AnyIO", "highcamp-cold")):
            kind = "pool"
        else:
            kind = "other"
        out[kind] = out.get(kind, 0.0) + user + system
        out[kind + "_sys"] = out.get(kind + "_sys", 0.0) + system
    return out


def _py_spy() -> str:
    """The ``py-spy`` beside this interpreter, else the one on ``PATH``."""
    here = os.path.join(os.path.dirname(sys.executable), "py-spy")
    return here if os.path.exists(here) else shutil.which("py-spy") or here


def _free_port(after: int = 0) -> int:
    """A free port, with the ``after`` ports following it free too."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind((HOST, 0))
            port = int(s.getsockname()[1])
        try:
            for p in range(port + 1, port + 1 + after):
                with socket.socket() as s:
                    s.bind((HOST, p))
        except OSError:
            continue
        return port
    raise RuntimeError("no free ports")


def _processes(text: str) -> int:
    """``--processes``: a number, or ``auto`` (one per usable core)."""
    from highcamp.web.supervisor import processes_of

    try:
        return processes_of(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _start_server(db: str, port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """The server: one process as ``highcamp serve`` runs it, or with ``--processes N``
    the supervisor of ``highcamp serve --processes N`` (the shared port ``port``, process
    ``k``'s own ``port + 1 + k``)."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [env.get("PYTHONPATH", ""), here]))
    if args.processes == 1:
        cmd = [
            sys.executable,
            "-c",
            SERVER,
            db,
            str(port),
            args.trace,
            args.uvicorn,
            str(args.deflate),
        ]
        ports = [port]
    else:
        cmd = [sys.executable, "-c", SERVERS, db, str(port), str(args.processes), str(args.deflate)]
        ports = [port] + [port + 1 + k for k in range(args.processes)]
    proc = subprocess.Popen(cmd, env=env)
    for p in ports:
        for _ in range(600):
            try:
                httpx.get(f"http://{HOST}:{p}/api/games", timeout=2.0)
                break
            except httpx.HTTPError:
                if proc.poll() is not None:
                    raise RuntimeError("the server died") from None
                time.sleep(0.1)
        else:
            proc.kill()
            raise RuntimeError("the server did not start")
    return proc


def _schedule(args: argparse.Namespace) -> list[tuple[float, float, float]]:
    """Each phase's think time and its start and end (seconds after the start of load)."""
    out, t = [], args.warmup
    for think in args.thinks:
        settle = min(2.0, args.seconds / 4)  # settle at the new pace
        out.append((think, t + settle, t + settle + args.seconds))
        t += settle + args.seconds
    return out


async def generate(args: argparse.Namespace, base: str, part: int, t0: float, out: Any) -> None:
    """One load generator: tables ``part``, ``part + generators``, ... played on the
    schedule (``t0``: its start on ``time.time()``); each phase's round trips and this
    process's CPU put on ``out`` as ``(part, phase, trips, cpu_seconds, tables_made)``."""
    load = Load(base, args.games.split(","), args.tables, args.seed + part, args.client == "lean")
    kinds = range(part, args.tables, args.generators)
    tables = [asyncio.create_task(load.table(k)) for k in kinds]
    try:
        for i, (think, start, end) in enumerate(_schedule(args)):
            await asyncio.sleep(max(0.0, t0 + start - 2.0 - time.time()))
            load.think = think
            await asyncio.sleep(max(0.0, t0 + start - time.time()))
            own = time.process_time()
            trips, made = await load.record(max(0.0, t0 + end - time.time()))
            out.put((part, i, trips, time.process_time() - own, made))
    finally:
        load.stop.set()
        await asyncio.gather(*tables, return_exceptions=True)
        await load.http.aclose()


def _generator(args: argparse.Namespace, base: str, part: int, t0: float, out: Any) -> None:
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(asyncio.wait_for(generate(args, base, part, t0, out), args.deadline))


def run(args: argparse.Namespace, base: str, server: int) -> dict[str, Any]:
    """Start the generators, gather each phase (stopping once p99 passes 200 ms)."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    t0 = time.time() + 3.0  # every generator started by then
    procs = [
        ctx.Process(target=_generator, args=(args, base, g, t0, queue), daemon=True)
        for g in range(args.generators)
    ]
    for p in procs:
        p.start()
    out: dict[str, Any] = {"steps": []}
    try:
        for i, (think, start, end) in enumerate(_schedule(args)):
            time.sleep(max(0.0, t0 + start - time.time()))
            servers = _servers(server, args.processes)
            cpu, spy, by_thread = _cpu(server, servers), None, _threads_of(servers)
            if args.trace and i == args.profile_phase:
                os.kill(server, signal.SIGUSR1)
            if args.py_spy and i == args.profile_phase:
                spy = subprocess.Popen(
                    [_py_spy(), "record", "--pid", str(server), "--duration",
                     str(int(end - start)), "--format", "raw", "-o", args.py_spy,
                     *args.py_spy_args.split()]
                )  # fmt: skip
            time.sleep(max(0.0, t0 + end - time.time()))
            after = _cpu(server, servers)
            threads_after = _threads_of(servers)
            used, used_main = after[1] - cpu[1], after[0] - cpu[0]
            if args.trace and i == args.profile_phase:
                os.kill(server, signal.SIGUSR2)
            trips, used_here, made = [], 0.0, 0
            for _ in procs:
                _, _, part_trips, part_cpu, part_made = queue.get(timeout=60)
                trips += part_trips
                used_here += part_cpu
                made += part_made
            if spy is not None:
                spy.wait(timeout=60)
            result = Stats(trips).summary(end - start)
            n = max(1, int(result["actions"]))
            step: dict[str, Any] = {
                "think_s": think,
                **result,
                # CPU the server (with its worker processes) and the load generators used
                "server_cpu_ms_per_action": used * 1000 / n,
                "server_cores": used / (end - start),
                "server_main_cores": used_main / (end - start),
                "server_process_cores": [
                    round((v - cpu[2].get(p, 0.0)) / (end - start), 3)
                    for p, v in sorted(after[2].items())
                ],
                "server_threads_ms_per_action": {
                    k: round((v - by_thread.get(k, 0.0)) * 1000 / n, 3)
                    for k, v in sorted(threads_after.items())
                },
                "load_cpu_ms_per_action": used_here * 1000 / n,
                "tables_per_s": made / (end - start),
                "load_average": os.getloadavg()[0],
            }
            if i == 0:
                out["goal"] = step
                print("goal phase:", json.dumps(step), flush=True)
                continue
            out["steps"].append(step)
            print("capacity step:", json.dumps(step), flush=True)
            if step["p99_ms"] > 4 * GOAL_MS:
                break
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.join(timeout=30)
    under = [s["per_s"] for s in out["steps"] if s["p99_ms"] < GOAL_MS]
    out["capacity_per_s"] = max(under, default=0.0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each phase")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before phase 1")
    parser.add_argument("--deadline", type=float, default=240.0, help="the whole run at most")
    parser.add_argument("--db", default="", help="SQLAlchemy URL (an SQLite file if empty)")
    parser.add_argument("--games", default="everest-go,disaster,disaster-on-everest,everest-1924")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--thinks",
        type=lambda s: [float(x) for x in s.split(",")],
        default=[1.0, 0.5, 0.25, 0.1, 0.05, 0.02, 0.0],
        help="think times of the phases (the first is the goal phase)",
    )
    parser.add_argument("--uvicorn", default="{}", help="more uvicorn.run options, as JSON")
    parser.add_argument(
        "--deflate", type=int, default=1, help="the server's WebSocket zlib level (0: off)"
    )
    parser.add_argument(
        "--client",
        choices=["lean", "websockets"],
        default="lean",
        help="the load's WebSocket client: a protocol object per socket, or websockets'",
    )
    parser.add_argument("--generators", type=int, default=2, help="load generator processes")
    parser.add_argument(
        "--processes",
        type=_processes,
        default="auto",
        help="server processes, as highcamp serve --processes N takes them (default auto: "
        "one per usable core; 1: one process, as highcamp serve runs by default)",
    )
    parser.add_argument("--trace", default="", help="write the server's stage timers here")
    parser.add_argument("--py-spy", default="", help="record the server with py-spy here")
    parser.add_argument("--py-spy-args", default="--idle --gil --nonblocking")
    parser.add_argument(
        "--profile-phase", type=int, default=3, help="the phase --trace and --py-spy record"
    )
    args = parser.parse_args()
    if args.processes > 1 and (args.trace or args.uvicorn != "{}"):
        parser.error("--trace and --uvicorn are for one server process (--processes 1)")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        port = _free_port(after=args.processes if args.processes > 1 else 0)
        server = _start_server(db, port, args)
        try:
            result = run(args, f"http://{HOST}:{port}", server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        json.dumps(
            {
                "tables": args.tables,
                "processes": args.processes,
                "db": db.split("@")[-1].split("?")[0],
                **result,
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
