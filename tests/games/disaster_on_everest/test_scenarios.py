"""A scenario per rule section of Disaster on Everest, named after the section."""

from __future__ import annotations

import pytest

import highcamp
from highcamp import CHANCE, IllegalActionError
from highcamp.games.disaster_series.constants import DEAD, LOST, STEP_UP
from highcamp.games.disaster_series.engine import DisasterState

from .helpers import (
    ALL_HILLARY,
    END,
    act,
    draw,
    logged,
    marker,
    moving,
    new,
    roll,
    start,
    texts,
    to_move,
    where,
)


# ------------------------------------------------------------------------- set-up [4.*]
def test_4_set_up_company_guides_clients_prestige_tokens() -> None:
    s = new(company="himalayan-quest")
    obs = s.observation(0)
    assert [g["name"] for g in obs["guides"]] == ["Ang", "Neal"]
    assert len(obs["clients"]) == 6
    assert all(c["where"] == "High Camp" for c in obs["clients"] + obs["guides"])
    assert obs["prestige"] == 18
    assert obs["container"] == 36
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 36


def test_4_1_unknown_company_is_refused() -> None:
    with pytest.raises(highcamp.OptionError, match="company"):
        highcamp.load_game("disaster-on-everest", company="acme")


# ------------------------------------------------------------------------ events [6.*]
def test_6_1_blocked_ridges_and_the_neutral_client() -> None:
    s = new()
    draw(s, 4)  # Broken Rope, ridge number 5
    assert s.rs.tokens[4].ridge == 5
    assert s.observation(0)["blocked"] == ["The Balcony", "South Summit"]
    assert s.queue == [[4, 99, 0]]  # another company's client on spot 5


def test_6_1_occupied_queue_spot_gets_no_neutral_client() -> None:
    s = start(
        queue=[{"spot": 5, "who": "Doug", "direction": "up"}], marker={"Doug": "Hillary Step"}
    )
    doug = marker(s, "Doug")
    draw(s, 4)
    assert s.queue == [[4, doug, 1]]


def test_6_2_buying_costs_prestige_and_is_refused_when_short() -> None:
    s = new()
    draw(s, 30)  # Ridges Open, cost 2, held
    act(s, "buy Ridges Open for 2 Prestige")
    assert s.team.prestige == 16 and s.observation(0)["held"] == ["Ridges Open"]
    s2 = start(prestige=0)
    draw(s2, 30)
    assert s2.phase == 9  # not affordable: declined at once (R-0-4)
    assert s2.storm_watch == [30]


def test_6_3_storm_watch_six_declines_bring_the_storm_next_turn() -> None:
    s = new()
    for turn in range(6):
        draw(s, 10 + turn)
        if s.phase == 7:
            act(s, "decline")
        act(s, "option c: move 4 clients")
        act(s, "end movement")
        while s.current_player() == CHANCE and s.step == "resolve":
            roll(s, 6)
        if turn < 5:
            assert s.storm == 0
    assert len(s.storm_watch) == 6
    assert s.storm == 1  # placed at the end of the turn the 6 was covered
    draw(s, 20)
    assert "set aside" in texts(s)[-1]


# ---------------------------------------------------------------------- movement [7.*]
def test_7_1_option_b_guide_first_then_two_clients() -> None:
    s = new()
    to_move(s)
    act(s, "option b: move 1 guide, then 2 clients")
    assert "move Doug" not in texts(s)
    act(s, "move Rob")
    act(s, "end Rob's move")
    assert "move Yuri" not in texts(s) and "move Doug" in texts(s)
    act(s, "move Frank")
    act(s, "Frank up to Triangular Face")
    act(s, "end Frank's move")
    act(s, "move Beck")
    act(s, "end Beck's move")
    assert s.step != "move" or texts(s) == ["end movement"]


