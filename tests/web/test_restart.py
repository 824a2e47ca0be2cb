"""Nothing is lost: a killed server resumes every game exactly; concurrent actions on one
table are serialised."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2 as httpx
from starlette.testclient import TestClient

from highcamp.web import create_app

from .conftest import act, make_table, view

T = "x-highcamp-token"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: str, port: int) -> subprocess.Popen[bytes]:
    code = "from highcamp.cli.main import app; app()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    for _ in range(200):  # wait until it answers (not a timing assertion)
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
            return proc
        except httpx.HTTPError as err:
            if proc.poll() is not None:
                why = proc.stderr.read().decode() if proc.stderr else "died"
                raise RuntimeError(why) from err
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def _get(base: str, token: str) -> dict[str, Any]:
    res = httpx.get(f"{base}/api/table", headers={T: token})
    assert res.status_code == 200, res.text
    doc: dict[str, Any] = res.json()
    return doc


def test_killed_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'highcamp.db'}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    proc = _start(db, port)
    try:
        tokens = []
        for mode in ("solo", "hotseat"):
            made = httpx.post(f"{base}/api/tables", json={"game": "everest-1924", "mode": mode})
            assert made.status_code == 201, made.text
            tokens.append(made.json()["host"])
        for token in tokens:  # a few turns each
            for _ in range(4):
                v = _get(base, token)
                if v["terminal"]:
                    break
                choice = v["legal"][0]  # roll, then ascend or whatever comes first
                res = httpx.post(
                    f"{base}/api/table/act",
                    json={"action": choice["id"], "step": v["step"]},
                    headers={T: token},
                )
                assert res.status_code == 200, res.text
        before = [_get(base, t) for t in tokens]
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # no clean shutdown
        proc.wait()
    proc = _start(db, port)
    try:
        after = [_get(base, t) for t in tokens]
        assert after == before
        assert all(v["step"] > 0 for v in after)
        # and play goes on from there
        v = after[0]
        if not v["terminal"]:
            res = httpx.post(
                f"{base}/api/table/act",
                json={"action": v["legal"][0]["id"], "step": v["step"]},
                headers={T: tokens[0]},
            )
            assert res.status_code == 200 and res.json()["step"] > v["step"]
    finally:
        proc.terminate()
        proc.wait()


def test_a_new_app_on_the_same_database_sees_the_same_games(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.db'}"
    with TestClient(create_app(db)) as one:
        made = make_table(one, game="hidden-test", mode="online")
        s0 = made["seats"][0]["token"]
        v = view(one, s0)
        act(one, s0, v["legal"][0]["id"], v["step"])
        views = {s["token"]: view(one, s["token"]) for s in made["seats"]}
    with TestClient(create_app(db)) as two:
        assert {t: view(two, t) for t in views} == views


def test_concurrent_actions_on_one_table_are_serialised(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    host = made["host"]
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: act(client, host, 0, 0).status_code, range(8)))
    assert sorted(results) == [200] + [409] * 7
    assert view(client, host)["step"] == 4
