"""The per-game heuristics: legal full games in every variant, clearly better than random
in a small seeded match, a one-line explanation."""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import highcamp
from highcamp.agents import has_heuristic, make_agent, make_heuristic
from highcamp.core import explain_choice, play_game
from highcamp.games import game_class

GAMES = ("disaster-on-everest", "everest-go", "disaster")
CASES = [(gid, options) for gid in GAMES for options in game_class(gid).variants()]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=lambda v: str(v))
def test_heuristic_plays_legal_full_games_in_every_variant(
    game_id: str, options: dict[str, Any]
) -> None:
    game = highcamp.load_game(game_id, **options)
    for seed in (1, 2):
        agents = [make_heuristic(game_id, seed=10 * seed + s) for s in range(game.num_players)]
        state = play_game(game, agents, seed=seed)  # an illegal action would raise
        assert state.is_terminal()
        again = play_game(
            game,
            [make_heuristic(game_id, seed=10 * seed + s) for s in range(game.num_players)],
            seed=seed,
        )
        assert again.history() == state.history()


@pytest.mark.parametrize("game_id", GAMES)
def test_heuristic_is_registered_and_explains_in_one_line(game_id: str) -> None:
    assert has_heuristic(game_id)
    game = highcamp.load_game(game_id)
    state = game.new_initial_state(seed=4)
    agent = make_agent("heuristic", seed=1)
    lines = 0
    while not state.is_terminal() and lines < 30:
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        line = explain_choice(agent, state)
        assert line and "\n" not in line
        assert line.startswith(state.action_to_string(agent.act(state)))
        lines += 1
        state.apply_action(agent.act(state))
    assert lines > 0


def test_disaster_on_everest_heuristic_scores_far_above_random() -> None:
    game = highcamp.load_game("disaster-on-everest")
    seeds = range(12)
    heur = [play_game(game, [make_agent("heuristic", s)], seed=s).returns()[0] for s in seeds]
    rand = [play_game(game, [make_agent("random", s)], seed=s).returns()[0] for s in seeds]
    assert statistics.mean(heur) > statistics.mean(rand) + 30
    assert min(heur) > max(rand)


def _wins(game_id: str, players: int, games: int) -> float:
    """The heuristic's share of wins (ties split) against random, seats alternating."""
    game = highcamp.load_game(game_id, players=players)
    won = 0.0
    for i in range(games):
        specs = ["heuristic" if (s + i) % 2 == 0 else "random" for s in range(players)]
        agents = [make_agent(spec, seed=100 * i + s) for s, spec in enumerate(specs)]
        returns = play_game(game, agents, seed=i).returns()
        best = max(returns)
        top = [s for s in range(players) if returns[s] == best]
        won += sum(1 for s in top if specs[s] == "heuristic") / len(top)
    return won / games


@pytest.mark.parametrize("players", [2, 3])
def test_everest_go_heuristic_beats_random(players: int) -> None:
    assert _wins("everest-go", players, 16) >= 0.85


def test_disaster_heuristic_beats_random() -> None:
    # a game of dice: the edge is real but modest, so the match is larger
    assert _wins("disaster", 2, 120) >= 0.6


def test_disaster_on_everest_two_player_heuristic_beats_random_and_bids_within_reason() -> None:
    assert _wins("disaster-on-everest", 2, 6) >= 0.8
    game = highcamp.load_game("disaster-on-everest", players=2)
    state = game.new_initial_state(seed=3)
    agents = [make_heuristic("disaster-on-everest", seed=s) for s in range(2)]
    bids = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        action = agents[seat].act(state)
        if state.action_to_string(action).startswith("bid "):
            bids += 1
            bid = obs["bidding"]
            assert bid["next_bid"] <= bid["cost"] + 2  # never far above the printed cost
            assert obs["prestige"] - bid["next_bid"] >= 4  # Prestige kept in hand
        state.apply_action(action)
    assert bids > 0


def _everest_go_decisions(players: int, games: int) -> list[highcamp.State]:
    """Decisions with a choice of seeded heuristic games of Everest Go!."""
    game = highcamp.load_game("everest-go", players=players)
    out = []
    for seed in range(games):
        state = game.new_initial_state(seed)
        agents = [make_heuristic("everest-go", seed=10 * seed + s) for s in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            if len(state.legal_actions()) > 1:
                out.append(state.clone())
            state.apply_action(agents[state.current_player()].act(state))
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_everest_go_heuristic_reads_the_scores_its_sheet_totals(players: int) -> None:
    from highcamp.agents.heuristics.everest_go import _scores

    for state in _everest_go_decisions(players, 2)[::3]:
        assert _scores(state) == [b.total for b in state.score_breakdown()]


def test_everest_go_heuristic_on_a_determinisation_decides_on_it_as_given() -> None:
    """In a search's rollouts (``determinised``) the heuristic takes no redraw of its own,
    and draws from its generator as the plain heuristic does (one draw a decision)."""
    states = _everest_go_decisions(3, 1)[::5]
    plain = make_heuristic("everest-go", seed=7)
    given = make_heuristic("everest-go", seed=7, determinised=True)
    for state in states:

        def refuse(seat: int, seed: int) -> highcamp.State:
            raise AssertionError("a determinised heuristic redrew the hidden cards")

        plain.act(state)
        view = state.clone()
        view.resample_hidden = refuse  # type: ignore[method-assign]
        action = given.act(view)
        assert action in state.legal_actions()
        assert plain._rng.getstate() == given._rng.getstate()  # type: ignore[attr-defined]
