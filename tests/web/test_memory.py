"""Memory: idle tables leave memory and load again on demand; table creation is limited per
client with a clear 429."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from highcamp.web import create_app

from .conftest import act, make_table, view


def test_idle_tables_leave_memory_and_come_back(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = [make_table(client, game="hidden-test", mode="hotseat") for _ in range(3)]
    v = view(client, made[0]["host"])
    act(client, made[0]["host"], v["legal"][0]["id"], v["step"])
    before = [view(client, m["host"]) for m in made]
    with client.websocket_connect("/ws") as ws:  # a connected table stays
        ws.send_json({"type": "hello", "token": made[2]["host"]})
        ws.receive_json()
        gone = hub.evict(now=time.monotonic() + hub.idle + 1)
        assert set(gone) == {made[0]["table"], made[1]["table"]}
        assert set(hub.tables) == {made[2]["table"]}
    assert [view(client, m["host"]) for m in made] == before  # loaded again, the same
    assert len(hub.tables) == 3


def test_memory_holds_at_most_max_tables() -> None:
    with TestClient(create_app("sqlite://", max_tables=2, creation_burst=50)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = [make_table(client, mode="solo") for _ in range(5)]
        hub.evict()
        assert len(hub.tables) == 2  # the two used last
        assert set(hub.tables) == {m["table"] for m in made[-2:]}
        assert view(client, made[0]["host"])["table"] == made[0]["table"]


def test_table_creation_is_rate_limited_per_client() -> None:
    app = create_app("sqlite://", creations_per_minute=1, creation_burst=3)
    with TestClient(app) as client:
        for _ in range(2):  # refused requests create nothing and cost nothing
            assert client.post("/api/tables", json={"game": "nope"}).status_code == 400
        for _ in range(3):
            make_table(client, mode="solo")
        res = client.post("/api/tables", json={"game": "everest-1924", "mode": "solo"})
        assert res.status_code == 429
        assert "too many new tables" in res.json()["error"]
        assert 1 <= int(res.headers["retry-after"]) <= 60


def test_finished_tables_leave_memory_soon_and_stay_finished(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = make_table(client, game="everest-1924", mode="hotseat")
    playing = make_table(client, game="everest-1924", mode="hotseat")
    v = view(client, made["host"])
    abandon = next(a["id"] for a in v["legal"] if a["text"] == "abandon")
    act(client, made["host"], abandon, v["step"])
    ended = view(client, made["host"])
    assert ended["terminal"]
    gone = hub.evict(now=time.monotonic() + hub.finished_idle + 1)
    assert made["table"] in gone and playing["table"] not in gone  # only the finished one
    assert hub.store.load(made["table"]).finished  # stored with the last move
    assert view(client, made["host"]) == ended  # loaded again, the same


def test_tokens_are_looked_up_in_the_store_once(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = make_table(client, mode="solo")
    asked: list[str] = []
    find = hub.store.find_token

    def counted(token: str) -> object:
        asked.append(token)
        return find(token)

    hub.store.find_token = counted
    hub.tokens.clear()  # as after a restart
    for _ in range(3):
        assert view(client, made["host"])["table"] == made["table"]
    assert asked == [made["host"]]
    assert (
        client.get("/api/table", headers={"x-highcamp-token": "no-such-token"}).status_code == 403
    )
