"""Rule scenarios of Disaster, named after the rulebook's sections.

Each scenario drives a game by action text with forced dice (``dice show 3 and 3``) on the
reconstructed standard board: the ship is spaces 4-9 (the Lifeboat behind space 4, escapers
land on space 10), the skyscraper is entered from space 17 and left onto space 18, the plane
is spaces 25-30 (the Parachute behind space 30, escapers land on space 31), the earthquake
zone is spaces 39-46 (the earth pieces meet between its 4th and 5th spaces).
"""

from __future__ import annotations

from typing import Any

import pytest

import highcamp
from highcamp import CHANCE, IllegalActionError, State
from highcamp.games.disaster import standard_board
from highcamp.games.disaster.rules import PLAY_BASE

from .helpers import (
    chips,
    doc,
    draw,
    drive,
    escape_roll,
    move,
    new_game,
    obs,
    roll,
    space,
    spread,
    texts,
)

BOARD = standard_board()


def disaster(state: State) -> Any:
    """The disaster in progress, as seat 1 sees it (``None`` when there is none)."""
    return state.observation(0)["disaster"]


# ------------------------------------------------------------------ set-up
def test_setup_corners_chips_and_first_player() -> None:
    """[Setting Up the Game]: one corner each, one chip each, a chance step picks the first."""
    state = highcamp.load_game("disaster", players=4).new_initial_state(seed=0)
    assert len(state.legal_actions()) == 4
    drive(state, ["start at the south-west corner", "start at the north-west corner"])
    assert texts(state) == ["start at the north-east corner", "start at the south-east corner"]
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(3)  # the south-west corner is taken
    assert err.value.rule == "[Setting Up the Game]"
    drive(state, ["start at the south-east corner"])  # the fourth seat gets the last corner
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(96 + s, 0.25) for s in range(4)]
    assert [p["space"] for p in obs(state)["players"]] == [
        "South-west corner",
        "North-west corner",
        "South-east corner",
        "North-east corner",
    ]
    assert chips(state) == [1, 1, 1, 1] and obs(state)["supply"] == 26


def test_extra_players_are_placed_at_random_one_to_a_corner() -> None:
    state = highcamp.load_game("disaster", players=7).new_initial_state(seed=0)
    drive(state, [f"start at the {c} corner" for c in ("north-west", "north-east", "south-east")])
    assert [round(p, 3) for _, p in state.chance_outcomes()] == [0.25] * 4
    drive(state, ["placed at the north-east corner"])
    assert len(state.chance_outcomes()) == 3
    assert "placed at the north-east corner" not in texts(state)
    drive(state, ["placed at the south-west corner", "placed at the north-west corner"])
    assert len(state.chance_outcomes()) == 7  # the first player, one of seven
    starts = [p["start"] for p in obs(state)["players"]]
    assert starts == [0, 14, 21, 35, 14, 35, 0]


# ----------------------------------------------------------- moving, skyscraper
def test_skyscraper_movement_cases() -> None:
    """[Moving]: up the staircase on entering, across the floor where the move ended, the
    top floor when the count is larger, the first-floor exception, down and out."""
    up, down = BOARD.up, BOARD.down
    f = BOARD.floor_space
    assert BOARD.destination(17, 1) == up[0]  # entering: turn up the staircase
    assert BOARD.destination(16, 4) == up[2]  # a move ending on the third floor's staircase
    assert BOARD.destination(up[2], 2) == f(3, 2)  # crosses the third floor next move
    assert BOARD.destination(17, 9) == f(5, 4)  # beyond the top floor: along the top floor
    assert BOARD.destination(up[0], 2) == f(1, 2)  # ended on the first floor: along it
    assert BOARD.path(f(3, 6), 5) == (f(3, 7), down[2], down[1], down[0], 18)  # down and out
    assert BOARD.destination(up[4], 7) == f(5, 7)


def test_skyscraper_moves_in_play() -> None:
    state = new_game(corners=("north-east", "south-west"))
    move(state, 6)
    assert space(state, 0) == "Skyscraper staircase up, floor 3"
    roll(state, 1, 2)  # the other player, outside the areas
    move(state, 4)
    assert space(state, 0) == "Skyscraper floor 3, space 4"
    roll(state, 1, 2)
    move(state, 7)
    assert space(state, 0) == "Skyscraper exit"


