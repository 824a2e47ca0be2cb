"""``highcamp simulate``: runs, summaries, JSON lines, errors and Ctrl-C."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from highcamp.agents import AGENTS, make_agent
from highcamp.cli.main import app
from highcamp.core import Agent, State
from highcamp.sim import GameRecord, run_simulation, summarize
from highcamp.store import ResultStore

runner = CliRunner()
GAME = "everest-1924"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run stores its games in ./highcamp.db: here, a fresh folder beside the test's
    own files."""
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")


def _simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, " ".join(result.output.split())  # undo rich's line wrapping


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_simulate_prints_a_summary() -> None:
    code, output = _simulate(GAME, "--games", "200", "--agents", "random", "--seed", "1")
    assert code == 0, output
    for text in ("Score (200 games)", "median", "95% interval", "Legend bands", "Endings"):
        assert text in output
    assert "games/s" in output and "Traceback" not in output
    mean = summarize(run_simulation(GAME, games=200, seed=1).records).seats[0].mean
    assert f"{mean:.2f}" in output


def test_jsonl_has_one_line_per_game(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    code, output = _simulate(GAME, "-n", "150", "--seed", "7", "--out", str(out))
    assert code == 0, output
    lines = _lines(out)
    assert [doc["index"] for doc in lines] == list(range(150))
    assert set(lines[0]) == set(GameRecord._fields)
    expected = [r.to_dict() for r in run_simulation(GAME, games=150, seed=7).records]
    assert lines == json.loads(json.dumps(expected))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cwd", "runs.jsonl"]  # no temporary file


def test_same_seed_same_file_whatever_the_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert _simulate(GAME, "-n", "300", "-s", "5", "-w", "1", "--out", str(one))[0] == 0
    code, output = _simulate(
        GAME, "-n", "300", "-s", "5", "-w", "2", "--no-store", "--out", str(two)
    )
    assert code == 0, output
    assert "2 workers" in output
    assert one.read_bytes() == two.read_bytes()


def test_agent_count_must_match_the_seats() -> None:
    code, output = _simulate(GAME, "--games", "5", "--agents", "random,random")
    assert code == 2
    assert "has 1 seat, but 2 agents" in output and "Traceback" not in output


def test_unknown_agent_is_a_clear_error() -> None:
    code, output = _simulate(GAME, "--games", "5", "--agents", "oracle")
    assert code == 2
    assert "unknown agent 'oracle'" in output and "random" in output


def test_unknown_game_is_a_clear_error() -> None:
    code, output = _simulate("chess", "--games", "5")
    assert code == 2
    assert "unknown game 'chess'" in output and GAME in output


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("colour=red", "unknown option 'colour'"),
        ("sheet", "key=value"),
        ("sheet=/nowhere/sheet.json", "cannot read"),
    ],
)
def test_bad_options_are_clear_errors(option: str, message: str) -> None:
    code, output = _simulate(GAME, "--games", "5", "--option", option)
    assert code == 2
    assert message in output and "Traceback" not in output


def test_players_of_a_fixed_player_game() -> None:
    assert _simulate(GAME, "--games", "5", "--players", "1")[0] == 0
    code, output = _simulate(GAME, "--games", "5", "--players", "3")
    assert code == 2
    assert "played by 1 player, not 3" in output


def test_players_load_with_options_valid_only_for_several_players() -> None:
    """``--players 2`` is part of the game from the start: the two-player Disaster options
    [15.1] [15.7] are refused in a solitaire game, and accepted with it."""
    args = ["disaster-on-k2", "--games", "2", "--agents", "random", "--seed", "1"]
    code, output = _simulate(*args, "--players", "2", "-o", "victory=cooperative")
    assert code == 0, output
    assert "cooperative " in output
    code, output = _simulate(*args, "-o", "victory=cooperative")
    assert code == 2 and "is for two players" in output
    code, output = _simulate(*args, "--players", "2", "-o", "players=1")
    assert code == 2 and "--players 2 contradicts --option players=1" in output


def test_out_into_a_missing_directory(tmp_path: Path) -> None:
    code, output = _simulate(GAME, "-n", "5", "--out", str(tmp_path / "no" / "x.jsonl"))
    assert code == 2
    assert "no directory" in output


class _CtrlC:
    """A random agent that presses Ctrl-C in the 31st game (one more is built to check
    the name)."""

    name = "ctrl-c"
    built = 0

    def __init__(self, seed: int) -> None:
        type(self).built += 1
        self._random = make_agent("random", seed)

    def act(self, state: State) -> int:
        if type(self).built > 1 + 30:
            raise KeyboardInterrupt
        return self._random.act(state)


@pytest.fixture
def ctrl_c_agent() -> Iterator[None]:
    def factory(seed: int) -> Agent:
        return _CtrlC(seed)

    _CtrlC.built = 0
    AGENTS["ctrl-c"] = factory
    try:
        yield
    finally:
        del AGENTS["ctrl-c"]


@pytest.mark.usefixtures("ctrl_c_agent")
def test_ctrl_c_keeps_finished_games_and_a_partial_summary(tmp_path: Path) -> None:
    out = tmp_path / "part.jsonl"
    code, output = _simulate(GAME, "-n", "1000", "-a", "ctrl-c", "-w", "1", "--out", str(out))
    assert code == 130
    assert "interrupted: 30 of 1,000 games" in output and "partial" in output
    assert "Score (30 games, partial)" in output
    assert [doc["index"] for doc in _lines(out)] == list(range(30))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cwd", "part.jsonl"]


