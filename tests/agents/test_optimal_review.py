"""Optimal hints (every choice's expected score) and the post-game review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import highcamp
from highcamp.agents.optimal import (
    BackgroundSolve,
    OptimalAgent,
    choice_values,
    format_choices,
    solve_in_background,
)
from highcamp.agents.review import review_game, text_chart
from highcamp.core import Game
from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.solver import sheet_document, sheet_prefix


def small_game(tmp_path: Path, rows: int = 4, width: int = 12) -> Game:
    path = tmp_path / f"sheet-{rows}-{width}.json"
    path.write_text(json.dumps(sheet_document(sheet_prefix(standard_sheet(), rows, width))))
    return highcamp.load_game("everest-1924", sheet=str(path))


def play(game: Game, seed: int, choose: object) -> list[int]:
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(choose(state))  # type: ignore[operator]
    return state.history()


def test_choice_values_list_every_legal_choice_best_first(tmp_path: Path) -> None:
    game = small_game(tmp_path)
    state = game.new_initial_state(2)
    state.apply_action(state.string_to_action("roll"))
    while state.is_chance_node():
        state.apply_random_chance()
    choices = choice_values(state, use_cache=False)
    assert sorted(a for a, _, _ in choices) == sorted(state.legal_actions())
    values = [v for _, _, v in choices]
    assert values == sorted(values, reverse=True)
    agent = OptimalAgent(use_cache=False)
    assert choices[0][0] == agent.act(state)
    text = format_choices(choices, 3)
    assert text.startswith(f"{choices[0][1]}: {choices[0][2]:.1f}")


def test_review_of_optimal_play_costs_nothing_and_luck_is_the_rest(tmp_path: Path) -> None:
    game = small_game(tmp_path)
    agent = OptimalAgent(use_cache=False)
    history = play(game, 5, agent.act)
    review = review_game(game, history, use_cache=False)
    assert review.decisions and all(d.cost < 1e-9 for d in review.decisions)
    assert review.luck == pytest.approx(review.final_score - review.start_value)
    assert review.start_value == pytest.approx(agent.values(game.new_initial_state(5))[0])
    curve = review.curve()
    assert curve[-1][1] == review.final_score and len(curve) == len(review.decisions) + 1
    assert "*" in text_chart(review)


def test_review_counts_the_points_a_bad_choice_cost(tmp_path: Path) -> None:
    game = small_game(tmp_path)
    agent = OptimalAgent(use_cache=False)

    def worst_then_best(state: highcamp.State) -> int:
        values = agent.values(state)
        if len(state.route) == 2 and state.string_to_action("roll") in values:  # type: ignore[attr-defined]
            return state.string_to_action("abandon")
        return agent.act(state)

    history = play(game, 1, worst_then_best)
    review = review_game(game, history, use_cache=False)
    costly = [d for d in review.decisions if d.cost > 1e-9]
    assert len(costly) == 1 and costly[0].made == "abandon" and costly[0].best == "roll"
    assert review.cost == pytest.approx(costly[0].value_best - costly[0].value_made)
    assert review.final_score == pytest.approx(review.start_value - review.cost + review.luck)
    doc = review.to_dict()
    assert doc["cost"] == pytest.approx(review.cost) and len(doc["decisions"]) == len(
        review.decisions
    )


def test_a_sheet_solves_in_the_background(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    game = small_game(tmp_path, 5, 11)
    state = game.new_initial_state(0)
    job = solve_in_background(state)
    assert isinstance(job, BackgroundSolve)
    assert job.wait(120) and job.error is None
    assert solve_in_background(state) is None  # solved: hints are immediate
    assert choice_values(state)[0][1] == "roll"


def test_review_refuses_a_game_without_an_exact_solver() -> None:
    game = highcamp.load_game("disaster")
    with pytest.raises(ValueError, match="exact solver"):
        review_game(game, [])
