"""The phase table of the Disaster-series engine: what every action id gets at every step.

At every step of seeded random games of every variant of the golden record
(:mod:`.test_golden_record`), each action id (and a few outside the ids) is asked of the
contract: a legal one gives its text and the rule its log entry cites, an illegal one the
refusal (rule and reason) ``action_to_string`` raises. A digest of these answers per step is
kept in ``golden/refusals.jsonl.gz``, recorded before the phases became one table, so the
table gives every refusal, text and rule exactly as before.

The same walk checks that each phase's ``why_not`` (the refusal computed with legality:
``None`` means legal), its fast ``is_legal`` and the legal actions agree on every id.

To regenerate the record after an intended change::

    HIGHCAMP_REGENERATE_GOLDEN=1 PYTHONPATH=src .venv/bin/python -m pytest \\
        tests/games/disaster_series/test_phase_table.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import highcamp
from highcamp.core import IllegalActionError
from highcamp.testing.golden import regenerating

from .test_golden_record import CASES

RECORD = Path(__file__).parent / "golden" / "refusals.jsonl.gz"
REGENERATE = regenerating()
GAMES = 2  # seeded random games per case
DIGEST = 12


def _canon(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _answers(state: highcamp.State, n: int) -> list[Any]:
    """What every action id in ``-1 .. n`` gets now: ``[text, rule]`` or ``[rule, reason]``;
    on the way, that the phase's ``why_not``, its fast check and the legal actions agree."""
    out: list[Any] = []
    entry = state.PHASES[state.phase]  # type: ignore[attr-defined]  # a series state
    legal = set(state.legal_actions())
    for a in range(-1, n + 1):
        fast, why = state._is_legal(a), entry.why_not(state, a)
        assert fast == (why is None) == (a in legal), (state.phase, a, fast, why, sorted(legal))
        try:
            text = state.action_to_string(a)
        except IllegalActionError as err:
            out.append(["x", err.rule, err.reason])
            continue
        out.append(["ok", text, state._action_rule(a)])
    return out


def _walk(game_id: str, options: dict[str, Any], seed: int) -> list[str]:
    """The digest of every step's answers along one seeded random game."""
    game = highcamp.load_game(game_id, **options)
    n = game.num_distinct_actions()
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    steps = []
    while True:
        steps.append(hashlib.sha256(_canon(_answers(state, n))).hexdigest()[:DIGEST])
        if state.is_terminal():
            return steps
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _games() -> list[tuple[str, dict[str, Any], int]]:
    return [(g, o, 7000 + 100 * i + s) for i, (g, o) in enumerate(CASES) for s in range(GAMES)]


def _key(game_id: str, options: dict[str, Any], seed: int) -> str:
    return f"{game_id} seed {seed} {options}"


def _load() -> dict[str, list[str]]:
    with gzip.open(RECORD, "rt", encoding="utf-8") as f:
        return {r["key"]: r["steps"] for r in map(json.loads, f)}


def _chunks() -> list[int]:
    return list(range(4))


@pytest.mark.parametrize("chunk", _chunks())
def test_every_action_id_is_answered_as_recorded(chunk: int) -> None:
    """Texts, rules and refusals of every action id at every step, as recorded; each
    phase's ``why_not`` agrees with its fast check and the legal actions on every id."""
    if REGENERATE:
        if chunk == 0:
            with gzip.GzipFile(RECORD, "wb", mtime=0) as f:
                for g in _games():
                    f.write(_canon({"key": _key(*g), "steps": _walk(*g)}) + b"\n")
        return
    record = _load()
    for g in _games()[chunk :: len(_chunks())]:
        now, then = _walk(*g), record[_key(*g)]
        diff = [i for i, (a, b) in enumerate(zip(now, then, strict=False)) if a != b]
        assert not diff and len(now) == len(then), f"{_key(*g)}: step {diff[:1]} differs"
