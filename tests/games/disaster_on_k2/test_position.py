"""Disaster on K2's position documents: the series' document with K2's part (the Avalanche
and Darkness tracks, Serac collapses, ropes, bivouacs, the Flashlight, the Sherpa's Secret
Goal), every refusal with its field, reason and K2's rule, and the contract's round trips
from a position."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import highcamp
from highcamp import CHANCE, PositionError
from highcamp.games.disaster_series.k2.rules import K2State
from highcamp.testing import check_copies, play_random

from .helpers import QUIET, new, to_move

POSITION: dict[str, Any] = {
    "turn": 6,
    "prestige": 9,
    "held": ["Luck"],
    "kept": ["House's Chimney"],
    "guides": {"Pemba": {"where": "bivouac"}},
    "clients": {
        "Vuk": {"where": "Summit", "marker": "Summit"},
        "Jelena": {"where": "Traverse Goal", "marker": "Traverse"},
        "Bojan": {"where": "lost"},
        "Dragana": {"where": "dead", "fate": "died: Serac collapse"},
    },
    "k2": {
        "avalanche_track": [
            "Icy",
            "Thick Snow",
            "Darkness",
            "token 1",
            "token 2",
            "token 3",
            "token 4",
            "token 5",
        ],
        "darkness_track": 2,
        "collapsed": ["Bottleneck I", "Bottleneck II", "Bottleneck III"],
        "ropes": [{"space": "Bottleneck I", "frayed": True}],
        "bivouacked": ["Bojan"],
        "flashlight": "Jelena",
        "secret_goal": {"name": "Back at Camp", "achieved": True},
    },
}
SHERPA = {"guide": "sherpa"}
FIVE = ["Icy", "Icy", "Icy", "Thick Snow", "Thick Snow"]
SERAC_I = {"avalanche_track": FIVE, "collapsed": ["Bottleneck I"]}
"""Bottleneck I collapsed, as the Avalanche Track's 5th space brings it [7.3]."""


def _game(**options: Any) -> highcamp.Game:
    return highcamp.load_game("disaster-on-k2", **options)


def test_the_position_sets_up_the_table_it_describes() -> None:
    s = _game(**SHERPA).state_from_position(POSITION, seed=3)
    assert s.current_player() == CHANCE and s.history() == [] and not s.invariants()
    o = s.observation(0)
    assert (o["phase"], o["turn"], o["prestige"], o["held"]) == ("draw event", 6, 9, ["Luck"])
    k2 = o["k2"]
    assert k2["avalanche_track"][:5] == [
        "Icy",
        "Thick Snow",
        "Darkness",
        "Broken Rope",
        "Broken Rope",
    ]
    assert len(k2["avalanche_track"]) == 8
    assert (k2["darkness_track"], k2["darkness_phase"], k2["darkness_pending"]) == (2, True, False)
    assert k2["collapsed"] == ["Bottleneck I", "Bottleneck II", "Bottleneck III"]
    assert k2["ropes"] == [{"space": "Bottleneck I", "frayed": True}]
    assert k2["flashlight"] == "Jelena" and k2["bivouacked"] == ["Pemba", "Bojan"]
    assert k2["secret_goal"] == {"name": "Back at Camp", "points": 14, "achieved": True}
    assert o["guides"][0]["where"] == "bivouac"
    clients = {c["name"]: (c["where"], c["marker"]) for c in o["clients"]}
    assert clients == {
        "Vuk": ("Summit", "Summit"),
        "Jelena": ("Traverse Goal", "Traverse"),
        "Bojan": ("the LOST box", ""),
        "Dragana": ("dead", ""),
        "Stefan": ("High Camp", ""),
    }
    assert o["container"] == 30 - 8 - 1 - 1 - 1  # the track, Luck, the Chimney, the rope


def test_an_empty_document_is_the_table_after_set_up() -> None:
    for options in ({}, {"team": "norway", "game": "advanced"}):
        s = _game(**options).state_from_position({}, seed=2)
        assert s.to_json()["state"] == _game(**options).new_initial_state(2).to_json()["state"]
    drawn = new(guide="sherpa", goal="Bivouac")
    s = _game(**SHERPA).state_from_position({"k2": {"secret_goal": "Bivouac"}})
    assert s.to_json()["state"] == drawn.to_json()["state"]


