"""PettingZoo adapter: PettingZoo's own API and seed tests on every game."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import highcamp
from highcamp.adapters.pettingzoo import env

from .cases import ALL_CASES, IDS, available


# dict observations with an action mask, as PettingZoo's own classic environments have
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("case", ALL_CASES, ids=IDS)
def test_api_and_seed(case: tuple[str, dict[str, Any]]) -> None:
    game_id, options = case
    with available(game_id):
        api_test(env(game_id, **options), num_cycles=300)
        seed_test(lambda: env(game_id, **options), num_cycles=300)


@pytest.mark.parametrize("case", ALL_CASES, ids=IDS)
def test_a_seeded_game_plays_to_its_returns(case: tuple[str, dict[str, Any]]) -> None:
    """Masked random play ends with each agent's total reward equal to its return, and
    the same seed replays the same game."""
    game_id, options = case
    with available(game_id):
        histories = []
        for _ in range(2):
            e = env(game_id, **options)
            e.reset(seed=9)
            rng = np.random.default_rng(0)
            totals = dict.fromkeys(e.possible_agents, 0.0)
            for agent in e.agent_iter():
                obs, reward, terminated, truncated, _ = e.last()
                totals[agent] += reward
                if terminated or truncated:
                    e.step(None)
                    continue
                assert obs["action_mask"].sum() > 0
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert e.state is not None and e.state.is_terminal()
            returns = e.state.returns()
            assert [totals[a] for a in e.possible_agents] == returns
            histories.append(e.state.history())
        assert histories[0] == histories[1]


def test_illegal_action_is_refused_with_its_rule() -> None:
    e = env("everest-1924")
    e.reset(seed=1)
    with pytest.raises(highcamp.IllegalActionError):
        e.step(2)  # ascend before rolling
    assert e.state is not None and e.state.history() == []


def test_only_the_player_to_act_has_a_mask() -> None:
    with available("hidden-draw"):
        e = env("hidden-draw", players=3)
        e.reset(seed=4)
        acting = e.agent_selection
        for agent in e.agents:
            mask = e.observe(agent)["action_mask"]
            assert (mask.sum() > 0) == (agent == acting)
