"""[Final Scoring] and R-1924-6/7: the score of finished games, its breakdown, the legend."""

from __future__ import annotations

import pytest

from highcamp import State
from highcamp.core import ScoreBreakdown
from highcamp.games.everest1924 import standard_sheet

from .helpers import ascend_turn, drive, fall_turn, new_state, roll


def _breakdown(s: State) -> ScoreBreakdown:
    (b,) = s.score_breakdown()
    return b


def _check_lines_add_up(s: State) -> None:
    b = _breakdown(s)
    assert b.total == s.score() == s.returns()[0]
    assert sum(line.points for line in b.lines) == b.total
    assert all(line.rule for line in b.lines)


def test_final_scoring_summit_without_camps_adds_five_per_unused_camp() -> None:
    """Straight up: 16 ascents, 17 circles: 2 x 36 - 17 + 4 x 5 = 75 (Kilian Jornet)."""
    s = new_state()
    for _ in range(16):
        ascend_turn(s)
    assert s.ending() == "summit"
    assert s.returns() == [75.0]
    b = _breakdown(s)
    assert [line.points for line in b.lines] == [72, -17, 20]
    assert "Kilian Jornet" in b.band
    _check_lines_add_up(s)


@pytest.mark.parametrize(
    ("camps", "score", "band"), [(4, 55, "Mallory and Irvine"), (2, 65, "Hillary and Norgay")]
)
def test_final_scoring_summit_counts_only_unused_camps(camps: int, score: int, band: str) -> None:
    """Camps from the diagonal land on the diagonal (clamped, R-1924-4), so the route is the
    same 17 circles; each used camp costs its 5-point bonus."""
    s = new_state()
    for k in range(16):
        ascend_turn(s, "camp" if k < camps else "ascend")
    assert s.position == (16, 16)
    assert s.ending() == "summit"
    assert s.returns() == [float(score)]
    assert band in _breakdown(s).band
    _check_lines_add_up(s)


def test_final_scoring_no_camp_bonus_below_the_summit() -> None:
    """Abandoning at row 2 with four unused camps: 2 x 8 - 3 = 13, no bonus."""
    s = drive(new_state(), [*roll(4, 5, 6), "ascend", *roll(4, 5, 6), "ascend", "abandon"])
    assert s.returns() == [13.0]
    b = _breakdown(s)
    assert [line.points for line in b.lines if line.points > 0] == [16]
    assert "Forgotten to history" in b.band
    _check_lines_add_up(s)


def test_final_scoring_uses_the_highest_row_reached_not_the_last() -> None:
    """Up to row 2 (target 8), fall to row 1, abandon: 2 x 8 - 4 circles = 12."""
    s = drive(new_state(), [*roll(4, 5, 6), "ascend", *roll(4, 5, 6), "ascend"])
    fall_turn(s)
    assert s.position == (1, 3)
    drive(s, ["abandon"])
    assert s.returns() == [12.0]
    assert _breakdown(s).figures["highest_row"] == 2
    _check_lines_add_up(s)


def test_final_scoring_counts_the_starting_square() -> None:
    """Abandoning at once: row 0 has no target (0), one circle (the start): -1."""
    s = drive(new_state(), ["abandon"])
    assert s.ending() == "abandoned"
    assert s.returns() == [-1.0]
    _check_lines_add_up(s)


def test_final_scoring_perished_party_is_scored_as_usual() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "camp"])  # (1,1), one camp used
    fall_turn(s)  # (0,2)
    drive(s, [*roll(1, 1, 1), "reroll 1,2,3", *["die 1 shows 1", "die 2 shows 1", "die 3 shows 1"]])
    # the failed reroll falls at once (R-0-4), from row 0: the party perishes
    assert s.ending() == "perished"
    assert s.returns() == [float(2 * 6 - 3)]
    _check_lines_add_up(s)


def test_final_scoring_returns_zero_before_the_end() -> None:
    s = drive(new_state(), [*roll(4, 5, 6), "ascend"])
    assert s.returns() == [0.0]


@pytest.mark.parametrize(
    ("score", "band"),
    [
        (-40, "Forgotten to history"),
        (0, "Forgotten to history"),
        (19, "Forgotten to history"),
        (20, "Forgotten to history"),  # R-1924-7
        (21, "Mallory and Bullock"),
        (40, "Mallory and Bullock"),
        (41, "Finch and Bruce"),
        (50, "Finch and Bruce"),
        (51, "Mallory and Irvine"),
        (60, "Mallory and Irvine"),
        (61, "Hillary and Norgay"),
        (70, "Hillary and Norgay"),
        (71, "Kilian Jornet"),
        (92, "Kilian Jornet"),
    ],
)
def test_final_scoring_legend_bands_r_1924_7(score: int, band: str) -> None:
    got = standard_sheet().band(score)
    assert band in got
    others = {
        "Forgotten to history",
        "Mallory and Bullock",
        "Finch and Bruce",
        "Mallory and Irvine",
        "Hillary and Norgay",
        "Kilian Jornet",
    } - {band}
    assert not any(o in got for o in others)
