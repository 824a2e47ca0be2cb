"""The WebSocket protocol: hello, live views to every seat and spectator, errors, reconnection."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from .conftest import make_table

T = "x-highcamp-token"


def hello(ws: WebSocketTestSession, token: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    doc: dict[str, Any] = ws.receive_json()
    return doc


def test_hello_act_and_broadcast(client: TestClient) -> None:
    made = make_table(client, game="hidden-test", mode="online")
    s0, s1 = (s["token"] for s in made["seats"])
    with (
        client.websocket_connect("/ws") as w0,
        client.websocket_connect("/ws") as w1,
        client.websocket_connect("/ws") as ws,
    ):
        v0, v1, vs = hello(w0, s0), hello(w1, s1), hello(ws, made["spectator"])
        assert v0["type"] == "view" and "static" in v0
        assert v0["your_turn"] and not v1["your_turn"] and vs["role"] == "spectator"
        w0.send_json({"type": "act", "action": v0["legal"][0]["id"], "step": v0["step"]})
        after = [w.receive_json() for w in (w0, w1, ws)]
        assert {a["step"] for a in after} == {v0["step"] + 1}
        assert after[1]["your_turn"] and not after[0]["your_turn"]
        # the spectator is refused
        ws.send_json({"type": "act", "action": 0, "step": after[2]["step"]})
        err = ws.receive_json()
        assert err["type"] == "error" and "spectators" in err["error"]
        w0.send_json({"type": "ping"})
        assert w0.receive_json() == {"type": "pong"}


def test_errors_keep_the_connection(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "act", "action": 0, "step": 0})
        assert "hello" in ws.receive_json()["error"]
        ws.send_text("{not json")
        assert ws.receive_json()["error"] == "the message is not JSON"
        ws.send_text("[1, 2]")
        assert "JSON object" in ws.receive_json()["error"]
        ws.send_text(json.dumps({"type": "hello", "token": "x" * 4000 + "y" * 200}))
        assert "too large" in ws.receive_json()["error"]
        ws.send_json({"type": "hello", "token": "wrong-token-here"})
        assert "unknown token" in ws.receive_json()["error"]
        ws.send_bytes(b"\xff\xfe")
        assert ws.receive_json()["type"] == "error"
        v = hello(ws, made["host"])
        ws.send_json({"type": "dance"})
        assert "unknown message type" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "action": 2, "step": v["step"]})
        err = ws.receive_json()
        assert err["type"] == "error" and err["rule"]
        ws.send_json({"type": "act", "action": 0, "step": v["step"] + 5})
        assert "older view" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "action": 0, "step": v["step"]})
        assert ws.receive_json()["step"] == 4


def test_reconnection_restores_the_game(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    with client.websocket_connect("/ws") as ws:
        v = hello(ws, made["host"])
        ws.send_json({"type": "act", "action": 0, "step": v["step"]})
        before = ws.receive_json()
    # the tab closed; a new connection says hello again
    with client.websocket_connect("/ws") as ws:
        again = hello(ws, made["host"])
    again.pop("static")
    assert before.pop("log_delta")  # after the first, a view carries only the new entries
    before["log"] = (v["log"] + before["log"])[-before.pop("log_tail") :]
    assert again == before  # a new connection gets the whole log


def test_views_after_the_first_carry_only_the_new_log_entries(client: TestClient) -> None:
    """Each client gets the log once: a later view holds the entries it lacks (appended by
    app.js), a hotseat host whose viewing seat changes or an undo gets the whole log again;
    what the client holds is always the log the table's HTTP view shows."""
    quick = {"kind": "agent", "agent": "heuristic"}  # decides at once: one view per move
    for game, mode in (("hidden-test", "online"), ("everest-go", "hotseat"), ("disaster", "solo")):
        seats = [{"kind": "human"}, quick, quick, quick] if mode == "solo" else None
        made = make_table(client, game=game, mode=mode, seats=seats)
        tokens = [s["token"] for s in made["seats"]] if mode == "online" else [made["host"]]
        sockets = [client.websocket_connect("/ws") for _ in tokens]
        conns = [s.__enter__() for s in sockets]
        try:
            views = [hello(c, t) for c, t in zip(conns, tokens, strict=True)]
            held = [v["log"] for v in views]
            deltas = 0
            for _ in range(12):
                k = next((i for i, v in enumerate(views) if v["your_turn"]), None)
                if k is None:
                    break
                v = views[k]
                act = {"type": "act", "action": v["legal"][-1]["id"], "step": v["step"]}
                conns[k].send_json(act)
                views = [c.receive_json() for c in conns]
                for i, got in enumerate(views):
                    if got.get("log_delta"):
                        deltas += len(got["log"]) < got["log_total"]  # shorter than the log
                        held[i] = (held[i] + got["log"])[-got["log_tail"] :]
                    else:
                        held[i] = got["log"]
                    whole = client.get("/api/table", headers={T: tokens[i]}).json()
                    assert held[i] == whole["log"], (game, mode)
            assert deltas > 0, (game, mode)
        finally:
            for s in sockets:
                s.__exit__(None, None, None)


def test_an_undo_sends_the_whole_log_again(client: TestClient) -> None:
    combine = None
    with client.websocket_connect("/ws") as ws:
        while combine is None:  # a table whose first roll can combine (most can)
            host = make_table(client, mode="solo")["host"]
            v = hello(ws, host)
            ws.send_json({"type": "act", "action": 0, "step": v["step"]})  # roll
            v = ws.receive_json()
            combine = next((a for a in v["legal"] if a["text"].startswith("combine")), None)
        ws.send_json({"type": "act", "action": combine["id"], "step": v["step"]})
        assert ws.receive_json()["log_delta"]
        ws.send_json({"type": "undo"})
        undone = ws.receive_json()
    assert "log_delta" not in undone and undone["step"] == v["step"]
    assert undone["log"] == client.get("/api/table", headers={T: host}).json()["log"]


def test_hint_undo_and_replay_over_the_socket(client: TestClient) -> None:
    made = make_table(client, mode="solo")
    with client.websocket_connect("/ws") as ws:
        v = hello(ws, made["host"])
        ws.send_json({"type": "hint"})
        hint = ws.receive_json()
        assert hint["type"] == "hint" and hint["text"] in [a["text"] for a in v["legal"]]
        ws.send_json({"type": "undo"})
        assert ws.receive_json()["rule"] == "R-0-3"
        ws.send_json({"type": "replay", "step": 0})
        assert "finished" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "action": 1, "step": v["step"]})  # abandon
        end = ws.receive_json()
        assert end["terminal"]
        ws.send_json({"type": "replay", "step": 0})
        r = ws.receive_json()
        assert r["replay"] and r["step"] == 0 and r["replay_length"] == 1
