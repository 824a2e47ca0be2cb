"""``highcamp play`` (interactive terminal play) and ``highcamp replay`` (step through a save)."""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any

import typer
from rich.columns import Columns
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
    explain_choice,
)
from highcamp.sim import parse_agents

from .common import console, fail, load, parse_options
from .renderers import renderer_for

HUMAN = "human"
SAVE_FORMAT = "highcamp.save/1"

HELP = """[bold]At the prompt[/]
  a number        the numbered choice
  action text     e.g. [cyan]roll[/], [cyan]ascend[/], [cyan]reroll 1,3[/], [cyan]combine 1,2 -> 6[/]
  log             the last entries of the game log, with their rules
  rules           the rules in brief
  hint [AGENT]    what an agent would do and why ([cyan]hint mcts:500[/], [cyan]hint optimal[/])
  help or ?       this help
  q or quit       save the game and quit ([cyan]highcamp play --load FILE[/] resumes it)"""


class _Quit(Exception):
    """The player asked to stop."""


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except EOFError:
        raise _Quit from None


def _choose_game() -> str:
    games = highcamp.list_games()
    table = Table(title="Choose a game", show_header=False, box=None)
    for i, game_id in enumerate(games, 1):
        info = highcamp.game_class(game_id).INFO
        players = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(f"[bold]{i}[/]", info.title, f"[dim]{players} player(s) · {game_id}[/]")
    console.print(table)
    while True:
        answer = _ask("Game number (q to quit): ").strip().lower()
        if answer in {"q", "quit", "exit"}:
            raise _Quit
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1]
        if answer in games:
            return answer
        console.print(f"[red]Please type a number from 1 to {len(games)}.[/]")


def _seats(spec: str | None, game: Game) -> list[str]:
    if spec is None:
        return [HUMAN] + ["random"] * (game.num_players - 1)
    try:
        return list(parse_agents(spec, game.num_players, game.info.id, also=(HUMAN,)))
    except ValueError as err:
        fail(str(err))


