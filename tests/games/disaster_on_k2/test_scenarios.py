"""Scenario tests of Disaster on K2, one group per rulebook section."""

from __future__ import annotations

import pytest

import highcamp
from highcamp import IllegalActionError
from highcamp.games.disaster_series.constants import DEAD, LOST, P_BUY, P_MOVE, REMOVED

from .helpers import (
    FILLER,
    QUIET,
    SPACES,
    act,
    bottleneck_i,
    draw,
    logged,
    marker,
    moving,
    new,
    roll,
    start,
    texts,
    three_collapsed,
    to_move,
    track,
    where,
)

# Serbia: Karim (HAP: strong, fast, 4) or Pemba (Sherpa: expert climber, 5);
# climbers Vuk 3 al, Jelena 2 w, Bojan 2 c, Dragana 1 h, Stefan 0 de.


def test_5_set_up_team_prestige_and_tokens() -> None:
    s = new(team="norway")
    obs = s.observation(0)
    assert [g["name"] for g in obs["guides"]] == ["Shaheen"]
    assert [c["name"] for c in obs["clients"]] == [
        "Eirik",
        "Solveig",
        "Halvard",
        "Ingrid",
        "Torbjorn",
    ]
    assert obs["prestige"] == 18
    assert len(s.container) == 30
    assert all(p == 0 for p in s.team.pos)


def test_5_2_the_sherpa_goal_is_a_chance_step() -> None:
    game = highcamp.load_game("disaster-on-k2", guide="sherpa")
    s = game.new_initial_state(seed=1)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 4 and all(p == 0.25 for _, p in outcomes)
    s.apply_action(outcomes[3][0])
    assert s.observation(0)["k2"]["secret_goal"]["name"] == "Bivouac"
    hap = highcamp.load_game("disaster-on-k2", guide="hap").new_initial_state(seed=1)
    assert hap.phase == 3  # straight to the first event draw: no goal with a HAP


def test_7_1_ridge_blocks_never_the_summit() -> None:
    s = new()
    draw(s, QUIET)
    assert s.observation(0)["blocked"] == ["Snowfields"]
    rs = s.rs
    assert not rs.board.is_ridge(SPACES["Summit"])


def test_7_2_darkness_tokens_cannot_be_bought() -> None:
    s = start()
    draw(s, 6)
    assert s.phase == P_MOVE
    assert s.observation(0)["k2"]["avalanche_track"] == ["Darkness"]
    assert "a Darkness token cannot be bought" in logged(s)


def test_7_3_serac_collapses_at_5_7_and_8_and_darkness_follows() -> None:
    s = start(where={"Vuk": "Bottleneck I"}, k2={"avalanche_track": track(4)})
    to_move(s)
    assert s.collapsed == [SPACES["Bottleneck I"]]
    assert s.team.pos[marker(s, "Vuk")] == DEAD
    act(s, "option b")
    act(s, "end movement")
    to_move(s, FILLER[4])  # the 6th space: no collapse
    act(s, "option b")
    act(s, "end movement")
    to_move(s, 28)
    assert s.collapsed == [4, 5]
    act(s, "option b")
    act(s, "end movement")
    to_move(s, 27)
    assert s.collapsed == [4, 5, 6]
    assert s.storm_pending
    act(s, "option b")
    act(s, "end movement")
    assert s.storm == 1 and s.observation(0)["k2"]["darkness_phase"]


def test_7_3_noble_sacrifice_saves_one_climber_on_a_collapsing_space() -> None:
    s = start(
        where={"Karim": "Bottleneck I", "Vuk": "Bottleneck I", "Jelena": "Bottleneck I"},
        k2={"avalanche_track": track(4)},
    )
    to_move(s)
    assert texts(s) == [
        "Karim gives their life for Vuk",
        "Karim gives their life for Jelena",
        "no Noble Sacrifice",
    ]
    act(s, "Karim gives their life for Jelena")
    assert where(s, "Jelena") == "Bottleneck II"
    assert s.team.pos[marker(s, "Karim")] == REMOVED
    assert s.team.pos[marker(s, "Vuk")] == DEAD
    assert s.phase == P_MOVE


