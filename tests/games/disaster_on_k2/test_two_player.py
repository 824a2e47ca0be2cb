"""Disaster on K2 for two players [15.0]-[15.7]: a scenario per section on the K2 board, the
2-Player Event Clarifications as K2 plays them, the Secret Goal per seat, the conformance
checks over many seeds, and terminal play against the heuristic.

Seat 1 plays Serbia (HAP Karim; Vuk, Jelena, ...), seat 2 the Netherlands unless a test says
otherwise.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp import CHANCE, OptionError
from highcamp.cli.main import app
from highcamp.core import play_game
from highcamp.games.disaster_series.k2.rules import GOAL, P_GOAL
from highcamp.games.disaster_series.k2.two_player import K2TwoPlayerState
from highcamp.games.disaster_series.seats import P_BID, P_FIRST, P_UNBLOCK
from tests.conformance.checks import check_hidden, play_random
from tests.games.disaster_series.scenarios import finish_on

from .helpers import GOALS, SPACES, act, draw, roll, team_part, texts

AMS, BROKEN_ROPE, CHOCOLATE, DARKNESS, FLASHLIGHT, HAP_STUCK = 0, 1, 4, 6, 9, 10
CHIMNEY, ICY, LUCK, RIDGES_OPEN, STAMINA, ROPE, THICK_SNOW = 12, 14, 17, 18, 22, 23, 27


def new2(seed: int = 0, goals: tuple[str, str] = (GOALS[0], GOALS[1]), **options: Any) -> Any:
    """A fresh two-player game, each Sherpa's Secret Goal drawn (``goals``)."""
    state = highcamp.load_game("disaster-on-k2", players=2, **options).new_initial_state(seed)
    assert isinstance(state, K2TwoPlayerState)
    while state.phase == P_GOAL:
        state.apply_action(GOAL + GOALS.index(goals[state.active]))
    return state


def start2(
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    goals: tuple[str, str] = (GOALS[0], GOALS[1]),
    where: tuple[dict[str, str], dict[str, str]] = ({}, {}),
    seats: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    **doc: Any,
) -> Any:
    """The two-player position document ``doc`` set up (each seat's markers by name in
    ``where``, its other fields in ``seats``; a Sherpa's Secret Goal from ``goals``): by
    default the start of the first turn, as :func:`new2` reaches it."""
    game = highcamp.load_game("disaster-on-k2", players=2, **(options or {}))
    parts: list[dict[str, Any]] = []
    for k in (0, 1):
        part = {**seats[k], **team_part(game.seat_games[k], where=where[k])}
        if game.seat_games[k].options["guide"] == "sherpa":
            part.setdefault("k2", {"secret_goal": goals[k]})
        parts.append(part)
    state = game.state_from_position({**doc, "seats": parts}, seed=seed)
    assert isinstance(state, K2TwoPlayerState)
    return state


def place2(state: K2TwoPlayerState, seat: int, name: str, space: str) -> None:
    """Put a marker of ``seat``'s team on a board space (scenario set-up)."""
    with state._seated(seat):
        m = next(m for m in range(len(state.team.pos)) if state.name(m) == name)
        state.team.pos[m] = SPACES[space]
    state._cache = None


def names(state: K2TwoPlayerState, seat: int) -> list[str]:
    """``seat``'s climbers."""
    return [c["name"] for c in state.observation(seat)["clients"]]


def where2(state: K2TwoPlayerState, seat: int, name: str) -> str:
    obs = state.observation(seat)
    return str(next(m["where"] for m in obs["guides"] + obs["clients"] if m["name"] == name))


def fx(state: K2TwoPlayerState, seat: int) -> list[str]:
    return list(state.team.fx if seat == state.active else state.other.fx)


def win(state: K2TwoPlayerState, token: int, seat: int) -> None:
    """Draw ``token``; ``seat`` bids the printed cost and the other passes."""
    draw(state, token)
    if state.current_player() != seat:
        act(state, "pass")
        act(state, "bid")
    else:
        act(state, "bid")
        act(state, "pass")


def to_move2(state: K2TwoPlayerState, token: int = THICK_SNOW + 2) -> None:
    """Draw ``token`` and let both players pass: the First Player's movement begins."""
    draw(state, token)
    act(state, "pass")
    act(state, "pass")


