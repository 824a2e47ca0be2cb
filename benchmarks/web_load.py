"""The web server under load on loopback: an action's round trip and the server's capacity.

Run it from the repository root::

    .venv/bin/python benchmarks/web_load.py [--tables 100] [--seconds 10] [--db URL]

The server runs in a process of its own (``create_app`` under uvicorn on 127.0.0.1, a
free port, an SQLite file unless ``--db``); this process is the load generator. It opens
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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import websockets

from highcamp.games import load_game

HOST = "127.0.0.1"
T = "x-highcamp-token"
GOAL_MS = 50.0

SERVER = """
import sys, uvicorn
from highcamp.web import create_app
app = create_app(sys.argv[1], creations_per_minute=1e6, creation_burst=10**6)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            ws_max_size=1 << 16)
"""


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

    def __init__(self, base: str, games: list[str], tables: int, seed: int, server: int) -> None:
        self.server = server
        self.base = base
        self.games = games
        self.tables = tables
        self.rng = random.Random(seed)
        self.think = 1.0
        self.stats = Stats()
        self.stop = asyncio.Event()
        self.http = httpx.AsyncClient(timeout=30)

    async def create(self, k: int) -> list[str]:
        """A new table of kind ``k``; the tokens its clients hold."""
        game = self.games[k % len(self.games)]
        mode = ("solo", "hotseat", "online")[k % 3]
        spec: dict[str, Any] = {"game": game, "mode": mode}
        if mode == "solo":  # the heuristic AI (the lobby's default level searches a second)
            n = load_game(game).num_players
            ai = {"kind": "agent", "agent": "heuristic"}
            spec["seats"] = [{"kind": "human"}] + [ai] * (n - 1)
        res = await self.http.post(f"{self.base}/api/tables", json=spec)
        res.raise_for_status()
        made = res.json()
        if mode == "online":
            return [s["token"] for s in made["seats"]]
        return [made["host"]]

    async def table(self, k: int) -> None:
        """Keep a table of kind ``k`` in play until the run stops."""
        while not self.stop.is_set():
            tokens = await self.create(k)
            done = asyncio.Event()
            clients = [asyncio.create_task(self.client(t, done)) for t in tokens]
            stopper = asyncio.create_task(self.stop.wait())
            await asyncio.wait(
                [asyncio.create_task(done.wait()), stopper], return_when="FIRST_COMPLETED"
            )
            for c in clients:
                c.cancel()
            await asyncio.gather(*clients, return_exceptions=True)

    async def client(self, token: str, done: asyncio.Event) -> None:
        async with websockets.connect(f"ws://{self.base[7:]}/ws", max_size=1 << 24) as ws:
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

    async def phase(self, think: float, seconds: float) -> dict[str, float]:
        self.think = think
        await asyncio.sleep(min(2.0, seconds / 4))  # settle at the new pace
        self.stats = Stats()
        start, cpu, own = time.perf_counter(), _cpu(self.server), time.process_time()
        await asyncio.sleep(seconds)
        result = self.stats.summary(time.perf_counter() - start)
        used, used_here = _cpu(self.server) - cpu, time.process_time() - own
        n = max(1, int(result["actions"]))
        return {
            "think_s": think,
            **result,
            # CPU the server (with its worker processes) and this load generator used
            "server_cpu_ms_per_action": used * 1000 / n,
            "load_cpu_ms_per_action": used_here * 1000 / n,
            "load_average": os.getloadavg()[0],
        }


def _cpu(pid: int) -> float:
    """CPU seconds (user and system) of process ``pid`` and its children (the worker
    processes where agents decide), from ``/proc``; 0 where there is no ``/proc``."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    try:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(entry) == pid or int(fields[1]) == pid:  # fields[1]: the parent's pid
                total += (int(fields[11]) + int(fields[12])) / tick
    except OSError:
        return 0.0
    return total


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    proc = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)], env=env)
    for _ in range(300):
        try:
            httpx.get(f"http://{HOST}:{port}/api/games", timeout=2.0)
            return proc
        except httpx.HTTPError:
            if proc.poll() is not None:
                raise RuntimeError("the server died") from None
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


async def run(args: argparse.Namespace, base: str, server: int) -> dict[str, Any]:
    load = Load(base, args.games.split(","), args.tables, args.seed, server)
    tables = [asyncio.create_task(load.table(k)) for k in range(args.tables)]
    out: dict[str, Any] = {}
    try:
        await asyncio.sleep(args.warmup)  # every table created and the server warm
        out["goal"] = await load.phase(1.0, args.seconds)
        print("goal phase:", json.dumps(out["goal"]), flush=True)
        out["steps"] = []
        for think in (0.5, 0.25, 0.1, 0.05, 0.02, 0.0):
            step = await load.phase(think, args.seconds)
            out["steps"].append(step)
            print("capacity step:", json.dumps(step), flush=True)
            if step["p99_ms"] > 4 * GOAL_MS:
                break
    finally:
        load.stop.set()
        await asyncio.gather(*tables, return_exceptions=True)
        await load.http.aclose()
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        port = _free_port()
        server = _start_server(db, port)
        try:
            result = asyncio.run(
                asyncio.wait_for(run(args, f"http://{HOST}:{port}", server.pid), args.deadline)
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        json.dumps(
            {"tables": args.tables, "db": db.split("@")[-1].split("?")[0], **result}, indent=1
        )
    )


if __name__ == "__main__":
    main()
