"""Honest seats by construction: an agent of a game with hidden information decides on the
seat's view, never on the true state.

:class:`SeatView` wraps any agent. In a game with hidden information, each decision is
taken on ``state.resample_hidden(seat, k)``: a state the seat cannot tell from the real one,
drawn with ``k`` from the agent's own seeded counter. ``resample_hidden`` depends only on
what the seat can see and on ``k`` (the conformance suite checks it), so two states the seat
cannot tell apart give the wrapped agent the same input, and the same seed gives the same
action: whatever the agent does with its input (search it, roll it out, read its hands),
it cannot use what its seat does not know. Games without hidden information pass the state
through untouched.

>>> import highcamp
>>> from highcamp.agents import RandomAgent
>>> s = highcamp.load_game("disaster", players=3).new_initial_state(seed=4)
>>> while s.is_chance_node():
...     _ = s.apply_random_chance()
>>> seat = s.current_player()
>>> twin = s.resample_hidden(seat, 99)  # the same to the seat, other hidden cards
>>> SeatView(RandomAgent(seed=2), 2).act(s) == SeatView(RandomAgent(seed=2), 2).act(twin)
True
"""

from __future__ import annotations

import json
import time
from typing import Any

from highcamp.core import Agent, State
from highcamp.core.rng import draw_keyed, seed_key

__all__ = ["SeatView", "seat_view"]

_VIEW_SALT = 0x5EA7_F1E3  # the view's draws are independent of the agent's own


def seat_view(state: State, seed: int) -> State:
    """What an agent of the seat to move may decide on: ``state`` itself without hidden
    information (or when no seat is to move), else ``resample_hidden(seat, seed)``."""
    seat = state.current_player()
    if seat < 0 or not state.game.info.hidden_information:
        return state
    return state.resample_hidden(seat, seed)


class SeatView:
    """An agent that sees only its seat's view (see the module); its other attributes are
    the wrapped agent's (``budget``, ``describe``, ``explain`` when it has one...)."""

    def __init__(self, agent: Agent, seed: int) -> None:
        self.agent = agent
        self.name = agent.name
        self._key = seed_key(seed ^ _VIEW_SALT)
        self._count = 0
        # the last view made, by what its seat knew (seat, moves made, observation): a hint
        # asked for right after the move explains the same view (and reuses its search)
        self._last: tuple[tuple[int, int, str], State] | None = None

    def view(self, state: State) -> State:
        """The state this agent decides on (a fresh draw for each decision)."""
        seat = state.current_player()
        if seat < 0 or not state.game.info.hidden_information:
            return state
        known = (seat, len(state.history()), json.dumps(state.observation(seat), sort_keys=True))
        if self._last is not None and self._last[0] == known:
            return self._last[1].clone()
        u = draw_keyed(self._key, self._count)
        self._count += 1
        view = state.resample_hidden(seat, u >> 2)
        self._last = (known, view.clone())
        return view

    def act(self, state: State) -> int:
        """The wrapped agent's choice on the seat's view (the only legal action at once)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if hasattr(self.agent, "started"):  # a search: its time budget counts the view too
            self.agent.started = getattr(self.agent, "clock", time.perf_counter)()
        return self.agent.act(self.view(state))

    def __getattr__(self, name: str) -> Any:
        agent = self.__dict__.get("agent")
        if agent is None:  # while unpickling, before the fields are back
            raise AttributeError(name)
        inner = getattr(agent, name)  # AttributeError when it has none
        if name == "explain":

            def explain(state: State) -> str:
                text: str = inner(self.view(state))
                return text

            return explain
        return inner

    def __repr__(self) -> str:
        return f"SeatView({self.agent!r})"
