"""A golden record of Everest 1924's whole public surface, as a digest per sheet.

The playthrough of ``test_golden.py`` keeps three games as text; this record folds into a
SHA-256, at every step of many seeded games on both named sheets, the legal actions with
their texts, the observation and the spectator's view (dice, odds, reroll hint and odds),
and at the end the JSON document, the log, the score sheet and the ending
(``tests/games/digests.py``). Random games abandon often, so two more digests play games
that never abandon (random choices; ``helpers.climber``, which reaches the summit) and add, at every step, the refusal (rule and reason) of every action
that is not legal, the parse of every legal action's text and the answer to the words a
player may mistype. A refactor that keeps the behaviour keeps every digest; the file is
written anew with the one switch of :mod:`highcamp.testing.golden`.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import highcamp
from highcamp import CHANCE, IllegalActionError, InvalidActionError, State
from highcamp.testing import assert_golden

from ..digests import game_digest
from .helpers import climber

RECORD = Path(__file__).parent / "golden" / "record.txt"
SHEETS = ("standard", "first-reconstruction")
# words a player may type, legal or not now: each answer (an action id or the error) counts
WORDS = ("roll", "abandon", "fall", "move right", "camp", "combine 2,1 -> 3", "reroll 7", "x")


def _feed(h: Any, item: object) -> None:
    h.update(json.dumps(item, sort_keys=True, default=str).encode())
    h.update(b"\n")


def _answers(state: State) -> list[Any]:
    out: list[Any] = []
    for word in WORDS:
        try:
            out.append(state.string_to_action(word))
        except (IllegalActionError, InvalidActionError) as e:
            out.append([type(e).__name__, str(e)])
    return out


def _refusals(state: State) -> list[Any]:
    legal = set(state.legal_actions())
    before = state.to_json()
    out: list[Any] = []
    for a in range(state.game.num_distinct_actions()):
        if a in legal:
            continue
        try:
            state.apply_action(a)
        except IllegalActionError as e:
            out.append([a, e.rule, e.reason])
        else:  # pragma: no cover - a refusal that did not refuse fails the record
            out.append([a, "applied"])
    assert state.to_json() == before
    return out


def climbing_digest(sheet: str, seeds: range, *, climbs: bool) -> str:
    """Seeded games that never abandon (random choices, or ``helpers.climber``'s policy
    when ``climbs``), every step's refusals and parses folded in."""
    game = highcamp.load_game("everest-1924", sheet=sheet)
    h = hashlib.sha256()
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            texts = [state.action_to_string(a) for a in legal]
            _feed(h, [state.current_player(), legal, texts])
            _feed(h, [state.string_to_action(t) for t in texts])
            _feed(h, [state.observation(0), state.public_observation(), state.turn_odds()])
            _feed(h, _refusals(state))
            _feed(h, _answers(state))
            if state.current_player() == CHANCE:
                state.apply_random_chance()
            elif climbs:
                state.apply_action(climber(state, rng))
            else:
                choices = [a for a, t in zip(legal, texts, strict=True) if t != "abandon"]
                state.apply_action(rng.choice(choices))
        _feed(h, state.to_json())
        _feed(h, [e.to_dict() for e in state.log])
        _feed(h, [b.to_dict() for b in state.score_breakdown()])
        _feed(h, [state.ending(), state.returns(), state.invariants(), state.route])
    return h.hexdigest()


def record() -> str:
    lines = []
    for sheet in SHEETS:
        random_games = game_digest("everest-1924", {"sheet": sheet}, range(60))
        lines.append(f"random sheet={sheet} {random_games}")
        lines.append(f"no-abandon sheet={sheet} {climbing_digest(sheet, range(40), climbs=False)}")
        lines.append(f"climber sheet={sheet} {climbing_digest(sheet, range(8), climbs=True)}")
    return "\n".join(lines) + "\n"


def test_golden_record_of_both_sheets() -> None:
    assert_golden(RECORD, record(), what="the Everest 1924 record of both sheets")
