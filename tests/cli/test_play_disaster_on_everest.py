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


def test_two_players_human_against_the_heuristic_play_to_the_winner(tmp_path: Path) -> None:
    """[15.0]: one human against the heuristic, with both teams, the First Player and the
    bidding on screen."""
    result = runner.invoke(
        app,
        [
            "play",
            "disaster-on-everest",
            "--players",
            "2",
            "--seat",
            "human,heuristic",
            "--seed",
            "3",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "game over" in out
    assert "(you) against Seat 2 (Mountain Majesty)" in out
    assert "The opponent's card" in out and "First Player:" in out
    assert "Bidding for " in out
    assert "seat 2 (heuristic):" in out
    (save,) = sorted(tmp_path.glob("*.json"))
    doc = json.loads(save.read_text())
    state = highcamp.load_game("disaster-on-everest", players=2).state_from_json(doc["state"])
    assert state.is_terminal() and doc["seats"] == ["human", "heuristic"]


def test_two_humans_at_one_table_play_to_the_end(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "disaster-on-everest",
            "--players",
            "2",
            "--seed",
            "8",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 6000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "game over" in result.output
    assert "seat 1" in result.output and "seat 2" in result.output


def test_renderer_groups_every_two_player_action_once() -> None:
    game = highcamp.load_game("disaster-on-everest", players=2)
    state = game.new_initial_state(seed=9)
    renderer = renderer_for("disaster-on-everest")
    seen = set()
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        groups = renderer.groups(state)
        flat = [a for _, acts in groups for a in acts]
        assert sorted(flat) == state.legal_actions()
        seen.update(title for title, _ in groups)
        state.apply_action(state.legal_actions()[-1])
    assert "bidding" in seen
