"""The chooser of ``highcamp play`` without arguments: the game, the number of players, who
sits where (a human or an AI of a chosen strength) and the game's options, each with a
default that Enter accepts.

The AIs offered are the agents the registry lists for the game (``highcamp.agents.agents_for``), so new
agents and strength levels appear here as they are registered; an AI that cannot play the
chosen game says why and is asked again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.table import Table

import highcamp
from highcamp.agents import AGENTS, SEARCH_AGENTS, agents_for, has_heuristic, make_agent
from highcamp.core import CHANCE, Game, OptionError, OptionSpec

from .common import console
from .saves import HUMAN

__all__ = ["Quit", "choose", "choose_game", "default_opponent"]


class Quit(Exception):
    """The player asked to stop."""


Ask = Callable[[str], str]


def _answer(ask: Ask, prompt: str) -> str:
    answer = ask(escape(prompt)).strip()  # "[human]" is a default, not markup
    if answer.lower() in {"q", "quit", "exit"}:
        raise Quit
    return answer


def choose_game(ask: Ask) -> str:
    """The game, by number or id."""
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
        answer = _answer(ask, "Game number (q to quit): ").lower()
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1]
        if answer in games:
            return answer
        console.print(f"[red]Please type a number from 1 to {len(games)}.[/]")


def default_opponent(game_id: str) -> str:
    """The AI offered by default for the other seats: the game's heuristic where it has
    one, else ``random``."""
    return "heuristic" if has_heuristic(game_id) and "heuristic" in AGENTS else "random"


def _players(ask: Ask, game_id: str) -> int | None:
    info = highcamp.game_class(game_id).INFO
    if info.min_players == info.max_players:
        return None
    spec = next((o for o in info.options if o.name == "players"), None)
    default = spec.default if spec is not None else info.min_players
    while True:
        answer = _answer(
            ask, f"Number of players ({info.min_players}-{info.max_players}) [{default}]: "
        )
        if not answer:
            return int(default)
        if answer.isdigit() and info.min_players <= int(answer) <= info.max_players:
            return int(answer)
        console.print(
            f"[red]Please type a number from {info.min_players} to {info.max_players}.[/]"
        )


def _option_value(ask: Ask, spec: OptionSpec) -> Any:
    shown = "none" if spec.default is None else str(spec.default).lower()
    while True:
        answer = _answer(ask, f"  {spec.name}: {spec.description} ({spec.allowed()}) [{shown}]: ")
        if not answer:
            return spec.default
        try:
            return spec.validate(answer)
        except OptionError as err:
            console.print(f"[red]{err}[/]")


def _options(ask: Ask, game_id: str) -> dict[str, Any]:
    specs = [o for o in highcamp.game_class(game_id).INFO.options if o.name != "players"]
    if not specs:
        return {}
    table = Table(title="Options", show_header=True, header_style="dim", box=None)
    table.add_column("option", style="cyan")
    table.add_column("default")
    table.add_column("what it does", style="dim")
    for o in specs:
        table.add_row(o.name, "none" if o.default is None else str(o.default), o.description)
    console.print(table)
    answer = _answer(ask, "Change any option? (y, or Enter for the defaults): ").lower()
    if answer not in {"y", "yes"}:
        return {}
    chosen: dict[str, Any] = {}
    for spec in specs:
        value = _option_value(ask, spec)
        if value != spec.default:
            chosen[spec.name] = value
    return chosen


def _probe_state(game: Game) -> Any:
    state = game.new_initial_state(0)
    while state.current_player() == CHANCE:
        state.apply_random_chance()
    return state


def _agent_problem(spec: str, game: Game) -> str | None:
    """Why the agent ``spec`` cannot play ``game`` (``None`` when it can)."""
    try:
        agent = make_agent(spec, seed=0)
    except ValueError as err:
        return str(err)
    if spec.split(":")[0] in SEARCH_AGENTS:
        return None  # the search agents play every game
    state = _probe_state(game)
    if state.is_terminal():
        return None
    try:
        agent.act(state.clone())
    except ValueError as err:
        return str(err)
    return None


def _seats(ask: Ask, game: Game) -> list[str]:
    choices = [HUMAN, *agents_for(game)]  # only the agents that suit the game
    listing = "  ".join(f"[bold]{i}[/] {name}" for i, name in enumerate(choices, 1))
    console.print(
        f"Who plays each seat? {listing}  [dim](an AI's strength: its name, or a search "
        "agent with a budget such as mcts:500)[/]"
    )
    other = default_opponent(game.info.id)
    seats: list[str] = []
    for seat in range(game.num_players):
        default = HUMAN if seat == 0 else other
        while True:
            answer = _answer(ask, f"Seat {seat + 1} [{default}]: ")
            if not answer:
                spec = default
            elif answer.isdigit() and 1 <= int(answer) <= len(choices):
                spec = choices[int(answer) - 1]
            else:
                spec = answer.lower()
            if spec == HUMAN:
                break
            problem = _agent_problem(spec, game)
            if problem is None:
                break
            console.print(f"[red]{spec} cannot play here: {problem}[/]")
        seats.append(spec)
    return seats


def choose(ask: Ask) -> tuple[str, dict[str, Any], list[str]]:
    """Ask everything a new game needs: (game id, options, seats)."""
    game_id = choose_game(ask)
    options: dict[str, Any] = {}
    players = _players(ask, game_id)
    if players is not None:
        options["players"] = players
    options.update(_options(ask, game_id))
    try:
        game = highcamp.load_game(game_id, **options)
    except ValueError as err:  # options that do not go together
        console.print(f"[red]{err}; playing with the default options.[/]")
        game = highcamp.load_game(game_id, **({"players": players} if players else {}))
        options = {"players": players} if players else {}
    return game_id, options, _seats(ask, game)
