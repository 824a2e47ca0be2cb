"""Rulings of our own reading: forced moves applied (R-0-4), action text that names a die order."""

from __future__ import annotations

import pytest

from highcamp import InvalidActionError
from highcamp.agents import make_agent

from .helpers import drive, new_state, reroll, roll, texts


def test_no_forced_fall_while_dice_can_still_combine_r_0_4() -> None:
    """After a failed reroll the player still decides while a combination is possible."""
    state = new_state()
    drive(state, roll(1, 1, 1))
    drive(state, reroll([1, 2, 3], [1, 1, 1]))  # 1,1 -> 2 is still possible
    assert "fall" in texts(state)
    assert state.current_player() == 0


def test_forced_fall_from_row_zero_when_nothing_is_left() -> None:
    """A single active die after combining and rerolling it alone: the fall is automatic."""
    state = new_state()
    drive(state, [*roll(6, 6, 6)])
    drive(state, ["combine 1,2 -> 5", "combine 1,3 -> 1"])  # dice: 1, --, --
    drive(state, reroll([1], [3]))  # one die showing 3: no straight, nothing to combine
    assert state.is_terminal()
    assert state.ending() == "perished"  # a fall from row 0 (R-1924-5)
    assert any(e.rule == "R-0-4" for e in state.log)


def test_combine_text_names_the_die_that_keeps_the_value() -> None:
    state = new_state()
    drive(state, roll(5, 5, 2))
    with pytest.raises(InvalidActionError, match="combine 1,2 -> 6"):
        state.string_to_action("combine 2,1 -> 6")
    assert state.action_to_string(state.string_to_action("combine 1,2 -> 6")) == "combine 1,2 -> 6"


def test_invariants_hold_and_catch_corruption() -> None:
    state = new_state()
    drive(state, [*roll(3, 4, 5), "camp"])
    assert state.invariants() == []
    broken = state.clone()
    broken._camps = 5  # type: ignore[attr-defined]
    assert "more camps than the four tents" in broken.invariants()
    broken = state.clone()
    broken._marked = 0  # type: ignore[attr-defined]
    assert "marked squares differ from the route's circles" in broken.invariants()


def test_reroll_hint_plan_is_legal_and_keeps_what_it_says() -> None:
    """The terminal's hint after a failed roll: its plan of actions applies as written."""
    state = new_state()
    drive(state, roll(1, 1, 1))  # best straight 4, below the target 6
    hint = state.observation(0)["reroll_hint"]
    assert hint is not None and 0 < hint["odds"] <= 1
    for text in hint["plan"]:
        state.apply_action(state.string_to_action(text))
    assert hint["plan"][-1].startswith("reroll")
    assert sorted(v for v in state.dice() if v) == sorted(hint["keep"])


def test_reroll_hint_weighs_the_score_where_a_failed_reroll_ends_the_game() -> None:
    """At base camp a failed reroll cannot fall (R-1924-5): the party would perish, losing
    every point still to win, so the hint says the best reroll is not worth it; one row up,
    the same dice fall safely and the reroll is worth its chance."""
    state = new_state()
    drive(state, roll(1, 1, 1))
    hint = state.observation(0)["reroll_hint"]
    assert hint["fall_ends_game"] and not hint["worth"] and hint["odds"] < 0.9
    heuristic = make_agent("heuristic")
    assert state.action_to_string(heuristic.act(state)) == "move right"
    up = new_state()
    drive(up, [*roll(1, 2, 3), "ascend", *roll(1, 1, 1)])
    hint = up.observation(0)["reroll_hint"]
    assert not hint["fall_ends_game"] and hint["worth"]
    assert up.action_to_string(heuristic.act(up)).startswith(("reroll", "combine"))


def test_rerolling_dice_the_failure_is_typed_by_the_word_that_names_it() -> None:
    """[Rerolling Dice]: a failure before the reroll moves right, after it falls; the other
    word is refused (it would do what it does not say), ``fail`` stays for either."""
    state = new_state()
    drive(state, roll(1, 1, 1))
    with pytest.raises(InvalidActionError, match="type move right"):
        state.string_to_action("fall")
    assert state.action_to_string(state.string_to_action("move right")) == "move right"
    drive(state, reroll([1, 2, 3], [1, 1, 2]))
    assert not state.is_terminal() and state.current_player() == 0  # 1, 1, 2 still combine
    with pytest.raises(InvalidActionError, match="type fall"):
        state.string_to_action("move right")
    assert state.action_to_string(state.string_to_action("fall")) == "fall"
    assert state.string_to_action("fail") == state.string_to_action("fall")