def test_7_1_option_c_moves_four_clients() -> None:
    s = new()
    to_move(s)
    act(s, "option c: move 4 clients")
    assert not any(t.startswith("move Yuri") for t in texts(s))
    for name in ("Frank", "Beck", "Yasuko", "Lou"):
        act(s, f"move {name}")
        act(s, f"end {name}'s move")
    assert s.step == "resolve" or s.step == "draw"  # nothing left: movement over


def test_7_3_strong_fast_guide_carries_two_three_spaces_dropped_together() -> None:
    s = new()
    to_move(s)
    act(s, "option a")
    act(s, "move Rob")  # Strong and Fast
    act(s, "Rob picks up Doug")
    act(s, "Rob picks up Beck")
    act(s, "Rob carries Doug and Beck 1 up to Triangular Face")
    act(s, "Rob carries Doug and Beck 2 up to Snow Gully")
    act(s, "Rob carries Doug and Beck 3 up to The Balcony")
    assert not any("carries" in t for t in texts(s))  # three spaces at most (Fast)
    act(s, "Rob drops off Doug and Beck")
    assert where(s, "Doug") == where(s, "Beck") == "The Balcony"


def test_7_3_unskilled_guide_carries_one_client_only() -> None:
    s = new()
    to_move(s)
    act(s, "option a")
    act(s, "move Yuri")  # Expert Climber, Resolute: not Strong
    act(s, "Yuri picks up Doug")
    assert not any("picks up" in t for t in texts(s))


def test_7_4_client_moves_its_movement_and_is_turned_over() -> None:
    s = new()
    to_move(s)
    act(s, "option c")
    act(s, "move Frank")  # movement 3
    for space in ("Triangular Face", "Snow Gully", "The Balcony"):
        act(s, f"Frank up to {space}")
    assert s.mover == -1 and s.team.moved[marker(s, "Frank")]
    assert "move Frank" not in texts(s)
    act(s, "move Doug")  # movement 1
    act(s, "Doug up to Triangular Face")
    with pytest.raises(IllegalActionError):
        s.apply_action(STEP_UP)


def test_7_4_carried_client_cannot_move_alone_the_same_turn() -> None:
    s = new()
    to_move(s)
    act(s, "option b")
    act(s, "move Yuri")
    act(s, "Yuri picks up Frank")
    act(s, "Yuri carries Frank 1 up to Triangular Face")
    act(s, "end Yuri's move")
    assert "move Frank" not in texts(s)


def test_7_5_preparations_draw_three_keep_return_remove_then_roll() -> None:
    s = start()
    to_move(s)
    act(s, "option a with Preparations: one guide prepares, the other moves")
    assert s.team.prep == 1 and s.guides_left == 1
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)
    draw(s, 2)
    act(s, "decline")
    act(s, "option a with Preparations")
    assert s.observation(0)["preparations"] == "Prep Ready"
    assert "option a with Preparations: one guide prepares, the other moves" not in texts(s)
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)
    draw(s, 22)
    draw(s, 23)
    draw(s, 24)
    assert texts(s) == [
        "keep token 22 (Luck)",
        "keep token 23 (Med Kit)",
        "keep token 24 (Med Kit)",
    ]
    act(s, "keep token 22 (Luck)")
    act(s, "return token 24 (Med Kit) to the container")
    assert s.removed == [23] and 24 in s.container
    roll(s, 2)
    assert s.team.prep == 0  # 1 or 2 ends the preparations
    assert s.rs.tokens[s.current].name == "Luck"
    assert s.invariants() == []


def test_7_5_no_preparations_in_the_storm() -> None:
    s = start(storm_track=2)
    to_move(s)
    assert not any(t.startswith("option") for t in texts(s))
    assert s.round == "storm"


def test_7_6_storm_guides_two_spaces_clients_one_unless_with_a_guide() -> None:
    s = start(where={"Beck": "Triangular Face"}, storm_track=2)
    to_move(s)
    assert s.round == "storm"
    act(s, "move Rob")  # not Resolute: 2 spaces, one client
    act(s, "Rob picks up Doug")
    assert not any("picks up" in t for t in texts(s))  # Strong lost in the storm
    act(s, "Rob carries Doug 1 up to Triangular Face")
    act(s, "Rob carries Doug 2 up to Snow Gully")
    assert s.mover == -1  # two spaces only
    act(s, "move Frank")  # alone at High Camp with Yuri: full movement
    assert s.remaining == 3
    act(s, "end Frank's move")
    assert "move Yuri" not in texts(s)  # guides move first
    act(s, "move Beck")
    assert s.remaining == 1  # alone: one space


