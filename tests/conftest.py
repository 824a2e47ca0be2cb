"""Fixtures shared by the store and web tests: a real PostgreSQL server and fresh databases
on it (``make test`` starts the server and passes ``HIGHCAMP_PG_URL``; without it each test
session starts one of its own, see ``tests/pg.py``)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import pg


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """The URL of a running PostgreSQL server's ``postgres`` database."""
    url = os.environ.get("HIGHCAMP_PG_URL")
    if url:
        yield url
        return
    if not pg.available():  # a failure, not a skip: these tests are part of the suite
        pytest.fail(
            "PostgreSQL is not installed here: run `make test`, which installs Debian's postgresql"
        )
    root = Path(tempfile.mkdtemp(prefix="highcamp-pg-"))
    try:
        yield pg.start(root)
    finally:
        pg.stop(root)


@pytest.fixture
def pg_db(pg_url: str) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database (dropped after the test)."""
    with pg.fresh_database(pg_url) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A store URL: an SQLite file (in a folder of its own), then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'store.db'}"
    url: str = request.getfixturevalue("pg_db")
    return url
