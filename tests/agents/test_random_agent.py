"""The random agent: seeded, reproducible, uniform over the legal actions."""

from __future__ import annotations

from collections import Counter

import pytest

import highcamp
from highcamp.agents import RandomAgent, make_agent


def _decision_state() -> highcamp.State:
    state = highcamp.load_game("everest-1924").new_initial_state(seed=4)
    state.apply_action(state.string_to_action("roll"))
    while state.current_player() == highcamp.CHANCE:
        state.apply_random_chance()
    return state


def test_same_seed_same_choices_other_seed_other_choices() -> None:
    state = _decision_state()
    a, b, c = RandomAgent(1), RandomAgent(1), RandomAgent(2)
    first = [a.act(state) for _ in range(50)]
    assert first == [b.act(state) for _ in range(50)]
    assert first != [c.act(state) for _ in range(50)]
    assert set(first) <= set(state.legal_actions())


def test_uniform_over_the_legal_actions() -> None:
    state = _decision_state()
    legal = state.legal_actions()
    agent = RandomAgent(9)
    draws = 400 * len(legal)
    counts = Counter(agent.act(state) for _ in range(draws))
    assert set(counts) == set(legal)
    expected = draws / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    # far beyond the 99.9% quantile of chi-square with len(legal) - 1 degrees of freedom
    assert chi2 < 3 * len(legal) + 30


def test_agents_by_name() -> None:
    assert isinstance(make_agent("random", seed=3), highcamp.Agent)
    with pytest.raises(ValueError, match="agents are: random"):
        make_agent("alphazero")


def test_play_game_checks_the_number_of_agents() -> None:
    game = highcamp.load_game("everest-1924")
    with pytest.raises(ValueError, match="needs 1 agents, got 2"):
        highcamp.play_game(game, [RandomAgent(1), RandomAgent(2)])
    final = highcamp.play_game(game, [RandomAgent(1)], seed=3)
    assert final.is_terminal()
