"""Agents: anything with ``act(state) -> action``. Seeded explicitly, never globally.

>>> agent = make_agent("random", seed=3)
>>> agent.name
'random'
>>> make_agent("oracle")
Traceback (most recent call last):
...
ValueError: unknown agent 'oracle'; agents are: random
"""

from __future__ import annotations

from collections.abc import Callable

from highcamp.core import Agent

from .random_agent import RandomAgent

__all__ = ["AGENTS", "RandomAgent", "make_agent"]

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": lambda seed: RandomAgent(seed=seed),
}


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name (``random``, ...), seeded explicitly."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}") from None
    return factory(seed)
