"""Strength levels, time budgets kept inside rollouts, truncated rollouts and the learned
values read from observations."""

from __future__ import annotations

import json
import math
import time
from importlib import resources

import pytest

import highcamp
from highcamp.agents import LEVEL_NAMES, LEVELS, budget, level_spec, make_agent, mcts
from highcamp.agents.heuristics import make_learned_value
from highcamp.agents.heuristics.learned_value import VALUED_GAMES, ObservationValue
from highcamp.agents.mcts import parse_rollout
from highcamp.core import State


def _started(game_id: str, seed: int = 1, **options: object) -> State:
    state = highcamp.load_game(game_id, **options).new_initial_state(seed)
    while state.is_chance_node():
        state.apply_random_chance()
    return state


def test_every_game_has_every_level_within_its_budget() -> None:
    for game_id in highcamp.list_games():
        assert set(LEVELS[game_id]) == set(LEVEL_NAMES)
        assert level_spec(game_id, "easy") == "heuristic"
        for level, most in (("medium", 1.0), ("hard", 3.0)):
            spec = level_spec(game_id, level)
            budget = spec.split(":")[1]
            assert budget.endswith("s") and 0 < float(budget[:-1]) <= most
            make_agent(spec, seed=0)  # a valid spec
    with pytest.raises(ValueError, match="levels are"):
        level_spec("everest-go", "expert")


def test_a_level_plays_and_explains_on_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from highcamp.agents import levels

    monkeypatch.setattr(levels, "MEDIUM_SECONDS", 0.02)
    for game_id, options in [
        ("everest-1924", {}),
        ("disaster-on-k2", {}),
        ("disaster-on-everest", {"players": 2}),
        ("disaster-campaign", {}),
        ("everest-go", {"players": 3}),
        ("disaster", {"players": 4}),
    ]:
        state = _started(game_id, **options)
        for level in LEVEL_NAMES[:2]:
            agent = make_agent(level, seed=3)
            assert agent.act(state.clone()) in state.legal_actions()
            why = agent.explain(state.clone())  # type: ignore[attr-defined]
            assert why.endswith(")") and f"({level}: " in why


