"""The two-player rules [15.0]-[15.7] on the Everest board: a scenario per section, the
2-Player Event Clarifications, secrets per seat, and the conformance checks over many seeds.

Seat 1 plays Summit Adventures (Yuri, Rob; Doug, Beck, Yasuko, Frank, Lou, Stuart), seat 2
Mountain Majesty (Scott, Lopsang; Sandy, Charlotte, Tim, Martin, Dale, Pete) unless a test
says otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp import CHANCE, IllegalActionError, OptionError
from highcamp.agents import make_heuristic
from highcamp.cli.main import app
from highcamp.core import play_game
from highcamp.games.disaster_series.constants import P_MOVE
from highcamp.games.disaster_series.seats import (
    NUM_ACTIONS_2P,
    P_BID,
    P_RELOCATE,
    P_UNBLOCK,
    TwoPlayerState,
)
from tests.conformance.checks import play_random
from tests.games.disaster_series.scenarios import finish_on

from .helpers import SPACES, act, draw, roll, team_part, texts

OXYGEN, KHUMBU, GOOD_REVIEW, AMS, BROKEN_ROPE, AVALANCHE = 25, 18, 13, 1, 6, 3
ENERGY_BOOST, CALM_WIND, THICK_SNOW, SLOWED, LOST_SIGNAL, RIDGES_OPEN = 11, 7, 33, 31, 20, 27


def new2(seed: int = 0, **options: Any) -> TwoPlayerState:
    """A fresh two-player game (the First Player's event token is about to be drawn)."""
    state = highcamp.load_game("disaster-on-everest", players=2, **options).new_initial_state(seed)
    assert isinstance(state, TwoPlayerState)
    return state


def start2(
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    where: tuple[dict[str, str], dict[str, str]] = ({}, {}),
    marker: tuple[dict[str, str], dict[str, str]] = ({}, {}),
    seats: tuple[dict[str, Any], dict[str, Any]] = ({}, {}),
    **doc: Any,
) -> TwoPlayerState:
    """The two-player position document ``doc`` set up (each seat's markers by name:
    ``where``, ``marker``; its other fields in ``seats``): by default the start of the
    first turn, the First Player's token about to be drawn."""
    game = highcamp.load_game("disaster-on-everest", players=2, **(options or {}))
    parts = [
        {**seats[k], **team_part(game.seat_games[k], where=where[k], marker=marker[k])}
        for k in (0, 1)
    ]
    state = game.state_from_position({**doc, "seats": parts}, seed=seed)
    assert isinstance(state, TwoPlayerState)
    return state


def where2(state: TwoPlayerState, seat: int, name: str) -> str:
    """Where a marker of ``seat``'s team is, by name."""
    team = state.observation(seat)
    for m in team["guides"] + team["clients"]:
        if m["name"] == name:
            return str(m["where"])
    raise KeyError(name)


def to_move2(state: TwoPlayerState, token: int = AMS) -> None:
    """Draw ``token`` and let both players pass: the First Player's movement begins."""
    draw(state, token)
    act(state, "pass")
    act(state, "pass")


def end_move(state: TwoPlayerState) -> None:
    """End the moving player's movement (choosing option c first if no option is chosen)."""
    if "option c: move 4 clients" in texts(state):
        act(state, "option c")
    act(state, "end movement")


def fx(state: TwoPlayerState, seat: int) -> list[str]:
    """Effects in force for ``seat`` this turn."""
    return list(state.team.fx if seat == state.active else state.other.fx)


# ------------------------------------------------------------------------ options [15.0]
def test_15_0_each_seat_has_its_own_company_by_default() -> None:
    game = highcamp.load_game("disaster-on-everest", players=2)
    assert game.num_players == 2
    assert [g.company.name for g in game.seat_games] == ["Summit Adventures", "Mountain Majesty"]
    game = highcamp.load_game("disaster-on-everest", players=2, company="mountain-majesty")
    assert game.seat_games[1].company.name == "Summit Adventures"
    assert game.num_distinct_actions() == NUM_ACTIONS_2P
    assert highcamp.load_game("disaster-on-everest").num_distinct_actions() < NUM_ACTIONS_2P


def test_15_0_the_same_company_twice_is_refused() -> None:
    with pytest.raises(OptionError, match=r"\[15.0\]"):
        highcamp.load_game(
            "disaster-on-everest",
            players=2,
            company="himalayan-quest",
            company_2="himalayan-quest",
        )
    with pytest.raises(OptionError):
        highcamp.load_game("disaster-on-everest", players=3)


def test_15_0_variants_include_two_players_and_the_solitaire_game_is_unchanged() -> None:
    variants = highcamp.game_class("disaster-on-everest").variants()
    assert any(v.get("players") == 2 for v in variants)
    solo = highcamp.load_game("disaster-on-everest").new_initial_state(seed=1)
    assert type(solo).__name__ == "DisasterState"
    assert solo.observation(0).get("opponent") is None


def test_15_0_set_up_both_teams_at_high_camp() -> None:
    s = new2()
    for seat, guides in ((0, ["Yuri", "Rob"]), (1, ["Scott", "Lopsang"])):
        obs = s.observation(seat)
        assert [g["name"] for g in obs["guides"]] == guides
        assert {c["where"] for c in obs["clients"]} == {"High Camp"}
        assert obs["opponent"]["guides"][0]["name"] in ("Yuri", "Scott")
    assert s.current_player() == CHANCE


def test_15_0_random_teams_never_share_a_guide_or_client() -> None:
    for seed in range(4):
        s = new2(seed, random_team=True, company="himalayan-quest")
        while s.phase != 3:  # draw event
            s.apply_random_chance() if s.is_chance_node() else s.apply_action(s.legal_actions()[0])
        assert not set(s.team.guides) & set(s.other.guides)
        assert not set(s.team.clients) & set(s.other.clients)
        assert len(s.team.guides) == len(s.other.guides) == 2


def test_15_0_choose_guides_bonus_cannot_hire_the_other_companys_guides() -> None:
    s = new2(company="himalayan-quest", company_2="summit-adventures", team_bonus=True)
    assert s.current_player() == 0
    hires = texts(s)
    assert "hire Yuri" not in hires and "hire Rob" not in hires
    assert "hire Scott" in hires


# ----------------------------------------------------------------------- First Player [15.1]
def test_15_1_first_player_alternates_at_the_end_of_turn() -> None:
    s = new2()
    assert s.first == 0
    to_move2(s)
    assert s.current_player() == 0
    end_move(s)
    assert s.current_player() == 1  # the other player moves next [15.5]
    end_move(s)
    assert s.first == 1 and s.turn == 2
    draw(s, OXYGEN)
    assert s.current_player() == 1  # the new First Player opens the bidding
    assert s.observation(0)["first_player"] == 1


def test_15_1_seat_2_chosen_as_first_player_draws_bids_and_moves_first() -> None:
    s = new2(first_player="seat2")
    assert s.first == 1 and s.observation(0)["first_player"] == 1
    draw(s, AMS)
    assert s.current_player() == 1  # seat 2 opens the bidding [15.3]
    act(s, "pass")
    act(s, "pass")
    assert s.current_player() == 1 and s.observation(0)["moving"] == 1  # and moves first [15.5]
    end_move(s)
    assert s.current_player() == 0
    end_move(s)
    assert s.first == 0 and s.turn == 2  # then the marker passes [15.1]
    first = s.log[1]  # the teams were set up with the state: the log names the starter
    assert (first.text, first.rule) == ("Seat 2 (Mountain Majesty) is the First Player", "[15.1]")


def test_15_1_seat_2_starting_mirrors_seat_1_starting_with_the_teams_swapped() -> None:
    """Nothing favours a seat number: seat 2 starting with Mountain Majesty against Summit
    Adventures plays the very game of seat 1 starting with the companies swapped."""
    gid = "disaster-on-everest"
    teams = ("summit-adventures", "mountain-majesty")
    a = highcamp.load_game(gid, players=2, company=teams[0], company_2=teams[1], first_player=2)
    b = highcamp.load_game(gid, players=2, company=teams[1], company_2=teams[0], first_player=1)
    for seed in range(2):
        x = play_game(a, [make_heuristic(gid, seed=7), make_heuristic(gid, seed=8)], seed)
        y = play_game(b, [make_heuristic(gid, seed=8), make_heuristic(gid, seed=7)], seed)
        assert x.history() == y.history()
        assert [bd.total for bd in x.score_breakdown()] == [
            bd.total for bd in reversed(y.score_breakdown())
        ]


def test_15_1_the_first_player_may_be_given_as_a_seat_number() -> None:
    for given in (2, "2", "seat2"):
        game = highcamp.load_game("disaster-on-everest", players=2, first_player=given)
        assert game.options["first_player"] == "seat2"
        assert game.new_initial_state(seed=0).first == 1  # type: ignore[attr-defined]
    assert new2(first_player=1).first == 0


def test_15_1_a_random_first_player_is_a_chance_step_with_two_outcomes() -> None:
    s = new2(first_player="random")
    assert s.is_chance_node() and s.observation(0)["first_player"] is None
    assert s.observation(0)["phase"] == "draw the First Player"
    assert [(s.action_to_string(a), p) for a, p in s.chance_outcomes()] == [
        ("First Player drawn: Seat 1 (Summit Adventures)", 0.5),
        ("First Player drawn: Seat 2 (Mountain Majesty)", 0.5),
    ]
    with pytest.raises(IllegalActionError, match=r"\[15.1\]"):
        s.apply_action(s.string_to_action("First Player drawn: Seat 2 (Mountain Majesty)") + 2)
    s.apply_action(s.string_to_action("First Player drawn: Seat 2 (Mountain Majesty)"))
    assert s.first == 1 and s.observation(1)["first_player"] == 1
    draw(s, AMS)
    assert s.current_player() == 1  # the drawn First Player opens the bidding [15.3]
    assert [(e.text, e.rule) for e in s.log[:2]] == [
        ("First Player drawn: Seat 2 (Mountain Majesty)", "[15.1]"),
        ("Seat 2 (Mountain Majesty) is the First Player", "[15.1]"),
    ]
    starters = set()
    for seed in range(12):
        t = new2(seed, first_player="random")
        t.apply_random_chance()
        starters.add(t.first)
    assert starters == {0, 1}


def test_15_1_and_15_7_bad_option_values_are_refused() -> None:
    for bad in ("3", 3, "seat3", "first"):
        with pytest.raises(OptionError, match="first_player"):
            new2(first_player=bad)
    with pytest.raises(OptionError, match="victory"):
        new2(victory="friendly")
    for option, value in (("first_player", "seat2"), ("victory", "cooperative")):
        with pytest.raises(OptionError, match=r"for two players.*\[15.0\]"):
            highcamp.load_game("disaster-on-everest", **{option: value})
    solo = highcamp.load_game("disaster-on-everest", first_player="seat1", victory="competitive")
    assert solo.num_players == 1  # the solitaire values are accepted


def test_15_1_and_15_7_options_are_listed_with_their_choices() -> None:
    specs = {o.name: o for o in highcamp.game_class("disaster-on-everest").INFO.options}
    assert specs["first_player"].choices == ("seat1", "seat2", "random")
    assert specs["first_player"].default == "seat1"
    assert specs["victory"].choices == ("competitive", "cooperative")
    assert specs["victory"].default == "competitive"
    variants = highcamp.game_class("disaster-on-everest").variants()
    assert {"players": 2, "first_player": "random", "victory": "cooperative"} in variants


# --------------------------------------------------------------------------- Prestige [15.2]
def test_15_2_each_player_starts_with_14_prestige() -> None:
    s = new2()
    assert s.observation(0)["prestige"] == 14
    assert s.observation(1)["prestige"] == 14
    assert s.observation(0)["opponent"]["prestige"] == 14


def test_15_2_good_review_takes_prestige_above_14() -> None:
    s = new2()
    draw(s, GOOD_REVIEW)
    act(s, "bid")  # seat 1 bids 1
    act(s, "pass")  # seat 2 drops out
    assert s.observation(0)["prestige"] == 14 - 1 + 4
    assert s.observation(1)["prestige"] == 14


# ---------------------------------------------------------------------------- bidding [15.3]
def test_15_3_bidding_opens_at_the_printed_cost_with_the_first_player() -> None:
    s = new2()
    draw(s, OXYGEN)
    assert s.phase == P_BID and s.current_player() == 0
    assert texts(s) == ["bid 4 Prestige for Oxygen", "pass on Oxygen"]
    obs = s.observation(1)
    assert obs["bidding"]["next_bid"] == 4 and obs["bidding"]["to_bid"] == 0


def test_15_3_raises_until_one_drops_out_and_the_winner_pays_the_final_bid() -> None:
    s = new2()
    draw(s, OXYGEN)
    act(s, "bid")  # 4
    assert s.current_player() == 1
    assert texts(s)[0] == "bid 5 Prestige for Oxygen"
    act(s, "bid")  # 5
    act(s, "bid")  # 6
    act(s, "pass")  # seat 2 drops out: seat 1 pays 6
    assert s.observation(0)["prestige"] == 8
    assert s.observation(1)["prestige"] == 14
    assert s.current_player() == 0  # the winner gives the tank to a guide
    assert texts(s) == ["Oxygen Tank to Yuri", "Oxygen Tank to Rob"]
    act(s, "Oxygen Tank to Rob")
    assert s.observation(0)["guides"][1]["oxygen"]
    assert s.phase == P_MOVE and s.current_player() == 0


def test_15_3_the_second_player_wins_at_cost_when_the_first_passes() -> None:
    s = new2()
    draw(s, OXYGEN)
    act(s, "pass")
    assert s.current_player() == 1
    act(s, "bid")
    assert s.observation(1)["prestige"] == 10
    assert s.current_player() == 1
    assert texts(s) == ["Oxygen Tank to Scott", "Oxygen Tank to Lopsang"]
    act(s, "Oxygen Tank to Lopsang")
    assert s.current_player() == 0  # the First Player moves first [15.5]


def test_15_3_nobody_bidding_places_the_token_on_the_track() -> None:
    s = new2()
    draw(s, OXYGEN)
    act(s, "pass")
    act(s, "pass")
    assert s.observation(0)["storm_watch"] == ["Oxygen"]
    assert s.observation(0)["prestige"] == s.observation(1)["prestige"] == 14
    assert s.phase == P_MOVE and s.current_player() == 0


def test_15_3_a_player_who_cannot_outbid_drops_out() -> None:
    s = start2(seats=({}, {"prestige": 4}))
    draw(s, OXYGEN)
    act(s, "bid")  # 4: seat 2 cannot bid 5
    assert s.observation(0)["prestige"] == 10
    assert s.current_player() == 0 and "Oxygen Tank to Yuri" in texts(s)


def test_15_3_buy_and_decline_are_refused_in_the_bidding() -> None:
    s = new2()
    draw(s, OXYGEN)
    with pytest.raises(IllegalActionError) as err:
        s.apply_action(s.string_to_action("buy"))
    assert err.value.rule == "[15.3]"


# ------------------------------------------------------------------ blocked ridges [15.4]
def test_15_4_tokens_place_no_blocks_and_no_other_companys_client() -> None:
    s = new2()
    draw(s, 0)  # ridge number 1: The Balcony in the solitaire game
    assert s.blocked == [] and s.queue == []


def test_15_4_two_clients_ending_on_a_ridge_block_it() -> None:
    s = start2(
        where=({"Beck": "Triangular Face", "Frank": "Triangular Face"}, {"Sandy": "The Balcony"})
    )
    to_move2(s)
    act(s, "option c")
    act(s, "move Beck")
    act(s, "Beck up to Snow Gully")
    act(s, "Beck up to The Balcony")  # movement spent: Beck ends there
    assert s.observation(0)["blocked"] == ["The Balcony"]
    act(s, "move Frank")
    act(s, "Frank up to Snow Gully")
    with pytest.raises(IllegalActionError) as err:
        act(s, "up")
    assert err.value.rule == "[8.1]"


def test_15_4_a_ridge_unblocks_at_once_and_blocks_again_the_same_turn() -> None:
    s = start2(where=({"Beck": "Triangular Face"}, {"Sandy": "The Balcony", "Tim": "Snow Gully"}))
    to_move2(s)
    act(s, "option c")
    act(s, "move Beck")
    act(s, "up")
    act(s, "up")
    end_move(s)
    assert s.blocked == [SPACES["The Balcony"]]
    assert s.current_player() == 1
    act(s, "option c")
    act(s, "move Sandy")
    act(s, "Sandy up to Southeast Ridge")  # leaving a blocked ridge is allowed [8.1]
    assert s.blocked == []  # one client left: unblocked at once
    act(s, "end Sandy's move")
    act(s, "move Tim")
    act(s, "Tim up to The Balcony")
    assert s.blocked == [SPACES["The Balcony"]]  # blocked again


def test_15_4_clients_already_together_block_only_when_another_arrives() -> None:
    s = start2(where=({"Beck": "The Balcony"}, {"Sandy": "The Balcony"}))
    to_move2(s)
    assert s.blocked == []
    act(s, "option c")
    act(s, "move Beck")  # up and down again to end there, intentionally [15.4]
    act(s, "Beck up to Southeast Ridge")
    act(s, "Beck down to The Balcony")
    assert s.blocked == [SPACES["The Balcony"]]


def test_15_4_guides_do_not_count_and_a_strong_guide_drops_two_onto_one() -> None:
    s = start2(
        where=(
            {"Rob": "Snow Gully", "Doug": "Snow Gully", "Frank": "Snow Gully"},
            {"Sandy": "The Balcony", "Scott": "The Balcony"},
        )
    )
    to_move2(s)
    assert s.blocked == []  # a guide and a client do not block
    act(s, "option a")
    act(s, "move Rob")
    act(s, "Rob picks up Doug")
    act(s, "Rob picks up Frank")
    act(s, "up")
    act(s, "drop")
    assert s.blocked == [SPACES["The Balcony"]]
    assert sum(s._clients_on(SPACES["The Balcony"])) == 3
    assert "end Rob's move" in texts(s)  # the guide was there before the block


def test_15_4_no_marker_left_move_one_or_leave_the_ridge_unblocked() -> None:
    s = start2(
        where=(
            {"Beck": "The Balcony", "Lou": "Snow Gully"},
            {
                "Charlotte": "South Summit",
                "Martin": "South Summit",
                "Dale": "Cornice Traverse",
                "Pete": "Cornice Traverse",
                "Sandy": "Summit Ridge",
                "Tim": "Summit Ridge",
            },
        ),
        marker=({}, {"Sandy": "Hillary Step", "Tim": "Hillary Step"}),
        blocked=["South Summit", "Cornice Traverse", "Summit Ridge"],
    )
    to_move2(s)
    act(s, "option c")
    act(s, "move Lou")
    act(s, "Lou up to The Balcony")
    act(s, "end Lou's move")
    assert s.phase == P_RELOCATE and s.current_player() == 0
    assert texts(s) == [
        "leave The Balcony unblocked",
        "move the marker from South Summit to The Balcony",
        "move the marker from Cornice Traverse to The Balcony",
        "move the marker from Summit Ridge to The Balcony",
    ]
    t = s.clone()
    act(s, "move the marker from Summit Ridge to The Balcony")
    assert s.blocked == [SPACES["The Balcony"], SPACES["South Summit"], SPACES["Cornice Traverse"]]
    act(t, "leave The Balcony unblocked")
    assert SPACES["The Balcony"] not in t.blocked and len(t.blocked) == 3
    assert t.phase == P_MOVE


def test_15_4_blocks_stay_at_the_end_of_turn_and_opponents_blocks_may_be_removed() -> None:
    s = start2(where=({"Beck": "South Summit", "Yasuko": "Southeast Ridge"}, {}))
    to_move2(s)
    act(s, "option c")
    act(s, "move Yasuko")
    act(s, "Yasuko up to South Summit")
    act(s, "end Yasuko's move")
    assert s.blocked == [SPACES["South Summit"]]
    end_move(s)  # only one's own clients there: nothing to remove
    assert s.current_player() == 1 and s.phase == P_MOVE
    end_move(s)
    assert s.phase == P_UNBLOCK and s.current_player() == 1
    assert texts(s) == ["keep the opponent's blocks", "remove the block on South Summit"]
    t = s.clone()
    act(t, "keep the opponent's blocks")
    assert t.blocked == [SPACES["South Summit"]]  # not removed at the End of Turn
    assert t.turn == 2
    act(s, "remove the block on South Summit")
    assert s.blocked == [] and s.turn == 2


# ----------------------------------------------------------------------- movement [15.5]
def test_15_5_the_first_player_moves_everything_first() -> None:
    s = new2()
    to_move2(s)
    assert s.current_player() == 0
    act(s, "option a")
    act(s, "move Yuri")
    act(s, "up")
    act(s, "end Yuri's move")
    act(s, "move Rob")
    act(s, "end Rob's move")
    assert s.current_player() == 1  # seat 1 ran out of moves: seat 2 moves
    assert s.observation(1)["moving"] == 1
    act(s, "option c")
    assert s.current_player() == 1


# -------------------------------------------------------------------- preparations [15.6]
def test_15_6_preparations_are_used_only_as_first_player() -> None:
    s = start2(seats=({}, {"preparations": "Prep Ready"}))  # seat 2's Preparations ready
    draw(s, AMS)
    assert s.phase == P_BID  # seat 1 is First Player: one token only
    act(s, "pass")
    act(s, "pass")
    end_move(s)
    end_move(s)
    assert s.first == 1 and s.draws_left == 3  # now seat 2 draws three
    draw(s, 0)
    draw(s, OXYGEN)
    draw(s, KHUMBU)
    assert s.current_player() == 1
    assert texts(s)[0].startswith("keep token")


def test_15_6_any_player_may_prepare() -> None:
    s = new2()
    to_move2(s)
    end_move(s)
    assert "option a with Preparations: one guide prepares, the other moves" in texts(s)
    act(s, "option a with Preparations: one guide prepares, the other moves")
    assert s.observation(1)["preparations"] == "Prep 1/2"
    assert s.observation(0)["preparations"] == "none"


# ---------------------------------------------------------------------------- victory [15.7]
def _over(s: TwoPlayerState) -> None:
    s.phase = 15  # the game is over (scenario set-up)
    s._cache = None


def test_15_7_most_points_win() -> None:
    s = new2()
    _over(s)
    bds = s.score_breakdown()
    a, b = bds[0].total, bds[1].total
    assert s.returns() == ([1.0, 0.0] if a > b else [0.0, 1.0])
    assert s.ending() is not None and "wins" in s.ending()


def test_15_7_ties_go_to_the_most_prestige_then_both_win() -> None:
    s = new2()
    s.other.clients = list(s.team.clients)  # the same clients on both sides (scenario set-up)
    _over(s)
    assert s.returns() == [1.0, 1.0] and s.ending() == "mutual victory"
    s.other.tank[0] = True  # 3 points for a tank at High Camp [12.0]...
    s.team.prestige, s.other.prestige = 15, 12  # ...make up for 3 Prestige less
    (a, b) = (bd.total for bd in s.score_breakdown())
    assert a == b
    assert s.winners() == [0] and s.returns() == [1.0, 0.0]


def test_15_7_cooperative_both_teams_at_minor_victory_both_win() -> None:
    s = new2(victory="cooperative")
    _over(s)
    finish_on(s, 0, 18)  # the lowest Minor Victory on the Everest chart
    finish_on(s, 1, 30)
    assert [(bd.total, bd.band) for bd in s.score_breakdown()] == [
        (18, "Minor Victory"),
        (30, "Victory"),
    ]
    assert s.returns() == [1.0, 1.0] and s.winners() == [0, 1]
    assert s.ending() == "cooperative victory: both teams reached Minor Victory or better"
    obs = s.observation(1)
    assert obs["winners"] == [0, 1] and obs["victory"] == "cooperative"
    assert obs["cooperative_aim"] == "Minor Victory"


def test_15_7_cooperative_one_team_short_of_minor_victory_both_lose() -> None:
    s = new2(victory="cooperative")
    _over(s)
    finish_on(s, 0, 40)
    finish_on(s, 1, 17)  # a point short: Draw
    assert [bd.band for bd in s.score_breakdown()] == ["Major Victory", "Draw"]
    assert s.returns() == [0.0, 0.0] and s.winners() == []
    assert (
        s.ending() == "cooperative defeat: Seat 2 (Mountain Majesty) on Draw, below Minor Victory"
    )
    finish_on(s, 0, 5)
    assert s.ending() == (
        "cooperative defeat: Seat 1 (Summit Adventures) on Minor Defeat and "
        "Seat 2 (Mountain Majesty) on Draw, below Minor Victory"
    )
    rival = new2()  # the same sheets in the competitive game: the most points win
    _over(rival)
    finish_on(rival, 0, 40)
    finish_on(rival, 1, 17)
    assert rival.returns() == [1.0, 0.0] and rival.observation(0)["cooperative_aim"] is None


def test_15_7_minor_success_is_read_as_the_chart_s_minor_victory() -> None:
    bands = highcamp.load_game("disaster-on-everest").score_bands()
    assert "Minor Success" not in bands  # the chart has no band of that name
    assert bands.index("Minor Victory") == bands.index("Draw") + 1  # the first success


def test_15_7_a_whole_cooperative_game_ends_with_both_seats_alike() -> None:
    game = highcamp.load_game(
        "disaster-on-everest", players=2, victory="cooperative", first_player="random"
    )
    for seed in range(2):
        s = play_game(game, [make_heuristic("disaster-on-everest", seed=k) for k in (1, 2)], seed)
        assert s.returns() in ([0.0, 0.0], [1.0, 1.0])
        assert s.log[-1].rule == "[15.7]" and s.log[-1].text == s.ending()
        assert s.ending().startswith("cooperative ")  # type: ignore[union-attr]


# ---------------------------------------------------------- 2-Player Event Clarifications
def _win(s: TwoPlayerState, token: int, seat: int = 0) -> None:
    """``seat`` wins ``token`` at its cost."""
    draw(s, token)
    if seat == 1:
        act(s, "pass")
        act(s, "bid")
    else:
        act(s, "bid")
        act(s, "pass")


def test_clarification_acute_mountain_sickness_on_the_opponent() -> None:
    s = start2(where=({"Beck": "Snow Gully"}, {"Sandy": "Southeast Ridge"}))
    _win(s, AMS)
    assert texts(s) == [
        "Acute Mountain Sickness strikes Beck of Seat 1 (Summit Adventures)",
        "Acute Mountain Sickness strikes Sandy of Seat 2 (Mountain Majesty)",
    ]
    act(s, "Acute Mountain Sickness strikes Sandy")
    sandy = s.observation(1)["clients"][0]
    assert sandy["name"] == "Sandy" and sandy["ams"]
    assert not any(c["ams"] for c in s.observation(0)["clients"])


def test_clarification_acute_mountain_sickness_with_one_possible_client() -> None:
    s = start2(  # every client of seat 1 dead
        where=(
            {name: "dead" for name in ("Doug", "Beck", "Yasuko", "Frank", "Lou", "Stuart")},
            {"Tim": "Snow Gully"},
        )
    )
    _win(s, AMS)
    tim = s.observation(1)["clients"][2]
    assert tim["name"] == "Tim" and tim["ams"]
    assert s.phase == P_MOVE


def test_clarification_broken_rope_on_the_opponent() -> None:
    s = start2(where=({}, {"Tim": "Snow Gully"}))
    _win(s, BROKEN_ROPE)
    assert "Broken Rope strikes Tim of Seat 2 (Mountain Majesty)" in texts(s)
    act(s, "Broken Rope strikes Tim")
    roll(s, 1)
    assert where2(s, 1, "Tim") == "dead"
    assert s.observation(1)["clients"][2]["fate"] == "died: Broken Rope"


def test_clarification_avalanche_on_the_opponents_space() -> None:
    s = start2(
        where=(
            {"Beck": "Southeast Ridge", "Yuri": "Southeast Ridge"},
            {"Sandy": "Southeast Ridge", "Charlotte": "Southeast Ridge"},
        )
    )
    _win(s, AVALANCHE)
    act(s, "Avalanche at Southeast Ridge")
    assert where2(s, 1, "Sandy") == where2(s, 1, "Charlotte") == "The Balcony"
    assert where2(s, 0, "Beck") == "Southeast Ridge"  # sheltered by its own guide


def test_clarification_energy_boost_and_khumbu_only_for_the_buyer() -> None:
    s = new2()
    _win(s, ENERGY_BOOST, seat=1)
    assert fx(s, 1) == ["energy_boost"] and fx(s, 0) == []
    s = new2()
    _win(s, KHUMBU, seat=1)
    assert s.observation(1)["kept"] == ["Khumbu Ice Field"]
    assert s.observation(0)["kept"] == []


@pytest.mark.parametrize(
    ("token", "effect"),
    [
        (CALM_WIND, "calm_wind"),
        (THICK_SNOW, "thick_snow"),
        (SLOWED, "slowed"),
        (LOST_SIGNAL, "lost_signal"),
    ],
)
def test_clarification_turn_events_apply_to_both_players(token: int, effect: str) -> None:
    s = new2()
    _win(s, token, seat=1)
    assert effect in fx(s, 0) and effect in fx(s, 1)


def test_clarification_thick_snow_slows_the_other_team_too() -> None:
    s = start2(where=({}, {"Charlotte": "Triangular Face"}))
    _win(s, THICK_SNOW)
    end_move(s)
    act(s, "option c")
    act(s, "move Charlotte")  # movement 3, one less
    act(s, "up")
    act(s, "up")
    assert where2(s, 1, "Charlotte") == "The Balcony"
    assert s.mover < 0  # no movement left


def test_clarification_ridges_open_clears_the_blocks_for_both_this_turn() -> None:
    s = start2(
        where=(
            {"Beck": "The Balcony", "Lou": "Snow Gully"},
            {"Charlotte": "South Summit", "Martin": "South Summit"},
        ),
        blocked=["South Summit"],
    )
    _win(s, RIDGES_OPEN)
    act(s, "play Ridges Open")
    assert s.blocked == []
    act(s, "option c")
    act(s, "move Lou")
    act(s, "Lou up to The Balcony")
    act(s, "end Lou's move")
    assert s.blocked == []  # no blocks placed this turn
    end_move(s)
    act(s, "option c")
    act(s, "move Martin")
    act(s, "Martin down to Southeast Ridge")
    act(s, "Martin up to South Summit")
    assert s.blocked == []


def test_clarification_icy_moves_both_teams_off_the_ridges() -> None:
    s = start2(where=({"Beck": "South Summit"}, {"Sandy": "The Balcony"}))
    _win(s, 16)  # Icy
    assert where2(s, 0, "Beck") == "Southeast Ridge"
    assert where2(s, 1, "Sandy") == "Snow Gully"


# ------------------------------------------------------------------- secrets per seat
def test_a_seats_secret_is_shown_only_to_that_seat() -> None:
    s = new2()
    assert s.observation(0)["secret"] is None  # Everest has no secret
    s.secret = ["summit by turn 8", "traverse"]  # a stand-in secret (K2's Sherpa goal)
    assert s.observation(0)["secret"] == "summit by turn 8"
    assert s.observation(0)["opponent_secret"] == "hidden"
    assert s.observation(1)["secret"] == "traverse"
    assert "summit by turn 8" not in str(s.observation(1))
    public = s.public_observation()
    assert public is not None
    assert "summit by turn 8" not in str(public) and "traverse" not in str(public)
    assert s.clone().secret == s.secret
    assert s.to_json()["state"]["secret"] == s.secret


def test_the_terminal_shows_a_seat_only_its_own_secret() -> None:
    from rich.console import Console

    from highcamp.cli.renderers.disaster_series import DisasterRenderer

    s = new2()
    s.secret = ["summit by turn 8", "traverse"]
    console = Console(width=120, record=True)
    console.print(DisasterRenderer().draw(s, 1))
    out = console.export_text()
    assert "Your secret: traverse" in out and "summit by turn 8" not in out


def test_15_1_and_15_7_the_terminal_shows_the_draw_the_aim_and_the_cooperative_ending(
    tmp_path: Path,
) -> None:
    from rich.console import Console

    from highcamp.cli.renderers.disaster_series import DisasterRenderer

    s = new2(first_player="random", victory="cooperative")
    console = Console(width=160, record=True)
    console.print(DisasterRenderer().draw(s, 0))
    out = console.export_text()
    assert "First Player: not drawn yet" in out
    assert "cooperative game: both teams aim for Minor Victory or better" in out
    args = ["play", "disaster-on-everest", "--players", "2", "--seat", "heuristic,heuristic"]
    args += ["-o", "first_player=random", "-o", "victory=cooperative", "--seed", "3"]
    result = CliRunner().invoke(app, [*args, "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output[-2000:]
    flat = " ".join(result.output.split())
    assert "First Player drawn: Seat" in flat
    end = flat.split("· game over", 1)[1]  # the end screen names the cooperative result
    assert "cooperative victory: both teams reached Minor Victory or better" in end


def test_resample_hidden_redraws_only_the_other_seats_secret() -> None:
    class Secretive(TwoPlayerState):
        __slots__ = ()

        def _secret_choices(self, seat: int) -> list[Any]:
            return ["a", "b", "c"]

    game = highcamp.load_game("disaster-on-everest", players=2)
    s = Secretive(game, 3)
    s.secret = ["mine", "theirs"]
    seen = {s.resample_hidden(0, seed).secret[1] for seed in range(20)}
    assert seen <= {"a", "b", "c"} and len(seen) > 1
    assert all(s.resample_hidden(0, seed).secret[0] == "mine" for seed in range(5))


def test_everest_two_player_game_has_no_hidden_information() -> None:
    s = new2()
    assert not highcamp.load_game("disaster-on-everest", players=2).info.hidden_information
    assert s.public_observation() is not None


# ------------------------------------------------------------------------ conformance
@pytest.mark.parametrize("seed", range(6))
def test_two_player_games_pass_the_conformance_checks(seed: int) -> None:
    final = play_random("disaster-on-everest", {"players": 2}, seed, full_every=9, deep=False)
    assert final.is_terminal()
    assert sorted(final.returns()) in ([0.0, 1.0], [1.0, 1.0])
    assert len(final.score_breakdown()) == 2


def test_a_whole_two_player_game_replays_and_round_trips() -> None:
    game = highcamp.load_game("disaster-on-everest", players=2, game="advanced")
    s = game.new_initial_state(seed=5)
    import random

    rng = random.Random(5)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert game.replay(s.history(), seed=5) == s
    assert game.state_from_json(s.to_json()) == s
    assert any(e.rule == "[15.7]" for e in s.log)