def test_7_6_resolute_guide_keeps_movement_and_skills() -> None:
    s = start(storm_track=2)
    to_move(s)
    act(s, "move Yuri")  # Resolute, movement 5
    assert s.remaining == 5


# ------------------------------------------------------------------ restrictions [8.*]
def test_8_1_blocked_ridge_refused_naming_the_rule() -> None:
    s = start(where={"Frank": "Snow Gully"})
    draw(s, 4)  # ridge 5: The Balcony and South Summit blocked
    act(s, "decline")
    act(s, "option c")
    act(s, "move Frank")
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(STEP_UP)
    assert err.value.rule == "[8.1]"


def test_8_1_marker_on_a_blocked_ridge_may_move_off_or_stay() -> None:
    s = start(where={"Frank": "The Balcony"})
    draw(s, 4)
    act(s, "decline")
    act(s, "option c")
    act(s, "move Frank")
    assert "Frank down to Snow Gully" in texts(s) and "end Frank's move" in texts(s)
    act(s, "Frank up to Southeast Ridge")
    assert where(s, "Frank") == "Southeast Ridge"


def test_8_1_expert_climber_passes_but_may_not_stop() -> None:
    s = start(where={"Yuri": "Snow Gully", "Doug": "Snow Gully"})
    draw(s, 4)  # The Balcony blocked
    act(s, "decline")
    act(s, "option a")
    act(s, "move Yuri")
    act(s, "Yuri picks up Doug")
    act(s, "Yuri carries Doug 1 up to The Balcony")
    assert "Yuri drops off Doug" not in texts(s)
    assert "end Yuri's move" not in texts(s)
    act(s, "Yuri carries Doug 2 up to Southeast Ridge")
    act(s, "Yuri drops off Doug")
    assert where(s, "Doug") == "Southeast Ridge"


def test_8_1_expert_without_movement_to_clear_the_ridge_cannot_enter() -> None:
    s = start(where={"Yuri": "Triangular Face"})
    draw(s, 4)
    act(s, "decline")
    act(s, "option a")
    act(s, "move Yuri")
    s.remaining = 2  # Snow Gully, then The Balcony would leave nothing to get off it
    act(s, "Yuri up to Snow Gully")
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(STEP_UP)
    assert err.value.rule == "[8.1]"


def test_8_2_roll_of_six_chooses_any_open_spot() -> None:
    s = moving(where={"Frank": "Cornice Traverse"}, queue=[{"spot": 1, "who": "another company"}])
    act(s, "option c")
    act(s, "move Frank")
    act(s, "Frank up to Up")
    roll(s, 6)
    assert "place Frank on queue spot 1" not in texts(s)
    act(s, "place Frank on queue spot 2")
    assert [e[0] for e in s.queue if e[1] == marker(s, "Frank")] == [1]


def test_8_2_eight_plus_stacks() -> None:
    s = moving(
        where={"Frank": "Cornice Traverse"},
        queue=[{"spot": k + 1, "who": "another company"} for k in range(2, 8)],
    )
    act(s, "option c")
    act(s, "move Frank")
    act(s, "Frank up to Up")
    roll(s, 3)
    assert [e[0] for e in s.queue if e[1] == marker(s, "Frank")] == [7]  # on 8+ with another


