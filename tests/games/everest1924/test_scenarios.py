"""Scenarios on real game states with forced dice, one rule (section or ruling) per test.

Rows and columns are those of the standard sheet (R-1924-1): row k spans columns k..39-k,
base camp is (0, 0), row k has target 2k + 4 (row 0 has none).
"""

from __future__ import annotations

import pytest

from highcamp import CHANCE, IllegalActionError, InvalidActionError, State

from .helpers import (
    action_ids,
    ascend_turn,
    dice_count,
    doc,
    drive,
    faces,
    fail_turn,
    fall_turn,
    new_state,
    obs,
    reroll,
    roll,
    texts,
)


# ----------------------------------------------------------- [Climbing the Mountain]
def test_climbing_the_mountain_starts_at_base_camp_with_three_dice() -> None:
    s = new_state()
    assert s.position == (0, 0)
    assert s.route == ((0, 0),)
    assert texts(s) == ["roll", "abandon"]
    assert dice_count(s) == 3


def test_climbing_the_mountain_success_moves_up_and_right() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend"])
    assert s.position == (1, 1)
    assert s.route == ((0, 0), (1, 1))
    assert texts(s) == ["roll", "abandon"]


def test_climbing_the_mountain_failure_moves_right_in_the_row() -> None:
    s = drive(new_state(), roll(1, 1, 1))
    assert "ascend" not in texts(s)
    assert "move right" in texts(s)
    drive(s, ["move right"])
    assert s.position == (0, 1)
    assert s.route == ((0, 0), (0, 1))


def test_climbing_the_mountain_target_is_the_row_directly_above() -> None:
    """2,2,2 reaches a straight of 6 at best (2,2 -> 3, then 2-3): enough from row 0 (row 1
    has target 6, "equal or greater"), not from row 1 (row 2 has target 8)."""
    s = new_state()
    assert s.next_target() == 6
    drive(s, [*roll(2, 2, 2), "combine 1,2 -> 3"])
    assert s.dice() == [3, None, 2]
    assert "ascend" in texts(s)
    drive(s, ["ascend"])
    assert s.position == (1, 1)
    assert s.next_target() == 8
    drive(s, roll(2, 2, 2))
    assert "ascend" not in texts(s)
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(action_ids()["ascend"])
    assert "[Climbing the Mountain]" in err.value.rule
    assert "8" in err.value.reason
    assert doc(s) == before


def test_chance_steps_one_per_die_each_face_one_sixth_r_0_3() -> None:
    s = drive(new_state(), ["roll"])
    for _ in range(3):
        assert s.current_player() == CHANCE
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 6
        assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
        s.apply_random_chance()
    assert s.current_player() == 0
    assert all(v in range(1, 7) for v in s.dice())


# ------------------------------------------------------------------ [Combining Dice]
def test_combining_dice_offers_exactly_the_ruled_values_r_1924_2() -> None:
    s = drive(new_state(), roll(5, 5, 3))
    combos = [t for t in texts(s) if t.startswith("combine 1,2")]
    assert sorted(combos) == ["combine 1,2 -> 4", "combine 1,2 -> 6"]
    s = drive(new_state(), roll(3, 3, 6))
    assert sorted(t for t in texts(s) if t.startswith("combine 1,2")) == [
        "combine 1,2 -> 2",
        "combine 1,2 -> 4",
        "combine 1,2 -> 6",
    ]
    s = drive(new_state(), roll(1, 3, 6))
    assert sorted(t for t in texts(s) if t.startswith("combine 1,2")) == [
        "combine 1,2 -> 2",
        "combine 1,2 -> 4",
    ]


def test_combining_dice_then_claiming_the_ascent() -> None:
    """At row 1 (next target 8) 5,5,3 has no straight; 5,5 -> 4 makes 3-4 = 8."""
    s = drive(new_state(), [*roll(4, 5, 6), "ascend", *roll(5, 5, 3)])
    assert s.next_target() == 8
    drive(s, ["combine 1,2 -> 4"])
    assert s.dice() == [4, None, 3]
    drive(s, ["ascend"])
    assert s.position == (2, 2)


