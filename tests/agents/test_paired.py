"""The paired-rollout agent: every legal action rolled out with the same dice, the
heuristic's move changed only on a clear paired gain."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

import highcamp
from highcamp.agents import make_agent
from highcamp.agents.budget import Budget
from highcamp.agents.paired import MIN_ROUNDS, Gains, PairedAgent, Z
from highcamp.core import State


def _two_player(game_id: str = "disaster-on-k2", seed: int = 1, moves: int = 40) -> State:
    state = highcamp.load_game(game_id, players=2).new_initial_state(seed)
    heuristic = make_agent("heuristic", seed=seed)
    done = 0
    while done < moves or state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(heuristic.act(state))
            done += 1
    return state


def test_paired_specs_parse_and_refuse_other_rollouts() -> None:
    agent = make_agent("paired:5:heuristic20", seed=1)
    assert agent.describe() == {"budget": "5", "steps": 20, "redraw": False, "seed": 1}  # type: ignore[attr-defined]
    assert make_agent("paired:5:heuristic20:redraw").describe()["redraw"] is True  # type: ignore[attr-defined]
    assert make_agent("paired:0.5s", seed=1).describe()["steps"] == 50  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="heuristicN"):
        make_agent("paired:5:random")
    with pytest.raises(ValueError, match="heuristicN"):
        make_agent("paired:5:heuristic20:margin")


def test_every_round_rolls_out_every_action_and_is_reproducible() -> None:
    state = _two_player()
    legal = state.legal_actions()
    picks = set()
    for _ in range(2):
        agent = PairedAgent(seed=4, budget=Budget(iterations=MIN_ROUNDS), steps=15)
        picks.add(agent.act(state.clone()))
        assert agent.rounds == MIN_ROUNDS
        assert agent.simulations == MIN_ROUNDS * len(legal)
    assert len(picks) == 1 and picks <= set(legal)


def test_the_same_dice_for_every_action_of_a_round() -> None:
    """Rollout ``i`` of every action draws its chance outcomes from the same seed: the
    heuristic's action rolled out twice with one seed gives one value, so with no other
    difference the paired gain is exactly zero."""
    state = _two_player(seed=2)
    agent = PairedAgent(seed=1, steps=60)
    player = state.current_player()
    guide = agent._heuristic(state).act(state)
    values = {agent._rollout(state, guide, 12345, player) for _ in range(3)}
    assert len(values) == 1


def test_another_move_only_on_a_clear_paired_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule of the choice, not of one game: rollouts that make one action gain 0.1 +- a
    little over the heuristic's move in every round have it played; gains that are noise
    around zero keep the heuristic's move."""
    state = _two_player(seed=3)
    legal = state.legal_actions()
    probe = PairedAgent(seed=0)
    guide = probe._heuristic(state).act(state)
    better = next(a for a in legal if a != guide)

    def clear(self: PairedAgent, s: State, action: int, seed: int, player: int) -> float:
        return 0.1 + (seed % 7) / 1000 if action == better else 0.0

    def noise(self: PairedAgent, s: State, action: int, seed: int, player: int) -> float:
        return ((seed % 5) - 2) / 10 if action != guide else 0.0

    monkeypatch.setattr(PairedAgent, "_rollout", clear)
    agent = PairedAgent(seed=0, budget=Budget(iterations=10))
    assert agent.act(state.clone()) == better
    assert agent.changed == 1 and "paired gain +0.1" in agent.explain(state.clone())
    monkeypatch.setattr(PairedAgent, "_rollout", noise)
    agent = PairedAgent(seed=0, budget=Budget(iterations=10))
    assert agent.act(state.clone()) == guide
    assert agent.changed == 0


def test_a_time_budget_stops_when_no_action_can_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """With seconds, a decision where every action rolls out exactly as the heuristic's
    stops after the minimum rounds (a clock that barely moves: no wall-clock assert)."""
    state = _two_player(seed=5)
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 1e-6
        return ticks[0]

    monkeypatch.setattr(PairedAgent, "_rollout", lambda self, s, a, seed, p: 0.5)
    agent = PairedAgent(seed=0, budget=Budget(seconds=10.0))
    agent.clock = clock
    agent.act(state.clone())
    assert agent.rounds == MIN_ROUNDS and agent.stopped_early == 1


def _everest_go(players: int = 2, seed: int = 3, moves: int = 12) -> State:
    state = highcamp.load_game("everest-go", players=players).new_initial_state(seed)
    heuristic = make_agent("heuristic", seed=seed)
    done = 0
    while done < moves or state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(heuristic.act(state))
            done += 1
    return state


def test_redraw_starts_every_round_from_its_own_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``redraw`` each round rolls out every action from one state drawn by
    ``resample_hidden(seat, seed)`` with the round's seed: the actions of a round share it,
    the rounds differ."""
    state = _everest_go()
    seat = state.current_player()
    starts: list[tuple[int, int, str]] = []

    def record(self: PairedAgent, s: State, action: int, seed: int, player: int) -> float:
        starts.append((seed, action, json.dumps(s.to_json(), sort_keys=True)))
        return 0.0

    monkeypatch.setattr(PairedAgent, "_rollout", record)
    agent = PairedAgent(seed=2, budget=Budget(iterations=3), steps=10, redraw=True)
    agent.act(state.clone())
    by_round: dict[int, set[str]] = {}
    for seed, _action, doc in starts:
        by_round.setdefault(seed, set()).add(doc)
    assert len(by_round) == 3 and all(len(docs) == 1 for docs in by_round.values())
    for seed, docs in by_round.items():
        expected = json.dumps(state.resample_hidden(seat, seed).to_json(), sort_keys=True)
        assert docs == {expected}
    assert len({d for docs in by_round.values() for d in docs}) == 3


def test_redraw_is_honest_and_reproducible() -> None:
    """Two states the seat cannot tell apart give the same action for the same seed."""
    state = _everest_go(players=3, seed=5)
    seat = state.current_player()
    twin = state.resample_hidden(seat, 77)
    picks = {
        make_agent("paired:4:heuristic10:redraw", seed=9).act(s.clone()) for s in (state, twin)
    }
    assert len(picks) == 1 and picks <= set(state.legal_actions())


@given(st.lists(st.floats(min_value=-100, max_value=100), min_size=2, max_size=60))
def test_running_gains_give_the_mean_and_standard_error_of_the_gains(xs: list[float]) -> None:
    """The early stop's test reads running sums; they agree with the exact statistics."""
    gains = Gains()
    for x in xs:
        gains.add(x)
    mean, se = gains.mean_se()
    assert gains.n == len(xs)
    assert math.isclose(mean, statistics.fmean(xs), rel_tol=1e-9, abs_tol=1e-9)
    exact = statistics.stdev(xs) / math.sqrt(len(xs))
    assert math.isclose(se, exact, rel_tol=1e-7, abs_tol=1e-7)
    bound = statistics.fmean(xs) + Z * exact
    if abs(bound) > 1e-6 and exact > 1e-6:  # (away from the test's edge)
        assert gains.hopeful() == (bound > 0)
