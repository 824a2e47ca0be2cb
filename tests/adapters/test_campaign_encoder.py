"""The campaign's observation tensor: the campaign slices and the block of the mountain shown."""

from __future__ import annotations

import copy
import random

import pytest

np = pytest.importorskip("numpy")

import highcamp  # noqa: E402
from highcamp.adapters.encoders import (  # noqa: E402
    DisasterCampaignEncoder,
    encoder_for,
    views,
)


def test_registered_and_shaped_by_the_options_only() -> None:
    two = highcamp.load_game("disaster-campaign", order="everest,everest")
    three = highcamp.load_game("disaster-campaign", order="everest,everest,everest")
    enc2, enc3 = encoder_for(two), encoder_for(three)
    assert isinstance(enc2, DisasterCampaignEncoder)
    mountain = encoder_for(highcamp.load_game("disaster-on-everest")).size
    assert enc3.size - enc2.size == mountain + 2  # one block, and one more in two one-hots
    assert sum(f.size for f in enc2.fields) == enc2.size
    assert enc2.bounds == (0.0, 1.0)


def test_a_whole_campaign_encodes_within_bounds_and_shows_its_mountain() -> None:
    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    enc = encoder_for(game)
    inner_enc = encoder_for(highcamp.load_game("disaster-on-everest"))
    state = game.new_initial_state(4)
    rng = random.Random(4)
    shown_seen = set()
    while not state.is_terminal():
        obs = state.observation(0)
        x = enc.encode(obs)
        assert x.shape == (enc.size,) and x.min() >= 0.0 and x.max() <= 1.0
        v = views(enc, x)
        k = obs["campaign"]["shown"] - 1
        shown_seen.add(k)
        assert v["shown"].sum() == 1 and v["shown"][k] == 1
        block = x[enc._offsets[k] : enc._offsets[k] + inner_enc.size]  # type: ignore[attr-defined]
        other = x[enc._offsets[1 - k] : enc._offsets[1 - k] + inner_enc.size]  # type: ignore[attr-defined]
        assert np.array_equal(block, inner_enc.encode(obs["mountain"]))
        assert not other.any()
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert shown_seen == {0, 1}


def test_letters_of_another_set_are_left_out() -> None:
    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    enc = encoder_for(game)
    obs = copy.deepcopy(game.new_initial_state(1).observation(0))
    obs["mountain"]["clients"][0]["traits"] = "fl"  # K2's Fortitude and Lucky
    obs["mountain"]["guides"][0]["skills"] = ["expert_climber", "hap_skill"]
    assert enc.encode(obs).shape == (enc.size,)
