"""The random playout every speed benchmark drives through the public contract.

A chance step is sampled by the state (``apply_random_chance``), a decision is a uniform
choice among ``legal_actions()``; every applied action counts, chance steps included.

>>> import highcamp, random
>>> game = highcamp.load_game("everest-1924")
>>> random_playout(game.new_initial_state(1), random.Random(1)) > 0
True
"""

from __future__ import annotations

import random
from typing import Any

import highcamp


def random_playout(state: highcamp.State, rng: random.Random, limit: int | None = None) -> int:
    """Play ``state`` on to the end (or for ``limit`` actions) at random; the actions
    applied."""
    actions = 0
    if limit is not None:  # a prefix of a playout (not the timed loop)
        while actions < limit and state.current_player() != highcamp.TERMINAL:
            actions += random_playout_step(state, rng)
        return actions
    while True:  # the timed loop: nothing but the contract's calls
        p = state.current_player()
        if p == highcamp.TERMINAL:
            return actions
        if p == highcamp.CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1


def random_playout_step(state: highcamp.State, rng: random.Random) -> int:
    """One random step of a state that is not terminal; 1."""
    if state.current_player() == highcamp.CHANCE:
        state.apply_random_chance()
    else:
        state.apply_action(rng.choice(state.legal_actions()))
    return 1


def pyspiel_playout(state: Any, rng: random.Random, terminal: int, chance: int) -> int:
    """The same loop for an OpenSpiel state (pig, the reference): a chance step sampled with
    ``rng.random()`` against ``chance_outcomes()``, a decision a uniform choice; the actions
    applied. ``terminal`` and ``chance`` are pyspiel's player ids (read once by the caller)."""
    actions = 0
    while True:
        p = state.current_player()
        if p == terminal:
            return actions
        if p == chance:
            x, acc = rng.random(), 0.0
            for a, prob in state.chance_outcomes():  # noqa: B007 (a is used below)
                acc += prob
                if x < acc:
                    break
            state.apply_action(a)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
