"""``highcamp check``: the conformance suite from the command line, its report and exit."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import highcamp
from highcamp.cli.main import app


def test_check_passes_a_conforming_game() -> None:
    res = CliRunner().invoke(app, ["check", "everest-1924", "--games", "4", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "Conformance of everest-1924" in res.output
    assert "OK everest-1924: 4 games" in res.output and "every check passed" in res.output
    for name in ("info and errors", "state documents", "same seed", "log cites rules"):
        assert name in res.output


def test_check_takes_players_and_options_and_prints_json() -> None:
    res = CliRunner().invoke(
        app, ["check", "everest-go", "-p", "2", "-o", "perfect_recall=true", "-n", "2", "--json"]
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["ok"] is True and doc["games"] == 2 and doc["steps"] > 0
    assert doc["options"] == {"perfect_recall": "true", "players": 2}
    assert [c["passed"] for c in doc["checks"]] == [1, 1, 1, 1, 2]


def test_check_reports_a_failing_game_and_how_to_replay_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state_class = type(highcamp.load_game("everest-1924").new_initial_state())
    monkeypatch.setattr(state_class, "invariants", lambda self: ["a die went missing"])
    res = CliRunner().invoke(app, ["check", "everest-1924", "-n", "3", "--seed", "10"])
    assert res.exit_code == 1, res.output
    assert "FAIL random games (seed 10): invariants broken after 0 steps" in res.output
    assert "again: highcamp check everest-1924 --seed 10 --games 1" in res.output
    assert "FAILED everest-1924: 3 games" in res.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "chess"], "unknown game 'chess'"),
        (["check", "everest-go", "-o", "players=9"], "players"),
        (["check", "everest-go", "-o", "colour"], "key=value"),
        (["check", "everest-go", "-p", "2", "-o", "players=3"], "contradicts"),
    ],
)
def test_check_refuses_bad_input(args: list[str], message: str) -> None:
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2 and message in res.output, res.output
