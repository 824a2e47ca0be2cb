"""The seat's view carries nothing of the truth beyond what the seat may know: its random
source is the agent's, and the history hides the actions the seat was not told."""

from __future__ import annotations

from typing import Any

import pytest

import highcamp
from highcamp import CHANCE, State
from highcamp.agents import RandomAgent, SeatView, make_agent, seat_view
from highcamp.agents.honest import HIDDEN_ACTION, REWRITES_HISTORY


def _played(game_id: str, options: dict[str, Any], seed: int, moves: int) -> State:
    state = highcamp.load_game(game_id, **options).new_initial_state(seed)
    agent = RandomAgent(seed=seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(agent.act(state))
    while state.current_player() == CHANCE:
        state.apply_random_chance()
    return state


def _untold(state: State, seat: int) -> set[int]:
    """History indices of actions ``seat`` was not told in full (its log keeps an action's
    id only when the seat was told it in full; events caused by it carry none)."""
    told = {e.index for e in state.log_for(seat) if e.action is not None}
    return set(range(len(state.history()))) - told


def _with_untold(game_id: str, options: dict[str, Any]) -> State:
    for seed in range(40):
        state = _played(game_id, options, seed, 60)
        if not state.is_terminal() and _untold(state, state.current_player()):
            return state
    raise AssertionError("no position with an untold action")


@pytest.mark.parametrize(
    ("game_id", "options"), [("disaster", {"players": 3}), ("disaster", {"players": 4})]
)
def test_view_hides_the_untold_history(game_id: str, options: dict[str, Any]) -> None:
    state = _with_untold(game_id, options)
    seat = state.current_player()
    untold = _untold(state, seat)
    for view in (seat_view(state, 5), SeatView(RandomAgent(seed=1), 1).view(state)):
        hist = view.history()
        assert len(hist) == len(state.history())
        for i, (a, b) in enumerate(zip(hist, state.history(), strict=True)):
            assert a == (HIDDEN_ACTION if i in untold else b), i
        # the view decides and plays on: it clones, redraws and moves without its log
        twin = view.resample_hidden(seat, 3)
        twin.apply_action(twin.legal_actions()[0])
        assert twin.history()[: len(hist)] == hist


def test_view_random_source_is_the_agents() -> None:
    """Two games from other seeds at the same point give views with the same seed for the
    same agent seed: a chance step resolved on the view follows the agent, not the game."""
    a = _played("disaster", {"players": 3}, 1, 30)
    b = _played("disaster", {"players": 3}, 2, 30)
    va = SeatView(RandomAgent(seed=9), 9).view(a)
    vb = SeatView(RandomAgent(seed=9), 9).view(b)
    assert va.seed == vb.seed != a.seed
    assert seat_view(a, 11).seed == 11


def test_rewritten_histories_are_kept() -> None:
    """Everest Go!'s redraw rewrites its history to the new cards: the view keeps it (the
    search replays it), reseeded all the same."""
    assert "everest-go" in REWRITES_HISTORY
    state = _played("everest-go", {"players": 3}, 2, 40)
    view = seat_view(state, 4)
    assert HIDDEN_ACTION not in view.history()
    assert view.seed == 4
    again = view.resample_hidden(state.current_player(), 8)  # replays the view's history
    assert len(again.history()) == len(state.history())


def test_the_search_plays_on_hidden_views() -> None:
    """ISMCTS and the levels decide on such views (redraws of a view, rollouts, chance)."""
    state = _with_untold("disaster", {"players": 4})
    for spec in ("ismcts:20", "mcts:20:random"):
        assert make_agent(spec, seed=2).act(state) in state.legal_actions()