def test_combining_dice_results_stay_and_discarded_dice_are_not_reused() -> None:
    """5,5 -> 6 leaves 6 and 3 (no straight): the discarded 5 cannot come back, so no ascent,
    and a combination with the discarded die is refused."""
    s = drive(new_state(), [*roll(4, 5, 6), "ascend", *roll(5, 5, 3), "combine 1,2 -> 6"])
    assert s.dice() == [6, None, 3]
    assert "ascend" not in texts(s)
    assert not any(t.startswith("combine 1,2") or t.startswith("combine 2,3") for t in texts(s))
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(s.string_to_action("combine 2,3 -> 3"))
    assert "R-1924-2" in err.value.rule
    assert doc(s) == before


def test_combining_dice_value_outside_the_rule_is_refused_r_1924_2() -> None:
    s = drive(new_state(), roll(5, 5, 3))
    before = doc(s)
    for text in ("combine 1,2 -> 5", "combine 1,2 -> 1", "combine 1,3 -> 5"):
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(s.string_to_action(text))
        assert "R-1924-2" in err.value.rule
        assert doc(s) == before


def test_combining_dice_may_be_repeated() -> None:
    """1,1,1: 1,1 -> 2, then 2,1 -> 3: repeated combining, each time discarding a die."""
    s = drive(new_state(), [*roll(1, 1, 1), "combine 1,2 -> 2", "combine 1,3 -> 3"])
    assert s.dice() == [3, None, None]


# ------------------------------------------------------------------ [Rerolling Dice]
def test_rerolling_dice_any_subset_including_discarded_keeps_combined_values() -> None:
    """R-1924-3: 1,1,1 fails; 1,1 -> 2 (die 2 discarded); reroll dice 2 and 3: die 1 keeps its
    combined value 2, the discarded die 2 is rolled again."""
    s = drive(new_state(), [*roll(1, 1, 1), "combine 1,2 -> 2"])
    assert s.dice() == [2, None, 1]
    offered = [t for t in texts(s) if t.startswith("reroll")]
    assert sorted(offered) == sorted(
        [
            "reroll 1",
            "reroll 2",
            "reroll 3",
            "reroll 1,2",
            "reroll 1,3",
            "reroll 2,3",
            "reroll 1,2,3",
        ]
    )
    drive(s, ["reroll 2,3"])
    assert s.current_player() == CHANCE
    assert s.dice() == [2, None, None]
    drive(s, faces(3, 4, slots=[2, 3]))
    assert s.dice() == [2, 3, 4]
    drive(s, ["ascend"])
    assert s.position == (1, 1)


def test_rerolling_dice_only_the_chosen_dice_change() -> None:
    s = drive(new_state(), [*roll(1, 1, 5), "reroll 2"])
    assert s.dice() == [1, None, 5]
    drive(s, faces(6, slots=[2]))
    assert s.dice() == [1, 6, 5]


def test_rerolling_dice_combine_again_after_reroll_kept_with_rerolled() -> None:
    """[Rerolling Dice]: combine again, rerolled or not: kept 1 with rerolled 4 -> 3, and the
    kept combined 2 makes 2-3 = 6."""
    s = drive(new_state(), [*roll(1, 1, 1), "combine 1,2 -> 2", *reroll([2], [4])])
    assert s.dice() == [2, 4, 1]
    drive(s, ["combine 2,3 -> 3"])
    assert s.dice() == [2, 3, None]
    drive(s, ["ascend"])
    assert s.position == (1, 1)


def test_rerolling_dice_only_one_reroll_a_turn() -> None:
    s = drive(new_state(), [*roll(1, 1, 1), *reroll([2, 3], [2, 3])])  # 1, 2, 3 ascends
    assert not any(t.startswith("reroll") for t in texts(s))
    assert "fall" in texts(s)  # declining the ascent after the reroll falls
    assert "move right" not in texts(s)
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(s.string_to_action("reroll 1"))
    assert "R-1924-3" in err.value.rule
    assert doc(s) == before


def test_rerolling_dice_reroll_resets_next_turn() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend"])
    fall_turn(s)
    assert s.position == (0, 2)
    drive(s, roll(1, 1, 1))
    assert "reroll 1,2,3" in texts(s)
    assert "move right" in texts(s)


