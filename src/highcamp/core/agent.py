"""The agent protocol, and a driver that plays one game with a seat of agents.

>>> import highcamp
>>> from highcamp.agents import RandomAgent
>>> game = highcamp.load_game("everest-1924")
>>> final = play_game(game, [RandomAgent(seed=1)], seed=5)
>>> final.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .game import CHANCE, TERMINAL, Game, State

__all__ = ["Agent", "ExplainingAgent", "explain_choice", "play_game"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks a legal action for the seat to move."""

    name: str

    def act(self, state: State) -> int:
        """Choose an action from ``state.legal_actions()``."""
        ...


@runtime_checkable
class ExplainingAgent(Agent, Protocol):
    """An agent that can say in one line why it chooses as it does (a hint for players)."""

    def explain(self, state: State) -> str:
        """One line: the action it would choose now and why (expected value, visit share
        or the rule of thumb it followed)."""
        ...


def explain_choice(agent: Agent, state: State) -> str | None:
    """``agent.explain(state)`` when the agent can explain itself, else None.

    >>> import highcamp
    >>> from highcamp.agents import RandomAgent
    >>> state = highcamp.load_game("everest-1924").new_initial_state(seed=0)
    >>> explain_choice(RandomAgent(seed=1), state)
    'uniformly random among the legal actions'
    """
    explain = getattr(agent, "explain", None)
    if explain is None:
        return None
    text: str = explain(state)
    return text


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int = 0,
    on_action: Callable[[State, int], None] | None = None,
) -> State:
    """Play one game to the end: agents act for their seats, chance uses the seed."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.info.id} needs {game.num_players} agents, got {len(agents)}")
    state = game.new_initial_state(seed)
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = state.apply_random_chance()
        else:
            action = agents[player].act(state)
            state.apply_action(action)
        if on_action is not None:
            on_action(state, action)
