"""Disaster on Everest's figures for analysis, in constructed scenarios: event tokens bought
and played, Prestige spent, clients LOST in the storm and the fate draws by result.

(Random games of both mountains are checked against their logs in
``tests/games/disaster_series/test_figures.py``.)
"""

from __future__ import annotations

from typing import Any

from highcamp.games.disaster_series.constants import LOST, TALLIES, TOKEN
from highcamp.games.disaster_series.engine import DisasterState

from .helpers import ALL_HILLARY, END, act, draw, marker, new, roll, start, to_move


def _figures(s: DisasterState) -> dict[str, Any]:
    return dict(s.score_breakdown()[0].figures)


def _end_now(s: DisasterState) -> None:
    """The storm has run its course (a position at ``END``): the game ends after this turn."""
    to_move(s)
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)


def test_a_new_game_counts_nothing() -> None:
    f = _figures(new())
    assert all(f[name] == 0 for name in TALLIES)


def test_buying_counts_the_token_and_its_price() -> None:
    s = new()
    draw(s, 30)  # Ridges Open, cost 2, held
    act(s, "buy Ridges Open for 2 Prestige")
    f = _figures(s)
    assert (f["tokens_bought"], f["prestige_spent"], f["tokens_played"]) == (1, 2, 0)
    act(s, "play Ridges Open")
    assert _figures(s)["tokens_played"] == 1


def test_a_client_lost_in_the_storm() -> None:
    s = start(where={"Frank": "South Summit"}, storm_track=2)
    to_move(s)
    act(s, "move Frank")
    act(s, "Frank down to Southeast Ridge")
    roll(s, 2)  # lost on 1 or 2 [8.3]
    assert s.team.pos[marker(s, "Frank")] == LOST
    assert _figures(s)["lost"] == 1


def test_lost_clients_fate_draws_live_and_frozen() -> None:
    s = start(storm_track=END, where={"Doug": "lost", "Beck": "lost"}, marker=ALL_HILLARY)
    _end_now(s)
    lost_live = next(t for t in s.pool if s.rs.tokens[t].fate("lost") == "LIVE")
    frozen = next(t for t in s.pool if s.rs.tokens[t].fate("lost") == "FROZEN")
    s.apply_action(TOKEN + lost_live)
    s.apply_action(TOKEN + frozen)
    assert s.is_terminal()
    f = _figures(s)
    assert (f["fates_live"], f["fates_frozen"], f["fates_die"]) == (1, 1, 0)
    assert f["lost"] == 0  # set there by hand, not lost during play


def test_luck_redraw_counts_a_play_and_both_draws() -> None:
    s = start(
        storm_track=END,
        where={"Frank": "Cornice Traverse"},
        held=["token 22"],  # Luck
        marker=ALL_HILLARY,
    )
    _end_now(s)
    die = next(t for t in s.pool if s.rs.tokens[t].fate("far") == "DIE")
    live = next(t for t in s.pool if s.rs.tokens[t].fate("far") == "LIVE")
    s.apply_action(TOKEN + die)
    act(s, "discard Luck: Frank draws again")
    s.apply_action(TOKEN + live)
    assert s.is_terminal()
    f = _figures(s)
    assert (f["fates_die"], f["fates_live"], f["tokens_played"]) == (1, 1, 1)
