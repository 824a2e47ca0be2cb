"""The contract's position documents: games without them refuse clearly; documents carry
the position, replay starts from it, and a tampered one is refused."""

from __future__ import annotations

import pytest

import highcamp
from highcamp import PositionError, StateFormatError

from ..adapters.hidden_game import registered


def test_a_game_without_position_documents_refuses_them() -> None:
    with registered() as game_id:
        _refuses_position_documents(game_id)


def _refuses_position_documents(game_id: str) -> None:
    game = highcamp.load_game(game_id)
    with pytest.raises(PositionError) as err:
        game.state_from_position({})
    assert err.value.field == "" and f"{game_id} offers no position documents" in str(err.value)
    doc = game.new_initial_state(seed=1).to_json()
    assert "position" not in doc  # documents of ordinary games are as they were
    with pytest.raises(StateFormatError, match="position is refused"):
        game.state_from_json({**doc, "position": {}})


def test_position_error_is_a_value_error_naming_field_reason_and_rule() -> None:
    err = PositionError("hands[2]", "holds 5 cards", rule="[3]")
    assert isinstance(err, ValueError) and (err.field, err.reason, err.rule) == (
        "hands[2]",
        "holds 5 cards",
        "[3]",
    )
    assert str(PositionError("", "not an object")) == "position: not an object"


def test_seed_and_document_types_are_checked() -> None:
    game = highcamp.load_game("everest-go")
    with pytest.raises(TypeError, match="seed must be an int"):
        game.state_from_position({}, seed="1")  # type: ignore[arg-type]
    state = game.state_from_position({}, seed=5)
    assert state.seed == 5 and state.start_position == {}
    assert game.replay([], seed=5, position={}) == state
    assert state.clone().start_position == {} and state.clone() == state
