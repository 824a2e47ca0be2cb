"""Everest 1924's position documents: a sheet set up by hand, its round trips, random play
from it, and clear refusals naming the field and the rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

import highcamp
from highcamp import PositionError
from highcamp.testing import check_copies, play_random

ROUTE = [[0, 0], [1, 1], [1, 2], [2, 3]]
POSITION: dict[str, Any] = {"route": ROUTE, "phase": "decide", "dice": [1, None, 1]}


def _game() -> highcamp.Game:
    return highcamp.load_game("everest-1924")


def test_the_position_sets_up_the_sheet_it_describes() -> None:
    s = _game().state_from_position(POSITION, seed=3)
    obs = s.observation(0)
    assert obs["route"] == ROUTE and obs["position"] == [2, 3] and obs["highest_row"] == 2
    assert obs["phase"] == "decide" and obs["dice"] == [1, None, 1] and not obs["rerolled"]
    assert s.invariants() == [] and s.history() == []
    start = _game().state_from_position({})
    assert start.observation(0) == _game().new_initial_state().observation(0)


def test_every_round_trip_holds_from_a_position() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    check_copies(s)
    doc = s.to_json()
    assert doc["position"] == POSITION and s.start_position == POSITION
    back = _game().state_from_json(json.dumps(doc))
    assert back == s and back.start_position == POSITION
    for seed in (1, 2, 3):
        final = play_random("everest-1924", {}, seed, full_every=3, deep=True, position=POSITION)
        assert final.is_terminal() and final.start_position == POSITION
        assert _game().replay(final.history(), seed=seed, position=POSITION) == final
        assert [e.action for e in final.log if e.action is not None] == final.history()


def test_finished_games_for_their_score() -> None:
    s = _game().state_from_position({"route": ROUTE, "ending": "abandoned"})
    assert s.is_terminal() and s.ending() == "abandoned" and s.returns() == [float(s.score())]


@pytest.mark.parametrize(
    ("doc", "field", "reason", "rule"),
    [
        ({"camps": 1}, "camps", "unknown field", ""),
        ({"route": [[0, 1]]}, "route[0]", "starts at base camp", "[Climbing the Mountain]"),
        ({"route": [[0, 0], [2, 2]]}, "route[1]", "is no move from [0, 0]", "[Climbing"),
        (
            {"route": [[0, 0], [1, 1], [0, 2], [1, 3], [0, 4], [1, 5], [0, 6], [1, 7], [0, 8]]},
            "",
            "",
            "",
        ),
        ({"route": [[0, 0], [-1, 1]]}, "route[1]", "off the sheet", "R-1924-5"),
        ({"route": [[0, 0], [1]]}, "route[1]", "must be a square", ""),
        ({"phase": "rolling"}, "phase", "must be 'start' or 'decide'", ""),
        ({"dice": [1, 2, 3]}, "dice", "only in the 'decide' phase", ""),
        ({"phase": "decide", "dice": [1, 2]}, "dice", "the 3 dice in play", "[Unlocking"),
        ({"phase": "decide", "dice": [1, 2, 7]}, "dice[2]", "a face 1..6 or null", ""),
        ({"phase": "decide", "dice": [None, None, None]}, "dice", "at least one die", ""),
        (
            {"phase": "decide", "dice": [1, None, None], "rerolled": True},
            "dice",
            "only the mandatory fall",
            "R-0-4",
        ),
        ({"ending": "summit"}, "ending", "the route does not reach it", "[End of the Game]"),
        (
            {"phase": "decide", "dice": [1, 1, 1], "ending": "abandoned"},
            "ending",
            "at the start of a turn",
            "",
        ),
    ],
)
def test_a_broken_position_is_refused_with_its_field_and_rule(
    doc: dict[str, Any], field: str, reason: str, rule: str
) -> None:
    if not field:  # a legal zigzag along the bottom rows: accepted
        assert _game().state_from_position(doc).invariants() == []
        return
    with pytest.raises(PositionError) as err:
        _game().state_from_position(doc)
    assert err.value.field == field and reason in err.value.reason and rule in err.value.rule


def test_r_1924_5_the_route_is_never_crossed_nor_revisited() -> None:
    crossing = {"route": [[0, 0], [1, 1], [1, 2], [0, 3], [1, 4], [0, 5], [0, 6], [1, 7]]}
    assert _game().state_from_position(crossing).invariants() == []
    game = _game()
    s = game.state_from_position({"route": [[0, 0], [1, 1], [1, 2], [2, 3], [1, 4]]})
    assert s.position == (1, 4)