def _save(state: State, seats: list[str], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = directory / f"{state.game.info.id}-{state.seed}-{stamp}.json"
    doc = {"format": SAVE_FORMAT, "seats": seats, "state": state.to_json()}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    tmp.replace(path)
    return path


def _read_save(path: Path) -> tuple[Game, State, list[str]]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        fail(f"cannot read {str(path)!r}: {err.strerror or err}")
    except ValueError as err:
        fail(f"{str(path)!r} is not a highcamp save (not JSON: {err})")
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        seats, state_doc = doc.get("seats"), doc.get("state")
    else:
        seats, state_doc = None, doc
    if not isinstance(state_doc, dict) or not isinstance(state_doc.get("game"), str):
        fail(f"{str(path)!r} is not a highcamp save")
    options = state_doc.get("options") if isinstance(state_doc.get("options"), dict) else {}
    game = load(state_doc["game"], dict(options or {}))
    try:
        state = game.state_from_json(state_doc)
    except ValueError as err:
        fail(f"{str(path)!r} does not load: {err}")
    if not isinstance(seats, list) or len(seats) != game.num_players:
        seats = [HUMAN] * game.num_players
    return game, state, [str(s) for s in seats]


def _show_log(state: State, seat: int, last: int = 15) -> None:
    """The last entries of the log as ``seat`` may read it (``State.log_for``)."""
    table = Table(title="log (latest last)", show_header=True, header_style="dim")
    table.add_column("#", justify="right", style="dim")
    table.add_column("event")
    table.add_column("rule", style="cyan")
    for entry in state.log_for(seat)[-last:]:
        table.add_row(str(entry.index), entry.text, entry.rule)
    console.print(table)


def _show_choices(groups: list[tuple[str, list[int]]], state: State) -> list[int]:
    numbered: list[int] = []
    for title, actions in groups:
        if not actions:
            continue
        cells = []
        for a in actions:
            numbered.append(a)
            cells.append(f"[bold]{len(numbered):>2}[/] {state.action_to_string(a)}")
        console.print(f"[dim]{title}:[/]")
        console.print(Columns(cells, padding=(0, 3)))
    return numbered


def _show_events(state: State, since: int, seat: int | None) -> None:
    """The log since history position ``since``, as ``seat`` may read it
    (``State.log_for``): dice, moves and automatic events, with their rules.

    In a game with hidden information a seat's actions are prefixed with the seat, unless
    the text says who acted.
    """
    hidden = state.game.info.hidden_information
    events = [e for e in state.log_for(seat) if e.index >= since]
    line = Text()
    for entry in events:
        text = entry.text
        if (
            hidden
            and entry.player is not None
            and entry.player >= 0
            and entry.action is not None
            and not text.startswith(("seat ", "you "))
        ):
            text = f"seat {entry.player + 1}: {text}"
        if line:
            line.append(" · ", style="dim")
        line.append(text, style="bold" if entry.player is None else "")
        if entry.player is None:
            line.append(f" {entry.rule}", style="cyan")
    if line:
        console.print(line)


def _hand_off(seat: int) -> None:
    """Hotseat: clear the screen and wait until the next human has the keyboard."""
    console.clear()
    console.print(Rule(f"pass to seat {seat + 1}"))
    _ask(f"[bold]Pass to seat {seat + 1}[/], then press Enter (seat {seat + 1} only): ")
    console.clear()


def _human_turn(state: State, seat: int, seats: list[str], since: int) -> None:
    renderer = renderer_for(state.game.info.id)
    _show_events(state, since, seat)
    console.print(Rule(f"{state.game.info.title} · seat {seat + 1}"))
    console.print(renderer.draw(state, seat))
    numbered = _show_choices(renderer.groups(state), state)
    while True:
        answer = _ask("[bold]Your choice[/] (number or text, ? for help): ").strip()
        lowered = answer.lower()
        if not answer:
            continue
        if lowered in {"q", "quit", "exit"}:
            raise _Quit
        if lowered in {"?", "help", "h"}:
            console.print(HELP)
            continue
        if lowered == "log":
            _show_log(state, seat)
            continue
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
            state.apply_action(action)
            return
        except InvalidActionError as err:
            console.print(f"[red]{err}[/]")
        except IllegalActionError as err:
            console.print(f"[red]Not allowed {err.rule}: {err.reason}[/]")


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


def _show_end(state: State) -> None:
    renderer = renderer_for(state.game.info.id)
    console.print(Rule(f"{state.game.info.title} · game over"))
    console.print(Text(state.ending() or "", style="bold yellow"))
    console.print(renderer.draw(state, 0))
    for breakdown in state.score_breakdown():
        table = Table(title=f"seat {breakdown.player + 1}: final score", show_header=False)
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
    game: str | None = typer.Argument(None, help="Game id; omit it to choose from a list."),
    seed: int | None = typer.Option(None, help="Seed of the dice and draws (random if omitted)."),
    seat: str | None = typer.Option(
        None, help="Who plays each seat: human or an agent, one name or a comma list."
    ),
    players: int | None = typer.Option(
        None, help="Number of players (games that have the option)."
    ),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option key=value."),
    load_file: Path | None = typer.Option(None, "--load", help="Resume a saved game."),
    save_dir: Path = typer.Option(Path("saves"), help="Where games are saved."),
) -> None:
    """Play a game in the terminal. Quitting saves the game; finished games are saved too."""
    try:
        if load_file is not None:
            loaded, state, seats = _read_save(load_file)
            if seat is not None:
                seats = _seats(seat, loaded)
            console.print(f"Resumed {loaded.info.title} from {load_file} (seed {state.seed}).")
        else:
            game_id = game if game is not None else _choose_game()
            if game_id not in highcamp.list_games():
                fail(f"unknown game {game_id!r}; games are: {', '.join(highcamp.list_games())}")
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
        _run(state, seats, save_dir)
    except _Quit:
        console.print("\nBye.")


def _run(state: State, seats: list[str], save_dir: Path) -> None:
    agents: dict[int, Agent] = {
        p: make_agent(name, seed=state.seed * 31 + p)
        for p, name in enumerate(seats)
        if name != HUMAN
    }
    hidden = state.game.info.hidden_information
    humans = [p for p, name in enumerate(seats) if name == HUMAN]
    since = len(state.history())
    # hidden information: where each human's catch-up starts (its log is State.log_for)
    seen_from = dict.fromkeys(humans, since)
    viewer: int | None = None  # the human seat whose private view was drawn last

    try:
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_random_chance()
            elif player in agents:
                action = agents[player].act(state)
                # printed on a screen anyone may see: as a spectator is told it
                text = state.public_action_text(action, None)
                state.apply_action(action)
                console.print(f"[dim]seat {player + 1} ({seats[player]}):[/] {text}")
            elif hidden:
                if len(humans) > 1 and viewer != player:
                    _hand_off(player)
                viewer = player
                at = len(state.history())
                _human_turn(state, player, seats, seen_from[player])
                seen_from[player] = at
            else:
                _human_turn(state, player, seats, since)
                since = len(state.history()) - 1
    except _Quit:
        path = _save(state, seats, save_dir)
        console.print(f"\nSaved to [bold]{path}[/]; resume with: highcamp play --load {path}")
        raise
    if not hidden:
        _show_events(state, since, None)
    _show_end(state)
    path = _save(state, seats, save_dir)
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
    loaded, final, _seats_saved = _read_save(file)
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
