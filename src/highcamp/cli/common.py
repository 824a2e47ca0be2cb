"""Helpers shared by the command's subcommands: loading games from user input, errors."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from sqlalchemy import exc as sa_exc

import highcamp
from highcamp.core import Game

DEFAULT_DB = "sqlite:///highcamp.db"
"""Where simulation runs are stored unless ``--db`` says otherwise (the web's tables share
it)."""

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error for the user (no traceback) and exit (the message is plain text)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(code)


def parse_options(pairs: list[str] | None, players: int | None = None) -> dict[str, Any]:
    """``["key=value", ...]`` (and ``--players``) into an options dict (values as text)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"options are written key=value, not {pair!r}")
        options[key.strip()] = value.strip()
    if players is not None:
        options["players"] = players
    return options


def load(game_id: str, options: dict[str, Any]) -> Game:
    """``highcamp.load_game`` with user-facing errors."""
    try:
        return highcamp.load_game(game_id, **options)
    except ValueError as err:
        fail(str(err))


@contextlib.contextmanager
def database_errors(db: str) -> Iterator[None]:
    """Turn a database failure inside the block into a one-line error."""
    try:
        yield
    except sa_exc.SQLAlchemyError as err:
        fail(f"cannot use the database {db!r}: {err.__class__.__name__}: {err}")
