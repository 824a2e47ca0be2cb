"""``highcamp serve``: the web server (needs the ``web`` extra)."""

from __future__ import annotations

import typer


def serve(
    db: str = typer.Option(
        "sqlite:///highcamp.db",
        "--db",
        help="SQLAlchemy URL of the store (SQLite file by default; PostgreSQL for a shared server).",
    ),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    deflate: int = typer.Option(
        1,
        "--deflate",
        min=0,
        max=9,
        help="zlib level of the WebSockets' compression (1 fastest, 9 smallest, 0 off).",
    ),
    processes: str = typer.Option(
        "1",
        "--processes",
        help="Server processes, each owning a share of the tables: process k also listens on "
        "port+1+k; 'auto' starts one per usable core, for the most actions a second (see "
        "docs/web.md).",
    ),
    live_url: str = typer.Option(
        "",
        "--live-url",
        help="With several processes: a table's WebSocket address, a template of {scheme}, "
        "{host}, {port}, {index}, {table} (behind a proxy: its address of process {index}).",
    ),
) -> None:
    """Serve web play: lobby, tables, live updates (open the printed address)."""
    try:
        import uvicorn

        from highcamp.web import create_app
        from highcamp.web.serving import uvicorn_options
        from highcamp.web.supervisor import processes_of
    except ImportError as err:  # pragma: no cover - depends on the install
        typer.echo(f"web play needs the web extra: pip install 'highcamp[web]' ({err})", err=True)
        raise typer.Exit(2) from None
    try:
        n = processes_of(processes)
    except ValueError as err:
        typer.echo(f"--processes: {err}", err=True)
        raise typer.Exit(2) from None
    if live_url and n == 1:
        typer.echo("--live-url is for several server processes (--processes N)", err=True)
        raise typer.Exit(2)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"highcamp web play: open http://{shown}:{port}/  (store: {db.split('@')[-1]})")
    if n > 1:
        from highcamp.web.cluster import LIVE_URL
        from highcamp.web.supervisor import ports_of, serve_many

        own = ", ".join(map(str, ports_of(port, n)))
        typer.echo(f"{n} server processes; their own ports: {own}")
        serve_many(db, host, port, n, deflate, live_url=live_url or LIVE_URL)
        return
    app = create_app(db, freeze_gc=True, warm=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", **uvicorn_options(deflate))
