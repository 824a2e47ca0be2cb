"""Everest Go!'s position document: a table set up by hand, validated with clear errors,
and every round trip of the contract from it (JSON, replay, clone, hidden information)."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

import highcamp
from highcamp import CHANCE, PositionError, StateFormatError
from highcamp.games.everest_go.rules import EverestGoState
from highcamp.testing import check_copies, check_hidden, play_random

POSITION: dict[str, Any] = {
    "turn": 1,
    "hands": [["Yeti", "head 3", "Fire"], ["Equipment Theft", "pants 4"], []],
    "mountaineers": [
        {"parts": {"boots": ["boots 1", "boots 4"]}, "special_items": ["Flag"]},
        {"parts": {"head": ["head 2"]}, "frozen": ["jacket"], "cold": 1},
        {},
    ],
    "discard": {"Tent": 2},
    "exhaustions": 1,
}


def _game(players: int = 3) -> highcamp.Game:
    return highcamp.load_game("everest-go", players=players)


def test_the_position_sets_up_the_table_it_describes() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    assert s.current_player() == 1 and s.history() == [] and not s.invariants()
    o = s.observation(1)
    assert o["phase"] == "main" and o["hand"] == ["pants 4", "Equipment Theft"]
    assert o["discard"] == {"Tent": 2} and o["exhaustions"] == 1 and o["known_hands"] == []
    me, them = o["mountaineers"][1], o["mountaineers"][0]
    assert me["parts"][0]["top"] == "head 2" and me["parts"][1]["frozen"] and me["cold"] == 1
    assert them["parts"][5] == {
        "part": "boots",
        "top": "boots 4",
        "height": 2,
        "hidden": 1,
        "frozen": False,
    }
    assert them["special_items"] == ["Flag"] and them["hand_size"] == 3
    cards = sum(k["copies"] for k in _game().static_view()["kinds"])
    placed = 3 + 2 + 2 + 1 + 1 + 1 + 1 + 2  # hands, stacks, Flag, Hypothermia, Cold, discard
    assert o["deck"] < cards - placed  # the box keeps the cards the set-up put aside
    assert o["deck"] == sum(cast(EverestGoState, s).card_counts()["deck"])


def test_every_round_trip_holds_from_a_position() -> None:
    s = _game().state_from_position(POSITION, seed=4)
    check_copies(s)
    doc = s.to_json()
    assert doc["position"] == POSITION and s.start_position == POSITION
    back = _game().state_from_json(json.dumps(doc))
    assert back == s and back.start_position == POSITION
    final = play_random("everest-go", {"players": 3}, 8, full_every=3, deep=True, position=POSITION)
    assert final.is_terminal() and final.start_position == POSITION
    assert _game().replay(final.history(), seed=8, position=POSITION) == final
    log = final.log
    assert log and [e.action for e in log if e.action is not None] == final.history()


def test_hidden_information_stays_hidden_from_a_position() -> None:
    """The set-up hands are unseen by the other seats: a resampled state deals them anew,
    and nothing a seat may read changes."""
    import random

    s = _game().state_from_position(POSITION, seed=4)
    rng = random.Random(1)
    check_hidden(s, rng)
    changed = False
    for k in range(20):
        other = s.resample_hidden(0, k)
        assert other.observation(0) == s.observation(0)
        assert other.start_position["hands"][0] == sorted(  # type: ignore[index]
            POSITION["hands"][0], key=lambda n: other.observation(0)["hand"].index(n)
        )
        changed |= other.start_position != s.start_position
    assert changed  # seat 2's hand is not always the one set up
    while not s.is_terminal() and len(s.history()) < 60:
        if s.current_player() == CHANCE:
            s.apply_random_chance()
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        if len(s.history()) % 7 == 0:
            check_hidden(s, rng)


def test_a_finished_game_for_its_score() -> None:
    s = _game(2).state_from_position(
        {"mountaineers": [{"parts": {"head": ["head 1"]}}, {"parts": {"boots": ["boots 1"]}}],
         "ending": "deck"}
    )  # fmt: skip
    assert s.is_terminal() and s.ending() == "deck" and s.returns() == [1.0, 1.0]
    check_copies(s)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"colour": "red"}, "colour", "unknown field; the fields are turn, hands"),
        ({"turn": 3}, "turn", "must be in 0..2, not 3"),
        ({"turn": "1"}, "turn", "whole number"),
        ({"hands": [[], []]}, "hands", "one entry per seat (3), not 2"),
        ({"hands": [["Yeti", "Yeti", "Fire", "Tent"], [], []]}, "hands[0]", "4 cards, more than 3"),
        ({"hands": [["Unicorn"], [], []]}, "hands[0][0]", "'Unicorn' is not a card"),
        ({"hands": [["Flag"], ["Flag"], []]}, "hands", "3 copies of Flag placed, but the game deals 1"),
        ({"mountaineers": [{"parts": {"boots": ["head 1"]}}, {}, {}]},
         "mountaineers[0].parts.boots[0]", "head 1 is no boots"),
        ({"mountaineers": [{"parts": {"tail": []}}, {}, {}]},
         "mountaineers[0].parts.tail", "not a body part"),
        ({"mountaineers": [{"wings": 2}, {}, {}]}, "mountaineers[0].wings", "unknown field"),
        ({"mountaineers": [{"special_items": ["Yeti"]}, {}, {}]},
         "mountaineers[0].special_items[0]", "Yeti is no special item"),
        ({"mountaineers": [{"cold": 3}, {}, {}]}, "mountaineers[0].cold", "must be in 0..2"),
        ({"mountaineers": [{"frozen": ["head"] * 4}, {"frozen": ["jacket"]}, {}]},
         "mountaineers", "copies of Hypothermia placed"),
        ({"discard": {"Tent": 9}}, "discard.Tent", "must be in 0..4"),
        ({"exhaustions": 3}, "exhaustions", "must be in 0..2, not 3"),
        ({"ending": "everest"}, "ending", "must be null or 'deck'"),
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
    with pytest.raises(PositionError) as err:
        _game().state_from_position({"hands": [["Yeti"] * 4, [], []]})
    assert err.value.rule == "[3. Improve Your Hand]"
    with pytest.raises(PositionError) as err:
        _game().state_from_position({"hands": [["Flag"], ["Flag"], []]})
    assert err.value.rule == "[Game Setup]"


def test_a_document_with_a_tampered_position_is_refused() -> None:
    doc = _game().state_from_position(POSITION).to_json()
    with pytest.raises(StateFormatError, match="position is refused"):
        _game().state_from_json({**doc, "position": {**POSITION, "turn": 7}})
    with pytest.raises(StateFormatError, match="'position' must be an object"):
        _game().state_from_json({**doc, "position": [1, 2]})
    with pytest.raises(PositionError, match="a position document is a JSON object"):
        _game().state_from_position([])  # type: ignore[arg-type]