# ------------------------------------------------------------------------ set-up [15.0]
def test_15_0_each_seat_has_its_own_team_and_guide() -> None:
    game = highcamp.load_game("disaster-on-k2", players=2, guide_2="sherpa")
    assert [g.team.name for g in game.seat_games] == ["Serbia", "Netherlands"]
    kinds = [game.ruleset.guides[g.team.guides[0]].kind for g in game.seat_games]
    assert kinds == ["hap", "sherpa"]
    assert game.info.hidden_information  # a Sherpa's goal is secret
    plain = highcamp.load_game("disaster-on-k2", players=2)
    assert [g.options["guide"] for g in plain.seat_games] == ["hap", "hap"]
    assert not plain.info.hidden_information
    assert not highcamp.load_game("disaster-on-k2").info.hidden_information
    with pytest.raises(OptionError, match=r"\[15.0\]"):
        highcamp.load_game("disaster-on-k2", players=2, team="norway", team_2="norway")
    variants = highcamp.game_class("disaster-on-k2").variants()
    assert {"players": 2} in variants
    assert any(v.get("guide_2") == "sherpa" and v.get("players") == 2 for v in variants)


def test_15_2_both_start_with_14_prestige_at_high_camp() -> None:
    s = new2()
    for seat in (0, 1):
        obs = s.observation(seat)
        assert obs["prestige"] == 14 and obs["opponent"]["prestige"] == 14
        assert {c["where"] for c in obs["clients"]} == {"High Camp"}
        assert len(obs["clients"]) == 5 and len(obs["guides"]) == 1
    assert s.current_player() == CHANCE
    assert not set(names(s, 0)) & set(names(s, 1))


def test_14_6_multinational_teams_never_share_a_marker() -> None:
    """[14.6] with two players: each hires from what the other has not taken."""
    for seed in range(3):
        s = highcamp.load_game("disaster-on-k2", players=2, multinational=True).new_initial_state(
            seed
        )
        rng = random.Random(seed)
        while s.step == "setup":
            if s.current_player() == CHANCE:
                s.apply_random_chance()
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        a, b = s.observation(0), s.observation(1)
        mine = {m["name"] for m in a["guides"] + a["clients"]}
        theirs = {m["name"] for m in b["guides"] + b["clients"]}
        assert len(mine) == len(theirs) == 6 and not mine & theirs


# ------------------------------------------------------------------------ bidding [15.3]
def test_15_3_the_first_player_opens_the_bidding_at_the_printed_cost() -> None:
    s = new2()
    draw(s, LUCK)  # cost 4
    assert s.phase == P_BID and s.current_player() == 0
    assert texts(s) == ["bid 4 Prestige for Luck", "pass on Luck"]
    act(s, "bid")
    assert s.current_player() == 1 and texts(s)[0] == "bid 5 Prestige for Luck"
    act(s, "bid")
    act(s, "pass")  # seat 1 drops out: seat 2 pays 5
    assert s.seat_prestige(1) == 9 and s.seat_prestige(0) == 14
    assert s.observation(1)["held"] == ["Luck"]
    assert s.observation(0)["opponent"]["held"] == ["Luck"]


def test_15_3_nobody_bids_the_token_goes_to_the_avalanche_track() -> None:
    s = new2()
    draw(s, ICY)
    act(s, "pass")
    act(s, "pass")
    assert s.observation(0)["k2"]["avalanche_track"] == ["Icy"]
    assert s.step == "move" and s.current_player() == 0


def test_7_2_a_darkness_token_is_never_bid_on() -> None:
    s = new2()
    draw(s, DARKNESS)
    assert s.phase != P_BID and s.step == "move"
    assert s.observation(0)["k2"]["avalanche_track"] == ["Darkness"]


