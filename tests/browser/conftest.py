"""Browser tests: a live server in a thread, Debian's chromium driven by Playwright."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HIGHCAMP_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("HIGHCAMP_SCREENSHOTS", "build/screenshots"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web app on a free port, in a thread of this process (so that the hidden test
    game registered here is served)."""
    import uvicorn

    from highcamp.web import create_app
    from tests.web.hidden_game import registered

    with registered():
        db = f"sqlite:///{tmp_path_factory.mktemp('db') / 'browser.db'}"
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        app = create_app(db, creations_per_minute=1e6, creation_burst=10**6)  # many tables
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        srv = uvicorn.Server(config)
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        for _ in range(200):
            if srv.started:
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make browser-test` installs Debian's chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