def test_8_2_group_entry_in_the_players_order() -> None:
    s = start(where={"Rob": "Cornice Traverse", "Doug": "Cornice Traverse"})
    to_move(s)
    act(s, "option a")
    act(s, "move Rob")
    act(s, "Rob picks up Doug")
    act(s, "Rob carries Doug 1 up to Up")
    assert texts(s) == ["Rob enters the queue next", "Doug enters the queue next"]
    act(s, "Doug enters the queue next")
    roll(s, 2)
    roll(s, 2)
    spots = {s.name(e[1]): e[0] + 1 for e in s.queue if e[1] != 99}
    assert spots == {"Doug": 2, "Rob": 3}
    assert s.team.goal[0] == 1  # Doug earns the Hillary Step marker [8.4]


def test_8_2_expert_climber_walks_up_and_down_but_clients_queue() -> None:
    s = start(where={"Yuri": "Cornice Traverse", "Doug": "Cornice Traverse"})
    to_move(s)
    act(s, "option a")
    act(s, "move Yuri")
    act(s, "Yuri picks up Doug")
    act(s, "Yuri carries Doug 1 up to Up")
    roll(s, 1)  # Doug enters the queue at once
    assert where(s, "Doug") == "the Hillary Step queue"
    assert where(s, "Yuri") == "Up"
    act(s, "Yuri up to Down")
    act(s, "Yuri up to Summit Ridge")
    act(s, "Yuri down to Down")
    act(s, "end Yuri's move")  # Expert Climbers may stay on Up or Down
    assert where(s, "Yuri") == "Down"


def test_8_2_other_guides_cannot_walk_from_up_to_down() -> None:
    s = start(where={"Rob": "Cornice Traverse"})
    to_move(s)
    act(s, "option a")
    act(s, "move Rob")
    act(s, "Rob up to Up")
    assert s.entering == [[marker(s, "Rob"), 1]]


def test_8_3_lost_in_the_storm_on_one_or_two() -> None:
    s = start(where={"Frank": "South Summit"}, storm_track=2)
    to_move(s)
    act(s, "move Frank")
    act(s, "Frank down to Southeast Ridge")
    assert s.current_player() == CHANCE and s.die_for == "lost"
    roll(s, 2)
    assert s.team.pos[marker(s, "Frank")] == LOST


def test_8_3_guided_clients_never_get_lost() -> None:
    s = start(where={"Yuri": "South Summit", "Frank": "South Summit"}, storm_track=2)
    to_move(s)
    act(s, "move Yuri")
    act(s, "Yuri picks up Frank")
    act(s, "Yuri carries Frank 1 down to Southeast Ridge")
    assert s.current_player() == 0 and not s.lost_checks


def test_8_4_summit_marker_and_start_down_the_same_turn() -> None:
    s = start(where={"Frank": "Summit Ridge"}, marker={"Frank": "Hillary Step"})
    to_move(s, token=3)  # ridge 2: only South Summit blocked
    act(s, "option c")
    act(s, "move Frank")
    act(s, "Frank up to Summit")
    assert s.team.goal[3] == 2
    act(s, "Frank down to Summit Ridge")
    assert where(s, "Frank") == "Summit Ridge"


# --------------------------------------------------------------------- the queue [9.0]
def test_9_0_exits_past_one_in_both_directions_and_neutral_leaves() -> None:
    s = moving(
        queue=[
            {"spot": 1, "who": "Doug", "direction": "up"},
            {"spot": 2, "who": "Beck", "direction": "down"},
            {"spot": 3, "who": "another company"},
            {"spot": 7, "who": "another company"},
        ],
        marker={"Doug": "Hillary Step", "Beck": "Hillary Step"},
    )
    act(s, "option c")
    act(s, "end movement")
    roll(s, 3)
    assert where(s, "Doug") == "Summit Ridge"  # one space above Down
    assert where(s, "Beck") == "Cornice Traverse"  # one space below Up
    assert s.queue == [[3, 99, 0]]


def test_9_0_slowed_queue_does_not_move() -> None:
    s = start(queue=[{"spot": 4, "who": "another company"}])
    draw(s, 31)  # Slowed
    act(s, "buy")
    act(s, "option c")
    act(s, "end movement")
    assert s.step == "draw" and [3, 99, 0] in s.queue


