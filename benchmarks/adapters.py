"""What the RL adapters cost: random playouts and clones, native and through each adapter.

Run it from the repository root (needs the ``rl`` extra)::

    .venv/bin/python benchmarks/adapters.py [--seconds S] [--game everest-1924]

Four loops play uniformly random legal actions for ``--seconds`` each, on one core:

* **native**: ``highcamp`` directly (``apply_random_chance`` at chance steps);
* **OpenSpiel**: ``pyspiel.load_game("highcamp_...")``, chance sampled from
  ``state.chance_outcomes()`` (the loop of ``benchmarks/throughput.py``'s pig);
* **Gymnasium**: ``env.step`` with a random action from ``info["action_mask"]`` (chance
  inside the step; each step also builds the observation tensor);
* **PettingZoo**: the AEC loop with ``env.last()`` and the mask (tensor built by ``last``).

Actions per second count every applied action, chance steps included (chance steps
happen inside Gymnasium's and PettingZoo's steps and are counted from the history).
Clones per second are measured on the same mid-game states, native and wrapped.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

import highcamp
import highcamp.adapters.openspiel as hos
from highcamp.adapters.gymnasium import make
from highcamp.adapters.pettingzoo import env as aec_env


def timed(loop: Callable[[float], int], seconds: float) -> float:
    """Items per second of ``loop(deadline) -> items``."""
    start = time.perf_counter()
    items = loop(start + seconds)
    return items / (time.perf_counter() - start)


def native(game_id: str) -> Callable[[float], int]:
    game = highcamp.load_game(game_id)
    rng = random.Random(0)

    def loop(deadline: float) -> int:
        actions = seed = 0
        while time.perf_counter() < deadline:
            state = game.new_initial_state(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_random_chance()
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            actions += len(state.history())
            seed += 1
        return actions

    return loop


def openspiel(game_id: str) -> Callable[[float], int]:
    game = pyspiel.load_game(hos.openspiel_name(game_id))
    rng = random.Random(0)

    def loop(deadline: float) -> int:
        actions = 0
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x = rng.random()
                    action = outcomes[-1][0]
                    for outcome, p in outcomes:
                        x -= p
                        if x < 0:
                            action = outcome
                            break
                    state.apply_action(action)
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        return actions

    return loop


def gym(game_id: str) -> Callable[[float], int]:
    env = make(game_id)
    rng = np.random.default_rng(0)

    def loop(deadline: float) -> int:
        actions = seed = 0
        while time.perf_counter() < deadline:
            _, info = env.reset(seed=seed)
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            assert env.state is not None
            actions += len(env.state.history())
            seed += 1
        return actions

    return loop


def aec(game_id: str) -> Callable[[float], int]:
    env = aec_env(game_id)
    rng = np.random.default_rng(0)

    def loop(deadline: float) -> int:
        actions = seed = 0
        while time.perf_counter() < deadline:
            env.reset(seed=seed)
            for _ in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert env.state is not None
            actions += len(env.state.history())
            seed += 1
        return actions

    return loop


def clones(game_id: str, seconds: float) -> tuple[float, float]:
    """Clones per second of mid-game states: native, and wrapped by the OpenSpiel adapter."""
    game = pyspiel.load_game(hos.openspiel_name(game_id))
    rng = random.Random(1)
    states: list[object] = []
    while len(states) < 200:
        state = game.new_initial_state()
        for _ in range(rng.randrange(1, 30)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            states.append(state)
    inner: list[object] = [hos.highcamp_state(s) for s in states]

    def loop_of(items: list[object], op: Callable[[object], object]) -> Callable[[float], int]:
        def loop(deadline: float) -> int:
            n = 0
            while time.perf_counter() < deadline:
                for item in items:
                    op(item)
                n += len(items)
            return n

        return loop

    return (
        timed(loop_of(list(inner), lambda s: s.clone()), seconds),  # type: ignore[attr-defined]
        timed(loop_of(list(states), lambda s: s.clone()), seconds),  # type: ignore[attr-defined]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default="everest-1924")
    args = parser.parse_args()
    rates = {}
    for name, factory in (
        ("native", native),
        ("OpenSpiel", openspiel),
        ("Gymnasium", gym),
        ("PettingZoo", aec),
    ):
        factory(args.game)(time.perf_counter() + 0.3)  # warm-up
        rates[name] = timed(factory(args.game), args.seconds)
    base = rates["native"]
    print(f"random playouts of {args.game}, one core, {args.seconds:g} s each")
    print(f"{'loop':<12} {'actions/s':>12} {'vs native':>10}")
    for name, rate in rates.items():
        print(f"{name:<12} {rate:>12,.0f} {rate / base:>9.2f}x")
    native_clone, wrapped_clone = clones(args.game, args.seconds)
    print(f"clones/s: native {native_clone:,.0f}, OpenSpiel state {wrapped_clone:,.0f}")


if __name__ == "__main__":
    main()