def test_the_movement_step_is_the_one_play_reaches() -> None:
    played = new()
    to_move(played)
    doc = {"step": "move", "blocked": ["Snowfields"], "k2": {"avalanche_track": [QUIET]}}
    assert _game().state_from_position(doc).to_json()["state"] == played.to_json()["state"]


def _document_of(obs: dict[str, Any]) -> dict[str, Any]:
    """A position document built from an observation at the start of a turn."""
    k2 = obs["k2"]
    goal = k2["secret_goal"]
    return {
        "turn": obs["turn"],
        "prestige": obs["prestige"],
        "preparations": obs["preparations"],
        "held": obs["held"],
        "kept": obs["kept"],
        "guides": {g["name"]: {"where": g["where"]} for g in obs["guides"]},
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
        "k2": {
            "avalanche_track": k2["avalanche_track"],
            "darkness_track": k2["darkness_track"],
            "darkness_pending": k2["darkness_pending"],
            "collapsed": k2["collapsed"],
            "ropes": k2["ropes"],
            "bivouacked": k2["bivouacked"],
            "flashlight": k2["flashlight"],
            **({"secret_goal": {"name": goal["name"]}} if goal else {}),
        },
    }


def test_round_trip_with_the_observation_at_the_start_of_turns() -> None:
    """An observation at the start of a turn, read back as a document, sets up a table seen
    alike (but for the container's count, the tallies and the last movement's counts, as on
    Everest, and a Secret Goal's progress, which the observation shows only as achieved)."""
    seen = 0
    for seed in range(5):
        for options in ({}, {"guide": "sherpa", "game": "advanced"}):
            game = _game(**options)
            s = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                o = s.observation(0)
                if o["step"] == "draw" and o["phase"] == "draw event" and not o["drawn"]:
                    back = game.state_from_position(_document_of(o)).observation(0)
                    for key in set(o) - {"container", "score", "movement", "k2"}:
                        assert back[key] == o[key], (seed, key)
                    for key in set(o["k2"]) - {"secret_goal"}:
                        assert back["k2"][key] == o["k2"][key], (seed, key)
                    seen += 1
                if s.current_player() == CHANCE:
                    s.apply_random_chance()
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
    assert seen > 40


def test_every_round_trip_holds_from_a_position() -> None:
    s = _game(**SHERPA).state_from_position(POSITION, seed=3)
    check_copies(s)
    doc = s.to_json()
    assert doc["position"] == POSITION
    assert _game(**SHERPA).state_from_json(json.dumps(doc)) == s
    for seed in (1, 2, 3):
        final = play_random("disaster-on-k2", SHERPA, seed, full_every=5, deep=True,
                            position=POSITION)  # fmt: skip
        assert final.is_terminal() and final.start_position == POSITION
        assert _game(**SHERPA).replay(final.history(), seed=seed, position=POSITION) == final
    moving = {"step": "move", "option": "b", "k2": SERAC_I,
              "clients": {"Vuk": {"where": "Bottleneck I"}}}  # fmt: skip
    play_random("disaster-on-k2", {"game": "advanced"}, 4, full_every=5, deep=True,
                position=moving)  # fmt: skip


def test_a_multinational_team_is_named_in_full() -> None:
    game = _game(multinational=True)
    team = {"guides": {"Nima": {}},
            "clients": {n: {} for n in ("Vuk", "Maarten", "Eirik", "Min-jun", "Seo-yeon")},
            "k2": {"secret_goal": "Do Not Summit"}}  # fmt: skip
    s = game.state_from_position(team)
    assert isinstance(s, K2State)
    assert [s.name(m) for m in range(6)] == ["Nima", *team["clients"]]
    with pytest.raises(PositionError) as err:
        game.state_from_position({})
    assert (err.value.field, err.value.rule) == ("guides", "[14.6]")


