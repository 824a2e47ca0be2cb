"""The learned Everest Go! position value and search's ``learned`` leaf valuation."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

import highcamp
from highcamp.agents import ISMCTSAgent, make_agent
from highcamp.agents.heuristics import everest_go_value as ev
from highcamp.agents.heuristics import make_learned_value
from highcamp.core import play_game


def _midgame(players: int, seed: int, steps: int = 120) -> highcamp.State:
    state = highcamp.load_game("everest-go", players=players).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_stored_weights_cover_every_player_count_and_beat_no_skill() -> None:
    """The data file was fitted on today's features, for 2, 3 and 4 players, and its
    held-out log-likelihood beats the uniform guess (who wins is predictable)."""
    path = Path(ev.__file__).with_name("data") / "everest_go_value.json"
    data = json.loads(path.read_text("utf-8"))
    assert data["features"] == list(ev.FEATURES)
    assert sorted(data["weights"]) == ["2", "3", "4"]
    for n, fit in data["fit"].items():
        assert len(data["weights"][n]) == len(ev.FEATURES)
        assert fit["held_out_loglik"] > fit["uniform_loglik"] + 0.05


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_are_chances_that_add_up_to_one(players: int) -> None:
    value = make_learned_value("everest-go")
    assert value is not None
    for seed in range(5):
        state = _midgame(players, seed)
        shares = value(state)
        assert len(shares) == players and math.isclose(sum(shares), 1.0)
        assert all(0.0 < s < 1.0 for s in shares) or state.is_terminal()


def test_a_finished_game_is_worth_its_returns() -> None:
    game = highcamp.load_game("everest-go", players=3)
    final = play_game(game, [make_agent("heuristic", seed=s) for s in range(3)], seed=4)
    assert ev.EverestGoValue()(final) == final.returns()


def test_features_read_the_hand_and_the_mountaineer() -> None:
    """The figures of a player come from its own view: its hand's cards by kind and the
    garments' points, its dressed parts, the score."""
    state = _midgame(2, 1)
    seat = 0
    obs = state.observation(seat)
    x = dict(zip(ev.FEATURES, ev.features(state, seat), strict=True))
    assert x["score"] == state.score_breakdown()[seat].total
    assert x["hand size"] == len(obs["hand"])
    actions = sum(x[f"hand {name}"] for name in ev.ACTIONS)
    garments = [c for c in obs["hand"] if c not in ev.ACTIONS]
    assert actions + len(garments) == len(obs["hand"])
    assert x["hand points"] == sum(ev._points(c) or 0 for c in garments)
    dressed = sum(1 for p in obs["mountaineers"][seat]["parts"] if p["top"] and not p["frozen"])
    assert x["dressed parts"] == dressed
    assert 0.0 <= x["progress x hand size"] <= x["hand size"]
    assert ev.figures(state) == [ev.features(state, p) for p in range(2)]


def test_the_fit_recovers_planted_weights() -> None:
    """Outcomes drawn from a conditional logit with known weights: maximum likelihood finds
    them again (3 players, 4 figures, 6,000 positions)."""
    rng = random.Random(7)
    true = [0.8, -0.5, 0.0, 1.2]
    xs, ys = [], []
    for _ in range(6000):
        x = [[rng.gauss(0, 1) for _ in true] for _ in range(3)]
        z = [math.exp(sum(w * v for w, v in zip(true, row, strict=True))) for row in x]
        pick = rng.random() * sum(z)
        winner = 0 if pick < z[0] else (1 if pick < z[0] + z[1] else 2)
        xs.append(x)
        ys.append([1.0 if p == winner else 0.0 for p in range(3)])
    w, loglik = ev.fit(xs, ys, l2=0.0)
    assert all(abs(a - b) < 0.12 for a, b in zip(w, true, strict=True))
    assert -math.log(3) < loglik < 0


def test_self_play_positions_carry_every_player_and_the_winner() -> None:
    xs, ys = ev.positions(3, games=2, seed=5)
    assert xs and len(xs) == len(ys)
    assert all(len(x) == 3 and len(x[0]) == len(ev.FEATURES) for x in xs)
    assert all(math.isclose(sum(y), 1.0) for y in ys)


def test_learned_rollouts_search_from_the_seat_view() -> None:
    """``ismcts:N:learned`` plays whole games; on a game with no learned value it values
    leaves as ``eval`` does (Everest 1924 has none; Disaster has one now)."""
    game = highcamp.load_game("everest-go", players=2)
    agents = [make_agent("ismcts:8:learned", seed=s) for s in range(2)]
    assert play_game(game, agents, seed=3).is_terminal()
    assert make_learned_value("everest-1924") is None
    other = highcamp.load_game("disaster", players=2)
    final = play_game(other, [make_agent("ismcts:4:learned", seed=s) for s in range(2)], seed=1)
    assert final.is_terminal()
    state = _midgame(3, 2)
    if not state.is_terminal() and not state.is_chance_node():
        agent = ISMCTSAgent(seed=1, rollout="learned")
        assert agent.act(state) in state.legal_actions()


def test_search_explains_with_a_chance_of_winning_where_returns_are_wins() -> None:
    """With several players (returns 1 per win) the hint gives the chance of winning; alone,
    the mean return (a score)."""
    state = _midgame(2, 4, steps=0)
    while state.is_chance_node():
        state.apply_random_chance()
    line = make_agent("ismcts:60:learned", seed=1).explain(state)  # type: ignore[attr-defined]
    assert "of 60 simulations, chance of winning" in line and line.endswith("%")
    solo = highcamp.load_game("everest-1924").new_initial_state(seed=3)
    while solo.is_chance_node():
        solo.apply_random_chance()
    assert "mean return" in make_agent("mcts:30", seed=1).explain(solo)  # type: ignore[attr-defined]


def test_the_refit_command_writes_weights_and_keeps_other_player_counts(tmp_path: Path) -> None:
    """``python -m highcamp.agents.heuristics.everest_go_value`` writes the weights, the fit's
    figures and its command; refitting one player count keeps the others."""
    out = tmp_path / "value.json"
    assert ev.main(["--games", "4", "--players", "2", "--out", str(out)]) == 0
    assert ev.main(["--games", "3", "--players", "3", "--out", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert sorted(data["weights"]) == ["2", "3"] and data["features"] == list(ev.FEATURES)
    assert "--players 2" in data["commands"]["2"] and "--players 3" in data["commands"]["3"]
    assert data["fit"]["3"]["positions"] > 0
    value = ev.EverestGoValue({int(n): w for n, w in data["weights"].items()})
    assert math.isclose(sum(value(_midgame(3, 1))), 1.0)
