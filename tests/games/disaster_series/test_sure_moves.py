"""The movement step's list of markers to select reads a marker's move from the ruleset's
facts (``_SURE_GUIDES``, ``_SURE_CLIENTS``: every guide card has two points; a client
without an effect in force has a move unless its card has none) instead of asking for its
allowance: at every selection of many seeded games of every variant, the legal actions
equal those of the same state asking every marker's allowance."""

from __future__ import annotations

from typing import Any

import pytest

from highcamp.games.disaster_series.constants import P_MOVE, SELECT
from highcamp.games.disaster_series.everest import everest_ruleset
from highcamp.games.disaster_series.k2 import k2_ruleset

from .switched_off import compare_move_actions

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


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_facts_answer_as_the_allowances_do(game_id: str, options: dict[str, Any]) -> None:
    compared = compare_move_actions(
        game_id,
        options,
        ("_SURE_GUIDES", "_SURE_CLIENTS"),
        lambda here: getattr(here, "phase", None) == P_MOVE and here.mover < 0,
    )
    selects = sum(any(SELECT <= a < SELECT + 8 for a in fast) for fast in compared)
    assert len(compared) > 200 and selects > 100


def test_the_facts_of_the_data() -> None:
    """Both mountains have clients with no movement (asked, never assumed to move) and
    guides with at least two points."""
    for rs in (everest_ruleset(), k2_ruleset()):
        assert rs.still_clients
        assert all(rs.clients[k].movement == 0 for k in rs.still_clients)
        assert rs.guides_always_move
