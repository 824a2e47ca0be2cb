"""Positions a seat has decided in this game, so that a search does not go round in circles.

Some rules allow moves that change nothing: in Disaster on K2 the Flashlight may be passed
between climbers who share a space as often as the player likes (the Flashlight marker's
rule, with [8.6]), so passing it and passing it back returns to the very same position. A
search that finds such moves worth the same as any other can pass it back and forth for
hundreds of decisions of a second each (a `medium` K2 game of 868-1,640 CPU seconds where
the others take 190-375). :class:`RepeatGuard` remembers the seat's observation of every
position it decided in this game and leaves out the actions that lead back to one of them,
unless every legal action does. It reads the seat's own observation only (honest).

>>> import highcamp
>>> state = highcamp.load_game("everest-1924").new_initial_state(1)
>>> while state.current_player() == highcamp.CHANCE:
...     _ = state.apply_random_chance()
>>> guard = RepeatGuard()
>>> legal = state.legal_actions()
>>> guard.allowed(state, legal) == legal  # nothing here leads back
True
"""

from __future__ import annotations

import json
from collections.abc import Callable

from highcamp.core import State

__all__ = ["RepeatGuard"]


def _seen_as(state: State, seat: int) -> str:
    """The position as ``seat`` sees it (its observation, as one text)."""
    return json.dumps(state.observation(seat), sort_keys=True, default=str)


class RepeatGuard:
    """The positions a seat has decided in, this game (see the module)."""

    def __init__(self) -> None:
        self._seen: set[str] = set()
        self._moves = -1  # the history's length at the last decision

    def leads_back(self, state: State) -> Callable[[int], bool]:
        """Record the position of the seat to move (a history shorter than the last one
        asked about starts a new game; the same position may be asked about again, as a
        hint does) and return a test: whether an action leads back to a position the seat
        decided in, or stays where it is. A search asks it of its choice only."""
        moves = len(state.history())
        if moves < self._moves:
            self._seen.clear()
        self._moves = moves
        seat = state.current_player()
        self._seen.add(_seen_as(state, seat))
        seen = self._seen

        def back(action: int) -> bool:
            child = state.clone()
            child.apply_action(action)
            return child.current_player() == seat and _seen_as(child, seat) in seen

        return back

    def allowed(self, state: State, legal: list[int]) -> list[int]:
        """The actions of ``legal`` (the seat to move's) that do not lead back (as
        :meth:`leads_back`); all of ``legal`` if none is left. Records the position."""
        back = self.leads_back(state)
        if len(legal) < 2:
            return legal
        return [a for a in legal if not back(a)] or legal
