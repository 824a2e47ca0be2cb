"""The shared table (:class:`Expedition`) and ``clone()``: the table's fields are the
state's own, and a clone shares no list with its original (nor any team), for every kind of
state the series makes."""

from __future__ import annotations

import random
from types import GetSetDescriptorType, MemberDescriptorType
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series import DisasterState
from highcamp.games.disaster_series.expedition import TABLE_FIELDS, Expedition

CASES: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"game": "advanced", "team_bonus": True}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-everest", {"players": 2}),
    ("disaster-on-k2", {"players": 2}),
]

SHARED = {"_game", "_key", "_seed", "_position", "_log", "rs", "_cache"}
"""Fields a clone shares: the game and its components, the seed, the memo of legal
actions (never changed in place) and a log that is not kept (``None``)."""


def _slots(state: object) -> list[str]:
    """The state's fields, as its classes declare them: slots, or a compiled class's
    fields (``make native``), each a data descriptor of its class."""
    fields = (MemberDescriptorType, GetSetDescriptorType)
    return [
        k
        for cls in type(state).__mro__
        for k, v in vars(cls).items()
        if isinstance(v, fields) and k not in ("__dict__", "__weakref__")
    ]


def _lists_in(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [value, *(x for item in value for x in _lists_in(item))]
    return []


def _states(game_id: str, options: dict[str, Any], seeds: int = 3) -> list[DisasterState]:
    game = highcamp.load_game(game_id, **options)
    out = []
    for seed in range(seeds):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                assert isinstance(state, DisasterState)
                out.append(state.clone())
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return out


def test_the_table_is_the_state_itself() -> None:
    state = highcamp.load_game("disaster-on-k2").new_initial_state(seed=2)
    assert isinstance(state, Expedition)
    assert set(TABLE_FIELDS) <= set(_slots(state))  # fields of the state's classes
    assert all(k in dir(state) for k in TABLE_FIELDS)
    # each field is declared once along the class chain (no slot shadowing another)
    names = _slots(state)
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_a_clone_shares_no_list_and_plays_on_alike(game_id: str, options: dict[str, Any]) -> None:
    for state in _states(game_id, options):
        copy = state.clone()
        assert copy.to_json() == state.to_json()
        assert copy.legal_actions() == state.legal_actions()
        for k in _slots(state):
            if k in SHARED:
                continue
            mine, theirs = getattr(state, k), getattr(copy, k)
            ids = {id(x) for x in _lists_in(theirs)}
            assert not any(id(x) in ids for x in _lists_in(mine)), k
        teams, copied = state.teams, copy.teams
        assert all(a == b and a is not b for a, b in zip(teams, copied, strict=True))
        active = next(i for i, t in enumerate(teams) if t is state.team)
        assert copy.team is copied[active]
        # the copy plays on as the original does; playing the copy leaves the original be
        twin, before = state.clone(), state.to_json()
        for _ in range(20):
            if copy.is_terminal():
                break
            if copy.is_chance_node():
                copy.apply_random_chance()
                twin.apply_random_chance()
            else:
                action = copy.legal_actions()[-1]
                copy.apply_action(action)
                twin.apply_action(action)
            assert copy.to_json() == twin.to_json()
        assert state.to_json() == before