def test_7_3_declined_tokens_are_set_aside_in_the_darkness_phase() -> None:
    s = start(k2={"darkness_track": 2})
    to_move(s, 27)
    assert 27 in s.set_aside and 27 not in s.storm_watch


def test_7_4_depletion_returns_the_set_aside_tokens_only() -> None:
    # set by hand, not by a position document: the container is emptied into the kept
    # tokens, which no table can hold, so that only the set-aside tokens can return
    s = new()
    s.set_aside = [0, 1]
    s.team.held = [2]
    s.removed = [3]
    s.storm_watch = [4]
    s.container = list(range(5, 30))
    for t in list(s.container):
        s.container.remove(t)
        s.team.kept.append(t)
    s.phase = P_MOVE
    s.option = 1
    s.round = "clear"
    act(s, "end movement")
    assert sorted(s.container) == [0, 1] and s.set_aside == []
    assert s.team.held == [2] and s.removed == [3] and s.storm_watch == [4]


def test_8_1_daylight_options() -> None:
    s = new()
    to_move(s)
    assert texts(s) == [
        "option a: move the guide",
        "option b: move up to all five climbers",
        "option c: make preparations and move one climber",
    ]
    act(s, "option c")
    assert s.team.prep == 1 and s.clients_left == 1 and s.guides_left == 0


def test_8_2_pemba_example() -> None:
    """Pemba carries a climber two spaces, drops it, walks one space, picks up another and
    carries it two more: two climbers moved two spaces, Pemba five (his maximum)."""
    s = start(options={"guide": "sherpa"}, where={"Jelena": "Below the Bottleneck"})
    to_move(s)
    act(s, "option a")
    act(s, "move Pemba")
    act(s, "Pemba picks up Vuk")
    act(s, "Pemba carries Vuk 1 up")
    act(s, "Pemba carries Vuk 2 up")
    assert "Pemba carries Vuk 3 up" not in " ".join(texts(s))  # two spaces per pick-up
    act(s, "Pemba drops off Vuk")
    act(s, "Pemba up to Below the Bottleneck")
    act(s, "Pemba picks up Jelena")
    act(s, "Pemba carries Jelena 1 up")
    act(s, "Pemba carries Jelena 2 up")
    assert where(s, "Vuk") == "The Shoulder"
    assert where(s, "Jelena") == "Bottleneck II"
    assert where(s, "Pemba") == "Bottleneck II"
    assert s.turn == 2  # five spaces, his maximum: option a is over, and the turn


def test_8_6_darkness_movement_and_the_flashlight() -> None:
    s = start(
        where={"Vuk": "Snowfields", "Jelena": "Traverse Goal"},
        marker={"Jelena": "Traverse"},
        k2={"darkness_track": 1, "flashlight": "Jelena"},
    )
    to_move(s)
    act(s, "move Vuk")
    assert s.remaining == 1  # one space in the dark
    act(s, "Vuk down to Traverse Goal")
    act(s, "move Jelena")
    assert s.remaining == 2  # the Flashlight: full movement


def test_8_6_resolute_guides_keep_their_movement() -> None:
    s = start(options={"team": "norway"}, k2={"darkness_track": 1})  # Shaheen: resolute, fast, 5
    to_move(s)
    act(s, "move Shaheen")
    assert s.remaining == 5 and s.carry_limit == 3


def test_8_7_bivouac_by_the_darkness_table() -> None:
    s = start(
        where={"Vuk": "Snowfields", "Jelena": "Snowfields"},
        ams={"Jelena": True},
        k2={"darkness_track": 3},
    )
    to_move(s)
    assert "Vuk tries to bivouac" in texts(s)
    assert "Jelena tries to bivouac" not in texts(s)  # Acute Mountain Sickness
    act(s, "Vuk tries to bivouac")
    roll(s, 2)
    assert where(s, "Vuk") == "Snowfields"
    s2 = start(where={"Vuk": "Snowfields"}, k2={"darkness_track": 3})
    to_move(s2)
    act(s2, "Vuk tries to bivouac")
    roll(s2, 3)
    assert s2.team.pos[marker(s2, "Vuk")] == LOST and s2.team.bivouacked[marker(s2, "Vuk")]


