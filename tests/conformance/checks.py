"""The conformance checks, as the project's tests import them: they are the public
:mod:`highcamp.testing` (this module keeps the old import path of the game tests)."""

from __future__ import annotations

from highcamp.testing import (
    DEEP_STEPS,
    ConformanceError,
    check_copies,
    check_ending,
    check_hidden,
    check_illegal_refused,
    check_invariants,
    check_node,
    play_random,
    random_steps,
    survive_choice,
)

__all__ = [
    "DEEP_STEPS",
    "ConformanceError",
    "check_copies",
    "check_ending",
    "check_hidden",
    "check_illegal_refused",
    "check_invariants",
    "check_node",
    "play_random",
    "random_steps",
    "survive_choice",
]
