"""Terminal play that explains itself, driven through ``highcamp play`` with piped input:
the game's own help, the chooser, the end screen, undo, where saves go and the narration."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp import CHANCE
from highcamp.cli.main import app

runner = CliRunner()


def _play(args: list[str], text: str, tmp_path: Path | None = None) -> str:
    extra = ["--save-dir", str(tmp_path)] if tmp_path is not None else []
    result = runner.invoke(app, ["play", *args, *extra], input=text)
    assert result.exit_code == 0, result.output[-3000:]
    return result.output


def _save(directory: Path) -> dict[str, object]:
    (path,) = sorted(directory.glob("*.json"))
    doc: dict[str, object] = json.loads(path.read_text())
    return doc


# ------------------------------------------------------------------------ help
@pytest.mark.parametrize(
    ("game", "args", "mine", "not_mine"),
    [
        ("disaster", ["--players", "2"], ["draw a second card", "move back"], ["combine"]),
        ("everest-1924", [], ["combine 1,2 -> 6", "reroll 1,3"], ["avalanche", "play Iceberg"]),
        ("everest-go", ["--players", "2"], ["avalanche head left", "stop discarding"], ["reroll"]),
        ("disaster-on-everest", [], ["option a: move 2 guides", "end movement"], ["reroll"]),
    ],
)
def test_question_mark_shows_the_commands_of_the_game_played(
    tmp_path: Path, game: str, args: list[str], mine: list[str], not_mine: list[str]
) -> None:
    out = _play([game, *args, "--seed", "1"], "?\nq\n", tmp_path)
    assert "Commands of this game" in out and "At the prompt" in out and "undo" in out
    for text in mine:
        assert text in out
    for text in not_mine:
        assert text not in out


# --------------------------------------------------------------------- chooser
def test_chooser_asks_players_seats_and_options_with_defaults(tmp_path: Path) -> None:
    games = highcamp.list_games()
    number = games.index("disaster") + 1
    answers = [str(number), "3", "", "", "heuristic", "random"]  # Enter: default options
    out = _play([], "\n".join(answers) + "\n" + "1\n" * 5000, tmp_path)
    assert "Number of players (2-8) [4]" in out
    assert "Change any option?" in out and "long_game" in out and "ties" in out
    assert "Seat 1 [human]" in out and "Seat 2 [heuristic]" in out
    offered = out[out.index("Who plays each seat?") : out.index("an AI's strength")]
    for name in highcamp.agents.agents_for(highcamp.load_game("disaster", players=3)):
        assert name in offered  # the registry's agents that suit the game are offered
    assert "optimal" not in offered  # Everest 1924's solver does not suit Disaster
    doc = _save(tmp_path)
    assert doc["seats"] == ["human", "heuristic", "random"]
    state = doc["state"]
    assert isinstance(state, dict) and state["options"]["players"] == 3


def test_chooser_changes_options_and_refuses_an_agent_that_cannot_play(tmp_path: Path) -> None:
    games = highcamp.list_games()
    number = games.index("disaster") + 1
    # players 2; change options: long game yes, three-player rule Enter, ties shared;
    # seat 2: optimal cannot play Disaster, then mcts:5
    answers = [str(number), "2", "y", "yes", "", "shared", "", "optimal", "mcts:5", "q"]
    out = _play([], "\n".join(answers) + "\n", tmp_path)
    assert "optimal cannot play here" in out and "everest-1924" in out
    doc = _save(tmp_path)
    assert doc["seats"] == ["human", "mcts:5"]
    options = doc["state"]["options"]  # type: ignore[index]
    assert options["long_game"] is True and options["ties"] == "shared"


def test_chooser_quits_cleanly(tmp_path: Path) -> None:
    out = _play([], "q\n", tmp_path)
    assert "Bye." in out and not list(tmp_path.glob("*.json"))


# ------------------------------------------------------------------------- end
def test_disaster_end_says_who_won_and_why_for_the_humans_seat(tmp_path: Path) -> None:
    out = _play(
        ["disaster", "--players", "2", "--seat", "random,human", "--seed", "1"],
        "1\n" * 5000,
        tmp_path,
    )
    end = out[out.index("game over") :]
    assert re.search(r"You win \(seat 2\)\.|Seat 1 wins; you \(seat 2\) do not\.", end)
    assert re.search(r"Why: .*seat \d wins with 6 chips", end)
    assert "How it ended:" in end and "takes a survival chip (6 chips)" in end
    assert "Game over: seat " in end and "(win)" not in end and "Game over (" not in end
    assert "seat 2: final score" in end


def test_everest_go_end_names_the_ending_in_words(tmp_path: Path) -> None:
    out = _play(
        ["everest-go", "--players", "3", "--seat", "human,random,random", "--seed", "4"],
        "1\n" * 3000,
        tmp_path,
    )
    end = out[out.index("game over") :]
    assert re.search(r"You win \(seat 1\)\.|Seat \d wins; you \(seat 1\) do not\.", end)
    assert "the deck has run out for the third time" in end or "EVEREST" in end
    assert re.search(r"Why: .*seat \d scores \d+", end)


def test_solitaire_final_sheet_is_titled_final(tmp_path: Path) -> None:
    out = _play(["disaster-on-everest", "--seed", "3"], "1\n" * 4000, tmp_path)
    end = out[out.index("game over") :]
    assert re.search(r"Final score -?\d+ \(", end)
    assert "final score sheet" in end and "Final score: " in end
    assert "Score if the game ended now" not in end
    one = _play(["everest-1924", "--seed", "11"], "1\n" * 3000, tmp_path)
    assert "final score sheet" in one[one.index("game over") :]


# ------------------------------------------------------------------------ undo
def _combine_after_roll(seed: int) -> tuple[str, int]:
    """A combine that seat 1 can take after its first roll, and its step."""
    game = highcamp.load_game("everest-1924")
    state = game.new_initial_state(seed)
    state.apply_action(state.string_to_action("roll"))
    while state.current_player() == CHANCE:
        state.apply_random_chance()
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    combine = next(t for t in texts if t.startswith("combine"))
    return combine, len(state.history())


def test_undo_takes_back_an_action_that_revealed_nothing(tmp_path: Path) -> None:
    combine, step = _combine_after_roll(9)
    out = _play(["everest-1924", "--seed", "9"], f"roll\nundo\n{combine}\nundo\nq\n", tmp_path)
    assert "Nothing to undo: no undo past a chance step" in out  # the roll showed the dice
    assert f"Undone: back to step {step}." in out
    doc = _save(tmp_path)
    assert len(doc["state"]["history"]) == step  # type: ignore[index]


def test_hotseat_undo_never_takes_back_another_seats_hidden_move(tmp_path: Path) -> None:
    out = _play(
        ["disaster", "--players", "2", "--seat", "human,human", "--seed", "2"],
        "\n1\n\nundo\nq\n",  # hand-off; seat 1 chooses a corner; hand-off; seat 2: undo
        tmp_path,
    )
    assert "Pass to seat 2" in out and "Nothing to undo" in out


# ----------------------------------------------------------------------- saves
def test_saves_go_to_the_users_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "2", "--seat", "random"],
        env={"XDG_DATA_HOME": str(data)},
    )
    assert result.exit_code == 0, result.output
    saves = list((data / "highcamp" / "saves").glob("everest-1924-2-*.json"))
    assert len(saves) == 1
    assert not list(Path.cwd().glob("saves/everest-1924-2-*.json"))
    mine = tmp_path / "mine"
    runner.invoke(
        app,
        ["play", "everest-1924", "--seed", "2", "--seat", "random", "--save-dir", str(mine)],
        env={"XDG_DATA_HOME": str(data)},
    )
    assert len(list(mine.glob("*.json"))) == 1  # --save-dir wins
    assert len(list((data / "highcamp" / "saves").glob("*.json"))) == 1


# ------------------------------------------------------------------- narration
def test_ai_turns_are_a_line_per_action_with_the_dice_on_it(tmp_path: Path) -> None:
    out = _play(
        ["disaster", "--players", "3", "--seat", "human,random,random", "--seed", "6"],
        "1\n" * 40 + "q\n",
        tmp_path,
    )
    rolls = re.findall(r"^seat ([23]) \(random\): roll · dice show (\d) and (\d)(.*)$", out, re.M)
    assert rolls
    for seat, _, _, rest in rolls:
        assert "(random): " not in rest  # one decision per line
        assert f"seat {seat} " in rest  # the move it made follows on the same line
    assert re.search(r"seat 1 \(you\): roll · dice show \d and \d", out)


# ------------------------------------------------------------- a real terminal
@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a POSIX terminal")
def test_play_in_a_pseudo_terminal_shows_help_and_saves(tmp_path: Path) -> None:
    """``highcamp play`` on a pseudo-terminal: ``?`` shows the game's commands, ``q`` saves."""
    import os
    import select
    import subprocess
    import sys

    main, child = os.openpty()
    src = Path(highcamp.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "100", "TERM": "xterm"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "highcamp.cli.main",
            "play",
            "everest-1924",
            "--seed",
            "1",
            "--save-dir",
            str(tmp_path),
        ],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    seen = b""

    def read_until(marker: bytes) -> None:
        nonlocal seen
        while marker not in seen:
            ready, _, _ = select.select([main], [], [], 60)
            assert ready, seen.decode(errors="replace")[-2000:]
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk

    try:
        read_until(b"Your choice")
        os.write(main, b"?\r")
        read_until(b"At the prompt")
        os.write(main, b"q\r")
        read_until(b"Bye.")
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    text = seen.decode(errors="replace")
    assert "Commands of this game" in text and "combine 1,2 -> 6" in text
    assert len(list(tmp_path.glob("everest-1924-1-*.json"))) == 1
