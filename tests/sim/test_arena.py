"""The arena: rotation of seats, seeds, ratings with intervals, solitaire means, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from highcamp.cli.main import app
from highcamp.games import _REGISTRY
from highcamp.sim.arena import bradley_terry, run_arena


def test_arena_solitaire_plays_every_agent_on_the_same_seeds() -> None:
    result = run_arena("everest-1924", ["random", "heuristic"], games=6, seed=3)
    assert len(result.games) == 12
    by_agent: dict[str, list[int]] = {}
    for g in result.games:
        by_agent.setdefault(g.seats[0], []).append(g.seed)
    assert by_agent["random"] == by_agent["heuristic"]
    again = run_arena("everest-1924", ["random", "heuristic"], games=6, seed=3)
    assert again.games == result.games
    best = result.standings()[0]
    assert best.agent == "heuristic" and best.half_width > 0


def test_arena_multiplayer_rotates_seats_and_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(_REGISTRY, "coin-test", "tests.agents.test_search_agents:CoinGame")
    result = run_arena("coin-test", ["random", "mcts:20:random"], games=20, seed=1)
    assert {g.seats for g in result.games} == {
        ("random", "mcts:20:random"),
        ("mcts:20:random", "random"),
    }
    table = {row.agent: row for row in result.standings(bootstrap=50)}
    mcts = table["mcts:20:random"]
    assert mcts.rating is not None and mcts.rating_low is not None and mcts.rating_high is not None
    assert mcts.rating_low <= mcts.rating <= mcts.rating_high
    assert mcts.rating > table["random"].rating  # type: ignore[operator]


def test_arena_bradley_terry_is_symmetric_and_centred() -> None:
    r = bradley_terry(["a", "b", "c"], [("a", "b", 0.5), ("b", "c", 0.5), ("a", "c", 0.5)])
    assert all(abs(v - 1500) < 1e-6 for v in r.values())


def test_arena_cli_writes_jsonl_and_a_table(tmp_path: Path) -> None:
    out = tmp_path / "arena.jsonl"
    res = CliRunner().invoke(
        app,
        [
            "arena",
            "everest-1924",
            "--agents",
            "random,heuristic",
            "--games",
            "3",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    assert "heuristic" in res.output and "±" in res.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6 and {tuple(x["seats"]) for x in lines} == {("random",), ("heuristic",)}
    bad = CliRunner().invoke(app, ["arena", "everest-1924", "--agents", "mcts:fast"])
    assert bad.exit_code == 2 and "budget" in bad.output


def test_solve_cli_small_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path))
    res = CliRunner().invoke(
        app, ["solve", "everest-1924", "--rows", "3", "--width", "8", "--json"]
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert doc["cached"] is False and doc["states"] > 0
    assert abs(sum(doc["bands"].values()) - 1) < 1e-9
    res = CliRunner().invoke(
        app, ["solve", "everest-1924", "--rows", "3", "--width", "8", "--json"]
    )
    assert json.loads(res.output)["cached"] is True
    res = CliRunner().invoke(app, ["solve", "disaster", "--rows", "3"])
    assert res.exit_code == 2 and "no exact solver" in res.output
    res = CliRunner().invoke(
        app, ["solve", "everest-1924", "--rows", "4", "--max-states", "10", "--no-cache"]
    )
    assert res.exit_code == 2 and "limit" in res.output


def test_solve_cli_sheet_over_the_row_limit_shows_the_bound_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sheets with more rows than MAX_ROWS (the standard sheet's 17, lowered here so the
    standard sheet stands for a larger one) show their relaxed value unless --max-states."""
    from highcamp.cli import solve as solve_cli

    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path))
    monkeypatch.setattr(solve_cli, "MAX_ROWS", 10)
    res = CliRunner().invoke(app, ["solve", "everest-1924", "--sheet", "first-reconstruction"])
    assert res.exit_code == 1
    assert "36.7601" in res.output and "--rows 10" in res.output


def test_arena_cli_game_options_and_the_optimal_agent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from highcamp.games.everest1924 import standard_sheet
    from highcamp.games.everest1924.solver import sheet_document, sheet_prefix

    monkeypatch.setenv("HIGHCAMP_CACHE", str(tmp_path / "cache"))
    sheet = tmp_path / "small.json"
    sheet.write_text(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 4, 12))))
    res = CliRunner().invoke(
        app,
        [
            "arena",
            "everest-1924",
            "-o",
            f"sheet={sheet}",
            "--agents",
            "optimal,random",
            "--games",
            "40",
        ],
    )
    assert res.exit_code == 0, res.output
    assert res.output.index("optimal") < res.output.index("random")  # best first