def test_a_time_budget_stops_inside_a_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves a millisecond per reading: a 5 ms budget ends the search, and
    the first rollout (a whole heuristic game otherwise: hundreds of moves) is cut short on
    time (the rollout reads the clock every 16 steps)."""
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)
    monkeypatch.setattr(budget, "_CLOCK", [clock])  # the clock agents made now read
    # a step's own time on a clock of the test's too (a millisecond a step; the machine's
    # speed would set the reserve kept for the slowest step), and none timed before
    steps = [0.0]

    def step_clock() -> float:
        steps[0] += 0.0005
        return steps[0]

    monkeypatch.setattr(time, "thread_time", step_clock)
    monkeypatch.setattr(mcts, "SLOWEST_STEP", {})
    state = _started("disaster-on-everest", seed=2)
    applied = [0]
    real = type(state).apply_action

    def counting(self: State, action: int) -> None:
        applied[0] += 1
        real(self, action)

    monkeypatch.setattr(type(state), "apply_action", counting)
    agent = make_agent("mcts:0.005s:heuristic", seed=1)
    assert agent.act(state.clone()) in state.legal_actions()
    assert agent.simulations <= 2  # type: ignore[attr-defined]
    assert applied[0] < 120  # checked heuristic moves: far fewer than a whole game


def test_truncated_rollouts_parse_and_play() -> None:
    assert parse_rollout("heuristic20") == ("heuristic", 20)
    assert parse_rollout("random5") == ("random", 5)
    with pytest.raises(ValueError, match="rollouts are"):
        make_agent("mcts:10:heuristic0")
    state = _started("disaster-on-k2", seed=4)
    agent = make_agent("mcts:8:heuristic20", seed=2)
    assert agent.act(state.clone()) in state.legal_actions()
    assert agent.simulations == 8  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", VALUED_GAMES)
def test_learned_values_ship_with_held_out_figures_that_beat_no_skill(game_id: str) -> None:
    name = f"{game_id.replace('-', '_')}_value.json"
    doc = json.loads(
        resources.files("highcamp.agents.heuristics").joinpath("data", name).read_text()
    )
    for n, model in doc["models"].items():
        figures = model["figures"]
        assert model["command"].startswith("python -m highcamp.agents.heuristics.learned_value")
        if game_id == "disaster-campaign":  # no better than the mean: no level uses it
            assert figures["held_out_r2"] < 0.05
            assert all(":heuristic20" not in spec for spec in LEVELS[game_id].values())
        elif n == "1":
            assert figures["held_out_rmse"] < figures["held_out_rmse_of_the_mean"]
        else:
            assert figures["held_out_loglik"] > figures["held_out_loglik_no_skill"]
    value = make_learned_value(game_id)
    assert isinstance(value, ObservationValue)
    options = {"players": int(max(doc["models"]))} if max(doc["models"]) != "1" else {}
    state = _started(game_id, **options)
    out = value(state)
    assert len(out) == state.game.num_players and all(math.isfinite(v) for v in out)
    if len(out) > 1:
        assert abs(sum(out) - 1) < 1e-9


def test_honest_agents_pickle_and_copy() -> None:
    """Simulators may ship agents to worker processes: a wrapped agent survives a pickle."""
    import copy
    import pickle

    for spec in ("ismcts:10", "heuristic", "medium"):
        agent = make_agent(spec, seed=3)
        back = pickle.loads(pickle.dumps(agent))
        assert back.name == agent.name
        assert copy.deepcopy(agent).name == agent.name
    assert pickle.loads(pickle.dumps(make_agent("mcts:7", seed=1))).budget.iterations == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", ["disaster-on-everest", "disaster-on-k2"])
def test_two_player_series_levels_value_each_teams_few_figures(game_id: str) -> None:
    """Two-player Disaster series levels roll out 50 heuristic steps and value the leaf by
    the two-player model, which reads each team's figures (``team_figures``) from the
    ``teams`` of one observation: a few dozen weights, not every observation figure."""
    from highcamp.agents.heuristics.learned_value import TEAMS, team_figures

    assert level_spec(game_id, "medium", players=2) == "paired:0.95s:heuristic50"
    assert level_spec(game_id, "hard", players=2) == "paired:2.85s:heuristic50"
    value = make_learned_value(game_id)
    assert isinstance(value, ObservationValue)
    assert value.kinds[2] == TEAMS
    index, weights, bias = value.models[2]
    assert len(index) < 40
    state = _started(game_id, seed=3, players=2)
    agent = make_agent("heuristic", seed=1)
    for _ in range(150):  # into the game: both teams on the mountain
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(agent.act(state))
    doc = state.observation(1)
    expected = [
        bias + sum(weights[index[k]] * v for k, v in team_figures(t, doc["turn"]).items())
        for t in doc["teams"]
    ]
    assert value.logits(state) == pytest.approx(expected)
    chances = value(state)
    assert abs(sum(chances) - 1) < 1e-9 and all(0 < c < 1 for c in chances)
    assert (chances[0] > chances[1]) == (expected[0] > expected[1])


@pytest.mark.parametrize(("game_id", "players"), [("everest-go", 2), ("disaster", 4)])
def test_everest_go_and_disaster_levels_roll_out_every_move_on_redraws(
    game_id: str, players: int
) -> None:
    """Everest Go!'s and Disaster's levels are paired rollouts (20 heuristic steps, then
    the learned value), each round from its own redraw of the seat's view
    (docs/benchmarks.md, fourth round)."""
    from highcamp.agents.paired import PairedAgent

    for level, seconds in (("medium", "0.95"), ("hard", "2.85")):
        spec = level_spec(game_id, level, players=players)
        assert spec == f"paired:{seconds}s:heuristic20:redraw"
        core = make_agent(spec, seed=1).agent  # type: ignore[attr-defined]
        assert isinstance(core, PairedAgent) and core.redraw and core.steps == 20
