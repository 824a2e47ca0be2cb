"""The uniform random agent."""

from __future__ import annotations

from highcamp.core import State
from highcamp.core.rng import draw_keyed, seed_key


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator.

    The generator is counter-based (``highcamp.core.rng``): creating an agent costs one
    hash, so simulators can make a fresh, independently seeded agent for every game.

    >>> import highcamp
    >>> state = highcamp.load_game("everest-1924").new_initial_state(seed=0)
    >>> RandomAgent(seed=1).act(state) in state.legal_actions()
    True
    >>> a, b = RandomAgent(seed=5), RandomAgent(seed=5)
    >>> [a.act(state) for _ in range(8)] == [b.act(state) for _ in range(8)]
    True
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._key = seed_key(seed)
        self._count = 0

    def act(self, state: State) -> int:
        """A uniformly random legal action."""
        legal = state.legal_actions()
        u = draw_keyed(self._key, self._count)
        self._count += 1
        return legal[(u * len(legal)) >> 64]

    def explain(self, state: State) -> str:
        """One line on why it chose as it did."""
        return "uniformly random among the legal actions"
