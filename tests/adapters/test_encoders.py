"""Observation tensors: fixed shape, documented slices, nothing a player cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import highcamp  # noqa: E402
from highcamp.adapters.encoders import (  # noqa: E402
    ENCODERS,
    Everest1924Encoder,
    HashedEncoder,
    encoder_for,
    views,
)

from .cases import ALL_CASES, IDS, available  # noqa: E402


def trajectory(game: highcamp.Game, seed: int, limit: int = 80) -> list[highcamp.State]:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("case", ALL_CASES, ids=IDS)
def test_fixed_shape_and_unchanged_by_resampling(case: tuple[str, dict[str, Any]]) -> None:
    """Every tensor of a game has one shape, within the encoder's bounds, and a resampled state (hidden information
    redrawn) gives the player exactly the same tensor."""
    game_id, options = case
    with available(game_id):
        game = highcamp.load_game(game_id, **options)
        encoder = encoder_for(game)
        assert sum(f.size for f in encoder.fields) == encoder.size
        for seed in range(3):
            for i, state in enumerate(trajectory(game, seed)):
                for player in range(game.num_players):
                    x = encoder.encode(state.observation(player))
                    assert x.shape == (encoder.size,) and x.dtype == np.float32
                    assert np.all(np.isfinite(x))
                    low, high = encoder.bounds
                    assert low <= x.min() and x.max() <= high
                    other = state.resample_hidden(player, seed * 1000 + i)
                    assert np.array_equal(x, encoder.encode(other.observation(player)))


def test_everest1924_slices_mean_what_the_docs_say() -> None:
    game = highcamp.load_game("everest-1924")
    encoder = encoder_for(game)
    assert isinstance(encoder, Everest1924Encoder)
    state = game.new_initial_state(seed=0)
    state.apply_action(state.string_to_action("roll"))
    for text in ("die 1 shows 3", "die 2 shows 4", "die 3 shows 6"):
        state.apply_action(state.string_to_action(text))
    v = views(encoder, encoder.encode(state.observation(0)))
    assert v["phase"].tolist() == [0, 0, 1, 0]  # start, rolling, decide, over
    assert [int(np.argmax(slot)) for slot in v["dice"]] == [3, 4, 6, 0, 0, 0]
    assert int(np.argmax(v["dice_count"])) == 3
    assert v["route"].sum() == 1 and v["route"][0, 0] == 1
    state.apply_action(state.string_to_action("ascend"))
    v = views(encoder, encoder.encode(state.observation(0)))
    assert int(np.argmax(v["row"])) == 1 and int(np.argmax(v["column"])) == 1
    assert v["route"].sum() == 2 and v["route"][1, 1] == 1
    assert v["phase"].tolist() == [1, 0, 0, 0]  # the next turn starts
    assert round(float(v["scalars"][4]) * 100) == state.observation(0)["score"]


def test_everest1924_has_its_own_encoder_and_others_fall_back() -> None:
    assert ENCODERS["everest-1924"] is Everest1924Encoder
    with available("hidden-draw"):
        assert isinstance(encoder_for(highcamp.load_game("hidden-draw")), HashedEncoder)


def test_hashed_encoder_is_stable_and_reads_every_leaf() -> None:
    enc = HashedEncoder(None, size=64)
    obs = {"hand": [3, None], "name": "x", "flag": True, "nested": {"a": 2.5}}
    x = enc.encode(obs)
    assert np.array_equal(x, enc.encode(obs))
    assert float(x.sum()) == pytest.approx(3 + 1 + 1 + 2.5)
    assert not np.array_equal(x, enc.encode({**obs, "name": "y"}))


def test_encode_into_a_buffer_overwrites_it() -> None:
    game = highcamp.load_game("everest-1924")
    encoder = encoder_for(game)
    buffer = np.full(encoder.size, 7.0, np.float32)
    obs = game.new_initial_state(0).observation(0)
    encoder.encode(obs, buffer)
    assert np.array_equal(buffer, encoder.encode(obs))