def test_9_1_blocked_ridges_and_the_expert_climber() -> None:
    s = start(options={"guide": "sherpa"}, where={"Pemba": "Bottleneck I"})  # expert climber
    draw(s, 20)  # Ridges Open, ridge 3: blocks Bottleneck II
    act(s, "decline")
    act(s, "option a")
    act(s, "move Pemba")
    act(s, "Pemba up to Bottleneck II")  # passes through...
    with pytest.raises(IllegalActionError) as err:
        act(s, "end")
    assert err.value.rule == "[9.1]"


def test_9_2_scaling_outcomes_at_each_modifier() -> None:
    cases = [
        ("Bottleneck III", 3, "dead"),
        ("Bottleneck III", 4, "the LOST box"),
        ("Bottleneck III", 6, "Bottleneck II"),
        ("Bottleneck II", 2, "dead"),  # +1
        ("Bottleneck II", 3, "the LOST box"),
        ("Bottleneck II", 5, "Bottleneck I"),
        ("Bottleneck I", 1, "the LOST box"),  # +3
        ("Bottleneck I", 3, "Below the Bottleneck"),
    ]
    for space, face, outcome in cases:
        s = start(
            where={"Vuk": "Traverse" if space == "Bottleneck III" else space, "Karim": "High Camp"},
            **three_collapsed(),
        )
        to_move(s)
        act(s, "option b")
        if space == "Bottleneck III":
            act(s, "move Vuk")
            act(s, "Vuk down to Bottleneck III")
        else:
            act(s, "move Vuk")
            act(s, "Vuk down to")
        act(s, "Vuk descends scaling")
        roll(s, face)
        assert where(s, "Vuk") == outcome, (space, face)


def test_9_2_synthetic_rope_frays_and_frayed_rope() -> None:
    s = start(where={"Vuk": "Traverse"}, held=["token 23"], **three_collapsed())
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to Bottleneck III")
    assert texts(s) == ["Vuk descends placing a Synthetic Rope", "Vuk descends scaling"]
    act(s, "Vuk descends placing")
    roll(s, 2)
    assert where(s, "Vuk") == "Below the Bottleneck"
    assert s.ropes == [[6, 23, 1]]  # frayed
    assert s.team.moved[marker(s, "Vuk")]
    # the frayed rope: 1-2 falls, the rope stays; 3+ down and the rope is removed
    for face, outcome in ((2, "dead"), (3, "Below the Bottleneck")):
        t = start(  # the next turn: Jelena on the Traverse above the frayed rope
            where={"Vuk": "Below the Bottleneck", "Jelena": "Traverse"},
            options={"balcony_collapse": True},
            k2={
                **three_collapsed()["k2"],
                "ropes": [{"space": "Bottleneck III", "frayed": True, "token": "token 23"}],
            },
        )
        to_move(t)
        act(t, "option b")
        act(t, "move Jelena")
        act(t, "Jelena down to Bottleneck III")
        act(t, "Jelena descends by the rope")
        roll(t, face)
        assert where(t, "Jelena") == outcome
        assert (t.ropes == [[6, 23, 1]]) == (face == 2)
        assert (23 in t.removed) == (face == 3)


def test_9_2_rope_on_bottleneck_i_never_frays_with_plus_3() -> None:
    s = start(
        where={"Vuk": "Bottleneck I"},
        k2={**bottleneck_i(), "ropes": [{"space": "Bottleneck I", "token": 23}]},
    )
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to")
    act(s, "Vuk descends by the rope")
    roll(s, 1)
    assert s.ropes == [[4, 23, 0]] and where(s, "Vuk") == "Below the Bottleneck"


def test_9_2_expert_guide_and_climber_together_share_the_bonus() -> None:
    s = start(
        where={"Pemba": "Traverse", "Jelena": "Traverse"},
        **three_collapsed({"guide": "sherpa"}),
    )
    to_move(s)
    act(s, "option a")
    act(s, "move Pemba")
    act(s, "Pemba picks up Jelena")
    act(s, "Pemba carries Jelena 1 down")
    acts = texts(s)
    assert "Pemba and Jelena descend together scaling" in acts
    assert "Pemba descends scaling" in acts and "Jelena descends scaling" in acts
    act(s, "Pemba and Jelena descend together scaling")
    roll(s, 2)  # 2 + 2 (Expert Climber) = 4: guide and guided climber one space down
    assert where(s, "Pemba") == where(s, "Jelena") == "Bottleneck II"
    assert s.descents == []  # another avalanche space: resolved next turn


