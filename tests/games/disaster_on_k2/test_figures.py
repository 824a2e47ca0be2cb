"""Disaster on K2's figures for analysis, in constructed scenarios: an event bought, a
climber LOST at the Shoulder, Luck played on a descent.

(Random games of both mountains are checked against their logs in
``tests/games/disaster_series/test_figures.py``.)
"""

from __future__ import annotations

from typing import Any

from highcamp.games.disaster_series.constants import LOST, TALLIES
from highcamp.games.disaster_series.k2.rules import K2State

from .helpers import act, draw, marker, new, roll, start, three_collapsed, to_move, where


def _figures(s: K2State) -> dict[str, Any]:
    return dict(s.score_breakdown()[0].figures)


def test_a_new_game_counts_nothing() -> None:
    f = _figures(new())
    assert all(f[name] == 0 for name in TALLIES)


def test_icy_bought_then_a_climber_lost_at_the_shoulder() -> None:
    s = start(where={"Vuk": "The Shoulder"}, k2={"darkness_track": 1})
    draw(s, 14)  # Icy
    cost = s.rs.tokens[14].cost
    act(s, "buy")
    roll(s, 2)
    assert s.team.pos[marker(s, "Vuk")] == LOST
    f = _figures(s)
    assert (f["tokens_bought"], f["prestige_spent"], f["lost"]) == (1, cost, 1)


def test_luck_on_a_descent_is_a_token_played() -> None:
    s = start(
        where={"Vuk": "Traverse"},
        held=["token 17"],  # Luck
        **three_collapsed(),
    )
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to Bottleneck III")
    act(s, "Vuk descends scaling")
    act(s, "play Luck")
    roll(s, 4)
    assert where(s, "Vuk") == "Bottleneck II"
    f = _figures(s)
    assert (f["tokens_played"], f["tokens_bought"], f["prestige_spent"]) == (1, 0, 0)