@pytest.mark.parametrize(
    ("options", "change", "field", "words", "rule"),
    [
        ({}, {"storm_track": 1}, "storm_track", "unknown field", ""),
        ({}, {"queue": [{"spot": 1, "who": "Vuk"}]}, "queue", "this mountain has no Hillary Step queue",
         ""),
        ({}, {"k2": {"avalanche_track": FIVE}}, "k2.collapsed",
         "Bottleneck I collapses when the Avalanche Track reaches 5, which with 5 covered it has",
         "[7.3]"),
        ({}, {"k2": {**SERAC_I, "collapsed": ["Bottleneck I", "Bottleneck II"]}}, "k2.collapsed",
         "Bottleneck II collapses when the Avalanche Track reaches 7", "[7.3]"),
        ({"balcony_collapse": True}, {"k2": {"avalanche_track": FIVE,
                                             "collapsed": ["Bottleneck I", "Bottleneck III"]}},
         "k2.collapsed", "Bottleneck III collapses only after the spaces below it", "[14.5]"),
        ({}, {"k2": {"avalanche_track": [*FIVE, "Darkness", "Darkness", "Darkness"]}}, "k2.avalanche_track",
         "a full Avalanche Track brings the darkness", "[7.3]"),
        ({}, {"k2": {"darkness_track": 1}}, "k2.darkness_track",
         "the darkness comes only once the Avalanche Track is full", "[7.3]"),
        ({}, {"k2": {"darkness": 1}}, "k2.darkness", "unknown field", ""),
        ({}, {"k2": {"avalanche_track": ["Icy"] * 3 + ["Thick Snow"] * 3 + ["Darkness"] * 3}},
         "k2.avalanche_track", "9 tokens on 8 spaces", "[7.3]"),
        ({}, {"k2": {"darkness_track": 8}}, "k2.darkness_track", "must be in 0..7", "[10.0]"),
        ({}, {"k2": {"darkness_pending": True}}, "k2.darkness_pending",
         "once the Avalanche Track is full", "[7.3]"),
        ({}, {"k2": {"collapsed": ["Traverse"]}}, "k2.collapsed[0]", "not a Serac space",
         "[7.3]"),
        ({}, {"k2": {"collapsed": ["Bottleneck I", "Bottleneck I"]}}, "k2.collapsed[1]",
         "collapsed twice", "[7.3]"),
        ({}, {"k2": {"collapsed": ["Moon"]}}, "k2.collapsed[0]", "not a space of the board", ""),
        ({}, {"k2": {"ropes": [{"space": "Bottleneck I"}]}}, "k2.ropes[0].space",
         "a rope lies only on an avalanche space", "[9.2]"),
        ({}, {"k2": {**SERAC_I, "ropes": [{"space": "Bottleneck I", "token": "Luck"}]}},
         "k2.ropes[0].token", "Luck is not a Synthetic Rope", "[9.2]"),
        ({}, {"k2": {**SERAC_I, "ropes": [{"space": "Bottleneck I"}] * 5}},
         "k2.ropes[4].token", "every Synthetic Rope token is placed already", ""),
        ({}, {"k2": {"bivouacked": ["Vuk"]}}, "k2.bivouacked[0]",
         "Vuk is not in the LOST/BIVOUAC box", "[8.7]"),
        ({}, {"k2": {"bivouacked": ["Yeti"]}}, "k2.bivouacked[0]", "not a marker of the team",
         ""),
        ({}, {"k2": {"flashlight": "Yeti"}}, "k2.flashlight", "not a marker of the team", ""),
        ({}, {"clients": {"Vuk": {"where": "dead"}}, "k2": {"flashlight": "Vuk"}},
         "k2.flashlight", "Vuk is off the track", "Player Aid"),
        ({}, {"k2": {"secret_goal": "Bivouac"}}, "k2.secret_goal",
         "only a Sherpa has a Secret Goal", "[13.0]"),
        (SHERPA, {}, "k2.secret_goal", "drawn at set-up: name it", "[13.0]"),
        (SHERPA, {"k2": {"secret_goal": "Everest"}}, "k2.secret_goal.name",
         "'Everest' is not a Secret Goal", ""),
        (SHERPA, {"k2": {"secret_goal": {"name": "Back at Camp", "achieved": False}}},
         "k2.secret_goal.achieved", "exactly when the Sherpa is at High Camp", "[13.0]"),
        ({}, {"clients": {"Vuk": {"where": "queue"}}}, "clients.Vuk.where",
         "'queue' is not a space of the board nor a place", ""),
        ({}, {"clients": {"Vuk": {"where": "Summit"}}}, "clients.Vuk.marker",
         "a client on the Summit has the Summit marker", "[9.4]"),
        ({}, {"clients": {"Vuk": {"marker": "Hillary Step"}}}, "clients.Vuk.marker",
         "is not one of", ""),
        ({}, {"clients": {"Vuk": {"tired": "tired"}}}, "clients.Vuk.tired",
         "only in the advanced game", "[14.2]"),
        ({}, {"prestige": 19}, "prestige", "must be in 0..18", "[7.2]"),
        ({}, {"held": ["House's Chimney"]}, "held[0]", "not a token kept for later", "[7.2]"),
        ({}, {"step": "move", "blocked": ["High Camp"]}, "blocked[0]", "is not a ridge",
         "[7.1]"),
        ({}, {"step": "move", "option": "d"}, "option", "is not one of", "[8.1]"),
    ],
)  # fmt: skip
def test_a_broken_position_is_refused_with_its_field_reason_and_rule(
    options: dict[str, Any], change: dict[str, Any], field: str, words: str, rule: str
) -> None:
    with pytest.raises(PositionError) as err:
        _game(**options).state_from_position(change)
    assert err.value.field == field, str(err.value)
    assert words in err.value.reason, str(err.value)
    assert err.value.rule == rule, str(err.value)


