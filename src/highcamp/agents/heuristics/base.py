"""What every rule-of-thumb agent shares: a name, a seed, ``act`` and ``explain`` from one
``_choose`` that returns the action and the rule behind it, and the game's static view
(or what an agent derives from it) read once per game.

>>> import highcamp
>>> class First(RuleOfThumbAgent):
...     def _choose(self, state):
...         return state.legal_actions()[0], "the first offered"
>>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
>>> First().explain(s)
'roll: the first offered'
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from highcamp.core import State

__all__ = ["RuleOfThumbAgent"]


def _as_is(view: dict[str, Any]) -> Any:
    return view


class RuleOfThumbAgent(ABC):
    """Base of the heuristic agents: subclasses implement :meth:`_choose`."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)  # only for choices no rule of thumb settles
        self._views: dict[int, Any] = {}

    def act(self, state: State) -> int:
        """The action the rules of thumb choose."""
        return self._choose(state)[0]

    def explain(self, state: State) -> str:
        """The chosen action and the rule of thumb behind it."""
        action, why = self._choose(state)
        return f"{state.action_to_string(action)}: {why}"

    @abstractmethod
    def _choose(self, state: State) -> tuple[int, str]:
        """The action and the rule of thumb that chose it (each game's agent says how)."""

    def _static(self, state: State, derive: Callable[[dict[str, Any]], Any] = _as_is) -> Any:
        """``derive(game.static_view())``, computed once per game object."""
        game = state.game
        cached = self._views.get(id(game))
        if cached is None:
            cached = self._views[id(game)] = derive(game.static_view())
        return cached
