"""Rule fixes of Disaster on K2, each a scenario named after its section."""

from __future__ import annotations

from highcamp import CHANCE
from highcamp.games.disaster_series.engine import LOST
from highcamp.games.disaster_series.k2.rules import R_SCALED

from .helpers import act, draw, marker, new, place, record, roll, texts, to_move, where
from .test_two_player import BROKEN_ROPE, LUCK, names, new2, place2, where2, win


def _joint_descent(team: str, guide: str, climber: str, face: int) -> str:
    """``guide`` carries ``climber`` down onto Bottleneck III; they scale down together."""
    s = new(team=team, game="advanced")
    s.collapsed = [4, 5, 6]
    place(s, guide, "Traverse")
    place(s, climber, "Traverse")
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
    s = record(new())
    s.collapsed = [4, 5, 6]
    place(s, "Vuk", "Traverse")
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to Bottleneck III")
    act(s, "Vuk descends scaling")
    roll(s, 6)
    assert where(s, "Vuk") == "Bottleneck II"
    assert s._log is not None
    (entry,) = [e for e in s._log if e.text.startswith("scaling (6)")]
    assert entry.rule == R_SCALED == "[9.2] R-DS-9"
    assert "move Vuk" not in texts(s)  # its move is over for the turn


def test_9_3_bad_sense_of_direction_gets_lost_sliding_off_the_shoulder_by_icy() -> None:
    s = new(team="netherlands", game="advanced")
    s.storm = 1  # darkness
    place(s, "Joost", "The Shoulder")  # Bad Sense of Direction
    place(s, "Maarten", "The Shoulder")  # Good Sense of Direction: never lost
    place(s, "Femke", "The Shoulder")
    draw(s, 14)  # Icy
    act(s, "buy")
    assert s.team.pos[marker(s, "Joost")] == LOST  # no roll
    assert where(s, "Maarten") == "Abruzzi Spur"
    assert s.current_player() == CHANCE and s.die_for == "lost"  # Femke rolls
    assert s.lost_checks == [marker(s, "Femke") - s._game.ng]


def test_15_3_luck_before_the_opponents_broken_rope_roll() -> None:
    s = new2()
    theirs = names(s, 1)
    place2(s, 1, theirs[0], "Below the Bottleneck")
    with s._seated(1):
        s.container.remove(LUCK)
        s.team.held = [LUCK]
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
    s = new2()
    theirs = names(s, 1)
    place2(s, 1, theirs[0], "Below the Bottleneck")
    win(s, BROKEN_ROPE, 0)
    act(s, f"Broken Rope strikes {theirs[0]} of Seat 2 (Netherlands)")
    assert s.current_player() == CHANCE
    roll(s, 1)
    assert where2(s, 1, theirs[0]) == "dead"
