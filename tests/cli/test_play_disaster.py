"""Terminal play of Disaster: a newcomer plays a 4-player game to a winner."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app

runner = CliRunner()


def test_four_player_game_with_one_human_reaches_a_winner(tmp_path: Path) -> None:
    """Typing 1 at every prompt plays the human seat; the game ends with a winner."""
    result = runner.invoke(
        app,
        [
            "play",
            "disaster",
            "--players",
            "4",
            "--seat",
            "human,random,random,random",
            "--seed",
            "4",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "North side" in out and "Skyscraper" in out and "Earthquake" in out
    assert "choose your starting corner" in out
    assert "Chips" in out and "game over" in out
    assert "escape round 1" in out
    (save,) = sorted(tmp_path.glob("*.json"))
    doc = json.loads(save.read_text())
    state = highcamp.load_game("disaster", players=4).state_from_json(doc["state"])
    assert state.is_terminal() and state.ending() in ("win", "shared win")
    assert doc["seats"] == ["human", "random", "random", "random"]


def test_other_seats_cards_never_show(tmp_path: Path) -> None:
    """The human's screen names no card another seat drew or kept."""
    result = runner.invoke(
        app,
        [
            "play",
            "disaster",
            "--players",
            "2",
            "--seat",
            "human,random",
            "--seed",
            "3",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 4000,
    )
    assert result.exit_code == 0
    (save,) = sorted(tmp_path.glob("*.json"))
    state = highcamp.load_game("disaster", players=2).state_from_json(
        json.loads(save.read_text())["state"]
    )
    out = result.output
    assert "seat 2 draws a Disaster card" in out and "seat 2 (random): keep" in out
    assert "you draw " in out  # the human is told its own draws
    # a draw is never shown in its full text ("draw Fault Slip"), only as "you draw" or
    # "seat 2 draws a Disaster card"
    assert re.search(r"(^|· )draw ", out, re.M) is None
    titles = [c["title"] for c in state.game.static_view()["cards"]]
    for line in out.splitlines():
        if line.startswith("seat 2 (random): keep"):
            assert not any(t in line for t in titles)


def test_bad_input_names_the_rule(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "disaster", "--players", "3", "--seed", "1", "--save-dir", str(tmp_path)],
        input="start at the north-west corner\nstart at the north-west corner\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "Not allowed [Setting Up the Game]" in result.output
    assert "Saved to" in result.output


def test_simulate_reports_length_and_win_rates_by_seat() -> None:
    result = runner.invoke(
        app, ["simulate", "disaster", "--players", "6", "--games", "30", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "seat 6" in result.output
    assert "length" in result.output and "turns" in result.output
