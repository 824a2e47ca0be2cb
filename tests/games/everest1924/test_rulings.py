"""Rulings of our own reading: forced moves applied (R-0-4), action text that names a die order."""

from __future__ import annotations

import pytest

from highcamp import InvalidActionError
from highcamp.agents import make_agent

from .helpers import drive, new_state, reroll, roll, texts


def test_rerolling_dice_a_failed_reroll_falls_at_once_r_0_4() -> None:
    """[Rerolling Dice], R-0-4: when no combination of the rerolled dice reaches the target
    the fall is mandatory, so the engine applies it and logs it with its rule; the climber is
    not asked to choose among the fall and combines that cannot help (1,1 -> 2 leaves 1, 2:
    a straight of 4, below the target 6)."""
    state = new_state()
    drive(state, [*roll(1, 2, 3), "ascend", *roll(1, 1, 1)])  # row 1: a fall is possible
    drive(state, reroll([1, 2, 3], [1, 1, 1]))
    assert state.position == (0, 2)  # down and right of (1, 1)
    assert state.current_player() == 0 and texts(state) == ["roll", "abandon"]
    forced = [e for e in state.log if e.rule == "R-0-4"]
    assert forced and "must fall" in forced[-1].text
    assert state.log[-1].rule.startswith("[Rerolling Dice]")
    assert "falls to row 0" in state.log[-1].text


def test_rerolling_dice_a_failed_reroll_at_base_camp_perishes_at_once() -> None:
    """[Rerolling Dice], R-0-4, R-1924-5: from row 0 the mandatory fall has no square to go
    to, so a failed reroll there ends the game at once."""
    state = new_state()
    drive(state, roll(1, 1, 1))
    drive(state, reroll([1, 2, 3], [1, 1, 2]))  # 1,1,2: at best 1-2, a straight of 4
    assert state.is_terminal() and state.ending() == "perished"
    assert any(e.rule == "R-0-4" for e in state.log)


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
    """[Rerolling Dice]: a failure before the reroll moves right; after the reroll a failure
    falls (a failed reroll falls at once, R-0-4; a successful one may still decline the
    ascent and fall). The other word is refused (it would do what it does not say), ``fail``
    stays for either."""
    state = new_state()
    drive(state, roll(1, 1, 1))
    with pytest.raises(InvalidActionError, match="type move right"):
        state.string_to_action("fall")
    assert state.action_to_string(state.string_to_action("move right")) == "move right"
    drive(state, reroll([2, 3], [2, 3]))  # 1, 2, 3: the straight 6 makes the target
    assert "ascend" in texts(state) and "fall" in texts(state)
    with pytest.raises(InvalidActionError, match="type fall"):
        state.string_to_action("move right")
    assert state.action_to_string(state.string_to_action("fall")) == "fall"
    assert state.string_to_action("fail") == state.string_to_action("fall")
