"""A golden playthrough: any change of behaviour of the engine shows up here.

Seed 2024 resolves the chance steps (``apply_random_chance``); the player is the leader
policy of ``highcamp.games.disaster_series.heuristic`` with ``random.Random(7)``, playing
the advanced game with Summit Adventures' team bonus. The transcript (every action as text,
chance outcomes included, the log's automatic events, then the score sheet) is kept in
``golden/playthrough-2024.txt``.

To regenerate it after an intended change of behaviour:

    DOE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/disaster_on_everest/test_golden.py

then review the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import highcamp
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.heuristic import leader_action

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2024.txt"
OPTIONS = {"company": "summit-adventures", "game": "advanced", "team_bonus": True}


def transcript() -> list[str]:
    game = highcamp.load_game("disaster-on-everest", **OPTIONS)
    state = game.new_initial_state(seed=2024)
    assert isinstance(state, DisasterState)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(leader_action(state, rng))
    lines = [f"# disaster-on-everest {OPTIONS} seed 2024, leader policy random.Random(7)"]
    for entry in state.log:
        who = "  " if entry.action is None else ""
        lines.append(f"{who}{entry.text}  {entry.rule}".rstrip())
    (bd,) = state.score_breakdown()
    lines += [f"# {ln.label}: {ln.points:+g}" for ln in bd.lines]
    lines.append(f"# total {bd.total:g}: {bd.band}")
    return lines


def test_golden_playthrough() -> None:
    lines = transcript()
    if os.environ.get("DOE_REGENERATE_GOLDEN"):
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    diff = "\n".join(difflib.unified_diff(expected, lines, "golden", "now", lineterm=""))
    assert lines == expected, f"the playthrough changed:\n{diff[:4000]}"


def test_golden_game_replays_from_its_record() -> None:
    game = highcamp.load_game("disaster-on-everest", **OPTIONS)
    state = game.new_initial_state(seed=2024)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            assert isinstance(state, DisasterState)
            state.apply_action(leader_action(state, rng))
    assert game.replay(state.history(), seed=2024) == state
