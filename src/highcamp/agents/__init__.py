"""Agents: anything with ``act(state) -> action``. Seeded explicitly, never globally.

An agent is named by a spec: ``name`` or ``name:budget`` (``mcts:1000`` iterations per
move, ``mcts:2s`` seconds per move), and for the search agents ``name:budget:rollout``
(``mcts:500:random``) and ``name:budget:rollout:value`` (``mcts:10:heuristic:margin``:
``mcts:10:heuristic:margin=0.1``: see :mod:`highcamp.agents.mcts`); ``paired:1s:heuristic50``
rolls out every legal move with the same dice (:mod:`highcamp.agents.paired`).

>>> agent = make_agent("random", seed=3)
>>> agent.name
'random'
>>> make_agent("mcts:200", seed=1).budget
Budget(iterations=200, seconds=None)
>>> make_agent("mcts:10:heuristic:margin").value
'margin'
>>> make_agent("ismcts:500:learned").rollout
'learned'
>>> make_agent("oracle")
Traceback (most recent call last):
...
ValueError: unknown agent 'oracle'; agents are: random, heuristic, mcts, ismcts, optimal, paired, easy, medium, hard
>>> make_agent("hard").name
'hard'
>>> import highcamp
>>> agents_for(highcamp.load_game("everest-go", players=3))
['easy', 'medium', 'hard', 'heuristic', 'ismcts', 'random']
>>> agents_for(highcamp.load_game("everest-1924"))
['easy', 'medium', 'hard', 'heuristic', 'mcts', 'optimal', 'random']

Every agent :func:`make_agent` builds is honest by construction: on a game with hidden
information it decides on the seat's view (:class:`SeatView`), and ``mcts`` there searches
information sets like ``ismcts``.
>>> make_agent("random:10")
Traceback (most recent call last):
...
ValueError: agent 'random' takes no budget (random:10)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from highcamp.core import Agent, Game, State

from .budget import Budget
from .heuristics import HEURISTICS, has_heuristic, make_heuristic
from .honest import SeatView, seat_view
from .levels import LEVEL_NAMES, LEVELS, LevelAgent, level_spec, use_factory
from .mcts import ISMCTSAgent, MCTSAgent, parse_rollout
from .optimal import OptimalAgent
from .paired import PairedAgent
from .random_agent import RandomAgent

__all__ = [
    "AGENTS",
    "HEURISTICS",
    "LEVELS",
    "LEVEL_NAMES",
    "SEARCH_AGENTS",
    "Budget",
    "HeuristicAgent",
    "ISMCTSAgent",
    "LevelAgent",
    "MCTSAgent",
    "OptimalAgent",
    "PairedAgent",
    "RandomAgent",
    "SeatView",
    "agents_for",
    "has_heuristic",
    "level_spec",
    "make_agent",
    "make_heuristic",
    "seat_view",
]


class HeuristicAgent:
    """The heuristic of whatever game it is asked to play (from the per-game registry).
    ``determinised``: it is handed states already drawn from its seat's view (by a
    :class:`SeatView`, as :func:`make_agent` wraps it), so no game's heuristic redraws them
    again (:func:`.heuristics.make_heuristic`)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, *, determinised: bool = False) -> None:
        self.seed = seed
        self.determinised = determinised
        self._agents: dict[str, Agent] = {}

    def _for(self, state: State) -> Any:
        game_id = state.game.info.id
        agent = self._agents.get(game_id)
        if agent is None:
            agent = make_heuristic(game_id, self.seed, determinised=self.determinised)
            self._agents[game_id] = agent
        return agent

    def act(self, state: State) -> int:
        """The game's heuristic choice."""
        action: int = self._for(state).act(state)
        return action

    def explain(self, state: State) -> str:
        """The rule of thumb behind the choice."""
        text: str = self._for(state).explain(state)
        return text


