"""Statistical check (slow): disasters by doubles occur at the expected rate.

In random games, every regular roll made by a player standing in a disaster area causes a
disaster there with probability 1/6 (a double), or 8/36 with three players under the special
rule (a double or a total of 3, R-D-3); a roll outside the areas never does. Only the public
contract is used: the observation's phase, positions and disaster counts.
"""

from __future__ import annotations

import math
import random

import pytest

import highcamp
from highcamp import CHANCE

GAMES = 400


def _rates(players: int) -> tuple[int, int, int]:
    game = highcamp.load_game("disaster", players=players)
    areas = set()
    view = game.static_view()
    for name in ("ship", "plane", "earthquake"):
        areas.update(view[name]["spaces"])
    sky = view["skyscraper"]
    areas.update(sky["staircase_up"] + sky["staircase_down"])
    areas.update(s for floor in sky["floor_spaces"] for s in floor)
    rolls = hits = outside_hits = 0
    for seed in range(GAMES):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            obs = state.observation(0)
            if obs["phase"] != "dice":
                state.apply_random_chance()
                continue
            seat = obs["turn"]
            inside = obs["players"][seat]["position"] in areas
            before = obs["disasters"]["doubles"] + obs["disasters"]["total of 3"]
            state.apply_random_chance()
            counts = state.observation(0)["disasters"]
            caused = counts["doubles"] + counts["total of 3"] > before
            if inside:
                rolls += 1
                hits += caused
            elif caused:
                outside_hits += 1
    return rolls, hits, outside_hits


@pytest.mark.slow
@pytest.mark.parametrize(("players", "p"), [(2, 1 / 6), (3, 8 / 36), (6, 1 / 6)])
def test_disasters_by_doubles_in_areas(players: int, p: float) -> None:
    rolls, hits, outside_hits = _rates(players)
    assert rolls > 2000
    sigma = math.sqrt(p * (1 - p) / rolls)
    assert abs(hits / rolls - p) <= 4 * sigma, (hits / rolls, p, rolls)
    assert outside_hits == 0
