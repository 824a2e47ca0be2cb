"""Malformed input always gets a 4xx or an error message: never a 500, never a WebSocket
dropped without a close frame. Deep nesting by hand, then hypothesis: 6,000 generated
request bodies, 400 queries and tokens, and at least 4,000 generated WebSocket frames
(200 connections of 20 to 40 frames)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from highcamp.web import create_app

from .conftest import make_table

T = "x-highcamp-token"
DEEP = [b"[" * 2000 + b"]" * 2000, b'{"a":' * 600 + b"1" + b"}" * 600, b"[" * 17 + b"]" * 17]
POSTS = ("/api/tables", "/api/table/act", "/api/mine", "/api/table/undo")


@pytest.fixture(scope="module")
def fuzzed() -> Iterator[tuple[TestClient, dict[str, Any]]]:
    from .hidden_game import registered

    with registered(), TestClient(create_app("sqlite://", creation_burst=10**6)) as client:
        yield client, make_table(client, game="hidden-test", mode="hotseat")


def _refused(res: Any) -> None:
    assert 400 <= res.status_code < 500 or res.status_code in (200, 201), res.text
    if res.status_code >= 400:
        assert res.json()["error"]


def test_deep_nesting_is_refused_everywhere(client: TestClient) -> None:
    made = make_table(client, game="hidden-test", mode="hotseat")
    for body in DEEP:
        for path in POSTS[:3]:  # the ones that read a body
            res = client.post(path, content=body, headers={T: made["host"]})
            assert res.status_code == 400 and "nested too deeply" in res.json()["error"], path
    with client.websocket_connect("/ws") as ws:
        for body in DEEP:
            ws.send_text(body.decode())
            assert "nested too deeply" in ws.receive_json()["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
_keys = st.sampled_from(
    [
        "game",
        "mode",
        "options",
        "seats",
        "clock",
        "action",
        "step",
        "tokens",
        "type",
        "token",
        "kind",
        "agent",
        "name",
    ]
)
_shaped = st.dictionaries(
    _keys,
    _json
    | st.sampled_from(
        [
            "hidden-test",
            "everest-1924",
            "solo",
            "online",
            "hotseat",
            "act",
            "hello",
            "replay",
            "hint",
            "undo",
        ]
    ),
    max_size=6,
)
_nested = st.integers(1, 3000).map(lambda n: ("[" * n + "]" * n).encode())
_bodies = (
    st.binary(max_size=300)
    | _json.map(lambda d: json.dumps(d).encode())
    | _shaped.map(lambda d: json.dumps(d).encode())
    | _nested
    | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))
)


@settings(max_examples=6000, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(path=st.sampled_from(POSTS), body=_bodies, token=st.sampled_from(["host", "none", "junk"]))
def test_generated_bodies_get_4xx(
    fuzzed: tuple[TestClient, dict[str, Any]], path: str, body: bytes, token: str
) -> None:
    client, made = fuzzed
    headers = {T: made["host"]} if token == "host" else {T: "x" * 20} if token == "junk" else {}
    _refused(client.post(path, content=body, headers=headers))


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(
    step=st.text(max_size=30),
    token=st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=70),
)
def test_generated_queries_and_tokens_get_4xx(
    fuzzed: tuple[TestClient, dict[str, Any]], step: str, token: str
) -> None:
    client, _ = fuzzed
    headers = {T: token}
    _refused(client.get("/api/table/replay", params={"step": step}, headers=headers))
    _refused(client.get("/api/table", headers=headers))


_frames = st.lists(
    _bodies.map(lambda b: ("bytes", b))
    | _shaped.map(lambda d: ("text", json.dumps(d)))
    | st.text(max_size=200).map(lambda t: ("text", t)),
    min_size=20,
    max_size=40,
)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(frames=_frames, hello=st.booleans())
def test_generated_frames_get_error_messages(
    fuzzed: tuple[TestClient, dict[str, Any]], frames: list[tuple[str, Any]], hello: bool
) -> None:
    client, made = fuzzed
    with client.websocket_connect("/ws") as ws:
        if hello:
            ws.send_json({"type": "hello", "token": made["host"]})
            assert ws.receive_json()["type"] == "view"
        for kind, data in frames:
            if kind == "bytes":
                ws.send_bytes(data)
            else:
                ws.send_text(data)
            reply = ws.receive_json()  # an answer to every frame: the socket stays open
            assert reply["type"] in ("error", "view", "pong", "hint"), reply
            if reply["type"] == "error":
                assert reply["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
