"""Where a state keeps the contract's fields (``highcamp.core.fields``): in the slots of a
game's first slotted class, never twice, and never where a base keeps them already."""

from __future__ import annotations

from typing import Any

import highcamp
from highcamp.core import State
from highcamp.core.fields import CONTRACT_FIELDS


class _Minimal(State):
    """The hooks a test state needs (never called here)."""

    __slots__ = ("x",)

    def current_player(self) -> int:
        return highcamp.TERMINAL

    def _legal_actions(self) -> list[int]:
        return []

    def _apply(self, action: int) -> None:
        raise AssertionError

    def _action_text(self, action: int) -> str:
        return ""

    def _snapshot(self) -> dict[str, Any]:
        return {}

    def observation(self, player: int) -> dict[str, Any]:
        return {}

    def returns(self) -> list[float]:
        return [0.0]


def _slots(cls: type) -> list[str]:
    return [k for c in cls.__mro__ for k in c.__dict__.get("__slots__", ())]


def test_the_first_slotted_class_keeps_the_contracts_fields() -> None:
    assert _Minimal.__slots__ == (*CONTRACT_FIELDS, "x")

    class More(_Minimal):
        __slots__ = ("y",)

    assert More.__slots__ == ("y",)
    assert sorted(_slots(More)) == sorted((*CONTRACT_FIELDS, "x", "y"))
    assert not hasattr(More.__new__(More), "__dict__")


def test_a_class_without_slots_keeps_them_in_its_dict() -> None:
    class Plain(State):  # no slots: a __dict__
        pass

    class SlottedBelow(Plain):
        __slots__ = ("z",)

    assert SlottedBelow.__slots__ == ("z",)  # the dict of Plain holds the fields
    assert "_game" not in _slots(SlottedBelow)


def test_every_game_state_has_each_field_once_and_no_dict_where_it_has_slots() -> None:
    for game_id in highcamp.list_games():
        state = highcamp.load_game(game_id).new_initial_state(seed=1)
        slots = _slots(type(state))
        for k in CONTRACT_FIELDS:
            assert slots.count(k) <= 1, (game_id, k)
            assert getattr(state, k, None) is not None or k in ("_key", "_log", "_position")
        if slots.count("_game") == 1:
            assert not hasattr(state, "__dict__"), game_id
