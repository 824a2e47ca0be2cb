"""The levels offered in the lobby and the terminal chooser keep to their budgets, checked
without the wall clock: a clock that advances a fixed step per reading stands for time, so
a budget is a count of clock readings, and a search must end within it whatever the game.
Everest 1924's ``hard`` plays the exact policy once it is loaded."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest

import highcamp
from highcamp.agents import LEVEL_NAMES, agents_for, level_spec, make_agent
from highcamp.agents.levels import ExactOrSearch, LevelAgent
from highcamp.agents.mcts import MCTSAgent, settled
from highcamp.agents.paired import PairedAgent
from highcamp.core import State

LOBBY_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("everest-1924", {}),
    ("disaster-on-everest", {}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
    ("everest-go", {"players": 3}),
    ("disaster", {"players": 4}),
]


@pytest.fixture(autouse=True)
def _no_cached_policy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No exact policy cached from earlier runs on this machine (the tests read the same
    everywhere): the solvers here cache in an empty folder."""
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path))


class StepClock:
    """Each reading is ``step`` seconds after the last."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def _started(game_id: str, seed: int = 1, **options: Any) -> State:
    state = highcamp.load_game(game_id, **options).new_initial_state(seed)
    while state.is_chance_node():
        state.apply_random_chance()
    while len(state.legal_actions()) < 2:  # a real decision
        state.apply_action(state.legal_actions()[0])
        while state.is_chance_node():
            state.apply_random_chance()
    return state


def _search_of(agent: Any, state: State) -> MCTSAgent | PairedAgent:
    inner = agent.agent_for(state) if isinstance(agent, LevelAgent) else agent
    if isinstance(inner, ExactOrSearch):
        inner = inner.search
    core = inner.__dict__.get("agent", inner)  # inside SeatView
    assert isinstance(core, MCTSAgent | PairedAgent)
    return core


@pytest.mark.parametrize(("game_id", "options"), LOBBY_GAMES)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_lobby_levels_end_within_their_budget(
    game_id: str, options: dict[str, Any], level: str
) -> None:
    """Every level the lobby and chooser offer is a search whose decision ends once its
    clock passes the budget: with a clock of a fiftieth of the budget a reading, a decision
    reads it a bounded number of times (no reading after the deadline but the one that
    finds it passed, and the few a started iteration needs to stop)."""
    game = highcamp.load_game(game_id, **options)
    assert {"easy", "medium", "hard"} <= set(agents_for(game))
    state = _started(game_id, **options)
    agent = make_agent(level, seed=2)
    search = _search_of(agent, state)
    budget = search.budget.seconds
    assert budget is not None and budget <= (1.0 if level == "medium" else 3.0)
    clock = search.clock = StepClock(budget / 50)
    action = agent.act(state.clone())
    assert action in state.legal_actions()
    assert search.decisions == 1
    assert clock.now <= budget * 1.2, (clock.readings, search.simulations)


def test_a_slow_rollout_step_is_not_started_at_the_deadline() -> None:
    """The rollout policy's slowest step is kept: a step that would end past the deadline
    is not started (Everest 1924's heuristic once took most of a second)."""
    state = _started("everest-1924", seed=3)
    search = MCTSAgent(seed=1, budget=highcamp.agents.Budget(seconds=1.0))
    clock = search.clock = StepClock(0.001)
    search._slowest = 0.9  # as if a step had taken 0.9 s
    assert search.act(state.clone()) in state.legal_actions()
    assert clock.now <= 1.0 + 0.01


def test_settled_choices_stop_early_and_keep_the_guide() -> None:
    """A time-budgeted search stops once its choice cannot change; with a guide, a move other
    than the guide's needs six simulations (MIN_OVERRIDE) to be played."""
    state = _started("disaster-on-k2", seed=4)
    search = MCTSAgent(seed=1, budget=highcamp.agents.Budget(seconds=10.0), rollout="heuristic20")
    search.clock = StepClock(0.0005)
    search.act(state.clone())
    assert search.stopped_early == 1 and search.simulations < 10.0 / 0.0005


def test_exact_policy_plays_hard_once_loaded() -> None:
    from highcamp.games.everest1924 import standard_sheet
    from highcamp.games.everest1924.solver import sheet_document, sheet_prefix

    path = Path(tempfile.mkdtemp()) / "small.json"
    path.write_text(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 3, 8))))
    game = highcamp.load_game("everest-1924", sheet=str(path))
    state = game.new_initial_state(seed=1)
    hard = LevelAgent("hard", seed=1)
    agent = hard.agent_for(state)
    assert isinstance(agent, ExactOrSearch)
    assert not agent.ready(state) and hard.spec_for(state).startswith("mcts:")  # not solved
    game.exact_solver().solve()  # solved (and cached) now
    agent.ready(state)
    from highcamp.agents import levels

    levels._LOADS[id(game.exact_solver())].join()
    assert agent.ready(state) and hard.spec_for(state) == "optimal"
    assert hard.act(state) == make_agent("optimal").act(state)
    assert "expected" in hard.explain(state)


def test_settled_is_exact() -> None:
    class N:
        def __init__(self, visits: int, kids: tuple[Any, ...] = (), prior: int | None = None):
            self.visits, self.totals, self.prior = visits, [0.0], prior
            self.children = dict(enumerate(kids))

    # the leader is not the guide's and short of six visits: not settled while it may get them
    assert not settled(N(9, (N(1), N(5)), prior=0), left=3, min_override=6)
    assert settled(N(9, (N(1), N(5)), prior=0), left=3)
    assert settled(N(9, (N(7), N(2)), prior=0), left=3, min_override=6)


def test_levels_exist_for_every_offered_game() -> None:
    for game_id, options in LOBBY_GAMES:
        for level in LEVEL_NAMES:
            assert level_spec(game_id, level, players=options.get("players", 1))
