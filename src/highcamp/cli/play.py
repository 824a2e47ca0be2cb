"""``highcamp play`` (interactive terminal play) and ``highcamp replay`` (step through a save)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer
from rich.columns import Columns
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

import highcamp
from highcamp.agents import make_agent
from highcamp.core import (
    CHANCE,
    Agent,
    Game,
    IllegalActionError,
    InvalidActionError,
    State,
    actors,
    explain_choice,
    undo_point,
)
from highcamp.sim import parse_agents

from .chooser import Quit, choose, choose_game
from .commands import help_text
from .common import console, fail, load, parse_options
from .narrate import END_EVENTS, event_lines, headline
from .renderers import renderer_for
from .saves import HUMAN, default_save_dir, read_save, write_save

NOTHING_TO_UNDO = (
    "Nothing to undo: no undo past a chance step (a roll or a draw revealed something), "
    "past another seat's move in a game with hidden information, or the start of the game."
)


class _Quit(Exception):
    """The player asked to stop."""


class _Undo(Exception):
    """The player took back actions: the game returns to ``point`` actions."""

    def __init__(self, point: int) -> None:
        super().__init__(point)
        self.point = point


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise _Quit from None


def _seats(spec: str | None, game: Game) -> list[str]:
    if spec is None:
        return [HUMAN] + ["random"] * (game.num_players - 1)
    try:
        return list(parse_agents(spec, game.num_players, game.info.id, also=(HUMAN,)))
    except ValueError as err:
        fail(str(err))


def _show_log(state: State, seat: int, last: int = 15) -> None:
    """The last entries of the log as ``seat`` may read it (``State.log_for``)."""
    table = Table(title="log (latest last)", show_header=True, header_style="dim")
    table.add_column("#", justify="right", style="dim")
    table.add_column("event")
    table.add_column("rule", style="cyan")
    for entry in state.log_for(seat)[-last:]:
        table.add_row(str(entry.index), entry.text, entry.rule)
    console.print(table)


def _show_choices(groups: list[tuple[str, list[int]]], state: State, renderer: Any) -> list[int]:
    """The numbered choices, each with the renderer's note on what it does, if any."""
    describe = getattr(renderer, "describe", None)
    numbered: list[int] = []
    for title, actions in groups:
        if not actions:
            continue
        cells = []
        for a in actions:
            numbered.append(a)
            note = describe(state, a) if describe is not None else None
            cell = f"[bold]{len(numbered):>2}[/] {escape(state.action_to_string(a))}"
            if note:
                cell += f" [dim]({escape(note)})[/]"
            cells.append(cell)
        console.print(f"[dim]{escape(title)}:[/]")
        console.print(Columns(cells, padding=(0, 3)))
    return numbered


def _show_events(
    state: State, since: int, viewer: int | None, seats: list[str], before: int | None = None
) -> None:
    """The log from history position ``since`` (up to log position ``before``), as
    ``viewer`` may read it: a line per decision, its dice and automatic events on it."""
    log = state.log_for(viewer)
    entries = [e for e in log[:before] if e.index >= since]
    for line in event_lines(entries, seats, viewer):
        console.print(line, soft_wrap=True)  # one line each: the terminal folds it


def _hand_off(seat: int) -> None:
    """Hotseat: clear the screen and wait until the next human has the keyboard."""
    console.clear()
    console.print(Rule(f"pass to seat {seat + 1}"))
    _ask(f"[bold]Pass to seat {seat + 1}[/], then press Enter (seat {seat + 1} only): ")
    console.clear()


def _human_turn(state: State, seat: int) -> None:
    """Draw the board for ``seat``, read its choice and apply it (``undo`` raises
    :class:`_Undo`)."""
    renderer = renderer_for(state.game.info.id)
    console.print(Rule(f"{state.game.info.title} · seat {seat + 1}"))
    console.print(renderer.draw(state, seat))
    numbered = _show_choices(renderer.groups(state), state, renderer)
    while True:
        answer = _ask("[bold]Your choice[/] (number or text, ? for help): ").strip()
        lowered = answer.lower()
        if not answer:
            continue
        if lowered in {"q", "quit", "exit"}:
            raise _Quit
        if lowered in {"?", "help", "h"}:
            legal = [state.action_to_string(a) for a in state.legal_actions()]
            console.print(help_text(state.game.info.id, legal))
            continue
        if lowered == "log":
            _show_log(state, seat)
            continue
        if lowered == "undo":
            players = actors(state.game, state.history(), state.seed)
            point = undo_point(players, seat, state.game.info.hidden_information)
            if point is None:
                console.print(f"[yellow]{NOTHING_TO_UNDO}[/]")
                continue
            raise _Undo(point)
        if lowered == "hint" or lowered.startswith("hint "):
            _show_hint(state, answer[4:].strip())
            continue
        if lowered == "rules":
            from rich.markdown import Markdown

            console.print(Markdown(state.game.rules_text()))
            continue
        try:
            if answer.isdigit():
                k = int(answer)
                if not 1 <= k <= len(numbered):
                    console.print(f"[red]There is no choice {k}; choose 1 to {len(numbered)}.[/]")
                    continue
                action = numbered[k - 1]
            else:
                action = state.string_to_action(answer)
            if not _confirmed(renderer, state, action, answer):
                continue
            state.apply_action(action)
            return
        except InvalidActionError as err:
            console.print(f"[red]{escape(str(err))}[/]")
        except IllegalActionError as err:
            console.print(f"[red]Not allowed {escape(err.rule)}: {escape(err.reason)}[/]")


