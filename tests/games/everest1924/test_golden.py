"""A golden playthrough: any change of behaviour of the rules engine shows up here.

Seed 2024 resolves the chance steps (``apply_random_chance``); the climber is a fixed seeded
random agent, ``random.Random(7).choice`` over ``legal_actions()``. That agent abandons on its
very first choice (``["roll", "abandon"]``), so the file holds a second game as well: the same
agent choosing among the legal actions other than ``abandon``, which climbs, combines,
rerolls, falls and in the end perishes - after three turns. A third game gives the engine a
longer run: the climbing policy of ``helpers.climber`` (seeded the same way). The transcripts (every action as text, chance
outcomes included, then the ending and the final score) are kept in
``golden/playthrough-2024.txt``.

To regenerate it after an intended change of behaviour, run this test once with
``HIGHCAMP_REGENERATE_GOLDEN=1`` (:mod:`highcamp.testing.golden`):

    HIGHCAMP_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/everest1924/test_golden.py

then review the diff of the file before committing it.
"""

from __future__ import annotations

import random
from pathlib import Path

import highcamp
from highcamp import CHANCE
from highcamp.testing import assert_golden

from .helpers import climber as climb

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2024.txt"
SEED = 2024
AGENT_SEED = 7


def play(*, never_abandon: bool, climber: bool = False) -> tuple[list[str], highcamp.State]:
    game = highcamp.load_game("everest-1924")
    state = game.new_initial_state(seed=SEED)
    agent = random.Random(AGENT_SEED)
    which = "legal actions but abandon" if never_abandon else "legal actions"
    lines = [f"# everest-1924 seed {SEED}, agent random.Random({AGENT_SEED}).choice over {which}"]
    if climber:
        lines = [f"# everest-1924 seed {SEED}, climber agent seeded random.Random({AGENT_SEED})"]
    while not state.is_terminal():
        before = state.clone()
        if state.current_player() == CHANCE:
            action = state.apply_random_chance()
        else:
            legal = state.legal_actions()
            if never_abandon:
                legal = [a for a in legal if state.action_to_string(a) != "abandon"]
            action = climb(state, agent) if climber else agent.choice(legal)
            state.apply_action(action)
        lines.append(before.action_to_string(action))
    (breakdown,) = state.score_breakdown()
    lines.append(f"# ending: {state.ending()}")
    lines.append(f"# position: {list(state.position)}")
    for line in breakdown.lines:
        lines.append(f"# {line.label}: {line.points:+g}")
    lines.append(f"# score: {state.returns()[0]:g} ({breakdown.band})")
    return lines, state


def test_golden_playthrough_seed_2024() -> None:
    lines, state = play(never_abandon=False)
    lines2, state2 = play(never_abandon=True)
    lines3, state3 = play(never_abandon=True, climber=True)
    text = "\n".join([*lines, "", *lines2, "", *lines3]) + "\n"
    assert_golden(GOLDEN, text, what="the Everest 1924 golden playthrough")
    # the transcript replays: the action list alone reproduces the game (R-0-3)
    for final in (state, state2, state3):
        assert final.game.replay(final.history(), seed=SEED) == final
