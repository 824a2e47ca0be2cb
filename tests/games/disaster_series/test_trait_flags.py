"""The client traits are read once from the data files into named flags per ruleset
[13.1] (K2 [14.1]): every letter a mountain's data describes has its flags, and the same
letter means what its own mountain says (``a``: Everest's Amateur Climber, K2's Advanced
Climber)."""

from __future__ import annotations

import pytest

import highcamp
from highcamp.games.disaster_series.constants import (
    CAUTIOUS,
    EXTRA_EQUIPMENT,
    PASSES_RIDGES,
    ROPE_BONUS,
)


@pytest.mark.parametrize("game_id", ["disaster-on-everest", "disaster-on-k2"])
def test_13_1_every_trait_letter_of_the_data_has_named_flags(game_id: str) -> None:
    game = highcamp.load_game(game_id, game="advanced")
    assert set(game.ruleset.traits) == set(game.TRAIT_FLAGS)
    for card in game.ruleset.clients:
        flags = game.trait_flags[card.traits]
        assert len(flags) >= len(card.traits)  # no letter is lost


def test_13_1_the_same_letter_is_each_mountain_s_own_trait() -> None:
    everest = highcamp.load_game("disaster-on-everest", game="advanced")
    k2 = highcamp.load_game("disaster-on-k2", game="advanced")
    assert everest.TRAIT_FLAGS["a"] == {PASSES_RIDGES}  # Amateur Climber [8.1]
    assert k2.TRAIT_FLAGS["a"] == {PASSES_RIDGES, ROPE_BONUS}  # Advanced Climber [14.4] [9.2]
    sandy = next(c for c in everest.ruleset.clients if c.name == "Sandy")  # "ae"
    assert everest.trait_flags[sandy.traits] == {PASSES_RIDGES, EXTRA_EQUIPMENT}


def test_13_1_a_roster_from_another_set_is_read_with_this_mountain_s_table() -> None:
    everest = highcamp.load_game("disaster-on-everest", game="advanced")
    k2 = highcamp.load_game("disaster-on-k2", game="advanced")
    lou = next(c for c in everest.ruleset.clients if c.name == "Lou")  # "c"
    roster = k2.with_roster(k2.ruleset.guides[:1], [lou], "Survivors")
    assert roster.trait_flags[lou.traits] == {CAUTIOUS}
    state = roster.new_initial_state(seed=1)
    assert CAUTIOUS in state._traits(0)
