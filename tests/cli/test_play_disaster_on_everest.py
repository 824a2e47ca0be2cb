"""Disaster on Everest in the terminal: a newcomer plays a whole game to the score."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app
from highcamp.cli.renderers import renderer_for

runner = CliRunner()


def test_always_first_choice_plays_to_the_score(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "disaster-on-everest", "--seed", "5", "--save-dir", str(tmp_path)],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "game over" in result.output
    assert "Hillary Step queue" in result.output and "Storm Watch" in result.output
    assert "Travel Company Status Card" in result.output
    (save,) = sorted(tmp_path.glob("*.json"))
    state = highcamp.load_game("disaster-on-everest").state_from_json(
        json.loads(save.read_text())["state"]
    )
    assert state.is_terminal()


def test_text_commands_and_refusal_naming_the_rule(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "disaster-on-everest",
            "--seed",
            "4",
            "--option",
            "game=advanced",
            "--save-dir",
            str(tmp_path),
        ],
        input="decline\noption c\nbuy\nmove frank\nup\nq\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Storm Watch 1" in result.output
    assert "Not allowed" in result.output  # buying during movement names its rule
    assert "Frank up to Triangular Face" in result.output
    assert "Saved to" in result.output


def test_renderer_groups_every_legal_action_once() -> None:
    game = highcamp.load_game("disaster-on-everest", company="mountain-majesty")
    state = game.new_initial_state(seed=9)
    renderer = renderer_for("disaster-on-everest")
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        grouped = [a for _, acts in renderer.groups(state) for a in acts]
        assert sorted(grouped) == state.legal_actions()
        state.apply_action(grouped[-1])
