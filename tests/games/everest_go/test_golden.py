"""A golden playthrough of Everest Go!: any change of behaviour of the engine shows up here.

Three players, seed 2024 for the chance steps (``apply_random_chance``), every seat a fixed
seeded random agent (``random.Random(7).choice`` over ``legal_actions()``). The transcript
(every action as text with its seat, chance steps included, the automatic events of the
log, then the ending and each seat's score) is kept in ``golden/playthrough-2024.txt``.

To regenerate it after an intended change of behaviour, run this test once with
``HIGHCAMP_REGENERATE_GOLDEN=1`` and review the diff before committing it
(:mod:`highcamp.testing.golden`).
"""

from __future__ import annotations

from pathlib import Path

import highcamp
from highcamp.testing import assert_golden, log_lines, play_seeded

from ..digests import digest_lines

GOLDEN = Path(__file__).parent / "golden" / "playthrough-2024.txt"


def transcript() -> list[str]:
    state = play_seeded(highcamp.load_game("everest-go", players=3), seed=2024, agent_seed=7)
    lines = log_lines(state)
    lines.append(f"ending: {state.ending()}")
    for b in state.score_breakdown():
        lines.append(
            f"seat {b.player + 1}: {b.total:g}" + (" winner" if b.figures["winner"] else "")
        )
    return lines


def test_golden_playthrough() -> None:
    assert_golden(GOLDEN, "\n".join(transcript()) + "\n", what="the Everest Go! playthrough")


RECORD = Path(__file__).parent / "golden" / "record.txt"


def test_golden_record_of_every_variant() -> None:
    """Every variant's public surface (legal actions and their texts, observations, the
    spectator's view, redraws of hidden information, documents, logs, score sheets) over
    two seeded games, as a digest per variant (``tests/games/digests.py``)."""
    assert_golden(RECORD, digest_lines("everest-go", range(2)), what="the record of every variant")
