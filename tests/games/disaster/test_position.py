"""Disaster's position document: a board set up by hand, validated with clear errors, and
every round trip of the contract from it (JSON, replay, clone, hidden information)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import highcamp
from highcamp import PositionError, StateFormatError
from highcamp.testing import check_copies, check_hidden, play_random

from .helpers import chips, escape_roll, obs, roll, space

POSITION: dict[str, Any] = {
    "turn": 1,
    "players": [
        {"space": "Ship 2", "chips": 3, "escapes": {"plane": 2}, "card": "Tremor"},
        {"start": "south-west", "space": 90, "chips": 1, "escapes": {"ship": 1},
         "perishings": {"skyscraper": 1}},
        {"start": "north-east", "space": "space 20", "chips": 0, "perishings": {"ship": 2},
         "card": "Engine Failure"},
    ],
    "bottom": ["Iceberg Ahead"],
    "turns": 12,
}  # fmt: skip


def _game(players: int = 3, **options: object) -> highcamp.Game:
    return highcamp.load_game("disaster", players=players, **options)


def test_the_position_sets_up_the_board_it_describes() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    assert s.current_player() == 1 and s.history() == [] and not s.invariants()
    o = s.observation(0)
    assert o["phase"] == "turn" and o["turn"] == 1 and o["turns"] == 12
    assert [p["space"] for p in o["players"]] == [
        "Ship 2",
        "Skyscraper staircase down, floor 2",
        "Space 20",
    ]
    assert [p["chips"] for p in o["players"]] == [3, 1, 0] and o["supply"] == 26
    assert [p["card"] for p in o["players"]] == ["Tremor", None, None]
    assert [p["holds_card"] for p in o["players"]] == [True, False, True]
    assert o["deck_size"] == 18 and o["deck_bottom"] == 1 and o["disaster"] is None
    assert [(p["escapes"], p["perishings"]) for p in o["players"]] == [(2, 0), (1, 1), (0, 2)]
    sheet = s.score_breakdown()
    assert [b.total for b in sheet] == [3, 1, 0]
    assert all(sum(line.points for line in b.lines) == b.total for b in sheet)
    assert sheet[0].figures["escapes_plane"] == 2 and sheet[2].figures["perishings_ship"] == 2
    assert s.to_json()["state"]["starts"] == [0, 35, 14]


def test_an_empty_document_is_the_board_after_set_up() -> None:
    s = _game(players=6).state_from_position({})
    o = s.observation(0)
    assert s.current_player() == 0 and [p["chips"] for p in o["players"]] == [1] * 6
    assert [p["space"] for p in o["players"]][:5] == [
        "North-west corner",
        "North-east corner",
        "South-east corner",
        "South-west corner",
        "North-west corner",
    ]
    assert o["deck_size"] == 20 and o["supply"] == 24 and not s.invariants()


def test_every_round_trip_holds_from_a_position() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    check_copies(s)
    doc = s.to_json()
    assert doc["position"] == POSITION and s.start_position == POSITION
    back = _game().state_from_json(json.dumps(doc))
    assert back == s and back.start_position == POSITION
    final = play_random("disaster", {"players": 3}, 8, full_every=25, deep=True, position=POSITION)
    assert final.is_terminal() and final.start_position == POSITION
    assert _game().replay(final.history(), seed=8, position=POSITION) == final
    log = final.log
    assert log and [e.action for e in log if e.action is not None] == final.history()


def test_hidden_cards_stay_hidden_from_a_position() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    rng = random.Random(1)
    check_hidden(s, rng)
    assert "Tremor" not in json.dumps(s.observation(1)) + json.dumps(s.public_observation())
    seen = {s.resample_hidden(1, k).observation(0)["players"][0]["card"] for k in range(30)}
    assert len(seen) > 5  # seat 2 cannot know which card seat 1 holds
    mine = s.resample_hidden(0, 3)
    assert mine.observation(0) == s.observation(0)


def test_winning_the_game_from_a_position_needs_the_escape() -> None:
    """[Winning the Game]: with five chips, the escape that earns the sixth wins."""
    s = _game(2).state_from_position(
        {"players": [{"space": "Ship 1", "chips": 5, "escapes": {"ship": 4}},
                     {"start": "south-west", "space": "Ship 2"}]}
    )  # fmt: skip
    roll(s, 2, 2)  # doubles in the ship: seat 2 escapes first (after the causer)
    escape_roll(s, 3)
    escape_roll(s, 2)
    assert s.is_terminal() and s.ending() == "win" and s.returns() == [1.0, 0.0]


def test_more_than_thirty_chips_take_stand_ins() -> None:
    """R-0-2: beyond the box's 30 chips, the bank stands in for more."""
    four = {"chips": 4, "escapes": {"earthquake": 3}}
    s = _game(8, long_game=True).state_from_position({"players": [four] * 8})
    o = s.observation(0)
    assert o["supply"] == 0 and o["stand_in_chips"] == 2 and not s.invariants()
    check_copies(s)


