"""The names the observation uses are the ones ``static_view()`` publishes (the encoders read
them from there, so a name the view misses would break an encoding)."""

from __future__ import annotations

import random

import pytest

import highcamp


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("disaster-on-everest", {}),
        ("disaster-on-everest", {"players": 2, "game": "advanced"}),
        ("disaster-on-k2", {"guide": "sherpa"}),
        ("disaster-on-k2", {"players": 2}),
    ],
)
def test_observation_names_are_in_the_static_vocabulary(game_id: str, options: dict) -> None:
    game = highcamp.load_game(game_id, **options)
    view = game.static_view()
    voc = view["vocabulary"]
    phases = set(voc["phases"] + voc["two_player_phases"] + view.get("k2", {}).get("phases", []))
    rng = random.Random(1)
    seen = set()
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            obs = state.observation(0)
            seen.add(obs["phase"])
            assert obs["phase"] in phases
            assert obs["step"] in voc["steps"]
            assert obs["preparations"] in voc["preparations"]
            assert obs["movement"]["round"] in ["", *voc["rounds"]]
            assert obs["turn"] <= voc["max_turns"]
            for c in obs["clients"]:
                assert c["tired"] in voc["tired"]
                assert c["marker"] in voc["markers"]
                assert c["movement"] <= voc["max_move"]
            if state.is_chance_node():
                ids, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        seen.add(state.observation(0)["phase"])
    assert "over" in seen and len(seen) > 5


def test_campaign_publishes_its_phases() -> None:
    game = highcamp.load_game("disaster-campaign")
    obs = game.new_initial_state(seed=1).observation(0)
    assert obs["campaign"]["phase"] in game.static_view()["phases"]
