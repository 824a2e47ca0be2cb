"""The campaign between and across mountains: carry-over and choices [16.1], scoring and
the chart [16.2]."""

from __future__ import annotations

import pytest

import highcamp
from highcamp.agents.heuristics import make_heuristic
from highcamp.core import CHANCE, IllegalActionError, play_game
from highcamp.games.disaster_series.campaign import CampaignState

from .helpers import act, end_mountain, mountain, new, roster, team, texts
from .small_mountain import registered

SUMMIT_ADVENTURES = ["Yuri", "Rob", "Doug", "Beck", "Yasuko", "Frank", "Lou", "Stuart"]


def test_16_2_joe_bob_summits_both_peaks_for_10_x_2() -> None:
    """[16.2] example: a 10-point climber who summits both peaks is worth 10 x 2 = 20. Doug
    (10 points) plays Joe Bob; Beck summits only the second peak and scores nothing."""
    state = new()
    end_mountain(state, summit=("Doug",))
    assert state.current_player() == CHANCE  # everyone came down: off to the second peak
    end_mountain(state, summit=("Doug", "Beck"))
    assert state.is_terminal()
    bd = state.score_breakdown()[0]
    assert bd.total == 20 and state.returns() == [20.0]
    assert [(ln.label, ln.points) for ln in bd.lines if ln.points] == [
        ("Doug summited all 2 peaks: 10 x 2", 20)
    ]
    assert "Beck summited 1 of 2 peaks" in [ln.label for ln in bd.lines]
    assert state.ending() == bd.band == "Major Defeat"


@pytest.mark.parametrize(
    ("score", "band"),
    [
        (0, "Major Defeat"),
        (64, "Major Defeat"),
        (65, "Minor Defeat"),
        (74, "Minor Defeat"),
        (75, "Draw"),
        (84, "Draw"),
        (85, "Minor Victory"),
        (99, "Minor Victory"),
        (100, "Major Victory"),
        (240, "Major Victory"),
    ],
)
def test_16_2_campaign_chart_bands(score: int, band: str) -> None:
    game = roster(highcamp.load_game("disaster-campaign", order="everest,everest"))
    assert game.band(score) == band
    assert game.score_bands() == [
        "Major Defeat",
        "Minor Defeat",
        "Draw",
        "Minor Victory",
        "Major Victory",
    ]


def test_16_2_the_whole_team_summiting_twice_is_a_major_victory() -> None:
    state = new()
    climbers = ("Doug", "Beck", "Yasuko", "Frank", "Lou", "Stuart")
    end_mountain(state, summit=climbers)
    end_mountain(state, summit=climbers)
    assert state.returns() == [2.0 * (10 + 8 + 9 + 6 + 7 + 12)]
    assert state.ending() == "Major Victory"


def test_16_2_a_climber_who_dies_on_the_last_peak_scores_nothing() -> None:
    state = new()
    end_mountain(state, summit=("Doug", "Stuart"))
    end_mountain(state, summit=("Doug", "Stuart"), dead=("Stuart",))
    bd = state.score_breakdown()[0]
    assert bd.total == 20
    assert "Stuart died (2 of 2 peaks)" in [ln.label for ln in bd.lines]


def test_16_2_summit_markers_are_kept_per_climber_and_per_mountain() -> None:
    state = new(order="everest,everest,everest")
    end_mountain(state, summit=("Doug", "Beck"))
    end_mountain(state, summit=("Doug",))
    camp = state.observation(0)["campaign"]
    marks = {m["name"]: m["summits"] for m in camp["team"] if m["kind"] == "client"}
    assert marks["Doug"] == ["Everest", "Everest"] and marks["Beck"] == ["Everest"]
    assert marks["Yasuko"] == []
    assert [r["summits"] for r in camp["results"]] == [["Doug", "Beck"], ["Doug"]]
    # the score so far counts the peaks climbed so far
    assert state.score_breakdown()[0].total == 20
    end_mountain(state, summit=("Doug", "Beck"))
    assert state.returns() == [30.0]