def test_everest_go_reports_win_rates_by_seat() -> None:
    code, out = _simulate(
        "everest-go", "--players", "4", "--games", "8", "--seed", "1", "--workers", "1"
    )
    assert code == 0, out
    assert "win rate" in out and "seat 4" in out
    row = out[out.index("win rate") :].split("│")[1:5]
    rates = [float(cell.strip().rstrip("%")) for cell in row]
    assert len(rates) == 4 and abs(sum(rates) - 100.0) < 0.5  # ties are shared, so they add up


# ------------------------------------------------------------ the store and sweeps
def test_a_run_is_stored_and_resumed() -> None:
    code, output = _simulate(GAME, "-n", "120", "--seed", "3", "--name", "first")
    assert code == 0, output
    assert "stored in sqlite:///highcamp.db as run first" in output
    code, output = _simulate(GAME, "-n", "200", "--seed", "3", "--name", "first")
    assert code == 0, output
    assert "resuming: 120 of 200 games already stored" in output
    assert "playing 80 games" in output and "Score (200 games)" in output
    stored = ResultStore("sqlite:///highcamp.db").load_run("first")
    assert stored.points[0].records == run_simulation(GAME, games=200, seed=3).records
    code, output = _simulate(GAME, "-n", "200", "--seed", "4", "--name", "first")
    assert code == 2 and "different simulation" in output


def test_a_sweep_plays_every_point() -> None:
    code, output = _simulate(
        "disaster", "-p", "3", "-n", "20", "--sweep", "long_game=false,true", "-w", "1"
    )
    assert code == 0, output
    assert "20 games at each of 2 points (long_game=False,True)" in output
    assert "long_game=False" in output and "long_game=True" in output
    stored = ResultStore("sqlite:///highcamp.db").load_run()
    assert [len(p.records) for p in stored.points] == [20, 20]
    code, output = _simulate("disaster", "-p", "3", "-n", "20", "--sweep", "long_game=false,true")
    assert code == 0 and "complete: all 40 games are stored" in output
    assert "simulating" not in output and "Score (20 games)" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sweep", "long_game"], "key=value1,value2"),
        (["--sweep", "long_game=true,"], "key=value1,value2"),
        (["--sweep", "long_game=true", "--sweep", "long_game=false"], "given twice"),
        (["-o", "long_game=true", "--sweep", "long_game=false"], "both a fixed"),
        (["--sweep", "players=3,4"], "number of seats"),
        (["--sweep", "long_game=sometimes"], "long_game"),
        (["--sweep", "ties=shared", "--out", "x.jsonl"], "highcamp export"),
        (["--backend", "moon"], "local or ray"),
    ],
)
def test_bad_sweeps_and_backends_are_clear_errors(args: list[str], message: str) -> None:
    code, output = _simulate("disaster", "-n", "5", *args)
    assert code == 2, output
    assert message in output and "Traceback" not in output


def test_ray_backend_without_ray_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from highcamp.sim.ray_backend import RayBackend

    monkeypatch.setattr(RayBackend, "available", staticmethod(lambda: False))
    code, output = _simulate(GAME, "-n", "5", "--backend", "ray")
    assert code == 2 and "pip install 'highcamp[ray]'" in output


def test_runs_and_export_commands(tmp_path: Path) -> None:
    assert "no simulation run" in runner.invoke(app, ["runs"]).output
    assert _simulate(GAME, "-n", "30", "--name", "alpha")[0] == 0
    listing = " ".join(runner.invoke(app, ["runs"]).output.split())
    assert "alpha" in listing and "30 of 30" in listing
    out = tmp_path / "alpha.csv"
    result = runner.invoke(app, ["export", "alpha", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 31
    bad = runner.invoke(app, ["export", "--out", str(tmp_path / "alpha.txt")])
    assert bad.exit_code == 2 and ".csv or .parquet" in bad.output
    missing = runner.invoke(app, ["export", "beta", "--out", str(out)])
    assert missing.exit_code == 2 and "no run 'beta'" in missing.output


def test_report_command_charts_the_latest_run_and_compares(tmp_path: Path) -> None:
    assert _simulate("disaster", "-p", "3", "-n", "30", "-s", "1", "--name", "one")[0] == 0
    code, output = _simulate(
        "disaster", "-p", "3", "-n", "30", "-s", "2", "--sweep", "long_game=false,true"
    )
    assert code == 0, output
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", "--out", str(out), "--compare", "one"])
    text = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "Points" in text and "long_game=True" in text and "Differences" in text
    assert "wrote the report of run disaster-2" in text
    page = (out / "index.html").read_text(encoding="utf-8")
    pictures = sorted(p.name for p in out.glob("*.png"))
    assert pictures and all(name in page for name in pictures)
    missing = runner.invoke(app, ["report", "nope", "--out", str(out)])
    assert missing.exit_code == 2 and "no run 'nope'" in missing.output
    other_game = _simulate(GAME, "-n", "5", "--name", "climb")
    assert other_game[0] == 0
    mixed = runner.invoke(app, ["report", "climb", "--compare", "one", "--out", str(out)])
    assert mixed.exit_code == 2 and "compare runs of one game" in " ".join(mixed.output.split())
