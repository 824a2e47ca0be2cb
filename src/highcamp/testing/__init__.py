"""highcamp.testing: the conformance suite any game of highcamp must pass, for the person
adding a game, checking a changed data file or a new sheet (as PettingZoo ships
``api_test`` and OpenSpiel its playthrough tests).

* :func:`check_game` runs the whole suite on one game and returns a report (the
  ``highcamp check GAME`` command runs it with a progress bar).
* The checks one by one (:mod:`highcamp.testing.checks`): :func:`check_node`,
  :func:`check_illegal_refused`, :func:`check_copies`, :func:`check_hidden`,
  :func:`check_invariants`, :func:`check_ending`, :func:`check_info`,
  :func:`check_documents`, :func:`check_same_seed`, :func:`check_log`, and
  :func:`play_random`, which plays a random game checking every step. A broken property
  raises :class:`ConformanceError` (an ``AssertionError``).
* Golden playthroughs (:mod:`highcamp.testing.golden`): :func:`assert_golden` compares a
  transcript with its file; ``HIGHCAMP_REGENERATE_GOLDEN=1`` writes them anew.
* :func:`cases` lists every registered game in every variant, for a parametrised suite.

>>> from highcamp.testing import check_game
>>> report = check_game("everest-1924", games=2)
>>> report.ok, report.games
(True, 2)

In a test suite, one line per game and variant::

    @pytest.mark.parametrize(("game_id", "options"), cases(), ids=case_id)
    def test_conformance(game_id, options):
        report = check_game(game_id, options, games=50)
        assert report.ok, report.failures
"""

from __future__ import annotations

from .cases import case_id, cases, representative, representative_cases
from .checks import (
    DEEP_STEPS,
    ConformanceError,
    check_copies,
    check_documents,
    check_ending,
    check_hidden,
    check_illegal_refused,
    check_info,
    check_invariants,
    check_log,
    check_node,
    check_same_seed,
    play_random,
    random_steps,
    survive_choice,
)
from .golden import (
    REGENERATE_ENV,
    GoldenMismatch,
    assert_golden,
    log_lines,
    play_seeded,
    regenerating,
)
from .suite import CheckResult, ConformanceReport, Failure, check_game

__all__ = [
    "DEEP_STEPS",
    "REGENERATE_ENV",
    "CheckResult",
    "ConformanceError",
    "ConformanceReport",
    "Failure",
    "GoldenMismatch",
    "assert_golden",
    "case_id",
    "cases",
    "check_copies",
    "check_documents",
    "check_ending",
    "check_game",
    "check_hidden",
    "check_illegal_refused",
    "check_info",
    "check_invariants",
    "check_log",
    "check_node",
    "check_same_seed",
    "log_lines",
    "play_random",
    "play_seeded",
    "random_steps",
    "regenerating",
    "representative",
    "representative_cases",
    "survive_choice",
]