def test_9_2_the_player_orders_the_descents() -> None:
    s = start(  # Karim: strong
        where={"Karim": "Traverse", "Vuk": "Traverse", "Jelena": "Traverse"},
        **three_collapsed(),
    )
    to_move(s)
    act(s, "option a")
    act(s, "move Karim")
    act(s, "Karim picks up Vuk")
    act(s, "Karim picks up Jelena")
    act(s, "Karim carries Vuk and Jelena 1 down")
    act(s, "Jelena descends scaling")
    roll(s, 6)
    assert where(s, "Jelena") == "Bottleneck II"
    assert "Karim and Vuk descend together scaling" in texts(s)
    act(s, "Karim descends scaling")
    roll(s, 1)
    assert s.team.pos[marker(s, "Karim")] == REMOVED
    assert texts(s) == ["Vuk descends scaling"]


def test_9_2_scaling_with_a_guide_falls_together() -> None:
    s = start(where={"Karim": "Traverse", "Vuk": "Traverse"}, **three_collapsed())
    to_move(s)
    act(s, "option a")
    act(s, "move Karim")
    act(s, "Karim picks up Vuk")
    act(s, "Karim carries Vuk 1 down")
    act(s, "Karim and Vuk descend together scaling")
    roll(s, 3)
    assert s.team.pos[marker(s, "Karim")] == REMOVED and s.team.pos[marker(s, "Vuk")] == DEAD


def test_9_2_luck_adds_two_before_the_roll() -> None:
    s = start(where={"Vuk": "Traverse"}, held=["token 17"], **three_collapsed())
    to_move(s)
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk down to Bottleneck III")
    act(s, "Vuk descends scaling")
    assert s.current_player() == 0
    assert texts(s) == ["play Luck: +2 to this roll", "roll without Luck"]
    act(s, "play Luck")
    roll(s, 4)  # 6: down
    assert where(s, "Vuk") == "Bottleneck II" and 17 in s.spent


def test_9_2_markers_on_an_avalanche_space_must_descend_when_they_move() -> None:
    s = start(where={"Vuk": "Bottleneck I"}, k2=bottleneck_i())
    to_move(s)
    act(s, "option b")
    assert "end movement" not in texts(s)
    with pytest.raises(IllegalActionError) as err:
        act(s, "finish")
    assert err.value.rule == "[9.2]"
    act(s, "move Vuk")
    assert "Vuk up to Bottleneck II" not in texts(s)


def test_9_3_lost_at_the_shoulder_after_icy() -> None:
    s = start(where={"Vuk": "The Shoulder"}, k2={"darkness_track": 1})
    draw(s, 14)
    act(s, "buy")
    assert where(s, "Vuk") == "Abruzzi Spur"
    roll(s, 2)
    assert s.team.pos[marker(s, "Vuk")] == LOST


def test_icy_kills_a_climber_sliding_into_an_avalanche_space() -> None:
    s = start(where={"Vuk": "Traverse", "Karim": "Traverse"}, **three_collapsed())
    draw(s, 14)
    act(s, "buy")
    assert s.team.pos[marker(s, "Vuk")] == DEAD
    assert where(s, "Karim") == "Bottleneck III"  # the guide stops on it


def test_9_4_traverse_and_summit_markers_and_the_dependent_climber() -> None:
    s = moving(  # a Chocolate Bars token bought earlier this turn
        options={"game": "advanced"},
        where={"Vuk": "Traverse", "Stefan": "Traverse"},
        effects_this_turn=["chocolate_bars"],
    )
    act(s, "option b")
    act(s, "move Vuk")
    act(s, "Vuk up to Traverse Goal")
    assert s.team.goal[0] == 1
    act(s, "end Vuk")
    act(s, "move Stefan")
    with pytest.raises(IllegalActionError) as err:
        act(s, "up")
    assert err.value.rule == "[14.1]"


