"""The uniform random agent."""

from __future__ import annotations

import random

from highcamp.core import State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator.

    >>> import highcamp
    >>> state = highcamp.load_game("everest-1924").new_initial_state(seed=0)
    >>> RandomAgent(seed=1).act(state) in state.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, state: State) -> int:
        """A uniformly random legal action."""
        return self._rng.choice(state.legal_actions())

    def explain(self, state: State) -> str:
        """One line on why it chose as it did."""
        return "uniformly random among the legal actions"