# --------------------------------------------------------------------- the ship
def test_ship_escape_to_the_lifeboat_and_placement_beyond() -> None:
    """[Sinking Ocean Liner]: the ship goes to position 1 at once; deductions never exceed
    the roll [Note on Sinking Ship and Crashing Plane]; the Lifeboat puts you beyond."""
    state = new_game(corners=("north-west", "south-west"))
    move(state, 4)
    assert space(state, 0) == "Ship 1"
    roll(state, 1, 2)
    roll(state, 3, 3)  # a double in the ship: no move, disaster
    d = disaster(state)
    assert d is not None and d["area"] == "ship" and d["ship_position"] == 1
    assert d["escaping"] == [0] and space(state, 0) == "Ship 1"
    escape_roll(state, 1)  # 1 - 1 = 0: stays
    assert space(state, 0) == "Ship 1" and disaster(state)["ship_position"] == 2
    escape_roll(state, 3)  # 3 - 2 = 1: reaches the Lifeboat
    assert space(state, 0) == "Space 10"
    assert chips(state) == [2, 1] and obs(state)["supply"] == 27
    assert disaster(state) is None
    assert obs(state)["turn"] == 1 and texts(state) == ["roll"]  # play resumes after the causer


def test_ship_sinks_past_the_fifth_position() -> None:
    state = new_game(corners=("north-west", "south-west"))
    move(state, 9)
    assert space(state, 0) == "Ship 6"
    roll(state, 1, 2)
    roll(state, 2, 2)
    for k in range(5):
        assert disaster(state)["ship_position"] == k + 1
        escape_roll(state, 1)
    assert disaster(state) is None
    assert space(state, 0) == "North-west corner" and chips(state) == [0, 1]
    assert obs(state)["supply"] == 29


# -------------------------------------------------------------------- the plane
def test_plane_escape_by_parachute_beyond_the_same_end() -> None:
    state = new_game(corners=("south-east", "south-west"))
    move(state, 6)
    assert space(state, 0) == "Plane 3"
    roll(state, 1, 2)
    roll(state, 5, 5)
    assert disaster(state)["plane_position"] == 1
    escape_roll(state, 6)  # 6 - 2 = 4 steps: the Parachute, beyond the same end
    assert space(state, 0) == "Space 31" and chips(state) == [2, 1]


def test_plane_crashes_with_deductions() -> None:
    state = new_game(corners=("south-east", "south-west"))
    move(state, 4)
    roll(state, 1, 2)
    roll(state, 5, 5)
    escape_roll(state, 3)  # position 1 deducts 2: one step
    assert space(state, 0) == "Plane 2"
    for _ in range(4):
        escape_roll(state, 2)  # deduct 2, 3, 3, 4: never more than the roll
        assert space(state, 0) in ("Plane 2", "South-east corner")
    assert space(state, 0) == "South-east corner" and chips(state) == [0, 1]


# ----------------------------------------------------------------- earthquake
def test_earthquake_first_opening_swallows_the_middle() -> None:
    state = new_game(corners=("south-west", "north-west"))
    move(state, 7)
    assert space(state, 0) == "Earthquake zone 4"
    roll(state, 1, 2)
    roll(state, 4, 4)
    assert space(state, 0) == "South-west corner" and chips(state) == [0, 1]
    assert disaster(state) is None and obs(state)["turn"] == 1


def test_earthquake_two_ways_no_crossing_and_falling_in() -> None:
    state = new_game(corners=("south-west", "north-west"))
    move(state, 4)
    assert space(state, 0) == "Earthquake zone 1"
    roll(state, 1, 2)
    roll(state, 1, 1)
    assert disaster(state)["fissure"] == [3, 4]
    escape_roll(state, 2)
    # both ways open, short of the fissure
    assert texts(state) == ["move back to Space 38", "move on to Earthquake zone 3"]
    drive(state, ["move on"])
    assert space(state, 0) == "Earthquake zone 3"
    assert state.current_player() == CHANCE  # the causer rolls to open the earth further
    spread(state, 1)
    assert space(state, 0) == "South-west corner" and chips(state) == [0, 1]