def test_16_1_survivors_carry_over_with_their_cards() -> None:
    state = new(game="advanced")
    end_mountain(state, summit=("Doug",))
    assert team(state) == SUMMIT_ADVENTURES
    inner = state.mountain_state().observation(0)
    doug = next(c for c in inner["clients"] if c["name"] == "Doug")
    assert (doug["movement"], doug["traits"], doug["points"]) == (1, "dw", 10)
    assert doug["marker"] == "" and doug["space"] == 0  # a new climb starts at High Camp
    yuri = next(g for g in inner["guides"] if g["name"] == "Yuri")
    assert (yuri["movement"], yuri["skills"]) == (5, ["expert_climber", "resolute"])
    assert mountain(state)._game.advanced


def test_16_1_the_dead_do_not_come_back() -> None:
    state = new()
    end_mountain(state, dead=("Rob", "Doug", "Beck"))
    camp = state.observation(0)["campaign"]
    assert camp["phase"] == "take a replacement guide"
    assert {d["name"] for d in camp["dead"]} == {"Rob", "Doug", "Beck"}
    offered = [m["name"] for m in camp["offered"]]
    assert "Rob" not in offered and "Yuri" not in offered and len(offered) == 6
    act(state, "take guide Lopsang")
    camp = state.observation(0)["campaign"]
    assert camp["phase"] == "take a replacement client"
    offered = [m["name"] for m in camp["offered"]]
    assert "Doug" not in offered and "Beck" not in offered and "Frank" not in offered
    assert len(offered) == 18
    assert "no more replacements: set out for Everest" in texts(state)
    act(state, "take client Hugo")
    act(state, "take client Tom")
    assert state.current_player() == CHANCE  # the team is full: off to the mountain
    assert team(state) == ["Yuri", "Lopsang", "Yasuko", "Frank", "Lou", "Stuart", "Hugo", "Tom"]


def test_16_1_replacing_clients_is_a_may() -> None:
    state = new()
    end_mountain(state, dead=("Doug", "Beck"))
    act(state, "take client Hugo")
    act(state, "no more replacements")
    assert state.is_chance_node()
    assert team(state)[2:] == ["Yasuko", "Frank", "Lou", "Stuart", "Hugo"]
    assert len(state.mountain_state().observation(0)["clients"]) == 5


def test_16_1_a_replacement_never_scores_in_the_campaign() -> None:
    state = new()
    end_mountain(state, summit=("Doug",), dead=("Beck",))
    act(state, "take client Hugo")
    end_mountain(state, summit=("Doug", "Hugo"))
    bd = state.score_breakdown()[0]
    assert bd.total == 20
    assert "Hugo summited 1 of 2 peaks" in [ln.label for ln in bd.lines]


def test_16_1_a_smaller_mountain_leaves_a_guide_and_a_client_behind() -> None:
    """[16.1] example: from Everest to K2 with everyone alive, one client and one guide stay
    behind (a test mountain with K2's team sizes)."""
    with registered():
        state = new(order="everest,small")
        end_mountain(state, summit=("Doug",))
        camp = state.observation(0)["campaign"]
        assert camp["phase"] == "leave a guide behind"
        # a campaign of two sets names each marker's set
        assert texts(state) == [
            "leave guide Yuri (Everest) behind",
            "leave guide Rob (Everest) behind",
        ]
        act(state, "leave guide Rob (Everest) behind")
        assert state.observation(0)["campaign"]["phase"] == "leave a client behind"
        assert len(texts(state)) == 6
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(roster(state).TAKE_G)
        assert err.value.rule == "[16.1]"
        act(state, "leave client Lou (Everest) behind")
        assert state.is_chance_node()
        assert team(state) == [
            f"{n} (Everest)" for n in ("Yuri", "Doug", "Beck", "Yasuko", "Frank", "Stuart")
        ]
        assert mountain(state).name(0) == "Yuri"
        camp = state.observation(0)["campaign"]
        assert camp["left_behind"] == ["Rob (Everest)", "Lou (Everest)"]
        # the mountain plays with one guide: option a moves "the guide"
        end_mountain(state, summit=("Doug",))
        assert state.returns() == [20.0]


