"""A golden two-player playthrough [15.*]: any change of behaviour of the two-player rules
shows up here.

Seed 2024 resolves the chance steps; both seats are played by the leader policy of
``highcamp.games.disaster_series.heuristic`` (bidding included) with ``random.Random(7)``,
in the advanced game with the team bonuses of Himalayan Quest (seat 1) and Top of the World
(seat 2). The transcript (the log, then both score sheets and the winner) is kept in
``golden/playthrough-2p-2024.txt``; regenerate it after an intended change with

    DOE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/disaster_on_everest/test_golden_two_player.py

and review the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import highcamp
from highcamp.games.disaster_series.engine import DisasterState
from highcamp.games.disaster_series.heuristic import leader_action

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2p-2024.txt"
OPTIONS = {
    "players": 2,
    "company": "himalayan-quest",
    "company_2": "top-of-the-world",
    "game": "advanced",
    "team_bonus": True,
}


def _play() -> highcamp.State:
    game = highcamp.load_game("disaster-on-everest", **OPTIONS)
    state = game.new_initial_state(seed=2024)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            assert isinstance(state, DisasterState)
            state.apply_action(leader_action(state, rng))
    return state


def transcript(state: highcamp.State) -> list[str]:
    lines = [f"# disaster-on-everest {OPTIONS} seed 2024, leader policy random.Random(7)"]
    for entry in state.log:
        who = "  " if entry.action is None else f"[{entry.player}] "
        lines.append(f"{who}{entry.text}  {entry.rule}".rstrip())
    for bd in state.score_breakdown():
        lines += [f"# seat {bd.player + 1} {ln.label}: {ln.points:+g}" for ln in bd.lines]
        lines.append(f"# seat {bd.player + 1} total {bd.total:g}: {bd.band}")
    lines.append(f"# {state.ending()}; returns {state.returns()}")
    return lines


def test_golden_two_player_playthrough() -> None:
    state = _play()
    lines = transcript(state)
    if os.environ.get("DOE_REGENERATE_GOLDEN"):
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    diff = "\n".join(difflib.unified_diff(expected, lines, "golden", "now", lineterm=""))
    assert lines == expected, f"the playthrough changed:\n{diff[:4000]}"
    game = highcamp.load_game("disaster-on-everest", **OPTIONS)
    assert game.replay(state.history(), seed=2024) == state
