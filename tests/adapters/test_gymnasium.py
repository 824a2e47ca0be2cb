"""Gymnasium adapter: Gymnasium's env checker on every solitaire game."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import highcamp  # noqa: E402
from highcamp.adapters.gymnasium import env_id, make  # noqa: E402

from .cases import IDS, SOLITAIRE_CASES, available, case_id  # noqa: E402

SOLO_IDS = [case_id(c) for c in SOLITAIRE_CASES]


@pytest.fixture(params=SOLITAIRE_CASES, ids=SOLO_IDS)
def case(request: pytest.FixtureRequest) -> Any:
    game_id, options = request.param
    with available(game_id):
        yield game_id, options


def test_check_env(case: Any) -> None:
    game_id, options = case
    check_env(make(game_id, **options), skip_render_check=True)


def test_registered_ids() -> None:
    for game_id in highcamp.list_games():
        if highcamp.game_class(game_id).INFO.min_players == 1:
            e = gymnasium.make(env_id(game_id))
            assert e.unwrapped.game.info.id == game_id
            e.close()


def test_masked_play_scores_at_the_end(case: Any) -> None:
    """Rewards are 0 until the end, then the score; a seed replays the same game."""
    game_id, options = case
    histories = []
    for _ in range(2):
        e = make(game_id, **options)
        obs, info = e.reset(seed=21)
        rng = np.random.default_rng(2)
        rewards = []
        terminated = truncated = False
        while not (terminated or truncated):
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, reward, terminated, truncated, info = e.step(action)
            rewards.append(reward)
        assert terminated and e.state is not None
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == e.state.returns()[0]
        histories.append(e.state.history())
    assert histories[0] == histories[1]


def test_illegal_action_costs_and_changes_nothing() -> None:
    e = make("everest-1924", illegal_reward=-2.0)
    e.reset(seed=1)
    _, reward, terminated, truncated, info = e.step(2)  # ascend before rolling
    assert reward == -2.0 and not terminated and not truncated
    assert info["illegal_action"]["rule"]
    assert e.state is not None and e.state.history() == []


def test_multiplayer_games_are_refused() -> None:
    with available("hidden-draw"), pytest.raises(ValueError, match="pettingzoo"):
        make("hidden-draw", players=2)


def test_ids_cover_the_cases() -> None:
    assert set(SOLO_IDS) <= set(IDS)