def test_earthquake_escape_cannot_cross_the_fissure() -> None:
    state = new_game(corners=("south-west", "north-west"))
    move(state, 4)
    roll(state, 1, 2)
    roll(state, 6, 6)
    before = doc(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(state.string_to_action("move on"))
    assert err.value.rule == "[Earthquake]" and doc(state) == before
    escape_roll(state, 3)  # forward would cross the fissure: only back, applied at once
    assert space(state, 0) == "Space 38" and chips(state) == [2, 1]


def test_earthquake_escape_forward_beyond_the_far_end() -> None:
    state = new_game(corners=("south-west", "north-west"))
    move(state, 9)
    assert space(state, 0) == "Earthquake zone 6"
    roll(state, 1, 2)
    roll(state, 2, 2)
    escape_roll(state, 3)
    assert space(state, 0) == "Space 47" and chips(state) == [2, 1]


# ------------------------------------------------------------------ the fire
def test_fire_catches_players_on_the_first_floor() -> None:
    state = new_game(corners=("north-east", "south-west"))
    move(state, 4)
    assert space(state, 0) == "Skyscraper staircase up, floor 1"
    roll(state, 1, 2)
    move(state, 5)
    assert space(state, 0) == "Skyscraper floor 1, space 5"
    roll(state, 1, 2)
    roll(state, 2, 2)
    assert space(state, 0) == "North-east corner" and chips(state) == [0, 1]
    assert disaster(state) is None


def test_fire_escape_down_the_staircase() -> None:
    state = new_game(corners=("north-east", "south-west"))
    move(state, 6)
    roll(state, 1, 2)
    roll(state, 3, 3)
    assert disaster(state)["fire"] == [2, 6]
    assert state.current_player() == CHANCE  # the causer rolls at once to spread it
    spread(state, 2)
    assert disaster(state)["fire"] == [2, 7]
    escape_roll(state, 3)  # a staircase space: its own staircase down is the way out
    assert space(state, 0) == "Skyscraper entrance" and chips(state) == [2, 1]


def test_fire_reaching_both_staircases_kills_those_inside() -> None:
    state = new_game(corners=("north-east", "south-west"))
    move(state, 8)
    roll(state, 1, 2)
    move(state, 4)
    assert space(state, 0) == "Skyscraper floor 5, space 4"
    roll(state, 1, 2)
    roll(state, 5, 5)
    spread(state, 1)  # odd: the bottom piece one to the left
    assert disaster(state)["fire"] == [1, 6]
    escape_roll(state, 1)
    assert texts(state) == [
        "move back to Skyscraper floor 5, space 3",
        "move on to Skyscraper floor 5, space 5",
    ]
    drive(state, ["move back"])
    spread(state, 3)
    assert disaster(state)["fire"] == [0, 6]
    escape_roll(state, 1)  # the way back is closed by the burning staircase (R-D-4)
    assert space(state, 0) == "Skyscraper floor 5, space 4"
    spread(state, 2)
    escape_roll(state, 1)
    assert space(state, 0) == "Skyscraper floor 5, space 5"
    assert disaster(state)["fire"] == [0, 7]
    spread(state, 4)
    assert space(state, 0) == "North-east corner" and chips(state) == [0, 1]
    assert disaster(state) is None


@pytest.mark.parametrize(
    ("moves", "where"),
    [((4,), "Skyscraper staircase up, floor 1"), ((6, 10), "Skyscraper staircase down, floor 1")],
)
def test_burning_skyscraper_first_floor_staircases_are_first_floor_spaces(
    moves: tuple[int, ...], where: str
) -> None:
    """[Burning Skyscraper], R-D-5: a player on a first-floor staircase space when the fire
    breaks out is caught on the first floor and perishes."""
    state = new_game(corners=("north-east", "south-west"))
    for total in moves:
        move(state, total)
        roll(state, 1, 2)  # the other player, outside the areas
    assert space(state, 0) == where
    roll(state, 2, 2)  # a double in the skyscraper: the fire breaks out
    assert space(state, 0) == "North-east corner" and chips(state) == [0, 1]
    assert disaster(state) is None
    caught = [e for e in state.log if "caught on the first floor" in e.text]
    assert [e.rule for e in caught] == ["[Burning Skyscraper] R-D-5"]


def test_burning_skyscraper_a_burning_staircase_is_neither_entered_nor_passed() -> None:
    """[Burning Skyscraper], R-D-4: once the fire reaches the staircase up, an escaper on
    that staircase leaves the longer way, across its floor and down the other staircase."""
    state = new_game(corners=("north-east", "south-west"))
    move(state, 8)
    assert space(state, 0) == "Skyscraper staircase up, floor 5"
    roll(state, 1, 2)
    roll(state, 5, 5)
    spread(state, 1)
    escape_roll(state, 1)  # its own staircase, still open: down it
    assert space(state, 0) == "Skyscraper staircase up, floor 4"
    spread(state, 3)  # odd: the fire reaches the staircase up
    assert disaster(state)["fire"] == [0, 6]
    escape_roll(state, 2)  # not down through the fire: across the fourth floor
    assert space(state, 0) == "Skyscraper floor 4, space 2"
    assert state.log[-2].rule == "[Burning Skyscraper] R-D-4"
    assert "closes the way back" in state.log[-2].text
    spread(state, 1)  # odd again: the staircase up is burning already
    escape_roll(state, 6)
    assert space(state, 0) == "Skyscraper staircase down, floor 4"
    spread(state, 5)
    escape_roll(state, 6)  # out at the exit, never back through the burning side
    assert space(state, 0) == "Skyscraper exit" and chips(state) == [2, 1]


def test_burning_skyscraper_an_escaper_on_the_staircase_space_the_fire_reaches_steps_out() -> None:
    """[Burning Skyscraper], R-D-4: the fire closes a staircase space to those who would
    enter or pass it; an escaper already standing on it leaves it for the space outside."""
    state = new_game(corners=("north-east", "south-west"))
    move(state, 5)
    assert space(state, 0) == "Skyscraper staircase up, floor 2"
    roll(state, 1, 2)
    roll(state, 1, 1)  # a double in the skyscraper
    spread(state, 1)
    escape_roll(state, 1)
    assert space(state, 0) == "Skyscraper staircase up, floor 1"
    spread(state, 3)  # the fire reaches the staircase space it stands on
    assert disaster(state)["fire"] == [0, 6]
    escape_roll(state, 4)
    assert space(state, 0) == "Skyscraper entrance" and chips(state) == [2, 1]


# ---------------------------------------------------------------------- cards
def test_card_draw_keep_hidden_and_play_timing() -> None:
    """[Disaster Cards]: drawn on a Disaster space, kept hidden, played after moving."""
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)  # a double outside the areas just moves
    assert space(state, 0) == "Disaster" and state.current_player() == CHANCE
    titles = [c["title"] for c in state.game.static_view()["cards"]]
    # the full record names each card (unique texts); a seat is told only its own draw
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        f"draw {t}" for t in titles
    ]
    first = state.legal_actions()[0]
    assert state.public_action_text(first, 0) == "you draw Iceberg Ahead"
    assert state.public_action_text(first, 1) == "seat 1 draws a Disaster card"
    assert state.public_action_text(first, None) == "seat 1 draws a Disaster card"
    draw(state, 0)
    assert state.log_for(1)[-1].text == "seat 1 draws a Disaster card"
    assert state.log_for(0)[-1].text == "you draw Iceberg Ahead"
    assert "Iceberg" not in str(state.public_observation())
    assert texts(state) == ["keep the card", "play Iceberg Ahead"]
    assert obs(state, 0)["drawn"] == "Iceberg Ahead" and obs(state, 1)["drawn"] == "hidden"
    drive(state, ["keep the card"])
    me, other = obs(state, 0)["players"][0], obs(state, 1)["players"][0]
    assert me["card"] == "Iceberg Ahead" and me["holds_card"]
    assert other["card"] is None and other["holds_card"]
    assert "Iceberg" not in str(obs(state, 1))
    roll(state, 1, 2)
    with pytest.raises(IllegalActionError) as err:  # not before rolling
        state.apply_action(PLAY_BASE + 0)
    assert err.value.rule == "[Disaster Cards]"
    move(state, 5)  # to space 7: the ship, not a Disaster space
    assert texts(state) == ["end turn", "play Iceberg Ahead"]
    drive(state, ["play Iceberg Ahead"])  # the ship sinks with seat 1 aboard
    d = disaster(state)
    assert d is not None and d["area"] == "ship" and d["escaping"] == [0]
    assert obs(state)["deck_size"] == 20 and not obs(state, 0)["players"][0]["holds_card"]
    with pytest.raises(IllegalActionError) as err:  # never during a disaster
        state.apply_action(PLAY_BASE + 1)
    assert err.value.rule == "[Disaster Cards]"


