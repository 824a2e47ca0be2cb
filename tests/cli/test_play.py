"""The interactive commands: list, rules, play (with saves) and replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app

runner = CliRunner()


def _saves(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.json"))


def test_list_names_games_and_provenance() -> None:
    result = runner.invoke(app, ["list", "--details"])
    assert result.exit_code == 0, result.output
    assert "everest-1924" in result.output
    assert "reconstructed" in result.output


def test_list_is_one_line_of_facts_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --details: every game with its option names and a count of components by
    provenance (the full variants and reasons are behind --details)."""
    from highcamp.cli import common

    monkeypatch.setattr(common.console, "width", 200)  # one table row per game
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0, result.output
    for game_id in highcamp.list_games():
        assert game_id in result.output
    assert "5 reconstructed" in result.output  # Disaster on Everest's data files
    assert "first_player" in result.output and "company=" not in result.output


def test_rules_summary_cites_sections() -> None:
    result = runner.invoke(app, ["rules", "everest-1924"])
    assert result.exit_code == 0, result.output
    assert "Making Camp" in result.output and "R-1924-5" in result.output


def test_rules_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output
    assert "everest-1924" in result.output


def test_play_always_first_choice_reaches_the_end(tmp_path: Path) -> None:
    """A newcomer typing 1 at every prompt plays a whole game to its score."""
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "11", "--save-dir", str(tmp_path)],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.output
    assert "final score" in result.output
    (save,) = _saves(tmp_path)
    doc = json.loads(save.read_text())
    state = highcamp.load_game("everest-1924").state_from_json(doc["state"])
    assert state.is_terminal()
    assert doc["seats"] == ["human"]


def test_bad_input_gets_a_message_and_a_new_prompt(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "3", "--save-dir", str(tmp_path)],
        input="fly\n99\nascend\n?\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "cannot read 'fly'" in result.output
    assert "There is no choice 99" in result.output
    assert "Not allowed" in result.output  # ascend before rolling names the rule
    assert "At the prompt" in result.output
    assert "Saved to" in result.output


def test_quit_saves_and_load_resumes(tmp_path: Path) -> None:
    first = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "8", "--save-dir", str(tmp_path)],
        input="roll\nq\n",
    )
    assert first.exit_code == 0, first.output
    (save,) = _saves(tmp_path)
    saved = highcamp.load_game("everest-1924").state_from_json(
        json.loads(save.read_text())["state"]
    )
    assert saved.history()[0] == saved.game.new_initial_state(8).string_to_action("roll")
    resumed = runner.invoke(
        app, ["play", "--load", str(save), "--save-dir", str(tmp_path)], input="q\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert "Resumed Everest 1924" in resumed.output


def test_ai_seat_plays_alone_and_replay_steps_through(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "5", "--seat", "random", "--save-dir", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.output
    (save,) = _saves(tmp_path)
    n = len(json.loads(save.read_text())["state"]["history"])
    stepped = runner.invoke(app, ["replay", str(save)], input="\n" * (n + 1))
    assert stepped.exit_code == 0, stepped.output
    assert f"step {n} of {n}" in stepped.output
    one = runner.invoke(app, ["replay", str(save), "--step", "0"])
    assert one.exit_code == 0 and f"step 0 of {n}" in one.output


def test_chooser_and_errors(tmp_path: Path) -> None:
    chooser = runner.invoke(app, ["play", "--save-dir", str(tmp_path)], input="9\n1\nq\n")
    assert chooser.exit_code == 0, chooser.output
    assert "Choose a game" in chooser.output and "Please type a number" in chooser.output
    unknown = runner.invoke(app, ["play", "monopoly"])
    assert unknown.exit_code == 2 and "unknown game" in unknown.output
    seats = runner.invoke(app, ["play", "everest-1924", "--seat", "human,random"])
    assert seats.exit_code == 2 and "1 seat" in seats.output
    option = runner.invoke(app, ["play", "everest-1924", "--option", "sheet=/no/such.json"])
    assert option.exit_code == 2 and "cannot read" in option.output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    bad_load = runner.invoke(app, ["play", "--load", str(broken)])
    assert bad_load.exit_code == 2 and "not a highcamp save" in bad_load.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"highcamp {highcamp.__version__}"


def test_tampered_save_is_refused_with_a_reason(tmp_path: Path) -> None:
    runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "2", "--seat", "random", "--save-dir", str(tmp_path)],
    )
    (save,) = _saves(tmp_path)
    doc = json.loads(save.read_text())
    doc["state"]["history"].insert(0, 2)  # "ascend" before any roll
    save.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2
    assert "does not load" in result.output
    step = runner.invoke(app, ["replay", str(save), "--step", "-1"])
    assert step.exit_code == 2


