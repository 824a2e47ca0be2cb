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

A redraw is a clone with the hidden cards changed; what a clone also carries is made the
seat's own too (:func:`seat_view`):

* its **random source**: the view is reseeded from the agent's own draws, so a chance step
  resolved on it (``apply_random_chance``) does not follow the true game's seed;
* its **history**: where the game's redraw keeps the true history (Disaster, the
  Disaster-series two-player Secret Goals), each action the seat was not told in full
  (``log_for``: another seat's draw, a chance card dealt face down) reads
  :data:`HIDDEN_ACTION` in the view's history, and the view keeps no log. Everest Go!'s
  redraw rewrites its history to match the new cards (every entry is then the redraw's, not
  the truth's), so it is kept: the search replays it.

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

__all__ = ["HIDDEN_ACTION", "REWRITES_HISTORY", "SeatView", "seat_view"]

_VIEW_SALT = 0x5EA7_F1E3  # the view's draws are independent of the agent's own
HIDDEN_ACTION = -1
"""A view's history entry for an action its seat was not told (never a legal action)."""
REWRITES_HISTORY = frozenset({"everest-go"})
"""Games whose ``resample_hidden`` rewrites the history to match the redrawn cards (a
view's history is then the redraw's own and replays); the others keep the true history in
a redraw, which :func:`seat_view` hides where the seat was not told."""


class _Told:
    """The history as one seat was told it (``log_for``), kept up to date move by move: a
    replica of the game follows the true history and reads each action as the seat heard
    it (:meth:`State.public_action_text`)."""

    __slots__ = ("replica", "seat", "told", "true")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.replica: State | None = None
        self.true: list[int] = []
        self.told: list[int] = []

    def history(self, state: State) -> list[int]:
        """``state``'s history with :data:`HIDDEN_ACTION` where the seat was not told."""
        hist = state.history()
        n = len(self.true)
        if self.replica is None or len(hist) < n or hist[:n] != self.true:
            game = state.game
            start = state.start_position
            self.replica = (
                game.new_initial_state(state.seed)
                if start is None
                else game.state_from_position(start, seed=state.seed)
            )
            self.true, self.told, n = [], [], 0
        replica = self.replica
        for action in hist[n:]:
            told = replica.public_action_text(action, self.seat)
            full = replica.action_to_string(action)
            self.told.append(action if told == full else HIDDEN_ACTION)
            replica.apply_action(action)
            self.true.append(action)
        return list(self.told)


def _own(view: State, seed: int, history: list[int] | None) -> State:
    """``view`` with its random source reseeded and (``history``) its history hidden.

    The contract's own fields (:class:`highcamp.core.State`: seed, key, history, log) are
    set here, in the layer whose honesty they serve; no game's internals are touched."""
    view._seed = seed
    view._key = None
    if history is not None:
        view._history = history
        view._log = None
    return view


def seat_view(state: State, seed: int) -> State:
    """What an agent of the seat to move may decide on: ``state`` itself without hidden
    information (or when no seat is to move), else ``resample_hidden(seat, seed)``
    reseeded with ``seed`` and its history hidden where the seat was not told (see the
    module).

    >>> import highcamp
    >>> s = highcamp.load_game("disaster", players=3).new_initial_state(seed=4)
    >>> while s.is_chance_node():
    ...     _ = s.apply_random_chance()
    >>> seat_view(s, 7).seed, s.seed  # the deal came from the game's seed: not the view's
    (7, 4)
    """
    seat = state.current_player()
    if seat < 0 or not state.game.info.hidden_information:
        return state
    hidden = None
    if state.game.info.id not in REWRITES_HISTORY:
        hidden = _Told(seat).history(state)
    return _own(state.resample_hidden(seat, seed), seed, hidden)


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
        self._told: dict[int, _Told] = {}  # per seat: the history as it was told

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
        hidden = None
        if state.game.info.id not in REWRITES_HISTORY:
            told = self._told.get(seat)
            if told is None:
                told = self._told[seat] = _Told(seat)
            hidden = told.history(state)
        view = _own(state.resample_hidden(seat, u >> 2), u & 0xFFFF_FFFF, hidden)
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
