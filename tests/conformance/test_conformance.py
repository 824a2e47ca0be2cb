"""The shared conformance suite (:mod:`highcamp.testing`), run on every registered game and
each of its variants.

The default run plays hundreds of seeded random games per case; ``-m slow`` plays thousands.
"""

from __future__ import annotations

from typing import Any

import pytest

import highcamp
from highcamp import UnknownGameError
from highcamp.testing import (
    case_id,
    cases,
    check_documents,
    check_game,
    check_info,
    check_log,
    check_same_seed,
    play_random,
)

CASES = cases()
IDS = [case_id(c) for c in CASES]
DEFAULT_GAMES = 200
STEP_BUDGET = 6_000
"""Steps per case in the default run: games of hundreds of steps play fewer games (the
checks replay whole histories); ``-m slow`` plays its thousands regardless."""
SLOW_GAMES = 3000
SLOW_STEP_BUDGET = 50 * STEP_BUDGET
DEEP_SEEDS = 4
FULL_BUDGET_VARIANTS = 4
"""A game's variants share its default budget: a game with more variants than this plays
a proportional share of ``STEP_BUDGET`` and of the ``DEEP_SEEDS`` in each (Disaster's nine
variants get 44%), so that a game costs the default run about the same however many
variants it declares; every variant is still covered, and ``-m slow`` plays the full
budget in each."""


def _share(game_id: str) -> float:
    return min(1.0, FULL_BUDGET_VARIANTS / len(highcamp.game_class(game_id).variants()))


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_random_games_deep(game_id: str, options: dict[str, Any]) -> None:
    """Every check at every step (the first ``DEEP_STEPS`` of long games), for a few games
    of each policy."""
    for seed in range(max(1, round(DEEP_SEEDS * _share(game_id)))):
        play_random(game_id, options, seed, full_every=25, deep=True)
        play_random(game_id, options, seed, full_every=25, deep=True, survive=True)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_random_games_many(game_id: str, options: dict[str, Any]) -> None:
    """Hundreds of seeded random games (fewer of long ones); full copy checks on a sample
    of steps."""
    steps = 0
    for seed in range(100, 100 + DEFAULT_GAMES):
        steps += len(play_random(game_id, options, seed, full_every=17, deep=False).history())
        if steps >= STEP_BUDGET * _share(game_id):
            break


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_random_games_many_deep_play(game_id: str, options: dict[str, Any]) -> None:
    """Hundreds of random games (fewer of long ones) that avoid ending early."""
    steps = 0
    for seed in range(1000, 1000 + DEFAULT_GAMES // 2):
        state = play_random(game_id, options, seed, full_every=29, deep=False, survive=True)
        steps += len(state.history())
        if steps >= STEP_BUDGET // 2 * _share(game_id):
            break


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_random_games_slow(game_id: str, options: dict[str, Any]) -> None:
    steps = 0
    for seed in range(10_000, 10_000 + SLOW_GAMES):
        state = play_random(game_id, options, seed, full_every=5, deep=False, survive=seed % 2 == 0)
        steps += len(state.history())
        if steps >= SLOW_STEP_BUDGET:
            break


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_same_seed_same_game(game_id: str, options: dict[str, Any]) -> None:
    """A game record (options, seed, actions) reproduces everything, chance included."""
    check_same_seed(game_id, options)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_info_and_errors(game_id: str, options: dict[str, Any]) -> None:
    check_info(game_id, options)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_malformed_documents(game_id: str, options: dict[str, Any]) -> None:
    check_documents(game_id, options)


def test_unknown_game_lists_known() -> None:
    with pytest.raises(UnknownGameError) as err:
        highcamp.load_game("monopoly")
    assert "everest-1924" in str(err.value)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_log_cites_rules(game_id: str, options: dict[str, Any]) -> None:
    """The log replays the history and every entry cites a rule."""
    check_log(game_id, options)


def test_check_game_reports_a_broken_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite finds a game that breaks the contract and says where: here a game whose
    invariants break once it has been played a while."""
    state_class = type(highcamp.load_game("everest-1924").new_initial_state())

    def broken(self: highcamp.State) -> list[str]:
        return ["a camp went missing"] if len(self.history()) > 5 else []

    monkeypatch.setattr(state_class, "invariants", broken)
    report = check_game("everest-1924", games=6, seed=5)
    assert not report.ok and report.games == 6
    assert {f.check for f in report.failures} == {"random games"}
    assert all("invariants broken after 6 steps" in f.message for f in report.failures)
    assert all(f.seed is not None and 5 <= f.seed < 11 for f in report.failures)
    assert report.summary().endswith(f"{len(report.failures)} failures")
    assert check_game("everest-1924", games=6, seed=5, fail_fast=True).games == 1