def test_a_second_card_is_played_or_one_goes_to_the_bottom() -> None:
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)
    draw(state, 0)
    drive(state, ["keep the card"])
    roll(state, 1, 2)
    move(state, 9)  # from space 2 to space 11, a Disaster space
    drive(state, ["draw a second card"])  # the second card is optional (R-0-4)
    draw(state, 10)
    assert texts(state) == [
        "keep the new card",
        "keep the old card",
        "play Iceberg Ahead",
        "play Engine Failure",
    ]
    drive(state, ["keep the new card"])
    assert obs(state, 0)["players"][0]["card"] == "Engine Failure"
    assert obs(state)["deck_bottom"] == 1 and obs(state)["deck_size"] == 19


def test_disaster_cards_the_second_card_is_optional() -> None:
    """[Disaster Cards], R-0-4: a player holding a card who lands on a Disaster space may
    pick a second card; declining keeps the card and draws nothing."""
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)
    draw(state, 0)
    drive(state, ["keep the card"])
    roll(state, 1, 2)
    move(state, 9)  # from space 2 to space 11, a Disaster space
    assert state.current_player() == 0
    assert texts(state) == ["end turn", "play Iceberg Ahead", "draw a second card"]
    assert state.action_to_string(state.legal_actions()[-1]) == "draw a second card"
    drive(state, ["end turn"])
    assert obs(state, 0)["players"][0]["card"] == "Iceberg Ahead"
    assert obs(state)["deck_size"] == 19 and obs(state)["deck_bottom"] == 0
    roll(state, 1, 2)
    move(state, 4)  # not a Disaster space: no second card offered
    assert texts(state) == ["end turn", "play Iceberg Ahead"]
    with pytest.raises(IllegalActionError) as err:
        drive(state, ["draw a second card"])
    assert err.value.rule == "[Disaster Cards] R-0-4"