def test_a_tie_at_the_target_plays_on_unless_shared() -> None:
    six = {"chips": 6, "escapes": {"ship": 5}}
    s = _game(2).state_from_position({"players": [six, {**six, "start": "south-west"}]})
    assert not s.is_terminal() and chips(s) == [6, 6]
    with pytest.raises(PositionError) as err:
        _game(2, ties="shared").state_from_position({"players": [six, six]})
    assert err.value.rule == "[Winning the Game]" and "already win" in err.value.reason


def test_the_turn_limit_from_a_position() -> None:
    """The engine limit: the game still running after 1,500 turns ends undecided."""
    s = _game(2).state_from_position({"turns": 1499})
    roll(s, 1, 2)  # to Space 3: no card, the turn ends
    assert s.is_terminal() and s.ending() == "turn limit" and s.returns() == [0.0, 0.0]
    assert s.log[-1].rule == "[engine limit]" and space(s, 0) == "Space 3"
    assert obs(s)["turns"] == 1500


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"colour": "red"}, "colour", "unknown field; the fields are turn, players"),
        ({"turn": 3}, "turn", "must be in 0..2, not 3"),
        ({"turn": True}, "turn", "whole number"),
        ({"players": [{}, {}]}, "players", "one object per seat (3)"),
        ({"players": [{}, {}, 7]}, "players[2]", "must be an object"),
        ({"players": [{"wings": 2}, {}, {}]}, "players[0].wings", "unknown field"),
        ({"players": [{"start": "north"}, {}, {}]}, "players[0].start", "'north' is not a corner"),
        ({"players": [{}, {"start": "north-west"}, {}]}, "players[1].start",
         "two players of the first four seats start at the north-west corner"),
        ({"players": [{"space": "Disaster"}, {}, {}]}, "players[0].space",
         "several spaces are called 'Disaster': give its id (2, 11"),
        ({"players": [{"space": "Moon"}, {}, {}]}, "players[0].space", "not a space of the board"),
        ({"players": [{"space": 94}, {}, {}]}, "players[0].space", "must be in 0..93, not 94"),
        ({"players": [{"escapes": {"volcano": 1}}, {}, {}]}, "players[0].escapes.volcano",
         "not a disaster area"),
        ({"players": [{"escapes": 3}, {}, {}]}, "players[0].escapes", "counts by disaster area"),
        ({"players": [{"chips": 2}, {}, {}]}, "players[0].chips", "at most 1"),
        ({"players": [{"chips": 2, "escapes": {"ship": 1}, "perishings": {"ship": 1}}, {}, {}]},
         "players[0].chips", "at most 1"),
        ({"players": [{"chips": 0, "escapes": {"ship": 2}, "perishings": {"ship": 1}}, {}, {}]},
         "players[0].chips", "at least 2"),
        ({"players": [{"card": "Joker"}, {}, {}]}, "players[0].card", "'Joker' is not a Disaster"),
        ({"bottom": ["Tremor"]}, "bottom[0]", "Tremor is placed twice (also at players[0].card)"),
        ({"bottom": "Tremor"}, "bottom", "must be a list"),
        ({"turns": 1500}, "turns", "must be in 0..1499"),
    ],
)  # fmt: skip
def test_a_broken_position_is_refused_with_its_field_and_reason(
    change: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(PositionError) as err:
        _game().state_from_position({**POSITION, **change})
    assert err.value.field == field, str(err.value)
    assert words in err.value.reason, str(err.value)
    assert str(err.value).startswith(f"position {field}: ")


def test_rules_are_named_where_a_rule_is_broken() -> None:
    cases = [
        ({"players": [{}, {"start": "north-west"}]}, "[Setting Up the Game]"),
        ({"players": [{"chips": 3}, {}]}, "[Survival Chips]"),
        ({"players": [{"card": "Tremor"}, {"card": "Tremor"}]}, "[Disaster Cards]"),
        ({"turns": 5000}, "[engine limit]"),
    ]
    for doc, rule in cases:
        with pytest.raises(PositionError) as err:
            _game(2).state_from_position(doc)
        assert err.value.rule == rule, str(err.value)


def test_extra_players_take_the_corners_once_each() -> None:
    """[Setting Up the Game]: seats 5 to 8 are placed one to a corner."""
    s = _game(6).state_from_position({"players": [{}] * 4 + [{"start": "south-east"}, {}]})
    assert s.to_json()["state"]["extras"] == [21, 14]
    with pytest.raises(PositionError) as err:
        _game(6).state_from_position({"players": [{}] * 4 + [{"start": "north-east"}, {}]})
    assert err.value.field == "players[5].start" and "beyond the first four" in err.value.reason


def test_a_document_with_a_tampered_position_is_refused() -> None:
    doc = _game().state_from_position(POSITION).to_json()
    with pytest.raises(StateFormatError, match="position is refused"):
        _game().state_from_json({**doc, "position": {**POSITION, "turn": 7}})
    with pytest.raises(PositionError, match="a position document is a JSON object"):
        _game().state_from_position([])  # type: ignore[arg-type]