# ------------------------------------------------------------------ end of turn [10.0]
def test_10_0_end_of_turn_flips_clients_and_clears_blocks() -> None:
    s = new()
    draw(s, 4)
    act(s, "decline")
    act(s, "option c")
    act(s, "move Frank")
    act(s, "end Frank's move")
    act(s, "end movement")
    roll(s, 1)
    assert s.blocked == [] and not any(s.team.moved) and s.turn == 2


def test_10_0_storm_track_reaches_game_end() -> None:
    s = start(storm_track=END)
    to_move(s)
    act(s, "end movement")
    while s.current_player() == CHANCE and s.step == "resolve":
        roll(s, 1)
    assert s.step in ("fate", "over")


# ---------------------------------------------------------------------- game end [11.*]
def _end_now(s: DisasterState) -> None:
    """Play the last turn of a position on the Storm Track's last space (``END``)."""
    to_move(s)
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)


def test_11_1_pool_keeps_out_khumbu_med_kits_luck_and_removed() -> None:
    s = start(
        storm_track=END,
        kept=["token 18", "token 23"],  # Khumbu Ice Field, Med Kit
        held=["token 22"],  # Luck
        removed=["token 5"],
    )
    _end_now(s)
    assert not {18, 23, 22, 5} & set(s.pool + s.fate_drawn)
    assert s.team.held == [22]
    assert s.invariants() == []


def test_11_2_lost_clients_frozen_or_back_to_high_camp() -> None:
    s = start(storm_track=END, where={"Doug": "lost", "Beck": "lost"}, marker=ALL_HILLARY)
    doug, beck = marker(s, "Doug"), marker(s, "Beck")
    _end_now(s)
    lost_live = next(t for t in s.pool if s.rs.tokens[t].fates[0] == "LIVE")
    frozen = next(t for t in s.pool if s.rs.tokens[t].fates[0] == "FROZEN")
    s.apply_action(178 + lost_live)
    assert s.team.pos[doug] == 0
    s.apply_action(178 + frozen)
    assert s.team.pos[beck] == DEAD
    assert s.is_terminal()
    lines = {ln.label: ln.points for ln in s.score_breakdown()[0].lines}
    assert lines["Beck died"] == -8
    assert lines["5 clients at High Camp"] == 5  # Doug came back from the LOST box


def test_11_3_zones_death_above_the_hillary_step() -> None:
    s = start(
        storm_track=END,
        where={"Doug": "Summit Ridge", "Frank": "Snow Gully"},
        marker={"Doug": "Summit", "Frank": "Hillary Step"},
    )
    _end_now(s)
    assert s.team.pos[marker(s, "Doug")] == DEAD
    assert s.fate_key == "near" and s.name(s.fate_client + 2) == "Frank"
    assert any("caught above the Hillary Step" in t for t in logged(s))


def test_11_4_guide_sacrifice_saves_a_client_once() -> None:
    s = start(
        storm_track=END, where={"Frank": "South Summit", "Rob": "South Summit"}, marker=ALL_HILLARY
    )
    _end_now(s)
    assert s.fate_key == "medium"
    die = next(t for t in s.pool if s.rs.tokens[t].fates[2] == "DIE")
    s.apply_action(178 + die)
    assert "Rob gives their life for Frank" in texts(s)
    act(s, "Rob gives their life for Frank")
    assert s.team.pos[marker(s, "Frank")] == 5 and s.team.sacrificed[1]
    assert s.is_terminal()


def test_11_6_clients_without_a_marker_score_negative() -> None:
    s = start(storm_track=END)
    _end_now(s)
    bd = s.score_breakdown()[0]
    assert bd.lines[0].label == "Doug not supported" and bd.lines[0].points == -10
    assert bd.total == -(10 + 8 + 9 + 6 + 7 + 12) + 18