def test_no_card_after_a_double_that_causes_a_disaster() -> None:
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)
    draw(state, 0)
    drive(state, ["keep the card"])
    roll(state, 1, 2)
    move(state, 4)  # to space 6, in the ship
    drive(state, ["end turn"])
    roll(state, 1, 2)
    roll(state, 4, 4)  # disaster in the ship
    escape_roll(state, 6)  # escapes at once
    assert obs(state)["turn"] == 1 and texts(state) == ["roll"]  # no "play" window


def test_no_card_is_drawn_during_a_disaster_and_perishing_discards() -> None:
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)
    draw(state, 0)
    drive(state, ["keep the card"])
    roll(state, 1, 2)
    move(state, 7)  # to space 9, the ship's front
    drive(state, ["end turn"])
    roll(state, 1, 2)
    roll(state, 2, 2)
    for _ in range(5):
        escape_roll(state, 1)
    p = obs(state, 0)["players"][0]
    assert p["space"] == "North-west corner" and not p["holds_card"] and p["chips"] == 0
    assert obs(state)["deck_bottom"] == 1


# ------------------------------------------------------------ three players
@pytest.mark.parametrize(
    ("players", "rule", "disaster_happens"),
    [(3, True, True), (3, False, False), (4, True, False)],
)
def test_three_player_total_of_three(players: int, rule: bool, disaster_happens: bool) -> None:
    """[Special Rule when there are only Three Players], R-D-3."""
    corners = ("north-west", "south-west", "south-east")[: min(players, 3)]
    state = new_game(players, corners, three_player_rule=rule)
    move(state, 4)
    for _ in range(players - 1):
        roll(state, 1, 2) if space(state, 1) != "Space 38" else move(state, 4)
    assert obs(state)["turn"] == 0
    roll(state, 1, 2)
    assert (disaster(state) is not None) == disaster_happens
    assert space(state, 0) == ("Ship 1" if disaster_happens else "Ship 4")