def test_hap_stuck_and_sherpa_stamina() -> None:
    s = new()
    draw(s, 10)
    act(s, "buy")
    assert texts(s) == ["option b: move up to all five climbers"]
    p = start(options={"guide": "sherpa"}, held=["token 22"])
    to_move(p)
    act(p, "option a")
    act(p, "play Sherpa Stamina")
    act(p, "move Pemba")
    assert p.remaining == 8 and p.carry_limit == 3


def test_11_1_pool_without_ropes_luck_and_chimney_kept() -> None:
    s = start(
        held=["token 23", "token 17"],
        kept=["token 12"],
        set_aside=["token 24"],
        k2={"darkness_track": 7},
    )
    to_move(s)
    act(s, "end movement")
    assert 24 in s.removed and 24 not in s.pool
    assert s.team.held == [17, 23] and s.team.kept == [12]
    assert not s.invariants()


def test_11_2_bivouacked_guide_sacrifice_and_back_at_camp() -> None:
    s = start(
        options={"guide": "sherpa"},
        goal="Back at Camp",
        where={"Pemba": "bivouac", "Vuk": "High Camp", "Jelena": "lost"},
        marker={"Vuk": "Summit", "Jelena": "Traverse"},
        k2={"darkness_track": 7},
    )
    to_move(s)
    act(s, "end movement")
    # Jelena draws first (Lost): choose a FROZEN token
    draw(s, 1)
    assert "Pemba gives their life for Jelena" in texts(s)
    act(s, "Pemba gives their life for Jelena")
    assert where(s, "Jelena") == "High Camp"


def test_houses_chimney_first_one_kills_and_ends() -> None:
    s = start(
        kept=["token 12"],
        marker={name: "Summit" for name in ("Vuk", "Jelena", "Bojan", "Dragana", "Stefan")},
        k2={"darkness_track": 7},
    )
    to_move(s)
    act(s, "end movement")
    roll(s, 3)
    roll(s, 1)
    assert s.team.pos[marker(s, "Jelena")] == DEAD
    assert s.is_terminal()


def test_12_scoring_lines() -> None:
    s = start(
        options={"guide": "sherpa"},
        goal="Do Not Summit",
        marker={"Vuk": "Summit", "Jelena": "Traverse", "Dragana": "Summit"},
        where={"Dragana": "dead", "Stefan": "dead"},
    )
    bd = s.score_breakdown()[0]
    points = {ln.label: ln.points for ln in bd.lines}
    assert points["Vuk reached the Summit"] == 6
    assert points["Jelena reached the Traverse"] == 4
    assert points["Bojan not supported"] == -8
    assert points["Dragana died after the Summit"] == -4
    assert points["Stefan died"] == -10
    assert points["2 climbers at High Camp"] == 2  # Bojan, unsupported, is on the card
    assert points["Secret Goal: Do Not Summit"] == 14
    assert bd.total == 6 + 4 - 8 - 4 - 10 + 2 + 18 + 14 and bd.band == "Minor Defeat"


def test_13_summit_with_climber_and_bivouac_goals() -> None:
    s = start(
        options={"guide": "sherpa"},
        goal="Summit w/Climber",
        where={"Pemba": "Summit Slopes", "Vuk": "Summit Slopes"},
    )
    to_move(s, 11)  # HAP Stuck, ridge 6, declined
    act(s, "option a")
    act(s, "move Pemba")
    act(s, "Pemba picks up Vuk")
    act(s, "Pemba carries Vuk 1 up")
    assert s.team.goal_done and s.team.goal[0] == 2
    b = start(
        options={"guide": "sherpa"},
        goal="Bivouac",
        where={"Pemba": "Abruzzi Spur"},
        k2={"darkness_track": 1},
    )
    to_move(b)
    act(b, "Pemba tries to bivouac")
    roll(b, 6)
    assert b.team.goal_done and b._goal_met()


