"""Rule fixes of Disaster on K2, each a scenario named after its section."""

from __future__ import annotations

from highcamp import CHANCE
from highcamp.games.disaster_series.constants import LOST
from highcamp.games.disaster_series.k2.rules import R_SCALED

from .helpers import act, draw, marker, roll, start, texts, three_collapsed, to_move, where
from .test_two_player import BROKEN_ROPE, LUCK, names, new2, start2, where2, win


def _joint_descent(team: str, guide: str, climber: str, face: int) -> str:
    """``guide`` carries ``climber`` down onto Bottleneck III; they scale down together."""
    s = start(
        where={guide: "Traverse", climber: "Traverse"},
        **three_collapsed({"team": team, "game": "advanced"}),
    )
    to_move(s)
    act(s, "option a")
    act(s, f"move {guide}")
    act(s, f"{guide} picks up {climber}")
    act(s, f"{guide} carries {climber} 1 down")
    act(s, f"{guide} and {climber} descend together scaling")
    roll(s, face)
    assert where(s, guide) == where(s, climber) or where(s, climber) == "dead"
    return where(s, guide)


def test_9_2_8_4_advanced_climber_gives_no_bonus_to_a_guide_who_is_not_an_expert() -> None:
    # Norway's HAP Shaheen (Fast, Resolute) leads Eirik (Advanced Climber): a 3 is a fall
    # (climbers ignore their own traits with a guide); Eirik alone would have +2
    assert _joint_descent("norway", "Shaheen", "Eirik", 3) == "removed"
    assert _joint_descent("norway", "Shaheen", "Eirik", 6) == "Bottleneck II"


def test_9_2_expert_climber_guide_still_shares_its_bonus() -> None:
    # South Korea's HAP Qudrat (Expert Climber) leads Seo-yeon: 2 + 2 = 4, one space down
    assert _joint_descent("south-korea", "Qudrat", "Seo-yeon", 2) == "Bottleneck II"


def test_9_2_r_ds_9_a_successful_scale_cites_the_ruling() -> None:
    s = start(
        where={"Vuk": "Traverse"},
        **three_collapsed(),
    )
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to Bottleneck III")
    act(s, "Vuk descends scaling")
    roll(s, 6)
    assert where(s, "Vuk") == "Bottleneck II"
    (entry,) = [e for e in s.log if e.text.startswith("scaling (6)")]
    assert entry.rule == s.rs.cite(R_SCALED) == "[9.2] R-DS-9"
    assert "move Vuk" not in texts(s)  # its move is over for the turn


def test_9_3_bad_sense_of_direction_gets_lost_sliding_off_the_shoulder_by_icy() -> None:
    s = start(
        options={"team": "netherlands", "game": "advanced"},
        where={"Joost": "The Shoulder", "Maarten": "The Shoulder", "Femke": "The Shoulder"},
        k2={"darkness_track": 1},
    )
    draw(s, 14)  # Icy
    act(s, "buy")
    assert s.team.pos[marker(s, "Joost")] == LOST  # no roll
    assert where(s, "Maarten") == "Abruzzi Spur"
    assert s.current_player() == CHANCE and s.die_for == "lost"  # Femke rolls
    assert s.lost_checks == [marker(s, "Femke") - s._game.ng]


def test_15_3_luck_before_the_opponents_broken_rope_roll() -> None:
    theirs = names(new2(), 1)
    s = start2(where=({}, {theirs[0]: "Below the Bottleneck"}), seats=({}, {"held": [LUCK]}))
    win(s, BROKEN_ROPE, 0)
    act(s, f"Broken Rope strikes {theirs[0]} of Seat 2 (Netherlands)")
    assert s.current_player() == 1  # the struck climber's player
    assert texts(s) == ["play Luck: +2 to this roll", "roll without Luck"]
    act(s, "play Luck")
    assert s.current_player() == CHANCE
    roll(s, 3)  # 3 + 2 = 5: unharmed
    assert where2(s, 1, theirs[0]) == "Below the Bottleneck"
    assert LUCK in s.spent and s.invariants() == []
    with s._seated(1):
        assert s.team.held == []


def test_15_3_without_luck_the_opponents_broken_rope_rolls_at_once() -> None:
    theirs = names(new2(), 1)
    s = start2(where=({}, {theirs[0]: "Below the Bottleneck"}))
    win(s, BROKEN_ROPE, 0)
    act(s, f"Broken Rope strikes {theirs[0]} of Seat 2 (Netherlands)")
    assert s.current_player() == CHANCE
    roll(s, 1)
    assert where2(s, 1, theirs[0]) == "dead"
