"""The ``highcamp`` command: list, rules, play, replay, simulate, runs, report, export, solve,
arena, check, serve."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="highcamp",
    help="Play and simulate five tabletop games of climbing and disaster.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        import highcamp

        typer.echo(f"highcamp {highcamp.__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """With no command: the interactive game chooser."""
    if ctx.invoked_subcommand is None:
        from .play import play

        ctx.invoke(play)


def _register() -> None:
    from . import arena, check, listing, play, results, review, serve, simulate, solve

    app.command("list")(listing.list_games)
    app.command("rules")(listing.rules)
    app.command("play")(play.play)
    app.command("replay")(play.replay)
    app.command("simulate")(simulate.simulate)
    app.command("runs")(results.runs)
    app.command("report")(results.report)
    app.command("export")(results.export)
    app.command("serve")(serve.serve)
    app.command("solve")(solve.solve)
    app.command("review")(review.review)
    app.command("arena")(arena.arena)
    app.command("check")(check.check)


_register()

if __name__ == "__main__":  # pragma: no cover
    app()
