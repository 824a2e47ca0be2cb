"""Several server processes over one store (``highcamp serve --processes N``): each table
is played in its owner, a request that reaches another process is sent to the owner and
never answered from a second copy, and a process started again resumes its tables with
nothing lost.

Two apps with their share (``n = 2``) stand for the two processes in one test process;
the last test runs the real supervisor with two processes and kills one.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient

from highcamp.web import create_app
from highcamp.web.cluster import Share, owner

from .conftest import make_table, settled, view

T = "x-highcamp-token"
PORTS = (8101, 8102)  # the two processes' own ports (named in answers, never opened here)


def _apps(db: str) -> tuple[TestClient, TestClient]:
    return tuple(  # type: ignore[return-value]
        TestClient(create_app(db, route=Share(k, 2, PORTS))) for k in range(2)
    )


def _table_of(client: TestClient, k: int, **spec: Any) -> dict[str, Any]:
    made = make_table(client, **spec)
    assert owner(made["table"], 2) == k  # a process creates only tables it owns
    assert made["ws"] == f"ws://testserver:{PORTS[k]}/ws?table={made['table']}"
    return made


def _play_to_end(client: TestClient, token: str, rng: random.Random) -> dict[str, Any]:
    """Random legal moves over the table's WebSocket until the game ends."""
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        v = ws.receive_json()
        for _ in range(2000):
            assert v["type"] == "view", v
            if v["terminal"]:
                return dict(v)
            if v["your_turn"] and v["legal"]:
                action = rng.choice(v["legal"])["id"]
                ws.send_json({"type": "act", "action": action, "step": v["step"]})
            v = ws.receive_json()
    raise AssertionError("the game did not end")


def test_a_table_is_played_to_the_end_through_its_owner(db_url: str) -> None:
    zero, one = _apps(db_url)
    with zero, one:
        made = _table_of(zero, 0, mode="hotseat")
        other = _table_of(one, 1, mode="solo")
        end = _play_to_end(zero, made["host"], random.Random(3))
        assert end["terminal"] and end["step"] > 0
        assert view(zero, made["host"])["step"] == end["step"]
        # each process plays its own tables; "your games" works on either, for both
        assert settled(one, other["host"])["legal"]
        for client in (zero, one):
            mine = client.post("/api/mine", json={"tokens": [made["host"], other["host"]]})
            lines = {t["table"]: t for t in mine.json()["tables"]}
            assert lines[made["table"]]["finished"] and lines[made["table"]]["step"] == end["step"]
            assert not lines[other["table"]]["finished"]
        # the non-owner never took the table into memory
        assert made["table"] not in one.app.state.hub.tables  # type: ignore[attr-defined]


def test_a_request_to_the_non_owner_is_redirected_to_the_owner(db_url: str) -> None:
    zero, one = _apps(db_url)
    with zero, one:
        made = _table_of(zero, 0, mode="hotseat")
        host = made["host"]
        before = view(zero, host)
        res = one.get("/api/table?x=1", headers={T: host}, follow_redirects=False)
        assert res.status_code == 307
        assert res.headers["location"] == f"http://testserver:{PORTS[0]}/api/table?x=1"
        doc = res.json()
        assert doc["owner"] == 0 and doc["table"] == made["table"]
        assert doc["ws"] == made["ws"] and "server process 0" in doc["error"]
        # a move sent to the non-owner is not played there (nor anywhere)
        move = {"action": before["legal"][0]["id"], "step": before["step"]}
        res = one.post("/api/table/act", json=move, headers={T: host}, follow_redirects=False)
        assert res.status_code == 307 and res.headers["location"].endswith(":8101/api/table/act")
        assert view(zero, host)["step"] == before["step"]
        # over a WebSocket: an error naming the owner and its address; nothing joined
        with one.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "token": host})
            moved = ws.receive_json()
            assert moved["type"] == "error" and moved["owner"] == 0
            assert moved["ws"] == made["ws"]
            ws.send_json({"type": "act", "action": move["action"], "step": move["step"]})
            assert "hello" in ws.receive_json()["error"]
        assert view(zero, host)["step"] == before["step"]
        # tokens that name no table are refused by every process alike
        assert one.get("/api/table", headers={T: "x" * 24}).status_code == 403


def test_a_process_started_again_resumes_its_tables(db_url: str) -> None:
    zero, one = _apps(db_url)
    rng = random.Random(5)
    with zero, one:
        made = _table_of(zero, 0, mode="hotseat")
        host = made["host"]
        for _ in range(3):
            v = view(zero, host)
            if v["terminal"]:
                break
            res = zero.post(
                "/api/table/act",
                json={"action": rng.choice(v["legal"])["id"], "step": v["step"]},
                headers={T: host},
            )
            assert res.status_code == 200, res.text
        before = view(zero, host)
    again = TestClient(create_app(db_url, route=Share(0, 2, PORTS)))
    with again:
        assert view(again, host) == before
        if not before["terminal"]:
            assert _play_to_end(again, host, rng)["terminal"]


def test_the_serve_command_offers_processes_and_refuses_a_live_url_for_one() -> None:
    from typer.testing import CliRunner

    from highcamp.cli.main import app

    shown = CliRunner().invoke(app, ["serve", "--help"])
    assert shown.exit_code == 0 and "--processes" in shown.output
    refused = CliRunner().invoke(app, ["serve", "--live-url", "wss://x/{index}/ws"])
    assert refused.exit_code == 2 and "--processes" in refused.output


