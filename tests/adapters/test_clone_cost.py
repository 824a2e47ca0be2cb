"""OpenSpiel's own clones cost a highcamp ``clone()`` (never a JSON replay); the trail of a
hidden-information game costs no observation per move; Gymnasium's ``action_masks()``."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import highcamp.adapters.openspiel as hos  # noqa: E402
from highcamp.adapters.gymnasium import make  # noqa: E402


def _played(name: str, steps: int, params: dict[str, Any] | None = None) -> Any:
    game = pyspiel.load_game(name, params or {})
    state = game.new_initial_state()
    rng = random.Random(0)
    while len(hos.highcamp_state(state).history()) < steps and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "name", ["highcamp_disaster_on_everest", "highcamp_disaster_campaign", "highcamp_everest_go"]
)
def test_child_and_deepcopy_never_replay_the_history(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _played(name, 150)
    hc = hos.highcamp_state(state)
    calls = []
    cls = type(hc)
    monkeypatch.setattr(cls, "to_json", lambda self: calls.append(1) or {})
    monkeypatch.setattr(hc.game, "replay", lambda *a, **k: calls.append(2))
    action = (
        state.legal_actions()[0] if not state.is_chance_node() else state.chance_outcomes()[0][0]
    )
    child = state.child(action)
    copied = copy.deepcopy(state)
    assert not calls, "a clone went through the JSON document"
    assert hos.highcamp_state(copied).history() == hc.history()
    assert hos.highcamp_state(child).history() == [*hc.history(), action]
    assert hos.highcamp_state(copied) is not hc


def test_everest_go_trail_takes_no_observation_per_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _played("highcamp_everest_go", 20, {"players": 2})
    hc = hos.highcamp_state(state)
    seen = []
    real = type(hc).observation
    monkeypatch.setattr(type(hc), "observation", lambda self, p: seen.append(p) or real(self, p))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    assert not seen, "a move computed an observation for the trail"
    text = state.information_state_string(0)
    assert seen and text.count(" -> ") >= 1  # the trail's observations, made on demand


def test_gymnasium_action_masks_are_the_legal_actions() -> None:
    env = make("disaster-on-k2")
    _, info = env.reset(seed=2)
    for _ in range(40):
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        legal = env.unwrapped.state.legal_actions()
        assert np.flatnonzero(mask).tolist() == legal
        assert (mask == info["action_mask"].astype(bool)).all()
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated:
            break
