"""The conformance checks on deep Everest 1924 games: a climbing policy that reaches the
upper rows, camps, falls and crosses its route, which uniform random play rarely does."""

from __future__ import annotations

from collections import Counter

from tests.conformance.checks import play_random

from .helpers import climber


def test_deep_games_pass_the_conformance_checks() -> None:
    endings: Counter[str | None] = Counter()
    highest = 0
    camps = 0
    for seed in range(60):
        final = play_random("everest-1924", {}, seed, full_every=7, deep=False, choose=climber)
        obs = final.observation(0)
        endings[final.ending()] += 1
        highest = max(highest, obs["highest_row"])
        camps = max(camps, obs["camps_used"])
    # the policy reaches the upper rows, uses every camp and meets its own route; the summit
    # is rare without a real policy and is covered by the scenario tests
    assert endings["perished"] > 0
    assert highest >= 12 and camps == 4


def test_a_few_deep_games_checked_at_every_step() -> None:
    for seed in range(3):
        play_random("everest-1924", {}, 500 + seed, full_every=1, deep=True, choose=climber)
