"""The page with several server processes: a link opened at a process that does not own
the table is sent on to the owner (the page follows the ``hello`` answer) and plays there;
a table created in the lobby connects straight to its owner."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from highcamp.web.cluster import owner

pytestmark = pytest.mark.browser


def _ports(n: int) -> list[int]:
    out = []
    for _ in range(n):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            out.append(int(s.getsockname()[1]))
    return out


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    """Two server processes' apps (process 0 and 1 of 2) on one SQLite file, each on its
    own port, in threads of this process."""
    import uvicorn

    from highcamp.web import create_app
    from highcamp.web.cluster import Share

    db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'two.db'}"
    ports = _ports(2)
    servers = []
    for k in range(2):
        app = create_app(db, route=Share(k, 2, tuple(ports)))
        srv = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=ports[k], log_level="warning")
        )
        threading.Thread(target=srv.run, daemon=True).start()
        servers.append(srv)
    for srv in servers:
        for _ in range(200):
            if srv.started:
                break
            time.sleep(0.05)
    yield [f"http://127.0.0.1:{p}" for p in ports]
    for srv in servers:
        srv.should_exit = True


def _step(page: Any) -> int:
    return int(page.get_attribute("#main", "data-step") or -1)


def test_a_link_at_the_non_owner_plays_at_the_owner(
    two: list[str], browser: Any, shots: Path
) -> None:
    made = httpx.post(f"{two[0]}/api/tables", json={"game": "everest-1924", "mode": "hotseat"})
    assert made.status_code == 201, made.text
    doc = made.json()
    assert owner(doc["table"], 2) == 0
    page = browser.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{two[1]}/#/t/{doc['host']}")  # the page of process 1, a table of process 0
    page.wait_for_selector("[aria-label='Legal actions'] button")
    before = _step(page)
    page.locator("[aria-label='Legal actions'] button").first.click()
    page.wait_for_function(
        "b => document.querySelector('#main').dataset.step !== String(b)", arg=before
    )
    assert _step(page) > before
    assert sockets[0].startswith(two[1].replace("http", "ws"))  # its own server first
    assert sockets[-1] == doc["ws"]  # then the owner's live address
    assert not errors
    page.screenshot(path=str(shots / "processes-followed.png"), full_page=True)
    page.close()


def test_a_table_created_in_the_lobby_connects_to_its_owner(two: list[str], browser: Any) -> None:
    page = browser.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{two[1]}/")
    page.get_by_role("button", name="Start Everest 1924").click()
    page.wait_for_selector("[aria-label='Legal actions'] button")
    table = sockets[-1].rpartition("table=")[2]
    assert owner(table, 2) == 1 and len(sockets) == 1  # straight to the owner: no hop
    page.close()
