"""``benchmarks/strength_decisions.py`` on tiny cases: one line per position and budget,
resumable, the reference honest (it reads the seat's view only) and paired."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import highcamp

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sd() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "strength_decisions", ROOT / "benchmarks" / "strength_decisions.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["strength_decisions"] = module
    spec.loader.exec_module(module)
    return module


def test_a_run_writes_each_position_and_budget_once_and_resumes(
    sd: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "d.jsonl"
    argv = ["--games", "k2", "--positions", "2", "--every", "50", "--budgets", "0.02"]
    argv += ["--reference-playouts", "2", "--out", str(out)]
    assert sd.main(argv) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted((x["decision"], x["budget"]) for x in lines) == [
        (0, "0.02"),
        (0, "heuristic"),
        (50, "0.02"),
        (50, "heuristic"),
    ]
    for x in lines:
        assert x["game"] == "k2" and x["seed"] == 0 and x["playouts"] == 2
        assert x["gain"] == pytest.approx(x["value"] - x["heuristic_value"])
        if x["budget"] == "heuristic":  # the heuristic's move is the game's own
            assert x["action"] == x["heuristic_action"] and x["gain"] == 0
        else:
            assert x["spec"] == "mcts:0.019s:heuristic20" and x["simulations"] >= 1
    assert sd.main(argv) == 0  # resumed: nothing left to measure
    assert len(out.read_text().splitlines()) == 4
    assert "| k2 | 0.02 s | `mcts:0.019s:heuristic20` | 2 |" in capsys.readouterr().out


def test_the_reference_reads_only_the_seats_view(sd: ModuleType) -> None:
    """Two states the seat cannot tell apart get the same reference values; a move is
    valued on the same playouts as every other (common random numbers)."""
    state = highcamp.load_game("disaster", players=4).new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply_random_chance()
    seat = state.current_player()
    twin = state.resample_hidden(seat, 99)
    assert twin.observation(seat) == state.observation(seat)
    for action in state.legal_actions()[:3]:
        value = sd.reference(state, action, 6, salt=11)
        assert value == sd.reference(twin, action, 6, salt=11)
        assert 0.0 <= value <= 1.0


def test_the_summary_pairs_hard_with_medium_by_position(sd: ModuleType) -> None:
    def line(budget: str, decision: int, gain: float) -> dict[str, object]:
        return {
            "game": "everest", "seed": 0, "decision": decision, "budget": budget,
            "spec": sd.spec_for("everest", budget), "action": 1 if gain else 0,
            "heuristic_action": 0, "gain": gain, "simulations": 10, "seconds": 0.5,
        }  # fmt: skip

    lines = [line("1", 0, 1.0), line("3", 0, 3.0), line("1", 1, 0.0), line("3", 1, 0.0)]
    text = sd.summary(lines, ["everest"], ["1", "3"])
    assert (
        "| everest | 1 s | `mcts:0.95s:heuristic20` | 2 | +0.500 ± 0.980 | 50% | 10 | 0.50 |"
        in text
    )
    assert "| everest | 2 | +1.000 ± 1.960 | 1 / 0 / 1 |" in text
