"""A throwaway PostgreSQL server for the tests (Debian's ``postgresql`` package).

``make test`` starts one (``python tests/pg.py start DIR``, stopped by ``stop DIR``) and
hands its URL to the tests in ``HIGHCAMP_PG_URL``; a test session without it starts its own
in a temporary folder and stops it at the end. The server listens on a Unix socket in its
folder only (no TCP), trusts local connections, and runs as the ``postgres`` user when
started by root (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

__all__ = ["available", "fresh_database", "start", "stop"]

PORT = 55432


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def available() -> bool:
    """Whether the PostgreSQL server programs are installed."""
    return _bin("initdb") is not None and _bin("pg_ctl") is not None


def _as_owner(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def url_of(root: Path) -> str:
    """The SQLAlchemy URL of the server's ``postgres`` database."""
    return f"postgresql+psycopg://postgres@/postgres?host={root / 'run'}&port={PORT}"


def start(root: Path) -> str:
    """Start a server with its data in ``root`` (made if new); returns its URL."""
    root.mkdir(parents=True, exist_ok=True)
    data, run = root / "data", root / "run"
    run.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(run, "postgres")
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    if not (data / "PG_VERSION").exists():
        cmd = [initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8"]
        subprocess.run(_as_owner(cmd), check=True, stdout=subprocess.DEVNULL)
    options = (
        f"-k {run} -p {PORT} -c listen_addresses='' -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    )
    cmd = [pg_ctl, "-D", str(data), "-l", str(root / "log"), "-o", options, "-w", "start"]
    subprocess.run(_as_owner(cmd), check=True, stdout=subprocess.DEVNULL)
    return url_of(root)


def stop(root: Path) -> None:
    """Stop the server of ``root`` (if it runs) and forget its data."""
    pg_ctl = _bin("pg_ctl")
    data = root / "data"
    if pg_ctl and (data / "postmaster.pid").exists():
        cmd = [pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"]
        subprocess.run(_as_owner(cmd), check=False, stdout=subprocess.DEVNULL)
    shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A new empty database on the server at ``url`` (dropped afterwards)."""
    import sqlalchemy as sa

    name = "t_" + secrets.token_hex(6)
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield url.replace("/postgres?", f"/{name}?")
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


if __name__ == "__main__":  # python tests/pg.py start|stop DIR
    verb, where = sys.argv[1], Path(sys.argv[2])
    if verb == "start":
        print(start(where))
    elif verb == "stop":
        stop(where)
    else:
        raise SystemExit("usage: pg.py start|stop DIR")