# ------------------------------------------------------------------------ scoring [12.0]
def test_12_0_every_scoring_line() -> None:
    s = start(
        marker={
            "Doug": "Summit",  # summit, back at High Camp: 10 + 1
            "Beck": "Hillary Step",  # Hillary Step, at High Camp: 4 + 1
            "Yasuko": "Summit",  # died after the Summit: -4
            "Lou": "Hillary Step",  # died with the Hillary Step marker: -7
            "Stuart": "Summit",  # survived on the mountain
        },
        where={"Yasuko": "dead", "Lou": "dead", "Stuart": "Snow Gully"},
        oxygen={"Yuri": True},
        held=["token 22"],
        prestige=5,
    )
    bd = s.score_breakdown()[0]
    got = {ln.label: ln.points for ln in bd.lines}
    assert got["Doug reached the Summit"] == 10
    assert got["Beck reached the Hillary Step"] == 4
    assert got["Yasuko died after the Summit"] == -4
    assert got["Lou died"] == -7
    assert got["Frank not supported"] == -6
    assert got["Stuart reached the Summit"] == 12  # on the mountain, survived
    assert got["2 clients at High Camp"] == 2
    assert got["Prestige left"] == 5
    assert got["1 oxygen tanks at High Camp"] == 3
    assert got["Luck token held"] == 2
    assert bd.total == 10 + 4 - 4 - 7 - 6 + 12 + 2 + 5 + 3 + 2
    assert bd.band == s.rs.band(bd.total)


# ------------------------------------------------------------------- advanced [13.*]
def test_13_2_push_then_tired_then_resting() -> None:
    s = new(game="advanced")
    to_move(s)
    act(s, "option c")
    act(s, "move Frank")
    act(s, "Frank pushes (one more space, then tired)")
    assert s.remaining == 4
    act(s, "end Frank's move")
    assert s.team.tired[3] == 1
    act(s, "end movement")
    while s.step == "resolve":
        roll(s, 1)
    assert s.team.tired[3] == 2
    to_move(s, token=9)
    act(s, "option c")
    assert "move Frank" not in texts(s)  # resting this turn


def test_13_2_guide_may_carry_a_tired_client_who_recovers() -> None:
    s = start(options={"game": "advanced"}, tired={"Frank": "resting"})
    to_move(s)
    act(s, "option a")
    act(s, "move Yuri")
    act(s, "Yuri picks up Frank")
    assert s.team.tired[3] == 0


def test_13_1_cautious_client_tires_and_cannot_push() -> None:
    s = new(game="advanced")
    to_move(s)
    act(s, "option c")
    act(s, "move Lou")  # Cautious
    assert not any("pushes" in t for t in texts(s))
    act(s, "Lou up to Triangular Face")  # a move: then tired (not without one [13.2])
    act(s, "end Lou's move")
    assert s.team.tired[4] == 1


def test_13_1_dependent_client_needs_a_guide_for_the_step() -> None:
    s = start(options={"game": "advanced"}, where={"Doug": "Cornice Traverse"})
    to_move(s)
    act(s, "option c")
    act(s, "move Doug")
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(STEP_UP)
    assert err.value.rule == "[13.1]"


def test_13_1_traits_ignored_in_the_basic_game() -> None:
    s = start(where={"Doug": "Cornice Traverse"})
    to_move(s)
    act(s, "option c")
    act(s, "move Doug")
    act(s, "Doug up to Up")
    assert s.entering


# ---------------------------------------------------------------- optional rules [14.*]
def test_14_1_random_guides_and_clients_are_drawn() -> None:
    s = new(random_team=True)
    assert s.phase == 1 and len(s.chance_outcomes()) == 8
    s.apply_random_chance()
    s.apply_random_chance()
    assert len(s.chance_outcomes()) == 24
    for _ in range(6):
        s.apply_random_chance()
    assert len(s.team.clients) == 6 and s.phase == 3


def test_14_2_choose_any_two_guides() -> None:
    s = new(company="himalayan-quest", team_bonus=True)
    assert "hire Yuri" in texts(s)
    act(s, "hire Yuri")
    act(s, "hire Lopsang")
    assert [s.name(0), s.name(1)] == ["Yuri", "Lopsang"]


