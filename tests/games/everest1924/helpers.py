"""Shared helpers of the Everest 1924 rule tests: states driven by action text.

The state accepts chance outcomes as text ("die 1 shows 3") as well as player actions
("roll", "ascend", "camp", "move right", "reroll 1,3", "combine 1,2 -> 6",
"abandon"), so a scenario is a list of texts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import highcamp
from highcamp import State


def new_state(seed: int = 0, sheet: str | Path | None = None) -> State:
    """A fresh state on the first reconstruction (the sheet the worked examples were written
    on, R-1924-1), or on the sheet ``sheet`` (a name or a file)."""
    game = highcamp.load_game("everest-1924", sheet=str(sheet or "first-reconstruction"))
    return game.new_initial_state(seed)


def drive(state: State, texts: Iterable[str]) -> State:
    """Apply each action text in turn (player actions and forced chance outcomes)."""
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def faces(*values: int, slots: Sequence[int] | None = None) -> list[str]:
    """Chance texts forcing the dice: die ``slots[k]`` (1-based) shows ``values[k]``."""
    slots = slots if slots is not None else range(1, len(values) + 1)
    assert len(slots) == len(values)
    return [f"die {s} shows {v}" for s, v in zip(slots, values, strict=True)]


def roll(*values: int) -> list[str]:
    """A roll of every die with forced faces."""
    return ["roll", *faces(*values)]


def reroll(slots: Sequence[int], values: Sequence[int]) -> list[str]:
    """The reroll of dice ``slots`` (1-based) with forced faces."""
    return ["reroll " + ",".join(str(s) for s in slots), *faces(*values, slots=slots)]


def texts(state: State) -> list[str]:
    """The texts of the legal actions now."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def doc(state: State) -> str:
    """The state's JSON document as canonical text (to compare before/after)."""
    return json.dumps(state.to_json(), sort_keys=True)


def obs(state: State) -> dict[str, Any]:
    """The climber's observation."""
    return state.observation(0)


def dice_count(state: State) -> int:
    """How many dice the next roll uses (rolled without changing ``state``)."""
    probe = state.clone()
    probe.apply_action(probe.string_to_action("roll"))
    return len(probe.dice())


def top_faces(n: int) -> list[int]:
    """The highest straight of ``n`` dice: (7-n)..6, worth 6n."""
    return list(range(7 - n, 7))


def ascend_turn(state: State, action: str = "ascend") -> State:
    """A turn whose roll is the highest straight of the dice, then ``action``."""
    state.apply_action(state.string_to_action("roll"))
    n = len(state.dice())
    drive(state, faces(*top_faces(n)))
    return drive(state, [action])


def fail_turn(state: State) -> State:
    """A turn that rolls all ones (never enough on the standard sheet) and moves right."""
    state.apply_action(state.string_to_action("roll"))
    n = len(state.dice())
    drive(state, faces(*[1] * n))
    assert "ascend" not in texts(state)
    return drive(state, ["move right"])


def fall_turn(state: State) -> State:
    """A turn that rolls all ones and rerolls every die to ones again: the failed reroll
    falls at once (R-0-4)."""
    state.apply_action(state.string_to_action("roll"))
    n = len(state.dice())
    drive(state, faces(*[1] * n))
    assert "ascend" not in texts(state)
    slots = list(range(1, n + 1))
    drive(state, reroll(slots, [1] * n))
    assert state.is_terminal() or texts(state) == ["roll", "abandon"]
    return state


def action_ids() -> dict[str, int]:
    """Ids of the named actions, read from states where they are legal."""
    s = new_state()
    ids = {"roll": s.string_to_action("roll"), "abandon": s.string_to_action("abandon")}
    drive(s, roll(4, 5, 6))
    for text in ("ascend", "camp", "move right", "reroll 1", "reroll 2,3"):
        ids[text] = s.string_to_action(text)
    return ids


def climber(state: State, rng: random.Random) -> int:
    """Roll; ascend when possible (camping at random); otherwise reroll everything or fail.

    A few random combinations and random rerolls keep the dice paths varied.
    """
    texts = {state.action_to_string(a): a for a in state.legal_actions()}
    if "roll" in texts:
        return texts["roll"]
    if "camp" in texts and rng.random() < 0.25:
        return texts["camp"]
    if "ascend" in texts:
        return texts["ascend"]
    combines = [a for t, a in texts.items() if t.startswith("combine")]
    if combines and rng.random() < 0.2:
        return rng.choice(combines)
    rerolls = sorted((t, a) for t, a in texts.items() if t.startswith("reroll"))
    if rerolls and rng.random() < 0.3:
        return (
            max(rerolls, key=lambda ta: len(ta[0]))[1]
            if rng.random() < 0.8
            else rng.choice(rerolls)[1]
        )
    return texts.get("move right", texts.get("fall", rng.choice(list(texts.values()))))