def test_processes_auto_is_one_per_usable_core_and_bad_counts_are_refused_in_words() -> None:
    from typer.testing import CliRunner

    from highcamp.cli.main import app
    from highcamp.web.supervisor import MAX_PROCESSES, processes_of, usable_cores

    assert processes_of("auto") == processes_of(" AUTO ") == min(usable_cores(), MAX_PROCESSES)
    assert processes_of("2") == 2
    for bad, said in [("0", "choose 1 to 64"), ("65", "choose 1 to 64"), ("two", "neither")]:
        with pytest.raises(ValueError, match=said):
            processes_of(bad)
        refused = CliRunner().invoke(app, ["serve", "--processes", bad])
        assert refused.exit_code == 2 and said in refused.output, refused.output
    one = CliRunner().invoke(app, ["serve", "--processes", "1", "--live-url", "wss://x/{index}"])
    assert one.exit_code == 2 and "--processes" in one.output


def test_ids_and_routes_agree_across_processes() -> None:
    shares = [Share(k, 3, (9001, 9002, 9003)) for k in range(3)]
    for share in shares:
        table = share.new_id()
        assert [s.owns(table) for s in shares] == [s is share for s in shares]
        for s in shares:  # every process names the same owner and address
            assert s.live(table, scheme="https", host="play.example:443") == (
                f"wss://play.example:{9001 + share.index}/ws?table={table}"
            )
    behind = Share(1, 2, (1, 2), live_url="wss://{host}/p/{index}/ws?table={table}")
    assert behind.live("abcdef", scheme="https", host="play.example") == (
        "wss://play.example/p/1/ws?table=abcdef"
    )


# ------------------------------------------------------------------ the real supervisor
def _free_ports(n: int) -> int:
    """A port with the ``n`` after it free (tried from a random start)."""
    rng = random.Random()
    for _ in range(50):
        base = rng.randrange(20000, 60000)
        try:
            for p in range(base, base + n + 1):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return base
    raise RuntimeError("no free ports")


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def _listening(pid: int, port: int) -> bool:
    """Whether server process ``pid`` has its own port ``port`` open (from /proc)."""
    hexport = f":{port:04X} "
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    with open("/proc/net/tcp") as f:
        return any(hexport in line and line.split()[9] in inodes for line in f)


def _answering(base: str, proc: subprocess.Popen[bytes]) -> None:
    for _ in range(300):  # wait until it answers (not a timing assertion)
        try:
            httpx.get(f"{base}/api/games", timeout=1.0)
            return
        except httpx.HTTPError as err:
            if proc.poll() is not None:
                raise RuntimeError("the supervisor stopped") from err
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def test_the_supervisor_starts_a_killed_process_again_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'highcamp.db'}"
    port = _free_ports(2)
    own = [f"http://127.0.0.1:{port + 1 + k}" for k in range(2)]
    code = "from highcamp.cli.main import app; app()"
    said = tmp_path / "stderr.txt"  # a file, not a pipe nobody reads until the end
    command = [sys.executable, "-c", code, "serve", "--db", db, "--port", str(port)]
    with said.open("wb") as sink:
        proc = subprocess.Popen(
            [*command, "--processes", "2"],
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    try:
        for base in own:
            _answering(base, proc)
        tables: dict[int, dict[str, Any]] = {}
        while len(tables) < 2:  # through the shared port: any process creates
            res = httpx.post(
                f"http://127.0.0.1:{port}/api/tables",
                json={"game": "everest-1924", "mode": "hotseat"},
            )
            assert res.status_code == 201, res.text
            made = res.json()
            k = owner(made["table"], 2)
            assert made["ws"].endswith(f":{port + 1 + k}/ws?table={made['table']}")
            tables.setdefault(k, made)
        rng = random.Random(7)
        for k, made in tables.items():  # a few moves each, through the owner
            for _ in range(3):
                v = httpx.get(f"{own[k]}/api/table", headers={T: made["host"]}).json()
                if v["terminal"]:
                    break
                res = httpx.post(
                    f"{own[k]}/api/table/act",
                    json={"action": rng.choice(v["legal"])["id"], "step": v["step"]},
                    headers={T: made["host"]},
                )
                assert res.status_code == 200, res.text
        before = {
            k: httpx.get(f"{own[k]}/api/table", headers={T: m["host"]}).json()
            for k, m in tables.items()
        }
        # the non-owner sends the client on; a client that follows gets the owner's answer
        res = httpx.get(f"{own[1]}/api/table", headers={T: tables[0]["host"]})
        assert res.status_code == 307 and res.headers["location"] == f"{own[0]}/api/table"
        followed = httpx.get(
            f"{own[1]}/api/table", headers={T: tables[0]["host"]}, follow_redirects=True
        )
        assert followed.json() == before[0]
        # kill process 0 (no clean shutdown): the supervisor starts it again
        victim = next(p for p in _children(proc.pid) if _listening(p, port + 1))
        os.kill(victim, signal.SIGKILL)
        for _ in range(300):
            if victim not in _children(proc.pid):
                break
            time.sleep(0.1)
        _answering(own[0], proc)
        after = {
            k: httpx.get(f"{own[k]}/api/table", headers={T: m["host"]}).json()
            for k, m in tables.items()
        }
        assert after == before
        v = after[0]
        if not v["terminal"]:  # and play goes on there
            res = httpx.post(
                f"{own[0]}/api/table/act",
                json={"action": v["legal"][0]["id"], "step": v["step"]},
                headers={T: tables[0]["host"]},
            )
            assert res.status_code == 200 and res.json()["step"] > v["step"]
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C stops every process
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            err = said.read_text()
            raise AssertionError(f"the supervisor did not stop in 60 s; it said:\n{err}") from None
    err = said.read_text()
    assert "server process 0 stopped" in err
    # Ctrl-C stops both within the supervisor's one deadline (killed after it if need be)
    assert "highcamp: 2 server processes stopped in" in err, err
