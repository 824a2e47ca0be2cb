"""Token conservation and the conformance checks on deep Disaster on K2 games: the leader
policy reaches the Traverse, the Summit, the Serac collapses, ropes, bivouacs and the fate
draws, which uniform random play rarely does."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.k2.heuristic import k2_leader_action
from highcamp.games.disaster_series.k2.rules import K2State
from tests.conformance.checks import play_random

VARIANTS = highcamp.game_class("disaster-on-k2").variants()


def _leader(state: highcamp.State, rng: Any) -> int:
    assert isinstance(state, K2State)
    return k2_leader_action(state, rng)


@pytest.mark.parametrize("options", VARIANTS, ids=[str(i) for i in range(len(VARIANTS))])
def test_deep_games_pass_the_conformance_checks(options: dict[str, Any]) -> None:
    traverse = 0
    for seed in range(3):
        final = play_random(
            "disaster-on-k2", options, seed, full_every=13, deep=False, choose=_leader
        )
        traverse += sum(bd.figures["traverse"] for bd in final.score_breakdown())
    assert traverse > 0


def test_thirty_tokens_are_accounted_for_at_every_step() -> None:
    """Container, Avalanche Track, set aside, held (ropes and Luck), kept (House's Chimney,
    Acute Mountain Sickness on the card), ropes on avalanche spaces, removed by preparations
    or from the pool, the pool and the drawn fate tokens: 30 in all, each once."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        state = highcamp.load_game("disaster-on-k2", guide="sherpa").new_initial_state(seed)
        assert isinstance(state, K2State)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(k2_leader_action(state, rng))
            places = (
                state.container
                + state.storm_watch
                + state.set_aside
                + state.team.held
                + state.team.kept
                + [r[1] for r in state.ropes]
                + state.removed
                + state.pool
                + state.fate_drawn
                + state.spent
                + state.drawn
                + ([state.current] if state.current >= 0 else [])
            )
            assert sorted(places) == list(range(30))
            seen["rope on the mountain"] += bool(state.ropes)
            seen["held"] += bool(state.team.held)
        seen["removed at the end"] += bool(state.removed)
    assert seen["rope on the mountain"] and seen["held"] and seen["removed at the end"]
