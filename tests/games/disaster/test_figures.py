"""Disaster's figures for analysis: escapes and perishings per disaster and seat.

The counters kept in the state are checked against the game log (each escape and perishing
is logged with the rule of its disaster) over many random games, and in two constructed
disasters.
"""

from __future__ import annotations

from collections import Counter

import pytest

import highcamp
from highcamp import State
from highcamp.games.disaster.board import AREAS
from tests.conformance.checks import random_steps

from .helpers import escape_roll, move, new_game, roll

_RULE_AREA = {
    "[Sinking Ocean Liner]": "ship",
    "[Crashing Plane]": "plane",
    "[Earthquake]": "earthquake",
    "[Burning Skyscraper]": "skyscraper",
}


def _random_game(players: int, seed: int) -> State:
    game = highcamp.load_game("disaster", players=players)
    return random_steps(game.new_initial_state(seed), seed, game.max_game_length())


def _log_counts(state: State) -> tuple[Counter[tuple[int, str]], Counter[tuple[int, str]]]:
    """(seat, disaster) -> escapes and perishings, read from the log's texts and rules."""
    escapes: Counter[tuple[int, str]] = Counter()
    perishings: Counter[tuple[int, str]] = Counter()
    for entry in state.log:
        section = entry.rule.split(" R-")[0]  # "[Burning Skyscraper] R-D-5": its section
        if entry.player is None or section not in _RULE_AREA:
            continue
        key = (entry.player, _RULE_AREA[section])
        if "escapes to" in entry.text:
            escapes[key] += 1
        elif "perishes" in entry.text:
            perishings[key] += 1
    return escapes, perishings


@pytest.mark.parametrize("players", [2, 4, 6])
def test_per_disaster_counts_agree_with_the_log(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        state = _random_game(players, seed)
        escapes, perishings = _log_counts(state)
        for bd in state.score_breakdown():
            f = bd.figures
            s = bd.player
            for area in AREAS:
                assert f[f"escapes_{area}"] == escapes[(s, area)], (seed, s, area)
                assert f[f"perishings_{area}"] == perishings[(s, area)], (seed, s, area)
                seen[area] += f[f"escapes_{area}"] + f[f"perishings_{area}"]
            assert sum(f[f"escapes_{a}"] for a in AREAS) == f["escapes"]
            assert sum(f[f"perishings_{a}"] for a in AREAS) == f["perishings"]
    assert all(seen[a] > 0 for a in AREAS)  # every disaster happened somewhere


def test_counts_survive_clone_json_and_replay() -> None:
    state = _random_game(4, 5)
    game = state.game
    copies = [state.clone(), game.state_from_json(state.to_json()), game.replay(state.history())]
    for other in copies:
        assert [b.figures for b in other.score_breakdown()] == [
            b.figures for b in state.score_breakdown()
        ]


def test_ship_escape_then_plane_perishing() -> None:
    """Seat 1 escapes the ship to the Lifeboat, later goes down with the plane."""
    state = new_game(corners=("north-west", "south-west"))
    move(state, 4)
    roll(state, 1, 2)
    roll(state, 3, 3)  # a double in the ship: the ship sinks
    escape_roll(state, 1)
    escape_roll(state, 3)  # reaches the Lifeboat
    f = state.score_breakdown()[0].figures
    assert (f["escapes_ship"], f["perishings_ship"], f["escapes"]) == (1, 0, 1)
    assert all(f[f"escapes_{a}"] == 0 for a in AREAS if a != "ship")
    assert state.score_breakdown()[1].figures["escapes_ship"] == 0

    state = new_game(corners=("south-east", "south-west"))
    move(state, 4)
    roll(state, 1, 2)
    roll(state, 5, 5)  # a double on the plane
    escape_roll(state, 3)
    for _ in range(4):
        escape_roll(state, 2)
    f = state.score_breakdown()[0].figures
    assert (f["perishings_plane"], f["escapes_plane"], f["perishings"]) == (1, 0, 1)
    assert sum(f[f"perishings_{a}"] for a in AREAS) == 1