def _confirmed(renderer: Any, state: State, action: int, answer: str) -> bool:
    """Whether to go on with ``action``: the renderer's ``warning(state, action)`` (a
    choice that ends the game, say) is shown, and the player types the choice again to
    confirm it; anything else chooses again."""
    warning = getattr(renderer, "warning", None)
    text = warning(state, action) if warning is not None else None
    if not text:
        return True
    console.print(f"[bold yellow]{escape(text)}[/]")
    again = _ask("Type the same choice again to confirm (anything else: choose again): ")
    if again.strip().lower() in {answer.lower(), state.action_to_string(action)}:
        return True
    console.print("[dim]Not done; choose again.[/]")
    return False


def _show_hint(state: State, spec: str) -> None:
    """One line from an agent's ``explain`` (the game's heuristic by default)."""
    from highcamp.agents import has_heuristic

    if not spec:
        spec = "heuristic" if has_heuristic(state.game.info.id) else "mcts:500"
    if spec == "optimal":  # every choice's expected final score (solved in the background)
        from .review import show_optimal_hint

        show_optimal_hint(state)
        return
    try:
        agent = make_agent(spec, seed=len(state.history()))
        text = explain_choice(agent, state)
    except ValueError as err:
        console.print(f"[red]{err}[/]")
        return
    if text is None:
        console.print(f"[yellow]{spec} cannot explain its choices[/]")
    else:
        console.print(f"[cyan]hint ({spec}):[/] {text}")


def _ending_start(state: State, viewer: int | None) -> int:
    """The log position (in ``log_for(viewer)``) where "how it ended" begins: the last
    decision, or at most ``END_EVENTS`` entries before the end."""
    log = state.log_for(viewer)
    start = 0
    for k in range(len(log) - 1, -1, -1):
        e = log[k]
        if e.action is not None and e.player is not None and e.player != CHANCE:
            start = k
            break
    return max(start, len(log) - END_EVENTS)


def _show_end(state: State, seats: list[str], viewer: int | None, since: int) -> None:
    """The events up to the end, then who won and why in words, the board as ``viewer``
    sees it and the final score sheets."""
    renderer = renderer_for(state.game.info.id)
    start = _ending_start(state, viewer)
    _show_events(state, since, viewer, seats, before=start)
    console.print(Rule(f"{state.game.info.title} · game over"))
    console.print(Text(headline(state, viewer), style="bold yellow"))
    log = state.log_for(viewer)
    last = log[-1].index if log else -1
    why = [e for e in log if e.index == last and e.player is None]
    if why:
        console.print(Text("Why: " + "; ".join(e.text for e in why), style="bold"), soft_wrap=True)
    how = event_lines(log[start:], seats, viewer)
    if how:
        console.print(Text("How it ended:", style="dim"))
        for text in how:
            console.print(Text("  ").append_text(text), soft_wrap=True)
    console.print(renderer.draw(state, viewer if viewer is not None else 0))
    solo = state.game.num_players == 1
    for breakdown in state.score_breakdown():
        title = "final score sheet" if solo else f"seat {breakdown.player + 1}: final score"
        table = Table(title=title, show_header=False)
        table.add_column("line")
        table.add_column("points", justify="right")
        table.add_column("rule", style="dim")
        for line in breakdown.lines:
            table.add_row(line.label, f"{line.points:g}", line.rule)
        table.add_row("[bold]total[/]", f"[bold]{breakdown.total:g}[/]", "")
        console.print(table)
        if breakdown.band:
            console.print(
                Panel(Text(breakdown.band, style="bold yellow"), title="legend", expand=False)
            )


