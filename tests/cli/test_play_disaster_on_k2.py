"""Disaster on K2 in the terminal: a newcomer plays a whole game to the score."""

from __future__ import annotations

import json
import random
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app
from highcamp.cli.renderers import renderer_for
from highcamp.games.disaster_series.k2.heuristic import k2_leader_action
from highcamp.games.disaster_series.k2.rules import K2State

runner = CliRunner()


def test_always_first_choice_plays_to_the_score(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "disaster-on-k2",
            "--seed",
            "5",
            "--option",
            "guide=sherpa",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "game over" in result.output
    assert "Avalanche Track" in result.output and "Darkness Track" in result.output
    assert "International Team Status Card" in result.output
    assert "Secret Goal" in result.output
    (save,) = sorted(tmp_path.glob("*.json"))
    state = highcamp.load_game("disaster-on-k2", guide="sherpa").state_from_json(
        json.loads(save.read_text())["state"]
    )
    assert state.is_terminal()


def test_text_commands_and_refusal_naming_the_rule(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "disaster-on-k2", "--seed", "4", "--save-dir", str(tmp_path)],
        input="decline\noption b\nbuy\nmove vuk\nup\nq\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "Avalanche Track 1" in result.output
    assert "Not allowed" in result.output
    assert "Vuk up to Abruzzi Spur" in result.output
    assert "Saved to" in result.output


def test_renderer_groups_every_legal_action_once_and_draws_the_serac() -> None:
    game = highcamp.load_game("disaster-on-k2", guide="sherpa", game="advanced")
    state = game.new_initial_state(seed=9)
    assert isinstance(state, K2State)
    renderer = renderer_for("disaster-on-k2")
    rng = random.Random(9)
    seen_serac = False
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        grouped = [a for _, acts in renderer.groups(state) for a in acts]
        assert sorted(grouped) == state.legal_actions()
        if state.collapsed and not seen_serac:
            console = Console(width=120, record=True)
            console.print(renderer.draw(state, 0))
            seen_serac = "[SERAC" in console.export_text()
        state.apply_action(k2_leader_action(state, rng))
    assert seen_serac