# ----------------------------------------------------------------- winning
def _two_aboard(ties: str, start_chips: list[int], **options: object) -> State:
    """Seat 1 on Ship 1 and seat 2 on Ship 2 with ``start_chips``, seat 1 to roll; it rolls
    doubles, and both escape (seat 2 first, after the causer)."""
    game = highcamp.load_game("disaster", players=2, ties=ties, **options)
    seats = [
        {"space": space_, "chips": c, "escapes": {"ship": c - 1}, **start}
        for space_, c, start in zip(
            ("Ship 1", "Ship 2"), start_chips, ({}, {"start": "south-west"}), strict=True
        )
    ]
    state = game.state_from_position({"players": seats})
    roll(state, 2, 2)
    escape_roll(state, 3)  # seat 2 rolls first (after the causer): 3 - 1 reaches the Lifeboat
    escape_roll(state, 2)
    return state


def test_first_to_six_chips_wins() -> None:
    state = _two_aboard("play on", [5, 1])
    assert state.is_terminal() and state.ending() == "win"
    assert state.returns() == [1.0, 0.0]


def test_ties_play_on_or_share() -> None:
    on = _two_aboard("play on", [5, 5])
    assert not on.is_terminal() and chips(on) == [6, 6]
    assert space(on, 0) == space(on, 1) == "Space 10"  # several players on one space
    shared = _two_aboard("shared", [5, 5])
    assert shared.ending() == "shared win"
    assert shared.returns() == [1.0, 1.0]


def test_long_game_needs_eight() -> None:
    state = _two_aboard("play on", [5, 1], long_game=True)
    assert not state.is_terminal() and chips(state) == [6, 2]


# ------------------------------------------------------------ hidden cards
def test_held_cards_are_hidden_and_resampled() -> None:
    """A held card shows only in its holder's observation; ``resample_hidden`` redeals the
    cards a player cannot see and keeps what it can."""
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)
    draw(state, 0)
    drive(state, ["keep the card"])
    seen_by_other = obs(state, 1)
    titles = set()
    for seed in range(30):
        other = state.resample_hidden(1, seed)
        assert other.observation(1) == seen_by_other
        titles.add(other.observation(0)["players"][0]["card"])
        assert not other.invariants()
    assert len(titles) > 5  # seat 2 cannot know which card seat 1 holds
    mine = state.resample_hidden(0, 3)
    assert mine.observation(0) == obs(state, 0)
    assert mine.observation(0)["players"][0]["card"] == "Iceberg Ahead"


# ------------------------------------------------------------- engine limits
def _play_out(state: State) -> State:
    import random

    rng = random.Random(0)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_turn_limit_ends_the_game_undecided() -> None:
    """The engine limit: a game still running after 1,500 turns ends with no winner (the
    position starts one turn before it)."""
    state = highcamp.load_game("disaster", players=2).state_from_position({"turns": 1499})
    _play_out(state)
    assert state.ending() == "turn limit" and state.returns() == [0.0, 0.0]
    assert state.log[-1].rule == "[engine limit]" and obs(state)["turns"] == 1500


def test_history_never_exceeds_max_game_length() -> None:
    state = new_game(players=3, corners=("north-west", "north-east", "south-east"))
    state.game._action_limit = 40  # type: ignore[attr-defined]
    _play_out(state)
    assert state.ending() == "turn limit" and len(state.history()) == 40
