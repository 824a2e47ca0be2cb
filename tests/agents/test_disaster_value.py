"""Disaster's learned value read from each seat's few figures, and the paired search that
uses it (Disaster's ``medium``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.heuristics import learned_value as lv
from highcamp.agents.heuristics import make_heuristic, make_learned_value
from highcamp.agents.heuristics.disaster_figures import seat_figures
from highcamp.agents.levels import level_spec
from highcamp.agents.paired import PairedAgent
from highcamp.core import State

DATA = Path(lv.__file__).with_name("data") / "disaster_value.json"


def _heuristic_play(players: int, seed: int, until: int) -> State:
    """Heuristic self-play of game ``seed`` (seats seeded ``1000 * seed + seat``) up to
    its ``until``-th decision with a choice."""
    state = highcamp.load_game("disaster", players=players).new_initial_state(seed=seed)
    agents = [make_heuristic("disaster", 1000 * seed + p) for p in range(players)]
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        if len(state.legal_actions()) > 1:
            if k == until:
                return state
            k += 1
        state.apply_action(agents[state.current_player()].act(state))
    return state


def _decision(seed: int, turns: int, heuristic_move: str) -> State:
    """The decision of seat ``seed % 4`` in four-player heuristic self-play of game
    ``seed`` at turn ``turns`` where the heuristic plays ``heuristic_move``."""
    state = highcamp.load_game("disaster", players=4).new_initial_state(seed=seed)
    agents = [make_heuristic("disaster", 1000 * seed + p) for p in range(4)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        p = state.current_player()
        move = agents[p].act(state)
        if (
            p == seed % 4
            and len(state.legal_actions()) > 1
            and state.observation(p)["turns"] == turns
            and state.action_to_string(move) == heuristic_move
        ):
            return state
        state.apply_action(move)
    raise AssertionError("the decision was not reached")


def test_the_stored_models_read_seat_figures_and_beat_the_old_value() -> None:
    """Every player count of the shipped file reads the seats' figures, was fitted on
    thousands of games, and predicts held-out winners better than no skill; with four
    players better than the value of every observation figure did (-1.248)."""
    models = json.loads(DATA.read_text("utf-8"))["models"]
    assert sorted(models) == ["2", "3", "4"]
    for model in models.values():
        assert model["kind"] == lv.SEATS and "--seats" in model["command"]
        figures = model["figures"]
        assert figures["held_out_loglik"] > figures["held_out_loglik_no_skill"] + 0.1
        assert model["positions"] > 50_000
        assert len(model["features"]) < 150
        assert not any("card=" in f and f.split("=")[1][0].isupper() for f in model["features"])
    assert models["4"]["figures"]["held_out_loglik"] > -1.2


def test_chips_weigh_more_the_nearer_the_target() -> None:
    """The win is a race: each chip is worth more in the logit than the one before."""
    model = json.loads(DATA.read_text("utf-8"))["models"]["4"]
    w = dict(zip(model["features"], model["weights"], strict=True))
    steps = [w[f"chips={k + 1}"] - w[f"chips={k}"] for k in range(5)]
    assert all(s > 0 for s in steps)
    assert steps[-1] > steps[0]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_values_are_chances_that_add_up_to_one(players: int) -> None:
    value = make_learned_value("disaster")
    assert value is not None
    for seed in range(3):
        state = _heuristic_play(players, seed, until=6)
        shares = value(state)
        assert len(shares) == players and math.isclose(sum(shares), 1.0)
        assert all(0.0 < s < 1.0 for s in shares) or state.is_terminal()


def test_a_seat_is_read_from_its_own_view_only() -> None:
    """A seat's figures name its card by its disaster only, and are the same on any state
    the seat cannot tell apart (a redraw of what it does not see)."""
    for seed in range(6):
        state = _heuristic_play(4, seed, until=10)
        if state.is_terminal():
            continue
        for seat in range(4):
            figs = seat_figures(state, seat)
            card = state.observation(seat)["players"][seat]["card"]
            held = [f for f in figs if f.startswith("card=")]
            assert len(held) == (1 if card else 0)
            assert all(
                f.split("=")[1] in ("ship", "plane", "earthquake", "skyscraper") for f in held
            )
            for twin_seed in (1, 2):
                assert seat_figures(state.resample_hidden(seat, twin_seed), seat) == figs


def test_the_paired_search_values_its_leaves_with_the_seat_figures() -> None:
    """Disaster's ``medium`` rolls out on redraws and asks this value at the leaves."""
    assert level_spec("disaster", "medium", players=4) == "paired:0.95s:heuristic20:redraw"
    state = _heuristic_play(4, 3, until=4)
    agent = PairedAgent(seed=1, steps=20, redraw=True)
    value = agent._value(state)
    assert isinstance(value, lv.ObservationValue) and value.kinds[4] == lv.SEATS


def test_the_search_leaves_a_burning_building_the_short_way() -> None:
    """Game 8, turn 69, seat 1 escaping the skyscraper's fifth floor: the heuristic goes on
    along the floor; whole-game rollouts (300 on redraws) give going back down the
    entrance staircase +0.245 of a win over it, and the search finds that move."""
    state = _decision(8, 69, "move on to Skyscraper floor 5, space 5")
    agent = make_agent("paired:40:heuristic20:redraw", seed=3)
    chosen = state.action_to_string(agent.act(state.clone()))
    assert chosen == "move back to Skyscraper staircase up, floor 2"


def test_the_search_keeps_a_card_the_old_value_played() -> None:
    """Game 0, turn 27: holding a plane card away from the plane, the heuristic ends its
    turn; whole-game rollouts put playing it 0.07 of a win lower. The value of every
    observation figure (card titles weighed apart by noise) had the search play it; the
    seats' figures keep the heuristic's move (at 200 rounds the old value played it with
    seeds 3 and 4 of 3-5)."""
    state = _decision(0, 27, "end turn")
    agent = make_agent("paired:200:heuristic20:redraw", seed=3)
    assert state.action_to_string(agent.act(state.clone())) == "end turn"


def test_the_refit_command_writes_seat_models(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    args = ["disaster", "--games", "6", "--players", "3", "--seats", "--out", str(out)]
    assert lv.main(args) == 0
    model = json.loads(out.read_text("utf-8"))["models"]["3"]
    assert model["kind"] == lv.SEATS and model["positions"] > 0
    assert any(f.startswith("chips=") for f in model["features"])
