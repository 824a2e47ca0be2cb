"""The movement step's list of markers to select reads a marker's move from the ruleset's
facts (``_SURE_GUIDES``, ``_SURE_CLIENTS``: every guide card has two points; a client
without an effect in force has a move unless its card has none) instead of asking for its
allowance: at every selection of many seeded games of every variant, the legal actions
equal those of the same state asking every marker's allowance."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import highcamp
from highcamp.core import CHANCE, TERMINAL
from highcamp.games.disaster_series.constants import P_MOVE, SELECT
from highcamp.games.disaster_series.everest import everest_ruleset
from highcamp.games.disaster_series.k2 import k2_ruleset

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-everest", {"random_team": True}),
    ("disaster-on-k2", {}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-k2", {"game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-campaign", {}),
]


@cache
def _asking(cls: type) -> type:
    """``cls`` with the facts switched off: every marker's allowance asked."""
    return type(
        "Asking" + cls.__name__,
        (cls,),
        {"__slots__": (), "_SURE_GUIDES": False, "_SURE_CLIENTS": False},
    )


def _mountain(state: Any) -> Any:
    """The state whose movement step is played (a campaign's climb, or the state)."""
    return state.inner if game_is_campaign(state) else state


def game_is_campaign(state: Any) -> bool:
    """Whether ``state`` is a campaign's (its mountain is ``inner``)."""
    return hasattr(state, "inner")


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_facts_answer_as_the_allowances_do(game_id: str, options: dict[str, Any]) -> None:
    game = highcamp.load_game(game_id, **options)
    compared = selects = 0
    for seed in range(12):
        state: Any = game.new_initial_state(seed)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            here = _mountain(state)
            if getattr(here, "phase", None) == P_MOVE and here.mover < 0:
                asking: Any = here.clone()
                asking.__class__ = _asking(type(here))
                fast = here._move_actions()
                assert fast == asking._move_actions(), (seed, here.to_json())
                compared += 1
                selects += any(SELECT <= a < SELECT + len(here.team.pos) for a in fast)
            state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 200 and selects > 100


def test_the_facts_of_the_data() -> None:
    """Both mountains have clients with no movement (asked, never assumed to move) and
    guides with at least two points."""
    for rs in (everest_ruleset(), k2_ruleset()):
        assert rs.still_clients
        assert all(rs.clients[k].movement == 0 for k in rs.still_clients)
        assert rs.guides_always_move
