"""The shared conformance suite, run on every registered game and each of its variants.

The default run plays hundreds of seeded random games per case; ``-m slow`` plays thousands.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import highcamp
from highcamp import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    StateFormatError,
    UnknownGameError,
)

from .cases import case_id, cases
from .checks import play_random, random_steps

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
    game = highcamp.load_game(game_id, **options)
    a = game.new_initial_state(seed=42)
    b = game.new_initial_state(seed=42)
    rng = random.Random(0)
    while not a.is_terminal():
        if a.current_player() == CHANCE:
            assert a.apply_random_chance() == b.apply_random_chance()
        else:
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
    assert a == b


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_info_and_errors(game_id: str, options: dict[str, Any]) -> None:
    game = highcamp.load_game(game_id, **options)
    info = game.info
    assert info.id == game_id and info.title
    assert info.min_players <= game.num_players <= info.max_players
    json.dumps(info.to_dict())
    assert all(c.provenance in {"rulebook", "reconstructed"} for c in info.components)
    assert all(c.reason for c in info.components if c.provenance == "reconstructed")
    with pytest.raises(OptionError, match="unknown option"):
        highcamp.load_game(game_id, no_such_option=1)
    state = game.new_initial_state(seed=1)
    with pytest.raises(InvalidActionError):
        state.string_to_action("fly to the moon")
    with pytest.raises(IllegalActionError):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(ValueError):
        state.observation(game.num_players)
    log_before = len(state.log)
    assert log_before == 0


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_malformed_documents(game_id: str, options: dict[str, Any]) -> None:
    game = highcamp.load_game(game_id, **options)
    doc = random_steps(game.new_initial_state(seed=3), 3, 10).to_json()
    bad_docs: list[Any] = [
        "{not json",
        [],
        {**doc, "format": "other/9"},
        {**doc, "game": "chess"},
        {**doc, "seed": "7"},
        {**doc, "history": "1,2,3"},
        {**doc, "history": [*doc["history"], game.num_distinct_actions() + 5]},
        {**doc, "options": {"nope": 1}},
        {**doc, "state": {"tampered": True}},
    ]
    for bad in bad_docs:
        with pytest.raises(StateFormatError):
            game.state_from_json(bad)


def test_unknown_game_lists_known() -> None:
    with pytest.raises(UnknownGameError) as err:
        highcamp.load_game("monopoly")
    assert "everest-1924" in str(err.value)


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=IDS)
def test_log_cites_rules(game_id: str, options: dict[str, Any]) -> None:
    """The log replays the history and every entry cites a rule."""
    game = highcamp.load_game(game_id, **options)
    state = game.new_initial_state(seed=9)
    rng = random.Random(9)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    log = state.log
    assert log
    assert all(entry.rule for entry in log), [e for e in log if not e.rule][:3]
    assert [e.action for e in log if e.action is not None] == state.history()
