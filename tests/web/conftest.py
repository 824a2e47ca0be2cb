"""Fixtures of the web tests: an app on an in-memory store, the hidden test game registered."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from highcamp.web import create_app

from .hidden_game import registered


@pytest.fixture(autouse=True)
def hidden_game() -> Iterator[None]:
    """The hidden-information test game is registered in every web test."""
    with registered():
        yield


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """The app on an in-memory SQLite store, then on a real PostgreSQL database."""
    url = "sqlite://" if request.param == "sqlite" else request.getfixturevalue("pg_db")
    with TestClient(create_app(url)) as c:
        yield c


def make_table(client: TestClient, **spec: Any) -> dict[str, Any]:
    """Create a table; fail loudly when the server refuses."""
    spec.setdefault("game", "everest-1924")
    res = client.post("/api/tables", json=spec)
    assert res.status_code == 201, res.text
    doc: dict[str, Any] = res.json()
    return doc


def view(client: TestClient, token: str) -> dict[str, Any]:
    res = client.get("/api/table", headers={"x-highcamp-token": token})
    assert res.status_code == 200, res.text
    doc: dict[str, Any] = res.json()
    return doc


def settled(client: TestClient, token: str, seconds: float = 60.0) -> dict[str, Any]:
    """The view once the game is over or the token's seat is to act: agent seats and chance
    steps are played by the server in the background, so a view taken at once may come
    before them (on a loaded machine, by a good margin)."""
    deadline = time.monotonic() + seconds
    while True:
        v = view(client, token)
        if v["terminal"] or v["legal"] or time.monotonic() > deadline:
            return v
        time.sleep(0.01)


def act(client: TestClient, token: str, action: Any, step: Any) -> Any:
    return client.post(
        "/api/table/act",
        json={"action": action, "step": step},
        headers={"x-highcamp-token": token},
    )
