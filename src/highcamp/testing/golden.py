"""Golden playthroughs: a seeded game's transcript kept in a file, compared on every run,
with one switch to write it anew after an intended change of behaviour.

A golden test plays a game from fixed seeds, writes what happened as text (its own format:
the log, the actions, the score) and hands it to :func:`assert_golden`. When the text
differs from the file, the test fails with a diff. To accept a change, run the tests once
with the switch on and review the diff of the files before committing them::

    HIGHCAMP_REGENERATE_GOLDEN=1 pytest tests/games/everest_go/test_golden.py

>>> import highcamp, pathlib, tempfile
>>> state = play_seeded(highcamp.load_game("everest-1924"), seed=2024, agent_seed=7)
>>> text = f"ending: {state.ending()}\\nreturns: {state.returns()}\\n"
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp) / "golden.txt"
...     _ = path.write_text(text, encoding="utf-8")
...     assert_golden(path, text)
...     assert_golden(path, "something else")
Traceback (most recent call last):
...
highcamp.testing.golden.GoldenMismatch: the playthrough differs from golden.txt ...
"""

from __future__ import annotations

import difflib
import os
import random
from collections.abc import Callable
from pathlib import Path

from highcamp.core import CHANCE, Game, State

__all__ = [
    "REGENERATE_ENV",
    "GoldenMismatch",
    "assert_golden",
    "log_lines",
    "play_seeded",
    "regenerating",
]

REGENERATE_ENV = "HIGHCAMP_REGENERATE_GOLDEN"
"""The one switch: with this environment variable set to ``1`` (or ``true``, ``yes``),
:func:`assert_golden` writes the files instead of comparing them."""


class GoldenMismatch(AssertionError):
    """A transcript differs from its golden file (or the file is missing)."""


def regenerating() -> bool:
    """Whether golden files are being written anew (:data:`REGENERATE_ENV` is on)."""
    return os.environ.get(REGENERATE_ENV, "").strip().lower() in {"1", "true", "yes"}


def assert_golden(
    path: Path, text: str, *, what: str = "the playthrough", diff_chars: int = 6000
) -> None:
    """Compare ``text`` with the file at ``path`` (UTF-8, byte for byte); with the switch
    on (:func:`regenerating`), write the file first. A difference raises
    :class:`GoldenMismatch` with a unified diff and the command that accepts it."""
    path = Path(path)
    if regenerating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    how = f"if the change is intended, run once with {REGENERATE_ENV}=1 and review the diff"
    if not path.exists():
        raise GoldenMismatch(f"{path} is missing: {how}")
    expected = path.read_text(encoding="utf-8")
    if text == expected:
        return
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            text.splitlines(keepends=True),
            fromfile=str(path),
            tofile="this run",
            n=2,
        )
    )
    raise GoldenMismatch(
        f"{what} differs from {path.name} (the engine behaves differently, or lists its legal "
        f"actions in another order); {how}.\n{diff[:diff_chars]}"
    )


def play_seeded(
    game: Game,
    seed: int,
    agent_seed: int,
    choose: Callable[[State, random.Random], int] | None = None,
) -> State:
    """A whole game from ``seed`` (chance steps by ``apply_random_chance``), every seat
    played by one ``random.Random(agent_seed)``: its ``choice`` over ``legal_actions()``, or
    ``choose(state, rng)`` when given.

    >>> import highcamp
    >>> a = play_seeded(highcamp.load_game("disaster", players=3), 1, 7)
    >>> a == play_seeded(highcamp.load_game("disaster", players=3), 1, 7), a.is_terminal()
    (True, True)
    """
    state = game.new_initial_state(seed=seed)
    agent = random.Random(agent_seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
        elif choose is not None:
            state.apply_action(choose(state, agent))
        else:
            state.apply_action(agent.choice(state.legal_actions()))
    return state


def log_lines(state: State, *, actions: bool = False) -> list[str]:
    """The game's log, a line per entry: index, who (``seat k``, ``chance`` or ``-``), the
    text, (with ``actions``) the action id as ``#id``, then the rule.

    >>> import highcamp
    >>> s = play_seeded(highcamp.load_game("everest-1924"), 2024, 7)
    >>> log_lines(s)[0].split()[:2]
    ['0', 'seat']
    """
    out = []
    for e in state.log:
        who = (
            "-" if e.player is None else "chance" if e.player == CHANCE else f"seat {e.player + 1}"
        )
        if actions:
            action = "" if e.action is None else f" #{e.action}"
            out.append(f"{e.index:>4} {who:<7} {e.text}{action} {e.rule}")
        else:
            out.append(f"{e.index:>4} {who:<7} {e.text}  {e.rule}")
    return out
