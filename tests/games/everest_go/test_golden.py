"""A golden playthrough of Everest Go!: any change of behaviour of the engine shows up here.

Three players, seed 2024 for the chance steps (``apply_random_chance``), every seat a fixed
seeded random agent (``random.Random(7).choice`` over ``legal_actions()``). The transcript
(every action as text with its seat, chance steps included, the automatic events of the
log, then the ending and each seat's score) is kept in ``golden/playthrough-2024.txt``.

To regenerate it after an intended change of behaviour, run this test once with
``EVERESTGO_REGENERATE_GOLDEN=1`` and review the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import highcamp
from highcamp import CHANCE

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2024.txt"


def transcript() -> list[str]:
    game = highcamp.load_game("everest-go", players=3)
    state = game.new_initial_state(seed=2024)
    agent = random.Random(7)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        else:
            state.apply_action(agent.choice(state.legal_actions()))
    lines = []
    for entry in state.log:
        who = (
            "chance"
            if entry.player == CHANCE
            else ("-" if entry.player is None else f"seat {entry.player + 1}")
        )
        lines.append(f"{entry.index:>4} {who:<7} {entry.text}  {entry.rule}")
    lines.append(f"ending: {state.ending()}")
    for b in state.score_breakdown():
        lines.append(
            f"seat {b.player + 1}: {b.total:g}" + (" winner" if b.figures["winner"] else "")
        )
    return lines


def test_golden_playthrough() -> None:
    lines = transcript()
    if os.environ.get("EVERESTGO_REGENERATE_GOLDEN"):
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    diff = list(difflib.unified_diff(expected, lines, "golden", "now", lineterm="", n=1))
    assert not diff, "\n".join(diff[:40])
