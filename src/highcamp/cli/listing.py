"""``highcamp list`` and ``highcamp rules``."""

from __future__ import annotations

from collections import Counter

import typer
from rich.markdown import Markdown
from rich.table import Table

import highcamp

from .common import console, fail, load


def list_games(
    details: bool = typer.Option(False, "--details", "-d", help="Show options and components."),
) -> None:
    """List the games: players, variants, options and where their components come from."""
    table = Table(title="highcamp games", show_lines=details)
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("players", justify="center")
    table.add_column("variants" if details else "options")
    table.add_column("components")
    for game_id in highcamp.list_games():
        cls = highcamp.game_class(game_id)
        info = cls.INFO
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        if details:
            row_variants = "\n".join(
                ", ".join(f"{k}={v}" for k, v in opts.items()) or "standard"
                for opts in cls.variants()
            )
            row_variants += "\n" + "\n".join(
                f"[dim]{o.name}[/] = {o.default!r}: {o.description}" for o in info.options
            )
            components = "\n".join(
                f"{c.name}: {c.provenance}" + (f" ({c.reason})" if c.reason else "")
                for c in info.components
            )
        else:
            row_variants = ", ".join(o.name for o in info.options) or "-"
            counts = Counter(c.provenance for c in info.components)
            components = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items()))
        table.add_row(game_id, info.title, players, row_variants, components)
    console.print(table)
    console.print(
        "[dim]reconstructed: values the rulebooks do not print, rebuilt in data files "
        "(see docs/games/); `highcamp list --details` names them and every variant; "
        "`highcamp rules GAME` summarises a game's rules.[/]"
    )


def rules(game: str = typer.Argument(..., help="Game id (see `highcamp list`).")) -> None:
    """A summary of a game's rules in highcamp's own words, with section references."""
    if game not in highcamp.list_games():
        fail(f"unknown game {game!r}; games are: {', '.join(highcamp.list_games())}")
    loaded = load(game, {})
    console.print(Markdown(loaded.rules_text()))
    reconstructed = [c for c in loaded.info.components if c.provenance == "reconstructed"]
    if reconstructed:
        console.print(
            "\n[yellow]Reconstructed components:[/] "
            + "; ".join(f"{c.name} ({c.reason})" for c in reconstructed)
        )