# ------------------------------------------------------------------------ ridges [15.4]
def test_15_4_two_climbers_ending_on_a_ridge_block_it_and_leaving_unblocks_it() -> None:
    vuk = "Vuk"
    s = start2(where=({vuk: "Abruzzi Spur"}, {"Maarten": "The Shoulder"}))
    to_move2(s)
    act(s, "option b")
    act(s, f"move {vuk}")
    act(s, f"{vuk} up to The Shoulder")
    act(s, f"end {vuk}")
    assert s.observation(0)["blocked"] == ["The Shoulder"]  # one of each team: blocked
    act(s, f"move {names(s, 0)[1]}")
    # the block stays through the turn's end [15.4]; a climber moving off removes it at once
    with s._seated(0):
        s.team.pos[s._game.ng] = SPACES["Below the Bottleneck"]
    s._unblock()
    assert s.observation(0)["blocked"] == []


def test_15_4_a_block_of_the_opponent_s_climbers_may_be_removed() -> None:
    s = start2(where=({}, {"Maarten": "Traverse", "Femke": "Traverse"}), blocked=["Traverse"])
    to_move2(s)
    act(s, "option b")
    act(s, "end movement")
    assert s.phase == P_UNBLOCK
    assert "remove the block on Traverse" in texts(s)
    act(s, "remove the block on Traverse")
    assert s.blocked == [] and s.active == 1  # now the second player moves [15.5]


def test_15_4_a_serac_collapse_uses_up_a_blocked_ridge_marker() -> None:
    s = new2()
    s.collapsed = [SPACES["Bottleneck I"], SPACES["Bottleneck II"], SPACES["Bottleneck III"]]
    s.blocked = [SPACES["Snowfields"]]
    assert s._settle(SPACES["Bottleneck I"]) is None and s.pending_block < 0
    for seat in (0, 1):
        place2(s, seat, names(s, seat)[0], "Traverse")
    s._settle(SPACES["Traverse"])
    assert s.pending_block == SPACES["Traverse"]  # 3 collapses + 1 block: no marker left


# ------------------------------------------------------------------------ movement [15.5]
def test_15_1_15_5_the_first_player_moves_first_and_the_marker_alternates() -> None:
    s = new2()
    to_move2(s)
    assert s.active == 0 and s.first == 0
    act(s, "option b")
    act(s, "end movement")
    assert s.active == 1 and s.current_player() == 1
    act(s, "option b")
    act(s, "end movement")
    assert s.first == 1 and s.current_player() == CHANCE
    draw(s, ICY)
    assert s.current_player() == 1  # the new First Player bids first


def test_15_1_seat_2_chosen_as_first_player_bids_and_moves_first() -> None:
    s = new2(first_player="seat2")
    assert s.first == 1 and s.observation(1)["first_player"] == 1
    to_move2(s)  # seat 2 opened the bidding, both passed
    assert s.active == 1 and s.current_player() == 1  # and moves first [15.5]
    act(s, "option b")
    act(s, "end movement")
    assert s.current_player() == 0
    act(s, "option b")
    act(s, "end movement")
    assert s.first == 0  # the marker passes [15.1]
    assert ("Seat 2 (Netherlands) is the First Player", "[15.1]") in [
        (e.text, e.rule) for e in s.log
    ]


def test_15_1_a_random_first_player_is_drawn_in_public_after_the_secret_goals() -> None:
    game = highcamp.load_game(
        "disaster-on-k2", players=2, guide="sherpa", guide_2="sherpa", first_player="random"
    )
    s = game.new_initial_state(seed=4)
    s.apply_random_chance()  # seat 1's Secret Goal
    s.apply_random_chance()  # seat 2's
    assert s.phase == P_FIRST and s.observation(0)["first_player"] is None
    assert [p for _, p in s.chance_outcomes()] == [0.5, 0.5]
    seat2 = s.string_to_action("First Player drawn: Seat 2 (Netherlands)")
    assert s.public_action_text(seat2, 0) == "First Player drawn: Seat 2 (Netherlands)"
    assert s.public_action_text(seat2, None) == "First Player drawn: Seat 2 (Netherlands)"
    s.apply_action(seat2)
    assert s.first == 1 and s.current_player() == CHANCE
    draw(s, ICY)
    assert s.current_player() == 1  # the drawn First Player bids first [15.3]
    told = [e.text for e in s.log_for(0)]
    assert "First Player drawn: Seat 2 (Netherlands)" in told
    assert "Seat 2 (Netherlands) is the First Player" in told


