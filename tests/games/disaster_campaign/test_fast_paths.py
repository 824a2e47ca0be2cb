"""The campaign's playout fast paths (a legal action or a chance step straight on the
mountain) do what the contract's slow path does, step for step."""

from __future__ import annotations

import random

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL, IllegalActionError, State
from highcamp.games.disaster_series import play_chance, play_legal


@pytest.mark.parametrize("order", ["everest,k2", "k2,everest"])
def test_fast_and_contract_paths_play_the_same_campaign(order: str) -> None:
    game = highcamp.load_game("disaster-campaign", order=order)
    for seed in range(6):
        fast, slow = game.new_initial_state(seed), game.new_initial_state(seed)
        rng = random.Random(seed)
        while fast.current_player() != TERMINAL:
            if fast.current_player() == CHANCE:
                a = fast.apply_random_chance()
                assert State.apply_random_chance(slow) == a
            else:
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                State.apply_action(slow, a)
            assert fast.mountain == slow.mountain
        assert slow.is_terminal() and fast.to_json() == slow.to_json()
        assert fast.score_breakdown() == slow.score_breakdown()


def test_play_legal_applies_only_a_legal_action() -> None:
    s = highcamp.load_game("disaster-on-k2").new_initial_state(seed=2)
    before = s.to_json()
    assert play_legal(s, -1) is None and play_legal(s, 10**6) is None
    assert s.to_json() == before
    a = s.chance_outcomes()[0][0]
    assert play_legal(s, a) is False and s.history() == [a]


def test_a_refused_action_during_a_climb_names_the_mountains_rule() -> None:
    s = highcamp.load_game("disaster-campaign").new_initial_state(seed=1)
    with pytest.raises(IllegalActionError):
        s.apply_action(s.chance_outcomes()[0][0] + 1000)


def test_play_chance_applies_only_at_a_chance_step() -> None:
    """Off a chance step it answers None and leaves the state as it was."""
    s = highcamp.load_game("disaster-on-k2").new_initial_state(seed=2)
    played = play_chance(s, 12345)
    assert played is not None and played[1] is False and s.history() == [played[0]]
    while s.current_player() == CHANCE:
        s.apply_random_chance()
    before = s.to_json()
    assert play_chance(s, 12345) is None and s.to_json() == before


def test_a_log_kept_plays_the_same_campaign() -> None:
    """During a climb the campaign hands a step straight to the mountain; with a log kept
    (the campaign's, or the mountain's own) every step goes the contract's way instead, and
    the campaign played is the same."""
    game = highcamp.load_game("disaster-campaign", order="k2,everest")
    for seed in range(2):
        plain, logged, inner_logged = (game.new_initial_state(seed) for _ in range(3))
        logged.keep_log()
        rng = random.Random(seed)
        while plain.current_player() != TERMINAL:
            mountain = inner_logged.mountain_state()
            if mountain.current_player() != TERMINAL:
                mountain.keep_log()  # the mountain's own log: referred to the campaign's path
            if plain.current_player() == CHANCE:
                a = plain.apply_random_chance()
                assert logged.apply_random_chance() == inner_logged.apply_random_chance() == a
            else:
                a = rng.choice(plain.legal_actions())
                for s in (plain, logged, inner_logged):
                    s.apply_action(a)
            assert plain.to_json() == logged.to_json() == inner_logged.to_json()
        assert logged.log == plain.log


def test_refusals_during_a_climb_leave_the_campaign_unchanged() -> None:
    """An action the mountain's memo does not hold, or a chance step asked at a decision,
    is refused by the contract with its rule, and the campaign is unchanged."""
    s = highcamp.load_game("disaster-campaign").new_initial_state(seed=3)
    while s.current_player() == CHANCE:
        s.apply_random_chance()
    before = s.to_json()
    for bad in (-1, 10**6, s._game.LEAVE_G):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
    with pytest.raises(IllegalActionError):
        s.apply_random_chance()
    assert s.to_json() == before
