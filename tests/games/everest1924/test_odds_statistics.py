"""Statistical check (slow): played turns ascend as often as ``ascent_probability`` says.

Each game is one turn on a two-row sheet (base camp and a row with the target), played by the
policy the probability assumes: claim the ascent when possible, otherwise follow the reroll
hint (the best reroll, as a plan of actions), otherwise take the failure. This ties together
the probability helpers, the hint, the rules and the seeded dice.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import highcamp
from highcamp import CHANCE
from highcamp.games.everest1924 import ascent_probability

GAMES = 4000


def _one_turn_sheet(tmp_path: Path, dice: int, target: int) -> str:
    doc = {
        "name": f"one turn, {dice} dice, target {target}",
        "rows": [
            {"row": 0, "target": 0, "first": 0, "last": 3},
            {"row": 1, "target": target, "first": 1, "last": 2},
        ],
        "start": [0, 0],
        "start_dice": dice,
        "unlock_targets": [],
    }
    path = tmp_path / f"sheet-{dice}-{target}.json"
    path.write_text(json.dumps(doc))
    return str(path)


def _ascends(game: highcamp.Game, seed: int) -> bool:
    state = game.new_initial_state(seed)
    state.apply_action(state.string_to_action("roll"))
    plan: list[str] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_random_chance()
            continue
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        if "ascend" in texts:
            state.apply_action(state.string_to_action("ascend"))
        elif plan:
            state.apply_action(state.string_to_action(plan.pop(0)))
        elif (hint := state.observation(0)["reroll_hint"]) is not None:
            plan = list(hint["plan"])
            state.apply_action(state.string_to_action(plan.pop(0)))
        else:
            state.apply_action(
                state.string_to_action("move right" if "move right" in texts else "fall")
            )
        if state.observation(0)["phase"] == "start":  # moved right: the turn failed
            return False
    return state.ending() == "summit"


@pytest.mark.slow
@pytest.mark.parametrize(("dice", "target"), [(3, 10), (3, 14), (4, 18), (5, 22), (6, 30), (6, 36)])
def test_turns_ascend_as_often_as_ascent_probability(
    tmp_path: Path, dice: int, target: int
) -> None:
    game = highcamp.load_game("everest-1924", sheet=_one_turn_sheet(tmp_path, dice, target))
    wins = sum(_ascends(game, seed) for seed in range(GAMES))
    p = ascent_probability(dice, target)
    sigma = math.sqrt(p * (1 - p) / GAMES)
    assert abs(wins / GAMES - p) <= 4 * sigma + 1e-9, (wins / GAMES, p)
