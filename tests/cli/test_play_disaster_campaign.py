"""The Disaster-series campaign in the terminal: a whole campaign to the score, the status
line, and the choices between two mountains."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app
from highcamp.cli.renderers import renderer_for
from tests.games.disaster_campaign.helpers import end_mountain, new

runner = CliRunner()


def _text(state: highcamp.State) -> str:
    console = Console(width=140, record=True)
    console.print(renderer_for("disaster-campaign").draw(state, 0))
    return console.export_text()


def test_always_first_choice_plays_a_campaign_to_the_score(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "disaster-campaign",
            "-o",
            "order=everest,everest",
            "--seed",
            "5",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 8000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    assert "game over" in result.output
    assert "Campaign: mountain 2 of 2" in result.output
    assert "Hillary Step queue" in result.output  # the mountain drawn by the series renderer
    (save,) = sorted(tmp_path.glob("*.json"))
    game = highcamp.load_game("disaster-campaign", order="everest,everest")
    state = game.state_from_json(json.loads(save.read_text())["state"])
    assert state.is_terminal()


def test_status_line_team_and_summit_markers() -> None:
    state = new()
    end_mountain(state, summit=("Doug",), dead=("Beck",))
    text = _text(state)
    assert "Campaign: mountain 2 of 2 (Everest -> [Everest])" in text
    assert "campaign score so far 10 (Major Defeat)" in text
    assert "Doug* (move 1, dw, 10 pts summits: Everest)" in text
    assert "Died: Beck on Everest" in text
    assert "Between two mountains [16.1]: take a replacement client" in text
    assert "Hugo (move 1, b, 11 pts)" in text
    groups = renderer_for("disaster-campaign").groups(state)
    assert groups[0][0] == "take a replacement client"
    assert "no more replacements: set out for Everest" in [
        state.action_to_string(a) for a in groups[0][1]
    ]


def test_the_mountain_is_drawn_during_a_climb() -> None:
    state = new()
    text = _text(state)
    assert "Campaign: mountain 1 of 2 ([Everest] -> Everest)" in text
    assert "Summit" in text and "Storm Watch" in text
    assert renderer_for("disaster-campaign").groups(state) == renderer_for(
        "disaster-on-everest"
    ).groups(state.mountain_state())