def test_15_1_and_15_7_bad_option_values_are_refused() -> None:
    with pytest.raises(OptionError, match="first_player"):
        highcamp.load_game("disaster-on-k2", players=2, first_player="seat3")
    with pytest.raises(OptionError, match="victory"):
        highcamp.load_game("disaster-on-k2", players=2, victory="solo")
    with pytest.raises(OptionError, match=r"for two players"):
        highcamp.load_game("disaster-on-k2", victory="cooperative")
    with pytest.raises(OptionError, match=r"for two players"):
        highcamp.load_game("disaster-on-k2", first_player="random")
    game = highcamp.load_game("disaster-on-k2", players=2, first_player=2)
    assert game.options["first_player"] == "seat2"


def test_15_6_preparations_serve_only_the_first_player() -> None:
    s = start2(seats=({}, {"preparations": "Prep Ready"}))
    to_move2(s)  # seat 1 is First Player: one draw, seat 2's Preparations wait
    act(s, "option b")
    act(s, "end movement")
    act(s, "option b")
    act(s, "end movement")
    assert s.first == 1 and s.draws_left == 3  # seat 2 is First Player: three draws


# ------------------------------------------------------------------------ clarifications
def test_clarification_broken_rope_and_ams_may_strike_the_opponent() -> None:
    theirs = names(new2(), 1)
    s = start2(where=({}, {theirs[0]: "Below the Bottleneck"}))
    win(s, BROKEN_ROPE, 0)
    options = texts(s)
    assert f"Broken Rope strikes {theirs[0]} of Seat 2 (Netherlands)" in options
    act(s, f"Broken Rope strikes {theirs[0]} of Seat 2 (Netherlands)")
    roll(s, 1)
    assert where2(s, 1, theirs[0]) == "dead"
    s = start2(1, where=({}, {theirs[1]: "Traverse"}))
    win(s, AMS, 0)
    act(s, f"Acute Mountain Sickness strikes {theirs[1]} of Seat 2 (Netherlands)")
    assert s.other.ams[1] and not any(s.team.ams)


def test_clarification_hap_stuck_icy_thick_snow_hit_both_teams() -> None:
    s = new2()
    win(s, HAP_STUCK, 0)
    assert "hap_stuck" in fx(s, 0) and "hap_stuck" in fx(s, 1)
    assert not any(t.startswith("option a") for t in texts(s))
    s = new2()
    win(s, THICK_SNOW, 1)
    assert "thick_snow" in fx(s, 0) and "thick_snow" in fx(s, 1)
    ours, theirs = "Vuk", "Maarten"
    s = start2(where=({ours: "Snowfields"}, {theirs: "Snowfields"}))
    win(s, ICY, 0)
    assert where2(s, 0, ours) == where2(s, 1, theirs) == "Traverse Goal"


def test_clarification_chocolate_bars_and_houses_chimney_only_for_the_buyer() -> None:
    s = new2()
    win(s, CHOCOLATE, 1)
    assert s.observation(1)["held"] == ["Chocolate Bars"]
    act(s, "option b")
    act(s, "end movement")
    act(s, "play Chocolate Bars")
    assert fx(s, 1) == ["chocolate_bars"] and fx(s, 0) == []
    s = new2()
    win(s, CHIMNEY, 0)
    assert s.observation(0)["kept"] == ["House's Chimney"]
    assert s.observation(1)["kept"] == []


def test_clarification_ridges_open_and_sherpa_stamina_for_both_players() -> None:
    s = start2(
        options={"guide": "sherpa", "guide_2": "sherpa"},
        where=({"Vuk": "The Shoulder"}, {"Maarten": "The Shoulder"}),
        blocked=["The Shoulder"],
    )
    win(s, RIDGES_OPEN, 0)
    act(s, "play Ridges Open")
    assert s.blocked == [] and "ridges_open" in fx(s, 0) and "ridges_open" in fx(s, 1)
    s = new2(guide="sherpa", guide_2="sherpa")
    win(s, STAMINA, 0)
    act(s, "play Sherpa Stamina")
    assert "sherpa_stamina" in fx(s, 0) and "sherpa_stamina" in fx(s, 1)
    with s._seated(1):
        assert s._guide_allowance(0) == s.rs.guides[s.team.guides[0]].movement + 3


