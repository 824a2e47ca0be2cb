"""A golden playthrough: any change of behaviour of the Disaster engine shows up here.

A 4-player game, seed 2026 for the chance steps, every seat played by ``random.Random(7)``
choosing among ``legal_actions()``. The transcript is the game's full log (every action,
chance outcome and automatic event with its rule), then the ending and the chips; it lives in
``golden/playthrough-2026.txt``.

To regenerate it after an intended change of behaviour, run this test once with
``HIGHCAMP_REGENERATE_GOLDEN=1`` and review the diff before committing it
(:mod:`highcamp.testing.golden`).
"""

from __future__ import annotations

from pathlib import Path

import highcamp
from highcamp.testing import assert_golden, log_lines, play_seeded

from ..digests import digest_lines

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2026.txt"


def transcript() -> str:
    state = play_seeded(highcamp.load_game("disaster", players=4), seed=2026, agent_seed=7)
    lines = log_lines(state, actions=True)
    lines.append(f"ending: {state.ending()}")
    lines.append(f"chips: {[p['chips'] for p in state.observation(0)['players']]}")
    lines.append(f"returns: {state.returns()}")
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    assert_golden(GOLDEN, transcript(), what="the Disaster playthrough")


RECORD = Path(__file__).parent / "golden" / "record.txt"


def test_golden_record_of_every_variant() -> None:
    """Every variant's public surface (legal actions and their texts, observations, the
    spectator's view, redraws of hidden information, documents, logs, score sheets) over
    two seeded games, as a digest per variant (``tests/games/digests.py``)."""
    assert_golden(RECORD, digest_lines("disaster", range(2)), what="the record of every variant")