def test_14_5_variant_collapses_on_declined_1_and_2() -> None:
    s = start(options={"balcony_collapse": True}, k2={"avalanche_track": track(4)})
    to_move(s)
    assert s.collapsed == [4]
    act(s, "option b")
    act(s, "end movement")
    draw(s, 18)  # Ridges Open, ridge 1: bought, no collapse
    assert s.phase == P_BUY
    act(s, "buy")
    assert s.collapsed == [4]
    act(s, "option b")
    act(s, "end movement")
    to_move(s, 0)  # Acute Mountain Sickness, ridge 1, declined (6th space)
    assert s.collapsed == [4, 5]
    act(s, "option b")
    act(s, "end movement")
    to_move(s, 27)  # ridge 4, 7th space: no collapse in the variant
    assert s.collapsed == [4, 5]
    act(s, "option b")
    act(s, "end movement")
    draw(s, 7)  # Darkness, ridge 2: not purchased -> Bottleneck III
    assert s.collapsed == [4, 5, 6] and s.storm_pending


def test_14_6_multinational_team() -> None:
    s = highcamp.load_game("disaster-on-k2", multinational=True).new_initial_state(0)
    act(s, "hire Nima")
    for name in ("Vuk", "Maarten", "Eirik", "Min-jun", "Seo-yeon"):
        act(s, f"recruit {name}")
    assert s.current_player() == highcamp.CHANCE  # Nima is a Sherpa: the goal is drawn
    obs = s.observation(0)
    assert [c["name"] for c in obs["clients"]] == ["Vuk", "Maarten", "Eirik", "Min-jun", "Seo-yeon"]


def test_14_1_lucky_climber_rerolls_a_bad_roll_once() -> None:
    s = start(
        options={"game": "advanced"}, where={"Vuk": "The Shoulder"}, k2={"darkness_track": 1}
    )  # Vuk: a, l
    to_move(s)
    act(s, "move Vuk")
    act(s, "Vuk down to Abruzzi Spur")
    roll(s, 1)
    assert texts(s) == ["Lucky: roll again", "keep the roll of 1"]
    act(s, "Lucky: roll again")
    roll(s, 2)  # bad again: no second re-roll
    assert s.team.pos[marker(s, "Vuk")] == LOST


def test_14_1_fortitude_carries_a_climber_one_space() -> None:
    s = new(team="netherlands", game="advanced")  # Femke: f, 2; Pieter: d, 1
    to_move(s)
    act(s, "option b")
    act(s, "move Femke")
    act(s, "Femke picks up Anouk")
    act(s, "Femke carries Anouk 1 up")
    assert where(s, "Anouk") == "Abruzzi Spur" and s.team.moved[marker(s, "Anouk")]
    assert s.carried == []
    act(s, "Femke up to The Shoulder")  # and on alone
    assert where(s, "Femke") == "The Shoulder"


def test_14_5_the_token_that_collapses_bottleneck_i_does_not_collapse_ii() -> None:
    s = start(options={"balcony_collapse": True}, k2={"avalanche_track": track(4)})
    to_move(s, 0)  # Acute Mountain Sickness, ridge 1, declined onto space 5
    assert s.collapsed == [SPACES["Bottleneck I"]]


def test_flashlight_changes_hands_in_passing() -> None:
    s = start(where={"Vuk": "Abruzzi Spur"}, k2={"flashlight": "Vuk"})
    to_move(s)
    act(s, "option b")
    act(s, "move Jelena")
    act(s, "Jelena up to Abruzzi Spur")
    act(s, "pass the Flashlight to Jelena")
    act(s, "Jelena up to The Shoulder")
    assert s.team.flash == marker(s, "Jelena") and where(s, "Jelena") == "The Shoulder"


@pytest.mark.parametrize(
    ("team", "climber", "face", "outcome"),
    [
        ("norway", "Eirik", 4, "Bottleneck II"),  # Advanced Climber: 4 + 2 = 6
        ("norway", "Eirik", 2, "the LOST box"),  # 2 + 2 = 4
        ("netherlands", "Maarten", 4, "Bottleneck II"),  # Good Sense: Lost counts as success
        ("netherlands", "Maarten", 3, "dead"),
    ],
)
def test_9_2_advanced_climber_and_good_sense_of_direction_when_scaling(
    team: str, climber: str, face: int, outcome: str
) -> None:
    s = start(where={climber: "Traverse"}, **three_collapsed({"team": team, "game": "advanced"}))
    to_move(s)
    act(s, "option b")
    act(s, f"move {climber}")
    act(s, f"{climber} down to Bottleneck III")
    act(s, f"{climber} descends scaling")
    roll(s, face)
    assert where(s, climber) == outcome