def _paired(seed: int, budget: Budget | None, rollout: str, value: str) -> PairedAgent:
    """``paired:BUDGET:heuristicN`` (:mod:`highcamp.agents.paired`): N-step heuristic
    rollouts; ``paired:BUDGET:heuristicN:redraw`` starts each round from its own redraw of
    the hidden cards. It takes no other rollout or value."""
    kind, steps = parse_rollout(rollout)
    if kind != "heuristic" or steps is None or value not in ("returns", "redraw"):
        raise ValueError(f"paired rolls out heuristicN steps, not {rollout}:{value}")
    return PairedAgent(seed=seed, budget=budget, steps=steps, redraw=value == "redraw")


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": lambda seed: RandomAgent(seed=seed),
    "heuristic": lambda seed: HeuristicAgent(seed=seed),
    "mcts": lambda seed, budget=None, rollout="auto", value="returns": MCTSAgent(
        seed=seed, budget=budget, rollout=rollout, value=value
    ),
    "ismcts": lambda seed, budget=None, rollout="auto", value="returns": ISMCTSAgent(
        seed=seed, budget=budget, rollout=rollout, value=value
    ),
    "optimal": lambda seed: OptimalAgent(seed=seed),
    "paired": lambda seed, budget=None, rollout="heuristic50", value="returns": _paired(
        seed, budget, rollout, value
    ),
    "easy": lambda seed: LevelAgent("easy", seed=seed),
    "medium": lambda seed: LevelAgent("medium", seed=seed),
    "hard": lambda seed: LevelAgent("hard", seed=seed),
}
"""name -> factory(seed) (search agents also take ``budget``, ``rollout`` and ``value``)."""

SEARCH_AGENTS = frozenset({"mcts", "ismcts", "paired"})
OPTIMAL_GAMES = frozenset({"everest-1924"})


def agents_for(game: Game) -> list[str]:
    """The agents a seat of ``game`` may be given (the lobby and ``play --seat`` offer
    these): the strength levels, the game's heuristic, the search that suits it (``ismcts``
    with hidden information, where ``mcts`` would resolve to it, else ``mcts``), the exact
    solver where there is one, and ``random``."""
    game_id = game.info.id
    out = [*LEVEL_NAMES] if game_id in LEVELS else []
    if has_heuristic(game_id):
        out.append("heuristic")
    out.append("ismcts" if game.info.hidden_information else "mcts")
    if game_id in OPTIMAL_GAMES:
        out.append("optimal")
    out.append("random")
    return out


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec (``random``, ``heuristic``, ``mcts:1000``, ``ismcts:2s``,
    ``mcts:500:random``, ``mcts:10:heuristic:margin``, ``optimal``, ``easy``, ``medium``,
    ``hard``), seeded explicitly, deciding only on its seat's view (:class:`SeatView`)."""
    name, *rest = [part.strip() for part in spec.split(":")]
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}") from None
    if not rest:
        agent = factory(seed)
        if name in LEVEL_NAMES:
            return agent
        if isinstance(agent, HeuristicAgent):
            agent.determinised = True  # its seat's view is drawn by the SeatView
        return SeatView(agent, seed)
    if name not in SEARCH_AGENTS:
        raise ValueError(f"agent {name!r} takes no budget ({spec})")
    if len(rest) > 3:
        raise ValueError(f"an agent spec is name[:budget[:rollout[:value]]], not {spec!r}")
    budget = Budget.parse(rest[0])
    rollout = rest[1] if len(rest) > 1 else ("heuristic50" if name == "paired" else "auto")
    try:
        parse_rollout(rollout)
    except ValueError as err:
        raise ValueError(f"{err} ({spec})") from None
    value = rest[2] if len(rest) > 2 else "returns"
    try:  # each search refuses the values it does not take
        agent = factory(seed, budget=budget, rollout=rollout, value=value)
    except ValueError as err:
        raise ValueError(f"{err} ({spec})") from None
    return SeatView(agent, seed)


use_factory(make_agent)  # the levels build their agents with it (no import back up)
