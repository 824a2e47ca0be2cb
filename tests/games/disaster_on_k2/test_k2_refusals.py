"""K2 refuses actions in its own words: climbers, the Darkness Phase, the Traverse Goal; never
Everest's storm, Hillary Step queue or clients ([8.*], [14.*])."""

from __future__ import annotations

import random

import pytest

import highcamp
from highcamp.core import IllegalActionError

EVEREST_WORDS = ("storm", "queue", "client", "hillary")


def _refusals(options: dict[str, object], games: int, game_id: str = "disaster-on-k2") -> set[str]:
    """Every refusal reason met along ``games`` random playouts (each illegal action of
    every decision of the movement step and the other decisions, asked through the
    contract)."""
    game = highcamp.load_game(game_id, **options)
    reasons: set[str] = set()
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            legal = set(state.legal_actions())
            for action in range(game.num_distinct_actions()):
                if action in legal:
                    continue
                with pytest.raises(IllegalActionError) as err:
                    state.action_to_string(action)
                reasons.add(err.value.reason)
            state.apply_action(rng.choice(sorted(legal)))
    return reasons


@pytest.mark.parametrize(
    "options",
    [{}, {"game": "advanced", "guide": "sherpa"}, {"players": 2}],
    ids=["basic", "advanced-sherpa", "two-players"],
)
def test_8_k2_refusals_speak_of_climbers_and_darkness(options: dict[str, object]) -> None:
    reasons = _refusals(options, games=6)
    assert any("darkness" in r.lower() or "climber" in r for r in reasons), reasons
    everest = sorted(r for r in reasons if any(w in r.lower() for w in EVEREST_WORDS))
    assert everest == []


def test_8_everest_keeps_its_words() -> None:
    """Everest's refusals still speak of its storm and clients (the same rules, its words)."""
    reasons = _refusals({}, games=4, game_id="disaster-on-everest")
    assert any("client" in r or "storm" in r for r in reasons), reasons
