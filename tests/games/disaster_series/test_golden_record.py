"""The golden record of the Disaster-series engine: every variant, hundreds of games.

Every case below (each variant of Disaster on Everest and Disaster on K2, solitaire and two
players, with every option of each game's options schema at least once) is played for
``RANDOM_GAMES`` seeded uniform-random games and ``HEURISTIC_GAMES`` games of the series
heuristic. The record keeps each game's actions (so a replay needs no agent) and, after
every step, a digest of the canonical JSON of what the contract shows: ``to_json()``, the
player to act, the legal actions with their texts (or the chance outcomes), and every
seat's observation. At the end it adds the log (with each seat's ``log_for``), the public
observation, the score sheet, the returns and the ending.

The engine is refactored against this record: any change of behaviour shows up as the
first step whose digest differs. To regenerate it after an intended change (a rule fix):

    HIGHCAMP_REGENERATE_GOLDEN=1 PYTHONPATH=src .venv/bin/python -m pytest \\
        tests/games/disaster_series/test_golden_record.py

and say in the commit which cases changed (the test prints them).
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
from highcamp.agents import make_agent
from highcamp.testing.golden import regenerating

RECORD = Path(__file__).parent / "golden" / "record.jsonl.gz"
REGENERATE = regenerating()  # the one switch of every golden file (highcamp.testing)
RANDOM_GAMES = 8
HEURISTIC_GAMES = 4
DIGEST = 12  # hex characters kept of each step's sha256

EVEREST: list[dict[str, Any]] = [
    {"company": "summit-adventures", "game": "basic"},
    {"company": "summit-adventures", "game": "advanced", "team_bonus": True},
    {"company": "mountain-majesty", "game": "advanced", "team_bonus": True},
    {"company": "himalayan-quest", "game": "advanced", "team_bonus": True},
    {"company": "top-of-the-world", "game": "advanced", "team_bonus": True},
    {"company": "top-of-the-world", "game": "basic"},
    {"company": "mountain-majesty", "game": "basic", "random_team": True},
    {"game": "advanced", "random_team": True, "team_bonus": True},
    {"players": 2},
    {
        "players": 2,
        "company": "himalayan-quest",
        "company_2": "top-of-the-world",
        "game": "advanced",
        "team_bonus": True,
    },
    {"players": 2, "random_team": True, "team_bonus": True},
    {"players": 2, "first_player": "random", "victory": "cooperative"},
    {"players": 2, "first_player": "seat2", "game": "advanced", "company": "mountain-majesty"},
]
K2: list[dict[str, Any]] = [
    {"team": "serbia", "guide": "hap", "game": "basic"},
    {"team": "serbia", "guide": "sherpa", "game": "advanced"},
    {"team": "netherlands", "guide": "sherpa", "game": "basic"},
    {"team": "netherlands", "guide": "hap", "game": "advanced"},
    {"team": "norway", "guide": "hap", "game": "basic"},
    {"team": "norway", "guide": "sherpa", "game": "advanced"},
    {"team": "south-korea", "guide": "sherpa", "game": "basic"},
    {"team": "south-korea", "guide": "hap", "game": "advanced"},
    {"team": "serbia", "balcony_collapse": True, "game": "advanced"},
    {"team": "netherlands", "multinational": True},
    {"multinational": True, "game": "advanced", "guide": "sherpa", "balcony_collapse": True},
    {"players": 2},
    {
        "players": 2,
        "team": "norway",
        "team_2": "south-korea",
        "guide": "sherpa",
        "guide_2": "sherpa",
        "game": "advanced",
    },
    {"players": 2, "first_player": "random", "victory": "cooperative"},
    {
        "players": 2,
        "first_player": "seat2",
        "guide": "sherpa",
        "guide_2": "hap",
        "balcony_collapse": True,
        "game": "advanced",
    },
    {"players": 2, "multinational": True, "guide": "sherpa"},
]
CASES: list[tuple[str, dict[str, Any]]] = [("disaster-on-everest", o) for o in EVEREST] + [
    ("disaster-on-k2", o) for o in K2
]


def _canon(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _digest(doc: Any) -> str:
    return hashlib.sha256(_canon(doc)).hexdigest()[:DIGEST]


def _step_doc(state: highcamp.State) -> dict[str, Any]:
    """What the contract shows of ``state`` (the record's unit)."""
    n = state.game.num_players
    player = state.current_player()
    doc: dict[str, Any] = {
        "json": state.to_json(),
        "player": player,
        "observations": [state.observation(p) for p in range(n)],
    }
    if player == highcamp.CHANCE:
        doc["chance"] = [[a, p] for a, p in state.chance_outcomes()]
    elif player != highcamp.TERMINAL:
        doc["legal"] = [[a, state.action_to_string(a)] for a in state.legal_actions()]
    return doc


def _end_doc(state: highcamp.State) -> dict[str, Any]:
    n = state.game.num_players

    def entries(log: tuple[highcamp.core.LogEntry, ...]) -> list[Any]:
        return [[e.index, e.player, e.text, e.rule, e.action] for e in log]

    return {
        "log": entries(state.log),
        "log_for": [entries(state.log_for(p)) for p in [*range(n), None]],
        "public": state.public_observation(),
        "score": [
            [b.player, b.total, b.band, [[ln.label, ln.points] for ln in b.lines]]
            for b in state.score_breakdown()
        ],
        "returns": state.returns(),
        "ending": state.ending(),
    }


def play(game_id: str, options: dict[str, Any], kind: str, seed: int) -> dict[str, Any]:
    """Play one game (``kind`` random or heuristic) and record it."""
    game = highcamp.load_game(game_id, **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", seed=seed + p) for p in range(game.num_players)]
    steps = [_digest(_step_doc(state))]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        elif kind == "random":
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(agents[state.current_player()].act(state))
        steps.append(_digest(_step_doc(state)))
    return _entry(game_id, options, kind, seed, state.history(), steps, state)


def _entry(
    game_id: str,
    options: dict[str, Any],
    kind: str,
    seed: int,
    actions: list[int],
    steps: list[str],
    state: highcamp.State,
) -> dict[str, Any]:
    return {
        "game": game_id,
        "options": options,
        "kind": kind,
        "seed": seed,
        "actions": actions,
        "steps": steps,
        "end": _digest(_end_doc(state)),
    }


def replay(rec: dict[str, Any]) -> dict[str, Any]:
    """Replay a recorded game's actions (chance outcomes drawn by the state as recorded)."""
    game = highcamp.load_game(rec["game"], **rec["options"])
    state = game.new_initial_state(seed=rec["seed"])
    steps = [_digest(_step_doc(state))]
    for action in rec["actions"]:
        if state.is_chance_node():
            drawn = state.apply_random_chance()
            assert drawn == action, f"chance drew {drawn}, the record {action}"
        else:
            state.apply_action(action)
        steps.append(_digest(_step_doc(state)))
    return _entry(
        rec["game"], rec["options"], rec["kind"], rec["seed"], rec["actions"], steps, state
    )


def _games() -> list[tuple[str, dict[str, Any], str, int]]:
    out = []
    for i, (game_id, options) in enumerate(CASES):
        out += [(game_id, options, "random", 1000 * i + s) for s in range(RANDOM_GAMES)]
        out += [(game_id, options, "heuristic", 1000 * i + 500 + s) for s in range(HEURISTIC_GAMES)]
    return out


def _load() -> list[dict[str, Any]]:
    with gzip.open(RECORD, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _key(rec: dict[str, Any]) -> str:
    return f"{rec['game']} {rec['kind']} seed {rec['seed']} {rec['options']}"


def _regenerate() -> None:
    old = {_key(r): r for r in _load()} if RECORD.exists() else {}
    records = [play(*g) for g in _games()]
    changed = [_key(r) for r in records if old.get(_key(r)) != r]
    RECORD.parent.mkdir(exist_ok=True)
    with gzip.GzipFile(RECORD, "wb", mtime=0) as f:
        for r in records:
            f.write(_canon(r) + b"\n")
    print(f"\nregenerated {RECORD.name}: {len(changed)} of {len(records)} games changed")
    for key in changed:
        print("  changed:", key)


def _chunks() -> list[int]:
    return list(range(8))


@pytest.mark.parametrize("chunk", _chunks())
def test_golden_record(chunk: int) -> None:
    """Each recorded game replays with the same digest after every step (in eight chunks)."""
    if REGENERATE:
        if chunk == 0:
            _regenerate()
        return
    records = _load()
    assert len(records) == len(_games())
    for rec in records[chunk :: len(_chunks())]:
        now = replay(rec)
        if now["steps"] != rec["steps"]:
            pairs = zip(now["steps"], rec["steps"], strict=False)
            diff = [i for i, (a, b) in enumerate(pairs) if a != b]
            first = diff[0] if diff else min(len(now["steps"]), len(rec["steps"]))
            pytest.fail(f"{_key(rec)}: step {first} of {len(rec['steps']) - 1} differs")
        assert now["end"] == rec["end"], f"{_key(rec)}: the log or the score sheet differs"


def test_golden_record_covers_every_option() -> None:
    """Every option of each game's schema is set (away from its default) by some case."""
    for game_id in ("disaster-on-everest", "disaster-on-k2"):
        game = highcamp.load_game(game_id)
        used = {k for g, o in CASES if g == game_id for k in o}
        assert {o.name for o in game.info.options} <= used, game_id