def test_14_2_summit_push() -> None:
    s = new(team_bonus=True)
    to_move(s)
    act(s, "team bonus: summit push (both guides 3 more spaces this turn)")
    act(s, "option a")
    act(s, "move Yuri")
    assert s.remaining == 8
    act(s, "Yuri picks up Doug")
    for space in ("Triangular Face", "Snow Gully", "The Balcony"):
        act(
            s,
            f"Yuri carries Doug {['Triangular Face', 'Snow Gully', 'The Balcony'].index(space) + 1} up to {space}",
        )
    assert any("carries Doug 4" in t for t in texts(s))  # carried the whole allowance


def test_14_2_double_move_on_the_first_storm_turn() -> None:
    s = start(options={"company": "mountain-majesty", "team_bonus": True}, storm_track=1)
    to_move(s)
    assert s.round == "clear" and s.rounds == ["storm"]
    act(s, "option c")
    act(s, "end movement")
    assert s.round == "storm"


def test_14_2_helicopter() -> None:
    s = start(
        options={"company": "top-of-the-world", "team_bonus": True},
        storm_track=END,
        where={"Ian": "Cornice Traverse"},
        marker={"Ian": "Hillary Step"},
    )
    _end_now(s)
    assert "helicopter rescues Ian" in texts(s)
    act(s, "helicopter rescues Ian")
    assert s.team.pos[marker(s, "Ian")] == 0


def test_13_3_traits_and_pushing_stay_in_force_in_the_storm() -> None:
    s = start(options={"game": "advanced"}, where={"Frank": "Snow Gully"}, storm_track=2)
    to_move(s)
    act(s, "move Frank")  # alone: one space in the storm
    assert s.remaining == 1
    act(s, "Frank pushes (one more space, then tired)")
    assert s.remaining == 2
    act(s, "Frank down to Triangular Face")
    act(s, "Frank down to High Camp")
    assert s.team.tired[3] == 1


def test_8_1_amateur_climber_passes_a_blocked_ridge_alone() -> None:
    s = start(
        options={"company": "mountain-majesty", "game": "advanced"},
        where={"Sandy": "Snow Gully", "Charlotte": "Snow Gully"},
    )
    draw(s, 4)  # The Balcony and South Summit blocked
    act(s, "decline")
    act(s, "option c")
    act(s, "move Charlotte")
    assert "Charlotte up to The Balcony" not in texts(s)
    act(s, "end Charlotte's move")
    act(s, "move Sandy")
    act(s, "Sandy up to The Balcony")
    assert "end Sandy's move" not in texts(s)  # may not stop on it
    act(s, "Sandy up to Southeast Ridge")
    assert where(s, "Sandy") == "Southeast Ridge"


def test_7_6_expert_without_skills_in_the_storm_takes_the_queue_from_down() -> None:
    s = start(
        options={"company": "himalayan-quest"}, where={"Ang": "Down"}, storm_track=2
    )  # Ang: Strong, Expert Climber, not Resolute
    to_move(s)
    act(s, "move Ang")
    act(s, "Ang enters the Hillary Step queue going down")
    roll(s, 2)
    assert [e for e in s.queue if e[1] == marker(s, "Ang")] == [[1, marker(s, "Ang"), -1]]


def test_7_5_no_preparations_on_the_double_move_of_the_first_storm_turn() -> None:
    s = start(options={"company": "mountain-majesty", "team_bonus": True}, storm_track=1)
    to_move(s)
    assert s.round == "clear"
    assert not any("Preparations" in t for t in texts(s))


def test_8_3_getting_lost_applies_to_the_normal_move_of_the_first_storm_turn() -> None:
    s = start(
        options={"company": "mountain-majesty", "team_bonus": True},
        where={"Charlotte": "South Summit"},
        storm_track=1,
    )
    to_move(s)
    act(s, "option c")
    act(s, "move Charlotte")
    act(s, "Charlotte down to Southeast Ridge")
    assert s.current_player() == CHANCE and s.die_for == "lost"