def test_16_1_a_larger_mountain_takes_replacements_from_every_set() -> None:
    with registered():
        state = new(order="small,everest")
        assert team(state)[:2] == ["Yuri (Small mountain)", "Doug (Small mountain)"]
        end_mountain(state)
        camp = state.observation(0)["campaign"]
        assert camp["phase"] == "take a replacement guide"
        offered = [m["name"] for m in camp["offered"]]
        # both sets offer their unused markers; the team's own Yuri is used
        assert "Yuri (Small mountain)" not in offered and "Yuri (Everest)" in offered
        assert "Rob (Small mountain)" in offered and len(offered) == 15
        act(state, "take guide Yuri (Everest)")
        act(state, "take client Tom (Everest)")
        assert state.is_chance_node()
        names = [mountain(state).name(m) for m in range(8)]
        assert names[:2] == ["Yuri", "Yuri (Everest)"]  # two markers, told apart
        assert names[-1] == "Tom"


def test_a_single_answer_is_not_asked() -> None:
    """R-0-4: a choice with one answer is made at once (one guide left to take)."""
    state = new()
    used = set(SUMMIT_ADVENTURES)
    # every other guide has been used: only one is left on offer
    state.used_g.extend(g for g in range(8) if roster(state).guide_label(g) not in used)
    state.used_g.remove(7)  # Dorje stays unused
    end_mountain(state, dead=("Rob",))
    assert state.is_chance_node()
    assert team(state)[:2] == ["Yuri", "Dorje"]


def test_played_campaigns_agree_with_their_results() -> None:
    """Whole campaigns played by the heuristic: the carried-over team never holds the dead,
    summits are counted per mountain, and the score is [16.2] over them."""
    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    scored = 0
    for seed in range(6):
        state = play_game(game, [make_heuristic("disaster-campaign", seed)], seed=seed)
        assert isinstance(state, CampaignState)
        camp = state.observation(0)["campaign"]
        assert len(camp["results"]) == 2
        died_first = set(camp["results"][0]["deaths"])
        second = [e.text for e in state.log if e.text.startswith("the team sets out")]
        assert len(second) == 1
        assert not any(name in second[0].split(": ", 1)[1].split(", ") for name in died_first)
        expected = 0
        for m in camp["team"]:
            if m["kind"] == "client" and len(m["summits"]) == 2:
                assert all(m["name"] in r["summits"] for r in camp["results"])
                expected += 2 * m["points"]
        assert state.returns() == [float(expected)]
        scored += expected > 0
        assert state.invariants() == []
    assert scored  # the heuristic does summit twice sometimes


def test_choices_in_random_play_replay_and_round_trip() -> None:
    """Random campaigns reach the choices between mountains; a state at a choice replays,
    clones and round-trips through JSON."""
    import json
    import random

    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    seen = 0
    for seed in range(4):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if state.observation(0)["campaign"]["phase"] != "climb":
                seen += 1
                assert game.replay(state.history(), seed=seed) == state
                assert game.state_from_json(json.dumps(state.to_json())) == state
                assert state.clone() == state
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen


def test_the_log_tells_the_campaign_and_the_mountain() -> None:
    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    state = play_game(game, [make_heuristic("disaster-campaign", 1)], seed=1)
    log = state.log
    assert any(e.rule == "[16.0]" and "Everest is over" in e.text for e in log)
    assert any(e.rule == "[16.1]" and e.text.startswith("the team sets out") for e in log)
    assert log[-1].rule == "[16.2]" and log[-1].text.startswith("campaign score")
    assert any(e.rule == "[6.0]" for e in log)  # the mountain's own entries


def test_mixed_sets_play_with_unique_texts_and_round_trip() -> None:
    """Campaigns mixing two sets (a test mountain with K2's team sizes), both ways: every
    action text is unique, and states at the choices replay and round-trip."""
    import json
    import random

    with registered():
        for order in ("everest,small", "small,everest"):
            game = highcamp.load_game("disaster-campaign", order=order)
            for seed in range(3):
                state = game.new_initial_state(seed)
                rng = random.Random(seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    shown = [state.action_to_string(a) for a in legal]
                    assert len(set(shown)) == len(shown)
                    if state.observation(0)["campaign"]["phase"] != "climb":
                        assert game.state_from_json(json.dumps(state.to_json())) == state
                    if state.is_chance_node():
                        state.apply_random_chance()
                    else:
                        state.apply_action(rng.choice(legal))
                    assert state.invariants() == []
                assert len(state.observation(0)["campaign"]["results"]) == 2
