"""Compare the movement step's fast answers with the same state asking the slow way: the
seeded random games both hot-path tests walk (``test_plain_steps``, ``test_sure_moves``)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import highcamp
from highcamp.core import CHANCE, TERMINAL


@cache
def _switched_off(cls: type, flags: tuple[str, ...]) -> type:
    """``cls`` with the class flags ``flags`` set to False (the slow way asked)."""
    return type("Asking" + cls.__name__, (cls,), {"__slots__": (), **dict.fromkeys(flags, False)})


def _mountain(state: Any) -> Any:
    """The state whose movement step is played (a campaign's climb, or the state)."""
    return state.inner if hasattr(state, "inner") else state


def compare_move_actions(
    game_id: str,
    options: dict[str, Any],
    flags: tuple[str, ...],
    at: Callable[[Any], bool],
    seeds: range = range(12),
) -> list[list[int]]:
    """Play seeded random games of ``game_id``; wherever ``at(mountain state)`` holds,
    assert that its ``_move_actions()`` equal those of a clone with ``flags`` off, and
    return every list compared."""
    game = highcamp.load_game(game_id, **options)
    compared: list[list[int]] = []
    for seed in seeds:
        state: Any = game.new_initial_state(seed)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            here = _mountain(state)
            if at(here):
                asking: Any = here.clone()
                asking.__class__ = _switched_off(type(here), flags)
                fast = here._move_actions()
                assert fast == asking._move_actions(), (seed, here.to_json())
                compared.append(fast)
            state.apply_action(rng.choice(state.legal_actions()))
    return compared
