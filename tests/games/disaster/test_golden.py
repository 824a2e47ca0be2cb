"""A golden playthrough: any change of behaviour of the Disaster engine shows up here.

A 4-player game, seed 2026 for the chance steps, every seat played by ``random.Random(7)``
choosing among ``legal_actions()``. The transcript is the game's full log (every action,
chance outcome and automatic event with its rule), then the ending and the chips; it lives in
``golden/playthrough-2026.txt``.

To regenerate it after an intended change of behaviour, run this test once with
``DISASTER_REGENERATE_GOLDEN=1`` and review the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import highcamp
from highcamp import CHANCE

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2026.txt"


def transcript() -> str:
    game = highcamp.load_game("disaster", players=4)
    state = game.new_initial_state(seed=2026)
    agent = random.Random(7)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(agent.choice(state.legal_actions()))
    lines = []
    for e in state.log:
        who = (
            "-"
            if e.player is None
            else ("chance" if e.player == CHANCE else f"seat {e.player + 1}")
        )
        action = "" if e.action is None else f" #{e.action}"
        lines.append(f"{e.index:>4} {who:<7} {e.text}{action} {e.rule}")
    lines.append(f"ending: {state.ending()}")
    lines.append(f"chips: {[p['chips'] for p in state.observation(0)['players']]}")
    lines.append(f"returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    text = transcript()
    if os.environ.get("DISASTER_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "golden file missing: run with DISASTER_REGENERATE_GOLDEN=1"
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), text.splitlines(keepends=True), n=1
            )
        )
        raise AssertionError("the playthrough changed:\n" + diff[:4000])
