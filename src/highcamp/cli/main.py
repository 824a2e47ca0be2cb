"""The ``highcamp`` command: list, rules, play, replay, simulate."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="highcamp",
    help="Play and simulate five tabletop games of climbing and disaster.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """With no command: the interactive game chooser."""
    if ctx.invoked_subcommand is None:
        from .play import play

        ctx.invoke(play)


def _register() -> None:
    from . import listing, play, simulate

    app.command("list")(listing.list_games)
    app.command("rules")(listing.rules)
    app.command("play")(play.play)
    app.command("replay")(play.replay)
    app.command("simulate")(simulate.simulate)


_register()

if __name__ == "__main__":  # pragma: no cover
    app()