def test_rerolling_dice_failure_after_reroll_falls_down_and_right() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend"])
    assert s.position == (1, 1)
    drive(s, [*roll(1, 1, 1), *reroll([1, 2, 3], [1, 2, 2])])
    # 1,2,2 reaches 2-3 = 6 at best (1,2 -> 3), below 8: the fall is applied (R-0-4)
    assert s.position == (0, 2)
    assert s.route == ((0, 0), (1, 1), (0, 2))
    assert not s.is_terminal()


def test_rerolling_dice_success_after_reroll_ascends() -> None:
    s = drive(new_state(), [*roll(1, 1, 1), *reroll([2, 3], [2, 3]), "ascend"])
    assert s.position == (1, 1)


def test_rerolling_dice_fall_from_row_0_perishes_r_1924_5() -> None:
    s = drive(new_state(), [*roll(1, 1, 1), *reroll([1, 2, 3], [1, 1, 1])])
    assert s.is_terminal()  # the mandatory fall (R-0-4) has no square below row 0
    assert s.ending() == "perished"
    assert s.route == ((0, 0),)  # no circle could be drawn
    assert s.returns() == [-1.0]  # 2 x 0 - 1 circle


# ----------------------------------------------------------- [Unlocking Extra Dice]
def test_unlocking_extra_dice_at_targets_12_16_22() -> None:
    """Rows 4, 6 and 9 (targets 12, 16, 22) each unlock a die on first ascent into them."""
    s = new_state()
    expected = {0: 3, 1: 3, 2: 3, 3: 3, 4: 4, 5: 4, 6: 5, 7: 5, 8: 5, 9: 6, 10: 6}
    for row in range(11):
        assert s.position[0] == row
        assert dice_count(s) == expected[row], row
        ascend_turn(s)


def test_unlocking_extra_dice_kept_after_falling_below_the_row() -> None:
    s = new_state()
    for _ in range(4):
        ascend_turn(s)
    assert s.position == (4, 4)
    assert dice_count(s) == 4
    fall_turn(s)
    assert s.position == (3, 5)
    assert dice_count(s) == 4
    ascend_turn(s)  # back into row 4: no second unlock
    assert s.position == (4, 6)
    assert dice_count(s) == 4


def test_unlocking_extra_dice_by_making_camp_into_the_row() -> None:
    s = new_state()
    for _ in range(3):
        ascend_turn(s)
    ascend_turn(s, "camp")
    assert s.position[0] == 4
    assert dice_count(s) == 4


# ------------------------------------------------------------------- [Making Camp]
def test_making_camp_from_base_camp_clamps_to_first_square() -> None:
    """R-1924-4: from (0, 0) to (1, max(0 - 3, 1)) = (1, 1)."""
    s = drive(new_state(), roll(4, 5, 6))
    assert "camp" in texts(s)
    drive(s, ["camp"])
    assert s.position == (1, 1)
    assert obs(s)["camps_left"] == 3
    assert obs(s)["camps_used"] == 1


def test_making_camp_moves_three_squares_left_in_the_new_row() -> None:
    s = new_state()
    for _ in range(6):
        fail_turn(s)
    assert s.position == (0, 6)
    ascend_turn(s, "camp")
    assert s.position == (1, 3)
    assert s.route[-2:] == ((0, 6), (1, 3))


@pytest.mark.parametrize(("col", "dest"), [(2, 1), (3, 1), (4, 1), (5, 2)])
def test_making_camp_less_than_three_squares_goes_to_row_start(col: int, dest: int) -> None:
    s = new_state()
    for _ in range(col):
        fail_turn(s)
    ascend_turn(s, "camp")
    assert s.position == (1, dest)


def test_making_camp_only_on_first_entry_never_after_a_fall() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend"])  # row 1 entered, no camp made
    fall_turn(s)
    assert s.position == (0, 2)
    drive(s, roll(4, 5, 6))
    assert "ascend" in texts(s)
    assert "camp" not in texts(s)  # row 1 is not new any more
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(action_ids()["camp"])
    assert "R-1924-4" in err.value.rule
    assert doc(s) == before
    drive(s, ["ascend"])
    assert s.position == (1, 3)
    drive(s, roll(4, 5, 6))
    assert "camp" in texts(s)  # row 2 is new


