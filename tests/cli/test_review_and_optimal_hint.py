"""``highcamp review`` and ``hint optimal`` in terminal play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp.agents.optimal import OptimalAgent
from highcamp.cli.main import app
from highcamp.games.everest1924 import standard_sheet
from highcamp.games.everest1924.solver import sheet_document, sheet_prefix

runner = CliRunner()


def _sheet(tmp_path: Path) -> Path:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 4, 12))))
    return path


def _save(tmp_path: Path, sheet: Path, abandon_early: bool) -> Path:
    game = highcamp.load_game("everest-1924", sheet=str(sheet))
    state = game.new_initial_state(4)
    agent = OptimalAgent()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        elif abandon_early and len(state.route) == 3:  # type: ignore[attr-defined]
            state.apply_action(state.string_to_action("abandon"))
        else:
            state.apply_action(agent.act(state))
    path = tmp_path / "game.json"
    doc = {"format": "highcamp.save/1", "seats": ["human"], "state": state.to_json()}
    path.write_text(json.dumps(doc))
    return path


def test_review_shows_each_costly_choice_the_total_and_a_chart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    save = _save(tmp_path, _sheet(tmp_path), abandon_early=True)
    png = tmp_path / "chart.png"
    result = runner.invoke(app, ["review", str(save), "--png", str(png)])
    assert result.exit_code == 0, result.output
    assert "abandon" in result.output and "points on the mountain" in result.output
    assert "luck" in result.output and "|" in result.output  # the text chart
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    doc = json.loads(runner.invoke(app, ["review", str(save), "--json"]).output)
    assert doc["cost"] > 0 and doc["decisions"][-1]["made"] == "abandon"
    assert doc["final_score"] == pytest.approx(doc["start_value"] - doc["cost"] + doc["luck"])


def test_review_of_optimal_play_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    save = _save(tmp_path, _sheet(tmp_path), abandon_early=False)
    doc = json.loads(runner.invoke(app, ["review", str(save), "--json"]).output)
    assert doc["cost"] == pytest.approx(0, abs=1e-9)


def test_review_refuses_what_is_not_a_save(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{]")
    result = runner.invoke(app, ["review", str(bad)])
    assert result.exit_code == 2 and "not a highcamp save" in result.output


def test_hint_optimal_lists_the_expected_score_of_every_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    sheet = _sheet(tmp_path)
    result = runner.invoke(
        app,
        [
            "play",
            "everest-1924",
            "--seed",
            "3",
            "-o",
            f"sheet={sheet}",
            "--save-dir",
            str(tmp_path),
        ],
        input="hint optimal\nroll\nhint optimal\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "hint (optimal, expected final score): roll:" in result.output
    assert "abandon: -1.0" in result.output
    after = result.output.split("hint (optimal, expected final score):")[2]
    assert "; " in after.splitlines()[0]  # several choices after the roll


def test_solve_samples_the_bands_from_games_played_by_the_policy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    args = ["solve", "everest-1924", "--rows", "4", "--width", "9", "--json", "--no-cache"]
    exact = json.loads(runner.invoke(app, args).output)
    sampled = json.loads(runner.invoke(app, [*args, "--games", "3000"]).output)
    assert exact["outcome_games"] is None and sampled["outcome_games"] == 3000
    assert sampled["expected_score"] == exact["expected_score"]
    assert abs(sum(sampled["bands"].values()) - 1) < 1e-9
    assert sampled["collisions"] == 0


def test_only_a_game_with_an_exact_solver_hands_one_out() -> None:
    assert highcamp.load_game("disaster").exact_solver() is None
    solver = highcamp.load_game("everest-1924", sheet="first-reconstruction").exact_solver()
    assert solver is not None and solver.sheet.targets[-3:] == (32, 34, 36)
