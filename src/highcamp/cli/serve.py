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
) -> None:
    """Serve web play: lobby, tables, live updates (open the printed address)."""
    try:
        import uvicorn

        from highcamp.web import create_app
        from highcamp.web.serving import uvicorn_options
    except ImportError as err:  # pragma: no cover - depends on the install
        typer.echo(f"web play needs the web extra: pip install 'highcamp[web]' ({err})", err=True)
        raise typer.Exit(2) from None
    app = create_app(db, freeze_gc=True, warm=True)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(f"highcamp web play: open http://{shown}:{port}/  (store: {db.split('@')[-1]})")
    uvicorn.run(app, host=host, port=port, log_level="warning", **uvicorn_options(deflate))