def test_making_camp_not_on_a_failed_roll() -> None:
    s = drive(new_state(), roll(1, 1, 1))
    assert "camp" not in texts(s)


def test_making_camp_at_most_four_times() -> None:
    s = new_state()
    for _ in range(4):
        ascend_turn(s, "camp")
    assert s.position == (4, 4)
    assert obs(s)["camps_left"] == 0
    drive(s, roll(3, 4, 5, 6))
    assert "ascend" in texts(s)
    assert "camp" not in texts(s)
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(action_ids()["camp"])
    assert "R-1924-4" in err.value.rule
    assert doc(s) == before


# ------------------------------------------------------- route line (R-1924-5)
def _camp_back_over_row_1() -> State:
    """(0,0) -> right x5 -> (0,5) -> ascend (1,6) -> camp (2,3): the camp line runs from
    (1,6) up-left to (2,3)."""
    s = new_state()
    for _ in range(5):
        fail_turn(s)
    ascend_turn(s)
    ascend_turn(s, "camp")
    assert s.route == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 6), (2, 3))
    return s


def test_route_fall_across_the_camp_line_perishes() -> None:
    """[Rerolling Dice] "doing so would cause you to pass a line in your route (for example
    if you have recently made camp)": (2,3) -> right (2,4) -> fall to (1,5), an empty
    square, crosses the segment (1,6)-(2,3)."""
    s = _camp_back_over_row_1()
    fail_turn(s)
    assert s.position == (2, 4)
    fall_turn(s)
    assert s.is_terminal()
    assert s.ending() == "perished"
    assert s.route[-1] == (2, 4)  # no new circle
    assert s.returns() == [float(2 * 8 - 9)]


def test_route_touching_only_at_an_endpoint_is_allowed() -> None:
    """(2,3) -> fall to (1,4): the new segment meets the camp line at its end (2,3) only."""
    s = _camp_back_over_row_1()
    fall_turn(s)
    assert not s.is_terminal()
    assert s.position == (1, 4)
    assert texts(s) == ["roll", "abandon"]


def test_route_ascent_across_the_camp_line_perishes() -> None:
    """After touching the camp line at (2,3) and falling to (1,4), an ascent to (2,5) would
    cross the segment (1,6)-(2,3): the required move is impossible, the party perishes."""
    s = _camp_back_over_row_1()
    fall_turn(s)
    assert s.position == (1, 4)
    ascend_turn(s)
    assert s.is_terminal()
    assert s.ending() == "perished"
    assert s.route[-1] == (1, 4)


def test_route_never_revisits_a_marked_square() -> None:
    """(2,3) -> right (2,4), (2,5) -> fall to (1,6), already circled: the party perishes."""
    s = _camp_back_over_row_1()
    fail_turn(s)
    fail_turn(s)
    assert s.position == (2, 5)
    fall_turn(s)
    assert s.is_terminal()
    assert s.ending() == "perished"
    assert s.route[-1] == (2, 5)


def test_route_moving_right_off_the_end_of_a_row_perishes() -> None:
    s = new_state()
    for _ in range(39):
        fail_turn(s)
    assert s.position == (0, 39)
    assert not s.is_terminal()
    fail_turn(s)
    assert s.is_terminal()
    assert s.ending() == "perished"
    assert len(s.route) == 40
    assert s.returns() == [-40.0]


# --------------------------------------------------------------- [End of the Game]
def test_end_of_the_game_abandon_before_rolling() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend", *roll(4, 5, 6), "ascend"])
    assert "abandon" in texts(s)
    drive(s, ["abandon"])
    assert s.is_terminal()
    assert s.ending() == "abandoned"
    assert s.legal_actions() == []
    assert s.returns() == [float(2 * 8 - 3)]


def test_end_of_the_game_no_abandoning_after_rolling() -> None:
    ids = action_ids()
    s = drive(new_state(), ["roll", "die 1 shows 2"])
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(ids["abandon"])
    assert err.value.rule
    assert doc(s) == before
    drive(s, faces(2, 2, slots=[2, 3]))
    assert "abandon" not in texts(s)
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(ids["abandon"])
    assert "[End of the Game]" in err.value.rule
    assert doc(s) == before


