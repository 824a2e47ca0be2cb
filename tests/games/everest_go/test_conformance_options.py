"""The shared conformance checks on option sets that are not variants of their own:
perfect recall (observations grow) and a fixed first player."""

from __future__ import annotations

import pytest

from tests.conformance.checks import play_random


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "perfect_recall": True},
        {"players": 2, "first_player": 2},
        {"players": 4, "beginners": True, "perfect_recall": True},
    ],
)
def test_conformance_checks_hold(options: dict[str, object]) -> None:
    for seed in range(3):
        state = play_random("everest-go", dict(options), seed, full_every=13, deep=False)
        assert state.is_terminal()
