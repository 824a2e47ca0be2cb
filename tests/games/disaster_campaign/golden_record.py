"""The campaign's golden comparison: seeded random and heuristic campaigns, digested step
by step (the whole ``to_json()`` state section, the observation, the log entries the step
added, the legal actions and their texts), recorded once on the code before a refactor and
checked after it.

Each game is one row of ``golden/campaign.json``: its variant, seed, agent, length, the
digest chain after every step (a running SHA-256 over each step's digest, kept every 50
steps and at the end so a divergence is located), and the final ``to_json()`` and log
digests. To rewrite the record (only for an intended change of behaviour):

    PYTHONPATH=src .venv/bin/python -m tests.games.disaster_campaign.golden_record
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import highcamp
from highcamp.agents.heuristics.disaster_campaign import DisasterCampaignHeuristic
from highcamp.core import State

RECORD = Path(__file__).parent / "golden" / "campaign.json"
VARIANTS: tuple[dict[str, Any], ...] = (
    {"order": "everest-k2"},
    {"order": "k2-everest", "game": "advanced"},
    {"order": "everest-everest", "game": "advanced", "team": "mountain-majesty"},
    {"order": "k2-k2", "team": "norway"},
    {"order": "everest,k2,everest", "game": "advanced", "team": "himalayan-quest"},
)
SEEDS = {"random": range(60), "heuristic": range(20)}
EVERY = 50


def _digest(doc: Any) -> str:
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _logging_state(options: dict[str, Any], seed: int) -> State:
    """A campaign that keeps its log as it plays (as ``State.log`` does on a replay)."""
    state = highcamp.load_game("disaster-campaign", **options).new_initial_state(seed)
    state._log = []
    return state


def play(options: dict[str, Any], seed: int, agent: str) -> dict[str, Any]:
    """One game's row: digests after every step."""
    state = _logging_state(options, seed)
    rng = random.Random(seed * 7919 + 17)
    heuristic = DisasterCampaignHeuristic(seed)
    chain = hashlib.sha256()
    marks: list[str] = []
    logged = 0
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        elif agent == "random":
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        else:
            state.apply_action(heuristic.act(state))
        steps += 1
        log = state.log
        new = [e.to_dict() for e in log[logged:]]
        logged = len(log)
        doc = state.to_json()
        legal = [(a, state.action_to_string(a)) for a in state.legal_actions()]
        step = [doc["history"][-1], len(doc["history"]), doc["state"], state.observation(0)]
        step += [new, legal]
        chain.update(_digest(step).encode())
        if steps % EVERY == 0:
            marks.append(chain.hexdigest()[:16])
    marks.append(chain.hexdigest()[:16])
    final = state.to_json()
    return {
        "options": options,
        "seed": seed,
        "agent": agent,
        "steps": steps,
        "chain": marks,
        "to_json": _digest(final),
        "log": _digest([e.to_dict() for e in state.log]),
        "replayed_log": _digest(
            [e.to_dict() for e in state.game.replay(final["history"], seed=seed).log]
        ),
        "returns": state.returns(),
        "ending": state.ending(),
    }


def games() -> list[tuple[dict[str, Any], int, str]]:
    """Every (variant, seed, agent) of the record."""
    return [
        (dict(options), seed, agent)
        for options in VARIANTS
        for agent, seeds in SEEDS.items()
        for seed in seeds
    ]


def main() -> None:
    rows = [play(o, s, a) for o, s, a in games()]
    RECORD.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} games, {sum(r['steps'] for r in rows)} steps -> {RECORD}", file=sys.stderr)


if __name__ == "__main__":
    main()