# ------------------------------------------------------------------------ Secret Goals
def test_secret_goal_drawn_per_seat_and_told_only_to_its_seat() -> None:
    s = highcamp.load_game(
        "disaster-on-k2", players=2, guide="sherpa", guide_2="sherpa"
    ).new_initial_state(4)
    assert s.phase == P_GOAL and s.current_player() == CHANCE
    action = GOAL + 3
    assert s.public_action_text(action, 0) == "Secret Goal drawn: Bivouac"
    assert s.public_action_text(action, 1) == "Seat 1 (Serbia) draws a Secret Goal"
    assert s.public_action_text(action, None) == "Seat 1 (Serbia) draws a Secret Goal"
    s.apply_action(action)
    assert s.phase == P_GOAL and s.active == 1
    s.apply_action(GOAL + 1)
    assert s.observation(0)["k2"]["secret_goal"]["name"] == "Bivouac"
    assert s.observation(0)["opponent"]["k2"]["secret_goal"] == "hidden"
    assert s.observation(1)["k2"]["secret_goal"]["name"] == "Do Not Summit"
    public = s.public_observation()
    assert public is not None
    assert public["k2"]["secret_goal"] == "hidden" and public["secret"] == "hidden"
    assert all("Bivouac" not in e.text for e in s.log_for(1))
    assert all("Do Not Summit" not in e.text for e in s.log_for(0))


def test_secret_goal_states_differing_only_in_the_opponent_s_goal_look_the_same() -> None:
    """An observer (ISMCTS, or a player) cannot tell two states apart that differ only in
    the opponent's face-down goal; resample_hidden redraws it consistently."""
    a = new2(2, goals=("Summit w/Climber", "Do Not Summit"), guide="sherpa", guide_2="sherpa")
    b = new2(2, goals=("Summit w/Climber", "Summit w/Climber"), guide="sherpa", guide_2="sherpa")
    assert a.observation(0) == b.observation(0)
    assert a.public_observation() == b.public_observation()
    assert a.observation(1) != b.observation(1)
    assert a.score_breakdown()[1].total != b.score_breakdown()[1].total  # 14 vs 0 now
    seen = {a.resample_hidden(0, seed).secret[1] for seed in range(40)}
    assert seen == set(GOALS)
    assert {a.resample_hidden(1, seed).secret[1] for seed in range(10)} == {"Do Not Summit"}
    check_hidden(a, random.Random(1))


def test_secret_goal_once_achieved_is_shown_and_no_longer_resampled() -> None:
    s = new2(3, goals=("Bivouac", "Bivouac"), guide="sherpa", guide_2="sherpa")
    with s._seated(1):
        s.team.goal_done = True
        s.team.bivouacked[0] = True
    assert s.observation(0)["opponent"]["k2"]["secret_goal"]["name"] == "Bivouac"
    assert {s.resample_hidden(0, seed).secret[1] for seed in range(10)} == {"Bivouac"}
    with s._seated(0):
        s.team.bivouacked[0] = True  # bivouacked without that goal: it cannot be Bivouac
    a, b = s.teams  # (scenario) seat 1's goal is face down again
    a.secret_goal, b.secret_goal = b.secret_goal, a.secret_goal
    a.goal_done = b.goal_done = False
    choices = s._secret_choices(0)
    assert GOALS.index("Bivouac") not in choices


# ------------------------------------------------------------------------ victory [15.7]
def test_15_7_most_points_then_most_prestige_then_mutual_victory() -> None:
    s = new2()
    s.phase, s.step = 15, "over"  # P_OVER: compare the score sheets as they stand
    assert s.returns() == [1.0, 1.0] and s.ending() == "mutual victory"
    with s._seated(1):
        s.team.prestige -= 1
    assert s.returns() == [1.0, 0.0] and s.ending() == "Seat 1 (Serbia) wins"
    with s._seated(1):
        s.team.goal[0] = 2  # a Summit outweighs a point of Prestige
    assert s.returns() == [0.0, 1.0]


def test_15_7_cooperative_both_teams_at_minor_victory_both_win() -> None:
    s = new2(victory="cooperative")
    s.phase, s.step = 15, "over"
    finish_on(s, 0, 34)  # the lowest Minor Victory on the K2 chart
    finish_on(s, 1, 34)
    assert [bd.band for bd in s.score_breakdown()] == ["Minor Victory", "Minor Victory"]
    assert s.returns() == [1.0, 1.0]
    assert s.ending() == "cooperative victory: both teams reached Minor Victory or better"