TWO: dict[str, Any] = {
    "first": 1,
    "blocked": ["Traverse"],
    "k2": {"avalanche_track": ["Icy"] * 3 + ["Thick Snow"] * 2, "collapsed": ["Bottleneck I"]},
    "seats": [
        {"clients": {"Vuk": {"where": "Traverse"}},
         "k2": {"secret_goal": "Bivouac", "flashlight": "Vuk"}},
        {"clients": {"Maarten": {"where": "Traverse"}}, "k2": {"secret_goal": "Do Not Summit"}},
    ],
}  # fmt: skip
SHERPAS = {"players": 2, "guide": "sherpa", "guide_2": "sherpa"}


def test_a_two_player_position_keeps_each_secret_goal_to_its_seat() -> None:
    game = _game(**SHERPAS)
    s = game.state_from_position(TWO, seed=2)
    assert not s.invariants()
    mine, theirs = s.observation(0), s.observation(1)
    assert mine["k2"]["secret_goal"]["name"] == "Bivouac" and mine["k2"]["flashlight"] == "Vuk"
    assert mine["opponent"]["k2"]["secret_goal"] == "hidden"
    assert theirs["k2"]["secret_goal"]["name"] == "Do Not Summit"
    assert mine["k2"]["collapsed"] == ["Bottleneck I"] and mine["blocked"] == ["Traverse"]
    check_copies(s)
    for seed in (1, 2):
        final = play_random("disaster-on-k2", SHERPAS, seed, full_every=5, deep=True,
                            position=TWO)  # fmt: skip
        assert final.is_terminal() and final.start_position == TWO


@pytest.mark.parametrize(
    ("change", "field", "words", "rule"),
    [
        ({"seats": [{"k2": {"secret_goal": "Bivouac"}}, {}]}, "seats[1].k2.secret_goal",
         "drawn at set-up: name it", "[13.0]"),
        ({"seats": [{"k2": {"collapsed": []}}, {}]}, "seats[0].k2.collapsed", "unknown field",
         ""),
        ({"k2": {"flashlight": "Vuk"}}, "k2.flashlight", "unknown field", ""),
    ],
)  # fmt: skip
def test_a_broken_two_player_position_is_refused(
    change: dict[str, Any], field: str, words: str, rule: str
) -> None:
    with pytest.raises(PositionError) as err:
        _game(**SHERPAS).state_from_position({**TWO, "blocked": [], **change})
    assert (err.value.field, err.value.rule) == (field, rule), str(err.value)
    assert words in err.value.reason, str(err.value)
