"""The conformance checks on deep Disaster on Everest games: the leader policy reaches the
Hillary Step, the Summit, the queue exits, the storm retreat and the fate draws, which
uniform random play almost never does."""

from __future__ import annotations

from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.heuristic import leader_action
from tests.conformance.checks import play_random

VARIANTS = highcamp.game_class("disaster-on-everest").variants()


def _leader(state: highcamp.State, rng: Any) -> int:
    assert isinstance(state, DisasterState)
    return leader_action(state, rng)


@pytest.mark.parametrize("options", VARIANTS, ids=[str(i) for i in range(len(VARIANTS))])
def test_deep_games_pass_the_conformance_checks(options: dict[str, Any]) -> None:
    summits = 0
    bands = set()
    for seed in range(12):
        final = play_random(
            "disaster-on-everest", options, seed, full_every=11, deep=False, choose=_leader
        )
        for bd in final.score_breakdown():  # one sheet per seat
            summits += bd.figures["summits"]
            bands.add(bd.band)
    assert summits > 0
    assert len(bands) >= 2
