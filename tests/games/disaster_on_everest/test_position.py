"""Disaster on Everest's position documents: a table set up by hand in the observation's
words, every refusal with its field, reason and rule, and the contract's round trips from
a position (JSON, replay, clone, random play)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import highcamp
from highcamp import CHANCE, PositionError, StateFormatError
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.testing import check_copies, play_random

from .helpers import QUIET_MOVE, STORM_WATCH, new, to_move

POSITION: dict[str, Any] = {
    "turn": 4,
    "prestige": 11,
    "preparations": "Prep 1/2",
    "storm_watch": ["Icy", "token 4", "Thick Snow"],
    "held": ["Luck", "Ridges Open"],
    "kept": ["Med Kit"],
    "removed": ["Avalanche"],
    "set_aside": ["token 13"],
    "queue": [
        {"spot": 2, "who": "Beck", "direction": "up"},
        {"spot": 5, "who": "another company"},
        {"spot": 8, "who": "Rob", "direction": "down"},
    ],
    "guides": {"Rob": {"where": "queue", "oxygen": True}, "Yuri": {"where": "South Summit"}},
    "clients": {
        "Doug": {"where": "Summit", "marker": "Summit"},
        "Beck": {"marker": "Hillary Step"},
        "Yasuko": {"where": "lost", "marker": "Hillary Step"},
        "Frank": {"where": "dead"},
        "Lou": {"where": "Snow Gully", "ams": True},
    },
}


def _game(**options: Any) -> highcamp.Game:
    return highcamp.load_game("disaster-on-everest", **options)


def test_the_position_sets_up_the_table_it_describes() -> None:
    s = _game().state_from_position(POSITION, seed=3)
    assert s.current_player() == CHANCE and s.history() == [] and not s.invariants()
    o = s.observation(0)
    assert (o["phase"], o["step"], o["turn"], o["prestige"]) == ("draw event", "draw", 4, 11)
    assert o["preparations"] == "Prep 1/2" and o["storm_track"] == 0
    assert o["storm_watch"] == ["Icy", "Broken Rope", "Thick Snow"]
    assert o["held"] == ["Luck", "Ridges Open"] and o["kept"] == ["Med Kit"]
    assert o["container"] == 36 - 3 - 2 - 1 - 1 - 1
    assert o["queue"] == [
        {"spot": 2, "who": "Beck", "direction": "up"},
        {"spot": 5, "who": "another company's client", "direction": ""},
        {"spot": 8, "who": "Rob", "direction": "down"},
    ]
    guides = {g["name"]: (g["where"], g["oxygen"]) for g in o["guides"]}
    assert guides == {"Yuri": ("South Summit", False), "Rob": ("the Hillary Step queue", True)}
    clients = {c["name"]: (c["where"], c["marker"], c["ams"]) for c in o["clients"]}
    assert clients == {
        "Doug": ("Summit", "Summit", False),
        "Beck": ("the Hillary Step queue", "Hillary Step", False),
        "Yasuko": ("the LOST box", "Hillary Step", False),
        "Frank": ("dead", "", False),
        "Lou": ("Snow Gully", "", True),
        "Stuart": ("High Camp", "", False),
    }


def test_an_empty_document_is_the_table_after_set_up() -> None:
    for options in ({}, {"game": "advanced", "company": "mountain-majesty"}):
        s = _game(**options).state_from_position({}, seed=2)
        fresh = _game(**options).new_initial_state(seed=2)
        assert s.to_json()["state"] == fresh.to_json()["state"]


def test_the_movement_step_is_the_one_play_reaches() -> None:
    played = new()
    to_move(played)
    set_up = _game().state_from_position(QUIET_MOVE)
    assert set_up.to_json()["state"] == played.to_json()["state"]
    chosen = _game().state_from_position({**QUIET_MOVE, "option": "a with Preparations"})
    assert chosen.observation(0)["movement"]["option"] == "a"
    assert chosen.observation(0)["preparations"] == "Prep 1/2"


def _document_of(obs: dict[str, Any]) -> dict[str, Any]:
    """A position document built from an observation at the start of a turn."""
    return {
        "turn": obs["turn"],
        "prestige": obs["prestige"],
        "preparations": obs["preparations"],
        "storm_track": obs["storm_track"],
        "storm_pending": obs["storm_pending"],
        "storm_watch": obs["storm_watch"],
        "held": obs["held"],
        "kept": obs["kept"],
        "queue": [
            {k: v for k, v in e.items() if v != ""}
            if e["who"] != "another company's client"
            else {"spot": e["spot"], "who": "another company"}
            for e in obs["queue"]
        ],
        "guides": {g["name"]: {"where": g["where"], "oxygen": g["oxygen"]} for g in obs["guides"]},
        "clients": {
            c["name"]: {
                "where": c["where"],
                "marker": c["marker"],
                "tired": c["tired"],
                "ams": c["ams"],
                **({"fate": c["fate"]} if c["fate"] else {}),
            }
            for c in obs["clients"]
        },
    }


def test_round_trip_with_the_observation_at_the_start_of_turns() -> None:
    """The observation of any start of a turn, read back as a document, sets up a table the
    same seat sees alike (but for the container's count, which the observation does not
    split into the tokens set aside and removed, the tallies kept for analysis, and the
    last movement step's counts, which no start of a turn reads)."""
    seen = 0
    for seed in range(6):
        for options in ({}, {"game": "advanced"}):
            game = _game(**options)
            s = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                o = s.observation(0)
                start = o["step"] == "draw" and o["phase"] == "draw event" and not o["drawn"]
                if start:
                    back = game.state_from_position(_document_of(o)).observation(0)
                    for key in set(o) - {"container", "score", "movement"}:
                        assert back[key] == o[key], (seed, key)
                    assert back["score"]["lines"] == o["score"]["lines"]
                    seen += 1
                if s.current_player() == CHANCE:
                    s.apply_random_chance()
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
    assert seen > 50


def test_every_round_trip_holds_from_a_position() -> None:
    s = _game().state_from_position(POSITION, seed=3)
    check_copies(s)
    doc = s.to_json()
    assert doc["position"] == POSITION and s.start_position == POSITION
    back = _game().state_from_json(json.dumps(doc))
    assert back == s
    for seed in (1, 2, 3):
        final = play_random(
            "disaster-on-everest", {}, seed, full_every=5, deep=True, position=POSITION
        )
        assert final.is_terminal() and final.start_position == POSITION
        assert _game().replay(final.history(), seed=seed, position=POSITION) == final
        log = final.log
        assert [e.action for e in log if e.action is not None] == final.history()
    moving = {**QUIET_MOVE, "option": "c", "clients": {"Frank": {"where": "Cornice Traverse"}}}
    play_random("disaster-on-everest", {"game": "advanced"}, 4, full_every=5, deep=True,
                position=moving)  # fmt: skip


def test_a_drawn_team_is_named_in_full() -> None:
    game = _game(random_team=True)
    team = {"guides": {"Lopsang": {}, "Ang": {"where": "Snow Gully"}},
            "clients": {n: {} for n in ("Doug", "Sandy", "Ian", "Anna", "Hugo", "Mei")}}  # fmt: skip
    s = game.state_from_position(team)
    assert isinstance(s, DisasterState)
    assert [s.name(m) for m in range(8)] == ["Lopsang", "Ang", *team["clients"]]
    assert s.observation(0)["guides"][1]["where"] == "Snow Gully"
    play_random("disaster-on-everest", {"random_team": True}, 1, full_every=9, deep=False,
                position=team)  # fmt: skip


TOKENS_7 = ["Icy", "Icy", "Icy", "Slowed", "Slowed", "Oxygen", "Oxygen"]


@pytest.mark.parametrize(
    ("change", "field", "words", "rule"),
    [
        ({"colour": "red"}, "colour", "unknown field; the fields are step, option", ""),
        ({"step": "fate"}, "step", "'fate' is not one of 'draw', 'move'", ""),
        ({"option": "c"}, "option", "only at the movement step", ""),
        ({"turn": 0}, "turn", "must be in 1..149, not 0", ""),
        ({"turn": "1"}, "turn", "must be a whole number", ""),
        ({"prestige": 31}, "prestige", "must be in 0..30, not 31", "[6.2]"),
        ({"preparations": "Prep 3"}, "preparations", "is not one of", "[7.5]"),
        ({"storm_track": 10}, "storm_track", "must be in 0..9, not 10", "[10.0]"),
        ({"storm_track": 2, "storm_pending": True}, "storm_pending", "on its track already",
         "[10.0]"),
        ({"storm_pending": True}, "storm_pending", "once the Storm Watch is full", "[6.3]"),
        ({"storm_track": 3}, "storm_track", "the storm comes only once the Storm Watch is full",
         "[6.3]"),
        ({"storm_watch": TOKENS_7[:6]}, "storm_watch",
         "a full Storm Watch brings the storm: it is pending or on its track", "[6.3]"),
        ({"storm_watch": TOKENS_7}, "storm_watch", "7 tokens on 6 spaces", "[6.3]"),
        ({"held": ["Med Kit"]}, "held[0]", "Med Kit is not a token kept for later", "[6.2]"),
        ({"kept": ["Luck"]}, "kept[0]", "Luck is not a token kept for later", "[6.2]"),
        ({"held": ["Unicorn"]}, "held[0]", "'Unicorn' is not an event token", ""),
        ({"held": ["token 36"]}, "held[0]", "must be in 0..35, not 36", ""),
        ({"held": [True]}, "held[0]", "must be an event token's name or id", ""),
        ({"held": ["token 22"], "removed": [22]}, "removed[0]",
         "token 22 (Luck) is placed twice (also at held[0])", ""),
        ({"removed": ["Luck", "Luck"]}, "removed[1]", "every Luck token is placed already", ""),
        ({"removed": "Luck"}, "removed", "must be a list", ""),
        ({"guides": {"Scott": {}}}, "guides.Scott", "unknown field; the fields are Yuri, Rob",
         ""),
        ({"guides": {"Rob": {"skis": True}}}, "guides.Rob.skis", "unknown field", ""),
        ({"guides": {"Rob": {"oxygen": 1}}}, "guides.Rob.oxygen", "must be true or false", ""),
        ({"clients": {"Doug": {"where": "Moon"}}}, "clients.Doug.where",
         "'Moon' is not a space of the board nor a place", ""),
        ({"guides": {"Rob": {"where": "dead"}}}, "guides.Rob.where", "never lost or dead",
         "[8.3]"),
        ({"clients": {"Doug": {"where": "removed"}}}, "clients.Doug.where",
         "only a guide is removed", "[11.4]"),
        ({"clients": {"Doug": {"where": "Summit"}}}, "clients.Doug.marker",
         "a client on the Summit has the Summit marker", "[8.4]"),
        ({"clients": {"Doug": {"where": "Down"}}}, "clients.Doug.marker",
         "has the Hillary Step marker", "[8.4]"),
        ({"clients": {"Doug": {"tired": "tired"}}}, "clients.Doug.tired",
         "clients tire only in the advanced game", "[13.2]"),
        ({"clients": {"Doug": {"marker": "Moon"}}}, "clients.Doug.marker", "is not one of", ""),
        ({"clients": {"Doug": {"ams": 1}}}, "clients.Doug.ams", "must be true or false", ""),
        ({"clients": {"Doug": {"fate": "died: Icy"}}}, "clients.Doug.fate",
         "only a dead client has a fate", "[11.0]"),
        ({"clients": {"Doug": {"where": "queue", "marker": "Hillary Step"}}},
         "clients.Doug.where", "no queue entry names it", "[8.2]"),
        ({"queue": [{"spot": 9, "who": "another company"}]}, "queue[0].spot",
         "must be in 1..8, not 9", "[8.2]"),
        ({"queue": [{"spot": 2, "who": "another company"}] * 2}, "queue[1].spot",
         "spot 2 is taken twice", "[8.2]"),
        ({"queue": [{"spot": 8, "who": "another company"}] * 19}, "queue",
         "more than 18 neutral clients", "[8.2]"),
        ({"queue": [{"spot": 1, "who": "Scott"}]}, "queue[0].who", "not a marker of the team",
         ""),
        ({"queue": [{"spot": 1, "who": "Rob"}, {"spot": 2, "who": "Rob"}]}, "queue[1].who",
         "Rob is twice in the queue", "[8.2]"),
        ({"queue": [{"spot": 1, "who": "Rob"}], "guides": {"Rob": {"where": "Snow Gully"}}},
         "queue[0].who", "Rob is placed elsewhere", "[8.2]"),
        ({"queue": [{"spot": 1, "who": "another company", "direction": "up"}]},
         "queue[0].direction", "another company's client has none", ""),
        ({"queue": [{"spot": 1, "who": "Rob", "direction": "sideways"}]},
         "queue[0].direction", "is not one of 'up', 'down'", ""),
        ({"queue": [{"spot": 1, "who": "Rob", "seat": 1}]}, "queue[0].seat", "unknown field",
         ""),
        ({"step": "move", "blocked": ["High Camp"]}, "blocked[0]", "is not a ridge", "[6.1]"),
        ({"step": "move", "effects_this_turn": ["magic"]}, "effects_this_turn[0]",
         "'magic' is not an event effect", ""),
        ({"step": "move", "option": "d"}, "option", "is not one of", "[7.1]"),
        ({"step": "move", "storm_track": 2, "storm_watch": STORM_WATCH, "option": "c"}, "option",
         "the rules offer no such option now", "[7.1]"),
        ({"step": "move", "preparations": "Prep Ready", "option": "a with preparations"},
         "option", "the rules offer no such option now", "[7.1]"),
    ],
)  # fmt: skip
def test_a_broken_position_is_refused_with_its_field_reason_and_rule(
    change: dict[str, Any], field: str, words: str, rule: str
) -> None:
    with pytest.raises(PositionError) as err:
        _game().state_from_position(change)
    assert err.value.field == field, str(err.value)
    assert words in err.value.reason, str(err.value)
    assert err.value.rule == rule, str(err.value)
    assert str(err.value).startswith(f"position {field}: ")


def test_a_drawn_or_hired_team_must_be_named() -> None:
    with pytest.raises(PositionError) as err:
        _game(random_team=True).state_from_position({})
    assert (err.value.field, err.value.rule) == ("guides", "[14.1] [14.2]")
    assert "name its 2 guides" in err.value.reason
    with pytest.raises(PositionError) as err:
        _game(random_team=True).state_from_position(
            {"guides": {"Yuri": {}, "Tenzing": {}}, "clients": {}}
        )
    assert err.value.field == "guides.Tenzing" and "cannot be on this team" in err.value.reason


def test_a_document_with_a_tampered_position_is_refused() -> None:
    doc = _game().state_from_position(POSITION).to_json()
    with pytest.raises(StateFormatError, match="position is refused"):
        _game().state_from_json({**doc, "position": {**POSITION, "prestige": 99}})


TWO: dict[str, Any] = {
    "turn": 3,
    "first": 1,
    "blocked": ["South Summit"],
    "storm_watch": ["Icy"],
    "queue": [{"spot": 2, "who": "Beck", "direction": "up", "seat": 0},
              {"spot": 3, "who": "Sandy", "direction": "down", "seat": 1}],
    "seats": [
        {"prestige": 9, "held": ["Luck"],
         "clients": {"Beck": {"marker": "Hillary Step"},
                     "Doug": {"where": "South Summit"}}},
        {"preparations": "Prep Ready",
         "clients": {"Sandy": {"marker": "Hillary Step"},
                     "Tim": {"where": "South Summit"}}},
    ],
}  # fmt: skip


def test_a_two_player_position_sets_up_both_teams_and_the_table() -> None:
    game = _game(players=2)
    s = game.state_from_position(TWO, seed=5)
    assert s.current_player() == CHANCE and not s.invariants()
    mine, theirs = s.observation(0), s.observation(1)
    assert (mine["prestige"], theirs["prestige"]) == (9, 14)  # 14 unless said [15.2]
    assert mine["held"] == ["Luck"] and theirs["preparations"] == "Prep Ready"
    assert mine["blocked"] == ["South Summit"] and mine["turn"] == 3
    assert [(e["spot"], e["who"]) for e in mine["queue"]] == [(2, "Beck"), (3, "Sandy")]
    assert {c["name"]: c["where"] for c in theirs["clients"]}["Tim"] == "South Summit"
    assert len(s.chance_outcomes()) == 36 - 2  # the First Player draws three [15.6]
    check_copies(s)
    assert game.state_from_json(json.dumps(s.to_json())) == s
    for seed in (1, 2):
        final = play_random("disaster-on-everest", {"players": 2}, seed, full_every=5,
                            deep=True, position=TWO)  # fmt: skip
        assert final.is_terminal() and final.start_position == TWO


@pytest.mark.parametrize(
    ("change", "field", "words", "rule"),
    [
        ({"seats": [{}]}, "seats", "one object per seat (2)", "[15.0]"),
        ({"first": 2}, "first", "must be in 0..1, not 2", "[15.1]"),
        ({"step": "move"}, "step", "unknown field", ""),
        ({"seats": [{"colour": 1}, {}]}, "seats[0].colour", "unknown field", ""),
        ({"seats": [{}, {"clients": {"Doug": {}}}]}, "seats[1].clients.Doug", "unknown field",
         ""),
        ({"seats": [{}, {"prestige": 31}]}, "seats[1].prestige", "must be in 0..30", "[6.2]"),
        ({"blocked": ["The Balcony"]}, "blocked[0]",
         "The Balcony is blocked only while two clients stand on it", "[15.4]"),
        ({"queue": [{"spot": 1, "who": "Sandy"}]}, "queue[0].seat", "must be a whole number",
         ""),
        ({"queue": [{"spot": 1, "who": "Sandy", "seat": 0}]}, "queue[0].who",
         "not a marker of the team", ""),
        ({"seats": [{"held": ["Luck"]}, {"held": ["Luck"]}]}, "seats[1].held[0]",
         "every Luck token is placed already", ""),
        ({"seats": [{}, {"clients": {"Sandy": {"where": "Down"}}}]},
         "seats[1].clients.Sandy.marker", "has the Hillary Step marker", "[8.4]"),
    ],
)  # fmt: skip
def test_a_broken_two_player_position_is_refused(
    change: dict[str, Any], field: str, words: str, rule: str
) -> None:
    with pytest.raises(PositionError) as err:
        _game(players=2).state_from_position(change)
    assert (err.value.field, err.value.rule) == (field, rule), str(err.value)
    assert words in err.value.reason, str(err.value)