def test_15_7_cooperative_one_team_short_of_minor_victory_both_lose() -> None:
    s = new2(victory="cooperative")
    s.phase, s.step = 15, "over"
    finish_on(s, 0, 33)  # a point short: Draw
    finish_on(s, 1, 50)
    assert [bd.band for bd in s.score_breakdown()] == ["Draw", "Major Victory"]
    assert s.returns() == [0.0, 0.0] and s.observation(0)["winners"] == []
    assert s.ending() == "cooperative defeat: Seat 1 (Serbia) on Draw, below Minor Victory"


# ------------------------------------------------------------------------ whole games
VARIANTS_2P = [v for v in highcamp.game_class("disaster-on-k2").variants() if v.get("players")]


@pytest.mark.parametrize("options", VARIANTS_2P, ids=[str(i) for i in range(len(VARIANTS_2P))])
def test_two_player_games_pass_the_conformance_checks(options: dict[str, Any]) -> None:
    for seed in range(4):
        final = play_random("disaster-on-k2", options, seed, full_every=41, deep=False)
        assert final.is_terminal()
        if options.get("victory") == "cooperative":  # both win or both lose [15.7]
            assert final.returns() in ([0.0, 0.0], [1.0, 1.0])
        else:
            assert sorted(final.returns())[1] == 1.0


def test_heuristics_play_two_player_games_to_a_winner() -> None:
    from highcamp.agents.heuristics.disaster_series import DisasterOnK2Heuristic

    game = highcamp.load_game("disaster-on-k2", players=2, guide="sherpa", guide_2="sherpa")
    summits = 0
    for seed in range(3):
        s = play_game(game, [DisasterOnK2Heuristic(seed=1), DisasterOnK2Heuristic(seed=2)], seed)
        assert s.is_terminal() and max(s.returns()) == 1.0
        summits += sum(bd.figures["summits"] for bd in s.score_breakdown())
    assert summits > 0


def test_terminal_two_players_human_against_the_heuristic(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "play",
            "disaster-on-k2",
            "--players",
            "2",
            "--option",
            "guide=sherpa",
            "--option",
            "guide_2=sherpa",
            "--seat",
            "human,heuristic",
            "--seed",
            "5",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "game over" in out
    assert out.count("Secret Goal drawn:") == 1  # one's own goal, never the opponent's
    assert "The opponent's Sherpa has a Secret Goal, face down" in out
    assert "(you) against Seat 2 (Netherlands) on K2" in out


def test_encoder_has_the_two_player_slices_and_hides_the_opponent_s_goal() -> None:
    from highcamp.adapters.encoders import encoder_for
    from highcamp.adapters.game_encoders import views

    s = new2(5, goals=("Bivouac", "Do Not Summit"), guide="sherpa", guide_2="sherpa")
    enc = encoder_for(s.game)
    v = views(enc, enc.encode(s.observation(0), player=0))
    assert v["secret_goal"].tolist().index(1.0) == 1 + GOALS.index("Bivouac")
    assert v["opponent_goal"].tolist()[:2] == [0.0, 1.0]  # face down
    seen = s.observation(0)["opponent"]["score"]["total"]
    assert seen == s.score_breakdown()[1].total - 14  # Do Not Summit's 14 points unseen
    w = views(enc, enc.encode(s.observation(1), player=1))
    assert w["secret_goal"].tolist().index(1.0) == 1 + GOALS.index("Do Not Summit")


def test_descents_are_shown_under_the_moving_team_and_encoded_from_either_seat() -> None:
    from highcamp.adapters.encoders import encoder_for

    s = new2(6)
    s._seat(1)
    s.descents = [[1, 0]]  # (scenario) seat 2's first climber must descend
    climber = names(s, 1)[0]
    assert s.observation(1)["k2"]["descents"] == [climber]
    assert s.observation(0)["k2"]["descents"] == []
    assert s.observation(0)["opponent"]["k2"]["descents"] == [climber]
    enc = encoder_for(s.game)
    for seat in (0, 1):
        enc.encode(s.observation(seat), player=seat)
