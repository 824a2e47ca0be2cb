"""Utility bounds and the sum classification of every game, as OpenSpiel sees them."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import highcamp  # noqa: E402
import highcamp.adapters.openspiel as hos  # noqa: E402
from highcamp.adapters import bounds  # noqa: E402
from tests.conformance.cases import case_id, cases  # noqa: E402

CASES = cases()


def play(game: highcamp.Game, seed: int) -> list[float]:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_every_registered_game_has_bounds_that_hold(case: tuple[str, dict[str, Any]]) -> None:
    game_id, options = case
    assert game_id in hos.UTILITY_BOUNDS, f"{game_id} has only the loose fallback bounds"
    game = highcamp.load_game(game_id, **options)
    low, high = hos.UTILITY_BOUNDS[game_id](game)
    assert low < high
    seeds = 2 if game_id == "disaster" else 6  # Disaster's random games are long
    for seed in range(seeds):
        for r in play(game, seed):
            assert low <= r <= high


def test_openspiel_game_info_carries_the_bounds_and_general_sum() -> None:
    for game_id, options, expected in [
        ("everest-go", {"players": 3}, (0.0, 1.0)),
        ("disaster", {"players": 2}, (0.0, 1.0)),
        ("disaster-on-everest", {}, (-52.0, 96.0)),
        ("disaster-on-everest", {"random_team": True}, (-66.0, 110.0)),
        # the cooperative game [15.7]: 1 and 1 or 0 and 0, not constant-sum either
        ("disaster-on-k2", {"players": 2, "victory": "cooperative"}, (0.0, 1.0)),
        ("disaster-on-everest", {"players": 2, "first_player": "random"}, (0.0, 1.0)),
    ]:
        game = pyspiel.load_game(hos.openspiel_name(game_id), options)
        assert (game.min_utility(), game.max_utility()) == expected
        assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert hos.CONSTANT_SUM == {}


def test_disaster_on_everest_bounds_follow_the_team() -> None:
    """[12.0] per client: at worst minus its points, at best max(points, 4) + 1 at camp."""
    game = highcamp.load_game("disaster-on-everest")
    view = game.static_view()
    points = [c["points"] for c in view["clients"]]
    assert len(points) == view["team"]["clients"] == 6
    low, high = bounds.disaster_on_everest_bounds(game)
    assert low == -sum(points)
    assert high == sum(max(p, 4) + 1 for p in points) + view["prestige_max"] + 3 * 2 + 2