def test_end_of_the_game_reaching_the_summit_ends_at_once() -> None:
    s = new_state()
    for _ in range(15):
        ascend_turn(s)
        assert not s.is_terminal()
    assert s.position == (15, 15)
    ascend_turn(s)
    assert s.position == (16, 16)
    assert s.is_terminal()
    assert s.ending() == "summit"
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError):
        s.apply_action(action_ids()["roll"])


# ------------------------------------------------------------------ R-0-5 refusals
REFUSALS = [
    # (name, setup texts, action key or text, rule fragment)
    ("ascend below target", [*roll(1, 1, 1)], "ascend", "[Climbing the Mountain]"),
    ("camp below target", [*roll(1, 1, 1)], "camp", "[Climbing the Mountain]"),
    ("abandon after rolling", [*roll(1, 1, 1)], "abandon", "[End of the Game]"),
    ("roll twice", [*roll(1, 1, 1)], "roll", "["),
    ("move right before rolling", [], "move right", "["),
    ("ascend before rolling", [], "ascend", "["),
    ("reroll a fourth die", [*roll(1, 1, 1)], "reroll 4", "R-1924-3"),
    ("second reroll", [*roll(1, 1, 1), *reroll([2, 3], [2, 3])], "reroll 2", "R-1924-3"),
    ("combine to 5 from 5,5", [*roll(5, 5, 1)], "combine 1,2 -> 5", "R-1924-2"),
    ("combine discarded", [*roll(5, 5, 1), "combine 1,2 -> 4"], "combine 2,3 -> 1", "R-1924-2"),
    ("combine a fourth die", [*roll(5, 5, 1)], "combine 1,4 -> 6", "R-1924-2"),
    ("player action while rolling", ["roll"], "ascend", "R-0-3"),
]


@pytest.mark.parametrize(
    ("setup", "action", "rule"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_illegal_action_error_names_a_rule_and_leaves_state_unchanged_r_0_5(
    setup: list[str], action: str, rule: str
) -> None:
    s = drive(new_state(), setup)
    ids = action_ids()
    action_id = ids[action] if action in ids else s.string_to_action(action)
    before = doc(s)
    legal_before = s.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(action_id)
    assert err.value.rule, "a refusal names the rule"
    assert rule in err.value.rule
    assert doc(s) == before
    assert s.legal_actions() == legal_before


def test_illegal_action_error_after_the_end_r_0_5() -> None:
    s = drive(new_state(), ["abandon"])
    before = doc(s)
    for action in action_ids().values():
        with pytest.raises(IllegalActionError) as err:
            s.apply_action(action)
        assert err.value.rule
    assert doc(s) == before


@pytest.mark.parametrize(
    ("setup", "text"),
    [
        (roll(1, 1, 1), "ascend"),
        (roll(1, 1, 1), "camp"),
        (roll(1, 1, 1), "abandon"),
        (roll(1, 1, 1), "roll"),
        ([], "move right"),
        ([], "ascend"),
    ],
    ids=[
        "ascend-after-failed-roll",
        "camp-after-failed-roll",
        "abandon-after-rolling",
        "roll-after-rolling",
        "move-right-before-rolling",
        "ascend-before-rolling",
    ],
)
def test_illegal_action_text_is_refused_naming_the_rule_r_0_5(setup: list[str], text: str) -> None:
    """R-0-5: "ascend" (like its alias "up") names an action; when it is not legal the refusal
    must name the rule that forbids it (IllegalActionError), not claim the text is unreadable."""
    s = drive(new_state(), setup)
    before = doc(s)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(s.string_to_action(text))
    assert err.value.rule
    assert doc(s) == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly to the summit",
        "combine 1,2 -> 7",
        "combine 1,1 -> 3",
        "reroll 7",
        "reroll 0",
        "die 9 shows 3",
    ],
)
def test_unreadable_action_text_raises_invalid_action_error(text: str) -> None:
    s = drive(new_state(), roll(5, 5, 1))
    before = doc(s)
    with pytest.raises(InvalidActionError):
        s.string_to_action(text)
    assert doc(s) == before
