"""What the play thread spends per action, in process: the benchmark's mix of tables
(``benchmarks/web_load.py``: a third each solo, hotseat and online, of four games) with a
client on every seat it would connect, each action played as the server's play thread plays
it (the move and its automatic steps stored in one transaction, then every client's
encoded view), on an SQLite file. Solo tables' AI seats play ``random`` in process here (the
server asks a worker process), so the figures are the web layer's and the rules' own.

    PYTHONPATH=src .venv/bin/python benchmarks/web_views.py [--actions 6000] [--profile]

Prints the thread's CPU per action in all and for the views alone (building and encoding
every client's view after each action), and with ``--profile`` the top of a cProfile. Run
it on two versions of the code in turn (``PYTHONPATH``) to compare them.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from highcamp.store import Store
from highcamp.web.hub import Hub
from highcamp.web.tables import Table, _Conn

GAMES = ("everest-go", "disaster", "disaster-on-everest", "everest-1924")


def _encoder() -> Any:
    """The play thread's encoder of every client's view (this version's, or, for a
    version that kept it inside ``create_app``, a copy of that one)."""
    try:
        from highcamp.web.sending import encoded_views
    except ImportError:  # the code before it had a module of its own
        from highcamp.web.app import _dumps

        def encoded_views(table: Table) -> list[tuple[_Conn, str]]:
            views: dict[Any, Any] = {}
            texts: dict[Any, Any] = {}
            out = []
            with table.lock:
                table.sent = table.version
                for conn in list(table.conns):
                    key = (conn.role, conn.seat)
                    if key not in views:
                        views[key] = table.view(conn.role, conn.seat)
                    if (key, conn.log) not in texts:
                        doc, held = table.log_delta(views[key], conn.log)
                        texts[key, conn.log] = (_dumps(doc), held)
                    text, conn.log = texts[key, conn.log]
                    out.append((conn, text))
            return out

    return encoded_views


def _new(hub: Hub, k: int) -> Table:
    game, mode = GAMES[k % len(GAMES)], ("solo", "hotseat", "online")[k % 3]
    spec: dict[str, Any] = {"game": game, "mode": mode}
    if mode == "solo":
        n = hub.create({"game": game, "mode": "hotseat"}, auto=False)[1].game.num_players
        spec["seats"] = [{"kind": "human"}] + [{"kind": "agent", "agent": "random"}] * (n - 1)
    made, table = hub.create(spec, auto=False)
    table.advance()
    if mode == "online":
        table.conns = [_Conn(None, "seat", s["seat"]) for s in made["seats"]]
    else:
        table.conns = [_Conn(None, "host", None)]
    for conn in table.conns:  # each client's first view (the log it holds)
        _, conn.log = table.log_delta(table.view(conn.role, conn.seat), None)
    return table


def play(actions: int, seed: int, profile: cProfile.Profile | None) -> dict[str, float]:
    encoded_views = _encoder()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(Store(f"sqlite:///{Path(tmp) / 'views.db'}"))
        tables = [_new(hub, k) for k in range(100)]
        spent = views_spent = 0.0
        messages = 0
        for _ in range(actions):
            k = rng.randrange(len(tables))
            table = tables[k]
            seat = table.state.current_player()
            conn = next(
                c for c in table.conns if c.role == "host" or c.seat == seat
            )  # the client whose turn it is
            action = rng.choice(table.state.legal_actions())
            step = len(table.state.history())
            if profile is not None:
                profile.enable()
            start = time.thread_time()
            with table.batch():
                table.act(conn.role, conn.seat, action, step, auto=False)
                while table.auto_steps():
                    table.think()
            middle = time.thread_time()
            out = encoded_views(table)
            end = time.thread_time()
            if profile is not None:
                profile.disable()
            spent += end - start
            views_spent += end - middle
            messages += len(out)
            if table.state.is_terminal():
                tables[k] = _new(hub, k)
        hub.store.engine.dispose()
    return {
        "actions": actions,
        "messages_per_action": messages / actions,
        "ms_per_action": spent * 1000 / actions,
        "views_ms_per_action": views_spent * 1000 / actions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    print(play(args.actions, args.seed, profile))
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
