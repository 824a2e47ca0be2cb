"""Reading a Disaster-series state never changes it (two teams in one state, [15.0]).

``observation()``, ``public_observation()``, ``log_for()``, ``score_breakdown()``,
``legal_actions()`` (with each action's text), ``returns()`` and ``ending()`` are pure
reads: no attribute of the state changes while they run, so a server may read a state on
one thread while another clones it.
"""

from __future__ import annotations

import copy
import random
import sys
import threading
from typing import Any

import pytest

import highcamp

CASES: list[tuple[str, dict[str, Any]]] = [
    ("disaster-on-everest", {}),
    ("disaster-on-everest", {"players": 2, "game": "advanced", "team_bonus": True}),
    ("disaster-on-everest", {"players": 2, "first_player": "random"}),
    ("disaster-on-k2", {"guide": "sherpa", "game": "advanced"}),
    ("disaster-on-k2", {"players": 2}),
    ("disaster-on-k2", {"players": 2, "guide": "sherpa", "game": "advanced"}),
    ("disaster-on-k2", {"players": 2, "multinational": True, "guide": "sherpa"}),
]


def attributes(state: highcamp.State) -> dict[str, Any]:
    """Every attribute of ``state`` (all slots of its classes), deep-copied."""
    out: dict[str, Any] = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(state, name) and name != "_game":
                out[name] = copy.deepcopy(getattr(state, name))
    return out


def read_everything(state: highcamp.State, with_logs: bool) -> None:
    n = state.game.num_players
    for p in range(n):
        state.observation(p)
    state.public_observation()
    state.score_breakdown()
    state.returns()
    state.ending()
    for a in state.legal_actions():
        state.action_to_string(a)
    state.chance_outcomes()
    state.invariants()
    if with_logs:
        for p in [*range(n), None]:
            state.log_for(p)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_15_0_reads_change_no_attribute(game_id: str, options: dict[str, Any]) -> None:
    game = highcamp.load_game(game_id, **options)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while True:
            before = attributes(state)
            read_everything(state, with_logs=step % 40 == 0)
            assert attributes(state) == before, f"seed {seed} step {step}"
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            step += 1


@pytest.mark.parametrize(("game_id", "options"), [c for c in CASES if c[1].get("players") == 2])
def test_15_0_clones_taken_while_other_threads_read_are_equal(
    game_id: str, options: dict[str, Any]
) -> None:
    game = highcamp.load_game(game_id, **options)
    states = []
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(60 + 20 * seed):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    expected = [s.to_json() for s in states]
    stop = threading.Event()
    errors: list[BaseException] = []

    def reader() -> None:
        try:
            while not stop.is_set():
                for s in states:
                    read_everything(s, with_logs=False)
        except BaseException as err:  # reported below
            errors.append(err)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    threads = [threading.Thread(target=reader) for _ in range(3)]
    try:
        for t in threads:
            t.start()
        bad = 0
        for i in range(600):
            k = i % len(states)
            if states[k].clone().to_json() != expected[k]:
                bad += 1
    finally:
        stop.set()
        for t in threads:
            t.join()
        sys.setswitchinterval(old)
    assert not errors, errors
    assert bad == 0, f"{bad} of 600 clones differ from the state"
    assert [s.to_json() for s in states] == expected
