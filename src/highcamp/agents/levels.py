"""Strength levels a player can choose: ``easy``, ``medium`` and ``hard``, for every game.

A level is an agent spec like any other (``--seat human,medium,hard``, the web lobby, the
arena, the simulator). It is mapped per game (:data:`LEVELS`) to an agent and a wall-clock
budget per decision: ``easy`` the game's heuristic, ``medium`` a search of at most
:data:`MEDIUM_SECONDS` a move, ``hard`` at most :data:`HARD_SECONDS`. The whole decision
keeps to the budget: the seat's view is drawn, the search stops at its deadline and a
rollout still running then is cut short and its leaf valued (:mod:`highcamp.agents.mcts`).
Every level is honest (it decides on the seat's view: :mod:`highcamp.agents.honest`).
Everest 1924's ``hard`` plays the exact policy once it is loaded (:data:`EXACT_HARD`).

>>> level_spec("everest-go", "hard")
'paired:2.85s:heuristic20:redraw'
>>> level_spec("disaster", "medium", players=4)
'paired:0.95s:heuristic20:redraw'
>>> level_spec("disaster-on-k2", "easy")
'heuristic'
>>> level_spec("disaster-on-everest", "medium", seconds=0.2)
'mcts:0.2s:heuristic20'
>>> level_spec("disaster-on-k2", "hard", players=2)
'paired:2.85s:heuristic50'
>>> level_spec("chess", "hard")
Traceback (most recent call last):
...
ValueError: no strength levels for 'chess'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from highcamp.core import Agent, State

__all__ = [
    "EXACT_HARD",
    "HARD_SECONDS",
    "LEVELS",
    "LEVEL_NAMES",
    "MEDIUM_SECONDS",
    "ExactOrSearch",
    "LevelAgent",
    "level_spec",
]

LEVEL_NAMES = ("easy", "medium", "hard")
MEDIUM_SECONDS = 1.0
HARD_SECONDS = 3.0
SAFETY = 0.95
"""The search's share of a level's budget: the rest covers drawing the seat's view and
choosing from the tree, so that a decision keeps within the budget."""

LEVELS: dict[str, dict[str, str]] = {
    # game id -> level -> spec, with ``{s}`` for the seconds of the search
    "everest-1924": {"easy": "heuristic", "medium": "mcts:{s}s", "hard": "mcts:{s}s"},
    "disaster-on-everest": {
        "easy": "heuristic",
        "medium": "mcts:{s}s:heuristic20",
        "hard": "mcts:{s}s:heuristic20",
    },
    "disaster-on-k2": {
        "easy": "heuristic",
        "medium": "mcts:{s}s:heuristic20",
        "hard": "mcts:{s}s:heuristic20",
    },
    "disaster-campaign": {"easy": "heuristic", "medium": "mcts:{s}s", "hard": "mcts:{s}s"},
    "everest-go": {
        "easy": "heuristic",
        "medium": "paired:{s}s:heuristic20:redraw",
        "hard": "paired:{s}s:heuristic20:redraw",
    },
    "disaster": {
        "easy": "heuristic",
        "medium": "paired:{s}s:heuristic20:redraw",
        "hard": "paired:{s}s:heuristic20:redraw",
    },
}
"""Per game, the agent of each level (the search's seconds filled in by :func:`level_spec`).

In solitaire Disaster on Everest and K2 the search rolls out with the game's heuristic for
20 steps and values the leaf with the game's learned value
(:mod:`highcamp.agents.heuristics.learned_value`): a full heuristic rollout plays a whole
190-600-action game. The campaign's learned value does not predict better than the mean on
held-out games, so the campaign, like Everest 1924 (short games), rolls out with the
heuristic to the end. Everest Go! and Disaster play paired rollouts on redraws
(:mod:`highcamp.agents.paired`, ``redraw``): every legal move rolled out 20 heuristic steps
from the same redraw of the hidden cards with the same dice, then valued by the game's
learned value, the heuristic's move changed only on a clear paired gain. In Everest Go! the
information-set search valued by the learned value (``ismcts:0.95s:learned``) left the
heuristic's move at 17 of 25 probed decisions, mostly for a discard, and won about as often
as the heuristic; in Disaster the information-set search with heuristic rollouts played the
heuristic's moves (docs/benchmarks.md, fourth round). Disaster's learned value reads each
seat's few figures (``--seats``: chips, lead, space, the held card by its disaster); the
value of every observation figure before it weighed cards by their titles' noise, and the
search played cards on it that whole-game rollouts judge worse (eighth round)."""

TWO_PLAYER = {
    "disaster-on-everest": "paired:{s}s:heuristic50",
    "disaster-on-k2": "paired:{s}s:heuristic50",
}
"""Two-player Disaster series games (returns are who won): paired rollouts
(:mod:`highcamp.agents.paired`): every legal action rolled out 50 heuristic steps with the
same dice, valued by the two-player learned value (each team's few figures: ``--teams`` in
:mod:`highcamp.agents.heuristics.learned_value`), the heuristic's move changed only on a
clear paired gain. A tree search lost here: with whole rollouts (a 600-action game) a
second bought one to three of them and it played the heuristic's moves; with 20-step
rollouts and the value of every observation figure (worse than no skill on new games
before the last turns) it lost 0.5 of 3; with 50-step rollouts and the teams' value it won
1.5 of 6 at ``medium`` (docs/benchmarks.md, third round)."""


EXACT_HARD = frozenset({"everest-1924"})
"""Games whose ``hard`` level plays the exact solver's policy (``optimal``; honest: Everest
1924 is a solitaire of perfect information) once the policy is at hand in the process; until
then, and where the policy was never solved (``highcamp solve everest-1924``), ``hard`` is
the search of :data:`LEVELS`. A policy cached on disk is loaded in a background thread (the
standard sheet's, 340 MB, takes some ten seconds), so no decision waits for it
(:class:`ExactOrSearch`)."""


def level_spec(game_id: str, level: str, seconds: float | None = None, players: int = 1) -> str:
    """The agent spec of ``level`` on ``game_id`` (``seconds``: another search budget,
    e.g. for the strength table; by default the level's own, less the safety share)."""
    try:
        template = LEVELS[game_id][level]
    except KeyError:
        if level not in LEVEL_NAMES:
            raise ValueError(f"levels are {', '.join(LEVEL_NAMES)}, not {level!r}") from None
        raise ValueError(f"no strength levels for {game_id!r}") from None
    if "{s}" not in template:
        return template
    if seconds is None:
        seconds = (MEDIUM_SECONDS if level == "medium" else HARD_SECONDS) * SAFETY
    if players == 2 and game_id in TWO_PLAYER:
        template = TWO_PLAYER[game_id]
    return template.format(s=f"{seconds:g}")


_LOADS: dict[int, Any] = {}  # id(solver) -> the thread loading its policy (process-wide)


class ExactOrSearch:
    """The exact policy (``optimal``) once its solver's policy is loaded in this process,
    the search until then (see :data:`EXACT_HARD`)."""

    def __init__(self, search: Agent, seed: int = 0) -> None:
        from .optimal import OptimalAgent

        self.name = getattr(search, "name", "search")
        self.search = search
        self.exact = OptimalAgent(seed=seed)

    def ready(self, state: State) -> bool:
        """Whether the exact policy answers now; starts loading a cached policy (once per
        solver and process) when it is not loaded yet."""
        import threading

        solver: Any = getattr(state.game, "exact_solver", lambda: None)()
        if solver is None or not solver.is_solved():
            return False
        load = _LOADS.get(id(solver))
        if load is None:
            load = _LOADS[id(solver)] = threading.Thread(
                target=solver.solve, name="exact-policy", daemon=True
            )
            load.start()
        return not load.is_alive()

    def _agent(self, state: State) -> Any:
        return self.exact if self.ready(state) else self.search

    def act(self, state: State) -> int:
        """The exact policy's action when ready, else the search's."""
        action: int = self._agent(state).act(state)
        return action

    def explain(self, state: State) -> str:
        """Whichever plays explains."""
        text: str = self._agent(state).explain(state)
        return text

    def __getattr__(self, name: str) -> Any:
        search = self.__dict__.get("search")
        if search is None:
            raise AttributeError(name)
        return getattr(search, name)


def _no_factory(spec: str, seed: int = 0) -> Agent:
    raise RuntimeError("highcamp.agents sets the levels' agent factory when it is imported")


_FACTORY: list[Callable[..., Agent]] = [_no_factory]
"""The agents' factory (``highcamp.agents.make_agent``), set by :func:`use_factory` when
the agents' package is imported (which any import of this module does first)."""


def use_factory(make: Callable[..., Agent]) -> None:
    """Build the levels' agents with ``make`` (``make_agent(spec, seed=...)``)."""
    _FACTORY[0] = make


class LevelAgent:
    """A strength level: the agent of :func:`level_spec` for whatever game it is asked to
    play (made on first use, one per game), seeded with the level's seed.

    >>> import highcamp
    >>> s = highcamp.load_game("disaster-on-k2").new_initial_state(seed=1)
    >>> while s.is_chance_node():
    ...     _ = s.apply_random_chance()
    >>> LevelAgent("easy", seed=1).act(s) in s.legal_actions()
    True
    """

    def __init__(
        self, level: str, seed: int = 0, *, make: Callable[..., Agent] | None = None
    ) -> None:
        if level not in LEVEL_NAMES:
            raise ValueError(f"levels are {', '.join(LEVEL_NAMES)}, not {level!r}")
        self.name = level
        self.level = level
        self.seed = seed
        self._make = make if make is not None else _FACTORY[0]
        """Builds the agent of a spec (``make_agent``, handed in by the agents' package:
        this module imports nothing above it)."""
        self._agents: dict[tuple[str, int], Agent] = {}

    def agent_for(self, state: State) -> Agent:
        """The agent this level plays ``state``'s game with."""
        game = state.game
        key = (game.info.id, game.num_players)
        agent = self._agents.get(key)
        if agent is None:
            spec = level_spec(game.info.id, self.level, players=game.num_players)
            agent = self._make(spec, seed=self.seed)
            if self.level == "hard" and game.info.id in EXACT_HARD:
                agent = ExactOrSearch(agent, seed=self.seed)
            self._agents[key] = agent
        return agent

    def spec_for(self, state: State) -> str:
        """The spec this level resolves to on ``state``'s game (``optimal`` where the
        exact policy plays: :data:`EXACT_HARD`)."""
        agent = self.agent_for(state)
        if isinstance(agent, ExactOrSearch) and agent.ready(state):
            return "optimal"
        return level_spec(state.game.info.id, self.level, players=state.game.num_players)

    def act(self, state: State) -> int:
        """The level's agent's choice."""
        return self.agent_for(state).act(state)

    def explain(self, state: State) -> str:
        """The level's agent's explanation (every level's agent explains itself)."""
        text: str = getattr(self.agent_for(state), "explain")(state)  # noqa: B009
        return f"{text} ({self.level}: {self.spec_for(state)})"

    def describe(self) -> dict[str, Any]:
        """The settings (for reports)."""
        return {"level": self.level, "seed": self.seed}
