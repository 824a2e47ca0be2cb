"""Golden playthroughs of Disaster on K2: any change of behaviour shows up here.

Seed 2008 resolves the chance steps (``apply_random_chance``); the player is the leader
policy of ``highcamp.games.disaster_series.k2.heuristic`` with ``random.Random(7)``. One
game with the Sherpa in the advanced game, one with the HAP in the [14.5] variant. The
transcripts (every action as text, chance outcomes included, the log's automatic events,
then the score sheet) are kept in ``golden/``.

To regenerate them after an intended change of behaviour:

    K2_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/disaster_on_k2/test_golden.py

then review the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path
from typing import Any

import pytest

import highcamp
from highcamp.games.disaster_series.k2.heuristic import k2_leader_action
from highcamp.games.disaster_series.k2.rules import K2State

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, dict[str, Any]] = {
    "sherpa-advanced-2008.txt": {"team": "serbia", "guide": "sherpa", "game": "advanced"},
    "hap-variant-2008.txt": {"team": "norway", "guide": "hap", "balcony_collapse": True},
}


def play(options: dict[str, Any]) -> K2State:
    state = highcamp.load_game("disaster-on-k2", **options).new_initial_state(seed=2008)
    assert isinstance(state, K2State)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(k2_leader_action(state, rng))
    return state


def transcript(options: dict[str, Any]) -> list[str]:
    state = play(options)
    lines = [f"# disaster-on-k2 {options} seed 2008, leader policy random.Random(7)"]
    for entry in state.log:
        who = "  " if entry.action is None else ""
        lines.append(f"{who}{entry.text}  {entry.rule}".rstrip())
    (bd,) = state.score_breakdown()
    lines += [f"# {ln.label}: {ln.points:+g}" for ln in bd.lines]
    lines.append(f"# total {bd.total:g}: {bd.band}")
    return lines


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    lines = transcript(GAMES[name])
    path = GOLDEN / name
    if os.environ.get("K2_REGENERATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    diff = "\n".join(difflib.unified_diff(expected, lines, "golden", "now", lineterm=""))
    assert lines == expected, f"the playthrough changed:\n{diff[:4000]}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_replays_from_its_record(name: str) -> None:
    state = play(GAMES[name])
    assert state.game.replay(state.history(), seed=2008) == state