def test_everest_go_against_two_ai_seats_reaches_the_end(tmp_path: Path) -> None:
    """A newcomer plays a 3-player game of Everest Go! against two random seats."""
    result = runner.invoke(
        app,
        [
            "play",
            "everest-go",
            "--players",
            "3",
            "--seat",
            "human,random,random",
            "--seed",
            "4",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 2000,
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.output and "final score" in result.output
    assert "the mountaineers" in result.output and "your hand (seat 1)" in result.output
    assert "Pass to seat" not in result.output  # one human: no hand-off
    (save,) = _saves(tmp_path)
    state = highcamp.load_game("everest-go", players=3).state_from_json(
        json.loads(save.read_text())["state"]
    )
    assert state.is_terminal()


def test_hotseat_hands_off_and_never_shows_another_hand(tmp_path: Path) -> None:
    """Two humans at one screen: a hand-off prompt before each switch, and each seat is
    told only its own draws; AI moves are printed as onlookers see them."""
    seed = 5
    result = runner.invoke(
        app,
        [
            "play",
            "everest-go",
            "--players",
            "4",
            "--seat",
            "human,random,human,random",
            "--seed",
            str(seed),
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 60 + "q\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pass to seat 3" in out and "Pass to seat 1" in out
    # every view of seat 1 comes after a hand-off to seat 1, and likewise for seat 3
    views = [
        (out.rfind("Pass to seat", 0, i), i)
        for i in range(len(out))
        if out.startswith("your hand (seat ", i)
    ]
    assert views
    for handoff, i in views:
        seat = out[i + len("your hand (seat ") : i + len("your hand (seat ") + 1]
        assert out[handoff + len("Pass to seat ")] == seat
    # seat 2 and 4 draws are never named; the humans' own draws are
    assert "seat 2 draws a card" in out
    assert "you draw" in out
    # a draw is never shown in its full text ("draw Yeti"), only as "you draw" or "draws a card"
    assert re.search(r"(^|· )draw ", out, re.M) is None
    for line in out.splitlines():
        if line.startswith("seat 2 (random):") or line.startswith("seat 4 (random):"):
            assert "take " not in line or "a card" in line


def test_log_command_keeps_other_hands_hidden(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "everest-go",
            "--players",
            "3",
            "--seat",
            "human,random,random",
            "--seed",
            "12",
            "--save-dir",
            str(tmp_path),
        ],
        input="log\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "log (latest last)" in result.output
    assert "seat 2 draws a card" in result.output
    assert re.search(r"│ draw ", result.output) is None


def test_hint_explains_an_agents_choice(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "3", "--save-dir", str(tmp_path)],
        input="hint\nhint mcts:20\nhint mcts:lots\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "hint (heuristic): roll" in result.output
    assert "hint (mcts:20):" in result.output and "simulations" in result.output
    assert "a budget is a number of iterations" in result.output


def test_replay_shows_one_seats_view_of_a_hidden_game(tmp_path: Path) -> None:
    """``replay --seat N`` shows the game as seat N read it (``State.log_for``): its own
    draws by name, the others' as "draws a card"."""
    result = runner.invoke(
        app,
        [
            "play",
            "everest-go",
            "--players",
            "2",
            "--seat",
            "random,random",
            "--seed",
            "4",
            "--save-dir",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    (save,) = _saves(tmp_path)
    state = highcamp.load_game("everest-go", players=2).state_from_json(
        json.loads(save.read_text())["state"]
    )
    draws = {}  # drawing seat (1-based) -> a step that shows one of its draws
    for entry in state.log_for(None):
        found = re.fullmatch(r"seat (\d) draws a card", entry.text)
        if found:
            draws.setdefault(int(found[1]), entry.index + 1)
    assert set(draws) == {1, 2}
    for seat in (1, 2):
        for drawer, step in draws.items():
            out = runner.invoke(
                app, ["replay", str(save), "--seat", str(seat), "--step", str(step)]
            ).output
            assert f"· seat {seat}" in out
            told = "you draw " if drawer == seat else f"seat {drawer} draws a card"
            assert told in out
            assert re.search(r"^  draw ", out, re.M) is None  # never the full text
    bad = runner.invoke(app, ["replay", str(save), "--seat", "3"])
    assert bad.exit_code != 0 and "seat must be between 1 and 2" in bad.output
