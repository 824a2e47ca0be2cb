"""Renderer fixes that make each screen say what it means (no guessing at colours, counts
that read as numbers, or choices whose effect is unstated)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from rich.console import Console, RenderableType

import highcamp
from highcamp import CHANCE, State
from highcamp.cli.renderers import renderer_for
from highcamp.cli.renderers.disaster_series import _status_card
from tests.games.disaster.helpers import draw, drive, move, new_game, roll


def _text(renderable: RenderableType) -> str:
    console = Console(width=160, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def _find(game_id: str, test: Callable[[State], bool], seeds: int = 40, **options: object) -> State:
    """The first state of random play (seeds 0, 1, ...) that passes ``test``."""
    game = highcamp.load_game(game_id, **options)
    for seed in range(seeds):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            if test(state):
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"no state of {game_id} found")


def _texts(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


# -------------------------------------------------------------------- Disaster
def test_disaster_two_tokens_read_as_two_seats_and_the_corner_chooser_is_named() -> None:
    game = highcamp.load_game("disaster", players=2)
    state = game.new_initial_state(0)
    renderer = renderer_for("disaster")
    state.apply_action(state.string_to_action("start at the north-west corner"))
    screen = _text(renderer.draw(state, 1))
    assert "Seat 2 chooses a starting corner" in screen and "Turn of seat 1" not in screen


def test_disaster_shared_space_shows_both_seats_apart() -> None:
    state = new_game(corners=("north-west", "north-east"))
    obs = state.observation(0)
    spaces = [p["position"] for p in obs["players"]]
    if spaces[0] != spaces[1]:  # build a shared space directly from the observation
        obs["players"][1]["position"] = spaces[0]
    from highcamp.cli.renderers.disaster import draw_board

    board = draw_board(state.game.static_view(), obs).plain
    assert "1,2" in board


def test_disaster_card_choices_say_which_disaster_they_cause() -> None:
    state = new_game(corners=("north-west", "south-west"))
    roll(state, 1, 1)  # onto a Disaster space
    draw(state, 0)  # Iceberg Ahead
    renderer = renderer_for("disaster")
    notes = {
        t: renderer.describe(state, a)
        for a, t in zip(state.legal_actions(), _texts(state), strict=True)
    }
    assert notes["play Iceberg Ahead"] == "causes the sinking ocean liner"
    assert notes["keep the card"] == "keep Iceberg Ahead, the sinking ocean liner"
    drive(state, ["keep the card"])
    roll(state, 1, 2)
    move(state, 9)  # a Disaster space, holding a card
    notes = {
        t: renderer.describe(state, a)
        for a, t in zip(state.legal_actions(), _texts(state), strict=True)
    }
    assert notes["play Iceberg Ahead"] == "causes the sinking ocean liner"
    assert notes["draw a second card"] == "then play one of the two, or keep one"


# ------------------------------------------------------------------ Everest Go!
def test_everest_go_avalanche_says_who_receives_the_garments() -> None:
    state = _find(
        "everest-go",
        lambda s: any(t.startswith("avalanche ") for t in _texts(s)),
        players=3,
    )
    renderer = renderer_for("everest-go")
    seat = state.current_player()
    for a, text in zip(state.legal_actions(), _texts(state), strict=True):
        if text.startswith("avalanche "):
            note = renderer.describe(state, a)  # type: ignore[attr-defined]
            assert note is not None and (" to seat " in note or "nothing moves" in note)
            if text.endswith(" left") and "garment goes to" in note:
                assert f"goes to seat {(seat + 1) % 3 + 1}" in note


# ------------------------------------------------------------ Disaster series
def test_series_basic_game_hides_traits_and_the_storm_turn_reads_without_colour() -> None:
    renderer = renderer_for("disaster-on-everest")
    basic = highcamp.load_game("disaster-on-everest").new_initial_state(1)
    advanced = highcamp.load_game("disaster-on-everest", game="advanced").new_initial_state(1)
    assert "traits" not in _text(renderer.draw(basic, 0))
    assert "traits" in _text(renderer.draw(advanced, 0))
    state = _find("disaster-on-everest", lambda s: s.observation(0)["storm_track"] >= 1)
    assert "[>" in _text(renderer.draw(state, 0))


def test_series_status_card_columns_stay_apart() -> None:
    client = {
        "name": "Beck",
        "movement": 2,
        "traits": "",
        "points": 6,
        "marker": "Hillary Step",
        "where": "the Hillary Step queue",
        "tired": "",
        "ams": False,
        "fate": "",
    }
    card = _status_card({"clients": [client], "guides": []}, traits=False).plain
    assert "Hillary Step  the Hillary Step queue" in card and "traits" not in card


def test_series_end_is_final_and_secret_goal_is_met_so_far() -> None:
    renderer = renderer_for("disaster-on-k2")
    state = highcamp.load_game("disaster-on-k2").new_initial_state(1)
    rng = random.Random(1)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    screen = _text(renderer.draw(state, 0))
    assert "Final score: " in screen and "if the game ended now" not in screen
    sherpa = _find(
        "disaster-on-k2",
        lambda s: isinstance(s.observation(0)["k2"]["secret_goal"], dict),
        guide="sherpa",
    )
    screen = _text(renderer.draw(sherpa, 0))
    assert "achieved" not in screen
    assert "met so far; scored at the end" in screen or "not met so far" in screen


def test_series_one_space_left_is_singular() -> None:
    state = _find("disaster-on-everest", lambda s: s.observation(0)["movement"]["remaining"] == 1)
    screen = _text(renderer_for("disaster-on-everest").draw(state, 0))
    assert "1 space left" in screen and "1 spaces" not in screen


def test_k2_declining_onto_a_collapse_warns_of_the_deaths() -> None:
    def offers(s: State) -> bool:
        return any(
            t.startswith("decline ") and t.endswith(("Track 5)", "Track 7)", "Track 8)"))
            for t in _texts(s)
        )

    state = _find("disaster-on-k2", offers, seeds=60)
    renderer = renderer_for("disaster-on-k2")
    for a, text in zip(state.legal_actions(), _texts(state), strict=True):
        if text.startswith("decline ") and "Avalanche Track" in text:
            note = renderer.describe(state, a)  # type: ignore[attr-defined]
            slot = text.rsplit(" ", 1)[1].rstrip(")")
            if slot in ("5", "7", "8"):
                assert note is not None and "collapses: climbers on it die" in note


def _heuristic_find(game_id: str, test: Callable[[State], bool], seeds: int = 5) -> State:
    from highcamp.agents import make_agent

    game = highcamp.load_game(game_id)
    for seed in range(seeds):
        state = game.new_initial_state(seed)
        agent = make_agent("heuristic", seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_random_chance()
                continue
            if test(state):
                return state
            state.apply_action(agent.act(state))
    raise AssertionError(f"no state of {game_id} found")


def test_series_score_now_warns_of_summiters_still_in_the_death_zone() -> None:
    view = highcamp.load_game("disaster-on-everest").static_view()
    zone = {s["index"]: s["zone"] for s in view["spaces"]}

    def high(s: State) -> bool:
        return any(
            c["marker"] == "Summit" and zone[c["space"]] == "death"
            for c in s.observation(0)["clients"]
        )

    state = _heuristic_find("disaster-on-everest", high)
    screen = _text(renderer_for("disaster-on-everest").draw(state, 0))
    assert "Score if the game ended now" in screen
    assert "surviving summiter" in screen and "still in the death zone" in screen


def test_series_a_marker_with_no_step_left_is_told_to_end_its_move() -> None:
    def stuck(s: State) -> bool:
        mover = s.observation(0)["movement"]["mover"]
        texts = _texts(s)
        return (
            bool(mover)
            and f"end {mover}'s move" in texts
            and not any(
                t.startswith(f"{mover} ") and (" up to " in t or " down to " in t) for t in texts
            )
        )

    state = _find("disaster-on-everest", stuck, seeds=5)
    mover = state.observation(0)["movement"]["mover"]
    screen = _text(renderer_for("disaster-on-everest").draw(state, 0))
    assert f"{mover} cannot step further" in screen and f"'end {mover}'s move'" in screen


def test_11_6_k2_noble_sacrifice_for_a_climber_with_no_marker_says_it_saves_no_points() -> None:
    def sacrifice_for_unmarked(s: State) -> bool:
        obs = s.observation(0)
        unmarked = {c["name"] for c in obs["clients"] if not c.get("marker")}
        return obs.get("phase") == "fate" and any(
            " gives their life for " in t and t.split(" gives their life for ")[1] in unmarked
            for t in _texts(s)
        )

    state = _find("disaster-on-k2", sacrifice_for_unmarked, seeds=60)
    renderer = renderer_for("disaster-on-k2")
    marked = {c["name"] for c in state.observation(0)["clients"] if c.get("marker")}
    for a, text in zip(state.legal_actions(), _texts(state), strict=True):
        if " gives their life for " in text:
            note = renderer.describe(state, a)  # type: ignore[attr-defined]
            if text.split(" gives their life for ")[1] in marked:
                assert note is None
            else:
                assert note is not None and "not supported at the end [11.6]" in note
