"""Upgrades lose nothing: a database written before the store had schema versions (the
fixture ``data/schema1.db``, made by ``make_schema1.py`` with that code) is upgraded on
opening, on SQLite and on PostgreSQL, and every game in it resumes exactly where it was."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from highcamp.games import load_game
from highcamp.store import ResultStore, Store
from highcamp.store.migrations import HEAD, SchemaError, upgrade, version
from highcamp.web import create_app

FIXTURE = Path(__file__).parent / "data" / "schema1.db"
T = "x-highcamp-token"


def _copy(src: str, dst: str) -> None:
    """The fixture's tables and rows, as they are, into another database (its schema read
    from the fixture itself, so PostgreSQL gets the same version 1 schema)."""
    source, target = sa.create_engine(src), sa.create_engine(dst)
    meta = sa.MetaData()
    meta.reflect(source)
    meta.create_all(target)
    with source.connect() as read, target.begin() as write:
        for table in meta.sorted_tables:
            rows = [dict(r._mapping) for r in read.execute(table.select())]
            if rows:
                write.execute(table.insert(), rows)
    source.dispose()
    target.dispose()


@pytest.fixture
def old_db(db_url: str, tmp_path: Path) -> str:
    if db_url.startswith("sqlite"):
        shutil.copy(FIXTURE, tmp_path / "old.db")
        return f"sqlite:///{tmp_path / 'old.db'}"
    _copy(f"sqlite:///{FIXTURE}", db_url)
    return db_url


def _stored(url: str) -> dict[str, tuple[dict[str, object], list[int]]]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        tables = {r.id: dict(r._mapping) for r in conn.execute(sa.text("SELECT * FROM hc_tables"))}
        out = {}
        for tid, row in tables.items():
            history = [
                a
                for (a,) in conn.execute(
                    sa.text("SELECT action FROM hc_actions WHERE table_id = :t ORDER BY step"),
                    {"t": tid},
                )
            ]
            out[tid] = (row, history)
    engine.dispose()
    return out


def test_the_fixture_is_schema_version_1() -> None:
    engine = sa.create_engine(f"sqlite:///{FIXTURE}")
    assert version(engine, "tables") == 1 and version(engine, "runs") == 1
    assert not sa.inspect(engine).has_table("hc_schema")
    engine.dispose()


def test_an_old_database_upgrades_and_every_game_resumes(old_db: str) -> None:
    before = _stored(old_db)
    assert len(before) == 11
    with TestClient(create_app(old_db)) as client:
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        assert version(engine, "tables") == HEAD["tables"] == 3
        indexes = {i["name"] for i in sa.inspect(engine).get_indexes("hc_tables")}
        assert "ix_hc_tables_updated" in indexes
        seats = _seat_tokens(engine)
        humans = _humans(engine)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        resumed = automatic = finished = 0
        for tid, (row, history) in before.items():
            game = load_game(str(row["game"]), **json.loads(str(row["options"])))
            token = min(seats[tid].items())[1]
            v = client.get("/api/table", headers={T: token}).json()
            # version 3 plays each history by today's rules (an Everest 1924 choice once
            # asked after a failed reroll is dropped: the fall is applied at once, R-0-4)
            history = game.upgrade_history(history, seed=int(str(row["seed"])))
            state = game.replay(history, seed=int(str(row["seed"])))
            player = state.current_player()
            if (player >= 0 and player not in humans[tid]) or player == -1:
                # stopped before an automatic step (chance, an AI): it goes on at load
                for _ in range(100):
                    if v["your_turn"] or v["terminal"]:
                        break
                    time.sleep(0.05)
                    v = client.get("/api/table", headers={T: token}).json()
                table = hub.get(tid)
                assert table.state.history()[: len(history)] == history
                assert v["step"] > len(history)
                automatic += 1
            else:
                assert v["step"] == len(history), tid
                want = state.observation(v["viewing"]) if v["viewing"] is not None else None
                assert v["observation"] == json.loads(json.dumps(want)), tid
                assert v["terminal"] == state.is_terminal() == bool(row["finished"])
            if not v["terminal"]:  # and play goes on, by whoever is to act
                token = seats[tid][v["current_player"]]
                v = client.get("/api/table", headers={T: token}).json()
                assert v["your_turn"]
                res = client.post(
                    "/api/table/act",
                    json={"action": v["legal"][0]["id"], "step": v["step"]},
                    headers={T: token},
                )
                assert res.status_code == 200 and res.json()["step"] > v["step"], res.text
                resumed += 1
            else:
                finished += 1
        assert resumed + finished == 11 and resumed >= 8 and automatic >= 1
    runs = ResultStore(old_db)
    assert version(runs.engine, "runs") == HEAD["runs"]
    assert runs.load_run("first").count == 8
    assert upgrade(runs.engine, "tables", sa.MetaData()) == 3  # a second open: nothing to do


def _seat_tokens(engine: sa.Engine) -> dict[str, dict[int, str]]:
    """The token of every human seat of every table."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT table_id, seat, token FROM hc_seats WHERE kind = 'human'")
        ).all()
    out: dict[str, dict[int, str]] = {}
    for tid, seat, token in rows:
        out.setdefault(tid, {})[seat] = token
    return out


def _humans(engine: sa.Engine) -> dict[str, set[int]]:
    with engine.connect() as conn:
        rows = conn.execute(sa.text("SELECT table_id, seat FROM hc_seats WHERE kind = 'human'"))
        out: dict[str, set[int]] = {}
        for tid, seat in rows:
            out.setdefault(tid, set()).add(seat)
    return out


def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    store = Store(url)
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE hc_schema SET version = 99 WHERE part = 'tables'"))
    with pytest.raises(SchemaError, match="newer than this highcamp"):
        Store(url)


def test_a_new_database_starts_at_the_newest_schema(db_url: str) -> None:
    store = Store(db_url)
    results = ResultStore(db_url)
    assert version(store.engine, "tables") == HEAD["tables"]
    assert version(results.engine, "runs") == HEAD["runs"]