def play(
    game: str | None = typer.Argument(
        None, help="Game id; omit it (and the options) to be asked everything."
    ),
    seed: int | None = typer.Option(None, help="Seed of the dice and draws (random if omitted)."),
    seat: str | None = typer.Option(
        None, help="Who plays each seat: human or an agent, one name or a comma list."
    ),
    players: int | None = typer.Option(
        None, help="Number of players (games that have the option)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
    load_file: Path | None = typer.Option(None, "--load", help="Resume a saved game."),
    save_dir: Path | None = typer.Option(
        None,
        help="Where games are saved (default: the user's data directory, "
        "e.g. ~/.local/share/highcamp/saves).",
    ),
) -> None:
    """Play a game in the terminal. Quitting saves the game; finished games are saved too.

    Without a game (and without --seat, --players or --option) it asks for the game, the
    number of players, who sits where and the game's options."""
    directory = save_dir if save_dir is not None else default_save_dir()
    try:
        if load_file is not None:
            loaded, state, seats = read_save(load_file)
            if seat is not None:
                seats = _seats(seat, loaded)
            console.print(f"Resumed {loaded.info.title} from {load_file} (seed {state.seed}).")
        else:
            if game is None and seat is None and players is None and not option:
                game_id, options, seats = choose(_ask)
                loaded = load(game_id, options)
            else:
                game_id = game if game is not None else choose_game(_ask)
                if game_id not in highcamp.list_games():
                    known = ", ".join(highcamp.list_games())
                    fail(f"unknown game {game_id!r}; games are: {known}")
                loaded = load(game_id, parse_options(option, players))
                seats = _seats(seat, loaded)
            if seed is None:
                seed = secrets.randbelow(10**6)
            state = loaded.new_initial_state(seed)
            console.print(
                f"[bold]{loaded.info.title}[/] · seed {seed} · seats: {', '.join(seats)}"
                + (
                    " · [yellow]runs on reconstructed components[/]"
                    if loaded.info.reconstructed
                    else ""
                )
            )
        _run(state, seats, directory)
    except (_Quit, Quit):
        console.print("\nBye.")


def _run(state: State, seats: list[str], save_dir: Path) -> None:
    agents: dict[int, Agent] = {
        p: make_agent(name, seed=state.seed * 31 + p)
        for p, name in enumerate(seats)
        if name != HUMAN
    }
    game = state.game
    hidden = game.info.hidden_information
    humans = [p for p, name in enumerate(seats) if name == HUMAN]
    # where each reader's catch-up starts (a history position): one for all when nothing
    # is hidden (and for a table of AIs only, read as a spectator), one per human when
    # something is
    since = len(state.history())
    seen_from = dict.fromkeys(humans, since)
    viewer: int | None = humans[0] if len(humans) == 1 else None

    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_random_chance()
            elif player in agents:
                if not humans:  # nobody to catch up: tell each decision as it comes
                    _show_events(state, since, None, seats)
                    since = len(state.history())
                state.apply_action(agents[player].act(state))
            else:
                if hidden and len(humans) > 1 and viewer != player:
                    _hand_off(player)
                viewer = player
                _show_events(state, seen_from[player] if hidden else since, player, seats)
                try:
                    _human_turn(state, player)
                except _Undo as undo:
                    state = game.replay(state.history()[: undo.point], seed=state.seed)
                    console.print(f"[yellow]Undone: back to step {undo.point}.[/]")
                    since = min(since, undo.point)
                    seen_from = {h: min(at, undo.point) for h, at in seen_from.items()}
                    continue
                seen_from[player] = since = len(state.history()) - 1
    except _Quit:
        path = write_save(state, seats, save_dir)
        console.print(f"\nSaved to [bold]{path}[/]; resume with: highcamp play --load {path}")
        raise
    end_viewer = viewer if viewer is not None else (humans[0] if humans else None)
    start = seen_from[end_viewer] if end_viewer is not None and hidden else since
    _show_end(state, seats, end_viewer, start)
    path = write_save(state, seats, save_dir)
    console.print(f"Saved to [bold]{path}[/]; step through it with: highcamp replay {path}")


def replay(
    file: Path = typer.Argument(..., help="A saved game (from `highcamp play`)."),
    step: int | None = typer.Option(None, help="Show only this step and stop."),
    seat: int = typer.Option(
        1,
        help="Whose view to show: the board and log as this seat saw them (games with "
        "hidden information show no other seat's secrets).",
    ),
) -> None:
    """Step through a saved game: Enter for the next step, b back, a number to jump, q to quit."""
    loaded, final, _seats_saved = read_save(file)
    if not 1 <= seat <= loaded.num_players:
        fail(f"seat must be between 1 and {loaded.num_players}")
    viewer = seat - 1
    history = final.history()
    renderer = renderer_for(loaded.info.id)
    by_index: dict[int, list[Any]] = {}
    for entry in final.log_for(viewer):  # a log's entries never change once written
        by_index.setdefault(entry.index, []).append(entry)

    def show(k: int) -> None:
        state = loaded.replay(history[:k], seed=final.seed)
        console.print(Rule(f"{loaded.info.title} · step {k} of {len(history)} · seat {seat}"))
        console.print(renderer.draw(state, viewer))
        for entry in by_index.get(k - 1, []):
            console.print(f"  [bold]{entry.text}[/] [cyan]{entry.rule}[/]")

    if step is not None:
        if not 0 <= step <= len(history):
            fail(f"step must be between 0 and {len(history)}")
        show(step)
        return
    k = 0
    show(k)
    while True:
        try:
            answer = console.input("[dim](Enter) next · b back · number jump · e end · q quit:[/] ")
        except EOFError:
            return
        answer = answer.strip().lower()
        if answer in {"q", "quit"}:
            return
        if answer == "b":
            k = max(0, k - 1)
        elif answer == "e":
            k = len(history)
        elif answer.isdigit():
            k = min(len(history), int(answer))
        elif answer == "":
            if k == len(history):
                console.print("[dim]That was the last step.[/]")
                return
            k += 1
        else:
            console.print("[red]Enter, b, a number, e or q.[/]")
            continue
        show(k)
