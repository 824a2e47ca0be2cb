"""The whole conformance suite on one game: :func:`check_game` runs every check and returns
a :class:`ConformanceReport` instead of stopping at the first failure.

>>> report = check_game("everest-1924", games=4, seed=1)
>>> report.ok, report.games, [c.name for c in report.checks][:3]
(True, 4, ['info and errors', 'state documents', 'same seed, same game'])
>>> print(report.summary())
everest-1924: 4 games, ... steps, every check passed
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import highcamp

from .cases import case_id
from .checks import check_documents, check_info, check_log, check_same_seed, play_random

__all__ = ["CheckResult", "ConformanceReport", "Failure", "check_game"]


@dataclass(frozen=True)
class Failure:
    """One failed check: which, on which seed, what broke, and the last lines of the trace."""

    check: str
    seed: int | None
    message: str
    where: str = ""

    def line(self) -> str:
        """One line: the check, the seed and the message's first line."""
        seed = "" if self.seed is None else f" (seed {self.seed})"
        first = self.message.splitlines()[0] if self.message else ""
        return f"{self.check}{seed}: {first}"


@dataclass
class CheckResult:
    """How often a check ran and passed."""

    name: str
    description: str
    runs: int = 0
    passed: int = 0

    @property
    def failed(self) -> int:
        """Runs that failed."""
        return self.runs - self.passed


@dataclass
class ConformanceReport:
    """What :func:`check_game` did: the checks with their counts, the failures, games
    played and steps taken, and the seconds it took."""

    game: str
    options: dict[str, Any]
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    checks: list[CheckResult] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Every check passed."""
        return not self.failures

    @property
    def name(self) -> str:
        """The game and its options, as the suite names a case."""
        return case_id((self.game, self.options))

    def summary(self) -> str:
        """One line: games, steps and the verdict."""
        verdict = (
            "every check passed"
            if self.ok
            else f"{len(self.failures)} failure{'s' * (len(self.failures) != 1)}"
        )
        return f"{self.name}: {self.games} games, {self.steps:,} steps, {verdict}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the report."""
        return {
            "game": self.game,
            "options": self.options,
            "ok": self.ok,
            "games": self.games,
            "steps": self.steps,
            "seconds": round(self.seconds, 3),
            "checks": [
                {"name": c.name, "runs": c.runs, "passed": c.passed, "about": c.description}
                for c in self.checks
            ],
            "failures": [
                {"check": f.check, "seed": f.seed, "message": f.message, "where": f.where}
                for f in self.failures
            ],
        }


_ONCE: tuple[tuple[str, str, Callable[[str, dict[str, Any]], None]], ...] = (
    (
        "info and errors",
        "the info is consistent; bad options, texts, actions and observers are refused",
        check_info,
    ),
    ("state documents", "malformed or tampered state documents are refused", check_documents),
    ("same seed, same game", "a record (options, seed, actions) replays exactly", check_same_seed),
    ("log cites rules", "the log replays the history; every entry cites a rule", check_log),
)
RANDOM_GAMES = (
    "every node offers actions; illegal ones are refused, state unchanged; clone, JSON and "
    "replay agree; secrets stay hidden; invariants hold; the game ends"
)


def check_game(
    game_id: str,
    options: dict[str, Any] | None = None,
    *,
    games: int = 20,
    seed: int = 0,
    deep: int = 2,
    full_every: int = 17,
    on_game: Callable[[int, int], None] | None = None,
    fail_fast: bool = False,
) -> ConformanceReport:
    """Run the conformance suite on ``game_id`` with ``options``: the checks run once (info
    and errors, state documents, same seed, log), then ``games`` seeded random games from
    ``seed`` on, every other one played by a policy that avoids ending the game at once
    (deeper games). The first ``deep`` games check every step of their first hundred; the
    others check every node and the copies every ``full_every`` steps.

    ``on_game(done, steps)`` is called after each game (a progress bar); ``fail_fast`` stops
    at the first failure. Options are validated first: a bad one raises ``OptionError``.
    """
    options = dict(options or {})
    highcamp.load_game(game_id, **options)  # refuse bad options before any check runs
    report = ConformanceReport(game_id, options)
    t0 = time.perf_counter()

    def failed(check: str, game_seed: int | None, err: BaseException) -> None:
        where = "".join(traceback.format_exception(err)[-4:]).strip()
        message = f"{type(err).__name__}: {err}" if not str(err) else str(err)
        report.failures.append(Failure(check, game_seed, message, where))

    for name, about, check in _ONCE:
        result = CheckResult(name, about, runs=1)
        report.checks.append(result)
        try:
            check(game_id, options)
        except Exception as err:
            failed(name, None, err)
            if fail_fast:
                report.seconds = time.perf_counter() - t0
                return report
        else:
            result.passed = 1
    played = CheckResult("random games", RANDOM_GAMES)
    report.checks.append(played)
    for k in range(games):
        game_seed = seed + k
        played.runs += 1
        try:
            state = play_random(
                game_id,
                options,
                game_seed,
                full_every=full_every,
                deep=k < deep,
                survive=k % 2 == 1,
            )
        except Exception as err:
            failed("random games", game_seed, err)
        else:
            played.passed += 1
            report.steps += len(state.history())
        report.games += 1
        if on_game is not None:
            on_game(report.games, report.steps)
        if fail_fast and report.failures:
            break
    report.seconds = time.perf_counter() - t0
    return report
